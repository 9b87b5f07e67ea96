"""Reading and writing the results store. The only module that knows its tables."""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import fields
from typing import Any, TypeVar
from urllib.parse import urlsplit

from db.database import Database, Row
from db.models import (
    AuditRecord,
    Competition,
    Entry,
    Event,
    Figure,
    JumpElement,
    Protocol,
    ProtocolComponent,
    ProtocolElement,
    Provenance,
    Segment,
    SegmentResult,
    Skater,
    SkaterHoldings,
    StoreSummary,
    TeamResult,
    TeamSegmentResult,
    UnanimousMark,
)
from db.repositories.audit import write_audit
from db.repositories.import_changes import ImportChanges

_Model = TypeVar("_Model", Competition, Event, Segment)

SEGMENT_FIGURES = ("rank", "tss", "tes", "pcs", "deductions", "starting_number")
TEAM_SEGMENT_FIGURES = ("rank", "points", "tss")


def _row_to(model: type[_Model], row: Row) -> _Model:
    """Builds a row model from the columns of the same names."""
    return model(**{f.name: row[f.name] for f in fields(model)})


def _placeholders(values: Sequence[Any]) -> str:
    return ",".join("?" * len(values))


def _element(row: Row) -> ProtocolElement:
    """A protocol element as stored (protocol_elements)."""
    return ProtocolElement(
        row["number"],
        row["code"],
        row["info"],
        row["base_value"],
        bool(row["bonus"]),
        row["goe"],
        tuple(json.loads(row["judges"])),
        row["panel_score"],
    )


def _component(row: Row) -> ProtocolComponent:
    """A protocol component as stored (protocol_components)."""
    return ProtocolComponent(row["name"], row["factor"], tuple(json.loads(row["judges"])), row["score"])


