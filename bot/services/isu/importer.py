"""Importing an official ISU results site: read every page and PDF there is, check it, then write it in one go.

Real sites are partial (published during the event), localized (federations run the software in their language)
and sometimes stale (a page left over from another event). So:

- what is missing or not yet there (a 404, a page without its table, a PDF not uploaded, a PDF the parser cannot
  read) is a warning naming the file, and everything else imports;
- a category is placed (discipline, level, segments) only when its readings agree: its name in any language of
  :mod:`bot.services.isu.vocabulary`, the FS Manager PDF codes, the index row's colour, the segments it has and the
  entries' shape (couples or not). A category that cannot be placed, or whose pages name another competition or
  category, is skipped with a warning;
- a damaged page (truncated, a garbled number) is an error: nothing is written.

The competition's identity comes from the ISU event code in the site's address or PDF names ("wc2014"), else from
its name, start date and city. A site whose name, dates or place differ from the competition stored under the same
identity is refused unless the import is a correction.

Everything is read and parsed first (pages and PDFs in a worker thread, never on the event loop), then written in
one transaction through the results importer (bot.services.importer): a re-import is a no-op, a corrected page an
update of just what changed, and rows a corrected site no longer lists are removed (and counted). Every figure is
recorded as `official`, with the page or PDF it was read from as its source.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from bot.i18n import Text, t
from bot.services.importer import ImportReport, import_document
from bot.services.isu.grid import Doc
from bot.services.isu.ijslive import (
    IjsEvent,
    IjsIndex,
    IjsSegment,
    is_ijslive,
    parse_ijslive_index,
    parse_ijslive_segment,
    unwrap,
)
from bot.services.isu.model import (
    Category,
    EventIndex,
    FinalRow,
    Heading,
    Official,
    Protocol,
    Segment,
    SegmentRow,
    SkaterRef,
)
from bot.services.isu.pages import (
    Decoded,
    EmptyPage,
    OtherPage,
    PageError,
    decode_page,
    parse_index,
    parse_panel,
    parse_result_page,
    parse_segment_page,
)
from bot.services.isu.pdf_site import (
    PdfHeading,
    build_index,
    code_in_folder,
    name_of_code,
    read_heading,
    season_of_code,
    segment_rows,
)
from bot.services.isu.protocol_pdf import ProtocolError, ProtocolPdf, parse_protocol_pdf, parse_protocols_counted
from bot.services.isu.source import FolderSource, HttpSource, MissingFile, Source, SourceError
from bot.services.isu.vocabulary import (
    DANCE_SEGMENTS,
    ODF_DISCIPLINES,
    ODF_LEVELS,
    SEGMENT_KINDS,
    SHORT_SEGMENTS,
    latin_nation,
    read_category_name,
    segment_code,
)
from bot.services.levels import SENIOR, level_label
from bot.services.names import normalize
from db.database import Database
from db.repositories.results import ResultsRepository

COMPETITION_LEVELS = [  # the competition's kind, recognised from its name
    ("olympic", "olympics"),
    ("world junior", "junior-worlds"),
    ("world figure skating championships", "worlds"),
    ("world championships", "worlds"),
    ("european", "europeans"),
    ("four continents", "four-continents"),
    ("junior grand prix", "other"),
    ("grand prix final", "grand-prix-final"),
    ("grand prix", "grand-prix"),
    ("challenger", "challenger"),
]
COUPLES = frozenset({"pairs", "ice_dance"})
# The colours ISUCalcFS and FS Manager give index rows: blue men, red women, green pairs, yellow ice dance.
COLOURS = {"blue": "men", "red": "women", "green": "pairs", "yellow": "ice_dance"}
# ISU event codes: wc2014, gpcan2017, gpf1920, jgpfra2019, owg2022 ...
_EVENT_CODE = re.compile(r"^[a-z]{2,9}\d{4}$", re.IGNORECASE)
_PDF_EVENT_CODE = re.compile(r"^([a-z]{2,9}\d{4})_", re.IGNORECASE)
# FS Manager PDFs: FSKWSINGLES-ADVNOV--2QFNL-000100--_JudgesDetailsperSkater.pdf
_ODF = re.compile(r"^FSK([MWX][A-Z]+?)-+([A-Z]*)-", re.IGNORECASE)

Progress = Callable[[str, str], None]  # (what: "page" | "pdf", name)
_T = TypeVar("_T")
# A page's parse (in a worker thread) is given up after this: a hostile or broken page must not hold an import or a
# live poll for minutes. Parses are linear in the page (grid.bounded_depth); a real page takes milliseconds.
PARSE_DEADLINE = 20.0


class ImportTimeout(SourceError):
    """The whole import took longer than its deadline: nothing was written."""


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


@dataclass
class IsuImportSummary:
    competition: str
    key: str
    categories: int
    segments: int
    entries: int
    elements: int
    pages: int
    pdf_pages: int
    warnings: list[Text]  # what was not imported, and why: shown to the owner who imported
    report: ImportReport

    def lines(self) -> list[Text]:
        """The summary, what the import changed and each warning: one message a line, for /admin import-isu
        to put into the owner's words."""
        counts = t(
            "isu-summary",
            competition=self.competition,
            key=self.key,
            categories=self.categories,
            segments=self.segments,
            entries=self.entries,
            elements=self.elements,
            pages=self.pages,
            pdf_pages=self.pdf_pages,
        )
        return [counts, self.report.describe_text(), *(t("isu-warning", warning=w) for w in self.warnings)]

    def describe(self) -> str:
        """The lines in English, for the command line."""
        return "\n".join(str(line) for line in self.lines())


# --------------------------------------------------------------------------------------------------------------------
# reading


