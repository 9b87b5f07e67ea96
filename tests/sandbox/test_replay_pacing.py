"""`skatebot sandbox --replay`'s clock (bot/sandbox/harness.py): held until the bot watches the site, and never past
a phase of the competition before the bot has read the site since the phase before and sent what that made due. The
real time is injected: nothing here depends on the machine's speed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from bot.sandbox.harness import PHASE_MARGIN, ReplayPacer, SpedUpClock
from db.models import WatchState

T0 = datetime(2014, 3, 26, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


class RealTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@dataclass
class FakeWatch:
    polled_at: str | None
    next_poll_at: str
    state: WatchState = WatchState.WATCHING


@dataclass
class FakeRepo:
    due: list[Any] = field(default_factory=list)
    outdated: list[Any] = field(default_factory=list)
    directs: list[Any] = field(default_factory=list)

    async def due_posts(self, now: str, limit: int) -> list[Any]:
        return self.due[:limit]

    async def outdated_posts(self, limit: int) -> list[Any]:
        return self.outdated[:limit]

    async def due_directs(self, limit: int) -> list[Any]:
        return self.directs[:limit]


@dataclass
class FakeLive:
    clock: SpedUpClock
    watch: FakeWatch
    repo: FakeRepo = field(default_factory=FakeRepo)

    async def watches(self) -> list[FakeWatch]:
        return [self.watch]

    def now(self) -> datetime:
        return self.clock()


@dataclass
class FakePredictionRepo:
    locks: list[Any] = field(default_factory=list)
    due: list[Any] = field(default_factory=list)

    async def due_lock_posts(self, limit: int) -> list[Any]:
        return self.locks[:limit]

    async def due_posts(self, limit: int) -> list[Any]:
        return self.due[:limit]


@dataclass
class FakePredictions:
    repo: FakePredictionRepo = field(default_factory=FakePredictionRepo)


@dataclass
class FakeBot:
    live: FakeLive
    predictions: FakePredictions = field(default_factory=FakePredictions)


def test_a_held_clock_waits_for_go() -> None:
    real = RealTime()
    clock = SpedUpClock(T0, 3600, monotonic=real)
    clock.restart(T0 + timedelta(minutes=1), held=True)
    real.now += 10  # the bot starting, then answering /live watch, as slowly as it likes
    assert clock() == T0 + timedelta(minutes=1)
    clock.go()
    real.now += 1
    assert clock() == T0 + timedelta(minutes=61)


async def test_the_clock_stops_before_a_phase_until_the_bot_has_read_the_one_before() -> None:
    real = RealTime()
    clock = SpedUpClock(T0, 3600, monotonic=real)  # an hour of competition a second
    clock.restart(T0 + timedelta(minutes=1), held=True)
    pacer = ReplayPacer(clock, [T0, T0 + HOUR, T0 + 3 * HOUR, T0 + 3 * HOUR])  # two phases at one moment
    # The bot's read when it started watching, at the held moment; its next look due an hour later.
    watch = FakeWatch(polled_at=clock().isoformat(), next_poll_at=(T0 + HOUR).isoformat())
    bot = cast(Any, FakeBot(FakeLive(clock, watch)))
    clock.go()

    real.now += 100  # the machine stalls for 100 s, a hundred hours at this speed, before the driver runs again
    assert clock() == T0 + HOUR - PHASE_MARGIN, "the first moment is not caught up yet: the clock waits before the next"
    await pacer.step(bot)
    assert pacer.confirmed == 1  # the published site was read; the next moment has not come

    real.now += 100
    assert clock() == T0 + 3 * HOUR - PHASE_MARGIN, "past the second moment, stopped before the third"
    await pacer.step(bot)
    real.now += 100
    assert pacer.confirmed == 1 and clock() == T0 + 3 * HOUR - PHASE_MARGIN, "the site not read since it changed"

    watch.polled_at = (T0 + 2 * HOUR).isoformat()  # the bot's poll, however late it came
    await pacer.step(bot)
    assert pacer.confirmed == 2 and clock.barrier is None  # the last moment comes when it comes
    real.now += 1
    assert clock() == T0 + 4 * HOUR - PHASE_MARGIN


async def test_a_moment_waits_for_what_the_read_made_due_and_for_the_driver() -> None:
    real = RealTime()
    clock = SpedUpClock(T0, 3600, monotonic=real)
    clock.restart(T0 + timedelta(minutes=1), held=True)
    pacer = ReplayPacer(clock, [T0, T0 + HOUR, T0 + 2 * HOUR])
    watch = FakeWatch(polled_at=clock().isoformat(), next_poll_at=(T0 + HOUR).isoformat())
    live = FakeLive(clock, watch)
    bot = cast(Any, FakeBot(live))
    clock.go()
    await pacer.step(bot)
    real.now += 10
    assert pacer.confirmed == 1 and clock() == T0 + 2 * HOUR - PHASE_MARGIN

    watch.polled_at = (T0 + HOUR + timedelta(seconds=30)).isoformat()
    live.repo.due.append("a post to #general")
    await pacer.step(bot)
    assert pacer.confirmed == 1, "read, but its post not sent yet"
    live.repo.due.clear()
    live.repo.outdated.append("a corrected post to edit")
    await pacer.step(bot)
    assert pacer.confirmed == 1, "read, but a correction not shown yet"
    live.repo.outdated.clear()
    live.repo.directs.append("a follower's message")
    await pacer.step(bot)
    assert pacer.confirmed == 1, "read, but the follower's message not sent yet"
    live.repo.directs.clear()
    bot.predictions.repo.locks.append("a round's lock post")
    await pacer.step(bot)
    assert pacer.confirmed == 1, "read, but the predictions' lock post not sent yet"
    bot.predictions.repo.locks.clear()
    bot.predictions.repo.due.append("a scored round's announcement")
    await pacer.step(bot)
    assert pacer.confirmed == 1, "read, but the predictions' announcement not sent yet"
    bot.predictions.repo.due.clear()
    await pacer.step(bot, waiting=True)
    assert pacer.confirmed == 1, "the driver still has a follow to make"

    async def entries_to_pick_from() -> bool:  # what the bot read listed an event's entries, not picked yet
        return True

    await pacer.step(bot, acting=entries_to_pick_from)
    assert pacer.confirmed == 1, "the driver still has a podium to pick"
    assert clock() == T0 + 2 * HOUR - PHASE_MARGIN
    await pacer.step(bot)
    assert pacer.confirmed == 2
    real.now += 1
    assert clock() > T0 + 2 * HOUR


async def test_a_bot_that_looks_only_after_the_barrier_is_not_waited_for() -> None:
    real = RealTime()
    clock = SpedUpClock(T0, 3600, monotonic=real)
    clock.restart(T0 + timedelta(minutes=1), held=True)
    pacer = ReplayPacer(clock, [T0, T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR])
    watch = FakeWatch(polled_at=clock().isoformat(), next_poll_at=(T0 + 5 * HOUR).isoformat())
    bot = cast(Any, FakeBot(FakeLive(clock, watch)))
    clock.go()
    await pacer.step(bot)
    real.now += 10
    await pacer.step(bot)  # the second moment was never read, and the bot means to look after the barrier
    assert pacer.confirmed == 2 and clock.barrier == T0 + 3 * HOUR - PHASE_MARGIN


async def test_an_ended_watch_holds_nothing_back() -> None:
    real = RealTime()
    clock = SpedUpClock(T0, 3600, monotonic=real)
    pacer = ReplayPacer(clock, [T0, T0 + HOUR, T0 + 2 * HOUR])
    watch = FakeWatch(polled_at=None, next_poll_at=T0.isoformat())
    bot = cast(Any, FakeBot(FakeLive(clock, watch)))
    await pacer.step(bot)
    assert pacer.confirmed == 0  # watching, never read
    bot.live.watch = replace(watch, state=WatchState.ENDED)
    await pacer.step(bot)
    assert pacer.confirmed == 1
