"""The store the bot owns: SQLite (a file, the default) or PostgreSQL (a `postgresql://` URL, db/postgres.py),
behind one interface (`Database`, `Transaction`) the repositories use. The SQL they write runs on both; what
cannot be shared is a fragment of the store's `dialect` (db/dialect.py).

SQLite: a write connection, a read connection, and the migrations.

Other processes share the file (`skatebot import`, `import-isu`, `stories import` against a live store), so
the write lock may be held elsewhere for seconds. Two rules keep the bot answering meanwhile:
- reads use their own connection and never wait for writes (WAL lets readers see the last commit while a
  writer works);
- a write waits for the lock in short slices with the asyncio lock released in between, so one waiting
  write never blocks the bot's other database work, and gives up with StoreBusy after `write_wait`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import urllib.parse
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from db.dialect import SQLITE, Dialect
from db.words import tokenizer_separators

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
# PostgreSQL's migrations: the same numbers and meaning, in its own SQL, in this folder of a migrations folder.
POSTGRES_MIGRATIONS = "postgresql"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

# How long one attempt to take the write lock may block the write connection's thread; between attempts the
# coroutine sleeps with the asyncio lock released.
BUSY_SLICE_MS = 25
# How long a write keeps trying before it gives up (StoreBusy): far past any import of ours, well inside the
# 15 minutes a deferred interaction may take.
WRITE_WAIT = 30.0
# Migrations run once at start, before any interaction: they may simply wait for the lock.
MIGRATION_BUSY_MS = 30_000


class DatabaseError(Exception):
    """The store cannot be used as it is (too new, a broken migration, a failed integrity check)."""


class StoreMissing(DatabaseError):
    """A command that only reads was pointed at a path with no store: it never creates one."""


class StoreBusy(DatabaseError):
    """Another process held the write lock for longer than a write may wait; nothing was written."""


class StoreLost(DatabaseError):
    """The store's server closed the connection in the middle of a statement (a restart, a failover) and a second
    try was not safe (a write inside a transaction the caller runs) or failed too. `saved` is False when the write
    never committed, None when the connection was lost during its COMMIT (it may or may not have been saved)."""

    def __init__(self, message: str, *, saved: bool | None = False) -> None:
        super().__init__(message)
        self.saved = saved


class UnstorableValue(DatabaseError):
    """A statement's value no store holds as given: text with NUL or half of a surrogate pair (a client can send
    both; SQLite's UTF-8 and PostgreSQL's text refuse them), or a whole number outside 64 bits. Raised before the
    statement is sent, so nothing was written or looked up. `kind` is "text" or "number"."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"a {kind} value the store cannot hold")
        self.kind = kind


# The whole numbers both engines store (SQLite's INTEGER, PostgreSQL's BIGINT).
INTEGER_MIN, INTEGER_MAX = -(2**63), 2**63 - 1
_UNSTORABLE_TEXT = re.compile("[\x00\ud800-\udfff]")


def check_values(params: Sequence[Any] | dict[str, Any]) -> None:
    """UnstorableValue for a value of `params` neither engine can take as given (see there); both engines check
    every statement's values through here, so any text a user can send is stored as given or refused the same way
    on both, with nothing sent."""
    for value in params.values() if isinstance(params, dict) else params:
        kind = type(value)
        if kind is str:
            if _UNSTORABLE_TEXT.search(value):
                raise UnstorableValue("text")
        elif kind is int and not INTEGER_MIN <= value <= INTEGER_MAX:
            raise UnstorableValue("number")


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def pending_migrations(directory: Path, current: int, where: str) -> list[tuple[int, Path]]:
    """The migrations a store at schema version `current` lacks, in order; a store newer than every migration
    here is refused (an older skatebot must not open what a newer one wrote). Both engines apply these."""
    migrations = list_migrations(directory)
    latest = migrations[-1][0] if migrations else 0
    if current > latest:
        raise DatabaseError(
            f"the database {where} is at schema version {current}, newer than this skatebot "
            f"(which knows up to {latest}); upgrade skatebot instead of opening it with an old one"
        )
    return [(number, path) for number, path in migrations if number > current]


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


def is_url(location: str | Path) -> bool:
    """Whether a store's location names a PostgreSQL server (`postgresql://` or `postgres://`), not a file."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


class Row(Protocol):
    """A row as both engines return it (sqlite3.Row, asyncpg.Record): by column name or index, and its names."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


def _readonly_uri(file: Path) -> str:
    """SQLite's URI for opening `file` read-only (mode=ro never creates it); StoreMissing when it is not there."""
    if not file.is_file():
        raise StoreMissing(f"no store at {file}")
    return "file:" + urllib.parse.quote(str(file.resolve())) + "?mode=ro"


