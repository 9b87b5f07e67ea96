"""An import of one competition (a live poll's) is loaded in place: the loaded results then answer every question
exactly as a copy loaded whole from the same store does, and the whole store is not read again. What the in-place
reload cannot take (a new skater, a new competition, another import meanwhile) is loaded whole, with the same
answers."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.errors import UserFacingError
from bot.services.importer import import_document
from bot.services.results import ResultsService
from db.database import Database
from db.repositories.results import ResultsRepository

DOCUMENT = Path(__file__).resolve().parents[2] / "data" / "gpcan2025.json"
KEY = "gpcan2025"

Document = dict[str, Any]


def _events(document: Document) -> dict[str, Document]:
    return {event["id"]: event for event in document["competitions"][0]["events"]}


def renamed(document: Document) -> None:
    document["competitions"][0]["name"] = "Skate Canada International 2025 (renamed)"
    document["competitions"][0]["short_name"] = "Skate Canada Renamed 2025"


def entry_removed(document: Document) -> None:
    men = _events(document)["men"]
    men["entries"] = [e for e in men["entries"] if e["skaters"][0]["name"] != "Stephen Gogolev"]
    men["entries_complete"] = True  # the whole event, as a live site's complete list says: the others go


def couple_removed(document: Document) -> None:
    dance = _events(document)["ice_dance"]
    dance["entries"] = [e for e in dance["entries"] if e["skaters"][0]["name"] != "Christina Carreira"]
    dance["entries_complete"] = True


def score_corrected(document: Document) -> None:
    women = _events(document)["women"]["entries"]
    women[0]["total"]["value"] = round(women[0]["total"]["value"] + 1.25, 2)


def entry_added(document: Document) -> None:
    """A skater the store holds already (from other competitions) enters the men's event."""
    men = _events(document)["men"]["entries"]
    added = copy.deepcopy(men[-1])
    added["skaters"] = [{"name": "Yuma Kagiyama"}]
    added["country"] = "JPN"
    added["place"] = {**men[0]["place"], "value": len(men) + 1}
    men.append(added)


def all_of_them(document: Document) -> None:
    for change in (renamed, entry_removed, couple_removed, score_corrected, entry_added):
        change(document)


def new_skater(document: Document) -> None:
    men = _events(document)["men"]["entries"]
    added = copy.deepcopy(men[-1])
    added["skaters"] = [{"name": "Nobody Heardof"}]
    added["place"] = {**men[0]["place"], "value": len(men) + 1}
    men.append(added)


def new_competition(document: Document) -> None:
    competition = document["competitions"][0]
    competition["id"] = "gpcan2025-copy"
    competition["name"] = "Another Skate Canada 2025"
    competition["short_name"] = "Another Skate Canada 2025"


async def _answers(results: ResultsService) -> dict[str, object]:
    """Every public answer the loaded results give about what the store holds: competitions, their events and
    segments, autocomplete for each competition and skater name (whole, and its first letters), the default
    choices, and the standings of every event of the changed competition and the profiles of its skaters."""
    answers: dict[str, object] = {"competitions": results.all_competitions(), "athletes": results.skater_choices("")}
    names: set[str] = set()
    for competition in results.all_competitions():
        for query in (competition.name, competition.label, competition.name[:5], competition.key):
            answers[f"competition {query}"] = results.competition_choices(query)
        events = results.events_of(competition)
        answers[f"events {competition.key}"] = events
        answers[f"event choices {competition.key}"] = results.event_choices(competition.key, "")
        for event in events:
            answers[f"segments {event.id}"] = results.segments_of(event)
            if competition.key == KEY:
                try:
                    answers[f"standings {event.id}"] = await results.standings(competition.key, event.key)
                except UserFacingError as exc:
                    answers[f"standings {event.id}"] = repr(exc)
                entries, _ = await results.results_of(event)
                names.update(s.name for entry in entries for s in entry.skaters)
    for skater_id in sorted(_every_indexed(results)):
        names.update(results.skaters.names_of(skater_id)[:1])
    for name in sorted(names):
        for query in (name, name[:3], name.split()[-1]):
            answers[f"skater {query}"] = results.skater_choices(query)
            # With their ranks: how much the store holds of each (prominence) orders names that fit as well.
            answers[f"ranked {query}"] = results.skaters.search(query) + results._couples.search(query)
    for name in sorted(names)[:60]:
        try:
            answers[f"profile {name}"] = await results.profile(name)
        except UserFacingError as exc:
            answers[f"profile {name}"] = repr(exc)
    return {key: _comparable(answer) for key, answer in answers.items()}


