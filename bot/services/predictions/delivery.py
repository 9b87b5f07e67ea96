"""The delivery of podium predictions' posts, exactly once: a scored round's announcement (sent, edited when the
round is scored again) and a round's lock post. Each goes through the outbox (bot/services/outbox/, kinds
'prediction' and 'prediction-lock', keyed by round), whose row is its claim: claimed before sending and completed
after, so a restart, or another process, neither loses nor doubles it; `recover()` looks for what a stopped process
claimed in its channel before sending it again, a rescored round's announcement is its edit. The rounds' own rows
say only where each post goes (and a lock's when and why)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import cast

from bot.services.live.service import LiveService
from bot.services.outbox import Outbox, OutboxPoster, Outgoing, PostFailed
from bot.services.predictions.core import PredictionCore, named
from bot.services.predictions.models import Announcement, LockNotice, PredictionPoster
from bot.services.predictions.rules import DEFAULT_SCORING, EventResult, event_result, pick_keys
from db.models import Competition, Event, OutboxPost
from db.prediction_models import Pick, PredictionLockPost, PredictionPost, PredictionRound
from db.repositories.predictions import ANNOUNCEMENT as ANNOUNCEMENT
from db.repositories.predictions import LOCK as LOCK

log = logging.getLogger(__name__)

DELIVERY_BATCH = 500
# Posts sent side by side (the poster's rate limiter paces them), as the live posts are: one after the other, each
# one's round trip would keep a fan-out to 5,000 servers under the rate.
SENDERS = 8
# Announcements are built, and sent ones recorded, this many at a time: a few queries a group, never one a post (a
# fan-out to 5,000 servers at Discord's rate leaves a post a few milliseconds of the bot's time).
RECORD_EVERY = 50
ANNOUNCED_MEMBERS = 20  # an announcement names this many members, best first; the others are counted


@dataclass(slots=True)
class _EventView:
    """An event as its rounds' announcements show it, read once per group of announcements."""

    competition: Competition | None
    event: Event | None
    result: EventResult | None
    names: dict[str, str] = field(default_factory=dict)  # entry key -> name


