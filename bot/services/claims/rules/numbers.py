"""The rules of numbers: scores, totals, a team's points."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.services.claims.model import Claim, Subject, or_text, segment_text
from bot.services.claims.rules.common import (
    Who,
    fmt,
    in_apposition,
    object_after,
    score,
    segment_in_view,
    segment_of,
    segment_referred,
)
from bot.services.claims.rules.margins import margin
from bot.services.claims.rules.phrases import (
    AFTER_SEG_NUM,
    BARE_POINTS,
    GENERIC_SEGMENT,
    IMMEDIATE,
    INEXACT,
    LEADING_WITH,
    MARGIN_AFTER,
    MARGIN_BEFORE,
    SEG_AFTER_NUM,
    SEG_BEFORE_NUM,
    SEGMENT_WON_AFTER,
    SKIP_NUMBER,
    TOTAL_AFTER,
    TOTAL_BEFORE,
    TOTAL_NEAR,
    TOTAL_NEXT,
    WITHIN,
    WORD_MARGIN,
)
from bot.services.claims.rules.scorelines import other_side, second_of_scoreline
from bot.services.claims.split import Clause
from bot.services.claims.vocabulary import (
    DECIMAL_RE,
    FIRST_SEGMENT,
    NUMBER_WORDS,
    POINTS_RE,
    number_value,
)

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE


def numbers(sentence: SentenceReader, clause: Clause) -> None:
    text = sentence.text
    within = WITHIN.search(text, clause.start, clause.end)
    if within:
        value = number_value(within.group("n"))
        other = object_after(sentence, within.end())
        if value is not None and other is not None:
            subjects = sentence.subjects_for(within.start())
            sentence.make(
                "margin",
                within.start(),
                subjects,
                t("claim-margin-behind", points=fmt(value), other=other.label),
                value,
                other=other,
                ahead=False,
            )
    for m in WORD_MARGIN.finditer(text, clause.start, clause.end):
        if re.search(r"\bpoints?\b", text[m.end("n") : m.start("dir")]):
            continue
        value = number_value(m.group("n"))
        subjects = sentence.subjects_for(m.start())
        if value is not None and subjects:
            margin(
                sentence,
                m.start(),
                m.end("n"),
                value,
                subjects,
                text[clause.start : m.start()],
                text[m.end("n") :],
                MARGIN_AFTER.match(text[m.end("n") :]),
            )
    for m in BARE_POINTS.finditer(text, clause.start, clause.end):
        subjects = sentence.subjects_for(m.start("num"))
        if subjects and (all(s.country for s in subjects) or sentence.discipline_for(m.start()) == "team"):
            _team_points(sentence, m.start("num"), float(m.group("num")), subjects, "", "")
    decimals = list(DECIMAL_RE.finditer(text, clause.start, clause.end))
    listed_scores = _listed_numbers(sentence, clause, decimals)
    for m in decimals:
        if m in listed_scores:
            continue
        _number(sentence, m.start(), m.end(), m.group("num"), decimal=True)
    for m in POINTS_RE.finditer(text, clause.start, clause.end):
        if m.group("num").isdigit() or m.group("num").lower() in NUMBER_WORDS:
            if any(d.start() <= m.start() < d.end() for d in decimals):
                continue
            if within and within.start() <= m.start() < within.end():
                continue
            _number(sentence, m.start(), m.end("num"), m.group("num"), decimal=False)
    # Team points written without the word after a first "N points": "Japan 68 points, Italy 60 and Georgia 56".
    if any(c.kind in ("team_points",) for c, _, _ in sentence.made):
        for m in re.finditer(r"(?<![\d.])(\d{2,3})(?!\d|[.,]\d)", text[clause.start : clause.end]):
            start = clause.start + m.start()
            if any(c.kind == "team_points" and p == start for c, p, _ in sentence.made):
                continue
            subjects = sentence.subjects_for(start)
            if (
                subjects
                and all(isinstance(s, Subject) and s.country for s in subjects)
                and IMMEDIATE.match(text[max((x.end for x in sentence.mentions if x.end <= start), default=0) : start])
            ):
                points = t("claim-team-points", points=m.group(1))
                sentence.make("team_points", start, subjects, points, float(m.group(1)))


def _listed_numbers(sentence: SentenceReader, clause: Clause, numbers: list[re.Match[str]]) -> list[re.Match[str]]:
    """ "Liu and Sakamoto scored 226.79 and 224.90 (respectively)": one number each."""
    text = sentence.text
    for i in range(len(numbers) - 1):
        a, b = numbers[i], numbers[i + 1]
        if not re.fullmatch(r"\s*(?:points?)?\s*(?:,|and|,\s*and)\s*", text[a.end() : b.start()], _I):
            continue
        inside = [m for m in sentence.mentions_in(clause) if m.end <= a.start() and m.object_of is None]
        if len(inside) < 2:
            continue
        group = sentence.group_ending_at(inside[-1], inside)
        if len(group) != 2:
            continue
        for mention, number in zip(group, (a, b), strict=True):
            assert mention.subject is not None
            _number(
                sentence, number.start(), number.end(), number.group("num"), decimal=True, subjects=[mention.subject]
            )
        return [a, b]
    return []


def _number(
    sentence: SentenceReader, start: int, end: int, raw: str, *, decimal: bool, subjects: list[Subject] | None = None
) -> None:
    text = sentence.text
    clause = sentence.clauses[sentence.clause_of(start)]
    before = text[max(clause.start, start - 80) : start]
    after = text[end : min(clause.end, end + 60)]
    value = number_value(raw)
    if value is None:
        return
    if SKIP_NUMBER.search(before) or re.match(
        r"\s*(?:years?|yrs?|-year|%|percent|degrees|metres|meters|km|fans|people|spectators|countries|nations|skaters|competitors|teams|times|jumps|quads|seconds)\b",
        after,
        _I,
    ):
        return
    if re.search(r"\b(?:after|following)\s+(?:the\s+)?(?:\w+\s+)?$", before, _I) and not decimal:
        return
    if second_of_scoreline(before):
        # "189.06 to 188.42 over Chock and Bates": the rival's score, never the subject's nor a margin.
        rival = other_side(sentence, end)
        if rival is not None and decimal and value >= 20:
            _score_or_total(sentence, clause, start, end, raw, value, [rival], said_whose=True)
        return
    if subjects is None:
        subjects = sentence.subjects_for(start, bare=True)
    # Margins.
    margin_before = MARGIN_BEFORE.search(before)
    margin_after = MARGIN_AFTER.match(after)
    if margin_before or margin_after:
        if INEXACT.search(before) or (
            margin_after
            and margin_after.group("dir")
            and margin_after.group("dir").lower() in ("more than", "less than")
        ):
            return
        if not decimal and value > 30:
            return
        margin(sentence, start, end, value, subjects, before, after, margin_after)
        return
    if not decimal:
        _team_points(sentence, start, value, subjects, before, after)
        return
    if value < 20:
        return  # no segment score or total is this low: a margin written another way, or not a score
    _score_or_total(sentence, clause, start, end, raw, value, subjects)


def _score_or_total(
    sentence: SentenceReader,
    clause: Clause,
    start: int,
    end: int,
    label: str,
    value: float,
    subjects: list[Subject],
    *,
    said_whose: bool = False,
) -> None:
    """Which figure a score is, most specific attachment first; nothing said: the total or any segment's. `said_whose`:
    the words around the number say whose it is, not a place before it."""
    text = sentence.text
    subjects = subjects if said_whose else _placed_subjects(sentence, start, subjects)
    before = text[max(clause.start, start - 80) : start]
    after = text[end : min(clause.end, end + 60)]
    if SEG_AFTER_NUM.match(after) and not re.match(r"\s*(?:points?\s+)?(?:total|overall)", after, _I):
        found = SEG_AFTER_NUM.match(after)
        assert found is not None
        score(sentence, start, subjects, label, value, segment_of(found.group("seg") or found.group("seg2")))
        return
    if _to_win_a_segment(sentence, start, after, subjects, label, value):
        return
    if re.search(r"\bthere\s+(?:with|on)\s+$", before, _I):
        # "second in the free, and Daleman third there with 142.15": the segment "there" stands for, or (when it
        # could be the event) the total or that segment's score; never the total alone.
        referred = segment_referred(sentence, start, end) or (None, "any")
        if referred != (None,):
            claimed = t("claim-score-any", score=label)
            sentence.make("score", start, subjects, claimed, value, segments=referred)
            return
    if TOTAL_NEAR.search(before[-30:]) or TOTAL_NEXT.match(after):
        sentence.make("total", start, subjects, t("claim-total", score=label), value, segments=(None,))
        return
    seg_before = SEG_BEFORE_NUM.search(before[-60:])
    if seg_before:
        score(sentence, start, subjects, label, value, segment_of(seg_before.group("seg")))
        return
    if _after_a_place(sentence, start, subjects, label, value):
        return
    if LEADING_WITH.search(before[-60:]):
        _leading_score(sentence, clause, start, subjects, label, value)
        return
    if TOTAL_BEFORE.search(before) or TOTAL_AFTER.match(after):
        sentence.make("total", start, subjects, t("claim-total", score=label), value, segments=(None,))
        return
    after_seg = None
    for a in AFTER_SEG_NUM.finditer(text, clause.start, clause.end):
        if a.end() <= start or a.start() >= end:
            after_seg = a
    if after_seg is not None and not in_apposition(sentence, after_seg.start(), start):
        kind = segment_of(after_seg.group("seg"))
        readings = (kind,) if kind in FIRST_SEGMENT else (None, kind)
        if readings == (kind,):
            score(sentence, start, subjects, label, value, kind)
        else:
            claimed = t("claim-score-total-or", score=label, segments=segment_text(kind))
            sentence.make("score", start, subjects, claimed, value, segments=readings)
        return
    if GENERIC_SEGMENT.search(before[-60:]):
        in_view = segment_in_view(sentence, start)
        if in_view is not None:
            score(sentence, start, subjects, label, value, in_view)
        else:
            claimed = t("claim-score-segment", score=label)
            sentence.make("score", start, subjects, claimed, value, segments=("any",))
        return
    if sentence.asked:
        score(sentence, start, subjects, label, value, sentence.asked)
        return
    # Nothing says which: the total or any segment's score, all kept as readings.
    sentence.make("score", start, subjects, t("claim-score-any", score=label), value, segments=(None, "any"))


def _to_win_a_segment(
    sentence: SentenceReader, start: int, after: str, subjects: list[Subject], label: str, value: float
) -> bool:
    """ "148.69 to win the free skate" (or "the segment", the one in view): that segment's score, never the total."""
    won = SEGMENT_WON_AFTER.match(after)
    if not won:
        return False
    kind = segment_of(won.group("seg")) if won.group("seg") else segment_in_view(sentence, start)
    if kind is not None:
        score(sentence, start, subjects, label, value, kind)
    else:
        sentence.make("score", start, subjects, t("claim-score-segment", score=label), value, segments=("any",))
    return True


