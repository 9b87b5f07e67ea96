"""End-to-end: the unmodified discord.py client, our real bot, and FakeDiscord over loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from bot.sandbox.harness import Sandbox


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox() as running:
        yield running
        # Whatever the tests did, the bot never broke a Discord limit or pinged anyone.
        assert running.server.violations == []
        assert running.server.errors == []
