"""The live service against a real site served over loopback (the 2014 Worlds, some pages held back and then
published) and a poster that records what it would send: each item posted once per subscribed channel, in
competition order, after its delay; a restart between claim and send; follows; a failing site backing off."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from aiohttp import web

from bot.errors import UserFacingError
from bot.services.access import Actor, PermissionDenied
from bot.services.live import polling
from bot.services.live.delivering import live_outgoing
from bot.services.live.fetching import HostGate, PageCache
from bot.services.live.service import DirectClosed, DirectMessage, LiveService, PostFailed, PostMessage
from bot.services.outbox import Outbox, Outgoing
from bot.services.results import ResultsService
from db.database import Database
from db.models import DirectState, LivePostState, OutboxPost, WatchState
from db.repositories.live import LiveRepository
from db.repositories.outbox import OutboxRepository
from tests.isu_sites import wc2014

OWNER = Actor(1, 10, is_owner=True)
MOD = Actor(2, 10, is_moderator=True)
FAN = Actor(3, 10)
# Held back until the test publishes them: the men's free skate (its page, panel, PDF) and the men's result.
MEN_FREE = ("SEG002.HTM", "SEG002OF.HTM", "wc2014_Men_FS_Scores.pdf", "CAT001RS.HTM")


@dataclass
class Clock:
    now: datetime = datetime(2014, 3, 28, 9, 0, tzinfo=UTC)  # the men's free skate is at 08:10 UTC that day

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Site:
    """A results host on loopback serving a folder (aiohttp's static files: ETag, Last-Modified, 304)."""

    folder: Path
    url: str = ""
    requests: list[tuple[str, bool]] = field(default_factory=list)  # (path, conditional)
    failing: int = 0  # answer the next N requests with 503
    failing_once: set[str] = field(default_factory=set)  # the file names to answer the next request for with 503

    def publish(self, *names: str) -> None:
        for name in names:
            shutil.copy(wc2014() / name, self.folder / name)


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    folder = tmp_path / "site"
    shutil.copytree(wc2014(), folder)
    for name in MEN_FREE:
        (folder / name).unlink()
    served = Site(folder)

    @web.middleware
    async def record(request: web.Request, handler):  # type: ignore[no-untyped-def]
        conditional = "If-None-Match" in request.headers or "If-Modified-Since" in request.headers
        served.requests.append((request.path, conditional))
        if served.failing:
            served.failing -= 1
            raise web.HTTPServiceUnavailable()
        if Path(request.path).name in served.failing_once:
            served.failing_once.discard(Path(request.path).name)
            raise web.HTTPServiceUnavailable()
        return await handler(request)

    app = web.Application(middlewares=[record])
    app.router.add_static("/wc2014/", folder)
    runner = web.AppRunner(app)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    served.url = f"http://127.0.0.1:{port}/wc2014/wc2014.html"
    yield served
    await runner.cleanup()


class Poster:
    """What would reach Discord: sent posts, edits, direct messages; can fail on demand."""

    def __init__(self) -> None:
        self.sent: list[PostMessage] = []
        self.edits: list[tuple[PostMessage, int]] = []
        self.directs: list[DirectMessage] = []
        self.closed: set[int] = set()
        self.fail_next: PostFailed | None = None

    async def send(self, post: Outgoing | PostMessage) -> int:
        """A post as the outbox sends it (or, in a test, its message as Discord got it before a crash)."""
        if isinstance(post, Outgoing) and isinstance(post.content, DirectMessage):
            await self.direct(replace(post.content, locale=post.locale))
            return 7000 + len(self.directs)
        message = post.content if isinstance(post, Outgoing) else post
        assert isinstance(message, PostMessage)
        if self.fail_next is not None:
            failure, self.fail_next = self.fail_next, None
            raise failure
        self.sent.append(message)
        return 1000 + len(self.sent)

    async def edit(self, post: Outgoing, message_id: int) -> None:
        assert isinstance(post.content, PostMessage)
        self.edits.append((post.content, message_id))

    async def delete(self, post: OutboxPost) -> None:
        pass

    async def find(self, post: Outgoing) -> int | None:
        return next(
            (1001 + i for i, p in enumerate(self.sent) if p.marker == post.marker and p.channel_id == post.channel_id),
            None,
        )

    async def direct(self, message: DirectMessage) -> None:
        if message.user_id in self.closed:
            raise DirectClosed()
        self.directs.append(message)


@pytest.fixture
async def live(store: Database, results: ResultsService) -> LiveService:
    service = LiveService(LiveRepository(store), results, clock=Clock(), allow_private=True, gate=HostGate(spacing=0))
    service.attach(Poster())
    return service


def poster_of(live: LiveService) -> Poster:
    assert isinstance(live._poster, Poster)
    return live._poster


def advance(live: LiveService, **delta: float) -> None:
    clock = live._clock
    assert isinstance(clock, Clock)
    clock.now += timedelta(**delta)


async def test_only_owners_watch_and_a_bad_address_is_refused(live: LiveService, site: Site) -> None:
    with pytest.raises(PermissionDenied):
        await live.watch(MOD, site.url)
    with pytest.raises(UserFacingError) as bad:
        await live.watch(OWNER, "ftp://results.example/wc2014/")
    assert "http" in bad.value.message
    first = await live.watch(OWNER, site.url)
    assert first.reached and first.parsed and first.posts == 0  # what a site shows when watched is not news
    with pytest.raises(UserFacingError):
        await live.watch(OWNER, site.url)


async def test_new_results_are_posted_once_per_channel_in_order_after_the_delay(live: LiveService, site: Site) -> None:
    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None)
    await live.subscribe(
        MOD, channel_id=200, competition="Worlds 2014", disciplines=["men"], delay_minutes=10, role_id=77
    )
    await live.subscribe(MOD, channel_id=300, competition=None, disciplines=["pairs"])
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    polled = await live.poll_due()
    assert [p.new for p in polled] == [("001/002/segment", "001/final")]
    await live.deliver_due()
    poster = poster_of(live)
    assert [(p.channel_id, p.item_key) for p in poster.sent] == [(100, "001/002/segment"), (100, "001/final")]
    advance(live, minutes=10)
    await live.deliver_due()
    assert [(p.channel_id, p.item_key, p.role_id) for p in poster.sent[2:]] == [
        (200, "001/002/segment", 77),
        (200, "001/final", 77),
    ]
    # Polled again with nothing new, delivered again: nothing more.
    advance(live, minutes=1)
    again = await live.poll_due()
    assert again and not again[0].parsed and not again[0].new
    await live.deliver_due()
    assert len(poster.sent) == 4
    watch = (await live.watches())[0]
    assert {p.state for p in await live.repo.posts_of(watch.id)} == {LivePostState.POSTED}


