"""The store on a PostgreSQL server (SKATEBOT_DB=postgresql://...), through asyncpg, behind db.database's interface.

Reads go through a pool of read-only sessions and see the last committed state, as SQLite's read connection does;
they never wait for a write. Writes go through one connection behind an asyncio lock, each `transaction()` a real
PostgreSQL transaction that first takes one advisory lock of the database (held to its end): one writer at a time,
across every process, as SQLite's write lock gives. The repositories rely on it: they read and then write inside one
transaction (an import's rows matched before they are added, a member's report count, a source already there), and
at PostgreSQL's READ COMMITTED two such transactions of two processes would each miss the other's rows (two processes
starting on a new store both imported the bundled data: the second failed on the first's keys). A write that waits
for another process's longer than `write_wait` gives up (lock_timeout: StoreBusy), as on SQLite.

The repositories write SQLite's placeholders, `?` and `:name`; each statement's text is translated once to
PostgreSQL's `$1, $2, ...` (cached), leaving string literals, quoted names and comments alone.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from db.database import (
    MIGRATIONS_DIR,
    POSTGRES_MIGRATIONS,
    WRITE_WAIT,
    Database,
    DatabaseError,
    Row,
    StoreLost,
    StoreMissing,
    Transaction,
    check_values,
    pending_migrations,
    redacted,
)
from db.dialect import POSTGRESQL

log = logging.getLogger(__name__)

# Concurrent reads: the bot's commands read a handful of small results each; a few sessions serve them all.
READ_POOL_SIZE = 4
# One key for the migrations' advisory lock: two processes starting on a new database migrate it once.
_MIGRATION_LOCK = 0x736B617465  # "skate"
# The write lock's advisory key: every write transaction of every process takes it (see above).
_WRITE_LOCK = 0x736B617466

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# How long a read may wait for the server (a hung one: stopped, swapping) before it is given up as StoreBusy.
READ_WAIT = 10.0
# What a server that went away mid-statement raises: a restart or failover (the session was terminated, the server
# is starting up), a connection reset. A second try on a new connection is then safe for a read, and for a write
# whose transaction never reached its COMMIT.
LOST = (
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.ConnectionFailureError,
    ConnectionError,
    OSError,
)
# What the client raises on a session the server ended under it (a statement after the termination arrived): inside
# a write's transaction, that transaction is lost too.
BROKEN = (asyncpg.InterfaceError, asyncpg.InternalClientError)
T = TypeVar("T")


@functools.lru_cache(maxsize=4096)
def translate(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """SQLite's placeholders as PostgreSQL's: `?` in order as $1, $2, ...; `:name` as one $n per name (the
    names returned, in $n order, to pick the values from a mapping; None for positional statements). String
    literals ('...'), quoted names ("...") and comments are copied untouched, and so is a cast (`::`)."""
    out: list[str] = []
    names: list[str] = []
    positional = 0
    i = 0
    n = len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"":
            end = i + 1
            while True:
                end = sql.index(c, end)
                if end + 1 < n and sql[end + 1] == c:  # a doubled quote inside the literal
                    end += 2
                    continue
                break
            out.append(sql[i : end + 1])
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif sql.startswith("/*", i):
            end = sql.index("*/", i) + 2
            out.append(sql[i:end])
            i = end
        elif c == "?":
            positional += 1
            out.append(f"${positional}")
            i += 1
        elif c == ":" and sql.startswith("::", i):
            out.append("::")
            i += 2
        elif c == ":" and (match := _NAME.match(sql, i + 1)):
            name = match.group(0)
            if name not in names:
                names.append(name)
            out.append(f"${names.index(name) + 1}")
            i = match.end()
        else:
            out.append(c)
            i += 1
    if positional and names:
        raise ValueError(f"a statement mixes ? and :name placeholders: {sql}")
    return "".join(out), (tuple(names) if names else None)


def _arguments(names: tuple[str, ...] | None, params: Sequence[Any] | dict[str, Any]) -> list[Any]:
    """The values in $n order; UnstorableValue (nothing sent) for one neither engine stores as given."""
    check_values(params)
    if names is None:
        if isinstance(params, dict):
            raise TypeError("named values for a statement with ? placeholders")
        return list(params)
    if not isinstance(params, dict):
        raise TypeError("a statement with :name placeholders takes its values by name")
    return [params[name] for name in names]


def _rowcount(status: str) -> int:
    """The affected rows of a command's status ("INSERT 0 1", "UPDATE 3", "DELETE 0")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDatabase(Database):
    dialect = POSTGRESQL

    def __init__(
        self, writer: asyncpg.Connection | None, readers: asyncpg.Pool, url: str, *, write_wait: float = WRITE_WAIT
    ) -> None:
        self._writer = writer
        self._readers = readers
        self._lock = asyncio.Lock()
        self._url = url
        self.path = redacted(url)
        self.write_wait = write_wait
        self.read_wait = min(READ_WAIT, write_wait)

    @classmethod
    async def connect(
        cls, url: str, *, migrations_dir: Path = MIGRATIONS_DIR / POSTGRES_MIGRATIONS, write_wait: float = WRITE_WAIT
    ) -> PostgresDatabase:
        writer = await _connect(url)
        readers: asyncpg.Pool | None = None
        try:
            await _migrate(writer, migrations_dir, redacted(url))
            await _limit_lock_wait(writer, write_wait)
            readers = await _read_pool(url)
        except BaseException:
            await writer.close()
            raise
        return cls(writer, readers, url, write_wait=write_wait)

    async def _begin(self) -> tuple[asyncpg.Connection, Any]:
        """Starts a transaction on the write connection, opened again when the server closed it (a restart, a
        failover, an administrator): the write that finds it lost waits for a new one instead of failing, as the
        read pool's do. Nothing of the write was sent yet, so trying again is safe. (The connection is this
        process's writes' alone, behind the lock: a client-side error at BEGIN can only mean it is broken.)"""
        assert self._writer is not None
        if not self._writer.is_closed():
            transaction = self._writer.transaction()
            try:
                await transaction.start()
            except (asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError, asyncpg.InternalClientError):
                self._writer.terminate()
            else:
                return self._writer, await _locked(self._writer, transaction)
        log.warning("the write connection to %s was closed; connecting again", self.path)
        self._writer = await _writer(self._url, self.write_wait)
        transaction = self._writer.transaction()
        await transaction.start()
        return self._writer, await _locked(self._writer, transaction)

    @classmethod
    async def connect_readonly(cls, url: str) -> PostgresDatabase:
        readers = await _read_pool(url)
        try:
            exists = await readers.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        except BaseException:
            await readers.close()
            raise
        if not exists:
            await readers.close()
            raise StoreMissing(f"no store at {redacted(url)}")
        return cls(None, readers, url)

    async def close(self) -> None:
        async with self._lock:
            await self._readers.close()
            if self._writer is not None:
                await self._writer.close()

    async def schema_version(self) -> int:
        version = await self._read(lambda conn, wait: conn.fetchval("SELECT version FROM schema_version", timeout=wait))
        return int(version)

    async def _read(self, run: Callable[[asyncpg.Connection, float], Awaitable[T]]) -> T:
        """One read on a pooled session (`run(session, timeout)`): tried again once on fresh sessions when the server
        closed the one it ran on (a restart, a failover: every pooled session is then stale, so all are replaced);
        StoreLost when the second try fails too; StoreBusy when the server does not answer within `read_wait`
        (hung), the session then dropped without a word to the server (a polite release would wait for it)."""
        for attempt in (1, 2):
            try:
                conn = await asyncio.wait_for(self._readers.acquire(), self.read_wait)
            except TimeoutError:
                raise self._read_hung() from None
            except LOST as exc:
                if attempt == 2:
                    raise StoreLost(f"the store {self.path} is unreachable: {exc}") from exc
                await self._readers.expire_connections()
                continue
            try:
                return await run(conn, self.read_wait)
            except TimeoutError:
                conn.terminate()
                raise self._read_hung() from None
            except (*LOST, *BROKEN) as exc:
                conn.terminate()
                if attempt == 2:
                    raise StoreLost(f"the store {self.path} is unreachable: {exc}") from exc
                log.warning("a read on %s lost its connection (%s); trying again on a new one", self.path, exc)
                await self._readers.expire_connections()
            finally:
                await self._readers.release(conn)
        raise AssertionError("unreachable")

    def _read_hung(self) -> Exception:
        return self.busy(f"the store {self.path} has not answered a read for {self.read_wait:g} s; nothing was read")

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        text, names = translate(sql)
        arguments = _arguments(names, params)
        return list(await self._read(lambda conn, wait: conn.fetch(text, *arguments, timeout=wait)))

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        text, names = translate(sql)
        arguments = _arguments(names, params)
        row: Row | None = await self._read(lambda conn, wait: conn.fetchrow(text, *arguments, timeout=wait))
        return row

    async def stream(
        self, sql: str, params: Sequence[Any] | dict[str, Any] = (), *, batch: int = 2000
    ) -> AsyncIterator[Row]:
        """Yields rows a batch at a time through a server-side cursor (which lives in a transaction)."""
        text, names = translate(sql)
        async with self._readers.acquire() as conn, conn.transaction():
            async for row in conn.cursor(text, *_arguments(names, params), prefetch=batch):
                yield row

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """One write in its own transaction; tried again once on a new connection when the server closed the old
        one before the write committed (nothing of it was kept), as a read is."""
        try:
            return await super().execute(sql, params)
        except StoreLost as lost:
            if lost.saved is not False:
                raise
            log.warning("a write on %s lost its connection before committing; trying again", self.path)
            return await super().execute(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One PostgreSQL transaction on the write connection, which this process's other writes wait for;
        commits at the end, rolls back on any exception. A server that closes the connection during the block is
        StoreLost (nothing saved: the block is the caller's, so it is not run again here), during COMMIT StoreLost
        with `saved` None; one that does not answer within `write_wait` is StoreBusy, the connection given up (the
        next write opens a new one)."""
        if self._writer is None:
            raise DatabaseError(f"the store at {self.path} was opened read-only")
        try:
            await asyncio.wait_for(self._lock.acquire(), self.write_wait)
        except TimeoutError:
            raise self.busy(
                f"the store {self.path} has been busy with other writes for over {self.write_wait:g} s; "
                "nothing was written"
            ) from None
        try:
            try:
                writer, transaction = await asyncio.wait_for(self._begin(), self.write_wait)
            except TimeoutError:
                self._give_up_writer()
                raise self._hung() from None
            try:
                yield PostgresTransaction(writer, self.write_wait)
            except TimeoutError:  # before LOST: TimeoutError is an OSError, and a hung server is not a lost one
                self._give_up_writer()
                raise self._hung() from None
            except (*LOST, *BROKEN) as exc:
                self._give_up_writer()
                raise StoreLost(f"the store {self.path} closed the connection; nothing was saved: {exc}") from exc
            except BaseException:
                if not writer.is_closed():
                    await transaction.rollback()
                raise
            try:
                await asyncio.wait_for(transaction.commit(), self.write_wait)
            except (TimeoutError, *LOST) as exc:
                self._give_up_writer()
                raise StoreLost(
                    f"the store {self.path} did not confirm a commit; the change may not have been saved", saved=None
                ) from exc
        except asyncpg.LockNotAvailableError as exc:
            raise self.busy(
                f"another program has been writing to the store {self.path} for over {self.write_wait:g} s; "
                "nothing was written"
            ) from exc
        finally:
            self._lock.release()

    def _give_up_writer(self) -> None:
        """Drops the write connection without a word to the server (which may not answer): `_begin` opens a new one."""
        if self._writer is not None and not self._writer.is_closed():
            self._writer.terminate()

    def _hung(self) -> Exception:
        return self.busy(f"the store {self.path} has not answered for {self.write_wait:g} s; nothing was written")

    async def integrity_check(self) -> list[str]:
        """PostgreSQL keeps its own pages and constraints sound; what can be wrong is a constraint left
        unchecked (NOT VALID) or a foreign key's trigger disabled. ["ok"] when neither is found. The pages
        themselves are checked by the server's own tool, pg_amcheck."""
        problems = [
            f"constraint {row['conname']} on {row['table']} is not validated"
            for row in await self._readers.fetch(
                "SELECT c.conname, c.conrelid::regclass::text AS table FROM pg_constraint c "
                "JOIN pg_namespace n ON n.oid = c.connamespace "
                "WHERE n.nspname = current_schema() AND NOT c.convalidated"
            )
        ]
        problems += [
            f"trigger {row['tgname']} on {row['table']} is disabled"
            for row in await self._readers.fetch(
                "SELECT t.tgname, t.tgrelid::regclass::text AS table FROM pg_trigger t "
                "JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace "
                "WHERE n.nspname = current_schema() AND t.tgenabled = 'D'"
            )
        ]
        return problems or ["ok"]

    async def backup(self, target: str | Path) -> None:
        raise DatabaseError(
            f"the store at {self.path} is a PostgreSQL database: back it up with the server's own tool, "
            f"pg_dump (for example pg_dump --format=custom --file={target} DATABASE_URL)"
        )


class PostgresTransaction(Transaction):
    """The statements of one transaction, each waiting for the server at most `wait` (a hung server: TimeoutError,
    StoreBusy to the caller); an import's bulk rows (`executemany`) as long as they take."""

    dialect = POSTGRESQL

    def __init__(self, connection: asyncpg.Connection, wait: float | None = None) -> None:
        self._conn = connection
        self._wait = wait

    def _left(self) -> float | None:
        return self._wait

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        text, names = translate(sql)
        return _rowcount(await self._conn.execute(text, *_arguments(names, params), timeout=self._left()))

    async def insert(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        text, names = translate(sql + " RETURNING id")
        return int(await self._conn.fetchval(text, *_arguments(names, params), timeout=self._left()))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        text, names = translate(sql)
        arguments = [_arguments(names, row) for row in rows]
        if arguments:
            await self._conn.executemany(text, arguments)

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        text, names = translate(sql)
        row: Row | None = await self._conn.fetchrow(text, *_arguments(names, params), timeout=self._left())
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        text, names = translate(sql)
        return list(await self._conn.fetch(text, *_arguments(names, params), timeout=self._left()))

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
        """Many rows at once through COPY (skatebot db migrate-to)."""
        if rows:
            await self._conn.copy_records_to_table(table, records=rows, columns=list(columns))


def database_url(server: str, name: str) -> str:
    """The URL of database `name` on the server that `server` (a URL to any of its databases) reaches."""
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def _identifier(name: str) -> str:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"not a plain database name: {name!r}")
    return f'"{name}"'


async def fresh_database(server: str, name: str, *, template: str | None = None) -> str:
    """A new, empty database `name` (dropped first if it exists), or a copy of database `template`, on the server
    that `server` reaches; its URL. For the tests and benchmarks, which need a store of their own each."""
    conn = await _connect(server)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {_identifier(name)} WITH (FORCE)")
        source = _identifier(template) if template else "template0"
        await conn.execute(f"CREATE DATABASE {_identifier(name)} TEMPLATE {source}")
    finally:
        await conn.close()
    return database_url(server, name)


async def drop_database(server: str, name: str) -> None:
    conn = await _connect(server)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {_identifier(name)} WITH (FORCE)")
    finally:
        await conn.close()


async def _connect(url: str, **options: Any) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(url, **options)
    except asyncpg.InvalidCatalogNameError as exc:
        raise StoreMissing(f"no database at {redacted(url)} ({exc}); create it first (createdb)") from exc
    except (OSError, asyncpg.PostgresError) as exc:
        raise DatabaseError(f"cannot reach the store at {redacted(url)}: {exc}") from exc


async def _locked(conn: asyncpg.Connection, transaction: Any) -> Any:
    """The started `transaction`, once it holds the store's write lock (given up with it, at its end); rolled back
    when the lock is not had within lock_timeout."""
    try:
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _WRITE_LOCK)
    except BaseException:
        await transaction.rollback()
        raise
    return transaction


async def _limit_lock_wait(conn: asyncpg.Connection, write_wait: float) -> None:
    """A write waits for another process's row locks at most `write_wait`, then gives up (StoreBusy)."""
    await conn.execute(f"SET lock_timeout = {int(write_wait * 1000)}")


async def _writer(url: str, write_wait: float) -> asyncpg.Connection:
    conn = await _connect(url)
    await _limit_lock_wait(conn, write_wait)
    return conn


async def _read_pool(url: str) -> asyncpg.Pool:
    """Sessions that only read: a write sent down the read path fails loudly, as on SQLite (query_only)."""
    try:
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=READ_POOL_SIZE, server_settings={"default_transaction_read_only": "on"}
        )
    except asyncpg.InvalidCatalogNameError as exc:
        raise StoreMissing(f"no database at {redacted(url)} ({exc}); create it first (createdb)") from exc
    except (OSError, asyncpg.PostgresError) as exc:
        raise DatabaseError(f"cannot reach the store at {redacted(url)}: {exc}") from exc
    assert pool is not None
    return pool


async def _migrate(conn: asyncpg.Connection, migrations_dir: Path, where: str) -> None:
    """Applies the migrations the database lacks, each in its own transaction with its version bump, under an
    advisory lock so that processes starting together migrate once."""
    await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
    try:
        async with conn.transaction():
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            await conn.execute("INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version)")
        current = int(await conn.fetchval("SELECT version FROM schema_version"))
        for number, path in pending_migrations(migrations_dir, current, where):
            log.info("applying migration %s", path.name)
            try:
                async with conn.transaction():
                    await conn.execute(path.read_text(encoding="utf-8"))
                    await conn.execute("UPDATE schema_version SET version = $1", number)
            except asyncpg.PostgresError as exc:
                raise DatabaseError(f"migration {path.name} failed and was rolled back: {exc}") from exc
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
