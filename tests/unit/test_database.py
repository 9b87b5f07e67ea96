from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from pathlib import Path

import asyncpg
import pytest

from db.database import (
    MIGRATIONS_DIR,
    POSTGRES_MIGRATIONS,
    Database,
    DatabaseError,
    UnstorableValue,
    list_migrations,
)
from db.postgres import translate
from tests.stores import Location, discard, migrations_before, new_store


@pytest.mark.sqlite
async def test_fresh_database_is_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "new" / "store.sqlite3")
    try:
        assert await db.schema_version() == list_migrations()[-1][0]
        assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
        assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
        assert await db.fetchone("SELECT name FROM sqlite_master WHERE name = 'entries'")
    finally:
        await db.close()


async def test_reopening_applies_nothing_twice(store_location: Location) -> None:
    path = store_location
    db = await Database.open(path)
    await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
    await db.close()
    db = await Database.open(path)
    try:
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 1
    finally:
        await db.close()


@pytest.mark.sqlite
async def test_a_failing_migration_is_rolled_back_entirely(tmp_path: Path) -> None:
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, migrations)
    latest = list_migrations()[-1][0]
    broken = f"{latest + 1:04d}_broken.sql"
    (migrations / broken).write_text(
        "BEGIN;\nCREATE TABLE half_done (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
        f"PRAGMA user_version = {latest + 1};\nCOMMIT;\n"
    )
    path = tmp_path / "store.sqlite3"
    with pytest.raises(DatabaseError, match=rf"{broken} failed and was rolled back"):
        await Database.open(path, migrations_dir=migrations)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[0] == 0


@pytest.mark.sqlite
async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(DatabaseError, match="newer than this skatebot"):
        await Database.open(path)


async def test_migration_numbers_must_not_have_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("")
    (tmp_path / "0003_c.sql").write_text("")
    with pytest.raises(DatabaseError, match="without gaps"):
        list_migrations(tmp_path)