async def test_an_unchanged_site_costs_conditional_requests_for_the_hot_pages_only(
    live: LiveService, site: Site
) -> None:
    await live.watch(OWNER, site.url)
    first = len(site.requests)
    advance(live, minutes=1)
    await live.poll_due()
    asked = site.requests[first:]
    assert asked and all(conditional for _, conditional in asked if not _.endswith(MEN_FREE))
    # Around the men's free skate only its pages, its category's and the index are asked about.
    assert {Path(path).name for path, _ in asked} <= {"wc2014.html", *MEN_FREE}


async def test_a_restart_between_claim_and_send_neither_loses_nor_doubles(live: LiveService, site: Site) -> None:
    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None, disciplines=["men"])
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    await live.poll_due()
    poster = poster_of(live)
    # The first post went out, then the bot stopped before it recorded it; the second was claimed only.
    due = await live.repo.due_posts(live.now().isoformat())
    item = await live.repo.item(due[0].watch_id, due[0].item_key)
    assert item is not None
    stopped = Outbox(OutboxRepository(live.repo.database), clock=live.now)  # the process that stopped
    claims = [live_outgoing(await live._message(post, item.version, item.content, {})) for post in due]
    assert sorted(await stopped.claim_due(claims)) == sorted(claim.key for claim in claims)
    message = await live._message(due[0], item.version, item.content, {})
    await poster.send(message)
    sent = await live.recover()
    assert sent == 1
    assert [(p.item_key) for p in poster.sent] == ["001/002/segment", "001/final"]
    assert await live.deliver_due() == 0


