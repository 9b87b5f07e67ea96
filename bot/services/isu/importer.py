"""Importing an official ISU results site: read every page and PDF, check it, then write it in one go.

Everything is read and parsed first; the store is written only if all of it parsed, and then in one
transaction through the results importer (bot.services.importer), which makes a re-import a no-op and a
corrected page an update of just what changed. Every figure is recorded as `official`, with the page or
PDF it was read from as its source.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from bot.services.importer import ImportReport, import_document
from bot.services.isu.model import Category, EventIndex, FinalRow, Official, Protocol, SegmentRow, SkaterRef
from bot.services.isu.pages import decode, parse_index, parse_panel, parse_result, parse_segment
from bot.services.isu.protocol_pdf import page_count, parse_protocols
from bot.services.isu.source import Source
from bot.services.names import normalize
from db.database import Database

SEGMENT_KINDS = {
    "SP": "short_program",
    "FS": "free_skate",
    "SD": "rhythm_dance",
    "RD": "rhythm_dance",
    "FD": "free_dance",
    "OD": "rhythm_dance",
    "CD": "rhythm_dance",
}
LEVELS = [  # the competition's level and id prefix, recognised from its name
    ("olympic", "olympics", "owg"),
    ("world junior", "junior-worlds", "wjc"),
    ("world figure skating championships", "worlds", "wc"),
    ("world championships", "worlds", "wc"),
    ("european", "europeans", "ec"),
    ("four continents", "four-continents", "fc"),
    ("grand prix final", "grand-prix-final", "gpf"),
    ("grand prix", "grand-prix", "gp"),
    ("challenger", "challenger", "cs"),
]

Progress = Callable[[str, str], None]  # (what: "page" | "pdf", name)


@dataclass
class SiteData:
    index: EventIndex
    results: dict[str, list[FinalRow]] = field(default_factory=dict)  # category number -> rows
    segments: dict[tuple[str, str], list[SegmentRow]] = field(default_factory=dict)  # (category, code) -> rows
    panels: dict[tuple[str, str], list[Official]] = field(default_factory=dict)
    protocols: dict[tuple[str, str], list[Protocol]] = field(default_factory=dict)
    pages: int = 0
    pdf_pages: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass
class IsuImportSummary:
    competition: str
    categories: int
    segments: int
    entries: int
    elements: int
    pages: int
    pdf_pages: int
    warnings: list[str]
    report: ImportReport

    def describe(self) -> str:
        lines = [
            f"{self.competition}: {self.categories} categories, {self.segments} segments, {self.entries} entries, "
            f"{self.elements} elements ({self.pages} pages, {self.pdf_pages} PDF pages read)",
            self.report.describe(),
        ]
        lines += [f"warning: {warning}" for warning in self.warnings]
        return "\n".join(lines)


async def read_site(source: Source, progress: Progress | None = None) -> SiteData:
    """Reads and parses the whole family; raises PageError, ProtocolError or SourceError naming the file."""

    async def page(name: str) -> str:
        raw = await source.read(name)
        if progress:
            progress("page", name)
        return decode(raw, name)

    index_name = source.index_name
    index = await asyncio.to_thread(parse_index, await page(index_name), index_name)
    site = SiteData(index=index, pages=1)
    for category in index.categories:
        site.results[category.number] = parse_result(await page(category.result_page), category.result_page)
        site.pages += 1
        for segment in category.segments:
            key = (category.number, segment.code)
            site.segments[key] = parse_segment(await page(segment.detail_page), segment.detail_page)
            site.pages += 1
            if segment.panel_page:
                site.panels[key] = parse_panel(await page(segment.panel_page), segment.panel_page)
                site.pages += 1
            if segment.scores_pdf:
                data = await source.read(segment.scores_pdf)
                site.protocols[key] = await asyncio.to_thread(_parse_pdf, data, segment.scores_pdf)
                with _PDFIUM:
                    site.pdf_pages += page_count(data, segment.scores_pdf)
                if progress:
                    progress("pdf", segment.scores_pdf)
            else:
                site.warnings.append(f"{category.name} {segment.name}: no judges' details PDF linked")
    return site


# PDFium is not thread-safe: one PDF at a time, whichever worker thread runs it.
_PDFIUM = threading.Lock()


def _parse_pdf(data: bytes, name: str) -> list[Protocol]:
    with _PDFIUM:
        return parse_protocols(data, name)


def display_name(printed: str) -> str:
    """ISU pages print family names in capitals ("Yuzuru HANYU"); people are written "Yuzuru Hanyu"."""
    return " ".join(word.title() if word.isupper() and len(word) > 1 else word for word in printed.split())


def competition_id(name: str, start: str | None) -> tuple[str, str]:
    """(id, level) from the competition's name: "ISU World Figure Skating Championships 2014" -> wc2014."""
    year = (start or "")[:4] or (re.findall(r"(?:19|20)\d\d", name) or [""])[-1]
    lowered = name.lower()
    for words, level, prefix in LEVELS:
        if words in lowered:
            return f"{prefix}{year}", level
    slug = re.sub(r"[^a-z0-9]+", "-", normalize(name)).strip("-")[:40]
    return f"isu-{slug}", "other"


