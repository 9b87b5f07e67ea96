"""Stage 4, the team event and countries: a team's place, points and margins, and a country's entry in an
individual event ("the Germans", "Japan took silver")."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Text, t
from bot.services.claims.model import (
    CONSISTENT,
    CONTRADICTED,
    Claim,
    Subject,
)
from bot.services.claims.verdict_outcomes import (
    Outcome,
    not_checkable,
    ordinal_text,
    place_outcome,
    reading_text,
    source_of,
    tagged,
    where_text,
)
from bot.services.results import ResultsService
from db.models import Competition, Entry, Event, TeamResult, number_of


class TeamChecks:
    def __init__(self, results: ResultsService, event: Event | None) -> None:
        self.results = results
        self.event = event

    def _tag(self, outcome: Outcome, event: Event, segment: str | None) -> Outcome:
        return tagged(self.results, outcome, event, segment)

    # -- the team event --------------------------------------------------------------------------------------
    async def _team_country(self, event: Event, skater_ids: tuple[int, ...]) -> str | None:
        _, teams = await self.results.results_of(event)
        wanted = {str(i) for i in skater_ids}
        for team in teams:
            if any(wanted & set(r.skater_key.split("/")) for r in team.segments.values()):
                return team.country
        entries = await self.results.entries_of(event, skater_ids)
        if entries:
            return entries[0].country
        skater = await self.results.skater_by_id(skater_ids[0])
        return skater.country if skater else None

    async def team_of_skater(self, claim: Claim, event: Event, entry: Entry, where: Text) -> Outcome:
        country = await self._team_country(event, tuple(s.id for s in entry.skaters))
        return await self._team_result(claim, event, country, where)

    async def team(self, claim: Claim, competition: Competition, subject: Subject, event: Event | None) -> Outcome:
        if event is None:
            return not_checkable(t("verdict-no-team-event", competition=competition.label))
        where = where_text(competition, event)
        country = subject.country or await self._team_country(event, subject.ids)
        if claim.kind in ("margin", "order"):
            return self._tag(await self._team_relative(claim, event, country, where), event, None)
        return self._tag(await self._team_result(claim, event, country, where), event, None)

    async def _team_result(self, claim: Claim, event: Event, country: str | None, where: Text) -> Outcome:
        _, teams = await self.results.results_of(event)
        team = next((r for r in teams if r.country == country), None)
        shown = country or "?"  # a team whose country the store lacks
        key = "verdict-what-team-points" if claim.kind == "team_points" else "verdict-what-team-place"
        what = t(key, country=shown)
        reading = reading_text(where, what)
        if team is None:
            return replace(
                not_checkable(t("verdict-no-team-result", country=shown, where=where), reading), team=country
            )
        if claim.kind == "team_points":
            stored = number_of(team.points)
            if stored is None:
                return replace(
                    not_checkable(t("verdict-no-team-points", country=shown, where=where), reading), team=country
                )
            ok = abs(stored - float(claim.value or 0)) < 0.005
            readable = t("verdict-team-points", points=f"{stored:g}")
            outcome = CONSISTENT if ok else CONTRADICTED
            why = t("verdict-stored", stored=readable)
            return Outcome(outcome, readable, source_of(team.points), why, reading, team=country)
        return replace(place_outcome(claim, team.place, reading, what), team=country)

    async def _team_relative(self, claim: Claim, event: Event, country: str | None, where: Text) -> Outcome:
        _, teams = await self.results.results_of(event)
        own = next((r for r in teams if r.country == country), None)
        other = claim.other
        rival: TeamResult | None = None
        if other is not None and other.country:
            rival = next((r for r in teams if r.country == other.country), None)
        elif other is not None and other.rank is not None:
            rival = next((r for r in teams if number_of(r.place) == other.rank), None)
        elif own is not None and number_of(own.place) is not None:
            target = (number_of(own.place) or 0) + (1 if claim.ahead else -1)
            rival = next((r for r in teams if number_of(r.place) == target), None)
        what = t("verdict-what-team-order" if claim.kind == "order" else "verdict-what-team-margin")
        reading = reading_text(where, what)
        if own is None or rival is None:
            return not_checkable(t("verdict-team-results-not-stored", where=where), reading)
        if claim.kind == "order":
            a, b = number_of(own.place), number_of(rival.place)
            if a is None or b is None:
                return not_checkable(t("verdict-team-places-not-stored"), reading)
            ok = (a < b) == claim.ahead
            stored = t("verdict-order", place=ordinal_text(int(a)), other=ordinal_text(int(b)), name=rival.country)
            why = t("verdict-stored", stored=stored)
            return Outcome(CONSISTENT if ok else CONTRADICTED, stored, source_of(own.place), why, reading)
        a, b = number_of(own.points), number_of(rival.points)
        if a is None or b is None or claim.value is None:
            return not_checkable(t("verdict-team-points-not-stored"), reading)
        diff = a - b
        expected = claim.value if claim.ahead else -claim.value
        ok = abs(diff - expected) < 0.006
        key = "verdict-team-margin-ahead" if diff >= 0 else "verdict-team-margin-behind"
        stored = t(key, points=f"{abs(diff):g}", country=rival.country)
        why = t("verdict-stored", stored=stored)
        return Outcome(CONSISTENT if ok else CONTRADICTED, stored, source_of(own.points), why, reading)

    def _country_events(self, claim: Claim, events: list[Event]) -> list[Event]:
        """The events a claim about a country may be about: its discipline's, else the story's event, else every
        individual event."""
        if claim.discipline:
            return [e for e in events if e.discipline == claim.discipline]
        if self.event is not None and self.event in events and self.event.discipline != "team":
            return [self.event]
        return [e for e in events if e.discipline != "team"]

    async def country_entry(self, claim: Claim, subject: Subject, events: list[Event]) -> tuple[Event, Entry] | None:
        """The one entry of a country in the events the claim may be about (_country_events), or None when there
        are none or several."""
        chosen = self._country_events(claim, events)
        found: list[tuple[Event, Entry]] = []
        for event in chosen:
            entries, _ = await self.results.results_of(event)
            found.extend((event, e) for e in entries if e.country == subject.country)
            if len(found) > 1:
                return None
        return found[0] if found else None

    async def country_in_event(
        self, claim: Claim, competition: Competition, subject: Subject, events: list[Event]
    ) -> list[Outcome]:
        """ "Japan took silver in the women's event": some entry of that country has that place."""
        if claim.kind not in ("medal", "place", "medallist") or claim.value is None:
            return [not_checkable(t("verdict-which-skater", name=subject.name))]
        chosen = self._country_events(claim, events)
        out: list[Outcome] = []
        for event in chosen:
            entries, _ = await self.results.results_of(event)
            where = where_text(competition, event)
            reading = reading_text(where, t("verdict-what-country-place", country=subject.name))
            placed = [e for e in entries if number_of(e.place) is not None]
            if claim.kind == "medallist":
                ours = [e for e in placed if e.country == subject.country and (number_of(e.place) or 99) <= 3]
                at_place: list[Entry] = []
            else:
                ours = [e for e in placed if e.country == subject.country and number_of(e.place) == claim.value]
                at_place = [e for e in placed if number_of(e.place) == claim.value]
            if ours:
                e = ours[0]
                stored = t("verdict-country-place", place=ordinal_text(int(number_of(e.place) or 0)), name=e.name)
                why = t("verdict-stored", stored=stored)
                out.append(self._tag(Outcome(CONSISTENT, stored, source_of(e.place), why, reading), event, None))
            elif at_place:
                e = at_place[0]
                stored = t(
                    "verdict-country-place-other", place=ordinal_text(int(claim.value)), name=e.name, country=e.country
                )
                why = t("verdict-stored", stored=stored)
                out.append(self._tag(Outcome(CONTRADICTED, stored, source_of(e.place), why, reading), event, None))
            else:
                place = ordinal_text(int(claim.value))
                out.append(
                    not_checkable(t("verdict-no-place-for", place=place, name=subject.name, where=where), reading)
                )
        return out or [not_checkable(t("verdict-no-event"))]
