"""Stages 1 to 3 for Japanese text: the result claims of a Japanese story, with the same precision-first rules.

Japanese servers share Japanese stories ("坂本花織が銀メダル。ショート2位、フリーも2位で、合計224.90点").
Words are not spaced, so mentions are found by the written names the store holds (``data/names/ja.json``):
a full name ("宇野昌磨"), a couple ("三浦璃来・木原龍一組", "三浦璃来、木原龍一組"), or the start of a full name the
story named before ("宇野は", or a katakana name's family name: "チェンは"; one skater named so far, else no one);
a part of a name as fans write it, with an honorific ("羽生くん", "知子ちゃん", "宇野選手"), among the story's
competition's entrants, and a couple's sourced nickname ("りくりゅう"): see ``japanese_names``.
A question's figure ("優勝したのは?") is that of the name the answer opens with. A thread's post headers and anchors
("12 名無しさん", ">>5") are no sentences, and a title from another competition ("元世界ジュニア王者の") is a claim
about that competition alone: see ``japanese_posts``.
A name the store lacks opening a clause ("河辺愛菜は", "ザギトワが") ends the subject: what follows is theirs.
A figure is the subject's, unless the words after it give it to the name they describe ("ショート1位の宇野昌磨",
"優勝はネイサン・チェン", "銀メダルを獲得した宇野昌磨": see ``japanese_phrases``); a name that is an object
("宇野昌磨を抑えて") is no subject. Read:

* medals: 金メダル / 銀メダル / 銅メダル (or 金 / 銀 / 銅 alone before punctuation), 優勝 / 制覇 / N連覇 (gold);
  a medal missed (逃す, ならず, 届かず), aimed at (目指す, 狙う), a favourite's (優勝候補) or a race (優勝争い) is no
  claim, as is a wish, a guess, a condition or a range (優勝してほしかった, 優勝するかも, 2位だったら, 3位以内);
  表彰台に上がった is a medal, which one not said;
* places: N位 (in digits or kanji numerals: 二位, 十五位), 首位 (first); N位発進 / スタート the short's;
  after ショート / フリー (リズムダンス / フリーダンス) the place in that segment,
  "ショートもフリーも1位" each of them; after 合計 / 総合 / 最終的に, or after "ショートN位から", the final place;
  a place that names a rival ("2位とは", "2位のXに") is no claim about the subject; in a standings list
  ("1位 羽生結弦 321.59点、2位 宇野昌磨") the place is the name's after it;
* scores: N点, in the segment named last in the sentence, the total after 合計 / 総合, after the final place
  ("4位で183.59点") or before the result ("247.59点で優勝"), else either;
* margins: N点差 against the rival named ("宇野に…点差をつけて"), the place named ("2位とは3.21点差": which way
  from the subject's place claimed in the story), or the skater next to the place claimed ("1.65点差で2位",
  "1.35点及ばず2位"); also written "2位との差は1.35点", "28.17点の差";
* competitions (``japanese_competitions``): 世界選手権, 四大陸 (4CC), 欧州選手権, GPファイナル (GPF), NHK杯,
  スケートアメリカ / カナダ (スケアメ / スケカナ), 中国杯, ロステレコム杯, フランス杯, フィンランディア杯, the Olympic
  Games by their city, with their year and host city ("2019年のトリノのGPファイナル", "中国杯(北京)", "名古屋の
  GPファイナル"); a second competition named as where a clause's figures happened ("全日本選手権でも優勝") is that
  clause's; 全日本 and the junior events, which the store lacks,
  so that their claims are not checked against another competition; 今大会 is the story's first named again, as is
  its name said again without the year; a name of another time ("前年の世界選手権": Worlds of the year before) is an
  aside, its sentence's only; a year with its month ("2017年12月の") is that year's edition;
  disciplines 男子 / 女子 / ペア / アイスダンス, 団体戦 (the team event; 個人戦 ends it). Both carry to the next
  sentences until another is named (a singles discipline not to one skater: their entry says it).

A claim whose subject cannot be told is not made; a competition the store lacks makes the claim not checkable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.i18n import Text, t
from bot.services.claims import japanese_phrases as phrases
from bot.services.claims.japanese_competitions import COMPETITIONS, Named, named_competition
from bot.services.claims.japanese_names import PartReader, join_spaced_names, short_forms, written_names
from bot.services.claims.japanese_phrases import denied_after, owner_after, plain, unknown_subjects
from bot.services.claims.japanese_posts import Title, sentences_of, titles_of
from bot.services.claims.japanese_posts import is_japanese as is_japanese  # the package asks this module
from bot.services.claims.mentions import Names
from bot.services.claims.model import Claim, Subject, segment_text, trim

_DISCIPLINES = [
    (re.compile(r"アイスダンス"), "ice_dance"),
    (re.compile(r"ペア"), "pairs"),
    (re.compile(r"男子"), "men"),
    (re.compile(r"女子"), "women"),
    (re.compile(r"団体(?:戦)?"), "team"),
    (re.compile(r"個人(?:戦)?"), ""),  # the individual events again after the team event: the skater's own
]
_SEGMENT = re.compile(
    r"(?P<rd>リズムダンス|ショートダンス|RD)|(?P<fd>フリーダンス|FD)"
    r"|(?P<sp>ショート(?:プログラム)?|SP)|(?P<fs>フリー(?:スケーティング|スケート)?|FS)"
    r"|(?P<total>合計|総合|トータル|総得点|最終(?:的に|順位|成績|結果))"
)
# "ショート2位から", "ショート3位(97.43点)から": the segment's standings are left; a place after is the final one.
_FROM = re.compile(r"(?<=[位)])から")
# A question ("優勝したのは?", "2位は?"): the figure is that of whom the next sentence names.
_ASKED = re.compile(r"[?？]\s*$")
_ANSWER = re.compile(r"\s*(?:(?:A|答え?|回答)\s*\d*\s*[.:：、)]?)?\s*")
# "今大会", "本大会": the story's own competition again, after an aside about another.
_THIS_COMPETITION = re.compile(r"今大会|本大会")
_PLACE = re.compile(r"(?P<n>\d{1,2})位|(?P<top>首位)")
_SCORE = re.compile(r"(?P<score>\d{2,3}\.\d{2})\s*点(?!差)")
# Margins: "N点差". Read only where the words say which way: "宇野に0.43点差をつけて" (ahead of Uno),
# "羽生に3.75点差の2位" / "羽生に3.75点及ばず" (behind Hanyu); a bare "宇野と0.43点差" says neither: no claim.
# "1.65点差で2位" (behind the skater just above), "0.43点差で優勝" (ahead of the one just below) say it too; a
# bare "N点差" is read only against a place ("2位とは3.21点差") and the subject's own place claimed in the story.
_MARGIN = re.compile(
    r"(?P<n>\d{1,2}\.\d{2})\s*点(?P<how>差を?つけ|差で(?:勝|制|優勝|逆転|逃げ切)|差の僅差で|差[ので](?P<place>\d{1,2})位|及ばず[、,]?\s*(?P<then>\d{1,2})位|及ばず|差で敗|届かず"
    r"|(?P<bare>差))"
)
_WON_BY = ("差で勝", "差で制", "差で優勝", "差で逆転", "差で逃げ切", "差の僅差で")
# "…点差をつけて優勝", "…点差で逃げ切って優勝": a margin of the totals.
_WIN_AFTER = re.compile(r"[^、。,]{0,8}?(?:優勝|勝利|逆転|制し|制覇|逃げ切)")
_AHEAD = ("差をつけ", "差つけ", *_WON_BY)
_HONORIFIC = r"(?:選手|組|ペア|くん|ちゃん|さん)?"
_RIVAL_THEN_MARGIN = re.compile(rf"\s*{_HONORIFIC}(?:に|に対して|から|とは|と)\s*\d{{1,2}}\.\d{{2}}\s*点")
_RIVAL_BEFORE = re.compile(rf"^\s*{_HONORIFIC}(?:に|に対して|から)?\s*$")
_RIVAL_COMPARED = re.compile(rf"^\s*{_HONORIFIC}(?:とは|と)\s*$")
# "2位とは3.21点差", "2位のチャ・ジュンファンに5.01点差": measured from whoever holds that place.
# "優勝したイリア・マリニンとは17.32点差", "優勝のXとは": the winner, though the store lacks the name.
_RANK_RIVAL_BEFORE = re.compile(
    r"(?:(?:(?P<rank>\d{1,2})位|首位|トップ)(?:の[^、。,]{0,15}?)?|優勝(?:した|者)の?[^、。,]{0,15}?|優勝の[^、。,]{0,15}?)(?:とは|と|には|に)\s*$"
)
# A name that is the object of the verb after it ("宇野昌磨を抑えて", "羽生結弦に次ぐ2位") or a companion
# ("宇野昌磨とともに"), or the other end of a gap ("羽生結弦との差は"): not the subject.
_OBJECT_AFTER = re.compile(
    rf"\s*{_HONORIFIC}(?:(?:を|に)(?:抑え|おさえ|上回|破|退け|かわ|勝|逆転|次ぐ|続)|と(?:とも|共|一緒|並)|との(?:点)?差)"
)
_COUPLE_JOIN = r"[・･/／＆&]"
# "首位発進", "2位スタート", "3位と好発進": the place after the first segment, the short (or the rhythm dance).
_ENDED = re.compile(r"(?:に|で)(?:終わ|終え|フィニッシュ)")
_STARTED = re.compile(r"(?:と|の)?(?:好|絶好の)?(?:発進|スタート)")
# A score right after a place: "4位で183.59点", "2位、183.59点"; "3位でまとめて248.84点" (the skate wrapped up).
# A score before the result it gave ("247.59点で優勝", "233.41点で2連覇", "190.00点で4位"): the total.
_WON_WITH = re.compile(r"\s*で(?:逆転)?(?:優勝|(?:\d)?連覇|制し|制覇|頂点|\d{1,2}位|首位)")
_JUST_AFTER_PLACE = re.compile(r"\s*(?:で|の|、|,)?\s*(?:合計)?\s*")
_WRAPPED_UP = re.compile(r"\s*(?:に|で)(?:まとめ|終え)て?\s*(?:合計)?\s*")
_SCORE_OF_PLACE = re.compile(r"\s*の\s*")
_SEGMENTS_LISTED = re.compile(r"\s*(?:も|は|、|,|と|および|・)?\s*")
# "フリーでは羽生結弦が1位", "ショートは宇野昌磨が": a segment that opens the clause of the name after it.
_SEGMENT_THEN_NAME = re.compile(r"\s*(?:では|で|は|でも|も|、)?\s*")
_COMPETITION_WORDS = re.compile("|".join(p.pattern for p, _, _ in COMPETITIONS))
# A competition named as where what follows happened ("全日本選手権でも", "NHK杯(大阪)では"), not as a word of
# another's ("NHK杯に続き").
_AT_COMPETITION = re.compile(r"\s*(?:[(（][^)）]{0,15}[)）])?\s*(?:選手権)?(?:で|では|でも|は|の)")
# "三浦璃来、木原龍一組": a comma joins two names into one couple only when 組 / ペア follows.
_COUPLE_LIST_JOIN = r"[、,，と]"


# A clause that turns ("…となったが、", "…けど、", "…発進だったのに5位"): a place after it is not told to be the
# segment's before it.
_BUT_THEN = re.compile(r"(?:が|けど|けれど(?:も)?|ものの)[、,]|(?:けど|けれど(?:も)?|ものの|のに)\s*$")


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
        self.carried: str | None = None  # the segment the last sentence's figures were in ("フリーでは…1位。")
        self.in_view: str | None = None  # that segment, while the sentence read names no segment of its own
        self.final_place: dict[str, int] = {}  # the final place (or medal) each subject is claimed to have had
        self.discipline: str | None = None
        self.discipline_named = False  # whether the sentence read names its discipline
        self.placed_here: dict[str | None, int] = {}  # the segments (None: final) placed in it, and where
        # A question's figure whose owner the answer names ("優勝したのは？" "羽生結弦選手です。"): its sentence, its
        # text as read, its kind, its match and its segments, until the next sentence names someone.
        self.asked: tuple[str, str, str, re.Match[str], list[str | None]] | None = None
        self.parts = PartReader(names)  # "羽生くん", "知子ちゃん", "りくりゅう": see japanese_names
        self.post_subjects: set[str] = set()  # the skaters the thread's post (or chat message) being read names

    def read(self, text: str) -> JapaneseExtraction:
        for new_post, sentence in sentences_of(text):  # a thread's frames and a chat's speakers: japanese_posts
            if new_post:
                self._new_post()
            if sentence:
                self._sentence(sentence)
        return JapaneseExtraction(self.claims, self.competition_texts)

    def _new_post(self) -> None:
        """A new post or message: the subject of the last goes on only when that post named one skater alone (a
        post listing the podium leaves whom the reply is about not told)."""
        if len(self.post_subjects) > 1:
            self.last = None
        self.post_subjects = set()

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
        for written in written_names():
            for m in re.finditer(re.escape(written), text):
                if any(taken[m.start() : m.end()]):
                    continue
                subject = self._person(written)
                if subject is None:
                    continue
                for i in range(m.start(), m.end()):
                    taken[i] = True
                found.append(_Mention(m.start(), m.end(), subject, (written,)))
        # The start of a full name named before ("宇野は"), or the family name of a name written in katakana
        # ("チェンは" after "ネイサン・チェン"): that skater when one alone is so named.
        for written in list(self.named):
            for short in short_forms(written):
                for m in re.finditer(re.escape(short), text):
                    if any(taken[m.start() : m.end()]):
                        continue
                    owners = {w for w in self.named if short in short_forms(w)}
                    if len(owners) != 1:
                        continue
                    for i in range(m.start(), m.end()):
                        taken[i] = True
                    found.append(_Mention(m.start(), m.end(), self.named[written], (written,)))
        for part in self.parts.find(text, taken):
            found.append(_Mention(part.start, part.end, part.subject, part.written))
            for written in part.written:
                self.named.setdefault(written, part.subject)
        found.sort(key=lambda x: x.start)
        return self._couples(text, found)

    def _couples(self, text: str, found: list[_Mention]) -> list[_Mention]:
        """Two names joined by ・ (or /), or by 、 / と and followed by 組 or ペア: one couple."""
        out: list[_Mention] = []
        i = 0
        while i < len(found):
            a = found[i]
            b = found[i + 1] if i + 1 < len(found) else None
            joined = b is not None and (
                re.fullmatch(_COUPLE_JOIN, text[a.end : b.start])
                or (re.fullmatch(_COUPLE_LIST_JOIN, text[a.end : b.start]) and text.startswith(("組", "ペア"), b.end))
            )
            if b is not None and joined:
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

    # -- claims ----------------------------------------------------------------------------------------------
    def _sentence(self, raw: str) -> None:
        text = join_spaced_names(plain(raw))  # "羽生 結弦": as the written name
        story = self.competition_texts[0] if self.competition_texts else None
        text, titles = titles_of(text, story)  # "元ジュニアGPファイナル王者の": another competition's title
        carried = self.competition
        named = self._own_competition(text, story)
        own = self.competition
        mentions = self._mentions(text)
        self.post_subjects.update(x.subject.name for x in mentions)
        self._titles(raw, titles, mentions)
        subject = self.last
        segments: list[str | None] = []
        fresh = False  # the segments named since the last figure (ショートもフリーも)
        self.in_view, last_segment, segment_end = self.carried, None, 0
        self.discipline_named, self.placed_here = False, {}
        asked, self.asked = self.asked, None
        for position, kind, m in _events(text, mentions):
            if kind.startswith("disc:"):
                if (kind[5:] or None) != self.discipline:
                    self.in_view = None  # another event: the segment in view was the last one's
                self.discipline = kind[5:] or None
                self.discipline_named = True
                continue
            if kind == "nobody":
                subject, segments, fresh, asked = None, [], False, None  # a skater the store lacks: theirs follow
                continue
            if kind == "competition" and m is not None and _AT_COMPETITION.match(text, m.end()):
                # "前年の世界選手権で優勝、年末の全日本選手権でも優勝": the figures after another competition named are
                # its own, in this sentence only.
                clause = max(text.rfind(c, 0, position) for c in "、,") + 1
                self.competition = getattr(named_competition(text[clause:], story), "words", self.competition)
            if kind == "competition":
                continue
            if kind == "who":
                who = next(x for x in mentions if x.start == position)
                if _RIVAL_THEN_MARGIN.match(text, who.end) or _OBJECT_AFTER.match(text, who.end):
                    continue  # "羽生に3.75点差", "宇野を抑えて": a rival, not the sentence's subject
                subject = who.subject
                if asked is not None and _ANSWER.fullmatch(text, 0, who.start) and not denied_after(text, who.end):
                    # the name the answer opens with
                    self._figure(asked[0], asked[1], asked[2], asked[3], subject, asked[4], [])
                asked = None
                if not (fresh and _SEGMENT_THEN_NAME.fullmatch(text[segment_end : who.start])):
                    # "宇野昌磨はショート1位、羽生結弦は3位": the short's or the final place, not told.
                    self.in_view = segments[-1] if segments else self.in_view
                    segments, fresh = [], False
                continue
            assert m is not None
            if kind == "from":
                segments, fresh, self.in_view, last_segment = [], False, None, None
                continue
            if kind == "segment":
                seg = self._segment_kind(m)
                # "ショートもフリーも1位", "ショート、フリーともに": both; "フリーを行い、ショート首位の": the last.
                listed = fresh and _SEGMENTS_LISTED.fullmatch(text[segment_end : m.start()])
                segments = [*segments, seg] if listed else [seg]
                self.in_view, segment_end, fresh = None, m.end(), True
                continue
            fresh = False
            if phrases.HYPOTHETICAL.search(text, 0, m.start()):
                continue  # "もしジャンプが決まっていたら優勝もあった": what might have been
            owner = owner_after(text, m.end(), mentions, kind) if kind != "margin" else None
            whose = owner.subject if owner is not None else subject
            if kind in ("place", "score", "medal"):
                # "ショートもフリーも1位": both segments named, none of them is in view for the next sentence.
                last_segment = segments[-1] if len(segments) == 1 and kind != "medal" else None
            if whose is None:
                if kind in ("medal", "place") and _ASKED.search(text) and not any(x.start > m.end() for x in mentions):
                    self.asked = (raw, text, kind, m, list(segments))  # "Q. 優勝したのは?": whom the answer names
                continue
            if kind == "place" and segments and _BUT_THEN.search(text, segment_end, m.start()):
                # "フリー1位となったが、…2位に終わった": after "but", the final place or still that segment's, not told.
                self.in_view, segments, last_segment = segments[-1], [], None  # nor in view for the next sentence
            self._figure(raw, text, kind, m, whose, segments, mentions)
        self.carried = last_segment
        # "前年の世界選手権では…": that sentence's only; a second competition named, its clause's only.
        self.competition = carried if named is not None and named.aside else own
        self.last = subject  # None after a skater the store lacks: "彼女は" in the next sentence is not told

    def _own_competition(self, text: str, story: str | None) -> Named | None:
        """The competition the sentence names first, which its figures are about (the story's if it is no aside), or
        the story's named again ("今大会")."""
        named = named_competition(text, story)
        if named is not None:
            self.competition = named.words
            if not named.aside:
                self.competition_texts.append(named.words)
        elif _THIS_COMPETITION.search(text):
            self.competition = story
        return named

    def _titles(self, raw: str, titles: list[Title], mentions: list[_Mention]) -> None:
        """A title from another competition: a medal there of the name after it, else of the skater the sentence
        is about (the last named before it, or the last sentence's)."""
        for title in titles:
            after = next((x.subject for x in mentions if x.start == title.at), None)
            before = next((x.subject for x in reversed(mentions) if x.end <= title.at), self.last)
            holder = after if title.of_next else before
            if holder is None:
                continue
            kept, claimed_places = self.competition, dict(self.final_place)
            self.competition = title.named.words
            if title.rank is None:
                self._make("medallist", raw, holder, t("claim-medal-podium"), 3.0, None, (None,))
            else:
                medal = t("claim-medal", medal={1: "gold", 2: "silver", 3: "bronze"}[title.rank])
                self._make("medal", raw, holder, medal, float(title.rank), None, (None,))
            self.competition, self.final_place = kept, claimed_places

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
            self._margin(raw, text, m, subject, mentions, segments)
            return
        if kind == "medal":
            if phrases.medal_not_had(text, m):
                return
            if m.group("win") == "制し" and _SEGMENT.search(text, 0, m.start()):
                return  # "フリーは坂本花織が制し": the segment won, not the title
            if m.group("podium"):
                self._make("medallist", raw, subject, t("claim-medal-podium"), 3.0, None, (None,))
                return
            rank = 1 if m.group("win") or m.group("m") == "金" else 2 if m.group("m") == "銀" else 3
            medal = {1: "gold", 2: "silver", 3: "bronze"}[rank]
            claimed = t("claim-gold-won") if m.group("win") else t("claim-medal", medal=medal)
            self._make("medal", raw, subject, claimed, float(rank), None, (None,))
        elif kind == "place":
            if phrases.MISSED.match(text[m.end() :]) or phrases.NOT_A_RESULT.match(text, m.end()):
                return
            n = 1 if m.group("top") else int(m.group("n"))
            if not segments and _ENDED.match(text, m.end()):
                # "…となったが、2位に終わった": where the competition ended, the final place (but "フリーは5位に
                # 終わった" is the free skate's, named in its clause).
                self.in_view = None
            if not segments and _STARTED.match(text, m.end()):
                segments = ["rhythm_dance" if self.discipline == "ice_dance" else "short_program"]
            if not segments and self.in_view:
                # "フリーでは宇野昌磨が1位。羽生結弦は2位。": the final place or still the free skate's; never
                # contradicted on one of them alone.
                claimed = t("claim-place-after-or-in", place=t("ordinal", n=n), segment=segment_text(self.in_view))
                self._make("segment_place", raw, subject, claimed, float(n), None, (None, self.in_view))
                return
            for seg in segments or [None]:
                self.placed_here[seg] = m.end()
                if seg is None:
                    self._make("place", raw, subject, t("ordinal", n=n), float(n), None, (None,))
                else:
                    claimed = t("claim-place-in", place=t("ordinal", n=n), segment=segment_text(seg))
                    self._make("segment_place", raw, subject, claimed, float(n), seg, (seg,))
        elif kind == "score":
            value = float(m.group("score"))
            if phrases.part_of_a_score(text, m, value):
                return  # an element's or a component's points ("技術点126.12点", "4回転フリップは13.50点")
            label = m.group("score")
            # "ショート、フリーともに1位の225.70点": after both segments' places, their sum.
            seg = None if len(segments) > 1 else segments[-1] if segments else "any"
            if seg == "any" and not self.in_view and _WON_WITH.match(text, m.end()):
                seg = None  # "247.59点で優勝", "…点で4位": with no segment named, the score of the result
            seg, either = self._score_after_places(text, m, seg, [x.start for x in mentions])
            if either:
                claimed = t("claim-score-any", score=label)
                self._make("score", raw, subject, claimed, value, None, (None, seg))
                return
            if seg is None:
                self._make("total", raw, subject, t("claim-total", score=label), value, None, (None,))
            elif seg == "any":
                claimed = t("claim-score-any", score=label)
                self._make("score", raw, subject, claimed, value, None, (None, "any"))
            else:
                claimed = t("claim-score-in", score=label, segment=segment_text(seg))
                self._make("score", raw, subject, claimed, value, seg, (seg,))

    def _margin_segments(self, text: str, m: re.Match[str], segments: list[str | None]) -> tuple[str | None, ...]:
        """The standings a margin is measured in: the segment its clause names ("ショートで羽生結弦に…点差をつけた"),
        the totals for a win ("…点差で優勝") or against a final place ("2位のXに"), else the totals or the segment
        in view."""
        if m.group("how").startswith(_WON_BY) or _WIN_AFTER.match(text, m.end()):
            return (None,)
        named = [
            x for x in _SEGMENT.finditer(text, 0, m.start()) if not re.search(r"[、。,]", text[x.end() : m.start()])
        ]
        if named:
            return (self._segment_kind(named[-1]),)
        if (m.group("place") or m.group("then")) and _ENDED.match(text, m.end()):
            return (None,)  # "…が、1.35点及ばず2位に終わった": the place the competition ended in, so the totals
        if _RANK_RIVAL_BEFORE.search(text, 0, m.start()):
            return (None,)  # "2位のチャ・ジュンファンに…点差": the rival by the final place, so the totals
        in_view = segments[-1] if segments else self.in_view
        return (None, in_view) if in_view else (None,)

    def _margin(
        self,
        raw: str,
        text: str,
        m: re.Match[str],
        subject: Subject,
        mentions: list[_Mention],
        segments: list[str | None],
    ) -> None:
        """A margin, against the rival the words name (a skater, a place) and in the direction they say."""
        how = m.group("how")
        place = int(m.group("place") or m.group("then") or 0) or None
        ahead: bool | None = how.startswith(_AHEAD) or place == 1
        if not ahead and (place is not None or how.startswith(("及ばず", "差で敗", "届かず"))):
            ahead = False
        elif not ahead:
            ahead = None  # a bare "N点差": which way only the places can say
        other: Subject | None = None
        rank = _RANK_RIVAL_BEFORE.search(text[: m.start()])
        rival = next((x for x in reversed(mentions) if x.end <= m.start()), None)
        if rival is not None and rival.subject != subject and _RIVAL_BEFORE.match(text[rival.end : m.start()]):
            other = rival.subject
        elif rival is not None and rival.subject != subject and _RIVAL_COMPARED.match(text[rival.end : m.start()]):
            # "2位の羽生結弦とは43.87点差": which way from the places the story claims for both.
            other = rival.subject
            mine, theirs = self.final_place.get(subject.name), self.final_place.get(other.name)
            if ahead is None and mine is not None and theirs is not None and mine != theirs:
                ahead = mine < theirs
        elif rank is not None:
            held = int(rank.group("rank") or 1)
            other = Subject(f"place {held}", rank=held, shown=t("ordinal", n=held))
            claimed_place = self.final_place.get(subject.name)
            if ahead is None and claimed_place is not None and claimed_place != held:
                ahead = claimed_place < held
        elif m.group("bare") or (place is None and not how.startswith(_WON_BY)):
            return  # against whom is not said ("0.43点差で優勝": the skater just below)
        if ahead is None or (other is None and m.group("bare")):
            return
        label = other.label if other is not None else t("verdict-the-next-placed")
        claimed = t("claim-margin-ahead" if ahead else "claim-margin-behind", points=m.group("n"), other=label)
        readings = self._margin_segments(text, m, segments)
        if readings != (None,):
            where = readings[-1] or ""
            claimed = t("claim-in-segment", claim=claimed, segment=segment_text(where))
        one = readings[0] if len(readings) == 1 else None
        self._make("margin", raw, subject, claimed, float(m.group("n")), one, readings, other=other, ahead=ahead)

    def _other_places(self, seg: str) -> list[int]:
        return [end for placed, end in self.placed_here.items() if placed not in (None, seg)]

    def _score_after_places(
        self, text: str, m: re.Match[str], seg: str | None, named_at: list[int]
    ) -> tuple[str | None, bool]:
        """The standings of a score that follows places claimed in its sentence: after the final place ("4位で183.59点")
        or after each segment's place ("ショート3位、フリーも3位でまとめて248.84点"), the total; after both segments'
        places with no such word, the total or the last segment's score (`either`)."""
        final = self.placed_here.get(None)
        if seg == "any" and final is not None and _JUST_AFTER_PLACE.fullmatch(text, final, m.start()):
            return None, False
        segment_places = [s for s in self.placed_here if s is not None]
        if seg not in (None, "any") and len(segment_places) > 1 and seg in segment_places:
            if _WRAPPED_UP.fullmatch(text, self.placed_here[seg], m.start()):
                return None, False
            # "ショート首位の宮原知子がフリーでも1位の143.13点": the score the place describes, that segment's, when
            # the other segment's place was another clause's (a name between); listed together, not told.
            apart = all(any(p <= x < self.placed_here[seg] for x in named_at) for p in self._other_places(seg))
            return seg, not (apart and _SCORE_OF_PLACE.fullmatch(text, self.placed_here[seg], m.start()))
        return seg, False

    def _discipline(self, subject: Subject) -> str | None:
        """The discipline of a claim: the one named in the sentence or carried from those before; a discipline
        carried is not kept for one skater, whose entry says it ("女子は…。龍樹くんは9位": fans move on to the men
        without saying so; "アイスダンスは…。坂本選手は": a skater is no couple), nor a singles one for a couple."""
        if self.discipline_named or self.discipline in (None, "team"):
            return self.discipline
        one = len(subject.ids) == 1
        return None if one or (self.discipline in ("men", "women") and len(subject.ids) == 2) else self.discipline

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
            discipline=self._discipline(subject),
            other=other,
            ahead=ahead,
        )
        if claim not in self.claims:
            self.claims.append(claim)
        if kind in ("place", "medal"):
            self.final_place[subject.name] = int(value)


