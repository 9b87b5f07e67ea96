"""The real sites of ../shared/fixtures/isu-world and the PDF sets of isu-pdfs, and variants made from them in
each test's tmp_path: whatever a site holds is imported, whatever it lacks is a warning, never a traceback."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bot.services.isu.importer import import_isu
from bot.services.isu.source import FolderSource
from db.database import Database
from tests.shared import shared_path

WORLD = ("fixtures", "isu-world")

# Every site and PDF set that imports whole today, with the categories it gives.
IMPORTED = {
    ("isu-world", "fsu-1etap-bitva-shkol-2024"): 3,
    ("isu-world", "fsu-2etap-bitva-shkol-2024"): 3,
    ("isu-world", "fsu-cup-fsu-latin-2024"): 6,
    ("isu-world", "fsu-spartakiada-2024"): 1,  # its "Интермедиа" names no discipline: skipped, warned
    ("isu-world", "fr-cup-of-nice-2021-pdfs"): 7,
    ("isu-world", "fr-coupe-de-france-2022-pdfs"): 13,
    ("isu-world", "isu-ec2024-fsm-pdfs"): 4,
    ("isu-world", "isu-gpjpn2017-comnet"): 4,
    ("isu-world", "isu-owg2018"): 4,
    ("isu-world", "isu-wc2009"): 4,
    ("isu-world", "isu-owg2006-wigedata"): 4,
    ("isu-world", "ijslive-colonial-open-2022"): 1,
    ("isu-world", "ijslive-morris-open-2022"): 46,
    ("isu-world", "ijslive-north-atlantic-open-2023"): 20,
    ("isu-pdfs", "gpusa2018"): 4,
    ("isu-pdfs", "gpcan2021"): 4,
    ("isu-pdfs", "wc2022"): 4,
    ("isu-pdfs", "gpfra2023"): 4,
    ("isu-pdfs", "fc2024"): 4,
    ("isu-pdfs", "gpusa2025"): 4,
}


@pytest.mark.parametrize(("folder", "name"), sorted(IMPORTED))
async def test_the_site_imports_with_a_warning_for_each_thing_skipped(store: Database, folder: str, name: str) -> None:
    summary = await import_isu(store, FolderSource(shared_path("fixtures", folder, name)))
    assert summary.categories == IMPORTED[(folder, name)]
    assert summary.report.changed
    # The federation sites list no one before they skate; the ijsLive index alone links pages that are not there.
    assert summary.entries > 0 or name.startswith("fsu-") or name == "ijslive-morris-open-2022"
    again = await import_isu(store, FolderSource(shared_path("fixtures", folder, name)))
    assert not again.report.changed


async def test_a_segment_page_with_only_its_legend_is_not_yet_skated(store: Database, tmp_path: Path) -> None:
    """ISUCalcFS 3.7.6's caption layout before a segment is skated (the heading and legend, no table): real in the
    federation's site, and made here from a skated page of another site by cutting its results table out."""
    real = await import_isu(store, FolderSource(shared_path(*WORLD, "fsu-1etap-bitva-shkol-2024")))
    waits = [str(w) for w in real.warnings if "not yet skated" in str(w)]
    assert len(waits) == 3 and all(re.search(r"SEG00[123]\.HTM", w) for w in waits)
    assert real.categories == 3 and real.segments == 3  # the categories and segments are there, unskated

    site = tmp_path / "cup"
    shutil.copytree(shared_path(*WORLD, "fsu-cup-fsu-latin-2024"), site)
    page = site / "SEG005.HTM"
    html = page.read_bytes().decode("cp1251")
    cut = re.sub(r'<table border="1".*?</table>', "", html, count=1, flags=re.S)
    assert cut != html and "Legend" in cut
    page.write_bytes(cut.encode("cp1251"))
    summary = await import_isu(store, FolderSource(site))
    assert any("SEG005.HTM" in str(w) and "not yet skated" in str(w) for w in summary.warnings)
    assert not any("damaged" in str(w) for w in summary.warnings)
    # Its PDF is there: the standings come from it, cited as their source.
    assert any(
        "Ladies2sp_FS_Scores.pdf" in str(w) and "read from its judges' details PDF" in str(w) for w in summary.warnings
    )


