"""Stages 1 to 3 for Japanese text: the result claims of a Japanese story, with the same precision-first rules.

Japanese servers share Japanese stories ("坂本花織が銀メダル。ショート2位、フリーも2位で、合計224.90点").
Words are not spaced, so mentions are found by the written names the store holds (``data/names/ja.json``):
a full name ("宇野昌磨"), a couple ("三浦璃来・木原龍一組"), or the start of a full name the story named
before ("宇野は": one skater named so far, else no one). Read:

* medals: 金メダル / 銀メダル / 銅メダル, 優勝 (gold); a medal "missed" (逃す, ならず, 届かず) is no claim;
* places: N位, 首位 (first); after ショート / フリー (リズムダンス / フリーダンス) the place in that segment,
  "ショートもフリーも1位" each of them; after 合計 / 総合 the final place;
* scores: N点, in the segment named last in the sentence, the total after 合計 / 総合, else either;
* competitions: 世界選手権, 四大陸, 欧州選手権, GPファイナル, NHK杯, スケートアメリカ / カナダ, 中国杯,
  ロステレコム杯, the Olympic Games by their city (ミラノ・コルティナ五輪, 北京五輪, 平昌五輪, ソチ五輪), with
  their year ("2025年世界選手権", "NHK杯2017"); disciplines 男子 / 女子 / ペア / アイスダンス. Both carry to
  the next sentences of the story until another is named.

A claim whose subject cannot be told is not made; a competition the store lacks makes the claim not checkable.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bot.i18n import Text, t
from bot.services.claims.mentions import Names
from bot.services.claims.model import Claim, Subject, segment_text, trim

_KANA_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
_SENTENCE_END = re.compile(r"(?<=[。！？!?])|\n")

# (pattern, the competition's words for the store's lookup, the year when the name gives it)
_COMPETITIONS: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(r"世界ジュニア(?:選手権)?"), "Junior Worlds", None),
    (re.compile(r"世界(?:フィギュアスケート)?選手権|世界フィギュア"), "Worlds", None),
    (re.compile(r"四大陸(?:選手権)?"), "Four Continents", None),
    (re.compile(r"(?:欧州|ヨーロッパ)選手権"), "Europeans", None),
    (re.compile(r"(?:GP|グランプリ)ファイナル"), "Grand Prix Final", None),
    (re.compile(r"NHK杯"), "NHK Trophy", None),
    (re.compile(r"スケートアメリカ"), "Skate America", None),
    (re.compile(r"スケートカナダ"), "Skate Canada", None),
    (re.compile(r"中国杯"), "Cup of China", None),
    (re.compile(r"ロステレコム杯"), "Rostelecom Cup", None),
    (re.compile(r"ミラノ[・･]?コルティナ(?:冬季)?(?:五輪|オリンピック)?"), "Milano Cortina", "2026"),
    (re.compile(r"北京(?:冬季)?(?:五輪|オリンピック)"), "Beijing", "2022"),
    (re.compile(r"平昌(?:冬季)?(?:五輪|オリンピック)"), "PyeongChang", "2018"),
    (re.compile(r"ソチ(?:冬季)?(?:五輪|オリンピック)"), "Sochi", "2014"),
    (re.compile(r"バンクーバー(?:冬季)?(?:五輪|オリンピック)"), "Vancouver", "2010"),
    (re.compile(r"(?:冬季)?(?:五輪|オリンピック)"), "Olympics", None),
]
_YEAR_BEFORE = re.compile(r"((?:19|20)\d\d)年?(?:の|度)?\s*$")
_YEAR_AFTER = re.compile(r"^\s*((?:19|20)\d\d)")
_DISCIPLINES = [
    (re.compile(r"アイスダンス"), "ice_dance"),
    (re.compile(r"ペア"), "pairs"),
    (re.compile(r"男子"), "men"),
    (re.compile(r"女子"), "women"),
]
_SEGMENT = re.compile(
    r"(?P<rd>リズムダンス|ショートダンス|RD)|(?P<fd>フリーダンス|FD)"
    r"|(?P<sp>ショート(?:プログラム)?|SP)|(?P<fs>フリー(?:スケーティング|スケート)?|FS)"
    r"|(?P<total>合計|総合|トータル|総得点)"
)
_PLACE = re.compile(r"(?P<n>\d{1,2})位|(?P<top>首位)")
_SCORE = re.compile(r"(?P<score>\d{2,3}\.\d{2})\s*点(?!差)")
# Margins: "N点差". Read only where the words say which way: "宇野に0.43点差をつけて" (ahead of Uno),
# "羽生に3.75点差の2位" / "羽生に3.75点及ばず" (behind Hanyu); a bare "宇野と0.43点差" says neither: no claim.
_MARGIN = re.compile(
    r"(?P<n>\d{1,2}\.\d{2})\s*点(?P<how>差を?つけ|差で(?:勝|制|優勝|逆転)|差の\d{1,2}位|差で\d{1,2}位|及ばず|差で敗|届かず)"
)
_RIVAL_THEN_MARGIN = re.compile(r"\s*(?:選手|組|ペア)?(?:に|に対して|から)\s*\d{1,2}\.\d{2}\s*点")
_RIVAL_BEFORE = re.compile(r"^\s*(?:選手|組|ペア)?(?:に|に対して|から)?\s*$")
_MEDAL = re.compile(r"(?P<m>[金銀銅])(?:メダル)|(?P<win>優勝|制覇)")
_MISSED = re.compile(r"^[をはに]?(?:逃|ならず|届かず|届かなかった|及ばず|ならなかった)")
_COUPLE_JOIN = r"[・･/／＆&]"


def is_japanese(text: str) -> bool:
    """Whether a story is written in Japanese: most of its letters are kana or kanji."""
    japanese = len(_KANA_HAN.findall(text))
    if japanese < 4:
        return False
    return japanese > len(_LATIN.findall(text))


@lru_cache(maxsize=1)
def _written_names() -> tuple[str, ...]:
    """The Japanese written names the store may hold, longest first (so that a full name is found before any
    shorter name inside it)."""
    from bot.services.results.local_names import read_local_names

    names = {n.written for n in read_local_names() if n.locale == "ja" and n.written}
    return tuple(sorted(names, key=len, reverse=True))


@dataclass(slots=True)
class _Mention:
    start: int
    end: int
    subject: Subject
    written: tuple[str, ...]  # the full written names it stands for


@dataclass(slots=True)
class JapaneseExtraction:
    claims: list[Claim]
    competition_texts: list[str]


class JapaneseReader:
    """Reads a Japanese story sentence by sentence (see the module docstring)."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.claims: list[Claim] = []
        self.competition_texts: list[str] = []
        self.named: dict[str, Subject] = {}  # full written names met so far -> their subject
        self.last: Subject | None = None  # the subject of the last sentence
        self.competition: str | None = None
        self.discipline: str | None = None

    def read(self, text: str) -> JapaneseExtraction:
        for piece in _SENTENCE_END.split(text):
            sentence = piece.strip()
            if sentence:
                self._sentence(sentence)
        return JapaneseExtraction(self.claims, self.competition_texts)

    # -- mentions ------------------------------------------------------------------------------------------
    def _person(self, written: str) -> Subject | None:
        if written not in self.named:
            found = self.names.person(written)
            if found is None:
                return None
            self.named[written] = found
        return self.named[written]

    def _mentions(self, text: str) -> list[_Mention]:
        taken = [False] * len(text)
        found: list[_Mention] = []
        for written in _written_names():
            for m in re.finditer(re.escape(written), text):
                if any(taken[m.start() : m.end()]):
                    continue
                subject = self._person(written)
                if subject is None:
                    continue
                for i in range(m.start(), m.end()):
                    taken[i] = True
                found.append(_Mention(m.start(), m.end(), subject, (written,)))
        # The start of a full name named before ("宇野は"): that skater when one alone is so named.
        for written in list(self.named):
            for size in (3, 2):
                short = written[:size]
                if len(short) == len(written):
                    continue
                for m in re.finditer(re.escape(short), text):
                    if any(taken[m.start() : m.end()]):
                        continue
                    owners = {w for w in self.named if w.startswith(short)}
                    if len(owners) != 1:
                        continue
                    for i in range(m.start(), m.end()):
                        taken[i] = True
                    found.append(_Mention(m.start(), m.end(), self.named[written], (written,)))
        found.sort(key=lambda x: x.start)
        return self._couples(text, found)

    def _couples(self, text: str, found: list[_Mention]) -> list[_Mention]:
        """Two names joined by ・ (or /) and followed by 組 or ペア, or simply joined: one couple."""
        out: list[_Mention] = []
        i = 0
        while i < len(found):
            a = found[i]
            b = found[i + 1] if i + 1 < len(found) else None
            if b is not None and re.fullmatch(_COUPLE_JOIN, text[a.end : b.start]):
                ids = (*a.subject.ids, *b.subject.ids)
                label = f"{a.subject.name} / {b.subject.name}"
                couple = self.names.couple(a.subject.name, b.subject.name)
                subject = couple or Subject(label, ids=ids)
                out.append(_Mention(a.start, b.end, subject, a.written + b.written))
                i += 2
                continue
            out.append(a)
            i += 1
        return out

    def _competition(self, text: str) -> str | None:
        for pattern, words, year in _COMPETITIONS:
            m = pattern.search(text)
            if m is None:
                continue
            if year is None:
                given = _YEAR_BEFORE.search(text[: m.start()]) or _YEAR_AFTER.match(text[m.end() :])
                year = given.group(1) if given else None
            return f"{words} {year}" if year else words
        return None

    # -- claims ----------------------------------------------------------------------------------------------
    def _sentence(self, raw: str) -> None:
        text = unicodedata.normalize("NFKC", raw)  # full-width digits and letters
        named = self._competition(text)
        if named:
            self.competition = named
            self.competition_texts.append(named)
        mentions = self._mentions(text)
        subject = self.last
        segments: list[str | None] = []
        fresh = False  # the segments named since the last figure (ショートもフリーも)
        for position, kind, m in _events(text, mentions):
            if kind.startswith("disc:"):
                self.discipline = kind[5:]
                continue
            if kind == "who":
                who = next(x for x in mentions if x.start == position)
                if _RIVAL_THEN_MARGIN.match(text, who.end):
                    continue  # "羽生に3.75点差": the rival of a margin, not the sentence's subject
                subject = who.subject
                segments, fresh = [], False
                continue
            assert m is not None
            if kind == "segment":
                seg = self._segment_kind(m)
                segments = [*segments, seg] if fresh else [seg]
                fresh = True
                continue
            fresh = False
            if subject is None:
                continue
            self._figure(raw, text, kind, m, subject, segments, mentions)
        if subject is not None:
            self.last = subject

    def _figure(
        self,
        raw: str,
        text: str,
        kind: str,
        m: re.Match[str],
        subject: Subject,
        segments: list[str | None],
        mentions: list[_Mention],
    ) -> None:
        """The claim of one figure (a margin, medal, place or score) about `subject`, in the segments named."""
        if kind == "margin":
            rival = next((x for x in reversed(mentions) if x.end <= m.start()), None)
            if rival is None or rival.subject == subject or not _RIVAL_BEFORE.match(text[rival.end : m.start()]):
                return  # against whom is not said
            ahead = m.group("how").startswith(("差をつけ", "差つけ", "差で勝", "差で制", "差で優勝", "差で逆転"))
            value = float(m.group("n"))
            claimed = t(
                "claim-margin-ahead" if ahead else "claim-margin-behind",
                points=m.group("n"),
                other=rival.subject.label,
            )
            self._make("margin", raw, subject, claimed, value, None, (None,), other=rival.subject, ahead=ahead)
            return
        if kind == "medal":
            if _MISSED.match(text[m.end() :]):
                return
            rank = 1 if m.group("win") or m.group("m") == "金" else 2 if m.group("m") == "銀" else 3
            medal = {1: "gold", 2: "silver", 3: "bronze"}[rank]
            claimed = t("claim-gold-won") if m.group("win") else t("claim-medal", medal=medal)
            self._make("medal", raw, subject, claimed, float(rank), None, (None,))
        elif kind == "place":
            if _MISSED.match(text[m.end() :]):
                return
            n = 1 if m.group("top") else int(m.group("n"))
            for seg in segments or [None]:
                if seg is None:
                    self._make("place", raw, subject, t("ordinal", n=n), float(n), None, (None,))
                else:
                    claimed = t("claim-place-in", place=t("ordinal", n=n), segment=segment_text(seg))
                    self._make("segment_place", raw, subject, claimed, float(n), seg, (seg,))
        elif kind == "score":
            value = float(m.group("score"))
            label = m.group("score")
            seg = segments[-1] if segments else "any"
            if seg is None:
                self._make("total", raw, subject, t("claim-total", score=label), value, None, (None,))
            elif seg == "any":
                claimed = t("claim-score-any", score=label)
                self._make("score", raw, subject, claimed, value, None, (None, "any"))
            else:
                claimed = t("claim-score-in", score=label, segment=segment_text(seg))
                self._make("score", raw, subject, claimed, value, seg, (seg,))

    def _segment_kind(self, m: re.Match[str]) -> str | None:
        if m.group("total"):
            return None
        if m.group("rd"):
            return "rhythm_dance"
        if m.group("fd"):
            return "free_dance"
        if m.group("sp"):
            return "rhythm_dance" if self.discipline == "ice_dance" else "short_program"
        return "free_dance" if self.discipline == "ice_dance" else "free_skate"

    def _make(
        self,
        kind: str,
        sentence: str,
        subject: Subject,
        claimed: Text,
        value: float,
        segment: str | None,
        segments: tuple[str | None, ...],
        *,
        other: Subject | None = None,
        ahead: bool = True,
    ) -> None:
        claim = Claim(
            kind=kind,
            sentence=trim(sentence),
            subject=subject.name,
            claimed=claimed,
            segment=segment,
            skater_id=subject.ids[0] if subject.ids else None,
            value=value,
            subjects=(subject,),
            segments=segments,
            competitions=(self.competition,),
            discipline=self.discipline,
            other=other,
            ahead=ahead,
        )
        if claim not in self.claims:
            self.claims.append(claim)


def _events(text: str, mentions: list[_Mention]) -> list[tuple[int, str, re.Match[str] | None]]:
    """The sentence's disciplines, segments, figures and names, in the order they are written (a name first)."""
    events: list[tuple[int, str, re.Match[str] | None]] = []
    for pattern, discipline in _DISCIPLINES:
        events.extend((m.start(), "disc:" + discipline, None) for m in pattern.finditer(text))
    for kind, pattern in (
        ("segment", _SEGMENT),
        ("place", _PLACE),
        ("score", _SCORE),
        ("medal", _MEDAL),
        ("margin", _MARGIN),
    ):
        events.extend((m.start(), kind, m) for m in pattern.finditer(text))
    events.extend((x.start, "who", None) for x in mentions)
    events.sort(key=lambda e: (e[0], e[1] != "who"))
    return events
