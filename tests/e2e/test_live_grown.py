"""Live on histories grown from real sites (tests/live_histories.py): every site of the ISUCalcFS family, as it would
grow during its event, read at each step as the watcher reads it. Each completed segment's results appear once, when
complete, never while skaters are still to skate (at place 0, or not listed yet); the final result once the category
is complete; a corrected score changes its item."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.history import Commit, HistorySite
from bot.sandbox.server import Channel, Message
from bot.services.isu.importer import read_site
from bot.services.isu.pages import EmptyPage
from bot.services.isu.source import FolderSource, SourceError
from bot.services.live import polling
from bot.services.live.fetching import HostGate
from bot.services.live.items import ItemKind, LiveItem, items, without_partial
from bot.settings import Settings
from tests.e2e.helpers import Clock, text_of, text_of_message
from tests.isu_sites import belfort, wc2014
from tests.isu_world import SAME_FIGURES, copy_folder
from tests.live_histories import GrownHistory, grow
from tests.shared import shared_path
from tests.stores import Location

START = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)


def site_folder(name: str) -> Path:
    if name == "wc2014":
        return wc2014()
    if name == "fsm2024-belfort":
        return belfort()
    return shared_path("fixtures", "isu-world", name)


# The sites of the family with results to grow from (the other federation sites list no one skated yet): whether their
# PDFs come in (each step's read parses every PDF there), and how many categories grow (belfort has 28).
SITES = {"wc2014": (False, None), "fsm2024-belfort": (False, 6), "fsu-cup-fsu-latin-2024": (True, None)}


def read_commit(commit: Commit, folder: Path) -> list[LiveItem] | None:
    folder.mkdir()
    for name, data in commit.files.values():
        (folder / name).write_bytes(data)

    async def read() -> list[LiveItem] | None:
        async with FolderSource(folder) as source:
            try:
                return items(await read_site(source))
            except (EmptyPage, SourceError):  # the index before its categories (a folder: no index found yet)
                if commit.message != "empty index":
                    raise
                return None

    return asyncio.run(read())


@pytest.mark.parametrize("name", sorted(SITES))
def test_a_grown_history_posts_each_segment_once_when_complete(name: str, tmp_path: Path) -> None:
    pdfs, categories = SITES[name]
    check_history(asyncio.run(grow(site_folder(name), START, pdfs=pdfs, categories=categories)), tmp_path)


@pytest.mark.parametrize("kind", sorted(SAME_FIGURES))
@pytest.mark.parametrize("name", ["fsu-cup-fsu-latin-2024", "fsm2024-belfort"])
def test_a_history_grown_from_a_variant_site_posts_the_same_way(name: str, kind: str, tmp_path: Path) -> None:
    """The site rewritten as other federations write theirs (tests/isu_world.py: encodings, false declarations,
    capital tags, an extra column, Warm-Up Group rows, leftover copies), then grown into its event."""
    folder = copy_folder(site_folder(name), tmp_path / "variant", pdfs=False)
    SAME_FIGURES[kind](folder)
    check_history(asyncio.run(grow(folder, START, pdfs=False, categories=3)), tmp_path / "steps")


def check_history(history: GrownHistory, tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    orders: dict[str, dict] = {}
    shown: dict[str, str] = {}  # item key -> digest, as a watcher has recorded them
    appeared: dict[str, int] = {}
    corrected = False
    for number, (commit, step) in enumerate(zip(history.commits, history.steps, strict=True)):
        found = read_commit(commit, tmp_path / f"{number:03d}")
        if found is None:
            assert step.what == "empty index"
            continue
        kept = without_partial(found, orders)
        orders.update({i.key: i.content for i in kept if i.kind is ItemKind.ORDER})
        keys = {i.key for i in kept}
        for item in kept:
            appeared.setdefault(item.key, number)
            if item.kind is not ItemKind.ORDER:
                assert all(s["score"] is not None or s["status"] for s in item.content["skaters"]), item.key
                assert all(s["place"] != 0 for s in item.content["skaters"]), item.key
        if step.segment is not None:
            results = f"{step.category}/{step.segment}/segment"
            final = f"{step.category}/final"
            if step.what in ("order", "partial", "skated so far"):
                assert results not in keys, (step, results)
                assert final not in keys, (step, final)
            if step.what == "order":
                assert f"{step.category}/{step.segment}/order" in keys, step
            if step.what == "complete":
                assert results in keys, step
                assert (final in keys) == step.last_of_category, step
        if step.what == "correction":
            changed = [i.key for i in kept if i.key in shown and shown[i.key] != i.digest]
            assert changed, "the corrected score changed no item"
            corrected = True
        shown.update({i.key: i.digest for i in kept})
    assert corrected
    # Every segment with results on the complete site was shown as results, each at the step it was completed.
    completed = {
        f"{c.category.number}/{s.segment.number}/segment"
        for c in history.site.categories
        for s in c.segments
        if s.rows and all(r.tss is not None or r.status for r in s.rows) and any(r.tss is not None for r in s.rows)
    }
    grown = {f"{s.category}/{s.segment}/segment" for s in history.steps if s.what == "complete"}
    assert completed & grown, "no segment grew to complete results"
    assert completed & grown <= {k for k in appeared if k.endswith("/segment")}
    for key in completed & grown:
        step = history.steps[appeared[key]]
        assert (step.what, f"{step.category}/{step.segment}/segment") == ("complete", key)


# --- the real bot in the sandbox, watching a grown history served as its host would ----------------------------------

# After each commit the clock stops a minute later and once the next full read (every polling.SLOW) is past.
STEPS = (timedelta(minutes=1), polling.SLOW + timedelta(minutes=2))


def live_posts(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.embeds and " · live " in m.embeds[0].get("footer", {}).get("text", "")]


async def watched_into_a_channel(
    sandbox: Sandbox, url: str, *, timezone: str | None = None, naming: str = ""
) -> Channel:
    """The owner watches `url` (in `timezone`, if given; the answer naming `naming`) with the bot's host gate tuned
    down for a loopback site and the stand-in's rate-limit windows shortened, and a moderator subscribes a new
    channel, #live, to what it posts: that channel."""
    assert sandbox.bot is not None
    sandbox.bot.live.gate = HostGate(spacing=0.001)
    # A state that publishes more than five results is a burst of posts to #live: on Discord's window of 5 s per
    # channel, discord.py waited 5 s of real time for the sixth (twice a history). A burst still fills the
    # window, 50 ms here; the stand-in's limits are tested in tests/sandbox/test_ratelimits.py.
    sandbox.server.limiter.speed = 100
    zone = {"timezone": timezone} if timezone is not None else {}
    said = await sandbox.slash("live watch", url=url, **zone)
    assert "Now watching" in text_of(said) and naming in text_of(said), text_of(said)
    channel = sandbox.server.create_channel(sandbox.guild, "live")
    said = await sandbox.slash("live subscribe", user=sandbox.moderator, channel=channel)
    assert "now receives" in text_of(said), text_of(said)
    return channel


