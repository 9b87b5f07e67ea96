"""Moment of the day end to end, with the scheduler driven by an injected clock (nothing waits for real time)."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import discord
import pytest
import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.sandbox.interactions import HANG
from bot.sandbox.server import SEND_MESSAGES, Message, PostHold
from bot.sandbox.template import bundled_template
from tests.e2e.helpers import Clock, until
from tests.stores import Location

FOOTER = "Moment of the day"


@pytest_asyncio.fixture
async def world(bundled_store: Location, tmp_path: Path) -> AsyncIterator[tuple[Sandbox, Clock]]:
    store = bundled_store
    clock = Clock(datetime(2026, 2, 18, 12, 0, tzinfo=UTC))
    async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic) as sandbox:
        yield sandbox, clock
        assert sandbox.server.violations == []


def moments(sandbox: Sandbox, channel=None) -> list[Message]:
    return [
        m
        for m in sandbox.server.messages(channel or sandbox.channel)
        if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
    ]


async def schedule(sandbox: Sandbox, time: str, zone: str, user=None, channel=None) -> str:
    result = await sandbox.slash(
        "moment schedule", user=user or sandbox.moderator, channel=channel or sandbox.channel, time=time, timezone=zone
    )
    return result.message.content


async def tick(sandbox: Sandbox, clock: Clock, at: str) -> None:
    clock.set(at)
    await sandbox.bot.moment_scheduler.tick()


async def test_schedule_post_once_and_never_twice(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    bad_time = await schedule(sandbox, "25:00", "Asia/Tokyo")
    assert "“25:00” is not a time" in bad_time
    bad_zone = await schedule(sandbox, "09:00", "Asia/Tokio")
    assert "not an IANA time zone" in bad_zone and "Asia/Tokyo" in bad_zone
    reply = await schedule(sandbox, "09:00", "Asia/Tokyo")
    assert "every day at 09:00 (Asia/Tokyo)" in reply
    # 09:00 in Tokyo on 19 February is 00:00 UTC.
    assert sandbox.bot.moment_scheduler.next_run(sandbox.guild.id) == datetime(2026, 2, 19, 0, 0, tzinfo=UTC)

    await tick(sandbox, clock, "2026-02-18T23:59:00+00:00")
    assert moments(sandbox) == []
    await tick(sandbox, clock, "2026-02-19T00:00:30+00:00")
    [post] = moments(sandbox)
    embed = post.embeds[0]
    assert embed["footer"]["text"] == f"{FOOTER} · 2026-02-19 · story #1"  # on this day: Glenn and Sakamoto
    assert "On this day in 2026" in embed["description"] and "✅ Verified" in str(embed["fields"])
    assert "Amber Glenn" in str(embed["fields"]) and "5th" in str(embed["fields"])  # related results
    assert "Il Fatto Quotidiano" in str(embed["fields"])  # sources as links
    assert [label for label, *_ in post.buttons()] == ["Flag"]

    # The job firing again, a coalesced misfire, or a moderator's post-now: still one post today.
    await sandbox.bot.moment_scheduler._fire(sandbox.guild.id, datetime(2026, 2, 19).date())
    again = await sandbox.slash("moment post-now", user=sandbox.moderator)
    reply = await again.wait_message()
    assert "already been posted" in reply.content
    assert len(moments(sandbox)) == 1
    # The next day, the other verified story (#3) is about Malinin, whom yesterday's post named too: a story from
    # the results about other skaters comes first, once. The day after, a story from the results "on this day"
    # (21 February 2018, PyeongChang) comes before #3.
    assert sandbox.bot.moment_scheduler.next_run(sandbox.guild.id) == datetime(2026, 2, 20, 0, 0, tzinfo=UTC)
    await tick(sandbox, clock, "2026-02-20T00:00:05+00:00")
    await tick(sandbox, clock, "2026-02-20T00:05:00+00:00")
    _, second = moments(sandbox)
    assert "📊 From the results" in str(second.embeds[0]["fields"]) and "Malinin" not in str(second.embeds[0])
    await tick(sandbox, clock, "2026-02-21T00:00:05+00:00")
    third = moments(sandbox)[-1].embeds[0]
    assert "On this day in 2018" in third["description"] and "📊 From the results" in str(third["fields"])
    today = await sandbox.slash("moment today", user=sandbox.member)
    assert "was posted in" in today.message.content


async def test_post_now_counts_as_todays_post(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "18:00", "Europe/Paris")
    clock.set("2026-02-18T09:00:00+00:00")
    now = await sandbox.slash("moment post-now", user=sandbox.moderator)
    assert "Posted today's moment" in (await now.wait_message()).content
    await tick(sandbox, clock, "2026-02-18T17:00:10+00:00")  # 18:00 Paris: the scheduled run
    assert len(moments(sandbox)) == 1


async def test_restart_inside_and_outside_the_grace_window(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "20:00", "America/New_York")  # 01:00 UTC the next day
    await sandbox.stop_bot()
    clock.set("2026-02-19T03:30:00+00:00")  # down at post time, back 2.5 hours later
    await sandbox.start_bot()
    [post] = moments(sandbox)
    assert "2026-02-18" in post.embeds[0]["footer"]["text"]  # the New York date it was due for
    await sandbox.stop_bot()
    clock.set("2026-02-20T09:00:00+00:00")  # 8 hours after the next post time: too late
    await sandbox.start_bot()
    assert len(moments(sandbox)) == 1
    row = await sandbox.db.fetchone("SELECT state FROM moment_posts WHERE local_date = '2026-02-19'")
    assert row["state"] == "missed"


@pytest.mark.parametrize(
    ("zone", "time", "ticks", "expected"),
    [
        # Europe/Paris springs forward on 29 March 2026: 02:30 does not exist; the post comes at 03:30.
        ("Europe/Paris", "02:30", ["2026-03-29T00:31:00+00:00", "2026-03-29T01:31:00+00:00"], ["2026-03-29"]),
        # New York falls back on 1 November 2026: 01:30 happens twice; one post, at the first.
        ("America/New_York", "01:30", ["2026-11-01T05:31:00+00:00", "2026-11-01T06:31:00+00:00"], ["2026-11-01"]),
    ],
)
async def test_dst_change_days(
    world: tuple[Sandbox, Clock], zone: str, time: str, ticks: list[str], expected: list[str]
) -> None:
    sandbox, clock = world
    clock.set(ticks[0][:10] + "T00:00:00+00:00")
    await schedule(sandbox, time, zone)
    for at in ticks:
        await tick(sandbox, clock, at)
    dates = [m.embeds[0]["footer"]["text"].split(" · ")[1] for m in moments(sandbox)]
    assert dates == expected


async def test_deleted_channel_and_missing_permission_are_reported(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    server = sandbox.server
    modlog = server.create_channel(sandbox.guild, "mod-log")
    await sandbox.slash("config modlog", user=sandbox.owner, channel=modlog)
    doomed = server.create_channel(sandbox.guild, "moments")
    await schedule(sandbox, "10:00", "UTC", channel=doomed)
    server.delete_channel(doomed)
    await until(lambda: sandbox.bot.get_channel(doomed.id) is None)  # the CHANNEL_DELETE reached the bot
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    assert "failing since" in str(settings.message.embeds[0]["fields"])
    assert any("could not be posted" in m.embeds[0]["description"] for m in server.messages(modlog))
    assert sandbox.bot.moment_scheduler.next_run(sandbox.guild.id) is not None  # tried again tomorrow

    locked = server.create_channel(
        sandbox.guild,
        "locked",
        overwrites=[{"id": str(sandbox.guild.bot_role.id), "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}],
    )
    await schedule(sandbox, "10:00", "UTC", channel=locked)
    await tick(sandbox, clock, "2026-02-20T10:00:05+00:00")
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    assert "Send Messages" in str(settings.message.embeds[0]["fields"])
    # Back to a channel it may post in: the failure clears with the next successful post.
    await schedule(sandbox, "10:00", "UTC")
    await tick(sandbox, clock, "2026-02-21T10:00:05+00:00")
    assert len(moments(sandbox)) == 1
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    assert "posting normally" in str(settings.message.embeds[0]["fields"])


async def test_one_failing_server_does_not_stop_another(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    server = sandbox.server
    other_owner = server.create_user("other-owner")
    other = server.create_guild("Other Fans", other_owner)
    await sandbox.bot.tree.sync(guild=discord.Object(other.id))
    locked = server.create_channel(
        sandbox.guild,
        "locked",
        overwrites=[{"id": str(sandbox.guild.bot_role.id), "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}],
    )
    await schedule(sandbox, "10:00", "UTC", channel=locked)
    sandbox.bot.tree.copy_global_to(guild=discord.Object(other.id))
    await sandbox.bot.tree.sync(guild=discord.Object(other.id))
    result = await server.slash(
        other,
        other.text_channel("general"),
        other_owner,
        "moment schedule",
        {"channel": other.text_channel("general"), "time": "10:00", "timezone": "UTC"},
    )
    await result.wait()
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    assert len(moments(sandbox, other.text_channel("general"))) == 1


async def test_pause_resume_and_permissions(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    for command in (
        "moment schedule",
        "moment pause",
        "moment resume",
        "moment preview",
        "moment post-now",
        "moment settings",
    ):
        options = (
            {"channel": sandbox.channel, "time": "10:00", "timezone": "UTC"} if command == "moment schedule" else {}
        )
        refused = await sandbox.slash(command, user=sandbox.member, **options)
        message = await refused.wait_message()
        assert refused.ephemeral and "Only moderators" in message.content, command
    await sandbox.slash("moment pause", user=sandbox.moderator)
    assert sandbox.bot.moment_scheduler.next_run(sandbox.guild.id) is None
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    assert moments(sandbox) == []
    today = await sandbox.slash("moment today", user=sandbox.member)
    assert "paused" in today.message.content
    await sandbox.slash("moment resume", user=sandbox.moderator)
    await tick(sandbox, clock, "2026-02-20T10:00:05+00:00")
    assert len(moments(sandbox)) == 1


async def test_preview_settings_and_stock_warning(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    # The bundled stories only (the stock of stories from the results is tested in test_results_moments.py).
    await sandbox.slash("moment settings", user=sandbox.moderator, from_results=False)
    clock.set("2026-02-19T08:00:00+00:00")
    preview = await sandbox.slash("moment preview", user=sandbox.moderator)
    head, story = preview.message.embeds
    assert "on this day" in str(head["fields"]).lower() and "fewer than 7" in str(head["fields"])
    assert "Claims checked against the results" in str(head["fields"]) and "consistent" in str(head["fields"])
    assert story["footer"]["text"] == f"{FOOTER} · 2026-02-19 · story #1"
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    assert moments(sandbox)[0].embeds[0]["footer"]["text"] == story["footer"]["text"]  # preview and post agree
    refused = await sandbox.slash("moment settings", user=sandbox.moderator, labels="verified,false")
    assert "never posted" in refused.message.content
    changed = await sandbox.slash("moment settings", user=sandbox.moderator, labels="verified,satire", repeat_days=30)
    assert "repeat" in str(changed.message.embeds[0]["fields"]).lower() and "30 days" in str(
        changed.message.embeds[0]["fields"]
    )


async def test_relabelling_a_posted_story_corrects_the_post(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    [post] = moments(sandbox)
    relabel = await sandbox.slash(
        "story label", user=sandbox.owner, id=1, label="disputed", note="New footage shows otherwise"
    )
    assert "Disputed" in relabel.message.content
    await until(lambda: post.edited)
    fields = str(post.embeds[0]["fields"])
    assert post.edited and "Correction" in fields and "disputed" in fields and "New footage" in fields


@pytest.mark.parametrize("sent_before_crash", [False, True])
async def test_a_crash_between_claim_and_send_gives_exactly_one_post(
    world: tuple[Sandbox, Clock], monkeypatch: pytest.MonkeyPatch, sent_before_crash: bool
) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    poster = sandbox.bot.moments.outbox.poster  # every post goes through the outbox
    repo = sandbox.bot.moments.repo

    class Killed(BaseException):
        """Stands for the process dying: nothing after it runs, no error handling, no bookkeeping."""

    if sent_before_crash:

        async def complete(*args: object) -> None:
            raise Killed

        monkeypatch.setattr(repo, "complete", complete)
    else:

        async def send(*args: object) -> int:
            raise Killed

        monkeypatch.setattr(poster, "send", send)
    clock.set("2026-02-19T10:00:05+00:00")
    with pytest.raises(Killed):
        await sandbox.bot.moments.run(sandbox.guild.id, trigger="schedule")
    claim = await sandbox.db.fetchone("SELECT state FROM moment_posts WHERE local_date = '2026-02-19'")
    assert claim["state"] == "claimed"
    monkeypatch.undo()
    await sandbox.stop_bot()
    clock.set("2026-02-19T10:20:00+00:00")
    await sandbox.start_bot()
    assert len(moments(sandbox)) == 1
    done = await sandbox.db.fetchone("SELECT state, message_id FROM moment_posts WHERE local_date = '2026-02-19'")
    assert done["state"] == "posted" and done["message_id"] == moments(sandbox)[0].id


async def _start_bot_process(env: dict[str, str], log_path: Path) -> asyncio.subprocess.Process:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD"))}
    with log_path.open("ab") as log_file:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", env={**base, **env}, stdout=log_file, stderr=subprocess.STDOUT
        )


@pytest.mark.parametrize("after_storing", [False, True])
async def test_the_process_killed_between_claim_and_send(tmp_path: Path, after_storing: bool) -> None:
    """A real bot process, killed with SIGKILL while its post is in flight: before Discord stored it, or after
    (so the bot never learnt its message id). Restarted, it settles the claim: exactly one post."""
    world = Sandbox()  # its seeded server only: the bot is a separate process
    server = world.server
    await server.start()
    # A copy of the bundled store's template: the point is the kill, not the first start's import of the bundled data.
    store = tmp_path / "store.sqlite3"
    shutil.copy(bundled_template(), store)
    env = {
        **server.bot_environment,
        "SKATEBOT_DB": str(store),
        "DEV_GUILD_ID": str(world.guild.id),
        "LOG_LEVEL": "INFO",
    }
    log_path = tmp_path / "bot.log"

    async def answers() -> bool:
        try:
            result = await server.slash(world.guild, world.channel, world.moderator, "ping", {})
            await result.wait(timeout=1)
            return True
        except (RuntimeError, TimeoutError, ValueError):
            return False

    async def claim_state() -> str | None:
        with sqlite3.connect(store) as conn:
            row = conn.execute("SELECT state FROM moment_posts").fetchone()
        return row[0] if row else None

    bot = await _start_bot_process(env, log_path)
    try:
        await until(answers)
        scheduled = await server.slash(
            world.guild,
            world.channel,
            world.moderator,
            "moment schedule",
            {"channel": world.channel, "time": "00:00", "timezone": "UTC"},
        )
        await scheduled.wait()
        hold = server.hold_channel_posts = PostHold(after_storing=after_storing)
        await server.slash(world.guild, world.channel, world.moderator, "moment post-now", {})
        await asyncio.wait_for(hold.waiting.wait(), HANG)
        bot.kill()  # SIGKILL: no clean-up, no bookkeeping
        await bot.wait()
        hold.release.set()
        server.hold_channel_posts = None
        assert await claim_state() == "claimed"
        assert len(moments(world)) == (1 if after_storing else 0)

        bot = await _start_bot_process(env, log_path)

        async def posted() -> bool:
            return await claim_state() == "posted"

        await until(posted)
        assert len(moments(world)) == 1
        bot.terminate()
        await asyncio.wait_for(bot.wait(), 20)
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
        await server.stop()


async def test_the_low_stock_warning_is_weekly(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    modlog = sandbox.server.create_channel(sandbox.guild, "mod-log")
    await sandbox.slash("config modlog", user=sandbox.owner, channel=modlog)
    await schedule(sandbox, "10:00", "UTC")
    # The two bundled stories alternate (no story from the results).
    await sandbox.slash("moment settings", user=sandbox.moderator, repeat_days=0, from_results=False)

    def warnings() -> int:
        return sum("fewer than 7" in m.embeds[0]["description"] for m in sandbox.server.messages(modlog))

    counts = []
    for day in range(19, 28):  # nine days of posts
        await tick(sandbox, clock, f"2026-02-{day}T10:00:05+00:00")
        await asyncio.sleep(0.02)
        counts.append(warnings())
    assert len(moments(sandbox)) == 9
    assert counts == [1, 1, 1, 1, 1, 1, 1, 2, 2]  # on the first day and again a week later


async def test_nothing_is_missed_before_a_schedule_existed(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world  # the clock says 2026-02-18 12:00 UTC
    await schedule(sandbox, "09:00", "UTC")  # today's 09:00 is already past
    await sandbox.stop_bot()
    await sandbox.start_bot()
    assert await sandbox.db.fetchall("SELECT * FROM moment_posts") == []  # no "missed" day, no late post
    await tick(sandbox, clock, "2026-02-19T09:00:05+00:00")
    assert len(moments(sandbox)) == 1


@pytest.mark.parametrize("after_storing", [False, True])
async def test_a_passing_discord_error_is_retried_and_never_doubled(
    world: tuple[Sandbox, Clock], after_storing: bool
) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    # Discord answers the post with a 503: before storing it, or after (the message exists, the bot never hears).
    sandbox.server.fail_next_posts(503, after_storing=after_storing)
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    assert len(moments(sandbox)) == (1 if after_storing else 0)
    today = await sandbox.slash("moment today", user=sandbox.moderator)
    assert "being tried again" in today.message.content and "503" in today.message.content
    member_view = await sandbox.slash("moment today", user=sandbox.member)
    assert "being tried again" in member_view.message.content and "503" not in member_view.message.content
    busy = await sandbox.slash("moment post-now", user=sandbox.moderator)
    assert "already been posted (or is being posted)" in (await busy.wait_message()).content
    await tick(sandbox, clock, "2026-02-19T10:00:40+00:00")  # the first retry, 30 s later
    assert len(moments(sandbox)) == 1
    row = await sandbox.db.fetchone("SELECT state, attempts FROM moment_posts WHERE local_date = '2026-02-19'")
    assert (row["state"], row["attempts"]) == ("posted", 2)
    await tick(sandbox, clock, "2026-02-19T11:00:00+00:00")
    assert len(moments(sandbox)) == 1


async def test_an_outage_longer_than_the_retries_fails_the_day_and_post_now_retries_it(
    world: tuple[Sandbox, Clock],
) -> None:
    sandbox, clock = world
    await schedule(sandbox, "10:00", "UTC")
    sandbox.server.fail_next_posts(503, count=50)
    minute = 0
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    while minute < 6 * 60:  # every retry inside the 6-hour grace window fails
        minute += 5
        await tick(sandbox, clock, f"2026-02-19T{10 + minute // 60:02d}:{minute % 60:02d}:05+00:00")
    row = await sandbox.db.fetchone("SELECT state, attempts FROM moment_posts WHERE local_date = '2026-02-19'")
    assert row["state"] == "failed" and row["attempts"] == 7  # the first try and six retries
    sandbox.server.post_failures.clear()
    again = await sandbox.slash("moment post-now", user=sandbox.moderator)
    assert "Posted today's moment" in (await again.wait_message()).content
    assert len(moments(sandbox)) == 1


async def test_a_failed_post_now_never_uses_up_the_day(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    await schedule(sandbox, "18:00", "UTC")
    # No satire stories exist, and no story from the results may be posted.
    await sandbox.slash("moment settings", user=sandbox.moderator, labels="satire", from_results=False)
    nothing = await sandbox.slash("moment post-now", user=sandbox.moderator)
    assert "Nothing can be posted" in (await nothing.wait_message()).content
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    status = str(settings.message.embeds[0]["fields"])
    assert "posting normally" not in status and "no story has an allowed label" in status
    assert "no stories yet" not in status
    await sandbox.slash("moment settings", user=sandbox.moderator, labels="verified")
    fixed = await sandbox.slash("moment post-now", user=sandbox.moderator)
    assert "Posted today's moment" in (await fixed.wait_message()).content
    assert len(moments(sandbox)) == 1
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    assert "posting normally" in str(settings.message.embeds[0]["fields"])
    await tick(sandbox, clock, "2026-02-18T18:00:05+00:00")  # the scheduled run: the day is done
    assert len(moments(sandbox)) == 1


async def test_today_after_the_post_time_says_when_the_next_post_is(world: tuple[Sandbox, Clock]) -> None:
    sandbox, _ = world  # the clock says 2026-02-18 12:00 UTC
    await schedule(sandbox, "09:00", "UTC")  # today's time has passed
    today = await sandbox.slash("moment today", user=sandbox.member)
    text = today.message.content
    tomorrow = int(datetime(2026, 2, 19, 9, 0, tzinfo=UTC).timestamp())
    assert "will be posted" not in text and f"<t:{tomorrow}:R>" in text
    await schedule(sandbox, "15:00", "UTC")  # later today
    later = await sandbox.slash("moment today", user=sandbox.member)
    assert (
        f"will be posted in <#{sandbox.channel.id}> <t:{int(datetime(2026, 2, 18, 15, tzinfo=UTC).timestamp())}:R>"
        in (later.message.content)
    )


async def test_failure_reasons_are_for_moderators(world: tuple[Sandbox, Clock]) -> None:
    sandbox, clock = world
    hidden = sandbox.server.create_channel(
        sandbox.guild,
        "staff-only",
        overwrites=[{"id": str(sandbox.guild.bot_role.id), "type": 0, "allow": "0", "deny": str(SEND_MESSAGES)}],
    )
    await schedule(sandbox, "10:00", "UTC", channel=hidden)
    await tick(sandbox, clock, "2026-02-19T10:00:05+00:00")
    member_view = (await sandbox.slash("moment today", user=sandbox.member)).message.content
    moderator_view = (await sandbox.slash("moment today", user=sandbox.moderator)).message.content
    assert "could not be posted" in member_view and "staff-only" not in member_view
    assert "staff-only" in moderator_view


@pytest.mark.parametrize(
    ("typed", "offered", "never"),
    [
        ("UTC+9", ["Etc/GMT-9", "Asia/Tokyo", "Asia/Seoul"], ["UTC", "Etc/UTC"]),
        ("GMT-5", ["Etc/GMT+5", "America/New_York"], ["UTC", "Etc/GMT-5"]),
        ("+05:30", ["Asia/Kolkata"], ["UTC"]),
    ],
)
async def test_a_fixed_offset_is_never_answered_with_another_offset(
    world: tuple[Sandbox, Clock], typed: str, offered: list[str], never: list[str]
) -> None:
    sandbox, _ = world
    reply = await schedule(sandbox, "09:00", typed)
    assert "fixed offset" in reply and all(zone in reply for zone in offered)
    choices = await sandbox.autocomplete(
        "moment schedule", "timezone", user=sandbox.moderator, channel=sandbox.channel, time="09:00", timezone=typed
    )
    names = [c["name"] for c in choices]
    assert set(offered) <= set(names) and not set(never) & set(names)
    assert await sandbox.db.fetchone("SELECT 1 FROM moment_schedules") is None