async def test_passing_failures_are_retried_and_lasting_ones_recorded(live: LiveService, site: Site) -> None:
    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None, disciplines=["men"])
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    await live.poll_due()
    poster = poster_of(live)
    poster.fail_next = PostFailed("Discord 503", transient=True)
    await live.deliver_due()
    assert [p.item_key for p in poster.sent] == ["001/final"]
    advance(live, minutes=1)
    await live.deliver_due()
    assert [p.item_key for p in poster.sent] == ["001/final", "001/002/segment"]
    await live.subscribe(MOD, channel_id=400, competition=None, disciplines=["women"])
    watch = (await live.watches())[0]
    assert all(p.state is LivePostState.POSTED for p in await live.repo.posts_of(watch.id))


async def test_a_follower_is_told_once_and_closed_messages_are_recorded_not_retried(
    live: LiveService, site: Site
) -> None:
    await live.watch(OWNER, site.url)
    name, new = await live.follow(FAN, "Yuzuru Hanyu")
    assert name == "Yuzuru Hanyu" and new
    await live.follow(Actor(4, 10), "Yuzuru Hanyu")
    _, again = await live.follow(Actor(5, 10), "Yuzuru Hanyu", "en-US")
    _, again = await live.follow(Actor(5, 10), "Yuzuru Hanyu", "ja")  # following again: the language of now
    assert not again
    poster = poster_of(live)
    poster.closed.add(4)
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    await live.poll_due()
    await live.deliver_due()
    await live.deliver_due()
    assert [(d.user_id, d.skater, d.locale) for d in poster.directs] == [
        (3, "Yuzuru Hanyu", None),
        (5, "Yuzuru Hanyu", "ja"),
    ]
    watch = (await live.watches())[0]
    states = {(user, state) for user, _, _, state, _ in await live.repo.directs(watch.id)}
    assert states == {(3, DirectState.SENT), (4, DirectState.CLOSED), (5, DirectState.SENT)}
    assert await live.following(FAN) == ["Yuzuru Hanyu"]


async def test_a_failing_site_backs_off_and_recovers(live: LiveService, site: Site) -> None:
    await live.watch(OWNER, site.url)
    site.failing = 1000
    waits = []
    for _ in range(4):
        watch = (await live.watches())[0]
        live._clock.now = datetime.fromisoformat(watch.next_poll_at)  # type: ignore[attr-defined]
        result = (await live.poll_due())[0]
        assert not result.reached
        after = (await live.watches())[0]
        waits.append(datetime.fromisoformat(after.next_poll_at) - live.now())
    assert after.failures == 4 and "503" in (after.last_error or "")
    assert waits[-1] > waits[0]
    site.failing = 0
    live._clock.now = datetime.fromisoformat(after.next_poll_at)  # type: ignore[attr-defined]
    assert (await live.poll_due())[0].reached
    healed = (await live.watches())[0]
    assert healed.failures == 0 and healed.last_error is None and healed.state is WatchState.WATCHING


async def test_a_refused_watch_leaves_no_stopped_row(live: LiveService, site: Site) -> None:
    missing = site.url.replace("wc2014.html", "nothing-here.html")
    with pytest.raises(UserFacingError) as refused:
        await live.watch(OWNER, missing)
    assert "404" in refused.value.message or "not found" in refused.value.message.casefold()
    assert await live.watches() == []  # not a "stopped" watch nobody started
    # A watch that was read before and is resumed on a site that now fails is stopped again, its past kept.
    await live.watch(OWNER, site.url)
    watch = (await live.watches())[0]
    await live.unwatch(OWNER, str(watch.id))
    site.failing = 1000
    with pytest.raises(UserFacingError):
        await live.watch(OWNER, site.url)
    kept = await live.watches()
    assert [(w.id, w.state) for w in kept] == [(watch.id, WatchState.STOPPED)]
    assert await live.repo.item_keys(watch.id)


