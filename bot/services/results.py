"""Results and athletes: name resolution, standings, profiles, podiums, medal tables, head-to-heads.

Plain domain logic over the repository; never imports discord. The cogs call these and hand the result
to bot.ui for display.
"""

from __future__ import annotations

import logging
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cachetools import LRUCache
from rapidfuzz import fuzz

from bot.errors import Ambiguous, NotFound, Suggestion, UserFacingError
from bot.services.access import Actor, audit, require_owner
from bot.services.competitions import CompetitionFinder, CompetitionLookup, labels_with_years
from bot.services.levels import event_display_name, is_senior, level_label, level_synonyms
from bot.services.names import NameIndex, NameMatch, normalize
from bot.text import quote as _quote
from bot.text import shorten
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

if TYPE_CHECKING:  # the ISU importer loads on first use (see import_site)
    from bot.services.isu.importer import IsuImportSummary
    from bot.services.isu.source import FolderSource, HttpSource

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


@dataclass(frozen=True, slots=True)
class Athlete:
    """One skater, or a couple (a pair or dance team skates as one entry) as the user asked for them."""

    skaters: tuple[Skater, ...]

    @property
    def name(self) -> str:
        return " / ".join(skater.name for skater in self.skaters)

    @property
    def ids(self) -> frozenset[int]:
        return frozenset(skater.id for skater in self.skaters)

    @property
    def country(self) -> str:
        return self.skaters[0].country

    @property
    def is_couple(self) -> bool:
        return len(self.skaters) > 1


@dataclass(slots=True, eq=False, weakref_slot=True)
class AthleteProfile:
    athlete: Athlete
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
    a: Athlete
    b: Athlete
    meetings: list[HeadToHeadEvent]
    partners_in: list[EntryInEvent] = field(default_factory=list)  # the two skate together: their entries
    a_disciplines: list[str] = field(default_factory=list)
    b_disciplines: list[str] = field(default_factory=list)

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


def difference(a: Figure | None, b: Figure | None) -> float | None:
    """a - b, rounded to hundredths; None when either is missing."""
    if a is None or b is None:
        return None
    return round(float(a.value) - float(b.value), 2)


# Between a couple's names: "Chock / Bates", "Miura & Kihara", "Gilles and Poirier", "Gilles, Poirier".
_COUPLE_SEPARATOR = re.compile(r"\s*(?:/|&|\+|,|\band\b)\s*", re.IGNORECASE)
_CHOICE_VALUE = re.compile(r"\d+(?:/\d+)?")
# A confident name match, or one that only a different word order separates from the typed text.
_SAME_NAME_SCORE = 99.0


class SiteImport:
    """An ISU site import its actor may make, ready to run (ResultsService.site_import)."""

    def __init__(self, repo: ResultsRepository, source: FolderSource | HttpSource, correction: bool) -> None:
        self._repo = repo
        self._source = source
        self._correction = correction

    async def run(self) -> IsuImportSummary:
        """Reads the site and writes it in one transaction; nothing is written on an error (a UserFacingError
        saying what is wrong). The caller refreshes the results after a success."""
        from bot.services.importer import ImportFormatError
        from bot.services.isu.importer import import_isu
        from bot.services.isu.pages import PageError
        from bot.services.isu.protocol_pdf import ProtocolError
        from bot.services.isu.source import SourceError

        try:
            async with self._source:
                return await import_isu(self._repo.database, self._source, correction=self._correction)
        except (SourceError, PageError, ProtocolError, ImportFormatError) as exc:
            raise UserFacingError(f"Nothing was imported: {exc}") from exc


