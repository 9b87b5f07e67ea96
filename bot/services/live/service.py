"""Competition week, live: watched results sites, subscribed channels, followed skaters.

A poll reads a watched site (politely: bot.services.live.fetching), imports it into the store through the same
importer as `skatebot import-isu`, and compares what the site shows (bot.services.live.items) with what was
seen before. A new item becomes one `live_posts` row per subscribed channel (due after the channel's delay) and
one direct message per member following a skater it scores; a changed item (a correction) raises its version,
and the delivery edits the messages that show an older one. Rows are written with the items in one
transaction, claimed before sending and completed after, so a restart neither loses nor doubles a post (a post
claimed when the bot stopped is looked for in its channel first).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from bot.errors import NotFound, UserFacingError
from bot.i18n import Text, t
from bot.services.access import Actor, require_moderator, require_owner
from bot.services.events import Signal
from bot.services.levels import LEVEL_LABELS
from bot.services.live import items as live_items
from bot.services.live import polling, zones
from bot.services.live.fetching import HostGate, PageCache
from bot.services.results import DISCIPLINE_LABELS, DISCIPLINE_SYNONYMS, ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from bot.services.telemetry import SILENT, LiveTelemetry
from bot.text import escape_markdown, id_in, quote
from db.models import AuditRecord, DirectState, LiveItemRow, LivePost, Subscription, Watch, WatchState
from db.repositories.live import LiveRepository

log = logging.getLogger(__name__)

MAX_DELAY_MINUTES = 1440
# A post that fails for a passing reason (Discord's 5xx, a rate limit, the network) is tried again this much later,
# its reason kept on the row; a refusal that would repeat (a deleted channel, a missing permission) fails it at once.
POST_RETRY = timedelta(seconds=30)
DELIVERY_BATCH = 500
# Posts prepared and sent side by side (the poster's rate limiter paces them): one after the other, the store's writes
# and the round trip of each post kept a delivery to 5,000 channels well under the allowed rate.
SENDERS = 8
RECORD_EVERY = 50  # sent posts recorded in one transaction
# A post is edited at most once in this long after it was sent or last edited: a score that flips back and forth
# between polls (a site rewritten while it is being judged) makes one edit a minute at most, to what it says then.
EDIT_SPACING = timedelta(minutes=1)
# A new watch is read once, as its baseline, before the polling job may take it: until that read sets the real time
# of its next poll, it is not due.
BASELINE_HOLD = timedelta(days=1)


class PostFailed(Exception):
    """A post or an edit Discord refused; `transient` when worth retrying (5xx, 429, a dropped connection)."""

    def __init__(self, reason: str, *, transient: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.transient = transient


class TooManyPages(Exception):
    """A poll asked for more files than polling.MAX_PAGES: the site is not read further (not a page's own failure,
    which the importer would warn about and pass over)."""


class NotAttached(Exception):
    """A delivery was asked of a service that has no poster: LiveService.attach was never called (a bug)."""


class DirectClosed(Exception):
    """The member takes no direct messages from the bot (Discord's 50007): recorded, never retried."""


@dataclass(frozen=True, slots=True)
class PostMessage:
    """A live post as the Discord side renders it."""

    guild_id: int
    channel_id: int
    watch_id: int
    competition: str
    item_key: str
    kind: live_items.ItemKind
    version: int
    content: dict[str, Any]
    role_id: int | None = None
    changes: tuple[dict[str, Any], ...] = ()  # a correction: what changed since the version first posted

    @property
    def marker(self) -> str:
        """What a message shows (its footer) so a restarted bot can find the post it may have made."""
        return f"live {self.watch_id}:{self.item_key}"


@dataclass(frozen=True, slots=True)
class DirectMessage:
    """A followed skater's score, for one member."""

    user_id: int
    competition: str
    skater: str
    content: dict[str, Any]  # the segment's results item
    locale: str | None = None  # the member's Discord language when they followed; None: the default


class LivePoster(Protocol):
    async def send(self, post: PostMessage) -> int: ...

    async def edit(self, post: PostMessage, message_id: int) -> None: ...

    async def find(self, post: PostMessage) -> int | None: ...

    async def direct(self, message: DirectMessage) -> None: ...


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


@dataclass(frozen=True, slots=True)
class ScheduleLine:
    category: str
    segment: str
    starts_at: datetime
    state: str  # "done", "on" (between its start and its results), "next", "later"


@dataclass(frozen=True, slots=True)
class ScheduleView:
    competition: str
    lines: tuple[ScheduleLine, ...]
    timezone: str | None
    zone_source: str = "site"  # where the zone came from: "site", "watcher", "venue" (bot.services.live.zones)


@dataclass
class _Site:
    cache: PageCache = field(default_factory=PageCache)
    sweep_at: datetime | None = None  # the next poll that asks about every page, not only the hot ones
    hot_at: datetime | None = None  # the last poll that asked about every hot page
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one poll of a site at a time (its cache is shared)


class LiveService:
    """Watching results sites and telling servers and members what appears on them."""

    def __init__(
        self,
        repo: LiveRepository,
        results: ResultsService,
        *,
        clock: Callable[[], datetime] | None = None,
        allow_private: bool = False,
        gate: HostGate | None = None,
        rng: random.Random | None = None,
        shards: Shards = EVERY_SHARD,
        telemetry: LiveTelemetry = SILENT,
    ) -> None:
        """`allow_private`: accept sites on loopback and private networks (the sandbox's replay, a local
        mirror); `gate` spaces requests per host (shared by every watched site); `shards`: the servers whose posts
        this process delivers, and whether it is the one that reads the sites and sends direct messages (the
        process running shard 0; bot.services.shards); `telemetry`: told of each failed poll."""
        self.repo = repo
        self.telemetry = telemetry
        self.shards = shards
        self.results = results
        self._clock = clock or (lambda: datetime.now(UTC))
        self.allow_private = allow_private
        self.gate = gate or HostGate()
        self._rng = rng or random.Random()
        self._sites: dict[int, _Site] = {}
        # Whether an item may have changed since its posts were last brought up to date: set by a poll that saw a
        # correction (and at start, for one seen by a process that stopped), so the delivery, which runs every
        # second, looks for outdated messages only then rather than scanning every post each time.
        self._corrections_due = True
        # A site's requests give up after these (seconds; the importer's): a hung host is a failed poll, backed off.
        self.connect_timeout: float = 10
        self.read_timeout: float = 30
        self.file_deadline: float = 120
        self.max_pages = polling.MAX_PAGES  # requests a poll may make (the site's pages, PDFs and redirects)
        self._poster: LivePoster | None = None
        self._started = ""  # when attach() connected the service: the process's start
        # Delivery and recovery one at a time: a recovery that ran beside a delivery would find the posts the
        # delivery had just claimed and send them a second time.
        self._delivering = asyncio.Lock()
        # Announced with the watch's id when its competition is over (every final seen): its results are complete,
        # and the stories from the results are generated from them then, not from every partial poll.
        self.ended: Signal[int] = Signal("live competition ended")

    def attach(self, poster: LivePoster) -> None:
        """Gives the service its way to Discord (bot/live_poster.py), at start."""
        self._poster = poster
        self._started = _iso(self.now())  # a claim older than this is a stopped (or handing over) process's

    def now(self) -> datetime:
        """The service's clock (injected in tests and the sandbox's replay)."""
        return self._clock()

    # --- watching (owners) ----------------------------------------------------------------------------------
    async def watch(self, actor: Actor, url: str, timezone: str | None = None) -> PollResult:
        """Starts watching a results site by the URL of its index (bot owners). The site is read at once: what
        it shows now is the baseline (never posted: subscribers hear about what appears from here on). `timezone`:
        the IANA zone of a schedule the site prints without its UTC offset (bot.services.live.zones)."""
        require_owner(actor, "live-owners-only")
        from bot.services.isu.source import HttpSource, SourceError

        url = url.strip()
        try:
            HttpSource(url, allow_private=self.allow_private)  # the importer's URL rules, before any request
        except SourceError as exc:
            raise UserFacingError("live-bad-url", problem=quote(str(exc), 300)) from exc
        zone = None
        if timezone is not None and timezone.strip():
            try:
                zone = zones.Zone(None, zones.checked(timezone), "watcher").stored
            except zones.UnknownZone as exc:
                raise UserFacingError("live-bad-zone", zone=quote(timezone, 100)) from exc
        now = self.now()
        audit = AuditRecord(
            actor.user_id, actor.guild_id, "live.watch", _iso(now), after={"url": url, "timezone": zone}
        )
        watch = await self.repo.add_watch(url, _iso(now + BASELINE_HOLD), audit, timezone=zone)
        if watch is None:
            raise UserFacingError("live-already-watched", url=quote(url))
        result = await self.poll(watch, baseline=True)
        if not result.reached:
            # A refused watch leaves no row behind (a "stopped" watch nobody started); one resumed keeps its past.
            if not await self.repo.forget_watch(watch.id):
                await self.repo.set_watch_state(watch.id, WatchState.STOPPED)
            self._sites.pop(watch.id, None)
            raise UserFacingError("live-unreadable", problem=quote(result.error or "?", 300))
        if not result.parsed:
            # A resumed watch whose pages were unchanged since its last read: nothing new, and nothing to post.
            return result
        read = await self.repo.watch(watch.id)
        return dataclasses.replace(result, watch=read or watch)

    async def unwatch(self, actor: Actor, competition: str) -> Watch:
        """Stops watching a site (bot owners); what was posted stays."""
        require_owner(actor, "live-owners-only")
        watch = await self.find_watch(competition)
        now = self.now()
        audit = AuditRecord(actor.user_id, actor.guild_id, "live.unwatch", _iso(now), before={"url": watch.url})
        await self.repo.set_watch_state(watch.id, WatchState.STOPPED, audit)
        self._sites.pop(watch.id, None)
        return watch

    async def watches(self) -> list[Watch]:
        """Every site watched now or before, newest first."""
        return await self.repo.watches()

    async def find_watch(self, text: str, *, watching_only: bool = False) -> Watch:
        """A watch by its id (what autocomplete sends), its URL or words of its competition's name."""
        states = (WatchState.WATCHING,) if watching_only else tuple(WatchState)
        watches = await self.repo.watches(states=states)
        typed = text.strip()
        if typed.isdigit():  # an id (bot.text.id_in: none for "²" or a number past the store's)
            found = [w for w in watches if w.id == id_in(typed)]
        else:
            # The competition's name read as everywhere else ("Worlds 2014"), through the store, where a watched
            # site's competition is once it was read; then the site's address, or words of its printed name.
            keys = {c.key for c in self.results.find_competitions(typed).matches}
            found = [w for w in watches if w.competition_key in keys]
            if not found:
                folded = typed.casefold()
                found = [w for w in watches if w.url == typed or folded in (w.name or "").casefold()]
        if len(found) == 1:
            return found[0]
        labels = [w.label for w in (found or watches)]
        if found:
            from bot.errors import Ambiguous

            raise Ambiguous(t("noun-live-watch"), typed, labels, plural=t("noun-live-watches"))
        raise NotFound(t("noun-live-watch"), typed, labels)

    # --- subscriptions (moderators) ---------------------------------------------------------------------------
    async def subscribe(
        self,
        actor: Actor,
        channel_id: int,
        competition: str | None,
        disciplines: Sequence[str] = (),
        levels: Sequence[str] = (),
        delay_minutes: int = 0,
        role_id: int | None = None,
    ) -> tuple[Subscription, Watch | None]:
        """Subscribes a channel of the actor's server to a watched competition (or to every one)."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise UserFacingError("error-guild-only")
        disciplines = disciplines_from(", ".join(disciplines))  # codes or words, checked here for every path
        levels = levels_from(", ".join(levels))
        if not 0 <= delay_minutes <= MAX_DELAY_MINUTES:
            raise UserFacingError("live-delay-range", most=MAX_DELAY_MINUTES)
        watch = await self.find_watch(competition) if competition else None
        audit = AuditRecord(
            actor.user_id,
            actor.guild_id,
            "live.subscribe",
            _iso(self.now()),
            after={"channel": channel_id, "watch": watch.id if watch else None, "delay": delay_minutes},
        )
        subscription = await self.repo.subscribe(
            actor.guild_id,
            channel_id,
            watch.id if watch else None,
            disciplines,
            levels,
            delay_minutes,
            role_id,
            audit,
        )
        return subscription, watch

    async def subscriptions(self, actor: Actor) -> list[tuple[Subscription, Watch | None]]:
        """The actor's server's subscriptions, with the competition each follows (None: every one)."""
        if actor.guild_id is None:
            raise UserFacingError("error-guild-only")
        watches = {w.id: w for w in await self.repo.watches()}
        return [
            (s, watches.get(s.watch_id) if s.watch_id else None) for s in await self.repo.subscriptions(actor.guild_id)
        ]

    async def unsubscribe(self, actor: Actor, subscription_id: int) -> Subscription:
        """Ends one of the server's subscriptions; posts it had not sent yet are dropped."""
        require_moderator(actor)
        mine = {s.id: s for s in await self.repo.subscriptions(actor.guild_id)} if actor.guild_id else {}
        subscription = mine.get(subscription_id)
        if subscription is None:
            raise UserFacingError("live-no-subscription", id=subscription_id)
        audit = AuditRecord(
            actor.user_id, actor.guild_id, "live.unsubscribe", _iso(self.now()), before={"id": subscription_id}
        )
        await self.repo.unsubscribe(subscription_id, audit)
        return subscription

    # --- following skaters (anyone) -----------------------------------------------------------------------------
    async def follow(self, actor: Actor, athlete: str, locale: str | None = None) -> tuple[str, bool]:
        """Follows a skater (or both partners of a couple): (name, whether it is new). `locale`: the member's
        Discord language, which their direct messages are written in (following again updates it)."""
        ids = self.results.athlete_ids(athlete)
        at = _iso(self.now())
        added = [await self.repo.follow(actor.user_id, skater_id, at, locale) for skater_id in ids]
        return " / ".join(await self.results.skater_names(ids)), any(added)

    async def unfollow(self, actor: Actor, athlete: str) -> tuple[str, bool]:
        """Stops following a skater (or couple): (name, whether they were followed)."""
        ids = self.results.athlete_ids(athlete)
        removed = [await self.repo.unfollow(actor.user_id, skater_id) for skater_id in ids]
        return " / ".join(await self.results.skater_names(ids)), any(removed)

    async def following(self, actor: Actor) -> list[str]:
        """The names of the skaters the actor follows."""
        return await self.results.skater_names(await self.repo.followed(actor.user_id))

    # --- the schedule --------------------------------------------------------------------------------------------
    async def schedule(self, competition: str | None) -> ScheduleView:
        """A watched competition's time schedule (the newest watched one by default), with where each segment
        stands: done (its results are seen), on, next, later."""
        if competition:
            watch = await self.find_watch(competition)
        else:
            watching = await self.repo.watches(states=(WatchState.WATCHING,))
            if not watching:
                raise UserFacingError("live-nothing-watched")
            watch = watching[0]
        if not watch.schedule:
            raise UserFacingError("live-no-schedule", competition=watch.label)
        seen = await self.repo.items(watch.id)
        now = self.now()
        lines: list[ScheduleLine] = []
        next_given = False
        for entry in watch.schedule:
            starts = datetime.fromisoformat(entry["starts_at"])
            if entry["result"] in seen:
                state = "done"
            elif starts <= now:
                state = "on"
            elif not next_given:
                state, next_given = "next", True
            else:
                state = "later"
            lines.append(ScheduleLine(entry["category"], entry["segment"], starts, state))
        zone = zones.from_stored(watch.timezone)
        return ScheduleView(watch.label, tuple(lines), zone.name, zone.source)

    async def schedule_of(self, competition_key: str) -> list[dict[str, Any]]:
        """The time schedule of a competition's watched site (its segments with their event, discipline, level and
        UTC start), the newest watch's when it was watched twice; empty when no watched site is that competition's."""
        for watch in await self.repo.watches():
            if watch.competition_key == competition_key and watch.schedule:
                return list(watch.schedule)
        return []

    # --- polling ----------------------------------------------------------------------------------------------
    async def poll_due(self) -> list[PollResult]:
        """Polls every watched site whose time has come, side by side: a slow site (a full read after a restart, a
        host that hangs) never holds back another's; requests to one host are still spaced by the gate. Sharded, only
        the process running shard 0 reads the sites: the others deliver what its polls record."""
        if not self.shards.lead:
            return []
        watches = await self.repo.due_watches(_iso(self.now()))
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
        site_state = self._sites.setdefault(watch.id, _Site())
        async with site_state.lock:
            return await self._poll(watch, site_state, baseline=baseline)

    async def _poll(self, watch: Watch, site_state: _Site, *, baseline: bool) -> PollResult:
        from bot.services.importer import ImportFormatError, import_document
        from bot.services.isu.importer import build_document, read_site
        from bot.services.isu.pages import EmptyPage, PageError
        from bot.services.isu.protocol_pdf import ProtocolError
        from bot.services.isu.source import HttpSource, MissingFile, SourceError

        now = self.now()
        cache = site_state.cache
        starts = [datetime.fromisoformat(entry["starts_at"]) for entry in watch.schedule]
        awaited = _awaited(watch.schedule, await self.repo.item_keys(watch.id), now)
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
                if cache.known and not sweep:
                    # Every FAST, the hot pages; in between, while a segment's results are awaited, only the page
                    # that brings them (polling.RESULTS_DUE).
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
                    if not cache.changed:
                        wait = polling.interval(now, starts, [datetime.fromisoformat(e["starts_at"]) for e in awaited])
                        await self.repo.polled(watch.id, at=_iso(now), next_poll_at=_iso(now + wait))
                        return PollResult(watch, reached=True)
                else:
                    cache.begin(None)
                    site_state.hot_at = now
                site = await read_site(source)
                document = build_document(site, source)
                # The first import of a watch is guarded (a site must not overwrite another stored competition);
                # after it, the competition is the watch's own, and its dates and name grow as the event runs.
                await import_document(
                    self.repo.database,
                    document,
                    source=source.describe(source.index_name),
                    guard_identity=document["competitions"][0]["id"] != watch.competition_key,
                )
        except EmptyPage as exc:
            # The index before its categories (a site published ahead of its event): reached, nothing to read yet.
            log.info("live: %s lists nothing yet: %s", watch.url, exc)
            if sweep:
                site_state.sweep_at = now + polling.SLOW
            await self.repo.polled(watch.id, at=_iso(now), next_poll_at=_iso(now + polling.interval(now, starts)))
            return PollResult(watch, reached=True)
        except (SourceError, PageError, ProtocolError, ImportFormatError, TooManyPages) as exc:
            wait = max(polling.backoff(watch.failures + 1, self._rng), polling.interval(now, starts))
            await self.repo.poll_failed(watch.id, error=str(exc)[:500], next_poll_at=_iso(now + wait))
            self.telemetry.poll_failed()
            log.warning("live: polling %s failed (%d in a row): %s", watch.url, watch.failures + 1, exc)
            return PollResult(watch, reached=False, error=str(exc))
        if sweep:
            site_state.sweep_at = now + polling.SLOW
        await self.results.refresh()
        return await self._record(watch, site, document, baseline=baseline, now=now)

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
        self, watch: Watch, site: Any, document: dict[str, Any], *, baseline: bool, now: datetime
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
                        due = _iso(now + timedelta(minutes=sub.delay_minutes))
                        posts.append((sub.channel_id, sub.guild_id, item.key, sub.role_id, due, position))
            directs = await self._directs_for([i for i in new if i.kind is live_items.ItemKind.SEGMENT])
        schedule: list[dict[str, Any]] = [
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
            for s in live_items.schedule(site, zone.zone)
        ]
        await self.repo.record_items(
            watch.id,
            [(i.key, i.kind.value, i.discipline, i.level, i.digest, i.content) for i in [*new, *changed]],
            posts,
            directs,
            _iso(now),
        )
        if changed:
            self._corrections_due = True
        finals = len(site.categories)
        finals_seen = sum(1 for item in found if item.kind is live_items.ItemKind.FINAL)
        starts = [datetime.fromisoformat(entry["starts_at"]) for entry in schedule]
        awaited = _awaited(schedule, {item.key for item in found} | set(seen), now)
        await self.repo.polled(
            watch.id,
            at=_iso(now),
            next_poll_at=_iso(
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
        return PollResult(
            watch,
            reached=True,
            parsed=True,
            new=tuple(i.key for i in new),
            changed=tuple(i.key for i in changed),
            posts=len(posts),
            directs=len(directs),
        )

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

    # --- delivery ---------------------------------------------------------------------------------------------
    async def deliver_due(self) -> int:
        """Sends the posts whose delay has passed, edits posts whose item was corrected, sends the direct
        messages; returns how many messages went out."""
        async with self._delivering:
            return await self._deliver_due()

    async def _deliver_due(self) -> int:
        poster = self._require_poster()
        names: dict[int, str] = {}
        # Sharded, the other processes' posts are read too and left to them: read as many more as make a batch ours.
        due = await self.repo.due_posts(_iso(self.now()), round(DELIVERY_BATCH / self.shards.share))
        due = [post for post in due if self.shards.owns(post.guild_id)]
        items: dict[tuple[int, str], LiveItemRow | None] = {}
        for post in due:
            key = (post.watch_id, post.item_key)
            if key not in items:
                items[key] = await self.repo.item(*key)
        # Claimed together before any is sent, recorded in groups after: two writes a post would cost the bot more
        # than sending it when thousands are due. A post sent and not yet recorded is claimed, so a restart looks
        # for it in its channel before sending it again (`recover`).
        versions = {key: item.version for key, item in items.items() if item is not None}
        claimable = [(post, versions[key]) for post in due if (key := (post.watch_id, post.item_key)) in versions]
        claimed = await self.repo.claim_posts(claimable, _iso(self.now()))
        slots = asyncio.Semaphore(SENDERS)
        by_channel: dict[int, list[LivePost]] = {}
        for post in claimed:
            by_channel.setdefault(post.channel_id, []).append(post)
        sent: list[tuple[LivePost, int, int]] = []

        async def record() -> None:
            done, sent[:] = list(sent), []
            if done:
                await self.repo.complete_posts(done, _iso(self.now()))

        async def deliver(posts: list[LivePost]) -> int:
            # One channel's posts one after the other (they stay in competition order); channels side by side.
            count = 0
            async with slots:
                for post in posts:
                    item = items[(post.watch_id, post.item_key)]
                    assert item is not None
                    message = await self._message(post, item.version, item.content, names)
                    message_id = await self._send(poster, post, message)
                    if message_id is not None:
                        sent.append((post, message_id, item.version))
                        count += 1
                    if len(sent) >= RECORD_EVERY:
                        await record()
            return count

        count = sum(await asyncio.gather(*(deliver(posts) for posts in by_channel.values())))
        await record()
        if self._corrections_due:
            self._corrections_due = False
            batch = round(DELIVERY_BATCH / self.shards.share)
            outdated = await self.repo.outdated_posts(batch)
            now = self.now()
            held = False
            for post, version in outdated:
                if not self.shards.owns(post.guild_id):
                    continue
                if post.done_at and now - datetime.fromisoformat(post.done_at) < EDIT_SPACING:
                    held = True  # sent or edited less than a minute ago: a score flipping between polls waits
                    continue
                count += await self._correct(poster, post, version, names)
            # More than one batch, an edit held back or one Discord refused for a moment: the next run goes on.
            self._corrections_due = self._corrections_due or held or len(outdated) == batch
        return count + await self._deliver_directs(poster, names)

    async def recover(self) -> int:
        """After a restart: each post claimed when the bot stopped is looked for in its channel; found, it is
        completed, else sent. Returns how many were sent."""
        async with self._delivering:
            return await self._recover()

    async def _recover(self) -> int:
        poster = self._require_poster()
        sent = 0
        names: dict[int, str] = {}
        for post in await self.repo.claimed_posts():
            if not self.shards.owns(post.guild_id):
                continue  # another process's server: it settles its own claims
            if self.shards.sharded and not await self.repo.take_over_post(post, self._started, _iso(self.now())):
                continue  # claimed since this process started, or taken by another process settling it too
            item = await self.repo.item(post.watch_id, post.item_key)
            if item is None:
                continue
            message = await self._message(post, post.version, item.content, names)
            found = await poster.find(message)
            if found is None:
                found = await self._send(poster, post, message)
                sent += found is not None
            if found is not None:
                await self.repo.complete_post(post, found, post.version, _iso(self.now()))
        return sent

    async def _send(self, poster: LivePoster, post: LivePost, message: PostMessage) -> int | None:
        """The message's id; None when Discord refused it (recorded: a passing failure is tried again later)."""
        try:
            return await poster.send(message)
        except PostFailed as exc:
            if exc.transient:
                await self.repo.retry_post(post, _iso(self.now() + POST_RETRY), exc.reason)
            else:
                await self.repo.fail_post(post, exc.reason, _iso(self.now()))
            return None

    async def _correct(self, poster: LivePoster, post: LivePost, version: int, names: dict[int, str]) -> int:
        item = await self.repo.item(post.watch_id, post.item_key)
        if item is None or post.message_id is None:
            return 0
        message = await self._message(post, version, item.content, names)
        changes = tuple(live_items.changes(item.first_content, item.content))
        message = PostMessage(**{**_fields(message), "changes": changes})
        try:
            await poster.edit(message, post.message_id)
        except PostFailed as exc:
            log.warning("live: could not correct message %s: %s", post.message_id, exc.reason)
            if exc.transient:
                self._corrections_due = True  # tried again at the next delivery
                return 0
        await self.repo.complete_post(post, post.message_id, version, _iso(self.now()))
        return 1

    async def _deliver_directs(self, poster: LivePoster, names: dict[int, str]) -> int:
        if not self.shards.lead:
            return 0  # direct messages are shard 0's, as Discord has them
        sent = 0
        for user_id, watch_id, item_key, skater_id, locale in await self.repo.due_directs(DELIVERY_BATCH):
            if not await self.repo.claim_direct(user_id, watch_id, item_key, skater_id):
                continue
            item = await self.repo.item(watch_id, item_key)
            names_found = await self.results.skater_names([skater_id])
            if item is None or not names_found:
                await self.repo.settle_direct(user_id, watch_id, item_key, skater_id, DirectState.FAILED, "gone")
                continue
            competition = await self._competition_name(watch_id, names)
            try:
                await poster.direct(DirectMessage(user_id, competition, names_found[0], item.content, locale))
            except DirectClosed:
                await self.repo.settle_direct(user_id, watch_id, item_key, skater_id, DirectState.CLOSED, None)
                continue
            except PostFailed as exc:
                # Not retried either: a member is told once or not at all, never twice.
                await self.repo.settle_direct(user_id, watch_id, item_key, skater_id, DirectState.FAILED, exc.reason)
                continue
            await self.repo.settle_direct(user_id, watch_id, item_key, skater_id, DirectState.SENT, None)
            sent += 1
        return sent

    async def _message(
        self, post: LivePost, version: int, content: dict[str, Any], names: dict[int, str]
    ) -> PostMessage:
        return PostMessage(
            guild_id=post.guild_id,
            channel_id=post.channel_id,
            watch_id=post.watch_id,
            competition=await self._competition_name(post.watch_id, names),
            item_key=post.item_key,
            kind=live_items.ItemKind(post.item_key.rsplit("/", 1)[1]),
            version=version,
            content=content,
            role_id=post.role_id,
        )

    async def _competition_name(self, watch_id: int, names: dict[int, str]) -> str:
        if watch_id not in names:
            watch = await self.repo.watch(watch_id)
            names[watch_id] = watch.label if watch else "?"
        return names[watch_id]

    def _require_poster(self) -> LivePoster:
        if self._poster is None:
            raise NotAttached
        return self._poster


def _awaited(schedule: Sequence[dict[str, Any]], seen: Collection[str], now: datetime) -> list[dict[str, Any]]:
    """The schedule's segments under way (started, inside their polling window) whose results are not seen yet and
    whose results page is known."""
    awaited = []
    for entry in schedule:
        starts = datetime.fromisoformat(entry["starts_at"])
        if entry.get("results_page") and entry["result"] not in seen and starts <= now <= starts + polling.AFTER:
            awaited.append(entry)
    return awaited


def _fields(message: PostMessage) -> dict[str, Any]:
    return {name: getattr(message, name) for name in message.__dataclass_fields__}


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def status_text(watch: Watch) -> Text:
    """One line on a watch for /live list and the command line."""
    name = escape_markdown(watch.label)
    if watch.state is not WatchState.WATCHING:
        return t(f"live-state-{watch.state.value}", name=name)
    if watch.failures:
        return t("live-state-failing", name=name, failures=watch.failures, error=quote(watch.last_error or "?", 200))
    return t("live-state-watching", name=name)


def _words_of(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def _folded(word: str) -> str:
    return " ".join(word.casefold().replace("_", " ").replace("-", " ").split())


_DISCIPLINE_WORDS = {
    _folded(word): code
    for code, label in DISCIPLINE_LABELS.items()
    for word in (code, label, *DISCIPLINE_SYNONYMS.get(code, ()))
}
_LEVEL_WORDS = {_folded(word): code for code, label in LEVEL_LABELS.items() for word in (code, label)}


def disciplines_from(text: str) -> list[str]:
    """A subscription's disciplines as typed ("men, ice dance", "ladies") as codes; an unknown word is refused."""
    return _codes(text, _DISCIPLINE_WORDS, "live-bad-discipline", tuple(DISCIPLINE_LABELS))


def levels_from(text: str) -> list[str]:
    """A subscription's levels as typed ("senior, junior") as codes; an unknown word is refused."""
    return _codes(text, _LEVEL_WORDS, "live-bad-level", tuple(LEVEL_LABELS))


def _codes(text: str, known: dict[str, str], error: str, codes: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    for word in _words_of(text):
        code = known.get(_folded(word))
        if code is None:
            raise UserFacingError(error, word=quote(word), known=tuple(c.replace("_", " ") for c in codes))
        if code not in found:
            found.append(code)
    return found