async def test_unsubscribing_from_every_competition_keeps_a_competition_subscriptions_due_posts(
    live: LiveService, site: Site
) -> None:
    await live.watch(OWNER, site.url)
    every, _ = await live.subscribe(MOD, channel_id=100, competition=None, delay_minutes=5)
    await live.subscribe(MOD, channel_id=100, competition="Worlds 2014", delay_minutes=5)
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    await live.poll_due()
    watch = (await live.watches())[0]
    due = [p.item_key for p in await live.repo.posts_of(watch.id) if p.state is LivePostState.DUE]
    assert due == ["001/002/segment", "001/final"]
    await live.unsubscribe(MOD, every.id)
    # The channel still wants Worlds 2014 through its other subscription: its due posts stay, and go out.
    still = [p.item_key for p in await live.repo.posts_of(watch.id) if p.state is LivePostState.DUE]
    assert still == due
    advance(live, minutes=5)
    await live.deliver_due()
    assert [(p.channel_id, p.item_key) for p in poster_of(live).sent] == [(100, k) for k in due]


async def test_a_site_linking_more_pages_than_a_results_site_has_is_refused(live: LiveService, site: Site) -> None:
    live.max_pages = 5  # wc2014 links about 50 files: as a site linking thousands would be to the real cap
    with pytest.raises(UserFacingError) as refused:
        await live.watch(OWNER, site.url)
    assert "links more than 5 files" in refused.value.message, refused.value.message
    assert len(site.requests) == 5 and await live.watches() == []


async def test_a_parse_that_takes_too_long_is_cut_off(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from bot.services.isu import page_reader, site_reading

    released = threading.Event()
    started = threading.Event()

    def stuck(html: str, name: str) -> object:  # a parse that does not end until the test lets it
        started.set()
        released.wait(60)
        raise AssertionError("never read")

    monkeypatch.setattr(site_reading, "parse_index", stuck)
    monkeypatch.setattr(page_reader, "PARSE_DEADLINE", 0.05)
    try:
        with pytest.raises(UserFacingError) as refused:
            await live.watch(OWNER, site.url)
    finally:
        released.set()
    assert started.is_set()
    assert "parsing took longer than 0.05 s, so it was cut off" in refused.value.message, refused.value.message
    assert await live.watches() == []


async def test_a_score_flipping_between_polls_is_edited_at_most_once_a_minute(live: LiveService, site: Site) -> None:
    from bot.services.live.service import EDIT_SPACING

    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None, disciplines=["men"])
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    await live.poll_due()
    await live.deliver_due()
    poster = poster_of(live)
    assert [p.item_key for p in poster.sent] == ["001/002/segment", "001/final"]
    page = site.folder / "SEG002.HTM"
    scores = (page.read_bytes(), page.read_bytes().replace(b">191.35<", b">192.35<", 1))
    assert scores[0] != scores[1]
    # The site flips Hanyu's free skating score back and forth at every poll for five minutes (a poll every 5 to 20
    # seconds while the segment is on); the bot delivers after each poll.
    start = live.now()
    edits_at: list[datetime] = []
    flips = 0
    while live.now() - start < timedelta(minutes=5):
        watch = (await live.watches())[0]
        live._clock.now = max(datetime.fromisoformat(watch.next_poll_at), live.now())  # type: ignore[attr-defined]
        flips += 1
        page.write_bytes(scores[flips % 2])
        polled = await live.poll_due()
        assert polled and polled[0].reached
        before = len(poster.edits)
        await live.deliver_due()
        edits_at += [live.now()] * (len(poster.edits) - before)
    assert flips >= 15
    segment_edits = [
        at for (post, _), at in zip(poster.edits, edits_at, strict=True) if post.item_key.endswith("segment")
    ]
    assert 2 <= len(segment_edits) <= 6  # a flip is seen, but at most one edit a minute
    assert all(b - a >= EDIT_SPACING for a, b in itertools.pairwise(segment_edits))
    assert segment_edits[0] - start >= EDIT_SPACING  # none within a minute of the post


