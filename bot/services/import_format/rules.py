"""The rules that need more than one value: vocabularies, references between objects, provenance, identity."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from msgspec import UNSET

from bot.services.countries import federation
from bot.services.import_format.models import (
    COUPLE_DISCIPLINES,
    DISCIPLINES,
    LEVELS,
    SEGMENT_KINDS,
    STATUSES,
    Competition,
    Entry,
    Event,
    Provenance,
    ResultsDocument,
    Team,
)
from bot.services.names import normalize
from db.models import CONFIDENCES


def skater_match_key(name: str, country: str) -> str:
    """Identity of a skater without an ISU id: country plus name, word order ignored (ISU prints
    'Kaori SAKAMOTO', others 'SAKAMOTO Kaori'). Never the name alone; a neutral name stands for its federation
    (OAR and ROC for RUS: bot.services.countries.federation)."""
    return f"{federation(country)}|{skater_name_key(name)}"


def skater_name_key(name: str) -> str:
    """The name part of a skater's match key: its normalised words, sorted."""
    return " ".join(sorted(normalize(name).split()))


def problems(document: ResultsDocument) -> Iterator[tuple[str, str]]:
    """Every broken rule of a decoded document as (place, problem), in document order."""
    for i, competition in enumerate(document.competitions):
        yield from _competition_problems(competition, f"competitions[{i}]")


def _choice(value: Any, allowed: tuple[Any, ...], key: str) -> str | None:
    if value in allowed:
        return None
    return f"{key} {value!r} is not one of {', '.join(str(a) for a in allowed if a is not None)}"


def _date_problem(value: str | None, key: str) -> str | None:
    if value is None:
        return None
    try:
        datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        return f"'{key}' must be an ISO date like 2026-02-10, not {value!r}"
    return None


def _provenance_problems(provenance: Provenance | None, where: str) -> Iterator[tuple[str, str]]:
    if provenance is None:
        return
    problem = _choice(provenance.confidence, CONFIDENCES, "confidence")
    if problem:
        yield where, problem
    elif not provenance.sources and provenance.confidence != "derived":
        yield where, f"a {provenance.confidence} figure needs at least one source"


def _figure_problems(raw: Any, where: str, inherited: Provenance | None) -> Iterator[tuple[str, str]]:
    if raw is None or raw is UNSET:
        return
    if isinstance(raw, Provenance):
        if getattr(raw, "value", None) is not None:
            yield from _provenance_problems(raw, where)
    elif inherited is None:
        yield (
            where,
            "a bare value needs a 'provenance' on an enclosing entry, event or competition; give the figure as "
            "{value, confidence, sources}",
        )


def _competition_problems(competition: Competition, where: str) -> Iterator[tuple[str, str]]:
    for problem in (
        _choice(competition.level, LEVELS, "level"),
        _date_problem(competition.start_date, "start_date"),
        _date_problem(competition.end_date, "end_date"),
    ):
        if problem:
            yield where, problem
    yield from _provenance_problems(competition.provenance, f"{where}.provenance")
    seen: set[str] = set()
    for i, event in enumerate(competition.events):
        if event.id in seen:
            yield f"{where}.events[{i}]", f"event id {event.id!r} appears twice"
        seen.add(event.id)
        yield from _event_problems(event, f"{where}.events[{i}]", competition.provenance)


