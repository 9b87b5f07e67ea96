"""Competition week, live, end to end against the replay: the real bot in the sandbox watches a `ReplaySite` of the
2014 Worlds that unfolds phase by phase (each segment's starting order, its results, the categories' finals, then a
correction) by the same injected clock as the bot. Nothing is called directly: the bot's own live job runs when the
moment scheduler, driven by that clock, finds it due (`tick()`)."""

from __future__ import annotations

import itertools
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.sandbox.replay import ORDER_LEAD, Phase, ReplaySite, Request
from bot.sandbox.server import Channel, Message, Role, User
from bot.services.live import polling
from bot.services.live.fetching import HostGate
from bot.settings import Settings
from db.models import DirectState, WatchState
from tests.e2e.helpers import Clock, Killed, kill_live_delivery, text_of
from tests.stores import Location

WC2014 = Path(__file__).resolve().parents[1] / "fixtures" / "isu" / "wc2014"
# The gate between two requests to one host, tuned down from 2 s (polling.HOST_SPACING) so that a whole competition
# replays in seconds; the request log shows the bot keeps it (check_polite). A replay that does not look at the
# spacing tunes it down further: hundreds of requests, each waiting SPACING, were seconds of sleep a test. The main
# replay measures it over its first segment (about a hundred requests, at the slow pace and around the segment), not
# over all ~750: 20 s of sleep that measured the same gate again.
SPACING = 0.03
UNMEASURED_SPACING = 0.001
# Followed before the competition: skaters the store knows from the bundled Olympics (a skater it does not know yet
# can be followed once the site lists them).
FOLLOWED = "Yuzuru Hanyu"  # Men: short program and free skating
FOLLOWED_PAIR = "Meagan Duhamel"  # Pairs, with Eric Radford
# Followed after her short program's score: the correction changes that score, and must not tell her follower again.
FOLLOWED_LATE = "Bazarova / Larionov"  # both partners: one message per score all the same


# When the clock stops around each phase: shortly before it (a poll that finds nothing), 30 s after (the poll that
# finds it: within 30 minutes of the one before, so it asks only for the hot pages), and 11 minutes after (a delayed
# subscription's posts are due).
STEPS = (timedelta(minutes=-6), timedelta(seconds=30), timedelta(minutes=11))


class RecordingGate(HostGate):
    """The bot's own gate, noting when it lets each request go."""

    def __init__(self, spacing: float) -> None:
        super().__init__(spacing)
        self.released: list[float] = []

    async def wait(self, host: str) -> None:
        await super().wait(host)
        self.released.append(time.monotonic())


@dataclass
class Replay:
    sandbox: Sandbox
    clock: Clock
    site: ReplaySite
    gate: RecordingGate | None = None

    @property
    def phases(self) -> list[Phase]:
        return self.site.phases

    def tune(self, spacing: float = UNMEASURED_SPACING) -> None:
        """The bot's politeness gate and its timeouts, scaled down for a test (after every start of the bot); a test
        that checks the spacing (check_polite) gives SPACING."""
        assert self.sandbox.bot is not None
        self.gate = RecordingGate(spacing=spacing)
        self.sandbox.bot.live.gate = self.gate
        # Timeouts that a healthy read on a busy machine never reaches (the site is on loopback), short enough that
        # a test of a hanging host does not wait the production 30 s.
        self.sandbox.bot.live.read_timeout = 5
        self.sandbox.bot.live.file_deadline = 10

    async def at(self, moment: datetime) -> None:
        """The clock moves to `moment` and the scheduler runs what is due by it (the live job among them)."""
        assert moment >= self.clock.now, (moment, self.clock.now)
        self.clock.now = moment.astimezone(UTC)
        assert self.sandbox.bot is not None
        await self.sandbox.bot.moment_scheduler.tick()

    async def through(self, phases: Iterable[Phase], offsets: Iterable[timedelta] = STEPS) -> None:
        """Each phase in turn, at each of `offsets` from the moment it appears (the times already passed skipped)."""
        offsets = tuple(offsets)
        for phase in phases:
            for offset in offsets:
                if phase.when + offset > self.clock.now:
                    await self.at(phase.when + offset)


