"""Results and athletes: name resolution, standings, profiles, podiums, medal tables, head-to-heads.

Plain domain logic over the repository; never imports discord. The cogs call these and hand the result
to bot.ui for display.
"""

from __future__ import annotations

import logging
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from bot.errors import Ambiguous, NotFound, UserFacingError
from bot.services.levels import event_display_name, is_senior, level_label, level_synonyms
from bot.services.names import NameIndex, normalize
from db.models import (
    Competition,
    Entry,
    EntryInEvent,
    Event,
    Figure,
    Protocol,
    Segment,
    SegmentResult,
    Skater,
    StoreSummary,
    TeamResult,
)
from db.repositories.results import ResultsRepository

log = logging.getLogger(__name__)

DISCIPLINE_LABELS = {"men": "Men", "women": "Women", "pairs": "Pairs", "ice_dance": "Ice dance", "team": "Team event"}
# Other words fans use for the same thing; fed to the event index as aliases.
DISCIPLINE_SYNONYMS = {
    "men": ["men's singles", "mens", "man", "male", "men singles"],
    "women": ["women's singles", "ladies", "womens", "woman", "female", "women singles"],
    "pairs": ["pair skating", "pair"],
    "ice_dance": ["dance", "ice dancing"],
    "team": ["team", "team event", "team trophy"],
}
SEGMENT_KIND_LABELS = {
    "short_program": "Short program",
    "free_skate": "Free skate",
    "rhythm_dance": "Rhythm dance",
    "free_dance": "Free dance",
}
SEGMENT_SYNONYMS = {
    "short_program": ["sp", "short", "short program", "short programme"],
    "free_skate": ["fs", "free", "free skate", "free skating", "free program", "long program", "lp"],
    "rhythm_dance": ["rd", "rhythm", "rhythm dance", "short dance", "sd"],
    "free_dance": ["fd", "free dance"],
}
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}
MAX_CHOICES = 25
EVENT_CACHE_SIZE = 256
PROFILE_CACHE_SIZE = 512


@dataclass(frozen=True, slots=True)
class Choice:
    """An autocomplete choice: what the user sees, and what Discord sends back when it is picked."""

    name: str
    value: str


@dataclass(slots=True, eq=False, weakref_slot=True)
class Standings:
    competition: Competition
    event: Event
    segments: list[Segment]
    entries: list[Entry]
    focus: Segment | None = None  # a single segment's standings instead of the final ones
    teams: list[TeamResult] = field(default_factory=list)

    def figures(self) -> Iterable[Figure]:
        """Every figure shown, for the provenance footer."""
        for entry in self.entries:
            if self.focus is None:
                yield from (f for f in (entry.place, entry.total) if f is not None)
            for segment in [self.focus] if self.focus else self.segments:
                result = entry.segments.get(segment.id)
                if result:
                    yield from (f for f in (result.rank, result.tss, result.tes, result.pcs) if f is not None)
        for team in self.teams:
            yield from (f for f in (team.place, team.points) if f is not None)


@dataclass(frozen=True, slots=True)
class ProtocolView:
    competition: Competition
    event: Event
    segment: Segment
    entry: Entry
    protocol: Protocol


@dataclass(frozen=True, slots=True)
class PersonalBest:
    label: str  # "Short program", "Total"
    score: Figure
    competition: Competition
    event: Event


@dataclass(slots=True, eq=False, weakref_slot=True)
class AthleteProfile:
    skater: Skater
    disciplines: list[str]
    partners: list[Skater]
    medals: Counter[str]
    records: list[EntryInEvent]
    team_records: list[tuple[Competition, Event, TeamResult]]
    bests: list[PersonalBest]
    segments: dict[int, Segment]


@dataclass(frozen=True, slots=True)
class Podium:
    competition: Competition
    event: Event
    places: list[tuple[int, str, str, Figure | None]]  # (place, name, country, total or points)


@dataclass(frozen=True, slots=True)
class MedalRow:
    country: str
    gold: int
    silver: int
    bronze: int

    @property
    def total(self) -> int:
        return self.gold + self.silver + self.bronze


@dataclass(frozen=True, slots=True)
class HeadToHeadEvent:
    competition: Competition
    event: Event
    a: Entry
    b: Entry
    segments: list[Segment]


