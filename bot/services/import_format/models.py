"""The format's shape as typed models: what each object holds and of which type, and how a figure reads."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from msgspec import UNSET, Meta, Struct, UnsetType

from db.models import Provenance as StoredProvenance

FORMAT_NAME = "skatebot-results"
FORMAT_VERSION = 1
LEVELS = (
    "olympics",
    "worlds",
    "europeans",
    "four-continents",
    "grand-prix",
    "grand-prix-final",
    "challenger",
    "junior-worlds",
    "national",
    "other",
)
DISCIPLINES = ("men", "women", "pairs", "ice_dance", "team")
SEGMENT_KINDS = ("short_program", "free_skate", "rhythm_dance", "free_dance")
STATUSES = (None, "WD", "FNR", "DSQ")
COUPLE_DISCIPLINES = ("pairs", "ice_dance")


class ImportFormatError(ValueError):
    """The file is not valid skatebot results data; the message names the file and the place."""


# A string with something in it besides spaces; every stored text is stripped after decoding.
Text = Annotated[str, Meta(pattern=r"\S")]
Number = int | float


class _Model(Struct, kw_only=True):
    """Strips the text fields after decoding, so every reader sees the text as it will be stored."""

    def __post_init__(self) -> None:
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if isinstance(value, str):
                setattr(self, name, value.strip())


# --- figures ---------------------------------------------------------------------------------------------


class Provenance(_Model, kw_only=True):
    """Where figures come from: ``{"confidence", "sources", "note"}``, given on a figure or inherited."""

    confidence: str | None = None
    sources: list[Text] = []
    note: str | None = None

    def stored(self) -> StoredProvenance:
        """The provenance as the store keeps it (sources and note stripped)."""
        return StoredProvenance(self.confidence or "", tuple(s.strip() for s in self.sources), self.note or "")


class IntFigure(Provenance, kw_only=True):
    """A whole-number figure with its own provenance; ``value`` null is a figure not known."""

    value: int | None = None


class NumberFigure(Provenance, kw_only=True):
    """A score with its own provenance; ``value`` null is a figure not known."""

    value: Number | None = None


class TextFigure(Provenance, kw_only=True):
    """A note with its own provenance."""

    value: str | None = None


# A figure is a bare value (it takes the nearest enclosing provenance) or an object with its own.
IntValue = int | IntFigure | None
NumberValue = Number | NumberFigure | None
TextValue = str | TextFigure | None


# --- the document ----------------------------------------------------------------------------------------


class Official(_Model, kw_only=True):
    """One member of a segment's panel, as printed."""

    role: Text
    name: Text
    nation: str | None = None


def _iso_date(value: str | None) -> str | None:
    """``2026-2-1`` as ``2026-02-01``; a value that is no date stays as it is for :func:`problems` to report."""
    if value is None:
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d").date().isoformat()
    except ValueError:
        return value


class Segment(_Model, kw_only=True):
    """One segment of an event (short program, free skate, ...), in skating order."""

    id: Text
    kind: str
    name: Text
    date: str | None = None
    start_time: Text | None = None
    # Left out: the stored panel stays; given: it replaces the stored one as a whole.
    officials: list[Official] | UnsetType = UNSET
    discipline: str | None = None
    results_complete: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        self.date = _iso_date(self.date)


class Skater(_Model, kw_only=True):
    """One skater of an entry; ``aliases`` are other spellings and scripts met in sources."""

    name: Text
    isu_id: Text | None = None
    aliases: list[Text] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.aliases = [alias.strip() for alias in self.aliases]


class Element(_Model, kw_only=True):
    """One executed element of a protocol."""

    number: Number
    code: str
    info: str = ""
    base_value: Number
    bonus: bool = False
    goe: Number
    judges: list[str] = []
    panel_score: Number


class Component(_Model, kw_only=True):
    """One program component of a protocol."""

    name: str
    factor: Number
    judges: list[str] = []
    score: Number


class Deduction(_Model, kw_only=True):
    """One deduction of a protocol, in positive points."""

    reason: str
    points: Number


class Protocol(_Model, kw_only=True):
    """The judges' details of one skater in one segment."""

    elements: list[Element] = []
    components: list[Component] = []
    deductions: list[Deduction] = []


class SegmentResult(_Model, kw_only=True):
    """An entry's figures in one segment; a figure left out keeps what the store has, a null clears it."""

    rank: IntValue | UnsetType = UNSET
    tss: NumberValue | UnsetType = UNSET
    tes: NumberValue | UnsetType = UNSET
    pcs: NumberValue | UnsetType = UNSET
    deductions: NumberValue | UnsetType = UNSET
    starting_number: IntValue | UnsetType = UNSET
    protocol: Protocol | None = None
    provenance: Provenance | None = None


class Entry(_Model, kw_only=True):
    """One skater or couple in an event."""

    skaters: list[Skater]
    country: str  # "": not known (the source left the nation blank); else a three-letter code (rules.py)
    place: IntValue | UnsetType = UNSET
    total: NumberValue | UnsetType = UNSET
    status: str | UnsetType | None = UNSET
    segments: dict[str, SegmentResult] = {}
    notes: list[TextValue] = []
    provenance: Provenance | None = None


class TeamSegment(_Model, kw_only=True):
    """Who skated one segment for a team, and what it earned."""

    skaters: list[Text]
    rank: IntValue = None
    points: NumberValue = None
    tss: NumberValue = None


class Team(_Model, kw_only=True):
    """One country's standing in the team event."""

    country: Text
    name: Text
    place: IntValue = None
    points: NumberValue = None
    segments: dict[str, TeamSegment] = {}
    provenance: Provenance | None = None


class Event(_Model, kw_only=True):
    """One category of a competition (senior men, junior women, a federation's own level)."""

    id: Text
    name: Text
    discipline: str
    # Optional here only so that a missing level gets the message listing the levels (see problems()).
    level: str | None = None
    segments: list[Segment]
    entries: list[Entry] = []
    entries_complete: bool = False
    teams: list[Team] = []
    notes: list[TextValue] = []
    provenance: Provenance | None = None


class Competition(_Model, kw_only=True):
    """One competition: its identity, its default provenance and its events."""

    id: Text
    name: Text
    short_name: Text | None = None
    season: Text
    level: str
    city: Text | None = None
    country: Text | None = None
    venue: Text | None = None
    start_date: str | None = None
    end_date: str | None = None
    timezone: Text | None = None
    provenance: Provenance | None = None
    events: list[Event]

    def __post_init__(self) -> None:
        super().__post_init__()
        self.start_date, self.end_date = _iso_date(self.start_date), _iso_date(self.end_date)


class ResultsDocument(_Model, kw_only=True):
    """A whole file: ``{"format": "skatebot-results", "version": 1, "competitions": [...]}``."""

    format: str
    version: int
    description: str | None = None
    competitions: list[Competition]


def figure(raw: Any, inherited: Provenance | None) -> tuple[Any, Provenance | None]:
    """A checked figure's (value, provenance); (None, None) when it is not known.

    A bare value takes the inherited provenance; a score is rounded to hundredths, a text stripped.
    """
    if raw is None or raw is UNSET:
        return None, None
    if isinstance(raw, Provenance):
        value: Any = getattr(raw, "value", None)
        if value is None:
            return None, None
        provenance: Provenance | None = raw
    else:
        value, provenance = raw, inherited
    if isinstance(value, float):
        value = round(value, 2)
    elif isinstance(value, str):
        value = value.strip()
    return value, provenance