@pytest.mark.parametrize(
    ("name", "host_charset"),
    [("wc2014", None), ("fsu-cup-fsu-latin-2024", "utf-8")],  # the federation's on GitHub Pages: every page "UTF-8"
)
async def test_the_bot_watching_a_grown_history_posts_each_result_once(
    name: str, host_charset: str | None, bundled_store: Location
) -> None:
    pdfs, categories = SITES[name]
    # Starting a month before the site's schedule: the watch polls at its slow pace, read at every step below.
    history = await grow(site_folder(name), START, pdfs=pdfs, categories=categories)
    await watch_grown_history(Path(name), history, site_folder(name), host_charset, bundled_store)


async def watch_grown_history(
    name: Path, history: GrownHistory, folder: Path, host_charset: str | None, bundled_store: Location
) -> None:
    """The bot watching `history` (grown from `folder`) served as its host serves it: each segment's results posted
    once, at the step it was completed, never before; each final with its category's last; the correction an edit."""
    index = FolderSource(folder).index_name
    assert index is not None
    clock = Clock(history.commits[0].when + timedelta(minutes=1))
    settings = replace(Settings(), live_allow_private=True)
    async with (
        HistorySite(name, clock=clock, commits=history.commits, index=index, host_charset=host_charset) as site,
        Sandbox(db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings) as sandbox,
    ):
        assert sandbox.bot is not None
        channel = await watched_into_a_channel(sandbox, site.url, timezone="europe/samara")

        posted_at: dict[int, int] = {}  # message -> the commit after which it was first seen
        for number, commit in enumerate(history.commits[1:], start=1):
            for step in STEPS:
                moment = commit.when + step
                if number + 1 < len(history.commits):
                    moment = min(moment, history.commits[number + 1].when - timedelta(seconds=1))
                if moment > clock.now:
                    clock.now = moment
                    await sandbox.bot.moment_scheduler.tick()
            for message in live_posts(sandbox.server.messages(channel)):
                posted_at.setdefault(message.id, number)
        posts = live_posts(sandbox.server.messages(channel))
        titles = [m.embeds[0]["title"] for m in posts]
        assert len(titles) == len(set(titles)), titles  # each once
        results = {m.embeds[0]["title"]: posted_at[m.id] for m in posts if m.embeds[0]["title"].endswith(": results")}
        finals = {m.embeds[0]["title"]: posted_at[m.id] for m in posts if m.embeds[0]["title"].endswith("final result")}
        complete = [n for n, s in enumerate(history.steps) if s.what == "complete"]
        # Each segment's results at the step it was completed, never before; each final with its category's last.
        assert complete and sorted(results.values()) == complete
        assert sorted(finals.values()) == [n for n in complete if history.steps[n].last_of_category]
        for message in posts:
            if message.embeds[0]["title"].endswith(("results", "final result")):
                assert " 0.00" not in message.embeds[0].get("description", ""), message.embeds[0]["title"]
        # The correction is an edit of the posts that showed the score, naming who and what changed.
        edited = [m for m in posts if m.edited and not m.embeds[0]["title"].endswith("starting order")]
        assert edited and all(history.corrected.split()[0] in text_of_message(m) for m in edited)
        assert sandbox.server.violations == [] and sandbox.server.errors == []


