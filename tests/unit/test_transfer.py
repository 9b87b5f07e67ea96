"""`skatebot db migrate-to`: a SQLite store copied into an empty PostgreSQL one (db/transfer.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.store import open_store
from db.database import Database, DatabaseError
from db.postgres import PostgresTransaction
from db.repositories.stories import StoryRepository
from db.transfer import migrate_to
from tests.stores import Location

GUILD = 987654321098765432  # a Discord id past 32 bits


@pytest.mark.postgresql
async def test_a_sqlite_store_moves_to_postgresql_row_for_row(tmp_path: Path, store_location: Location) -> None:
    sqlite_path = tmp_path / "s.sqlite3"
    built, _ = await open_store(sqlite_path)  # the bundled data, as a fresh install has it
    try:
        await built.execute(
            "INSERT INTO stories (guild_id, title, summary, created_by, created_at, updated_at) "
            "VALUES (?, 'A quad Axel landed', 'At last', 1, '2026-01-01', '2026-01-01')",
            (GUILD,),
        )
        story = (await built.fetchone("SELECT max(id) FROM stories"))[0]
        await built.execute(
            "INSERT INTO story_flags (story_id, guild_id, user_id, reason, created_at) VALUES (?, ?, 7, 'why', 'x')",
            (story, GUILD),
        )
        counts = {
            table: (await built.fetchone(f"SELECT count(*) FROM {table}"))[0]
            for table in ("stories", "entries", "protocol_elements", "story_flags", "story_changes")
        }
        changes = (await built.fetchone("SELECT n FROM story_changes"))[0]
    finally:
        await built.close()

    source = await Database.open_readonly(sqlite_path)
    target = await Database.open(store_location)
    try:
        transfer = await migrate_to(source, target)
        assert {table: transfer.rows[table] for table in counts} == counts
        assert transfer.indexed_stories == counts["stories"]
        assert "compared every row: identical" in transfer.describe()
        # The counter the triggers bumped while the stories were copied ends as the source had it.
        assert (await target.fetchone("SELECT n FROM story_changes"))[0] == changes
        # The copy is a working store: its search index, and ids that continue after the copied ones.
        found = await StoryRepository(target).search(GUILD, "quad ax", 5)
        assert [s.id for s in found][:1] == [story]
        async with target.transaction() as tx:
            new = await tx.insert(
                "INSERT INTO provenance (confidence, sources) VALUES ('derived', '[\"https://example.org/x\"]')"
            )
        assert new > transfer.rows["provenance"]
        with pytest.raises(DatabaseError, match="already holds data"):
            await migrate_to(source, target)
    finally:
        await source.close()
        await target.close()


@pytest.mark.postgresql
async def test_a_row_copied_wrong_is_caught_by_the_comparison(
    tmp_path: Path, store_location: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    sqlite_path = tmp_path / "s.sqlite3"
    built = await Database.open(sqlite_path)  # an empty store of the current schema, and two skaters
    await built.execute(
        "INSERT INTO skaters (name, country, match_key) VALUES ('Kaori Sakamoto', 'JPN', 'JPN|kaori sakamoto'), "
        "('Ilia Malinin', 'USA', 'USA|ilia malinin')"
    )
    await built.close()
    copy_rows = PostgresTransaction.copy_rows

    async def garbled(
        self: PostgresTransaction, table: str, columns: Sequence[str], rows: Sequence[tuple[object, ...]]
    ) -> None:
        if table == "skaters":  # one letter of Kaori Sakamoto's name changed on the way
            name = columns.index("name")
            first = rows[0]
            rows = [(*first[:name], "Kaori Sakamoti", *first[name + 1 :]), *rows[1:]]
        await copy_rows(self, table, columns, rows)

    monkeypatch.setattr(PostgresTransaction, "copy_rows", garbled)
    source = await Database.open_readonly(sqlite_path)
    target = await Database.open(store_location)
    try:
        with pytest.raises(
            DatabaseError,
            match=r"skaters: the copied row .*'Kaori Sakamoti', 'JPN'.* differs from the source's .*'Kaori Sakamoto'",
        ):
            await migrate_to(source, target)
    finally:
        await source.close()
        await target.close()
