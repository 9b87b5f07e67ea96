"""This converter's checks of what it wrote: the format's own rules, as the importer reads them
(`bot.services.import_format`), then the converter's stricter ones (every figure carries its sources, places agree
with totals, a team's skaters are entries of its country, ...)."""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Iterator
from typing import Any

from msgspec import UNSET

from bot.services import import_format as fmt
from db.repositories.results import SEGMENT_FIGURES

_FIGURE_KEYS = {"value", "confidence", "sources", "note"}


def validate(doc: dict[str, Any]) -> list[str]:
    """Every problem of a converted document, as messages naming the place; empty when it is valid.

    A document whose shape is wrong gets the format's one message (the rest cannot be read); otherwise every
    broken rule of the format and of this converter is listed.
    """
    try:
        parsed = fmt.decode(doc, "converted document")
    except fmt.ImportFormatError as exc:
        return [str(exc)]
    errors = [f"{where}: {problem}" for where, problem in fmt.problems(parsed)]
    if not parsed.competitions:
        errors.append("competitions must be a non-empty list")
    for i, competition in enumerate(parsed.competitions):
        _check_competition(competition, doc["competitions"][i], f"competitions[{i}]", errors)
    return errors


def report_errors(what: str, errors: list[str]) -> bool:
    """Prints a converted file's validation errors to stderr; whether there were any."""
    if errors:
        print(f"{what}: {len(errors)} validation error(s):", file=sys.stderr)
        for err in errors:
            print(f"  - {err}", file=sys.stderr)
    return bool(errors)


def _check_competition(comp: fmt.Competition, raw: dict[str, Any], where: str, errors: list[str]) -> None:
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", comp.id):
        errors.append(f"{where}: id must be a slug")
    if not re.fullmatch(r"\d{4}-\d{2}", comp.season):
        errors.append(f"{where}: season must look like 2025-26")
    if comp.country and not re.fullmatch(r"[A-Z]{3}", comp.country):
        errors.append(f"{where}: country must be a three-letter code")
    if comp.start_date and comp.end_date and comp.start_date > comp.end_date:
        errors.append(f"{where}: start_date after end_date")
    if comp.provenance is not None and not comp.provenance.sources:
        errors.append(f"{where}.provenance: provenance needs confidence and sources")
    for j, event in enumerate(comp.events):
        _check_event(comp, event, raw["events"][j], f"{where}.events[{j}]", errors)


def _check_event(comp: fmt.Competition, event: fmt.Event, raw: dict[str, Any], where: str, errors: list[str]) -> None:
    is_team = event.discipline == "team"
    segments = {segment.id: segment for segment in event.segments}
    for i, segment in enumerate(event.segments):
        at = f"{where}.segments[{i}]"
        if is_team and segment.discipline is None:
            errors.append(f"{at}: team segments need the discipline whose segment it is")
        if segment.date and comp.start_date and comp.end_date and not comp.start_date <= segment.date <= comp.end_date:
            errors.append(f"{at}: date {segment.date} outside the competition dates")
    places: list[tuple[int, float | None, str]] = []
    for i, (entry, raw_entry) in enumerate(zip(event.entries, raw.get("entries") or [], strict=True)):
        at = f"{where}.entries[{i}]"
        if not re.fullmatch(r"[A-Z]{3}", entry.country):
            errors.append(f"{at}: country must be an upper-case three-letter code")
        if is_team:
            for discipline in {segments[k].discipline for k in entry.segments if k in segments}:
                need = 2 if discipline in fmt.COUPLE_DISCIPLINES else 1
                if len(entry.skaters) != need:
                    errors.append(f"{at}: skated a {discipline} segment with {len(entry.skaters)} skater(s)")
        for skater in entry.skaters:
            if "/" in skater.name:
                errors.append(f"{at}: bad skater name {skater.name!r}")
        for key, figures in (raw_entry.get("segments") or {}).items():
            unknown = set(figures) - {*SEGMENT_FIGURES, "protocol", "provenance"}
            if unknown:
                errors.append(f"{at}.segments.{key}: unknown segment figures {sorted(unknown)}")
        for key, result in entry.segments.items():
            rank = result.rank
            if isinstance(rank, fmt.IntFigure) and rank.value is not None and rank.value < 1:
                errors.append(f"{at}.segments.{key}: rank must be a positive integer")
        if isinstance(entry.place, fmt.IntFigure) and entry.place.value is not None:
            total = entry.total.value if isinstance(entry.total, fmt.NumberFigure) else None
            places.append((entry.place.value, total, at))
            if entry.place.value < 1:
                errors.append(f"{at}: place must be >= 1")
    _check_places(places, where, errors)
    if event.teams and not is_team:
        errors.append(f"{where}: teams only belong to the team event")
    entry_names = {(s.name, e.country) for e in event.entries for s in e.skaters}
    countries: set[str] = set()
    team_places: list[tuple[int, float | None, str]] = []
    for i, team in enumerate(event.teams):
        at = f"{where}.teams[{i}]"
        if team.country in countries:
            errors.append(f"{at}: duplicate team {team.country}")
        countries.add(team.country)
        if isinstance(team.place, fmt.IntFigure) and team.place.value is not None:
            points = team.points.value if isinstance(team.points, fmt.NumberFigure) else None
            team_places.append((team.place.value, points, at))
        for key, team_result in team.segments.items():
            for name in team_result.skaters:
                if (name, team.country) not in entry_names:
                    errors.append(f"{at}.segments.{key}: skater {name!r} is not an entry of that country")
            if key in segments:
                need = 2 if segments[key].discipline in fmt.COUPLE_DISCIPLINES else 1
                if len(team_result.skaters) != need:
                    errors.append(f"{at}.segments.{key}: {need} skater(s) expected")
    _check_places(team_places, f"{where}.teams", errors)
    for at, figure, raw_figure in _figures(event, raw, where):
        _check_figure(figure, raw_figure, at, errors)


