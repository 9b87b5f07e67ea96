from __future__ import annotations

import asyncio
import itertools
import time

import pytest

from bot.ratelimit import RateLimiter


async def test_acquisitions_are_spaced_evenly_across_concurrent_callers() -> None:
    limiter = RateLimiter(200)  # one every 5 ms
    stamps: list[float] = []

    async def caller() -> None:
        await limiter.acquire()
        stamps.append(time.monotonic())

    await asyncio.gather(*(caller() for _ in range(20)))
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    assert stamps[-1] - stamps[0] >= 19 * 0.005 * 0.95  # no burst: 20 calls take 19 intervals
    assert min(gaps) >= 0.004  # and none of them comes early


def test_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RateLimiter(0)
