"""Pacing requests so a burst (5,000 servers posting at the same minute) stays under Discord's global limit
instead of earning 429s and their retries."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class RateLimiter:
    """`rate` acquisitions per second, shared by every caller, in the order they came (the wait happens under
    the lock). Slots are one interval apart; a caller woken late by a busy event loop takes its slot late, and
    the next may follow it sooner, but never by more than one slot: the pace holds without bursts."""

    def __init__(self, rate: float) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock = asyncio.Lock()  # FIFO: callers go in the order they came

    def set_rate(self, rate: float) -> None:
        """Changes the pace (the bot's POST_RATE_LIMIT, set once it is known), for every holder of this limiter."""
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.interval = 1.0 / rate

    async def acquire(self) -> None:
        async with self._lock:
            delay = self._next - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            # The next slot follows this one's slot, not its wake-up: a busy event loop waking each caller a few
            # milliseconds late would otherwise lower the pace (48/s became 34/s with 5,000 posts to send). A wake-up
            # later than a whole interval (an idle limiter, a stalled loop) starts the slots again from now, so two
            # acquisitions are never closer than the lateness of the first allows: at most rate + 1 in any second.
            woke = time.monotonic()
            self._next = (self._next if woke - self._next < self.interval else woke) + self.interval


# discord.py's HTTP client forgets a route's rate-limit bucket 300 s after its last request, by scanning every bucket
# it knows whenever it meets a new one and knows 256 or more (HTTPClient._try_clear_expired_ratelimits). A fan-out to
# 5,000 servers is 5,000 new buckets (one per channel): 5,000 scans of up to 5,000 buckets, ~10 s of the event loop
# taken from the sending. Scanning once a minute forgets the same buckets (none is forgettable sooner than 300 s after
# its use) and keeps every bucket's and the global 429 handling as discord.py does it.
BUCKET_SWEEP_EVERY = 60.0


def sweep_buckets_at_most_every(
    http: object, seconds: float = BUCKET_SWEEP_EVERY, clock: Callable[[], float] = time.monotonic
) -> None:
    """Makes `http` (a discord.py HTTPClient) scan its rate-limit buckets for forgettable ones at most once every
    `seconds`, not on every new bucket. discord.py has no setting for it: its own scan is kept, only called less
    often (an upgrade of discord.py that renames it fails tests/unit/test_ratelimit.py)."""
    sweep = getattr(http, "_try_clear_expired_ratelimits")  # noqa: B009 (a discord.py internal, said so above)
    last = clock()

    def sweep_now_and_then() -> None:
        nonlocal last
        now = clock()
        if now - last >= seconds:
            last = now
            sweep()

    setattr(http, "_try_clear_expired_ratelimits", sweep_now_and_then)  # noqa: B010