@pytest_asyncio.fixture
async def replay(bundled_store: Location, tmp_path: Path) -> AsyncIterator[Replay]:
    store = bundled_store
    clock = Clock(datetime(2014, 3, 25, 12, 0, tzinfo=UTC))
    async with ReplaySite(WC2014, clock=clock) as site:
        clock.now = clock.start = site.phases[0].when.astimezone(UTC) + timedelta(minutes=5)  # the site is up
        settings = replace(Settings(), live_allow_private=True)
        async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings) as box:
            r = Replay(box, clock, site)
            r.tune()
            yield r
            assert box.server.violations == []
            assert box.server.errors == []


def live_posts(sandbox: Sandbox, channel: Channel) -> list[Message]:
    return [
        m
        for m in sandbox.server.messages(channel)
        if m.embeds and " · live " in m.embeds[0].get("footer", {}).get("text", "")
    ]


def titles(messages: Iterable[Message]) -> list[str]:
    return [m.embeds[0]["title"] for m in messages]


def expected_titles(phases: Iterable[Phase], disciplines: Iterable[str] | None = None) -> list[str]:
    """What a channel receives, in order: each segment's starting order and results, and a category's final with
    its last segment's results (the replay's phases say what appeared when)."""
    out: list[str] = []
    for phase in phases:
        if phase.category is None or phase.segment is None or phase.name not in ("starting order", "results"):
            continue
        if disciplines is not None and phase.category.discipline not in disciplines:
            continue
        out.append(f"{phase.category.name} · {phase.segment.name}: {phase.name}")
        if phase.name == "results" and phase.category.result_page in phase.pages:
            out.append(f"{phase.category.name}: final result")
    return out


@dataclass
class Setup:
    fans: Role
    everything: Channel  # every watched competition, pinging the role
    women: Channel  # ladies only
    seniors_pd: Channel  # senior pairs and ice dance
    juniors: Channel  # junior only: nothing at a senior championship
    delayed: Channel  # this competition, ten minutes late
    shy: User  # follows a skater, takes no direct messages


async def watch_and_subscribe(r: Replay) -> Setup:
    sandbox = r.sandbox
    server, guild, mod = sandbox.server, sandbox.guild, sandbox.moderator
    said = await sandbox.slash("live watch", url=r.site.url)
    assert "Now watching **ISU World Championships 2014** (8 segments" in text_of(said), text_of(said)
    fans = server.create_role(guild, "Skating fans", 0)
    setup = Setup(
        fans,
        server.create_channel(guild, "everything"),
        server.create_channel(guild, "women"),
        server.create_channel(guild, "seniors-pd"),
        server.create_channel(guild, "juniors"),
        server.create_channel(guild, "delayed"),
        server.create_user("shy"),
    )
    for options in (
        {"channel": setup.everything, "role": fans},
        {"channel": setup.women, "disciplines": "ladies"},
        {"channel": setup.seniors_pd, "disciplines": "pairs, ice dance", "levels": "senior"},
        {"channel": setup.juniors, "levels": "junior"},
        {"channel": setup.delayed, "competition": "Worlds 2014", "delay_minutes": 10},
    ):
        said = await sandbox.slash("live subscribe", user=mod, **options)
        assert "now receives" in text_of(said), text_of(said)
    server.add_member(guild, setup.shy)
    server.close_dms(setup.shy)
    for user, athlete in ((sandbox.member, FOLLOWED), (sandbox.member, FOLLOWED_PAIR), (setup.shy, FOLLOWED)):
        followed = await sandbox.slash("follow", user=user, athlete=athlete)
        assert "You follow" in text_of(followed), text_of(followed)
    return setup


def phase(r: Replay, name: str, what: str) -> Phase:
    return next(p for p in r.phases if p.name == name and p.what.startswith(what))


