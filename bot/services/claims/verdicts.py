"""Stage 4: verdicts. Every reading a claim allows is checked against the store, with the same honest
matching as the results commands:

* competition: None is the story's (its link, else its date, else the one competition its text names);
  words ("Beijing", "2025 Worlds", "Olympic") go through ResultsService.find_competitions: one match is
  used, several are used only when the story's competition is among them, none make the claim not
  checkable ("no 2026 World Championships in the store") — never another competition in its place;
* event: the discipline the sentence names (the team event for "team"), else the story's event when the
  subject skated in it, else the subject's events at that competition (the team event too for a medal, a
  segment place or a segment score: a skater wins team medals and skates team segments);
* figure: final place, segment rank, total, segment score, team place or points, margins and order between
  two results, falls recorded in the notes.

One reading: its outcome. Several: consistent when one of them matches the store (the verdict says which),
otherwise not checkable — never contradicted. A figure the store lacks never contradicts anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.services.claims.model import (
    CONSISTENT,
    CONTRADICTED,
    MEDAL_NAME,
    SEGMENT_WORDS,
    UNCHECKABLE,
    Claim,
    Subject,
    Verdict,
)
from bot.services.claims.vocabulary import NUMBER_WORDS, SEGMENT_RE, TIMES, segment_kind
from bot.services.competitions import labels_with_years
from bot.services.results import ResultsService
from bot.text import ordinal
from db.models import Competition, Entry, Event, Figure, TeamResult

_NOTE_NONE = re.compile(
    r"\b(?:no\s+falls?|without\s+(?:a\s+)?falls?|fall[\s-]free|clean\s+(?:skate|program|programme))\b"
)
_NOTE_COUNT = re.compile(r"\b(one|two|three|four|five|\d)\s+(?:[\w-]+\s+)?falls?\b|\bfell\s+(once|twice|three times)\b")
_NOTE_ANY = re.compile(r"\b(?:fell|falls?|fall)\b")
_INDIVIDUAL_KINDS = ("place", "total")  # a skater's team-event entry has no final place or total of its own


@dataclass(frozen=True, slots=True)
class _Outcome:
    outcome: str
    stored: str | None
    source: str | None
    why: str
    reading: str | None
    subject: Subject | None = None  # the subject of this reading (a claim may have several)
    team: str | None = None  # the country whose team result was read


def _source(figure: Figure | None) -> str | None:
    if figure is None or figure.provenance is None or not figure.provenance.sources:
        return None
    return figure.provenance.sources[0]


def _num(figure: Figure | None) -> float | None:
    if figure is None:
        return None
    try:
        return float(figure.value)
    except (TypeError, ValueError):
        return None


def _not(why: str, reading: str | None = None) -> _Outcome:
    return _Outcome(UNCHECKABLE, None, None, why, reading)


class Checker:
    def __init__(self, results: ResultsService, competition: Competition | None, event: Event | None) -> None:
        self.results = results
        self.competition = competition
        self.event = event if event and competition and event.competition_id == competition.id else None
        self._lookups: dict[str, Competition | str] = {}

    # -- competitions ----------------------------------------------------------------------------------------
    def competition_for(self, text: str | None) -> Competition | str:
        """The competition a claim's words name, or why there is none to check against."""
        if text is None:
            return self.competition or "the story does not say which competition it is about"
        if text in self._lookups:
            return self._lookups[text]
        lookup = self.results.find_competitions(text)
        answer: Competition | str
        if lookup.match is not None:
            answer = lookup.match
        elif lookup.ambiguous:
            if self.competition is not None and self.competition in lookup.matches:
                answer = self.competition
            else:
                labels = labels_with_years(lookup.matches[:4])
                answer = f"“{text}” could be {', '.join(labels[:-1])} or {labels[-1]}"
        else:
            missing = lookup.describe_missing() or f"competition “{text}”"
            has = ", ".join(labels_with_years(lookup.nearby[:3]))
            answer = f"no {missing} in the results store" + (f" (it has {has})" if has else "")
        self._lookups[text] = answer
        return answer

    # -- the claim -------------------------------------------------------------------------------------------
    async def check(self, claim: Claim) -> Verdict:
        if claim.uncheckable:
            return Verdict(claim, UNCHECKABLE, None, None, claim.uncheckable)
        subjects = claim.subjects or (Subject(claim.subject),)
        if not any(s.resolved for s in subjects):
            s = subjects[0]
            return Verdict(claim, UNCHECKABLE, None, None, f"{s.name}: {s.missing or 'not in the results store'}")
        outcomes: list[_Outcome] = []
        for text in claim.competitions:
            competition = self.competition_for(text)
            for subject in subjects:
                if isinstance(competition, str):
                    outcomes.append(_not(competition))
                elif not subject.resolved:
                    outcomes.append(_not(f"{subject.name}: {subject.missing or 'not in the results store'}"))
                else:
                    found = await self._readings(claim, competition, subject, len(subjects) > 1)
                    outcomes.extend(replace(o, subject=subject) for o in found)
        if not outcomes:
            return Verdict(claim, UNCHECKABLE, None, None, "nothing stored to check it against")
        team_subject = self._team_subject(claim, outcomes)
        if team_subject:
            claim = replace(claim, subject=team_subject)
        if len(outcomes) == 1:
            o = outcomes[0]
            return Verdict(self._as_read(claim, o), o.outcome, o.stored, o.source, o.why, o.reading)
        consistent = [o for o in outcomes if o.outcome == CONSISTENT]
        if not consistent and all(o.outcome == UNCHECKABLE for o in outcomes) and len({o.why for o in outcomes}) == 1:
            o = outcomes[0]
            return Verdict(claim, UNCHECKABLE, None, None, o.why, o.reading)
        if consistent:
            o = consistent[0]
            if o.subject is not None and len(subjects) > 1:
                claim = replace(claim, subject=o.subject.name, skater_id=o.subject.ids[0] if o.subject.ids else None)
            claim = self._as_read(claim, o)
            return Verdict(
                claim, CONSISTENT, o.stored, o.source, f"{o.why} (one of {len(outcomes)} readings)", o.reading
            )
        tried = "; ".join(f"{o.reading}: {o.stored}" if o.stored else (o.reading or o.why) for o in outcomes[:4])
        return Verdict(
            claim,
            UNCHECKABLE,
            None,
            None,
            f"the sentence can be read {len(outcomes)} ways and none matches the store ({tried})",
            " or ".join(dict.fromkeys(o.reading for o in outcomes if o.reading)) or None,
        )

    @staticmethod
    def _as_read(claim: Claim, outcome: _Outcome) -> Claim:
        """A country's medal or place read in the team event is a team claim about that country."""
        if outcome.team and claim.kind in ("medal", "place", "medallist"):
            medal = MEDAL_NAME.get(int(claim.value or 0)) if claim.kind == "medal" else None
            claimed = f"team {medal}" if medal else f"{ordinal(int(claim.value or 0))} in the team event"
            return replace(claim, kind="team", subject=outcome.team, claimed=claimed)
        return claim

    @staticmethod
    def _team_subject(claim: Claim, outcomes: list[_Outcome]) -> str | None:
        """A team claim is about the country (a skater's team claim names the skater's team)."""
        if claim.kind not in ("team", "team_points"):
            return None
        return next((o.team for o in outcomes if o.team), None)

    async def _readings(
        self, claim: Claim, competition: Competition, subject: Subject, several: bool
    ) -> list[_Outcome]:
        if subject.rank is not None:
            return [_not(f"“{subject.name}” is not one skater")]
        events = self.results.events_of(competition)
        team_event = next((e for e in events if e.discipline == "team"), None)
        linked_team = self.event is not None and self.event.discipline == "team" and self.event in events
        if subject.country:
            # A country: its team result when the sentence or the story's link says team event; else a medal
            # or a place may be the team's or one of its skaters' in an individual event (all are readings).
            if claim.kind in ("team", "team_points", "margin", "order") or claim.discipline == "team":
                return [await self._team(claim, competition, subject, team_event)]
            if claim.discipline is None and linked_team:
                return [await self._team(claim, competition, subject, team_event)]
            readings = await self._country_in_event(claim, competition, subject, events)
            if claim.discipline is None and team_event is not None:
                readings.append(await self._team(claim, competition, subject, team_event))
            return readings
        if claim.kind in ("team", "team_points"):
            return [await self._team(claim, competition, subject, team_event)]
        candidates = await self._entries(claim, competition, subject, events)
        if isinstance(candidates, str):
            return [_not(candidates)]
        out: list[_Outcome] = []
        for event, entry in candidates:
            where = f"{competition.label} · {event.name}"
            who = f"{subject.name}, " if several else ""
            out.extend(await self._compare(claim, event, entry, where, who))
        return out

    async def _entries(
        self, claim: Claim, competition: Competition, subject: Subject, events: list[Event]
    ) -> list[tuple[Event, Entry]] | str:
        wanted = set(subject.ids)

        async def entry_in(event: Event) -> Entry | None:
            entries = await self.results.entries_of(event, subject.ids)
            return next((e for e in entries if wanted <= {s.id for s in e.skaters}), None)

        if claim.discipline:
            chosen = [e for e in events if e.discipline == claim.discipline]
            if not chosen:
                return f"no {claim.discipline.replace('_', ' ')} event stored at {competition.label}"
            # "won the men's free skate" in a story linked to the team event: the men's event, or the men's
            # segment of the team event.
            if (
                self.event is not None
                and self.event.discipline == "team"
                and self.event.competition_id == competition.id
                and claim.discipline != "team"
                and claim.kind not in _INDIVIDUAL_KINDS
            ):
                chosen.append(self.event)
            pairs = [(event, entry) for event in chosen if (entry := await entry_in(event)) is not None]
            if not pairs:
                return f"no entry stored for {subject.name} in {chosen[0].name} at {competition.label}"
            return pairs
        if self.event is not None and self.event.competition_id == competition.id:
            entry = await entry_in(self.event)
            if entry is not None and (self.event.discipline != "team" or claim.kind not in _INDIVIDUAL_KINDS):
                return [(self.event, entry)]
        found: list[tuple[Event, Entry]] = []
        for event in events:
            if event.discipline == "team" and claim.kind not in (
                "medal",
                "medallist",
                "segment_place",
                "score",
                "fall",
            ):
                continue
            entry = await entry_in(event)
            if entry is not None:
                found.append((event, entry))
        if not found:
            return f"no entry stored for {subject.name} at {competition.label}"
        return found

    # -- comparisons -------------------------------------------------------------------------------------------
    async def _compare(self, claim: Claim, event: Event, entry: Entry, where: str, who: str) -> list[_Outcome]:
        kind = claim.kind
        team = event.discipline == "team"
        if kind == "fall":
            return [self._falls(claim, entry, where)]
        if kind in ("margin", "order"):
            return [
                await self._relative(claim, event, entry, where, who, segment)
                for segment in (claim.segments or (claim.segment,))
            ]
        readings = claim.segments or ((claim.segment,) if claim.segment else (None,))
        if kind in ("medal", "medallist") or kind == "team":
            readings = (None,)
        if kind == "total":
            readings = (None,)
        out: list[_Outcome] = []
        for reading in readings:
            for segment_kind_, label in self._segment_readings(event, entry, reading):
                if kind in ("medal", "medallist", "place", "segment_place", "team"):
                    if segment_kind_ is None:
                        if team:
                            out.append(await self._team_of_skater(claim, event, entry, where))
                            continue
                        figure = entry.place
                        what = "final place"
                    else:
                        result = entry.segments.get(self._segment_id(event, entry, segment_kind_) or -1)
                        figure = result.rank if result else None
                        what = f"{label} rank"
                    out.append(self._place(claim, figure, f"{where} · {who}{what}"))
                else:  # score / total
                    if segment_kind_ is None:
                        if team:
                            continue  # a skater's team-event entry has no total of its own
                        figure, what = entry.total, "total"
                    else:
                        result = entry.segments.get(self._segment_id(event, entry, segment_kind_) or -1)
                        figure, what = (result.tss if result else None), f"{label} score"
                    out.append(self._score(claim, figure, f"{where} · {who}{what}"))
        return out or [_not(f"nothing stored for it at {where}")]

    def _segment_readings(self, event: Event, entry: Entry, reading: str | None) -> list[tuple[str | None, str]]:
        if reading is None:
            return [(None, "final")]
        if reading == "any":
            kinds = []
            for segment in self.results.segments_of(event):
                if segment.id in entry.segments and segment.kind not in kinds:
                    kinds.append(segment.kind)
            if not kinds:
                kinds = [s.kind for s in self.results.segments_of(event)]
            return [(k, SEGMENT_WORDS[k]) for k in dict.fromkeys(kinds)]
        return [(reading, SEGMENT_WORDS[reading])]

    def _segment_id(self, event: Event, entry: Entry, kind: str) -> int | None:
        segments = [s for s in self.results.segments_of(event) if s.kind == kind]
        own = [s for s in segments if s.id in entry.segments]
        chosen = own or segments
        return chosen[0].id if chosen else None

    def _place(self, claim: Claim, figure: Figure | None, reading: str) -> _Outcome:
        stored = _num(figure)
        if stored is None:
            return _not(f"no {reading.rsplit(' · ', 1)[-1]} stored ({reading})", reading)
        place = int(stored)
        readable = ordinal(place) + (
            f" ({MEDAL_NAME[place]})" if place in MEDAL_NAME and claim.kind in ("medal", "medallist", "team") else ""
        )
        if claim.kind == "medallist":
            ok = place in MEDAL_NAME
        else:
            ok = place == int(claim.value or 0)
        return _Outcome(CONSISTENT if ok else CONTRADICTED, readable, _source(figure), f"stored: {readable}", reading)

    def _score(self, claim: Claim, figure: Figure | None, reading: str) -> _Outcome:
        stored = _num(figure)
        if stored is None:
            return _not(f"no {reading.rsplit(' · ', 1)[-1]} stored ({reading})", reading)
        ok = abs(stored - float(claim.value or 0)) < 0.005
        readable = f"{stored:.2f}"
        return _Outcome(CONSISTENT if ok else CONTRADICTED, readable, _source(figure), f"stored: {readable}", reading)

    async def _relative(
        self, claim: Claim, event: Event, entry: Entry, where: str, who: str, segment: str | None
    ) -> _Outcome:
        """Order and margins between the subject and `other` (a skater, a couple, or a place), in the final
        standings (`segment` None) or in one segment."""
        entries, _ = await self.results.results_of(event)
        seg_id = self._segment_id(event, entry, segment) if segment else None

        def place_of(e: Entry) -> Figure | None:
            if seg_id is None:
                return e.place
            result = e.segments.get(seg_id)
            return result.rank if result else None

        def score_of(e: Entry) -> Figure | None:
            if seg_id is None:
                return e.total
            result = e.segments.get(seg_id)
            return result.tss if result else None

        other = claim.other
        own_place = _num(place_of(entry))
        rival: Entry | None = None
        if other is not None and other.ids:
            wanted = set(other.ids)
            rival = next((e for e in entries if wanted <= {s.id for s in e.skaters}), None)
        elif other is not None and other.rank is not None:
            rival = next((e for e in entries if _num(place_of(e)) == other.rank), None)
        elif other is not None and other.country:
            # "6.47 behind the French": the country's one placed entry (several: which one is not said).
            placed = [e for e in entries if e.country == other.country and e.id != entry.id and _num(place_of(e))]
            rival = placed[0] if len(placed) == 1 else None
        elif other is None and own_place is not None:
            target = own_place + (1 if claim.ahead else -1)
            rival = next((e for e in entries if _num(place_of(e)) == target), None)
        what = f"{SEGMENT_WORDS[segment]} " if segment else ""
        reading = f"{where} · {who}{what}{'order' if claim.kind == 'order' else 'margin'}"
        if rival is None or rival.id == entry.id:
            name = other.name if other else "the next placed"
            return _not(f"no result stored for {name} to compare with ({where})", reading)
        if claim.kind == "order":
            rival_place = _num(place_of(rival))
            if own_place is None or rival_place is None:
                return _not(f"the places of {entry.name} and {rival.name} are not both stored", reading)
            ok = (own_place < rival_place) == claim.ahead
            stored = f"{ordinal(int(own_place))} vs {ordinal(int(rival_place))} ({rival.name})"
            return _Outcome(
                CONSISTENT if ok else CONTRADICTED, stored, _source(place_of(entry)), f"stored: {stored}", reading
            )
        mine, theirs = _num(score_of(entry)), _num(score_of(rival))
        if mine is None or theirs is None:
            return _not(f"the scores of {entry.name} and {rival.name} are not both stored", reading)
        if claim.value is None or (claim.value == int(claim.value) and claim.value < 10 and mine != int(mine)):
            return _not("a margin in whole points between scores with decimals is only approximate", reading)
        diff = round(mine - theirs, 2)
        expected = claim.value if claim.ahead else -claim.value
        ok = abs(diff - expected) < 0.006
        stored = f"{abs(diff):.2f} {'ahead of' if diff >= 0 else 'behind'} {rival.name}"
        return _Outcome(
            CONSISTENT if ok else CONTRADICTED, stored, _source(score_of(entry)), f"stored: {stored}", reading
        )

    def _falls(self, claim: Claim, entry: Entry, where: str) -> _Outcome:
        reading = f"{where} · falls" + (f" in the {SEGMENT_WORDS[claim.segment]}" if claim.segment else "")
        count, note, clean = _falls_in_notes(entry.notes, claim.segment)
        if note is None:
            return _not("falls are not recorded for this skate", reading)
        if clean:
            return _Outcome(CONTRADICTED, str(note.value), _source(note), f"stored note: {note.value}", reading)
        exact = claim.value is not None and claim.value >= 1
        if count and ((exact and count == int(claim.value or 0)) or (not exact and count >= 1)):
            return _Outcome(CONSISTENT, str(note.value), _source(note), f"stored note: {note.value}", reading)
        return _Outcome(UNCHECKABLE, str(note.value), _source(note), f"the stored notes count {count} fall(s)", reading)

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

    async def _team_of_skater(self, claim: Claim, event: Event, entry: Entry, where: str) -> _Outcome:
        country = await self._team_country(event, tuple(s.id for s in entry.skaters))
        return await self._team_result(claim, event, country, where)

    async def _team(self, claim: Claim, competition: Competition, subject: Subject, event: Event | None) -> _Outcome:
        if event is None:
            return _not(f"no team event stored at {competition.label}")
        where = f"{competition.label} · {event.name}"
        country = subject.country or await self._team_country(event, subject.ids)
        if claim.kind in ("margin", "order"):
            return await self._team_relative(claim, event, country, where)
        return await self._team_result(claim, event, country, where)

    async def _team_result(self, claim: Claim, event: Event, country: str | None, where: str) -> _Outcome:
        _, teams = await self.results.results_of(event)
        team = next((t for t in teams if t.country == country), None)
        reading = f"{where} · {country} team " + ("points" if claim.kind == "team_points" else "place")
        if team is None:
            return replace(_not(f"no team result stored for {country} ({where})", reading), team=country)
        if claim.kind == "team_points":
            stored = _num(team.points)
            if stored is None:
                return replace(_not(f"no team points stored for {country} ({where})", reading), team=country)
            ok = abs(stored - float(claim.value or 0)) < 0.005
            readable = f"{stored:g} points"
            outcome = CONSISTENT if ok else CONTRADICTED
            return _Outcome(outcome, readable, _source(team.points), f"stored: {readable}", reading, team=country)
        return replace(self._place(claim, team.place, reading), team=country)

    async def _team_relative(self, claim: Claim, event: Event, country: str | None, where: str) -> _Outcome:
        _, teams = await self.results.results_of(event)
        own = next((t for t in teams if t.country == country), None)
        other = claim.other
        rival: TeamResult | None = None
        if other is not None and other.country:
            rival = next((t for t in teams if t.country == other.country), None)
        elif other is not None and other.rank is not None:
            rival = next((t for t in teams if _num(t.place) == other.rank), None)
        elif own is not None and _num(own.place) is not None:
            target = (_num(own.place) or 0) + (1 if claim.ahead else -1)
            rival = next((t for t in teams if _num(t.place) == target), None)
        reading = f"{where} · team {'order' if claim.kind == 'order' else 'margin'}"
        if own is None or rival is None:
            return _not(f"the team results to compare are not stored ({where})", reading)
        if claim.kind == "order":
            a, b = _num(own.place), _num(rival.place)
            if a is None or b is None:
                return _not("the team places are not both stored", reading)
            ok = (a < b) == claim.ahead
            stored = f"{ordinal(int(a))} vs {ordinal(int(b))} ({rival.country})"
            return _Outcome(
                CONSISTENT if ok else CONTRADICTED, stored, _source(own.place), f"stored: {stored}", reading
            )
        a, b = _num(own.points), _num(rival.points)
        if a is None or b is None or claim.value is None:
            return _not("the team points are not both stored", reading)
        diff = a - b
        expected = claim.value if claim.ahead else -claim.value
        ok = abs(diff - expected) < 0.006
        stored = f"{abs(diff):g} points {'ahead of' if diff >= 0 else 'behind'} {rival.country}"
        return _Outcome(CONSISTENT if ok else CONTRADICTED, stored, _source(own.points), f"stored: {stored}", reading)

    async def _country_in_event(
        self, claim: Claim, competition: Competition, subject: Subject, events: list[Event]
    ) -> list[_Outcome]:
        """ "Japan took silver in the women's event": some entry of that country has that place."""
        if claim.kind not in ("medal", "place", "medallist") or claim.value is None:
            return [_not(f"{subject.name}: which skater is meant is not said")]
        if claim.discipline:
            chosen = [e for e in events if e.discipline == claim.discipline]
        elif self.event is not None and self.event in events and self.event.discipline != "team":
            chosen = [self.event]
        else:
            chosen = [e for e in events if e.discipline != "team"]
        out: list[_Outcome] = []
        for event in chosen:
            entries, _ = await self.results.results_of(event)
            where = f"{competition.label} · {event.name}"
            reading = f"{where} · a {subject.name} entry's place"
            placed = [e for e in entries if _num(e.place) is not None]
            if claim.kind == "medallist":
                ours = [e for e in placed if e.country == subject.country and (_num(e.place) or 99) <= 3]
                at_place: list[Entry] = []
            else:
                ours = [e for e in placed if e.country == subject.country and _num(e.place) == claim.value]
                at_place = [e for e in placed if _num(e.place) == claim.value]
            if ours:
                e = ours[0]
                stored = f"{ordinal(int(_num(e.place) or 0))}: {e.name}"
                out.append(_Outcome(CONSISTENT, stored, _source(e.place), f"stored: {stored}", reading))
            elif at_place:
                e = at_place[0]
                stored = f"{ordinal(int(claim.value))}: {e.name} ({e.country})"
                out.append(_Outcome(CONTRADICTED, stored, _source(e.place), f"stored: {stored}", reading))
            else:
                out.append(_not(f"no {ordinal(int(claim.value))} place stored for {subject.name} ({where})", reading))
        return out or [_not("no event stored to check it against")]


def _falls_in_notes(notes: list[Figure], segment: str | None) -> tuple[int | None, Figure | None, bool]:
    """(counted falls or None when no note speaks of falls, the first such note, a note says no falls)."""
    total = 0
    found: Figure | None = None
    clean = False
    for note in notes:
        text = str(note.value).lower()
        mentioned = {segment_kind(m.group("seg")) for m in SEGMENT_RE.finditer(text)}
        if segment and mentioned and segment not in mentioned:
            continue
        if _NOTE_NONE.search(text):
            clean = True
            found = found or note
            continue
        if not _NOTE_ANY.search(text):
            continue
        found = found or note
        count = _NOTE_COUNT.search(text)
        if count:
            word = (count.group(1) or count.group(2)).lower()
            total += NUMBER_WORDS.get(word) or TIMES.get(word) or (int(word) if word.isdigit() else 1)
        else:
            total += 1
    if found is None:
        return None, None, False
    return (total if total or not clean else 0), found, clean and total == 0
