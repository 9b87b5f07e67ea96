"""Every real site of ../shared/fixtures/isu-world made into the variants the world makes of it
(tests/world_variants.py), each read as `skatebot import` reads it: never a traceback; a variant in form only reads
to the original's figures; a variant that lost files keeps every figure the other files hold, invents none, and
names each lost file in a warning."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.services.isu.importer import build_document, import_isu, read_site
from bot.services.isu.source import FolderSource, HttpSource
from db.database import Database
from tests.isu_sites import belfort, wc2014
from tests.isu_world import HTML_SITES, PDF_SITES, world
from tests.world_variants import LOSSY, VARIANTS, Expect, applicable, copy_site, covering, ledger, protocol_pdfs

# The world's sites, and the two complete sites of tests/fixtures/isu (ISUCalcFS 2014, FS Manager 2024).
SITES = {name: world(name) for name in HTML_SITES + PDF_SITES} | {"wc2014": wc2014(), "fsm2024-belfort": belfort()}
ORIGINALS: dict[tuple[str, bool], Read] = {}


def with_pdfs(name: str, kind: str) -> bool:
    """Variants are read without the site's PDFs (the slow part), but those of the PDFs, and the sites whose
    figures come from their PDFs alone."""
    return "PDF" in kind or name in PDF_SITES or "comnet" in name


Read = tuple[dict[tuple[str, ...], tuple[Any, frozenset[str]]], list[str]]


async def read(folder: Path) -> Read:
    """What an import of `folder` reads, figure by figure, and its warnings."""
    async with FolderSource(folder) as source:
        site = await read_site(source)
        document = build_document(site, source)
    return ledger(document, protocol_pdfs(site)), [str(w) for w in site.warnings]


async def original(name: str, pdfs: bool, tmp_path_factory: pytest.TempPathFactory) -> Read:
    if (name, pdfs) not in ORIGINALS:
        folder = copy_site(SITES[name], tmp_path_factory.mktemp("original"))
        if not pdfs:
            for pdf in folder.glob("*.[pP][dD][fF]"):
                pdf.unlink()
        ORIGINALS[(name, pdfs)] = await read(folder)
    return ORIGINALS[(name, pdfs)]


def check(old: Read, new: Read, expect: Expect) -> list[str]:
    """What the variant's reading got wrong (empty: nothing)."""
    problems = []
    old, new, warnings = old[0], new[0], new[1]
    lost = {name.lower() for name in expect.lost + expect.gone}
    for key, (value, sources) in old.items():
        if sources & lost:
            continue
        if key not in new:
            problems.append(f"lost {key}={value!r} (read from {sorted(sources)})")
        elif new[key][0] != value:
            problems.append(f"{key}: {value!r} became {new[key][0]!r}")
    for key, (value, _sources) in new.items():
        if key not in old:
            problems.append(f"invented {key}={value!r}")
    for name in expect.lost + expect.said:
        if not any(name.lower() in w.lower() for w in warnings):
            problems.append(f"{name} lost or passed over without a word: {warnings}")
    return problems


async def variant(
    name: str, kind: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Read, Path, Expect]:
    """What the original site reads to (with its PDFs where the variant is about them), and the variant made of a
    copy of it in `tmp_path`, with what it must read to."""
    pdfs = with_pdfs(name, kind)
    before = await original(name, pdfs, tmp_path_factory)
    folder = copy_site(SITES[name], tmp_path)
    if not pdfs:
        for pdf in folder.glob("*.[pP][dD][fF]"):
            pdf.unlink()
    expect = VARIANTS[kind](folder)
    assert expect is not None, f"{name} has nothing {kind!r} changes"
    return before, folder, expect


CASES = covering(applicable(SITES, VARIANTS), sites_per_variant=3)


@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{s}-{k}" for s, k in CASES])
async def test_a_variant_keeps_what_it_holds_and_names_what_it_lost(
    name: str, kind: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    before, folder, expect = await variant(name, kind, tmp_path, tmp_path_factory)
    assert check(before, await read(expect.root or folder), expect) == []


async def test_variants_import_into_the_store(store: Database, tmp_path: Path) -> None:
    """The store takes what the variants read: one import of each variant class, each of another site."""
    for i, kind in enumerate(VARIANTS):
        names = list(SITES)
        for name in names[i % len(names) :] + names[: i % len(names)]:
            folder = copy_site(SITES[name], tmp_path / f"{i:02d}")
            expect = VARIANTS[kind](folder)
            if expect is not None:
                break
            shutil.rmtree(tmp_path / f"{i:02d}")
        assert expect is not None
        summary = await import_isu(store, FolderSource(expect.root or folder))
        assert summary.categories > 0, (name, kind)


# --- over HTTP, as `/live watch` and an import by URL read a site --------------------------------------------------


@asynccontextmanager
async def served(folder: Path) -> AsyncIterator[str]:
    """`folder` on 127.0.0.1 as a plain static host serves it (names as they are, no charset sent): its URL."""

    async def serve(request: web.Request) -> web.StreamResponse:
        path = folder / request.match_info["path"]
        if not path.is_file() or ".." in request.match_info["path"]:
            raise web.HTTPNotFound()
        kind = "application/pdf" if path.suffix.lower() == ".pdf" else "text/html"
        return web.Response(body=path.read_bytes(), content_type=kind)

    app = web.Application()
    app.router.add_get("/results/{path:.+}", serve)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/results/"
    finally:
        await runner.cleanup()


# The sites with an index page a watch is given the URL of; the variants a web host serves as the folder holds them
# (a host matches names exactly, as a browser asks for them: a file renamed in capitals is not what a link names;
# and it lists no folder: a second index there is not seen).
INDEXED = {name: SITES[name] for name in SITES if FolderSource(SITES[name]).index_name}
OVER_HTTP = [
    k
    for k in VARIANTS
    if k not in LOSSY
    and k
    not in ("names in capitals", "names in small letters", "site one folder down", "an old index.html beside index.htm")
]
HTTP_CASES = covering(applicable(INDEXED, OVER_HTTP), sites_per_variant=2)


@pytest.mark.parametrize(("name", "kind"), HTTP_CASES, ids=[f"{s}-{k}" for s, k in HTTP_CASES])
async def test_a_variant_read_over_http_reads_as_its_folder(
    name: str, kind: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    before, folder, expect = await variant(name, kind, tmp_path, tmp_path_factory)
    index = FolderSource(folder).index_name
    async with served(folder) as base, HttpSource(base + index, allow_private=True) as source:
        site = await read_site(source)
        after = ledger(build_document(site, source), protocol_pdfs(site)), [str(w) for w in site.warnings]
    assert check(before, after, expect) == []
