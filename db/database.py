"""The one SQLite connection the bot owns, and its migrations."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseError(Exception):
    """The store cannot be used as it is (too new, a broken migration, a failed integrity check)."""


def list_migrations(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    migrations = []
    for path in sorted(directory.iterdir()):
        match = _MIGRATION_NAME.match(path.name)
        if match:
            migrations.append((int(match.group(1)), path))
    numbers = [number for number, _ in migrations]
    if numbers != list(range(1, len(numbers) + 1)):
        raise DatabaseError(f"migrations in {directory} must be numbered 0001, 0002, ... without gaps")
    return migrations


class Database:
    """Serialises all access to one aiosqlite connection.

    Every statement runs under one lock, so a coroutine reading between another one's statements never
    sees half a transaction; SQLite serialises on the connection's thread anyway.
    """

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._conn = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR) -> Database:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we write BEGIN/COMMIT ourselves instead of sqlite3's implicit transactions.
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA busy_timeout = 5000")
            database = cls(conn, path)
            await database._migrate(migrations_dir)
        except BaseException:
            await conn.close()
            raise
        return database

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def _migrate(self, migrations_dir: Path) -> None:
        migrations = list_migrations(migrations_dir)
        latest = migrations[-1][0] if migrations else 0
        current = await self._user_version()
        if current > latest:
            raise DatabaseError(
                f"the database {self.path} is at schema version {current}, newer than this skatebot "
                f"(which knows up to {latest}); upgrade skatebot instead of opening it with an old one"
            )
        for number, path in migrations:
            if number <= current:
                continue
            log.info("applying migration %s", path.name)
            try:
                # The script carries its own BEGIN ... COMMIT and version bump, so it is atomic on its own.
                await self._conn.executescript(path.read_text(encoding="utf-8"))
            except sqlite3.Error as exc:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise DatabaseError(f"migration {path.name} failed and was rolled back: {exc}") from exc
            if await self._user_version() != number:
                raise DatabaseError(f"migration {path.name} must end with PRAGMA user_version = {number}")

    async def _user_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None  # a PRAGMA always answers
        return int(row[0])

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self._conn.execute(sql, params) as cursor:
                return list(await cursor.fetchall())

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Row | None:
        async with self._lock:
            async with self._conn.execute(sql, params) as cursor:
                return await cursor.fetchone()

    async def stream(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = (), *, batch: int = 2000
    ) -> AsyncIterator[sqlite3.Row]:
        """Yields rows a batch at a time: for big reads (every skater name) without holding them all."""
        async with self._lock:
            async with self._conn.execute(sql, params) as cursor:
                while rows := await cursor.fetchmany(batch):
                    for row in rows:
                        yield row

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Runs one write on its own (autocommit) and returns the affected row count."""
        async with self._lock:
            async with self._conn.execute(sql, params) as cursor:
                return cursor.rowcount

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """Holds the lock for the whole block; commits at the end, rolls back on any exception."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(self._conn)
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def integrity_check(self) -> list[str]:
        """Returns SQLite's problems list: ["ok"] when the file is sound."""
        async with self._lock:
            problems = [row[0] async for row in await self._conn.execute("PRAGMA integrity_check")]
            problems += [
                f"foreign key violation in {row[0]} (row {row[1]}) -> {row[2]}"
                async for row in await self._conn.execute("PRAGMA foreign_key_check")
            ]
        return problems

    async def backup(self, target: str | Path) -> None:
        """An online copy through SQLite's backup API: consistent even while the bot keeps writing."""
        target = Path(target)
        if target.exists():
            raise DatabaseError(f"{target} already exists; choose a new file name for the backup")
        target.parent.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            destination = await aiosqlite.connect(str(target))
            try:
                await self._conn.backup(destination)
            finally:
                await destination.close()


class Transaction:
    """The statements available inside `Database.transaction()`; the lock is already held."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._conn = connection

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        async with self._conn.execute(sql, params) as cursor:
            assert cursor.lastrowid is not None
            return int(cursor.lastrowid)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Row | None:
        async with self._conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())
