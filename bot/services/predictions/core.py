"""What every part of the predictions service shares: its store, the results and live services, the clock, the
shards, the poster attached at start, and the store's competitions, events, results and names as rounds name them
(by key)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from bot.errors import UserFacingError
from bot.services.live.service import LiveService
from bot.services.predictions.models import PredictionPoster
from bot.services.predictions.rules import EventResult, entry_key, event_result
from bot.services.results import ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from db.models import Competition, Entry, Event
from db.repositories.predictions import PredictionRepository


class PredictionCore:
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
        """Gives the service its way to Discord (bot/discord_layer/prediction_poster.py), at start."""
        self._poster = poster
        self._started = iso(self.now())

    def now(self) -> datetime:
        return self._clock()

    def _require_poster(self) -> PredictionPoster:
        if self._poster is None:
            raise RuntimeError("PredictionService.attach was never called")
        return self._poster

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

    async def _result_of(self, competition_key: str, event_key: str) -> EventResult | None:
        """The event's final result in the store; None while it is not final, or when the store lacks the event."""
        event = self._event_by_key(self._competition_by_key(competition_key), event_key)
        if event is None:
            return None
        return event_result(await self._entries(event), self.results.segments_of(event))

    async def _names(self, keys: Sequence[str], event: Event | None) -> dict[str, str]:
        """Entry names by key: from the event's entries, else the store's skaters (an entry gone since)."""
        names = {entry_key(e): e.name for e in (await self._entries(event) if event is not None else [])}
        await self._more_names(names, keys)
        return names

    async def _more_names(self, names: dict[str, str], keys: Sequence[str]) -> None:
        """Adds to `names` the keys it lacks, by the store's skaters (the key itself when none is known)."""
        for key in keys:
            if key not in names:
                ids = [int(part) for part in key.split("/") if part.isdigit()]
                found = await self.results.skater_names(ids) if ids else []
                names[key] = " / ".join(found) if found else key


def named(detail: Sequence[dict[str, object]], names: dict[str, str]) -> tuple[dict[str, object], ...]:
    """A scored pick's parts, each with its entry's name."""
    return tuple({**line, "name": names.get(str(line.get("entry")), str(line.get("entry")))} for line in detail)


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")
