"""Podium predictions: a server's game for each event of a competition it follows.

A member picks an event's gold, silver and bronze and its short program's (or rhythm dance's) winner among the event's
entries; the pick can be changed until the round locks: at the start of the event's first segment by the watched
site's schedule, when the store shows the event has started, or when a moderator locks it. When the event's final
result is in the store (a live poll's import or any other), every server's round of it is scored with that server's
scoring table and its announcement made due, once: one `prediction_posts` row per round, claimed before sending and
completed after (like the live posts), so a restart neither loses nor doubles it. A corrected result is a new result
digest: the round is scored again and the announcement edited. Nothing here talks to Discord: the delivery goes
through a `PredictionPoster` the bot attaches.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from bot.errors import UserFacingError
from bot.i18n import Text, t
from bot.services.access import Actor, require_moderator
from bot.services.live.service import LiveService, PostFailed
from bot.services.names.normalize import normalize
from bot.services.results import Choice, ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from bot.text import escape_markdown, quote
from db.models import (
    AuditRecord,
    Competition,
    Entry,
    Event,
    Pick,
    PredictionLockPost,
    PredictionPost,
    PredictionRound,
    PredictionSettings,
    Segment,
)
from db.repositories.predictions import PredictionRepository

log = logging.getLogger(__name__)

SLOTS = ("gold", "silver", "bronze")
PLACE_OF = {"gold": 1, "silver": 2, "bronze": 3}
# A status in place of a final place: the skater did not finish, and picks of them score nothing (and say why).
OUT_STATUSES = frozenset({"WD", "FNR", "DSQ"})
FIRST_SEGMENT_KINDS = frozenset({"short_program", "rhythm_dance"})
DELIVERY_BATCH = 500
# Announcements prepared and sent side by side (the poster's rate limiter paces them), as the live posts are: one
# after the other, each one's store writes and round trip would keep a fan-out to 5,000 servers under the rate.
SENDERS = 8
# Rounds of one event scored per transaction batch: a final with 5,000 servers' rounds is not read (a million picks)
# into memory at once.
SCORE_BATCH = 200
RECORD_EVERY = 50  # sent announcements recorded in one transaction
ANNOUNCED_MEMBERS = 20  # an announcement names this many members, best first; the others are counted
MAX_CHOICES = 25


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """Points for a podium pick at its exact place, for one on the podium at another place, and for the short
    program's winner."""

    exact: int
    podium: int
    short: int


# The tables a moderator may choose from (README: Podium predictions). `standard` is every server's until one
# chooses another; a round keeps the table it was scored with.
SCORING_TABLES = {
    "standard": ScoringTable(exact=5, podium=2, short=3),
    "generous": ScoringTable(exact=4, podium=3, short=2),  # on the podium counts nearly as much as the place
    "exact": ScoringTable(exact=6, podium=0, short=3),  # only the exact place counts
}
DEFAULT_SCORING = "standard"


class PredictionPoster(Protocol):
    async def send(self, announcement: Announcement) -> int: ...

    async def edit(self, announcement: Announcement, message_id: int) -> None: ...

    async def send_lock(self, notice: LockNotice) -> int: ...

    async def find(self, post: Announcement | LockNotice) -> int | None: ...


@dataclass(frozen=True, slots=True)
class EventResult:
    """An event's final result as predictions read it: entries by their skater_key."""

    places: dict[str, int]
    statuses: dict[str, str]
    short_winners: frozenset[str]
    names: dict[str, str]

    @property
    def digest(self) -> str:
        shown = {"places": self.places, "statuses": self.statuses, "short": sorted(self.short_winners)}
        return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:32]

    def on_place(self, place: int) -> list[str]:
        return sorted(key for key, at in self.places.items() if at == place)


def entry_key(entry: Entry) -> str:
    """An entry's skater_key as the store writes it: its skaters' ids, sorted, joined by '/'."""
    return "/".join(str(skater_id) for skater_id in sorted(s.id for s in entry.skaters))


def event_result(entries: Sequence[Entry], segments: Sequence[Segment]) -> EventResult | None:
    """The event's final result, or None while it is not final: every entry needs a final place or a status (WD,
    FNR, DSQ), and at least one a place. A partial standings (after the short program) is never a result."""
    if not entries or any(e.place is None and not e.status for e in entries):
        return None
    places: dict[str, int] = {}
    statuses: dict[str, str] = {}
    for entry in entries:
        key = entry_key(entry)
        if entry.status:
            statuses[key] = entry.status
        place = entry.place.number if entry.place is not None else None
        if place is not None and not entry.status:
            places[key] = int(place)
    if not places:
        return None
    first = next((s for s in sorted(segments, key=lambda s: s.position) if s.kind in FIRST_SEGMENT_KINDS), None)
    winners: set[str] = set()
    if first is not None:
        for entry in entries:
            result = entry.segments.get(first.id)
            if result is not None and result.rank is not None and result.rank.number == 1:
                winners.add(entry_key(entry))
    return EventResult(places, statuses, frozenset(winners), {entry_key(e): e.name for e in entries})


