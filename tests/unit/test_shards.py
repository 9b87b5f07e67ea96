"""Sharded processes on one store: the rule that gives each server to one shard, each process planning, posting and
recovering only its own servers' moments, and the store's claims, which two processes racing for the same server's
day (a handover, a restart) can never both win."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.i18n import Text
from bot.services.access import Actor
from bot.services.moments import MomentContent, MomentService, Outcome
from bot.services.outbox import Outbox, Outgoing
from bot.services.results import ResultsService
from bot.services.shards import EVERY_SHARD, IdentifyBuckets, Shards, shard_of
from bot.services.stories import StoryService
from db.database import Database
from db.models import AuditRecord, MomentSchedule, OutboxPost, Trigger
from db.repositories.live import LIVE, LiveRepository, post_key
from db.repositories.moments import MomentRepository
from db.repositories.outbox import OutboxRepository
from db.repositories.stories import GuildRepository, StoryRepository
from tests.stores import Location

NOW = datetime(2026, 2, 18, 12, 0, tzinfo=UTC)
BEFORE_THE_START = "2026-02-18T11:59:00+00:00"  # a claim left open by a process that stopped before these started
AFTER = "2026-02-18T12:00:01+00:00"
STOPPED = "a stopped process"  # the outbox claimant that left those claims
COUNT = 4
# One server on each shard: a snowflake's shard is its timestamp part (above bit 22) modulo the count.
GUILDS = {shard: ((1_000_000 + shard) << 22) | 12345 for shard in range(COUNT)}
FIRST_HALF = Shards(COUNT, frozenset({0, 1}))
SECOND_HALF = Shards(COUNT, frozenset({2, 3}))


def test_shard_of_is_discords_rule() -> None:
    assert {shard: shard_of(gid, COUNT) for shard, gid in GUILDS.items()} == {0: 0, 1: 1, 2: 2, 3: 3}
    assert shard_of(41771983423143937, 1) == 0
    assert shard_of(41771983423143937, 16) == (41771983423143937 >> 22) % 16


def test_which_process_serves_what() -> None:
    assert EVERY_SHARD.owns(GUILDS[3]) and EVERY_SHARD.lead and not EVERY_SHARD.sharded and EVERY_SHARD.share == 1
    all_four = Shards(COUNT)
    assert all_four.sharded and all(all_four.owns(gid) for gid in GUILDS.values()) and all_four.lead
    assert [FIRST_HALF.owns(gid) for gid in GUILDS.values()] == [True, True, False, False]
    assert [SECOND_HALF.owns(gid) for gid in GUILDS.values()] == [False, False, True, True]
    assert FIRST_HALF.lead and not SECOND_HALF.lead and SECOND_HALF.share == 0.5
    for bad in ((None, frozenset({0})), (0, None), (4, frozenset({4})), (4, frozenset())):
        with pytest.raises(ValueError):
            Shards(*bad)


class Planner:
    def __init__(self) -> None:
        self.planned: dict[int, MomentSchedule | None] = {}

    def plan(self, guild_id: int, schedule: MomentSchedule | None) -> None:
        self.planned[guild_id] = schedule

    def retry(self, guild_id: int, local_date: str, at: datetime) -> None:
        pass


class Poster:
    def __init__(self) -> None:
        self.sent: list[int] = []

    async def send(self, post: Outgoing) -> int:
        await asyncio.sleep(0.01)  # a round trip to Discord, so that racing processes overlap
        assert post.guild_id is not None and isinstance(post.content, MomentContent)
        self.sent.append(post.guild_id)
        return 1000 + len(self.sent)

    async def find(self, post: Outgoing) -> int | None:
        return None

    async def edit(self, post: Outgoing, message_id: int) -> None:
        pass

    async def delete(self, post: OutboxPost) -> None:
        pass

    async def notify(self, guild_id: int, text: Text) -> None:
        pass


def process(db: Database, results: ResultsService, shards: Shards) -> tuple[MomentService, Planner, Poster]:
    """One bot process's moment service on the shared store."""
    stories = StoryService(StoryRepository(db), GuildRepository(db), results)
    service = MomentService(MomentRepository(db), stories, results, lambda: NOW, shards=shards)
    planner, poster = Planner(), Poster()
    service.attach(poster, planner, outbox_poster=poster)
    return service, planner, poster


@pytest.fixture
async def second_connection(store: Database, bundled_store: Location) -> Database:
    """The same store opened again, as a second process opens it."""
    db = await Database.open(bundled_store)
    yield db
    await db.close()


