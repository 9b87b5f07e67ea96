"""What one competition's import changed, for loading it in place (bot.services.results.reload): the results
repository's queries about a few skaters and one competition."""

from __future__ import annotations

from collections.abc import Sequence

from db.database import Database
from db.models import SkaterHoldings


class ImportChanges:
    _db: Database

    async def skater_names_of(
        self, skater_ids: Sequence[int]
    ) -> list[tuple[int, str, list[str], SkaterHoldings, str | None]]:
        """(id, name, aliases, what the store holds of them, country) of these skaters, in id order: what one
        competition's import may have changed in the search index (skater_names() for a few)."""
        if not skater_ids:
            return []
        dialect = self._db.dialect
        ids = sorted(set(skater_ids))
        marks = ", ".join("?" * len(ids))
        rows = await self._db.fetchall(
            "SELECT s.id, s.name, s.country, "
            f"{dialect.text_list('a.alias', dialect.unit_separator, 'a.alias')} AS aliases, "
            "max(h.entries) AS entries, max(h.medals) AS medals, max(h.latest) AS latest "
            "FROM skaters s LEFT JOIN skater_aliases a ON a.skater_id = s.id "
            "LEFT JOIN (SELECT es.skater_id, count(*) AS entries, "
            "sum(CASE WHEN e.place BETWEEN 1 AND 3 THEN 1 ELSE 0 END) AS medals, max(c.season) AS latest "
            "FROM entry_skaters es JOIN entries e ON e.id = es.entry_id JOIN events ev ON ev.id = e.event_id "
            f"JOIN competitions c ON c.id = ev.competition_id WHERE es.skater_id IN ({marks}) "
            f"GROUP BY es.skater_id) h ON h.skater_id = s.id WHERE s.id IN ({marks}) GROUP BY s.id, s.name, s.country "
            "ORDER BY s.id",
            (*ids, *ids),
        )
        return [
            (
                row["id"],
                row["name"],
                row["aliases"].split("\x1f") if row["aliases"] else [],
                SkaterHoldings(int(row["entries"] or 0), int(row["medals"] or 0), row["latest"]),
                row["country"],
            )
            for row in rows
        ]

    async def competition_skater_ids(self, competition_id: int) -> set[int]:
        """The skaters of every entry of a competition's events."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT es.skater_id FROM entry_skaters es JOIN entries e ON e.id = es.entry_id "
            "JOIN events ev ON ev.id = e.event_id WHERE ev.competition_id = ?",
            (competition_id,),
        )
        return {row[0] for row in rows}

    async def imports_since(self, import_id: int) -> int:
        """How many imports the store recorded after this one."""
        row = await self._db.fetchone("SELECT count(*) FROM imports WHERE id > ?", (import_id,))
        assert row is not None
        return int(row[0])
