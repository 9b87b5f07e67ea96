"""Delivering what a poll of a watched site recorded: the posts to subscribed channels, the edits that correct them,
the direct messages to followers (all through the outbox).

Each post and message is queued in the outbox (bot/services/outbox/, kind 'live' keyed 'channel/watch/item', kind 'dm'
keyed 'member/watch/item/skater') when a poll records it; the outbox's row is its claim: claimed before sending and
completed after, so a restart neither loses nor doubles one; a post claimed when the bot stopped is looked for in its
channel before it is sent again (`recover`), a correction is its edit. The live tables keep what a post is about.
Sharded, each process delivers its servers' posts; direct messages are shard 0's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.services.live import items as live_items
from bot.services.live.polling import iso
from bot.services.outbox import DirectClosed, Outbox, OutboxPoster, Outgoing, PostFailed
from bot.services.results import ResultsService
from bot.services.shards import Shards
from db.models import LiveItemRow, LivePost, OutboxPost
from db.repositories.live import DIRECT as DIRECT
from db.repositories.live import LIVE, LiveRepository, direct_key, post_key
from db.repositories.outbox import OutboxRepository

log = logging.getLogger(__name__)


KIND = LIVE  # the live posts' kind in the outbox (the Discord side renders it)

# A post that fails for a passing reason (Discord's 5xx, a rate limit, the network) is tried again this much later,
# its reason kept on the row; a refusal that would repeat (a deleted channel, a missing permission) fails it at once.
POST_RETRY = timedelta(seconds=30)
DELIVERY_BATCH = 500
# Posts prepared and sent side by side (the poster's rate limiter paces them): one after the other, the store's writes
# and the round trip of each post kept a delivery to 5,000 channels well under the allowed rate.
SENDERS = 8
RECORD_EVERY = 50  # sent posts recorded in one transaction
# A post is edited at most once in this long after it was sent or last edited: a score that flips back and forth
# between polls (a site rewritten while it is being judged) makes one edit a minute at most, to what it says then.
EDIT_SPACING = timedelta(minutes=1)


class NotAttached(Exception):
    """A delivery was asked of a service that has no poster: LiveService.attach was never called (a bug)."""


@dataclass(frozen=True, slots=True)
class PostMessage:
    """A live post as the Discord side renders it."""

    guild_id: int
    channel_id: int
    watch_id: int
    competition: str
    item_key: str
    kind: live_items.ItemKind
    version: int
    content: dict[str, Any]
    role_id: int | None = None
    changes: tuple[dict[str, Any], ...] = ()  # a correction: what changed since the version first posted

    @property
    def marker(self) -> str:
        """What a message shows (its footer) so a restarted bot can find the post it may have made."""
        return f"live {self.watch_id}:{self.item_key}"


@dataclass(frozen=True, slots=True)
class DirectMessage:
    """A followed skater's score, for one member."""

    user_id: int
    competition: str
    skater: str
    content: dict[str, Any]  # the segment's results item
    locale: str | None = None  # the member's Discord language when they followed; None: the default


