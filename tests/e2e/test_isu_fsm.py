"""The real FS Manager site (a French federation's tournament, 2024): every category imports with its level, the
figures match the pages, and /results and /athlete show it in Discord."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.services.isu.importer import import_isu
from bot.services.isu.source import FolderSource
from db.database import Database
from tests.isu_sites import belfort
from tests.stores import Location

KEY = "tournoi-federal-nord-est-2024-2024-04-13-belfort"


def index_pdfs() -> list[str]:
    html = (belfort() / "index.htm").read_text("ascii")
    return re.findall(r"href=(FSK[\w-]+\.pdf)", html)


async def test_every_category_imports_and_each_absent_pdf_is_a_warning(store: Database) -> None:
    summary = await import_isu(store, FolderSource(belfort()))
    assert (summary.key, summary.categories, summary.segments, summary.entries) == (KEY, 28, 28, 111)
    pdfs = index_pdfs()
    assert len(pdfs) == 28
    assert len(summary.warnings) == 28
    for pdf, warning in zip(pdfs, [str(w) for w in summary.warnings], strict=True):
        assert warning.startswith(f"{pdf}: not found in ") and "the pages' scores are imported" in warning
    comp = await store.fetchone(
        "SELECT name, city, country, venue, start_date, end_date, timezone, level FROM competitions WHERE key = ?",
        (KEY,),
    )
    assert tuple(comp) == (
        "Tournoi Fédéral nord-est 2024",
        "Belfort",
        "FRA",
        "Patinoire Christian-Ochem",
        "2024-04-13",
        "2024-04-13",
        "UTC+02:00",
        "other",
    )
    again = await import_isu(store, FolderSource(belfort()))
    assert not again.report.changed


async def test_levels_and_disciplines_of_the_french_categories(store: Database) -> None:
    await import_isu(store, FolderSource(belfort()))
    events = {
        row["name"]: (row["key"], row["discipline"], row["level"])
        for row in await store.fetchall(
            "SELECT e.* FROM events e JOIN competitions c ON c.id = e.competition_id WHERE c.key = ?", (KEY,)
        )
    }
    assert len(events) == 28
    assert events["Fédéral Junior Homme"] == ("federal-junior-men", "men", "Fédéral Junior")
    assert events["Fédéral Junior Femme"] == ("federal-junior-women", "women", "Fédéral Junior")
    assert events["R1 Junior-Senior Femme"] == ("r1-junior-senior-women", "women", "R1 Junior-Senior")
    assert events["R3 A Pou-Ben Femme"] == ("r3-a-pou-ben-women", "women", "R3 A Pou-Ben")
    assert events["R3 B Pou-Ben Femme"] == ("r3-b-pou-ben-women", "women", "R3 B Pou-Ben")
    assert events["Adulte Acier Homme"] == ("adulte-acier-men", "men", "Adulte Acier")
    # Homme and Femme are the only gender words, and the rows' colours agree.
    assert {d for _, d, _ in events.values()} == {"men", "women"}
    assert sum(1 for name in events if name.endswith("Homme")) == sum(1 for _, d, _ in events.values() if d == "men")


async def test_figures_match_the_pages(store: Database) -> None:
    await import_isu(store, FolderSource(belfort()))
    # Winners and sizes as the pages print them (see the fixture's README): name, club's category, TSS, entries.
    expected = {
        "Fédéral Junior Femme": ("Sarah Khalidy", 46.53, 13, 1),
        "R1 Minime Femme": ("Chloe Ledit", 36.10, 5, 0),
        "R2 Minime Femme": ("Lina Taoughlis", 17.94, 6, 1),
        "R3 C Pou-Ben Femme": ("Mila Bonningre", 12.80, 17, 1),
        "R3 D Pou-Ben Femme": ("Iris Flejszman", 8.73, 5, 1),
        "Adulte Acier Homme": ("Gilles Debever", 13.18, 2, 0),
    }
    for category, (winner, tss, entries, withdrawn) in expected.items():
        rows = await store.fetchall(
            "SELECT n.place, n.total, n.status, s.name, r.tss, r.tes, r.pcs, r.deductions, r.rank "
            "FROM entries n JOIN events e ON e.id = n.event_id JOIN competitions c ON c.id = e.competition_id "
            "JOIN entry_skaters es ON es.entry_id = n.id JOIN skaters s ON s.id = es.skater_id "
            "LEFT JOIN segment_results r ON r.entry_id = n.id WHERE c.key = ? AND e.name = ? ORDER BY n.place",
            (KEY, category),
        )
        assert len(rows) == entries, category
        assert sum(1 for r in rows if r["status"] == "WD") == withdrawn, category
        first = next(r for r in rows if r["place"] == 1)
        assert (first["name"], first["total"], first["tss"], first["rank"]) == (winner, tss, tss, 1), category
        for r in rows:
            if r["status"] is None:
                assert abs(r["tss"] - (r["tes"] + r["pcs"] - r["deductions"])) < 0.011, (category, tuple(r))
                assert r["total"] == r["tss"]  # one segment: the total is its score


@pytest_asyncio.fixture
async def fsm_sandbox(bundled_store: Location, tmp_path: Path) -> AsyncIterator[Sandbox]:
    store_path = bundled_store
    db = await Database.open(store_path)
    await import_isu(db, FolderSource(belfort()))
    await db.close()
    async with Sandbox(db_path=store_path) as sandbox:
        yield sandbox
        assert sandbox.server.violations == []


async def test_results_and_athlete_show_the_levels(fsm_sandbox: Sandbox) -> None:
    sandbox = fsm_sandbox
    events = await sandbox.autocomplete("results", "event", competition=KEY, event="r3 a")
    names = [choice["name"] for choice in events]
    assert "R3 A Pou-Ben Femme" in names and "R3 A Min-Nov-Jun-Sen Homme" in names
    result = await sandbox.slash("results", competition=KEY, event="Fédéral Junior Femme")
    embed = result.message.embeds[0]
    assert "Fédéral Junior Femme" in embed["title"]
    assert "Sarah Khalidy" in embed["description"] and "46.53" in embed["description"]
    athlete = await sandbox.slash("athlete", name="Sarah Khalidy")
    text = str(athlete.message.embeds[0])
    assert "Fédéral Junior Femme" in text
    assert "Free skate (Fédéral Junior): **46.53**" in text and "Total (Fédéral Junior): **46.53**" in text
