"""What the results service answers with: plain data for bot.discord_layer.ui to display."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.i18n import Text
from db.models import Competition, Entry, EntryInEvent, Event, Figure, Protocol, Segment, Skater, TeamResult


@dataclass(frozen=True, slots=True)
class Choice:
    """An autocomplete choice: what the user sees (a name as stored, or a message put into words for the
    person typing), and what Discord sends back when it is picked."""

    name: str | Text
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

    def known_places(self) -> list[int] | None:
        """The final places the store holds when they are not a whole table (compiled from reports: the podium and
        a few places, or entries known from one segment only), so that the gaps are said, never numbered as if they
        were the standings; None for a whole table (every entry placed, 1 to N)."""
        places = sorted(int(e.place.value) for e in self.entries if e.place is not None)
        whole = len(places) == len(self.entries) and places == list(range(1, len(places) + 1))
        if self.teams or self.focus or not self.entries or whole:
            return None
        return places


# A note of the bundled data that names a figure the sources disagree on (data/FORMAT.md): the figure itself is
# left out of the store, the note lists the candidates. /results shows it under the entry; nothing uses it as a fact.
DISPUTED_PREFIX = "Disputed: "


def disputed_notes(entry: Entry) -> list[Figure]:
    """The entry's figures that sources disagree on, as notes naming the candidates."""
    return [n for n in entry.notes if isinstance(n.value, str) and n.value.startswith(DISPUTED_PREFIX)]


def place_ranges(places: Iterable[int]) -> str:
    """1, 2, 3, 4, 7, 10, 11 -> '1–4, 7, 10–11'."""
    out: list[str] = []
    run: list[int] = []
    for p in sorted(set(places)):
        if run and p == run[-1] + 1:
            run.append(p)
            continue
        if run:
            out.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [p]
    if run:
        out.append(f"{run[0]}–{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


@dataclass(frozen=True, slots=True)
class ProtocolView:
    competition: Competition
    event: Event
    segment: Segment
    entry: Entry
    protocol: Protocol


@dataclass(frozen=True, slots=True)
class PersonalBest:
    """A best score of one kind (a segment kind or the total) at one level under one scoring era: scores of
    different eras are judged under different rules and are never one best."""

    label: Text  # "Short program", "Total", "Short program (Junior)"
    score: Figure
    competition: Competition
    event: Event
    kind: str = "total"  # a segment kind ("short_program"), or "total"
    era: str | None = None  # the scoring era (bot/services/eras.py); a total's is its event's segments' era
    date: str | None = None  # the day it was skated, when stored (a total: its last segment's day)


# The kinds of competition medals are counted by, in the order a profile shows them (Competition.level mapped by
# service.MEDAL_COMPETITION_OF_LEVEL; Europeans and Four Continents are the continental championships).
MEDAL_COMPETITIONS = ("olympics", "worlds", "junior-worlds", "continental", "grand-prix-final", "grand-prix", "other")


@dataclass(frozen=True, slots=True)
class MedalCount:
    """The medals won at one kind of competition, in events of one level (a junior medal is never a senior
    one), in the individual events or (team) in team events."""

    competitions: str  # one of MEDAL_COMPETITIONS
    level: str | None  # the events' level: "senior", "junior", a federation's own; None when not known
    team: bool
    gold: int = 0
    silver: int = 0
    bronze: int = 0

    @property
    def counts(self) -> tuple[int, int, int]:
        return self.gold, self.silver, self.bronze


@dataclass(frozen=True, slots=True)
class CareerCompetition:
    """What an athlete did at one competition: their entries (individual events first) and the team results of
    the teams they skated for there."""

    competition: Competition
    records: list[EntryInEvent]
    teams: list[tuple[Event, TeamResult]]
    era: str | None


@dataclass(frozen=True, slots=True)
class CareerSeason:
    season: str
    era: str | None
    competitions: list[CareerCompetition]  # newest first


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
    medals: list[MedalCount]  # in the order shown: senior first, by kind of competition, team after individual
    records: list[EntryInEvent]
    team_records: list[tuple[Competition, Event, TeamResult]]
    bests: list[PersonalBest]  # newest era first; in each, senior first, then each level's own
    segments: dict[int, Segment]
    career: list[CareerSeason] = field(default_factory=list)  # newest season first

    @property
    def eras(self) -> list[str | None]:
        """The scoring eras of the career, newest first."""
        return list(dict.fromkeys(season.era for season in self.career))

    def medal_count(
        self, competitions: str, level: str | None = "senior", *, team: bool = False
    ) -> tuple[int, int, int]:
        """(gold, silver, bronze) at one kind of competition and level."""
        for count in self.medals:
            if (count.competitions, count.level, count.team) == (competitions, level, team):
                return count.counts
        return (0, 0, 0)

    def medal_totals(self, *, team: bool = False) -> Counter[str]:
        """Every medal of the store by colour ("gold": 3), of every kind of competition and level."""
        totals: Counter[str] = Counter()
        for count in self.medals:
            if count.team == team:
                for colour, n in zip(("gold", "silver", "bronze"), count.counts, strict=True):
                    totals[colour] += n
        return +totals


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
    era: str | None = None  # the scoring era the event was judged under


@dataclass(frozen=True, slots=True)
class EraTally:
    """The meetings of one scoring era, and how many times each finished ahead in them."""

    era: str | None
    meetings: int
    a_wins: int
    b_wins: int


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
        """Times each finished ahead of the other (final place), where both have a place, over every era: shown
        only when the meetings are of one era (see `tallies`)."""
        return _ahead(self.meetings)

    @property
    def eras(self) -> list[str | None]:
        """The scoring eras of the meetings, newest first."""
        return list(dict.fromkeys(meeting.era for meeting in self.meetings))

    @property
    def mixes_eras(self) -> bool:
        return len(self.eras) > 1

    @property
    def tallies(self) -> list[EraTally]:
        """Who finished ahead, era by era (newest first): places under different rules are counted apart."""
        tallies = []
        for era in self.eras:
            meetings = [m for m in self.meetings if m.era == era]
            tallies.append(EraTally(era, len(meetings), *_ahead(meetings)))
        return tallies


def _ahead(meetings: Iterable[HeadToHeadEvent]) -> tuple[int, int]:
    a_wins = b_wins = 0
    for meeting in meetings:
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
