"""What the predictions service answers and announces (plain data the UI renders), and the port to Discord it
delivers through."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.i18n import Text
from db.models import Competition, Event


@dataclass(frozen=True, slots=True)
class LockState:
    """Whether a round takes picks; `at`: when it locked or will lock (None: not known, a moderator's lock or the
    event's start seen in the store decides)."""

    locked: bool
    at: datetime | None
    why: str  # "open", "moderator", "schedule", "started", "scored"


@dataclass(frozen=True, slots=True)
class PickAnswer:
    competition: Competition
    event: Event
    names: dict[str, str]  # slot -> entry name
    lock: LockState
    new: bool


@dataclass(frozen=True, slots=True)
class PickView:
    """A member's pick as /predict show lists it."""

    competition: str
    event: Event | None
    event_key: str
    names: dict[str, str]
    lock: LockState | None
    points: int | None
    detail: tuple[dict[str, object], ...]


@dataclass(frozen=True, slots=True)
class Leaderboard:
    title: Text
    rows: tuple[tuple[int, int, int], ...]  # (member, points, scored rounds)


@dataclass(frozen=True, slots=True)
class Announcement:
    """A scored round as its server's channel is told it."""

    round_id: int
    guild_id: int
    channel_id: int
    version: int
    competition: str
    event: Event | None
    event_key: str
    podium: tuple[tuple[int, str], ...]  # (place, name)
    short_winners: tuple[str, ...]
    scoring: str
    members: tuple[tuple[int, int, tuple[dict[str, object], ...]], ...]  # (member, points, detail with names), best
    others: int = 0  # members who picked and are not named (past ANNOUNCED_MEMBERS)
    out: tuple[tuple[str, str], ...] = ()  # (name, status) of the entries that did not finish: their picks score 0
    rescored: str | None = None  # scored again: "result" (a corrected result) or "scoring" (the server's new table)

    @property
    def marker(self) -> str:
        """What the message shows (its footer) so a restarted bot can find the post it may have made."""
        return f"predict {self.round_id}"

    @property
    def corrected(self) -> bool:
        return self.version > 1


@dataclass(frozen=True, slots=True)
class LockNotice:
    """A round's lock as its server's channel is told it: the event, when (None: the event was seen under way), and
    how many picks the round holds."""

    round_id: int
    guild_id: int
    channel_id: int
    competition: str
    event: Event | None
    event_key: str
    at: datetime | None
    why: str  # "schedule", "started", "moderator"
    picks: int

    @property
    def marker(self) -> str:
        """The footer's end a restarted bot finds the post by (never the scored announcement's: `predict N`)."""
        return f"predictions lock {self.round_id}"


class PredictionPoster(Protocol):
    async def send(self, announcement: Announcement) -> int: ...

    async def edit(self, announcement: Announcement, message_id: int) -> None: ...

    async def send_lock(self, notice: LockNotice) -> int: ...

    async def find(self, post: Announcement | LockNotice) -> int | None: ...
