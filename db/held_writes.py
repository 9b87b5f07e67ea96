"""A transaction that holds back the writes nobody waits for, and sends them together.

An import or a generation of the stories writes thousands of rows whose outcome no caller looks at (a protocol's
rows, a story's skaters and index entry, an audit entry). Each would be a trip to the store (on SQLite, to its
connection's thread); held back here, they are sent in order, in one batch (`executemany_each`), before the next
statement that reads or counts, and at `flush`, which the holder calls before its transaction commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.database import Row, Transaction


class HeldWrites(Transaction):
    """`tx` with `write` and `executemany` held back (see the module); every other statement sends them first."""

    def __init__(self, tx: Transaction) -> None:
        self.dialect = tx.dialect
        self._tx = tx
        self._held: list[tuple[str, list[Any]]] = []  # each statement's rows: values in order, or by name

    async def write(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> None:
        await self.executemany(sql, [params])

    async def executemany(self, sql: str, rows: Any) -> None:
        if self._held and self._held[-1][0] == sql:  # the same statement again: one executemany
            self._held[-1][1].extend(rows)
        else:
            self._held.append((sql, list(rows)))

    async def executemany_each(self, steps: Sequence[tuple[str, Sequence[Sequence[Any]]]]) -> None:
        for sql, rows in steps:
            await self.executemany(sql, rows)

    async def flush(self) -> None:
        """Sends what is held back: call it before the transaction commits."""
        if self._held:
            held, self._held = self._held, []
            await self._tx.executemany_each(held)

    async def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        await self.flush()
        return await self._tx.execute(sql, params)

    async def insert(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        await self.flush()
        return await self._tx.insert(sql, params)

    async def execute_each(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        await self.flush()
        return await self._tx.execute_each(statements)

    async def fetchone(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        await self.flush()
        return await self._tx.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        await self.flush()
        return await self._tx.fetchall(sql, params)

    async def fetch_each(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        await self.flush()
        return await self._tx.fetch_each(queries)