class _Reader:
    def __init__(self, source: Source, site: SiteData | None, progress: Progress | None) -> None:
        self.source = source
        self.site = site
        self.progress = progress
        self.warnings: list[Text] = []
        self.pages = 0

    def warn(self, text: Text) -> None:
        self.warnings.append(text)

    async def page(self, name: str, parse: Callable[[str, str], _T]) -> _T:
        """Reads a page and parses it in a worker thread (a big page never stalls the event loop)."""
        raw = await self.source.read(name)
        if self.progress:
            self.progress("page", name)
        try:
            decoded, result = await asyncio.wait_for(
                asyncio.to_thread(_decode_and_parse, raw, name, self.source, parse), PARSE_DEADLINE
            )
        except TimeoutError:
            raise PageError(f"{name}: parsing took longer than {PARSE_DEADLINE:g} s, so it was cut off") from None
        self.pages += 1
        if decoded.how == "detected":
            self.warn(t("isu-charset-detected", file=name, encoding=decoded.encoding))
        return result


def _decode_and_parse(raw: bytes, name: str, source: Source, parse: Callable[[str, str], _T]) -> tuple[Decoded, _T]:
    decoded = decode_page(raw, name, source.declared_charset(name))
    return decoded, parse(decoded.text, name)


# PDFium is not thread-safe: one PDF at a time, and only ever in a worker thread (never on the event loop).
_PDFIUM = threading.Lock()


def _parse_pdf(data: bytes, name: str) -> tuple[list[Protocol], int]:
    with _PDFIUM:
        return parse_protocols_counted(data, name)


def _parse_whole_pdf(data: bytes, name: str) -> ProtocolPdf:
    with _PDFIUM:
        return parse_protocol_pdf(data, name)


async def _read_pdf_site(reader: _Reader, source: FolderSource) -> SiteData:
    """A folder without an index page: the competition its judges' details PDFs make (see pdf_site)."""
    pdfs: dict[str, tuple[ProtocolPdf, PdfHeading]] = {}
    pdf_pages = 0
    other = 0
    found = _FoundPages()
    for name in source.names():
        if name.lower().endswith((".htm", ".html", ".asp", ".aspx", ".php")):  # ijsLive serves .asp pages
            if not await _read_page_by_content(reader, name, found):
                other += 1
            continue
        if not name.lower().endswith(".pdf"):
            other += 1
            continue
        try:
            data = await source.read(name)
            pdf = await asyncio.to_thread(_parse_whole_pdf, data, name)
        except (ProtocolError, SourceError) as exc:
            reader.warn(t("isu-pdf-unread", error=str(exc)))
            continue
        if reader.progress:
            reader.progress("pdf", name)
        pdf_pages += pdf.pages
        heading = read_heading(pdf)
        if heading.team:
            reader.warn(t("isu-pdf-team", file=name))
            continue
        if heading.category is None or heading.code is None:
            reader.warn(t("isu-pdf-unplaced", file=name, heading=" / ".join(pdf.heading[:4])))
            continue
        pdfs[name] = (pdf, heading)
    if other and not found.ijs_index:
        reader.warn(t("isu-no-index", folder=str(source.folder), files=other))
    if found.ijs_index or found.ijs_segments:
        return _ijs_site(reader, source, found)
    if not pdfs and not found.results:
        raise SourceError(f"{source.folder}: no index page, and no results page or judges' details PDF to read")
    code = code_in_folder(source.folder.resolve().name)
    printed = [h.event for _p, h in pdfs.values() if h.event]
    titled = [title for title, _c, _r, _n in found.results if title]
    title = (
        max(set(titled), key=titled.count)
        if titled
        else max(set(printed), key=printed.count)
        if printed
        else (name_of_code(code) if code else None)
    )
    if title is None:
        title = source.folder.resolve().name
        reader.warn(t("isu-pdf-no-name", name=title))
    index = build_index(title, pdfs)
    # A category with a results page and no PDF read (its PDFs unreadable or absent) is a category too.
    with_pdfs = {_reading(c.name) for c in index.categories}
    extra = [
        Category(f"{900 + i:03d}", printed_name, read_category_name(printed_name).discipline, None, page)
        for i, (_t, printed_name, _rows, page) in enumerate(found.results)
        if _reading(printed_name) not in with_pdfs
    ]
    index = replace(index, categories=[*index.categories, *extra])
    if index.start_date:
        reader.warn(t("isu-pdf-dates", start=index.start_date, end=index.end_date or index.start_date))
    site = SiteData(index=index, warnings=reader.warnings, code=code, pdf_pages=pdf_pages)
    site.season = season_of_code(code) if code and not index.start_date else None
    reader.site = site
    site.pages = reader.pages
    for category in index.categories:
        placed = _place_pdf_category(reader, category, pdfs, found)
        if placed is not None:
            site.categories.append(placed)
    return site


def _ijs_site(reader: _Reader, source: Source, found: _FoundPages) -> SiteData:
    index = found.ijs_index
    names = [s.competition for s in found.ijs_segments.values() if s.competition]
    folder = source.folder.resolve().name if isinstance(source, FolderSource) else source.describe("")
    name = index.name if index else (max(set(names), key=names.count) if names else folder)
    event = EventIndex(
        name=name,
        city=index.city if index else None,
        country=None,
        venue=index.venue if index else None,
        start_date=index.start_date if index else None,
        end_date=index.end_date if index else None,
        timezone=None,
        generation="ijsLive",
    )
    site = SiteData(index=event, warnings=reader.warnings)
    reader.site = site
    site.categories = _ijs_categories(reader, found)
    site.index = replace(event, categories=[c.category for c in site.categories])
    site.pages = reader.pages
    return site


