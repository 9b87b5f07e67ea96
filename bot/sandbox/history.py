"""A results host that replays a site's git history: the site as it stood at each commit, on 127.0.0.1.

Federation results services often publish by committing the generated pages to a git repository (GitHub Pages)
while their competition runs: the history is what a bot watching the site live would have read, commit by commit.
`read_history` reads a repository or a bundle (``git clone`` into a temporary folder, then every commit of the first
parent line, oldest first, with its files); `HistorySite` serves it like a real results host (ETag, Last-Modified,
304 for conditional requests that match, 404 for a file the commit does not have, file names matched without regard
to case as the sites' own links are) as it stood at the moment an injected clock gives: the last commit made at or
before it. The clock is the test's (and the bot's), never wall time, so a replay of four weeks takes seconds.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from aiohttp import web

from bot.sandbox.replay import LoopbackSite, Request, content_type, http_date, not_modified


class HistoryError(ValueError):
    """The history cannot be read (not a git repository or bundle, no commits): says why."""


@dataclass(frozen=True, slots=True)
class Commit:
    sha: str
    when: datetime  # the committer's date, aware (in the committer's own offset)
    message: str
    files: dict[str, tuple[str, bytes]] = field(repr=False)  # lower-case name -> (name as committed, bytes)

    def file(self, name: str) -> bytes | None:
        found = self.files.get(name.lower())
        return found[1] if found is not None else None

    def changed_since(self, before: Commit | None) -> list[str]:
        """The files (as committed) that this commit adds or changes against `before` (None: all of them)."""
        return sorted(
            name
            for key, (name, data) in self.files.items()
            if before is None or before.files.get(key, ("", None))[1] != data
        )


def _git(*args: str, cwd: Path | None = None, data: bytes | None = None) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, input=data, capture_output=True, check=True, timeout=120)
    except FileNotFoundError as exc:
        raise HistoryError("git is not installed") from exc
    except subprocess.CalledProcessError as exc:
        raise HistoryError(f"git {args[0]}: {exc.stderr.decode(errors='replace').strip()}") from exc
    return done.stdout


def read_history(path: Path) -> list[Commit]:
    """Every commit of the repository or bundle at `path` (its first-parent line, oldest first), with its files."""
    path = Path(path)
    if not path.exists():
        raise HistoryError(f"{path}: no such file or folder")
    with tempfile.TemporaryDirectory(prefix="skatebot-history-") as tmp:
        repo = Path(tmp) / "repo.git"
        _git("clone", "--quiet", "--bare", str(path), str(repo))
        log = _git("log", "--first-parent", "--reverse", "--format=%H%x00%cI%x00%s", "HEAD", cwd=repo).decode()
        entries = [line.split("\x00") for line in log.splitlines() if line]
        if not entries:
            raise HistoryError(f"{path}: no commits")
        commits: list[Commit] = []
        blobs: dict[str, bytes] = {}
        for sha, when, message in entries:
            tree = _git("ls-tree", "-r", "-z", sha, cwd=repo).split(b"\x00")
            listed: list[tuple[str, str]] = []
            for line in filter(None, tree):
                meta, name = line.split(b"\t", 1)
                _mode, kind, blob = meta.decode().split()
                if kind == "blob":
                    listed.append((name.decode("utf-8", "replace"), blob))
            missing = sorted({blob for _, blob in listed if blob not in blobs})
            if missing:
                out = _git("cat-file", "--batch", cwd=repo, data="".join(f"{b}\n" for b in missing).encode())
                at = 0
                for blob in missing:
                    header_end = out.index(b"\n", at)
                    size = int(out[at:header_end].split()[2])
                    blobs[blob] = out[header_end + 1 : header_end + 1 + size]
                    at = header_end + 1 + size + 1
            files = {name.lower(): (name, blobs[blob]) for name, blob in listed}
            commits.append(Commit(sha, datetime.fromisoformat(when), message, files))
    return commits


class HistorySite(LoopbackSite):
    """The history at `path` served on 127.0.0.1 as it stood at `clock()`: the last commit at or before it (before
    the first commit, every page answers 404).

    ``async with HistorySite(path, clock=...) as site:`` ... ``site.url`` is the index's URL (`index` names it;
    by default ``index.htm``), ``site.commits`` the history, ``site.requests`` the request log."""

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], datetime],
        index: str = "index.htm",
        host: str = "127.0.0.1",
        commits: list[Commit] | None = None,
        host_charset: str | None = None,
    ) -> None:
        """`host_charset`: the charset the host puts in every page's Content-Type whatever the page's bytes (GitHub
        Pages, where federations commit their sites, sends UTF-8); without it, an Apache ``.htaccess`` of the commit
        (``AddDefaultCharset``) names it, as it would on the federation's own server; else the page's meta tag."""
        self.path = Path(path)
        self.host_charset = host_charset
        self.commits = commits if commits is not None else read_history(self.path)
        self.index_name = index
        self.folder = self.path.name.removesuffix(".bundle").removesuffix(".git") or "site"
        super().__init__(host)
        self._clock = clock
        # When each file's bytes last changed, by commit: its Last-Modified.
        self._changed: list[dict[str, datetime]] = []
        previous: Commit | None = None
        for commit in self.commits:
            before = self._changed[-1] if self._changed else {}
            self._changed.append(
                {
                    key: commit.when if key in {n.lower() for n in commit.changed_since(previous)} else before[key]
                    for key in commit.files
                }
            )
            previous = commit

    @property
    def root(self) -> str:
        return f"http://{self.host}:{self.port}/{quote(self.folder)}/"

    @property
    def url(self) -> str:
        return self.root + quote(self.index_name)

    def now(self) -> datetime:
        return self._clock()

    def current(self, now: datetime | None = None) -> int | None:
        """The number of the commit served at `now` (the clock's by default), or None before the first."""
        moment = now or self.now()
        served = [i for i, c in enumerate(self.commits) if c.when <= moment]
        return served[-1] if served else None

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        now = self.now()
        conditional = "If-None-Match" in request.headers or "If-Modified-Since" in request.headers
        number = self.current(now)
        name = request.match_info["name"]
        body = None
        if number is not None and request.match_info["folder"] == self.folder:
            body = self.commits[number].file(name)

        def log(status: int) -> None:
            self.requests.append(Request(request.path, status, conditional, now, time.monotonic()))

        if body is None or number is None:
            log(404)
            return web.Response(status=404, text="404 Not Found", headers={"Date": http_date(now)})
        changed = self._changed[number][name.lower()]
        headers = {
            "ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"',
            "Last-Modified": http_date(changed),
            "Date": http_date(now),
        }
        if not_modified(request, headers["ETag"], changed):
            log(304)
            return web.Response(status=304, headers=headers)
        log(200)
        headers["Content-Type"] = self._content_type(self.commits[number], name, body)
        return web.Response(body=body, headers=headers)

    def _content_type(self, commit: Commit, name: str, body: bytes) -> str:
        kind = content_type(name, body)
        if not kind.startswith("text/html"):
            return kind
        charset = self.host_charset or _apache_default_charset(commit.file(".htaccess"))
        return f"text/html; charset={charset}" if charset else kind


_ADD_DEFAULT_CHARSET = re.compile(rb"(?im)^\s*AddDefaultCharset\s+([A-Za-z0-9_.:-]+)")


def _apache_default_charset(htaccess: bytes | None) -> str | None:
    """The charset Apache adds to every text page under an ``.htaccess`` saying ``AddDefaultCharset X`` (``On`` means
    iso-8859-1; ``Off`` adds none)."""
    found = _ADD_DEFAULT_CHARSET.search(htaccess or b"")
    if found is None:
        return None
    label = found.group(1).decode("ascii").lower()
    return {"off": None, "on": "iso-8859-1"}.get(label, label)
