"""Where an ISU results site is read from: a local folder or an http(s) URL of the event's results root.

An ISU results site is a family of static pages (index, CAT*/SEG* pages) and PDFs linked from each other by relative
names. A `Source` hands out those files by the name the pages link them with, and refuses any name that would leave
the site's root (``../``, absolute paths, other hosts).

`HttpSource` fetches untrusted URLs on behalf of whoever runs the import, so it guards against server-side request
forgery: only http/https, every hop of a redirect re-checked, hosts resolving to private/loopback/link-local/...
addresses refused (unless ``allow_private``), bodies capped in size, connect/read timeouts. DNS rebinding: the addresses
checked before a request are the only ones the connection may use (`PinnedResolver`); without that the connection
itself would not be pinned to the checked address, since aiohttp resolves the host again when it connects.
"""

from __future__ import annotations

import asyncio
import codecs
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType
from typing import Protocol
from urllib.parse import unquote

import aiohttp
from yarl import URL

from bot.services.isu.addresses import PinnedResolver, check_host
from bot.services.isu.source_errors import MissingFile, SourceError

__all__ = ["MAX_FILE_BYTES", "FolderSource", "HttpSource", "MissingFile", "Source", "SourceError", "open_source"]


MAX_FILE_BYTES = 20 * 1024 * 1024

_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_CHUNK = 64 * 1024
_SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
# An index page links the category/segment pages: href="CAT001RS.HTM", href=SEG001.HTM ...
# The files a results site is made of (a folder holding none of them is not the site itself).
_SITE_SUFFIXES = (".htm", ".html", ".asp", ".pdf")
# (also written ".\\SEG001.HTM" on Windows, or as an absolute URL of the host: the file name is what counts)
FAMILY_LINK_RE = re.compile(rb"""href\s*=\s*["']?(?:[^"'\s>]*[/\\])?(?:CAT|SEG)\d+""", re.IGNORECASE)


class Source(Protocol):
    """A results site: files by the (relative) names the pages link them with."""

    index_name: str

    async def read(self, name: str) -> bytes: ...

    def describe(self, name: str) -> str: ...

    def declared_charset(self, name: str) -> str | None: ...

    def move_index(self, name: str) -> None:
        """The site's index is the page `name` (relative to the index's folder): links resolve against its folder."""
        ...


def _name_parts(name: str) -> list[str]:
    """The path segments of a linked name, decoded and normalised; SourceError if it is not a file inside the root.

    Accepts "SEG001.HTM", "./seg001.htm", "pdf/x.pdf", "a/../x.pdf" (stays inside); refuses "../x.pdf", "/etc/passwd",
    "C:\\x", "http://other/x", "//host/x", names with NUL bytes or backslashes, and empty names.
    """
    raw = name
    name = name.split("#", 1)[0]  # a fragment never names another file
    if not name.strip():
        raise SourceError(f"{raw!r}: not a file name")
    if "?" in name:
        raise SourceError(f"{raw}: a query string is not part of a file name")
    if _SCHEME_RE.match(name) or name.startswith(("/", "\\")):
        raise SourceError(f"{raw}: only names relative to the results root are allowed")
    decoded = unquote(name)
    if "\x00" in decoded or "\\" in decoded:
        raise SourceError(f"{raw}: not a valid file name")
    if decoded.startswith("/"):
        raise SourceError(f"{raw}: only names relative to the results root are allowed")
    parts: list[str] = []
    for part in decoded.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise SourceError(f"{raw}: refers outside the results root")
            parts.pop()
            continue
        parts.append(part)
    if not parts:
        raise SourceError(f"{raw!r}: not a file name")
    return parts