async def _read_ijs_index(reader: _Reader, source: Source) -> SiteData | None:
    """A site whose index is an ijsLive event index (an ``.asp`` or ``comp_index.html`` page, read over HTTP by
    `/live watch` or an import by URL): the category-segment pages it links, each read by what it holds; None when the
    index is not ijsLive's."""
    try:
        index = await reader.page(source.index_name, _ijslive_page)
    except (PageError, SourceError):
        return None
    if not isinstance(index, IjsIndex):
        return None
    found = _FoundPages(ijs_index=index)
    for event in index.events:
        try:
            page = await reader.page(event.page, _ijslive_page)
        except MissingFile:
            continue  # said once per segment by _ijs_categories ("not there yet")
        except (PageError, SourceError) as exc:
            reader.warn(t("isu-page-unread", error=str(exc)))
            continue
        if isinstance(page, IjsSegment):
            found.ijs_segments[event.page] = page
    return _ijs_site(reader, source, found)


@dataclass
class _FoundPages:
    """The pages of a folder without an index, read by what they are, not by their names."""

    results: list[tuple[str, str, list[FinalRow], str]] = field(default_factory=list)  # title, category, rows, file
    panels: list[tuple[str, str, list[Official], str]] = field(default_factory=list)  # category, segment, rows, file
    ijs_index: IjsIndex | None = None
    ijs_segments: dict[str, IjsSegment] = field(default_factory=dict)  # file -> its category-segment results


def _split_heading(heading: Heading) -> tuple[str, str]:
    """(competition, category) of a page titled "Event - Category" (its caption naming the category)."""
    event, _, category = heading.title.rpartition(" - ")
    caption = heading.captions[0] if heading.captions else ""
    return (event.strip() or heading.title.strip()), (caption or category).strip()


async def _read_page_by_content(reader: _Reader, name: str, found: _FoundPages) -> bool:
    """A renamed page (``men_results.html``): a category's final result or a segment's panel, by what it holds.
    False: neither (an entries list, another page), not read into the competition."""
    try:
        ijs = await reader.page(name, _ijslive_page)
    except (PageError, SourceError):
        return False
    if isinstance(ijs, IjsIndex):
        found.ijs_index = found.ijs_index or ijs
        return True
    if isinstance(ijs, IjsSegment):
        found.ijs_segments[name] = ijs
        return True
    try:
        rows, heading = await reader.page(name, parse_result_page)
    except (OtherPage, EmptyPage, SourceError):
        pass
    except PageError as exc:  # a results table that cannot be read: said so, not counted among "other files"
        reader.warn(t("isu-page-unread", error=str(exc)))
        return True
    else:
        event, category = _split_heading(heading)
        if category and category != heading.title.strip():
            found.results.append((event, category, rows, name))
            return True
    try:
        panel = await reader.page(name, _panel_with_heading)
    except (PageError, SourceError):
        return False
    officials, heading = panel
    category, _, segment = (heading.captions[0] if heading.captions else "").rpartition(" - ")
    if category and segment_code(segment):
        found.panels.append((category.strip(), segment.strip(), officials, name))
        return True
    return False


def _ijslive_page(html: str, name: str) -> IjsIndex | IjsSegment | None:
    """An ijsLive page (an index or a category-segment's results), or None for any other page."""
    if not is_ijslive(unwrap(html)):
        return None
    try:
        return parse_ijslive_segment(html, name)
    except PageError:
        return parse_ijslive_index(html, name)


_IJS_PAGE_NAME = re.compile(r"CAT\d+SEG\d+\.html?", re.IGNORECASE)


def _ijs_categories(reader: _Reader, found: _FoundPages) -> list[CategoryData]:
    """The categories of an ijsLive site: the index's lines (each category-segment), with the results of the pages
    that are there; a linked page that is absent is a warning."""
    events = list(found.ijs_index.events) if found.ijs_index else []
    pages = {name.lower(): (name, seg) for name, seg in found.ijs_segments.items()}
    listed = {e.page.lower() for e in events}
    # A page of a category-segment that another page is already read for (a saved copy, "old_CAT036SEG034.html") is
    # read once: the page the index lists, else the one under ijsLive's own name, else the first by name.
    by_what: dict[tuple[str, str], str] = {}
    for event in events:
        if event.page.lower() in pages:
            seg = pages[event.page.lower()][1]
            by_what[(normalize(seg.category), normalize(seg.segment))] = event.page
    unlisted = sorted(
        (name for name in found.ijs_segments if name.lower() not in listed),
        key=lambda name: (not _IJS_PAGE_NAME.fullmatch(name), name.lower()),
    )
    for name in unlisted:  # results pages the index does not list (or no index at all)
        seg = found.ijs_segments[name]
        what = (normalize(seg.category), normalize(seg.segment))
        if what in by_what:
            reader.warn(t("isu-page-copy", file=name, other=by_what[what], category=seg.category, segment=seg.segment))
            continue
        by_what[what] = name
        m = re.search(r"CAT(\d+)SEG", name, re.IGNORECASE)
        events.append(IjsEvent(m.group(1) if m else name, seg.category, seg.segment, name, ""))
    grouped: dict[str, list[IjsEvent]] = {}
    for event in events:
        grouped.setdefault(event.category_number, []).append(event)
    out: list[CategoryData] = []
    unknown = 0
    for number, items in grouped.items():
        printed = items[0].category
        if len(items) == 1 and printed.endswith(" " + items[0].segment):  # "Adult Bronze Women Free Skate"
            printed = printed.removesuffix(" " + items[0].segment)
        segments, rows_of = [], []
        for i, event in enumerate(items, 1):
            page = pages.get(event.page.lower())
            segments.append(
                Segment(
                    segment_code(event.segment),
                    event.segment,
                    f"{number}{i:02d}",
                    page[0] if page else event.page,
                    None,
                    None,
                    None,
                    None,
                )
            )
            rows_of.append(page[1].rows if page else None)
            if page is None:
                reader.warn(
                    t(
                        "isu-no-segment-results",
                        error=f"{event.page}: not there",
                        category=printed,
                        segment=event.segment,
                    )
                )
        category = Category(number, printed, read_category_name(printed).discipline, None, "", segments=segments)
        refs = [r.skater for rows in rows_of for r in rows or []]
        placed = _place(category, refs)
        if isinstance(placed, Text):
            reader.warn(t("isu-category-skipped", category=printed, problem=placed))
            continue
        discipline, level = placed
        codes = _segment_codes(category, discipline)
        if isinstance(codes, Text):
            reader.warn(t("isu-category-skipped", category=printed, problem=codes))
            continue
        data = CategoryData(category, discipline, level, _event_key(discipline, level), None)
        for segment, rows, code in zip(segments, rows_of, codes, strict=True):
            kind = SEGMENT_KINDS.get(code)
            if kind is None:
                reader.warn(t("isu-segment-unstorable", category=printed, segment=segment.name, code=code))
                continue
            data.segments.append(SegmentData(segment, code, kind, rows))
            unknown += len(rows or [])
        if data.key in {c.key for c in out}:
            reader.warn(t("isu-category-twice", category=printed, reading=_describe(data), other=repr(printed)))
            continue
        out.append(data)
    if unknown:
        reader.warn(t("isu-ijslive-no-nation", entries=unknown))
    return out