def started(entries: Sequence[Entry]) -> bool:
    """Whether the store shows any skate of the event (a score or a rank in a segment): the event is under way."""
    return any(
        result.tss is not None or result.rank is not None for entry in entries for result in entry.segments.values()
    )


def score_line(slot: str, key: str, result: EventResult, table: ScoringTable) -> dict[str, object]:
    """One part of a pick (a podium place, or "short": the short program's winner) scored: its points and why: the
    exact place, on the podium elsewhere, missed, the short program won or not; a skater who withdrew (or did not
    finish, or was disqualified) scores nothing, with the status as the reason; one the final result does not list
    at all likewise."""
    place = result.places.get(key)
    status = result.statuses.get(key)
    if slot == "short":
        if key in result.short_winners:
            points, why = table.short, "won"
        elif status is not None:
            points, why = 0, "out"
        else:
            points, why = 0, "missed"
    elif status is not None:
        points, why = 0, "out"
    elif place is None:
        points, why = 0, "absent"
    elif place == PLACE_OF[slot]:
        points, why = table.exact, "exact"
    elif place <= 3:
        points, why = table.podium, "podium"
    else:
        points, why = 0, "missed"
    return {"slot": slot, "entry": key, "points": points, "why": why, "place": place, "status": status}


def _slots(pick: Pick) -> tuple[tuple[str, str], ...]:
    return (("gold", pick.gold), ("silver", pick.silver), ("bronze", pick.bronze), ("short", pick.short_winner))


def score_pick(pick: Pick, result: EventResult, table: ScoringTable) -> tuple[int, list[dict[str, object]]]:
    """A pick's points and each part's reason (`score_line`)."""
    lines = [score_line(slot, key, result, table) for slot, key in _slots(pick)]
    return sum(int(str(line["points"])) for line in lines), lines


class Scorer:
    """`score_pick` for many picks of one result and table, as points and the detail as stored (JSON): each part is
    scored once per slot and entry (an event has a few dozen entries; a final scores a million picks)."""

    def __init__(self, result: EventResult, table: ScoringTable) -> None:
        self.result, self.table = result, table
        self._parts: dict[tuple[str, str], tuple[int, str]] = {}

    def _part(self, slot: str, key: str) -> tuple[int, str]:
        part = self._parts.get((slot, key))
        if part is None:
            line = score_line(slot, key, self.result, self.table)
            part = self._parts[(slot, key)] = (
                int(str(line["points"])),
                json.dumps(line, ensure_ascii=False, separators=(",", ":")),
            )
        return part

    def score(self, pick: Pick) -> tuple[int, str]:
        parts = [self._part(slot, key) for slot, key in _slots(pick)]
        return sum(points for points, _ in parts), "[" + ",".join(text for _, text in parts) + "]"


@dataclass(frozen=True, slots=True)
class LockState:
    """Whether a round takes picks; `at`: when it locked or will lock (None: not known, a moderator's lock or the
    event's start seen in the store decides)."""

    locked: bool
    at: datetime | None
    why: str  # "open", "moderator", "schedule", "started", "scored"


@dataclass(frozen=True, slots=True)
class PickAnswer:
    competition: Competition
    event: Event
    names: dict[str, str]  # slot -> entry name
    lock: LockState
    new: bool


@dataclass(frozen=True, slots=True)
class PickView:
    """A member's pick as /predict show lists it."""

    competition: str
    event: Event | None
    event_key: str
    names: dict[str, str]
    lock: LockState | None
    points: int | None
    detail: tuple[dict[str, object], ...]


@dataclass(frozen=True, slots=True)
class Leaderboard:
    title: Text
    rows: tuple[tuple[int, int, int], ...]  # (member, points, scored rounds)


