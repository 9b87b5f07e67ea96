"""The rows of the podium predictions game the repositories return (db/models.py holds the others)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class PredictionSettings:
    """A server's podium predictions: where scored rounds are announced, whether the game runs, its scoring table."""

    guild_id: int
    channel_id: int | None = None
    enabled: bool = True
    scoring: str = "standard"


@dataclass(frozen=True, slots=True)
class PredictionRound:
    """A server's round of podium predictions for one event of a competition."""

    id: int
    guild_id: int
    competition_key: str
    event_key: str
    season: str
    locked_at: str | None
    locked_by: int | None
    scoring: str | None
    result_digest: str | None
    version: int
    scored_at: str | None
    rescored: str | None = None  # why it was scored again: "result" (corrected), "scoring" (the server's new table)


@dataclass(frozen=True, slots=True)
class Pick:
    """A member's pick in a round: entries named by their skater_key ('12', '12/40')."""

    round_id: int
    user_id: int
    gold: str
    silver: str
    bronze: str
    short_winner: str
    picked_at: str
    points: int | None = None
    detail: tuple[dict[str, object], ...] = ()


# A pick's parts in the order its detail lists them, each with the column that names its entry.
PICK_SLOTS = (("gold", "gold"), ("silver", "silver"), ("bronze", "bronze"), ("short", "short_winner"))


class PickParts(Protocol):
    """One scoring table's points for a part of a pick: a slot of PICK_SLOTS and the entry picked there, scored as
    (points, the part's detail as JSON). The store adds a pick's four parts up, and joins their detail into the list
    the pick's `detail` column holds, in the order of PICK_SLOTS."""

    def part(self, slot: str, key: str) -> tuple[int, str]: ...


@dataclass(frozen=True, slots=True)
class PredictionPost:
    """A round's announcement in its server's channel (`version`: the round's version it shows)."""

    round_id: int
    guild_id: int
    channel_id: int
    state: str
    version: int
    message_id: int | None
    reason: str | None
    claimed_at: str | None
    done_at: str | None


@dataclass(frozen=True, slots=True)
class PredictionLockPost:
    """A round's lock told in its server's channel (`locked_at`: None when the event was seen under way)."""

    round_id: int
    guild_id: int
    channel_id: int | None
    state: str
    locked_at: str | None
    why: str
    message_id: int | None
    reason: str | None
    claimed_at: str | None
    done_at: str | None
