"""Pacing requests so a burst (5,000 servers posting at the same minute) stays under Discord's global limit
instead of earning 429s and their retries."""

from __future__ import annotations

import asyncio
import time


class RateLimiter:
    """At most `rate` acquisitions per second, at least 1/rate seconds apart by the clock, shared by every
    caller. The wait happens under the lock: when the event loop is late waking one caller, the next still
    waits its full interval after it, instead of both going out together as a burst."""

    def __init__(self, rate: float) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock = asyncio.Lock()  # FIFO: callers go in the order they came

    async def acquire(self) -> None:
        async with self._lock:
            delay = self._next - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            self._next = time.monotonic() + self.interval
