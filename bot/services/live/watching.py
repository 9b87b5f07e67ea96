"""Watching results sites (owners), subscribing channels to them (moderators), following skaters (anyone), and
the schedule of a watched competition: LiveService's use cases that people start.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.errors import NotFound, UserFacingError
from bot.i18n import Text, t
from bot.services.access import Actor, audit, require_moderator, require_owner
from bot.services.levels import LEVEL_LABELS
from bot.services.live import zones
from bot.services.live.polling import iso
from bot.services.live.reading import PollResult, Reader
from bot.services.results import DISCIPLINE_LABELS, DISCIPLINE_SYNONYMS, ResultsService
from bot.text import escape_markdown, id_in, quote
from db.models import Subscription, Watch, WatchState
from db.repositories.live import LiveRepository

MAX_DELAY_MINUTES = 1440
# A new watch is read once, as its baseline, before the polling job may take it: until that read sets the real time
# of its next poll, it is not due.
BASELINE_HOLD = timedelta(days=1)


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


class Watching:
    """The watches, subscriptions and follows, and the schedule (LiveService's part that people use)."""

    def __init__(
        self, repo: LiveRepository, results: ResultsService, reader: Reader, clock: Callable[[], datetime]
    ) -> None:
        self.repo = repo
        self.results = results
        self.reader = reader
        self.now = clock

    # --- watching (owners) ----------------------------------------------------------------------------------
    async def watch(self, actor: Actor, url: str, timezone: str | None = None) -> PollResult:
        """Starts watching a results site by the URL of its index (bot owners). The site is read at once: what
        it shows now is the baseline (never posted: subscribers hear about what appears from here on). `timezone`:
        the IANA zone of a schedule the site prints without its UTC offset (bot.services.live.zones)."""
        require_owner(actor, "live-owners-only")
        from bot.services.isu.source import HttpSource, SourceError

        url = url.strip()
        try:
            HttpSource(url, allow_private=self.reader.allow_private)  # the importer's URL rules, before any request
        except SourceError as exc:
            raise UserFacingError("live-bad-url", problem=quote(str(exc), 300)) from exc
        zone = None
        if timezone is not None and timezone.strip():
            try:
                zone = zones.Zone(None, zones.checked(timezone), "watcher").stored
            except zones.UnknownZone as exc:
                raise UserFacingError("live-bad-zone", zone=quote(timezone, 100)) from exc
        now = self.now()
        record = audit(actor, "live.watch", after={"url": url, "timezone": zone}, at=iso(now))
        watch = await self.repo.add_watch(url, iso(now + BASELINE_HOLD), record, timezone=zone)
        if watch is None:
            raise UserFacingError("live-already-watched", url=quote(url))
        result = await self.reader.poll(watch, baseline=True)
        if not result.reached:
            # A refused watch leaves no row behind (a "stopped" watch nobody started); one resumed keeps its past.
            if not await self.repo.forget_watch(watch.id):
                await self.repo.set_watch_state(watch.id, WatchState.STOPPED)
            self.reader.sites.pop(watch.id, None)
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
        record = audit(actor, "live.unwatch", before={"url": watch.url}, at=iso(now))
        await self.repo.set_watch_state(watch.id, WatchState.STOPPED, record)
        self.reader.sites.pop(watch.id, None)
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
        record = audit(
            actor,
            "live.subscribe",
            after={"channel": channel_id, "watch": watch.id if watch else None, "delay": delay_minutes},
            at=iso(self.now()),
        )
        subscription = await self.repo.subscribe(
            actor.guild_id,
            channel_id,
            watch.id if watch else None,
            disciplines,
            levels,
            delay_minutes,
            role_id,
            record,
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
        record = audit(actor, "live.unsubscribe", before={"id": subscription_id}, at=iso(self.now()))
        await self.repo.unsubscribe(subscription_id, record)
        return subscription

    # --- following skaters (anyone) -----------------------------------------------------------------------------
    async def follow(self, actor: Actor, athlete: str, locale: str | None = None) -> tuple[str, bool]:
        """Follows a skater (or both partners of a couple): (name, whether it is new). `locale`: the member's
        Discord language, which their direct messages are written in (following again updates it)."""
        ids = self.results.athlete_ids(athlete)
        at = iso(self.now())
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