def _leading_score(
    sentence: SentenceReader, clause: Clause, start: int, subjects: list[Subject], label: str, value: float
) -> None:
    """ "was leading with 108.77", "led with 80.72": a lead is held after a segment, never the total. The segment
    it is held after: "after the short program" in its clause, else before it in the sentence ("third after the
    short program and Kagiyama was leading with 108.77"); else any segment."""
    text = sentence.text
    named = [segment_of(a.group("seg")) for a in AFTER_SEG_NUM.finditer(text, clause.start, clause.end)]
    named = named or [segment_of(a.group("seg")) for a in AFTER_SEG_NUM.finditer(text, 0, start)]
    in_view = named[0] if len(set(named)) == 1 else None
    if in_view is not None:
        score(sentence, start, subjects, label, value, in_view)
    else:
        sentence.make("score", start, subjects, t("claim-score-segment", score=label), value, segments=("any",))


def _placed_subjects(sentence: SentenceReader, start: int, subjects: list[Subject]) -> list[Subject]:
    """ "third place goes to the Georgian Egadze, second after the short program with 95.76": a score right after
    a place (no name between) is whoever the place is (each of its readings), not the subject before."""
    index = sentence.clause_of(start)
    placed = [(p, c) for c, p, i in sentence.made if i == index and p < start and c.kind in _PLACE_KINDS]
    if not placed:
        return subjects
    position, last = max(placed, key=lambda pc: pc[0])
    named_between = any(position < m.start < start and m.subject is not None for m in sentence.mentions)
    if named_between or not last.subjects or {x.name for x in last.subjects} == {x.name for x in subjects}:
        return subjects
    who = Who(last.subjects)
    who.alternatives = len(last.subjects) > 1
    return who