class Delivery:
    """Sending, correcting and recovering the live posts and the direct messages (LiveService's delivering half)."""

    def __init__(
        self,
        repo: LiveRepository,
        results: ResultsService,
        shards: Shards,
        clock: Callable[[], datetime],
        outbox: Outbox | None = None,
    ) -> None:
        """`outbox`: where the posts are sent (the bot's, every kind's; one of its own when none is given)."""
        self.repo = repo
        self.outbox = outbox or Outbox(OutboxRepository(repo.database), clock=clock, shards=shards)
        self.results = results
        self.shards = shards
        self.now = clock
        self._started = ""  # when attach() connected the service: the process's start
        # Whether an item may have changed since its posts were last brought up to date: set by a poll that saw a
        # correction (and at start, for one seen by a process that stopped), so the delivery, which runs every
        # second, looks for outdated messages only then rather than scanning every post each time.
        self.corrections_due = True
        # Delivery and recovery one at a time: a recovery that ran beside a delivery would find the posts the
        # delivery had just claimed and send them a second time.
        self._delivering = asyncio.Lock()

    def attach(self, poster: OutboxPoster) -> None:
        """Connects the delivery to Discord, at start: its posts and direct messages go through the outbox, which
        is given `poster` when it has no Discord side yet (a service of its own, in tests; the bot attaches the
        outbox first)."""
        if self.outbox.poster is None:
            self.outbox.attach(poster)
        self._started = iso(self.now())  # a claim older than this is a stopped (or handing over) process's

    async def deliver_due(self) -> int:
        """Sends the posts whose delay has passed, edits posts whose item was corrected, sends the direct
        messages; returns how many messages went out."""
        async with self._delivering:
            return await self._deliver_due()

    async def _deliver_due(self) -> int:
        self._require_poster()
        names: dict[int, str] = {}
        count = await self._send_due(names)
        if self.corrections_due:
            count += await self._correct_outdated(names)
        return count + await self._deliver_directs(names)

    async def _send_due(self, names: dict[int, str]) -> int:
        """Sends the posts whose delay has passed; returns how many went out."""
        # Sharded, the other processes' posts are read too and left to them: read as many more as make a batch ours.
        due = await self.repo.due_posts(iso(self.now()), round(DELIVERY_BATCH / self.shards.share))
        due = [post for post in due if self.shards.owns(post.guild_id)]
        items: dict[tuple[int, str], LiveItemRow | None] = {}
        for post in due:
            key = (post.watch_id, post.item_key)
            if key not in items:
                items[key] = await self.repo.item(*key)
        # Claimed together in the outbox before any is sent, recorded in groups after: two writes a post would cost
        # the bot more than sending it when thousands are due. A post sent and not yet recorded stays claimed, so a
        # restart looks for it in its channel before sending it again (`recover`); one due again after a passing
        # failure is looked for first too.
        outgoing: dict[str, Outgoing] = {}
        for post in due:
            item = items[(post.watch_id, post.item_key)]
            if item is not None:
                outgoing[_key(post)] = live_outgoing(await self.message(post, item.version, item.content, names))
        held = await self.outbox.claim_due(list(outgoing.values()))
        slots = asyncio.Semaphore(SENDERS)
        by_channel: dict[int, list[LivePost]] = {}
        for post in due:
            if _key(post) in held:  # else another process's, or settled meanwhile
                by_channel.setdefault(post.channel_id, []).append(post)
        sent: list[tuple[LivePost, int, int]] = []

        async def record() -> None:
            done, sent[:] = list(sent), []
            if done:
                await self.outbox.complete_many(
                    LIVE, [(_key(post), message, version) for post, message, version in done]
                )

        async def deliver(posts: list[LivePost]) -> int:
            # One channel's posts one after the other (they stay in competition order); channels side by side.
            count = 0
            async with slots:
                for post in posts:
                    item = items[(post.watch_id, post.item_key)]
                    assert item is not None
                    message_id = await self._send(outgoing[_key(post)], held[_key(post)])
                    if message_id is not None:
                        sent.append((post, message_id, item.version))
                        count += 1
                    if len(sent) >= RECORD_EVERY:
                        await record()
            return count

        count = sum(await asyncio.gather(*(deliver(posts) for posts in by_channel.values())))
        await record()
        return count

    async def _correct_outdated(self, names: dict[int, str]) -> int:
        """Edits the posts whose item was corrected since they were sent; returns how many were edited."""
        self.corrections_due = False
        count = 0
        batch = round(DELIVERY_BATCH / self.shards.share)
        outdated = await self.repo.outdated_posts(batch)
        now = self.now()
        held = False
        for post, version in outdated:
            if not self.shards.owns(post.guild_id):
                continue
            if post.done_at and now - datetime.fromisoformat(post.done_at) < EDIT_SPACING:
                held = True  # sent or edited less than a minute ago: a score flipping between polls waits
                continue
            count += await self._correct(post, version, names)
        # More than one batch, an edit held back or one Discord refused for a moment: the next run goes on.
        self.corrections_due = self.corrections_due or held or len(outdated) == batch
        return count

    async def recover(self) -> int:
        """After a restart: each post claimed when the bot stopped is looked for in its channel; found, it is
        completed, else sent. Returns how many were sent."""
        async with self._delivering:
            return await self._recover()

    async def _recover(self) -> int:
        self._require_poster()
        sent = 0
        names: dict[int, str] = {}
        # The outbox's claims of this process's servers a stopped process left (sharded: only those made before this
        # process started), each taken over in one statement: of two processes settling one, only one does.
        for claim in await self.outbox.left_open(LIVE):
            post = await self.repo.post(claim.key)
            item = await self.repo.item(post.watch_id, post.item_key) if post is not None else None
            if post is None or item is None:
                continue
            outgoing = live_outgoing(await self.message(post, claim.version, item.content, names))
            # Looked for in its channel, found there or sent now; a passing failure makes it due again later.
            delivery = await self.outbox.settle(outgoing, again_at=self.now() + POST_RETRY)
            sent += delivery.message_id is not None and not delivery.was_there
        return sent

    async def _send(self, outgoing: Outgoing, held: OutboxPost) -> int | None:
        """The message's id; None when Discord refused it (recorded: a passing failure makes it due again later)."""
        delivery = await self.outbox.attempt(outgoing, held)
        if delivery.failure is not None:
            await self.outbox.failed(outgoing, held.attempts, delivery.failure, again_at=self.now() + POST_RETRY)
        return delivery.message_id

    async def _correct(self, post: LivePost, version: int, names: dict[int, str]) -> int:
        item = await self.repo.item(post.watch_id, post.item_key)
        if item is None or post.message_id is None:
            return 0
        message = await self.message(post, version, item.content, names)
        changes = tuple(live_items.changes(item.first_content, item.content))
        message = PostMessage(**{**_fields(message), "changes": changes})
        try:
            await self.outbox.correct(live_outgoing(message))
        except PostFailed as exc:
            log.warning("live: could not correct message %s: %s", post.message_id, exc.reason)
            if exc.transient:
                self.corrections_due = True  # tried again at the next delivery
                return 0
            await self.outbox.forgo(live_outgoing(message))  # refused for good: not tried at every delivery
        return 1

    async def _deliver_directs(self, names: dict[int, str]) -> int:
        if not self.shards.lead:
            return 0  # direct messages are shard 0's, as Discord has them
        sent = 0
        for user_id, watch_id, item_key, skater_id, locale in await self.repo.due_directs(DELIVERY_BATCH):
            key = direct_key(user_id, watch_id, item_key, skater_id)
            # Claimed before anything is read for it: the outbox's row decides who tells the member.
            claimed = Outgoing(DIRECT, key, None, "", user_id=user_id)
            held = (await self.outbox.claim_due([claimed])).get(key)
            if held is None:
                continue
            item = await self.repo.item(watch_id, item_key)
            names_found = await self.results.skater_names([skater_id])
            if item is None or not names_found:
                await self.outbox.fail(DIRECT, key, "gone")
                continue
            competition = await self._competition_name(watch_id, names)
            message = DirectMessage(user_id, competition, names_found[0], item.content, locale)
            # In the member's language as they followed (a bot cannot read a member's client language outside an
            # interaction).
            outgoing = replace(claimed, content=message, locale=locale)
            try:
                delivery = await self.outbox.attempt(outgoing, held)
            except DirectClosed:
                await self.outbox.fail(DIRECT, key, "closed")
                continue
            if delivery.failure is not None or delivery.message_id is None:
                # Not retried either: a member is told once or not at all, never twice.
                reason = str(delivery.failure.reason) if delivery.failure is not None else "not sent"
                await self.outbox.fail(DIRECT, key, reason)
                continue
            await self.outbox.complete_many(DIRECT, [(key, delivery.message_id, 1)])
            sent += 1
        return sent

    async def message(
        self, post: LivePost, version: int, content: dict[str, Any], names: dict[int, str]
    ) -> PostMessage:
        return PostMessage(
            guild_id=post.guild_id,
            channel_id=post.channel_id,
            watch_id=post.watch_id,
            competition=await self._competition_name(post.watch_id, names),
            item_key=post.item_key,
            kind=live_items.ItemKind(post.item_key.rsplit("/", 1)[1]),
            version=version,
            content=content,
            role_id=post.role_id,
        )

    async def _competition_name(self, watch_id: int, names: dict[int, str]) -> str:
        if watch_id not in names:
            watch = await self.repo.watch(watch_id)
            names[watch_id] = watch.label if watch else "?"
        return names[watch_id]

    def _require_poster(self) -> OutboxPoster:
        if self.outbox.poster is None:
            raise NotAttached
        return self.outbox.poster


def _key(post: LivePost) -> str:
    return post_key(post.channel_id, post.watch_id, post.item_key)


def live_outgoing(message: PostMessage) -> Outgoing:
    """A live post as the outbox sends it (found after a crash by its footer's marker)."""
    key = f"{message.channel_id}/{message.watch_id}/{message.item_key}"
    return Outgoing(LIVE, key, message, message.marker, message.guild_id, message.channel_id, version=message.version)


def _fields(message: PostMessage) -> dict[str, Any]:
    return {name: getattr(message, name) for name in message.__dataclass_fields__}
