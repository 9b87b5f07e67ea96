"""A folder of judges' details PDFs alone is a competition: segment standings, scores, elements and every judge's
mark as the PDFs print them, totals and places derived (and marked so). Both PDF layouts, every scoring era, and
variants made from the real files (renamed, cut, a category's free missing)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from bot.services.isu.importer import import_isu
from bot.services.isu.source import FolderSource
from db.database import Database
from tests.e2e.helpers import command_line
from tests.shared import shared_path

PDFS = ("fixtures", "isu-pdfs")


async def standings(db: Database, key: str, event: str) -> list[Any]:
    names = db.dialect.text_list("s.name", "' / '", "es.position")
    return await db.fetchall(
        "SELECT e.place, e.total, p.confidence, p.note, "
        f"(SELECT {names} FROM entry_skaters es "
        "JOIN skaters s ON s.id = es.skater_id WHERE es.entry_id = e.id) AS who FROM entries e "
        "JOIN events ev ON ev.id = e.event_id JOIN competitions c ON c.id = ev.competition_id "
        "LEFT JOIN provenance p ON p.id = e.total_prov WHERE c.key = ? AND ev.key = ? "
        "ORDER BY e.place IS NULL, e.place",
        (key, event),
    )


async def segment_result(db: Database, key: str, event: str, segment: str, rank: int) -> Any:
    return await db.fetchone(
        "SELECT r.*, p.confidence FROM segment_results r JOIN segments s ON s.id = r.segment_id "
        "JOIN events ev ON ev.id = s.event_id JOIN competitions c ON c.id = ev.competition_id "
        "LEFT JOIN provenance p ON p.id = r.tss_prov WHERE c.key = ? AND ev.key = ? AND s.key = ? AND r.rank = ?",
        (key, event, segment, rank),
    )


async def elements(db: Database, entry_id: int, segment_id: int) -> list[Any]:
    return await db.fetchall(
        "SELECT * FROM protocol_elements WHERE entry_id = ? AND segment_id = ? ORDER BY number", (entry_id, segment_id)
    )


async def test_isucalcfs_2018_22_pdfs_alone(store: Database) -> None:
    summary = await import_isu(store, FolderSource(shared_path(*PDFS, "ec2019")))
    assert (summary.key, summary.competition) == ("ec2019", "ISU European Figure Skating Championships 2019")
    assert (summary.categories, summary.segments, summary.pages) == (4, 8, 0)
    season = await store.fetchone("SELECT season, level FROM competitions WHERE key = 'ec2019'")
    assert (season["season"], season["level"]) == ("2018-19", "europeans")
    men = await standings(store, "ec2019", "men")
    assert [(r["place"], r["total"], r["who"]) for r in men[:2]] == [
        (1, 271.59, "Javier Fernandez"),
        (2, 269.84, "Alexander Samarin"),
    ]
    assert men[0]["confidence"] == "derived" and "no results page" in men[0]["note"]
    # Skaters of the short only (not qualified, or withdrawn: the PDFs cannot tell) get no derived place.
    assert sum(r["place"] is None for r in men) == 13 and all(r["total"] is None for r in men if r["place"] is None)
    women = await standings(store, "ec2019", "women")
    assert [(r["place"], r["total"]) for r in women[:2]] == [(1, 213.84), (2, 198.34)]
    short = await segment_result(store, "ec2019", "men", "SP", 1)
    assert (short["tss"], short["tes"], short["pcs"], short["deductions"], short["starting_number"]) == (
        100.49,
        54.05,
        46.44,
        0.0,
        35,
    )
    assert short["confidence"] == "official"  # as the PDF prints it
    first = (await elements(store, short["entry_id"], short["segment_id"]))[0]
    assert (first["code"], first["base_value"], first["goe"], first["panel_score"]) == ("4T+3T", 13.7, 2.99, 16.69)
    assert first["judges"] == '["3", "3", "3", "4", "1", "3", "3", "4", "3"]'
    again = await import_isu(store, FolderSource(shared_path(*PDFS, "ec2019")))
    assert not again.report.changed


async def test_fs_manager_2022_pdfs_alone(store: Database) -> None:
    summary = await import_isu(store, FolderSource(shared_path(*PDFS, "ec2023")))
    assert (summary.key, summary.categories, summary.segments) == ("ec2023", 4, 8)
    # FS Manager's PDFs print no event name: the ISU code of the folder names it; the dates are the print dates.
    row = await store.fetchone("SELECT name, season, start_date, end_date FROM competitions WHERE key = 'ec2023'")
    assert tuple(row) == ("ISU European Figure Skating Championships 2023", "2022-23", "2023-01-25", "2023-01-28")
    assert any("the day each protocol was printed" in str(w) for w in summary.warnings)
    men = await standings(store, "ec2023", "men")
    assert (men[0]["place"], men[0]["total"], men[0]["who"]) == (1, 267.77, "Adam Siao Him Fa")
    dance = await standings(store, "ec2023", "ice_dance")
    assert (dance[0]["total"], dance[0]["who"]) == (210.44, "Charlene Guignard / Marco Fabbri")
    free = await segment_result(store, "ec2023", "men", "FS", 6)
    assert (free["tss"], free["tes"], free["pcs"]) == (151.54, 68.15, 83.39)
    marks = await elements(store, free["entry_id"], free["segment_id"])
    assert marks[3]["code"] == "ChSq" and marks[3]["judges"] == '["-", "-", "-", "-", "-", "-", "-", "-", "-"]'
    components = await store.fetchall(
        "SELECT name FROM protocol_components WHERE entry_id = ? AND segment_id = ?",
        (free["entry_id"], free["segment_id"]),
    )
    assert sorted(c["name"] for c in components) == ["Composition", "Presentation", "Skating Skills"]


async def test_2010_18_olympics_pdfs_join_the_stored_games(store: Database) -> None:
    summary = await import_isu(store, FolderSource(shared_path(*PDFS, "owg2018")))
    assert summary.competition == "PyeongChang 2018 Olympic Winter Games" and summary.categories == 4
    warnings = [str(w) for w in summary.warnings]
    assert sum("a team event's segment" in w for w in warnings) == 8
    assert any("as the store holds it" in w for w in warnings)
    men = await standings(store, "owg2018", "men")
    assert (men[0]["place"], men[0]["total"]) == (1, 317.85) and "Hanyu" in men[0]["who"]
    # The short dance is the stored event's "RD" segment, not a second one.
    keys = await store.fetchall(
        "SELECT s.key FROM segments s JOIN events ev ON ev.id = s.event_id JOIN competitions c "
        "ON c.id = ev.competition_id WHERE c.key = 'owg2018' AND ev.key = 'ice_dance' ORDER BY s.position"
    )
    assert [k["key"] for k in keys] == ["RD", "FD"]
    short = await segment_result(store, "owg2018", "men", "SP", 1)
    assert (short["tss"], short["starting_number"]) == (111.68, 25)
    quad = (await elements(store, short["entry_id"], short["segment_id"]))[0]
    assert (quad["code"], quad["goe"], quad["judges"]) == ("4S", 2.71, '["3", "2", "3", "3", "3", "2", "3", "3", "2"]')


async def test_renamed_cut_and_missing_pdfs(store: Database, tmp_path: Path) -> None:
    """Files renamed by whoever saved them are read by content; a cut PDF is a warning and its category gets no
    derived totals; a category whose free is missing keeps its short's standings without totals."""
    folder = tmp_path / "saved"
    folder.mkdir()
    real = shared_path(*PDFS, "gpusa2018")
    for i, pdf in enumerate(sorted(real.glob("*.pdf"))):
        if "Pairs_FS" in pdf.name:
            continue  # the pairs' free is missing
        shutil.copy(pdf, folder / f"scores-{i}.pdf")  # renamed: the name says nothing
    cut = folder / "scores-0.pdf"  # ice dance free dance, cut in half
    cut.write_bytes(cut.read_bytes()[: cut.stat().st_size // 2])
    (folder / "notes.txt").write_text("saved from the results server\n")
    summary = await import_isu(store, FolderSource(folder))
    assert summary.competition == "ISU GP 2018 Skate America" and summary.categories == 4
    warnings = [str(w) for w in summary.warnings]
    assert any("scores-0.pdf" in w and "not read" in w for w in warnings)
    assert sum("no total or final place is derived" in w for w in warnings) == 2  # pairs, ice dance
    assert any("1 other files not read" in w for w in warnings)
    key = summary.key
    pairs = await standings(store, key, "pairs")
    assert pairs and all(r["place"] is None and r["total"] is None for r in pairs)
    assert (await segment_result(store, key, "pairs", "SP", 1))["tss"] is not None
    men = await standings(store, key, "men")
    assert men[0]["place"] == 1 and men[0]["confidence"] == "derived" and men[0]["who"] == "Nathan Chen"


async def test_the_readmes_pdf_only_example_runs_as_written(tmp_path: Path) -> None:
    """`SKATEBOT_DB=/tmp/ec.sqlite3 skatebot import-isu ../shared/fixtures/isu-pdfs/ec2023`, as the README says."""
    shared_path(*PDFS, "ec2023")
    out = await command_line(tmp_path / "ec.sqlite3", "import-isu", "../shared/fixtures/isu-pdfs/ec2023")
    assert "ISU European Figure Skating Championships 2023 (ec2023): 4 categories, 8 segments, 94 entries" in out
    assert "the dates are those the PDFs print (2023-01-25 to 2023-01-28)" in out
    assert "stories from the results:" in out