class Database(ABC):
    """The store's interface, and how one is opened: `open` and `open_readonly` answer a SQLite store for a
    path, a PostgreSQL one (db/postgres.py) for a URL."""

    dialect: Dialect = SQLITE
    path: str
    # Told each time a write gives up (StoreBusy): the bot's metrics count them; db/ knows nothing of those.
    busy_observer: Callable[[], None] | None = None

    def busy(self, message: str) -> StoreBusy:
        """The StoreBusy a write raises when it gives up, once the observer has been told."""
        if self.busy_observer is not None:
            self.busy_observer()
        return StoreBusy(message)

    @classmethod
    async def open(
        cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR, write_wait: float = WRITE_WAIT
    ) -> Database:
        """Opens the store for the bot or a command that writes: created and migrated when needed."""
        if is_url(path):
            from db.postgres import PostgresDatabase  # imported only by those who use it

            return await PostgresDatabase.connect(
                str(path), migrations_dir=migrations_dir / POSTGRES_MIGRATIONS, write_wait=write_wait
            )
        return await SQLiteDatabase.connect(path, migrations_dir=migrations_dir, write_wait=write_wait)

    @classmethod
    async def open_readonly(cls, path: str | Path) -> Database:
        """Opens an existing store for reading only (checks, backups, claim checks from the terminal): a
        missing store is StoreMissing, never created, and nothing is migrated."""
        if is_url(path):
            from db.postgres import PostgresDatabase

            return await PostgresDatabase.connect_readonly(str(path))
        return await SQLiteDatabase.connect_readonly(path)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None: ...

    async def fetch_each(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Every row of each read, in order, from the same read connection (SQLite: in one trip to its thread; the
        reads of one call may still see different commits, as separate fetchall calls would)."""
        return [await self.fetchall(sql, params) for sql, params in queries]

    @abstractmethod
    def stream(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = (), *, batch: int = 2000
    ) -> AsyncIterator[Row]: ...

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Runs one write in its own transaction and returns the affected row count."""
        async with self.transaction() as tx:
            return await tx.execute(sql, params)

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    @abstractmethod
    async def integrity_check(self) -> list[str]: ...

    @abstractmethod
    async def backup(self, target: str | Path) -> None: ...


class Transaction(ABC):
    """The statements available inside `Database.transaction()`; the store's write lock is already held."""

    dialect: Dialect = SQLITE

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int: ...

    @abstractmethod
    async def insert(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Inserts one row into a table with an `id` column and returns that id."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]: ...

    async def write(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> None:
        """A write whose outcome the caller does not need: sent now here, held back and sent with others by a
        transaction that holds writes (db/held_writes.py)."""
        await self.execute(sql, params)

    async def execute_each(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        """Runs the statements in order and returns each one's affected row count: what an import writes of one
        entry or protocol at once (SQLite runs them in one trip to its connection's thread; PostgreSQL sends
        them one after the other, as before). Every statement's values are checked before the first is sent."""
        for _, params in statements:
            check_values(params)
        return [await self.execute(sql, params) for sql, params in statements]

    async def executemany_each(self, steps: Sequence[tuple[str, Sequence[Sequence[Any]]]]) -> None:
        """`executemany` of each statement with its rows, in order (SQLite: all in one trip to its thread); every
        row is checked before the first is sent."""
        for _, rows in steps:
            for row in rows:
                check_values(row)
        for sql, rows in steps:
            await self.executemany(sql, rows)

    async def fetch_each(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Every row of each read, in order (SQLite: in one trip to its connection's thread)."""
        return [await self.fetchall(sql, params) for sql, params in queries]


class SQLiteDatabase(Database):
    """A write connection behind an asyncio lock, and a read connection that never waits for it.

    Writes (`execute`, `transaction`) are serialised by the lock and each runs in its own BEGIN IMMEDIATE
    transaction, so no coroutine sees another one's half-done change; reads (`fetchone`, `fetchall`, `stream`)
    see the last committed state, never a transaction in progress (WAL snapshots).
    """

    def __init__(
        self,
        writer: aiosqlite.Connection | None,
        reader: aiosqlite.Connection,
        path: str,
        *,
        write_wait: float = WRITE_WAIT,
    ) -> None:
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self.path = path
        self.write_wait = write_wait

    @classmethod
    async def connect(
        cls, path: str | Path, *, migrations_dir: Path = MIGRATIONS_DIR, write_wait: float = WRITE_WAIT
    ) -> SQLiteDatabase:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we write BEGIN/COMMIT ourselves instead of sqlite3's implicit transactions.
        writer = await aiosqlite.connect(path, isolation_level=None)
        reader: aiosqlite.Connection | None = None
        try:
            writer.row_factory = sqlite3.Row
            await writer.execute(f"PRAGMA busy_timeout = {MIGRATION_BUSY_MS}")
            await writer.execute("PRAGMA journal_mode = WAL")
            await writer.execute("PRAGMA foreign_keys = ON")
            await writer.execute("PRAGMA synchronous = NORMAL")
            database = cls(writer, writer, path, write_wait=write_wait)
            await database._migrate(migrations_dir)
            # The story index's word splitting is measured from this SQLite once per process: in a worker
            # thread now, rather than on the event loop at the first search.
            await asyncio.to_thread(tokenizer_separators)
            await writer.execute(f"PRAGMA busy_timeout = {BUSY_SLICE_MS}")
            if path != ":memory:":  # an in-memory store exists only on its one connection
                reader = await aiosqlite.connect(path, isolation_level=None)
                reader.row_factory = sqlite3.Row
                # A reader waits only while another process recovers the WAL index: rare and short.
                await reader.execute("PRAGMA busy_timeout = 1000")
                await reader.execute("PRAGMA foreign_keys = ON")
                await reader.execute("PRAGMA query_only = ON")  # a write sent down the read path fails loudly
                database._reader = reader
        except BaseException:
            await writer.close()
            if reader is not None:
                await reader.close()
            raise
        return database

    @classmethod
    async def connect_readonly(cls, path: str | Path) -> SQLiteDatabase:
        file = Path(path)
        uri = _readonly_uri(file)
        try:
            reader = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError(f"cannot open the store at {file}: {exc}") from exc
        try:
            reader.row_factory = sqlite3.Row
            await reader.execute("PRAGMA busy_timeout = 1000")
            await reader.execute("PRAGMA query_only = ON")
            # The header is read here: a file that is not SQLite fails now, with one clear line.
            await reader.execute("PRAGMA user_version")
        except sqlite3.Error as exc:
            await reader.close()
            raise DatabaseError(f"{file} is not a readable skatebot store: {exc}") from exc
        return cls(None, reader, str(file))

    def _write_connection(self) -> aiosqlite.Connection:
        if self._writer is None:
            raise DatabaseError(f"the store at {self.path} was opened read-only")
        return self._writer

    async def close(self) -> None:
        async with self._lock:
            if self._reader is not self._writer:
                await self._reader.close()
            if self._writer is not None:
                await self._writer.close()

    async def _migrate(self, migrations_dir: Path) -> None:
        conn = self._write_connection()
        for number, path in pending_migrations(migrations_dir, await self._user_version(), self.path):
            log.info("applying migration %s", path.name)
            try:
                # The script carries its own BEGIN ... COMMIT and version bump, so it is atomic on its own.
                await conn.executescript(path.read_text(encoding="utf-8"))
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise DatabaseError(f"migration {path.name} failed and was rolled back: {exc}") from exc
            if await self._user_version() != number:
                raise DatabaseError(f"migration {path.name} must end with PRAGMA user_version = {number}")

    async def _user_version(self) -> int:
        async with self._reader.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None  # a PRAGMA always answers
        return int(row[0])

    async def schema_version(self) -> int:
        return await self._user_version()

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        """Every row of a read. One trip to the connection's thread (execute, fetch and close there), where a
        cursor costs three: it matters to the commands that read a handful of small results (a profile)."""
        check_values(params)
        return list(await self._reader.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        check_values(params)
        row: Row | None = await _in_worker(self._reader, _first_row, sql, params)
        return row

    async def fetch_each(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        for _, params in queries:
            check_values(params)
        rows: list[list[Row]] = await _in_worker(self._reader, _each, _all_rows, queries)
        return rows

    async def stream(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = (), *, batch: int = 2000
    ) -> AsyncIterator[Row]:
        """Yields rows a batch at a time: for big reads (every skater name) without holding them all."""
        check_values(params)
        async with self._reader.execute(sql, params) as cursor:
            while rows := await cursor.fetchmany(batch):
                for row in rows:
                    yield row

    async def _begin(self) -> aiosqlite.Connection:
        """Takes the asyncio lock and SQLite's write lock (BEGIN IMMEDIATE). While another process holds the
        write lock, each attempt blocks the connection's thread for at most BUSY_SLICE_MS, and the coroutine
        then sleeps with the asyncio lock released: the bot's other work goes on meanwhile."""
        conn = self._write_connection()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.write_wait
        pause = 0.005
        while True:
            await self._lock.acquire()
            try:
                await conn.execute("BEGIN IMMEDIATE")
                return conn
            except sqlite3.OperationalError as exc:
                self._lock.release()
                if not _is_busy(exc):
                    raise
                if loop.time() >= deadline:
                    raise self.busy(
                        f"another program has been writing to the store {self.path} for over "
                        f"{self.write_wait:g} s; nothing was written"
                    ) from exc
            except BaseException:
                self._lock.release()
                raise
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.1)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """Holds the write lock for the whole block; commits at the end, rolls back on any exception."""
        conn = await self._begin()
        try:
            try:
                yield SQLiteTransaction(conn)
            except BaseException:
                await conn.execute("ROLLBACK")
                raise
            await conn.execute("COMMIT")
        finally:
            self._lock.release()

    async def integrity_check(self) -> list[str]:
        """Returns SQLite's problems list: ["ok"] when the file is sound."""
        problems = [row[0] async for row in await self._reader.execute("PRAGMA integrity_check")]
        problems += [
            f"foreign key violation in {row[0]} (row {row[1]}) -> {row[2]}"
            async for row in await self._reader.execute("PRAGMA foreign_key_check")
        ]
        return problems

    async def backup(self, target: str | Path) -> None:
        """An online copy through SQLite's backup API, in one step from the read connection: a consistent
        snapshot even while the bot or an import keeps writing."""
        target = Path(target)
        if target.exists():
            raise DatabaseError(f"{target} already exists; choose a new file name for the backup")
        target.parent.mkdir(parents=True, exist_ok=True)
        destination = await aiosqlite.connect(str(target))
        try:
            await self._reader.backup(destination)
        finally:
            await destination.close()


class SQLiteTransaction(Transaction):
    """Each statement is one trip to the connection's thread (`_in_worker`): an import's thousands of upserts wait
    for that thread once each, not once to run, once to fetch and once to close a cursor."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._conn = connection

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        check_values(params)
        return int(await _in_worker(self._conn, _rowcount, sql, params))

    async def insert(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        check_values(params)
        return int(await _in_worker(self._conn, _lastrowid, sql, params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        # Every row is checked before the first is sent: an import's text (a protocol's element, a page's name)
        # with NUL or a lone surrogate is refused like a single statement's, not half-written.
        checked = list(rows)
        for row in checked:
            check_values(row)
        await _in_worker(self._conn, _many, sql, checked)

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        check_values(params)
        row: Row | None = await _in_worker(self._conn, _first_row, sql, params)
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        check_values(params)
        rows: list[Row] = await _in_worker(self._conn, _all_rows, sql, params)
        return rows

    async def execute_each(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        for _, params in statements:  # all checked before the first runs, as executemany's rows
            check_values(params)
        counts: list[int] = await _in_worker(self._conn, _each, _rowcount, statements)
        return counts

    async def executemany_each(self, steps: Sequence[tuple[str, Sequence[Sequence[Any]]]]) -> None:
        for _, rows in steps:
            for row in rows:
                check_values(row)
        await _in_worker(self._conn, _each, _many, steps)

    async def fetch_each(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        for _, params in queries:
            check_values(params)
        rows: list[list[Row]] = await _in_worker(self._conn, _each, _all_rows, queries)
        return rows


async def _in_worker(connection: aiosqlite.Connection, work: Callable[..., Any], *args: Any) -> Any:
    """Runs `work(sqlite3 connection, *args)` on the aiosqlite connection's own thread, in one trip through its
    queue: a statement with its result and its cursor closed, where aiosqlite's cursor calls take a trip each.
    aiosqlite has no public call for this; `_execute` is how its own methods reach the thread (since 0.1)."""
    return await connection._execute(work, connection._conn, *args)


def _rowcount(conn: sqlite3.Connection, sql: str, params: Any) -> int:
    cursor = conn.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _lastrowid(conn: sqlite3.Connection, sql: str, params: Any) -> int:
    cursor = conn.execute(sql, params)
    try:
        assert cursor.lastrowid is not None
        return cursor.lastrowid
    finally:
        cursor.close()


def _many(conn: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    conn.executemany(sql, rows).close()


def _each(conn: sqlite3.Connection, run: Callable[..., Any], statements: Sequence[tuple[str, Any]]) -> list[Any]:
    return [run(conn, sql, params) for sql, params in statements]


def _first_row(conn: sqlite3.Connection, sql: str, params: Any) -> Any:
    cursor = conn.execute(sql, params)
    try:
        return cursor.fetchone()
    finally:
        cursor.close()


def _all_rows(conn: sqlite3.Connection, sql: str, params: Any) -> list[Any]:
    cursor = conn.execute(sql, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()