async def test_each_process_plans_posts_and_recovers_only_its_servers(
    store: Database, second_connection: Database, results: ResultsService
) -> None:
    a, planner_a, poster_a = process(store, results, FIRST_HALF)
    b, planner_b, poster_b = process(second_connection, results, SECOND_HALF)
    for gid in GUILDS.values():
        await a.schedule(Actor(user_id=1, guild_id=gid, is_moderator=True), gid + 1, "10:00", "UTC")
    # The schedule set through process A plans a job there only for A's servers.
    assert {gid for gid, schedule in planner_a.planned.items() if schedule} == {GUILDS[0], GUILDS[1]}
    assert await a.plan_all() == 2 and await b.plan_all() == 2
    assert {gid for gid, schedule in planner_b.planned.items() if schedule} == {GUILDS[2], GUILDS[3]}

    # Both processes fire every server's job: each posts its own and leaves the others'.
    day = NOW.date()
    outcomes = await asyncio.gather(
        *(service.run(gid, trigger=Trigger.SCHEDULE, local_date=day) for service in (a, b) for gid in GUILDS.values())
    )
    mine, theirs = [Outcome.POSTED] * 2, [Outcome.ELSEWHERE] * 2
    assert outcomes == [*mine, *theirs, *theirs, *mine]  # A's view of the four servers, then B's
    assert sorted(poster_a.sent) == [GUILDS[0], GUILDS[1]] and sorted(poster_b.sent) == [GUILDS[2], GUILDS[3]]

    # Claims a crash left open on every server: process A settles its own only.
    repo = MomentRepository(store)
    for gid in GUILDS.values():
        assert await repo.claim(gid, "2026-02-17", 1, gid + 1, "schedule", BEFORE_THE_START, STOPPED)
    await a.recover()
    states = {gid: (await repo.post(gid, "2026-02-17")).state for gid in GUILDS.values()}  # type: ignore[union-attr]
    assert [states[gid] for gid in GUILDS.values()] == ["posted", "posted", "claimed", "claimed"]
    await b.recover()
    states = {gid: (await repo.post(gid, "2026-02-17")).state for gid in GUILDS.values()}  # type: ignore[union-attr]
    assert set(states.values()) == {"posted"}
    assert len(poster_a.sent) == len(poster_b.sent) == 4  # each server's day once, by its own process


async def test_two_processes_racing_for_a_claim_never_both_win(store: Database, second_connection: Database) -> None:
    """The claim is one statement on the shared store: of two processes claiming the same server's day at the same
    moment (each on its own connection, each in its own thread), exactly one wins, every time."""
    repos = (MomentRepository(store), MomentRepository(second_connection))
    outboxes = (OutboxRepository(store), OutboxRepository(second_connection))
    gid = GUILDS[2]
    for n in range(40):
        day = f"2026-03-{n % 28 + 1:02d}" if n < 28 else f"2026-04-{n - 27:02d}"
        won = await asyncio.gather(
            *(repo.claim(gid, day, 1, 5, "schedule", BEFORE_THE_START, f"p{i}") for i, repo in enumerate(repos))
        )
        assert sorted(won) == [False, True], day
        # Two processes settling the claim a crash left open: one takes it over, the other leaves it.
        key = f"{gid}/{day}"
        taken = await asyncio.gather(
            *(outbox.take_over("moment", key, 1, AFTER, NOW.isoformat(), f"t{i}") for i, outbox in enumerate(outboxes))
        )
        assert sorted(taken) == [False, True], day


async def test_two_processes_recovering_one_claim_send_it_once(
    store: Database, second_connection: Database, results: ResultsService
) -> None:
    """A restart beside a handover: two processes that both run the server's shard settle its open claim at once."""
    a, _, poster_a = process(store, results, Shards(COUNT))
    b, _, poster_b = process(second_connection, results, SECOND_HALF)
    gid = GUILDS[3]
    await a.schedule(Actor(user_id=1, guild_id=gid, is_moderator=True), 77, "10:00", "UTC")
    repo = MomentRepository(store)
    assert await repo.claim(gid, "2026-02-17", 1, 77, "schedule", BEFORE_THE_START, STOPPED)
    await asyncio.gather(a.recover(), b.recover())
    assert len(poster_a.sent) + len(poster_b.sent) == 1
    post = await repo.post(gid, "2026-02-17")
    assert post is not None and post.state == "posted"


def test_the_settings_choose_the_bot() -> None:
    """No SHARD_COUNT: the one-process bot exactly as before; with it, discord.py's AutoShardedBot on those shards."""
    from unittest.mock import create_autospec

    from discord.ext import commands

    from bot.client import ShardedSkateBot, SkateBot, build_bot
    from bot.settings import Settings

    db = create_autospec(Database, instance=True)
    single = build_bot(Settings(), db)
    assert type(single) is SkateBot and not single.own_shards.sharded and single.shard_count is None
    some = build_bot(Settings(shard_count=4, shard_ids=(2, 3)), db)
    assert isinstance(some, ShardedSkateBot) and isinstance(some, commands.AutoShardedBot)
    assert some.shard_count == 4 and some.shard_ids == [2, 3]
    assert some.own_shards == SECOND_HALF and some.moments.shards == SECOND_HALF and some.live.shards == SECOND_HALF
    every = build_bot(Settings(shard_count=4), db)
    assert isinstance(every, ShardedSkateBot) and every.shard_ids is None and every.own_shards == Shards(COUNT)