async def test_an_ijslive_site_is_watched_and_its_results_posted(bundled_store: Location) -> None:
    """U.S. Figure Skating's ijsLive site (2023 North Atlantic Open): its event index first, the category-segment
    page later. Over HTTP its index is no ISUCalcFS index: the watch was refused."""
    folder = shared_path("fixtures", "isu-world", "ijslive-north-atlantic-open-2023")
    files = {p.name.lower(): (p.name, p.read_bytes()) for p in folder.iterdir()}
    index = {"comp_index.html": files["comp_index.html"]}
    commits = [Commit("0" * 40, START, "index", index), Commit("1" * 40, START + timedelta(hours=1), "results", files)]
    clock = Clock(START + timedelta(minutes=1))
    settings = replace(Settings(), live_allow_private=True)
    async with (
        HistorySite(Path(folder.name), clock=clock, commits=commits, index="comp_index.html") as site,
        Sandbox(db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings) as sandbox,
    ):
        assert sandbox.bot is not None
        channel = await watched_into_a_channel(sandbox, site.url, naming="2023 North Atlantic Open")
        for moment in (START + timedelta(minutes=40), commits[1].when + STEPS[0], commits[1].when + STEPS[1]):
            clock.now = moment
            await sandbox.bot.moment_scheduler.tick()
            if moment < commits[1].when:
                assert live_posts(sandbox.server.messages(channel)) == []
        posts = live_posts(sandbox.server.messages(channel))
        assert [m.embeds[0]["title"] for m in posts] == ["Excel Preliminary Plus Girls · Free Skate: results"]
        assert "Alessandra Viscariello" in posts[0].embeds[0]["description"]
