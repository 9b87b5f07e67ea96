"""The ISU results source layer: local folders and http(s) sites, and the guards around them."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiohttp import web

from bot.services.isu import addresses as addresses_module
from bot.services.isu.addresses import address_problem, check_host
from bot.services.isu.source import (
    MAX_FILE_BYTES,
    FolderSource,
    HttpSource,
    SourceError,
    open_source,
)
from tests.isu_sites import wc2014

FIXTURE = wc2014()


# --------------------------------------------------------------------------------------------------------------------
# Folder


async def test_folder_finds_the_index_and_reads_case_insensitively() -> None:
    src = FolderSource(FIXTURE)
    assert src.index_name == "wc2014.html"
    index = await src.read(src.index_name)
    assert b"ISU World Championships 2014" in index
    upper = await src.read("SEG001.HTM")
    lower = await src.read("seg001.htm")
    assert upper == lower == (FIXTURE / "SEG001.HTM").read_bytes()
    assert await src.read("./Seg001.Htm") == upper
    assert src.describe("seg001.htm") == str((FIXTURE / "SEG001.HTM").resolve())


@pytest.mark.parametrize(
    "name", ["../etc/passwd", "../../../../etc/passwd", "/etc/passwd", "%2e%2e/etc/passwd", "a/../../x", "\\etc\\x"]
)
async def test_folder_refuses_names_outside_the_root(name: str) -> None:
    src = FolderSource(FIXTURE)
    with pytest.raises(SourceError):
        await src.read(name)


async def test_folder_refuses_absolute_path_to_a_file_inside_too() -> None:
    src = FolderSource(FIXTURE)
    with pytest.raises(SourceError, match="relative"):
        await src.read(str(FIXTURE / "SEG001.HTM"))


async def test_folder_missing_file_is_named() -> None:
    src = FolderSource(FIXTURE)
    with pytest.raises(SourceError, match=r"^CAT009RS\.HTM: not found in .*wc2014"):
        await src.read("CAT009RS.HTM")


def test_open_source_on_folder_and_on_index_file() -> None:
    assert isinstance(open_source(str(FIXTURE)), FolderSource)
    src = open_source(str(FIXTURE / "wc2014.html"))
    assert isinstance(src, FolderSource)
    assert src.index_name == "wc2014.html"


def test_folder_index_discovery(tmp_path: Path) -> None:
    (tmp_path / "SEG001.HTM").write_text("<html>segment</html>")
    (tmp_path / "event.htm").write_text('<a href="CAT001RS.HTM">Men</a>')
    (tmp_path / "other.html").write_text("<p>no links</p>")
    assert FolderSource(tmp_path).index_name == "event.htm"
    (tmp_path / "second.HTML").write_text("<a href=SEG001.HTM>SP</a>")
    assert FolderSource(tmp_path).index_name == ""  # several could be the index: read by content instead
    assert FolderSource(tmp_path, index="SECOND.html").index_name == "SECOND.html"
    (tmp_path / "INDEX.HTM").write_text("<p>index</p>")
    assert FolderSource(tmp_path).index_name == "INDEX.HTM"
    with pytest.raises(SourceError, match="not found"):
        FolderSource(tmp_path, index="missing.htm")


def test_folder_without_index_or_folder(tmp_path: Path) -> None:
    # No index page: the folder is read by its files' content (the importer's PDFs-alone reading).
    (tmp_path / "b.pdf").write_bytes(b"%PDF-")
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "sub").mkdir()
    source = FolderSource(tmp_path)
    assert source.index_name == "" and source.names() == ["a.txt", "b.pdf"]
    assert source.describe("") == str(tmp_path)
    with pytest.raises(SourceError, match="no such folder"):
        FolderSource(tmp_path / "nope")


async def test_folder_refuses_symlink_escape(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret")
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.htm").write_text("<p>index</p>")
    (root / "leak.htm").symlink_to(outside)
    (root / "sub").symlink_to(tmp_path)
    src = FolderSource(root)
    with pytest.raises(SourceError, match="outside"):
        await src.read("leak.htm")
    with pytest.raises(SourceError, match="outside"):
        await src.read("sub/outside.txt")


async def test_folder_size_cap(tmp_path: Path) -> None:
    (tmp_path / "index.htm").write_text("x")
    with (tmp_path / "big.pdf").open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(SourceError, match="larger than the 20 MB limit"):
        await FolderSource(tmp_path).read("big.pdf")


# --------------------------------------------------------------------------------------------------------------------
# Addresses


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("10.0.0.5", "private"),
        ("172.16.3.4", "private"),
        ("192.168.1.1", "private"),
        ("169.254.169.254", "link-local"),
        ("127.0.0.1", "loopback"),
        ("::1", "loopback"),
        ("fe80::1", "link-local"),
        ("::ffff:10.0.0.1", "private"),
        ("::ffff:127.0.0.1", "loopback"),
        ("0.0.0.0", "unspecified"),
        ("::", "unspecified"),
        ("224.0.0.1", "multicast"),
        ("ff02::1", "multicast"),
        ("fc00::1", "private"),
        ("100.64.0.1", "non-public"),
        ("2002:0a00:0001::1", "private"),  # 6to4 wrapping 10.0.0.1
        ("64:ff9b::a00:1", "private"),  # NAT64 wrapping 10.0.0.1
        ("8.8.8.8", None),
        ("2001:4860:4860::8888", None),
        ("::ffff:8.8.8.8", None),
    ],
)
def test_address_problem(address: str, problem: str | None) -> None:
    assert address_problem(address) == problem
    assert address_problem(ipaddress.ip_address(address)) == problem


async def test_check_host_literals_need_no_network() -> None:
    assert await check_host("8.8.8.8", 443) == [(socket.AF_INET, "8.8.8.8")]
    with pytest.raises(SourceError, match=r"private address \(10\.0\.0\.5\); use --allow-private"):
        await check_host("10.0.0.5", 80)
    assert await check_host("10.0.0.5", 80, allow_private=True)


async def test_check_host_refuses_names_resolving_to_loopback() -> None:
    with pytest.raises(SourceError, match="loopback address"):
        await check_host("localhost", 80)


async def test_pinned_resolver_returns_only_checked_addresses() -> None:
    resolver = addresses_module.PinnedResolver(allow_private=False)
    resolver.pin("results.example", [(socket.AF_INET, "93.184.216.34")])
    [result] = await resolver.resolve("results.example", 443, family=socket.AF_UNSPEC)
    assert (result["host"], result["port"], result["family"]) == ("93.184.216.34", 443, socket.AF_INET)
    with pytest.raises(OSError):
        await resolver.resolve("results.example", 443, family=socket.AF_INET6)
    with pytest.raises(OSError, match="loopback"):
        await resolver.resolve("localhost", 80, family=socket.AF_UNSPEC)  # unpinned: checked on the spot


# --------------------------------------------------------------------------------------------------------------------
# HTTP


@dataclass
class Server:
    base: str
    port: int
    hits: list[str] = field(default_factory=list)


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    stop = asyncio.Event()
    hits: list[str] = []

    async def site(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        hits.append(request.path)
        if name == "moved.htm":
            raise web.HTTPFound("/other/SEG001.HTM")
        if name == "relative.htm":
            raise web.HTTPMovedPermanently("SEG002.HTM")
        if name == "private.htm":
            raise web.HTTPFound("http://10.0.0.1/results/SEG001.HTM")
        if name == "ftp.htm":
            raise web.HTTPFound("ftp://127.0.0.1/SEG001.HTM")
        if name == "js.htm":
            raise web.HTTPFound("javascript:alert(1)")
        if name == "loop.htm":
            raise web.HTTPFound("loop.htm")
        if name == "big.htm":  # no Content-Length: the cap applies while streaming
            response = web.StreamResponse()
            response.enable_chunked_encoding()
            await response.prepare(request)
            for _ in range(20):
                await response.write(b"x" * 1000)
            await response.write_eof()
            return response
        if name == "bigcl.htm":
            return web.Response(body=b"x" * 5000)
        if name == "slow.htm":  # headers, then the body stalls
            response = web.StreamResponse()
            response.content_length = 100
            await response.prepare(request)
            await response.write(b"x")
            await stop.wait()
            return response
        if name == "stall.htm":  # nothing at all
            await stop.wait()
            return web.Response(text="late")
        path = FIXTURE / name
        if "/" in name or not path.is_file():
            raise web.HTTPNotFound()
        return web.Response(body=path.read_bytes())

    async def other(request: web.Request) -> web.StreamResponse:
        hits.append(request.path)
        return web.Response(body=(FIXTURE / request.match_info["name"]).read_bytes())

    app = web.Application()
    app.router.add_get("/site/{name}", site)
    app.router.add_get("/other/{name}", other)
    runner = web.AppRunner(app, shutdown_timeout=0.5)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = runner.addresses[0][1]
    yield Server(base=f"http://127.0.0.1:{port}/site/", port=port, hits=hits)
    stop.set()
    await runner.cleanup()


async def test_http_reads_files(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True) as src:
        assert src.index_name == "wc2014.html"
        assert await src.read(src.index_name) == (FIXTURE / "wc2014.html").read_bytes()
        assert await src.read("SEG001.HTM") == (FIXTURE / "SEG001.HTM").read_bytes()
        pdf = await src.read("wc2014_Men_FS_Scores.pdf")
        assert pdf == (FIXTURE / "wc2014_Men_FS_Scores.pdf").read_bytes()
        assert src.describe("SEG001.HTM") == server.base + "SEG001.HTM"


async def test_http_root_url_defaults_to_index_htm(server: Server) -> None:
    async with HttpSource(server.base, allow_private=True) as src:
        assert src.index_name == "index.htm"
        with pytest.raises(SourceError, match=r"/site/index\.htm: HTTP 404 \(not on the site\)$"):
            await src.read(src.index_name)


async def test_http_404_names_the_url(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True) as src:
        with pytest.raises(SourceError, match=rf"^{server.base}SEG099\.HTM: HTTP 404 \(not on the site\)$"):
            await src.read("SEG099.HTM")


async def test_http_refuses_names_outside_the_root(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True) as src:
        for name in ("../other/SEG001.HTM", "/other/SEG001.HTM", "http://127.0.0.1/x", "//evil.example/x"):
            with pytest.raises(SourceError):
                await src.read(name)
    assert server.hits == []


async def test_http_refuses_loopback_without_allow_private(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html") as src:
        with pytest.raises(SourceError, match=r"loopback address \(127\.0\.0\.1\); use --allow-private"):
            await src.read("SEG001.HTM")
    assert server.hits == []


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/index.htm", "javascript:alert(1)", "x.htm"])
def test_http_refuses_other_schemes(url: str) -> None:
    with pytest.raises(SourceError, match="only http and https"):
        HttpSource(url)


@pytest.mark.parametrize("spec", ["file:///etc/passwd", "ftp://example.com/index.htm", "javascript:alert(1)"])
def test_open_source_refuses_other_schemes(spec: str) -> None:
    with pytest.raises(SourceError):
        open_source(spec)


def test_open_source_http() -> None:
    src = open_source("https://results.isu.org/events/wc2014/wc2014.html")
    assert isinstance(src, HttpSource)
    assert src.index_name == "wc2014.html"
    assert src.describe("SEG001.HTM") == "https://results.isu.org/events/wc2014/SEG001.HTM"


async def test_http_refuses_private_literal_hosts_without_connecting() -> None:
    for url, shown in [
        ("http://10.0.0.1/index.htm", "private address (10.0.0.1)"),
        ("http://169.254.169.254/latest/index.htm", "link-local address (169.254.169.254)"),
        ("http://[::ffff:10.0.0.1]/index.htm", "private address (::ffff:10.0.0.1)"),
        ("http://0.0.0.0/index.htm", "unspecified address"),
        ("http://localhost/index.htm", "loopback address"),
    ]:
        async with HttpSource(url, connect_timeout=30) as src:
            started = time.monotonic()
            with pytest.raises(SourceError, match=rf"{shown}".replace("(", r"\(").replace(")", r"\)")):
                await src.read(src.index_name)
            assert time.monotonic() - started < 30  # refused before the 30 s connect timeout: never tried


async def test_http_follows_redirects(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True) as src:
        assert await src.read("moved.htm") == (FIXTURE / "SEG001.HTM").read_bytes()
        assert await src.read("relative.htm") == (FIXTURE / "SEG002.HTM").read_bytes()
    assert "/other/SEG001.HTM" in server.hits


async def test_http_redirect_limit(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True, max_redirects=3) as src:
        with pytest.raises(SourceError, match="more than 3 redirects"):
            await src.read("loop.htm")
    assert server.hits.count("/site/loop.htm") == 4


async def test_http_redirect_to_other_schemes_is_refused(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True) as src:
        for name in ("ftp.htm", "js.htm"):
            with pytest.raises(SourceError, match="only http and https"):
                await src.read(name)


@pytest.fixture
def loopback_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Treat loopback as public so the local test server is reachable with the checks on (allow_private=False)."""
    real = addresses_module.address_problem

    def problem(address: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
        if ipaddress.ip_address(address).is_loopback:
            return None
        return real(address)

    monkeypatch.setattr(addresses_module, "address_problem", problem)


@pytest.mark.usefixtures("loopback_allowed")
async def test_http_redirect_to_private_address_is_rechecked(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", connect_timeout=30) as src:
        assert await src.read("SEG001.HTM") == (FIXTURE / "SEG001.HTM").read_bytes()  # the checks let loopback in
        assert await src.read("moved.htm") == (FIXTURE / "SEG001.HTM").read_bytes()
        started = time.monotonic()
        with pytest.raises(SourceError, match=r"http://10\.0\.0\.1/results/SEG001\.HTM \(redirected from .*private"):
            await src.read("private.htm")
        assert time.monotonic() - started < 5  # refused before any connection attempt


@pytest.mark.usefixtures("loopback_allowed")
async def test_http_by_host_name_goes_through_the_pinned_resolver(server: Server) -> None:
    async with HttpSource(f"http://localhost:{server.port}/site/wc2014.html") as src:
        assert await src.read("SEG003.HTM") == (FIXTURE / "SEG003.HTM").read_bytes()
        assert "localhost" in src._resolver._pins


async def test_http_size_cap(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True, max_bytes=4096) as src:
        with pytest.raises(SourceError, match=r"big\.htm: larger than the 4096 bytes limit"):
            await src.read("big.htm")
        with pytest.raises(SourceError, match=r"bigcl\.htm: larger than the 4096 bytes limit"):
            await src.read("bigcl.htm")
    async with HttpSource(server.base + "wc2014.html", allow_private=True, max_bytes=20000) as src:
        assert len(await src.read("big.htm")) == 20000  # exactly at the limit is fine


async def test_http_default_size_cap_message(server: Server) -> None:
    src = HttpSource(server.base + "wc2014.html", allow_private=True)
    assert src.max_bytes == MAX_FILE_BYTES
    assert src._limit_text() == "20 MB"
    await src.close()


async def test_http_read_timeout(server: Server) -> None:
    async with HttpSource(server.base + "wc2014.html", allow_private=True, read_timeout=0.3) as src:
        for name in ("slow.htm", "stall.htm"):
            with pytest.raises(SourceError, match=rf"{name}: timed out"):
                await src.read(name)
