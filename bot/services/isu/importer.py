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
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from bot.i18n import Text, t
from bot.services.importer import ImportReport, import_document
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
    PageError,
    decode_page,
    parse_index,
    parse_panel,
    parse_result_page,
    parse_segment_page,
)
from bot.services.isu.protocol_pdf import ProtocolError, parse_protocols_counted
from bot.services.isu.source import FolderSource, HttpSource, MissingFile, Source, SourceError
from bot.services.isu.vocabulary import (
    DANCE_SEGMENTS,
    ODF_DISCIPLINES,
    ODF_LEVELS,
    SEGMENT_KINDS,
    SHORT_SEGMENTS,
    read_category_name,
)
from bot.services.levels import SENIOR, level_label
from bot.services.names import normalize
from db.database import Database

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


@dataclass
class CategoryData:
    category: Category
    discipline: str
    level: str
    key: str  # the event's id in the store: "women", "junior-women", "r3-a-pou-ben-women"
    results: list[FinalRow] | None  # None: the result page is missing or empty
    segments: list[SegmentData] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every page of the category was read: its entries are the whole category."""
        return self.results is not None and all(s.rows is not None for s in self.segments)


@dataclass
class SiteData:
    index: EventIndex
    categories: list[CategoryData] = field(default_factory=list)
    code: str | None = None  # the ISU event code, when the address or the PDF names give one
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


async def read_site(source: Source, progress: Progress | None = None) -> SiteData:
    """Reads and parses what the site has; raises PageError or SourceError (naming the file) only for what is
    damaged or unreachable, and records a warning for what is missing or cannot be placed."""
    reader = _Reader(source, None, progress)
    index = await reader.page(source.index_name, parse_index)
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
        pages.append((segment, rows, panel))

    refs = [r.skater for r in results or []] + [r.skater for _, rows, _ in pages for r in rows or []]
    placed = _place(category, refs)
    if isinstance(placed, Text):
        reader.warn(t("isu-category-skipped", category=category.name, problem=placed))
        return None
    discipline, level = placed
    codes = _segment_codes(category, discipline)
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
        else:
            reader.warn(t("isu-no-pdf-linked", category=category.name, segment=segment.name))
    return data


async def _read_pdf(reader: _Reader, name: str, what: str) -> list[Protocol]:
    try:
        data = await reader.source.read(name)
    except MissingFile as exc:
        reader.warn(t("isu-no-judges-details", error=str(exc), what=what))
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
        "season": season_of(index.start_date),
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
        return entries.setdefault(_key(ref), {"skaters": _skaters(ref), "country": ref.nation.upper(), "segments": {}})

    for row in data.results or []:
        entry = entry_for(couple_of(row.skater, data.discipline))
        entry["place"] = official(row.place, category.result_page)
        entry["total"] = official(row.total, category.result_page)
        entry["status"] = row.status
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
            page = segment.detail_page
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
