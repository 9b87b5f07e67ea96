"""Stage 4, what a reading found: the outcome of one reading, the words it is shown in, and the comparisons of a
place, a score and falls with what the store holds."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.i18n import Text, t
from bot.services.claims.model import (
    CONSISTENT,
    CONTRADICTED,
    MEDAL_NAME,
    UNCHECKABLE,
    Claim,
    Subject,
    medal_text,
    segment_text,
)
from bot.services.claims.vocabulary import NUMBER_WORDS, SEGMENT_RE, TIMES, segment_kind
from bot.services.results import ResultsService
from bot.services.results.vocabulary import event_name_text
from db.models import Competition, Entry, Event, Figure, number_of

_NOTE_NONE = re.compile(
    r"\b(?:no\s+falls?|without\s+(?:a\s+)?falls?|fall[\s-]free|clean\s+(?:skate|program|programme))\b"
)


_NOTE_COUNT = re.compile(r"\b(one|two|three|four|five|\d)\s+(?:[\w-]+\s+)?falls?\b|\bfell\s+(once|twice|three times)\b")


_NOTE_ANY = re.compile(r"\b(?:fell|falls?|fall)\b")


@dataclass(frozen=True, slots=True)
class Outcome:
    outcome: str
    stored: Text | str | None
    source: str | None
    why: Text
    reading: Text | None
    subject: Subject | None = None  # the subject of this reading (a claim may have several)
    team: str | None = None  # the country whose team result was read
    read_as: tuple[str, str, str | None] | None = None  # (competition key, event key, segment kind or None)
    who: str | None = None  # the entry a country subject stands for ("the Germans": Savchenko / Massot)
    last_place: int | None = None  # "finished last": the last place stored in the event (the claimed value)


def source_of(figure: Figure | None) -> str | None:
    if figure is None or figure.provenance is None or not figure.provenance.sources:
        return None
    return figure.provenance.sources[0]


def not_checkable(why: Text, reading: Text | None = None) -> Outcome:
    return Outcome(UNCHECKABLE, None, None, why, reading)


def ordinal_text(n: int) -> Text:
    return t("ordinal", n=n)


def reading_text(where: Text, what: Text, who: str | None = None) -> Text:
    """Which figure a reading compared: "Milano Cortina 2026 · Women · [Kaori Sakamoto, ]total"."""
    if who:
        return t("verdict-reading-who", where=where, who=who, what=what)
    return t("verdict-reading", where=where, what=what)


def where_text(competition: Competition, event: Event) -> Text:
    return t("verdict-where", competition=competition.label, event=event_name_text(event))


def missing_text(subject: Subject) -> Text:
    return t("verdict-subject", name=subject.name, why=subject.missing or t("claim-not-in-store"))


def tried_text(outcomes: list[Outcome]) -> Text:
    """The readings tried, "a: 5th; b: 7th", in the reader's words."""
    items = [
        t("verdict-tried", reading=o.reading, stored=o.stored) if o.stored and o.reading else (o.reading or o.why)
        for o in outcomes
    ]
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t("verdict-tried-more", first=item, rest=out)
    return out


def falls_in_notes(notes: list[Figure], segment: str | None) -> tuple[int | None, Figure | None, bool]:
    """(counted falls or None when no note speaks of falls, the first such note, a note says no falls)."""
    total = 0
    found: Figure | None = None
    clean = False
    for note in notes:
        text = str(note.value).lower()
        mentioned = {segment_kind(m.group("seg")) for m in SEGMENT_RE.finditer(text)}
        if segment and mentioned and segment not in mentioned:
            continue
        if _NOTE_NONE.search(text):
            clean = True
            found = found or note
            continue
        if not _NOTE_ANY.search(text):
            continue
        found = found or note
        count = _NOTE_COUNT.search(text)
        if count:
            word = (count.group(1) or count.group(2)).lower()
            total += NUMBER_WORDS.get(word) or TIMES.get(word) or (int(word) if word.isdigit() else 1)
        else:
            total += 1
    if found is None:
        return None, None, False
    return (total if total or not clean else 0), found, clean and total == 0


def place_outcome(claim: Claim, figure: Figure | None, reading: Text, what: Text) -> Outcome:
    """`what`: the figure's name ("final place"), the last part of `reading`."""
    stored = number_of(figure)
    if stored is None:
        return not_checkable(t("verdict-not-stored", what=what, reading=reading), reading)
    place = int(stored)
    readable = ordinal_text(place)
    if place in MEDAL_NAME and claim.kind in ("medal", "medallist", "team"):
        readable = t("verdict-place-medal", place=readable, medal=medal_text(MEDAL_NAME[place]))
    if claim.kind == "medallist":
        ok = place in MEDAL_NAME
    else:
        ok = place == int(claim.value or 0)
    why = t("verdict-stored", stored=readable)
    return Outcome(CONSISTENT if ok else CONTRADICTED, readable, source_of(figure), why, reading)


def score_outcome(claim: Claim, figure: Figure | None, reading: Text, what: Text) -> Outcome:
    stored = number_of(figure)
    if stored is None:
        return not_checkable(t("verdict-not-stored", what=what, reading=reading), reading)
    ok = abs(stored - float(claim.value or 0)) < 0.005
    readable = f"{stored:.2f}"
    why = t("verdict-stored", stored=readable)
    return Outcome(CONSISTENT if ok else CONTRADICTED, readable, source_of(figure), why, reading)


def falls_outcome(claim: Claim, entry: Entry, where: Text) -> Outcome:
    if claim.segment:
        what = t("verdict-what-falls-in", segment=segment_text(claim.segment))
    else:
        what = t("verdict-what-falls")
    reading = reading_text(where, what)
    count, note, clean = falls_in_notes(entry.notes, claim.segment)
    if note is None:
        return not_checkable(t("verdict-falls-not-recorded"), reading)
    stored = str(note.value)  # the note as stored: data, not our words
    why = t("verdict-stored-note", note=stored)
    if clean:
        return Outcome(CONTRADICTED, stored, source_of(note), why, reading)
    exact = claim.value is not None and claim.value >= 1
    if count and ((exact and count == int(claim.value or 0)) or (not exact and count >= 1)):
        return Outcome(CONSISTENT, stored, source_of(note), why, reading)
    return Outcome(UNCHECKABLE, stored, source_of(note), t("verdict-falls-counted", n=count or 0), reading)


def tagged(results: ResultsService, outcome: Outcome, event: Event, segment: str | None) -> Outcome:
    """The outcome with the figure it read: (competition key, event key, segment kind or None)."""
    competition = results.competition_by_id(event.competition_id)
    if competition is None:
        return outcome
    return replace(outcome, read_as=(competition.key, event.key, segment))
