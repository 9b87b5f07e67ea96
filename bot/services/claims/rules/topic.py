"""Sentences that leave their subject out. Notes, scouting reports, captions and answers name a skater once, in a
heading or a sentence, and go on in fragments about them: "KOSTORNAIA (RUS). Silver. Won the free skate with
132.93." or "Alysa Liu won the short. Only second in the free." A careful reader gives each fragment to the one
the text is about; so do the rules, but only when that is plain: the last sentence that named anyone named
exactly one subject (two named together leave it open: no claim), and the fragment opens as a fragment does (a
place, a figure, a medal, a verb of results), never as a sentence with a subject of its own the store does not
know ("Judges had her second") nor as a question.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.services.claims.mentions import Mention
from bot.services.claims.model import Subject
from bot.services.claims.patterns import guard_patterns
from bot.services.claims.rules.common import Who, medal_claim
from bot.services.claims.vocabulary import FIRST_SEGMENT, ORD, ordinal_value

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader
    from bot.services.claims.rules.reading import _State as _HasHeading
    from bot.services.claims.split import Clause

# A subject said before its verb, with words that are no mention ("you young was fourth"): a name after the
# trigger is then another clause's subject, never this one's.
UNNAMED_SUBJECT = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|but)\s+)(?P<words>(?:[^\W\d_][\w’'-]*\s+){1,3})(?:was|were|is|are)\s+(?:only\s+|just\s+)?$",
    re.IGNORECASE,
)
NOT_SUBJECT_WORDS = frozenset(
    "the it this that there which who what and but so then here a an one its their his her in at of on".split()
)


# A list item with its verb left out ("fernandez 285.38, zorro second with 269.62"): the words before the place
# are the item's subject, not the name of the item before.
UNNAMED_PLACED = re.compile(
    rf"(?:^|[,;:]\s*|\b(?:and|but)\s+)(?P<words>(?:[^\W\d_][\w’'-]*\s+){{1,3}}){ORD}(?:\s+place)?\s+(?:with|on)\s+$",
    re.IGNORECASE,
)


def unnamed_subject(text: str, start: int, position: int, before: list[Mention], chosen: bool) -> bool:
    """Whether words the store does not know stand as the subject before `position`: of a copula opening the
    clause (`start`), when no name comes before it (`before`, `chosen`), or of a place in a list item after the last
    name ("fernandez 285.38, zorro second with 269.62")."""
    said = None if chosen or before else UNNAMED_SUBJECT.search(text, start, position)
    said = said or UNNAMED_PLACED.search(text, before[-1].end if before else start, position)
    if said is None:
        return False
    words = said.group("words").lower().split()
    return not any(w in NOT_SUBJECT_WORDS or w in _NOT_ITEM_WORDS for w in words)


# Words that open a list item's place without naming anyone ("just second", "then a distant third").
_NOT_ITEM_WORDS = frozenset(
    "just only then finally eventually also again still narrowly comfortably clearly distant close well ultimately "
    "overall later".split()
)


_SEGMENT_FIGURE = (
    r"(?:short|free|rhythm|sp|fs|rd|fd|sd|total)(?:\s+(?:program(?:me)?|skate|dance))?(?:\s+score)?[\s:]+\d"
)
# How a fragment opens: adverbs a note starts with, then a place, a figure, a medal, or a verb of results in the
# past or present tense (the subject is what the fragment leaves out).
FRAGMENT_OPENING = re.compile(
    r"^[\s\-–•*>(\"“‘]*(?:(?:only|just|then|and|but|still|also|finally|eventually|later|again|yes|ultimately)\b"
    r"[\s,]*)*"
    rf"(?:{ORD}|last\b|\d|{_SEGMENT_FIGURE}|(?:gold|silver|bronze|winners?|runners?[\s-]up|won|wins|took|takes"
    r"|finished|finishes|placed|places|scored|scores|ended|ends|dropped|drops|climbed|climbs|fell|falls|led|leads"
    r"|beat|beats|came|comes|earned|earns|claimed|claims|rose|rises|slipped|slips|moved|moves|settled|settles"
    r"|was|were|missed|misses)\b)",
    re.IGNORECASE,
)


def named_subjects(mentions: list[Mention]) -> set[Subject]:
    """The subjects (not rivals or objects) a sentence's resolved mentions name."""
    return {m.subject for m in mentions if m.object_of is None and m.kind != "rank" and m.subject is not None}


def next_topic(current: Subject | None, mentions: list[Mention], text: str) -> Subject | None:
    """The one the text is about after a sentence: the one subject it names, none when it names several, and
    the one before when it names no one (fragments follow fragments). A sentence naming only rivals or objects
    keeps the one before only as a fragment about them ("Beat Kostornaia by 1.30."); a question makes the one it
    asks about the topic ("What happened to Daleman?"), and one naming no one leaves no topic."""
    named = named_subjects(mentions)
    if not named and not mentions and text.rstrip().endswith("?"):
        return None  # "How did you turn it around?": the answer is about what was asked, which no name says
    if not named:
        others = {m.subject for m in mentions if m.kind in ("person", "country") and m.subject is not None}
        if not others:
            return current
        if text.rstrip().endswith("?"):
            return next(iter(others)) if len(others) == 1 else None
        return current if FRAGMENT_OPENING.match(text) else None
    return next(iter(named)) if len(named) == 1 else None


