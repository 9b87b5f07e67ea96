"""What a results site shows that a fan server is told about, read from a parsed site (`SiteData`).

Three kinds of item: a segment's starting order (its page lists the skaters before they skate), a segment's
results (every skater of the page has a score or a status: the segment is over) and a category's final result.
An item's `content` is what a post shows, plain JSON; its `digest` changes exactly when that content does, so a
changed digest on an item already seen is a correction. Pure: no store, no network.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the ISU reader (PDFium, lexbor) is loaded by the first poll, not by the bot's start
    from bot.services.isu.importer import CategoryData, SegmentData, SiteData
    from bot.services.isu.model import SkaterRef

_OFFSET = re.compile(r"^UTC([+-])(\d{2}):(\d{2})$")


class ItemKind(StrEnum):
    ORDER = "order"  # a segment's starting order, published before it is skated
    SEGMENT = "segment"  # a segment's results, once every skater has a score or a status
    FINAL = "final"  # a category's final result


@dataclass(frozen=True, slots=True)
class LiveItem:
    key: str  # "001/001/order", "001/002/segment", "001/final": category and segment numbers on the site
    kind: ItemKind
    discipline: str
    level: str
    content: dict[str, Any]

    @property
    def digest(self) -> str:
        return digest(self.content)


@dataclass(frozen=True, slots=True)
class ScheduledSegment:
    """A segment of the site's time schedule, in UTC."""

    category: str
    segment: str
    discipline: str
    level: str
    starts_at: datetime
    event_key: str  # the category's event in the results store (the import's key)
    order_key: str  # the segment's starting-order item
    result_key: str  # its results item
    results_page: str | None  # the page its results appear on (its starting order before)
    pages: tuple[str, ...]  # the files the importer reads that change around the segment (the category's result too)


def digest(content: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]


def schedule_zone(printed: str | None) -> timezone | None:
    """The schedule's zone from the index ("UTC+09:00"), or None when the site gives none."""
    match = _OFFSET.match(printed or "")
    if match is None:
        return None
    sign = -1 if match.group(1) == "-" else 1
    return timezone(sign * timedelta(hours=int(match.group(2)), minutes=int(match.group(3))))


def starts_at(segment_date: str | None, start_time: str | None, zone: tzinfo | None) -> datetime | None:
    """When a segment starts, in UTC; None unless the schedule gives its date, time and zone (never guessed)."""
    if not segment_date or not start_time or zone is None:
        return None
    local = datetime.fromisoformat(f"{segment_date}T{start_time}").replace(tzinfo=zone)
    return local.astimezone(UTC)


def schedule(site: SiteData, fallback: tzinfo | None = None) -> list[ScheduledSegment]:
    """The segments the schedule times, in the order they start; `fallback`: the zone of a schedule that prints no
    offset (bot.services.live.zones)."""
    zone = schedule_zone(site.index.timezone) or fallback
    found: list[ScheduledSegment] = []
    for data in site.categories:
        for seg in data.segments:
            when = starts_at(seg.segment.date, seg.segment.start_time, zone)
            if when is not None:
                found.append(
                    ScheduledSegment(
                        category=data.category.name,
                        segment=seg.segment.name,
                        discipline=data.discipline,
                        level=data.level,
                        starts_at=when,
                        event_key=data.key,
                        order_key=_segment_key(data, seg, ItemKind.ORDER),
                        result_key=_segment_key(data, seg, ItemKind.SEGMENT),
                        results_page=seg.segment.detail_page,
                        pages=tuple(
                            name
                            for name in (
                                seg.segment.detail_page,
                                seg.segment.panel_page,
                                seg.segment.scores_pdf,
                                data.category.result_page,
                            )
                            if name
                        ),
                    )
                )
    return sorted(found, key=lambda s: (s.starts_at, s.order_key))


def items(site: SiteData, fallback: tzinfo | None = None) -> list[LiveItem]:
    """Every item the site shows now, in the order a reader would want them posted (`fallback` as for
    `schedule`)."""
    from bot.services.isu.importer import couple_of

    zone = schedule_zone(site.index.timezone) or fallback
    found: list[LiveItem] = []
    for data in site.categories:
        totals: dict[tuple[str, str], float] = {}  # running total of the segments so far, for the standings
        previous_places: dict[tuple[str, str], int] = {}
        for seg in data.segments:
            if seg.rows is None:
                continue
            scored = [row for row in seg.rows if row.tss is not None or row.status]
            when = starts_at(seg.segment.date, seg.segment.start_time, zone)
            base = _base(site, data, seg, when)
            if not any(row.tss is not None for row in seg.rows):
                found.append(_item(data, seg, ItemKind.ORDER, {**base, "skaters": _order(data, seg)}))
                continue
            if len(scored) < len(seg.rows):
                continue  # being skated: the results are posted when every skater has a score or a status
            for row in seg.rows:
                if row.tss is not None:
                    key = _identity(couple_of(row.skater, data.discipline))
                    totals[key] = totals.get(key, 0.0) + row.tss
            standings = _standings(totals)
            skaters = []
            for row in sorted(seg.rows, key=lambda r: (r.rank is None, r.rank or 0, r.starting_number or 0)):
                ref = couple_of(row.skater, data.discipline)
                key = _identity(ref)
                skaters.append(
                    {
                        **_who(ref),
                        "place": row.rank,
                        "score": _points(row.tss),
                        "tes": _points(row.tes),
                        "pcs": _points(row.pcs),
                        "deductions": _points(row.deductions),
                        "status": row.status,
                        "overall": standings.get(key),
                        "before": previous_places.get(key),
                        "overall_total": _points(totals.get(key)),
                    }
                )
            found.append(_item(data, seg, ItemKind.SEGMENT, {**base, "skaters": skaters}))
            previous_places = standings
        if data.results and all(row.total is not None or row.status for row in data.results):
            rows = sorted(data.results, key=lambda r: (r.place is None, r.place or 0))
            times = [starts_at(s.segment.date, s.segment.start_time, zone) for s in data.segments]
            last = max((w for w in times if w is not None), default=None)
            content = {
                **_base(site, data, None, None),
                "starts_at": last.isoformat() if last else None,
                "skaters": [
                    {
                        **_who(couple_of(row.skater, data.discipline)),
                        "place": row.place,
                        "score": _points(row.total),
                        "status": row.status,
                    }
                    for row in rows
                ],
            }
            found.append(
                LiveItem(f"{data.category.number}/final", ItemKind.FINAL, data.discipline, data.level, content)
            )
    return found


