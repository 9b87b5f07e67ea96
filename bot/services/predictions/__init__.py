"""Podium predictions: a server's game for each event of a competition it follows (service.py), its pure rules
(rules.py), what it answers and announces (models.py), and the exactly-once delivery of its posts (delivery.py)."""

from bot.services.predictions.delivery import ANNOUNCED_MEMBERS, RECORD_EVERY, SENDERS
from bot.services.predictions.models import (
    Announcement,
    Leaderboard,
    LockNotice,
    LockState,
    PickAnswer,
    PickView,
    PredictionPoster,
)
from bot.services.predictions.rules import (
    DEFAULT_SCORING,
    SCORING_TABLES,
    EventResult,
    Scorer,
    ScoringTable,
    entry_key,
    event_result,
    score_line,
    score_pick,
)
from bot.services.predictions.service import SCORE_BATCH, PredictionService

__all__ = [
    "ANNOUNCED_MEMBERS",
    "DEFAULT_SCORING",
    "RECORD_EVERY",
    "SCORE_BATCH",
    "SCORING_TABLES",
    "SENDERS",
    "Announcement",
    "EventResult",
    "Leaderboard",
    "LockNotice",
    "LockState",
    "PickAnswer",
    "PickView",
    "PredictionPoster",
    "PredictionService",
    "Scorer",
    "ScoringTable",
    "entry_key",
    "event_result",
    "score_line",
    "score_pick",
]
