from __future__ import annotations

import pytest

from db.database import Database
from db.held_writes import HeldWrites
from tests.stores import Location

INSERT = "INSERT INTO provenance (confidence, sources, note) VALUES (?, ?, ?)"


async def test_held_writes_are_sent_in_order_before_the_next_read_and_at_flush(store_location: Location) -> None:
    """What an import or the stories' generation holds back is what it wrote, in the order written: a read sees
    every write before it, and flush sends the rest before the commit."""
    db = await Database.open(store_location)
    try:
        async with db.transaction() as tx:
            held = HeldWrites(tx)
            await held.write(INSERT, ("derived", "[]", "a"))
            await held.executemany(INSERT, [("derived", "[]", "b"), ("derived", "[]", "c")])
            await held.write("UPDATE provenance SET note = :new WHERE note = :old", {"new": "d", "old": "a"})
            await held.write("DELETE FROM provenance WHERE note = ?", ("b",))
            notes = await held.fetchall("SELECT note FROM provenance ORDER BY note")
            assert [row["note"] for row in notes] == ["c", "d"]
            await held.write(INSERT, ("derived", "[]", "e"))
            await held.flush()
        rows = await db.fetchall("SELECT note FROM provenance ORDER BY note")
        assert [row["note"] for row in rows] == ["c", "d", "e"]
    finally:
        await db.close()


@pytest.mark.sqlite
async def test_held_writes_reach_sqlite_in_one_trip(store_location: Location, sqlite_trips: list[object]) -> None:
    """Held writes and the read after them: two trips to SQLite's connection thread, not one per statement."""
    db = await Database.open(store_location)
    trips = sqlite_trips
    try:
        async with db.transaction() as tx:
            trips.clear()
            held = HeldWrites(tx)
            for note in "abcd":
                await held.write(INSERT, ("derived", "[]", note))
            await held.write("DELETE FROM provenance WHERE note = ?", ("a",))
            assert not trips
            assert (await held.fetchone("SELECT count(*) FROM provenance"))[0] == 3
            assert len(trips) == 2
            await held.flush()
            assert len(trips) == 2  # nothing was left to send
    finally:
        await db.close()
