"""When a watched site is polled, and how requests to one host are spaced."""

from __future__ import annotations

import asyncio
import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.live import polling
from bot.services.live.fetching import HostGate, PageCache

START = datetime(2026, 3, 26, 7, 0, tzinfo=UTC)


def test_fast_around_a_segment_slow_otherwise() -> None:
    assert polling.interval(START - timedelta(minutes=89), [START]) == polling.FAST
    assert polling.interval(START + timedelta(hours=3, minutes=59), [START]) == polling.FAST
    assert polling.interval(START + timedelta(hours=5), [START]) == polling.SLOW
    assert polling.interval(START - timedelta(hours=3), [START]) == polling.NEAR
    # Never sleeping past the start of the fast window.
    assert polling.interval(START - timedelta(minutes=92), [START]) == timedelta(minutes=2)
    assert polling.interval(START - timedelta(days=3), [START]) == polling.SLOW
    assert polling.interval(START, []) == polling.SLOW


def test_a_segment_under_way_whose_results_are_awaited_is_checked_every_few_seconds() -> None:
    under_way = START + timedelta(hours=2)
    assert polling.interval(under_way, [START], awaiting=[START]) == polling.RESULTS_DUE
    assert polling.interval(under_way, [START], awaiting=[]) == polling.FAST  # results seen
    assert polling.interval(START - timedelta(minutes=30), [START], awaiting=[START]) == polling.FAST  # not started


def test_a_poll_asks_about_a_page_once_and_not_about_a_page_missing_outside_the_hot_ones() -> None:
    cache = PageCache()
    cache.store("http://h/a", b"A", None, '"e1"', None)
    cache.missing("http://h/gone")
    cache.begin(hot={"http://h/a", "http://h/new"})
    assert cache.gone("http://h/gone")  # not hot: read as missing, without a request
    assert cache.reuse("http://h/a") is None  # hot: asked about
    cache.conditions("http://h/a")  # as HttpSource does before the request
    cache.store("http://h/a", b"A2", None, '"e2"', None)
    assert cache.changed
    # The same poll then reads the whole site: what was answered in it is not asked again.
    assert cache.reuse("http://h/a") == (b"A2", None)
    assert cache.reuse("http://h/new") is None  # never seen: asked
    cache.begin(hot={"http://h/a"})  # the next poll
    assert cache.reuse("http://h/a") is None


def test_backoff_grows_with_jitter_and_a_ceiling() -> None:
    rng = random.Random(7)
    waits = [polling.backoff(n, rng) for n in range(1, 12)]
    for n, wait in enumerate(waits, 1):
        base = min(polling.BACKOFF_FIRST * 2 ** (n - 1), polling.BACKOFF_MAX)
        assert base * 0.5 <= wait <= base * 1.5
    assert max(waits) <= polling.BACKOFF_MAX * 1.5
    assert len({round(w.total_seconds(), 3) for w in waits}) == len(waits)  # jitter: no two alike


def test_over_only_when_every_final_is_seen_and_the_last_segment_is_long_past() -> None:
    later = START + polling.OVER_AFTER
    assert polling.is_over(later, [START], finals_expected=4, finals_seen=4)
    assert not polling.is_over(later, [START], finals_expected=4, finals_seen=3)
    assert not polling.is_over(START + timedelta(hours=1), [START], finals_expected=4, finals_seen=4)
    assert not polling.is_over(later, [START], finals_expected=0, finals_seen=0)
    assert polling.is_over(START, [], finals_expected=2, finals_seen=2)


def test_the_cache_asks_only_about_hot_pages_with_their_validators() -> None:
    cache = PageCache()
    assert cache.reuse("http://h/a") is None and cache.conditions("http://h/a") == {}
    cache.store("http://h/a", b"A", "utf-8", '"e1"', "Wed, 26 Mar 2014 07:00:00 GMT")
    cache.store("http://h/b", b"B", None, None, None)
    assert cache.changed
    cache.begin(hot={"http://h/a"})
    assert not cache.changed
    assert cache.reuse("http://h/b") == (b"B", None)  # not hot: served from memory
    assert cache.reuse("http://h/a") is None  # hot: asked about
    assert cache.conditions("http://h/a") == {
        "If-None-Match": '"e1"',
        "If-Modified-Since": "Wed, 26 Mar 2014 07:00:00 GMT",
    }
    assert cache.not_modified("http://h/a") == (b"A", "utf-8")
    cache.store("http://h/a", b"A", "utf-8", '"e1"', None)
    assert not cache.changed  # the same body again is no change
    cache.store("http://h/a", b"A2", "utf-8", '"e2"', None)
    assert cache.changed
    assert cache.reuse("http://h/a") == (b"A2", "utf-8")  # asked about once in this poll: then from memory
    cache.begin(hot=None)
    assert cache.reuse("http://h/b") is None  # a sweep asks about every page
    cache.missing("http://h/b")
    assert cache.changed  # a page taken down is a change


