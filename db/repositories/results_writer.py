"""The results store's write side: what the importer writes, inside its one transaction."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from db.database import Row, Transaction
from db.held_writes import HeldWrites
from db.models import Provenance

# The tables the importer upserts whose rows have an `id` (the others are keyed by their references).
_KEYED_BY_ID = frozenset({"competitions", "events", "segments", "skaters", "entries", "notes", "team_results"})
# The column that orders the rows the importer replaces as a whole under their key.
_ROW_ORDER = {
    "protocol_elements": "number",
    "protocol_components": "position",
    "protocol_deductions": "position",
    "segment_officials": "position",
}

_PROTOCOL_TABLES = ("protocol_elements", "protocol_components", "protocol_deductions")


@dataclass
class StoredUnder:
    """What the store holds under one entry: its segment results, and its protocols' rows (in their order), by
    segment id. Empty for an entry just added."""

    results: dict[int, Row] = field(default_factory=dict)
    protocols: dict[str, dict[int, list[Row]]] = field(default_factory=dict)

    def result(self, segment_id: int) -> tuple[Row | None]:
        """The segment's stored result, as `upsert(known=...)` takes it."""
        return (self.results.get(segment_id),)

    def protocol(self, segment_id: int) -> dict[str, list[Row]]:
        """The segment's stored protocol rows by table, as `replace_each(stored=...)` takes them."""
        return {table: self.protocols.get(table, {}).get(segment_id, []) for table in _PROTOCOL_TABLES}


def _placeholders(values: Sequence[Any]) -> str:
    return ",".join("?" * len(values))


