"""Competition week, live: watched results sites, subscribed channels, followed skaters.

A poll reads a watched site (politely: bot.services.live.fetching), imports it into the store through the same
importer as `skatebot import-isu`, and compares what the site shows (bot.services.live.items) with what was
seen before. A new item becomes one post per subscribed channel (due after the channel's delay) and one direct
message per member following a skater it scores, each queued in the outbox with the items in one transaction; a
changed item (a correction) raises its version, and the delivery edits the messages that show an older one. The
outbox's row is each post's claim: claimed before sending and completed after, so a restart neither loses nor doubles
a post (a post claimed when the bot stopped is looked for in its channel first).

The service is composed of its three use cases, each in its module: watching (bot.services.live.watching: watches,
subscriptions, follows, the schedule), reading (bot.services.live.reading: polling the sites) and delivering
(bot.services.live.delivering: the posts, their corrections, the direct messages). Their names are re-exported here,
where the rest of the bot finds the live service.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from bot.services.access import Actor
from bot.services.events import Signal
from bot.services.live.delivering import (
    DELIVERY_BATCH,
    EDIT_SPACING,
    POST_RETRY,
    RECORD_EVERY,
    SENDERS,
    Delivery,
    DirectClosed,
    DirectMessage,
    NotAttached,
    PostFailed,
    PostMessage,
)
from bot.services.live.fetching import HostGate
from bot.services.live.reading import PollResult, Reader, TooManyPages
from bot.services.live.watching import (
    BASELINE_HOLD,
    MAX_DELAY_MINUTES,
    ScheduleLine,
    ScheduleView,
    Watching,
    disciplines_from,
    levels_from,
    status_text,
)
from bot.services.outbox import Outbox, OutboxPoster
from bot.services.results import ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from bot.services.telemetry import SILENT, LiveTelemetry
from db.models import LivePost, Subscription, Watch
from db.repositories.live import LiveRepository

__all__ = [
    "BASELINE_HOLD",
    "DELIVERY_BATCH",
    "EDIT_SPACING",
    "MAX_DELAY_MINUTES",
    "POST_RETRY",
    "RECORD_EVERY",
    "SENDERS",
    "DirectClosed",
    "DirectMessage",
    "LiveService",
    "NotAttached",
    "PollResult",
    "PostFailed",
    "PostMessage",
    "ScheduleLine",
    "ScheduleView",
    "TooManyPages",
    "disciplines_from",
    "levels_from",
    "status_text",
]

T = TypeVar("T")


class _Reading(Generic[T]):
    """A setting of the reading part, read and set on the service (the sandbox and tests tune the live service)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, service: LiveService, owner: type | None = None) -> T:
        value: T = getattr(service.reader, self.name)
        return value

    def __set__(self, service: LiveService, value: T) -> None:
        setattr(service.reader, self.name, value)


