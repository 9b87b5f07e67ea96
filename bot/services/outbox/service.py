"""The outbox: claim, send, complete or count another attempt, settle what a stopped process left, correct, retract
(see the package's docstring)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Protocol

from bot.i18n import Text, stored
from bot.ratelimit import RateLimiter
from bot.services.access import GuildSettingsSource
from bot.services.outbox.failure import PostFailed
from bot.services.shards import EVERY_SHARD, Shards
from db.models import OutboxPost, OutboxState
from db.repositories.outbox import OutboxRepository

log = logging.getLogger(__name__)

# Requests per second until the bot sets its own (POST_RATE_LIMIT): under Discord's global limit of 50.
DEFAULT_RATE = 45.0


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One post as its kind hands it to the outbox."""

    kind: str  # whose post: the Discord side renders `content` with the kind's renderer
    key: str  # the kind's own name of the post, unique within the kind
    content: object  # what the post shows, as the kind's plain data
    marker: str  # what the message shows (its footer) so that a restarted process can find it in the channel
    guild_id: int | None = None
    channel_id: int | None = None
    user_id: int | None = None  # a direct message's member (no channel)
    version: int = 1  # of the content: a correction sends a higher one
    locale: str | None = None  # the language it is rendered in: set by the outbox as it sends (see `in_language`)


class OutboxPoster(Protocol):
    """The Discord side (bot/discord_layer/outbox_poster.py), paced by the outbox's limiter before each request.
    Each raises PostFailed when Discord refuses."""

    async def send(self, post: Outgoing) -> int:
        """Sends the post (to its channel, or as a direct message); returns the message's id."""
        ...

    async def edit(self, post: Outgoing, message_id: int) -> None:
        """Shows `post` in the message sent before."""
        ...

    async def delete(self, post: OutboxPost) -> None:
        """Deletes a sent message."""
        ...

    async def find(self, post: Outgoing) -> int | None:
        """The message of the post among its channel's latest, if it is there (in any language)."""
        ...


@dataclass(frozen=True, slots=True)
class Delivery:
    """What sending a post came to: the message's id, or the failure (transient: still claimed, one attempt more
    counted; else recorded as failed). Neither: the post was not this process's to send (settled, or another's)."""

    message_id: int | None = None
    failure: PostFailed | None = None
    was_there: bool = False  # found in the channel (sent by an attempt that was never recorded), not sent now

    @property
    def retrying(self) -> bool:
        return self.failure is not None and self.failure.transient


NOT_OURS = Delivery()


