"""One event of a reference file (singles, pairs, dance) as an event of the import format."""

from __future__ import annotations

from typing import Any

from data.converter.entries import EntryBuilder, disagreement_notes, dispute_for, place_figure, settled_place_disputes
from data.converter.figures import Context, ConversionError, join_notes, text_figure
from data.converter.tables import EVENT_IDS, FIELD_LABELS, MEDAL_PLACES, SEGMENTS
from data.converter.team import convert_team_event


def convert_event(ctx: Context, event: dict[str, Any]) -> dict[str, Any]:
    """One event of a reference file (the team event goes to :func:`convert_team_event`)."""
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
            pfig: dict[str, Any] | None
            settled = dispute_for(row["name"], disputes)
            if settled is not None and settled["value"] == place:
                pfig = settled
            else:
                pfig, notes = place_figure(ctx, place, total, notes, who)
                if pfig is not None and "medal" in row:
                    pfig["note"] = join_notes(f"{row['medal']} medal", pfig.get("note"))
            builder.set(entry, "place", pfig, f"{who} place")
        for note in notes:
            builder.add_note(entry, note)

    for seg_block in event.get("segments") or []:
        key = seg_block["segment"]
        if key not in seg_key_to_id:
            raise ConversionError(f"{where}: segment list {key!r} has no date/segment definition")
        sid = seg_key_to_id[key]
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

    notes = []
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
