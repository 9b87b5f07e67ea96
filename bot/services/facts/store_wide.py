"""The facts over the whole store: bests of a season or an era, personal bests, a country's first medal. Split
from facts.py (issue 30), unchanged."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import Arg, Name, t
from bot.services.countries import country_by_code, federation
from bot.services.eras import era_short_text
from bot.services.facts.model import (
    _NO_TOTAL,
    BEST_COMPETITIONS,
    BEST_LEVELS,
    KINDS,
    MEDAL_CODES,
    Fact,
    _cents,
    _common,
    _fact,
    _fact_of,
    _level_class,
    _score,
    _segment_words,
    _where,
)
from db.models import (
    Competition,
    Entry,
    Event,
    Figure,
    Segment,
    TeamResult,
)


# --- over the whole store: bests of a season or an era, personal bests, first medals -----------------------------
@dataclass(slots=True)
class _Holder:
    """One event's highest score of a kind (a total, or a segment's), with what a fact about it needs."""

    cents: int
    score: Figure
    entry_name: str
    skater_ids: tuple[int, ...]
    comp: Competition
    event: Event
    segment: Segment | None  # the segment, or for a total the event's last
    kind: str  # a segment kind, or "total"
    alone: bool  # no one else of the event has it
    team: bool  # a segment score of the team event: counted, never told (its words would be another story)


@dataclass(slots=True)
class _Group:
    """The highest score of a kind in a season (or an era), one discipline and level: proven only when every event
    of it proves its own highest."""

    competitions: set[int]
    proven: bool = True
    best: list[_Holder] | None = None

    def add(self, comp: Competition, holder: _Holder | None) -> None:
        self.competitions.add(comp.id)
        if holder is None:
            self.proven = False
        elif self.best is None or holder.cents > self.best[0].cents:
            self.best = [holder]
        elif holder.cents == self.best[0].cents:
            self.best.append(holder)


class _StoreWide:
    """What needs every competition, read as `FactsService.facts` walks them in date order: the bests of each
    season and era, each skater's personal bests, each country's first medal at a level."""

    def __init__(self) -> None:
        self._order: dict[int, int] = {}  # competition id -> its place in the walk
        self._groups: dict[tuple[str, str, str, str, str], _Group] = {}
        self._date: str | None = None
        # Personal bests: (skaters, discipline, level, era) -> the highest total before the current date, and where.
        self._totals: dict[tuple[tuple[int, ...], str, str, str], tuple[int, Figure, Competition]] = {}
        self._day_totals: list[
            tuple[tuple[tuple[int, ...], str, str, str], int, Entry, Competition, Event, list[Segment]]
        ] = []
        self._undated_totals: set[tuple[tuple[int, ...], str, str, str]] = set()
        self._bests: list[Fact] = []
        # First medals: (level, federation) with a medal before the current date; those that entered before it.
        self._medalled: set[tuple[str, str]] = set()
        self._entered: set[tuple[str, str]] = set()
        self._day_medals: dict[tuple[str, str], list[tuple[Entry | None, Competition, Event, list[Segment]]]] = {}
        self._day_entered: set[tuple[str, str]] = set()
        self._undated_medals: set[tuple[str, str]] = set()
        self._firsts: list[Fact] = []

    def start(self, comp: Competition) -> None:
        self._order[comp.id] = len(self._order)
        if comp.start_date != self._date:
            self._close_day()
            self._date = comp.start_date

    def add(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry], teams: list[TeamResult]
    ) -> None:
        level = _level_class(event.level)
        era = next((s.era for s in segments if s.era), None)
        if level in BEST_LEVELS and era is not None:
            self._add_bests(comp, event, segments, entries, level, era)
        if level in BEST_LEVELS:
            self._add_medals(comp, event, segments, entries, teams, level)
            if event.discipline != "team" and era is not None:
                self._add_totals(comp, event, segments, entries, level, era)

    def facts(self) -> list[Fact]:
        self._close_day()
        facts = self._bests_facts() + self._bests + self._firsts
        return sorted(facts, key=lambda f: (KINDS.index(f.kind), self._order[f.competition.id], f.event.id, f.key))

    # --- bests of a season and an era --------------------------------------------------------------------------
    def _add_bests(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry], level: str, era: str
    ) -> None:
        scopes = (("season-best", comp.season), ("era-best", era))
        if event.discipline != "team":
            holder = _highest_total(comp, event, segments, entries)
            for kind, scope in scopes:
                self._group(kind, scope, event.discipline, level, "total").add(comp, holder)
        for segment in segments:
            discipline = segment.discipline or event.discipline
            if discipline == "team":
                continue
            holder = _highest_segment(comp, event, segment, entries)
            for kind, scope in scopes:
                self._group(kind, scope, discipline, level, segment.kind).add(comp, holder)

    def _group(self, kind: str, scope: str, discipline: str, level: str, what: str) -> _Group:
        key = (kind, scope, discipline, level, what)
        if key not in self._groups:
            self._groups[key] = _Group(set())
        return self._groups[key]

    def _bests_facts(self) -> list[Fact]:
        facts = []
        for (kind, scope, discipline, level, what), group in self._groups.items():
            if not group.proven or len(group.competitions) < BEST_COMPETITIONS or not group.best:
                continue
            if len(group.best) > 1 or not group.best[0].alone or group.best[0].team:
                continue  # shared, or a team event's: no one holds it alone in words this kind has
            holder = group.best[0]
            values: dict[str, Arg] = {
                "name": Name(holder.entry_name),
                "competition": _where(holder.comp, holder.event),
                "discipline": t(f"discipline-phrase-{discipline.replace('_', '-')}"),
                "level": level,
                "score": _score(holder.score),
                "scope": scope if kind == "season-best" else era_short_text(scope),
            }
            if what == "total":
                title = t(f"facts-{kind}-total-title", **values)
                body = t(f"facts-{kind}-total-body", **values)
            else:
                assert holder.segment is not None
                title = t(f"facts-{kind}-segment-title", **values, segment=_segment_words(holder.segment))
                body = t(f"facts-{kind}-segment-body", **values, segment=_segment_words(holder.segment))
            facts.append(
                _fact_of(
                    kind,
                    holder.comp,
                    holder.event,
                    holder.segment,
                    what,
                    holder.skater_ids,
                    holder.entry_name,
                    (holder.score,),
                    title,
                    body,
                )
            )
        return facts

    # --- personal bests ---------------------------------------------------------------------------------------
    def _add_totals(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry], level: str, era: str
    ) -> None:
        for entry in entries:
            if entry.total is None or entry.place is None or entry.status in _NO_TOTAL:
                continue
            key = (tuple(sorted(s.id for s in entry.skaters)), event.discipline, level, era)
            if comp.start_date is None:
                self._undated_totals.add(key)
            else:
                self._day_totals.append((key, _cents(entry.total), entry, comp, event, segments))

    def _close_totals(self) -> None:
        """A day's totals against the bests before that day: one competition per skater and day, or none is told
        (which came first is not known)."""
        same_day = Counter(key for key, *_ in self._day_totals)
        for key, cents, entry, comp, event, segments in self._day_totals:
            before = self._totals.get(key)
            if same_day[key] > 1 or before is None or cents <= before[0] or key in self._undated_totals:
                continue
            assert entry.total is not None
            _, previous, earlier = before
            values = _common(entry, comp, event)
            words: dict[str, Arg] = {
                "total": _score(entry.total),
                "previous": _score(previous),
                "earlier": _where(earlier, event),
                "level": key[2],
            }
            self._bests.append(
                _fact(
                    "personal-best",
                    comp,
                    event,
                    segments[-1] if segments else None,
                    entry,
                    (entry.total, previous),
                    t("facts-personal-best-title", **values, **words),
                    t("facts-personal-best-body", **values, **words),
                )
            )
        for key, cents, entry, comp, _event, _segments in self._day_totals:
            assert entry.total is not None
            if key not in self._totals or cents > self._totals[key][0]:
                self._totals[key] = (cents, entry.total, comp)
        self._day_totals = []

    # --- first medals -----------------------------------------------------------------------------------------
    def _add_medals(
        self,
        comp: Competition,
        event: Event,
        segments: list[Segment],
        entries: list[Entry],
        teams: list[TeamResult],
        level: str,
    ) -> None:
        placed: list[tuple[str, Entry | None, Figure | None]] = [(e.country, e, e.place) for e in entries]
        if event.discipline == "team":  # a team medal is a medal before any later one; never told here
            placed = [(team.country, None, team.place) for team in teams]
        for country, entry, place in placed:
            key = (level, federation(country))
            if comp.start_date is None:
                if place is not None and place.value in MEDAL_CODES:
                    self._undated_medals.add(key)
                continue
            self._day_entered.add(key)
            if place is not None and place.value in MEDAL_CODES:
                self._day_medals.setdefault(key, []).append((entry, comp, event, segments))

    def _close_medals(self) -> None:
        """A day's medals: a country's first at a level, when it entered before and won that one only."""
        for key, medals in self._day_medals.items():
            if key in self._medalled or key not in self._entered or len(medals) != 1 or key in self._undated_medals:
                continue
            (entry, comp, event, segments), country = medals[0], country_by_code(key[1])
            if entry is None or entry.total is None or entry.place is None or country is None:
                continue
            medal = MEDAL_CODES[int(entry.place.value)]
            values = _common(entry, comp, event)
            words = {"medal": medal, "country": country.name, "level": key[0], "total": _score(entry.total)}
            self._firsts.append(
                _fact(
                    "first-medal",
                    comp,
                    event,
                    segments[-1] if segments else None,
                    entry,
                    (entry.place, entry.total),
                    t("facts-first-medal-title", **values, **words),
                    t("facts-first-medal-body", **values, **words),
                )
            )
        self._medalled |= set(self._day_medals)
        self._entered |= self._day_entered
        self._day_medals, self._day_entered = {}, set()

    def _close_day(self) -> None:
        self._close_totals()
        self._close_medals()


def _highest_total(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> _Holder | None:
    """The event's highest total, proven when the winner holds it (a winner's total is the highest); else None."""
    scored = [(e.total, e) for e in entries if e.total is not None and e.status not in _NO_TOTAL]
    return _holder(comp, event, segments[-1] if segments else None, "total", scored, lambda e: e.place)


def _highest_segment(comp: Competition, event: Event, segment: Segment, entries: list[Entry]) -> _Holder | None:
    """The segment's highest score, proven when its rank 1 holds it; else None."""
    scored = [(r.tss, e) for e in entries if (r := e.segments.get(segment.id)) and r.tss is not None]
    return _holder(comp, event, segment, segment.kind, scored, lambda e: e.segments[segment.id].rank)


def _holder(
    comp: Competition,
    event: Event,
    segment: Segment | None,
    kind: str,
    scored: list[tuple[Figure, Entry]],
    rank_of: Callable[[Entry], Figure | None],
) -> _Holder | None:
    if not scored:
        return None
    ranked = sorted(scored, key=lambda pair: -_cents(pair[0]))
    score, entry = ranked[0]
    rank = rank_of(entry)
    if rank is None or rank.value != 1:
        return None  # the store may lack someone's higher score
    alone = len(ranked) == 1 or _cents(ranked[1][0]) < _cents(score)
    ids = tuple(sorted(s.id for s in entry.skaters))
    return _Holder(_cents(score), score, entry.name, ids, comp, event, segment, kind, alone, event.discipline == "team")
