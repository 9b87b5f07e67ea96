"""Podium predictions: a server's game for each event of a competition it follows.

A member picks an event's gold, silver and bronze and its short program's (or rhythm dance's) winner among the event's
entries; the pick can be changed until the round locks: at the start of the event's first segment by the watched
site's schedule, when the store shows the event has started, or when a moderator locks it; the lock is told once in
the server's channel. When the event's final result is in the store (a live poll's import or any other), every
server's round of it is scored with that server's scoring table and its announcement made due, once (delivery.py).
A corrected result is a new result digest, and a server's new table a new scoring: the round is scored again and the
announcement edited. Nothing here talks to Discord: the delivery goes through a `PredictionPoster` the bot attaches.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.errors import UserFacingError
from bot.i18n import t
from bot.services.access import Actor, require_moderator
from bot.services.names.normalize import normalize
from bot.services.predictions.core import iso, named
from bot.services.predictions.delivery import PredictionDelivery
from bot.services.predictions.models import Leaderboard, LockState, PickAnswer, PickView
from bot.services.predictions.rules import (
    DEFAULT_SCORING,
    SCORING_TABLES,
    SLOTS,
    EventResult,
    Scorer,
    entry_key,
    event_result,
    pick_keys,
    started,
)
from bot.services.results import Choice
from bot.text import escape_markdown, quote
from db.models import AuditRecord, Competition, Entry, Event
from db.prediction_models import Pick, PredictionRound, PredictionSettings

# Rounds of one event scored per transaction: the store scores their picks while the transaction holds the write
# lock, so the delivery's claims and records of the announcements already due wait for one batch at most. Measured on
# SQLite (5,000 rounds of 200 picks): 200 a batch held the lock 0.9 s (median; 1.7 s at most) and scored all in 22.8 s;
# 50 a batch, 0.16 s (0.64 s) and 18.1 s: well under the 2 s of sending the delivery keeps ready.
SCORE_BATCH = 50
MAX_CHOICES = 25


class PredictionService(PredictionDelivery):
    """The podium predictions game of every server."""

    # --- the entries -------------------------------------------------------------------------------------------
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
        pick = Pick(0, actor.user_id, podium[0], podium[1], podium[2], entry_key(chosen["short"]), iso(now))
        audit = AuditRecord(
            actor.user_id,
            guild_id,
            "predict.pick",
            iso(now),
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
                    dict(zip((*SLOTS, "short"), (names[k] for k in pick_keys(pick)), strict=True)),
                    lock,
                    pick.points,
                    named(pick.detail, names),
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
            iso(self.now()),
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
            iso(self.now()),
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
                at = iso(lock.at) if lock.at is not None else None
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
        """Scores rounds of one event from `result`, each with its server's table. The store scores the picks (see
        PredictionRepository.score_rounds): a final's million picks never pass through the event loop, which goes on
        sending the announcements of the rounds scored before."""
        settings = await self.repo.settings_of([r.guild_id for r in rounds])
        scored = []
        for round_ in rounds:
            chosen = settings[round_.guild_id]
            table_name = chosen.scoring if chosen.scoring in SCORING_TABLES else DEFAULT_SCORING
            scored.append((round_, table_name, chosen.channel_id if chosen.enabled else None))
        tables = {name: Scorer(result, table) for name, table in SCORING_TABLES.items()}
        return await self.repo.score_rounds(scored, tables, digest, iso(self.now()))


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