def _panel_with_heading(html: str, name: str) -> tuple[list[Official], Heading]:
    return parse_panel(html, name), Doc(html, name).heading()


def _reading(printed: str) -> tuple[str | None, str | None, str]:
    """What a category name says (discipline, level, level words), to tell pages and PDFs of one category."""
    reading = read_category_name(printed)
    return reading.discipline, reading.level, normalize(reading.level_text)


def _place_pdf_category(
    reader: _Reader, category: Category, pdfs: dict[str, tuple[ProtocolPdf, PdfHeading]], found: _FoundPages
) -> CategoryData | None:
    mine = _reading(category.name)
    results = next(((rows, page) for _t, c, rows, page in found.results if _reading(c) == mine), None)
    if results is not None:
        category = replace(category, result_page=results[1])
    refs = [SkaterRef(p.name, p.nation) for s in category.segments for p in pdfs[s.detail_page][0].protocols]
    refs += [r.skater for r in results[0]] if results else []
    placed = _place(category, refs)
    if isinstance(placed, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=placed))
        return None
    discipline, level = placed
    data = CategoryData(
        category,
        discipline,
        level,
        _event_key(discipline, level),
        results[0] if results else None,
        derived=results is None,
    )
    if results is not None and not category.segments:
        reader.warn(t("isu-result-only", category=category.name, file=results[1]))
        return _settled(reader, data)
    seen: set[str] = set()
    whole = True
    for segment in category.segments:
        code = segment.code or ""
        kind = SEGMENT_KINDS.get(code)
        if kind is None or code in seen or ((code in DANCE_SEGMENTS) != (discipline == "ice_dance")):
            reader.warn(t("isu-segment-unstorable", category=category.name, segment=segment.name, code=code))
            whole = False
            continue
        seen.add(code)
        pdf = pdfs[segment.detail_page][0]
        panel = next((o for c, sg, o, _f in found.panels if _reading(c) == mine and segment_code(sg) == code), None)
        data.segments.append(SegmentData(segment, code, kind, segment_rows(pdf), panel, pdf.protocols))
    if not data.segments:
        return None
    _settled(reader, data)
    if not data.derived:
        return data  # the results page gives the totals and places
    # Totals are derived only from every segment of the category: a short and a free, or a free alone (a
    # category skating one program). A short alone: the free's PDF is missing (or not yet skated).
    kinds = {s.code in SHORT_SEGMENTS for s in data.segments}
    if not whole or kinds == {True}:
        data.derived = False
        reader.warn(t("isu-pdf-no-totals", category=category.name))
    return data


def _settled(reader: _Reader, data: CategoryData) -> CategoryData:
    """The category read by content with one nation per skater across its pages, blank ones warned (as
    `_settle_nations` does for a site read from its index)."""
    pages = [(s.segment, s.rows, s.panel) for s in data.segments]
    data.results, settled = _settle_nations(reader, data.category, data.results, pages)
    for segment, (_s, rows, _p) in zip(data.segments, settled, strict=True):
        segment.rows = rows
    return data


async def read_site(source: Source, progress: Progress | None = None) -> SiteData:
    """Reads and parses what the site has; raises PageError or SourceError (naming the file) only for what is
    damaged or unreachable, and records a warning for what is missing or cannot be placed."""
    reader = _Reader(source, None, progress)
    if isinstance(source, FolderSource) and not source.index_name:
        return await _read_pdf_site(reader, source)
    try:
        index = await reader.page(source.index_name, parse_index)
    except EmptyPage:
        raise  # an index of no categories yet (a site published before its event) is an index: nothing to read yet
    except PageError as exc:
        if not isinstance(source, FolderSource):
            ijs = await _read_ijs_index(reader, source)
            if ijs is None:
                raise
            return ijs
        # The page that looked like the index (it links CAT/SEG pages) is not one: an ijsLive results page
        # linking itself, another generator's page. The folder is read by content instead.
        reader.warn(t("isu-index-not-index", error=str(exc)))
        return await _read_pdf_site(reader, source)
    site = SiteData(index=index, warnings=reader.warnings)
    reader.site = site
    site.code = _event_code(site, source)
    keys: dict[str, str] = {}
    for category in index.categories:
        data = await _read_category(reader, category)
        if data is None:
            continue
        if data.key in keys:
            reader.warn(
                t("isu-category-twice", category=category.name, reading=_describe(data), other=repr(keys[data.key]))
            )
            continue
        keys[data.key] = category.name
        site.categories.append(data)
    site.pages = reader.pages
    return site


