"""The reference data's names for events, segments and places, mapped to the import format's."""

from __future__ import annotations

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
