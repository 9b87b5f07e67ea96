"""The console shows Discord's relative timestamps (<t:…:R>) as a reader's client would, against the now of the
world the bot lives in: a replayed 2014 competition's schedule reads "in 2 hours", not "4634 days ago"."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from rich.console import Console

from bot.sandbox.console import SandboxConsole
from bot.sandbox.server import FakeDiscord
from bot.sandbox.state import Message

STARTS = datetime(2014, 3, 26, 1, 0, tzinfo=UTC)  # the 2014 Worlds' first segment


def shown_at(now: datetime) -> str:
    server = FakeDiscord()
    owner, member = server.create_user("you"), server.create_user("fan")
    guild = server.create_guild("Skate Fans", owner)
    channel = guild.text_channel("general")
    out = io.StringIO()
    console = SandboxConsole(
        server,
        guild,
        channel,
        owner,
        member,
        Console(file=out, width=120, force_terminal=False, color_system=None),
        clock=lambda: now,
    )
    try:
        stamp = int(STARTS.timestamp())
        console.print_message(Message(1, channel.id, 0, content=f"Pairs Short Program <t:{stamp}:F> (<t:{stamp}:R>)"))
    finally:
        console.close()
    return out.getvalue()


def test_relative_times_are_read_against_the_bots_clock() -> None:
    before = shown_at(datetime(2014, 3, 25, 23, 0, tzinfo=UTC))
    assert "26 March 2014 01:00 UTC (in 2 hours)" in before, before
    after = shown_at(datetime(2014, 3, 29, 1, 0, tzinfo=UTC))
    assert "(3 days ago)" in after, after
