"""The outbox's exactly-once guarantees, on the store's engine (SQLite, or PostgreSQL with SKATEBOT_TEST_DB): a crash
between the send and its record, two processes claiming or settling the same post, another attempt after a failure,
a correction, a retraction, and the server's language read as the post is sent."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
import pytest

from bot.services.modlog import NO_MODLOG
from bot.services.outbox import Outbox, Outgoing, PostFailed
from bot.services.server_settings import ServerSettings
from bot.services.shards import Shards
from db.database import Database, SQLiteDatabase
from db.models import AuditRecord, GuildSettings, OutboxPost, OutboxState
from db.repositories.guilds import GuildRepository
from db.repositories.live import LiveRepository
from db.repositories.moments import MomentRepository
from db.repositories.outbox import ENQUEUE, OutboxRepository
from db.repositories.predictions import PredictionRepository
from tests.stores import Location, migrations_before

NOW = datetime(2026, 2, 18, 12, 0, tzinfo=UTC)
GUILD = (1_000_000 << 22) | 7  # shard 0 of two
OTHER_GUILD = (1_000_001 << 22) | 7  # shard 1 of two


class Channels:
    """Discord's channels as the fake poster keeps them: each message sent, with its marker, and what it shows."""

    def __init__(self) -> None:
        self.messages: dict[int, tuple[int, str, object, str | None]] = {}  # id -> (channel, marker, content, locale)
        self.deleted: list[int] = []
        self.edits: list[tuple[int, object]] = []
        self.next_id = 100


class FakePoster:
    def __init__(self, channels: Channels, failures: list[PostFailed] | None = None, lost: bool = False) -> None:
        self.channels = channels
        self.failures = failures or []  # raised by the next sends, in turn
        self.lost = lost  # a failure raised after Discord stored the message (a 5xx on the way back)
        self.finds = 0

    async def send(self, post: Outgoing) -> int:
        if self.failures:
            failure = self.failures.pop(0)
            if self.lost:
                self._store(post)
            raise failure
        return self._store(post)

    def _store(self, post: Outgoing) -> int:
        self.channels.next_id += 1
        assert post.channel_id is not None
        self.channels.messages[self.channels.next_id] = (post.channel_id, post.marker, post.content, post.locale)
        return self.channels.next_id

    async def edit(self, post: Outgoing, message_id: int) -> None:
        channel, marker, _, _ = self.channels.messages[message_id]
        self.channels.messages[message_id] = (channel, marker, post.content, post.locale)
        self.channels.edits.append((message_id, post.content))

    async def delete(self, post: OutboxPost) -> None:
        assert post.message_id is not None
        del self.channels.messages[post.message_id]
        self.channels.deleted.append(post.message_id)

    async def find(self, post: Outgoing) -> int | None:
        self.finds += 1
        for message_id, (channel, marker, _, _) in self.channels.messages.items():
            if channel == post.channel_id and marker == post.marker:
                return message_id
        return None


class Settings:
    def __init__(self) -> None:
        self.locales: dict[int, str] = {}

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id, locale=self.locales.get(guild_id))


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


def _post(key: str = "1", guild_id: int = GUILD, content: object = "hello", version: int = 1) -> Outgoing:
    return Outgoing("test", key, content, f"test {key}", guild_id=guild_id, channel_id=55, version=version)


@pytest.fixture
async def stores(store_location: Location) -> AsyncIterator[tuple[Database, Database]]:
    """Two connections to one store: two processes."""
    first = await Database.open(store_location)
    second = await Database.open(store_location)
    yield first, second
    await second.close()
    await first.close()


def _outbox(db: Database, poster: FakePoster, clock: Clock, shards: Shards | None = None, settings=None) -> Outbox:  # type: ignore[no-untyped-def]
    outbox = Outbox(
        OutboxRepository(db), clock=clock, settings=settings, rate=1000, **({"shards": shards} if shards else {})
    )
    outbox.attach(poster)
    return outbox


