"""The first step of an import: reading a site from its index page (the ISU Results generator's), category by
category, its result, segment and panel pages and the judges' details PDFs they link. A site without such an index
(a folder of PDFs, renamed pages, ijsLive) is read by bot.services.isu.folder_reading.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace

from bot.i18n import Text, t
from bot.services.isu.charset import decode_page
from bot.services.isu.folder_reading import read_ijs_index, read_pdf_site
from bot.services.isu.grid import site_link
from bot.services.isu.identity import event_code
from bot.services.isu.model import (
    Category,
    EventIndex,
    FinalRow,
    Official,
    Protocol,
    SegmentRow,
    SkaterRef,
)
from bot.services.isu.page_reader import PageReader, SegmentPages, parse_pdf, settle_nations
from bot.services.isu.pages import (
    EmptyPage,
    PageError,
    parse_index,
    parse_panel,
    parse_result_page,
    parse_segment_page,
)
from bot.services.isu.placing import describe, event_key, heading_problem, place, segment_codes
from bot.services.isu.protocol_pdf import ProtocolError
from bot.services.isu.site_data import CategoryData, Progress, SegmentData, SiteData
from bot.services.isu.source import FAMILY_LINK_RE, FolderSource, MissingFile, Source, SourceError
from bot.services.isu.vocabulary import (
    DANCE_SEGMENTS,
    SEGMENT_KINDS,
)


async def read_site(source: Source, progress: Progress | None = None) -> SiteData:
    """Reads and parses what the site has; raises PageError or SourceError (naming the file) only for what is
    damaged or unreachable, and records a warning for what is missing or cannot be placed."""
    reader = PageReader(source, None, progress)
    if isinstance(source, FolderSource) and source.descended:
        reader.warn(t("isu-folder-descended", folder=str(source.folder.parent), inner=source.descended))
    for other in source.other_indexes if isinstance(source, FolderSource) else []:
        reader.warn(t("isu-other-index", file=source.index_name, other=other))
    if isinstance(source, FolderSource) and not source.index_name:
        return await read_pdf_site(reader, source)
    raw = await _follow_to_index(reader, source)
    try:
        index = await reader.page(source.index_name, parse_index, raw=raw)
    except EmptyPage:
        raise  # an index of no categories yet (a site published before its event) is an index: nothing to read yet
    except PageError as exc:
        if not isinstance(source, FolderSource):
            ijs = await read_ijs_index(reader, source)
            if ijs is None:
                raise
            return ijs
        # The page that looked like the index (it links CAT/SEG pages) is not one: an ijsLive results page
        # linking itself, another generator's page. The folder is read by content instead.
        reader.warn(t("isu-index-not-index", error=str(exc)))
        return await read_pdf_site(reader, source)
    site = SiteData(index=index, warnings=reader.warnings)
    for row in index.unread_rows:
        reader.warn(t("isu-index-row-unread", file=source.index_name, row=row))
    reader.site = site
    site.code = event_code(site, source)
    keys: dict[str, str] = {}
    for category in index.categories:
        data = await _read_category(reader, category)
        if data is None:
            continue
        if data.key in keys:
            reader.warn(
                t("isu-category-twice", category=category.name, reading=describe(data), other=repr(keys[data.key]))
            )
            continue
        keys[data.key] = category.name
        site.categories.append(data)
    site.pages = reader.pages
    return site


# Where a page sends the browser on to: a meta refresh ("0; url=main.htm") and the frames of a frameset.
_REFRESH = re.compile(
    r"""<meta[^>]+http-equiv\s*=\s*["']?refresh[^>]+content\s*=\s*["']?\s*\d*\s*;?\s*url\s*=\s*['"]?([^"'>\s]+)""",
    re.IGNORECASE,
)
_FRAME = re.compile(r"""<i?frame\b[^>]*\ssrc\s*=\s*["']?([^"'>\s]+)""", re.IGNORECASE)


async def _follow_to_index(reader: PageReader, source: Source) -> bytes:
    """The index's bytes, read once (a failing server fails here, as the index's read would). An index that is only
    a frameset or a page sending the browser on (a meta refresh) to the real index, of the same site (beside it or
    in a folder under it): that page is the index, said in a warning. Two steps at most."""
    raw = await source.read(source.index_name)
    for _ in range(2):
        if FAMILY_LINK_RE.search(raw):
            return raw
        try:
            text = decode_page(raw, source.index_name, source.declared_charset(source.index_name)).text
        except PageError:
            return raw
        found = [site_link(m.group(1)) for m in (*_REFRESH.finditer(text), *_FRAME.finditer(text))]
        for target in dict.fromkeys(name for name in found if name and not name.startswith("..")):
            try:
                page = await source.read(target)
            except SourceError:
                continue
            if FAMILY_LINK_RE.search(page) or _REFRESH.search(page.decode("latin-1")):
                reader.warn(t("isu-index-followed", file=source.index_name, index=target))
                source.move_index(target)
                raw = page
                break
        else:
            return raw
    return raw


async def _read_category(reader: PageReader, category: Category) -> CategoryData | None:
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
        problem = heading_problem(heading, index, [category.name])
        if problem:
            reader.warn(t("isu-stale-page", file=category.result_page, problem=problem, category=category.name))
            return None

    pages = await _read_segment_pages(reader, category, index)
    if pages is None:
        return None

    results, pages = settle_nations(reader, category, results, pages)
    refs = [r.skater for r in results or []] + [r.skater for _, rows, _ in pages for r in rows or []]
    placed = place(category, refs)
    if isinstance(placed, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=placed))
        return None
    discipline, level = placed
    codes = segment_codes(category, discipline)
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

    data = CategoryData(category, discipline, level, event_key(discipline, level), results)
    await _read_segments(reader, data, pages, codes)
    return data


async def _read_segment_pages(reader: PageReader, category: Category, index: EventIndex) -> SegmentPages | None:
    """Each segment's page and panel, a missing or damaged one warned; None when a page is about another category or
    competition (a stale page: the category is not read)."""
    pages: SegmentPages = []
    for segment in category.segments:
        rows: list[SegmentRow] | None = None
        try:
            rows, heading = await reader.page(segment.detail_page, parse_segment_page)
        except (MissingFile, EmptyPage) as exc:
            reader.warn(t("isu-no-segment-results", error=str(exc), category=category.name, segment=segment.name))
        except (PageError, SourceError) as exc:
            reader.warn(t("isu-page-damaged", error=str(exc), category=category.name))
        else:
            problem = heading_problem(heading, index, [category.name, segment.name])
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
    return pages


async def _read_segments(reader: PageReader, data: CategoryData, pages: SegmentPages, codes: list[str]) -> None:
    """The category's storable segments with their judges' details PDFs (the standings from a PDF when the segment
    page is not there)."""
    category = data.category
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


async def _read_pdf(reader: PageReader, name: str, what: str) -> list[Protocol]:
    try:
        data = await reader.source.read(name)
    except MissingFile as exc:
        reader.warn(t("isu-no-judges-details", error=str(exc), what=what))
        return []
    except SourceError as exc:
        reader.warn(t("isu-pdf-skipped", error=str(exc)))
        return []
    try:
        protocols, pages = await asyncio.to_thread(parse_pdf, data, name)
    except ProtocolError as exc:
        reader.warn(t("isu-pdf-skipped", error=str(exc)))
        return []
    if reader.site is not None:
        reader.site.pdf_pages += pages
    if reader.progress:
        reader.progress("pdf", name)
    return protocols
