"""Issue 29: after a restart every button answers within Discord's 3 s: the story buttons (persistent) do what
they say, and the ones that lived in the old process (a results pager, a Delete confirmation) say that they
expired, rather than Discord's "This interaction failed"."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import MODAL
from db.database import StoreBusy
from tests.e2e.helpers import text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


def button(message: object, label: str) -> str:
    return next(cid for name, cid, _ in message.buttons() if name == label)  # type: ignore[attr-defined]


async def restart(sandbox: Sandbox) -> None:
    await sandbox.stop_bot()
    await sandbox.start_bot()


def answered_in_time(result: object, what: str) -> str:
    assert result.response_type is not None, f"{what}: never answered"  # type: ignore[attr-defined]
    assert result.acked_after is not None and result.acked_after < 3, f"{what}: answered late"  # type: ignore[attr-defined]
    reply = text_of(result)  # type: ignore[arg-type]
    assert "error code" not in reply, reply
    return reply


async def test_every_button_answers_after_a_restart() -> None:
    async with Sandbox() as sandbox:
        pager = await sandbox.slash("results", competition="owg2026", event="men")
        assert len(pager.message.buttons()) == 3, text_of(pager)  # a pager of several pages
        opened = await sandbox.slash("story add", user=sandbox.moderator)
        added = await answered(await sandbox.server.submit_modal(sandbox.moderator, opened, {"title": "To delete"}))
        story_id = int(re.search(r"Added story #(\d+)", text_of(added)).group(1))  # type: ignore[union-attr]
        confirm = await sandbox.slash("story delete", user=sandbox.moderator, id=story_id)
        long = await answered(
            await sandbox.server.submit_modal(
                sandbox.moderator,
                await sandbox.slash("story add", user=sandbox.moderator),
                {"title": "Long", "body": "A long story of a season. " * 80},
            )
        )
        long_id = int(re.search(r"Added story #(\d+)", text_of(long)).group(1))  # type: ignore[union-attr]
        shown = await sandbox.slash("story show", user=sandbox.member, id=long_id)

        await restart(sandbox)

        pressed = await answered(
            await sandbox.server.click(sandbox.member, pager.message, button(pager.message, "Next"))
        )
        assert pressed.ephemeral and "expired" in answered_in_time(pressed, "pager Next")
        delete = await answered(
            await sandbox.server.click(sandbox.moderator, confirm.message, button(confirm.message, "Delete"))
        )
        assert delete.ephemeral and "expired" in answered_in_time(delete, "Delete")
        assert await sandbox.bot.stories.get(story_id) is not None  # nothing was done
        read = await answered(
            await sandbox.server.click(sandbox.member, shown.message, button(shown.message, "Read more"))
        )
        assert "expired" not in answered_in_time(read, "Read more") and read.ephemeral
        flag = await sandbox.server.click(sandbox.member, shown.message, button(shown.message, "Flag"))
        await flag.wait()
        assert flag.response_type == MODAL and flag.acked_after is not None and flag.acked_after < 3
        assert sandbox.server.violations == []


async def test_a_store_that_does_not_answer_costs_no_interaction(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hung store (PostgreSQL stopped: tests/unit/test_postgres_outages.py shows the store gives up with StoreBusy
    after its wait): the command is acknowledged within Discord's 3 s, then answered that nothing was saved."""
    arrived, release = asyncio.Event(), asyncio.Event()

    async def hung(guild_id: int) -> object:
        arrived.set()
        await release.wait()
        raise StoreBusy("the store has not answered; nothing was written")

    monkeypatch.setattr(sandbox.bot.stories.guilds, "settings", hung)
    options = {"id": 1, "label": "verified"}
    result = await sandbox.server.slash(sandbox.guild, sandbox.channel, sandbox.moderator, "story label", options)
    await arrived.wait()
    await result.wait(timeout=30)  # an upper bound for a broken bot only: the acknowledgement's time is checked
    assert result.acked_after is not None and result.acked_after < 3
    release.set()
    message = await result.wait_message()
    assert result.ephemeral and "nothing was saved" in message.content and "error code" not in message.content
