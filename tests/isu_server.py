"""A results server on 127.0.0.1 laid out as the ISU's: `/results/<season folder>/<event code>/<file>`, each
competition's folder served from a real site of the fixtures, or failing as real servers fail.

What each competition folder is: a `Path` (the site's files, its index page served as `index.htm` and for the
folder's own URL, as the ISU's server does), or one of the faults below. Anything not listed is a 404, as is a
file a folder does not have. The server cannot be listed, like the ISU's: a folder without an index page is a 404.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web


@dataclass(frozen=True)
class Site:
    """A saved site: its folder, and the file that is its index page there (`wc2014.html`), if it has one."""

    folder: Path
    index: str | None = "index.htm"


@dataclass(frozen=True)
class Truncated:
    """The site's index page cut short after `keep` of its bytes (a transfer that broke off): unreadable."""

    site: Site
    keep: float = 0.5


@dataclass(frozen=True)
class Status:
    """Every request of the folder answered with this HTTP status (403 refused, 503 unavailable)."""

    code: int


@dataclass(frozen=True)
class Dropped:
    """Every request of the folder has its connection closed before any answer."""


Folder = Site | Truncated | Status | Dropped


class IsuServer:
    """Serves `folders` ({"season2526/gpusa2025": Site(...), "wc2014": ...}) under /results/."""

    def __init__(self, folders: dict[str, Folder]) -> None:
        self.folders = {path.strip("/"): folder for path, folder in folders.items()}
        self.requests: list[str] = []
        self.base = ""

    def _site_file(self, site: Site, name: str) -> bytes | None:
        if name in ("", "index.htm") and site.index is not None:
            name = site.index
        path = site.folder / name
        if "/" in name or not path.is_file():
            return None
        return path.read_bytes()

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(request.path)
        rest = request.match_info["rest"]
        folder_path, _, name = rest.rpartition("/")
        folder = self.folders.get(folder_path)
        if folder is None and "." not in name:
            folder_path, name = rest, ""  # the folder's URL without its slash
            folder = self.folders.get(folder_path)
            if folder is not None:
                raise web.HTTPMovedPermanently(f"/results/{folder_path}/")
        if folder is None:
            raise web.HTTPNotFound()
        if isinstance(folder, Status):
            return web.Response(status=folder.code, text=f"HTTP {folder.code}")
        if isinstance(folder, Dropped):
            assert request.transport is not None
            request.transport.close()
            raise web.HTTPNotFound()  # never sent: the connection is gone
        site = folder.site if isinstance(folder, Truncated) else folder
        body = self._site_file(site, name)
        if body is None:
            raise web.HTTPNotFound()
        if isinstance(folder, Truncated) and name in ("", "index.htm"):
            body = body[: int(len(body) * folder.keep)]
        kind = "application/pdf" if name.lower().endswith(".pdf") else "text/html"
        return web.Response(body=body, content_type=kind)

    @asynccontextmanager
    async def running(self) -> AsyncIterator[IsuServer]:
        app = web.Application()
        app.router.add_get("/results/{rest:.*}", self._serve)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}/results"
        try:
            yield self
        finally:
            await runner.cleanup()
