"""What the ISU pages and PDFs say, as parsed: plain data, before it is matched to the store."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SkaterRef:
    """A skater or couple as printed: "Yuzuru HANYU", "Meagan DUHAMEL / Eric RADFORD"."""

    name: str
    nation: str  # three-letter code as printed
    isu_id: str | None = None  # "isufs00010967" when the page links a bio (for couples: the couple's bio)
    # Lines printed under the name when it has no "/": a couple's second partner, or the skater's club. Which one
    # depends on the category's discipline, so the importer decides.
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Segment:
    code: str | None  # "SP", "FS", "SD", "RD", "FD" from its name (any language) or PDF name; None: not known
    name: str  # "Short Program"
    number: str  # "001": SEG001.HTM
    detail_page: str  # file name as linked, e.g. "SEG001.HTM"
    panel_page: str | None  # "SEG001OF.HTM"
    scores_pdf: str | None  # "wc2014_Men_SP_Scores.pdf"
    date: str | None  # ISO date from the time schedule
    start_time: str | None  # "HH:MM" local, from the time schedule


@dataclass(frozen=True, slots=True)
class Category:
    number: str  # "001"
    name: str  # "Men", "Ladies", "Pairs", "Ice Dance"
    discipline: str | None  # men, women, pairs, ice_dance as its name says; None when the name names none (or two)
    entries_page: str | None  # "CAT001EN.HTM"
    result_page: str  # "CAT001RS.HTM"
    colour: str | None = None  # the index row's colour class: ISUCalcFS and FS Manager colour rows by discipline
    segments: list[Segment] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class EventIndex:
    name: str  # "ISU World Figure Skating Championships 2014"
    city: str | None
    country: str | None  # three-letter code when the page says it
    venue: str | None
    start_date: str | None  # ISO
    end_date: str | None
    timezone: str | None  # IANA zone or UTC offset text when the schedule gives one
    generation: str  # "ISUCalcFS" or "FS Manager"
    categories: list[Category] = field(default_factory=list)
    # Rows of the categories' table that name something but link no category page (a "Medal table" row a
    # federation added): passed over, each said so, the categories around them read.
    unread_rows: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Heading:
    """What a page says it is about: its <title> ("Event - Category") and its captions ("Category - Segment")."""

    title: str
    captions: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class FinalRow:
    place: int | None
    skater: SkaterRef
    total: float | None
    status: str | None  # WD, FNR, DSQ, or None
    segment_places: dict[str, int | None] = field(default_factory=dict)  # segment code -> place


@dataclass(frozen=True, slots=True)
class SegmentRow:
    rank: int | None
    skater: SkaterRef
    tss: float | None
    tes: float | None
    pcs: float | None
    deductions: float | None  # as a positive number of points taken off
    starting_number: int | None
    components: dict[str, float] = field(default_factory=dict)  # component name as printed -> factored? (raw)
    status: str | None = None


@dataclass(frozen=True, slots=True)
class Official:
    role: str  # "Referee", "Technical Specialist", "Judge No.1", ...
    name: str
    nation: str | None


@dataclass(frozen=True, slots=True)
class Element:
    number: int
    code: str  # "4T+3T", "3A", "CCoSp4"
    info: str  # markers as printed: "<", "<<", "q", "e", "!", "F", "*", "REP", "" (space separated if several)
    base_value: float
    bonus: bool  # "x": second-half bonus
    goe: float
    judges: list[str]  # each judge's mark as printed ("2", "-1", "-" for none)
    panel_score: float


@dataclass(frozen=True, slots=True)
class Component:
    name: str  # "Skating Skills"
    factor: float
    judges: list[str]
    score: float  # panel average as printed (before the factor)


@dataclass(frozen=True, slots=True)
class Deduction:
    reason: str  # "Falls", "Time violation", ...
    points: float  # positive


@dataclass(frozen=True, slots=True)
class Protocol:
    """One skater's judges' details in one segment."""

    rank: int
    name: str
    nation: str
    starting_number: int | None  # None: the PDF has no starting number column (2006)
    tss: float
    tes: float
    pcs: float
    deductions: float  # total, positive
    elements: list[Element] = field(default_factory=list)
    components: list[Component] = field(default_factory=list)
    deduction_items: list[Deduction] = field(default_factory=list)
