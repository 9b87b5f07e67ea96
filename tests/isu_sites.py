"""The two real ISU results sites in tests/fixtures/isu and the variants tests make of them.

Variants are built in each test's tmp_path from the real pages (never committed): re-encoded, translated, with
files removed, rows dropped or pages swapped. The sites are copies of ../shared's (see their README), kept in the
repository so that these tests run on a bare clone.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from db.database import Database

ISU_SITES = Path(__file__).resolve().parent / "fixtures" / "isu"


def real_site(name: str) -> Path:
    path = ISU_SITES / name
    if not path.is_dir():
        pytest.fail(f"the ISU fixture site {path} is missing from the checkout")
    return path


def wc2014() -> Path:
    return real_site("wc2014")


def belfort() -> Path:
    return real_site("fsm2024-belfort")


Edit = Callable[[str], str]


class Variant:
    """A copy of a real site to edit: pages as text (their own encoding kept unless re-encoded), files removed."""

    def __init__(self, original: Path, target: Path) -> None:
        shutil.copytree(original, target)
        for path in target.iterdir():
            path.chmod(0o644)
        self.path = target

    def file(self, name: str) -> Path:
        matches = [p for p in self.path.iterdir() if p.name.lower() == name.lower()]
        assert len(matches) == 1, f"{name} not in the variant"
        return matches[0]

    def text(self, name: str) -> str:
        return self.file(name).read_bytes().decode("utf-8")

    def edit(self, name: str, edit: Edit, *, must_change: bool = True) -> Variant:
        path = self.file(name)
        before = path.read_bytes().decode("utf-8")
        after = edit(before)
        assert not must_change or after != before, f"the edit of {name} changed nothing"
        path.write_bytes(after.encode("utf-8"))
        return self

    def replace(self, name: str, old: str, new: str, count: int = -1) -> Variant:
        def change(text: str) -> str:
            assert old in text, f"{old!r} not in {name}"
            return text.replace(old, new, count)

        return self.edit(name, change)

    def replace_all(self, old: str, new: str) -> Variant:
        """The same replacement in every page that has it (names, captions and titles agree across pages)."""
        changed = 0
        for path in self.path.iterdir():
            if path.suffix.lower() not in (".htm", ".html"):
                continue
            text = path.read_bytes().decode("utf-8")
            if old in text:
                path.write_bytes(text.replace(old, new).encode("utf-8"))
                changed += 1
        assert changed, f"{old!r} is in no page"
        return self

    def sub_all(self, pattern: str, new: str) -> Variant:
        changed = 0
        for path in self.path.iterdir():
            if path.suffix.lower() not in (".htm", ".html"):
                continue
            text = path.read_bytes().decode("utf-8")
            after = re.sub(pattern, new, text)
            if after != text:
                path.write_bytes(after.encode("utf-8"))
                changed += 1
        assert changed, f"{pattern!r} matches no page"
        return self

    def remove(self, name: str) -> Variant:
        self.file(name).unlink()
        return self

    def encode_all(self, encoding: str, *, declare: bool) -> Variant:
        """Every page re-encoded; declared with a <meta charset> or not declared at all."""
        for path in self.path.iterdir():
            if path.suffix.lower() not in (".htm", ".html"):
                continue
            text = path.read_bytes().decode("utf-8")
            text = re.sub(r"<meta[^>]*charset[^>]*>", "", text, flags=re.IGNORECASE)
            if declare:
                text = re.sub(r"(?i)<head>", f'<head><meta charset="{encoding}">', text, count=1)
            path.write_bytes(text.encode(encoding))
        return self


async def snapshot(db: Database) -> dict[str, set[tuple[object, ...]]]:
    """Everything the results store holds, by natural keys (not row ids), to tell exactly what an import changed."""
    # The names of an entry's skaters, joined.
    names_countries = db.dialect.text_list("s.name || '|' || s.country", "' / '", "es.position")
    names = db.dialect.text_list("s.name", "' / '", "es.position")
    queries = {
        "competitions": "SELECT key, name, season, level, city, country, venue, start_date, end_date FROM competitions",
        "events": "SELECT c.key, e.key, e.name, e.discipline, e.level FROM events e JOIN competitions c ON c.id = "
        "e.competition_id",
        "segments": "SELECT c.key, e.key, s.key, s.kind, s.name, s.date, s.start_time FROM segments s JOIN events e "
        "ON e.id = s.event_id JOIN competitions c ON c.id = e.competition_id",
        "entries": "SELECT c.key, e.key, "
        f"(SELECT {names_countries} FROM entry_skaters es JOIN skaters s ON "
        "s.id = es.skater_id WHERE es.entry_id = n.id), n.place, n.total, n.status FROM entries n JOIN events e "
        "ON e.id = n.event_id JOIN competitions c ON c.id = e.competition_id",
        "segment_results": f"SELECT c.key, e.key, sg.key, (SELECT {names} FROM entry_skaters es "
        "JOIN skaters s ON s.id = es.skater_id WHERE es.entry_id = n.id), r.rank, r.tss, r.tes, r.pcs, "
        "r.deductions, r.starting_number FROM segment_results r JOIN entries n ON n.id = r.entry_id JOIN segments "
        "sg ON sg.id = r.segment_id JOIN events e ON e.id = n.event_id JOIN competitions c ON c.id = e.competition_id",
        "skaters": "SELECT name, country, isu_id FROM skaters",
        "protocols": "SELECT entry_id, segment_id, count(*) FROM protocol_elements GROUP BY entry_id, segment_id",
        "panels": "SELECT segment_id, count(*) FROM segment_officials GROUP BY segment_id",
    }
    return {table: {tuple(row) for row in await db.fetchall(sql)} for table, sql in queries.items()}


def diff(
    before: dict[str, set[tuple[object, ...]]], after: dict[str, set[tuple[object, ...]]]
) -> dict[str, tuple[set[tuple[object, ...]], set[tuple[object, ...]]]]:
    """table -> (rows gone, rows new), for the tables that changed."""
    out = {}
    for table in before:
        gone, new = before[table] - after[table], after[table] - before[table]
        if gone or new:
            out[table] = (gone, new)
    return out


def only(rows: set[tuple[object, ...]], competition: str) -> set[tuple[object, ...]]:
    return {row for row in rows if row[0] == competition}
