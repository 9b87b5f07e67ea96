"""Scoring eras: the season -> era rule, the column every segment carries (backfilled by migration 0012, set by
every import), and the era's words in the catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.services.eras import era_of
from bot.services.importer import import_document
from db.database import Database
from db.repositories.results import ResultsRepository
from tests.stores import Location, migrations_before


@pytest.mark.parametrize(
    ("season", "era"),
    [
        ("2003-04", None),
        ("2004-05", "2004-2010"),
        ("2009-10", "2004-2010"),
        ("2010-11", "2010-2018"),
        ("2016-17", "2010-2018"),
        ("2017-18", "2010-2018"),
        ("2018-19", "2018-2022"),
        ("2021-22", "2018-2022"),
        ("2022-23", "2022-"),
        ("2025-26", "2022-"),
        ("2016-2017", "2010-2018"),
        (" 2016-17 ", "2010-2018"),
        ("unknown", None),
        ("", None),
        (None, None),
    ],
)
def test_era_of_a_season(season: str | None, era: str | None) -> None:
    assert era_of(season) == era


async def test_every_segment_of_the_bundled_store_has_its_competitions_era(shared_database: Database) -> None:
    rows = await shared_database.fetchall(
        "SELECT s.era, c.season, c.key FROM segments s JOIN events e ON e.id = s.event_id "
        "JOIN competitions c ON c.id = e.competition_id"
    )
    assert rows and all(row["era"] == era_of(row["season"]) for row in rows)
    by_key = {row["key"]: row["era"] for row in rows}
    assert by_key["owg2018"] == "2010-2018"
    assert (by_key["owg2022"], by_key["wc2025"], by_key["owg2026"]) == ("2018-2022", "2022-", "2022-")
    segments = await ResultsRepository(shared_database).segments_by_event()
    assert {segment.era for event in segments.values() for segment in event} == {"2010-2018", "2018-2022", "2022-"}


def _document(season: str) -> dict[str, object]:
    return {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "era-test",
                "name": "Era Test Trophy",
                "season": season,
                "level": "other",
                "provenance": {"confidence": "official", "sources": ["https://example.org/results"]},
                "events": [
                    {
                        "id": "men",
                        "discipline": "men",
                        "level": "senior",
                        "name": "Men",
                        "segments": [{"id": "SP", "kind": "short_program", "name": "Short program"}],
                    }
                ],
            }
        ],
    }


async def test_an_import_sets_the_era_and_a_corrected_season_moves_it(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        await import_document(db, _document("2019-20"), source="test")
        assert (await db.fetchone("SELECT era FROM segments"))["era"] == "2018-2022"
        await import_document(db, _document("2023-24"), source="test")
        assert (await db.fetchone("SELECT era FROM segments"))["era"] == "2022-"
        await import_document(db, _document("unknown"), source="test")
        assert (await db.fetchone("SELECT era FROM segments"))["era"] is None
    finally:
        await db.close()


async def test_the_migration_backfills_segments_stored_before_it(tmp_path: Path, store_location: Location) -> None:
    before = migrations_before(tmp_path / "migrations", "0012_")
    path = store_location
    db = await Database.open(path, migrations_dir=before)
    try:
        for key, season in (("a", "2016-17"), ("b", "2019-20"), ("c", "2025-26"), ("d", "unknown"), ("e", "2001-02")):
            await db.execute(
                "INSERT INTO competitions (key, name, season, level) VALUES (?, ?, ?, 'other')", (key, key, season)
            )
            row = await db.fetchone("SELECT id FROM competitions WHERE key = ?", (key,))
            await db.execute(
                "INSERT INTO events (competition_id, key, name, discipline) VALUES (?, 'men', 'Men', 'men')",
                (row["id"],),
            )
            event = await db.fetchone("SELECT id FROM events WHERE competition_id = ?", (row["id"],))
            await db.execute(
                "INSERT INTO segments (event_id, key, kind, name, position) VALUES (?, 'SP', 'short_program', 'SP', 0)",
                (event["id"],),
            )
    finally:
        await db.close()
    db = await Database.open(path)
    try:
        rows = await db.fetchall(
            "SELECT c.key, c.season, s.era FROM segments s JOIN events e ON e.id = s.event_id "
            "JOIN competitions c ON c.id = e.competition_id ORDER BY c.key"
        )
        assert [(row["key"], row["era"]) for row in rows] == [
            ("a", "2010-2018"),
            ("b", "2018-2022"),
            ("c", "2022-"),
            ("d", None),
            ("e", None),
        ]
        assert all(row["era"] == era_of(row["season"]) for row in rows)
        assert await db.schema_version() >= 12
    finally:
        await db.close()
