"""/athlete reads a skater's career in a fixed handful of queries, however long the career: one repository
call returns the skater's entries and team results (it used to load every event they entered, whole, and
every team event: 28 queries for Kaori Sakamoto in the bundled data on a cold cache)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.services.results import ResultsService
from db.database import Database
from db.repositories.results import ResultsRepository

# A skater's profile on a cold cache: the skater, then their entries (with partners, segment results, notes),
# their teams (with segment results) and the provenance of those figures; none of it per event.
PROFILE_QUERIES = 9


@contextmanager
def counted(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement the store is asked to run while the block runs."""
    statements: list[str] = []
    for name in ("fetchall", "fetchone", "execute"):
        original = getattr(db, name)

        async def wrapper(sql: str, *args: object, _original=original, **kwargs: object) -> object:
            statements.append(sql)
            return await _original(sql, *args, **kwargs)

        monkeypatch.setattr(db, name, wrapper)
    original_stream = db.stream

    def stream(sql: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        statements.append(sql)
        return original_stream(sql, *args, **kwargs)

    monkeypatch.setattr(db, "stream", stream)
    yield statements
    monkeypatch.undo()


async def cold_profile_queries(store: Database, name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], int]:
    results = ResultsService(ResultsRepository(store))  # a new repository: its provenance cache is cold too
    await results.refresh()
    with counted(store, monkeypatch) as statements:
        profile = await results.profile(name)
    return statements, len(profile.records) + len(profile.team_records)


async def test_a_long_career_costs_no_more_queries_than_a_short_one(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    long, long_records = await cold_profile_queries(store, "Kaori Sakamoto", monkeypatch)
    short, short_records = await cold_profile_queries(store, "Ilia Malinin", monkeypatch)
    assert long_records >= 4 and long_records > short_records  # three Olympics, a Worlds and team events
    assert len(long) <= PROFILE_QUERIES, long
    assert len(short) <= PROFILE_QUERIES, short


async def test_the_profile_shows_the_same_career_as_the_events_do(shared_results: ResultsService) -> None:
    """What the one call returns is what each event's standings say about the skater."""
    profile = await shared_results.profile("Kaori Sakamoto")
    for record in profile.records:
        entries, _ = await shared_results.results_of(record.event)
        [same] = [e for e in entries if e.id == record.entry.id]
        assert same == record.entry
    for competition, event, team in profile.team_records:
        _, teams = await shared_results.results_of(event)
        assert team in teams and event.competition_id == competition.id
    assert profile.team_records, "Sakamoto skated the team event of two Olympics"