async def _read_category(reader: _Reader, category: Category) -> CategoryData | None:
    index = reader.site.index if reader.site else None
    assert index is not None
    results: list[FinalRow] | None = None
    try:
        results, heading = await reader.page(category.result_page, parse_result_page)
    except (MissingFile, EmptyPage) as exc:
        reader.warn(t("isu-no-result-yet", error=str(exc), category=category.name))
    except (PageError, SourceError) as exc:  # damaged or unreadable: that page alone is lost, said so
        reader.warn(t("isu-page-damaged", error=str(exc), category=category.name))
    else:
        problem = _heading_problem(heading, index, [category.name])
        if problem:
            reader.warn(t("isu-stale-page", file=category.result_page, problem=problem, category=category.name))
            return None

    pages: list[tuple[Segment, list[SegmentRow] | None, list[Official] | None]] = []
    for segment in category.segments:
        rows: list[SegmentRow] | None = None
        try:
            rows, heading = await reader.page(segment.detail_page, parse_segment_page)
        except (MissingFile, EmptyPage) as exc:
            reader.warn(t("isu-no-segment-results", error=str(exc), category=category.name, segment=segment.name))
        except (PageError, SourceError) as exc:
            reader.warn(t("isu-page-damaged", error=str(exc), category=category.name))
        else:
            problem = _heading_problem(heading, index, [category.name, segment.name])
            if problem:
                reader.warn(t("isu-stale-page", file=segment.detail_page, problem=problem, category=category.name))
                return None
        panel: list[Official] | None = None
        if segment.panel_page:
            try:
                panel = await reader.page(segment.panel_page, parse_panel)
            except (MissingFile, EmptyPage) as exc:
                reader.warn(t("isu-no-panel", error=str(exc), category=category.name, segment=segment.name))
            except (PageError, SourceError) as exc:
                reader.warn(t("isu-page-damaged", error=str(exc), category=category.name))
        pages.append((segment, rows, panel))

    results, pages = _settle_nations(reader, category, results, pages)
    refs = [r.skater for r in results or []] + [r.skater for _, rows, _ in pages for r in rows or []]
    placed = _place(category, refs)
    if isinstance(placed, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=placed))
        return None
    discipline, level = placed
    codes = _segment_codes(category, discipline)
    if isinstance(codes, Text) and any(s.code for s in category.segments):
        # Segments whose names say no known segment ("Прыжки", a jumps-only round) are left out, each said so;
        # the category keeps the segments it can name.
        for segment in category.segments:
            if not segment.code:
                reader.warn(t("isu-segment-unread", category=category.name, segment=segment.name))
        pages = [page for page in pages if page[0].code]
        category = replace(category, segments=[s for s in category.segments if s.code])
        codes = [s.code for s in category.segments if s.code]
    if isinstance(codes, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=codes))
        return None
    if discipline == "ice_dance" and not all(c in DANCE_SEGMENTS for c in codes):
        reader.warn(t("isu-dance-segments", category=category.name, codes=tuple(codes)))
        return None
    if discipline != "ice_dance" and any(c in DANCE_SEGMENTS for c in codes):
        # The discipline as the importer names it ("pairs", "ice_dance"): a code, as before.
        reader.warn(t("isu-dance-segments-in", category=category.name, discipline=discipline, codes=tuple(codes)))
        return None

    data = CategoryData(category, discipline, level, _event_key(discipline, level), results)
    for (segment, rows, panel), code in zip(pages, codes, strict=True):
        kind = SEGMENT_KINDS.get(code)
        if kind is None:
            reader.warn(t("isu-segment-unstorable", category=category.name, segment=segment.name, code=code))
            continue
        seg = SegmentData(segment, code, kind, rows, panel)
        data.segments.append(seg)
        if segment.scores_pdf:
            seg.protocols = await _read_pdf(reader, segment.scores_pdf, f"{category.name} {segment.name}")
            if seg.rows is None and seg.protocols:
                # The segment page is missing, not yet there or damaged, its PDF is not: the standings as the PDF
                # prints them (a PDF is published once the segment is over).
                seg.rows = [
                    SegmentRow(
                        p.rank, SkaterRef(p.name, p.nation), p.tss, p.tes, p.pcs, p.deductions, p.starting_number
                    )
                    for p in seg.protocols
                ]
                seg.rows_page = segment.scores_pdf
                reader.warn(
                    t("isu-rows-from-pdf", pdf=segment.scores_pdf, category=category.name, segment=segment.name)
                )
        else:
            reader.warn(t("isu-no-pdf-linked", category=category.name, segment=segment.name))
    return data


_Pages = list[tuple[Segment, list[SegmentRow] | None, list[Official] | None]]


def _settle_nations(
    reader: _Reader, category: Category, results: list[FinalRow] | None, pages: _Pages
) -> tuple[list[FinalRow] | None, _Pages]:
    """One nation code per skater across a category's pages: a code printed in Cyrillic on one page ("РОС") is
    the Latin code another page prints for the same name ("RUS"), else the standard one it abbreviates; a blank
    nation cell is an unknown country (warned, never guessed)."""
    latin: dict[str, str] = {}
    for ref in [r.skater for r in results or []] + [r.skater for _, rows, _ in pages for r in rows or []]:
        if ref.nation.isascii() and ref.nation.strip():
            latin.setdefault(normalize(ref.name), ref.nation.strip().upper())
    blank: set[str] = set()
    kept: set[str] = set()

    def settle(ref: SkaterRef) -> SkaterRef:
        code = ref.nation.strip()
        if not code:
            found = latin.get(normalize(ref.name))
            if found:
                return replace(ref, nation=found)
            blank.add(ref.name)
            return replace(ref, nation="")
        if code.isascii():
            return ref if code == ref.nation else replace(ref, nation=code)
        found = latin.get(normalize(ref.name)) or latin_nation(code)
        if found is None:
            kept.add(code)
            return replace(ref, nation=code.upper())
        return replace(ref, nation=found)

    settled_results = [replace(r, skater=settle(r.skater)) for r in results] if results is not None else None
    settled_pages = [
        (segment, [replace(r, skater=settle(r.skater)) for r in rows] if rows is not None else None, panel)
        for segment, rows, panel in pages
    ]
    if blank:
        reader.warn(t("isu-nation-blank", category=category.name, names=", ".join(sorted(blank))))
    if kept:
        reader.warn(t("isu-nation-unread", category=category.name, codes=", ".join(sorted(kept))))
    return settled_results, settled_pages


