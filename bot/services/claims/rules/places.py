"""The rules of places: final places, segment ranks, segment wins, an order of finish, falls."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.services.claims.model import Subject, segment_text
from bot.services.claims.rules.common import (
    Who,
    after_readings,
    before_subjects,
    gold,
    impression,
    in_apposition,
    measured_from,
    nearest_segment,
    object_after,
    ordinal_text,
    segment_in_view,
    segment_of,
    segment_place,
    subject_adjacent,
    team_event,
)
from bot.services.claims.rules.medals import (
    listed_triggers,
)
from bot.services.claims.rules.phrases import (
    AFTER_A_SEGMENT,
    BOTH_SEGMENTS,
    FALL,
    FINAL_WORDS,
    FROM,
    HAD_BEST_SEG,
    LAST_PLACE,
    LEAD_TAKEN,
    ORD_BEST,
    ORD_BEST_SEG,
    ORD_BOTH_SEGMENTS,
    ORD_NOT_PLACE,
    ORD_PLACE_AFTER,
    ORDER,
    OVERALL,
    PLACE_VERB,
    PLACED,
    POSITIONAL,
    SEG_AFTER_ORD,
    SEG_BEST,
    SEG_LEADER,
    SEG_SUBJECT,
    SEG_WIN,
    SEG_WORDS,
    SEGMENT_SCORE_PLACE,
    SEGMENT_WHERE,
    SUBORDINATE,
    SUBORDINATE_PLACE,
)
from bot.services.claims.rules.topic import fragment_place
from bot.services.claims.split import Clause
from bot.services.claims.vocabulary import (
    NUMBER_WORDS,
    ORD,
    ORDINAL_RE,
    TIMES,
    ordinal_value,
)

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE


Readings = tuple[str | None, ...]


def places(sentence: SentenceReader, clause: Clause) -> None:
    """Each ordinal of the clause that is a place: a final place, a segment's rank, or a team's place."""
    ordinals = [m for m in ORDINAL_RE.finditer(sentence.text, clause.start, clause.end)]
    listed = listed_triggers(sentence, clause, ordinals)
    for m in ordinals:
        if listed is not None and m in listed:
            continue
        n = ordinal_value(m.group())
        if n and ORD_BOTH_SEGMENTS.match(sentence.text, m.end()):
            _both_segments(sentence, m, n, bare=True)
        elif n and _is_place(sentence, clause, m):
            _place(sentence, clause, m, n)


# "Seguin/Bilodeau fifth after sitting last in the short": the phrase after it gives the segment its own place, so
# the ordinal before is the final one (unlike "13th after a fall").
_SEGMENT_PLACE_AFTER = re.compile(
    rf"\s*,?\s*(?:after|following)\s+(?:[a-z]+\s+){{0,3}}?(?:{ORD}|last)(?:\s+place)?\s+(?:in|after|of)\s+the\s+"
    rf"(?:{SEG_WORDS})\b",
    _I,
)


# "fourth after the short and sixth in the free, so fifth": the place the segments add up to, the final one.
_CONCLUDED = re.compile(r"[,;]\s*(?:and\s+)?so\s+$", _I)


def _is_place(sentence: SentenceReader, clause: Clause, m: re.Match[str]) -> bool:
    """Whether an ordinal is said as a place: with a verb of placing, "place", a segment, "overall", or right
    after its subject ("Chiba 4th"); not "third straight title", "her second", "13th after a fall"."""
    text = sentence.text
    rest = text[m.end() :]
    before = text[clause.start : m.start()]
    seg_after = SEG_AFTER_ORD.match(rest)
    if ORD_NOT_PLACE.match(rest) and not seg_after:
        return False
    if impression(text, clause.start, m.start()):
        return False  # "looked like a fourth place at best"
    if measured_from(text, clause.start, m.start()) and not re.match(r"-?\s*placed\b", rest, _I):
        return False  # "a gap of 11.18 to second place": the place a margin is measured from, someone else's
    verb = PLACE_VERB.search(before)
    place_word = re.match(r"[\s-]+place\b", rest, _I)
    if re.search(
        r"\b(?:straight|consecutive|time|times|edition|her|his|their|its|[\w]+['’]s)\s*$", before, _I
    ) and not (verb or place_word):
        return False
    # "Chiba 4th", "Sakamoto second"; but "13th after a fall" says nothing sure.
    adjacent = (
        ORD_PLACE_AFTER.match(rest)
        and subject_adjacent(sentence, m.start())
        and (not re.match(r"\s*,?\s*(?:after|following|before)\b", rest, _I) or _SEGMENT_PLACE_AFTER.match(rest))
    )
    if not (
        ORD_BEST_SEG.match(rest)
        or seg_after
        or SEG_SUBJECT.search(before)
        or verb
        or place_word
        or adjacent
        or re.match(r"\s+(?:in|of)\s+the\s+(?:segment|program(?:me)?)\b", rest, _I)
        or OVERALL.match(rest)
        or ORD_BEST.match(rest)
        or fragment_place(sentence, m.start())
        or (_CONCLUDED.search(before) and re.match(r"\s*(?:overall\b|[,.;!]|$)", rest))
    ):
        return False
    return not sentence.negated(m.start()) or bool(re.search(r"\bmissed\s+(?:a|the)\s+(?:medal|podium)\b", before, _I))


def _place(sentence: SentenceReader, clause: Clause, m: re.Match[str], n: int) -> None:
    """The place claim of a place ordinal, in the standings its clause names, or those in view."""
    rest = sentence.text[m.end() :]
    place_word = re.match(r"[\s-]+place\b", rest, _I)
    explicit = None
    if re.match(r"[\s-]+place\s+(?:(?:goes|went|going|belonged|belongs)\s+)?(?:for|to)\s", rest, _I) or (
        not before_subjects(sentence, m.start()) and re.match(r"\s+(?:for|to)\s", rest, _I)
    ):
        explicit = sentence.explicit_after(m.end() + (place_word.end() if place_word else 0))
        if explicit is None:
            return  # the words give the place to someone the names did not make out: nobody else's
    subjects = Who([explicit]) if explicit else sentence.subjects_for(m.start(), bare=True)
    standings = _standings(sentence, clause, m)
    if standings is None:
        return
    kinds, readings, prep = standings
    if not kinds and sentence.standings is not None and subject_adjacent(sentence, m.start()):
        # "Kagiyama is second with 107.90, Shaidorov fourth": the list goes on in the same standings.
        for kind, listed_readings in sentence.standings:
            if kind is None:
                _final_place(sentence, m.start(), subjects, n, listed_readings)
            else:
                segment_place(sentence, m.start(), subjects, n, kind, listed_readings)
        return
    if not kinds:
        sentence.standings = [(None, (None,))]
        _final_place(sentence, m.start(), subjects, n)
        return
    # "ninth with 180.02, after being fourth in the short, Li tenth": the place in the subordinate phrase is that
    # segment's, but a list going on after it may be in the main clause's standings as well (both readings).
    subordinate = SUBORDINATE_PLACE.search(sentence.text, clause.start, m.start()) is not None
    main = sentence.standings if subordinate else None
    sentence.standings = []
    for kind in kinds:
        if readings != (None, kind):
            readings = after_readings(kind, prep)
        segment_place(sentence, m.start(), subjects, n, kind, readings)
        # With no place read before it, the list goes on in the final standings, or in that segment's.
        listed = [r for _, rs in main for r in rs] if main else [None] if subordinate else []
        carried = tuple(dict.fromkeys([*listed, *readings]))
        # Going on in the final standings first, the list's places are final places (or that segment's).
        sentence.standings.append((None if carried[0] is None and subordinate else kind, carried))


def _final_place(
    sentence: SentenceReader, position: int, subjects: list[Subject], n: int, readings: Readings = (None,)
) -> None:
    country = any(s.country for s in subjects)
    if team_event(sentence, position, country):
        sentence.make(
            "team", position, subjects, t("claim-team-place", place=ordinal_text(n)), float(n), discipline="team"
        )
    else:
        claimed = ordinal_text(n)
        if len(readings) > 1 and readings[-1] is not None:
            claimed = t("claim-place-after-or-in", place=claimed, segment=segment_text(readings[-1]))
        sentence.make("place", position, subjects, claimed, float(n), segments=readings)


def _standings(sentence: SentenceReader, clause: Clause, m: re.Match[str]) -> tuple[list[str], Readings, str] | None:
    """The segments a place is a rank in (none: the final standings), its readings and preposition; None when
    it cannot be said ("rose from fifth": after what is not said)."""
    text = sentence.text
    rest = text[m.end() :]
    before = text[clause.start : m.start()]
    seg_after = SEG_AFTER_ORD.match(rest)
    best_seg = ORD_BEST_SEG.match(rest)
    placed_segment = SEG_SUBJECT.search(before)
    readings: Readings = (None,)
    found = best_seg or seg_after
    if found:
        kinds = [segment_of(found.group("seg"))]
        both = re.match(rf"\s+and\s+(?:in\s+|after\s+)?(?:the\s+)?(?P<seg>{SEG_WORDS})\b", rest[found.end() :], _I)
        if both:
            kinds.append(segment_of(both.group("seg")))
        prep = "in" if best_seg else found.group("prep").lower()
        if seg_after and len(kinds) == 1 and AFTER_A_SEGMENT.match(rest):
            # "seventh after a difficult short program": the segment as something that happened, not the
            # standings after it; the final place, or that segment's rank.
            readings = (None, kinds[0])
        return kinds, readings, prep
    where = SEGMENT_WHERE.search(text, max(0, m.start() - 80), m.start())
    if where:
        # "it was the free where he was sixth", "the short program, in which she was second": that segment's rank.
        return [segment_of(where.group("seg"))], readings, "in"
    if placed_segment:
        return [segment_of(placed_segment.group("seg"))], readings, "in"
    scored = SEGMENT_SCORE_PLACE.search(text, max(0, m.start() - 120), m.start())
    if scored and not re.match(r"(?:[\s-]+place)?\s*,?\s+overall\b", rest, _I):
        return [segment_of(scored.group("seg"))], readings, "in"
    if re.match(r"\s+(?:in|of)\s+the\s+(?:segment|program(?:me)?)\b", rest, _I) or ORD_BEST.match(rest):
        kind = segment_in_view(sentence, m.start(), nearest=bool(ORD_BEST.match(rest)))
        return None if kind is None else ([kind], readings, "in")
    opened = _segment_opening(sentence, clause, m.start())
    if opened and not OVERALL.match(rest):
        # "After the short program she occupied the fourth place", "In the free, they were third": a segment set
        # at the clause's head is where its places stand (after the last segment: that rank, or the final place).
        kind, prep = segment_of(opened.group("seg")), opened.group("prep").lower()
        # "In the free skate she rallied and finished third": a word of the final result leaves both readings.
        return [kind], (None, kind) if FINAL_WORDS.search(before[-40:]) else after_readings(kind, prep), prep
    if FROM.search(before):
        return None  # "rose from fifth" without a segment: after what is not said
    positional = POSITIONAL.search(before) and not FINAL_WORDS.search(before[-40:])
    # "In the free skating he was placed first": a standing when the clause has named its segment.
    positional = positional or (
        PLACED.search(before) and any(sg[0] < m.start() for sg in sentence.segments_in_clause(m.start()))
    )
    if positional and not OVERALL.match(rest):
        return _positional(sentence, clause, m)
    if sentence.asked and not OVERALL.match(rest) and not FINAL_WORDS.search(before[-40:]):
        # "- riku/ryuichi 2nd, 74.42" under a heading "pairs short", an answer to "how was the short?": its rank.
        return [sentence.asked], readings, "in"
    return [], readings, "after"


# A segment set at the head of a clause or of a part after a comma or "and": "After the short program she ...",
# "..., in the free program she was second".
_SEGMENT_OPENS = re.compile(
    rf"(?:^|(?<=[,;:])|\b(?:and|but|then|while)\b)\s*(?P<prep>after|following|in|during)\s+(?:the\s+)?"
    rf"(?P<seg>{SEG_WORDS})(?:\s*,)?\s+(?!(?:and|but|or|where|which)\b)",
    _I,
)


def _segment_opening(sentence: SentenceReader, clause: Clause, position: int) -> re.Match[str] | None:
    """The segment that opens the part of the clause holding the place at `position`, with no other segment
    named between them; the sentence's opening one when the clause before is only that segment set off by a comma
    ("After the short program, she was fourth")."""
    start = clause.start
    if _SEGMENT_OPENS.fullmatch(sentence.text[:start].rstrip(" ,") + " "):
        start = 0
    opened = next(reversed(list(_SEGMENT_OPENS.finditer(sentence.text, start, position))), None)
    if opened is None or any(opened.end() <= s < position for s, _, _ in sentence.found.segments):
        return None
    return opened


def _positional(sentence: SentenceReader, clause: Clause, m: re.Match[str]) -> tuple[list[str], Readings, str]:
    """ "was second", "is third": the standings of the segment this part of the clause is about, one named before
    the place or after it with no comma between ("was sixth with 237.04, after being seventh in the short
    program": the short program is the seventh's, not the sixth's); else the final standings."""
    text = sentence.text
    in_clause = [
        sg
        for sg in sentence.segments_in_clause(m.start())
        if sg[0] < m.start() or ("," not in text[m.end() : sg[0]] and not SUBORDINATE.search(text, m.end(), sg[0]))
    ]
    here = {k for _, _, k in in_clause}
    earlier: list[str] = []
    earlier_at = -1
    if not sentence.segments_in_clause(m.start()):
        # A segment named in an earlier clause carries on ("In the free skate, Liu was first and
        # Sakamoto second"); one named after, in another's clause, does not ("Sotskova was fourth,
        # and Radionova, fifth after the short, ...").
        # Not one named in an apposition ("Higuchi, eleventh after the short, climbed to ninth, and
        # Li was seventh": Li's seventh is no short program place).
        # Nor one a final place read after it has left ("Daleman led after the short and fell to seventh;
        # Tuktamysheva was eighth": the eighth is a final place too).
        final_at = max(
            (at for claim, at, _ in sentence.made if claim.kind == "place" and claim.segments == (None,)), default=-1
        )
        carried = [
            (s, k)
            for s, _, k in sorted(sentence.found.segments)
            if k and final_at < s < m.start() and not in_apposition(sentence, s, m.start())
        ]
        earlier = [k for _, k in carried]
        earlier_at = carried[-1][0] if carried else -1
        here = set(earlier)
    if len(here) > 1 and earlier:
        # Several named in earlier clauses ("first in the free, overcoming the gap of the short
        # program, where he was third"): the nearest may be meant, or the final standings.
        return [earlier[-1]], (None, earlier[-1]), "after"
    if len(here) == 1 and earlier and _with_final_place(sentence, earlier_at):
        # The segment came with a final place in its own part ("Kostner finished sixth after the fourth place in
        # the short program, Higuchi was eleventh"): the list may go on in either standings.
        return [earlier[-1]], (None, earlier[-1]), "after"
    if len(here) == 1 and earlier and _conceded(text, earlier_at):
        # A segment an earlier clause named in a concession ("took silver even though they won the short program,
        # and James/Cipres were third"): that segment's rank, or the final place.
        return [earlier[-1]], (None, earlier[-1]), "after"
    if len(here) == 1:
        named_in = [sg for sg in in_clause if sg[0] < m.start()]
        # "In the free skate she was second": that segment's place, when the segment opens the
        # clause (not "a missed jump in the free skate left her sitting 13th").
        opening = r"(?:^|[,:]\s*|\bbut\s+|\band\s+)(?:in|during)\s+(?:the\s+|her\s+|his\s+|their\s+)?$"
        prep = "in" if named_in and re.search(opening, text[clause.start : named_in[-1][0]], _I) else "after"
        return list(here), (None,), prep
    if not here and sentence.asked:
        return [sentence.asked], (None,), "in"
    if not here and len(set(sentence.state.segments)) == 1:
        # The previous sentence's segment ("Liu leads after the short! Chiba is third"): its rank, or the final place.
        return [sentence.state.segments[0]], (None, sentence.state.segments[0]), "after"
    return [], (None,), "after"


def _with_final_place(sentence: SentenceReader, segment_at: int) -> bool:
    """Whether a final place was read in the part of the sentence (no comma between) before the segment at
    `segment_at`."""
    return any(
        claim.kind == "place"
        and claim.segments == (None,)
        and at < segment_at
        and not re.search(r"[,;]", sentence.text[at:segment_at])
        for claim, at, _ in sentence.made
    )


def _conceded(text: str, position: int) -> bool:
    """Whether the segment named at `position` is in a concession ("even though they won the short program"): said
    beside the result, not the standings the next clauses are in."""
    before = text[max(0, position - 60) : position]
    return re.search(r"\b(?:though|tho|although|despite|whereas|even\s+if)\b[^,;.]*$", before, _I) is not None


def last_places(sentence: SentenceReader, clause: Clause) -> None:
    """ "finished last", "came dead last": the final place that is the field's last (checked against the
    entries stored behind the subject)."""
    for m in LAST_PLACE.finditer(sentence.text, clause.start, clause.end):
        if sentence.negated(m.start()):
            continue
        subjects = sentence.subjects_for(m.start())
        sentence.make("place", m.start(), subjects, t("claim-place-last"), None, segments=(None,), last=True)


def segment_wins(sentence: SentenceReader, clause: Clause) -> None:
    text = sentence.text
    for pattern in (SEG_WIN, SEG_LEADER):
        for m in pattern.finditer(text, clause.start, clause.end):
            if sentence.negated(m.start()):
                continue
            kinds = [segment_of(m.group("seg") or m.groupdict().get("taken") or "")]
            tail = text[m.end() : clause.end]
            # "won the short program and the free skate", "won the short program with 103.62, then the free
            # skate too".
            both = re.match(
                rf"(?:\s+with\s+\d{{1,3}}\.\d\d)?\s*,?\s+(?:and|then|and\s+then|as\s+well\s+as)\s+(?:also\s+)?"
                rf"(?:in\s+)?(?:the\s+)?(?P<seg>{SEG_WORDS})\b",
                tail,
                _I,
            )
            if both:
                kinds.append(segment_of(both.group("seg")))
            after = "after" in m.group().lower() or ("lead" in m.group().lower() and "in" not in m.group().lower())
            subjects = sentence.subjects_for(m.start())
            if pattern is SEG_LEADER:
                title = sentence.title_before_name(m.end())
                subjects = Who([title]) if title else subjects
            for kind in kinds:
                segment_place(sentence, m.start(), subjects, 1, kind, after_readings(kind, "after" if after else "in"))
    for m in HAD_BEST_SEG.finditer(text, clause.start, clause.end):
        if not sentence.negated(m.start()):
            kind = segment_of(m.group("seg") or m.group("bare"))
            segment_place(sentence, m.start(), sentence.subjects_for(m.start()), 1, kind, (kind,))
    for m in SEG_BEST.finditer(text, clause.start, clause.end):
        if sentence.negated(m.start()):
            continue
        kind = segment_of(m.group("seg"))
        segment_place(sentence, m.start(), sentence.subjects_for(m.start(), bare=True), 1, kind, (kind,))
    for m in BOTH_SEGMENTS.finditer(text, clause.start, clause.end):
        _both_segments(sentence, m)
    _lead_taken(sentence, clause)


def _lead_taken(sentence: SentenceReader, clause: Clause) -> None:
    """ "The lead was taken by Liu after the free skate": first after that segment (the one the sentence names
    nearest, else the one in view); with no segment, nothing sure."""
    for m in LEAD_TAKEN.finditer(sentence.text, clause.start, clause.end):
        leader = sentence.explicit_after(m.end())
        led_in = nearest_segment(sentence.found.segments, m.start()) or segment_in_view(sentence, m.start())
        if leader is not None and led_in is not None and not sentence.negated(m.start()):
            segment_place(sentence, m.start(), Who([leader]), 1, led_in, after_readings(led_in, "after"))


def named_before(sentence: SentenceReader, subject: Subject, position: int) -> bool:
    """Whether the sentence names `subject` by name before `position`."""
    return any(m.subject == subject and m.kind == "person" and m.end <= position for m in sentence.mentions)


def _both_segments(sentence: SentenceReader, m: re.Match[str], n: int = 1, *, bare: bool = False) -> None:
    """ "won both segments (and the title)", "second in both programs": that rank in each segment of the event,
    the dance's or the others'; which ones is not said when neither the event nor the subject (a skater: not a
    dance) says it."""
    if sentence.negated(m.start()):
        return
    subjects = sentence.subjects_for(m.start(), bare=bare)
    discipline = sentence.discipline_for(m.start())
    kinds: tuple[str, ...]
    named = {k for _, _, k in sentence.found.segments}
    if discipline is None and named and named <= {"rhythm_dance", "free_dance"}:
        discipline = "ice_dance"  # "placing first in the short dance and the free dance ..., second in both segments"
    if discipline == "ice_dance":
        kinds = ("rhythm_dance", "free_dance")
    elif discipline in ("men", "women", "pairs") or (subjects and all(len(s.ids) == 1 for s in subjects)):
        kinds = ("short_program", "free_skate")
    elif subjects and all(s.ids for s in subjects) and all(named_before(sentence, s, m.start()) for s in subjects):
        # A couple named by name may be a pair or a dance couple: the check reads "the short" and "the free" of a
        # dance as its rhythm and free dance, and a dance of three segments holds no "short", so says nothing of it.
        # One only described ("The Germans were second in both") may be read as another: no claim then.
        kinds = ("short_program", "free_skate")
    else:
        kinds = ()
    for kind in kinds:
        segment_place(sentence, m.start(), subjects, n, kind, (kind,))
    if m.groupdict().get("title"):
        gold(sentence, m.start(), subjects, t("claim-gold-won"), None)


def order(sentence: SentenceReader, clause: Clause) -> None:
    text = sentence.text
    for m in ORDER.finditer(text, clause.start, clause.end):
        other = object_after(sentence, m.end(), named=True)
        if other is None:
            continue
        # A margin with the same rival already says the order.
        if re.search(
            r"(?:\d|\b(?:one|two|three|four|five|single|a))\s*(?:points?|pts)?\s*$",
            text[max(0, m.start() - 15) : m.start()],
            _I,
        ) or re.search(
            r"\bby\s+(?:a|one|two|three|four|five|six|seven|eight|nine|ten|half|\d+(?:\.\d+)?)\b",
            text[m.end() : clause.end],
            _I,
        ):
            continue
        if m.group().lower() == "over" and not re.search(
            r"\b(?:won|win|victory|gold|title|edge|triumph)", text[clause.start : m.start()], _I
        ):
            continue
        if sentence.negated(m.start()):
            continue
        ahead = m.group("ahead") is not None
        if re.match(r"(?:\s+out)?\s+by\b", text[m.end() : m.end() + 8], _I):
            # "were pipped by Fournier Beaudry and Cizeron", "Nakai, beaten by Liu", "Overtaken by Liu, Nakai ...":
            # a passive, with or without its "was": behind them (a margin "by 2.5" is read above).
            ahead = not ahead
        subjects = sentence.subjects_for(m.start())
        segment = None
        here = sentence.segments_in_clause(m.start())
        readings: tuple[str | None, ...] = (None,)
        # "second in the short behind Peng/Jin": the order in the segment named right before it.
        placed_in = re.search(rf"\b(?:in|after)\s+the\s+(?P<seg>{SEG_WORDS})\s*$", text[clause.start : m.start()], _I)
        if placed_in:
            segment = segment_of(placed_in.group("seg"))
            readings = (segment,)
        elif here and re.search(rf"\b(?:in|after)\s+the\s+{SEG_WORDS}", text[m.end() : clause.end], _I):
            segment = here[-1][2]
            readings = (segment,)
        elif sentence.found.segments:
            # "Nakai's short program put her first, ahead of Sakamoto": the segment's order, or the final one.
            readings = (None, *dict.fromkeys(k for _, _, k in sentence.found.segments))
        label = t("claim-ahead-of" if ahead else "claim-behind", other=other.label)
        if segment:
            label = t("claim-in-segment", claim=label, segment=segment_text(segment))
        subjects = Who(x for x in subjects if x != other)
        sentence.make(
            "order", m.start(), subjects, label, None, other=other, ahead=ahead, segment=segment, segments=readings
        )


def falls(sentence: SentenceReader, clause: Clause) -> None:
    text = sentence.text
    for m in FALL.finditer(text, clause.start, clause.end):
        if m.group("n"):
            count = NUMBER_WORDS.get(m.group("n").lower()) or (int(m.group("n")) if m.group("n").isdigit() else 0)
            if m.group("plural").lower() == "fall":
                if count != 1 or not re.match(
                    r"\s+(?:on|during|in\s+(?:the|her|his|their)\s+\w+\s+(?:skate|program)|from)",
                    text[m.end() :],
                    _I,
                ):
                    continue
            exact = m.group("n").lower() not in {"a", "an"}
        elif m.group("times"):
            count, exact = TIMES[" ".join(m.group("times").lower().split())], True
        else:
            if re.match(r"\s+(?:the\s+)?(?:standings|rankings|table|leaderboard)", text[m.end() :], _I):
                continue
            count, exact = 1, False
        if not count or sentence.negated(m.start()):
            continue
        subjects = sentence.subjects_for(m.start(), person_only=True)
        kind = nearest_segment(sentence.segments_in_clause(m.start()), m.start())
        label = t("claim-falls", n=count) if exact else t("claim-a-fall")
        if kind:
            label = t("claim-in-segment", claim=label, segment=segment_text(kind))
        sentence.make("fall", m.start(), subjects, label, float(count) if exact else 0.5, segment=kind)
