"""Links as the world writes them in an index, and a site unpacked one folder down (found by
tests/e2e/test_world_variants.py on variants of the real sites; here on small pages of their own)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.services.isu.grid import site_link
from bot.services.isu.importer import read_site
from bot.services.isu.pages import parse_index
from bot.services.isu.source import FolderSource
from tests.isu_world import world


@pytest.mark.parametrize(
    ("href", "name"),
    [
        ("SEG001.HTM", "SEG001.HTM"),
        ("./SEG001.HTM", "SEG001.HTM"),
        (".\\SEG001.HTM", "SEG001.HTM"),
        ("pdf/Men_FS_Scores.pdf", "pdf/Men_FS_Scores.pdf"),
        ("pdf\\Men_FS_Scores.pdf", "pdf/Men_FS_Scores.pdf"),
        ("http://results.example.org/2024/cup/SEG001.HTM", "SEG001.HTM"),
        ("/2024/cup/SEG001.HTM", "SEG001.HTM"),
        ("SEG001.HTM#top", "SEG001.HTM"),
    ],
)
def test_a_link_names_the_file_of_the_site_it_points_to(href: str, name: str) -> None:
    assert site_link(href) == name


INDEX = """<html><head><title>Cup 2024</title><meta name="GENERATOR" content="ISUCalcFS 3.7.6"></head><body><table>
<tr><th>Category</th><th>Segment</th><th>Entries</th><th>Officials</th><th>Scores</th></tr>
<tr><td>Medal table</td><td></td><td><a href="medals.htm">Medals</a></td><td></td><td></td></tr>
<tr><td>Men</td><td></td><td><a href="CAT001EN.HTM">Entries</a></td>
<td><a href="CAT001RS.HTM">Result</a></td><td></td></tr>
<tr><td></td><td>Free Skating</td><td><a href="SEG001OF.HTM">Officials</a></td>
<td><a href="SEG001.HTM">Starting Order / Result</a></td><td><a href="pdf\\Men_FS_Scores.pdf">Scores</a></td></tr>
</table></body></html>"""


def test_an_index_row_linking_no_category_page_is_passed_over_and_said() -> None:
    """A "Medal table" row in the categories' table made the whole index a damaged page: nothing of the site read."""
    index = parse_index(INDEX, "index.htm")
    assert [c.name for c in index.categories] == ["Men"]
    assert index.unread_rows == ["row 1: 'Medal table'"]
    (segment,) = index.categories[0].segments
    # The PDF kept in its folder (the file name alone was looked for beside the index, and not found).
    assert segment.scores_pdf == "pdf/Men_FS_Scores.pdf"


def test_a_site_one_folder_down_is_read_from_there(tmp_path: Path) -> None:
    outer = tmp_path / "cup"
    inner = outer / "CUP-FSU-main"
    inner.mkdir(parents=True)
    for page in world("fsu-1etap-bitva-shkol-2024").iterdir():
        (inner / page.name).write_bytes(page.read_bytes())
    (outer / "README.md").write_text("results\n")
    source = FolderSource(outer)
    assert (source.index_name, source.descended, source.folder) == ("index.htm", "CUP-FSU-main", inner)

    site = asyncio.run(read_site(source))
    assert len(site.categories) == 3
    assert any("CUP-FSU-main" in str(w) and "read from there" in str(w) for w in site.warnings)


def test_a_folder_of_two_folders_is_no_site_of_either(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.htm").write_text(INDEX)
    source = FolderSource(tmp_path)
    assert (source.descended, source.index_name) == (None, "")


@pytest.mark.parametrize(
    "page",
    [
        '<html><frameset rows="20%,80%"><frame src="menu.htm"><frame src="2024/main.htm"></frameset></html>',
        '<html><head><meta http-equiv="Refresh" content="0; URL=\'2024/main.htm\'"></head><body></body></html>',
    ],
)
def test_an_index_that_only_shows_the_real_one_is_followed(page: str, tmp_path: Path) -> None:
    """A frameset or a meta refresh in index.htm: the site was refused whole (no event index table)."""
    inner = tmp_path / "2024"
    inner.mkdir()
    for path in world("fsu-1etap-bitva-shkol-2024").iterdir():
        (inner / ("main.htm" if path.name.lower() == "index.htm" else path.name)).write_bytes(path.read_bytes())
    (tmp_path / "menu.htm").write_text("<html><body><a href='2024/main.htm'>Results</a></body></html>")
    (tmp_path / "index.htm").write_text(page)
    source = FolderSource(tmp_path)
    site = asyncio.run(read_site(source))
    assert len(site.categories) == 3
    assert (source.index_name, source.folder) == ("main.htm", inner)
    assert any("2024/main.htm" in str(w) and "read as the site's index" in str(w) for w in site.warnings)