def starts(r: Replay) -> list[tuple[datetime, tuple[str, ...]]]:
    """Each segment's start (its starting order is out ORDER_LEAD before) and the pages the bot watches around it."""
    out = []
    for p in r.phases:
        if p.name == "starting order" and p.category is not None and p.segment is not None:
            seg, cat = p.segment, p.category
            pages = (seg.detail_page, seg.panel_page, seg.scores_pdf, cat.result_page)
            out.append((p.when + ORDER_LEAD, tuple(name for name in pages if name)))
    return out


def hot_paths(r: Replay, at: datetime) -> set[str]:
    """The paths a poll at `at` may ask about between sweeps: the index, and the pages of the segments in their
    polling window (bot.services.live.polling)."""
    root = "/" + r.site.folder.name + "/"
    hot = {root + r.site.timeline.index_name}
    for start, pages in starts(r):
        if start - polling.BEFORE <= at <= start + polling.AFTER:
            hot |= {root + name for name in pages}
    return hot


def polls(requests: Iterable[Request]) -> list[tuple[datetime, list[Request]]]:
    """The request log by poll (the clock stands still during one)."""
    grouped: dict[datetime, list[Request]] = {}
    for request in requests:
        grouped.setdefault(request.at, []).append(request)
    return sorted(grouped.items())


def check_polite(r: Replay, requests: list[Request], measured: int) -> None:
    """What the results host saw: requests spaced by the gate (the first `measured`, made while it was SPACING),
    conditional once a page is known, a page's body sent again only when it changed, and between two full reads
    (30 minutes apart) only the hot pages."""
    # The gate lets one request go every SPACING seconds, and every request the host saw went through it; on the
    # host's side the spacing holds too, give or take the loopback's jitter (on a busy machine).
    assert r.gate is not None and len(r.gate.released) == len(requests)
    assert measured > 40, measured  # two windows of 20 requests at least
    assert min(b - a for a, b in itertools.pairwise(r.gate.released[:measured])) >= SPACING - 0.002
    arrived = [q.monotonic for q in requests[:measured]]
    assert all(b - a >= 17 * SPACING for a, b in zip(arrived, arrived[20:], strict=False))
    bodies: dict[str, int] = {}
    for request in requests:
        name = request.path.rsplit("/", 1)[1]
        if request.status == 200:
            bodies[name] = bodies.get(name, 0) + 1
    for name, count in bodies.items():
        assert count <= len(r.site.timeline.versions[name.lower()]), (name, count)  # never an unchanged body
    assert sum(1 for q in requests if q.status == 304) > len(requests) // 2
    served: set[str] = set()
    for request in requests:
        if request.path in served:
            assert request.conditional, request  # a page the bot holds is asked about with its validators
        if request.status == 200:
            served.add(request.path)
    full: list[datetime] = []
    hot_only = 0
    for at, asked in polls(requests):
        paths = [q.path for q in asked]
        assert len(paths) == len(set(paths)), paths  # each page once per poll
        if set(paths) <= hot_paths(r, at):
            hot_only += 1
        else:
            full.append(at)
    assert all(b - a >= polling.SLOW for a, b in itertools.pairwise(full)), full
    assert hot_only > len(full)


