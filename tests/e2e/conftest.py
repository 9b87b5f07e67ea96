"""End-to-end: the unmodified discord.py client, our real bot, and FakeDiscord over loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.sandbox.harness import Sandbox
from tests.stores import ENGINE, Location, discard, new_store


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def sandbox_world(
    bundled_store_template: Location, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Sandbox]:
    """One running bot and server per module: starting them costs more than most tests. On SQLite the sandbox
    makes its own fresh store; on PostgreSQL it gets a fresh copy of the bundled store, dropped afterwards."""
    if ENGINE == "sqlite":
        async with Sandbox() as running:
            yield running
        return
    location = new_store(tmp_path_factory.mktemp("world"), bundled_store_template)
    try:
        async with Sandbox(db_path=location) as running:  # type: ignore[arg-type]  # a URL, as SKATEBOT_DB takes
            yield running
    finally:
        discard(location)


@pytest_asyncio.fixture(loop_scope="module")
async def sandbox(sandbox_world: Sandbox) -> AsyncIterator[Sandbox]:
    """The module's sandbox, with what the server records checked and cleared per test: a test that broke a
    Discord limit or pinged someone fails itself, and cannot make a later test fail (or pass) in its place."""
    server = sandbox_world.server
    server.violations.clear()
    server.errors.clear()
    try:
        yield sandbox_world
        # Whatever the test did, the bot never broke a Discord limit or pinged anyone.
        assert server.violations == [], "the bot broke Discord's rules during this test"
        assert server.errors == [], "the sandbox server failed during this test"
    finally:
        server.violations.clear()
        server.errors.clear()
