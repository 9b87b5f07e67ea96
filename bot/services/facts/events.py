"""The facts of one event, from its entries: climbs, a last segment won from far behind, top total and segment scores,
medals and the winning margin. Split from facts.py (issue 30), unchanged."""

from __future__ import annotations

from bot.i18n import Name, t
from bot.services.facts.model import (
    CLIMB_PLACES,
    MEDAL_CODES,
    SEGMENT_WIN_FROM,
    Fact,
    _cents,
    _common,
    _discipline_words,
    _fact,
    _score,
    _segment_words,
    _single_best,
)
from db.models import (
    Competition,
    Entry,
    Event,
    Segment,
)


def climbs(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
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


def segment_wins(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
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


def top_total(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
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


def top_segments(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
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


def medals(comp: Competition, event: Event, segments: list[Segment], entries: list[Entry]) -> list[Fact]:
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


def margin(
    comp: Competition, event: Event, segments: list[Segment], entries: list[Entry], kind: str = "margin"
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
