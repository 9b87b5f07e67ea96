"""Convert the reference results in ``shared/data/*.json`` into the skatebot import format.

Usage::

    python data/convert_shared.py /work/shared/data data/

writes ``owg2026.json``, ``owg2022.json``, ``owg2018.json`` and ``wc2025.json`` (see ``data/FORMAT.md``)
and the source reliability seed ``source_tiers.json`` (see :func:`convert_source_tiers`), validates what it
wrote against the format's rules and exits non-zero with a message when anything is wrong.

Conversion rules (provenance is the point):

* every figure becomes ``{"value", "confidence", "sources", "note"?}``; source statuses are mapped by
  :func:`map_status`; ``not found in sources read`` and unresolved ``disputed`` figures are left out;
* source ids (keys of ``source_index``) are resolved to their URLs;
* a final standing and the segment rows of the same skater (same name and country) become one entry;
* nothing is invented: a figure the data lacks stays out.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runnable as a script from anywhere

from bot.services.importer import (
    DISCIPLINES,
    FORMAT_NAME,
    FORMAT_VERSION,
    LEVELS,
    SEGMENT_KINDS,
    STATUSES,
)
from bot.services.urls import InvalidURL, domain_of
from db.models import CONFIDENCES, TIERS
from db.repositories.results import SEGMENT_FIGURES

# The format's vocabulary comes from the importer that reads it, so the two cannot drift apart.
_STRENGTH = {"official": 4, "multi-source": 3, "single-source": 2, "derived": 1}
SEGMENT_FIGURE_KEYS = SEGMENT_FIGURES
LOW_QUALITY_NOTE = "low-quality site only"

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

EVENT_IDS = {
    "Men's singles": "men",
    "Women's singles": "women",
    "Ladies' singles": "women",
    "Pairs": "pairs",
    "Ice dance": "ice_dance",
    "Team event": "team",
}

# source segment key -> (segment id, kind, name)
SEGMENTS = {
    "short_program": ("SP", "short_program", "Short program"),
    "free_skate": ("FS", "free_skate", "Free skate"),
    "rhythm_dance": ("RD", "rhythm_dance", "Rhythm dance"),
    "short_dance": ("RD", "rhythm_dance", "Short dance"),
    "free_dance": ("FD", "free_dance", "Free dance"),
}

# team-event source segment key -> (segment id, kind, discipline, name)
TEAM_SEGMENTS = {
    "rhythm_dance": ("RD", "rhythm_dance", "ice_dance", "Rhythm dance"),
    "pairs_short_program": ("PSP", "short_program", "pairs", "Pairs short program"),
    "women_short_program": ("WSP", "short_program", "women", "Women short program"),
    "men_short_program": ("MSP", "short_program", "men", "Men short program"),
    "free_dance": ("FD", "free_dance", "ice_dance", "Free dance"),
    "pairs_free_skate": ("PFS", "free_skate", "pairs", "Pairs free skate"),
    "women_free_skate": ("WFS", "free_skate", "women", "Women free skate"),
    "men_free_skate": ("MFS", "free_skate", "men", "Men free skate"),
}
# Team segment -> index of the intermediate standing published right after it (None: final standings).
TEAM_STANDING_AFTER = {"RD": 0, "PSP": 0, "WSP": 0, "MSP": 1, "FD": 2, "PFS": 3, "WFS": 4, "MFS": None}

MEDAL_PLACES = {"gold": 1, "silver": 2, "bronze": 3}
FIELD_LABELS = {
    "competitors": "Competitors",
    "nations": "Nations",
    "advanced_to_free_skate": "Advanced to the free skate",
    "advanced_to_free_dance": "Advanced to the free dance",
}


class ConversionError(Exception):
    """The source data cannot be converted faithfully."""


# --------------------------------------------------------------------------------------------------
# figures


def _uniq(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item and item not in out:
            out.append(item)
    return out


def _join_notes(*notes: str | None) -> str | None:
    parts = _uniq([n.strip() for n in notes if n and n.strip()])
    return "; ".join(parts) if parts else None


def make_figure(value: Any, confidence: str, sources: list[str], note: str | None = None) -> dict[str, Any]:
    fig: dict[str, Any] = {"value": value, "confidence": confidence, "sources": _uniq(list(sources))}
    if note:
        fig["note"] = note
    return fig


def map_status(status: str) -> tuple[str | None, str | None]:
    """Map a source ``status`` to ``(confidence, note)``; confidence None means: leave the figure out.

    ``disputed`` is returned as ``(None, "disputed")``: the caller decides whether a disagreement settles it.
    """
    s = status.strip()
    if s == "multi-source":
        return "multi-source", None
    if s.startswith("multi-source"):
        return "multi-source", s
    if s == "single-source":
        return "single-source", None
    if s == "single-source (low-quality site only)":
        return "single-source", LOW_QUALITY_NOTE
    if s.startswith("single-source"):
        return "single-source", s
    if s == "derived":
        return "derived", None
    if s.startswith("inferred"):
        m = re.match(r"inferred\s*\((.*)\)\s*$", s)
        return "derived", "inferred: " + (m.group(1) if m else s[len("inferred") :].strip(" :") or "implied")
    if s.startswith("disputed"):
        return None, "disputed"
    if s == "not found in sources read":
        return None, None
    raise ConversionError(f"unknown source status {status!r}")


class Context:
    """Per-source-file state: source index, tiers and the judgment calls taken."""

    def __init__(self, comp_id: str, raw: dict[str, Any]):
        self.comp_id = comp_id
        self.raw = raw
        self.index: dict[str, dict[str, Any]] = raw.get("source_index") or {}
        self.tiers = {v["url"]: v.get("tier") for v in self.index.values() if isinstance(v, dict)}
        self.log: list[str] = []

    def url(self, ref: str) -> str:
        if ref in self.index:
            return self.index[ref]["url"]
        if not re.match(r"https?://", ref):
            raise ConversionError(f"{self.comp_id}: source {ref!r} is neither a URL nor a source_index id")
        return ref

    def urls(self, refs: list[str] | None) -> list[str]:
        return _uniq([self.url(r) for r in refs or []])

    def tier_confidence(self, urls: list[str]) -> tuple[str, str | None]:
        """Confidence for a figure whose data carries sources but no status: by the sources' tiers."""
        good = [u for u in urls if self.tiers.get(u) != "low"]
        if len(good) >= 2:
            return "multi-source", None
        if good:
            return "single-source", None
        return "single-source", LOW_QUALITY_NOTE

    def figure(self, raw: Any, where: str, extra_note: str | None = None) -> dict[str, Any] | None:
        """Convert one source figure object; None when it must be left out."""
        if raw is None:
            return None
        if not isinstance(raw, dict) or "status" not in raw:
            raise ConversionError(f"{self.comp_id} {where}: expected a figure object, got {raw!r}")
        confidence, status_note = map_status(raw["status"])
        if confidence is None:
            if status_note == "disputed":
                self.log.append(f"{where}: disputed ({_candidates(raw)}) and not settled -> left out")
            return None
        if raw.get("value") is None:
            return None
        sources = self.urls(raw.get("sources"))
        note = raw.get("note")
        if confidence == "derived":
            sources = _uniq(sources + self.urls(raw.get("sources_of_inputs")))
            if raw.get("derivation"):
                status_note = _join_notes(status_note, f"derived: {raw['derivation']}")
            elif status_note is None:
                status_note = "derived"
        if not sources:
            raise ConversionError(f"{self.comp_id} {where}: figure {raw.get('value')!r} has no sources")
        return make_figure(raw["value"], confidence, sources, _join_notes(status_note, note, extra_note))


