"""The real history of a federation site during its event (CUP FSU 2024, ../shared/fixtures/isu-world/_histories)
replayed as the world serves it to a watcher: polls that see only every 2nd or 3rd state, pages that go back to an
earlier state and forward again, a host that answers 404 or 500 for one poll (all of it, or only the pages that just
changed). Whatever the watcher sees, a subscribed channel gets every result and final result exactly once, each
showing the site's last figures, and the score corrected after publication as an edit when the earlier one was
posted."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from aiohttp import web

from bot.sandbox.harness import Sandbox
from bot.sandbox.history import Commit, HistorySite, read_history
from bot.sandbox.server import Message
from bot.services.live import polling
from bot.settings import Settings
from tests.e2e.helpers import Clock, text_of_message
from tests.e2e.test_live_grown import START, check_history, live_posts, watch_grown_history, watched_into_a_channel
from tests.isu_sites import wc2014
from tests.isu_world import world
from tests.live_histories import grow
from tests.shared import shared_path
from tests.stores import Location
from tests.world_variants import LOSSY, applicable, copy_site, covering
from tests.world_variants import VARIANTS as VARIANTS_OF_SITES

BUNDLE = ("fixtures", "isu-world", "_histories", "fsu-cup-fsu-latin-2024.bundle")
# States are served two hours apart (every segment of the site's schedule is past by its first commit: the watch
# polls at its slow pace); after each the clock stops a minute later, once the next full read is past, and an hour on.
SPACING = timedelta(hours=2)
STEPS = (timedelta(minutes=1), polling.SLOW + timedelta(minutes=2), timedelta(hours=1))
# What the full history posts as results (tests/e2e/test_live_history.py: read by hand from its pages).
RESULTS = {
    "Ladies, 2sp · Free Skating: results",
    "Ladies, 2sp: final result",
    "Ladies, 3yn · Free Skating: results",
    "Ladies, 3yn: final result",
    "Ladies, 2yn · Free Skating: results",
    "Ladies, 2yn: final result",
    "Ladies, 3sp · Free Skating: results",
    "Ladies, 3sp: final result",
}
# The score the federation corrected after publishing it: in the commit after the one that published it.
CORRECTED = ("Elizaveta Mironova", "80.09", "80.42")
PUBLISHED, CORRECTION = 7, 8  # the commits
# The commits that published the other categories' results (tests/e2e/test_live_history.py's EXPECTED).
MORE_RESULTS, LAST_RESULTS = 11, 12


@dataclass(frozen=True, slots=True)
class Fault:
    """For the first poll after state `at`: every request (or, with `changed_only`, the requests of the files that
    state changed) answered with HTTP `status`; with status 200, the file's first `keep` part of its bytes (a page
    read while it is being uploaded, or written empty by a generator that is about to write it again)."""

    at: int
    status: int
    changed_only: bool = False
    keep: float = 1.0


def every(k: int) -> Callable[[list[Commit]], list[Commit]]:
    """The states a watcher polling k times slower than the site changes sees: the first, every k-th, the last."""

    def states(commits: list[Commit]) -> list[Commit]:
        kept = [commits[0], *commits[1::k]]
        return kept if kept[-1] is commits[-1] else [*kept, commits[-1]]

    return states


def back_and_forth(commits: list[Commit]) -> list[Commit]:
    """Every commit from the one that published the first results on followed by the state before it (an old copy
    uploaded again) and then by itself again."""
    out = list(commits[:PUBLISHED])
    for i in range(PUBLISHED, len(commits)):
        out += [commits[i], commits[i - 1], commits[i]]
    return out


def all_states(commits: list[Commit]) -> list[Commit]:
    return list(commits)


class FaultySite(HistorySite):
    """HistorySite answering as each of `faults` says during the first poll after its state; `changed`: the files
    each fault's state changed (by the fault's position)."""

    def __init__(self, *args: object, faults: tuple[Fault, ...], changed: list[list[str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.faults = faults
        self.changed = [{name.lower() for name in names} for names in changed]
        self.faulted: list[list[str]] = [[] for _ in faults]  # what each fault was served to

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"].lower()
        for fault, changed, faulted in zip(self.faults, self.changed, self.faulted, strict=True):
            at = self.commits[fault.at].when
            if at <= self.now() <= at + STEPS[0] and (not fault.changed_only or name in changed):
                faulted.append(name)
                if fault.status != 200:
                    return web.Response(status=fault.status, text=f"HTTP {fault.status}")
                number = self.current()
                body = self.commits[number].file(name) if number is not None else None
                if body is not None:
                    cut = body[: int(len(body) * fault.keep)]
                    return web.Response(
                        body=cut, headers={"Content-Type": self._content_type(self.commits[number], name, cut)}
                    )
        return await super()._serve(request)


# Each fault is served at a commit that publishes results (or the correction), for one poll; the bot has recovered
# from one (its next poll reads the whole state) long before the next commit, so one replay holds several, each at a
# commit of its own.
VARIANTS: dict[str, tuple[Callable[[list[Commit]], list[Commit]], tuple[Fault, ...]]] = {
    "every 2nd state": (every(2), ()),
    "every 3rd state": (every(3), ()),
    "back to the state before and forward again": (back_and_forth, ()),
    "the host answers 500, and 404 later, for one poll": (
        all_states,
        (Fault(PUBLISHED, 500), Fault(MORE_RESULTS, 404)),
    ),
    "the pages just changed answer 500, 404 later, and the correction's 404, for one poll": (
        all_states,
        (Fault(PUBLISHED, 500, True), Fault(CORRECTION, 404, True), Fault(MORE_RESULTS, 404, True)),
    ),
    "the pages just changed cut short or empty, the correction's cut short, for one poll": (
        all_states,
        (
            Fault(PUBLISHED, 200, True, keep=0.5),
            Fault(CORRECTION, 200, True, keep=0.5),
            Fault(MORE_RESULTS, 200, True, keep=0.8),
            Fault(LAST_RESULTS, 200, True, keep=0.0),
        ),
    ),
}


@pytest.mark.parametrize("kind", sorted(VARIANTS))
async def test_a_history_as_the_watcher_sees_it_posts_each_result_once(kind: str, bundled_store: Location) -> None:
    states, faults = VARIANTS[kind]
    real = read_history(shared_path(*BUNDLE))
    picked = states(real)
    start = real[0].when.astimezone(UTC)
    commits = [
        Commit(f"{n:040x}", start + n * SPACING, c.message, c.files) for n, c in enumerate(picked)
    ]  # re-timed: a state served twice is two commits
    faults_at = tuple(replace(fault, at=picked.index(real[fault.at])) for fault in faults)
    changed = [real[fault.at].changed_since(real[fault.at - 1]) for fault in faults]
    clock = Clock(commits[0].when + timedelta(minutes=1))
    settings = replace(Settings(), live_allow_private=True)
    async with (
        FaultySite(
            Path(shared_path(*BUNDLE)),
            clock=clock,
            commits=commits,
            host_charset="utf-8",
            faults=faults_at,
            changed=changed,
        ) as site,
        Sandbox(db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings) as sandbox,
    ):
        assert sandbox.bot is not None
        channel = await watched_into_a_channel(sandbox, site.url, timezone="europe/samara")

        served_before_correction = False  # whether a poll read the published score before its correction
        seen: dict[str, list[str]] = {}  # title -> its descriptions, after each state
        for commit in commits[1:]:
            for step in STEPS:
                clock.now = commit.when + step
                await sandbox.bot.moment_scheduler.tick()
            posted = live_posts(sandbox.server.messages(channel))
            served_before_correction = served_before_correction or any(CORRECTED[1] in _description(m) for m in posted)
            for message in posted:
                seen.setdefault(message.embeds[0]["title"], []).append(text_of_message(message))
        # Hour by hour until the bot has read the last state with no retry pending (a poll that failed is retried
        # after its back-off) and has sent what it made due: within a day.
        for hours in range(1, 25):
            if await _caught_up(sandbox, commits[-1]):
                break
            clock.now = commits[-1].when + timedelta(hours=hours)
            await sandbox.bot.moment_scheduler.tick()
        assert await _caught_up(sandbox, commits[-1]), "a day after the last state, the bot had not read it"

        for fault, faulted in zip(faults, site.faulted, strict=True):
            assert faulted, f"{fault} was never served: the test does not test it"
        posts = live_posts(sandbox.server.messages(channel))
        titles = [m.embeds[0]["title"] for m in posts]
        assert len(titles) == len(set(titles)), titles  # each once
        assert {t for t in titles if t.endswith(("results", "final result"))} == RESULTS
        for message in posts:
            assert " 0.00" not in text_of_message(message) and "**0.00**" not in text_of_message(message)
        by_title = {m.embeds[0]["title"]: m for m in posts}
        # Never a part of a result: each version of a result lists as many skaters as its last.
        for title, versions in seen.items():
            if title in RESULTS:
                everyone = _skaters(text_of_message(by_title[title]))
                assert everyone >= 1 and all(_skaters(v) == everyone for v in versions), (title, versions)
        name, _before, after = CORRECTED
        for title in ("Ladies, 2sp · Free Skating: results", "Ladies, 2sp: final result"):
            shown = _description(by_title[title])
            assert f"{name}, score" in shown and after in shown, (title, shown)
            if served_before_correction:
                assert by_title[title].edited and f"→ {after}" in shown, (title, shown)
        rows = await sandbox.db.fetchall("SELECT state FROM live_posts")
        assert {row["state"] for row in rows} == {"posted"}
        assert sandbox.server.violations == [] and sandbox.server.errors == []


async def _caught_up(sandbox: Sandbox, last: Commit) -> bool:
    """Whether the bot has read the site since its last state came, with no failure since, and has nothing due."""
    assert sandbox.bot is not None
    live = sandbox.bot.live
    [watch] = await live.watches()
    read = watch.polled_at is not None and datetime.fromisoformat(watch.polled_at) >= last.when
    due = await live.repo.due_posts(live.now().isoformat(), 1) or await live.repo.outdated_posts(1)
    return read and watch.failures == 0 and not due


def _description(message: Message) -> str:
    return str(message.embeds[0].get("description", ""))


def _skaters(text: str) -> int:
    """How many skaters a result's post lists: a line each ("🥇 **1st** 🇷🇺 **Taisiya Gaydukova** RUS: **22.39**"),
    and the "… and N more" it does not show."""
    shown = len(re.findall(r"^.*\*\*[^*\n]+\*\* [A-Z]{3}\b", text, re.MULTILINE))
    more = re.search(r"… and (\d+) more", text)
    return shown + (int(more.group(1)) if more else 0)


# --- the watcher's reading of histories grown from the variants of real sites ---------------------------------------

# The sites of the ISUCalcFS family with results to grow a history from (tests/live_histories.py).
GROWN = {"fsu-cup-fsu-latin-2024": world("fsu-cup-fsu-latin-2024"), "wc2014": wc2014()}
# Variants in form only: a lost page is not grown (tests/live_histories.py grows the pages the site has), and the
# states of a page lost for a while are the faults of the history above. A watch reads a URL, not a folder: a site
# one folder down is the import's variant alone.
# (tests/live_histories.py grows the files of the site's own folder.)
IN_A_FOLDER = ("site one folder down", "site in a folder, reached by a meta refresh")
GROWN_CASES = covering(
    applicable(GROWN, [k for k in VARIANTS_OF_SITES if k not in LOSSY and k not in IN_A_FOLDER]), sites_per_variant=1
)


@pytest.mark.parametrize(("site", "kind"), GROWN_CASES, ids=[f"{s}-{k}" for s, k in GROWN_CASES])
def test_a_history_grown_from_a_world_variant_posts_each_segment_once(site: str, kind: str, tmp_path: Path) -> None:
    """The site made into a variant of the world's (tests/world_variants.py), then grown into its event step by step
    and read at each as the watcher reads it: each completed segment's results appear once, when complete."""
    folder = copy_site(GROWN[site], tmp_path / "variant")
    if "PDF" not in kind:
        for pdf in folder.glob("*.[pP][dD][fF]"):
            pdf.unlink()
    assert VARIANTS_OF_SITES[kind](folder) is not None
    check_history(asyncio.run(grow(folder, START, pdfs="PDF" in kind, categories=3)), tmp_path / "steps")


# --- the bot watching a history grown from a variant, served as its host serves it --------------------------------

# (site, variant, the charset the host sends whatever the bytes: GitHub Pages says UTF-8 of every page)
WATCHED = [
    ("fsu-cup-fsu-latin-2024", "KOI8-R undeclared", "utf-8"),
    ("fsu-cup-fsu-latin-2024", "BOM under a lying meta", "utf-8"),
    ("wc2014", "backslash links", None),
    ("wc2014", "absolute links", None),
]


@pytest.mark.parametrize(("site", "kind", "host_charset"), WATCHED, ids=[f"{s}-{k}" for s, k, _ in WATCHED])
async def test_the_bot_watching_a_history_grown_from_a_variant_posts_each_result_once(
    site: str, kind: str, host_charset: str | None, bundled_store: Location, tmp_path: Path
) -> None:
    folder = copy_site(GROWN[site], tmp_path)
    assert VARIANTS_OF_SITES[kind](folder) is not None
    history = await grow(folder, START, pdfs=False, categories=2)
    await watch_grown_history(Path(site), history, folder, host_charset, bundled_store)