class ResultsWriter:
    """Write side, used inside one transaction by the importer.

    Each upsert reports whether it added, updated or left the row alone, so an import can say exactly
    what it changed (and that a second import of the same file changed nothing).
    """

    def __init__(self, tx: Transaction) -> None:
        self._tx = HeldWrites(tx)
        self._provenance_ids: dict[tuple[str, str, str], int] = {}

    async def provenance(self, provenance: Provenance | None) -> int | None:
        if provenance is None:
            return None
        key = (provenance.confidence, json.dumps(list(provenance.sources)), provenance.note)
        if key not in self._provenance_ids:
            row = await self._tx.fetchone(
                "SELECT id FROM provenance WHERE confidence = ? AND sources = ? AND note = ?", key
            )
            self._provenance_ids[key] = (
                row["id"]
                if row
                else await self._tx.insert("INSERT INTO provenance (confidence, sources, note) VALUES (?, ?, ?)", key)
            )
        return self._provenance_ids[key]

    async def flush(self) -> None:
        """Sends the writes still held back: before the transaction commits."""
        await self._tx.flush()

    async def stored_under(self, entry_id: int) -> StoredUnder:
        """An entry's stored segment results and protocols, read in one trip: an import of an entry already stored
        compares each of its segments with them, without a read per segment and table."""
        results, *tables = await self._tx.fetch_each(
            [
                ("SELECT * FROM segment_results WHERE entry_id = ?", (entry_id,)),
                *(
                    (f"SELECT * FROM {table} WHERE entry_id = ? ORDER BY segment_id, {_ROW_ORDER[table]}", (entry_id,))
                    for table in _PROTOCOL_TABLES
                ),
            ]
        )
        stored = StoredUnder({row["segment_id"]: row for row in results})
        for table, rows in zip(_PROTOCOL_TABLES, tables, strict=True):
            by_segment = stored.protocols.setdefault(table, {})
            for row in rows:
                by_segment.setdefault(row["segment_id"], []).append(row)
        return stored

    async def upsert(
        self, table: str, keys: dict[str, Any], values: dict[str, Any], *, known: tuple[Row | None] | None = None
    ) -> tuple[int | None, str]:
        """Inserts or updates one row matched by `keys`; returns (rowid or None, 'added'|'updated'|'unchanged').
        `known`: the row as the caller has just read it in this transaction ((None,): none is stored), not read again.

        `table` and the column names are the importer's constants, never user input.
        """
        # `= ?`, or IS NULL for a key without a value: an index serves both on either engine.
        where = " AND ".join(
            f"{column} = ?" if value is not None else f"{column} IS NULL" for column, value in keys.items()
        )
        key_values = tuple(value for value in keys.values() if value is not None)
        if known is not None:
            row = known[0]
        else:
            row = await self._tx.fetchone(f"SELECT * FROM {table} WHERE {where}", key_values)
        if row is None:
            columns = {**keys, **values}
            statement = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({_placeholders(list(columns))})"
            if table not in _KEYED_BY_ID:
                await self._tx.write(statement, tuple(columns.values()))
                return None, "added"
            return await self._tx.insert(statement, tuple(columns.values())), "added"
        changed = {column: value for column, value in values.items() if row[column] != value}
        existing: int | None = row["id"] if "id" in row.keys() else None  # Row has keys() but no "in"
        if not changed:
            return existing, "unchanged"
        assignments = ", ".join(f"{column} = ?" for column in changed)
        await self._tx.write(f"UPDATE {table} SET {assignments} WHERE {where}", (*changed.values(), *key_values))
        return existing, "updated"

    async def replace_rows(self, table: str, keys: dict[str, Any], rows: list[dict[str, Any]]) -> str:
        """Makes the rows under `keys` exactly `rows` (a panel: replaced as a whole); returns 'added', 'updated' or
        'unchanged'. `table` and the columns are the importer's constants."""
        return (await self.replace_each(keys, {table: rows}))[table]

    async def replace_each(
        self,
        keys: dict[str, Any],
        tables: dict[str, list[dict[str, Any]]],
        *,
        stored: dict[str, list[Row]] | None = None,
    ) -> dict[str, str]:
        """replace_rows for several tables under the same keys (a protocol's elements, components and deductions):
        their stored rows read at once (or given in `stored`, as the caller has read them in this transaction: see
        stored_under), and what changed written at once. Each table's change."""
        where = " AND ".join(f"{column} = ?" for column in keys)
        key_values = tuple(keys.values())
        # Each table's rows are numbered within the key (its primary key's last column): compared in that order.
        if stored is None:
            read = await self._tx.fetch_each(
                [(f"SELECT * FROM {table} WHERE {where} ORDER BY {_ROW_ORDER[table]}", key_values) for table in tables]
            )
            stored = dict(zip(tables, read, strict=True))
        changes: dict[str, str] = {}
        steps: list[tuple[str, list[tuple[Any, ...]]]] = []
        for table, rows in tables.items():
            current = stored[table]
            wanted = [{**keys, **row} for row in rows]
            if len(current) == len(wanted) and all(
                all(row[k] == w[k] for k in w) for row, w in zip(current, wanted, strict=True)
            ):
                changes[table] = "unchanged"
                continue
            if current:
                steps.append((f"DELETE FROM {table} WHERE {where}", [key_values]))
            if wanted:
                columns = list(wanted[0])
                steps.append(
                    (
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({_placeholders(columns)})",
                        [tuple(row[c] for c in columns) for row in wanted],
                    )
                )
            changes[table] = "updated" if current else "added"
        for statement, values in steps:
            await self._tx.executemany(statement, values)
        return changes

    async def competition_by_key(self, key: str) -> Row | None:
        return await self._tx.fetchone("SELECT * FROM competitions WHERE key = ?", (key,))

    async def remove_entries_except(self, event_id: int, keep: Iterable[int]) -> int:
        """Deletes the event's entries not in `keep` (a corrected site no longer lists them); returns how many.
        Their segment results, protocols and notes go with them (ON DELETE CASCADE)."""
        kept = list(keep)
        if not kept:
            return await self._tx.execute("DELETE FROM entries WHERE event_id = ?", (event_id,))
        return await self._tx.execute(
            f"DELETE FROM entries WHERE event_id = ? AND id NOT IN ({_placeholders(kept)})", (event_id, *kept)
        )

    async def remove_segment_results_except(self, segment_id: int, keep_entries: Iterable[int]) -> int:
        """Deletes the segment's results of entries not in `keep_entries`, with their protocols; returns how many."""
        kept = list(keep_entries)
        other = f"AND entry_id NOT IN ({_placeholders(kept)})" if kept else ""
        for table in ("protocol_elements", "protocol_components", "protocol_deductions"):
            await self._tx.execute(f"DELETE FROM {table} WHERE segment_id = ? {other}", (segment_id, *kept))
        return await self._tx.execute(f"DELETE FROM segment_results WHERE segment_id = ? {other}", (segment_id, *kept))

    async def find_skater(self, isu_id: str | None, match_key: str) -> Row | None:
        by_key = ("SELECT * FROM skaters WHERE match_key = ?", (match_key,))
        if not isu_id:
            return await self._tx.fetchone(*by_key)
        # The ISU id's skater first, else the key's: both looked up in one trip.
        found = await self._tx.fetch_each([("SELECT * FROM skaters WHERE isu_id = ?", (isu_id,)), by_key])
        return next((rows[0] for rows in found if rows), None)

    async def skaters_named(self, name_key: str) -> list[Row]:
        """The skaters of any country whose match key has this name part (normalised words, sorted)."""
        return await self._tx.fetchall(
            f"SELECT * FROM skaters WHERE {self._tx.dialect.name_key('match_key')} = ?", (name_key,)
        )

    async def partners_of(self, skater_id: int) -> list[Row]:
        """The skaters who shared an entry with this one (their partners in pairs or dance)."""
        return await self._tx.fetchall(
            "SELECT DISTINCT s.* FROM entry_skaters mine JOIN entry_skaters other ON other.entry_id = mine.entry_id "
            "AND other.skater_id != mine.skater_id JOIN skaters s ON s.id = other.skater_id WHERE mine.skater_id = ?",
            (skater_id,),
        )

    async def add_aliases(self, skater_id: int, aliases: Sequence[str]) -> int:
        """Adds the skater's other spellings at once; how many they did not have yet."""
        statement = "INSERT INTO skater_aliases (skater_id, alias) VALUES (?, ?) ON CONFLICT DO NOTHING"
        if not aliases:
            return 0
        return sum(await self._tx.execute_each([(statement, (skater_id, alias)) for alias in aliases]))

    async def set_entry_skaters(self, entry_id: int, skater_ids: Sequence[int]) -> None:
        await self._tx.write("DELETE FROM entry_skaters WHERE entry_id = ?", (entry_id,))
        await self._tx.executemany(
            "INSERT INTO entry_skaters (entry_id, position, skater_id) VALUES (?, ?, ?)",
            [(entry_id, position, skater_id) for position, skater_id in enumerate(skater_ids)],
        )

    async def record_import(self, source: str, sha256: str, imported_at: str, summary: str) -> None:
        await self._tx.insert(
            "INSERT INTO imports (source, sha256, imported_at, summary) VALUES (?, ?, ?, ?)",
            (source, sha256, imported_at, summary),
        )