class ResultsService:
    """Answers the results commands. Competitions, events and segments are cached in memory (they are
    few); skater and couple names live in NameIndexes. `refresh()` reloads them after an import."""

    def __init__(self, repo: ResultsRepository) -> None:
        self.repo = repo
        self.skaters = NameIndex()
        self._couples = NameIndex()
        self._couple_ids: list[tuple[int, int]] = []  # by couple index key, in the order entries list them
        self._couple_of: dict[frozenset[int], tuple[int, int]] = {}
        self._finder = CompetitionFinder([])
        self._competitions: dict[int, Competition] = {}
        self._events: dict[int, list[Event]] = {}
        self._events_by_id: dict[int, Event] = {}
        self._event_index: dict[int, NameIndex] = {}
        self._segments: dict[int, list[Segment]] = {}
        self._default_athletes: list[Choice] = []
        self._clear_caches()

    def _clear_caches(self) -> None:
        # Entries and team results per event, as loaded from the store. Results change only through an
        # import, which calls refresh(); until then every command reads them from here.
        self._event_data: LRUCache[int, tuple[list[Entry], list[TeamResult]]] = LRUCache(EVENT_CACHE_SIZE)
        # Answers built from them, so the displays built on them (bot.ui memoizes per object) are reused too.
        self._standings: LRUCache[tuple[int, int | None], Standings] = LRUCache(EVENT_CACHE_SIZE)
        self._profiles: LRUCache[frozenset[int], AthleteProfile] = LRUCache(PROFILE_CACHE_SIZE)

    async def refresh(self) -> None:
        """Reloads everything from the store. Built aside and swapped in at the end, so a command that
        runs meanwhile sees the old data or the new, never half of each."""
        competitions = await self.repo.competitions()
        # Events are categories: one shown with its level when its name does not say it ("Junior women (Юниорки)").
        events = [replace(e, name=event_display_name(e.name, e.level, e.discipline)) for e in await self.repo.events()]
        segments = await self.repo.segments_by_event()
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
        couple_ids = await self.repo.couples()
        in_couples = {skater_id for pair in couple_ids for skater_id in pair}
        couple_names: dict[int, list[str]] = {}
        skaters = NameIndex()
        async for skater_id, name, aliases in self.repo.skater_names():
            skaters.add(skater_id, name, aliases)
            if skater_id in in_couples:
                couple_names[skater_id] = [name, *aliases]
        couples = NameIndex()
        pairs: list[tuple[int, int]] = []
        couple_of: dict[frozenset[int], tuple[int, int]] = {}
        for a, b in couple_ids:
            if frozenset((a, b)) in couple_of or a not in couple_names or b not in couple_names:
                continue
            # Every spelling of one with every spelling of the other; the index takes any word order, so
            # "Chock Bates" and "Bates / Chock" find "Madison Chock / Evan Bates" too.
            names = [f"{x} / {y}" for x in couple_names[a][:4] for y in couple_names[b][:4]]
            couples.add(len(pairs), names[0], names[1:])
            pairs.append((a, b))
            couple_of[frozenset((a, b))] = (a, b)

        self._finder = CompetitionFinder(competitions)
        self._competitions = {c.id: c for c in competitions}
        self._events = events_by_competition
        self._events_by_id = {event.id: event for event in events}
        self._event_index = event_index
        self._segments = segments
        self.skaters = skaters
        self._couples = couples
        self._couple_ids = pairs
        self._couple_of = couple_of
        self._clear_caches()
        self._default_athletes = await self._newest_medallists()
        log.info("results loaded: %d competitions, %d events, %d skaters", len(competitions), len(events), len(skaters))

    async def _newest_medallists(self) -> list[Choice]:
        """What the name fields offer before anything is typed: the medallists of the newest competition
        that has any, gold first."""
        for competition in sorted(self._competitions.values(), key=_newest_first, reverse=True):
            medallists: list[tuple[int, Entry]] = []
            for event in self._events.get(competition.id, []):
                if event.discipline == "team":
                    continue
                entries, _ = await self.results_of(event)
                medallists += [(int(e.place.value), e) for e in entries if e.place and e.place.value in MEDALS]
            if medallists:
                medallists.sort(key=lambda pair: pair[0])
                return [
                    Choice(_cut(f"{entry.name} · {MEDALS[place]}, {competition.label}"), _athlete_value(entry.skaters))
                    for place, entry in medallists[:MAX_CHOICES]
                ]
        return []

    # --- autocomplete: never raises, at most 25 choices ------------------------------------------------
    def competition_choices(self, query: str) -> list[Choice]:
        """Newest first when nothing is typed; else what the text may mean, and when nothing fits, what the
        words describe (so the user sees that the store has Worlds 2025 when they type Worlds 2026)."""
        if not query.strip():
            competitions = self._finder.newest(MAX_CHOICES)
        else:
            lookup = self._finder.lookup(query, typing=True)
            competitions = lookup.matches or lookup.nearby
        labels = labels_with_years(competitions[:MAX_CHOICES])
        return [Choice(_cut(label), c.key) for label, c in zip(labels, competitions, strict=False)]

    def event_choices(self, competition_text: str, query: str) -> list[Choice]:
        """Autocomplete: the events of the competition typed so far that match `query`."""
        competition = self._try_competition(competition_text)
        competitions = [competition] if competition else self._finder.newest(len(self._competitions))
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
        """Autocomplete: the segments of the event typed so far that match `query`."""
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
        """Skaters and couples whose names fit what is typed, best first; before anything is typed, the
        medallists of the newest competition."""
        if not query.strip():
            return list(self._default_athletes)
        ranked: list[tuple[float, Choice]] = [
            (m.score, Choice(_cut(m.label if m.matched == m.label else f"{m.label} ({m.matched})"), str(m.key)))
            for m in self.skaters.search(query, MAX_CHOICES)
        ]
        ranked += [
            (m.score, Choice(_cut(m.label), _athlete_value_of(self._couple_ids[m.key])))
            for m in self._couples.search(query, MAX_CHOICES)
        ]
        ranked.sort(key=lambda pair: -pair[0])  # stable: at equal scores a skater comes before a couple
        return [choice for _, choice in ranked[:MAX_CHOICES]]

    def alias_choices(self, skater_text: str, query: str) -> list[Choice]:
        """The stored spellings of the skater named in another option (for removing one)."""
        try:
            skater_id = self.skater_id(skater_text)
        except UserFacingError:
            return []
        wanted = normalize(query)
        names = self.skaters.names_of(skater_id)[1:]  # the first is the name itself, not an alias
        return [Choice(_cut(n), n[:100]) for n in names if wanted in normalize(n)][:MAX_CHOICES]

    # --- resolving what the user sent (a picked choice's value, or any text) -------------------------
    def find_competitions(self, text: str) -> CompetitionLookup:
        """What `text` may mean among the stored competitions: one, several, or none (with what is near)."""
        return self._finder.lookup(text)

    def competition(self, text: str) -> Competition:
        """The one competition `text` means. Several: Ambiguous (newest first). None: NotFound saying what
        is missing and what the store has instead; never one of those as the answer."""
        lookup = self.find_competitions(text)
        if lookup.match is not None:
            return lookup.match
        if lookup.ambiguous:
            raise Ambiguous("competition", text, _competition_suggestions(lookup.matches))
        missing = lookup.describe_missing() or f"competition matching {_quote(text)}"
        nearby = lookup.nearby or self._finder.newest(5)
        raise NotFound("competition", text, _competition_suggestions(nearby), missing=missing)

    def event(self, competition: Competition, text: str) -> Event:
        """The event of the competition that `text` names (never a near neighbour; ambiguity is offered as a choice)."""
        event = self._try_event(competition, text)
        if event:
            return event
        events = {e.id: e for e in self._events.get(competition.id, [])}
        # The events the words fit best first (two that fit equally well make a choice), then the others.
        close = self._event_index[competition.id].search(text, MAX_CHOICES) if text.strip() else []
        ranked = [events[m.key] for m in close if m.key in events]
        ranked += [e for e in events.values() if e not in ranked]
        suggestions = [Suggestion(e.name, e.key) for e in ranked]
        if len(close) > 1 and close[1].score >= 90:
            tied = [Suggestion(events[m.key].name, events[m.key].key) for m in close if m.score >= 90]
            raise Ambiguous(f"event at {competition.label}", text, tied, plural=f"events at {competition.label}")
        raise NotFound(f"event at {competition.label}", text, suggestions)

    def segment(self, event: Event, text: str) -> Segment:
        """The segment of the event that `text` names."""
        segment = self._match_segment(event, text)
        if segment is None:
            suggestions = [Suggestion(s.name, s.key) for s in self.segments_of(event)]
            raise NotFound(f"segment in {event.name}", text, suggestions)
        return segment

    def skater_id(self, text: str) -> int:
        """The one skater a picked choice (its id) or any typed text means; NotFound/Ambiguous otherwise."""
        athlete_ids = self.athlete_ids(text)
        if len(athlete_ids) != 1:
            raise UserFacingError(f"{_quote(text)} is a couple; name one skater.")
        return athlete_ids[0]

    def athlete_ids(self, text: str) -> tuple[int, ...]:
        """The skater, or the couple, that `text` means (a couple's ids in the order its entries list them)."""
        text = text.strip()
        if _CHOICE_VALUE.fullmatch(text):
            ids = tuple(int(part) for part in text.split("/"))
            if len(ids) == 1 and ids[0] in self.skaters:
                return ids
            if frozenset(ids) in self._couple_of:
                return self._couple_of[frozenset(ids)]
        separated = _COUPLE_SEPARATOR.search(text) is not None
        couple = self._couples.resolve(_COUPLE_SEPARATOR.sub(" / ", text)) if len(self._couples) else None
        # A couple is meant only when the text names both partners ("Miura" alone is a skater, or ambiguous).
        couple_ids = self._couple_ids[couple.match.key] if couple and couple.match else None
        if couple_ids and not self._names_each(text, couple_ids):
            couple_ids = None
        if separated and couple_ids:
            return couple_ids
        single = self.skaters.resolve(text)
        if single.match:
            return (single.match.key,)
        if couple_ids:
            return couple_ids
        if separated:
            self._explain_couple(text)
        matches: list[tuple[NameMatch, str]] = [(m, str(m.key)) for m in single.suggestions]
        if couple:
            matches += [(m, _athlete_value_of(self._couple_ids[m.key])) for m in couple.suggestions]
        matches.sort(key=lambda pair: -pair[0].score)
        suggestions = [Suggestion(m.label, value) for m, value in matches[:5]]
        if matches and matches[0][0].score >= 90:
            raise Ambiguous("athlete", text, suggestions)
        raise NotFound("athlete", text, suggestions)

    def _explain_couple(self, text: str) -> None:
        """ "A / B" where A and B are each found but never skated together: say so rather than "no match"."""
        parts = [part for part in _COUPLE_SEPARATOR.split(text) if part.strip()]
        if len(parts) != 2:
            return
        found = [self.skaters.resolve(part).match for part in parts]
        if all(found):
            a, b = (m.label for m in found if m)
            raise UserFacingError(
                f"{_quote(a)} and {_quote(b)} have no entry together in the results stored; look them up one at a time."
            )

    def _names_each(self, text: str, ids: Sequence[int]) -> bool:
        """Whether some word of `text` is (the start of, or a typo of) a word of each skater's names."""
        words = normalize(text).split()
        for skater_id in ids:
            names = {w for name in self.skaters.names_of(skater_id) for w in normalize(name).split()}
            if not any(_same_word(word, name) for word in words for name in names):
                return False
        return True

    def _try_competition(self, text: str) -> Competition | None:
        """The competition `text` surely means, or None (autocomplete narrowing: never a guess)."""
        return self._finder.lookup(text).match if text.strip() else None

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
        """Every competition in the store."""
        return list(self._competitions.values())

    def events_of(self, competition: Competition) -> list[Event]:
        """The competition's events, in the store's order."""
        return self._events.get(competition.id, [])

    def competition_by_id(self, competition_id: int | None) -> Competition | None:
        """The competition with this id, if any (None for None)."""
        return self._competitions.get(competition_id) if competition_id is not None else None

    def event_by_id(self, event_id: int | None) -> Event | None:
        """The event with this id, if any (None for None)."""
        return self._events_by_id.get(event_id) if event_id is not None else None

    async def entries_of(self, event: Event, skater_ids: Iterable[int]) -> list[Entry]:
        """The entries in an event that include any of the skaters, in standings order."""
        wanted = set(skater_ids)
        entries, _ = await self.results_of(event)
        return sorted((e for e in entries if any(s.id in wanted for s in e.skaters)), key=_final_order)

    def segments_of(self, event: Event) -> list[Segment]:
        """The event's segments, in skating order."""
        return self._segments.get(event.id, [])

    # --- answers -----------------------------------------------------------------------------------
    async def standings(self, competition_text: str, event_text: str, segment_text: str | None = None) -> Standings:
        """/results: an event's standings, or one segment's, in place order."""
        competition = self.competition(competition_text)
        event = self.event(competition, event_text)
        segments = self.segments_of(event)
        focus = self.segment(event, segment_text) if segment_text and segment_text.strip() else None
        key = (event.id, focus.id if focus else None)
        cached = self._standings.get(key)
        if cached is None:
            cached = self._standings[key] = await self._build_standings(competition, event, segments, focus)
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
            cached = self._event_data[event.id] = (entries, teams)
        return cached

    async def _career(self, athlete: Athlete) -> tuple[list[EntryInEvent], list[tuple[Competition, Event, TeamResult]]]:
        """Every entry of the skater (of a couple: every entry with both), newest competition first, and the
        teams the first skater skated for (a couple's are its partners' own), from one repository call."""
        first, *others = athlete.skaters
        entries, teams = await self.repo.skater_records(first.id)
        records = []
        for entry in entries:
            event = self._events_by_id.get(entry.event_id)
            if event is None:  # imported since the last refresh: shown after the next one, with its event
                continue
            if all(any(s.id == other.id for s in entry.skaters) for other in others):
                records.append(EntryInEvent(self._competitions[event.competition_id], event, entry))
        records.sort(key=lambda r: (r.competition.start_date or "", r.competition.id, r.event.id), reverse=True)
        team_records = []
        for team in teams:
            event = self._events_by_id.get(team.event_id)
            # The country too: a skater id in a team's line-up is theirs only when they skated for it.
            if event is not None and event.discipline == "team" and team.country == first.country:
                team_records.append((self._competitions[event.competition_id], event, team))
        team_records.sort(key=lambda r: (r[0].id, r[1].id))
        return records, team_records

    async def _records(self, athlete: Athlete) -> list[EntryInEvent]:
        records, _ = await self._career(athlete)
        return records

    async def skater_by_id(self, skater_id: int) -> Skater | None:
        """The skater with this id, or None when there is none (deleted since it was linked)."""
        return await self.repo.skater(skater_id)

    async def skater(self, text: str) -> Skater:
        """The one skater `text` names."""
        skater_id = self.skater_id(text)
        skater = await self.repo.skater(skater_id)
        if skater is None:  # deleted since the index was built
            raise NotFound("athlete", text)
        return skater

    async def athlete(self, text: str) -> Athlete:
        """The skater or couple `text` names."""
        skaters = []
        for skater_id in self.athlete_ids(text):
            skater = await self.repo.skater(skater_id)
            if skater is None:  # deleted since the index was built
                raise NotFound("athlete", text)
            skaters.append(skater)
        return Athlete(tuple(skaters))

    async def profile(self, text: str) -> AthleteProfile:
        """/athlete: a skater's or couple's career in the store (cached until the next import)."""
        ids = frozenset(self.athlete_ids(text))
        profile = self._profiles.get(ids)
        if profile is None:
            profile = self._profiles[ids] = await self._build_profile(await self.athlete(text))
        return profile

    async def _build_profile(self, athlete: Athlete) -> AthleteProfile:
        records, team_records = await self._career(athlete)
        partners: dict[int, Skater] = {}
        medals: Counter[str] = Counter()
        bests: dict[str, PersonalBest] = {}
        segments: dict[int, Segment] = {}
        for record in records:
            for partner in record.entry.skaters:
                if partner.id not in athlete.ids:
                    partners.setdefault(partner.id, partner)
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
            athlete=athlete,
            disciplines=_disciplines(records),
            partners=list(partners.values()),
            medals=medals,
            records=records,
            team_records=team_records,
            bests=sorted(bests.values(), key=best_order),
            segments=segments,
        )

    async def protocol(self, athlete_text: str, competition_text: str, segment_text: str) -> ProtocolView:
        """The judges' details of an athlete's skate: element by element, components, deductions."""
        athlete = await self.athlete(athlete_text)
        competition = self.competition(competition_text)
        records = [r for r in await self._records(athlete) if r.competition.id == competition.id]
        if not records:
            raise UserFacingError(f"{_quote(athlete.name)} has no results stored at {_quote(competition.label)}.")
        for record in records:
            segment = self._match_segment(record.event, segment_text)
            if segment is not None and segment.id in record.entry.segments:
                protocol = await self.repo.protocol(record.entry.id, segment.id)
                if protocol is None:
                    raise UserFacingError(
                        f"No judges' details are stored for {_quote(athlete.name)} in the {segment.name.lower()} at "
                        f"{_quote(competition.label)}: only official ISU imports carry them."
                    )
                return ProtocolView(competition, record.event, segment, record.entry, protocol)
        suggestions = [
            Suggestion(s.name, s.key) for r in records for s in self.segments_of(r.event) if s.id in r.entry.segments
        ]
        raise NotFound(f"segment {athlete.name} skated at {competition.label}", segment_text, suggestions)

    def protocol_segment_choices(self, athlete_text: str, competition_text: str, query: str) -> list[Choice]:
        """Autocomplete: the segments of a competition the athlete skated that have judges' details."""
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
        """/podiums: the medallists of a discipline, newest competition first (optionally of one competition)."""
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
        """/medals: a competition's medal table by country."""
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
        """Where the two met: events both entered in separate entries. Partners are not rivals, and a
        skater of one discipline meets one of another only in the team event, on no common segment."""
        a = await self.athlete(a_text)
        b = await self.athlete(b_text)
        if a.ids == b.ids:
            raise UserFacingError(f"Both options name {_quote(a.name)}: pick two different athletes.")
        a_records, b_records = await self._records(a), await self._records(b)
        b_by_event = {r.event.id: r for r in b_records}
        meetings, together = [], []
        for record in a_records:
            other = b_by_event.get(record.event.id)
            if other is None:
                continue
            if record.entry.id == other.entry.id:
                together.append(record)
            elif record.event.discipline != "team" or record.entry.segments.keys() & other.entry.segments.keys():
                meetings.append(
                    HeadToHeadEvent(
                        record.competition, record.event, record.entry, other.entry, self.segments_of(record.event)
                    )
                )
        if not together and (a.ids & b.ids):  # a skater and a couple they belong to
            together = [r for r in a_records if b.ids <= {s.id for s in r.entry.skaters}] or [
                r for r in b_records if a.ids <= {s.id for s in r.entry.skaters}
            ]
        meetings.sort(key=lambda m: (m.competition.start_date or "", m.event.id), reverse=True)
        return HeadToHead(a, b, meetings, together, _disciplines(a_records), _disciplines(b_records))

    async def add_alias(self, actor: Actor, skater_text: str, alias: str) -> Skater:
        """Stores another spelling of a skater's name (another script, a transliteration): the bot's owners
        only, since every server reads the same names. Audited like story changes."""
        require_owner(actor, "Only the bot's owners can change how skaters' names are written.")
        skater = await self.skater(skater_text)
        alias = _clean_alias(alias)
        if normalize(alias) in {normalize(n) for n in (skater.name, *skater.aliases)}:
            raise UserFacingError(f"{_quote(skater.name)} is already written {_quote(alias)}.")
        await self.repo.add_alias(skater.id, alias, audit(actor, "alias add", None, _alias_record(skater, alias)))
        return await self._reindexed(skater.id)

    async def remove_alias(self, actor: Actor, skater_text: str, alias: str) -> Skater:
        """Removes a stored spelling of a skater's name (the bot's owners only). Audited like story changes."""
        require_owner(actor, "Only the bot's owners can change how skaters' names are written.")
        skater = await self.skater(skater_text)
        stored = next((a for a in skater.aliases if normalize(a) == normalize(alias)), None)
        if stored is None:
            raise NotFound(f"spelling of {skater.name}", alias, list(skater.aliases))
        await self.repo.remove_alias(
            skater.id, stored, audit(actor, "alias remove", _alias_record(skater, stored), None)
        )
        return await self._reindexed(skater.id)

    async def _reindexed(self, skater_id: int) -> Skater:
        """The skater as stored now, with the name index and cached profiles following the change."""
        skater = await self.repo.skater(skater_id)
        assert skater is not None
        self.skaters.add(skater.id, skater.name, skater.aliases)
        self._profiles.clear()
        return skater

    async def skater_names(self, skater_ids: Sequence[int]) -> list[str]:
        """The names of the skaters with these ids, in that order (a skater deleted since is left out)."""
        return [skater.name for skater in await self.repo.skaters(list(skater_ids))]

    def site_import(
        self, actor: Actor, url: str, *, correction: bool = False, allow_private: bool = False
    ) -> SiteImport:
        """An import of an official ISU results site from its URL, refused at once (before any waiting) when
        the actor is not one of the bot's owners or the URL cannot be read from. Only URLs: from Discord, a
        path would let the answer tell whether it exists on the bot's machine."""
        require_owner(actor, "Only the bot's owners can import results.")
        # Loaded on first use: PDFium and the parsers cost the bot memory it needs only for an import.
        from bot.services.isu.source import SourceError, open_source

        try:
            source = open_source(url, allow_private=allow_private, urls_only=True)
        except SourceError as exc:
            raise UserFacingError(f"Nothing was imported: {exc}") from exc
        return SiteImport(self.repo, source, correction)

    async def summary(self) -> tuple[StoreSummary, list[Competition]]:
        """What the store holds (counts, imports) and its competitions, newest first: for /about."""
        summary = await self.repo.summary()
        competitions = sorted(self._competitions.values(), key=lambda c: c.start_date or "", reverse=True)
        return summary, competitions


