"""The podium predictions game of `skatebot sandbox --replay` (bot/sandbox/replay_game.py), driven as the replay's
driver drives it, by the injected clock of the 2014 Worlds' replay: fan and the moderator pick the first open event's
podium once the site lists its entries and before its first segment, the bot tells #general the round is locked,
announces the scored round after the event's final result, and fan's leaderboard follows."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio
from rich.console import Console

from bot.sandbox.harness import Sandbox
from bot.sandbox.replay import ReplaySite
from bot.sandbox.replay_game import ReplayGame
from bot.sandbox.server import Message
from bot.services.live.fetching import HostGate
from bot.settings import Settings
from tests.e2e.helpers import Clock, text_of_message
from tests.e2e.test_live_replay import UNMEASURED_SPACING
from tests.stores import Location

WC2014 = Path(__file__).resolve().parents[1] / "fixtures" / "isu" / "wc2014"
STEPS = (timedelta(minutes=-6), timedelta(seconds=30), timedelta(minutes=11))


@pytest_asyncio.fixture
async def replayed(bundled_store: Location) -> AsyncIterator[tuple[Sandbox, Clock, ReplaySite]]:
    clock = Clock(datetime(2014, 3, 25, 12, 0, tzinfo=UTC))
    async with ReplaySite(WC2014, clock=clock) as site:
        clock.now = clock.start = site.phases[0].when.astimezone(UTC) + timedelta(minutes=5)
        settings = replace(Settings(), live_allow_private=True)
        async with Sandbox(
            db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings
        ) as box:
            assert box.bot is not None
            # The gate tuned down as in the replays that do not measure it (tests/e2e/test_live_replay.py): at 30 ms,
            # its ~230 requests slept 7 s. A read timeout that a healthy loopback read on a busy machine never reaches.
            box.bot.live.gate = HostGate(spacing=UNMEASURED_SPACING)
            box.bot.live.read_timeout = 5
            yield box, clock, site
            assert box.server.violations == []
            assert box.server.errors == []


def footed(messages: list[Message], marker: str) -> list[Message]:
    return [m for m in messages if m.embeds and marker in m.embeds[0].get("footer", {}).get("text", "")]


async def test_the_replay_plays_a_round_from_the_picks_to_the_leaderboard(
    replayed: tuple[Sandbox, Clock, ReplaySite],
) -> None:
    sandbox, clock, site = replayed
    bot = sandbox.bot
    assert bot is not None
    await sandbox.slash("live watch", url=site.url)
    await sandbox.slash("predict settings", user=sandbox.moderator, channel=sandbox.channel)
    out = io.StringIO()
    game = ReplayGame(sandbox, Console(file=out, width=200))
    first_start: datetime | None = None
    for phase in site.phases:
        for offset in STEPS:
            moment = phase.when + offset
            if moment <= clock.now:
                continue
            clock.now = moment.astimezone(UTC)
            await bot.moment_scheduler.tick()
            await game.step(bot)
            if game.played is not None and first_start is None:
                competition, event = game.played
                first_start = await bot.predictions.first_start(competition, event)
                # Picked before the event's first segment, by two members.
                assert first_start is not None and clock.now < first_start, (clock.now, first_start)
                assert "fan: /predict pick event: " in out.getvalue() and "mod: /predict pick" in out.getvalue()
        if game.boarded:
            break
    assert game.played is not None and game.boarded, out.getvalue()
    competition, event = game.played
    messages = sandbox.server.messages(sandbox.channel)
    (locked,) = footed(messages, "predictions lock ")
    assert first_start is not None and f"the event started at <t:{int(first_start.timestamp())}:F>" in (
        text_of_message(locked)
    )
    assert "**2** picks are in" in text_of_message(locked)
    (announced,) = footed(messages, " · predict ")
    said = text_of_message(announced)
    assert f"Predictions · {event.name}" in said and "🥇" in said, said
    assert f"<@{sandbox.member.id}>" in said and f"<@{sandbox.moderator.id}>" in said, said
    # The lock came before the announcement, and the leaderboard after it, in the channel, naming both members.
    order = [m.id for m in messages]
    board = next(
        m for m in messages if m.id > announced.id and f"Predictions · {competition.label}" in text_of_message(m)
    )
    assert order.index(locked.id) < order.index(announced.id) < order.index(board.id)
    assert f"<@{sandbox.member.id}>" in text_of_message(board) and f"<@{sandbox.moderator.id}>" in text_of_message(
        board
    )
    assert f"fan: /predict leaderboard competition: {competition.label}" in out.getvalue()
