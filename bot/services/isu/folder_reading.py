"""Reading a site that has no ISU Results index: a folder of judges' details PDFs and renamed pages, each read by
what it holds, and ijsLive sites (an event index and its category-segment pages).
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field, replace

from bot.i18n import Text, t
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
    Segment,
    SkaterRef,
)
from bot.services.isu.page_reader import PageReader, parse_whole_pdf, settle_nations
from bot.services.isu.pages import (
    EmptyPage,
    OtherPage,
    PageError,
    parse_panel,
    parse_result_page,
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
from bot.services.isu.placing import describe, event_key, place, segment_codes
from bot.services.isu.protocol_pdf import ProtocolError, ProtocolPdf
from bot.services.isu.site_data import CategoryData, SegmentData, SiteData
from bot.services.isu.source import FolderSource, MissingFile, Source, SourceError
from bot.services.isu.vocabulary import (
    DANCE_SEGMENTS,
    SEGMENT_KINDS,
    SHORT_SEGMENTS,
    read_category_name,
    segment_code,
)
from bot.services.names import normalize


async def read_pdf_site(reader: PageReader, source: FolderSource) -> SiteData:
    """A folder without an index page: the competition its judges' details PDFs make (see pdf_site)."""
    pdfs: dict[str, tuple[ProtocolPdf, PdfHeading]] = {}
    pdf_pages = 0
    other = 0
    found = FoundPages()
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
            pdf = await asyncio.to_thread(parse_whole_pdf, data, name)
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


def _ijs_site(reader: PageReader, source: Source, found: FoundPages) -> SiteData:
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


async def read_ijs_index(reader: PageReader, source: Source) -> SiteData | None:
    """A site whose index is an ijsLive event index (an ``.asp`` or ``comp_index.html`` page, read over HTTP by
    `/live watch` or an import by URL): the category-segment pages it links, each read by what it holds; None when the
    index is not ijsLive's. An ijsLive category-segment results page given as the index is read alone."""
    try:
        index = await reader.page(source.index_name, _ijslive_page)
    except (PageError, SourceError):
        return None
    if isinstance(index, IjsSegment):
        # The address of one category-segment's results page (what a user pastes from the browser): that page is
        # the site, as its folder would be read.
        return _ijs_site(reader, source, FoundPages(ijs_segments={source.index_name: index}))
    if not isinstance(index, IjsIndex):
        return None
    found = FoundPages(ijs_index=index)
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
class FoundPages:
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


async def _read_page_by_content(reader: PageReader, name: str, found: FoundPages) -> bool:
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


def _ijs_events(reader: PageReader, found: FoundPages, pages: dict[str, tuple[str, IjsSegment]]) -> list[IjsEvent]:
    """The category-segments of an ijsLive site: the index's lines, then the results pages it does not list, each
    category-segment once (a copy of a page already read is warned)."""
    events = list(found.ijs_index.events) if found.ijs_index else []
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
    return events


def _ijs_categories(reader: PageReader, found: FoundPages) -> list[CategoryData]:
    """The categories of an ijsLive site: the index's lines (each category-segment), with the results of the pages
    that are there; a linked page that is absent is a warning."""
    pages = {name.lower(): (name, seg) for name, seg in found.ijs_segments.items()}
    events = _ijs_events(reader, found, pages)
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
        placed = place(category, refs)
        if isinstance(placed, Text):
            reader.warn(t("isu-category-skipped", category=printed, problem=placed))
            continue
        discipline, level = placed
        codes = segment_codes(category, discipline)
        if isinstance(codes, Text):
            reader.warn(t("isu-category-skipped", category=printed, problem=codes))
            continue
        data = CategoryData(category, discipline, level, event_key(discipline, level), None)
        for segment, rows, code in zip(segments, rows_of, codes, strict=True):
            kind = SEGMENT_KINDS.get(code)
            if kind is None:
                reader.warn(t("isu-segment-unstorable", category=printed, segment=segment.name, code=code))
                continue
            data.segments.append(SegmentData(segment, code, kind, rows))
            unknown += len(rows or [])
        if data.key in {c.key for c in out}:
            reader.warn(t("isu-category-twice", category=printed, reading=describe(data), other=repr(printed)))
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
    reader: PageReader, category: Category, pdfs: dict[str, tuple[ProtocolPdf, PdfHeading]], found: FoundPages
) -> CategoryData | None:
    mine = _reading(category.name)
    results = next(((rows, page) for _t, c, rows, page in found.results if _reading(c) == mine), None)
    if results is not None:
        category = replace(category, result_page=results[1])
    refs = [SkaterRef(p.name, p.nation) for s in category.segments for p in pdfs[s.detail_page][0].protocols]
    refs += [r.skater for r in results[0]] if results else []
    placed = place(category, refs)
    if isinstance(placed, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=placed))
        return None
    discipline, level = placed
    data = CategoryData(
        category,
        discipline,
        level,
        event_key(discipline, level),
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


def _settled(reader: PageReader, data: CategoryData) -> CategoryData:
    """The category read by content with one nation per skater across its pages, blank ones warned (as
    `settle_nations` does for a site read from its index)."""
    pages = [(s.segment, s.rows, s.panel) for s in data.segments]
    data.results, settled = settle_nations(reader, data.category, data.results, pages)
    for segment, (_s, rows, _p) in zip(data.segments, settled, strict=True):
        segment.rows = rows
    return data
