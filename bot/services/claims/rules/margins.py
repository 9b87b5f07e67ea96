"""The rules of margins: "N points ahead of/behind X", "won by N", "within N points of"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.services.claims.model import Subject, segment_text
from bot.services.claims.rules.common import (
    fmt,
    object_after,
    segment_in_view,
    segment_of,
    segment_referred,
)
from bot.services.claims.rules.phrases import (
    AHEAD_WORDS,
    BEHIND_WORDS,
    LOST_BY,
    MARGIN_SEGMENT,
    RIVAL_OBJECT,
    SEGMENT_MARGIN,
)
from bot.services.claims.vocabulary import (
    FIRST_SEGMENT,
)

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE


def margin(
    sentence: SentenceReader,
    start: int,
    end: int,
    value: float,
    subjects: list[Subject],
    before: str,
    after: str,
    margin_after: re.Match[str] | None,
) -> None:
    direction = " ".join((margin_after.group("dir") or "").lower().split()) if margin_after else ""
    # The words after the number say which way when they say it ("14.20 behind Medvedeva and 14.37 ahead of
    # Miyahara": the second is ahead, whatever the first said); else the words before it, since the last number.
    since_number = re.split(r"\d\.\d\d", before)[-1]
    behind = direction in BEHIND_WORDS or (
        direction not in AHEAD_WORDS
        and (
            bool(LOST_BY.search(before))
            or bool(re.search(r"\b(?:behind|trail(?:ed|ing)?|deficit)\b", since_number[-30:], _I))
        )
    )
    other, behind = _rival(sentence, start, end, before, margin_after, behind)
    if _rival_taken_for_subject(sentence, start, subjects, other):
        return
    segment = _margin_segment(sentence, start, end)
    label = t(
        "claim-margin-behind" if behind else "claim-margin-ahead",
        points=fmt(value),
        other=other.label if other else t("claim-the-next"),
    )
    readings: tuple[str | None, ...] = (segment,)
    if segment:
        label = t("claim-in-segment", claim=label, segment=segment_text(segment))
    else:
        # "She won it by 5.50 over Miyahara" after the free skate was named: that segment's margin, or the total's.
        readings = segment_referred(sentence, start, end + (margin_after.end() if margin_after else 0) + 30) or readings
        if readings != (None,) and len(readings) == 1 and readings[0]:
            segment = readings[0]
            label = t("claim-in-segment", claim=label, segment=segment_text(segment))
    sentence.make(
        "margin", start, subjects, label, value, other=other, ahead=not behind, segment=segment, segments=readings
    )


_MEDAL_MEASURED = re.compile(r"\s*(?:the\s+)?(?P<m>gold|silver|bronze)(?![\w-]|\s+medall?ists?\s+[A-Z])", _I)
_MEDALLIST = {
    "gold": Subject("the winner", rank=1, shown=t("claim-rank-winner")),
    "silver": Subject("the silver medallist", rank=2, shown=t("claim-rank-silver")),
    "bronze": Subject("the bronze medallist", rank=3, shown=t("claim-rank-podium")),
}


def _rival(
    sentence: SentenceReader, start: int, end: int, before: str, margin_after: re.Match[str] | None, behind: bool
) -> tuple[Subject | None, bool]:
    """Whom a margin is measured from (the name after it, a rival named before, the podium, the leader, the
    medallist a skater "missed out on" a medal by), and whether it is behind them."""
    direction = " ".join((margin_after.group("dir") or "").lower().split()) if margin_after else ""
    other: Subject | None = None
    tail_start = end + (margin_after.end() if margin_after else 0)
    if direction == "off the podium":
        other = Subject("the podium", rank=3, shown=t("claim-rank-podium"))
    elif direction == "off the lead":
        other = Subject("the leader", rank=1, shown=t("claim-rank-leader"))
    elif medal := _MEDAL_MEASURED.match(sentence.text, tail_start):
        # "5.03 behind the bronze", "4.87 off silver": measured from that medal's holder, not the next.
        other = _MEDALLIST[medal.group("m").lower()]
    else:
        # "beat Hubbell/Donohue by 7.43, Chock/Bates bronze": the one beaten, not the next name in the list.
        other = (None if direction else _beaten_by(sentence, start)) or (
            # "second, 2.28 behind, Jin third": a comma ends the margin's words; the name after it is the next
            # item's subject, not whom the margin is measured from.
            None
            if direction and re.match(r"\s*[,;]", sentence.text[tail_start:])
            else object_after(sentence, tail_start)
        )
    if other is None:
        clause = sentence.clauses[sentence.clause_of(start)]
        rivals = [
            m
            for m in sentence.mentions_in(clause)
            if m.end <= start and m.object_of and m.object_of not in ("of", "for", "from", "with", "representing", "to")
        ]
        if rivals:
            other = rivals[-1].subject
            if rivals[-1].object_of in ("trailed", "trailing", "trails", "behind"):
                behind = True
    if other is None:
        lost = LOST_BY.search(before)
        if lost:
            # "missed out on bronze by 1.28": measured from the bronze medallist, not the winner.
            medal = re.search(r"\b(?P<m>gold|silver|bronze|podium|medal|title|win|victory)\b", lost.group(), _I)
            rank = {"silver": 2, "bronze": 3, "podium": 3, "medal": 3}.get(medal.group("m").lower(), 1) if medal else 1
            if rank == 1:
                other = Subject("the winner", rank=1, shown=t("claim-rank-winner"))
            elif rank == 2:
                other = Subject("the silver medallist", rank=2, shown=t("claim-rank-silver"))
            else:
                other = Subject("the bronze medallist", rank=3, shown=t("claim-rank-podium"))
    return other, behind


def _rival_taken_for_subject(
    sentence: SentenceReader, start: int, subjects: list[Subject], other: Subject | None
) -> bool:
    """Whether the subject found is the one the margin is measured from: the rival itself, or, with no rival read,
    the one a verb beat ("Beat Kostornaia by 1.30" in notes under Trusova's name, "hold off knierim/frazier by
    1.03" after a couple the store's names did not make out). Whoever won by it is not said: no claim, never the
    beaten one's margin over the next."""
    names = {s.name for s in subjects}
    if other is not None:
        return other.name in names
    clause = sentence.clauses[sentence.clause_of(start)]
    beaten = {
        m.subject.name
        for m in sentence.mentions_in(clause)
        if m.subject is not None and m.end <= start and m.object_of in RIVAL_OBJECT
    }
    return bool(names & beaten)


def _beaten_by(sentence: SentenceReader, start: int) -> Subject | None:
    """The rival named right before "by" and the margin at `start` ("beat Sato by 4.20", "edged Levito by 0.31")."""
    clause = sentence.clauses[sentence.clause_of(start)]
    named = [m for m in sentence.mentions_in(clause) if m.end <= start]
    last = named[-1] if named else None
    if last is None or last.object_of not in RIVAL_OBJECT or last.subject is None:
        return None
    return last.subject if re.fullmatch(r"\s+by\s+", sentence.text[last.end : start]) else None


_FROM_WINNERS = re.compile(
    r"\s*(?:points?\s+|pts\s+)?(?:behind|off|short\s+of|adrift\s+of)\s+(?:the\s+)?(?:event\s+)?"
    r"(?:winners?|champions?|(?:gold|silver|bronze)(?:\s+medall?ists?)?|podium|medals?)\b",
    _I,
)

_IN_THE_END = re.compile(r"\b(?:overall|at\s+the\s+end|in\s+the\s+end|in\s+the\s+final\s+standings)\b", _I)


def _margin_segment(sentence: SentenceReader, start: int, end: int) -> str | None:
    # Measured in a segment only when the clause says where: "after the short program", "in the free
    # dance"; after the last segment the standings are the final ones. ("won the free dance but lost gold
    # by 1.43" is a margin in the totals.)
    # A margin set after a place ("third after the short program, 2.12 behind Nakai"; "finished second, 0.43
    # behind") is measured where that place is.
    segment = None
    index = sentence.clause_of(start)
    clause = sentence.clauses[index]
    chunk_start = max(clause.start, sentence.text.rfind(",", clause.start, start) + 1)
    own = SEGMENT_MARGIN.search(sentence.text, chunk_start, start)
    if own:
        # "his short was only 1.88 off Ilia's": the segment is what is compared, whatever the total says.
        return segment_of(own.group("seg"))
    placed = sorted(
        (
            (p, c)
            for c, p, i in sentence.made
            if i == index and p < start and c.kind in ("place", "segment_place", "medal")
        ),
        key=lambda pc: pc[0],
    )
    if placed:
        position, last = placed[-1]
        final_words = re.search(
            r"\b(?:gold|silver|bronze|title|crown|overall|total|finish\w*|final|medals?|podium|both)\b",
            sentence.text[position:start],
            _I,
        )
        # "won the free skate with 198.64 and beat Kagiyama by 11.52": beating a rival is the final result; so is
        # a margin after "first in both segments" or a total.
        beat = re.search(
            r"\band\s+(?:then\s+|so\s+)?(?:beat|beats|beating|edged|edging|defeated|pipped|(?:held|holds?|holding)"
            r"\s+off)\b",
            sentence.text[position:start],
            _I,
        )
        # "second in the free dance and 6.49 behind the winners": the event's winners, measured in the totals.
        winners = _FROM_WINNERS.match(sentence.text, end)
        # "... and held them off by 1.03 in the end": said of the final standings.
        stop = sentence.text.find(",", end, clause.end)
        in_the_end = _IN_THE_END.search(sentence.text, end, clause.end if stop < 0 else stop)
        final = final_words or beat or winners or in_the_end
        segment = last.segment if last.kind == "segment_place" and not final else None
    else:
        chunk_end = sentence.text.find(",", end, clause.end)
        for a in MARGIN_SEGMENT.finditer(sentence.text, chunk_start, clause.end if chunk_end < 0 else chunk_end):
            kind = segment_of(a.group("seg"))
            segment = kind if (kind in FIRST_SEGMENT or a.group("prep").lower() == "in") else None
        if segment is None and _LEAD_BY.search(sentence.text, clause.start, start):
            # "they lead by 5.12" after a message about the short dance: a lead is held after a segment, and
            # after the first one it is not the final margin.
            in_view = segment_in_view(sentence, start)
            segment = in_view if in_view in FIRST_SEGMENT else None
    return segment


# "lead by 5.12", "leading Weaver/Poje by", "a lead of": a lead held in the standings (present or past).
_LEAD_BY = re.compile(
    r"\b(?:leads?|leading|led)\s+(?:[\w/’'-]+\s+){0,3}?by\s+(?:just\s+|only\s+|a\s+mere\s+)?$"
    r"|\blead\s+of\s+(?:just\s+|only\s+)?$",
    _I,
)