async def test_a_competition_unfolds_once_in_order_in_every_subscribed_channel(replay: Replay) -> None:
    r, sandbox = replay, replay.sandbox
    r.tune(SPACING)  # before the first request: check_polite measures it
    server = sandbox.server
    setup = await watch_and_subscribe(r)
    pairs_sp = phase(r, "results", "Pairs Short Program")
    correction = r.phases[-1]
    assert correction.name == "correction" and correction.segment is pairs_sp.segment

    await r.through(p for p in r.phases[1:] if p.when <= pairs_sp.when)
    # The gate's spacing measured over the first segment's requests (check_polite); the rest replays at full speed.
    measured = len(r.site.requests)
    assert r.gate is not None
    r.gate.spacing = UNMEASURED_SPACING
    followed = await sandbox.slash("follow", user=sandbox.member, athlete=FOLLOWED_LATE)  # the site listed her
    assert "You follow **Vera Bazarova / Yuri Larionov**" in text_of(followed), text_of(followed)
    await r.through(p for p in r.phases if pairs_sp.when < p.when < correction.when)

    # Every segment's starting order and results and every category's final, once, in competition order.
    everything = live_posts(sandbox, setup.everything)
    assert titles(everything) == expected_titles(r.phases)
    assert len(everything) == 8 * 2 + 4
    assert titles(live_posts(sandbox, setup.women)) == expected_titles(r.phases, {"women"})
    assert titles(live_posts(sandbox, setup.seniors_pd)) == expected_titles(r.phases, {"pairs", "ice_dance"})
    assert live_posts(sandbox, setup.juniors) == []
    assert titles(live_posts(sandbox, setup.delayed)) == expected_titles(r.phases)
    # The role is pinged by its channel's posts, and nobody by any other post.
    role = f"<@&{setup.fans.id}>"
    assert all(m.content == role and m.pings == [role] for m in everything)
    for channel in (setup.women, setup.seniors_pd, setup.delayed):
        assert all(not m.content and m.pings == [] for m in live_posts(sandbox, channel))
    # The delayed channel got each post ten minutes after the others.
    done = {
        (row["channel_id"], row["item_key"]): datetime.fromisoformat(row["done_at"])
        for row in await sandbox.db.fetchall("SELECT channel_id, item_key, done_at FROM live_posts")
    }
    late = [key for (channel, key) in done if channel == setup.delayed.id]
    assert len(late) == len(everything)
    for key in late:
        assert done[setup.delayed.id, key] - done[setup.everything.id, key] >= timedelta(minutes=10)

    # A follower hears of each of their skaters' scores once; a member with closed DMs is tried once per score.
    def directs() -> list[str]:
        return [m.embeds[0]["title"] for m in server.direct_messages(sandbox.member)]

    told = directs()
    assert sorted(told) == sorted(
        [
            "Yuzuru Hanyu · Men Short Program",
            "Yuzuru Hanyu · Men Free Skating",
            "Meagan Duhamel / Eric Radford · Pairs Short Program",
            "Meagan Duhamel / Eric Radford · Pairs Free Skating",
            "Vera Bazarova / Yuri Larionov · Pairs Free Skating",  # followed after their short program
        ]
    ), told
    assert server.direct_messages(setup.shy) == [] and setup.shy.dm_refusals == 2
    watch = (await sandbox.bot.live.watches())[0]
    states = [(user, state) for user, _, _, state, _ in await sandbox.bot.live.repo.directs(watch.id)]
    assert sorted(s for u, s in states if u == setup.shy.id) == [DirectState.CLOSED] * 2

    # The correction: found at the next full read (its pages are long out of their window), it edits the posts of
    # that segment and of the category's final where they were made, saying what changed; nothing new is posted.
    before = {c.id: len(server.messages(c)) for c in (setup.everything, setup.seniors_pd, setup.delayed)}
    results = sandbox.bot.results
    loaded = (results.full_reloads, results.partial_reloads)
    await r.through([correction], (timedelta(seconds=30), polling.SLOW + timedelta(minutes=1)))
    # A corrected score changes one competition: loaded in place, the whole store not read again.
    assert results.full_reloads == loaded[0] and results.partial_reloads > loaded[1]
    for channel in (setup.everything, setup.seniors_pd, setup.delayed):
        assert len(server.messages(channel)) == before[channel.id]
        posts = {m.embeds[0]["title"]: m for m in live_posts(sandbox, channel)}
        sp, final = posts["Pairs · Short Program: results"], posts["Pairs: final result"]
        assert sp.edited and final.edited
        assert "Vera Bazarova / Yuri Larionov, score 67.41 → 68.41" in sp.embeds[0]["description"]
        assert "deductions 1.00 → 0.00" in sp.embeds[0]["description"]
        assert "Vera Bazarova / Yuri Larionov, score 189.44 → 190.44" in final.embeds[0]["description"]
        assert not posts["Ice Dance: final result"].edited
    assert not any(m.edited for m in live_posts(sandbox, setup.women))
    assert directs() == told and setup.shy.dm_refusals == 2  # a corrected score is not a new one

    # Its polls made no story from the results; its end does, from its complete results (the correction included).
    async def generated() -> list[str]:
        rows = await sandbox.db.fetchall(
            "SELECT s.summary FROM stories s JOIN competitions c ON c.id = s.competition_id "
            "WHERE s.fact_key IS NOT NULL AND s.deleted_at IS NULL AND c.key = ?",
            (watch.competition_key,),
        )
        return [row["summary"] for row in rows]

    assert watch.competition_key and await generated() == []
    await r.at(correction.when + polling.OVER_AFTER + timedelta(hours=1))
    assert (await sandbox.bot.live.watches())[0].state == WatchState.ENDED
    await sandbox.bot.live.ended.settled()
    summaries = await generated()
    assert any("Yuzuru Hanyu" in summary for summary in summaries)
    assert not any("67.41" in summary for summary in summaries)  # the corrected short program, 68.41

    check_polite(r, r.site.requests, measured)