def _events(text: str, mentions: list[_Mention]) -> list[tuple[int, str, re.Match[str] | None]]:
    """The sentence's disciplines, segments, figures and names, in the order they are written (a name first)."""
    events: list[tuple[int, str, re.Match[str] | None]] = []
    for pattern, discipline in _DISCIPLINES:
        events.extend((m.start(), "disc:" + discipline, None) for m in pattern.finditer(text))
    for kind, pattern in (
        ("segment", _SEGMENT),
        ("place", _PLACE),
        ("score", _SCORE),
        ("medal", phrases.MEDAL),
        ("margin", _MARGIN),
        ("from", _FROM),
    ):
        events.extend((m.start(), kind, m) for m in pattern.finditer(text))
    events.extend((x.start, "who", None) for x in mentions)
    events.extend((m.start(), "competition", m) for m in list(_COMPETITION_WORDS.finditer(text))[1:])
    taken = [(x.start, x.end) for x in mentions] + [(e[2].start(), e[2].end()) for e in events if e[2] is not None]
    taken += [(m.start(), m.end()) for pattern, _ in _DISCIPLINES for m in pattern.finditer(text)]
    taken += [m.span() for m in _COMPETITION_WORDS.finditer(text)]
    events.extend((position, "nobody", None) for position in unknown_subjects(text, taken))
    events.sort(key=lambda e: (e[0], e[1] != "who"))
    return events
