"""What a score's size says about what it is. In one event a short program's scores, a free skate's and the totals
lie in ranges of their own: in a men's event 278.21 is a total, never a short program score, and in an ice dance
event 76.80 is a segment score, never a total. A story that puts a figure where it cannot be ("278.21 in the
short program") was misread (the sentence's segment word belongs to another figure) or mistyped: comparing it
there would give a confident "contradicted" about a figure the story never claimed.

So a score is compared only as the figures its size allows, when the event stores enough of them to tell: the
ones the sentence allows if any of those fit, else every other kind of figure it fits (the verdict's reading
says which it was read as). Read otherwise, a figure that matches is not checkable (the story, or its reading,
put it in the wrong place: "134.67 in the rhythm dance", the free dance's score); one that matches nothing it
can be is contradicted. A figure that fits no kind is compared as the sentence says.

A score with two decimals is nearly a signature: one that is exactly another entry's stored score in the same
event is that entry's figure given to the wrong skater (a list read with the names shifted, a pronoun bound to
the wrong one) far more often than a false claim that happens to hit it. It contradicts nothing: the verdict
says whose figure it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.results import ResultsService
from db.models import Event, number_of

# How far outside the stored range a claimed score may lie and still be that kind of figure: a false claim may
# exceed the best stored score (a record claimed) or undercut the lowest (a skater the store holds no result for).
_ABOVE = 1.15
_BELOW = 0.75
# Fewer stored figures than this say nothing about a range (a store holding only a podium).
_ENOUGH = 3

Ranges = dict[str | None, tuple[float, float]]  # segment kind (None: the total) -> lowest, highest stored
Owners = dict[int, list[tuple[int, str | None]]]  # a score in hundredths -> (entry id, segment kind or None)


@dataclass(frozen=True, slots=True)
class EventScores:
    """Every score stored for one event: each kind's range, who holds each score, and each kind's scores by entry."""

    ranges: Ranges
    owners: Owners
    by_kind: dict[str | None, dict[int, float]]  # segment kind (None: the total) -> entry id -> score


async def event_scores(results: ResultsService, event: Event) -> EventScores:
    """The event's scores (above), kept in the results service's derived() cache."""
    derived = results.derived()
    key = ("claim event scores", event.id)
    kept = derived.get(key)
    if isinstance(kept, EventScores):
        return kept
    kinds = {segment.id: segment.kind for segment in results.segments_of(event)}
    by_kind: dict[str | None, dict[int, float]] = {}
    owners: Owners = {}
    entries, _ = await results.results_of(event)
    for entry in entries:
        scores: list[tuple[str | None, float | None]] = [(None, number_of(entry.total))]
        scores += [(kinds[i], number_of(result.tss)) for i, result in entry.segments.items() if i in kinds]
        for kind, score in scores:
            if score is None:
                continue
            by_kind.setdefault(kind, {})[entry.id] = score
            owners.setdefault(round(score * 100), []).append((entry.id, kind))
    ranges: Ranges = {
        kind: (min(held.values()), max(held.values())) for kind, held in by_kind.items() if len(held) >= _ENOUGH
    }
    derived[key] = found = EventScores(ranges, owners, by_kind)
    return found


def fits(value: float, kind: str | None, ranges: Ranges) -> bool | None:
    """Whether `value` can be that kind of figure in the event (None: too few stored to tell)."""
    known = ranges.get(kind)
    if known is None:
        return None
    low, high = known
    return low * _BELOW <= value <= high * _ABOVE


def plausible_readings(value: float, asked: list[str | None], ranges: Ranges) -> tuple[list[str | None], bool]:
    """The kinds of figure to compare `value` with, and whether they are other than the sentence asked: the asked
    kinds it may be; else every other kind it fits; else the asked kinds (nothing better is known)."""
    kept = [kind for kind in asked if fits(value, kind, ranges) is not False]
    if kept:
        return kept, False
    others = [kind for kind in ranges if kind not in asked and fits(value, kind, ranges)]
    return (others, True) if others else (asked, False)


def held_by_another(value: float, entry_id: int, owners: Owners) -> tuple[int, str | None] | None:
    """Another entry of the event whose stored score is exactly `value` (and which of its scores), if any."""
    return next((held for held in owners.get(round(value * 100), []) if held[0] != entry_id), None)


def gap_in_another_kind(
    value: float, scores: dict[str | None, dict[int, float]], claimed: tuple[int, int], kind: str | None
) -> str | None:
    """The other kind of score (a segment, or None: the total) in which the claimed pair's stored gap is exactly
    `value`, though their gap in the claimed kind is not. A margin with two decimals is nearly a signature: a
    total's margin read as a segment's (the sentence's segment word belonging to another figure) is that gap,
    not a false one. `scores`: each kind's stored scores by entry id. Only the same two entries are asked: the
    gaps of other pairs are so many and so small that a false margin would meet one by chance."""
    hundredths = round(value * 100)
    one, other = claimed
    for each, by_entry in scores.items():
        if each != kind and one in by_entry and other in by_entry:
            if round(abs(by_entry[one] - by_entry[other]) * 100) == hundredths:
                return each or "total"
    return None
