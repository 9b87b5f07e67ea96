"""Pacing requests so a burst (5,000 servers posting at the same minute) stays under Discord's global limit
instead of earning 429s and their retries."""

from __future__ import annotations

import asyncio
import time


class RateLimiter:
    """At most `rate` acquisitions per second, spaced evenly (no bursts), shared by every caller."""

    def __init__(self, rate: float) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        async with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            self._next = start + self.interval
        delay = start - now
        if delay > 0:
            await asyncio.sleep(delay)
