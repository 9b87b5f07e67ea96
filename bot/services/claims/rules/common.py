"""What the rules of several kinds of claim share: making a medal, place or segment claim, and where a name stands."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.i18n import Text, t
from bot.services.claims.mentions import NOMINATIVE, Found, Mention
from bot.services.claims.model import MEDAL_PLACE, Subject, medal_text, segment_text
from bot.services.claims.patterns import starting_with
from bot.services.claims.rules.phrases import (
    IMMEDIATE,
    NOT_ONE_CLAUSE,
    RIVAL_OBJECT,
    SEG_WORDS,
    YEAR,
)
from bot.services.claims.vocabulary import (
    FIRST_SEGMENT,
)

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE


class Who(list[Subject]):
    """The subjects of a trigger: each gets the claim, or, with `alternatives`, they are readings of one claim
    (a figure that could be either's)."""

    alternatives: bool = False


def segment_of(text: str) -> str:
    from bot.services.claims.vocabulary import segment_kind

    return segment_kind(text.strip())


def after_readings(kind: str, prep: str) -> tuple[str | None, ...]:
    """What "Nth after/in the <segment>" can mean: after the first segment, its rank; after the last, the final
    place or the last segment's rank; in a segment, that segment's rank."""
    if prep in ("after", "following") and kind not in FIRST_SEGMENT:
        return (None, kind)
    return (kind,)


def nearest_segment(segments: list[tuple[int, int, str]], position: int) -> str | None:
    """The segment named closest to `position` ("fell twice in the free skate": the free skate, even after
    "after leading the short program")."""
    if not segments:
        return None
    return min(segments, key=lambda s: abs(s[0] - position) if s[0] > position else abs(position - s[1]) + 10)[2]


def ordinal_text(n: int) -> Text:
    return t("ordinal", n=n)


def fmt(value: float) -> str:
    return f"{value:.2f}" if value != int(value) else str(int(value))


def team_event(sentence: SentenceReader, position: int, subject_is_country: bool) -> bool:
    """A team-event claim when the sentence names the team event; a country's medal or place otherwise has
    the team event and the country's entries as readings (see verdicts)."""
    return sentence.discipline_for(position) == "team"


def medal_claim(
    sentence: SentenceReader, position: int, subjects: list[Subject], medal: str, past: re.Match[str] | None
) -> None:
    country = any(s.country for s in subjects if isinstance(s, Subject))
    team = team_event(sentence, position, country)
    place = MEDAL_PLACE[medal]
    why = t("claim-past-title-or-medal") if past else None
    if team:
        claimed = t("claim-team-medal", medal=medal_text(medal))
        sentence.make("team", position, subjects, claimed, float(place), uncheckable=why)
    else:
        sentence.make("medal", position, subjects, medal_text(medal), float(place), uncheckable=why)


def gold(
    sentence: SentenceReader,
    position: int,
    subjects: list[Subject],
    claimed: Text,
    why: Text | None,
    team: bool = False,
) -> None:
    country = any(s.country for s in subjects if isinstance(s, Subject))
    if team or team_event(sentence, position, country):
        gold = t("claim-team-medal", medal=medal_text("gold"))
        sentence.make("team", position, subjects, gold, 1.0, uncheckable=why, discipline="team")
    else:
        sentence.make("medal", position, subjects, claimed, 1.0, uncheckable=why)


def place_claim(
    sentence: SentenceReader,
    position: int,
    subjects: list[Subject],
    place: int,
    claimed: Text,
    why: Text | None,
    *,
    medal: bool,
) -> None:
    country = any(s.country for s in subjects if isinstance(s, Subject))
    if team_event(sentence, position, country):
        name = {1: "gold", 2: "silver", 3: "bronze"}.get(place)
        label = (
            t("claim-team-medal", medal=medal_text(name))
            if medal and name
            else t("claim-team-place", place=ordinal_text(place))
        )
        sentence.make("team", position, subjects, label, float(place), uncheckable=why, discipline="team")
    else:
        sentence.make(
            "medal" if medal else "place",
            position,
            subjects,
            claimed,
            float(place),
            uncheckable=why,
            segments=() if medal else (None,),
        )


def segment_place(
    sentence: SentenceReader,
    position: int,
    subjects: list[Subject],
    n: int,
    kind: str,
    readings: tuple[str | None, ...],
) -> None:
    single = kind if readings == (kind,) else None
    if single:
        key = "claim-place-after" if kind in FIRST_SEGMENT else "claim-place-in"
    else:
        key = "claim-place-after-or-in"
    claimed = t(key, place=ordinal_text(n), segment=segment_text(kind))
    sentence.make("segment_place", position, subjects, claimed, float(n), segment=single, segments=readings)


def score(sentence: SentenceReader, start: int, subjects: list[Subject], label: str, value: float, kind: str) -> None:
    claimed = t("claim-score-in", score=label, segment=segment_text(kind))
    sentence.make("score", start, subjects, claimed, value, segment=kind, segments=(kind,))


def before_subjects(sentence: SentenceReader, position: int) -> bool:
    clause = sentence.clauses[sentence.clause_of(position)]
    return any(m.end <= position and m.object_of is None and m.kind != "rank" for m in sentence.mentions_in(clause))


def subject_adjacent(sentence: SentenceReader, position: int) -> bool:
    """An ordinal right after a name ("Chiba 4th", "Sakamoto second", "with Medvedeva second")."""
    for m in sentence.mentions:
        if m.end <= position and m.subject is not None and IMMEDIATE.match(sentence.text[m.end : position]):
            return True
    return False


_SEGMENT_WORDS = re.compile(SEG_WORDS, re.I)


def segment_in_view(sentence: SentenceReader, position: int, *, nearest: bool = False) -> str | None:
    """The one segment the clause of `position` (else the sentence, else the sentence before) speaks of; with
    `nearest`, the one named last before `position` in its clause ("fifth in the short, with a 198.92 free,
    second best of the night": the free)."""
    clause = sentence.clauses[sentence.clause_of(position)]
    if nearest:
        # Said the short way too ("a 198.92 free").
        named = list(_SEGMENT_WORDS.finditer(sentence.text, clause.start, position))
        if named:
            return segment_of(named[-1].group())
    here = sentence.segments_in_clause(position) or sentence.found.segments
    kinds = {k for _, _, k in here}
    if not kinds:
        kinds = {segment_of(m.group()) for m in _SEGMENT_WORDS.finditer(sentence.text, clause.start, position)}
    if len(kinds) == 1:
        return kinds.pop()
    if not kinds and len(set(sentence.state.segments)) == 1:
        return sentence.state.segments[0]
    return None


def in_apposition(sentence: SentenceReader, position: int, end: int) -> bool:
    """Whether the words at `position` are an apposition after a name, closed before `end` ("James and
    Cipres, second after the short, get 145.48": the score is not that segment's)."""
    opened = sentence.text.rfind(",", 0, position)
    return (
        opened > 0
        and "," in sentence.text[position:end]
        and any(m.end == opened and m.kind in ("person", "pronoun") for m in sentence.mentions)
    )


def object_after(sentence: SentenceReader, position: int, *, named: bool = False) -> Subject | None:
    for m in sentence.mentions:
        if m.start >= position and m.subject is not None:
            if named and m.kind in ("pronoun", "description"):
                return None
            if m.kind == "pronoun" and sentence.text[m.start : m.end].lower() in NOMINATIVE:
                return None  # "beat Osmond by 15.09 points and she took the free skate": the next clause's subject
            if NOT_ONE_CLAUSE.search(sentence.text, position, m.start):
                # another sentence or list item, or the subject of the next clause ("28.98 back, and Sato got
                # the bronze"): not the object of this one
                return None
            if len(sentence.text[position : m.start].split()) <= 5:
                return m.subject
            return None
    return None


# "won it", "took it", "led in it", "there": words that may stand for a segment named before them.
_SEGMENT_PRONOUN = re.compile(
    r"\b(?:won|wins|winning|took|takes|topped|tops|led|leads|lost|loses)\s+it\b|\b(?:in|of)\s+it\b|\bthere\b", re.I
)


def segment_referred(sentence: SentenceReader, start: int, end: int) -> tuple[str | None, ...] | None:
    """What "it" or "there" in the clause of `start` (to `end`) may stand for, as readings: the one segment
    named before it in the sentence ("106.02 in the short, 0.98 behind Malinin there": that segment), or, when
    the sentence names none, the one the sentence before spoke of, or the event ("Liu took the free skate. She
    won it by 2.53"). None when there are no such words or no one segment."""
    clause = sentence.clauses[sentence.clause_of(start)]
    if not _SEGMENT_PRONOUN.search(sentence.text, clause.start, min(clause.end, end)):
        return None
    if sentence.found.segments:
        named = {k for s, _, k in sentence.found.segments if s < start}
        if len(named) == 1 and not sentence.found.competitions:
            return (named.pop(),)
        return (None, named.pop()) if len(named) == 1 else None
    named = set(sentence.state.segments)
    return (None, named.pop()) if len(named) == 1 else None


# "the Chinese pair", "the pair", "the ice dancers", "the French dance couple": the event the words describe.
_DESCRIBED_EVENT = re.compile(
    r"\bthe\s+(?:[\w-]+\s+){0,2}?(?:(?P<pairs>pairs?|pair\s+skaters)|(?P<ice_dance>(?:ice\s+)?dancers"
    r"|(?:ice\s+)?dance\s+(?:couple|duo|team|pair)))\b(?!\s+of\s+(?:skates|boots|blades))",
    re.I,
)


_EVENT_WORD = re.compile(r"pair|danc", re.I)  # a quick look before the whole pattern


def described_events(text: str, named: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The events named by a description of who skated in them, where no event word is already read."""
    out: list[tuple[int, int, str]] = []
    if not _EVENT_WORD.search(text):
        return out
    for m in _DESCRIBED_EVENT.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e, _ in named):
            out.append((m.start(), m.end(), m.lastgroup or ""))
    return out


def year_joined(found: Found) -> Found:
    """A year and a place named apart in one sentence ("in 2017, in Helsinki") are one competition: the place
    of that year ("Helsinki 2017"), not two ambiguous readings."""
    years = {text for _, _, text, title in found.competitions if not title and YEAR.fullmatch(text)}
    others = [c for c in found.competitions if not c[3] and not YEAR.fullmatch(c[2])]
    if len(years) != 1 or not others or any(YEAR.search(c[2]) for c in others):
        return found
    year = years.pop()
    year_at = next(c[0] for c in found.competitions if c[2] == year and not c[3])
    # Several places: the year is the nearest one's ("in 2019, ... champion in Saitama, a year after her gold in
    # PyeongChang": Saitama 2019, PyeongChang of its own year).
    nearest = min(others, key=lambda c: abs(c[0] - year_at))
    joined = [
        (c[0], c[1], f"{c[2]} {year}", False) if c == nearest else c
        for c in found.competitions
        if not (YEAR.fullmatch(c[2]) and not c[3] and c[2] == year)
    ]
    return replace(found, competitions=joined)


# "the 2017-18 Grand Prix", "in the 2016/17 season": a season named in the story.
SEASON = starting_with("12", re.compile(r"\b((?:19|20)\d\d)\s*[-/–]\s*(\d\d)\b"))
# Words that move a story to another season ("Four years later", "the next season"): its places are not the
# season's the story named.
SEASON_SHIFT = re.compile(
    r"\b(?:years?|seasons?|cycles?)\s+(?:later|earlier|ago|before|after|on)\b"
    r"|\b(?:next|previous|following|last|that|a)\s+(?:year|season)\b",
    re.I,
)


def season_joined(found: Found, seasons: list[str]) -> Found:
    """A place named without its year in a story that has named one season ("the Moscow and Beijing stops of
    the 2017-18 Grand Prix. In Moscow, ..."): that season's competition there ("Moscow 2017-18"), not every
    year's. `seasons` is what the story has named so far (this sentence's added)."""
    for m in SEASON.finditer(found.sentence):
        season = f"{m.group(1)}-{m.group(2)}"
        if season not in seasons:
            seasons.append(season)
    if len(seasons) != 1 or SEASON_SHIFT.search(found.sentence):
        return found
    joined = [
        (s, e, text if title or YEAR.search(text) or SEASON.search(text) else f"{text} {seasons[0]}", title)
        for s, e, text, title in found.competitions
    ]
    return replace(found, competitions=joined)


_APPOSITION_OPEN = re.compile(r"\s*,\s*(?:(?:only|just|still|then|now|a|an|the)\s+)*", re.I)


def apposition_of_object(text: str, last: Mention, position: int) -> bool:
    """ "overtaken by Patrick Chan, only third after the short program, and finished second": a figure in an
    apposition set off by commas right after a rival or an agent (`last`) is that name's, not the subject's."""
    if last.subject is None or last.kind == "rank" or (last.object_of not in RIVAL_OBJECT and last.object_of != "by"):
        return False
    if not _APPOSITION_OPEN.fullmatch(text, last.end, position):
        return False
    return re.match(r"[^,;.!?()]*,", text[position:]) is not None


# A medal or place said as what a margin is measured from: "5.03 behind the bronze", "a gap of 11.18 to second
# place", "4.87 off silver", "ended just behind the bronze". It is the reference, someone else's, never a claim of
# the subject. "from", "to", "off" and the like only after a number ("climbed from fourth to bronze" claims bronze).
_MEASURED_FROM = re.compile(
    r"(?:\b(?:behind|ahead\s+of|short\s+of|shy\s+of|outside)"
    r"|\d(?:\s*(?:points?|pts?\.?))?\s+(?:off|from|to|clear\s+of|adrift\s+of|away\s+from|back\s+of|over))"
    r"\s+(?:the\s+)?$",
    _I,
)


def measured_from(text: str, clause_start: int, position: int) -> bool:
    """Whether the medal or place word at `position` is what a margin is measured from, not its subject's."""
    return _MEASURED_FROM.search(text, max(clause_start, position - 40), position) is not None


# An impression, not a result, right before a medal or place: "her short had looked like a bronze at best", "on
# course for gold", "seemed a certain silver". Only right before it: "looked like a champion and won gold" keeps gold.
_IMPRESSION = re.compile(
    r"\b(?:(?:look(?:s|ed|ing)?|skat(?:es|ed|ing))\s+like|seem(?:s|ed|ing)?(?:\s+like)?|felt\s+like|on\s+(?:course|track|pace)\s+for"
    r"|heading\s+for|bound\s+for)\s+(?:a\s+|an\s+|the\s+)?(?:(?:sure|certain|safe|likely|possible|clear)\s+)?$",
    _I,
)


def impression(text: str, clause_start: int, position: int) -> bool:
    """Whether the medal or place word at `position` is only how things looked ("looked like a bronze")."""
    return _IMPRESSION.search(text, max(clause_start, position - 40), position) is not None


# "The Smith siblings", "the Parsons duo": a description around a name the store does not know (a capitalized word
# before the entry's kind, not a nationality) is that unknown entry, never the one named last.
_NAMED_DESCRIPTION = re.compile(
    r"\s(?-i:[A-Z][\w’'-]+)\s+(?:siblings|sisters|brothers|twins|duo|couple|pair|partnership|team)s?\b", _I
)


def named_description(words: str) -> Subject | None:
    """The unknown entry a description names ("the Smith siblings"), or None when it names nobody."""
    if _NAMED_DESCRIPTION.search(words) is None:
        return None
    return Subject(" ".join(words.split()), missing=t("claim-not-in-store"))
