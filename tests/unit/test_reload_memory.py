"""Reloading the results after an import never keeps memory that was already garbage."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from bot.client import SkateBot
from bot.settings import Settings
from db.database import Database


class _Cycle:
    """Stands in for what interactions leave behind: objects in reference cycles (views, exceptions with
    their tracebacks) that lived long enough to reach the oldest generation before becoming garbage."""

    def __init__(self) -> None:
        self.me = self
        self.payload = bytearray(1000)


async def test_results_reloads_do_not_freeze_garbage(store: Database) -> None:
    bot = SkateBot(Settings(), store, owns_the_process=True)
    try:
        tracemalloc.start()
        # One reload traced first: what a loaded store holds (3 MB with the 2016-18 protocols) is the baseline, so
        # that what follows measures only what 3 more reloads keep: 3 MB of garbage in all, as 30 reloads of 100
        # cycles and then 10 of 300 made it (each reload takes seconds under tracemalloc: the garbage is made
        # larger, not the reloads more).
        await bot.reload_results()
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(3):
            alive = [_Cycle() for _ in range(1000)]
            gc.collect()  # they live a while: the oldest generation
            del alive  # then they are garbage, waiting for the next full collection
            await bot.reload_results()  # freezes what the collector can reach: never garbage
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - start
        tracemalloc.stop()
        assert kept < 1_000_000, kept  # these reloads kept 3 MB of garbage before
    finally:
        gc.unfreeze()
        await bot.close()


def _count_full_collections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gains an item at each gc.collect() the test's code makes."""
    collections: list[int] = []
    collect = gc.collect

    def counted(*args: int) -> int:
        collections.append(1)
        return collect(*args)

    monkeypatch.setattr(gc, "collect", counted)
    return collections


async def test_only_a_reload_that_replaces_an_index_pays_for_a_full_collection(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start's first load freezes at once (nothing frozen before it to collect: the collection walked every
    imported module for nothing); every later reload collects the index it replaced before freezing."""
    collections = _count_full_collections(monkeypatch)
    bot = SkateBot(Settings(), store, owns_the_process=True)
    gc.unfreeze()
    try:
        await bot.reload_results()
        assert collections == [] and gc.get_freeze_count() > 0
        await bot.reload_results()
        assert collections == [1]
    finally:
        gc.unfreeze()
        await bot.close()


async def test_a_bot_inside_another_program_leaves_the_collector_alone(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test harness starts hundreds of bots in one process: none freezes or collects that process's heap (a
    full collection of a test worker's heap at each start cost a quarter of a second), whatever was frozen
    before; `skatebot run` and `skatebot sandbox` own their process and do (above)."""
    from bot.client import build_bot

    collections = _count_full_collections(monkeypatch)
    gc.freeze()  # what an earlier bot of the process froze
    frozen = gc.get_freeze_count()
    embedded = SkateBot(Settings(), store)
    try:
        await embedded.reload_results()
        await embedded.reload_results()
        # Neither collected, thawed (the count would be 0) nor frozen more (the loaded names: thousands more); a
        # frozen object may still be freed by its last reference going.
        assert collections == [] and 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
        await embedded.close()
    run = build_bot(Settings(), store)
    assert run.owns_the_process
    await run.close()
