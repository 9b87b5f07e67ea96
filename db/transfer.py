"""`skatebot db migrate-to URL`: a SQLite store copied into an empty PostgreSQL one, table by table, then every row
of every table compared.

The target is created and migrated by the usual path (Database.open) and must hold nothing yet. The tables are
copied in the order their references need, each with its ids kept, in one transaction; the identity sequences
then continue after the highest id. The story index is the engines' own (FTS5 there, a tsvector here): it is
built from the copied stories, as any store whose index is empty. Then every row is read back from both stores and
compared by its primary key; any difference is an error naming the table and the row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from db.database import Database, DatabaseError, SQLiteDatabase
from db.postgres import PostgresDatabase, PostgresTransaction
from db.repositories.stories import StoryRepository

# Tables that are not data: SQLite's own, and its full-text index (the target builds its own).
_NOT_COPIED_PREFIXES = ("sqlite_", "stories_fts")
# The counter the stories' triggers bump: copied after the stories, so it ends as the source has it.
_LAST = ("story_changes",)


@dataclass
class Table:
    name: str
    columns: list[str]
    key: list[str]  # the primary key's columns, in order
    references: set[str] = field(default_factory=set)


@dataclass
class Transfer:
    """What was copied: rows per table, in the order copied, and how many stories the new index holds."""

    rows: dict[str, int] = field(default_factory=dict)
    indexed_stories: int = 0

    def describe(self) -> str:
        lines = [f"  {table}: {count} rows" for table, count in self.rows.items()]
        total = sum(self.rows.values())
        return "\n".join(
            [
                *lines,
                f"copied {total} rows of {len(self.rows)} tables and compared every row: identical",
                f"story search index built for {self.indexed_stories} stories",
            ]
        )


async def _tables(source: Database) -> list[Table]:
    names = [
        row["name"]
        for row in await source.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if not row["name"].startswith(_NOT_COPIED_PREFIXES)
    ]
    tables: dict[str, Table] = {}
    for name in names:
        info = await source.fetchall(f"SELECT name, pk FROM pragma_table_info('{name}') ORDER BY cid")
        key = [row["name"] for row in sorted((r for r in info if r["pk"]), key=lambda r: r["pk"])]
        references = {
            row["table"] for row in await source.fetchall(f"SELECT \"table\" FROM pragma_foreign_key_list('{name}')")
        }
        tables[name] = Table(name, [row["name"] for row in info], key, references - {name})
    ordered: list[Table] = []
    placed: set[str] = set()
    while len(ordered) < len(tables):  # each round places the tables whose references are placed
        ready = [t for t in tables.values() if t.name not in placed and t.references <= placed and t.name not in _LAST]
        if not ready:
            ready = [t for t in tables.values() if t.name not in placed and t.name in _LAST]
        if not ready:
            raise DatabaseError("the store's tables reference each other in a cycle; cannot order the copy")
        for table in ready:
            ordered.append(table)
            placed.add(table.name)
    return ordered


async def migrate_to(source: Database, target: Database, progress: Callable[[str], None] = lambda _: None) -> Transfer:
    """Copies the SQLite store `source` into the empty, migrated PostgreSQL store `target` and verifies it."""
    if not isinstance(source, SQLiteDatabase) or not isinstance(target, PostgresDatabase):
        raise DatabaseError("migrate-to copies a SQLite store into a PostgreSQL one")
    if await source.schema_version() != await target.schema_version():
        raise DatabaseError(
            f"the store at {source.path} is at schema version {await source.schema_version()} and {target.path} at "
            f"{await target.schema_version()}: open the SQLite store once with this skatebot to migrate it first"
        )
    tables = await _tables(source)
    for table in tables:
        if table.name in _LAST:
            continue
        if await target.fetchone(f"SELECT 1 FROM {table.name} LIMIT 1"):
            raise DatabaseError(f"{target.path} already holds data ({table.name}); migrate-to fills an empty store")
    transfer = Transfer()
    async with target.transaction() as tx:
        assert isinstance(tx, PostgresTransaction)
        for table in tables:
            rows = [tuple(row) for row in await source.fetchall(f"SELECT {', '.join(table.columns)} FROM {table.name}")]
            await tx.execute(f"DELETE FROM {table.name}")  # only the counter's first row is there
            await tx.copy_rows(table.name, table.columns, rows)
            transfer.rows[table.name] = len(rows)
            progress(f"copied {table.name}: {len(rows)} rows")
        for table in tables:
            if "id" in table.key and len(table.key) == 1:
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), max(id)) FROM {table.name} "
                    "HAVING max(id) IS NOT NULL"
                )
    for table in tables:
        await _verify(source, target, table)
        progress(f"verified {table.name}: every row identical")
    transfer.indexed_stories = await StoryRepository(target).rebuild_index_if_empty()
    return transfer


async def _verify(source: Database, target: Database, table: Table) -> None:
    """Every row of `table` in `target` equals the source's row with the same key, and no row is missing or extra."""
    columns = ", ".join(table.columns)
    positions = [table.columns.index(column) for column in table.key] if table.key else range(len(table.columns))

    def key_of(row: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(row[i] for i in positions)

    expected = {key_of(tuple(row)): tuple(row) for row in await source.fetchall(f"SELECT {columns} FROM {table.name}")}
    seen = 0
    async for record in target.stream(f"SELECT {columns} FROM {table.name}"):
        row = tuple(record)
        wanted = expected.get(key_of(row))
        if wanted != row:
            raise DatabaseError(f"{table.name}: the copied row {row} differs from the source's {wanted}")
        seen += 1
    if seen != len(expected):
        raise DatabaseError(f"{table.name}: {seen} rows copied where the source has {len(expected)}")
