"""Whole reference files to import-format documents, and the competitions they are."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.services.import_format import FORMAT_NAME, FORMAT_VERSION
from data.converter.events import convert_event
from data.converter.figures import STRENGTH, Context, ConversionError, join_notes, uniq

# Output id -> source file and the competition facts the source files do not state in this shape.
# city/venue are checked against the source file's venue text (see _check_meta).
COMPETITIONS: dict[str, dict[str, Any]] = {
    "owg2026": {
        "file": "olympics2026_figure_skating.json",
        "name": "Milano Cortina 2026 Olympic Winter Games",
        "short_name": "Milano Cortina 2026",
        "season": "2025-26",
        "level": "olympics",
        "city": "Milan",
        "country": "ITA",
        "venue": "Milano Ice Skating Arena",
    },
    "owg2022": {
        "file": "olympics2022_figure_skating_podiums.json",
        "name": "Beijing 2022 Olympic Winter Games",
        "short_name": "Beijing 2022",
        "season": "2021-22",
        "level": "olympics",
        "city": "Beijing",
        "country": "CHN",
        "venue": "Capital Indoor Stadium",
    },
    "owg2018": {
        "file": "olympics2018_figure_skating_podiums.json",
        "name": "PyeongChang 2018 Olympic Winter Games",
        "short_name": "PyeongChang 2018",
        "season": "2017-18",
        "level": "olympics",
        "city": "Gangneung",
        "country": "KOR",
        "venue": "Gangneung Ice Arena",
    },
    "wc2025": {
        "file": "worlds2025_figure_skating_podiums.json",
        "name": "ISU World Figure Skating Championships 2025",
        "short_name": "Worlds 2025 Boston",
        "season": "2024-25",
        "level": "worlds",
        "city": "Boston",
        "country": "USA",
        "venue": "TD Garden",
    },
}


_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


def _check_meta(ctx: Context, meta: dict[str, Any]) -> dict[str, Any]:
    venue = ctx.raw.get("venue")
    venue_fig = ctx.figure(venue, f"{ctx.comp_id} venue") if isinstance(venue, dict) else None
    text = (venue_fig or {}).get("value", "") + " " + str(ctx.raw.get("host_city", ""))
    for key in ("venue", "city"):
        if meta[key] not in text:
            raise ConversionError(f"{ctx.comp_id}: {key} {meta[key]!r} not in the source venue {text!r}")
    return venue_fig or {}


def convert_competition(comp_id: str, raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """One reference file's competition as an import document, and the judgment calls taken."""
    meta = COMPETITIONS[comp_id]
    ctx = Context(comp_id, raw)
    venue_fig = _check_meta(ctx, meta)
    events = [convert_event(ctx, ev) for ev in raw["events"]]

    # Dates: the competition's own dates when the file has them, else the span of the events' dates.
    meta_figs = [venue_fig] if venue_fig else []
    comp_dates = ctx.figure(raw["dates"], f"{comp_id} dates") if raw.get("dates") else None
    seg_dates = sorted(s["date"] for e in events for s in e["segments"] if s.get("date"))
    for ev in raw["events"]:
        d = ev.get("dates")
        if isinstance(d, dict) and "status" in d and d.get("value"):
            # "2022-02-04, 06, 07": first full date is the team event's start
            seg_dates.extend(_ISO.findall(str(d["value"])))
        elif isinstance(d, dict):
            for f in d.values():
                fig = ctx.figure(f, f"{comp_id} date")
                if fig is not None:
                    meta_figs.append(fig)
    seg_dates.sort()
    date_note = None
    start = end = None
    if comp_dates is not None:
        meta_figs.append(comp_dates)
        m = re.search(r"competition (\d{1,2})-(\d{1,2}) ", comp_dates["value"])
        found = _ISO.findall(comp_dates["value"])
        if m:  # "2025-03-25 to 2025-03-30 (competition 26-29 March)": use the competition days
            start = found[0][:8] + f"{int(m.group(1)):02d}"
            end = found[0][:8] + f"{int(m.group(2)):02d}"
            date_note = f"start/end are the competition days from {comp_dates['value']!r}"
        else:
            start, end = found[0], found[-1]
    elif seg_dates:
        start, end = seg_dates[0], seg_dates[-1]
        date_note = "start/end derived from the earliest and latest event dates in the data"
    if seg_dates and start and (seg_dates[0] < start or seg_dates[-1] > end):
        raise ConversionError(f"{comp_id}: event dates {seg_dates[0]}..{seg_dates[-1]} not in {start}..{end}")

    comp: dict[str, Any] = {
        "id": comp_id,
        "name": meta["name"],
        "short_name": meta["short_name"],
        "season": meta["season"],
        "level": meta["level"],
        "city": meta["city"],
        "country": meta["country"],
        "venue": meta["venue"],
    }
    if start:
        comp["start_date"] = start
        comp["end_date"] = end
    if meta_figs:
        weakest = min(meta_figs, key=lambda f: STRENGTH[f["confidence"]])["confidence"]
        comp["provenance"] = {
            "confidence": weakest,
            "sources": uniq([u for f in meta_figs for u in f["sources"]]),
            "note": join_notes(
                "covers only the venue, competition dates and segment dates (the weakest of their source "
                "statuses); every result figure carries its own provenance",
                f"source venue text: {venue_fig.get('value')}" if venue_fig else None,
                date_note,
            ),
        }
    comp["events"] = events
    return comp, ctx.log


def convert_file(comp_id: str, src_dir: Path) -> tuple[dict[str, Any], list[str]]:
    """Reads the reference file of ``comp_id`` from ``src_dir`` and converts it."""
    path = Path(src_dir) / COMPETITIONS[comp_id]["file"]
    raw = json.loads(path.read_text(encoding="utf-8"))
    comp, log = convert_competition(comp_id, raw)
    description = (
        f"Converted by data/convert_shared.py from shared/data/{path.name} ({raw.get('competition')}): "
        "real results compiled from public reporting; every figure keeps its source URLs and confidence."
    )
    coverage = [f"{e['event']}: {e['coverage']}" for e in raw["events"] if e.get("coverage")]
    gaps = raw.get("open_gaps") or []
    if coverage or gaps:
        description += " Coverage: " + " ".join(coverage + gaps)
    doc = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "description": description, "competitions": [comp]}
    return doc, log


def convert_all(src_dir: Path) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    """Every competition of :data:`COMPETITIONS`: documents and judgment calls by competition id."""
    docs, logs = {}, {}
    for comp_id in COMPETITIONS:
        docs[comp_id], logs[comp_id] = convert_file(comp_id, src_dir)
    return docs, logs


def render(doc: dict[str, Any]) -> str:
    """A document as the bundled files are written: UTF-8 JSON, two-space indent, a final newline."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