class FolderSource:
    """A results site saved to a local folder. File lookup is case-insensitive (pages link SEG001.HTM, the disk may
    hold seg001.htm); nothing outside the folder is ever read (symlinks included: paths are resolved and checked)."""

    def __init__(self, folder: Path, index: str | None = None) -> None:
        folder = Path(folder).expanduser()
        if not folder.exists():
            raise SourceError(f"{folder}: no such folder")
        if not folder.is_dir():
            raise SourceError(f"{folder}: not a folder")
        self.folder = folder
        self._root = folder.resolve()
        # The folder a site was unpacked into (an archive's "site/SITE-main/..."): no page or PDF of its own, one
        # folder inside. That folder is the site (said in the import's warnings); with two or more, which is the
        # site cannot be told and none is read.
        self.descended: str | None = None
        self.other_indexes: list[str] = []
        if index is None and (inner := self._only_subfolder()) is not None:
            self.folder, self._root, self.descended = folder / inner.name, inner, inner.name
        self.index_name = self._find_index(index)

    def _only_subfolder(self) -> Path | None:
        entries = [p for p in self._root.iterdir() if not p.name.startswith(".")]
        if any(p.is_file() and p.suffix.lower() in _SITE_SUFFIXES for p in entries):
            return None
        folders = [p for p in entries if p.is_dir()]
        if len(folders) != 1:
            return None
        inner = folders[0].resolve()
        return inner if inner.is_relative_to(self._root) else None

    # -- the index page

    def _find_index(self, index: str | None) -> str:
        if index is not None:
            self._locate(index)  # raises when missing or outside
            return index
        entries = sorted(p for p in self._root.iterdir() if p.is_file())
        indexes = [e for wanted in ("index.htm", "index.html") for e in entries if e.name.lower() == wanted]
        if indexes:
            # index.htm before index.html, as ISUCalcFS names it; another one that differs (an older copy left on
            # the server) is named in the import's warnings, not read.
            first = indexes[0].read_bytes()
            self.other_indexes = [e.name for e in indexes[1:] if e.read_bytes() != first]
            return indexes[0].name
        candidates: list[str] = []
        for entry in entries:
            if entry.suffix.lower() not in (".htm", ".html"):
                continue
            try:
                if entry.stat().st_size > MAX_FILE_BYTES:
                    continue
                content = entry.read_bytes()
            except OSError:
                continue
            if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                # A page saved as "Unicode" by a Windows editor: its links are not ASCII bytes.
                content = content.decode("utf-16", errors="replace").encode("utf-8")
            if FAMILY_LINK_RE.search(content):
                candidates.append(entry.name)
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            return ""  # no index page: the importer reads the folder by its files' content (`names`)
        return ""  # several pages could be the index: none is taken, the importer reads the folder by content

    # -- files

    def names(self) -> list[str]:
        """Every file of the folder (not its subfolders), by name, sorted."""
        return sorted(p.name for p in self._root.iterdir() if p.is_file())

    def _locate(self, name: str) -> Path:
        parts = _name_parts(name)
        current = self._root
        for i, part in enumerate(parts):
            candidate = current / part
            if not candidate.exists():
                try:
                    matches = sorted(p for p in current.iterdir() if p.name.lower() == part.lower())
                except OSError:
                    matches = []
                if not matches:
                    raise MissingFile(f"{name}: not found in {self.folder}")
                if len(matches) > 1:
                    found = ", ".join(p.name for p in matches)
                    raise SourceError(f"{name}: ambiguous in {self.folder} (differ only in case: {found})")
                candidate = matches[0]
            resolved = candidate.resolve()
            if not resolved.is_relative_to(self._root):
                raise SourceError(f"{name}: refers outside the results folder {self.folder}")
            if i < len(parts) - 1 and not resolved.is_dir():
                raise MissingFile(f"{name}: not found in {self.folder}")
            current = resolved
        if not current.is_file():
            raise SourceError(f"{name}: not a file in {self.folder}")
        return current

    async def read(self, name: str) -> bytes:
        path = self._locate(name)

        def load() -> bytes:
            with path.open("rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
            return data

        try:
            data = await asyncio.to_thread(load)
        except OSError as exc:
            raise SourceError(f"{self.describe(name)}: cannot be read ({exc.strerror or exc})") from exc
        if len(data) > MAX_FILE_BYTES:
            raise SourceError(f"{self.describe(name)}: larger than the {MAX_FILE_BYTES // (1024 * 1024)} MB limit")
        return data

    def describe(self, name: str) -> str:
        if not name:
            return str(self.folder)
        try:
            return str(self._locate(name))
        except SourceError:
            return str(self.folder / name)

    def declared_charset(self, name: str) -> str | None:
        """Files on disk carry no Content-Type: only the page itself can say its character set."""
        return None

    def move_index(self, name: str) -> None:
        path = self._locate(name)  # inside the folder (raises otherwise)
        self.folder = self.folder.joinpath(*_name_parts(name)[:-1])
        self._root = path.parent
        self.index_name = path.name

    async def close(self) -> None:
        """Nothing to release; here so both sources can be used alike."""

    async def __aenter__(self) -> FolderSource:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()


def _check_url(url: URL, what: str) -> None:
    if url.scheme not in ("http", "https"):
        raise SourceError(f"{what}: only http and https URLs are allowed, not {url.scheme or 'a relative'} URL")
    if not url.host:
        raise SourceError(f"{what}: the URL has no host")
    if url.user is not None or url.password is not None:
        raise SourceError(f"{what}: URLs with credentials are not supported")


class ResponseCache(Protocol):
    """What a watcher remembers of a site between polls (bot.services.live.fetching): bodies it may serve
    without asking, and the validators of a conditional request."""

    def reuse(self, url: str) -> tuple[bytes, str | None] | None:
        """The body and charset to serve without a request, or None to ask the server."""

    def gone(self, url: str) -> bool:
        """Whether the file is known to be missing and need not be asked about now (read as a 404)."""

    def conditions(self, url: str) -> dict[str, str]:
        """If-None-Match / If-Modified-Since for the URL's cached body ({} when none)."""

    def not_modified(self, url: str) -> tuple[bytes, str | None] | None:
        """The cached body the server says is unchanged (HTTP 304), or None when there is none."""

    def store(self, url: str, body: bytes, charset: str | None, etag: str | None, modified: str | None) -> None: ...

    def missing(self, url: str) -> None:
        """The server answered 404 or 410."""


class _Forbidden(SourceError):
    """HTTP 403: for a folder URL, a server that does not list folders; for a file, an error."""


class HttpSource:
    """A results site on the web, from the URL of its index page or of its folder.

    Links are resolved as a browser resolves them: against the URL the index was finally served from, after
    redirects (``/results/wc2014`` redirected to ``/results/wc2014/`` is the folder, not a file in ``/results/``).
    A folder URL without its trailing slash that the server does not redirect is tried as the folder.

    Every file has a deadline as a whole (``file_deadline``), besides the connect and between-bytes timeouts: a
    server trickling a byte at a time never holds an import for longer.

    Use as ``async with HttpSource(url) as source: ...`` (or call `close`): it holds one aiohttp session.
    """

    def __init__(
        self,
        url: str,
        *,
        allow_private: bool = False,
        connect_timeout: float = 10,
        read_timeout: float = 30,
        file_deadline: float = 120,
        max_bytes: int = MAX_FILE_BYTES,
        max_redirects: int = 5,
        cache: ResponseCache | None = None,
        before_request: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """`cache`: a watcher's memory of the site (conditional requests, bodies served without asking);
        `before_request`: awaited with the host before every request (a watcher's spacing per host)."""
        try:
            parsed = URL(url.strip())
        except (ValueError, TypeError) as exc:
            raise SourceError(f"{url}: not a valid URL ({exc})") from exc
        _check_url(parsed, url)
        parsed = parsed.with_query(None).with_fragment(None)
        path = parsed.path or "/"
        directory, _, file_name = path.rpartition("/")
        self.root = parsed.with_path(directory + "/")
        self.index_name = unquote(file_name) or "index.htm"
        # Where the index may be, in order: the URL as given; for a folder URL (a trailing slash, or a last part
        # without an extension) also the folder with its slash and its index.htm.
        self._index_candidates = [parsed]
        if not file_name or "." not in file_name:
            folder = parsed if not file_name else parsed.with_path(path + "/")
            self._index_candidates += [u for u in (folder, folder.joinpath("index.htm")) if u != parsed]
        self._index_url = parsed
        self._index_read = False
        self.allow_private = allow_private
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.file_deadline = file_deadline
        self._timeout = aiohttp.ClientTimeout(total=None, sock_connect=connect_timeout, sock_read=read_timeout)
        self._resolver = PinnedResolver(allow_private)
        self._session: aiohttp.ClientSession | None = None
        self._charsets: dict[str, str | None] = {}
        self._cache = cache
        self._before_request = before_request

    def url_for(self, name: str) -> URL:
        if name == self.index_name:
            return self._index_url  # where the index was found (a folder URL has no file name to join)
        return self.root.joinpath(*_name_parts(name))

    def describe(self, name: str) -> str:
        try:
            return str(self.url_for(name))
        except SourceError:
            return f"{self.root}{name}"

    def declared_charset(self, name: str) -> str | None:
        """The charset of the Content-Type the server sent with the file, if it named one."""
        return self._charsets.get(name)

    def move_index(self, name: str) -> None:
        url = self.url_for(name)
        directory, _, file_name = url.path.rpartition("/")
        self.root = url.with_path(directory + "/")
        self.index_name = unquote(file_name)
        self._index_url = url
        self._index_read = True

    def _get_session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            # NB: allow_private skips the checks, so the default resolver is fine then.
            connector = aiohttp.TCPConnector(
                resolver=None if self.allow_private else self._resolver,
                use_dns_cache=False,
            )
            self._session = aiohttp.ClientSession(connector=connector, timeout=self._timeout, trust_env=False)
        return self._session

    async def _check_hop(self, url: URL, what: str) -> None:
        _check_url(url, what)
        if self.allow_private:
            return
        host = url.raw_host or ""
        try:
            addresses = await check_host(host, url.port or 0, allow_private=False)
        except SourceError as exc:
            raise SourceError(f"{what}: {exc}") from exc
        # The connection itself goes to these checked addresses: the connector's resolver returns only them.
        self._resolver.pin(host, addresses)

    async def read(self, name: str) -> bytes:
        first_index = name == self.index_name and not self._index_read
        url = self.url_for(name)
        candidates = self._index_candidates if first_index else [url]
        try:
            async with asyncio.timeout(self.file_deadline):
                for i, candidate in enumerate(candidates):
                    try:
                        data, final, charset = await self._fetch(candidate)
                        break
                    except (MissingFile, _Forbidden):
                        # A folder the server neither lists nor redirects: try it with its slash, then index.htm.
                        if i == len(candidates) - 1:
                            raise
        except _Forbidden as exc:
            raise SourceError(str(exc)) from exc
        except TimeoutError as exc:
            raise SourceError(
                f"{url}: timed out (the whole file did not arrive within {self.file_deadline:g} s)"
            ) from exc
        if first_index:
            # Relative links resolve against where the index really is, as in a browser.
            final = final.with_query(None).with_fragment(None)
            directory, _, file_name = final.path.rpartition("/")
            self.root = final.with_path(directory + "/")
            self.index_name = unquote(file_name) or name
            self._index_url = final
            self._index_read = True
        self._charsets[self.index_name if first_index else name] = charset
        return data

    async def _fetch(self, url: URL) -> tuple[bytes, URL, str | None]:
        origin = str(url)
        cache = self._cache
        if cache is not None:
            kept = cache.reuse(origin)
            if kept is not None:
                return kept[0], url, kept[1]
            if cache.gone(origin):
                raise MissingFile(f"{origin}: HTTP 404 (not on the site at the last read)")
        session = self._get_session()
        for _ in range(self.max_redirects + 1):
            what = str(url) if str(url) == origin else f"{url} (redirected from {origin})"
            await self._check_hop(url, what)
            headers = cache.conditions(origin) if cache is not None and url == URL(origin) else {}
            if self._before_request is not None:
                await self._before_request(url.raw_host or "")
            try:
                async with session.get(url, allow_redirects=False, headers=headers) as response:
                    if response.status == 304 and cache is not None:
                        unchanged = cache.not_modified(origin)
                        if unchanged is None:
                            raise SourceError(f"{what}: HTTP 304 for a file never read")
                        return unchanged[0], url, unchanged[1]
                    if response.status in _REDIRECT_STATUSES:
                        location = response.headers.get("Location")
                        if not location:
                            raise SourceError(f"{what}: HTTP {response.status} without a Location")
                        try:
                            url = url.join(URL(location)).with_fragment(None)
                        except (ValueError, TypeError) as exc:
                            raise SourceError(f"{what}: invalid redirect location {location!r}") from exc
                        continue
                    if response.status in (404, 410):
                        if cache is not None:
                            cache.missing(origin)
                        raise MissingFile(f"{what}: HTTP {response.status} (not on the site)")
                    if response.status == 403:
                        raise _Forbidden(f"{what}: HTTP 403")
                    if response.status != 200:
                        raise SourceError(f"{what}: HTTP {response.status}")
                    body = await self._read_body(response, what)
                    if cache is not None:
                        headers_in = response.headers
                        cache.store(
                            origin, body, response.charset, headers_in.get("ETag"), headers_in.get("Last-Modified")
                        )
                    return body, url, response.charset
            except TimeoutError as exc:
                raise SourceError(f"{what}: timed out") from exc
            except aiohttp.ClientError as exc:
                raise SourceError(f"{what}: {exc}") from exc
        raise SourceError(f"{origin}: more than {self.max_redirects} redirects")

    async def _read_body(self, response: aiohttp.ClientResponse, what: str) -> bytes:
        limit = f"larger than the {self._limit_text()} limit"
        if response.content_length is not None and response.content_length > self.max_bytes:
            raise SourceError(f"{what}: {limit}")
        body = bytearray()
        async for chunk in response.content.iter_chunked(_CHUNK):
            body.extend(chunk)
            if len(body) > self.max_bytes:
                raise SourceError(f"{what}: {limit}")
        return bytes(body)

    def _limit_text(self) -> str:
        if self.max_bytes % (1024 * 1024) == 0:
            return f"{self.max_bytes // (1024 * 1024)} MB"
        return f"{self.max_bytes} bytes"

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def __aenter__(self) -> HttpSource:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()


def open_source(spec: str, *, allow_private: bool = False, urls_only: bool = False) -> FolderSource | HttpSource:
    """A source from what the user typed: an http(s) URL, a folder, or a page file in a folder (that page as index).

    ``urls_only`` (what Discord users may give): anything but an http(s) URL is refused before the file system is
    looked at, so the answer never tells whether a path exists on the bot's machine.
    """
    text = spec.strip()
    if not text:
        raise SourceError("no source given: a folder or an http(s) URL")
    match = _SCHEME_RE.match(text)
    scheme = match.group(0)[:-1].lower() if match and len(match.group(0)) > 2 else None  # "C:" is a drive
    if scheme in ("http", "https"):
        return HttpSource(text, allow_private=allow_private)
    if urls_only:
        raise SourceError("only an http(s) URL of a results site can be imported from here")
    if scheme is not None:
        raise SourceError(f"{spec}: only a local folder or an http/https URL can be imported from, not {scheme}:")
    path = Path(text).expanduser()
    if path.is_file():
        return FolderSource(path.parent, index=path.name)
    return FolderSource(path)