async def test_a_poll_that_sees_a_change_loads_its_competition_in_place_not_the_whole_store(
    live: LiveService, site: Site, store: Database
) -> None:
    from db.repositories.results import ResultsRepository

    await live.watch(OWNER, site.url)  # the first import of the competition: the store is loaded whole
    results = live.results
    loaded_whole = results.full_reloads
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    assert (await live.poll_due())[0].new
    page = site.folder / "SEG002.HTM"
    page.write_bytes(page.read_bytes().replace(b">191.35<", b">192.35<", 1))  # a corrected score
    watch = (await live.watches())[0]
    live._clock.now = max(datetime.fromisoformat(watch.next_poll_at), live.now())  # type: ignore[attr-defined]
    assert (await live.poll_due())[0].parsed
    assert (results.full_reloads, results.partial_reloads) == (loaded_whole, 2)
    # ... and what it loaded answers as the whole store loaded afresh does.
    fresh = ResultsService(ResultsRepository(store))
    await fresh.refresh()
    men = next(e for e in fresh.events_of(fresh.competition("Worlds 2014")) if e.discipline == "men")
    for service in (results, fresh):
        assert service.skater_choices("Hanyu") == fresh.skater_choices("Hanyu")
        assert service.skaters.search("Yuzuru") == fresh.skaters.search("Yuzuru")  # with their ranks
        assert service.all_competitions() == fresh.all_competitions()
    mine, theirs = await results.standings("Worlds 2014", men.key), await fresh.standings("Worlds 2014", men.key)
    assert [(e.skaters, e.total, e.place) for e in mine.entries] == [
        (e.skaters, e.total, e.place) for e in theirs.entries
    ]


