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

from bot.services.facts.events import climbs, margin, medals, segment_wins, top_segments, top_total
from bot.services.facts.model import (
    BEST_COMPETITIONS,
    CLIMB_PLACES,
    KINDS,
    MEDAL_CODES,
    QUAD_COUNT_AT_LEAST,
    SEGMENT_WIN_FROM,
    Fact,
    _alone,
    _clean_jumps,
    _competition_order,
    _margin_cents,
)
from bot.services.facts.skates import jump_facts, top_marks_facts
from bot.services.facts.store_wide import _StoreWide
from bot.services.results import ResultsService
from db.models import Competition, Entry, Segment

# The kinds' parts live in model.py, events.py, skates.py and store_wide.py; importers find these here as before.
__all__ = [
    "BEST_COMPETITIONS",
    "CLIMB_PLACES",
    "KINDS",
    "MEDAL_CODES",
    "QUAD_COUNT_AT_LEAST",
    "SEGMENT_WIN_FROM",
    "Fact",
    "FactsService",
    "_clean_jumps",
]


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
                found["climb"] += climbs(comp, event, segments, entries)
                found["segment-win"] += segment_wins(comp, event, segments, entries)
                found["top-total"] += top_total(comp, event, segments, entries)
                found["top-segment"] += top_segments(comp, event, segments, entries)
                found["medal"] += medals(comp, event, segments, entries)
                margins += margin(comp, event, segments, entries)
                held[event.id] = (segments, entries)
            if not own:
                continue
            jumps = await self._results.jump_elements(comp)
            quads, axels, most = await jump_facts(self._results, comp, events, jumps)
            found["quad"] += quads
            found["quad-count"] += most
            found["axel"] += axels
            found["top-marks"] += await top_marks_facts(self._results, comp, events)
            if margins:
                found["margin"].append(min(margins, key=lambda f: (_margin_cents(f), f.key)))
                widest = _alone(margins, _margin_cents)
                if len(margins) > 1 and widest is not None:  # with one margin, the narrowest is the widest
                    found["wide-margin"] += margin(comp, widest.event, *held[widest.event.id], "wide-margin")
        for fact in store.facts():
            if competition is None or fact.competition.id == competition.id:
                found[fact.kind].append(fact)
        return [fact for kind in KINDS for fact in found[kind]]

    async def facts_on(self, month: int, day: int, competition: Competition | None = None) -> list[Fact]:
        """The facts whose moment fell on this month and day, in any year: "on this day"."""
        return [fact for fact in await self.facts(competition) if fact.month_day == (month, day)]
