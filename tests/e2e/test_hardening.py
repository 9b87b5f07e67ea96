"""Issue 10's findings end to end: rights from the server, reports routed to who can act on them, labelling
a brigaded story, debug logs without interaction tokens, bounded pagers."""

from __future__ import annotations

import asyncio
import gc
import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.cli import setup_logging
from bot.discord_layer.ui import paging
from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import (
    DEFERRED_CHANNEL_MESSAGE,
    MANAGE_MESSAGES,
    MODAL,
    VIEW_CHANNEL,
    InteractionResult,
    User,
)
from bot.settings import Settings
from tests.e2e.helpers import text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def add_story(sandbox: Sandbox, title: str, user: User | None = None, **options: Any) -> int:
    user = user or sandbox.moderator
    opened = await sandbox.slash("story add", user=user, **options)
    assert opened.response_type == MODAL, text_of(opened)
    done = await answered(await sandbox.server.submit_modal(user, opened, {"title": title}))
    return int(re.search(r"Added story #(\d+)", done.message.content).group(1))


async def test_manage_messages_in_one_channel_is_not_a_moderator(sandbox: Sandbox) -> None:
    server, guild = sandbox.server, sandbox.guild
    artist = server.create_user("artist")
    artists = server.create_role(guild, "Artists", 0)
    server.add_member(guild, artist, [artists])
    # #fan-art lets the Artists tidy their own channel: Manage Messages there, and nowhere else.
    fan_art = server.create_channel(
        guild, "fan-art", overwrites=[{"id": artists.id, "type": 0, "allow": MANAGE_MESSAGES, "deny": 0}]
    )
    story_id = await add_story(sandbox, "A server story")
    for command, options in (("story delete", {"id": story_id}), ("story queue", {}), ("story add", {})):
        refused = await sandbox.slash(command, user=artist, in_channel=fan_art, **options)
        assert refused.response_type != MODAL and "Only moderators" in text_of(refused), command
    # A moderator by role stays one in a channel whose overwrites take Manage Messages away.
    quiet = server.create_channel(
        guild,
        "quiet",
        overwrites=[{"id": sandbox.mod_role.id, "type": 0, "allow": VIEW_CHANNEL, "deny": MANAGE_MESSAGES}],
    )
    queue = await sandbox.slash("story queue", user=sandbox.moderator, in_channel=quiet)
    assert "Review queue" in text_of(queue)


async def test_the_moderator_role_is_never_everyone_nor_a_managed_role(sandbox: Sandbox) -> None:
    guild = sandbox.guild
    refused = await sandbox.slash("config modrole", user=sandbox.owner, role=guild.everyone)
    assert refused.ephemeral and "every member would be a moderator" in text_of(refused)
    assert guild.bot_role is not None and guild.bot_role.managed
    refused = await sandbox.slash("config modrole", user=sandbox.owner, role=guild.bot_role)
    assert refused.ephemeral and "managed by a bot or an integration" in text_of(refused)
    queue = await sandbox.slash("story queue", user=sandbox.member)
    assert "Only moderators" in text_of(queue)  # nothing was set


async def test_reports_on_library_stories_go_to_the_librarys_curators(sandbox: Sandbox) -> None:
    library_id = await add_story(sandbox, "An owner's library story about a zamboni", user=sandbox.owner, library=True)
    shown = await sandbox.slash("story show", user=sandbox.member, id=library_id)
    flag_id = next(cid for label, cid, _ in shown.message.buttons() if label == "Flag")
    opened = await sandbox.server.click(sandbox.member, shown.message, flag_id)
    await opened.wait()
    thanks = await answered(await sandbox.server.submit_modal(sandbox.member, opened, {"reason": "It never happened"}))
    assert thanks.ephemeral and "library's curators" in text_of(thanks)
    moderators_queue = await sandbox.slash("story queue", user=sandbox.moderator)  # not an owner
    assert f"#{library_id}`" not in text_of(moderators_queue)
    owners_queue = await sandbox.slash("story queue", user=sandbox.owner)
    assert re.search(rf"#{library_id}`.*1 open report.*shared library", text_of(owners_queue))


