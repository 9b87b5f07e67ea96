"""Podium predictions end to end against the replay of the 2014 Worlds: the real bot in the sandbox watches the site
as it unfolds (by the same injected clock as the bot's scheduler), members pick the men's podium once the starting
order lists the entries, the round locks at the short program's start by the site's schedule (a late pick is refused
with that time as a Discord timestamp), and the men's final result, when the bot's own live poll imports it, is
scored and announced once in the server's chosen channel, pinging nobody, even when the bot dies between sending it
and recording it; the leaderboard follows. Nothing is
called directly: the bot's jobs run when the moment scheduler, driven by that clock, finds them due (`tick()`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.sandbox.replay import ORDER_LEAD, Phase, ReplaySite
from bot.sandbox.server import Message
from bot.services.live.fetching import HostGate
from bot.settings import Settings
from tests.e2e.helpers import Clock, Killed, text_of, text_of_message
from tests.e2e.test_live_replay import UNMEASURED_SPACING
from tests.stores import Location

WC2014 = Path(__file__).resolve().parents[1] / "fixtures" / "isu" / "wc2014"
# The gate between two requests to one host, tuned down as in test_live_replay.py, where a replay measures that the
# bot keeps it (check_polite); these replays do not measure it, so it is as short as there (600 requests at 30 ms
# were up to 18 s of sleep).
SPACING = UNMEASURED_SPACING
STEPS = (timedelta(minutes=-6), timedelta(seconds=30), timedelta(minutes=11))


class Replay:
    def __init__(self, sandbox: Sandbox, clock: Clock, site: ReplaySite) -> None:
        self.sandbox, self.clock, self.site = sandbox, clock, site
        self.tune()

    def tune(self) -> None:
        """The bot's politeness gate and timeouts scaled down for a test (after every start of the bot)."""
        assert self.sandbox.bot is not None
        self.sandbox.bot.live.gate = HostGate(spacing=SPACING)
        # Timeouts that a healthy read on a busy machine never reaches (the site is on loopback), short enough that
        # a test of a hanging host does not wait the production 30 s.
        self.sandbox.bot.live.read_timeout = 5
        self.sandbox.bot.live.file_deadline = 10

    def phase(self, name: str, what: str) -> Phase:
        return next(p for p in self.site.phases if p.name == name and p.what.startswith(what))

    async def at(self, moment: datetime) -> None:
        assert moment >= self.clock.now
        self.clock.now = moment.astimezone(UTC)
        assert self.sandbox.bot is not None
        await self.sandbox.bot.moment_scheduler.tick()

    async def until(self, last: datetime) -> None:
        """Each phase up to `last`, at each of STEPS from the moment it appears."""
        for phase in self.site.phases:
            for offset in STEPS:
                if self.clock.now < phase.when + offset <= last:
                    await self.at(phase.when + offset)


@pytest_asyncio.fixture
async def replay(bundled_store: Location) -> AsyncIterator[Replay]:
    clock = Clock(datetime(2014, 3, 25, 12, 0, tzinfo=UTC))
    async with ReplaySite(WC2014, clock=clock) as site:
        clock.now = clock.start = site.phases[0].when.astimezone(UTC) + timedelta(minutes=5)
        settings = replace(Settings(), live_allow_private=True)
        async with Sandbox(
            db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings
        ) as box:
            yield Replay(box, clock, site)
            assert box.server.violations == []
            assert box.server.errors == []


def lock_posts(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.embeds and " lock " in m.embeds[0].get("footer", {}).get("text", "")]


def announcements(sandbox: Sandbox, messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.embeds and " · predict " in m.embeds[0].get("footer", {}).get("text", "")]