def _candidates(raw: dict[str, Any]) -> str:
    cands = raw.get("candidates")
    return "candidates " + ", ".join(cands) if isinstance(cands, dict) else "no candidates"


def merge_figures(a: dict[str, Any] | None, b: dict[str, Any] | None, where: str) -> dict[str, Any] | None:
    """The same figure met twice (final standings and segment list): union of sources, stronger confidence."""
    if a is None or b is None:
        return a or b
    if a["value"] != b["value"]:
        raise ConversionError(f"{where}: conflicting values {a['value']!r} and {b['value']!r}")
    strong, weak = (a, b) if _STRENGTH[a["confidence"]] >= _STRENGTH[b["confidence"]] else (b, a)
    notes = [strong.get("note"), weak.get("note")]
    if _STRENGTH[strong["confidence"]] > _STRENGTH[weak["confidence"]] and LOW_QUALITY_NOTE not in (
        strong.get("note") or ""
    ):
        # the weaker copy's "low-quality site only" no longer describes the combined figure
        notes[1] = _strip_low_quality(weak.get("note"))
    return make_figure(strong["value"], strong["confidence"], strong["sources"] + weak["sources"], _join_notes(*notes))


def _strip_low_quality(note: str | None) -> str | None:
    if not note:
        return None
    return _join_notes(*[p for p in note.split("; ") if p != LOW_QUALITY_NOTE])


def text_figure(value: str, fig: dict[str, Any]) -> dict[str, Any]:
    return make_figure(value, fig["confidence"], fig["sources"], fig.get("note"))


# --------------------------------------------------------------------------------------------------
# names


def split_names(name: str) -> list[str]:
    return [part.strip() for part in name.split(" / ")]


def skaters_of(name: str, variants: list[str] | None) -> list[dict[str, Any]]:
    names = split_names(name)
    aliases: list[list[str]] = [[] for _ in names]
    for variant in variants or []:
        parts = split_names(variant)
        if len(names) == 1:
            aliases[0].append(variant.strip())
        elif len(parts) == len(names):
            for i, part in enumerate(parts):
                aliases[i].append(part)
        else:
            raise ConversionError(f"cannot attribute name variant {variant!r} to a partner of {name!r}")
    out = []
    for n, al in zip(names, aliases, strict=True):
        skater: dict[str, Any] = {"name": n}
        al = [a for a in _uniq(al) if a != n]
        if al:
            skater["aliases"] = al
        out.append(skater)
    return out


# --------------------------------------------------------------------------------------------------
# events


class EntryBuilder:
    def __init__(self, ctx: Context, event_id: str, seg_ids: set[str]):
        self.ctx = ctx
        self.event_id = event_id
        self.seg_ids = seg_ids
        self.entries: dict[tuple[str, str], dict[str, Any]] = {}

    def get(self, name: str, noc: str, variants: list[str] | None = None) -> dict[str, Any]:
        key = (name, noc)
        if key not in self.entries:
            self.entries[key] = {
                "skaters": skaters_of(name, variants),
                "country": noc,
                "place": None,
                "total": None,
                "status": None,
                "segments": {},
                "notes": [],
            }
        elif variants:
            entry = self.entries[key]
            entry["skaters"] = (
                skaters_of(name, _uniq([a for s in entry["skaters"] for a in s.get("aliases", [])] + list(variants)))
                if len(entry["skaters"]) == 1
                else skaters_of(name, variants)
            )
        return self.entries[key]

    def set_segment(self, entry: dict[str, Any], seg_id: str, key: str, fig: dict[str, Any] | None, where: str) -> None:
        if fig is None:
            return
        if seg_id not in self.seg_ids:
            raise ConversionError(f"{where}: segment {seg_id} not in event {self.event_id}")
        seg = entry["segments"].setdefault(seg_id, {})
        seg[key] = merge_figures(seg.get(key), fig, where)

    def set(self, entry: dict[str, Any], key: str, fig: dict[str, Any] | None, where: str) -> None:
        if fig is not None:
            entry[key] = merge_figures(entry.get(key), fig, where)

    def add_note(self, entry: dict[str, Any], fig: dict[str, Any] | None) -> None:
        if fig is not None and all(n["value"] != fig["value"] for n in entry["notes"]):
            entry["notes"].append(fig)

    def result(self) -> list[dict[str, Any]]:
        out = []
        for entry in self.entries.values():
            clean: dict[str, Any] = {"skaters": entry["skaters"], "country": entry["country"]}
            for key in ("place", "total"):
                if entry[key] is not None:
                    clean[key] = entry[key]
            clean["status"] = entry["status"]
            clean["segments"] = {
                sid: {k: seg[k] for k in SEGMENT_FIGURE_KEYS if seg.get(k) is not None}
                for sid, seg in entry["segments"].items()
                if any(seg.get(k) is not None for k in SEGMENT_FIGURE_KEYS)
            }
            if entry["notes"]:
                clean["notes"] = entry["notes"]
            out.append(clean)

        def sort_key(e: dict[str, Any]) -> tuple[int, int, str]:
            place = e.get("place")
            if place is not None:
                return (0, place["value"], "")
            return (1, 0, e["skaters"][0]["name"])

        return sorted(out, key=sort_key)