def _comparable(value: object) -> object:
    """The value with every dataclass as its type and fields: answers (profiles, standings) compare by identity, as
    the displays memoised per answer need."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (_comparable(getattr(value, f.name)) for f in dataclasses.fields(value))
        return (type(value).__name__, *fields)
    if isinstance(value, list | tuple):
        return [_comparable(item) for item in value]
    if isinstance(value, dict):
        return {key: _comparable(item) for key, item in value.items()}
    return value


def _every_indexed(results: ResultsService) -> set[int]:
    return {match.key for letter in "abcdefghijklmnopqrstuvwxyz" for match in results.skaters.search(letter, 25)}


async def _import(store: Database, change: Callable[[Document], None], results: ResultsService) -> None:
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    change(document)
    snapshot = await results.before_import(document["competitions"][0]["id"])
    report = await import_document(store, document, source="test")
    assert report.changed
    await results.after_import(snapshot, changed=report.changed)


async def _fresh(store: Database) -> ResultsService:
    fresh = ResultsService(ResultsRepository(store))
    await fresh.refresh()
    return fresh


@pytest.mark.parametrize("change", [renamed, entry_removed, couple_removed, score_corrected, entry_added, all_of_them])
async def test_one_competitions_change_is_loaded_in_place_as_a_whole_load_would(
    store: Database, results: ResultsService, change: Callable[[Document], None]
) -> None:
    assert results.full_reloads == 1
    await _import(store, change, results)
    assert (results.full_reloads, results.partial_reloads) == (1, 1)  # the store was not read whole again
    assert await _answers(results) == await _answers(await _fresh(store))


@pytest.mark.parametrize("change", [new_skater, new_competition])
async def test_what_the_in_place_reload_cannot_take_is_loaded_whole(
    store: Database, results: ResultsService, change: Callable[[Document], None]
) -> None:
    await _import(store, change, results)
    assert (results.full_reloads, results.partial_reloads) == (2, 0)
    assert await _answers(results) == await _answers(await _fresh(store))


async def test_another_import_since_the_snapshot_loads_everything(store: Database, results: ResultsService) -> None:
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    score_corrected(document)
    snapshot = await results.before_import(KEY)
    other = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    new_competition(other)
    await import_document(store, other, source="another process")  # not loaded: the snapshot is older
    report = await import_document(store, document, source="test")
    await results.after_import(snapshot, changed=report.changed)
    assert (results.full_reloads, results.partial_reloads) == (2, 0)
    assert results.competition_by_id(max(c.id for c in (await _fresh(store)).all_competitions())) is not None
    assert await _answers(results) == await _answers(await _fresh(store))


async def test_an_import_that_changed_nothing_loads_nothing(store: Database, results: ResultsService) -> None:
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    snapshot = await results.before_import(KEY)
    report = await import_document(store, document, source="test")
    assert not report.changed
    await results.after_import(snapshot, changed=report.changed)
    assert (results.full_reloads, results.partial_reloads) == (1, 0)


def event_renamed(document: Document) -> None:
    _events(document)["men"]["name"] = "Men (renamed)"


@pytest.mark.parametrize("change", [score_corrected, event_renamed])
async def test_a_reload_rebuilds_only_the_competition_whose_events_changed(
    store: Database, results: ResultsService, change: Callable[[Document], None]
) -> None:
    """A live poll reloads after every import: what the other competitions' events and segments give (the words
    fans name them by, their events' name indexes, the finder's facts) is kept as it was, and the result is what a
    whole load builds."""
    touched = results.competition(KEY).id
    others = [c.id for c in results.all_competitions() if c.id != touched]
    words = {c.id: results._event_parts.words_of(c.id) for c in results.all_competitions()}
    indexes = {c.id: results._event_index[c.id] for c in results.all_competitions()}
    facts = {f.competition.id: f for f in results._finder._facts}
    rebuilt = results._event_parts.rebuilt
    await _import(store, change, results)
    assert (results.full_reloads, results.partial_reloads) == (1, 1)
    fresh = await _fresh(store)
    assert results._finder._facts == fresh._finder._facts
    for competition in fresh.all_competitions():
        assert results._event_parts.words_of(competition.id) == fresh._event_parts.words_of(competition.id)
        for event in fresh.events_of(competition):
            ours = results._event_index[competition.id].names_of(event.id)
            assert ours == fresh._event_index[competition.id].names_of(event.id) != []
    assert all(results._event_parts.words_of(i) is words[i] for i in others)
    assert all(results._event_index[i] is indexes[i] for i in others)
    assert all(f is facts[f.competition.id] for f in results._finder._facts if f.competition.id != touched)
    # The touched competition is built again only when what its parts are built from changed.
    assert results._event_parts.rebuilt - rebuilt == (0 if change is score_corrected else 1)
    assert (results._event_index[touched] is indexes[touched]) == (change is score_corrected)
    # What is kept replaces what was: the parts of exactly the competitions loaded, no older copy beside them.
    assert results._event_parts._built.keys() == fresh._event_parts._built.keys()
    assert sum(1 for parts in results._event_parts._built.values() if parts.index is indexes[touched]) == (
        1 if change is score_corrected else 0
    )
