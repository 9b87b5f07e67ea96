"""Another process holding the store's write lock (an import run against the live store) never stalls the bot:
reads answer at once, writes acknowledge within Discord's 3 s and finish when the lock is free."""

from __future__ import annotations

import asyncio
import sys

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.interactions import HANG
from bot.sandbox.server import DEFERRED_CHANNEL_MESSAGE
from tests.e2e.helpers import text_of
from tests.stores import ENGINE

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Holds SQLite's write lock (BEGIN IMMEDIATE, as every writer of ours takes it) until told to let go.
HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("UPDATE guild_settings SET mod_role_id = mod_role_id")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""
# On PostgreSQL: another process's transaction that holds the table the report is written to.
HOLDER_POSTGRESQL = """
import asyncio, sys, asyncpg
async def main():
    conn = await asyncpg.connect(sys.argv[1])
    transaction = conn.transaction()
    await transaction.start()
    await conn.execute("LOCK TABLE story_flags IN EXCLUSIVE MODE")
    print("locked", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await transaction.commit()
asyncio.run(main())
"""


async def test_a_second_writer_never_stalls_the_bot(sandbox: Sandbox) -> None:
    server, db = sandbox.server, sandbox.db
    assert db is not None
    shown = await sandbox.slash("story show", user=sandbox.member, id=1)
    flag_id = next(cid for label, cid, _ in shown.message.buttons() if label == "Flag")
    form = await server.click(sandbox.member, shown.message, flag_id)
    await form.wait()

    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER_POSTGRESQL if ENGINE == "postgresql" else HOLDER,
        db.path,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and await holder.stdout.readline() == b"locked\n"
        report = await server.submit_modal(sandbox.member, form, {"reason": "The quote is made up"})
        # The bot says "thinking…" when the report's write has not finished in time: it is waiting for the lock.
        # Waits are for these events (each answer's time is checked against Discord's 3 s below, and by the
        # sandbox), never a number of seconds that a busy machine could outlast.
        await report.wait(timeout=60)
        assert report.response_type == DEFERRED_CHANNEL_MESSAGE  # "thinking…" while it waits
        show = await server.slash(sandbox.guild, sandbox.channel, sandbox.member, "story show", {"id": 2})
        search = await server.slash(sandbox.guild, sandbox.channel, sandbox.member, "story search", {"text": "Glenn"})
        for result in (show, search):
            await result.wait(timeout=60)
        assert "Glenn" in text_of(search) and "#2" in text_of(show)
        assert not report.message  # the write still waits while the reads were answered
        await asyncio.sleep(6)  # past SQLite's old 5 s busy wait, which used to hold the bot's only lock
        assert not report.message  # still waiting: never failed, never dropped
        again = await server.slash(sandbox.guild, sandbox.channel, sandbox.member, "story show", {"id": 3})
        await again.wait(timeout=60)
    finally:
        assert holder.stdin is not None
        holder.stdin.write(b"go\n")
        await holder.stdin.drain()
        await asyncio.wait_for(holder.wait(), HANG)
    thanks = await report.wait_message()
    assert "Thanks" in thanks.content
    row = await db.fetchone("SELECT reason FROM story_flags WHERE user_id = ?", (sandbox.member.id,))
    assert row is not None and row["reason"] == "The quote is made up"
    for result in (report, show, search, again):
        assert result.acked_after is not None and result.acked_after < 3