def _figures(event: fmt.Event, raw: dict[str, Any], where: str) -> Iterator[tuple[str, Any, Any]]:
    """Every figure of an event as (place, decoded, as written)."""
    for i, note in enumerate(event.notes):
        yield f"{where}.notes[{i}]", note, raw["notes"][i]
    for i, entry in enumerate(event.entries):
        at, raw_entry = f"{where}.entries[{i}]", raw["entries"][i]
        yield f"{at}.place", entry.place, raw_entry.get("place")
        yield f"{at}.total", entry.total, raw_entry.get("total")
        for key, result in entry.segments.items():
            for name in SEGMENT_FIGURES:
                yield f"{at}.segments.{key}.{name}", getattr(result, name), raw_entry["segments"][key].get(name)
        for j, note in enumerate(entry.notes):
            yield f"{at}.notes[{j}]", note, raw_entry["notes"][j]
    for i, team in enumerate(event.teams):
        at, raw_team = f"{where}.teams[{i}]", raw["teams"][i]
        yield f"{at}.place", team.place, raw_team.get("place")
        yield f"{at}.points", team.points, raw_team.get("points")
        for key, team_result in team.segments.items():
            for name in ("rank", "points", "tss"):
                yield f"{at}.segments.{key}.{name}", getattr(team_result, name), raw_team["segments"][key].get(name)


def _check_figure(figure: Any, raw: Any, where: str, errors: list[str]) -> None:
    """This converter writes every figure whole: value, confidence, sources that are links, a note when derived."""
    if figure is None or figure is UNSET:
        return
    if not isinstance(figure, fmt.Provenance):
        errors.append(f"{where}: bare value {figure!r} (this converter writes every figure with provenance)")
        return
    missing = {"value", "confidence", "sources"} - raw.keys()
    if missing:
        errors.append(f"{where}: figure lacks {sorted(missing)}")
    extra = set(raw) - _FIGURE_KEYS
    if extra:
        errors.append(f"{where}: unknown figure keys {sorted(extra)}")
    if not figure.sources or not all(re.match(r"https?://", s) for s in figure.sources):
        errors.append(f"{where}: sources must be a non-empty list of URLs")
    if figure.confidence == "derived" and not figure.note:
        errors.append(f"{where}: derived figure without a note saying how")
    if "note" in raw and not figure.note:
        errors.append(f"{where}: note must be a non-empty string")


def _check_places(places: list[tuple[int, float | None, str]], where: str, errors: list[str]) -> None:
    """Places are unique unless tied (equal totals); better places never have lower totals."""
    by_place: dict[int, list[tuple[float | None, str]]] = {}
    for place, total, who in places:
        by_place.setdefault(place, []).append((total, who))
    for place, rows in by_place.items():
        if len(rows) > 1:
            totals = {t for t, _ in rows}
            if None in totals or len(totals) > 1:
                errors.append(f"{where}: place {place} given to {[w for _, w in rows]} without a tie")
    known = sorted((p, t, w) for p, t, w in places if t is not None)
    for (p1, t1, w1), (p2, t2, w2) in itertools.pairwise(known):
        if p1 < p2 and t1 < t2:
            errors.append(f"{where}: {w1} placed {p1} with {t1} but {w2} placed {p2} with {t2}")
