"""The rules of podium predictions on their own: an event's final result as the game reads it, a pick's points and
why, the scoring tables. Plain functions of the store's models: no store, no Discord."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from db.models import Entry, Segment
from db.prediction_models import PICK_SLOTS, Pick

SLOTS = ("gold", "silver", "bronze")
PLACE_OF = {"gold": 1, "silver": 2, "bronze": 3}
# A status in place of a final place: the skater did not finish, and picks of them score nothing (and say why).
OUT_STATUSES = frozenset({"WD", "FNR", "DSQ"})
FIRST_SEGMENT_KINDS = frozenset({"short_program", "rhythm_dance"})


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """Points for a podium pick at its exact place, for one on the podium at another place, and for the short
    program's winner."""

    exact: int
    podium: int
    short: int


# The tables a moderator may choose from (README: Podium predictions). `standard` is every server's until one
# chooses another; a round keeps the table it was scored with.
SCORING_TABLES = {
    "standard": ScoringTable(exact=5, podium=2, short=3),
    "generous": ScoringTable(exact=4, podium=3, short=2),  # on the podium counts nearly as much as the place
    "exact": ScoringTable(exact=6, podium=0, short=3),  # only the exact place counts
}
DEFAULT_SCORING = "standard"


@dataclass(frozen=True, slots=True)
class EventResult:
    """An event's final result as predictions read it: entries by their skater_key."""

    places: dict[str, int]
    statuses: dict[str, str]
    short_winners: frozenset[str]
    names: dict[str, str]

    @property
    def digest(self) -> str:
        shown = {"places": self.places, "statuses": self.statuses, "short": sorted(self.short_winners)}
        return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:32]

    def on_place(self, place: int) -> list[str]:
        return sorted(key for key, at in self.places.items() if at == place)


def entry_key(entry: Entry) -> str:
    """An entry's skater_key as the store writes it: its skaters' ids, sorted, joined by '/'."""
    return "/".join(str(skater_id) for skater_id in sorted(s.id for s in entry.skaters))


def event_result(entries: Sequence[Entry], segments: Sequence[Segment]) -> EventResult | None:
    """The event's final result, or None while it is not final: every entry needs a final place or a status (WD,
    FNR, DSQ), and at least one a place. A partial standings (after the short program) is never a result."""
    if not entries or any(e.place is None and not e.status for e in entries):
        return None
    places: dict[str, int] = {}
    statuses: dict[str, str] = {}
    for entry in entries:
        key = entry_key(entry)
        if entry.status:
            statuses[key] = entry.status
        place = entry.place.number if entry.place is not None else None
        if place is not None and not entry.status:
            places[key] = int(place)
    if not places:
        return None
    first = next((s for s in sorted(segments, key=lambda s: s.position) if s.kind in FIRST_SEGMENT_KINDS), None)
    winners: set[str] = set()
    if first is not None:
        for entry in entries:
            result = entry.segments.get(first.id)
            if result is not None and result.rank is not None and result.rank.number == 1:
                winners.add(entry_key(entry))
    return EventResult(places, statuses, frozenset(winners), {entry_key(e): e.name for e in entries})


def started(entries: Sequence[Entry]) -> bool:
    """Whether the store shows any skate of the event (a score or a rank in a segment): the event is under way."""
    return any(
        result.tss is not None or result.rank is not None for entry in entries for result in entry.segments.values()
    )


def score_line(slot: str, key: str, result: EventResult, table: ScoringTable) -> dict[str, object]:
    """One part of a pick (a podium place, or "short": the short program's winner) scored: its points and why: the
    exact place, on the podium elsewhere, missed, the short program won or not; a skater who withdrew (or did not
    finish, or was disqualified) scores nothing, with the status as the reason; one the final result does not list
    at all likewise."""
    place = result.places.get(key)
    status = result.statuses.get(key)
    if slot == "short":
        if key in result.short_winners:
            points, why = table.short, "won"
        elif status is not None:
            points, why = 0, "out"
        else:
            points, why = 0, "missed"
    elif status is not None:
        points, why = 0, "out"
    elif place is None:
        points, why = 0, "absent"
    elif place == PLACE_OF[slot]:
        points, why = table.exact, "exact"
    elif place <= 3:
        points, why = table.podium, "podium"
    else:
        points, why = 0, "missed"
    return {"slot": slot, "entry": key, "points": points, "why": why, "place": place, "status": status}


def _slots(pick: Pick) -> tuple[tuple[str, str], ...]:
    """The pick's parts, (slot, entry key) each, in the order its detail lists them (the store's, PICK_SLOTS)."""
    return tuple((slot, getattr(pick, column)) for slot, column in PICK_SLOTS)


def score_pick(pick: Pick, result: EventResult, table: ScoringTable) -> tuple[int, list[dict[str, object]]]:
    """A pick's points and each part's reason (`score_line`)."""
    lines = [score_line(slot, key, result, table) for slot, key in _slots(pick)]
    return sum(int(str(line["points"])) for line in lines), lines


class Scorer:
    """`score_pick` for many picks of one result and table: each part of a pick scored once per slot and entry, as
    its points and its detail as stored (JSON); the store adds a pick's parts up (db.prediction_models.PickParts).
    An event has a few dozen entries; a final scores a million picks."""

    def __init__(self, result: EventResult, table: ScoringTable) -> None:
        self.result, self.table = result, table
        self._parts: dict[tuple[str, str], tuple[int, str]] = {}

    def part(self, slot: str, key: str) -> tuple[int, str]:
        found = self._parts.get((slot, key))
        if found is None:
            line = score_line(slot, key, self.result, self.table)
            found = self._parts[(slot, key)] = (
                int(str(line["points"])),
                json.dumps(line, ensure_ascii=False, separators=(",", ":")),
            )
        return found

    def score(self, pick: Pick) -> tuple[int, str]:
        """A pick's points and detail as the store makes them from its parts."""
        parts = [self.part(slot, key) for slot, key in _slots(pick)]
        return sum(points for points, _ in parts), "[" + ",".join(text for _, text in parts) + "]"


def pick_keys(pick: Pick) -> tuple[str, str, str, str]:
    return (pick.gold, pick.silver, pick.bronze, pick.short_winner)