def test_shards_identify_as_discords_session_start_limit_allows() -> None:
    """Shards of different rate-limit keys (id modulo max_concurrency) identify at once; one key's shards 5 s
    apart, counted from when the previous one was allowed, on the clock the caller gives."""
    buckets = IdentifyBuckets(max_concurrency=2)
    assert [buckets.wait_before(shard, now=100.0) for shard in range(5)] == [0.0, 0.0, 5.0, 5.0, 10.0]
    assert buckets.wait_before(1, now=112.0) == 0.0  # key 1's last went at 105: long past
    assert buckets.wait_before(3, now=114.0) == 3.0  # key 1 went again at 112
    single = IdentifyBuckets(max_concurrency=1)
    assert [single.wait_before(shard, now=0.0) for shard in (2, 3)] == [0.0, 5.0]


@pytest.mark.parametrize(
    ("limits", "waits"),
    [
        ({"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 4}, [0.0] * 4 + [5.0] * 2),
        (
            {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
            [0.0, *[5.0 * n for n in range(1, 6)]],
        ),
        (None, [0.0, *[5.0 * n for n in range(1, 6)]]),  # the limits could not be read: one at a time
    ],
)
async def test_the_sharded_bot_waits_only_as_the_session_start_limit_asks(
    limits: dict[str, int] | None, waits: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py waits 5 s before each shard's IDENTIFY but a process's first; the bot waits only as GET
    /gateway/bot's max_concurrency asks. The waits are read, not slept."""
    from unittest.mock import create_autospec

    import aiohttp
    import discord

    import bot.client
    from bot.client import build_bot
    from bot.settings import Settings

    sharded = build_bot(Settings(shard_count=6), create_autospec(Database, instance=True))

    async def session_start_limits() -> discord.shard.SessionStartLimits:
        if limits is None:
            raise aiohttp.ClientConnectionError("no answer")
        return discord.shard.SessionStartLimits(**limits)

    monkeypatch.setattr(sharded, "fetch_session_start_limits", session_start_limits)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "time", lambda: 50.0)  # the clock stands still: each wait is exactly what was booked
    monkeypatch.setattr(bot.client.asyncio, "sleep", sleep)
    for shard in range(6):
        await sharded.before_identify_hook(shard, initial=shard == 0)
    assert slept == waits


async def test_another_process_import_is_loaded_within_seconds(
    store: Database, second_connection: Database, results: ResultsService
) -> None:
    """The sharded process's results watch reloads when the store's latest import is not the one it loaded."""
    from bot.discord_layer.scheduling import RESULTS_EVERY, ResultsWatch

    reloads: list[int] = []

    async def reload() -> None:
        await results.refresh()
        reloads.append(results.loaded_import)

    watch = ResultsWatch(results, reload)
    await watch.run()
    assert reloads == []  # nothing new: one cheap read, no reload
    loaded = results.loaded_import
    await second_connection.execute(  # another process's import lands
        "INSERT INTO imports (source, sha256, imported_at, summary) VALUES ('other', 'x', ?, '{}')", (NOW.isoformat(),)
    )
    await watch.run()
    assert reloads == [loaded + 1] and RESULTS_EVERY.total_seconds() <= 5
    await watch.run()
    assert reloads == [loaded + 1]


async def test_two_processes_taking_over_one_live_claim_never_both_win(
    store: Database, second_connection: Database
) -> None:
    """A live post claimed by a process that stopped: of two sharded processes settling it at once, one takes it;
    a claim made after a process started is never taken by it (the process that made it is alive)."""
    live = LiveRepository(store)
    watch = await live.add_watch(
        "https://results.example/wc/", BEFORE_THE_START, AuditRecord(1, None, "watch", NOW.isoformat())
    )
    assert watch is not None
    # Twenty channels' posts queued by a poll and claimed by a process that stopped before sending them.
    await live.record_items(
        watch.id,
        [],
        [(500 + n, GUILDS[0], "001/final", None, BEFORE_THE_START, 0) for n in range(20)],
        [],
        BEFORE_THE_START,
    )
    stopped = Outbox(OutboxRepository(store), clock=lambda: datetime.fromisoformat(BEFORE_THE_START))
    claims = [Outgoing(LIVE, post_key(500 + n, watch.id, "001/final"), None, "", GUILDS[0], 500 + n) for n in range(20)]
    assert len(await stopped.claim_due(claims)) == 20
    outboxes = (OutboxRepository(store), OutboxRepository(second_connection))
    for post in await outboxes[0].claimed(LIVE):
        taken = await asyncio.gather(
            *(outbox.take_over(LIVE, post.key, 1, AFTER, NOW.isoformat(), f"t{i}") for i, outbox in enumerate(outboxes))
        )
        assert sorted(taken) == [False, True], post.key
    # Re-claimed at NOW by the taker: a process that started at NOW sees a live process's claim, never takes it.
    for post in await outboxes[0].claimed(LIVE):
        assert post.claimed_at == NOW.isoformat()
        assert not await outboxes[0].take_over(LIVE, post.key, post.attempts, NOW.isoformat(), AFTER, "late")
    assert {post.state for post in await live.posts_of(watch.id)} == {"claimed"}
