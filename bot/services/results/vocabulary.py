"""The words of the results: disciplines, segments and medals, with what fans call them.

What the parsers recognise in a user's text is data here (English, as fans type it, whatever their language);
what a reader sees is a catalogue message: `discipline_text`, `segment_kind_text` (bot/locales/*/results.ftl).
"""

from __future__ import annotations

from bot.i18n import Text, t

# The disciplines, in the order they are offered. Their names as the event index recognises them in input
# ("men", "ice dance"): input vocabulary, not display (a reader sees `discipline_text`).
DISCIPLINE_LABELS = {"men": "Men", "women": "Women", "pairs": "Pairs", "ice_dance": "Ice dance", "team": "Team event"}
# Other words fans use for the same thing; fed to the event index as aliases.
DISCIPLINE_SYNONYMS = {
    "men": ["men's singles", "mens", "man", "male", "men singles"],
    "women": ["women's singles", "ladies", "womens", "woman", "female", "women singles"],
    "pairs": ["pair skating", "pair"],
    "ice_dance": ["dance", "ice dancing"],
    "team": ["team", "team event", "team trophy"],
}
# The segment kinds as the parser recognises them in input (display: `segment_kind_text`).
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
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}  # codes; a reader sees `medal_text`
DISCIPLINES = tuple(DISCIPLINE_LABELS)


def _dashed(code: str) -> str:
    """A code as part of a catalogue key: ice_dance → ice-dance."""
    return code.replace("_", "-")


def discipline_text(discipline: str) -> Text:
    """'ice_dance' -> the catalogue's "Ice dance"."""
    return t(f"discipline-{_dashed(discipline)}")


def discipline_phrase(discipline: str) -> Text:
    """A discipline as said in a sentence: "men's singles", "ice dance"."""
    return t(f"discipline-phrase-{_dashed(discipline)}")


def segment_kind_text(kind: str) -> Text:
    """'short_program' -> the catalogue's "Short program"."""
    return t(f"segment-{_dashed(kind)}")


def medal_text(medal: str) -> Text:
    """'gold' -> the catalogue's "gold"."""
    return t(f"medals-{_dashed(medal)}")
