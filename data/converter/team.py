"""The team event: countries' standings and who skated each segment."""

from __future__ import annotations

import re
from typing import Any

from data.converter.entries import EntryBuilder, disagreement_notes
from data.converter.figures import (
    Context,
    ConversionError,
    join_notes,
    make_figure,
    map_status,
    split_names,
    text_figure,
    uniq,
)
from data.converter.tables import MEDAL_PLACES, TEAM_SEGMENTS, TEAM_STANDING_AFTER


def _team_name_code(text: str) -> tuple[str, str]:
    m = re.fullmatch(r"\s*(.+?)\s*\(([A-Z]{3})\)\s*", text)
    if not m:
        raise ConversionError(f"cannot read team {text!r}")
    return m.group(1), m.group(2)


def convert_team_event(ctx: Context, event: dict[str, Any], name: str) -> dict[str, Any]:
    """The team event: teams with their standings and per-segment points, and the entries of who skated."""
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
            extra = join_notes("result after the 2024 ISU recalculation", extra)
        points = ctx.figure(row.get("points"), f"{where} {row['noc']} points", extra)
        t["points"] = points
        if place is not None and points is not None:
            medal = f"{row['medal']} medal; " if row.get("medal") else ""
            how: str | None = f"{medal}place has no sources of its own; cited from the points' sources"
            t["place"] = make_figure(
                place, points["confidence"], points["sources"], join_notes(how, points.get("note"))
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
            snote = join_notes(snote, "confidence assigned by the converter from the sources' tiers")
        scores = ", ".join(
            f"{k} {v}" for k, v in step.items() if re.fullmatch(r"[A-Z]{3}", k) and isinstance(v, (int, float))
        )
        fig = make_figure(f"Standings after {step['after']}: {scores}", conf, urls, join_notes(snote, step.get("note")))
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
    final_points_sources = uniq([u for t in teams.values() if t["points"] for u in t["points"]["sources"]])
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
                note = join_notes(low, how, row_note)
                if row.get("rank") is not None:
                    rank_fig = make_figure(row["rank"], conf, base_urls, note)
                if row.get("points") is not None:
                    points_fig = make_figure(row["points"], conf, base_urls, note)
            elif row.get("rank") is not None or row.get("points") is not None:
                after = TEAM_STANDING_AFTER[sid]
                idx = [i for i in (None if after is None else after - 1, after) if i is not None and i >= 0]
                urls = uniq(
                    [u for i in idx if i < len(standings_figs) for u in standings_figs[i]["sources"]]
                    + (final_points_sources if after is None else [])
                )
                if not urls:
                    raise ConversionError(f"{who}: rank/points without any source")
                note = join_notes(
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