@dataclass(frozen=True, slots=True)
class HeadToHead:
    a: Skater
    b: Skater
    meetings: list[HeadToHeadEvent]

    @property
    def score(self) -> tuple[int, int]:
        """Times each finished ahead of the other (final place), where both have a place."""
        a_wins = b_wins = 0
        for meeting in self.meetings:
            if meeting.a.place and meeting.b.place:
                a_place, b_place = float(meeting.a.place.value), float(meeting.b.place.value)
                if a_place < b_place:
                    a_wins += 1
                elif b_place < a_place:
                    b_wins += 1
        return a_wins, b_wins


_K = TypeVar("_K")
_V = TypeVar("_V")


class _Lru(Generic[_K, _V]):
    """A bounded mapping that forgets the least recently used entry first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[_K, _V] = OrderedDict()

    def get(self, key: _K) -> _V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: _K, value: _V) -> _V:
        self._items[key] = value
        if len(self._items) > self._size:
            self._items.popitem(last=False)
        return value


def difference(a: Figure | None, b: Figure | None) -> float | None:
    if a is None or b is None:
        return None
    return round(float(a.value) - float(b.value), 2)


class ResultsService:
    """Answers the results commands. Competitions, events and segments are cached in memory (they are
    few); skater names live in a NameIndex. `refresh()` reloads both after an import."""

    def __init__(self, repo: ResultsRepository) -> None:
        self.repo = repo
        self.skaters = NameIndex()
        self._competition_index = NameIndex()
        self._competitions: dict[int, Competition] = {}
        self._competition_keys: dict[str, int] = {}
        self._events: dict[int, list[Event]] = {}
        self._events_by_id: dict[int, Event] = {}
        self._event_index: dict[int, NameIndex] = {}
        self._segments: dict[int, list[Segment]] = {}
        self._clear_caches()

    def _clear_caches(self) -> None:
        # Entries and team results per event, as loaded from the store. Results change only through an
        # import, which calls refresh(); until then every command reads them from here.
        self._event_data: _Lru[int, tuple[list[Entry], list[TeamResult]]] = _Lru(EVENT_CACHE_SIZE)
        # Answers built from them, so the displays built on them (bot.ui memoizes per object) are reused too.
        self._standings: _Lru[tuple[int, int | None], Standings] = _Lru(EVENT_CACHE_SIZE)
        self._profiles: _Lru[int, AthleteProfile] = _Lru(PROFILE_CACHE_SIZE)

    async def refresh(self) -> None:
        """Reloads everything from the store. Built aside and swapped in at the end, so a command that
        runs meanwhile sees the old data or the new, never half of each."""
        competitions = await self.repo.competitions()
        # Events are categories: one shown with its level when its name does not say it ("Junior women (Юниорки)").
        events = [replace(e, name=event_display_name(e.name, e.level, e.discipline)) for e in await self.repo.events()]
        segments = await self.repo.segments_by_event()
        competition_index = NameIndex()
        for competition in competitions:
            competition_index.add(competition.id, competition.label, _competition_aliases(competition))
        events_by_competition: dict[int, list[Event]] = defaultdict(list)
        event_index: dict[int, NameIndex] = defaultdict(NameIndex)
        for event in events:
            events_by_competition[event.competition_id].append(event)
            discipline_names = [DISCIPLINE_LABELS[event.discipline], *DISCIPLINE_SYNONYMS[event.discipline]]
            if event.level is None or is_senior(event.level):
                synonyms = [event.key, *discipline_names]
            else:  # "women" stays the senior women's: another level answers to "junior women", "junior ladies"...
                synonyms = [event.key, *level_synonyms(event.level, discipline_names)]
            event_index[event.competition_id].add(event.id, event.name, synonyms)
        skaters = NameIndex()
        async for skater_id, name, aliases in self.repo.skater_names():
            skaters.add(skater_id, name, aliases)

        self._competitions = {c.id: c for c in competitions}
        self._competition_keys = {c.key.casefold(): c.id for c in competitions}
        self._competition_index = competition_index
        self._events = events_by_competition
        self._events_by_id = {event.id: event for event in events}
        self._event_index = event_index
        self._segments = segments
        self.skaters = skaters
        self._clear_caches()
        log.info("results loaded: %d competitions, %d events, %d skaters", len(competitions), len(events), len(skaters))

    # --- autocomplete: never raises, at most 25 choices ------------------------------------------------
    def competition_choices(self, query: str) -> list[Choice]:
        if not query.strip():
            competitions = sorted(self._competitions.values(), key=lambda c: c.start_date or "", reverse=True)
        else:
            competitions = [self._competitions[m.key] for m in self._competition_index.search(query, MAX_CHOICES)]
        return [Choice(_cut(c.label), c.key) for c in competitions[:MAX_CHOICES]]

    def event_choices(self, competition_text: str, query: str) -> list[Choice]:
        competition = self._try_competition(competition_text)
        competitions = [competition] if competition else list(self._competitions.values())
        choices = []
        for comp in competitions:
            events = self._events.get(comp.id, [])
            if query.strip():
                ids = {m.key for m in self._event_index[comp.id].search(query, MAX_CHOICES)}
                events = [e for e in events if e.id in ids]
            # Without a chosen competition the same event name repeats, so say whose it is.
            choices += [Choice(_cut(e.name if competition else f"{e.name} · {comp.label}"), e.key) for e in events]
        return _unique(choices)[:MAX_CHOICES]

    def segment_choices(self, competition_text: str, event_text: str, query: str) -> list[Choice]:
        competition = self._try_competition(competition_text)
        if competition is None:
            return []
        event = self._try_event(competition, event_text)
        events = [event] if event else self._events.get(competition.id, [])
        wanted = normalize(query)
        choices = [
            Choice(_cut(s.name), s.key)
            for e in events
            for s in self._segments.get(e.id, [])
            if not wanted or any(wanted in normalize(name) for name in _segment_names(s))
        ]
        return _unique(choices)[:MAX_CHOICES]

    def skater_choices(self, query: str) -> list[Choice]:
        return [
            Choice(_cut(m.label if m.matched == m.label else f"{m.label} ({m.matched})"), str(m.key))
            for m in self.skaters.search(query, MAX_CHOICES)
        ]

    # --- resolving what the user sent (a picked choice's value, or any text) -------------------------
    def competition(self, text: str) -> Competition:
        competition = self._try_competition(text)
        if competition:
            return competition
        resolution = self._competition_index.resolve(text)
        if resolution.match:
            return self._competitions[resolution.match.key]
        raise NotFound("competition", text, [self._competitions[m.key].label for m in resolution.suggestions])

    def event(self, competition: Competition, text: str) -> Event:
        event = self._try_event(competition, text)
        if event:
            return event
        names = [e.name for e in self._events.get(competition.id, [])]
        raise NotFound(f"event at {competition.label}", text, names)

    def segment(self, event: Event, text: str) -> Segment:
        segment = self._match_segment(event, text)
        if segment is None:
            raise NotFound(f"segment in {event.name}", text, [s.name for s in self.segments_of(event)])
        return segment

    def skater_id(self, text: str) -> int:
        """The skater a picked choice (its id) or any typed text means; NotFound/Ambiguous otherwise."""
        text = text.strip()
        if text.isdigit() and int(text) in self.skaters:
            return int(text)
        resolution = self.skaters.resolve(text)
        if resolution.match:
            return resolution.match.key
        labels = [m.label for m in resolution.suggestions]
        if resolution.suggestions and resolution.suggestions[0].score >= 90:
            raise Ambiguous("athlete", text, labels)
        raise NotFound("athlete", text, labels)

    def _try_competition(self, text: str) -> Competition | None:
        competition_id = self._competition_keys.get(text.strip().casefold())
        if competition_id is None:
            match = self._competition_index.resolve(text).match if text.strip() else None
            competition_id = match.key if match else None
        return self._competitions.get(competition_id) if competition_id is not None else None

    def _try_event(self, competition: Competition, text: str) -> Event | None:
        events = self._events.get(competition.id, [])
        key = text.strip().casefold()
        for event in events:
            if event.key.casefold() == key:
                return event
        if not key:
            return None
        match = self._event_index[competition.id].resolve(text).match
        return next((e for e in events if match and e.id == match.key), None)

    def all_competitions(self) -> list[Competition]:
        return list(self._competitions.values())

    def events_of(self, competition: Competition) -> list[Event]:
        return self._events.get(competition.id, [])

    def competition_by_id(self, competition_id: int | None) -> Competition | None:
        return self._competitions.get(competition_id) if competition_id is not None else None

    def event_by_id(self, event_id: int | None) -> Event | None:
        return self._events_by_id.get(event_id) if event_id is not None else None

    async def entries_of(self, event: Event, skater_ids: Iterable[int]) -> list[Entry]:
        """The entries in an event that include any of the skaters, in standings order."""
        wanted = set(skater_ids)
        entries, _ = await self.results_of(event)
        return sorted((e for e in entries if any(s.id in wanted for s in e.skaters)), key=_final_order)

    def segments_of(self, event: Event) -> list[Segment]:
        return self._segments.get(event.id, [])

    # --- answers -----------------------------------------------------------------------------------
    async def standings(self, competition_text: str, event_text: str, segment_text: str | None = None) -> Standings:
        competition = self.competition(competition_text)
        event = self.event(competition, event_text)
        segments = self.segments_of(event)
        focus = self.segment(event, segment_text) if segment_text and segment_text.strip() else None
        key = (event.id, focus.id if focus else None)
        cached = self._standings.get(key)
        if cached is None:
            cached = self._standings.put(key, await self._build_standings(competition, event, segments, focus))
        return cached

    async def _build_standings(
        self, competition: Competition, event: Event, segments: list[Segment], focus: Segment | None
    ) -> Standings:
        entries, teams = await self.results_of(event)
        if focus:
            entries = sorted(
                (e for e in entries if focus.id in e.segments), key=lambda e: _segment_order(e.segments[focus.id])
            )
        else:
            entries = sorted(entries, key=_final_order)
        return Standings(competition, event, segments, entries, focus, teams)

    async def results_of(self, event: Event) -> tuple[list[Entry], list[TeamResult]]:
        """An event's entries and team results (shared, never to be mutated), kept for the most-asked events."""
        cached = self._event_data.get(event.id)
        if cached is None:
            entries = await self.repo.event_entries(event.id)
            teams = await self.repo.team_results(event.id) if event.discipline == "team" else []
            cached = self._event_data.put(event.id, (entries, teams))
        return cached

    async def _records(self, skater: Skater) -> list[EntryInEvent]:
        """Every entry the skater was part of, newest competition first."""
        records = []
        for event_id, entry_id in await self.repo.skater_entry_ids(skater.id):
            event = self._events_by_id[event_id]
            entries, _ = await self.results_of(event)
            entry = next(e for e in entries if e.id == entry_id)
            records.append(EntryInEvent(self._competitions[event.competition_id], event, entry))
        records.sort(key=lambda r: (r.competition.start_date or "", r.competition.id, r.event.id), reverse=True)
        return records

    async def skater(self, text: str) -> Skater:
        skater_id = self.skater_id(text)
        skater = await self.repo.skater(skater_id)
        if skater is None:  # deleted since the index was built
            raise NotFound("athlete", text)
        return skater

    async def profile(self, text: str) -> AthleteProfile:
        skater_id = self.skater_id(text)
        profile = self._profiles.get(skater_id)
        if profile is None:
            profile = self._profiles.put(skater_id, await self._build_profile(await self.skater(str(skater_id))))
        return profile

    async def _build_profile(self, skater: Skater) -> AthleteProfile:
        records = await self._records(skater)
        team_records = await self._team_records(skater)
        partners: dict[int, Skater] = {}
        disciplines: list[str] = []
        medals: Counter[str] = Counter()
        bests: dict[str, PersonalBest] = {}
        segments: dict[int, Segment] = {}
        for record in records:
            for partner in record.entry.skaters:
                if partner.id != skater.id:
                    partners.setdefault(partner.id, partner)
            if record.event.discipline not in disciplines and record.event.discipline != "team":
                disciplines.append(record.event.discipline)
            if record.event.discipline != "team" and record.entry.place and record.entry.place.value in MEDALS:
                medals[MEDALS[int(record.entry.place.value)]] += 1
            for segment in self.segments_of(record.event):
                segments[segment.id] = segment
                result = record.entry.segments.get(segment.id)
                if result and result.tss:
                    _keep_best(bests, _best_label(SEGMENT_KIND_LABELS[segment.kind], record.event), result.tss, record)
            if record.entry.total and record.event.discipline != "team":
                _keep_best(bests, _best_label("Total", record.event), record.entry.total, record)
        for _, _, team in team_records:
            if team.place and team.place.value in MEDALS:
                medals[f"team {MEDALS[int(team.place.value)]}"] += 1
        order = [*SEGMENT_KIND_LABELS.values(), "Total"]

        def best_order(best: PersonalBest) -> tuple[bool, str, int]:
            # Senior bests first, then each other level's own: a junior score is never a senior best.
            level = best.event.level
            senior = is_senior(level)
            return (not senior, level_label(level) or "~", order.index(best.label.split(" (")[0]))

        return AthleteProfile(
            skater=skater,
            disciplines=disciplines,
            partners=list(partners.values()),
            medals=medals,
            records=records,
            team_records=team_records,
            bests=sorted(bests.values(), key=best_order),
            segments=segments,
        )

    async def _team_records(self, skater: Skater) -> list[tuple[Competition, Event, TeamResult]]:
        """Teams the skater skated a segment for (team events are few: scanning them is cheap)."""
        found = []
        for competition_id, events in self._events.items():
            for event in events:
                if event.discipline != "team":
                    continue
                _, teams = await self.results_of(event)
                for team in teams:
                    if team.country == skater.country and any(
                        str(skater.id) in result.skater_key.split("/") for result in team.segments.values()
                    ):
                        found.append((self._competitions[competition_id], event, team))
        return found

    async def protocol(self, athlete_text: str, competition_text: str, segment_text: str) -> ProtocolView:
        """The judges' details of an athlete's skate: element by element, components, deductions."""
        skater = await self.skater(athlete_text)
        competition = self.competition(competition_text)
        records = [r for r in await self._records(skater) if r.competition.id == competition.id]
        if not records:
            raise UserFacingError(f"{skater.name} has no results stored at {competition.label}.")
        for record in records:
            segment = self._match_segment(record.event, segment_text)
            if segment is not None and segment.id in record.entry.segments:
                protocol = await self.repo.protocol(record.entry.id, segment.id)
                if protocol is None:
                    raise UserFacingError(
                        f"No judges' details are stored for {skater.name} in the {segment.name.lower()} at "
                        f"{competition.label}: only official ISU imports carry them."
                    )
                return ProtocolView(competition, record.event, segment, record.entry, protocol)
        names = [s.name for r in records for s in self.segments_of(r.event) if s.id in r.entry.segments]
        raise NotFound(f"segment {skater.name} skated at {competition.label}", segment_text, names)

    def protocol_segment_choices(self, athlete_text: str, competition_text: str, query: str) -> list[Choice]:
        competition = self._try_competition(competition_text)
        if competition is None:
            return []
        events = self._events.get(competition.id, [])
        wanted = normalize(query)
        return _unique(
            [
                Choice(_cut(s.name), s.key)
                for e in events
                for s in self._segments.get(e.id, [])
                if not wanted or any(wanted in normalize(n) for n in _segment_names(s))
            ]
        )[:MAX_CHOICES]

    def _match_segment(self, event: Event, text: str) -> Segment | None:
        wanted = normalize(text)
        return next(
            (s for s in self.segments_of(event) if wanted in {normalize(name) for name in _segment_names(s)}), None
        )

    async def podiums(self, discipline: str, competition_text: str | None = None) -> list[Podium]:
        if discipline not in DISCIPLINE_LABELS:
            raise NotFound("discipline", discipline, list(DISCIPLINE_LABELS.values()))
        competition = self.competition(competition_text) if competition_text and competition_text.strip() else None
        events = [
            e
            for cid, evs in self._events.items()
            for e in evs
            if e.discipline == discipline and (competition is None or cid == competition.id)
        ]
        podiums = []
        for event in events:
            comp = self._competitions[event.competition_id]
            entries, teams = await self.results_of(event)
            if discipline == "team":
                places = [
                    (int(t.place.value), t.name, t.country, t.points)
                    for t in teams
                    if t.place and t.place.value in MEDALS
                ]
            else:
                places = [
                    (int(e.place.value), e.name, e.country, e.total)
                    for e in entries
                    if e.place and e.place.value in MEDALS
                ]
            if places:
                podiums.append(Podium(comp, event, sorted(places, key=lambda p: p[0])))
        podiums.sort(key=lambda p: (p.competition.start_date or "", p.competition.id), reverse=True)
        return podiums

    async def medal_table(self, competition_text: str) -> tuple[Competition, list[MedalRow]]:
        competition = self.competition(competition_text)
        medals: dict[str, Counter[int]] = defaultdict(Counter)
        for event in self._events.get(competition.id, []):
            entries, teams = await self.results_of(event)
            if event.discipline == "team":
                places = [(t.place, t.country) for t in teams]
            else:
                places = [(e.place, e.country) for e in entries]
            for place, country in places:
                if place and place.value in MEDALS:
                    medals[country][int(place.value)] += 1
        rows = [MedalRow(country, c[1], c[2], c[3]) for country, c in medals.items()]
        # The Olympic convention: golds first, then silvers, then bronzes; then country code for a stable order.
        rows.sort(key=lambda r: (-r.gold, -r.silver, -r.bronze, r.country))
        return competition, rows

    async def compare(self, a_text: str, b_text: str) -> HeadToHead:
        a = await self.skater(a_text)
        b = await self.skater(b_text)
        if a.id == b.id:
            raise NotFound("second athlete different from the first", b_text)
        a_records = {r.event.id: r for r in await self._records(a)}
        b_records = {r.event.id: r for r in await self._records(b)}
        meetings = [
            HeadToHeadEvent(
                record.competition,
                record.event,
                record.entry,
                b_records[event_id].entry,
                self.segments_of(record.event),
            )
            for event_id, record in a_records.items()
            if event_id in b_records
            # Partners share one entry: that is not a meeting.
            and record.entry.id != b_records[event_id].entry.id
        ]
        meetings.sort(key=lambda m: (m.competition.start_date or "", m.event.id), reverse=True)
        return HeadToHead(a, b, meetings)

    async def summary(self) -> tuple[StoreSummary, list[Competition]]:
        summary = await self.repo.summary()
        competitions = sorted(self._competitions.values(), key=lambda c: c.start_date or "", reverse=True)
        return summary, competitions


