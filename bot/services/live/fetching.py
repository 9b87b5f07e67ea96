"""Polite fetching of a watched site: conditional requests, pages that cannot change now served from memory,
and requests to one host spaced out whatever the number of sites on it.

A poll asks the server only for the pages that may change now (`hot`: the index, and the pages of the segments
around their time), each once; every other page is served from the last poll's bodies (or is still missing, when it
answered 404: the pages of segments not skated yet are not asked about between sweeps). A hot page is asked for with its
validators (If-None-Match, If-Modified-Since), so an unchanged page costs the host a 304 and no body. `changed`
tells the poll whether anything differs from the last one; `dirty`, whether anything differs from what the last
import that completed read (a poll that failed midway leaves it set): when nothing does, the site is not parsed
again. A sweep asks again about every page that import read (`imported`), the same conditional requests it made
before, and parses the site only when one of them differs.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass

from bot.services.live.polling import HOST_SPACING


@dataclass(slots=True)
class _Page:
    body: bytes | None  # None: the server said 404
    charset: str | None
    etag: str | None
    modified: str | None


class PageCache:
    """One watched site's pages between polls (the `ResponseCache` of bot.services.isu.source)."""

    def __init__(self) -> None:
        self._pages: dict[str, _Page] = {}
        self._hot: Collection[str] | None = None  # None: every page may be asked for
        self._asked: set[str] = set()  # the URLs asked about in this poll
        self.changed = False
        # Whether a page differs from what the last completed import read (or was not read whole): a new cache has
        # imported nothing, so the first poll after a restart imports.
        self.dirty = True
        self.imported: frozenset[str] = frozenset()  # the URLs the last completed import read
        self._read: set[str] = set()  # the URLs read in this poll, from the server or from memory
        self._unanswered: set[str] = set()  # asked about in this poll, no answer stored (an error, a timeout)
        self.requests = 0

    def begin(self, hot: Collection[str] | None) -> None:
        """A new poll: `hot` the URLs to ask the server about (None: all of them), each at most once."""
        self._hot = hot
        self._asked = set()
        self._read = set()
        self._unanswered = set()
        self.changed = False

    def settle(self) -> None:
        """The poll's import and record completed: what it read is what the store holds. A page whose request failed
        (the importer warned and passed it over) keeps the site dirty, so that the next poll imports it."""
        self.imported = frozenset(self._read)
        self.dirty = bool(self._unanswered)

    def unasked_imported(self) -> list[str]:
        """The URLs the last completed import read that this poll has not asked about yet."""
        return sorted(self.imported - self._asked)

    @property
    def known(self) -> bool:
        return bool(self._pages)

    def _settled(self, url: str) -> bool:
        """Whether the last answer stands for this poll: the page is not hot, or was already asked about."""
        return url in self._asked or (self._hot is not None and url not in self._hot)

    def reuse(self, url: str) -> tuple[bytes, str | None] | None:
        self._read.add(url)  # every read of the site's files starts here
        page = self._pages.get(url)
        if page is None or page.body is None or not self._settled(url):
            return None
        return page.body, page.charset

    def gone(self, url: str) -> bool:
        """A page the server said was not there, and that is not to be asked about again in this poll (a page of a
        segment not skated yet, between sweeps)."""
        page = self._pages.get(url)
        return page is not None and page.body is None and self._settled(url)

    def conditions(self, url: str) -> dict[str, str]:
        self.requests += 1
        self._asked.add(url)
        self._unanswered.add(url)
        page = self._pages.get(url)
        if page is None or page.body is None:
            return {}
        found = {"If-None-Match": page.etag} if page.etag else {}
        if page.modified:
            found["If-Modified-Since"] = page.modified
        return found

    def not_modified(self, url: str) -> tuple[bytes, str | None] | None:
        self._unanswered.discard(url)
        page = self._pages.get(url)
        return None if page is None or page.body is None else (page.body, page.charset)

    def store(self, url: str, body: bytes, charset: str | None, etag: str | None, modified: str | None) -> None:
        self._unanswered.discard(url)
        page = self._pages.get(url)
        # A new page, other bytes, or the same bytes declared in another charset (read as other text).
        if page is None or page.body != body or page.charset != charset:
            self._differs()
        self._pages[url] = _Page(body, charset, etag, modified)

    def missing(self, url: str) -> None:
        self._unanswered.discard(url)
        page = self._pages.get(url)
        if page is None or page.body is not None:
            self._differs()  # a page taken down is a change too (the importer then drops what it held)
        self._pages[url] = _Page(None, None, None, None)

    def _differs(self) -> None:
        self.changed = True
        self.dirty = True


class HostGate:
    """At most one request to a host every `spacing` seconds, across every watched site on it.

    `loopback_spacing`: the spacing for a host written as a loopback address or "localhost" (this machine: a local
    mirror, the sandbox's replay; LIVE_LOOPBACK_SPACING), never more than `spacing`; None: `spacing`. Every other
    host keeps `spacing`, whatever the setting (the spacing is for the results servers of others)."""

    def __init__(
        self,
        spacing: float = HOST_SPACING.total_seconds(),
        clock: Callable[[], float] = time.monotonic,
        *,
        loopback_spacing: float | None = None,
    ):
        self.spacing = spacing
        self.loopback_spacing = loopback_spacing
        self._clock = clock
        self._next: dict[str, float] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    async def wait(self, host: str) -> None:
        lock = self._locks.setdefault(host, asyncio.Lock())
        async with lock:
            now = self._clock()
            ready = self._next.get(host, now)
            if ready > now:
                await asyncio.sleep(ready - now)
            # From when this request really goes: a late wake-up (a busy event loop) must not let the next one
            # follow it closer than `spacing`.
            spacing = self.spacing
            if self.loopback_spacing is not None and _on_loopback(host):
                spacing = min(spacing, self.loopback_spacing)  # read when used: a test may change `spacing` later
            self._next[host] = max(ready, self._clock()) + spacing


def _on_loopback(host: str) -> bool:
    """Whether the host is written as this machine (not a name that resolves to it: DNS could change that)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