@pytest.mark.parametrize("sent_before_crash", [False, True], ids=["killed-before-send", "killed-after-send"])
async def test_a_bot_stopped_mid_competition_resumes_without_a_double_or_a_gap(
    replay: Replay, monkeypatch: pytest.MonkeyPatch, sent_before_crash: bool
) -> None:
    r, sandbox = replay, replay.sandbox
    setup = await watch_and_subscribe(r)
    pairs_fs = phase(r, "results", "Pairs Free Skating")
    ladies_order = phase(r, "starting order", "Ladies Short Program")
    ladies_sp = phase(r, "results", "Ladies Short Program")
    await r.through(p for p in r.phases[1:] if p.when < pairs_fs.when)
    shown = len(live_posts(sandbox, setup.everything))
    assert shown == 5

    # The pairs' free skating results appear; the bot claims its first post and dies, before or after Discord got it.
    assert sandbox.bot is not None
    live = sandbox.bot.live
    kill_live_delivery(live, monkeypatch, after_send=sent_before_crash)
    with pytest.raises(Killed):
        await r.at(pairs_fs.when + timedelta(seconds=30))
    # The due posts are claimed together before the first is sent: the pairs' free and their final, in every
    # channel that wants them.
    claimed = await sandbox.db.fetchall("SELECT channel_id, item_key FROM live_posts WHERE state = 'claimed'")
    assert {row["item_key"] for row in claimed} == {"003/006/segment", "003/final"}
    assert {row["channel_id"] for row in claimed} == {setup.everything.id, setup.seniors_pd.id}
    # Killed after the send, both of the channel's posts had gone out (sent posts are recorded in groups, after).
    assert len(live_posts(sandbox, setup.everything)) == shown + (2 if sent_before_crash else 0)
    monkeypatch.undo()
    await sandbox.stop_bot()

    # While it is down, the ladies' short program starting order is published; it comes back half an hour later.
    r.clock.now = ladies_order.when + timedelta(minutes=30)
    await sandbox.start_bot()  # its recovery looks in the channel for the claimed post before sending it
    r.tune()
    await r.at(r.clock.now + timedelta(seconds=30))
    await r.through([ladies_sp])

    upto = [p for p in r.phases if p.when <= ladies_sp.when]
    assert titles(live_posts(sandbox, setup.everything)) == expected_titles(upto)
    assert titles(live_posts(sandbox, setup.delayed)) == expected_titles(upto)
    assert titles(live_posts(sandbox, setup.women)) == expected_titles(upto, {"women"})
    assert titles(live_posts(sandbox, setup.seniors_pd)) == expected_titles(upto, {"pairs", "ice_dance"})
    rows = await sandbox.db.fetchall("SELECT state, message_id FROM live_posts")
    assert {row["state"] for row in rows} == {"posted"}
    assert len({row["message_id"] for row in rows}) == len(rows)
    dms = [m.embeds[0]["title"] for m in sandbox.server.direct_messages(sandbox.member)]
    assert sorted(dms) == sorted(
        [
            "Yuzuru Hanyu · Men Short Program",
            "Meagan Duhamel / Eric Radford · Pairs Short Program",
            "Meagan Duhamel / Eric Radford · Pairs Free Skating",
        ]
    )


