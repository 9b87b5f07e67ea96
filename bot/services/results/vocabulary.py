"""The words of the results: disciplines, segments and medals, with what fans call them."""

from __future__ import annotations

DISCIPLINE_LABELS = {"men": "Men", "women": "Women", "pairs": "Pairs", "ice_dance": "Ice dance", "team": "Team event"}
# Other words fans use for the same thing; fed to the event index as aliases.
DISCIPLINE_SYNONYMS = {
    "men": ["men's singles", "mens", "man", "male", "men singles"],
    "women": ["women's singles", "ladies", "womens", "woman", "female", "women singles"],
    "pairs": ["pair skating", "pair"],
    "ice_dance": ["dance", "ice dancing"],
    "team": ["team", "team event", "team trophy"],
}
SEGMENT_KIND_LABELS = {
    "short_program": "Short program",
    "free_skate": "Free skate",
    "rhythm_dance": "Rhythm dance",
    "free_dance": "Free dance",
}
SEGMENT_SYNONYMS = {
    "short_program": ["sp", "short", "short program", "short programme"],
    "free_skate": ["fs", "free", "free skate", "free skating", "free program", "long program", "lp"],
    "rhythm_dance": ["rd", "rhythm", "rhythm dance", "short dance", "sd"],
    "free_dance": ["fd", "free dance"],
}
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}