@dataclass(frozen=True, slots=True)
class Announcement:
    """A scored round as its server's channel is told it."""

    round_id: int
    guild_id: int
    channel_id: int
    version: int
    competition: str
    event: Event | None
    event_key: str
    podium: tuple[tuple[int, str], ...]  # (place, name)
    short_winners: tuple[str, ...]
    scoring: str
    members: tuple[tuple[int, int, tuple[dict[str, object], ...]], ...]  # (member, points, detail with names), best
    others: int = 0  # members who picked and are not named (past ANNOUNCED_MEMBERS)
    out: tuple[tuple[str, str], ...] = ()  # (name, status) of the entries that did not finish: their picks score 0
    rescored: str | None = None  # scored again: "result" (a corrected result) or "scoring" (the server's new table)

    @property
    def marker(self) -> str:
        """What the message shows (its footer) so a restarted bot can find the post it may have made."""
        return f"predict {self.round_id}"

    @property
    def corrected(self) -> bool:
        return self.version > 1


@dataclass(frozen=True, slots=True)
class LockNotice:
    """A round's lock as its server's channel is told it: the event, when (None: the event was seen under way), and
    how many picks the round holds."""

    round_id: int
    guild_id: int
    channel_id: int
    competition: str
    event: Event | None
    event_key: str
    at: datetime | None
    why: str  # "schedule", "started", "moderator"
    picks: int

    @property
    def marker(self) -> str:
        """The footer's end a restarted bot finds the post by (never the scored announcement's: `predict N`)."""
        return f"predictions lock {self.round_id}"


