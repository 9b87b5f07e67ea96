"""A margin behind with no one named ("third, 30 points back"): fans mean behind the winner as often as behind the
next above, so it is measured from both, at the precision it is written with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

_E = TypeVar("_E")


def references(entries: Sequence[_E], own_place: float, place_of: Callable[[_E], float | None]) -> list[_E]:
    """Whom an unnamed margin behind may be measured from: the next placed above, then the winner (one entry
    when they are the same)."""
    found: list[_E] = []
    for target in (own_place - 1, 1):
        entry = next((e for e in entries if place_of(e) == target), None)
        if entry is not None and entry not in found:
            found.append(entry)
    return found


def fits_as_written(value: float, gap: float, scores_have_decimals: bool) -> bool:
    """Whether `gap` (points, positive) is what "`value` points" says: to the hundredth when written with decimals;
    "30" of a 30.61 gap is "about 30" (the whole points, not a figure to two decimals)."""
    if value == int(value) and scores_have_decimals:
        return int(gap) == int(value) or round(gap) == int(value)
    return abs(gap - value) < 0.006
