"""Variants of every HTML site of ../shared/fixtures/isu-world (tests/isu_world.py derives them in tmp folders):
what the world's other sites do where the shared ones happen not to. A variant that changes only how the pages are
written (encodings, declarations, capitals, an extra column, warm-up rows, leftover files) must read to exactly the
figures of its original; the others are checked for what they keep and what they warn about."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.services.isu.importer import import_isu
from bot.services.isu.source import FolderSource
from db.database import Database
from tests.isu_world import (
    HTML_SITES,
    SAME_FIGURES,
    blank_nations,
    copy_site,
    cut_pages,
    edit_pages,
    figures,
    index_page,
    legend_only,
    missing_pages,
    read,
    read_text,
)

ORIGINALS: dict[str, dict[str, Any]] = {}
NO_HEADED_TABLES = {("isu-gpjpn2017-comnet", "Warm-Up Group rows"), ("isu-gpjpn2017-comnet", "extra columns")}
ENCODINGS = {"UTF-8 with BOM", "UTF-8 without BOM", "legacy code page, no meta", "mixed per page", "lying meta charset"}


async def original(name: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if name not in ORIGINALS:
        ORIGINALS[name] = await figures(copy_site(name, tmp_path_factory.mktemp("original"), pdfs=pdfs(name)))
    return ORIGINALS[name]


def pdfs(name: str) -> bool:
    """Variants are read without the site's PDFs (the slow part, and the same in both), but for comnet's site, whose
    results pages are not read: its PDFs are all there is."""
    return "comnet" in name


@pytest.mark.parametrize("kind", sorted(SAME_FIGURES))
@pytest.mark.parametrize("name", HTML_SITES)
async def test_a_variant_in_form_reads_to_the_same_figures(
    name: str, kind: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    before = await original(name, tmp_path_factory)
    folder = copy_site(name, tmp_path, pdfs=pdfs(name))
    written = {p.name: p.read_bytes() for p in folder.iterdir()}
    SAME_FIGURES[kind](folder)
    # (An encoding the site is already written in changes nothing: the fsu sites are UTF-8 with a BOM already.)
    # (Nor do rows and columns where no table has a header row: comnet's pages, of which only the PDFs are read.)
    unchanged = kind in ENCODINGS or (name, kind) in NO_HEADED_TABLES
    assert unchanged or {p.name: p.read_bytes() for p in folder.iterdir()} != written, "nothing changed"
    after = await figures(folder)
    assert after == before
    site = await read(folder)
    if kind == "orphan pages" and name.startswith("ijslive") and "-morris-" not in name:
        assert any("is read; this one is not" in str(w) for w in site.warnings)


async def test_a_variant_site_imports_with_exit_0(store: Database, tmp_path: Path) -> None:
    """The store takes what the variants read: one import per variant class, each of another site."""
    factory = _Factory(tmp_path)
    for i, kind in enumerate(sorted(SAME_FIGURES)):
        name = HTML_SITES[i % len(HTML_SITES)]
        folder = copy_site(name, tmp_path / f"{i:02d}", pdfs=pdfs(name))
        SAME_FIGURES[kind](folder)
        summary = await import_isu(store, FolderSource(folder))
        assert summary.categories == len((await original(name, factory))["competitions"][0]["events"])


class _Factory:
    """tmp_path_factory's one method, over a test's own folder (for `original` outside a parametrized test)."""

    def __init__(self, root: Path) -> None:
        self.root, self.count = root, 0

    def mktemp(self, base: str) -> Path:
        self.count += 1
        path = self.root / f"{base}-{self.count}"
        path.mkdir()
        return path


async def test_a_damaged_results_page_of_a_renamed_site_is_warned_about(tmp_path: Path) -> None:
    """Read by content, a results page whose table cannot be read was counted among "other files not read", its
    category's official totals lost without a word."""
    folder = copy_site("isu-wc2009", tmp_path, pdfs=False)
    page = folder / "men_results.html"
    page.write_bytes(page.read_bytes().replace(b"<TD>242.23</TD>", b"<TD>24x.23</TD>", 1))
    site = await read(folder)
    unread = [str(w) for w in site.warnings if "a results page that cannot be read" in str(w)]
    assert len(unread) == 1 and "men_results.html" in unread[0] and "24x.23" in unread[0]


