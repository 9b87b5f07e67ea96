"""Entries of an event: one skater or couple across the final standing and the segments, and disputed places."""

from __future__ import annotations

import re
from typing import Any

from data.converter.figures import Context, ConversionError, join_notes, make_figure, merge_figures, skaters_of, uniq
from db.repositories.results import SEGMENT_FIGURES


class EntryBuilder:
    """Gathers an event's entries by (name, country): the final standing and every segment row of one skater."""

    def __init__(self, ctx: Context, event_id: str, seg_ids: set[str]):
        self.ctx = ctx
        self.event_id = event_id
        self.seg_ids = seg_ids
        self.entries: dict[tuple[str, str], dict[str, Any]] = {}

    def get(self, name: str, noc: str, variants: list[str] | None = None) -> dict[str, Any]:
        """The entry of this skater or couple, created on first sight."""
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
                skaters_of(name, uniq([a for s in entry["skaters"] for a in s.get("aliases", [])] + list(variants)))
                if len(entry["skaters"]) == 1
                else skaters_of(name, variants)
            )
        return self.entries[key]

    def set_segment(self, entry: dict[str, Any], seg_id: str, key: str, fig: dict[str, Any] | None, where: str) -> None:
        """Sets a figure of the entry in one segment, merging it with one already there."""
        if fig is None:
            return
        if seg_id not in self.seg_ids:
            raise ConversionError(f"{where}: segment {seg_id} not in event {self.event_id}")
        seg = entry["segments"].setdefault(seg_id, {})
        seg[key] = merge_figures(seg.get(key), fig, where)

    def set(self, entry: dict[str, Any], key: str, fig: dict[str, Any] | None, where: str) -> None:
        """Sets a figure of the entry (place, total), merging it with one already there."""
        if fig is not None:
            entry[key] = merge_figures(entry.get(key), fig, where)

    def add_note(self, entry: dict[str, Any], fig: dict[str, Any] | None) -> None:
        """Adds a note to the entry unless the same text is already there."""
        if fig is not None and all(n["value"] != fig["value"] for n in entry["notes"]):
            entry["notes"].append(fig)

    def result(self) -> list[dict[str, Any]]:
        """The entries in the format's shape, figures that stayed unknown left out."""
        out = []
        for entry in self.entries.values():
            clean: dict[str, Any] = {"skaters": entry["skaters"], "country": entry["country"]}
            for key in ("place", "total"):
                if entry[key] is not None:
                    clean[key] = entry[key]
            clean["status"] = entry["status"]
            clean["segments"] = {
                sid: {k: seg[k] for k in SEGMENT_FIGURES if seg.get(k) is not None}
                for sid, seg in entry["segments"].items()
                if any(seg.get(k) is not None for k in SEGMENT_FIGURES)
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
                note = join_notes(low, f"disputed ({others}); settled by the data's assessment: {assessment}")
                out[who] = make_figure(place, conf, urls, note)
                ctx.log.append(f"{event['event']}: {field} disputed, settled as {place} ({assessment})")
    return out


def dispute_for(name: str, disputes: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The settled place of a skater named in a dispute (each name of a couple must appear), or None."""
    for who, fig in disputes.items():
        if all(token.strip() and token.strip() in name for token in who.split("/")):
            return fig
    return None


def disagreement_notes(ctx: Context, event: dict[str, Any]) -> list[dict[str, Any]]:
    """The event's recorded disagreements between sources, as derived notes citing every side."""
    notes = []
    for dis in event.get("disagreements") or []:
        parts = [f"{cand} ({', '.join(ctx.urls(refs))})" for cand, refs in dis.get("values", {}).items()]
        urls = uniq([u for refs in dis.get("values", {}).values() for u in ctx.urls(refs)])
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
                join_notes(f"from the data's note {note['value']!r}", note.get("note")),
            ), rest
    if total is not None:
        return make_figure(
            place,
            total["confidence"],
            total["sources"],
            join_notes("place has no sources of its own; cited from the total's sources", total.get("note")),
        ), notes
    ctx.log.append(f"{where}: place {place} has no sources at all -> left out")
    return None, notes
