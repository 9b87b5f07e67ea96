"""The rendering worker: charts are drawn in a separate process, off the event loop and out of the bot's memory.

matplotlib and numpy cost about 65 MB and a second to import; the bot's own memory target (bench/bench_bot.py) has
no room for them, and a drawing (100-300 ms of CPU) must not stall the gateway. So the bot never imports them:
`ChartRenderer` starts a small pool of spawned processes (not forked: a fork would copy the bot's heap) on the first
chart, hands each a chart already in the reader's words (plain strings and numbers, pickled), and keeps the PNGs of
the latest charts by the digest of what they show, so the same chart asked again is not drawn again.

This module imports neither matplotlib nor numpy: only `draw.py` does, inside the worker.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from concurrent.futures import BrokenExecutor
from typing import TYPE_CHECKING

from cachetools import LRUCache

from bot.errors import UserFacingError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from bot.render.draw import Rendered
    from bot.services.charts.models import Chart

log = logging.getLogger(__name__)

WORKERS = 1  # one process holds matplotlib (about 70 MB); charts queue behind each other, 100-300 ms each
CACHE_BYTES = 8 * 1024 * 1024  # the PNGs kept in the bot's memory, by their size: about 50 charts of ~160 KB
RENDER_TIMEOUT = 30.0  # seconds: a chart never drawn by then is an error the user is told about
DRAW_VERSION = "1"  # bump when draw.py changes what an image shows: cached images of older drawings are not reused


def digest(chart: Chart) -> str:
    """What the chart shows (every word and figure, already in the reader's language), as a key."""
    return hashlib.sha256(f"{DRAW_VERSION}:{chart!r}".encode()).hexdigest()


def _draw(chart: Chart) -> Rendered:  # in the worker
    from bot.render.draw import draw

    return draw(chart)


def _warm() -> None:  # in the worker, when it starts: matplotlib imported, its fonts and drawing code loaded
    from bot.render import draw

    draw.warm()


class ChartRenderer:
    """Draws charts in the worker pool (started on the first chart), with the images cached by digest."""

    def __init__(self, workers: int = WORKERS, cache_bytes: int = CACHE_BYTES) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._cache: LRUCache[str, Rendered] = LRUCache(cache_bytes, getsizeof=lambda r: len(r.png) + 512)
        self._drawing: dict[str, asyncio.Future[Rendered]] = {}
        self.drawn = 0  # charts the worker drew (a cached one is not counted)

    @property
    def started(self) -> bool:
        return self._pool is not None

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (for the benchmark's memory figures); none before the first chart."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Imported at the first chart (APScheduler's pool executor imports them at start anyway).
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm
            )
        return self._pool

    async def render(self, chart: Chart) -> Rendered:
        """The chart drawn, from the cache when the same chart was drawn before; the same chart asked twice at once
        is drawn once."""
        key = digest(chart)
        found = self._cache.get(key)
        if found is not None:
            return found
        pending = self._drawing.get(key)
        if pending is None:
            pending = self._drawing[key] = asyncio.ensure_future(self._draw(key, chart))
            pending.add_done_callback(lambda _: self._drawing.pop(key, None))
        return await asyncio.shield(pending)

    async def _draw(self, key: str, chart: Chart) -> Rendered:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                future = loop.run_in_executor(self._executor(), _draw, chart)
                rendered = await asyncio.wait_for(future, RENDER_TIMEOUT)
                break
            except BrokenExecutor:
                # The worker died (killed, out of memory): a new pool for this chart and the next ones.
                log.warning("the chart worker died; starting another (attempt %d)", attempt)
                self._reset()
                if attempt == 2:
                    raise UserFacingError("chart-failed") from None
            except TimeoutError:
                log.warning("a chart was not drawn within %.0f s; restarting the worker", RENDER_TIMEOUT)
                self._reset()
                raise UserFacingError("chart-failed") from None
        self.drawn += 1
        self._cache[key] = rendered
        return rendered

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stops the workers (the bot's close): a chart being drawn is dropped."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