_PLACE_KINDS = ("segment_place", "place", "medal")


def _after_a_place(sentence: SentenceReader, start: int, subjects: list[Subject], label: str, value: float) -> bool:
    """ "second in the segment with 147.67", "won the rhythm dance with 90.18": the score of the segment the place
    just before it is in. Whether it was read so."""
    text = sentence.text
    placed = sorted(
        (
            (p, c)
            for c, p, i in sentence.made
            if i == sentence.clause_of(start) and p < start and c.kind in ("segment_place", "place", "medal", "team")
        ),
        key=lambda pc: pc[0],  # two claims at one place: in the order they were made (Claims do not compare)
    )
    if placed and placed[-1][1].kind == "segment_place" and not in_apposition(sentence, placed[-1][0], start):
        if _places_in_both(sentence, placed, start):
            sentence.make("total", start, subjects, t("claim-total", score=label), value, segments=(None,))
            return True
        between = text[placed[-1][0] : start]
        last = placed[-1][1]
        # "first after the short program with 90.56 and ends on 266.95": ending somewhere is the final result.
        final = (
            r"\b(?:gold|silver|bronze|title|crown|overall|finish\w*|final|medals?|podium"
            r"|end(?:s|ed|ing)?(?:\s+up)?\s+(?:on|with|at)|wound\s+up\s+(?:on|with|at)|total\w*)\b"
        )
        if not re.search(final, between, _I):
            if last.segment:
                score(sentence, start, subjects, label, value, last.segment)
            else:  # the place itself had two readings: so has its score
                kinds = or_text([segment_text(k) for k in last.segments if k])
                claimed = t("claim-score-total-or", score=label, segments=kinds)
                sentence.make("score", start, subjects, claimed, value, segments=last.segments)
            return True
    return False


