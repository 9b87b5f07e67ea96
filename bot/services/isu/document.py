"""The last step before writing: a read site as a skatebot results document (bot.services.import_format), every figure
`official` with the page or PDF it was read from; totals and places derived (and marked so) for a site of PDFs alone.
"""

from __future__ import annotations

from typing import Any

from bot.services.isu.identity import competition_key, competition_level, season_of
from bot.services.isu.model import (
    Protocol,
    SkaterRef,
)
from bot.services.isu.site_data import COUPLES, CategoryData, SiteData
from bot.services.isu.source import Source
from bot.services.names import normalize


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
    # Where each page is, found once: every figure names its page, and finding a file in a folder (case-insensitive,
    # checked to be inside it) was a quarter of an import's time.
    described: dict[str, str] = {}

    def where(page: str) -> str:
        if page not in described:
            described[page] = source.describe(page)
        return described[page]

    def official(value: Any, page: str) -> dict[str, Any] | None:
        if value is None:
            return None
        return {"value": value, "confidence": "official", "sources": [where(page)]}

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
    pdfs = [where(s.segment.detail_page) for s in data.segments]
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
