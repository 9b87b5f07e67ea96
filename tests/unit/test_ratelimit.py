from __future__ import annotations

import asyncio
import time

import discord
import pytest

from bot.ratelimit import RateLimiter, sweep_buckets_at_most_every


async def test_acquisitions_are_spaced_evenly_across_concurrent_callers() -> None:
    limiter = RateLimiter(200)  # one every 5 ms
    stamps: list[float] = []

    async def caller() -> None:
        await limiter.acquire()
        stamps.append(time.monotonic())

    await asyncio.gather(*(caller() for _ in range(20)))
    # None comes before its slot: the n-th call at least n intervals after the first. (A call woken late by a
    # busy machine may be followed by one closer to it than an interval: the rate still holds over every span.)
    assert all(stamp - stamps[0] >= n * 0.005 * 0.95 for n, stamp in enumerate(stamps))


def test_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RateLimiter(0)


async def test_a_busy_event_loop_does_not_lower_the_pace_nor_make_a_burst(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every caller is woken 3 ms late (the loop is busy sending, rendering, writing): the pace still holds,
    at 100 a second, and no second ever holds more than 101 acquisitions."""
    now = [1000.0]

    async def late_sleep(seconds: float) -> None:
        now[0] += seconds + 0.003

    monkeypatch.setattr("bot.ratelimit.time.monotonic", lambda: now[0])
    monkeypatch.setattr("bot.ratelimit.asyncio.sleep", late_sleep)
    limiter = RateLimiter(100)
    stamps = []
    for _ in range(300):
        await limiter.acquire()
        stamps.append(now[0])
    assert stamps[-1] - stamps[0] <= 299 * 0.01 + 0.01  # not 299 * 13 ms
    assert max(sum(1 for t in stamps if start <= t < start + 1) for start in stamps) <= 101


async def test_discords_bucket_sweep_runs_once_a_minute_not_once_a_new_channel(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fan-out meets a new rate-limit bucket per channel: with 256 buckets known, discord.py scanned them all at each
    new one. Swept at most once a minute, an inactive bucket is still forgotten, and discord.py's own sweep does it."""
    loop = asyncio.get_running_loop()
    http = discord.http.HTTPClient(loop)
    scanned = 0
    is_inactive = discord.http.Ratelimit.is_inactive

    def counted(bucket: discord.http.Ratelimit) -> bool:
        nonlocal scanned
        scanned += 1
        return is_inactive(bucket)

    monkeypatch.setattr(discord.http.Ratelimit, "is_inactive", counted)
    now = [1000.0]
    sweep_buckets_at_most_every(http, 60.0, clock=lambda: now[0])
    for channel in range(1000):
        http.get_ratelimit(f"POST /channels/{channel}/messages")
    assert scanned == 0  # within the minute: no scan at all (discord.py alone scanned 745 times, ~480,000 buckets)
    idle = http.get_ratelimit("POST /channels/1/messages")
    idle._last_request -= 301  # unused for longer than discord.py keeps a bucket
    now[0] += 61
    http.get_ratelimit("POST /channels/new/messages")
    assert scanned == 1001  # one sweep, of every bucket
    assert "POST /channels/1/messages" not in http._buckets
    assert "POST /channels/2/messages" in http._buckets
    await asyncio.sleep(0)