def _best_label(kind: str, event: Event) -> str:
    """Bests are kept per level: "Short program" (senior), "Short program (Junior)", and apart from both the
    events stored before levels were recorded ("Short program (level not known)")."""
    if is_senior(event.level):
        return kind
    return f"{kind} ({level_label(event.level) or 'level not known'})"


def _keep_best(bests: dict[str, PersonalBest], label: str, score: Figure, record: EntryInEvent) -> None:
    current = bests.get(label)
    if current is None or float(score.value) > float(current.score.value):
        bests[label] = PersonalBest(label, score, record.competition, record.event)


def _final_order(entry: Entry) -> tuple[int, float, float, str]:
    """Placed skaters by place; then those without a place (FNR, WD, unknown) by best total, then name."""
    place = entry.place.value if entry.place else None
    total = float(entry.total.value) if entry.total else 0.0
    first_rank = min((float(r.rank.value) for r in entry.segments.values() if r.rank), default=9999.0)
    return (0 if place is not None else 1, float(place or 0), first_rank if place is None else -total, entry.name)


def _segment_order(result: SegmentResult) -> tuple[int, float, float]:
    """A segment is ranked by its score; sources often give the score without the rank, so the score
    orders and the rank (when stored) only places those whose score is unknown."""
    if result.tss is not None:
        return (0, -float(result.tss.value), 0.0)
    return (1, float(result.rank.value) if result.rank else 9999.0, 0.0)


def _competition_aliases(competition: Competition) -> list[str]:
    year = (competition.start_date or "")[:4]
    aliases = [competition.name, competition.key]
    if year:
        aliases += [f"{competition.city or ''} {year}".strip(), f"{competition.level} {year}"]
        if competition.level == "olympics":
            aliases += [f"Olympics {year}", f"Olympic Games {year}", f"OWG {year}"]
        if competition.level == "worlds":
            aliases += [f"World Championships {year}", f"Worlds {year}"]
    return [a for a in aliases if a]


def _segment_names(segment: Segment) -> list[str]:
    return (
        [segment.key, segment.name, SEGMENT_KIND_LABELS[segment.kind], *SEGMENT_SYNONYMS[segment.kind]]
        if segment.discipline is None
        else [segment.key, segment.name]
    )


def _cut(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unique(choices: list[Choice]) -> list[Choice]:
    seen: set[str] = set()
    unique = []
    for choice in choices:
        if choice.value not in seen:
            seen.add(choice.value)
            unique.append(choice)
    return unique