async def test_a_post_is_sent_once_however_often_it_is_asked(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    outbox = _outbox(stores[0], FakePoster(channels), clock)
    assert await outbox.claim(_post())
    assert not await outbox.claim(_post())  # claimed: a second firing does nothing
    delivery = await outbox.send(_post())
    assert delivery.message_id is not None and delivery.failure is None
    again = await outbox.send(_post())  # sent: answers the message, sends nothing
    assert again.message_id == delivery.message_id
    assert not await outbox.claim(_post())
    assert not await outbox.claim(_post(), again=True)  # only a failed post may be claimed anew
    assert len(channels.messages) == 1
    row = await outbox.record("test", "1")
    assert row is not None and row.state is OutboxState.SENT and row.message_id == delivery.message_id


async def test_two_processes_claiming_the_same_post_send_it_once(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    outboxes = [_outbox(db, FakePoster(channels), clock) for db in stores]
    for key in ("a", "b", "c"):
        claimed = await asyncio.gather(*(outbox.claim(_post(key)) for outbox in outboxes))
        assert sorted(claimed) == [False, True]
        winner = outboxes[claimed.index(True)]
        await asyncio.gather(winner.send(_post(key)), *(o.send(_post(key)) for o in outboxes if o is not winner))
    assert len(channels.messages) == 3


async def test_a_crash_between_the_send_and_its_record_is_settled_by_finding_the_message(
    stores: tuple[Database, Database],
) -> None:
    channels, clock = Channels(), Clock()
    crashed = _outbox(stores[0], FakePoster(channels), clock)
    assert await crashed.claim(_post("sent")) and await crashed.claim(_post("unsent"))
    assert (await crashed.attempt(_post("sent"))).message_id is not None  # sent; the process stops before recording
    clock.now += timedelta(minutes=1)
    restarted = _outbox(stores[1], FakePoster(channels), clock)
    left = await restarted.left_open("test")
    assert sorted(post.key for post in left) == ["sent", "unsent"]
    results = {post.key: await restarted.settle(_post(post.key)) for post in left}
    assert len(channels.messages) == 2  # the sent one found, not sent again; the other sent now
    found = [mid for mid, (_, marker, _, _) in channels.messages.items() if marker == "test sent"]
    assert results["sent"].message_id == found[0]
    for key in ("sent", "unsent"):
        row = await restarted.record("test", key)
        assert row is not None and row.state is OutboxState.SENT
    assert await restarted.left_open("test") == []


async def test_two_processes_settling_the_same_claim_send_it_once(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    stopped = _outbox(stores[0], FakePoster(channels), clock)
    assert await stopped.claim(_post("left", guild_id=OTHER_GUILD))
    clock.now += timedelta(minutes=1)
    # A handover: both processes serve shard 1 for a moment, both started after the claim.
    both = [_outbox(db, FakePoster(channels), clock, shards=Shards(2, frozenset({1}))) for db in stores]
    taken = await asyncio.gather(*(outbox.left_open("test") for outbox in both))
    assert sorted(len(posts) for posts in taken) == [0, 1]
    taker = both[0] if taken[0] else both[1]
    await taker.settle(_post("left", guild_id=OTHER_GUILD))
    assert len(channels.messages) == 1
    # A claim made after a process started is a live process's: never taken by it.
    assert await taker.claim(_post("fresh", guild_id=OTHER_GUILD))
    assert [post.key for post in await both[1 - both.index(taker)].left_open("test")] == []
    # And a shard's claims are its own: the process of shard 0 leaves shard 1's.
    first = _outbox(stores[0], FakePoster(channels), clock, shards=Shards(2, frozenset({0})))
    clock.now += timedelta(minutes=1)
    first.started = clock().isoformat()
    assert await first.left_open("test") == []


async def test_a_passing_failure_is_tried_again_and_a_lost_answer_never_doubles_the_post(
    stores: tuple[Database, Database],
) -> None:
    channels, clock = Channels(), Clock()
    outage = PostFailed("Discord 503", transient=True)
    outbox = _outbox(stores[0], FakePoster(channels, [outage]), clock)
    assert await outbox.claim(_post("a"))
    first = await outbox.send(_post("a"))
    assert first.retrying and first.message_id is None
    row = await outbox.record("test", "a")
    assert row is not None and row.state is OutboxState.CLAIMED and row.attempts == 2 and row.reason == "Discord 503"
    second = await outbox.send(_post("a"))
    assert second.message_id is not None and len(channels.messages) == 1
    # A 5xx after Discord stored the message: the next attempt finds it and sends nothing.
    lossy = FakePoster(channels, [PostFailed("Discord 502", transient=True)], lost=True)
    outbox.attach(lossy)
    assert await outbox.claim(_post("b"))
    assert (await outbox.send(_post("b"))).retrying
    found = await outbox.send(_post("b"))
    assert found.message_id is not None and lossy.finds == 1 and len(channels.messages) == 2


async def test_a_refusal_fails_the_post_until_it_is_claimed_anew(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    outbox = _outbox(stores[0], FakePoster(channels, [PostFailed("the channel no longer exists")]), clock)
    assert await outbox.claim(_post())
    delivery = await outbox.send(_post())
    assert delivery.failure is not None and not delivery.retrying
    row = await outbox.record("test", "1")
    assert row is not None and row.state is OutboxState.FAILED and row.reason == "the channel no longer exists"
    assert await outbox.send(_post()) == replace(delivery, failure=None)  # not claimed: nothing sent
    assert not await outbox.claim(_post())
    assert await outbox.claim(_post(), again=True)
    assert (await outbox.send(_post())).message_id is not None and len(channels.messages) == 1


async def test_a_correction_edits_the_message_and_a_retraction_deletes_it(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    outbox = _outbox(stores[0], FakePoster(channels), clock)
    assert not await outbox.correct(_post(content="nothing sent yet", version=2))
    assert await outbox.claim(_post())
    message_id = (await outbox.send(_post())).message_id
    assert message_id is not None
    assert await outbox.correct(_post(content="corrected", version=2))
    assert channels.edits == [(message_id, "corrected")] and channels.messages[message_id][2] == "corrected"
    row = await outbox.record("test", "1")
    assert row is not None and row.version == 2 and row.message_id == message_id
    assert await outbox.retract("test", "1")
    assert channels.deleted == [message_id] and not channels.messages
    assert not await outbox.retract("test", "1")  # once
    assert not await outbox.correct(_post(content="too late", version=3))
    row = await outbox.record("test", "1")
    assert row is not None and row.state is OutboxState.RETRACTED


async def test_a_refused_correction_is_not_recorded(stores: tuple[Database, Database]) -> None:
    channels, clock = Channels(), Clock()
    poster = FakePoster(channels)
    outbox = _outbox(stores[0], poster, clock)
    assert await outbox.claim(_post())
    await outbox.send(_post())

    async def refuse(post: Outgoing, message_id: int) -> None:
        raise PostFailed("Discord 503", transient=True)

    poster.edit = refuse  # type: ignore[method-assign]
    with pytest.raises(PostFailed):
        await outbox.correct(_post(content="corrected", version=2))
    row = await outbox.record("test", "1")
    assert row is not None and row.version == 1  # still due: the kind tries again


async def test_the_servers_language_is_read_as_the_post_is_sent(stores: tuple[Database, Database]) -> None:
    channels, clock, settings = Channels(), Clock(), Settings()
    outbox = _outbox(stores[0], FakePoster(channels), clock, settings=settings)
    settings.locales[GUILD] = "en-US"
    assert await outbox.claim(_post())
    settings.locales[GUILD] = "ja"  # changed between the claim and the send
    message_id = (await outbox.send(_post())).message_id
    assert message_id is not None and channels.messages[message_id][3] == "ja"
    settings.locales[GUILD] = "en-US"
    await outbox.correct(_post(content="corrected", version=2))
    assert channels.messages[message_id][3] == "en-US"


async def test_an_upgraded_store_keeps_the_moments_claims_in_the_outbox(
    tmp_path: Path, store_location: Location
) -> None:
    """A day being sent when the bot was upgraded stays claimed (looked for in its channel before sending), a posted
    one keeps its message (corrected later), a failed or missed one is not the outbox's."""
    before = migrations_before(tmp_path / "before", "0022_")
    db = await Database.open(store_location, migrations_dir=before)
    await db.execute(
        "INSERT INTO moment_posts (guild_id, local_date, state, channel_id, message_id, trigger, claimed_at, done_at, "
        "attempts) VALUES (7, '2026-02-17', 'posted', 55, 901, 'schedule', 'T1', 'T2', 1), "
        "(7, '2026-02-18', 'claimed', 55, NULL, 'schedule', 'T3', NULL, 2), "
        "(8, '2026-02-18', 'failed', 56, NULL, 'schedule', 'T3', 'T4', 1), "
        "(9, '2026-02-18', 'missed', NULL, NULL, 'schedule', 'T3', 'T4', 1)"
    )
    await db.execute(
        "INSERT INTO live_watches (id, url, added_by, added_at, next_poll_at) VALUES (3, 'http://x/', 1, 'T', 'T')"
    )
    await db.execute(
        "INSERT INTO live_posts (channel_id, watch_id, item_key, guild_id, state, due_at, version, message_id, "
        "claimed_at) VALUES (55, 3, '001/final', 7, 'posted', 'T', 2, 902, 'T1'), "
        "(55, 3, '001/002/segment', 7, 'claimed', 'T', 1, NULL, NULL), "
        "(56, 3, '001/final', 8, 'due', 'T', 1, NULL, NULL)"
    )
    await db.execute(
        "INSERT INTO prediction_rounds (id, guild_id, competition_key, event_key, season, version) "
        "VALUES (4, 7, 'c', 'women', '2025-26', 3), (5, 7, 'c', 'men', '2025-26', 1)"
    )
    await db.execute(
        "INSERT INTO prediction_posts (round_id, guild_id, channel_id, state, version, message_id, claimed_at) "
        "VALUES (4, 7, 55, 'posted', 3, 903, 'T1'), (5, 7, 55, 'claimed', 1, NULL, 'T2')"
    )
    await db.execute(
        "INSERT INTO prediction_lock_posts (round_id, guild_id, channel_id, state, why, message_id, claimed_at) "
        "VALUES (4, 7, 55, 'posted', 'schedule', 904, 'T1'), (5, 7, NULL, 'silent', 'schedule', NULL, NULL)"
    )
    await db.close()
    db = await Database.open(store_location)
    try:
        repo = OutboxRepository(db)
        posted, claimed = await repo.post("moment", "7/2026-02-17"), await repo.post("moment", "7/2026-02-18")
        assert posted is not None and (posted.state, posted.message_id, posted.channel_id) == (
            OutboxState.SENT,
            901,
            55,
        )
        assert claimed is not None and (claimed.state, claimed.attempts, claimed.claimed_at) == (
            OutboxState.CLAIMED,
            2,
            "T3",
        )
        assert claimed.claimant is None  # no process holds it: the next start settles it
        assert await repo.post("moment", "8/2026-02-18") is None and await repo.post("moment", "9/2026-02-18") is None
        live_posted, live_claimed = (
            await repo.post("live", "55/3/001/final"),
            await repo.post("live", "55/3/001/002/segment"),
        )
        assert live_posted is not None and (live_posted.state, live_posted.message_id, live_posted.version) == (
            OutboxState.SENT,
            902,
            2,
        )
        assert live_claimed is not None and live_claimed.state is OutboxState.CLAIMED
        assert live_claimed.claimed_at == "T"  # claimed before claims had a time: its due time, older than any start
        due = await repo.post("live", "56/3/001/final")  # due: queued (0023), claimed when it is sent
        assert due is not None and (due.state, due.due_at) == (OutboxState.DUE, "T")
        announced, announcing = await repo.post("prediction", "4"), await repo.post("prediction", "5")
        assert announced is not None and (announced.state, announced.message_id, announced.version) == (
            OutboxState.SENT,
            903,
            3,
        )
        assert announcing is not None and announcing.state is OutboxState.CLAIMED
        lock = await repo.post("prediction-lock", "4")
        assert lock is not None and (lock.state, lock.message_id) == (OutboxState.SENT, 904)
        assert await repo.post("prediction-lock", "5") is None
    finally:
        await db.close()


MOMENT_DAY = (
    "SELECT guild_id, local_date, state, story_id, channel_id, message_id, trigger, reason, done_at, label_shown, "
    "attempts, retry_at, fact_shown FROM moment_posts ORDER BY guild_id, local_date"
)


async def test_an_upgrade_makes_the_outbox_row_the_only_claim_and_loses_or_doubles_nothing(
    tmp_path: Path, store_location: Location
) -> None:
    """Migration 0023: the kinds' own claim state moves into the outbox (where the two disagreed, the kind's row, which
    decided, wins); each kind's old table reads as before; and after the upgrade the outbox's row alone decides who
    sends, so a day claimed before the upgrade is claimed by nobody else after it."""
    before = migrations_before(tmp_path / "before", "0023_")
    db = await Database.open(store_location, migrations_dir=before)
    await db.execute(
        "INSERT INTO stories (id, guild_id, title, label, created_by, created_at, updated_at) "
        "VALUES (1, NULL, 's', 'verified', 1, 'T', 'T')"
    )
    await db.execute(
        "INSERT INTO moment_posts (guild_id, local_date, state, story_id, channel_id, message_id, trigger, reason, "
        "claimed_at, done_at, label_shown, attempts, retry_at, fact_shown) VALUES "
        "(7, '2026-02-15', 'posted', 1, 55, 901, 'schedule', NULL, 'T1', 'T2', 'verified', 1, NULL, 'f1'), "
        "(7, '2026-02-16', 'failed', 1, 55, NULL, 'schedule', 'refused', 'T1', 'T2', NULL, 7, NULL, NULL), "
        "(7, '2026-02-17', 'claimed', 1, 55, NULL, 'manual', 'busy', 'T3', NULL, NULL, 2, 'T5', NULL), "
        "(8, '2026-02-17', 'failed', NULL, NULL, NULL, 'schedule', 'nothing', 'T3', 'T4', NULL, 1, NULL, NULL), "
        "(9, '2026-02-17', 'missed', NULL, NULL, NULL, 'schedule', 'down', 'T3', 'T4', NULL, 1, NULL, NULL)"
    )
    # The outbox as 0022's bot left it beside those: the failed day's row still claimed (a passing failure with no
    # retry left was recorded failed on the day only), the claimed day's held by a process that is gone.
    await db.execute(
        "INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, attempts, claimed_at, claimant, "
        "done_at) VALUES ('moment', '7/2026-02-15', 7, 55, 'sent', 901, 1, 'T1', 'old', 'T2'), "
        "('moment', '7/2026-02-16', 7, 55, 'claimed', NULL, 8, 'T1', 'old', NULL), "
        "('moment', '7/2026-02-17', 7, 55, 'claimed', NULL, 2, 'T3', 'old', NULL)"
    )
    await db.execute(
        "INSERT INTO prediction_rounds (id, guild_id, competition_key, event_key, season, version) "
        "VALUES (4, 7, 'c', 'women', '2025-26', 3), (5, 7, 'c', 'men', '2025-26', 1), "
        "(6, 7, 'c', 'pairs', '2025-26', 1)"
    )
    # Round 5's announcement went out and the bot stopped before the round's row said so; round 6's failed for a
    # moment (due again on the round's row, its outbox row still claimed, one attempt more).
    await db.execute(
        "INSERT INTO prediction_posts (round_id, guild_id, channel_id, state, version, message_id, claimed_at, "
        "done_at) VALUES (4, 7, 55, 'posted', 3, 903, 'T1', 'T2'), (5, 7, 55, 'claimed', 1, NULL, 'T2', NULL), "
        "(6, 7, 55, 'due', 1, NULL, 'T2', NULL)"
    )
    await db.execute(
        "INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, attempts, claimed_at, "
        "claimant, done_at) VALUES ('prediction', '4', 7, 55, 'sent', 3, 903, 1, 'T1', 'old', 'T2'), "
        "('prediction', '5', 7, 55, 'sent', 1, 905, 1, 'T2', 'old', 'T3'), "
        "('prediction', '6', 7, 55, 'claimed', 1, NULL, 2, 'T2', 'old', NULL), "
        "('prediction-lock', '4', 7, 55, 'sent', 1, 904, 1, 'T1', 'old', 'T2')"
    )
    await db.execute(
        "INSERT INTO prediction_lock_posts (round_id, guild_id, channel_id, state, why, message_id, claimed_at, "
        "done_at) VALUES (4, 7, 55, 'posted', 'schedule', 904, 'T1', 'T2'), "
        "(5, 7, NULL, 'silent', 'schedule', NULL, NULL, NULL), (6, 7, 55, 'due', 'moderator', NULL, NULL, NULL)"
    )
    await db.execute(
        "INSERT INTO live_watches (id, url, added_by, added_at, next_poll_at) VALUES (3, 'http://x/', 1, 'T', 'T')"
    )
    # A posted live post; one sent whose row had not caught up; one due again after a passing failure (its outbox row
    # still claimed, one attempt more); one never tried. A message sent, one to a member who takes none.
    await db.execute(
        "INSERT INTO live_posts (channel_id, watch_id, item_key, guild_id, role_id, state, due_at, position, version, "
        "message_id, reason, done_at, claimed_at) VALUES "
        "(55, 3, '001/final', 7, 9, 'posted', 'T1', 2, 2, 902, NULL, 'T2', 'T1'), "
        "(55, 3, '001/002/segment', 7, 9, 'claimed', 'T1', 1, 1, NULL, NULL, NULL, 'T1'), "
        "(56, 3, '001/final', 8, NULL, 'due', 'T5', 2, 1, NULL, 'busy', NULL, 'T1'), "
        "(57, 3, '001/final', 8, NULL, 'due', 'T1', 2, 1, NULL, NULL, NULL, NULL)"
    )
    await db.execute(
        "INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, attempts, claimed_at, "
        "claimant, done_at) VALUES ('live', '55/3/001/final', 7, 55, 'sent', 2, 902, 1, 'T1', 'old', 'T2'), "
        "('live', '55/3/001/002/segment', 7, 55, 'sent', 1, 906, 1, 'T1', 'old', 'T3'), "
        "('live', '56/3/001/final', 8, 56, 'claimed', 1, NULL, 2, 'T1', 'old', NULL)"
    )
    await db.execute(
        "INSERT INTO live_messages (user_id, watch_id, item_key, skater_id, state, reason, at) VALUES "
        "(41, 3, '001/final', 5, 'sent', NULL, 'T1'), (42, 3, '001/final', 5, 'closed', NULL, 'T1'), "
        "(43, 3, '001/final', 5, 'due', NULL, 'T2')"
    )
    live_posted = tuple(
        await db.fetchone("SELECT * FROM live_posts WHERE channel_id = 55 AND item_key = '001/final'") or ()
    )
    directs = [tuple(row) for row in await db.fetchall("SELECT * FROM live_messages ORDER BY user_id")]
    days = [dict(zip(row.keys(), tuple(row), strict=True)) for row in await db.fetchall(MOMENT_DAY)]
    locks = [tuple(row) for row in await db.fetchall("SELECT * FROM prediction_lock_posts ORDER BY round_id")]
    announced = await db.fetchone("SELECT * FROM prediction_posts WHERE round_id = 4")
    assert announced is not None
    await db.close()
    db = await Database.open(store_location)
    try:
        assert [dict(zip(row.keys(), tuple(row), strict=True)) for row in await db.fetchall(MOMENT_DAY)] == days
        repo = OutboxRepository(db)
        refused = await repo.post("moment", "7/2026-02-16")
        assert refused is not None and (refused.state, refused.attempts, refused.reason) == (
            OutboxState.FAILED,
            7,
            "refused",
        )
        moments = MomentRepository(db)
        # The claim left open is the outbox's row: no other claimant wins the day, a taker settles it once.
        assert not await moments.claim(7, "2026-02-17", 1, 55, "manual", "T6", "new")
        assert [claim.key for claim in await repo.claimed("moment")] == ["7/2026-02-17"]
        assert await repo.take_over("moment", "7/2026-02-17", 2, None, "T6", "new")
        # A missed day stays missed for the schedule; a moderator's post-now claims it (and a failed one) anew.
        assert not await moments.claim(9, "2026-02-17", 1, 56, "schedule", "T6", "new")
        assert await moments.claim(9, "2026-02-17", 1, 56, "manual", "T6", "new")
        assert await moments.claim(7, "2026-02-16", 1, 55, "manual", "T6", "new")
        day = await moments.post(7, "2026-02-16")
        assert day is not None and (day.state, day.attempts, day.reason) == ("claimed", 1, None)
        # The rounds' posts: read as before; the message sent before the round's row caught up is not sent again;
        # the one due again after a passing failure is queued, its attempt counted (looked for before it is sent).
        assert [
            tuple(row) for row in await db.fetchall("SELECT * FROM prediction_lock_posts ORDER BY round_id")
        ] == locks
        assert tuple(await db.fetchone("SELECT * FROM prediction_posts WHERE round_id = 4") or ()) == tuple(announced)
        games = PredictionRepository(db)
        sent = await games.post(5)
        assert sent is not None and (sent.state, sent.message_id) == ("posted", 905)
        assert [post.round_id for post in await games.due_posts(10)] == [6]
        queued = await repo.post("prediction", "6")
        assert queued is not None and (queued.state, queued.attempts) == (OutboxState.DUE, 2)
        assert await repo.claimed("prediction") == []
        assert [post.round_id for post in await games.due_lock_posts(10)] == [6]
        # The live posts and messages: read as before where nothing was left half-way; the post sent before its row
        # caught up is not sent again; the one failed for a moment and the one never tried are due, in order.
        live = LiveRepository(db)
        posted = await db.fetchone("SELECT * FROM live_posts WHERE channel_id = 55 AND item_key = '001/final'")
        assert tuple(posted or ()) == live_posted
        assert [tuple(row) for row in await db.fetchall("SELECT * FROM live_messages ORDER BY user_id")] == directs
        caught_up = await live.post("55/3/001/002/segment")
        assert caught_up is not None and (caught_up.state, caught_up.message_id) == ("posted", 906)
        due = await live.due_posts("T9")
        assert [(p.channel_id, p.due_at, p.reason) for p in due] == [(57, "T1", None), (56, "T5", "busy")]
        retried = await repo.post("live", "56/3/001/final")
        assert retried is not None and retried.attempts == 2  # looked for in its channel before it is sent again
        assert [user for user, *_ in await live.due_directs(10)] == [43]
        assert await repo.claimed("live") == [] and await repo.claimed("dm") == []
    finally:
        await db.close()


async def _queue(db: Database, *keys: str, due_at: str = "T") -> None:
    """Posts queued as a kind queues them, in the transaction that records what they are about."""
    async with db.transaction() as tx:
        await tx.executemany(ENQUEUE, [("test", key, GUILD, 55, None, "T", due_at) for key in keys])


async def test_a_queued_post_is_claimed_once_and_a_passing_failure_queues_it_again_looked_for_first(
    stores: tuple[Database, Database],
) -> None:
    """The outbox as the queue of the kinds that post later (live posts, announcements, direct messages): of two
    processes claiming the same due post exactly one wins; a passing failure makes it due again with one attempt
    more, so the next claimant looks in the channel first (the failed attempt may have reached Discord)."""
    channels, clock = Channels(), Clock()
    first = _outbox(stores[0], FakePoster(channels), clock)
    second = _outbox(stores[1], FakePoster(channels), clock)
    await _queue(stores[0], *(f"q{n}" for n in range(20)))
    await _queue(stores[0], "q0", due_at="later")  # queued again: left as it is
    for n in range(20):
        won = await asyncio.gather(*(outbox.claim_due([_post(f"q{n}")]) for outbox in (first, second)))
        assert sorted(len(claimed) for claimed in won) == [0, 1], n
    await _queue(stores[0], "a", "b")
    claimed = await first.claim_due([_post("a"), _post("b")])
    assert sorted(claimed) == ["a", "b"] and await first.claim_due([_post("a")]) == {}  # claimed: not due any more
    # Discord took the post; the answer never came back (a 5xx on the way back).
    first.attach(FakePoster(channels, [PostFailed("503", transient=True)], lost=True))
    delivery = await first.attempt(_post("a"), claimed["a"])
    assert delivery.retrying
    await first.failed(_post("a"), claimed["a"].attempts, delivery.failure, again_at=NOW)  # type: ignore[arg-type]
    row = await first.record("test", "a")
    assert row is not None and (row.state, row.attempts, row.due_at) == (OutboxState.DUE, 2, NOW.isoformat())
    again = await second.claim_due([_post("a")])
    assert (await second.attempt(_post("a"), again["a"])).was_there  # found in the channel, not sent twice
    assert sum(marker == "test a" for _, marker, _, _ in channels.messages.values()) == 1


async def test_the_discord_side_takes_its_rate_slot_after_rendering_and_right_before_the_request() -> None:
    """A render that waits (a podium card, a settings read) never holds a slot: the requests stay one slot apart
    instead of bunching into a burst after a slow render."""
    import discord

    from bot.discord_layer.outbox_poster import OutboxDiscordPoster, Rendered

    events: list[str] = []

    class View:
        async def render(self, post: Outgoing, words: object) -> Rendered:
            await asyncio.sleep(0)
            events.append("render")
            return Rendered(discord.Embed(title=str(post.content)))

        def recognises(self, post: Outgoing, footer: str) -> bool:
            return False

    class Limiter:
        async def acquire(self) -> None:
            events.append("slot")

    class Channel:
        async def send(self, **_: object) -> object:
            events.append("send")
            return type("Message", (), {"id": 77})()

        def get_partial_message(self, message_id: int) -> object:
            class Message:
                async def edit(self, **_: object) -> None:
                    events.append("edit")

                async def delete(self) -> None:
                    events.append("delete")

            return Message()

    class Client:
        def get_guild(self, guild_id: int) -> None:
            return None

        def get_channel(self, channel_id: int) -> None:
            return None

        def get_partial_messageable(self, channel_id: int, **_: object) -> Channel:
            return Channel()

    poster = OutboxDiscordPoster(Client(), {"test": View()}, Limiter())  # type: ignore[arg-type, dict-item]
    assert await poster.send(_post()) == 77
    await poster.edit(_post(content="corrected"), 77)
    sent = OutboxPost("test", "1", GUILD, 55, None, OutboxState.SENT, 1, 77, 1, None, "T", None, "T")
    await poster.delete(sent)
    assert events == ["render", "slot", "send", "render", "slot", "edit", "slot", "delete"]


async def test_the_servers_language_costs_each_send_one_trip_to_the_store(
    stores: tuple[Database, Database], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The language is read from the store as each post is sent (thousands in a fan-out): one query, one trip to
    SQLite's connection thread, not a cursor's three (on PostgreSQL: one query)."""
    db = stores[0]
    guilds = GuildRepository(db)
    await guilds.update_settings(GUILD, "locale", "ja", AuditRecord(1, GUILD, "config language", NOW.isoformat()))
    channels, clock = Channels(), Clock()
    outbox = _outbox(db, FakePoster(channels), clock, settings=ServerSettings(guilds, NO_MODLOG))
    trips = 0
    if isinstance(db, SQLiteDatabase):
        hop = aiosqlite.Connection._execute

        async def counted(self: aiosqlite.Connection, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal trips
            trips += 1
            return await hop(self, fn, *args, **kwargs)

        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    else:
        for name in ("fetchall", "fetchone", "execute"):
            query = getattr(db, name)

            async def counted_query(*args, query=query, **kwargs):  # type: ignore[no-untyped-def]
                nonlocal trips
                trips += 1
                return await query(*args, **kwargs)

            monkeypatch.setattr(db, name, counted_query)
    delivery = await outbox.attempt(_post())
    assert trips == 1
    assert delivery.message_id is not None and channels.messages[delivery.message_id][3] == "ja"