def _newest_first(competition: Competition) -> tuple[str, int]:
    return (competition.start_date or "", competition.id)


def _same_word(typed: str, name: str) -> bool:
    if typed == name or (len(typed) >= 3 and name.startswith(typed)):
        return True
    return len(typed) >= 4 and fuzz.ratio(typed, name) >= 80


def _athlete_value(skaters: Sequence[Skater]) -> str:
    """What a picked choice sends for a skater ("12") or a couple ("12/40")."""
    return "/".join(str(s.id) for s in skaters)


def _athlete_value_of(ids: Sequence[int]) -> str:
    return "/".join(str(i) for i in ids)


def _competition_suggestions(competitions: Sequence[Competition]) -> list[Suggestion]:
    return [Suggestion(label, c.key) for label, c in zip(labels_with_years(competitions), competitions, strict=True)]


def _disciplines(records: Iterable[EntryInEvent]) -> list[str]:
    disciplines: list[str] = []
    for record in records:
        if record.event.discipline not in disciplines and record.event.discipline != "team":
            disciplines.append(record.event.discipline)
    return disciplines


ALIAS_LIMIT = 100


def _clean_alias(alias: str) -> str:
    cleaned = " ".join(alias.split())
    if not normalize(cleaned):
        raise UserFacingError("A spelling needs at least one letter or digit.")
    if len(cleaned) > ALIAS_LIMIT:
        raise UserFacingError(f"A spelling is at most {ALIAS_LIMIT} characters.")
    return cleaned


def _alias_record(skater: Skater, alias: str) -> dict[str, object]:
    return {"skater_id": skater.id, "skater": skater.name, "alias": alias}


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
    return shorten(text, limit)


def _unique(choices: list[Choice]) -> list[Choice]:
    seen: set[str] = set()
    unique = []
    for choice in choices:
        if choice.value not in seen:
            seen.add(choice.value)
            unique.append(choice)
    return unique