async def _read_pdf(reader: _Reader, name: str, what: str) -> list[Protocol]:
    try:
        data = await reader.source.read(name)
    except MissingFile as exc:
        reader.warn(t("isu-no-judges-details", error=str(exc), what=what))
        return []
    except SourceError as exc:
        reader.warn(t("isu-pdf-skipped", error=str(exc)))
        return []
    try:
        protocols, pages = await asyncio.to_thread(_parse_pdf, data, name)
    except ProtocolError as exc:
        reader.warn(t("isu-pdf-skipped", error=str(exc)))
        return []
    if reader.site is not None:
        reader.site.pdf_pages += pages
    if reader.progress:
        reader.progress("pdf", name)
    return protocols


def _heading_problem(heading: Heading, index: EventIndex, expected: list[str]) -> Text | None:
    """Why a page is not about this category (its title names another competition, its caption another category
    or segment), or None. A page without a title or caption has nothing to contradict the index."""
    event = normalize(index.name)
    title = normalize(heading.title)
    if title and event and not title.startswith(event):
        return t("isu-problem-title", title=repr(heading.title), competition=repr(index.name))
    if heading.captions:
        wanted = normalize(" ".join(expected))
        if not any(normalize(caption) == wanted for caption in heading.captions):
            return t("isu-problem-caption", caption=repr(heading.captions[0]), expected=repr(" - ".join(expected)))
    return None


def _odf(category: Category) -> tuple[set[str], set[str]]:
    """(disciplines, levels) the FS Manager PDF names of a category give."""
    disciplines: set[str] = set()
    levels: set[str] = set()
    for segment in category.segments:
        m = _ODF.match(Path(segment.scores_pdf or "").name)
        if not m:
            continue
        if m.group(1).upper() in ODF_DISCIPLINES:
            disciplines.add(ODF_DISCIPLINES[m.group(1).upper()])
        if m.group(2).upper() in ODF_LEVELS:
            levels.add(ODF_LEVELS[m.group(2).upper()])
    return disciplines, levels


def _place(category: Category, refs: list[SkaterRef]) -> tuple[str, str] | Text:
    """(discipline, level) when the readings agree, else why not."""
    reading = read_category_name(category.name)
    odf_disciplines, odf_levels = _odf(category)
    codes = {s.code for s in category.segments if s.code}
    if len(reading.disciplines) > 1:
        return t("isu-problem-disciplines-named", disciplines=_and(list(reading.disciplines)))
    named = set(reading.disciplines)
    structural = set(odf_disciplines)
    if codes & DANCE_SEGMENTS:
        structural.add("ice_dance")  # dance segments are skated in ice dance only
    readings = named | structural
    if not named and not odf_disciplines and category.colour in COLOURS:
        readings.add(COLOURS[category.colour])  # the colour decides only when nothing else says anything
    if len(readings) != 1:
        if not readings:
            return t("isu-problem-no-discipline")
        return t("isu-problem-disciplines-disagree", readings=tuple(sorted(readings)))
    discipline = readings.pop()
    couples = [" / " in r.name for r in refs if not r.lines]
    if couples and any(couples) and not all(couples):
        return t("isu-problem-mixed-entries")
    if couples and all(couples) != (discipline in COUPLES):
        shown = t("isu-discipline", discipline=discipline)
        return t("isu-problem-entries", discipline=shown, couples="yes" if all(couples) else "no")

    if reading.level_text and reading.level is None:
        return discipline, reading.level_text  # a federation's own level (or a qualifying group), as printed
    explicit = ({reading.level} if reading.level else set()) | odf_levels
    if len(explicit) > 1:
        return t("isu-problem-levels-disagree", levels=tuple(sorted(explicit)))
    return discipline, explicit.pop() if explicit else SENIOR


def _segment_codes(category: Category, discipline: str) -> list[str] | Text:
    """Each segment's code from its name (any language) or PDF name; the one unknown segment of a two-segment
    category from the other (short and free), or both by their order (the short is always skated first)."""
    codes = [s.code for s in category.segments]
    if all(codes):
        return [c for c in codes if c]
    if len(codes) == 2:
        short, free = ("RD", "FD") if discipline == "ice_dance" else ("SP", "FS")
        known = [c for c in codes if c]
        if not known and _in_order(category.segments):
            return [short, free]
        if len(known) == 1:
            other = free if known[0] in SHORT_SEGMENTS else short
            return [c or other for c in codes]
    unknown = tuple(repr(s.name) for s in category.segments if not s.code)
    return t("isu-problem-segment-unread", segments=unknown)


def _in_order(segments: list[Segment]) -> bool:
    """The schedule (when it has both) does not put the second segment first."""
    a, b = segments
    if a.date and b.date and (a.date, a.start_time or "") > (b.date, b.start_time or ""):
        return False
    return True


def _event_key(discipline: str, level: str) -> str:
    if level == SENIOR:
        return discipline
    slug = "-".join(normalize(level).split())[:60]
    return f"{slug}-{discipline}"


def _describe(data: CategoryData) -> Text:
    discipline = t("isu-discipline", discipline=data.discipline)
    if data.level == SENIOR:
        return discipline
    return t("isu-category-level", level=level_label(data.level), discipline=discipline)


def _and(items: list[str]) -> Text | str:
    """ "a", "a and b", "a and b and c"."""
    out: Text | str = items[-1]
    for item in reversed(items[:-1]):
        out = t("isu-and", first=item, rest=out)
    return out


# --------------------------------------------------------------------------------------------------------------------
# identity


