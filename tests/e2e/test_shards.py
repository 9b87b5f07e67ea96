"""Two bot processes, two shards each, on one sandbox of four shards and one store: every server's moment is posted
exactly once, by the process that runs its shard; a story labelled through one process shows labelled in the other
at once; the second process killed in the middle of its fan-out and its shards started again in a new process,
nothing is doubled or lost."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.sandbox.interactions import HANG
from bot.sandbox.server import FakeDiscord, Guild, Message, PostHold
from bot.services.shards import shard_of
from db.database import Database
from tests.e2e.helpers import ROOT, text_of, until
from tests.stores import Location

SHARDS = 4
FOOTER = "Moment of the day"


def moments(server: FakeDiscord, guild: Guild) -> list[Message]:
    return [
        m
        for m in server.messages(guild.text_channel("general"))
        if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
    ]


async def start(env: dict[str, str], shard_ids: str, dev_guild: Guild, log: Path) -> asyncio.subprocess.Process:
    """`skatebot run` on some of the shards; the commands synced to `dev_guild`, one of its servers."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD", "OWNER_"))}
    with log.open("ab") as out:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            env={
                **base,
                **env,
                "SHARD_COUNT": str(SHARDS),
                "SHARD_IDS": shard_ids,
                "DEV_GUILD_ID": str(dev_guild.id),
            },
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


async def test_two_processes_share_the_servers(bundled_store: Location, tmp_path: Path) -> None:
    server = FakeDiscord(shard_count=SHARDS, max_concurrency=SHARDS)  # a large bot's: its shards identify at once
    await server.start()
    owner = server.create_user("you")
    guilds = [server.create_guild(f"fans {n}", owner, shard=n % SHARDS) for n in range(8)]
    store = bundled_store
    # Every server's moment is due at the same minute, which passed a moment ago (the schedules were set an hour
    # before): each process posts its own servers' as it starts.
    now = datetime.now(UTC)
    due = (now - timedelta(minutes=1)).strftime("%H:%M")
    db = await Database.open(store)
    try:
        async with db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO moment_schedules (guild_id, channel_id, post_time, timezone, updated_by, updated_at) "
                "VALUES (?, ?, ?, 'UTC', ?, ?)",
                [
                    (g.id, g.text_channel("general").id, due, owner.id, (now - timedelta(hours=1)).isoformat())
                    for g in guilds
                ],
            )
    finally:
        await db.close()
    env = {**server.bot_environment, "SKATEBOT_DB": str(store), "OWNER_IDS": str(owner.id), "LOG_LEVEL": "INFO"}
    # Process B's servers' posts wait in the sandbox: B is killed while they are in flight.
    second_half = frozenset(g.id for g in guilds if shard_of(g.id, SHARDS) >= 2)
    hold = server.hold_channel_posts = PostHold(after_storing=False, guilds=second_half)
    on_a = next(g for g in guilds if shard_of(g.id, SHARDS) == 0)
    on_b = next(g for g in guilds if shard_of(g.id, SHARDS) == 2)
    first = await start(env, "0,1", on_a, tmp_path / "a.log")
    second = await start(env, "2,3", on_b, tmp_path / "b.log")
    processes = [first, second]
    try:

        async def all_connected() -> bool:
            return server.shards() == [(s, SHARDS) for s in range(SHARDS)]

        async def first_half_posted() -> bool:
            return all(len(moments(server, g)) == 1 for g in guilds if g.id not in second_half)

        await until(all_connected)
        await until(first_half_posted)
        await asyncio.wait_for(hold.waiting.wait(), HANG)
        second.kill()  # SIGKILL, its posts in flight: no clean-up, no bookkeeping
        await second.wait()
        hold.release.set()
        server.hold_channel_posts = None
        await asyncio.sleep(0.2)
        assert all(moments(server, g) == [] for g in guilds if g.id in second_half)

        # Its shards again, in a new process: it settles what the killed one left and posts what it never began.
        again = await start(env, "2,3", on_b, tmp_path / "b2.log")
        processes.append(again)

        async def every_server_posted() -> bool:
            return all(len(moments(server, g)) == 1 for g in guilds)

        await until(all_connected)
        await until(every_server_posted)
        await asyncio.sleep(1)  # a late double would show here
        assert [len(moments(server, g)) for g in guilds] == [1] * len(guilds)
        db = await Database.open_readonly(store)
        try:
            states = {row[0]: row[1] for row in await db.fetchall("SELECT guild_id, state FROM moment_posts")}
        finally:
            await db.close()
        assert states == {g.id: "posted" for g in guilds}

        # A story labelled through process A (a server on shard 0) shows labelled in process B (shard 2) at once.
        before = await server.slash(on_b, on_b.text_channel("general"), owner, "story show", {"id": 1})
        await before.wait_message()
        assert "Disputed" not in text_of(before)
        labelled = await server.slash(
            on_a,
            on_a.text_channel("general"),
            owner,
            "story label",
            {"id": 1, "label": "disputed", "note": "Two sources disagree"},
        )
        await labelled.wait_message()
        shown = await server.slash(on_b, on_b.text_channel("general"), owner, "story show", {"id": 1})
        await shown.wait_message()
        assert "Disputed" in text_of(shown), text_of(shown)
        assert server.violations == []
    finally:
        for process in processes:
            if process.returncode is None:
                process.terminate()
        for process in processes:
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.kill()
                await process.wait()
        await server.stop()
        for log in ("a.log", "b.log", "b2.log"):
            if (tmp_path / log).exists():
                sys.stderr.write(f"--- {log}\n" + (tmp_path / log).read_text()[-3000:])


pytestmark = pytest.mark.asyncio