async def test_labelling_a_brigaded_story_defers_and_always_follows_up(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = sandbox.server
    modlog = server.create_channel(sandbox.guild, "mod-log-brigade")
    await sandbox.slash("config modlog", user=sandbox.owner, channel=modlog)
    story_id = await add_story(sandbox, "Brigaded story")
    assert sandbox.db is not None and sandbox.bot is not None
    async with sandbox.db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO story_flags (story_id, guild_id, user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
            [(story_id, sandbox.guild.id, 50_000 + n, f"spam {n}", "2026-02-20T10:00:00+00:00") for n in range(10_000)],
        )
    corrected: list[int] = []

    async def correct(changed: int) -> None:
        corrected.append(changed)

    monkeypatch.setattr(sandbox.bot.moments, "correct", correct)
    # The reply is lost (Discord down for a moment): the label is stored all the same, and what follows it
    # (the mod-log post, the correction of posted moments) still happens.
    real_send = discord.Webhook.send

    async def failing_send(self: discord.Webhook, content: Any = None, **kwargs: Any) -> Any:
        if isinstance(content, str) and content.startswith(f"Story #{story_id} is now"):
            raise discord.HTTPException(SimpleNamespace(status=503, reason="Service Unavailable"), "unavailable")
        return await real_send(self, content, **kwargs)

    monkeypatch.setattr(discord.Webhook, "send", failing_send)
    # Whether Discord had the acknowledgement when the slow work (10,000 reports resolved) began: the order of
    # events, which no machine's speed changes.
    acknowledged_when_labelling: list[bool] = []
    real_label = sandbox.bot.stories.label

    async def label(*args: Any, **kwargs: Any) -> Any:
        acknowledged_when_labelling.append(labelled.acknowledged)
        return await real_label(*args, **kwargs)

    monkeypatch.setattr(sandbox.bot.stories, "label", label)
    labelled = await server.slash(
        sandbox.guild, sandbox.channel, sandbox.moderator, "story label", {"id": story_id, "label": "satire"}
    )
    await labelled.wait()
    assert labelled.response_type == DEFERRED_CHANNEL_MESSAGE
    # The follow-up work ends with the mod-log entry: waited for, however slow the machine (pytest's timeout bounds it).
    while not (  # noqa: ASYNC110
        corrected and any(f"labelled story #{story_id}" in m.embeds[0]["description"] for m in server.messages(modlog))
    ):
        await asyncio.sleep(0.02)
    assert corrected == [story_id]
    assert acknowledged_when_labelling == [True]  # deferred first, then the work
    assert any(f"labelled story #{story_id}" in m.embeds[0]["description"] for m in server.messages(modlog))
    row = await sandbox.db.fetchone(
        "SELECT label, (SELECT count(*) FROM story_flags WHERE story_id = ? AND resolved_at IS NULL) AS open "
        "FROM stories WHERE id = ?",
        (story_id, story_id),
    )
    assert row is not None and row["label"] == "satire" and row["open"] == 0
    monkeypatch.undo()
    again = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="satire")
    assert "is now" in text_of(again)


async def test_debug_logs_never_show_interaction_tokens(sandbox: Sandbox, capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    levels = {name: logging.getLogger(name).level for name in ("discord.http", "aiosqlite", "discord.gateway")}
    setup_logging(Settings(log_level="DEBUG", token=sandbox.server.bot_token))
    logging.getLogger("discord.http").setLevel(logging.DEBUG)  # the loudest there is: every URL
    try:
        results: list[InteractionResult] = [
            await sandbox.slash("story search", user=sandbox.member, text="zamboni"),
            await sandbox.slash("story label", user=sandbox.moderator, id=1, label="verified"),
        ]
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
        for name, value in levels.items():
            logging.getLogger(name).setLevel(value)
    logged = capsys.readouterr().err
    assert "/webhooks/" in logged and "/interactions/" in logged  # the URLs are there...
    for result in results:
        assert result.token not in logged  # ...without the tokens
    assert sandbox.server.bot_token not in logged


async def test_open_pagers_are_bounded(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each open pager holds its pages and discord.py's view for 3 minutes; past MAX_OPEN_PAGERS the oldest
    are switched off early and let go, so what pagers hold is bounded whatever the load."""

    async def results() -> InteractionResult:
        return await sandbox.slash("results", user=sandbox.member, competition="owg2026", event="men")

    def alive() -> list[paging.Paginator]:
        gc.collect()
        return [o for o in gc.get_objects() if isinstance(o, paging.Paginator) and not o.is_finished()]

    monkeypatch.setattr(paging, "MAX_OPEN_PAGERS", 20)
    opened = [await results() for _ in range(80)]
    # The oldest pagers are switched off by tasks of their own: waited for, not given a fixed time.
    while len(pagers := alive()) > 20:  # noqa: ASYNC110
        await asyncio.sleep(0.05)
    assert len(pagers) == 20  # without a bound, all 80 would be held for 3 minutes
    # The pages are the results service's own embeds, shared by every pager of the same standings.
    assert len({id(page) for pager in pagers for page in pager.pages}) == len(pagers[0].pages)
    for result in opened[:60]:  # the oldest are switched off early...
        assert all(disabled for _, _, disabled in result.message.buttons())
    latest = opened[-1]
    next_id = next(cid for label, cid, _ in latest.message.buttons() if label == "Next")
    await answered(await sandbox.server.click(sandbox.member, latest.message, next_id))
    assert "2/" in str(latest.message.buttons())  # ...the newest still page
