"""The rendering worker: charts are drawn in a separate process, off the event loop and out of the bot's memory.

matplotlib and numpy cost about 65 MB and a second to import; the bot's own memory target (bench/bench_bot.py) has
no room for them, and a drawing (100-300 ms of CPU) must not stall the gateway. So the bot never imports them:
`ChartRenderer` starts a small pool of spawned processes (not forked: a fork would copy the bot's heap) on the first
chart, hands each a chart already in the reader's words (plain strings and numbers, pickled), and keeps the PNGs of
the latest charts by the digest of what they show, so the same chart asked again is not drawn again. The worker holds
about 140 MB once it has drawn: it exits when no chart was asked for IDLE_EXIT seconds, and the next chart starts
another (that chart pays the start, about a second: matplotlib's import).

This module imports neither matplotlib nor numpy: only `draw.py` does, inside the worker.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from typing import TYPE_CHECKING

from cachetools import LRUCache

from bot.errors import UserFacingError

if TYPE_CHECKING:
    from bot.render.draw import Rendered
    from bot.services.charts.models import Chart

log = logging.getLogger(__name__)

WORKERS = 1  # one process holds matplotlib (about 70 MB); charts queue behind each other, 100-300 ms each
CACHE_BYTES = 8 * 1024 * 1024  # the PNGs kept in the bot's memory, by their size: about 50 charts of ~160 KB
RENDER_TIMEOUT = 30.0  # seconds: a chart never drawn by then is an error the user is told about
# A chart whose drawing failed (the worker died, timed out or raised) is drawn again when asked again (the next post of
# the same final, the next command), up to this many failures in a row; then it is refused at once for a while, so
# that a chart the worker cannot draw never holds every post of a final for the draw's timeout, nor loops.
FAILED_DRAWS = 3
FAILED_DRAW_PAUSE = 600.0  # seconds: after that, one more try (a worker's passing trouble must not last all day)
FAILURES_KEPT = 256  # charts whose failures are remembered (the oldest forgotten first)
DRAW_VERSION = "2"  # bump when draw.py changes what an image shows: cached images of older drawings are not reused
IDLE_EXIT = 300.0  # seconds without a chart to draw, after which the worker exits (a chart asked later starts one)


def digest(chart: Chart) -> str:
    """What the chart shows (every word and figure, already in the reader's language), as a key."""
    return hashlib.sha256(f"{DRAW_VERSION}:{chart!r}".encode()).hexdigest()


def _draw(chart: Chart) -> Rendered:  # in the worker
    from bot.render.draw import draw

    return draw(chart)


def _processes(workers: int) -> Executor:
    """The default pool: spawned processes (not forked: a fork would copy the bot's heap), warmed as they start."""
    # Imported here, at the first chart or the start (APScheduler's pool executor imports them at start anyway).
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)


def _warm() -> None:  # in the worker, when it starts: matplotlib imported, its fonts and drawing code loaded
    from bot.render import draw

    draw.warm()


class ChartRenderer:
    """Draws charts in the worker pool (started on the first chart), with the images cached by digest."""

    def __init__(
        self,
        workers: int = WORKERS,
        cache_bytes: int = CACHE_BYTES,
        *,
        executor: Callable[[int], Executor] | None = None,
        clock: Callable[[], float] = time.monotonic,
        idle_exit: float = IDLE_EXIT,
    ) -> None:
        """`executor`: makes the pool from the number of workers (tests give threads; by default spawned
        processes); `clock`: seconds, for the pause after repeated failures; `idle_exit`: seconds without a chart
        to draw after which the pool is stopped (its processes exit)."""
        self.workers = workers
        self._make_pool = executor or _processes
        self._clock = clock
        self._pool: Executor | None = None
        self._cache: LRUCache[str, Rendered] = LRUCache(cache_bytes, getsizeof=lambda r: len(r.png) + 512)
        self._drawing: dict[str, asyncio.Future[Rendered]] = {}
        # digest -> (failures in a row, when the last one was): what decides whether a chart is tried again
        self._failures: LRUCache[str, tuple[int, float]] = LRUCache(FAILURES_KEPT)
        self.drawn = 0  # charts the worker drew (a cached one is not counted)
        self.failed = 0  # drawings that failed (a chart refused without trying is not counted)
        self.idle_exit = idle_exit
        self._busy = 0  # drawings under way: the pool is stopped only when none is
        self._idle: asyncio.TimerHandle | None = None
        self.retired = 0  # pools stopped for being idle

    @property
    def started(self) -> bool:
        return self._pool is not None

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for the benchmark's memory figures); none before the first chart."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = self._make_pool(self.workers)
        return self._pool

    async def render(self, chart: Chart) -> Rendered:
        """The chart drawn, from the cache when the same chart was drawn before; the same chart asked twice at once
        is drawn once."""
        key = digest(chart)
        found = self._cache.get(key)
        if found is not None:
            return found
        if self._given_up(key):
            raise UserFacingError("chart-failed")
        pending = self._drawing.get(key)
        if pending is None:
            pending = self._drawing[key] = asyncio.ensure_future(self._draw(key, chart))
            pending.add_done_callback(lambda _: self._drawing.pop(key, None))
        return await asyncio.shield(pending)

    def _given_up(self, key: str) -> bool:
        """Whether the chart failed FAILED_DRAWS times in a row, the last less than FAILED_DRAW_PAUSE ago."""
        failures, last = self._failures.get(key, (0, 0.0))
        return failures >= FAILED_DRAWS and self._clock() - last < FAILED_DRAW_PAUSE

    async def _draw(self, key: str, chart: Chart) -> Rendered:
        self._busy += 1
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        try:
            rendered = await self._attempts(chart)
        except Exception:
            # Remembered as a failure, never as an image: the next ask tries again (until FAILED_DRAWS in a row).
            failures, _ = self._failures.get(key, (0, 0.0))
            self._failures[key] = (failures + 1, self._clock())
            self.failed += 1
            raise
        finally:
            self._busy -= 1
            if not self._busy and self._pool is not None:
                self._idle = asyncio.get_running_loop().call_later(self.idle_exit, self._retire)
        self._failures.pop(key, None)
        self.drawn += 1
        self._cache[key] = rendered
        return rendered

    async def _attempts(self, chart: Chart) -> Rendered:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                future = loop.run_in_executor(self._executor(), _draw, chart)
                return await asyncio.wait_for(future, RENDER_TIMEOUT)
            except BrokenExecutor:
                # The worker died (killed, out of memory): a new pool for this chart and the next ones.
                log.warning("the chart worker died; starting another (attempt %d)", attempt)
                self._reset()
            except TimeoutError:
                log.warning("a chart was not drawn within %.0f s; restarting the worker", RENDER_TIMEOUT)
                self._reset()
                break
        raise UserFacingError("chart-failed")

    def _retire(self) -> None:
        """No chart was asked for `idle_exit` seconds: the pool is stopped, its processes exit once idle (they are;
        a drawing would have cancelled this), and their memory goes back to the machine."""
        self._idle = None
        if self._busy or self._pool is None:
            return
        pool, self._pool = self._pool, None
        pool.shutdown(wait=False)
        self.retired += 1

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stops the workers (the bot's close): a chart being drawn is dropped."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