# Category and segment names as federations print them: (category, free skating, discipline and level read).
LANGUAGES = {
    "Polish": ("Solistki juniorki", "Program dowolny", "women", "junior"),
    "Czech": ("Ženy - junioři", "Volná jízda", "women", "junior"),
    "German": ("Damen Junioren", "Kür", "women", "junior"),
    "French": ("Dames Novices", "Programme libre", "women", "novice"),
    "Italian": ("Donne Juniores", "Programma libero", "women", "junior"),
    "Japanese": ("ジュニア女子", "フリースケーティング", "women", "junior"),
    "Ukrainian": ("Дівчата, 2 юнацький", "Довільна програма", "women", "2 юнацький"),
    "Ukrainian juniors": ("Юніорки", "Довільна програма", "women", "junior"),
    "Russian": ("Девушки, 1 спортивный разряд", "Произвольная программа", "women", "1 спортивный разряд"),
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
async def test_categories_in_the_federations_language(
    language: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """CUP FSU 2024's "Ladies, 3yn" (11 skaters) and every "Free Skating" renamed: the discipline and level are read
    from the words (the level kept as a level), the segment is still the free skating, every figure the same."""
    name, (category, free, discipline, level) = "fsu-cup-fsu-latin-2024", LANGUAGES[language]
    before = await original(name, tmp_path_factory)
    folder = copy_site(name, tmp_path, pdfs=False)
    assert edit_pages(folder, lambda _n, text: text.replace("Ladies, 3yn", category).replace("Free Skating", free))
    after = await figures(folder)
    (old,) = [e for e in before["competitions"][0]["events"] if e["name"] == "Ladies, 3yn"]
    (new,) = [e for e in after["competitions"][0]["events"] if e["name"] == category]
    assert (new["discipline"], new["level"]) == (discipline, level)
    assert new["entries"] == old["entries"] and len(new["entries"]) == 11
    assert [s["kind"] for s in new["segments"]] == ["free_skate"]
    assert [s["name"] for s in new["segments"]] == [free]
    others = [e for e in after["competitions"][0]["events"] if e["name"] != category]
    assert [e["entries"] for e in others] == [e["entries"] for e in before["competitions"][0]["events"] if e != old]


INDEXED = [name for name in HTML_SITES if name.startswith("fsu-")]  # ISUCalcFS 3.7.6 sites: an index linking pages


def linked(folder: Path) -> set[str]:
    index = index_page(folder)
    assert index is not None
    return {m.lower() for m in re.findall(r"href=[\"']?([^\"' >]+)", read_text(index), re.IGNORECASE)}


@pytest.mark.parametrize("kind", ["missing pages", "pages cut mid-table", "legend only"])
@pytest.mark.parametrize("name", INDEXED)
async def test_a_site_losing_pages_keeps_the_rest_and_names_what_it_lost(name: str, kind: str, tmp_path: Path) -> None:
    folder = copy_site(name, tmp_path, pdfs=False)
    links = linked(folder)
    lost = {"missing pages": missing_pages, "pages cut mid-table": cut_pages, "legend only": legend_only}[kind](folder)
    assert lost
    site = await read(folder)
    warnings = [str(w) for w in site.warnings]
    for page in lost:
        if page.lower() in links and not page.upper().endswith("EN.HTM"):  # entries pages are not read
            said = [w for w in warnings if page in w]
            assert said, (page, warnings)
            if kind == "legend only":
                assert all("not yet skated" in w and "damaged" not in w for w in said), said
            if kind == "pages cut mid-table":
                assert any("truncated" in w for w in said), said
    # Nothing read from a page that lost rows: a segment of a cut or emptied page has no rows.
    for category in site.categories:
        for segment in category.segments:
            if segment.segment.detail_page in lost:
                assert segment.rows is None or segment.rows_page is not None, segment.segment.detail_page
        if kind != "missing pages" and category.category.result_page in lost:
            assert category.results is None


@pytest.mark.parametrize("name", ["fsu-cup-fsu-latin-2024", "isu-wc2009", "isu-owg2018"])
async def test_blank_nations_are_unknown_countries(name: str, tmp_path: Path) -> None:
    folder = copy_site(name, tmp_path, pdfs=False)
    assert blank_nations(folder)
    site = await read(folder)
    after = await figures(folder)
    countries = {e["country"] for event in after["competitions"][0]["events"] for e in event["entries"]}
    assert countries == {""}
    assert any("imported with an unknown country" in str(w) for w in site.warnings)
