"""`skatebot db migrate-to`: a SQLite store copied into an empty PostgreSQL one (db/transfer.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import open_store
from db.database import Database, DatabaseError
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