def _event_problems(event: Event, where: str, inherited: Provenance | None) -> Iterator[tuple[str, str]]:
    problem = _choice(event.discipline, DISCIPLINES, "discipline")
    if problem:
        yield where, problem
    if not event.level:
        yield (
            where,
            "'level' is required: senior, junior, advanced-novice, intermediate-novice, basic-novice, novice, youth, "
            "adult, or a federation's own level as printed",
        )
    yield from _provenance_problems(event.provenance, f"{where}.provenance")
    provenance = event.provenance or inherited
    segment_keys: set[str] = set()
    for i, segment in enumerate(event.segments):
        at = f"{where}.segments[{i}]"
        if segment.id in segment_keys:
            yield at, f"segment id {segment.id!r} appears twice"
        segment_keys.add(segment.id)
        for problem in (
            _choice(segment.kind, SEGMENT_KINDS, "kind"),
            _date_problem(segment.date, "date"),
            None if segment.discipline is None else _choice(segment.discipline, DISCIPLINES[:-1], "discipline"),
        ):
            if problem:
                yield at, problem
        if segment.start_time is not None and not re.fullmatch(r"[0-2]\d:[0-5]\d", segment.start_time):
            yield at, f"start_time {segment.start_time!r} must be HH:MM"
    seen_skaters: dict[str, str] = {}
    for i, entry in enumerate(event.entries):
        at = f"{where}.entries[{i}]"
        yield from _entry_problems(entry, at, event.discipline, segment_keys, provenance)
        for skater in entry.skaters:
            identity = skater.isu_id or skater_match_key(skater.name, entry.country)
            if identity in seen_skaters:
                yield at, f"{skater.name} appears twice in the event (also in {seen_skaters[identity]})"
            seen_skaters.setdefault(identity, at)
    for i, team in enumerate(event.teams):
        yield from _team_problems(team, f"{where}.teams[{i}]", segment_keys, provenance)
    for i, note in enumerate(event.notes):
        yield from _figure_problems(note, f"{where}.notes[{i}]", provenance)


def _country_problem(country: str) -> str | None:
    if (len(country) == 3 and country.isalpha()) or country == "":  # "": not known (a results page left it blank)
        return None
    return f"country {country!r} must be a three-letter code such as JPN"


def _segment_key_problem(key: str, segment_keys: set[str]) -> str | None:
    if key in segment_keys:
        return None
    return f"segment {key} is not one of the event's segments ({', '.join(sorted(segment_keys))})"


def _entry_problems(
    entry: Entry, where: str, discipline: str, segment_keys: set[str], inherited: Provenance | None
) -> Iterator[tuple[str, str]]:
    yield from _provenance_problems(entry.provenance, f"{where}.provenance")
    provenance = entry.provenance or inherited
    expected = 2 if discipline in COUPLE_DISCIPLINES else 1
    if discipline != "team" and len(entry.skaters) != expected:
        yield where, f"{discipline} entries need {expected} skater(s), found {len(entry.skaters)}"
    elif not 1 <= len(entry.skaters) <= 2:
        yield where, "an entry has one skater or a couple"
    for problem in (
        _country_problem(entry.country),
        None if entry.status is UNSET else _choice(entry.status, STATUSES, "status"),
    ):
        if problem:
            yield where, problem
    yield from _figure_problems(entry.place, f"{where}.place", provenance)
    yield from _figure_problems(entry.total, f"{where}.total", provenance)
    for key, result in entry.segments.items():
        at = f"{where}.segments.{key}"
        problem = _segment_key_problem(key, segment_keys)
        if problem:
            yield where, problem
        yield from _provenance_problems(result.provenance, f"{at}.provenance")
        for name in ("rank", "tss", "tes", "pcs", "deductions", "starting_number"):
            # The segment's own provenance covers its protocol; its bare figures take the entry's, as FORMAT.md says.
            yield from _figure_problems(getattr(result, name), f"{at}.{name}", provenance)
    for i, note in enumerate(entry.notes):
        yield from _figure_problems(note, f"{where}.notes[{i}]", provenance)


def _team_problems(
    team: Team, where: str, segment_keys: set[str], inherited: Provenance | None
) -> Iterator[tuple[str, str]]:
    yield from _provenance_problems(team.provenance, f"{where}.provenance")
    provenance = team.provenance or inherited
    problem = _country_problem(team.country)
    if problem:
        yield where, problem
    yield from _figure_problems(team.place, f"{where}.place", provenance)
    yield from _figure_problems(team.points, f"{where}.points", provenance)
    for key, result in team.segments.items():
        at = f"{where}.segments.{key}"
        problem = _segment_key_problem(key, segment_keys)
        if problem:
            yield where, problem
        if not 1 <= len(result.skaters) <= 2:
            yield at, "skaters must list one name or a couple"
        for name in ("rank", "points", "tss"):
            yield from _figure_problems(getattr(result, name), f"{at}.{name}", provenance)
