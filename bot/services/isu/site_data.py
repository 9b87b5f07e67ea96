"""What an ISU results site holds once read: its categories and their segments, as the importer's steps pass them
(read: bot.services.isu.site_reading; placed: bot.services.isu.placing; written: bot.services.isu.document).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.i18n import Text
from bot.services.isu.model import (
    Category,
    EventIndex,
    FinalRow,
    Official,
    Protocol,
    Segment,
    SegmentRow,
)

COUPLES = frozenset({"pairs", "ice_dance"})


Progress = Callable[[str, str], None]  # (what: "page" | "pdf", name)


@dataclass
class SegmentData:
    segment: Segment
    code: str
    kind: str
    rows: list[SegmentRow] | None = None  # None: the page is missing or has no table yet
    panel: list[Official] | None = None
    protocols: list[Protocol] = field(default_factory=list)
    rows_page: str | None = None  # where the rows were read when not from the segment page (its PDF)


@dataclass
class CategoryData:
    category: Category
    discipline: str
    level: str
    key: str  # the event's id in the store: "women", "junior-women", "r3-a-pou-ben-women"
    results: list[FinalRow] | None  # None: the result page is missing or empty
    segments: list[SegmentData] = field(default_factory=list)
    derived: bool = False  # read from PDFs alone: totals and places are derived from the segments

    @property
    def complete(self) -> bool:
        """Every page of the category was read: its entries are the whole category."""
        return self.results is not None and all(s.rows is not None for s in self.segments)


@dataclass
class SiteData:
    index: EventIndex
    categories: list[CategoryData] = field(default_factory=list)
    code: str | None = None  # the ISU event code, when the address or the PDF names give one
    season: str | None = None  # when no date says it: from the event code (PDFs alone)
    pages: int = 0
    pdf_pages: int = 0
    warnings: list[Text] = field(default_factory=list)
