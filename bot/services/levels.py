"""Levels of events: one competition holds several categories of a discipline (senior, junior, novice, adult, a
federation's own levels), and answers keep them apart.

A stored level is one of the codes of :data:`LEVEL_LABELS`, or a federation's own level as printed ("R3 A Pou-Ben",
"Fédéral Junior", "Qualifying Group A"), or None when the event was stored before levels were recorded.
"""

from __future__ import annotations

from bot.i18n import Text, t
from bot.services.names import normalize

# The labels of the known levels as stored with events and as the parsers read them (data; a reader sees
# `level_text`).
LEVEL_LABELS: dict[str, str] = {
    "senior": "Senior",
    "junior": "Junior",
    "advanced-novice": "Advanced novice",
    "intermediate-novice": "Intermediate novice",
    "basic-novice": "Basic novice",
    "novice": "Novice",
    "youth": "Youth",
    "adult": "Adult",
}
SENIOR = "senior"
DISCIPLINE_WORDS = {"men": "men", "women": "women", "pairs": "pairs", "ice_dance": "ice dance", "team": "team event"}


def level_label(level: str | None) -> str:
    """'junior' -> 'Junior'; a federation's own level as printed; '' when not known."""
    if not level:
        return ""
    return LEVEL_LABELS.get(level, level)


def level_text(level: str | None) -> Text | str | None:
    """A level as a reader sees it: a known level in the reader's words (the catalogue's level-event-junior), a
    federation's own level as printed; None when not known."""
    if not level:
        return None
    if level in LEVEL_LABELS:
        return t("level-event-" + level)
    return level


def is_senior(level: str | None) -> bool:
    return level == SENIOR


def event_display_name(name: str, level: str | None, discipline: str) -> str:
    """How an event is shown: its name when that already says its level ("Junior Ladies", "R3 A Pou-Ben Femme")
    or when it is senior (or of an unknown level); otherwise the level and discipline with the printed name:
    "Junior women (Юниорки)"."""
    if not level or is_senior(level):
        return name
    label = level_label(level)
    if normalize(label) in normalize(name):
        return name
    return f"{label} {DISCIPLINE_WORDS.get(discipline, discipline)} ({name})"


def level_synonyms(level: str | None, discipline_names: list[str]) -> list[str]:
    """What fans type for an event of this level: "junior women", "junior ladies", ... (nothing for seniors: their
    events answer to the bare discipline names)."""
    if not level or is_senior(level):
        return []
    label = level_label(level)
    return [f"{label} {word}" for word in discipline_names]