class PredictionDelivery(PredictionCore):
    live: LiveService

    @property
    def outbox(self) -> Outbox:
        """The bot's one outbox (the composition root gives it to the live service, which the game is built with)."""
        return self.live.delivery.outbox

    def attach(self, poster: OutboxPoster) -> None:  # type: ignore[override]  # the posts go through the outbox
        """Connects the game to Discord, at start: its posts go through the outbox, which is given `poster` when it has
        no Discord side yet (a game of its own, in tests; the bot attaches the outbox first)."""
        if self.outbox.poster is None:
            self.outbox.attach(poster)
        super().attach(cast(PredictionPoster, poster))

    # --- announcements ---------------------------------------------------------------------------------------------
    async def announcement(self, round_id: int, channel_id: int) -> Announcement | None:
        made = await self._announcements([(round_id, channel_id)])
        return made[0] if made else None

    async def _event_view(self, competition_key: str, event_key: str) -> _EventView:
        competition = self._competition_by_key(competition_key)
        event = self._event_by_key(competition, event_key)
        if event is None:
            return _EventView(competition, None, None)
        entries = await self._entries(event)
        result = event_result(entries, self.results.segments_of(event))
        view = _EventView(competition, event, result, await self._names([], event))
        await self._more_names(view.names, sorted(result.names) if result else [])
        return view

    async def _announcements(self, posts: Sequence[tuple[int, int]]) -> list[Announcement]:
        """The announcements of many rounds, (round, channel) each, in a few queries: their rounds, best picks and
        counts; each event's result and names read once."""
        ids = [round_id for round_id, _ in posts]
        rounds = await self.repo.rounds_by_ids(ids)
        best = await self.repo.top_picks_of(ids, ANNOUNCED_MEMBERS)
        counts = await self.repo.pick_counts(ids)
        views: dict[tuple[str, str], _EventView] = {}
        made = []
        for round_id, channel_id in posts:
            round_ = rounds.get(round_id)
            if round_ is None:
                continue  # removed since
            key = (round_.competition_key, round_.event_key)
            if key not in views:
                views[key] = await self._event_view(*key)
            view = views[key]
            picks = best.get(round_id, [])
            await self._more_names(view.names, sorted({k for pick in picks for k in pick_keys(pick)}))
            made.append(_announcement(round_, channel_id, view, picks, counts.get(round_id, 0)))
        return made

    async def deliver_due(self) -> int:
        """Sends the due lock posts and announcements of this process's servers and edits those of rescored rounds;
        returns how many messages went out."""
        async with self._delivering:
            self._require_poster()
            count = await self._deliver_locks()
            due = [
                post
                for post in await self.repo.due_posts(round(DELIVERY_BATCH / self.shards.share))
                if self.shards.owns(post.guild_id)
            ]
            count += await self._send_announcements(due)
            if self._corrections_due:
                count += await self._correct()
            return count

    async def _send_announcements(self, posts: Sequence[PredictionPost]) -> int:
        """Sends due announcements: built a group at a time and claimed together in the outbox (two writes an
        announcement would cost more than sending it when thousands are due) while the group before is sent by SENDERS
        side by side, recorded a group at a time. One sent and not yet recorded stays claimed, so a restart looks for
        it in its channel before sending it again (`recover`)."""
        ready: asyncio.Queue[tuple[Outgoing, OutboxPost] | None] = asyncio.Queue(maxsize=2 * RECORD_EVERY)
        sent: list[tuple[int, int, int]] = []

        async def build() -> None:
            for start in range(0, len(posts), RECORD_EVERY):
                group = posts[start : start + RECORD_EVERY]
                made = [announced(a) for a in await self._announcements([(p.round_id, p.channel_id) for p in group])]
                claimed = await self.outbox.claim_due(made)
                for outgoing in made:
                    if outgoing.key in claimed:  # else another process's, or settled meanwhile
                        await ready.put((outgoing, claimed[outgoing.key]))
            for _ in range(SENDERS):
                await ready.put(None)

        async def record() -> None:
            done, sent[:] = list(sent), []
            await self.outbox.complete_many(ANNOUNCEMENT, [(str(r), m, v) for r, m, v in done])

        async def send() -> int:
            count = 0
            while (next_post := await ready.get()) is not None:
                outgoing, held = next_post
                message_id = await self._attempt(outgoing, held)
                if message_id is None:
                    continue
                count += 1
                sent.append((int(outgoing.key), message_id, outgoing.version))
                if len(sent) >= RECORD_EVERY:
                    await record()
            return count

        async with asyncio.TaskGroup() as group:
            group.create_task(build())
            senders = [group.create_task(send()) for _ in range(SENDERS)]
        if sent:
            await record()
        return sum(sender.result() for sender in senders)

    async def _correct(self) -> int:
        """Edits the posted announcements of rounds scored again since (a corrected result, a new table)."""
        self._corrections_due = False
        count = 0
        outdated = await self.repo.outdated_posts(DELIVERY_BATCH)
        for post, _version in outdated:
            if not self.shards.owns(post.guild_id) or post.message_id is None:
                continue
            announcement = await self.announcement(post.round_id, post.channel_id)
            if announcement is None:
                continue
            try:
                await self.outbox.correct(announced(announcement))
            except PostFailed as exc:
                log.warning("predictions: could not correct message %s: %s", post.message_id, exc.reason)
                if exc.transient:
                    self._corrections_due = True
                    continue
                await self.outbox.forgo(announced(announcement))
            count += 1
        self._corrections_due = self._corrections_due or len(outdated) == DELIVERY_BATCH
        return count

    # --- lock posts ------------------------------------------------------------------------------------------------
    async def _deliver_locks(self) -> int:
        """Sends the due lock posts of this process's servers: claimed together, sent side by side, recorded in
        groups (as the announcements). Returns how many went out."""
        due = [
            post
            for post in await self.repo.due_lock_posts(round(DELIVERY_BATCH / self.shards.share))
            if self.shards.owns(post.guild_id)
        ]
        if not due:
            return 0
        # Claimed together in the outbox before any is sent, recorded in groups after (as the announcements).
        notices = [locked(n) for n in await self._lock_notices(due)]
        held = await self.outbox.claim_due(notices)
        notices = [notice for notice in notices if notice.key in held]
        slots = asyncio.Semaphore(SENDERS)
        sent: list[tuple[int, int]] = []

        async def record() -> None:
            done, sent[:] = list(sent), []
            await self.outbox.complete_many(LOCK, [(str(r), m, 1) for r, m in done])

        async def deliver(notice: Outgoing) -> int:
            async with slots:
                message_id = await self._attempt(notice, held[notice.key])
                if message_id is None:
                    return 0
                sent.append((int(notice.key), message_id))
                if len(sent) >= RECORD_EVERY:
                    await record()
                return 1

        count = sum(await asyncio.gather(*(deliver(notice) for notice in notices)))
        if sent:
            await record()
        return count

    async def _lock_notices(self, posts: Sequence[PredictionLockPost]) -> list[LockNotice]:
        """The lock posts as their channels are told them, with each round's count of picks (one query a batch)."""
        ids = [post.round_id for post in posts]
        counts = await self.repo.pick_counts(ids)
        rounds = await self.repo.rounds_by_ids(ids)
        notices = []
        for post in posts:
            round_ = rounds.get(post.round_id)
            if round_ is None or post.channel_id is None:
                continue  # removed since, or never due (a silent one is not claimed)
            competition = self._competition_by_key(round_.competition_key)
            notices.append(
                LockNotice(
                    round_id=post.round_id,
                    guild_id=post.guild_id,
                    channel_id=post.channel_id,
                    competition=competition.label if competition else round_.competition_key,
                    event=self._event_by_key(competition, round_.event_key),
                    event_key=round_.event_key,
                    at=datetime.fromisoformat(post.locked_at) if post.locked_at else None,
                    why=post.why,
                    picks=counts.get(post.round_id, 0),
                )
            )
        return notices

    # --- after a restart -------------------------------------------------------------------------------------------
    async def recover(self) -> int:
        """After a restart: each lock post and announcement claimed when the bot stopped (the outbox's claims of this
        process's servers, taken over in one statement) is looked for in its channel; found, it is completed, else
        sent. Returns how many were sent."""
        async with self._delivering:
            self._require_poster()
            sent = await self._recover_locks()
            for claim in await self.outbox.left_open(ANNOUNCEMENT):
                post = await self.repo.post(int(claim.key))
                announcement = await self.announcement(post.round_id, post.channel_id) if post else None
                if announcement is None:
                    continue
                delivery = await self.outbox.settle(announced(announcement), again_at=self.now())
                if delivery.message_id is None:
                    continue
                if delivery.was_there:
                    self._corrections_due = True  # the found message may show an older scoring
                else:
                    sent += 1
            return sent

    async def _recover_locks(self) -> int:
        """The lock posts claimed when the bot stopped: each looked for in its channel; found, completed, else
        sent. Returns how many were sent."""
        taken = [await self.repo.lock_post(int(claim.key)) for claim in await self.outbox.left_open(LOCK)]
        sent = 0
        for notice in await self._lock_notices([post for post in taken if post is not None]):
            delivery = await self.outbox.settle(locked(notice), again_at=self.now())
            sent += delivery.message_id is not None and not delivery.was_there
        return sent

    # --- sending -----------------------------------------------------------------------------------------------------
    async def _attempt(self, outgoing: Outgoing, held: OutboxPost) -> int | None:
        """The sent message's id; None when Discord refused it (recorded: a passing failure makes it due again for the
        next delivery, one attempt more)."""
        delivery = await self.outbox.attempt(outgoing, held)
        if delivery.failure is not None:
            await self.outbox.failed(outgoing, held.attempts, delivery.failure, again_at=self.now())
        return delivery.message_id