def _event_code(site: SiteData, source: Source) -> str | None:
    """The ISU event code the site's address and PDF names agree on, or None (with a warning if they disagree)."""
    candidates: dict[str, Text] = {}  # code -> where it was read, e.g. "wc2014 (PDF wc2014_x.pdf)"
    if isinstance(source, HttpSource):
        part = source.root.path.rstrip("/").rpartition("/")[2]
        if _EVENT_CODE.match(part):
            code = part.lower()
            candidates.setdefault(code, t("isu-code-from-address", code=code, url=str(source.root)))
    elif isinstance(source, FolderSource):
        part = source.folder.resolve().name
        if _EVENT_CODE.match(part):
            code = part.lower()
            candidates.setdefault(code, t("isu-code-from-folder", code=code, folder=str(source.folder)))
    if site.code and site.index.generation == "PDF":
        candidates.setdefault(site.code, t("isu-code-from-folder", code=site.code, folder=source.describe("")))
    for category in site.index.categories:
        for segment in category.segments:
            m = _PDF_EVENT_CODE.match(Path(segment.scores_pdf or "").name)
            if m:
                code = m.group(1).lower()
                candidates.setdefault(code, t("isu-code-from-pdf", code=code, pdf=segment.scores_pdf or ""))
    if len(candidates) > 1:
        *head, last = candidates.values()
        said = last  # the readings joined by "; "
        for where in reversed(head):
            said = t("import-more", first=where, rest=said)
        site.warnings.append(t("isu-event-codes-differ", codes=said))
        return None
    return next(iter(candidates), None)


def competition_key(site: SiteData) -> str:
    """The ISU event code ("wc2014") when the site has one; else name, start date and city, so that two
    competitions of one year (two Grand Prix events, two federation cups) are never one."""
    if site.code:
        return site.code
    index = site.index
    parts = [normalize(index.name), index.start_date or "", normalize(index.city or "")]
    return "-".join("-".join(p.split()) for p in parts if p)[:120]


def competition_level(name: str) -> str:
    lowered = normalize(name)
    for words, level in COMPETITION_LEVELS:
        if words in lowered:
            return level
    return "other"


def season_of(start: str | None) -> str:
    """ISU seasons run from July to June: March 2014 is 2013-14."""
    if not start:
        return "unknown"
    day = date.fromisoformat(start)
    first = day.year if day.month >= 7 else day.year - 1
    return f"{first}-{str(first + 1)[-2:]}"


# --------------------------------------------------------------------------------------------------------------------
# the results document


def display_name(printed: str) -> str:
    """ISU pages print family names in capitals ("Yuzuru HANYU"); people are written "Yuzuru Hanyu"."""
    return " ".join(word.title() if word.isupper() and len(word) > 1 else word for word in printed.split())


def couple_of(ref: SkaterRef, discipline: str) -> SkaterRef:
    """A couple printed on two lines is one "A / B"; under a single skater's name, a second line is the club."""
    if discipline in COUPLES and ref.lines and " / " not in ref.name:
        return SkaterRef(f"{ref.name} / {ref.lines[0]}", ref.nation, ref.isu_id)
    return SkaterRef(ref.name, ref.nation, ref.isu_id)


def _skaters(ref: SkaterRef) -> list[dict[str, Any]]:
    names = [part.strip() for part in ref.name.split(" / ")]
    skaters = []
    for printed in names:
        skater: dict[str, Any] = {"name": display_name(printed)}
        if display_name(printed) != printed:
            skater["aliases"] = [printed]
        if ref.isu_id and len(names) == 1:  # a couple's bio id names the couple, not either partner
            skater["isu_id"] = ref.isu_id
        skaters.append(skater)
    return skaters


def _key(ref: SkaterRef) -> tuple[str, str]:
    return normalize(ref.name), ref.nation.upper()


def build_document(site: SiteData, source: Source) -> dict[str, Any]:
    """The site as a skatebot results document: one competition, an event per category."""
    index = site.index
    competition: dict[str, Any] = {
        "id": competition_key(site),
        "name": index.name,
        "season": site.season or season_of(index.start_date),
        "level": competition_level(index.name),
        "provenance": {"confidence": "official", "sources": [source.describe(source.index_name)]},
        "events": [_event(data, source) for data in site.categories],
    }
    for field_name, value in (
        ("city", index.city),
        ("country", index.country),
        ("venue", index.venue),
        ("start_date", index.start_date),
        ("end_date", index.end_date),
        ("timezone", index.timezone),
    ):
        if value:
            competition[field_name] = value
    return {
        "format": "skatebot-results",
        "version": 1,
        "description": f"ISU results: {index.name}",
        "competitions": [competition],
    }


def _event(data: CategoryData, source: Source) -> dict[str, Any]:
    category = data.category

    def official(value: Any, page: str) -> dict[str, Any] | None:
        if value is None:
            return None
        return {"value": value, "confidence": "official", "sources": [source.describe(page)]}

    entries: dict[tuple[str, str], dict[str, Any]] = {}

    def entry_for(ref: SkaterRef) -> dict[str, Any]:
        return entries.setdefault(
            _key(ref), {"skaters": _skaters(ref), "country": ref.nation.upper(), "segments": {}}
        )  # country "": not known (a blank nation cell)

    for row in data.results or []:
        entry = entry_for(couple_of(row.skater, data.discipline))
        entry["place"] = official(row.place, category.result_page)
        entry["total"] = official(row.total, category.result_page)
        entry["status"] = row.status
    pdfs = [source.describe(s.segment.detail_page) for s in data.segments]
    segments = []
    for seg in data.segments:
        segment = seg.segment
        segment_json: dict[str, Any] = {"id": seg.code, "kind": seg.kind, "name": segment.name}
        if segment.date:
            segment_json["date"] = segment.date
        if segment.start_time:
            segment_json["start_time"] = segment.start_time
        if seg.panel is not None:
            segment_json["officials"] = [
                {"role": o.role, "name": display_name(o.name), "nation": o.nation} for o in seg.panel
            ]
        if seg.rows is not None and all(row.tss is not None or row.status for row in seg.rows):
            segment_json["results_complete"] = True  # not while skaters of the page are still to skate
        segments.append(segment_json)
        protocols = {(normalize(p.name), p.nation.upper()): p for p in seg.protocols}
        for result in seg.rows or []:
            page = seg.rows_page or segment.detail_page
            figures = {
                "rank": official(result.rank, page),
                "tss": official(result.tss, page),
                "tes": official(result.tes, page),
                "pcs": official(result.pcs, page),
                "deductions": official(result.deductions, page),
                "starting_number": official(result.starting_number, page),
            }
            ref = couple_of(result.skater, data.discipline)
            protocol = protocols.get(_key(ref))
            if protocol is not None:
                figures["protocol"] = _protocol(protocol)
            # Every figure of a page that was read is given, null when blank (a withdrawal clears a stale score).
            entry_for(ref)["segments"][seg.code] = figures
    if data.derived:
        _derive_standings(data, list(entries.values()), pdfs)
    event: dict[str, Any] = {
        "id": data.key,
        "discipline": data.discipline,
        "level": data.level,
        "name": category.name,
        "segments": segments,
        "entries": list(entries.values()),
    }
    if data.complete:
        event["entries_complete"] = True
    return event


