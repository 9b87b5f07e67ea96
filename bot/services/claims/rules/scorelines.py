"""Scorelines: "189.06 to 188.42 over Chock and Bates", "won the rhythm dance 77.23 to 76.12 against them". The
number after "N to" is the other side's score, never the subject's and never a margin; it is the rival's when the
words name the rival right after it, else nobody's. "from N to M" is one skater's progress, not a scoreline."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.services.claims.model import Subject

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE
_SECOND = re.compile(r"(?P<start>\bfrom\s+)?\d+\.\d\d\s+to\s+$", _I)
_RIVAL_GAP = re.compile(r"\s*(?:points?\s+)?(?:over|against|for|from)\s+(?:the\s+)?", _I)


def second_of_scoreline(before: str) -> bool:
    """Whether a number after `before` is the second of a scoreline ("189.06 to ")."""
    found = _SECOND.search(before)
    return found is not None and found.group("start") is None


def other_side(sentence: SentenceReader, end: int) -> Subject | None:
    """The rival named right after a scoreline's second number ("188.42 over Chock and Bates"), if any."""
    after = [m for m in sentence.mentions if m.start >= end and m.subject is not None and m.kind != "rank"]
    if after and _RIVAL_GAP.fullmatch(sentence.text, end, after[0].start):
        return after[0].subject
    return None
