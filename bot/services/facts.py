"""Notable facts found in the results store: the moments "from the results" (issue 16).

Every fact is read off stored figures, deterministically: the same store gives the same facts in the same order,
each under a stable key (its kind, competition, event, segment and skaters), so generating again after an import
finds the same facts again, new ones, and those no longer true gone. A fact's words are catalogue templates
(`bot/locales/en-US/facts.ftl`) written in sentences the claim check reads, so each generated body can be checked
against the store like any story. Nothing is said that the store does not hold, and a derived figure (a total
summed from segment scores, a place ranked from totals) is never called official.

Kinds, in this order:
- `climb`: three places or more gained from the first segment's rank to the final place;
- `top-total` and `top-segment`: the highest total of an event, the highest score of a segment;
- `medal`: a medal, dated, which is what "on this day" (`facts_on`) draws on;
- `quad` and `axel`: clean quadruple jumps in a skate, and clean triple Axels in a women's skate, from the
  protocols' element codes (a call such as <, <<, e, q, !, * or F, or a negative GOE, is not clean);
- `margin`: the narrowest winning margin (total) of a competition.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import Text, t
from bot.services.levels import is_senior
from bot.services.results import ResultsService
from bot.text import escape_markdown
from db.models import Competition, Entry, Event, Figure, JumpElement, Segment

KINDS = ("climb", "top-total", "top-segment", "medal", "quad", "axel", "margin")
CLIMB_PLACES = 3  # places gained from the first segment to the final result, at least
MEDAL_CODES = {1: "gold", 2: "silver", 3: "bronze"}

# One jump of an element's code: its revolutions, its kind, and whatever calls follow it ("4T<", "3A*").
_JUMP = re.compile(r"^(?P<turns>[1-4])(?P<kind>A|T|S|Lo|F|Lz|Eu)(?P<calls>.*)$")
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
        (oldest first), event and skaters."""
        competitions = [competition] if competition else self._results.all_competitions()
        competitions = sorted(competitions, key=lambda c: (c.start_date or "", c.key))
        found: dict[str, list[Fact]] = {kind: [] for kind in KINDS}
        for comp in competitions:
            events = [e for e in self._results.events_of(comp) if e.discipline != "team"]
            margins: list[Fact] = []
            for event in events:
                entries, _ = await self._results.results_of(event)
                segments = self._results.segments_of(event)
                found["climb"] += self._climbs(comp, event, segments, entries)
                found["top-total"] += self._top_total(comp, event, segments, entries)
                found["top-segment"] += self._top_segments(comp, event, segments, entries)
                found["medal"] += self._medals(comp, event, segments, entries)
                margins += self._margin(comp, event, segments, entries)
            jumps = await self._results.jump_elements(comp)
            quads, axels = await self._jumps(comp, events, jumps)
            found["quad"] += quads
            found["axel"] += axels
            if margins:
                found["margin"].append(min(margins, key=lambda f: (_cents(f.figures[0]) - _cents(f.figures[1]), f.key)))
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

    def _margin(self, comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
        """The event's winning margin, for the competition's narrowest to be chosen; none for a tie."""
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
                "margin",
                comp,
                event,
                segments[-1] if segments else None,
                winner,
                (winner.total, runner.total),
                t("facts-margin-title", **values, margin=margin),
                t(
                    "facts-margin-body",
                    **values,
                    margin=margin,
                    total=_score(winner.total),
                    runner=escape_markdown(runner.name),
                    second=_score(runner.total),
                ),
            )
        ]

    async def _jumps(
        self, comp: Competition, events: list[Event], jumps: list[JumpElement]
    ) -> tuple[list[Fact], list[Fact]]:
        """A fact per skate with a clean quad; and, in a women's event, per skate with a clean triple Axel."""
        by_skate: dict[tuple[int, int], list[JumpElement]] = defaultdict(list)
        for jump in jumps:
            by_skate[(jump.segment_id, jump.entry_id)].append(jump)
        quads: list[Fact] = []
        axels: list[Fact] = []
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
                    if axel_elements and event.discipline == "women":
                        axels.append(self._jump_fact("axel", comp, event, segment, entry, result.tss, axel_elements))
        return quads, axels

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
        count = sum(_clean_jumps(j, quad=kind == "quad") for j in elements)
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
    where = f"{comp.key}/{event.key}" + (f"/{segment.key}" if segment and kind != "medal" else "")
    key = f"{kind}:{where}:{'-'.join(map(str, ids))}"
    return Fact(
        key=key,
        kind=kind,
        skater_ids=ids,
        name=entry.name,
        competition=comp,
        event=event,
        segment=segment,
        figures=figures,
        # Only a day the store holds: a competition's dates say when it ran, not which day a medal was won.
        moment_date=segment.date if segment and segment.date else None,
        title=title,
        body=body,
    )


def _common(entry: Entry, comp: Competition, event: Event) -> dict[str, str]:
    """The skater and where: a junior (or other non-senior) event is named with its competition, so that a junior
    gold is never read as the senior title ("Grand Prix Final 2017 (Junior Men)")."""
    where = escape_markdown(comp.label)
    if event.level is not None and not is_senior(event.level):
        where += f" ({escape_markdown(event.name)})"
    return {"name": escape_markdown(entry.name), "competition": where}


def _score(figure: Figure) -> str:
    return f"{float(figure.value):.2f}"


def _cents(figure: Figure) -> int:
    return round(float(figure.value) * 100)


def _segment_words(segment: Segment) -> Text:
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