def announced(announcement: Announcement) -> Outgoing:
    """A round's announcement as the outbox sends it (found after a crash by its footer's marker)."""
    return Outgoing(
        ANNOUNCEMENT,
        str(announcement.round_id),
        announcement,
        announcement.marker,
        announcement.guild_id,
        announcement.channel_id,
        version=announcement.version,
    )


def locked(notice: LockNotice) -> Outgoing:
    """A round's lock post as the outbox sends it."""
    return Outgoing(LOCK, str(notice.round_id), notice, notice.marker, notice.guild_id, notice.channel_id)


def _announcement(
    round_: PredictionRound, channel_id: int, view: _EventView, picks: Sequence[Pick], count: int
) -> Announcement:
    names, result = view.names, view.result
    podium: list[tuple[int, str]] = []
    winners: tuple[str, ...] = ()
    if result is not None:
        podium = [(place, names[key]) for place in (1, 2, 3) for key in result.on_place(place)]
        winners = tuple(names[key] for key in sorted(result.short_winners))
    competition = view.competition
    return Announcement(
        round_id=round_.id,
        guild_id=round_.guild_id,
        channel_id=channel_id,
        version=round_.version,
        competition=competition.label if competition else round_.competition_key,
        event=view.event,
        event_key=round_.event_key,
        podium=tuple(podium),
        short_winners=winners,
        scoring=round_.scoring or DEFAULT_SCORING,
        members=tuple((p.user_id, p.points or 0, named(p.detail, names)) for p in picks),
        others=max(0, count - len(picks)),
        out=tuple((names[key], status) for key, status in sorted(result.statuses.items())) if result else (),
        rescored=round_.rescored,
    )