def _ordinal_value(text: str) -> int | None:
    m = re.match(r"^(\d+)(st|nd|rd|th)\b", text.strip())
    return int(m.group(1)) if m else None


def settled_place_disputes(ctx: Context, event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``"<names> final place"`` disagreements whose assessment names one candidate: the place figure."""
    out: dict[str, dict[str, Any]] = {}
    for dis in event.get("disagreements") or []:
        field = dis.get("field", "")
        if not field.endswith(" final place"):
            continue
        who = field[: -len(" final place")]
        assessment = dis.get("assessment", "")
        for cand, refs in dis.get("values", {}).items():
            place = _ordinal_value(cand)
            if place is not None and assessment.strip().startswith(cand):
                urls = ctx.urls(refs)
                others = "; ".join(f"{k}: {', '.join(ctx.urls(v))}" for k, v in dis["values"].items() if k != cand)
                conf, low = ctx.tier_confidence(urls)
                note = _join_notes(low, f"disputed ({others}); settled by the data's assessment: {assessment}")
                out[who] = make_figure(place, conf, urls, note)
                ctx.log.append(f"{event['event']}: {field} disputed, settled as {place} ({assessment})")
    return out


def _dispute_for(name: str, disputes: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    for who, fig in disputes.items():
        if all(token.strip() and token.strip() in name for token in who.split("/")):
            return fig
    return None


def disagreement_notes(ctx: Context, event: dict[str, Any]) -> list[dict[str, Any]]:
    notes = []
    for dis in event.get("disagreements") or []:
        parts = [f"{cand} ({', '.join(ctx.urls(refs))})" for cand, refs in dis.get("values", {}).items()]
        urls = _uniq([u for refs in dis.get("values", {}).values() for u in ctx.urls(refs)])
        text = f"Sources disagree on {dis['field']}: " + " vs ".join(parts)
        how = f"source comparison by the data compiler; assessment: {dis.get('assessment')}"
        notes.append(make_figure(text, "derived", urls, how))
    return notes


def place_figure(
    ctx: Context, place: int, total: dict[str, Any] | None, notes: list[dict[str, Any]], where: str
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """A place figure: its own "Place N" note's provenance if the data has one, else the total's."""
    for note in notes:
        if re.fullmatch(rf"Place {place}", note["value"]):
            rest = [n for n in notes if n is not note]
            return make_figure(
                place,
                note["confidence"],
                note["sources"],
                _join_notes(f"from the data's note {note['value']!r}", note.get("note")),
            ), rest
    if total is not None:
        return make_figure(
            place,
            total["confidence"],
            total["sources"],
            _join_notes("place has no sources of its own; cited from the total's sources", total.get("note")),
        ), notes
    ctx.log.append(f"{where}: place {place} has no sources at all -> left out")
    return None, notes


def convert_event(ctx: Context, event: dict[str, Any]) -> dict[str, Any]:
    name = event["event"]
    event_id = EVENT_IDS.get(name)
    if event_id is None:
        raise ConversionError(f"{ctx.comp_id}: unknown event {name!r}")
    if event_id == "team":
        return convert_team_event(ctx, event, name)
    where = f"{ctx.comp_id}/{event_id}"

    segments = []
    seg_key_to_id: dict[str, str] = {}
    dates = event.get("dates") or {}
    for key, date_raw in dates.items():
        if key not in SEGMENTS:
            raise ConversionError(f"{where}: unknown segment {key!r}")
        sid, kind, sname = SEGMENTS[key]
        seg_key_to_id[key] = sid
        seg: dict[str, Any] = {"id": sid, "kind": kind, "name": sname}
        date_fig = ctx.figure(date_raw, f"{where} {key} date")
        if date_fig is not None:
            seg["date"] = date_fig["value"]
        segments.append(seg)
    builder = EntryBuilder(ctx, event_id, {s["id"] for s in segments})
    disputes = settled_place_disputes(ctx, event)

    def segment_figures(entry: dict[str, Any], row: dict[str, Any], who: str) -> None:
        for key, sid in seg_key_to_id.items():
            block = row.get(key)
            if not block:
                continue
            builder.set_segment(
                entry, sid, "tss", ctx.figure(block.get("score"), f"{who} {sid} score"), f"{who} {sid} score"
            )
            builder.set_segment(
                entry, sid, "rank", ctx.figure(block.get("rank"), f"{who} {sid} rank"), f"{who} {sid} rank"
            )

    standings = event.get("final_standings") or []
    podium = event.get("podium") or []
    rows: list[tuple[int | None, dict[str, Any]]] = []
    if standings:
        rows = [(row.get("place"), row) for row in standings]
        by_place = {row.get("place"): row.get("name") for row in standings}
        for medal in podium:
            if by_place.get(MEDAL_PLACES[medal["medal"]]) != medal["name"]:
                raise ConversionError(f"{where}: podium {medal} disagrees with the final standings")
    else:
        rows = [(MEDAL_PLACES[row["medal"]], row) for row in podium if "total" in row or "name" in row]

    for place, row in rows:
        if row.get("name") is None:
            ctx.log.append(f"{where}: place {place} not found in the source -> no entry")
            continue
        who = f"{where} {row['name']}"
        entry = builder.get(row["name"], row["noc"], row.get("name_variants_seen"))
        total = ctx.figure(row.get("total"), f"{who} total")
        builder.set(entry, "total", total, f"{who} total")
        segment_figures(entry, row, who)
        notes = [
            text_figure(n["value"], f)
            for n in row.get("notes") or []
            if (f := ctx.figure(n, f"{who} note")) is not None
        ]
        if place is not None:
            settled = _dispute_for(row["name"], disputes)
            if settled is not None and settled["value"] == place:
                pfig = settled
            else:
                pfig, notes = place_figure(ctx, place, total, notes, who)
                if pfig is not None and "medal" in row:
                    pfig["note"] = _join_notes(f"{row['medal']} medal", pfig.get("note"))
            builder.set(entry, "place", pfig, f"{who} place")
        for note in notes:
            builder.add_note(entry, note)

    for seg_block in event.get("segments") or []:
        key = seg_block["segment"]
        sid = seg_key_to_id.get(key)
        if sid is None:
            raise ConversionError(f"{where}: segment list {key!r} has no date/segment definition")
        for row in seg_block.get("entries") or []:
            who = f"{where} {row['name']}"
            entry = builder.get(row["name"], row["noc"], row.get("name_variants_seen"))
            builder.set_segment(
                entry, sid, "rank", ctx.figure(row.get("rank"), f"{who} {sid} rank"), f"{who} {sid} rank"
            )
            builder.set_segment(
                entry, sid, "tss", ctx.figure(row.get("score"), f"{who} {sid} score"), f"{who} {sid} score"
            )
            builder.set(entry, "total", ctx.figure(row.get("total"), f"{who} total"), f"{who} total")
            final_place = row.get("final_place")
            place_fig = entry["place"]
            if final_place is not None and place_fig is not None and place_fig["value"] != final_place:
                raise ConversionError(f"{who}: final_place {final_place} != place {entry['place']['value']}")

    # Final-not-reached only when the data shows it: short-segment rank below the cut.
    field = event.get("field") or {}
    cut_raw = field.get("advanced_to_free_skate") or field.get("advanced_to_free_dance")
    cut = cut_raw.get("value") if isinstance(cut_raw, dict) else None
    short_id = segments[0]["id"] if segments else None
    free_id = segments[1]["id"] if len(segments) > 1 else None
    for entry in builder.entries.values():
        if entry["place"] is None and entry["total"] is None and free_id not in entry["segments"]:
            rank = entry["segments"].get(short_id, {}).get("rank")
            names = " / ".join(s["name"] for s in entry["skaters"])
            if cut is not None and rank is not None and rank["value"] > cut:
                entry["status"] = "FNR"
                ctx.log.append(f"{where} {names}: {short_id} rank {rank['value']} > {cut} advanced -> FNR")
            else:
                ctx.log.append(
                    f"{where} {names}: only in the {short_id} list, no final result in the data "
                    f"(rank {rank['value'] if rank else 'unknown'} within the cut or unknown) -> "
                    "status null, no place"
                )

    notes: list[dict[str, Any]] = []
    for key, raw in field.items():
        fig = ctx.figure(raw, f"{where} field {key}")
        if fig is not None:
            notes.append(text_figure(f"{FIELD_LABELS.get(key, key)}: {fig['value']}", fig))
    for raw in event.get("notes") or []:
        fig = ctx.figure(raw, f"{where} note")
        if fig is not None:
            notes.append(fig)
    notes.extend(disagreement_notes(ctx, event))

    out: dict[str, Any] = {
        "id": event_id,
        "discipline": event_id,
        "level": "senior",  # the compiled sources are the senior Olympic and World championships
        "name": name,
        "segments": segments,
        "entries": builder.result(),
    }
    if notes:
        out["notes"] = notes
    return out


# --------------------------------------------------------------------------------------------------
# team event


def _team_name_code(text: str) -> tuple[str, str]:
    m = re.fullmatch(r"\s*(.+?)\s*\(([A-Z]{3})\)\s*", text)
    if not m:
        raise ConversionError(f"cannot read team {text!r}")
    return m.group(1), m.group(2)


def convert_team_event(ctx: Context, event: dict[str, Any], name: str) -> dict[str, Any]:
    where = f"{ctx.comp_id}/team"
    notes: list[dict[str, Any]] = []
    teams: dict[str, dict[str, Any]] = {}
    order: list[str] = []

    def team(code: str, team_name: str | None = None) -> dict[str, Any]:
        if code not in teams:
            teams[code] = {"country": code, "name": team_name or code, "place": None, "points": None, "segments": {}}
            order.append(code)
        elif team_name and teams[code]["name"] == code:
            teams[code]["name"] = team_name
        return teams[code]

    dates = event.get("dates")
    if isinstance(dates, dict) and "status" in dates:
        fig = ctx.figure(dates, f"{where} dates")
        if fig is not None:
            notes.append(text_figure(f"Team event dates: {fig['value']}", fig))
    if event.get("format"):
        fig = ctx.figure(event["format"], f"{where} format")
        if fig is not None:
            notes.append(text_figure(f"Format: {fig['value']}", fig))

    recalculated = "final_result_after_2024_ISU_recalculation" in event
    standings = event.get("final_standings") or event.get("final_result_after_2024_ISU_recalculation") or []
    for row in standings:
        if "teams" in row:  # a group without places or points ("6-10 (did not advance ...)")
            urls = ctx.urls(row.get("sources"))
            conf, low = map_status(row["status"].split(";")[0]) if row.get("status") else (None, None)
            if conf is None:
                conf, low = ctx.tier_confidence(urls)
            labels = []
            for text in row["teams"]:
                tname, code = _team_name_code(text)
                team(code, tname)
                labels.append(tname)
            notes.append(
                make_figure(f"Places {row['place']}: {', '.join(labels)}", conf, urls, row.get("status") or low)
            )
            ctx.log.append(f"{where}: teams {', '.join(labels)} kept without place/points ({row['place']})")
            continue
        team_name = row["team"]
        clean_name = re.sub(r"\s*\(.*\)\s*$", "", team_name)
        t = team(row["noc"], clean_name)
        place = row.get("place") or MEDAL_PLACES.get(row.get("medal", ""))
        extra = f"team listed as {team_name!r}" if clean_name != team_name else None
        if recalculated:
            extra = _join_notes("result after the 2024 ISU recalculation", extra)
        points = ctx.figure(row.get("points"), f"{where} {row['noc']} points", extra)
        t["points"] = points
        if place is not None and points is not None:
            medal = f"{row['medal']} medal; " if row.get("medal") else ""
            how = f"{medal}place has no sources of its own; cited from the points' sources"
            t["place"] = make_figure(
                place, points["confidence"], points["sources"], _join_notes(how, points.get("note"))
            )
        elif place is not None:
            ctx.log.append(f"{where}: {row['noc']} place {place} without any source -> left out")

    for code, raw in (event.get("original_result_2022") or {}).items():
        fig = ctx.figure(raw, f"{where} original 2022 result {code}")
        if fig is not None:
            text = f"Original 2022 result (before the 2024 ISU recalculation): {code} {fig['value']} points"
            notes.append(text_figure(text, fig))
    if event.get("medalists_confirmed_by"):
        fig = ctx.figure(event["medalists_confirmed_by"], f"{where} medallists")
        if fig is not None:
            notes.append(text_figure(f"Medallists: {fig['value']}", fig))
    for raw in event.get("notes") or []:
        fig = ctx.figure(raw, f"{where} note")
        if fig is not None:
            notes.append(fig)

    # intermediate standings
    standings_figs: list[dict[str, Any]] = []
    for step in event.get("intermediate_standings") or []:
        urls = ctx.urls(step.get("sources"))
        if step.get("status"):
            conf, snote = map_status(step["status"])
            if conf is None:
                continue
        else:
            conf, snote = ctx.tier_confidence(urls)
            snote = _join_notes(snote, "confidence assigned by the converter from the sources' tiers")
        scores = ", ".join(
            f"{k} {v}" for k, v in step.items() if re.fullmatch(r"[A-Z]{3}", k) and isinstance(v, (int, float))
        )
        fig = make_figure(
            f"Standings after {step['after']}: {scores}", conf, urls, _join_notes(snote, step.get("note"))
        )
        standings_figs.append(fig)
        notes.append(fig)

    rosters = event.get("medal_team_rosters") or {}
    roster_figs: dict[str, dict[str, Any]] = {}
    for code, raw in rosters.items():
        fig = ctx.figure(raw, f"{where} roster {code}")
        if fig is not None:
            roster_figs[code] = fig
            notes.append(text_figure(f"{code} team roster: {fig['value']}", fig))

    # segments and who skated them
    segments: list[dict[str, Any]] = []
    builder = EntryBuilder(ctx, "team", {v[0] for v in TEAM_SEGMENTS.values()})
    final_points_sources = _uniq([u for t in teams.values() if t["points"] for u in t["points"]["sources"]])
    for block in event.get("segments") or []:
        key = block["segment"]
        if key not in TEAM_SEGMENTS:
            raise ConversionError(f"{where}: unknown team segment {key!r}")
        sid, kind, discipline, sname = TEAM_SEGMENTS[key]
        seg: dict[str, Any] = {"id": sid, "kind": kind, "discipline": discipline, "name": sname}
        if block.get("date"):
            seg["date"] = block["date"]
        segments.append(seg)
        for row in block.get("entries") or []:
            code = row["team"]
            who = f"{where} {sid} {row['skaters']}"
            t = team(code)
            score = ctx.figure(row.get("score"), f"{who} score")
            own = ctx.urls(row.get("sources"))
            row_note = row.get("note")
            if own:
                base_urls, how = own, "confidence assigned by the converter from the sources' tiers"
            elif score is not None:
                base_urls, how = score["sources"], "cited from the score's sources (no sources of its own)"
            else:
                base_urls, how = [], None
            rank_fig = points_fig = None
            if base_urls:
                conf, low = ctx.tier_confidence(base_urls)
                if row_note and "derived" in row_note:
                    conf = "derived"
                note = _join_notes(low, how, row_note)
                if row.get("rank") is not None:
                    rank_fig = make_figure(row["rank"], conf, base_urls, note)
                if row.get("points") is not None:
                    points_fig = make_figure(row["points"], conf, base_urls, note)
            elif row.get("rank") is not None or row.get("points") is not None:
                after = TEAM_STANDING_AFTER[sid]
                idx = [i for i in (None if after is None else after - 1, after) if i is not None and i >= 0]
                urls = _uniq(
                    [u for i in idx if i < len(standings_figs) for u in standings_figs[i]["sources"]]
                    + (final_points_sources if after is None else [])
                )
                if not urls:
                    raise ConversionError(f"{who}: rank/points without any source")
                note = _join_notes(
                    "no source of its own; consistent with the intermediate standings before and after this segment",
                    event.get("consistency_check"),
                    row_note,
                )
                if row.get("rank") is not None:
                    rank_fig = make_figure(row["rank"], "derived", urls, note)
                if row.get("points") is not None:
                    points_fig = make_figure(row["points"], "derived", urls, note)
                ctx.log.append(f"{who}: rank/points have no sources -> derived from intermediate standings")
            tseg: dict[str, Any] = {"skaters": [n for n in split_names(row["skaters"])]}
            for k, v in (("rank", rank_fig), ("points", points_fig), ("tss", score)):
                if v is not None:
                    tseg[k] = v
            t["segments"][sid] = tseg

            entry = builder.get(row["skaters"], code)
            builder.set_segment(entry, sid, "rank", rank_fig, f"{who} rank")
            builder.set_segment(entry, sid, "tss", score, f"{who} score")
            if row_note and not (row_note and "derived" in row_note):
                note_src = base_urls or (roster_figs.get(code) or {}).get("sources")
                if note_src:
                    conf, low = ctx.tier_confidence(note_src)
                    builder.add_note(entry, make_figure(f"{sname}: {row_note}", conf, note_src, low))

    # teams 1..n by place, then the rest in source order
    team_list = []
    for code in order:
        t = teams[code]
        clean: dict[str, Any] = {
            "country": t["country"],
            "name": t["name"],
            "place": t["place"],
            "points": t["points"],
            "segments": t["segments"],
        }
        team_list.append(clean)
    team_list.sort(key=lambda t: (t["place"] is None, t["place"]["value"] if t["place"] else 0))

    notes.extend(disagreement_notes(ctx, event))
    out: dict[str, Any] = {
        "id": "team",
        "discipline": "team",
        "level": "senior",
        "name": name,
        "segments": segments,
        "entries": builder.result(),
        "teams": team_list,
    }
    if notes:
        out["notes"] = notes
    return out


# --------------------------------------------------------------------------------------------------
# competition


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
        weakest = min(meta_figs, key=lambda f: _STRENGTH[f["confidence"]])["confidence"]
        comp["provenance"] = {
            "confidence": weakest,
            "sources": _uniq([u for f in meta_figs for u in f["sources"]]),
            "note": _join_notes(
                "covers only the venue, competition dates and segment dates (the weakest of their source "
                "statuses); every result figure carries its own provenance",
                f"source venue text: {venue_fig.get('value')}" if venue_fig else None,
                date_note,
            ),
        }
    comp["events"] = events
    return comp, ctx.log


def convert_file(comp_id: str, src_dir: Path) -> tuple[dict[str, Any], list[str]]:
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
    docs, logs = {}, {}
    for comp_id in COMPETITIONS:
        docs[comp_id], logs[comp_id] = convert_file(comp_id, src_dir)
    return docs, logs


def render(doc: dict[str, Any]) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


# --------------------------------------------------------------------------------------------------
# validation (data/FORMAT.md)


def _check_figure(fig: Any, where: str, errors: list[str], kind: type | tuple[type, ...] | None = None) -> None:
    if fig is None:
        return
    if not isinstance(fig, dict):
        errors.append(f"{where}: bare value {fig!r} (this converter writes every figure with provenance)")
        return
    missing = {"value", "confidence", "sources"} - fig.keys()
    if missing:
        errors.append(f"{where}: figure lacks {sorted(missing)}")
        return
    extra = set(fig) - {"value", "confidence", "sources", "note"}
    if extra:
        errors.append(f"{where}: unknown figure keys {sorted(extra)}")
    if fig["confidence"] not in CONFIDENCES:
        errors.append(f"{where}: confidence {fig['confidence']!r} not in {CONFIDENCES}")
    if (
        not isinstance(fig["sources"], list)
        or not fig["sources"]
        or not all(isinstance(s, str) and re.match(r"https?://", s) for s in fig["sources"])
    ):
        errors.append(f"{where}: sources must be a non-empty list of URLs")
    if fig["confidence"] == "derived" and not fig.get("note"):
        errors.append(f"{where}: derived figure without a note saying how")
    if "note" in fig and not (isinstance(fig["note"], str) and fig["note"]):
        errors.append(f"{where}: note must be a non-empty string")
    if (
        kind is not None
        and fig["value"] is not None
        and (not isinstance(fig["value"], kind) or isinstance(fig["value"], bool))
    ):
        errors.append(f"{where}: value {fig['value']!r} has the wrong type")


def _check_provenance(prov: Any, where: str, errors: list[str]) -> None:
    if not isinstance(prov, dict) or prov.get("confidence") not in CONFIDENCES or not prov.get("sources"):
        errors.append(f"{where}: provenance needs confidence and sources")


def validate(doc: dict[str, Any]) -> list[str]:
    """FORMAT.md's rules plus this converter's stricter ones; returns a list of error messages."""
    errors: list[str] = []
    if doc.get("format") != FORMAT_NAME or doc.get("version") != FORMAT_VERSION:
        errors.append("format/version must be skatebot-results/1")
    comps = doc.get("competitions")
    if not isinstance(comps, list) or not comps:
        return [*errors, "competitions must be a non-empty list"]
    for comp in comps:
        cw = f"competition {comp.get('id')}"
        for key in ("id", "name", "season", "level", "events"):
            if not comp.get(key):
                errors.append(f"{cw}: missing {key}")
        if comp.get("level") not in LEVELS:
            errors.append(f"{cw}: level {comp.get('level')!r} not in {LEVELS}")
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", str(comp.get("id", ""))):
            errors.append(f"{cw}: id must be a slug")
        if not re.fullmatch(r"\d{4}-\d{2}", str(comp.get("season", ""))):
            errors.append(f"{cw}: season must look like 2025-26")
        if comp.get("country") and not re.fullmatch(r"[A-Z]{3}", comp["country"]):
            errors.append(f"{cw}: country must be a three-letter code")
        for key in ("start_date", "end_date"):
            if key in comp and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(comp[key])):
                errors.append(f"{cw}: {key} must be an ISO date")
        if comp.get("start_date") and comp.get("end_date") and comp["start_date"] > comp["end_date"]:
            errors.append(f"{cw}: start_date after end_date")
        if "provenance" in comp:
            _check_provenance(comp["provenance"], cw, errors)
        event_ids: set[str] = set()
        for event in comp.get("events") or []:
            _validate_event(event, comp, f"{cw} event {event.get('id')}", errors)
            if event.get("id") in event_ids:
                errors.append(f"{cw}: duplicate event id {event.get('id')}")
            event_ids.add(event.get("id"))
    return errors


def _validate_event(event: dict[str, Any], comp: dict[str, Any], ew: str, errors: list[str]) -> None:
    for key in ("id", "discipline", "level", "name"):
        if not event.get(key):
            errors.append(f"{ew}: missing {key}")
    if event.get("discipline") not in DISCIPLINES:
        errors.append(f"{ew}: discipline {event.get('discipline')!r} not in {DISCIPLINES}")
    if not isinstance(event.get("segments"), list):
        errors.append(f"{ew}: segments must be a list")
    is_team = event.get("discipline") == "team"
    seg_ids: dict[str, dict[str, Any]] = {}
    for seg in event.get("segments") or []:
        sw = f"{ew} segment {seg.get('id')}"
        if not seg.get("id") or not seg.get("name"):
            errors.append(f"{sw}: id and name required")
        if seg.get("id") in seg_ids:
            errors.append(f"{sw}: duplicate segment id")
        seg_ids[seg.get("id")] = seg
        if seg.get("kind") not in SEGMENT_KINDS:
            errors.append(f"{sw}: kind {seg.get('kind')!r} not in {SEGMENT_KINDS}")
        if is_team and seg.get("discipline") not in DISCIPLINES - {"team"}:
            errors.append(f"{sw}: team segments need the discipline whose segment it is")
        if "date" in seg:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(seg["date"])):
                errors.append(f"{sw}: date must be ISO")
            elif comp.get("start_date") and not comp["start_date"] <= seg["date"] <= comp["end_date"]:
                errors.append(f"{sw}: date {seg['date']} outside the competition dates")

    seen: dict[tuple[str, str], str] = {}
    places: list[tuple[int, float | None, str]] = []
    for i, entry in enumerate(event.get("entries") or []):
        skaters = entry.get("skaters") or []
        names = " / ".join(s.get("name", "?") for s in skaters)
        enw = f"{ew} entry {names or i}"
        country = entry.get("country")
        if not isinstance(country, str) or not re.fullmatch(r"[A-Z]{3}", country):
            errors.append(f"{enw}: country must be a three-letter code")
        want = {"men": 1, "women": 1, "pairs": 2, "ice_dance": 2}.get(event.get("discipline"))
        if want and len(skaters) != want:
            errors.append(f"{enw}: {event.get('discipline')} entries need {want} skater(s), got {len(skaters)}")
        if is_team:
            disc = {seg_ids[s].get("discipline") for s in entry.get("segments", {}) if s in seg_ids}
            for d in disc:
                need = 2 if d in ("pairs", "ice_dance") else 1
                if len(skaters) != need:
                    errors.append(f"{enw}: skated a {d} segment with {len(skaters)} skater(s)")
        if not skaters or len(skaters) > 2:
            errors.append(f"{enw}: one or two skaters required")
        for s in skaters:
            if not isinstance(s.get("name"), str) or not s["name"].strip() or "/" in s["name"]:
                errors.append(f"{enw}: bad skater name {s.get('name')!r}")
            if not isinstance(s.get("aliases", []), list):
                errors.append(f"{enw}: aliases must be a list")
            key = (s.get("name"), country)
            if key in seen:
                errors.append(f"{enw}: skater {s.get('name')} ({country}) appears twice in the event")
            seen[key] = enw
        if entry.get("status") not in STATUSES:
            errors.append(f"{enw}: status {entry.get('status')!r} not in {STATUSES}")
        _check_figure(entry.get("place"), f"{enw} place", errors, int)
        _check_figure(entry.get("total"), f"{enw} total", errors, (int, float))
        for sid, seg in (entry.get("segments") or {}).items():
            if sid not in seg_ids:
                errors.append(f"{enw}: segment {sid} is not a segment of the event")
            for key, fig in seg.items():
                if key not in SEGMENT_FIGURE_KEYS:
                    errors.append(f"{enw} {sid}: unknown segment figure {key!r}")
                _check_figure(fig, f"{enw} {sid} {key}", errors, (int, float))
                bad_rank = isinstance(fig, dict) and (not isinstance(fig["value"], int) or fig["value"] < 1)
                if key == "rank" and bad_rank:
                    errors.append(f"{enw} {sid}: rank must be a positive integer")
        for note in entry.get("notes") or []:
            _check_figure(note, f"{enw} note", errors, str)
        place = entry.get("place")
        if isinstance(place, dict) and isinstance(place.get("value"), int):
            total = entry.get("total")
            places.append((place["value"], total.get("value") if isinstance(total, dict) else None, enw))
            if place["value"] < 1:
                errors.append(f"{enw}: place must be >= 1")
    _check_places(places, ew, errors)

    for note in event.get("notes") or []:
        _check_figure(note, f"{ew} note", errors, str)

    if event.get("teams") and not is_team:
        errors.append(f"{ew}: teams only belong to the team event")
    team_places: list[tuple[int, float | None, str]] = []
    countries: set[str] = set()
    entry_names = {(s.get("name"), e.get("country")) for e in event.get("entries") or [] for s in e.get("skaters", [])}
    for team in event.get("teams") or []:
        tw = f"{ew} team {team.get('country')}"
        if not re.fullmatch(r"[A-Z]{3}", str(team.get("country"))) or not team.get("name"):
            errors.append(f"{tw}: country code and name required")
        if team.get("country") in countries:
            errors.append(f"{tw}: duplicate team")
        countries.add(team.get("country"))
        _check_figure(team.get("place"), f"{tw} place", errors, int)
        _check_figure(team.get("points"), f"{tw} points", errors, (int, float))
        if isinstance(team.get("place"), dict):
            pts = team.get("points")
            pts_value = pts.get("value") if isinstance(pts, dict) else None
            team_places.append((team["place"]["value"], pts_value, tw))
        for sid, seg in (team.get("segments") or {}).items():
            if sid not in seg_ids:
                errors.append(f"{tw}: segment {sid} is not a segment of the event")
            for key in ("rank", "points", "tss"):
                _check_figure(seg.get(key), f"{tw} {sid} {key}", errors, (int, float))
            for n in seg.get("skaters") or []:
                if (n, team.get("country")) not in entry_names:
                    errors.append(f"{tw} {sid}: skater {n!r} is not an entry of that country")
            if sid in seg_ids and seg.get("skaters"):
                need = 2 if seg_ids[sid].get("discipline") in ("pairs", "ice_dance") else 1
                if len(seg["skaters"]) != need:
                    errors.append(f"{tw} {sid}: {need} skater(s) expected")
    _check_places(team_places, f"{ew} teams", errors)


def _check_places(places: list[tuple[int, float | None, str]], where: str, errors: list[str]) -> None:
    """Places are unique unless tied (equal totals); better places never have lower totals."""
    by_place: dict[int, list[tuple[float | None, str]]] = {}
    for place, total, who in places:
        by_place.setdefault(place, []).append((total, who))
    for place, rows in by_place.items():
        if len(rows) > 1:
            totals = {t for t, _ in rows}
            if None in totals or len(totals) > 1:
                errors.append(f"{where}: place {place} given to {[w for _, w in rows]} without a tie")
    known = sorted((p, t, w) for p, t, w in places if t is not None)
    for (p1, t1, w1), (p2, t2, w2) in itertools.pairwise(known):
        if p1 < p2 and t1 < t2:
            errors.append(f"{where}: {w1} placed {p1} with {t1} but {w2} placed {p2} with {t2}")


# --------------------------------------------------------------------------------------------------
# source tiers

SOURCE_TIERS_FORMAT = "skatebot-source-tiers"
SOURCE_TIERS_VERSION = 1
SOURCE_TIERS_FILE = "source_tiers.json"
# Most trusted first, as db.models keeps them; the conflict rule below reads this order.
TIER_ORDER = TIERS
# Redirect wrappers whose own domain says nothing about the source: domain -> query parameter holding the
# target. Without this, bing.com would be registered with the tier of whatever outlet it once redirected to.
REDIRECTORS = {"bing.com": "url"}


def _source_domain(url: str) -> tuple[str, str | None]:
    """The domain a source URL is judged by, and a log line when a redirect was followed."""
    domain = domain_of(url)
    param = REDIRECTORS.get(domain)
    if param:
        targets = parse_qs(urlsplit(url).query).get(param)
        if targets:
            target = domain_of(targets[0])
            return target, f"{domain} redirect link counted for its target {target}"
    return domain, None


def convert_source_tiers(src_dir: Path) -> tuple[dict[str, Any], list[str]]:
    """A reliability tier per domain from the ``source_index`` of every source file.

    A domain's tier is the tier the reference data gives the outlets cited through it: a mirror that hosts
    wire copy is counted as wire there. A domain met with several tiers takes the most frequent; on a tie the
    more cautious (later in :data:`TIER_ORDER`), because over-trusting a source is the costlier mistake.
    """
    seen: dict[str, list[tuple[str, str]]] = {}
    log: list[str] = []
    for comp in COMPETITIONS.values():
        path = Path(src_dir) / comp["file"]
        raw = json.loads(path.read_text(encoding="utf-8"))
        for source_id, source in (raw.get("source_index") or {}).items():
            where = f"{path.name} {source_id}"
            if source.get("tier") not in TIER_ORDER:
                raise ConversionError(f"{where}: tier {source.get('tier')!r} not in {TIER_ORDER}")
            try:
                domain, note = _source_domain(source["url"])
            except InvalidURL as exc:
                raise ConversionError(f"{where}: {exc.message}") from None
            if note:
                log.append(f"{where}: {note}")
            seen.setdefault(domain, []).append((source["tier"], source["outlet"]))
    tiers = []
    for domain in sorted(seen):
        counts = Counter(tier for tier, _ in seen[domain])
        tier = min(counts, key=lambda t: (-counts[t], -TIER_ORDER.index(t)))
        if len(counts) > 1:
            top = [t for t in counts if counts[t] == counts[tier]]
            why = "tie: the more cautious" if len(top) > 1 else "most frequent"
            spread = ", ".join(f"{t} x{counts[t]}" for t in TIER_ORDER if t in counts)
            log.append(f"{domain}: tiers {spread} -> {tier} ({why})")
        tiers.append({"domain": domain, "tier": tier, "outlets": sorted({outlet for _, outlet in seen[domain]})})
    description = (
        "Reliability tier of source domains, converted by data/convert_shared.py from the source_index of "
        + ", ".join(f"shared/data/{c['file']}" for c in COMPETITIONS.values())
        + ". A domain takes the tier the reference data gives the outlets cited through it (a mirror hosting "
        "wire copy counts as wire); a domain met with several tiers takes the most frequent, a tie the more "
        "cautious. Tiers, most trusted first: " + ", ".join(TIER_ORDER) + "."
    )
    doc = {
        "format": SOURCE_TIERS_FORMAT,
        "version": SOURCE_TIERS_VERSION,
        "description": description,
        "tiers": tiers,
    }
    return doc, log


def validate_source_tiers(doc: dict[str, Any]) -> list[str]:
    errors: list[str] = []
    if doc.get("format") != SOURCE_TIERS_FORMAT or doc.get("version") != SOURCE_TIERS_VERSION:
        errors.append(f"format/version must be {SOURCE_TIERS_FORMAT!r} {SOURCE_TIERS_VERSION}")
    rows = doc.get("tiers")
    if not isinstance(rows, list) or not rows:
        return [*errors, "tiers must be a non-empty list"]
    domains = [row.get("domain") for row in rows]
    if domains != sorted(set(domains)):
        errors.append("domains must be unique and sorted")
    for row in rows:
        domain = row.get("domain")
        try:
            if domain_of(f"https://{domain}/") != domain:
                errors.append(f"{domain!r}: not a normalized domain")
        except InvalidURL as exc:
            errors.append(f"{domain!r}: {exc.message}")
        if row.get("tier") not in TIER_ORDER:
            errors.append(f"{domain}: tier {row.get('tier')!r} not in {TIER_ORDER}")
        outlets = row.get("outlets")
        if not isinstance(outlets, list) or not outlets or not all(isinstance(o, str) and o for o in outlets):
            errors.append(f"{domain}: outlets must be a non-empty list of names")
    return errors


# --------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python data/convert_shared.py SHARED_DATA_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    try:
        docs, logs = convert_all(src)
        tiers_doc, tiers_log = convert_source_tiers(src)
    except (ConversionError, OSError, KeyError, ValueError) as exc:
        print(f"conversion failed: {exc}", file=sys.stderr)
        return 1
    failed = False
    for comp_id, doc in docs.items():
        errors = validate(doc)
        if errors:
            failed = True
            print(f"{comp_id}: {len(errors)} validation error(s):", file=sys.stderr)
            for err in errors:
                print(f"  - {err}", file=sys.stderr)
    tier_errors = validate_source_tiers(tiers_doc)
    if tier_errors:
        failed = True
        print(f"{SOURCE_TIERS_FILE}: {len(tier_errors)} validation error(s):", file=sys.stderr)
        for err in tier_errors:
            print(f"  - {err}", file=sys.stderr)
    if failed:
        print("nothing written", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for comp_id, doc in docs.items():
        path = out / f"{comp_id}.json"
        path.write_text(render(doc), encoding="utf-8")
        print(f"wrote {path} ({len(logs[comp_id])} judgment calls)")
        for line in logs[comp_id]:
            print(f"  {line}")
    path = out / SOURCE_TIERS_FILE
    path.write_text(render(tiers_doc), encoding="utf-8")
    print(f"wrote {path} ({len(tiers_doc['tiers'])} domains, {len(tiers_log)} judgment calls)")
    for line in tiers_log:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