class PredictionService:
    """The podium predictions game of every server."""

    def __init__(
        self,
        repo: PredictionRepository,
        results: ResultsService,
        live: LiveService,
        *,
        clock: Callable[[], datetime] | None = None,
        shards: Shards = EVERY_SHARD,
    ) -> None:
        self.repo = repo
        self.results = results
        self.live = live
        self.shards = shards
        self._clock = clock or (lambda: datetime.now(UTC))
        self._poster: PredictionPoster | None = None
        self._started = ""
        self._settled_import: int | None = None  # the results import the rounds were last checked against
        self._corrections_due = True
        self._delivering = asyncio.Lock()

    def attach(self, poster: PredictionPoster) -> None:
        """Gives the service its way to Discord (bot/prediction_poster.py), at start."""
        self._poster = poster
        self._started = _iso(self.now())

    def now(self) -> datetime:
        return self._clock()

    # --- the event and its entries ---------------------------------------------------------------------------
    def _event(self, competition_text: str, event_text: str) -> tuple[Competition, Event]:
        competition = self.results.competition(competition_text)
        event = self.results.event(competition, event_text)
        if event.discipline == "team":
            raise UserFacingError("predict-team-event")
        return competition, event

    async def _entries(self, event: Event) -> list[Entry]:
        entries, _ = await self.results.results_of(event)
        return entries

    def _competition_by_key(self, key: str) -> Competition | None:
        return next((c for c in self.results.all_competitions() if c.key == key), None)

    def _event_by_key(self, competition: Competition | None, key: str) -> Event | None:
        if competition is None:
            return None
        return next((e for e in self.results.events_of(competition) if e.key == key), None)

    @staticmethod
    def _matching(entries: Sequence[Entry], typed: str) -> list[Entry]:
        """The entries a typed name fits: an entry's key (what autocomplete sends), else every typed word among the
        words of one partner's name or alias, or of the entry's whole name (a couple by either name)."""
        text = typed.strip()
        by_key = [e for e in entries if entry_key(e) == text]
        if by_key:
            return by_key
        words = normalize(text).split()
        if not words:
            return []
        found = []
        for entry in entries:
            spellings = [entry.name] + [n for s in entry.skaters for n in (s.name, *s.aliases)]
            if any(all(word in normalize(spelling).split() for word in words) for spelling in spellings):
                found.append(entry)
        return found

    def _entry(self, entries: Sequence[Entry], typed: str, event: Event) -> Entry:
        found = self._matching(entries, typed)
        if len(found) == 1:
            return found[0]
        if found:
            raise UserFacingError(
                "predict-entry-ambiguous", name=quote(typed), entries=tuple(quote(e.name) for e in found[:10])
            )
        raise UserFacingError("predict-not-entered", name=quote(typed), event=event.name)

    async def entry_choices(self, competition_text: str, event_text: str, typed: str) -> list[Choice]:
        """Autocomplete: the event's entries fitting what is typed (either partner's name), values their keys."""
        try:
            _, event = self._event(competition_text, event_text)
        except UserFacingError:
            return []
        entries = await self._entries(event)
        found = self._matching(entries, typed) if typed.strip() else list(entries)
        return [Choice(f"{e.name} ({e.country})", entry_key(e)) for e in found[:MAX_CHOICES]]

    # --- the lock ----------------------------------------------------------------------------------------------
    async def first_start(self, competition: Competition, event: Event) -> datetime | None:
        """The start of the event's first segment by the watched site's schedule; None when no watched site times
        it. A schedule from before the event keys were written is matched by discipline and level, only when one
        event of the competition has them."""
        schedule = await self.live.schedule_of(competition.key)
        mine = [entry for entry in schedule if entry.get("event_key") == event.key]
        if not mine and schedule:
            same = [
                e
                for e in self.results.events_of(competition)
                if (e.discipline, e.level) == (event.discipline, event.level)
            ]
            if len(same) == 1:
                mine = [
                    entry
                    for entry in schedule
                    if "event_key" not in entry
                    and (entry.get("discipline"), entry.get("level")) == (event.discipline, event.level)
                ]
        starts = [datetime.fromisoformat(entry["starts_at"]) for entry in mine if entry.get("starts_at")]
        return min(starts) if starts else None

    async def lock_state(
        self, round_: PredictionRound | None, competition: Competition, event: Event, entries: Sequence[Entry]
    ) -> LockState:
        start = await self.first_start(competition, event)
        if round_ is not None and round_.result_digest is not None:
            return LockState(True, start, "scored")
        if round_ is not None and round_.locked_at is not None:
            moderator = datetime.fromisoformat(round_.locked_at)
            if start is not None and start <= moderator:
                return LockState(True, start, "schedule")  # the schedule locked it first
            return LockState(True, moderator, "moderator")
        if start is not None and start <= self.now():
            return LockState(True, start, "schedule")
        if started(entries) or event_result(entries, self.results.segments_of(event)) is not None:
            return LockState(True, start, "started")
        return LockState(False, start, "open")

    # --- members ------------------------------------------------------------------------------------------------
    async def pick(
        self, actor: Actor, competition_text: str, event_text: str, gold: str, silver: str, bronze: str, short: str
    ) -> PickAnswer:
        """Sets (or changes) the member's pick for an event: refused once the round is locked, with the time."""
        guild_id = _guild(actor)
        settings = await self.repo.settings(guild_id)
        if not settings.enabled:
            raise UserFacingError("predict-off")
        competition, event = self._event(competition_text, event_text)
        entries = await self._entries(event)
        if not entries:
            raise UserFacingError("predict-no-entries", event=event.name, competition=competition.label)
        chosen = {
            slot: self._entry(entries, typed, event)
            for slot, typed in (("gold", gold), ("silver", silver), ("bronze", bronze), ("short", short))
        }
        podium = [entry_key(chosen[slot]) for slot in SLOTS]
        if len(set(podium)) < 3:
            raise UserFacingError("predict-same-pick")
        round_ = await self.repo.round(guild_id, competition.key, event.key)
        lock = await self.lock_state(round_, competition, event, entries)
        if lock.locked:
            raise _locked(lock, event)
        now = self.now()
        pick = Pick(0, actor.user_id, podium[0], podium[1], podium[2], entry_key(chosen["short"]), _iso(now))
        audit = AuditRecord(
            actor.user_id,
            guild_id,
            "predict.pick",
            _iso(now),
            after={
                "competition": competition.key,
                "event": event.key,
                "gold": podium[0],
                "silver": podium[1],
                "bronze": podium[2],
                "short": pick.short_winner,
            },
        )
        saved, new = await self.repo.save_pick(guild_id, competition.key, event.key, competition.season, pick, audit)
        if saved.locked_at is not None or saved.result_digest is not None:  # a moderator locked it meanwhile
            raise _locked(await self.lock_state(saved, competition, event, entries), event)
        return PickAnswer(competition, event, {slot: e.name for slot, e in chosen.items()}, lock, new)

    async def my_picks(self, actor: Actor) -> list[PickView]:
        """The member's picks in this server, newest round first, with their scores once scored."""
        guild_id = _guild(actor)
        views = []
        for round_, pick in await self.repo.member_picks(guild_id, actor.user_id):
            competition = self._competition_by_key(round_.competition_key)
            event = self._event_by_key(competition, round_.event_key)
            names = await self._names([pick.gold, pick.silver, pick.bronze, pick.short_winner], event)
            lock = None
            if competition is not None and event is not None:
                lock = await self.lock_state(round_, competition, event, await self._entries(event))
            views.append(
                PickView(
                    competition.label if competition else round_.competition_key,
                    event,
                    round_.event_key,
                    dict(zip((*SLOTS, "short"), (names[k] for k in _keys(pick)), strict=True)),
                    lock,
                    pick.points,
                    _named(pick.detail, names),
                )
            )
        return views

    async def leaderboard(self, actor: Actor, competition_text: str | None, season: str | None) -> Leaderboard:
        """The server's leaderboard of a competition, or of a season (the competition's season, or the season
        given; by default the season of the server's newest round)."""
        guild_id = _guild(actor)
        if competition_text and competition_text.strip():
            competition = self.results.competition(competition_text)
            rows = await self.repo.leaderboard(guild_id, competition_key=competition.key)
            return Leaderboard(t("predict-board-competition", competition=competition.label), tuple(rows))
        chosen = season.strip() if season and season.strip() else await self._newest_season(guild_id)
        if chosen is None:
            raise UserFacingError("predict-no-rounds")
        rows = await self.repo.leaderboard(guild_id, season=chosen)
        return Leaderboard(t("predict-board-season", season=escape_markdown(chosen[:20])), tuple(rows))

    async def _newest_season(self, guild_id: int) -> str | None:
        seasons = await self.repo.seasons(guild_id)
        return max(seasons) if seasons else None

    # --- moderators ---------------------------------------------------------------------------------------------
    async def settings(self, actor: Actor) -> PredictionSettings:
        return await self.repo.settings(_guild(actor))

    async def configure(
        self, actor: Actor, *, channel_id: int | None = None, enabled: bool | None = None, scoring: str | None = None
    ) -> PredictionSettings:
        """Changes the server's settings (moderators): the announcements' channel, whether the game runs, the
        scoring table (one of SCORING_TABLES)."""
        require_moderator(actor)
        guild_id = _guild(actor)
        before = await self.repo.settings(guild_id)
        if scoring is not None and scoring not in SCORING_TABLES:
            raise UserFacingError("predict-bad-scoring", scoring=quote(scoring), known=tuple(SCORING_TABLES))
        after = PredictionSettings(
            guild_id,
            channel_id if channel_id is not None else before.channel_id,
            enabled if enabled is not None else before.enabled,
            scoring if scoring is not None else before.scoring,
        )
        audit = AuditRecord(
            actor.user_id,
            guild_id,
            "predict.settings",
            _iso(self.now()),
            before={"channel": before.channel_id, "enabled": before.enabled, "scoring": before.scoring},
            after={"channel": after.channel_id, "enabled": after.enabled, "scoring": after.scoring},
        )
        await self.repo.save_settings(after, audit)
        if after.scoring != before.scoring:
            await self._rescore(guild_id)
        return after

    async def _rescore(self, guild_id: int) -> int:
        """A server's new scoring table: its rounds scored already are scored again with it, their announcements
        edited (the leaderboard follows the points). A round whose event's final result the store no longer holds
        keeps the score it had. Returns how many rounds were scored again."""
        by_event: dict[tuple[str, str], list[PredictionRound]] = {}
        for round_ in await self.repo.scored_rounds(guild_id):
            by_event.setdefault((round_.competition_key, round_.event_key), []).append(round_)
        rescored = 0
        for (competition_key, event_key), rounds in by_event.items():
            result = await self._result_of(competition_key, event_key)
            if result is not None:
                rescored += await self._score_rounds(rounds, result, result.digest)
        if rescored:
            self._corrections_due = True
        return rescored

    async def lock(self, actor: Actor, competition_text: str, event_text: str) -> tuple[Event, LockState]:
        """Locks a round now (moderators): no pick is taken or changed after it."""
        require_moderator(actor)
        guild_id = _guild(actor)
        competition, event = self._event(competition_text, event_text)
        round_ = await self.repo.create_round(guild_id, competition.key, event.key, competition.season)
        entries = await self._entries(event)
        lock = await self.lock_state(round_, competition, event, entries)
        if lock.locked:
            raise _locked(lock, event)
        audit = AuditRecord(
            actor.user_id,
            guild_id,
            "predict.lock",
            _iso(self.now()),
            after={"round": round_.id, "competition": competition.key, "event": event.key},
        )
        await self.repo.lock(round_.id, audit)
        locked = await self.repo.round_by_id(round_.id)
        return event, await self.lock_state(locked, competition, event, entries)

    # --- scoring ------------------------------------------------------------------------------------------------
    async def settle(self) -> int:
        """Scores every round whose event's final result is in the store and differs from the one it was scored
        from (a first result, or a correction), and makes its announcement due. Only once per results import:
        results change only through one. Returns how many rounds were scored."""
        latest = self.results.loaded_import
        if latest == self._settled_import:
            return 0
        scored = 0
        for competition_key, event_key in await self.repo.round_events():
            result = await self._result_of(competition_key, event_key)
            if result is not None:
                scored += await self.score_event(competition_key, event_key, result)
        self._settled_import = latest
        if scored:
            self._corrections_due = True
        return scored

    async def read(self) -> None:
        """The job's reading lane: the rounds a newer import made final scored, then the rounds locked since the
        last look given their lock post."""
        await self.settle()
        await self.note_locks()

    async def _result_of(self, competition_key: str, event_key: str) -> EventResult | None:
        """The event's final result in the store; None while it is not final, or when the store lacks the event."""
        event = self._event_by_key(self._competition_by_key(competition_key), event_key)
        if event is None:
            return None
        return event_result(await self._entries(event), self.results.segments_of(event))

    async def note_locks(self) -> int:
        """Makes the lock post of each round not scored that has locked since the last look: its event's first
        segment started by the schedule, or the store shows the event under way (a moderator's lock makes its own at
        once). Made once per round whatever process looks: the round is its key. Returns how many were made."""
        noted = 0
        for competition_key, event_key in await self.repo.lock_candidates():
            competition = self._competition_by_key(competition_key)
            event = self._event_by_key(competition, event_key)
            if competition is None or event is None:
                continue  # not in the store (any more): its lock is not known
            lock = await self.lock_state(None, competition, event, await self._entries(event))
            if lock.locked:
                at = _iso(lock.at) if lock.at is not None else None
                noted += await self.repo.note_locks(competition_key, event_key, at, lock.why)
        return noted

    async def score_event(self, competition_key: str, event_key: str, result: EventResult) -> int:
        """Scores every server's round of the event from `result` (skipping rounds scored from it already)."""
        digest = result.digest
        rounds = [r for r in await self.repo.rounds_of_event(competition_key, event_key) if r.result_digest != digest]
        if not rounds:
            return 0
        scored = 0
        for start in range(0, len(rounds), SCORE_BATCH):
            scored += await self._score_rounds(rounds[start : start + SCORE_BATCH], result, digest)
        return scored

    async def _score_rounds(self, rounds: Sequence[PredictionRound], result: EventResult, digest: str) -> int:
        settings = await self.repo.settings_of([r.guild_id for r in rounds])
        picks = await self.repo.picks_of_rounds([r.id for r in rounds])
        scorers = {name: Scorer(result, table) for name, table in SCORING_TABLES.items()}
        scored = []
        for round_ in rounds:
            chosen = settings[round_.guild_id]
            table_name = chosen.scoring if chosen.scoring in SCORING_TABLES else DEFAULT_SCORING
            scorer = scorers[table_name]
            scores = [(pick.user_id, *scorer.score(pick)) for pick in picks[round_.id]]
            scored.append((round_, table_name, scores, chosen.channel_id if chosen.enabled else None))
            await asyncio.sleep(0)  # the delivery lane shares the loop: it sends between two rounds scored
        return await self.repo.score_rounds(scored, digest, _iso(self.now()))

    # --- announcing ---------------------------------------------------------------------------------------------
    async def announcement(self, round_id: int, channel_id: int) -> Announcement | None:
        round_ = await self.repo.round_by_id(round_id)
        if round_ is None:
            return None
        competition = self._competition_by_key(round_.competition_key)
        event = self._event_by_key(competition, round_.event_key)
        entries = await self._entries(event) if event is not None else []
        result = event_result(entries, self.results.segments_of(event)) if event is not None else None
        picks = await self.repo.top_picks(round_id, ANNOUNCED_MEMBERS)
        others = max(0, await self.repo.pick_count(round_id) - len(picks))
        keys = {k for p in picks for k in _keys(p)}
        names = await self._names(sorted(keys | (set(result.names) if result else set())), event)
        podium: list[tuple[int, str]] = []
        winners: tuple[str, ...] = ()
        if result is not None:
            podium = [(place, names[key]) for place in (1, 2, 3) for key in result.on_place(place)]
            winners = tuple(names[key] for key in sorted(result.short_winners))
        return Announcement(
            round_id=round_id,
            guild_id=round_.guild_id,
            channel_id=channel_id,
            version=round_.version,
            competition=competition.label if competition else round_.competition_key,
            event=event,
            event_key=round_.event_key,
            podium=tuple(podium),
            short_winners=winners,
            scoring=round_.scoring or DEFAULT_SCORING,
            members=tuple((p.user_id, p.points or 0, _named(p.detail, names)) for p in picks),
            others=others,
            out=tuple((names[key], status) for key, status in sorted(result.statuses.items())) if result else (),
            rescored=round_.rescored,
        )

    async def deliver_due(self) -> int:
        """Sends the due announcements of this process's servers and edits those of rescored rounds; returns how
        many messages went out."""
        async with self._delivering:
            poster = self._require_poster()
            count = 0
            slots = asyncio.Semaphore(SENDERS)
            due = [
                post
                for post in await self.repo.due_posts(round(DELIVERY_BATCH / self.shards.share))
                if self.shards.owns(post.guild_id)
            ]
            # Claimed together before any is sent, recorded in groups after (as the live posts): two writes an
            # announcement would cost more than sending it when thousands are due. One sent and not yet recorded is
            # claimed, so a restart looks for it in its channel before sending it again (`recover`).
            claimed = set(await self.repo.claim_posts([post.round_id for post in due], _iso(self.now())))
            sent: list[tuple[int, int, int]] = []

            async def record() -> None:
                done, sent[:] = list(sent), []
                if done:
                    await self.repo.complete_posts(done, _iso(self.now()))

            async def deliver(post: PredictionPost) -> int:
                async with slots:
                    announcement = await self.announcement(post.round_id, post.channel_id)
                    if announcement is None:
                        return 0
                    message_id = await self._post(poster, announcement)
                    if message_id is None:
                        return 0
                    sent.append((announcement.round_id, message_id, announcement.version))
                    if len(sent) >= RECORD_EVERY:
                        await record()
                    return 1

            count += await self._deliver_locks(poster)
            count += sum(await asyncio.gather(*(deliver(p) for p in due if p.round_id in claimed)))
            await record()
            if self._corrections_due:
                self._corrections_due = False
                outdated = await self.repo.outdated_posts(DELIVERY_BATCH)
                for post, _version in outdated:
                    if not self.shards.owns(post.guild_id) or post.message_id is None:
                        continue
                    announcement = await self.announcement(post.round_id, post.channel_id)
                    if announcement is None:
                        continue
                    try:
                        await poster.edit(announcement, post.message_id)
                    except PostFailed as exc:
                        log.warning("predictions: could not correct message %s: %s", post.message_id, exc.reason)
                        if exc.transient:
                            self._corrections_due = True
                            continue
                    await self.repo.complete_post(
                        post.round_id, post.message_id, announcement.version, _iso(self.now())
                    )
                    count += 1
                self._corrections_due = self._corrections_due or len(outdated) == DELIVERY_BATCH
            return count

    async def _deliver_locks(self, poster: PredictionPoster) -> int:
        """Sends the due lock posts of this process's servers: claimed together, sent side by side, recorded in
        groups (as the announcements). Returns how many went out."""
        due = [
            post
            for post in await self.repo.due_lock_posts(round(DELIVERY_BATCH / self.shards.share))
            if self.shards.owns(post.guild_id)
        ]
        if not due:
            return 0
        claimed = set(await self.repo.claim_posts([post.round_id for post in due], _iso(self.now()), kind="lock"))
        notices = await self._lock_notices([post for post in due if post.round_id in claimed])
        slots = asyncio.Semaphore(SENDERS)
        sent: list[tuple[int, int]] = []

        async def record() -> None:
            done, sent[:] = list(sent), []
            if done:
                await self.repo.complete_lock_posts(done, _iso(self.now()))

        async def deliver(notice: LockNotice) -> int:
            async with slots:
                message_id = await self._attempt(poster.send_lock(notice), notice.round_id, "lock")
                if message_id is None:
                    return 0
                sent.append((notice.round_id, message_id))
                if len(sent) >= RECORD_EVERY:
                    await record()
                return 1

        count = sum(await asyncio.gather(*(deliver(notice) for notice in notices)))
        await record()
        return count

    async def _lock_notices(self, posts: Sequence[PredictionLockPost]) -> list[LockNotice]:
        """The lock posts as their channels are told them, with each round's count of picks (one query a batch)."""
        ids = [post.round_id for post in posts]
        counts = await self.repo.pick_counts(ids)
        rounds = await self.repo.rounds_by_ids(ids)
        notices = []
        for post in posts:
            round_ = rounds.get(post.round_id)
            if round_ is None or post.channel_id is None:
                continue  # removed since, or never due (a silent one is not claimed)
            competition = self._competition_by_key(round_.competition_key)
            notices.append(
                LockNotice(
                    round_id=post.round_id,
                    guild_id=post.guild_id,
                    channel_id=post.channel_id,
                    competition=competition.label if competition else round_.competition_key,
                    event=self._event_by_key(competition, round_.event_key),
                    event_key=round_.event_key,
                    at=datetime.fromisoformat(post.locked_at) if post.locked_at else None,
                    why=post.why,
                    picks=counts.get(post.round_id, 0),
                )
            )
        return notices

    async def _recover_locks(self, poster: PredictionPoster) -> int:
        """The lock posts claimed when the bot stopped: each looked for in its channel; found, completed, else
        sent. Returns how many were sent."""
        mine = [post for post in await self.repo.claimed_lock_posts() if self.shards.owns(post.guild_id)]
        taken = []
        for post in mine:
            if not self.shards.sharded or await self.repo.take_over_post(
                post.round_id, self._started, _iso(self.now()), kind="lock"
            ):
                taken.append(post)
        sent = 0
        for notice in await self._lock_notices(taken):
            message_id = await poster.find(notice)
            if message_id is None:
                message_id = await self._attempt(poster.send_lock(notice), notice.round_id, "lock")
                sent += message_id is not None
            if message_id is not None:
                await self.repo.complete_lock_posts([(notice.round_id, message_id)], _iso(self.now()))
        return sent

    async def recover(self) -> int:
        """After a restart: each announcement claimed when the bot stopped is looked for in its channel; found, it
        is completed, else sent. Returns how many were sent."""
        async with self._delivering:
            poster = self._require_poster()
            sent = await self._recover_locks(poster)
            for post in await self.repo.claimed_posts():
                if not self.shards.owns(post.guild_id):
                    continue
                if self.shards.sharded and not await self.repo.take_over_post(
                    post.round_id, self._started, _iso(self.now())
                ):
                    continue
                announcement = await self.announcement(post.round_id, post.channel_id)
                if announcement is None:
                    continue
                found = await poster.find(announcement)
                if found is not None:
                    await self.repo.complete_post(post.round_id, found, post.version, _iso(self.now()))
                    self._corrections_due = True  # the found message may show an older scoring
                    continue
                sent += await self._send(poster, announcement)
            return sent

    async def _post(self, poster: PredictionPoster, announcement: Announcement) -> int | None:
        return await self._attempt(poster.send(announcement), announcement.round_id, "scored")

    async def _attempt(self, sending: Awaitable[int], round_id: int, kind: str) -> int | None:
        """The sent message's id; None when Discord refused it (recorded: a passing failure makes it due again)."""
        try:
            return await sending
        except PostFailed as exc:
            if exc.transient:
                await self.repo.release_post(round_id, exc.reason, kind=kind)
            else:
                await self.repo.fail_post(round_id, exc.reason, _iso(self.now()), kind=kind)
            return None

    async def _send(self, poster: PredictionPoster, announcement: Announcement) -> int:
        message_id = await self._post(poster, announcement)
        if message_id is None:
            return 0
        await self.repo.complete_post(announcement.round_id, message_id, announcement.version, _iso(self.now()))
        return 1

    def _require_poster(self) -> PredictionPoster:
        if self._poster is None:
            raise RuntimeError("PredictionService.attach was never called")
        return self._poster

    async def _names(self, keys: Sequence[str], event: Event | None) -> dict[str, str]:
        """Entry names by key: from the event's entries, else the store's skaters (an entry gone since)."""
        names = {entry_key(e): e.name for e in (await self._entries(event) if event is not None else [])}
        for key in keys:
            if key not in names:
                ids = [int(part) for part in key.split("/") if part.isdigit()]
                found = await self.results.skater_names(ids) if ids else []
                names[key] = " / ".join(found) if found else key
        return names


def _keys(pick: Pick) -> tuple[str, str, str, str]:
    return (pick.gold, pick.silver, pick.bronze, pick.short_winner)


def _named(detail: Sequence[dict[str, object]], names: dict[str, str]) -> tuple[dict[str, object], ...]:
    return tuple({**line, "name": names.get(str(line.get("entry")), str(line.get("entry")))} for line in detail)


def _guild(actor: Actor) -> int:
    if actor.guild_id is None:
        raise UserFacingError("error-guild-only")
    return actor.guild_id


def _locked(lock: LockState, event: Event) -> UserFacingError:
    """The refusal of a late pick, with the lock time as a Discord timestamp (each reader sees their own zone)."""
    if lock.at is not None and lock.why in ("moderator", "schedule"):
        return UserFacingError("predict-locked", event=event.name, at=f"<t:{int(lock.at.timestamp())}:F>")
    if lock.why == "scored":
        return UserFacingError("predict-locked-scored", event=event.name)
    return UserFacingError("predict-locked-started", event=event.name)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")
