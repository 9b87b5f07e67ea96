"""A country named as where a competition was held ("in Kadoma, Japan", "at Skate Canada in Regina, Canada") is a
place, not a skater or a team: its country mention is dropped, so that a figure after it is never given to that
country's entry."""

from __future__ import annotations

import re

# A town's name (capitalized words) after "in"/"at"/"from", then a comma, right before the country.
_TOWN_BEFORE = re.compile(
    r"\b(?:in|at|from)\s+(?:[A-Z][\w'’.-]*\s+){0,2}[A-Z][\w'’.-]*,\s*$",
)


def where_held(sentence: str, country_start: int) -> bool:
    """Whether the country at `country_start` follows a town it locates ("in Kadoma, Japan")."""
    return _TOWN_BEFORE.search(sentence, max(0, country_start - 60), country_start) is not None