async def test_a_renamed_site_is_read_by_content(store: Database, tmp_path: Path) -> None:
    """A saved site whose files were renamed (men_results.html, men_short_panel.html, men_short.pdf) and whose
    index and segment pages are gone: the results pages give the official totals and places, the panels their
    segments' officials, the PDFs the standings and judges' details. Renamed again here, to names that say
    nothing, it imports the same."""
    site = tmp_path / "saved"
    shutil.copytree(shared_path(*WORLD, "isu-wc2009"), site)
    for i, path in enumerate(sorted(site.iterdir())):
        path.rename(site / f"file{i:02d}{path.suffix}")
    summary = await import_isu(store, FolderSource(site))
    assert (summary.competition, summary.categories, summary.segments) == (
        "ISU World Figure Skating Championships 2009",
        4,
        8,
    )
    winner = await store.fetchone(
        "SELECT n.place, n.total, p.confidence, s.name FROM entries n JOIN entry_skaters es ON es.entry_id = n.id "
        "JOIN skaters s ON s.id = es.skater_id JOIN events e ON e.id = n.event_id JOIN competitions c "
        "ON c.id = e.competition_id JOIN provenance p ON p.id = n.total_prov WHERE c.key = ? AND e.key = 'men' "
        "AND n.place = 1",
        (summary.key,),
    )
    assert (winner["total"], winner["confidence"], winner["name"]) == (242.23, "official", "Evan Lysacek")
    panels = await store.fetchone(
        "SELECT count(DISTINCT o.segment_id) FROM segment_officials o JOIN segments s ON s.id = o.segment_id "
        "JOIN events e ON e.id = s.event_id JOIN competitions c ON c.id = e.competition_id WHERE c.key = ?",
        (summary.key,),
    )
    assert panels[0] == 8
    # The compulsory dance cannot be stored; the official ice dance totals (which include it) still come.
    dance = await store.fetchone(
        "SELECT n.total FROM entries n JOIN events e ON e.id = n.event_id JOIN competitions c "
        "ON c.id = e.competition_id WHERE c.key = ? AND e.key = 'ice_dance' AND n.place = 1",
        (summary.key,),
    )
    assert dance["total"] == 206.3


async def test_results_pages_without_readable_pdfs(store: Database) -> None:
    summary = await import_isu(store, FolderSource(shared_path(*WORLD, "isu-owg2006-wigedata")))
    warnings = [str(w) for w in summary.warnings]
    assert sum("imported without its segments" in w for w in warnings) == 3
    assert sum("judges' details PDF not read" in w for w in warnings) == 8
    men = await store.fetchone(
        "SELECT n.total, s.name FROM entries n JOIN entry_skaters es ON es.entry_id = n.id JOIN skaters s "
        "ON s.id = es.skater_id JOIN events e ON e.id = n.event_id JOIN competitions c ON c.id = e.competition_id "
        "WHERE c.key = 'owg2006' AND e.key = 'men' AND n.place = 1"
    )
    assert men["total"] == 258.33 and "Plushenko" in men["name"]  # printed family name first, kept so


async def test_ijslive_pages_read_by_content_even_wrapped_in_a_title(store: Database, tmp_path: Path) -> None:
    real = await import_isu(store, FolderSource(shared_path(*WORLD, "ijslive-north-atlantic-open-2023")))
    assert real.competition == "2023 North Atlantic Open" and real.entries == 6
    row = await store.fetchone(
        "SELECT r.rank, r.tss, r.tes, r.pcs, r.deductions, r.starting_number, n.country, s.name, e.level "
        "FROM segment_results r JOIN entries n ON n.id = r.entry_id JOIN entry_skaters es ON es.entry_id = n.id "
        "JOIN skaters s ON s.id = es.skater_id JOIN events e ON e.id = n.event_id JOIN competitions c "
        "ON c.id = e.competition_id WHERE c.key = ? AND r.rank = 1",
        (real.key,),
    )
    assert tuple(row) == (1, 21.21, 9.83, 11.88, 0.5, 1, "", "Alessandra Viscariello", "Excel Preliminary Plus")
    dates = await store.fetchone("SELECT start_date, city FROM competitions WHERE key = ?", (real.key,))
    assert tuple(dates) == ("2023-03-05", "Falmouth, ME")
    assert any("unknown country" in str(w) for w in real.warnings)

    # The colonial open's results page, renamed and pasted inside another document's <title>.
    site = tmp_path / "colonial"
    site.mkdir()
    page = shared_path(*WORLD, "ijslive-colonial-open-2022", "CAT036SEG034.html").read_bytes().decode("latin-1")
    wrapped = f'<!DOCTYPE html><html><head><meta charset="UTF-8"><title>{page}</title></head><body></body></html>'
    (site / "results.html").write_text(wrapped, encoding="utf-8")
    summary = await import_isu(store, FolderSource(site))
    assert (summary.competition, summary.categories, summary.entries) == ("2022 Colonial Open", 1, 20)
    withdrawn = await store.fetchone(
        "SELECT count(*) FROM segment_results r JOIN segments s ON s.id = r.segment_id JOIN events e "
        "ON e.id = s.event_id JOIN competitions c ON c.id = e.competition_id WHERE c.key = ? AND r.tss IS NULL",
        (summary.key,),
    )
    assert withdrawn[0] == 3  # the three WD rows: entries without a score