def test_a_missing_page_is_asked_about_only_when_hot_or_in_a_sweep() -> None:
    cache = PageCache()
    cache.begin(hot=None)
    cache.conditions("http://h/later")
    cache.missing("http://h/later")  # a segment not skated yet
    assert cache.gone("http://h/later")  # asked once in this poll: not again
    assert not cache.gone("http://h/never-seen")
    cache.begin(hot={"http://h/index"})
    assert cache.gone("http://h/later")  # between sweeps, not hot: still missing, without a request
    cache.begin(hot={"http://h/index", "http://h/later"})
    assert not cache.gone("http://h/later")  # hot now: asked about
    cache.begin(hot=None)
    assert not cache.gone("http://h/later")  # a sweep asks about every page


async def test_requests_to_one_host_are_spaced_across_sites(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(asyncio, "sleep", fake_sleep)
    gate = HostGate(spacing=2.0, clock=lambda: now[0])
    await gate.wait("results.isu.org")
    await gate.wait("results.isu.org")
    await gate.wait("other.example")  # another host is not held back
    await gate.wait("results.isu.org")
    assert slept == [2.0, 2.0]


async def test_only_a_host_written_as_this_machine_takes_the_loopback_spacing(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    slept: list[tuple[str, float]] = []
    host = [""]

    async def fake_sleep(seconds: float) -> None:
        slept.append((host[0], seconds))
        now[0] += seconds

    monkeypatch.setattr(asyncio, "sleep", fake_sleep)
    gate = HostGate(spacing=2.0, clock=lambda: now[0], loopback_spacing=0.25)
    # Two requests to each: the second waits. A name that may resolve to this machine is not written as it (DNS
    # could point it elsewhere), nor is a private address (another machine).
    for name in ("127.0.0.1", "::1", "localhost", "results.isu.org", "10.0.0.7", "mirror.localhost.example"):
        host[0] = name
        await gate.wait(name)
        await gate.wait(name)
    assert slept == [
        ("127.0.0.1", 0.25),
        ("::1", 0.25),
        ("localhost", 0.25),
        ("results.isu.org", 2.0),
        ("10.0.0.7", 2.0),
        ("mirror.localhost.example", 2.0),
    ]
    slept.clear()
    host[0] = "127.0.0.1"
    for gate in (HostGate(spacing=2.0, clock=lambda: now[0], loopback_spacing=30), HostGate(clock=lambda: now[0])):
        await gate.wait("127.0.0.1")
        await gate.wait("127.0.0.1")
    gate = HostGate(clock=lambda: now[0], loopback_spacing=0.25)
    gate.spacing = 0  # changed after it was made (tests do): this machine is never spaced more than another host
    await gate.wait("127.0.0.1")
    await gate.wait("127.0.0.1")
    assert slept == [("127.0.0.1", 2.0), ("127.0.0.1", 2.0)]  # never slower than another host; unset, as every host


async def test_a_late_wake_up_does_not_bring_the_next_request_closer(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    late = [1.5]  # a busy event loop wakes the first waiter 1.5 s late

    async def sleep(seconds: float) -> None:
        now[0] += seconds + late[0]
        late[0] = 0

    monkeypatch.setattr(asyncio, "sleep", sleep)
    gate = HostGate(spacing=2, clock=lambda: now[0])
    released = []
    for _ in range(3):
        await gate.wait("h")
        released.append(now[0])
    assert [round(b - a, 6) for a, b in itertools.pairwise(released)] == [3.5, 2.0]  # never under 2 s


def test_backoff_stays_at_its_ceiling_however_long_a_site_fails() -> None:
    rng = random.Random(3)
    for failures in (42, 43, 100, 10_000, 10**9):
        wait = polling.backoff(failures, rng)  # 2 ** 42 times 30 s overflowed a timedelta
        assert polling.BACKOFF_MAX * 0.5 <= wait <= polling.BACKOFF_MAX * 1.5
