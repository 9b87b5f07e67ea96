"""Reading a watched results site: when to poll it (bot.services.live.polling), asking politely for what may have
changed (bot.services.live.fetching), importing it through the same importer as `skatebot import-isu`, and recording
what is new or corrected (bot.services.live.items) with the posts and direct messages it makes, in one transaction.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bot.services.events import Signal
from bot.services.live import items as live_items
from bot.services.live import polling, zones
from bot.services.live.fetching import HostGate, PageCache
from bot.services.live.polling import iso
from bot.services.results import ResultsService
from bot.services.shards import Shards
from bot.services.telemetry import LiveTelemetry
from db.models import Watch, WatchState
from db.repositories.live import LiveRepository

log = logging.getLogger(__name__)


class TooManyPages(Exception):
    """A poll asked for more files than polling.MAX_PAGES: the site is not read further (not a page's own failure,
    which the importer would warn about and pass over)."""


# The importer's warnings for a page or PDF it read and passed over (damaged, unreadable, its parse cut off).
PAGES_LOST = frozenset({"isu-page-damaged", "isu-page-unread", "isu-pdf-skipped", "isu-pdf-unread"})


@dataclass(frozen=True, slots=True)
class PollResult:
    """What one poll of a site came to (for logs, the command line and tests)."""

    watch: Watch
    reached: bool
    parsed: bool = False
    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    posts: int = 0
    directs: int = 0
    error: str | None = None


@dataclass
class SiteState:
    cache: PageCache = field(default_factory=PageCache)
    sweep_at: datetime | None = None  # the next poll that asks about every page, not only the hot ones
    hot_at: datetime | None = None  # the last poll that asked about every hot page
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one poll of a site at a time (its cache is shared)
    # What the last completed import and record left: the watch as stored after it, and the finals the site has and
    # of them seen (whether the competition may be over by now). None: no poll imported since the start.
    settled: tuple[tuple[Any, ...], int, int] | None = None


def _as_recorded(watch: Watch) -> tuple[Any, ...]:
    """What of a watch its record reads or writes (another value, changed by a command: the site is read again)."""
    return (watch.url, watch.name, watch.competition_key, watch.timezone, watch.schedule, watch.state)


class Reader:
    """Polling the watched sites (LiveService's reading half). `on_correction`: told when a poll saw an item change,
    so the delivery looks for the messages that show an older version."""

    def __init__(
        self,
        repo: LiveRepository,
        results: ResultsService,
        *,
        clock: Callable[[], datetime],
        on_correction: Callable[[], None],
        allow_private: bool,
        gate: HostGate,
        rng: random.Random,
        shards: Shards,
        telemetry: LiveTelemetry,
    ) -> None:
        self.repo = repo
        self.results = results
        self.now = clock
        self._on_correction = on_correction
        self.allow_private = allow_private
        self.gate = gate
        self._rng = rng
        self.shards = shards
        self.telemetry = telemetry
        self.sites: dict[int, SiteState] = {}
        # A site's requests give up after these (seconds; the importer's): a hung host is a failed poll, backed off.
        self.connect_timeout: float = 10
        self.read_timeout: float = 30
        self.file_deadline: float = 120
        self.max_pages = polling.MAX_PAGES  # requests a poll may make (the site's pages, PDFs and redirects)
        # Announced with the watch's id when its competition is over (every final seen): its results are complete,
        # and the stories from the results are generated from them then, not from every partial poll.
        self.ended: Signal[int] = Signal("live competition ended")

    async def poll_due(self) -> list[PollResult]:
        """Polls every watched site whose time has come, side by side: a slow site (a full read after a restart, a
        host that hangs) never holds back another's; requests to one host are still spaced by the gate. Sharded, only
        the process running shard 0 reads the sites: the others deliver what its polls record."""
        if not self.shards.lead:
            return []
        watches = await self.repo.due_watches(iso(self.now()))
        results: list[PollResult] = []
        for watch, outcome in zip(
            watches, await asyncio.gather(*(self.poll(w) for w in watches), return_exceptions=True), strict=True
        ):
            if isinstance(outcome, PollResult):
                results.append(outcome)
            elif isinstance(outcome, Exception):
                self.telemetry.poll_failed()
                log.error("live: polling %s failed", watch.url, exc_info=outcome)
            else:
                raise outcome
        return results

    async def poll(self, watch: Watch, *, baseline: bool = False) -> PollResult:
        """Reads the site (what may have changed), imports it, and records what is new. `baseline`: the first
        read of a new watch, whose items are seen but not posted."""
        site_state = self.sites.setdefault(watch.id, SiteState())
        async with site_state.lock:
            return await self._poll(watch, site_state, baseline=baseline)

    async def _poll(self, watch: Watch, site_state: SiteState, *, baseline: bool) -> PollResult:
        from bot.services.importer import ImportFormatError
        from bot.services.isu.pages import EmptyPage, PageError
        from bot.services.isu.protocol_pdf import ProtocolError
        from bot.services.isu.source import HttpSource, SourceError

        now = self.now()
        cache = site_state.cache
        starts = [datetime.fromisoformat(entry["starts_at"]) for entry in watch.schedule]
        awaited = awaited_segments(watch.schedule, await self.repo.item_keys(watch.id), now)
        sweep = site_state.sweep_at is None or now >= site_state.sweep_at
        asked = 0

        async def before_request(host: str) -> None:
            nonlocal asked
            asked += 1
            if asked > self.max_pages:
                raise TooManyPages(
                    f"{watch.url}: the site links more than {self.max_pages} files, more than a results site has: "
                    "not read further"
                )
            await self.gate.wait(host)

        try:
            async with HttpSource(
                watch.url,
                allow_private=self.allow_private,
                cache=cache,
                before_request=before_request,
                connect_timeout=self.connect_timeout,
                read_timeout=self.read_timeout,
                file_deadline=self.file_deadline,
            ) as source:
                if await self._unchanged(watch, site_state, source, awaited, baseline, starts, sweep, now):
                    if sweep:
                        site_state.sweep_at = now + polling.SLOW
                    wait = polling.interval(now, starts, [datetime.fromisoformat(e["starts_at"]) for e in awaited])
                    await self.repo.polled(watch.id, at=iso(now), next_poll_at=iso(now + wait))
                    return PollResult(watch, reached=True)
                site, document, snapshot, report = await self._import(watch, source)
        except EmptyPage as exc:
            # The index before its categories (a site published ahead of its event): reached, nothing to read yet.
            log.info("live: %s lists nothing yet: %s", watch.url, exc)
            if sweep:
                site_state.sweep_at = now + polling.SLOW
            await self.repo.polled(watch.id, at=iso(now), next_poll_at=iso(now + polling.interval(now, starts)))
            return PollResult(watch, reached=True)
        except (SourceError, PageError, ProtocolError, ImportFormatError, TooManyPages) as exc:
            wait = max(polling.backoff(watch.failures + 1, self._rng), polling.interval(now, starts))
            await self.repo.poll_failed(watch.id, error=str(exc)[:500], next_poll_at=iso(now + wait))
            self.telemetry.poll_failed()
            log.warning("live: polling %s failed (%d in a row): %s", watch.url, watch.failures + 1, exc)
            return PollResult(watch, reached=False, error=str(exc))
        if sweep:
            site_state.sweep_at = now + polling.SLOW
        await self.results.after_import(snapshot, changed=report.changed)
        return await self._record(watch, site, document, baseline=baseline, now=now, site_state=site_state)

    async def _unchanged(
        self,
        watch: Watch,
        site_state: SiteState,
        source: Any,
        awaited: list[dict[str, Any]],
        baseline: bool,
        starts: Sequence[datetime],
        sweep: bool,
        now: datetime,
    ) -> bool:
        """Asks about the pages this poll reads (the hot ones, or on a sweep every one): whether the site reads as
        the last completed import read it, so that the poll may stop there."""
        cache = site_state.cache
        if cache.known and not sweep:
            await self._checked_pages_changed(watch, site_state, source, awaited, now)
            return self._as_imported(watch, site_state, baseline, starts, now)
        cache.begin(None)
        site_state.hot_at = now
        # A sweep first asks again about the pages the last import read, as they were asked then: when none differs,
        # the site reads as it did, and parsing and importing it again would change nothing (what changes a site's
        # reading, a page appearing or vanishing, shows in the index or a category page it links from).
        return (
            self._as_imported(watch, site_state, baseline, starts, now)
            and await self._revalidated(source, cache)
            and not cache.dirty
        )

    async def _import(self, watch: Watch, source: Any) -> tuple[Any, dict[str, Any], Any, Any]:
        """Reads the site and imports it: (site, document, the loaded results' snapshot, the import's report)."""
        from bot.services.importer import import_document
        from bot.services.isu.importer import build_document, read_site

        site = await read_site(source)
        document = build_document(site, source)
        # The first import of a watch is guarded (a site must not overwrite another stored competition); after it,
        # the competition is the watch's own, and its dates and name grow as the event runs. What the loaded
        # results hold of the competition first, so that what the import changed is loaded in place after it, not
        # the whole store on every change.
        snapshot = (
            await self.results.before_import(document["competitions"][0]["id"])
            if len(document["competitions"]) == 1
            else None
        )
        report = await import_document(
            self.repo.database,
            document,
            source=source.describe(source.index_name),
            guard_identity=document["competitions"][0]["id"] != watch.competition_key,
        )
        return site, document, snapshot, report

    def _as_imported(
        self, watch: Watch, site_state: SiteState, baseline: bool, starts: Sequence[datetime], now: datetime
    ) -> bool:
        """Whether, the pages read as the last completed import read them, the poll may stop there: not a baseline
        (its record is the watch's starting point), no page differs since that import (nor failed in it), the watch
        is as that record left it, and the competition cannot have become over since (only a record ends it)."""
        settled = site_state.settled
        if baseline or settled is None or site_state.cache.dirty:
            return False
        recorded, finals, finals_seen = settled
        return recorded == _as_recorded(watch) and not polling.is_over(now, starts, finals, finals_seen)

    async def _revalidated(self, source: Any, cache: PageCache) -> bool:
        """Asks about the index, then every other page the last import read, until one differs: whether all could
        be asked about as before (False: the site is read whole, and what was asked here is not asked again)."""
        from bot.services.isu.source import MissingFile, SourceError

        try:
            await source.read(source.index_name)  # first: where the index is now places the other pages
        except MissingFile:
            return False
        for url in cache.unasked_imported():
            if cache.dirty:
                return False
            name = _name_in(source, url)
            if name is None:
                return False  # not a page under the index's folder now: the site is read as a whole
            try:
                await source.read(name)
            except MissingFile:
                pass  # still missing, or taken down (a change the cache notes)
            except SourceError:
                # Not asked twice in one poll (a struggling host): the import reads its last body, as it reads a page
                # not hot between sweeps, and the page stays unanswered, so the next poll imports again.
                return False
        return True

    async def _checked_pages_changed(
        self, watch: Watch, site_state: SiteState, source: Any, awaited: list[dict[str, Any]], now: datetime
    ) -> bool:
        """Asks about the pages that may have changed (conditional requests): whether any did."""
        from bot.services.isu.source import MissingFile

        cache = site_state.cache
        # Every FAST, the hot pages; in between, while a segment's results are awaited, only the page that brings
        # them (polling.RESULTS_DUE).
        full = not awaited or site_state.hot_at is None or now - site_state.hot_at >= polling.FAST
        if full:
            check = self._hot_urls(watch, source, now)
            site_state.hot_at = now
        else:
            check = {str(source.url_for(e["results_page"])): e["results_page"] for e in awaited}
        cache.begin(check)  # the pages checked, asked once: the import below reads them from memory
        for name in check.values():
            try:
                await source.read(name)
            except MissingFile:
                pass  # a page not there yet; the importer sees the same when it reads the site
        return cache.changed

    def _hot_urls(self, watch: Watch, source: Any, now: datetime) -> dict[str, str]:
        """URL → page name of the pages that may change now: the index, and the pages of every segment inside
        its polling window with its category's result page."""
        hot = {str(source.url_for(source.index_name)): source.index_name}
        for entry in watch.schedule:
            starts = datetime.fromisoformat(entry["starts_at"])
            if starts - polling.BEFORE <= now <= starts + polling.AFTER:
                for name in entry.get("pages", ()):
                    hot[str(source.url_for(name))] = name
        return hot

    async def _record(
        self,
        watch: Watch,
        site: Any,
        document: dict[str, Any],
        *,
        baseline: bool,
        now: datetime,
        site_state: SiteState,
    ) -> PollResult:
        zone = zones.zone_for(site.index.timezone, zones.given(watch.timezone), site.index.city, site.index.country)
        seen = await self.repo.items(watch.id)
        orders = {key: row.content for key, row in seen.items() if row.kind == live_items.ItemKind.ORDER.value}
        found = live_items.without_partial(live_items.items(site, zone.zone), orders)
        new = sorted((item for item in found if item.key not in seen), key=live_items.competition_order)
        changed = [item for item in found if item.key in seen and seen[item.key].digest != item.digest]
        posts: list[tuple[int, int, str, int | None, str, int]] = []
        directs: list[tuple[int, str, int]] = []
        if not baseline:
            subscriptions = await self.repo.subscriptions_for(watch.id)
            for position, item in enumerate(new):
                for sub in subscriptions:
                    if sub.wants(watch.id, item.discipline, item.level):
                        due = iso(now + timedelta(minutes=sub.delay_minutes))
                        posts.append((sub.channel_id, sub.guild_id, item.key, sub.role_id, due, position))
            directs = await self._directs_for([i for i in new if i.kind is live_items.ItemKind.SEGMENT])
        schedule = _schedule_rows(site, zone.zone)
        await self.repo.record_items(
            watch.id,
            [(i.key, i.kind.value, i.discipline, i.level, i.digest, i.content) for i in [*new, *changed]],
            posts,
            directs,
            iso(now),
        )
        if changed:
            self._on_correction()
        finals = len(site.categories)
        finals_seen = sum(1 for item in found if item.kind is live_items.ItemKind.FINAL)
        starts = [datetime.fromisoformat(entry["starts_at"]) for entry in schedule]
        awaited = awaited_segments(schedule, {item.key for item in found} | set(seen), now)
        await self.repo.polled(
            watch.id,
            at=iso(now),
            next_poll_at=iso(
                now + polling.interval(now, starts, [datetime.fromisoformat(e["starts_at"]) for e in awaited])
            ),
            name=site.index.name,
            competition_key=document["competitions"][0]["id"],
            timezone=zone.stored,
            schedule=schedule,
        )
        if polling.is_over(now, starts, finals, finals_seen):
            await self.repo.set_watch_state(watch.id, WatchState.ENDED)
            self.ended.announce(watch.id)
        await self._settle(watch, site_state, site, finals, finals_seen)
        return PollResult(
            watch,
            reached=True,
            parsed=True,
            new=tuple(i.key for i in new),
            changed=tuple(i.key for i in changed),
            posts=len(posts),
            directs=len(directs),
        )

    async def _settle(self, watch: Watch, site_state: SiteState, site: Any, finals: int, finals_seen: int) -> None:
        """Imported and recorded whole: until a page differs, reading the site again would record nothing more."""
        recorded = await self.repo.watch(watch.id)
        if recorded is None:
            return
        site_state.settled = (_as_recorded(recorded), finals, finals_seen)
        site_state.cache.settle()
        if any(warning.key in PAGES_LOST for warning in site.warnings):
            # A page passed over may read next time with the same bytes (its parse cut off on a busy machine): the
            # site stays to be imported again.
            site_state.cache.dirty = True

    async def _directs_for(self, scored: Sequence[live_items.LiveItem]) -> list[tuple[int, str, int]]:
        """(member, item, skater) for every follower of a skater the new results score: one per member and score (a
        member following both partners of a couple hears of the couple's score once)."""
        from bot.services.import_format import skater_match_key  # with the importer, loaded by the first poll

        keyed: dict[str, list[tuple[str, int]]] = {}  # match key -> (item, the entry of the item it skated in)
        for item in scored:
            for entry, skater in enumerate(item.content.get("skaters", [])):
                for name in skater.get("names", []):
                    keyed.setdefault(skater_match_key(name, skater["nation"]), []).append((item.key, entry))
        ids = await self.repo.skater_ids(list(keyed))
        by_skater = {skater_id: keyed[key] for key, skater_id in ids.items()}
        found: dict[tuple[int, str, int], int] = {}
        for user, skater_id in await self.repo.followers(list(by_skater)):
            for item_key, entry in by_skater[skater_id]:
                found.setdefault((user, item_key, entry), skater_id)
        return [(user, item_key, skater_id) for (user, item_key, _), skater_id in found.items()]


def _name_in(source: Any, url: str) -> str | None:
    """The name a page at `url` is read by from the site's index folder, or None when no name reads it there."""
    from bot.services.isu.source import SourceError

    root = str(source.root)
    if not url.startswith(root) or url == root:
        return None
    name = url[len(root) :]
    try:
        return name if str(source.url_for(name)) == url else None
    except SourceError:
        return None


def _schedule_rows(site: Any, zone: Any) -> list[dict[str, Any]]:
    """The watch's schedule as stored: each segment's time, pages and keys."""
    return [
        {
            "category": s.category,
            "segment": s.segment,
            "discipline": s.discipline,
            "level": s.level,
            "event_key": s.event_key,
            "starts_at": s.starts_at.isoformat(),
            "order": s.order_key,
            "result": s.result_key,
            "results_page": s.results_page,
            "pages": list(s.pages),
        }
        for s in live_items.schedule(site, zone)
    ]


def awaited_segments(schedule: Sequence[dict[str, Any]], seen: Collection[str], now: datetime) -> list[dict[str, Any]]:
    """The schedule's segments under way (started, inside their polling window) whose results are not seen yet and
    whose results page is known."""
    awaited = []
    for entry in schedule:
        starts = datetime.fromisoformat(entry["starts_at"])
        if entry.get("results_page") and entry["result"] not in seen and starts <= now <= starts + polling.AFTER:
            awaited.append(entry)
    return awaited