def _places_in_both(sentence: SentenceReader, placed: list[tuple[int, Claim]], start: int) -> bool:
    """ "first in the short program and first in the free skate, with 323.42": a score after places in two
    segments (no other score between) is the sum of both, the total, not the last segment's."""
    last_number = max((m.end() for m in DECIMAL_RE.finditer(sentence.text, 0, start)), default=0)
    kinds = {c.segment for p, c in placed if p >= last_number and c.kind == "segment_place" and c.segment}
    return len(kinds) >= 2


def _team_points(
    sentence: SentenceReader, start: int, value: float, subjects: list[Subject], before: str, after: str
) -> None:
    if not subjects or value < 10:
        return
    if not all(isinstance(s, Subject) and s.country for s in subjects) and sentence.discipline_for(start) != "team":
        return
    clause = sentence.clauses[sentence.clause_of(start)]
    why = None
    if re.search(
        r"\b(?:after|following|led|leading|leads)\b", sentence.text[clause.start : clause.end], _I
    ) or sentence.segments_in_clause(start):
        why = t("claim-team-after-segment")
    if any(not s.country for s in subjects if isinstance(s, Subject)):
        why = why or t("claim-skater-team-points")
    points = t("claim-team-points", points=fmt(value))
    sentence.make("team_points", start, subjects, points, value, uncheckable=why, discipline="team")