class LiveService:
    """Watching results sites and telling servers and members what appears on them."""

    allow_private = _Reading[bool]()
    gate = _Reading[HostGate]()
    connect_timeout = _Reading[float]()
    read_timeout = _Reading[float]()
    file_deadline = _Reading[float]()
    max_pages = _Reading[int]()

    def __init__(
        self,
        repo: LiveRepository,
        results: ResultsService,
        *,
        clock: Callable[[], datetime] | None = None,
        allow_private: bool = False,
        gate: HostGate | None = None,
        rng: random.Random | None = None,
        shards: Shards = EVERY_SHARD,
        telemetry: LiveTelemetry = SILENT,
        outbox: Outbox | None = None,
    ) -> None:
        """`allow_private`: accept sites on loopback and private networks (the sandbox's replay, a local
        mirror); `gate` spaces requests per host (shared by every watched site); `shards`: the servers whose posts
        this process delivers, and whether it is the one that reads the sites and sends direct messages (the
        process running shard 0; bot.services.shards); `telemetry`: told of each failed poll; `outbox`: where the posts
        are sent (the bot's, every kind's; one of its own when none is given)."""
        self.repo = repo
        self.telemetry = telemetry
        self.shards = shards
        self.results = results
        self._clock = clock or (lambda: datetime.now(UTC))
        self.delivery = Delivery(repo, results, shards, self.now, outbox)
        self.reader = Reader(
            repo,
            results,
            clock=self.now,
            on_correction=self._correction_seen,
            allow_private=allow_private,
            gate=gate or HostGate(),
            rng=rng or random.Random(),
            shards=shards,
            telemetry=telemetry,
        )
        self.watching = Watching(repo, results, self.reader, self.now)

    def now(self) -> datetime:
        """The service's clock (injected in tests and the sandbox's replay): read through here by every part, so a
        clock replaced on the service is every part's."""
        return self._clock()

    def _correction_seen(self) -> None:
        self.delivery.corrections_due = True

    @property
    def ended(self) -> Signal[int]:
        """Announced with the watch's id when its competition is over (bot.services.live.reading)."""
        return self.reader.ended

    @property
    def _poster(self) -> OutboxPoster | None:
        return self.delivery.outbox.poster

    def attach(self, poster: OutboxPoster) -> None:
        """Connects the service to Discord, at start: its posts and direct messages go through the outbox (given
        `poster` when it has no Discord side yet: a service of its own, in tests)."""
        self.delivery.attach(poster)

    # --- watching ---------------------------------------------------------------------------------------------
    async def watch(self, actor: Actor, url: str, timezone: str | None = None) -> PollResult:
        """Starts watching a results site (bot owners); its first read is the baseline (Watching.watch)."""
        return await self.watching.watch(actor, url, timezone)

    async def unwatch(self, actor: Actor, competition: str) -> Watch:
        """Stops watching a site (bot owners); what was posted stays."""
        return await self.watching.unwatch(actor, competition)

    async def watches(self) -> list[Watch]:
        """Every site watched now or before, newest first."""
        return await self.watching.watches()

    async def find_watch(self, text: str, *, watching_only: bool = False) -> Watch:
        """A watch by its id, its URL or words of its competition's name."""
        return await self.watching.find_watch(text, watching_only=watching_only)

    async def subscribe(
        self,
        actor: Actor,
        channel_id: int,
        competition: str | None,
        disciplines: Sequence[str] = (),
        levels: Sequence[str] = (),
        delay_minutes: int = 0,
        role_id: int | None = None,
    ) -> tuple[Subscription, Watch | None]:
        """Subscribes a channel of the actor's server to a watched competition (or to every one)."""
        return await self.watching.subscribe(
            actor, channel_id, competition, disciplines, levels, delay_minutes, role_id
        )

    async def subscriptions(self, actor: Actor) -> list[tuple[Subscription, Watch | None]]:
        """The actor's server's subscriptions, with the competition each follows (None: every one)."""
        return await self.watching.subscriptions(actor)

    async def unsubscribe(self, actor: Actor, subscription_id: int) -> Subscription:
        """Ends one of the server's subscriptions; posts it had not sent yet are dropped."""
        return await self.watching.unsubscribe(actor, subscription_id)

    async def follow(self, actor: Actor, athlete: str, locale: str | None = None) -> tuple[str, bool]:
        """Follows a skater (or both partners of a couple): (name, whether it is new)."""
        return await self.watching.follow(actor, athlete, locale)

    async def unfollow(self, actor: Actor, athlete: str) -> tuple[str, bool]:
        """Stops following a skater (or couple): (name, whether they were followed)."""
        return await self.watching.unfollow(actor, athlete)

    async def following(self, actor: Actor) -> list[str]:
        """The names of the skaters the actor follows."""
        return await self.watching.following(actor)

    async def schedule(self, competition: str | None) -> ScheduleView:
        """A watched competition's time schedule, with where each segment stands."""
        return await self.watching.schedule(competition)

    async def schedule_of(self, competition_key: str) -> list[dict[str, Any]]:
        """The time schedule of a competition's watched site; empty when no watched site is that competition's."""
        return await self.watching.schedule_of(competition_key)

    # --- reading ----------------------------------------------------------------------------------------------
    async def poll_due(self) -> list[PollResult]:
        """Polls every watched site whose time has come, side by side (Reader.poll_due)."""
        return await self.reader.poll_due()

    async def poll(self, watch: Watch, *, baseline: bool = False) -> PollResult:
        """Reads the site, imports it, and records what is new; `baseline`: seen but not posted."""
        return await self.reader.poll(watch, baseline=baseline)

    # --- delivering -------------------------------------------------------------------------------------------
    async def deliver_due(self) -> int:
        """Sends the due posts, edits corrected ones, sends the direct messages; how many messages went out."""
        return await self.delivery.deliver_due()

    async def recover(self) -> int:
        """After a restart: each post claimed when the bot stopped is looked for in its channel, else sent."""
        return await self.delivery.recover()

    async def _message(
        self, post: LivePost, version: int, content: dict[str, Any], names: dict[int, str]
    ) -> PostMessage:
        return await self.delivery.message(post, version, content, names)
