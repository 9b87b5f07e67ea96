"""The facts of one skate, from its protocol: clean quads and triple Axels, the most quads of a competition, and
the marks every judge gave at the top. Split from facts.py (issue 30), unchanged."""

from __future__ import annotations

from collections import defaultdict

from bot.i18n import t
from bot.services.facts.model import (
    QUAD_COUNT_AT_LEAST,
    TOP_COMPONENT,
    TOP_GOE,
    Fact,
    _all_are,
    _alone,
    _clean_jumps,
    _common,
    _fact,
    _level_class,
    _quad_count,
    _score,
    _segment_words,
)
from bot.services.results import ResultsService
from db.models import (
    Competition,
    Entry,
    Event,
    Figure,
    JumpElement,
    ProtocolComponent,
    ProtocolElement,
    Segment,
    UnanimousMark,
)


async def jump_facts(
    results: ResultsService, comp: Competition, events: list[Event], jumps: list[JumpElement]
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
        entries, _ = await results.results_of(event)
        for segment in results.segments_of(event):
            for entry in entries:
                skate = by_skate.get((segment.id, entry.id))
                result = entry.segments.get(segment.id)
                if not skate or result is None or result.tss is None:
                    continue
                quad_elements = [j for j in skate if _clean_jumps(j, quad=True)]
                axel_elements = [j for j in skate if _clean_jumps(j, quad=False)]
                if quad_elements:
                    quads.append(jump_fact("quad", comp, event, segment, entry, result.tss, quad_elements))
                    by_level[_level_class(event.level)].append(
                        jump_fact("quad-count", comp, event, segment, entry, result.tss, quad_elements)
                    )
                if axel_elements and event.discipline == "women":
                    axels.append(jump_fact("axel", comp, event, segment, entry, result.tss, axel_elements))
    most = []
    for skates in by_level.values():
        best = _alone(skates, _quad_count)
        if best is not None and _quad_count(best) >= QUAD_COUNT_AT_LEAST:
            most.append(best)
    most.sort(key=lambda f: (f.event.id, f.key))
    return quads, axels, most


def jump_fact(
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


async def top_marks_facts(results: ResultsService, comp: Competition, events: list[Event]) -> list[Fact]:
    """A fact per skate with elements every judge gave the era's top GOE, or components every judge marked
    10.00; none where the era, and so the top mark, is not known."""
    by_skate: dict[tuple[int, int], list[UnanimousMark]] = defaultdict(list)
    for mark in await results.unanimous_marks(comp):
        by_skate[(mark.segment_id, mark.entry_id)].append(mark)
    if not by_skate:
        return []
    facts = []
    for event in events:
        entries, _ = await results.results_of(event)
        for segment in results.segments_of(event):
            top = TOP_GOE.get(segment.era or "")
            for entry in entries:
                marks = by_skate.get((segment.id, entry.id), [])
                result = entry.segments.get(segment.id)
                if not marks or top is None or result is None or result.tss is None:
                    continue
                elements = [m for m in marks if isinstance(m.mark, ProtocolElement) and _all_are(m, top)]
                components = [m for m in marks if isinstance(m.mark, ProtocolComponent) and _all_are(m, TOP_COMPONENT)]
                if elements or components:
                    facts.append(marks_fact(comp, event, segment, entry, result.tss, elements, components, top))
    return facts


def marks_fact(
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