class Imports:
    """Counts the imports the polls run (the importer's own function, wrapped); can fail the next one."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import bot.services.importer as importer

        self.count = 0
        self.fail_next = False
        real = importer.import_document

        async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.count += 1
            if self.fail_next:
                self.fail_next = False
                raise importer.ImportFormatError("the import failed midway")
            return await real(*args, **kwargs)

        monkeypatch.setattr(importer, "import_document", counted)


async def sweep_due(live: LiveService) -> None:
    """The clock past the next sweep (every page asked about again, not only the hot ones)."""
    advance(live, minutes=polling.SLOW.total_seconds() / 60 + 1)


async def test_an_unchanged_sweep_imports_nothing_and_posts_nothing_twice(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None)
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    assert (await live.poll_due())[0].new
    await live.deliver_due()
    sent = len(poster_of(live).sent)
    assert (imports.count, sent) == (2, 2)
    await sweep_due(live)
    before = len(site.requests)
    swept = await live.poll_due()
    assert swept and swept[0].reached and not swept[0].parsed
    # Every page was asked about again (the PDFs and the pages of segments not on now too), conditionally.
    asked = {Path(path).name for path, conditional in site.requests[before:] if conditional}
    assert {"SEG004.HTM", "wc2014_Ladies_FS_Scores.pdf", "CAT001RS.HTM"} <= asked
    await live.deliver_due()
    assert (imports.count, len(poster_of(live).sent)) == (2, sent)
    # ... and the next one too, still on time.
    await sweep_due(live)
    assert not (await live.poll_due())[0].parsed
    watch = (await live.watches())[0]
    assert datetime.fromisoformat(watch.next_poll_at) == live.now() + polling.FAST
    assert imports.count == 2


async def test_a_sweep_imports_a_page_changed_outside_the_hot_ones(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    page = site.folder / "SEG004.HTM"  # a segment of another day: not asked about between sweeps
    page.write_bytes(page.read_bytes().replace(b">138.03<", b">138.13<", 1))
    advance(live, minutes=1)
    assert not (await live.poll_due())[0].parsed
    assert imports.count == 1
    await sweep_due(live)
    swept = (await live.poll_due())[0]
    assert swept.parsed and swept.changed
    assert imports.count == 2


async def test_a_page_taken_down_is_imported_by_the_sweep(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    (site.folder / "wc2014_Ladies_FS_Scores.pdf").unlink()
    await sweep_due(live)
    assert (await live.poll_due())[0].parsed
    assert imports.count == 2
    await sweep_due(live)
    assert not (await live.poll_due())[0].parsed  # still gone: nothing more to read
    assert imports.count == 2


@pytest.mark.parametrize("failing", ["import", "record"])
async def test_after_a_failed_poll_the_next_unchanged_one_still_imports(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    await live.subscribe(MOD, channel_id=100, competition=None)
    site.publish(*MEN_FREE)
    advance(live, minutes=1)
    if failing == "import":
        imports.fail_next = True
        failed = await live.poll_due()
        assert failed and not failed[0].reached
    else:
        record_items = live.repo.record_items

        async def fails(*args, **kwargs):  # type: ignore[no-untyped-def]
            monkeypatch.setattr(live.repo, "record_items", record_items)
            raise OSError("the disk went away midway")

        monkeypatch.setattr(live.repo, "record_items", fails)
        assert await live.poll_due() == []  # logged, not recorded
    assert imports.count == 2
    # The pages read by the failed poll are in memory and unchanged since: the next poll imports them all the same.
    advance(live, minutes=1)
    again = await live.poll_due()
    assert again[0].parsed and again[0].new == ("001/002/segment", "001/final")
    await live.deliver_due()
    assert [p.item_key for p in poster_of(live).sent] == ["001/002/segment", "001/final"]
    assert imports.count == 3
    # Recorded whole now: the sweep after it is a poll only.
    await sweep_due(live)
    assert not (await live.poll_due())[0].parsed
    assert imports.count == 3


def test_the_cache_calls_a_site_read_differently_dirty_until_an_import_completes() -> None:
    cache = PageCache()
    assert cache.dirty  # nothing imported yet (the first poll after a restart)
    cache.begin(None)
    cache.conditions("http://h/a.htm")
    cache.store("http://h/a.htm", b"<p>x</p>", "utf-8", '"1"', None)
    cache.reuse("http://h/a.htm")
    cache.conditions("http://h/b.htm")
    cache.missing("http://h/b.htm")
    cache.settle()
    assert not cache.dirty and cache.imported == {"http://h/a.htm"}
    for differs in (
        lambda: cache.store("http://h/a.htm", b"<p>x</p>", "shift_jis", '"2"', None),  # other charset, same bytes
        lambda: cache.store("http://h/c.htm", b"new", None, None, None),  # a page that appeared
        lambda: cache.missing("http://h/d.htm"),  # a page linked now, not there
        lambda: cache.missing("http://h/a.htm"),  # taken down
    ):
        cache.begin(None)
        cache.settle()
        assert not cache.dirty
        differs()
        assert cache.dirty
    # A request that got no answer (the importer passed the page over) keeps the next poll importing.
    cache.begin(None)
    cache.conditions("http://h/e.htm")
    cache.settle()
    assert cache.dirty


async def test_a_site_with_a_page_passed_over_is_imported_again_at_each_sweep(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    # A page the importer passes over: damaged for good here, or its parse cut off on a busy machine, which the same
    # bytes may not be next time.
    (site.folder / "SEG004.HTM").write_bytes(b"<html><body><table><tr><td>cut sh")
    await sweep_due(live)
    assert (await live.poll_due())[0].parsed
    await sweep_due(live)
    assert (await live.poll_due())[0].parsed
    assert imports.count == 3


async def test_a_page_failing_in_a_sweep_is_asked_once_and_the_next_poll_imports_again(
    live: LiveService, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    imports = Imports(monkeypatch)
    await live.watch(OWNER, site.url)
    site.failing_once.add("SEG004.HTM")
    await sweep_due(live)
    before = len(site.requests)
    swept = (await live.poll_due())[0]
    assert swept.reached and swept.parsed  # the import read its last body
    assert [path for path, _ in site.requests[before:]].count("/wc2014/SEG004.HTM") == 1
    await sweep_due(live)
    assert (await live.poll_due())[0].parsed  # what the failed request left unread is read again
    await sweep_due(live)
    assert not (await live.poll_due())[0].parsed
    assert imports.count == 3
