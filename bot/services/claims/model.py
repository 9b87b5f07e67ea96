"""What the claim check produces: claims (with the readings a sentence allows), verdicts, the report."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text, t
from bot.text import shorten

CONSISTENT = "consistent"
CONTRADICTED = "contradicted"
UNCHECKABLE = "not checkable"
MAX_SENTENCE = 300

# The segments' English words (the claim reader's vocabulary); what a reader sees is `segment_text`.
SEGMENT_WORDS = {
    "short_program": "short program",
    "free_skate": "free skate",
    "rhythm_dance": "rhythm dance",
    "free_dance": "free dance",
}
MEDAL_PLACE = {"gold": 1, "silver": 2, "bronze": 3}
MEDAL_NAME = {1: "gold", 2: "silver", 3: "bronze"}


def segment_text(kind: str) -> Text:
    """A segment's name in the reader's words ("free skate")."""
    return t("claim-segment", kind=kind)


def medal_text(medal: str) -> Text:
    """A medal's name in the reader's words ("silver")."""
    return t("claim-medal", medal=medal)


def or_text(items: list[Text] | tuple[Text, ...]) -> Text:
    """Readings in the reader's words: "a", "a or b", "a or b or c"."""
    *head, last = items
    out = last
    for item in reversed(head):
        out = t("claim-or", first=item, rest=out)
    return out


#: The kinds of claim, as verdicts and the evaluation report them.
KINDS = (
    "medal",  # gold/silver/bronze, champion, runner-up, won the title, completed the podium
    "medallist",  # some medal, which one not said (the podium, the medal ceremony)
    "place",  # final place
    "segment_place",  # place in one segment
    "score",  # a segment score (or a number that may be a segment score or the total: see Claim.segments)
    "total",  # the final total
    "team",  # a team-event place or medal (of a country, or of a skater's team)
    "team_points",  # a country's team-event points
    "margin",  # points between two results
    "order",  # finished ahead of / behind another
    "fall",  # falls in a skate
)


@dataclass(frozen=True, slots=True)
class Subject:
    """Who a claim is about: a skater, a couple, a country, a place in the standings, or a name the store lacks."""

    name: str  # display name: "Kaori Sakamoto", "Riku Miura / Ryuichi Kihara", "USA", "Kamila Valieva"
    ids: tuple[int, ...] = ()  # one skater, or a couple; empty for a country, a rank or an unknown name
    country: str | None = None  # IOC code of a country subject
    rank: int | None = None  # "the winner" (1), "the silver medallists" (2), "the podium" (3)
    missing: Text | None = None  # why a name has no ids: "not in the results store", "could be A or B"
    shown: Text | None = None  # what a reader sees instead of `name` when the name is ours ("the podium")

    @property
    def label(self) -> Text | str:
        """The subject as a reader sees it: its name, or our words for a place in the standings."""
        return self.shown or self.name

    @property
    def resolved(self) -> bool:
        return bool(self.ids) or self.country is not None or self.rank is not None


@dataclass(frozen=True, slots=True)
class Claim:
    """One checkable statement about results, as read from one sentence.

    A sentence may allow several readings; they are kept, not guessed between: ``subjects`` (a figure that
    could be either skater's), ``segments`` (a number that could be the total, None, or a segment score),
    ``competitions`` (None for the story's competition, or the words naming another one). The verdict is
    consistent when one reading matches the store and contradicted only when there is one reading."""

    kind: str
    sentence: str  # the sentence (trimmed, <= 300 chars) it came from
    subject: str  # the subject's display name (a team claim's country code once checked)
    claimed: Text  # the claimed value in the reader's words: "silver", "5th", "147.52 in the free skate"
    segment: str | None  # the one segment the claim is about, when there is one
    skater_id: int | None = None  # the (first) resolved skater
    value: float | None = None  # place (medals as 1/2/3), score, points, margin, fall count
    subjects: tuple[Subject, ...] = ()
    segments: tuple[str | None, ...] = ()  # readings of a place or number: None = final result / total
    competitions: tuple[str | None, ...] = (None,)
    other: Subject | None = None  # the rival of an order or margin claim
    ahead: bool = True  # order/margin: the subject is ahead of `other` (False: behind)
    discipline: str | None = None  # named in the clause: "men", "women", "pairs", "ice_dance", "team"
    uncheckable: Text | None = None  # known at reading time: why no figure can check it
    last: bool = False  # a place claimed as the last one ("finished last"): its number is the field's size
    # The skaters its paragraph names (each subject's ids): which edition a loose name means (.editions)
    named_with: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    claim: Claim
    outcome: str  # "consistent", "contradicted", "not checkable": the kind of verdict, never shown as is
    stored: Text | str | None  # the stored figure: a Text ("5th (silver)"), or a score or note as stored
    source: str | None
    why: Text
    reading: Text | None = None  # which reading the verdict used: "Milano Cortina 2026 · Women's singles · total"
    read_as: tuple[str, str, str | None] | None = None  # that reading as keys: ("owg2026", "women", None)


@dataclass(frozen=True, slots=True)
class CheckReport:
    verdicts: list[Verdict]
    competition: str | None
    event: Text | None

    @property
    def consistent(self) -> int:
        return sum(v.outcome == CONSISTENT for v in self.verdicts)

    @property
    def contradicted(self) -> int:
        return sum(v.outcome == CONTRADICTED for v in self.verdicts)

    @property
    def uncheckable(self) -> int:
        return sum(v.outcome == UNCHECKABLE for v in self.verdicts)

    def summary_text(self) -> Text:
        """The counts in the reader's words: "3 consistent · 1 contradicted · 0 not checkable"."""
        if not self.verdicts:
            return t("claim-summary-none")
        return t(
            "claim-summary",
            consistent=self.consistent,
            contradicted=self.contradicted,
            uncheckable=self.uncheckable,
        )

    def summary(self) -> str:
        """The counts in English: stored with the story (Story.check_summary) and printed by the command line."""
        return str(self.summary_text())


def trim(sentence: str) -> str:
    return shorten(sentence, MAX_SENTENCE)
