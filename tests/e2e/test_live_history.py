"""Competition week, live, end to end against a real site's git history: CUP FSU 2024, whose federation committed its
results pages to git while the event ran (../shared/fixtures/isu-world/_histories), served by `HistorySite` as it
stood at each commit, on the bot's own clock. The real bot in the sandbox watches it from its first commit (an
index without categories yet), a channel is subscribed, and the clock steps through every commit; the bot's live job
runs when the moment scheduler, driven by that clock, finds it due (`tick()`)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.sandbox.history import Commit, HistorySite, read_history
from bot.sandbox.server import Message
from bot.services.live import polling
from bot.services.live.fetching import HostGate
from bot.settings import Settings
from tests.e2e.helpers import Clock, text_of
from tests.shared import shared_path
from tests.stores import Location

BUNDLE = ("fixtures", "isu-world", "_histories", "fsu-cup-fsu-latin-2024.bundle")
# After each commit the clock stops twice: a minute later (a poll that asks only about the hot pages may miss what
# changed), and once the next full read (every polling.SLOW) is past.
STEPS = (timedelta(minutes=1), polling.SLOW + timedelta(minutes=2))


@dataclass
class History:
    sandbox: Sandbox
    clock: Clock
    site: HistorySite

    @property
    def commits(self) -> list[Commit]:
        return self.site.commits

    async def at(self, moment: datetime) -> None:
        assert moment >= self.clock.now, (moment, self.clock.now)
        self.clock.now = moment.astimezone(UTC)
        assert self.sandbox.bot is not None
        await self.sandbox.bot.moment_scheduler.tick()


@pytest_asyncio.fixture
async def history(bundled_store: Location) -> AsyncIterator[History]:
    commits = read_history(shared_path(*BUNDLE))
    clock = Clock(commits[0].when.astimezone(UTC) + timedelta(minutes=1))
    # Served as GitHub Pages served it: every page's Content-Type says UTF-8, its cp1251 pages too (the federation's
    # `_.htaccess` asking for windows-1251, then UTF-8, is not read there).
    async with HistorySite(Path(shared_path(*BUNDLE)), clock=clock, commits=commits, host_charset="utf-8") as site:
        settings = replace(Settings(), live_allow_private=True)
        async with Sandbox(
            db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings
        ) as box:
            assert box.bot is not None
            box.bot.live.gate = HostGate(spacing=0.001)
            # A commit publishing more than five items is a burst of posts: Discord's window (5 posts in 5 s a
            # channel) made discord.py wait 5 s of real time for the sixth; 50 ms here, still filled by a burst.
            box.server.limiter.speed = 100
            yield History(box, clock, site)
            assert box.server.violations == []
            assert box.server.errors == []


def live_posts(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.embeds and " · live " in m.embeds[0].get("footer", {}).get("text", "")]


# What the channel must get, read by hand from the pages at each commit (tests/unit/test_live_items.py checks the
# items commit by commit): the number of the commit at which each appears.
EXPECTED = {
    "Девушки, 3юн · Произвольная программа: starting order": 1,
    "Ladies, 2yn · Free Skating: starting order": 1,  # renamed by the site at commit 6: the post was edited
    "Девушки, 1юн · Произвольная программа: starting order": 1,
    "Девушки, 2сп · Произвольная программа: starting order": 1,
    "Девушки, 3сп · Произвольная программа: starting order": 1,
    "Men, 2sp · Free Skating: starting order": 1,  # "Парни, 2сп" at first: renamed by the site, the post edited
    "Ladies, 2sp · Free Skating: results": 7,
    "Ladies, 2sp: final result": 7,
    "Ladies, 3yn · Free Skating: results": 11,
    "Ladies, 3yn: final result": 11,
    "Ladies, 2yn · Free Skating: results": 12,
    "Ladies, 2yn: final result": 12,
    "Ladies, 3sp · Free Skating: results": 12,
    "Ladies, 3sp: final result": 12,
}


async def test_a_site_committed_during_its_event_is_posted_once_per_completed_segment(history: History) -> None:
    h, sandbox = history, history.sandbox
    # The site prints its schedule's local times without a UTC offset, and no venue: the watcher gives the zone. (The
    # commits were made at +04:00; that the site's times are too is the test's assumption, said here.)
    said = await sandbox.slash("live watch", url=h.site.url, timezone="europe/samara")
    assert "Now watching" in text_of(said), text_of(said)
    assert "its schedule is read in Europe/Samara, as you gave it" in text_of(said), text_of(said)
    channel = sandbox.server.create_channel(sandbox.guild, "live")
    said = await sandbox.slash("live subscribe", user=sandbox.moderator, channel=channel)
    assert "now receives" in text_of(said), text_of(said)

    first_seen: dict[int, int] = {}  # message id -> the commit after which it was posted
    for number, commit in enumerate(h.commits[1:], start=1):
        for step in STEPS:
            moment = commit.when + step
            if number + 1 < len(h.commits):
                moment = min(moment, h.commits[number + 1].when - timedelta(seconds=1))
            if moment > h.clock.now:
                await h.at(moment)
        for message in live_posts(sandbox.server.messages(channel)):
            first_seen.setdefault(message.id, number)
        # Nothing posted is a partial result: every skater of a posted result has a score or a status.
        for row in await sandbox.db.fetchall(
            "SELECT i.item_key, i.content FROM live_items i JOIN live_posts p "
            "ON p.watch_id = i.watch_id AND p.item_key = i.item_key WHERE i.kind != 'order'"
        ):
            skaters = json.loads(row["content"])["skaters"]
            assert all(s["score"] is not None or s["status"] for s in skaters), row["item_key"]
            assert all(s["place"] != 0 for s in skaters), row["item_key"]

    posts = live_posts(sandbox.server.messages(channel))
    titles = [m.embeds[0]["title"] for m in posts]
    assert len(titles) == len(set(titles)), titles  # each once
    assert {m.embeds[0]["title"]: first_seen[m.id] for m in posts} == EXPECTED
    # Corrections are edits: a starting order that grew or was renumbered, and the one score the federation
    # corrected after publishing it (Elizaveta Mironova's free skating, in its results and the final result).
    edited = {m.embeds[0]["title"] for m in posts if m.edited}
    assert edited == {
        "Девушки, 3юн · Произвольная программа: starting order",
        "Ladies, 2yn · Free Skating: starting order",
        "Девушки, 2сп · Произвольная программа: starting order",
        "Девушки, 3сп · Произвольная программа: starting order",
        "Men, 2sp · Free Skating: starting order",  # renamed from "Парни, 2сп"
        "Ladies, 2sp · Free Skating: results",
        "Ladies, 2sp: final result",
    }
    by_title = {m.embeds[0]["title"]: m for m in posts}
    for title in ("Ladies, 2sp · Free Skating: results", "Ladies, 2sp: final result"):
        assert "Elizaveta Mironova, score 80.09 → 80.42" in by_title[title].embeds[0]["description"], title
    rows = await sandbox.db.fetchall("SELECT state FROM live_posts")
    assert [row["state"] for row in rows] == ["posted"] * len(EXPECTED)

    # The schedule is a schedule: each timed segment placed by the watcher's zone (00:00 in Samara is 20:00 UTC).
    watch = (await sandbox.bot.live.watches())[0]
    assert watch.timezone == "watcher:Europe/Samara"
    assert {entry["starts_at"] for entry in watch.schedule} >= {"2024-01-14T20:00:00+00:00"}
    shown = text_of(await sandbox.slash("schedule"))
    assert "Europe/Samara (given with /live watch)" in shown, shown