class Outbox:
    def __init__(
        self,
        repo: OutboxRepository,
        *,
        clock: Callable[[], datetime] | None = None,
        shards: Shards = EVERY_SHARD,
        settings: GuildSettingsSource | None = None,
        rate: float = DEFAULT_RATE,
    ) -> None:
        """`settings`: where a server's chosen language is read as each post is sent; `rate`: requests per second,
        every kind's together."""
        self.repo = repo
        self.clock = clock or (lambda: datetime.now(UTC))
        self.shards = shards
        self.settings = settings
        self.limiter = RateLimiter(rate)
        self.poster: OutboxPoster | None = None
        self.started = ""  # when attach() connected it: a claim older than this is a stopped process's
        # Who holds a claim: only the outbox that claimed a post (or took it over from a stopped process) sends it,
        # so a second process asked for the same post while the first is sending it sends nothing.
        self.claimant = uuid.uuid4().hex

    def attach(self, poster: OutboxPoster, rate: float | None = None) -> None:
        """Connects the outbox to Discord (the bot, at start); `rate`: the bot's POST_RATE_LIMIT. The Discord side
        takes one of the outbox's `limiter` slots right before each request it makes (after rendering the post, so
        that a slow render never bunches requests into a burst)."""
        self.poster = poster
        if rate is not None:
            self.limiter.set_rate(rate)
        self.started = self._now()

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    def _poster(self) -> OutboxPoster:
        assert self.poster is not None, "the Discord poster is attached when the bot starts"
        return self.poster

    async def in_language(self, post: Outgoing) -> Outgoing:
        """The post in its server's language as the store holds it now (a server that changed its language since
        the post was claimed gets the new one); a direct message keeps its member's."""
        if post.guild_id is None or self.settings is None:
            return post
        return replace(post, locale=(await self.settings.guild_settings(post.guild_id)).locale)

    # --- claiming ------------------------------------------------------------------------------------------------
    async def claim(self, post: Outgoing, *, again: bool = False) -> bool:
        """Claims the post before it is sent; False when it is claimed or sent already (by this process or another).
        `again`: a post that failed (or was retracted) may be claimed anew."""
        return await self.repo.claim(
            post.kind,
            post.key,
            guild_id=post.guild_id,
            channel_id=post.channel_id,
            user_id=post.user_id,
            version=post.version,
            at=self._now(),
            claimant=self.claimant,
            again=again,
        )

    async def claim_due(self, posts: Sequence[Outgoing]) -> dict[str, OutboxPost]:
        """Claims queued posts of one kind (its kind queued them with the store's `ENQUEUE`, in the transaction that
        recorded what they are about) before they are sent, together: each one still due. One due again after a
        passing failure is looked for in its channel before it is sent. Returns the rows won by key; one another
        process claimed first, or one settled, is left out."""
        if not posts:
            return {}
        return await self.repo.claim_due(
            posts[0].kind, [(post.key, post.version) for post in posts], self._now(), self.claimant
        )

    async def record(self, kind: str, key: str) -> OutboxPost | None:
        return await self.repo.post(kind, key)

    async def left_open(self, kind: str) -> list[OutboxPost]:
        """The kind's claims to settle after a start: this process's servers' (a direct message: the lead shard's);
        sharded, only those made before this process started. Each is taken over in one statement (one attempt
        more), so of two processes settling the same claim only one does."""
        mine = []
        before = self.started if self.shards.sharded else None
        for post in await self.repo.claimed(kind):
            if not (self.shards.owns(post.guild_id) if post.guild_id is not None else self.shards.lead):
                continue
            if post.claimant == self.claimant:
                mine.append(post)  # this process's own (waiting for its next attempt)
            elif await self.repo.take_over(kind, post.key, post.attempts, before, self._now(), self.claimant):
                mine.append(replace(post, attempts=post.attempts + 1, claimant=self.claimant))
        return mine

    # --- sending ---------------------------------------------------------------------------------------------------
    async def send(self, post: Outgoing, *, looked: bool = False, again_at: datetime | None = None) -> Delivery:
        """Sends a post this process claimed and records what came of it. After a failed attempt (or a crash) the
        channel is looked at first (unless the caller just `looked`): the attempt may have reached Discord. A post
        already sent answers its message. `again_at`: a passing failure makes the post due again then (see
        `failed`)."""
        row = await self.repo.post(post.kind, post.key)
        if row is None or row.state is not OutboxState.CLAIMED or row.claimant != self.claimant:
            return Delivery(row.message_id) if row is not None and row.state is OutboxState.SENT else NOT_OURS
        poster = self._poster()
        if row.attempts > 1 and not looked and (found := await poster.find(post)) is not None:
            await self.repo.complete(post.kind, post.key, found, row.version, self._now())
            return Delivery(found, was_there=True)
        delivery = await self.attempt(post, replace(row, attempts=1))
        if delivery.message_id is not None:
            await self.repo.complete(post.kind, post.key, delivery.message_id, post.version, self._now())
        elif delivery.failure is not None:
            await self.failed(post, row.attempts, delivery.failure, again_at=again_at)
        return delivery

    async def attempt(self, post: Outgoing, row: OutboxPost | None = None) -> Delivery:
        """One send, paced, in the server's language; nothing recorded (a kind sending thousands records them in
        groups: `complete_many`, `failed`). `row`: the post's claimed row (`claim_due`): sent already, its message is
        answered; after a failed attempt the channel is looked at first."""
        poster = self._poster()
        if row is not None:
            if row.state is OutboxState.SENT:
                return Delivery(row.message_id)
            if row.attempts > 1 and (found := await poster.find(post)) is not None:
                return Delivery(found, was_there=True)
        post = await self.in_language(post)
        try:
            return Delivery(await poster.send(post))
        except PostFailed as failure:
            return Delivery(failure=failure)

    async def failed(
        self, post: Outgoing, attempts: int, failure: PostFailed, *, again_at: datetime | None = None
    ) -> None:
        """Records a failed attempt: a passing one keeps the post claimed with one attempt more (`again_at`: due again
        then, for whichever process claims it), else it failed."""
        reason = _stored(failure.reason)
        if failure.transient and again_at is not None:
            at = again_at.astimezone(UTC).isoformat(timespec="seconds")
            await self.repo.release(post.kind, post.key, attempts, reason, at)
        elif failure.transient:
            await self.repo.next_attempt(post.kind, post.key, attempts, reason)
        else:
            await self.repo.fail(post.kind, post.key, reason, self._now())
        log.warning("%s %s: %s", post.kind, post.key, failure)

    async def complete_many(self, kind: str, done: list[tuple[str, int, int]]) -> None:
        """Records sent posts, (key, message id, version) each, in one transaction."""
        await self.repo.complete_many(kind, done, self._now())

    async def found(self, post: Outgoing) -> Delivery:
        """A claim left open, looked for in its channel: found, it is completed (its message answered); else
        nothing is sent (the kind decides whether it is still due: `send`, or `fail`)."""
        row = await self.repo.post(post.kind, post.key)
        if row is None or row.state is not OutboxState.CLAIMED or row.claimant != self.claimant:
            return Delivery(row.message_id) if row is not None and row.state is OutboxState.SENT else NOT_OURS
        message_id = await self._poster().find(post)
        if message_id is None:
            return NOT_OURS
        await self.repo.complete(post.kind, post.key, message_id, row.version, self._now())
        return Delivery(message_id, was_there=True)

    async def settle(self, post: Outgoing, *, again_at: datetime | None = None) -> Delivery:
        """A claim left open (a crash, a stopped process): found in the channel it is completed, else sent (a passing
        failure: due again `again_at`, when given)."""
        row = await self.repo.post(post.kind, post.key)
        if row is None or row.state is not OutboxState.CLAIMED or row.claimant != self.claimant:
            return Delivery(row.message_id) if row is not None and row.state is OutboxState.SENT else NOT_OURS
        found = await self._poster().find(post)
        if found is not None:
            await self.repo.complete(post.kind, post.key, found, row.version, self._now())
            return Delivery(found, was_there=True)
        return await self.send(post, looked=True, again_at=again_at)

    async def fail(self, kind: str, key: str, reason: Text | str) -> None:
        """Gives a claimed post up without sending it (its kind says it can no longer be made: too late, gone)."""
        await self.repo.fail(kind, key, _stored(reason), self._now())

    # --- later -------------------------------------------------------------------------------------------------------
    async def correct(self, post: Outgoing) -> bool:
        """Edits the sent message of the post to show `post` now, recorded once Discord took it. False: nothing sent
        to correct. Raises PostFailed when Discord refuses (the kind tries again when it will)."""
        row = await self.repo.post(post.kind, post.key)
        if row is None or row.state is not OutboxState.SENT or row.message_id is None:
            return False
        post = await self.in_language(post)
        await self._poster().edit(post, row.message_id)
        await self.repo.corrected(post.kind, post.key, post.version, self._now())
        return True

    async def forgo(self, post: Outgoing) -> None:
        """A correction Discord refused for good (the message deleted, the channel gone): the sent row records `post`'s
        version all the same, so the correction is not tried at every delivery."""
        await self.repo.corrected(post.kind, post.key, post.version, self._now())

    async def retract(self, kind: str, key: str) -> bool:
        """Deletes the sent message of a post, recorded once Discord took it (a message already gone counts as
        deleted). False: nothing sent to retract. Raises PostFailed when Discord refuses."""
        row = await self.repo.post(kind, key)
        if row is None or row.state is not OutboxState.SENT or row.message_id is None:
            return False
        await self._poster().delete(row)
        return await self.repo.retracted(kind, key, self._now())


def _stored(reason: Text | str) -> str:
    return stored(reason) if isinstance(reason, Text) else reason
