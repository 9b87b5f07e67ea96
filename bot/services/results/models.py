"""What the results service answers with: plain data for bot.ui to display."""

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


@dataclass(frozen=True, slots=True)
class ProtocolView:
    competition: Competition
    event: Event
    segment: Segment
    entry: Entry
    protocol: Protocol


@dataclass(frozen=True, slots=True)
class PersonalBest:
    label: Text  # "Short program", "Total", "Short program (Junior)"
    score: Figure
    competition: Competition
    event: Event
    kind: str = "total"  # a segment kind ("short_program"), or "total"


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
