"""Notable facts found in the results store: the moments "from the results" (issue 16).

Every fact is read off stored figures, deterministically: the same store gives the same facts in the same order,
each under a stable key (its kind, competition, event, segment and skaters), so generating again after an import
finds the same facts again, new ones, and those no longer true gone. A fact's words are catalogue templates
(`bot/locales/en-US/facts.ftl`) written in sentences the claim check reads, so each generated body can be checked
against the store like any story. Nothing is said that the store does not hold, and a derived figure (a total
summed from segment scores, a place ranked from totals) is never called official.

Kinds, in this order:
- `climb`: three places or more gained from the first segment's rank to the final place;
- `segment-win`: the last segment won (rank 1) from fifth or lower after the first (SEGMENT_WIN_FROM);
- `top-total` and `top-segment`: the highest total of an event, the highest score of a segment;
- `season-best` and `era-best`: the highest total and segment score of a season, and of a scoring era
  (bot/services/eras.py), per discipline and level (senior, junior), in skatebot's results: told only when the store
  holds at least BEST_COMPETITIONS competitions of it, and when every event of it proves its own highest score (the
  winner's total, the segment's rank 1); never said to be an official season's best;
- `personal-best`: a total higher than every earlier total of the same skater or couple in the same discipline,
  level and era in the store (with at least one earlier total stored; earlier: by the competitions' start dates);
- `medal`: a medal, dated, which is what "on this day" (`facts_on`) draws on;
- `first-medal`: a country's first medal at a level (senior, junior) in the store, when the country had entered an
  earlier stored competition of that level without one (the first competition the store holds proves nothing) and
  won only that one medal at the competition (team medals count as earlier medals);
- `quad`, `quad-count` and `axel`: clean quadruple jumps in a skate (a quad in a short program is one of these),
  the most clean quads in one skate of a competition (at a level; alone, two or more), and clean triple Axels in
  a women's skate, from the protocols' element codes (a call such as <, <<, e, q, !, * or F, or a negative GOE,
  is not clean);
- `top-marks`: a skate with elements on which every judge gave the top GOE (+3 before 2018-19, +5 since) or
  components every judge marked 10.00;
- `margin` and `wide-margin`: the narrowest and the widest winning margin (total) of a competition.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.i18n import Arg, Name, Text, t
from bot.services.countries import country_by_code, federation
from bot.services.eras import era_short_text
from bot.services.levels import is_senior
from bot.services.results import ResultsService
from bot.services.results.vocabulary import event_name_text
from bot.text import escape_markdown
from db.models import (
    Competition,
    Entry,
    Event,
    Figure,
    JumpElement,
    ProtocolComponent,
    ProtocolElement,
    Segment,
    TeamResult,
    UnanimousMark,
)

KINDS = (
    "climb",
    "segment-win",
    "top-total",
    "top-segment",
    "season-best",
    "era-best",
    "personal-best",
    "medal",
    "first-medal",
    "quad",
    "quad-count",
    "axel",
    "top-marks",
    "margin",
    "wide-margin",
)
CLIMB_PLACES = 3  # places gained from the first segment to the final result, at least
SEGMENT_WIN_FROM = 5  # a last segment won from this rank or lower after the first: "from far behind"
BEST_COMPETITIONS = 2  # a season's or era's best is told when the store holds this many of its competitions
QUAD_COUNT_AT_LEAST = 2  # the most clean quads in one skate of a competition, told from this many
# The top GOE mark of each scoring era (bot/services/eras.py): +3 until 2017-18, +5 from 2018-19.
TOP_GOE = {"2004-2010": 3, "2010-2018": 3, "2018-2022": 5, "2022-": 5}
TOP_COMPONENT = 10.0
MEDAL_CODES = {1: "gold", 2: "silver", 3: "bronze"}
BEST_LEVELS = ("senior", "junior")  # the levels bests and first medals are told for
# Statuses whose total is not a competition total (withdrew, not qualified for the last segment, disqualified).
_NO_TOTAL = frozenset({"WD", "FNR", "DSQ"})

# One jump of an element's code: its revolutions, its kind, and the calls that follow it ("4T<", "3A*"). Nothing else
# may follow: a pair's throw ("4STh") or twist ("4Tw3") is not a jump of the skater's own.
_JUMP = re.compile(r"^(?P<turns>[1-4])(?P<kind>A|T|S|Lo|F|Lz|Eu)(?P<calls>(?:<<|<|e|q|!|\*|F)*)$")
# Calls printed after a jump or in an element's info that mean it was not clean.
_CALLS = ("<<", "<", "e", "q", "!", "*", "F")


@dataclass(frozen=True, slots=True)
class Fact:
    """A notable fact: what it is about, the stored figures it rests on, and its words."""

    key: str  # kind, competition, event, segment and skaters: the same fact keeps it from one run to the next
    kind: str
    skater_ids: tuple[int, ...]
    name: str
    competition: Competition
    event: Event
    segment: Segment | None
    figures: tuple[Figure, ...]
    moment_date: str | None  # YYYY-MM-DD: the day of the segment it comes from; None when the store lacks it
    title: Text
    body: Text

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources of the figures it uses, each once, in order."""
        found: dict[str, None] = {}
        for figure in self.figures:
            if figure.provenance is not None:
                found.update(dict.fromkeys(figure.provenance.sources))
        return tuple(found)

    @property
    def month_day(self) -> tuple[int, int] | None:
        if not self.moment_date or len(self.moment_date) < 10:
            return None
        return int(self.moment_date[5:7]), int(self.moment_date[8:10])