def _derive_standings(data: CategoryData, entries: list[dict[str, Any]], pdfs: list[str]) -> None:
    """Totals and places of a category read from PDFs alone: the sum of the segment scores of each entry that
    skated every segment, placed in the order of that sum (a tie broken by the last segment's rank), marked
    derived. An entry that skated only some segments gets neither: the PDFs cannot tell a withdrawal from a
    skater who did not qualify."""
    codes = [s.code for s in data.segments]
    last = codes[-1]
    ranked = []
    for entry in entries:
        figures = [entry["segments"].get(code) for code in codes]
        if all(f and f["tss"] for f in figures):
            total = round(sum(f["tss"]["value"] for f in figures if f), 2)
            last_rank = entry["segments"][last]["rank"]["value"] if entry["segments"][last]["rank"] else 999
            ranked.append((total, last_rank, entry))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    note_total = "the sum of the segment scores in the judges' details PDFs; the site has no results page"
    note_place = "by the derived total (a tie broken by the last segment's rank); the PDFs print no final place"
    for place, (total, _rank, entry) in enumerate(ranked, 1):
        entry["total"] = {"value": total, "confidence": "derived", "sources": pdfs, "note": note_total}
        entry["place"] = {"value": place, "confidence": "derived", "sources": pdfs, "note": note_place}


async def _adopt_stored_identity(db: Database, site: SiteData) -> None:
    """PDFs and renamed pages rarely say the competition's name, dates or place as the store has them: when the
    store already holds the competition of the folder's ISU event code, they are that competition's (said in a
    warning, with the name they print when it differs)."""
    repo = ResultsRepository(db)
    stored = next((c for c in await repo.competitions() if c.key == site.code), None)
    if stored is None:
        return
    named = site.index.name != name_of_code(site.code or "")
    if named and normalize(site.index.name) != normalize(stored.name):
        site.warnings.append(t("isu-pdf-name-differs", printed=site.index.name, key=stored.key, name=stored.name))
    site.index = replace(
        site.index,
        name=stored.name,
        city=stored.city,
        country=stored.country,
        venue=stored.venue,
        start_date=stored.start_date,
        end_date=stored.end_date,
    )
    site.season = stored.season
    if not named:
        site.warnings.append(t("isu-pdf-stored-identity", key=stored.key, name=stored.name))
    # A segment the store keeps under another code of the same kind (the 2010-18 short dance as "RD") is that one.
    segments = await repo.segments_by_event()
    events = {e.key: segments.get(e.id, []) for e in await repo.events(stored.id)}
    for data in site.categories:
        kinds = {s.kind: s.key for s in events.get(data.key, [])}
        for seg in data.segments:
            seg.code = kinds.get(seg.kind, seg.code)


def _protocol(protocol: Protocol) -> dict[str, Any]:
    return {
        "elements": [
            {
                "number": e.number,
                "code": e.code,
                "info": e.info,
                "base_value": e.base_value,
                "bonus": e.bonus,
                "goe": e.goe,
                "judges": list(e.judges),
                "panel_score": e.panel_score,
            }
            for e in protocol.elements
        ],
        "components": [
            {"name": c.name, "factor": c.factor, "judges": list(c.judges), "score": c.score}
            for c in protocol.components
        ],
        "deductions": [{"reason": d.reason, "points": d.points} for d in protocol.deduction_items],
    }


async def import_isu(
    db: Database,
    source: Source,
    progress: Progress | None = None,
    *,
    correction: bool = False,
    deadline: float = 900,
) -> IsuImportSummary:
    """Reads the whole site (within `deadline` seconds) and writes it in one transaction.

    Without `correction`, a competition already stored under the site's identity whose name, dates or place differ
    is refused (bot.services.importer.IdentityChange): either the site is another competition, or the user says it
    is a correction.
    """
    try:
        async with asyncio.timeout(deadline):
            site = await read_site(source, progress)
    except TimeoutError as exc:
        raise ImportTimeout(
            f"{source.describe(source.index_name)}: the site was not read within {deadline:g} s; nothing was imported"
        ) from exc
    if site.index.generation == "PDF" and site.code:
        await _adopt_stored_identity(db, site)  # a folder without an index: its event code is its identity
    document = build_document(site, source)
    report = await import_document(
        db, document, source=source.describe(source.index_name), guard_identity=not correction
    )
    events = document["competitions"][0]["events"]
    return IsuImportSummary(
        competition=site.index.name,
        key=document["competitions"][0]["id"],
        categories=len(site.categories),
        segments=sum(len(c.segments) for c in site.categories),
        entries=sum(len(e["entries"]) for e in events),
        elements=sum(len(p.elements) for c in site.categories for s in c.segments for p in s.protocols),
        pages=site.pages,
        pdf_pages=site.pdf_pages,
        warnings=site.warnings,
        report=report,
    )
