"""What a Japanese story carries besides its results: a thread's post headers and anchors, and a skater's title
from another competition.

* A thread's post opens with its number and the poster ("12 名無しさん＠実況は禁止です", "34 ：風吹けば名無し：
  2017/12/09(土)"), and a reply with the post it answers (">>5"). Neither is a sentence: the subject the thread
  is talking about carries over them ("昌磨フリー1位" … ">>2 ショート2位だったしな": still Uno).
* A title from another competition describes a skater ("元ジュニアGPファイナル王者の佐藤駿", "2015年世界選手権の
  銀メダリストが"): it is a claim about that competition alone. The words are taken out of the sentence, so that
  neither its competition nor its medal is read as the sentence's; the title is the name's after it (with の),
  else the skater the sentence is about. A title whose year is not said ("世界選手権女王の") is not checkable:
  most often it is the one held coming in, not the story's edition. "世界選手権で女王に" is no title but a result.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.services.claims.japanese_competitions import CITY, COMPETITIONS, Named, named_competition

_POST_HEADER = re.compile(r"^\s*\d{1,4}\s*[:：]?\s*[^\n]{0,20}?名無し[^\n]*$")
_ANCHOR = re.compile(r"^\s*(?:>>|＞＞|≫)\s*\d{1,4}(?:\s*[-,、]\s*\d{1,4})*\s*$")
# The words before a competition's name that are part of the title: "元" (former), another time or a year, the
# host city ("元", "2015年", "前年の", "ヘルシンキの").
_TITLE_BEFORE = re.compile(
    r"(?:元|前)?(?:(?:前年|昨年|去年|昨季|前季|翌年|\d{1,2}年前|(?:19|20)\d\d年?(?:度)?)(?:の)?)?\s*"
    rf"(?:(?:{CITY})の?)?\s*$"
)
_TITLE_AFTER = re.compile(
    r"(?:\s*[(（][^)）]{0,12}[)）])?\s*の?\s*"
    r"(?P<title>(?P<m>[金銀銅])メダリスト|メダリスト|王者|女王|覇者|チャンピオン|優勝者)(?P<of>の)?"
)
_RANKS = {"金": 1, "銀": 2, "銅": 3}
_YEAR = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True, slots=True)
class Title:
    """A title from another competition: where its words were (`at`, in the sentence without them), the
    competition, the medal (1-3; None: a medal, which not said), and whether it is the name's after it."""

    at: int
    named: Named
    rank: int | None
    of_next: bool


# A chat message's speaker ("みき：昌磨2位！", "[21:03] ゆう：合計は？", "21:04 さや おめでとう"): a name of a few
# letters (no figure's word: "2位：", "SP：", "合計：" are a list's labels) before a colon, or after a time.
_TIME = r"[\[［(（]?\d{1,2}:\d{2}(?::\d{2})?[\]］)）]?"
_SPEAKER = re.compile(
    rf"^\s*(?:{_TIME}\s*)?(?P<who>[^\s\d:：、。,!！?？「」()（）\[\]［］]{{1,10}})\s*[:：]\s*(?=\S)"
    rf"|^\s*{_TIME}\s*(?P<after_time>[^\s\d:：、。,]{{1,10}})\s+(?=\S)"
)
_NOT_A_SPEAKER = re.compile(
    r"位|点|差|^(?:Q|A|問|答え?|回答|SP|FS|RD|FD|ショート|フリー|リズムダンス|フリーダンス|合計|総合|トータル|技術点|演技構成点"
    r"|男子|女子|ペア|アイスダンス|結果|順位|優勝|[金銀銅]メダル|[金銀銅])$"
)


def chat_message(line: str) -> str | None:
    """The words of a chat message without its speaker ("みき：昌磨2位！": "昌磨2位！"), or None when the line names
    no speaker. Each message is a post of its own (see ``is_post_frame``)."""
    m = _SPEAKER.match(line)
    if m is None:
        return None
    who = m.group("who") or m.group("after_time")
    if _NOT_A_SPEAKER.search(who) or any(p.search(who) for p, _, _ in COMPETITIONS):
        return None
    return line[m.end() :]


_KANA_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
_SENTENCE_END = re.compile(r"(?<=[。！？!?])|\n")


def is_japanese(text: str) -> bool:
    """Whether a story is written in Japanese: most of its letters are kana or kanji."""
    japanese = len(_KANA_HAN.findall(text))
    if japanese < 4:
        return False
    return japanese > len(_LATIN.findall(text))


def sentences_of(text: str) -> Iterator[tuple[bool, str | None]]:
    """Each sentence of a story, with whether a new post or chat message opens with it; a post's header or a bare
    anchor ("12 名無しさん", ">>5") opens one and is no sentence (None), a chat's speaker is left out."""
    for piece in _SENTENCE_END.split(text):
        sentence = piece.strip()
        if not sentence:
            continue
        if is_post_frame(sentence):
            yield True, None
            continue
        message = chat_message(sentence)
        yield message is not None, message if message is not None else sentence


def is_post_frame(line: str) -> bool:
    """Whether a line is a thread post's header or a bare anchor to another post (see the module docstring)."""
    return _POST_HEADER.match(line) is not None or _ANCHOR.match(line) is not None


def titles_of(text: str, story: str | None) -> tuple[str, list[Title]]:
    """The sentence without its titles from other competitions, and those titles (see the module docstring)."""
    titles: list[Title] = []
    while True:
        found = _first_title(text, story)
        if found is None:
            return text, titles
        start, end, title = found
        text = text[:start] + text[end:]
        titles.append(title)


def _first_title(text: str, story: str | None) -> tuple[int, int, Title] | None:
    for pattern, _, _ in COMPETITIONS:
        for m in pattern.finditer(text):
            after = _TITLE_AFTER.match(text, m.end())
            if after is None:
                continue
            before = _TITLE_BEFORE.search(text, 0, m.start())
            start = before.start() if before else m.start()
            named = named_competition(text[start : after.end("title")], story)
            if named is None:
                continue
            if not _YEAR.search(named.words):
                # "世界女王の": which year's is not said (most often the title held coming in, not the story's).
                named = Named(f"{named.words} title", aside=True)
            rank = _RANKS[after.group("m")] if after.group("m") else None if after.group("title") == "メダリスト" else 1
            return start, after.end(), Title(start, named, rank, bool(after.group("of")))
    return None