class FactsService:
    """Finds the notable facts of the results store, through the results service."""

    def __init__(self, results: ResultsService) -> None:
        self._results = results

    async def facts(self, competition: Competition | None = None) -> list[Fact]:
        """Every notable fact (of one competition), grouped by kind in the order of KINDS, then by competition
        (oldest first), event and skaters. Bests of a season or an era, personal bests and first medals are found
        over the whole store, one competition's included: each event is read once, and only the figures a fact
        needs are kept (no protocol is loaded whole)."""
        every = sorted(self._results.all_competitions(), key=_competition_order)
        found: dict[str, list[Fact]] = {kind: [] for kind in KINDS}
        store = _StoreWide()
        for comp in every:
            own = competition is None or comp.id == competition.id
            store.start(comp)
            events = [e for e in self._results.events_of(comp) if e.discipline != "team"]
            margins: list[Fact] = []
            held: dict[int, tuple[list[Segment], list[Entry]]] = {}
            for event in self._results.events_of(comp):
                entries, teams = await self._results.results_of(event)
                segments = self._results.segments_of(event)
                store.add(comp, event, segments, entries, teams)
                if not own or event.discipline == "team":
                    continue
                found["climb"] += self._climbs(comp, event, segments, entries)
                found["segment-win"] += self._segment_wins(comp, event, segments, entries)
                found["top-total"] += self._top_total(comp, event, segments, entries)
                found["top-segment"] += self._top_segments(comp, event, segments, entries)
                found["medal"] += self._medals(comp, event, segments, entries)
                margins += self._margin(comp, event, segments, entries)
                held[event.id] = (segments, entries)
            if not own:
                continue
            jumps = await self._results.jump_elements(comp)
            quads, axels, most = await self._jumps(comp, events, jumps)
            found["quad"] += quads
            found["quad-count"] += most
            found["axel"] += axels
            found["top-marks"] += await self._top_marks(comp, events)
            if margins:
                found["margin"].append(min(margins, key=lambda f: (_margin_cents(f), f.key)))
                widest = _alone(margins, _margin_cents)
                if len(margins) > 1 and widest is not None:  # with one margin, the narrowest is the widest
                    found["wide-margin"] += self._margin(comp, widest.event, *held[widest.event.id], "wide-margin")
        for fact in store.facts():
            if competition is None or fact.competition.id == competition.id:
                found[fact.kind].append(fact)
        return [fact for kind in KINDS for fact in found[kind]]

    async def facts_on(self, month: int, day: int, competition: Competition | None = None) -> list[Fact]:
        """The facts whose moment fell on this month and day, in any year: "on this day"."""
        return [fact for fact in await self.facts(competition) if fact.month_day == (month, day)]

    # --- the kinds --------------------------------------------------------------------------------------
    def _climbs(self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
        if len(segments) < 2:
            return []
        first, last = segments[0], segments[-1]
        facts = []
        for entry in entries:
            result = entry.segments.get(first.id)
            if entry.place is None or entry.total is None or result is None or result.rank is None:
                continue
            start, place = int(result.rank.value), int(entry.place.value)
            if start - place < CLIMB_PLACES:
                continue
            values = _common(entry, comp, event)
            facts.append(
                _fact(
                    "climb",
                    comp,
                    event,
                    last,
                    entry,
                    (result.rank, entry.place, entry.total),
                    t("facts-climb-title", **values, **{"from": t("ordinal", n=start)}, place=t("ordinal", n=place)),
                    t(
                        "facts-climb-body",
                        **values,
                        **{"from": t("ordinal", n=start)},
                        place=t("ordinal", n=place),
                        segment=_segment_words(first),
                        total=_score(entry.total),
                    ),
                )
            )
        return facts

    def _segment_wins(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]
    ) -> list[Fact]:
        """The last segment won (its rank 1, with its score) by a skater SEGMENT_WIN_FROM or lower after the first."""
        if len(segments) < 2:
            return []
        first, last = segments[0], segments[-1]
        facts = []
        for entry in entries:
            before, won = entry.segments.get(first.id), entry.segments.get(last.id)
            if before is None or before.rank is None or won is None or won.rank is None or won.tss is None:
                continue
            start = int(before.rank.value)
            if won.rank.value != 1 or start < SEGMENT_WIN_FROM:
                continue
            values = _common(entry, comp, event)
            words = {"from": t("ordinal", n=start), "first": _segment_words(first), "segment": _segment_words(last)}
            facts.append(
                _fact(
                    "segment-win",
                    comp,
                    event,
                    last,
                    entry,
                    (before.rank, won.rank, won.tss),
                    t("facts-segment-win-title", **values, **words),
                    t("facts-segment-win-body", **values, **words, score=_score(won.tss)),
                )
            )
        return facts

    def _top_total(self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
        best = _single_best([(e.total, e) for e in entries if e.total is not None])
        if best is None or best[1].place is None or best[1].place.value != 1:
            return []  # the store lacks someone's total: the highest stored is not known to be the highest
        total, entry = best
        values = _common(entry, comp, event)
        body = t("facts-top-total-body", **values, total=_score(total), discipline=_discipline_words(event))
        return [
            _fact(
                "top-total",
                comp,
                event,
                segments[-1] if segments else None,
                entry,
                (total,),
                t("facts-top-total-title", **values, total=_score(total)),
                body,
            )
        ]

    def _top_segments(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]
    ) -> list[Fact]:
        facts = []
        for segment in segments:
            scored = [(r.tss, e) for e in entries if (r := e.segments.get(segment.id)) and r.tss is not None]
            best = _single_best(scored)
            rank = best[1].segments[segment.id].rank if best else None
            if best is None or rank is None or rank.value != 1:
                continue  # as for the total: the highest stored must be the segment's winner
            score, entry = best
            values = _common(entry, comp, event)
            words = _segment_words(segment)
            facts.append(
                _fact(
                    "top-segment",
                    comp,
                    event,
                    segment,
                    entry,
                    (score,),
                    t("facts-top-segment-title", **values, segment=words, score=_score(score)),
                    t("facts-top-segment-body", **values, segment=words, score=_score(score)),
                )
            )
        return facts

    def _medals(self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
        facts = []
        for entry in entries:
            if entry.place is None or entry.total is None or int(entry.place.value) not in MEDAL_CODES:
                continue
            medal = MEDAL_CODES[int(entry.place.value)]
            values = _common(entry, comp, event)
            facts.append(
                _fact(
                    "medal",
                    comp,
                    event,
                    segments[-1] if segments else None,
                    entry,
                    (entry.place, entry.total),
                    t("facts-medal-title", **values, medal=medal),
                    t("facts-medal-body", **values, medal=medal, total=_score(entry.total)),
                )
            )
        return facts

    def _margin(
        self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry], kind: str = "margin"
    ) -> list[Fact]:
        """The event's winning margin, for the competition's narrowest (or widest) to be chosen; none for a tie."""
        placed = {int(e.place.value): e for e in entries if e.place is not None and e.total is not None}
        if 1 not in placed or 2 not in placed:
            return []
        winner, runner = placed[1], placed[2]
        assert winner.total is not None and runner.total is not None
        cents = _cents(winner.total) - _cents(runner.total)
        if cents <= 0:
            return []
        margin = f"{cents / 100:.2f}"
        values = _common(winner, comp, event)
        return [
            _fact(
                kind,
                comp,
                event,
                segments[-1] if segments else None,
                winner,
                (winner.total, runner.total),
                t(f"facts-{kind}-title", **values, margin=margin),
                t(
                    f"facts-{kind}-body",
                    **values,
                    margin=margin,
                    total=_score(winner.total),
                    runner=Name(runner.name),
                    second=_score(runner.total),
                ),
            )
        ]

    async def _jumps(
        self, comp: Competition, events: list[Event], jumps: list[JumpElement]
    ) -> tuple[list[Fact], list[Fact], list[Fact]]:
        """A fact per skate with a clean quad; and, in a women's event, per skate with a clean triple Axel; and, at
        each level of the competition, the skate with the most clean quads when it holds the most alone (and at
        least QUAD_COUNT_AT_LEAST)."""
        by_skate: dict[tuple[int, int], list[JumpElement]] = defaultdict(list)
        for jump in jumps:
            by_skate[(jump.segment_id, jump.entry_id)].append(jump)
        quads: list[Fact] = []
        axels: list[Fact] = []
        by_level: dict[str, list[Fact]] = defaultdict(list)
        for event in events:
            entries, _ = await self._results.results_of(event)
            for segment in self._results.segments_of(event):
                for entry in entries:
                    skate = by_skate.get((segment.id, entry.id))
                    result = entry.segments.get(segment.id)
                    if not skate or result is None or result.tss is None:
                        continue
                    quad_elements = [j for j in skate if _clean_jumps(j, quad=True)]
                    axel_elements = [j for j in skate if _clean_jumps(j, quad=False)]
                    if quad_elements:
                        quads.append(self._jump_fact("quad", comp, event, segment, entry, result.tss, quad_elements))
                        by_level[_level_class(event.level)].append(
                            self._jump_fact("quad-count", comp, event, segment, entry, result.tss, quad_elements)
                        )
                    if axel_elements and event.discipline == "women":
                        axels.append(self._jump_fact("axel", comp, event, segment, entry, result.tss, axel_elements))
        most = []
        for skates in by_level.values():
            best = _alone(skates, _quad_count)
            if best is not None and _quad_count(best) >= QUAD_COUNT_AT_LEAST:
                most.append(best)
        most.sort(key=lambda f: (f.event.id, f.key))
        return quads, axels, most

    def _jump_fact(
        self,
        kind: str,
        comp: Competition,
        event: Event,
        segment: Segment,
        entry: Entry,
        score: Figure,
        elements: list[JumpElement],
    ) -> Fact:
        count = sum(_clean_jumps(j, quad=kind != "axel") for j in elements)
        jumps = ", ".join(j.element.code for j in elements)
        values = _common(entry, comp, event)
        words = _segment_words(segment)
        figures = (*(Figure(j.element.code, j.provenance) for j in elements), score)
        return _fact(
            kind,
            comp,
            event,
            segment,
            entry,
            figures,
            t(f"facts-{kind}-title", **values, count=count),
            t(f"facts-{kind}-body", **values, count=count, jumps=jumps, segment=words, score=_score(score)),
        )

    async def _top_marks(self, comp: Competition, events: list[Event]) -> list[Fact]:
        """A fact per skate with elements every judge gave the era's top GOE, or components every judge marked
        10.00; none where the era, and so the top mark, is not known."""
        by_skate: dict[tuple[int, int], list[UnanimousMark]] = defaultdict(list)
        for mark in await self._results.unanimous_marks(comp):
            by_skate[(mark.segment_id, mark.entry_id)].append(mark)
        if not by_skate:
            return []
        facts = []
        for event in events:
            entries, _ = await self._results.results_of(event)
            for segment in self._results.segments_of(event):
                top = TOP_GOE.get(segment.era or "")
                for entry in entries:
                    marks = by_skate.get((segment.id, entry.id), [])
                    result = entry.segments.get(segment.id)
                    if not marks or top is None or result is None or result.tss is None:
                        continue
                    elements = [m for m in marks if isinstance(m.mark, ProtocolElement) and _all_are(m, top)]
                    components = [
                        m for m in marks if isinstance(m.mark, ProtocolComponent) and _all_are(m, TOP_COMPONENT)
                    ]
                    if elements or components:
                        facts.append(
                            self._marks_fact(comp, event, segment, entry, result.tss, elements, components, top)
                        )
        return facts

    def _marks_fact(
        self,
        comp: Competition,
        event: Event,
        segment: Segment,
        entry: Entry,
        score: Figure,
        elements: list[UnanimousMark],
        components: list[UnanimousMark],
        top: int,
    ) -> Fact:
        values = _common(entry, comp, event)
        words = _segment_words(segment)
        codes = ", ".join(m.mark.code for m in elements if isinstance(m.mark, ProtocolElement))
        names = ", ".join(m.mark.name for m in components if isinstance(m.mark, ProtocolComponent))
        counts = {"elements": len(elements), "components": len(components)}
        figures = (
            *(Figure(m.mark.code, m.provenance) for m in elements if isinstance(m.mark, ProtocolElement)),
            *(Figure(m.mark.name, m.provenance) for m in components if isinstance(m.mark, ProtocolComponent)),
            score,
        )
        marks = {"mark": f"+{top}", "codes": codes, "names": names}
        return _fact(
            "top-marks",
            comp,
            event,
            segment,
            entry,
            figures,
            t("facts-top-marks-title", **values, **counts, mark=f"+{top}"),
            t("facts-top-marks-body", **values, **counts, **marks, segment=words, score=_score(score)),
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


# --- helpers ------------------------------------------------------------------------------------------------------
def _fact(
    kind: str,
    comp: Competition,
    event: Event,
    segment: Segment | None,
    entry: Entry,
    figures: tuple[Figure, ...],
    title: Text,
    body: Text,
) -> Fact:
    ids = tuple(sorted(s.id for s in entry.skaters))
    part = segment.key if segment and kind not in ("medal", "first-medal", "personal-best") else None
    return _fact_of(kind, comp, event, segment, part, ids, entry.name, figures, title, body)


def _fact_of(
    kind: str,
    comp: Competition,
    event: Event,
    segment: Segment | None,
    part: str | None,
    ids: tuple[int, ...],
    name: str,
    figures: tuple[Figure, ...],
    title: Text,
    body: Text,
) -> Fact:
    """A fact under its key: kind, competition, event, the part of it (a segment's key, "total") and skaters."""
    where = f"{comp.key}/{event.key}" + (f"/{part}" if part else "")
    key = f"{kind}:{where}:{'-'.join(map(str, ids))}"
    return Fact(
        key=key,
        kind=kind,
        skater_ids=ids,
        name=name,
        competition=comp,
        event=event,
        segment=segment,
        figures=figures,
        # Only a day the store holds: a competition's dates say when it ran, not which day a medal was won.
        moment_date=segment.date if segment and segment.date else None,
        title=title,
        body=body,
    )


def _common(entry: Entry, comp: Competition, event: Event) -> dict[str, Arg]:
    """The skater and where: a junior (or other non-senior) event is named with its competition, so that a junior
    gold is never read as the senior title ("Grand Prix Final 2017 (Junior Men)")."""
    return {"name": Name(entry.name), "competition": _where(comp, event)}


def _where(comp: Competition, event: Event) -> Text:
    if event.level is not None and not is_senior(event.level):
        event_name = event_name_text(event, escape_markdown(event.name))
        return t("facts-where-event", competition=escape_markdown(comp.label), event=event_name)
    return t("facts-where", competition=escape_markdown(comp.label))


def _competition_order(comp: Competition) -> tuple[str, str]:
    return (comp.start_date or "", comp.key)


def _level_class(level: str | None) -> str:
    """A level as bests keep them apart: "senior", another level's own name, "" when not known."""
    return "senior" if is_senior(level) else (level or "")


def _margin_cents(fact: Fact) -> int:
    return _cents(fact.figures[0]) - _cents(fact.figures[1])


def _quad_count(fact: Fact) -> int:
    count = dict(fact.title.args)["count"]
    return count if isinstance(count, int) else 0


def _alone(facts: list[Fact], measure: Callable[[Fact], int]) -> Fact | None:
    """The fact with the highest measure, when no other has it too."""
    ranked = sorted(facts, key=lambda f: -measure(f))
    if not ranked or (len(ranked) > 1 and measure(ranked[0]) == measure(ranked[1])):
        return None
    return ranked[0]


def _all_are(mark: UnanimousMark, top: float) -> bool:
    """Every judge's mark is the top one ("+3", "3", "10.00")."""
    try:
        return all(float(judge) == top for judge in mark.mark.judges)
    except ValueError:
        return False


def _score(figure: Figure) -> str:
    return f"{float(figure.value):.2f}"


def _cents(figure: Figure) -> int:
    return round(float(figure.value) * 100)


def _segment_words(segment: Segment) -> Text:
    """A segment inside a sentence; ice dance's first segment stored as `rhythm_dance` was the short dance under the
    2010-18 rules, and is named so."""
    if segment.kind == "rhythm_dance" and segment.era == "2010-2018":
        return t("facts-segment-short-dance")
    return t(f"facts-segment-{segment.kind.replace('_', '-')}")


def _discipline_words(event: Event) -> Text:
    return t(f"discipline-phrase-{event.discipline.replace('_', '-')}")


def _single_best(scored: Iterable[tuple[Figure, Entry]]) -> tuple[Figure, Entry] | None:
    """The highest figure and its entry; None when two share it (no one holds it alone)."""
    ranked = sorted(scored, key=lambda pair: -_cents(pair[0]))
    if not ranked or (len(ranked) > 1 and _cents(ranked[0][0]) == _cents(ranked[1][0])):
        return None
    return ranked[0]


def _clean_jumps(jump: JumpElement, *, quad: bool) -> int:
    """How many clean quads (or triple Axels) the element holds: none when its info carries a call or a fall, or
    its GOE is negative; else each jump of the code with no call after it."""
    element = jump.element
    if element.goe < 0 or any(call in element.info for call in _CALLS):
        return 0
    count = 0
    for part in element.code.split("+"):
        match = _JUMP.match(part)
        if match is None or any(call in match["calls"] for call in _CALLS):
            continue
        if (quad and match["turns"] == "4") or (not quad and match["turns"] == "3" and match["kind"] == "A"):
            count += 1
    return count
