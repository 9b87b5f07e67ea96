"""The ISU import over HTTP (servers on 127.0.0.1): redirects, a folder URL without its slash, a charset given by
the server only, trickling servers and deadlines; and what the import keeps off the event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web

from bot.sandbox.harness import Sandbox
from bot.services.isu import page_reader, site_reading
from bot.services.isu.importer import ImportTimeout, import_isu
from bot.services.isu.source import FolderSource, HttpSource, SourceError
from bot.settings import Settings
from db.database import Database
from tests.e2e.test_isu_variants import CYRILLIC, cyrillic_cup
from tests.isu_sites import snapshot, wc2014

Server = Callable[[web.Application], "asyncio.Future[str]"]


@pytest_asyncio.fixture
async def serve() -> AsyncIterator[Callable[[web.Application], asyncio.Future[str]]]:
    runners: list[web.AppRunner] = []

    async def start(app: web.Application) -> str:
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        runners.append(runner)
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return f"http://127.0.0.1:{port}"

    yield start  # type: ignore[misc]
    for runner in runners:
        await runner.cleanup()


def worlds_app() -> web.Application:
    """/results/wc2014 redirects to the folder, which serves the index; /go redirects to the index page."""
    index = (wc2014() / "wc2014.html").read_bytes()

    async def folder(_: web.Request) -> web.Response:
        return web.Response(body=index, content_type="text/html")

    async def no_slash(_: web.Request) -> web.Response:
        raise web.HTTPMovedPermanently("/results/wc2014/")

    async def go(_: web.Request) -> web.Response:
        raise web.HTTPFound("/results/wc2014/wc2014.html")

    app = web.Application()
    app.router.add_get("/results/wc2014", no_slash)
    app.router.add_get("/results/wc2014/", folder)
    app.router.add_get("/go", go)
    app.router.add_static("/results/wc2014/", wc2014())
    return app


@pytest.mark.parametrize("path", ["/results/wc2014", "/go", "/results/wc2014/"])
async def test_links_are_resolved_against_the_final_url(store: Database, serve, path: str) -> None:
    base = await serve(worlds_app())
    async with HttpSource(base + path, allow_private=True) as source:
        summary = await import_isu(store, source)
        assert str(source.root) == base + "/results/wc2014/"
    warnings = [str(w) for w in summary.warnings]
    assert (summary.key, summary.categories, summary.entries, warnings) == ("wc2014", 4, 121, [])
    folder = await snapshot(store)
    again = await import_isu(store, FolderSource(wc2014()))
    assert not {k for k in again.report.changes if k.startswith(("added", "removed"))}  # the same data as on disk
    assert {t: len(v) for t, v in (await snapshot(store)).items()} == {t: len(v) for t, v in folder.items()}


async def test_a_folder_url_without_slash_that_the_server_does_not_redirect(store: Database, serve) -> None:
    app = web.Application()
    app.router.add_static("/results/wc2014/", wc2014())
    index = (wc2014() / "wc2014.html").read_bytes()

    async def index_htm(_: web.Request) -> web.Response:
        return web.Response(body=index, content_type="text/html")

    app.router.add_get("/site/wc2014/index.htm", index_htm)
    app.router.add_static("/site/wc2014/", wc2014())
    base = await serve(app)
    async with HttpSource(base + "/site/wc2014", allow_private=True) as source:
        summary = await import_isu(store, source)
    assert (summary.categories, [str(w) for w in summary.warnings]) == (4, [])


async def test_the_http_charset_header_is_honoured(store: Database, serve, tmp_path: Path) -> None:
    site = cyrillic_cup(tmp_path, "windows-1251", declare=False)

    async def page(request: web.Request) -> web.Response:
        path = site.path / request.match_info["name"]
        if not path.is_file():
            raise web.HTTPNotFound()
        kind = "application/pdf" if path.suffix == ".pdf" else "text/html"
        response = web.Response(body=path.read_bytes(), content_type=kind)
        if kind == "text/html":
            response.charset = "windows-1251"
        return response

    app = web.Application()
    app.router.add_get("/cup/{name}", page)
    base = await serve(app)
    async with HttpSource(base + "/cup/index.htm", allow_private=True) as source:
        summary = await import_isu(store, source)
    warnings = [str(w) for w in summary.warnings]
    assert not [w for w in warnings if "character set" in w]  # declared by the server: nothing detected
    names = {r[0] for r in await store.fetchall("SELECT name FROM skaters")}
    assert {name.split()[0] + " " + name.split()[1].title() for name in CYRILLIC.values()} <= names
    missing = [w for w in [str(w) for w in summary.warnings] if "HTTP 404 (not on the site)" in w]
    assert len(missing) == 28  # the PDFs: each a warning naming its URL


def trickle_app(delay: float) -> web.Application:
    """A server that sends one byte every `delay` seconds (at most 40 bytes, then it gives up)."""

    async def slow(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/html"})
        await response.prepare(request)
        try:
            for _ in range(40):
                await response.write(b"<")
                await asyncio.sleep(delay)
        except (ConnectionResetError, RuntimeError):
            pass
        return response

    app = web.Application()
    app.router.add_get("/slow/{name}", slow)
    return app


async def test_a_trickling_server_hits_the_file_deadline(serve) -> None:
    base = await serve(trickle_app(1.5))
    async with HttpSource(base + "/slow/index.htm", allow_private=True, file_deadline=3) as source:
        with pytest.raises(SourceError, match=r"index\.htm: timed out \(the whole file did not arrive within 3 s\)"):
            await source.read(source.index_name)


async def test_the_whole_import_has_a_deadline(store: Database, serve) -> None:
    base = await serve(trickle_app(0.5))
    before = await snapshot(store)
    async with HttpSource(base + "/slow/index.htm", allow_private=True) as source:
        with pytest.raises(ImportTimeout, match=r"not read within 2 s; nothing was imported"):
            await import_isu(store, source, deadline=2)
    assert await snapshot(store) == before


async def test_pages_and_pdfs_are_parsed_off_the_event_loop(store: Database, monkeypatch) -> None:
    loop_thread = threading.get_ident()
    parsed_on: list[int] = []
    locked_on: list[int] = []
    for name in ("parse_index", "parse_result_page", "parse_segment_page", "parse_panel"):
        original = getattr(site_reading, name)  # the reading step, where the pages are parsed

        def spy(html: str, page: str, _original=original):
            parsed_on.append(threading.get_ident())
            return _original(html, page)

        monkeypatch.setattr(site_reading, name, spy)

    class SpyLock:
        def __init__(self) -> None:
            self._lock = threading.Lock()

        def __enter__(self) -> None:
            locked_on.append(threading.get_ident())
            self._lock.acquire()

        def __exit__(self, *_: object) -> None:
            self._lock.release()

    monkeypatch.setattr(page_reader, "_PDFIUM", SpyLock())
    summary = await import_isu(store, FolderSource(wc2014()))
    assert summary.pdf_pages == 80
    assert len(parsed_on) == 21 and loop_thread not in parsed_on
    assert len(locked_on) == 8 and loop_thread not in locked_on


async def test_discord_imports_only_urls_and_reveals_no_path(serve) -> None:
    async with Sandbox(settings=Settings(isu_allow_private=True)) as sandbox:
        replies = []
        for path in ("/etc", "/proc/self", "/no/such/folder", str(wc2014()), "file:///etc/passwd"):
            result = await sandbox.slash("admin import-isu", url=path)
            replies.append((await result.wait_message()).content)
        assert len(set(replies)) == 1, replies
        assert "only an http(s) URL" in replies[0] and "Nothing was imported" in replies[0]
        assert sandbox.server.violations == []


async def test_the_private_host_refusal_names_the_flag(store: Database, serve) -> None:
    base = await serve(worlds_app())
    async with HttpSource(base + "/results/wc2014/", allow_private=False) as source:
        with pytest.raises(SourceError, match=r"loopback address \(127\.0\.0\.1\); use --allow-private"):
            await import_isu(store, source)