async def test_picks_lock_and_the_final_is_scored_and_announced_once(
    replay: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    r, sandbox = replay, replay.sandbox
    server, guild = sandbox.server, sandbox.guild
    said = await sandbox.slash("live watch", url=r.site.url)
    assert "Now watching **ISU World Championships 2014**" in text_of(said), text_of(said)
    channel = server.create_channel(guild, "predictions")
    rival = server.create_user("rival")
    server.add_member(guild, rival)
    settings = await sandbox.slash("predict settings", user=sandbox.moderator, channel=channel)
    assert f"announced in <#{channel.id}>" in text_of(settings) and settings.ephemeral, text_of(settings)
    refused = await sandbox.slash("predict settings", user=sandbox.member, enabled=False)
    assert refused.ephemeral and "Predictions are on" not in text_of(refused)

    # The men's short program's starting order is out: the entries are in the store, the round is open.
    order = r.phase("starting order", "Men Short Program")
    starts = order.when + ORDER_LEAD
    await r.until(order.when + timedelta(seconds=30))
    choices = await sandbox.autocomplete(
        "predict pick", "gold", user=sandbox.member, competition="Worlds 2014", event="Men", gold="hanyu"
    )
    assert [c["name"] for c in choices] == ["Yuzuru Hanyu (JPN)"], choices
    picked = await sandbox.slash(
        "predict pick",
        user=sandbox.member,
        competition="Worlds 2014",
        event="Men",
        gold=choices[0]["value"],
        silver="Machida",
        bronze="Javier Fernandez",
        short="Tatsuki Machida",
    )
    body = text_of(picked)
    assert picked.ephemeral and "Your pick for" in body and "🥈 Tatsuki Machida" in body, body
    assert f"Picks lock at <t:{int(starts.timestamp())}:F>" in body, body
    rival_pick = await sandbox.slash(
        "predict pick",
        user=rival,
        competition="Worlds 2014",
        event="Men",
        gold="Fernandez",
        silver="Hanyu",
        bronze="Godorozha",
        short="Hanyu",
    )
    assert "Your pick for" in text_of(rival_pick), text_of(rival_pick)
    shown = await sandbox.slash("predict show", user=sandbox.member)
    assert shown.ephemeral and "🥇 Yuzuru Hanyu" in text_of(shown), text_of(shown)

    # The short program starts: picks are locked, a late one refused with the lock time in the reader's zone.
    await r.at(starts + timedelta(minutes=1))
    late = await sandbox.slash(
        "predict pick",
        user=rival,
        competition="Worlds 2014",
        event="Men",
        gold="Hanyu",
        silver="Machida",
        bronze="Fernandez",
        short="Machida",
    )
    assert late.ephemeral and f"locked at <t:{int(starts.timestamp())}:F>" in text_of(late), text_of(late)
    # The channel is told once that the round is locked, and how many picks it holds, pinging nobody.
    (locked,) = lock_posts(server.messages(channel))
    said = text_of_message(locked)
    assert "Picks locked · Men · ISU World Championships 2014" in said, said
    assert f"the event started at <t:{int(starts.timestamp())}:F>" in said and "**2** picks are in" in said, said
    assert locked.pings == [] and not locked.content
    assert announcements(sandbox, server.messages(channel)) == []

    # Nothing is announced before the men's final result. When the bot's poll imports it, the announcement is
    # claimed and sent, and the bot dies before recording it: back up, it finds the message instead of sending again.
    final = r.phase("results", "Men Free Skating")
    await r.until(final.when - timedelta(minutes=1))
    assert announcements(sandbox, server.messages(channel)) == []
    assert sandbox.bot is not None

    outbox = sandbox.bot.predictions.outbox
    record = outbox.complete_many

    async def die(kind: str, done: list[tuple[str, int, int]]) -> None:
        if kind == "prediction":  # the announcement's record; the other kinds' posts (live) are recorded as ever
            raise Killed
        await record(kind, done)

    monkeypatch.setattr(outbox, "complete_many", die)
    with pytest.raises(Killed):
        await r.until(final.when + timedelta(minutes=11))
    assert len(announcements(sandbox, server.messages(channel))) == 1
    claimed = await sandbox.db.fetchall("SELECT state FROM prediction_posts")
    assert [row["state"] for row in claimed] == ["claimed"]
    monkeypatch.undo()
    await sandbox.stop_bot()
    await sandbox.start_bot()
    r.tune()
    await r.until(final.when + timedelta(minutes=11))
    posted = announcements(sandbox, server.messages(channel))
    assert len(posted) == 1, [text_of_message(m) for m in posted]
    rows = await sandbox.db.fetchall("SELECT state, message_id FROM prediction_posts")
    assert [(row["state"], row["message_id"]) for row in rows] == [("posted", posted[0].id)]
    text = text_of_message(posted[0])
    assert "🥇 Yuzuru Hanyu\n🥈 Tatsuki Machida\n🥉 Javier Fernandez" in text, text
    assert "Short program: Tatsuki Machida" in text
    # Every place exact, and the short program's winner.
    assert f"1. <@{sandbox.member.id}>: **18** points 🥇✅ 🥈✅ 🥉✅ ⭐✅" in text, text
    # The rival: gold and silver on the podium at another place (2 + 2), Godorozha did not finish (FNR).
    assert f"2. <@{rival.id}>: **4** points 🥇🟡 🥈🟡 🥉⛔ ⭐❌" in text, text
    assert "Yakov Godorozha did not finish (FNR): picks of them score nothing." in text, text
    assert posted[0].pings == [] and not posted[0].content

    # The job's next runs, and the next phase of the competition, announce nothing more here.
    following = next(p for p in r.site.phases if p.when > final.when)
    await r.until(following.when + timedelta(minutes=11))
    await r.at(r.clock.now + timedelta(minutes=5))
    assert len(announcements(sandbox, server.messages(channel))) == 1
    assert len(lock_posts(server.messages(channel))) == 1  # the restart told the lock no second time

    board = await sandbox.slash("predict leaderboard", user=rival, competition="Worlds 2014")
    lines = text_of(board)
    assert lines.index(f"<@{sandbox.member.id}>: **18** points") < lines.index(f"<@{rival.id}>: **4** points"), lines
    season = await sandbox.slash("predict leaderboard", user=rival)
    assert "season 2013-14" in text_of(season) and f"<@{sandbox.member.id}>: **18** points" in text_of(season)


async def test_a_moderators_lock_is_told_once_in_the_channel(replay: Replay) -> None:
    r, sandbox = replay, replay.sandbox
    server, guild = sandbox.server, sandbox.guild
    await sandbox.slash("live watch", url=r.site.url)
    channel = server.create_channel(guild, "predictions")
    await sandbox.slash("predict settings", user=sandbox.moderator, channel=channel)
    order = r.phase("starting order", "Men Short Program")
    await r.until(order.when + timedelta(seconds=30))
    picked = await sandbox.slash(
        "predict pick",
        user=sandbox.member,
        competition="Worlds 2014",
        event="Men",
        gold="Hanyu",
        silver="Machida",
        bronze="Javier Fernandez",
        short="Machida",
    )
    assert "Your pick for" in text_of(picked), text_of(picked)
    refused = await sandbox.slash("predict lock", user=sandbox.member, competition="Worlds 2014", event="Men")
    assert refused.ephemeral and "Only moderators can do that" in text_of(refused), text_of(refused)
    locked_at = r.clock.now
    done = await sandbox.slash("predict lock", user=sandbox.moderator, competition="Worlds 2014", event="Men")
    assert "are locked" in text_of(done), text_of(done)
    assert lock_posts(server.messages(channel)) == []  # told by the prediction job's next run
    await r.at(r.clock.now + timedelta(seconds=3))
    (told,) = lock_posts(server.messages(channel))
    said = text_of_message(told)
    assert f"A moderator locked the picks at <t:{int(locked_at.timestamp())}:F>" in said, said
    assert "**1** pick is in" in said and told.pings == [], said
    # The schedule's start, later, tells nothing more.
    await r.at(order.when + ORDER_LEAD + timedelta(minutes=2))
    assert len(lock_posts(server.messages(channel))) == 1