def without_partial(found: list[LiveItem], orders: dict[str, dict[str, Any]]) -> list[LiveItem]:
    """`found` less the results that leave out skaters of their segment's starting order (`orders`: the order
    items seen so far, by key, with what the site shows now), and less the final result of their category.

    A segment page that lists only the skaters who have skated so far (no place-0 rows, no starting order under it)
    looks complete on its own; the order it was before says who is still to skate. A skater of the order whom the
    results leave out is accounted for only by the category's complete final result: listed there with a status
    (withdrawn), or not listed at all (scratched before the segment, as federations remove entries from their
    orders). Without a complete final result the results wait."""
    orders = {**orders, **{i.key: i.content for i in found if i.kind is ItemKind.ORDER}}
    finals = {i.key.split("/")[0]: i for i in found if i.kind is ItemKind.FINAL}

    def names(content: dict[str, Any], *, scored_only: bool = False) -> set[str]:
        skaters = content.get("skaters", [])
        return {s["name"].casefold() for s in skaters if not (scored_only and s.get("status"))}

    held: set[str] = set()
    for item in found:
        if item.kind is not ItemKind.SEGMENT:
            continue
        category, segment, _ = item.key.split("/")
        order = orders.get(f"{category}/{segment}/{ItemKind.ORDER.value}")
        if order is None:
            continue
        missing = names(order) - names(item.content)
        final = finals.get(category)
        if missing and (final is None or missing & names(final.content, scored_only=True)):
            held.add(item.key)
    held |= {f"{key.split('/')[0]}/{ItemKind.FINAL.value}" for key in held}
    return [item for item in found if item.key not in held]


_KIND_ORDER = {ItemKind.ORDER: 0, ItemKind.SEGMENT: 1, ItemKind.FINAL: 2}


def competition_order(item: LiveItem) -> tuple[str, int, str]:
    """Items in the order they happen: by their segment's start (a final after its category's last segment),
    then starting order before results before the final."""
    return (item.content.get("starts_at") or "", _KIND_ORDER[item.kind], item.key)


def _segment_key(data: CategoryData, seg: SegmentData, kind: ItemKind) -> str:
    return f"{data.category.number}/{seg.segment.number}/{kind.value}"


def _item(data: CategoryData, seg: SegmentData, kind: ItemKind, content: dict[str, Any]) -> LiveItem:
    return LiveItem(_segment_key(data, seg, kind), kind, data.discipline, data.level, content)


def _base(site: SiteData, data: CategoryData, seg: SegmentData | None, when: datetime | None) -> dict[str, Any]:
    base: dict[str, Any] = {
        "competition": site.index.name,
        "category": data.category.name,
        "discipline": data.discipline,
        "level": data.level,
        "event_key": data.key,
    }
    if seg is not None:
        base["segment"] = seg.segment.name
        base["segment_code"] = seg.code
        base["starts_at"] = when.isoformat() if when else None
    return base


def _order(data: CategoryData, seg: SegmentData) -> list[dict[str, Any]]:
    from bot.services.isu.importer import couple_of

    rows = sorted(seg.rows or [], key=lambda r: (r.starting_number is None, r.starting_number or 0))
    return [
        {**_who(couple_of(row.skater, data.discipline)), "starting_number": row.starting_number, "status": row.status}
        for row in rows
    ]


def _who(ref: SkaterRef) -> dict[str, Any]:
    """The skater (or couple) as a post names them, and as the store knows them (one name per partner)."""
    from bot.services.isu.importer import display_name

    return {
        "name": " / ".join(display_name(part.strip()) for part in ref.name.split(" / ")),
        "names": [display_name(part.strip()) for part in ref.name.split(" / ")],
        "nation": ref.nation.upper(),
    }


def _identity(ref: SkaterRef) -> tuple[str, str]:
    return (ref.name.casefold(), ref.nation.upper())


def _points(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _standings(totals: dict[tuple[str, str], float]) -> dict[tuple[str, str], int]:
    """Overall places by the running total (ties share a place)."""
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    places: dict[tuple[str, str], int] = {}
    for index, (key, total) in enumerate(ranked):
        previous = ranked[index - 1] if index else None
        places[key] = places[previous[0]] if previous and round(previous[1], 2) == round(total, 2) else index + 1
    return places


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """What a correction changed, skater by skater: [{name, field, before, after}] for each figure that differs."""
    old = {s["name"]: s for s in before.get("skaters", [])}
    found: list[dict[str, Any]] = []
    for skater in after.get("skaters", []):
        was = old.pop(skater["name"], None)
        if was is None:
            found.append({"name": skater["name"], "field": "added", "before": None, "after": None})
            continue
        for field in ("place", "score", "status", "deductions", "starting_number"):
            if was.get(field) != skater.get(field):
                found.append(
                    {"name": skater["name"], "field": field, "before": was.get(field), "after": skater.get(field)}
                )
    found.extend({"name": name, "field": "removed", "before": None, "after": None} for name in old)
    return found
