"""What a name search answers (NameMatch, Resolution) and when a best match is confident enough to be the answer;
and the packed strings the index keeps its names in.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from bot.services.names.scoring import EXACT_SCORE

# resolve(): an exact / word-order-equal name is confident when it is unique; a fuzzy best
# match is confident when it is good and clearly ahead of the runner-up.
CONFIDENT_SCORE = 75.0

CONFIDENT_MARGIN = 6.0

SUGGESTIONS = 5


@dataclass(frozen=True, slots=True)
class NameMatch:
    """One search hit: whose name it is, under which spelling it matched, and how well."""

    key: int  # the caller's id (skater id, competition id, ...)
    label: str  # the canonical display name of that key
    matched: str  # which name/alias matched (may equal label)
    score: float  # 0..100: how well the text fits the name
    rank: float = 0.0  # the score and what the key's weight adds (see NameIndex.search); the score without one

    @property
    def order(self) -> tuple[bool, float]:
        """The sort key of a search's order, to merge the results of two indexes: the typed name itself first,
        then by rank."""
        return (self.score < EXACT_SCORE, -max(self.rank, self.score))


@dataclass(frozen=True, slots=True)
class Resolution:
    """Outcome of :meth:`NameIndex.resolve`.

    ``match`` is the confident match or None. ``suggestions`` holds up to 5 closest
    matches: when ``match`` is None these are what to offer ("did you mean"); when a match
    was found they are the runners-up (excluding the match itself).
    """

    match: NameMatch | None
    suggestions: list[NameMatch] = field(default_factory=list)

    @property
    def found(self) -> bool:
        """One name was matched confidently."""
        return self.match is not None

    @property
    def ambiguous(self) -> bool:
        """No confident match, but names close enough to offer as a choice."""
        return self.match is None and bool(self.suggestions)


class PackedStrings:
    """A list of strings kept as one UTF-8 buffer and the offsets where each ends: 100,000 names as str objects
    cost about 60 bytes each beyond their text (10 MB per list in a bot whose memory budget is 135 MB); here a
    name costs its bytes and 4. Reading one decodes it (a search reads at most a few hundred)."""

    __slots__ = ("_buffer", "_ends")

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._ends: array[int] = array("I")

    def __len__(self) -> int:
        return len(self._ends)

    def append(self, text: str) -> None:
        # surrogatepass: a lone surrogate in a name (odd input the store refuses, but an index built from other
        # sources may see one) comes back as given instead of failing the whole build.
        self._buffer += text.encode("utf-8", "surrogatepass")
        self._ends.append(len(self._buffer))

    def __getitem__(self, index: int) -> str:
        start = self._ends[index - 1] if index > 0 else 0
        return self._buffer[start : self._ends[index]].decode("utf-8", "surrogatepass")

    def span(self, first: int, count: int) -> list[str]:
        return [self[i] for i in range(first, first + count)]


def resolution(results: list[NameMatch]) -> Resolution:
    """The outcome of a search by score (best first, at most SUGGESTIONS + 1): its best match when it is confident
    (the typed name itself, unique; or good and clearly ahead of the runner-up), else the closest names to offer."""
    if not results:
        return Resolution(None, [])
    top = results[0]
    runner_up = results[1].score if len(results) > 1 else 0.0
    if top.score >= EXACT_SCORE:
        confident = runner_up < EXACT_SCORE  # two skaters with the same name: ask
    else:
        confident = top.score >= CONFIDENT_SCORE and top.score - runner_up >= CONFIDENT_MARGIN
    if confident:
        return Resolution(top, results[1 : SUGGESTIONS + 1])
    return Resolution(None, results[:SUGGESTIONS])