async def test_transaction_rolls_back_on_error(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        with pytest.raises(RuntimeError):
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
                raise RuntimeError("boom")
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 0
    finally:
        await db.close()


@pytest.mark.sqlite
async def test_integrity_check_and_online_backup(store: Database, tmp_path: Path) -> None:
    assert await store.integrity_check() == ["ok"]
    target = tmp_path / "backup.sqlite3"
    await store.backup(target)
    with sqlite3.connect(target) as conn:
        copied = conn.execute("SELECT count(*) FROM entries").fetchone()[0]
    assert copied == (await store.fetchone("SELECT count(*) FROM entries"))[0] > 0
    with pytest.raises(DatabaseError, match="already exists"):
        await store.backup(target)


async def test_event_levels_migration_claims_senior_only_where_championships_hold_no_other(
    tmp_path: Path, store_location: Location
) -> None:
    before = migrations_before(tmp_path / "before", "event_levels")
    store = store_location
    db = await Database.open(store, migrations_dir=before)
    await db.execute(
        "INSERT INTO competitions (id, key, name, season, level) VALUES (1, 'wc2014', 'Worlds', '2013-14', 'worlds'), "
        "(2, 'cup', 'A Cup', '2023-24', 'other'), (3, 'gpfra2019', 'Grand Prix', '2019-20', 'grand-prix')"
    )
    await db.execute(
        "INSERT INTO events (competition_id, key, name, discipline) VALUES (1, 'men', 'Men', 'men'), "
        "(2, 'women', 'Ladies', 'women'), (3, 'men', 'Junior Men', 'men'), (3, 'women', 'Ladies', 'women')"
    )
    await db.close()
    db = await Database.open(store)
    try:
        rows = await db.fetchall("SELECT competition_id, name, level FROM events ORDER BY id")
        assert [tuple(r) for r in rows] == [
            (1, "Men", "senior"),
            (2, "Ladies", None),  # not known: never guessed
            (3, "Junior Men", None),
            (3, "Ladies", "senior"),
        ]
    finally:
        await db.close()


@pytest.mark.sqlite
async def test_a_write_gives_up_on_a_lock_held_elsewhere_and_reads_never_wait(tmp_path: Path) -> None:
    from bot.discord_layer.ui.errors import error_message
    from bot.i18n import t
    from db.database import StoreBusy

    path = tmp_path / "store.sqlite3"
    db = await Database.open(path, write_wait=0.5)
    other = sqlite3.connect(path, isolation_level=None)  # another process's writer, as far as SQLite knows
    try:
        other.execute("BEGIN IMMEDIATE")
        started = time.monotonic()
        with pytest.raises(StoreBusy, match="nothing was written") as busy:
            await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        assert time.monotonic() - started >= 0.5  # it waited for the lock before giving up
        assert error_message(busy.value) == t("error-store-busy")
        # answered while the lock is still held: a read that waited for it would give up (StoreBusy)
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 0
        other.execute("COMMIT")
        await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 1
    finally:
        other.close()
        await db.close()


async def test_neutral_names_join_their_federation_in_a_store_from_before(
    tmp_path: Path, store_location: Location
) -> None:
    """Migration 0013: a store holding an OAR skater (imported before federations were joined) gets the RUS key,
    so importing her RUS seasons joins her; a name already stored under both keys keeps both."""
    before = migrations_before(tmp_path / "before", "neutral_federations")
    path = store_location
    db = await Database.open(path, migrations_dir=before)
    await db.execute(
        "INSERT INTO skaters (name, country, match_key) VALUES ('Evgenia Medvedeva', 'OAR', 'OAR|evgenia medvedeva'),"
        " ('A B', 'ROC', 'ROC|a b'), ('A B', 'RUS', 'RUS|a b')"
    )
    await db.close()
    db = await Database.open(path)
    keys = sorted(row[0] for row in await db.fetchall("SELECT match_key FROM skaters"))
    await db.close()
    assert keys == ["ROC|a b", "RUS|a b", "RUS|evgenia medvedeva"]


def test_both_engines_have_the_same_migrations() -> None:
    """Every migration is expressed for PostgreSQL too, under the same number and name (db/migrations/postgresql)."""
    postgres = MIGRATIONS_DIR / POSTGRES_MIGRATIONS
    assert [path.name for _, path in list_migrations()] == [path.name for _, path in list_migrations(postgres)]


def test_placeholders_are_translated_outside_literals_once_per_statement() -> None:
    assert translate("SELECT ? FROM t WHERE a = '?' AND b = ? -- ?\n") == (
        "SELECT $1 FROM t WHERE a = '?' AND b = $2 -- ?\n",
        None,
    )
    assert translate("UPDATE t SET a = :a, b = ':b' WHERE c = :c OR d = :a AND e = 'it''s :x'") == (
        "UPDATE t SET a = $1, b = ':b' WHERE c = $2 OR d = $1 AND e = 'it''s :x'",
        ("a", "c"),
    )
    assert translate("SELECT CAST(x AS jsonb) ->> 'k', y::text FROM t") == (
        "SELECT CAST(x AS jsonb) ->> 'k', y::text FROM t",
        None,
    )
    assert translate.cache_info().currsize > 0


@pytest.mark.postgresql
async def test_a_fresh_postgresql_store_is_migrated_and_indexed_for_search(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        assert await db.schema_version() == list_migrations()[-1][0]
        assert await db.fetchone("SELECT to_regclass('entries') IS NOT NULL AS present")
        index = await db.fetchone("SELECT indexdef FROM pg_indexes WHERE indexname = 'story_index_words'")
        assert index is not None and "USING gin (document)" in index["indexdef"]
        with pytest.raises(asyncpg.ReadOnlySQLTransactionError):  # the read path is read-only, as on SQLite
            await db.fetchone("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]') RETURNING id")
    finally:
        await db.close()


@pytest.mark.postgresql
async def test_a_failing_postgresql_migration_is_rolled_back_entirely(tmp_path: Path, store_location: Location) -> None:
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, migrations)
    latest = list_migrations()[-1][0]
    broken = f"{latest + 1:04d}_broken.sql"
    (migrations / broken).write_text(f"BEGIN;\nPRAGMA user_version = {latest + 1};\nCOMMIT;\n")
    (migrations / POSTGRES_MIGRATIONS / broken).write_text(
        "CREATE TABLE half_done (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    with pytest.raises(DatabaseError, match=rf"{broken} failed and was rolled back"):
        await Database.open(store_location, migrations_dir=migrations)
    db = await Database.open(store_location)
    try:
        assert await db.schema_version() == latest
        assert (await db.fetchone("SELECT to_regclass('half_done') IS NULL AS absent"))["absent"]
    finally:
        await db.close()


@pytest.mark.postgresql
async def test_a_postgresql_store_newer_than_the_code_is_refused(store_location: Location) -> None:
    db = await Database.open(store_location)
    await db.execute("UPDATE schema_version SET version = 99")
    await db.close()
    with pytest.raises(DatabaseError, match="newer than this skatebot"):
        await Database.open(store_location)


@pytest.mark.postgresql
async def test_postgresql_integrity_check_and_a_backup_left_to_pg_dump(store: Database, tmp_path: Path) -> None:
    assert await store.integrity_check() == ["ok"]
    with pytest.raises(DatabaseError, match="pg_dump"):
        await store.backup(tmp_path / "backup.sqlite3")
    assert not (tmp_path / "backup.sqlite3").exists()


@pytest.mark.postgresql
async def test_a_postgresql_write_gives_up_on_a_lock_held_elsewhere_and_reads_never_wait(
    store_location: Location,
) -> None:
    from bot.discord_layer.ui.errors import error_message
    from bot.i18n import t
    from db.database import StoreBusy

    db = await Database.open(store_location, write_wait=0.5)
    other = await asyncpg.connect(str(store_location))  # another process's writer
    try:
        lock = other.transaction()
        await lock.start()
        await other.execute("LOCK TABLE provenance IN EXCLUSIVE MODE")  # writes wait, reads do not
        started = time.monotonic()
        with pytest.raises(StoreBusy, match="nothing was written") as busy:
            await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        assert time.monotonic() - started >= 0.5  # it waited for the lock before giving up
        assert error_message(busy.value) == t("error-store-busy")
        # answered while the lock is still held: a read that waited for it would give up (StoreBusy)
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 0
        await lock.commit()
        await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 1
    finally:
        await other.close()
        await db.close()


@pytest.mark.postgresql
async def test_a_postgresql_statement_the_server_does_not_answer_in_time_is_busy_not_lost(
    store_location: Location,
) -> None:
    """The client's own wait runs out before the server gives up (here the server would wait forever): the write is
    StoreBusy once, not taken for a lost connection and sent again (asyncio's TimeoutError is an OSError)."""
    from db.database import StoreBusy

    db = await Database.open(store_location, write_wait=0.5)
    other = await asyncpg.connect(str(store_location))
    try:
        lock = other.transaction()
        await lock.start()
        await other.execute("LOCK TABLE provenance IN EXCLUSIVE MODE")
        with pytest.raises(StoreBusy, match="has not answered"):
            async with db.transaction() as tx:
                await tx.execute("SET LOCAL lock_timeout = 0")  # the server no longer gives up on the lock
                await tx.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        await lock.commit()
        await db.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 1
    finally:
        await other.close()
        await db.close()


@pytest.mark.postgresql
async def test_a_lost_postgresql_write_connection_is_opened_again(store: Database) -> None:
    """The server ends the bot's write session (a restart, an administrator): the next write connects again."""
    async with store.transaction() as tx:
        session = (await tx.fetchone("SELECT pg_backend_pid()"))[0]
    assert (await store.fetchone("SELECT pg_terminate_backend(?)", (session,)))[0]
    await store.execute("INSERT INTO provenance (confidence, sources) VALUES ('derived', '[]')")
    async with store.transaction() as tx:
        assert (await tx.fetchone("SELECT pg_backend_pid()"))[0] != session
    assert (await store.fetchone("SELECT count(*) FROM provenance WHERE sources = '[]'"))[0] == 1


@pytest.mark.postgresql
async def test_postgresql_writes_of_two_processes_take_turns(bundled_store: Location) -> None:
    """Two processes' write transactions never overlap (as SQLite's write lock has it): the second waits for the
    first to commit, then reads what it wrote. Two processes starting together on a new store import the bundled
    data once this way, however their reads and writes interleave."""
    first, second = await Database.open(bundled_store), await Database.open(bundled_store)
    try:
        seen: list[int] = []

        async def second_writer() -> None:
            async with second.transaction() as tx:
                seen.append((await tx.fetchone("SELECT count(*) FROM provenance WHERE note = 'turns'"))[0])
                await tx.execute(
                    "INSERT INTO provenance (confidence, sources, note) VALUES ('derived', '[2]', 'turns')"
                )

        async with first.transaction() as tx:
            await tx.execute("INSERT INTO provenance (confidence, sources, note) VALUES ('derived', '[1]', 'turns')")
            waiting = asyncio.create_task(second_writer())
            await asyncio.sleep(0.3)
            assert not waiting.done()  # its transaction waits for this one's end
        await waiting
        assert seen == [1]  # it saw the first's committed row
        assert (await first.fetchone("SELECT count(*) FROM provenance WHERE note = 'turns'"))[0] == 2
    finally:
        await first.close()
        await second.close()


async def test_two_processes_starting_on_a_new_store_fill_it_once(store_location: Location, tmp_path: Path) -> None:
    """Two bot processes started together on a new store (sharded processes, one store) both find it empty: the
    bundled results, example stories and stories from the results end up there once, as one process leaves them.
    The bundled folder here holds three of the results files (the example stories' competition among them), the
    stories and the source tiers: the same race, without importing all 43 files three times."""
    from bot.store import BUNDLED_DATA, open_store

    bundled = tmp_path / "bundled"
    bundled.mkdir()
    for name in ("gpf2425.json", "wc2025.json", "owg2026.json", "stories.json", "source_tiers.json"):
        (bundled / name).symlink_to(BUNDLED_DATA / name)
    db = await Database.open(store_location)  # created and migrated, as the first of them does
    await db.close()
    (first, _), (second, _) = await asyncio.gather(
        open_store(store_location, bundled=bundled), open_store(store_location, bundled=bundled)
    )
    await first.close()
    counts = (
        "SELECT (SELECT count(*) FROM imports), (SELECT count(*) FROM stories), (SELECT count(*) FROM story_sources)"
    )
    try:
        filled = tuple(await second.fetchone(counts))
    finally:
        await second.close()
    alone_location = new_store(tmp_path, name="alone.sqlite3")
    try:
        alone, _ = await open_store(alone_location, bundled=bundled)  # what one process leaves
        try:
            assert filled == tuple(await alone.fetchone(counts))
            assert filled[0] == 3 and filled[1] > 0 and filled[2] > 0  # each results file imported once, stories
        finally:
            await alone.close()
    finally:
        discard(alone_location)


async def test_statements_of_a_batch_run_in_order_with_each_ones_count(store_location: Location) -> None:
    """execute_each, executemany_each and fetch_each (an import's entry, protocol and aliases at once) mean on both
    engines what their statements one by one mean; a value no store holds refuses the whole batch, nothing sent."""
    db = await Database.open(store_location)
    insert = "INSERT INTO provenance (confidence, sources, note) VALUES (?, ?, ?)"
    try:
        with pytest.raises(UnstorableValue):
            async with db.transaction() as tx:
                await tx.executemany_each([(insert, [("derived", "[]", "a"), ("derived", "[]", "b")]), (insert, [])])
                counts = await tx.execute_each(
                    [
                        ("UPDATE provenance SET note = ? WHERE note = ?", ("c", "a")),
                        ("UPDATE provenance SET note = ? WHERE note = ?", ("d", "nobody")),
                        ("DELETE FROM provenance WHERE note IN (?, ?)", ("b", "c")),
                    ]
                )
                assert counts == [1, 0, 2]
                await tx.executemany_each([(insert, [("derived", "[]", "e")]), (insert, [("derived", "[]", "f\x00")])])
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 0
        async with db.transaction() as tx:
            await tx.executemany_each([(insert, [("derived", "[]", "a"), ("derived", "[]", "b")])])
            with pytest.raises(UnstorableValue):
                await tx.execute_each(
                    [("DELETE FROM provenance WHERE note = ?", ("a",)), (insert, ("x", "[]", "\ud800"))]
                )
            notes = "SELECT note FROM provenance WHERE note = ? ORDER BY note"
            found = await tx.fetch_each([(notes, ("a",)), (notes, ("nobody",)), (notes, ("b",))])
        assert [[row["note"] for row in rows] for rows in found] == [["a"], [], ["b"]]  # the DELETE was not sent
        read = await db.fetch_each([(notes, ("b",)), (notes, ("nobody",)), ("SELECT count(*) FROM provenance", ())])
        assert [[tuple(row) for row in rows] for rows in read] == [[("b",)], [], [(2,)]]
    finally:
        await db.close()


@pytest.mark.sqlite
async def test_a_sqlite_batch_is_one_trip_to_the_connections_thread(
    store_location: Location, sqlite_trips: list[object]
) -> None:
    """An import's upserts wait for SQLite's connection thread once per statement or batch, not once per cursor
    call (execute, fetch, close): what made an import of thousands of rows spend its time in thread hops."""
    db = await Database.open(store_location)
    trips = sqlite_trips
    insert = "INSERT INTO provenance (confidence, sources, note) VALUES (?, ?, ?)"
    try:
        async with db.transaction() as tx:
            trips.clear()
            await tx.executemany_each([(insert, [("derived", "[]", "a"), ("derived", "[]", "b")]), (insert, [])])
            await tx.execute_each([("DELETE FROM provenance WHERE note = ?", ("a",)), (insert, ("derived", "[]", "c"))])
            assert len((await tx.fetch_each([("SELECT * FROM provenance", ()), ("SELECT 1", ())]))[0]) == 2
            assert (await tx.fetchone("SELECT count(*) FROM provenance"))[0] == 2
            assert await tx.execute("DELETE FROM provenance WHERE note = ?", ("c",)) == 1
            assert await tx.insert(insert, ("derived", "[]", "d")) > 0
            assert len(trips) == 6
        trips.clear()
        assert (await db.fetchone("SELECT count(*) FROM provenance"))[0] == 2
        assert [len(rows) for rows in await db.fetch_each([("SELECT * FROM provenance", ()), ("SELECT 1", ())])] == [
            2,
            1,
        ]
        assert len(trips) == 2
    finally:
        await db.close()