async def test_a_failing_site_is_backed_off_and_what_it_missed_is_posted_when_it_recovers(replay: Replay) -> None:
    r, sandbox = replay, replay.sandbox
    setup = await watch_and_subscribe(r)
    men_sp = phase(r, "results", "Men Short Program")
    await r.through(p for p in r.phases[1:] if p.when < men_sp.when)
    assert titles(live_posts(sandbox, setup.everything)) == expected_titles(p for p in r.phases if p.when < men_sp.when)

    # Healthy, while the segment's results are awaited: its results page every 5 seconds (polling.RESULTS_DUE), so
    # at each of these 10-second steps.
    start = men_sp.when - timedelta(minutes=5)
    await r.at(start)
    healthy = len(r.site.requests)
    for _ in range(12):
        await r.at(r.clock.now + timedelta(seconds=10))
    healthy_polls = polls(r.site.requests[healthy:])
    assert len(healthy_polls) == 12  # two minutes, a poll at each step

    # Then the host fails: four 503s, then a request that hangs past the client's timeouts. The results of the men's
    # short program appear meanwhile.
    failing = len(r.site.requests)
    r.site.fail_next(4, status=503)
    r.site.hang_next(1, seconds=30)
    listed = ""
    while len(r.site.requests) - failing < 5 or r.site.requests[-1].fault is not None:
        await r.at(r.clock.now + timedelta(seconds=10))
        if len(r.site.requests) - failing == 2 and not listed:
            listed = text_of(await sandbox.slash("live list"))
        assert r.clock.now - start < timedelta(hours=1)
    assert "watching, but the last 2 reads failed" in listed and "HTTP 503" in listed, listed
    log = r.site.requests[failing:]
    faults = [q for q in log if q.fault is not None]
    assert [q.fault for q in faults] == ["status"] * 4 + ["hang"]
    assert [q.status for q in faults] == [503] * 4 + [None]  # the client gave up on the hanging one
    # Each failed poll stopped at its first request, and waited longer each time: 30 s, 1, 2, 4 minutes, each with
    # up to half of it as jitter either way (and never sooner than the 20 s of the segment's pace).
    waits = [b.at - a.at for a, b in itertools.pairwise(faults)]
    for n, wait in enumerate(waits, start=1):
        base = polling.BACKOFF_FIRST * 2 ** (n - 1)
        assert max(base * 0.5, polling.FAST) <= wait <= base * 1.5 + timedelta(seconds=10), (n, waits)
    assert waits[-1] > waits[0] and sum(waits, timedelta()) >= timedelta(minutes=3)
    # Five requests in all while it failed, where a healthy site around a segment has a poll every 20 seconds.
    assert [q for q in log if q.at <= faults[-1].at] == faults

    # The host answers again: the results it held back are posted, the DM sent, and the pace is normal again.
    await r.at(r.clock.now + timedelta(seconds=30))
    upto = [p for p in r.phases if p.when <= men_sp.when]
    assert titles(live_posts(sandbox, setup.everything)) == expected_titles(upto)
    assert "Yuzuru Hanyu · Men Short Program" in [
        m.embeds[0]["title"] for m in sandbox.server.direct_messages(sandbox.member)
    ]
    watch = (await sandbox.bot.live.watches())[0]
    assert watch.failures == 0
    assert datetime.fromisoformat(watch.next_poll_at) - r.clock.now <= polling.FAST