def season_of(start: str | None) -> str:
    """ISU seasons run from July to June: March 2014 is 2013-14."""
    if not start:
        return "unknown"
    day = date.fromisoformat(start)
    first = day.year if day.month >= 7 else day.year - 1
    return f"{first}-{str(first + 1)[-2:]}"


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
    key, level = competition_id(index.name, index.start_date)
    events = []
    for category in index.categories:
        events.append(_event(site, category, source))
    competition: dict[str, Any] = {
        "id": key,
        "name": index.name,
        "season": season_of(index.start_date),
        "level": level,
        "provenance": {"confidence": "official", "sources": [source.describe(source.index_name)]},
        "events": events,
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


def _event(site: SiteData, category: Category, source: Source) -> dict[str, Any]:
    def official(value: Any, page: str) -> dict[str, Any] | None:
        if value is None:
            return None
        return {"value": value, "confidence": "official", "sources": [source.describe(page)]}

    entries: dict[tuple[str, str], dict[str, Any]] = {}

    def entry_for(ref: SkaterRef) -> dict[str, Any]:
        return entries.setdefault(_key(ref), {"skaters": _skaters(ref), "country": ref.nation.upper(), "segments": {}})

    for row in site.results.get(category.number, []):
        entry = entry_for(row.skater)
        entry["place"] = official(row.place, category.result_page)
        entry["total"] = official(row.total, category.result_page)
        entry["status"] = row.status
    segments = []
    for segment in category.segments:
        segment_json: dict[str, Any] = {
            "id": segment.code,
            "kind": SEGMENT_KINDS.get(segment.code, "free_skate"),
            "name": segment.name,
        }
        if segment.date:
            segment_json["date"] = segment.date
        if segment.start_time:
            segment_json["start_time"] = segment.start_time
        key = (category.number, segment.code)
        if key in site.panels:
            segment_json["officials"] = [
                {"role": o.role, "name": display_name(o.name), "nation": o.nation} for o in site.panels[key]
            ]
        segments.append(segment_json)
        protocols = {(normalize(p.name), p.nation.upper()): p for p in site.protocols.get(key, [])}
        for result in site.segments.get(key, []):
            page = segment.detail_page
            figures = {
                "rank": official(result.rank, page),
                "tss": official(result.tss, page),
                "tes": official(result.tes, page),
                "pcs": official(result.pcs, page),
                "deductions": official(result.deductions, page),
                "starting_number": official(result.starting_number, page),
            }
            protocol = protocols.get(_key(result.skater))
            if protocol is not None:
                figures["protocol"] = _protocol(protocol)
            entry_for(result.skater)["segments"][segment.code] = {k: v for k, v in figures.items() if v is not None}
    discipline = category.discipline
    return {
        "id": discipline,
        "discipline": discipline,
        "name": category.name,
        "segments": segments,
        "entries": list(entries.values()),
    }


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


async def import_isu(db: Database, source: Source, progress: Progress | None = None) -> IsuImportSummary:
    site = await read_site(source, progress)
    document = build_document(site, source)
    report = await import_document(db, document, source=source.describe(source.index_name))
    events = document["competitions"][0]["events"]
    return IsuImportSummary(
        competition=site.index.name,
        categories=len(site.index.categories),
        segments=sum(len(c.segments) for c in site.index.categories),
        entries=sum(len(e["entries"]) for e in events),
        elements=sum(len(p.elements) for protocols in site.protocols.values() for p in protocols),
        pages=site.pages,
        pdf_pages=site.pdf_pages,
        warnings=site.warnings,
        report=report,
    )