def fragment_subject(reader: SentenceReader) -> Subject | None:
    """The one a sentence with no subject of its own is about (see the module docstring), else None."""
    text = reader.text
    if reader.state.topic is None or text.rstrip().endswith("?") or not FRAGMENT_OPENING.match(text):
        return None
    if named_subjects(reader.mentions):
        return None
    return reader.state.topic


# An ordinal that opens a fragment as its place ("Fourth, 7.91 off the podium.", "Sixth, fifth in the short.",
# "Fifth with 191.61.", "Ninth."): the place, then the end of the sentence, a score, or the segment places that go
# on about it. Not an ordinal counting the writer's points ("First, a word on the judging"): words follow it.
_FRAGMENT_PLACE = re.compile(
    r"^[\s\-–•*>(\"“‘]*(?:(?:only|just|then|and|but|still|finally|eventually|ultimately)\b[\s,]*)*"
    rf"(?P<ord>{ORD}|last)(?:[\s-]+place)?(?:\s+overall)?"
    rf"(?=\s*[.!]*\s*$|\s*[,;:(–—-]?\s*(?:with\s+|on\s+|at\s+)?\d+\.\d|\s*,\s*(?:{ORD}|last)\s+(?:in|after)\b"
    r"|\s+with\s+(?:a\s+)?(?:total|score)\b)",
    re.IGNORECASE,
)


def fragment_place(reader: SentenceReader, position: int) -> bool:
    """Whether the ordinal at `position` opens a fragment about the one in view as their place."""
    # An answer is read with its question (questions.py): "Place and score? A: Ninth; third." says neither.
    said = None if reader.answers else _FRAGMENT_PLACE.match(reader.text)
    if said is None or said.start("ord") != position or (topic := fragment_subject(reader)) is None:
        return False
    # An ordinal alone is a place ("Ninth."), but not as an exclamation ("from sixth in the short. Sixth!" echoes
    # what was said, whether it was read or not) nor when it repeats the figure just claimed.
    rest = reader.text[said.end() :]
    if rest.strip(" .!"):
        return True
    echoed = reader.reader.claims[-1] if reader.reader.claims else None
    repeated = echoed is not None and echoed.value == ordinal_value(said.group("ord")) and topic in echoed.subjects
    return "!" not in rest and not repeated


# A fragment opening with "Winner" names the one in view as the winner: "Winner, 205.16.", "Winner with 8 points
# to spare." Only with a figure or alone: "Winner of the best-dressed vote" is no result.
_FRAGMENT_WINNER = re.compile(
    r"^[\s\-–•*>(\"“‘]*(?:(?:and|but|finally|eventually|ultimately)\b[\s,]*)*(?P<winner>winners?)"
    r"(?=\s*[.!]*\s*$|\s*[,;:(–—-]?\s*(?:with\s+|on\s+|at\s+)?\d+\.\d)",
    re.IGNORECASE,
)


def fragment_winner(reader: SentenceReader, clause: Clause) -> None:
    """The gold of the one in view, said by a fragment opening with "Winner" (see _FRAGMENT_WINNER)."""
    said = _FRAGMENT_WINNER.match(reader.text) if clause.start == 0 else None
    if said is None or reader.negated(said.start("winner")) or (topic := fragment_subject(reader)) is None:
        return
    medal_claim(reader, said.start("winner"), Who([topic]), "gold", None)


# A list line: a bullet or a number and a full stop or bracket ("- riku/ryuichi 2nd, 74.42", "3) Sato 80.12").
_LIST_LINE = re.compile(r"^\s*(?:[-–•*>]|\d{1,2}[.)])\s+")
HEADING_WORDS = 6


def heading_segments(text: str, segments: list[str], trigger: bool, current: list[str]) -> list[str]:
    """The segment a heading names for the list lines under it ("FRI, pairs short", "Free skate:"): a short line
    that claims nothing and names one segment. Another heading ends it (naming a segment or not); list lines and
    sentences keep it."""
    if trigger or _LIST_LINE.match(text) or len(text.split()) > HEADING_WORDS:
        return current
    kinds = list(dict.fromkeys(segments))
    return kinds if len(kinds) == 1 else []


def listed_under(state: _HasHeading, text: str) -> str | None:
    """The segment of a list line under a heading that names one: a place or score there is that segment's. Under
    a heading of the first segment only ("pairs short"): under "women free" a place may be the final one, and is
    read as the places a sentence after one naming the free skate are (both readings)."""
    if not state.heading or not _LIST_LINE.match(text):
        return None
    if state.heading[0] in FIRST_SEGMENT:
        return state.heading[0]
    state.segments = list(state.heading)
    return None


# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())