class ResultsRepository(ImportChanges):
    """Read side. Provenance rows are immutable (never updated or deleted), so they are cached by id."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._provenance: dict[int, Provenance] = {}

    # --- lookups -------------------------------------------------------------------------------------
    @property
    def database(self) -> Database:
        """The store, for the importers that write results in their own transaction."""
        return self._db

    async def competitions(self) -> list[Competition]:
        rows = await self._db.fetchall("SELECT * FROM competitions ORDER BY start_date DESC, name")
        return [_row_to(Competition, row) for row in rows]

    async def competition(self, competition_id: int) -> Competition | None:
        row = await self._db.fetchone("SELECT * FROM competitions WHERE id = ?", (competition_id,))
        return _row_to(Competition, row) if row else None

    async def events(self, competition_id: int | None = None) -> list[Event]:
        if competition_id is None:
            rows = await self._db.fetchall("SELECT * FROM events ORDER BY competition_id, id")
        else:
            rows = await self._db.fetchall(
                "SELECT * FROM events WHERE competition_id = ? ORDER BY id", (competition_id,)
            )
        return [_row_to(Event, row) for row in rows]

    async def segments_by_event(self) -> dict[int, list[Segment]]:
        """Every event's segments in skating order."""
        segments: dict[int, list[Segment]] = {}
        for row in await self._db.fetchall("SELECT * FROM segments ORDER BY event_id, position"):
            segments.setdefault(row["event_id"], []).append(_row_to(Segment, row))
        return segments

    async def skater(self, skater_id: int) -> Skater | None:
        dialect = self._db.dialect
        row = await self._db.fetchone(
            f"SELECT s.*, (SELECT {dialect.text_list('alias', dialect.unit_separator, 'alias')} FROM (SELECT alias "
            "FROM skater_aliases WHERE skater_id = s.id ORDER BY alias) AS a) AS aliases FROM skaters s WHERE s.id = ?",
            (skater_id,),
        )
        if row is None:
            return None
        aliases = tuple(row["aliases"].split("\x1f")) if row["aliases"] else ()
        return Skater(id=row["id"], name=row["name"], country=row["country"], isu_id=row["isu_id"], aliases=aliases)

    async def skater_names(self) -> AsyncIterator[tuple[int, str, list[str], SkaterHoldings]]:
        """(id, name, aliases, what the store holds of them) for every skater, streamed in id order: what the
        search index is built from."""
        dialect = self._db.dialect
        async for row in self._db.stream(
            f"SELECT s.id, s.name, {dialect.text_list('a.alias', dialect.unit_separator, 'a.alias')} AS aliases, "
            "max(h.entries) AS entries, max(h.medals) AS medals, max(h.latest) AS latest "
            "FROM skaters s LEFT JOIN skater_aliases a ON a.skater_id = s.id "
            "LEFT JOIN (SELECT es.skater_id, count(*) AS entries, "
            "sum(CASE WHEN e.place BETWEEN 1 AND 3 THEN 1 ELSE 0 END) AS medals, max(c.season) AS latest "
            "FROM entry_skaters es JOIN entries e ON e.id = es.entry_id JOIN events ev ON ev.id = e.event_id "
            "JOIN competitions c ON c.id = ev.competition_id GROUP BY es.skater_id) h ON h.skater_id = s.id "
            "GROUP BY s.id ORDER BY s.id"
        ):
            aliases = row["aliases"].split("\x1f") if row["aliases"] else []
            # int(): PostgreSQL sums to a numeric (Decimal)
            holdings = SkaterHoldings(int(row["entries"] or 0), int(row["medals"] or 0), row["latest"])
            yield row["id"], row["name"], aliases, holdings

    async def newest_season(self) -> str | None:
        """The latest season the store holds a competition of ("2025-26"), or None for an empty store."""
        row = await self._db.fetchone("SELECT max(season) AS season FROM competitions")
        return row["season"] if row else None

    async def namesakes(self) -> dict[int, str]:
        """id -> country of the skaters who share their name with another skater (told apart by country)."""
        rows = await self._db.fetchall(
            "SELECT id, country FROM skaters WHERE lower(name) IN "
            "(SELECT lower(name) FROM skaters GROUP BY lower(name) HAVING count(*) > 1)"
        )
        return {row["id"]: row["country"] for row in rows}

    async def couples(self) -> list[tuple[int, int]]:
        """Every two skaters who share an entry (pairs and dance couples), in the order the entry lists them."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT a.skater_id, b.skater_id FROM entry_skaters a JOIN entry_skaters b "
            "ON b.entry_id = a.entry_id AND b.position = 1 WHERE a.position = 0"
        )
        return [(row[0], row[1]) for row in rows]

    async def add_alias(self, skater_id: int, alias: str, audit: AuditRecord) -> bool:
        """Adds another spelling of a skater's name (audited); False when the skater already has it."""
        async with self._db.transaction() as tx:
            added = await tx.execute(
                "INSERT INTO skater_aliases (skater_id, alias) VALUES (?, ?) ON CONFLICT DO NOTHING", (skater_id, alias)
            )
            if added:
                await write_audit(tx, None, audit)
        return bool(added)

    async def remove_alias(self, skater_id: int, alias: str, audit: AuditRecord) -> bool:
        """Removes a spelling (audited); False when the skater does not have it."""
        async with self._db.transaction() as tx:
            removed = await tx.execute(
                "DELETE FROM skater_aliases WHERE skater_id = ? AND alias = ?", (skater_id, alias)
            )
            if removed:
                await write_audit(tx, None, audit)
        return bool(removed)

    async def has_imports(self) -> bool:
        return await self._db.fetchone("SELECT 1 FROM imports LIMIT 1") is not None

    async def latest_import(self) -> int:
        """The id of the latest import (0: none yet): what a loaded copy of the results is as new as."""
        row = await self._db.fetchone("SELECT coalesce(max(id), 0) FROM imports")
        assert row is not None
        return int(row[0])

    async def summary(self) -> StoreSummary:
        counts = await self._db.fetchone(
            "SELECT (SELECT count(*) FROM competitions) AS competitions, (SELECT count(*) FROM events) AS events,"
            " (SELECT count(*) FROM skaters) AS skaters, (SELECT count(*) FROM entries) AS entries"
        )
        last = await self._db.fetchone("SELECT source, imported_at FROM imports ORDER BY id DESC LIMIT 1")
        assert counts is not None  # counts always answer
        sites: Counter[str] = Counter()
        for row in await self._db.fetchall("SELECT sources FROM provenance"):
            for url in json.loads(row["sources"]):
                host = urlsplit(url).hostname or ""
                sites[host.removeprefix("www.")] += 1
        return StoreSummary(
            competitions=counts["competitions"],
            events=counts["events"],
            skaters=counts["skaters"],
            entries=counts["entries"],
            last_import_at=last["imported_at"] if last else None,
            last_import_source=last["source"] if last else None,
            source_sites=tuple(sites.most_common()),
        )

    # --- entries -------------------------------------------------------------------------------------
    async def event_entries(self, event_id: int) -> list[Entry]:
        return await self._entries("e.event_id = ?", (event_id,))

    async def skater_records(self, skater_id: int) -> tuple[list[Entry], list[TeamResult]]:
        """Every entry the skater was part of (with partners, segment results and notes), and every team
        result they skated a segment for: a profile in a handful of queries, whatever the career's length."""
        entries = await self._entries("e.id IN (SELECT entry_id FROM entry_skaters WHERE skater_id = ?)", (skater_id,))
        # A team segment's skater_key is the skater's id, or a couple's two ids joined by "/".
        teams = await self._team_results(
            "t.id IN (SELECT team_result_id FROM team_segment_results "
            "WHERE '/' || skater_key || '/' LIKE '%/' || ? || '/%')",
            (str(skater_id),),
        )
        return entries, teams

    async def skaters(self, skater_ids: Sequence[int]) -> list[Skater]:
        """The skaters with these ids that exist, in the order asked (without their aliases)."""
        if not skater_ids:
            return []
        rows = await self._db.fetchall(
            f"SELECT id, name, country, isu_id FROM skaters WHERE id IN ({_placeholders(skater_ids)})", skater_ids
        )
        found = {
            row["id"]: Skater(id=row["id"], name=row["name"], country=row["country"], isu_id=row["isu_id"])
            for row in rows
        }
        return [found[i] for i in skater_ids if i in found]

    async def _entries(self, where: str, params: Sequence[Any]) -> list[Entry]:
        entry_rows = await self._db.fetchall(
            f"SELECT e.* FROM entries e WHERE {where} ORDER BY e.event_id, e.place IS NULL, e.place, e.id", params
        )
        if not entry_rows:
            return []
        ids = [row["id"] for row in entry_rows]
        marks = _placeholders(ids)
        # The entries' skaters, segment results and notes in one go (one trip to SQLite's read thread).
        skater_rows, segment_rows, note_rows = await self._db.fetch_each(
            [
                (
                    f"SELECT es.entry_id, s.id, s.name, s.country, s.isu_id FROM entry_skaters es JOIN skaters s "
                    f"ON s.id = es.skater_id WHERE es.entry_id IN ({marks}) ORDER BY es.entry_id, es.position",
                    ids,
                ),
                (f"SELECT * FROM segment_results WHERE entry_id IN ({marks})", ids),
                (f"SELECT entry_id, text, prov FROM notes WHERE entry_id IN ({marks}) ORDER BY id", ids),
            ]
        )
        prov_ids = {row[f"{name}_prov"] for row in entry_rows for name in ("place", "total")}
        prov_ids |= {row[f"{name}_prov"] for row in segment_rows for name in SEGMENT_FIGURES}
        prov_ids |= {row["prov"] for row in note_rows}
        await self._load_provenance(prov_ids)

        entries = {
            row["id"]: Entry(
                id=row["id"],
                event_id=row["event_id"],
                country=row["country"],
                skaters=[],
                place=self._figure(row, "place"),
                total=self._figure(row, "total"),
                status=row["status"],
            )
            for row in entry_rows
        }
        for row in skater_rows:
            entries[row["entry_id"]].skaters.append(
                Skater(id=row["id"], name=row["name"], country=row["country"], isu_id=row["isu_id"])
            )
        for row in segment_rows:
            entries[row["entry_id"]].segments[row["segment_id"]] = SegmentResult(
                row["segment_id"], *(self._figure(row, name) for name in SEGMENT_FIGURES)
            )
        for row in note_rows:
            entries[row["entry_id"]].notes.append(Figure(row["text"], self._provenance.get(row["prov"])))
        return list(entries.values())

    async def team_results(self, event_id: int) -> list[TeamResult]:
        return await self._team_results("t.event_id = ?", (event_id,))

    async def _team_results(self, where: str, params: Sequence[Any]) -> list[TeamResult]:
        team_rows = await self._db.fetchall(
            f"SELECT t.* FROM team_results t WHERE {where} ORDER BY t.event_id, t.place IS NULL, t.place, t.country",
            params,
        )
        if not team_rows:
            return []
        ids = [row["id"] for row in team_rows]
        segment_rows = await self._db.fetchall(
            f"SELECT ts.* FROM team_segment_results ts WHERE ts.team_result_id IN ({_placeholders(ids)})", ids
        )
        prov_ids = {row[f"{name}_prov"] for row in team_rows for name in ("place", "points")}
        prov_ids |= {row[f"{name}_prov"] for row in segment_rows for name in TEAM_SEGMENT_FIGURES}
        await self._load_provenance(prov_ids)
        teams = {
            row["id"]: TeamResult(
                id=row["id"],
                event_id=row["event_id"],
                country=row["country"],
                name=row["name"],
                place=self._figure(row, "place"),
                points=self._figure(row, "points"),
            )
            for row in team_rows
        }
        for row in segment_rows:
            teams[row["team_result_id"]].segments[row["segment_id"]] = TeamSegmentResult(
                row["segment_id"],
                row["skater_key"],
                row["skater_names"],
                *(self._figure(row, n) for n in TEAM_SEGMENT_FIGURES),
            )
        return list(teams.values())

    async def protocol(self, entry_id: int, segment_id: int) -> Protocol | None:
        """The judges' details of one entry in one segment, when imported."""
        args = (entry_id, segment_id)
        where = "WHERE entry_id = ? AND segment_id = ?"
        elements = await self._db.fetchall(f"SELECT * FROM protocol_elements {where} ORDER BY number", args)
        components = await self._db.fetchall(f"SELECT * FROM protocol_components {where} ORDER BY position", args)
        deductions = await self._db.fetchall(f"SELECT * FROM protocol_deductions {where} ORDER BY position", args)
        if not (elements or components):
            return None
        panel = await self._db.fetchall(
            "SELECT role, name, nation FROM segment_officials WHERE segment_id = ? ORDER BY position", (segment_id,)
        )
        return Protocol(
            elements=[_element(r) for r in elements],
            components=[_component(r) for r in components],
            deductions=[(r["reason"], r["points"]) for r in deductions],
            judges=[
                f"{r['name']} ({r['nation']})" if r["nation"] else r["name"]
                for r in panel
                if r["role"].lower().startswith("judge")
            ],
        )

    # --- provenance ----------------------------------------------------------------------------------
    def _figure(self, row: Row, name: str) -> Figure | None:
        value = row[name]
        if value is None:
            return None
        return Figure(value, self._provenance.get(row[f"{name}_prov"]))

    async def _load_provenance(self, ids: Iterable[int | None]) -> None:
        missing = [i for i in ids if i is not None and i not in self._provenance]
        if not missing:
            return
        rows = await self._db.fetchall(f"SELECT * FROM provenance WHERE id IN ({_placeholders(missing)})", missing)
        for row in rows:
            sources = tuple(json.loads(row["sources"]))
            self._provenance[row["id"]] = Provenance(row["confidence"], sources, row["note"])

    # --- bests and records ---------------------------------------------------------------------------
    async def discipline_entries(self, discipline: str) -> list[Entry]:
        """Every entry of the discipline's events, and every team-event entry that skated a segment of the
        discipline (a team event's segments name whose they are), with their segment results: what /bests and
        /records rank, in a handful of queries."""
        return await self._entries(
            "e.event_id IN (SELECT id FROM events WHERE discipline = ?) OR e.id IN (SELECT r.entry_id FROM "
            "segment_results r JOIN segments s ON s.id = r.segment_id WHERE s.discipline = ?)",
            (discipline, discipline),
        )

    # --- notable facts -------------------------------------------------------------------------------
    async def jump_elements(self, competition_id: int | None = None) -> list[JumpElement]:
        """Every protocol element whose code holds a quadruple jump or a triple Axel (throws, twists and lifts are
        not jumps: their codes hold Th, Tw, Li), with its entry, segment and the provenance of its row, in
        skating order per skate. `competition_id`: that competition's only."""
        glob = functools.partial(self._db.dialect.glob, "e.code")
        jumps = " OR ".join(glob(pattern) for pattern in ("4[TSFLA]*", "*+4[TSFLA]*", "3A*", "*+3A*"))
        others = " AND ".join(f"NOT {glob(pattern)}" for pattern in ("*Th*", "*Tw*", "*Li*"))
        where = f"({jumps}) AND {others}"
        params: tuple[Any, ...] = ()
        if competition_id is not None:
            where += (
                " AND e.segment_id IN (SELECT s.id FROM segments s JOIN events v ON v.id = s.event_id "
                "WHERE v.competition_id = ?)"
            )
            params = (competition_id,)
        rows = await self._db.fetchall(
            f"SELECT e.* FROM protocol_elements e WHERE {where} ORDER BY e.segment_id, e.entry_id, e.number", params
        )
        await self._load_provenance({row["prov"] for row in rows})
        return [
            JumpElement(
                row["entry_id"],
                row["segment_id"],
                _element(row),
                self._provenance.get(row["prov"]),
            )
            for row in rows
        ]

    async def unanimous_marks(self, competition_id: int) -> list[UnanimousMark]:
        """The protocol elements and components of the competition on which every judge of the panel gave the same
        mark (none missing, "-"), of +3 or more for an element and of 10 for a component, with their entry, segment
        and the provenance of their row: the elements first, in skating order per skate, then the components.
        Whether +3 is the top mark depends on the scoring era: the caller decides."""
        same = (
            f"{self._db.dialect.unanimous('p.judges')} "
            "AND p.segment_id IN (SELECT s.id FROM segments s JOIN events v ON v.id = s.event_id "
            "WHERE v.competition_id = ?)"
        )
        first = self._db.dialect.first_mark("p.judges")
        elements = await self._db.fetchall(
            f"SELECT p.* FROM protocol_elements p WHERE {same} AND {first} >= 3 "
            "ORDER BY p.segment_id, p.entry_id, p.number",
            (competition_id,),
        )
        components = await self._db.fetchall(
            f"SELECT p.* FROM protocol_components p WHERE {same} AND {first} >= 10 "
            "ORDER BY p.segment_id, p.entry_id, p.position",
            (competition_id,),
        )
        await self._load_provenance({row["prov"] for row in (*elements, *components)})
        marks = [
            UnanimousMark(
                row["entry_id"],
                row["segment_id"],
                _element(row),
                self._provenance.get(row["prov"]),
            )
            for row in elements
        ]
        marks += [
            UnanimousMark(
                row["entry_id"],
                row["segment_id"],
                _component(row),
                self._provenance.get(row["prov"]),
            )
            for row in components
        ]
        return marks
