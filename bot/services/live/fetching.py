"""Polite fetching of a watched site: conditional requests, pages that cannot change now served from memory,
and requests to one host spaced out whatever the number of sites on it.

A poll asks the server only for the pages that may change now (`hot`: the index, and the pages of the segments
around their time); every other page is served from the last poll's bodies, a page that was missing included (it is
asked about again when it turns hot, or at the next sweep). Within one poll a page is asked about once: when the cheap
check of the hot pages finds a change and the whole site is then read, the pages just answered are not asked again.
A hot page is asked for with its validators (If-None-Match, If-Modified-Since), so an unchanged page costs the host a
304 and no body. `changed` tells the poll whether anything differs from the last one: when nothing does, the site is
not parsed again.
"""

from __future__ import annotations

import asyncio
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
        self._answered: set[str] = set()  # the URLs the server answered in this poll
        self.changed = False
        self.requests = 0

    def begin(self, hot: Collection[str] | None) -> None:
        """A new poll: `hot` the URLs to ask the server about (None: all of them)."""
        self._answered.clear()
        self.again(hot)

    def again(self, hot: Collection[str] | None) -> None:
        """More reading in the same poll (the whole site, after its hot pages changed): `hot` the URLs to ask about;
        those the server answered earlier in the poll are served from memory."""
        self._hot = hot
        self.changed = False

    def _ask(self, url: str) -> bool:
        return url not in self._answered and (self._hot is None or url in self._hot)

    @property
    def known(self) -> bool:
        return bool(self._pages)

    def reuse(self, url: str) -> tuple[bytes, str | None] | None:
        page = self._pages.get(url)
        if page is None or page.body is None or self._ask(url):
            return None
        return page.body, page.charset

    def gone(self, url: str) -> bool:
        page = self._pages.get(url)
        return page is not None and page.body is None and not self._ask(url)

    def conditions(self, url: str) -> dict[str, str]:
        self.requests += 1
        page = self._pages.get(url)
        if page is None or page.body is None:
            return {}
        found = {"If-None-Match": page.etag} if page.etag else {}
        if page.modified:
            found["If-Modified-Since"] = page.modified
        return found

    def not_modified(self, url: str) -> tuple[bytes, str | None] | None:
        self._answered.add(url)
        page = self._pages.get(url)
        return None if page is None or page.body is None else (page.body, page.charset)

    def store(self, url: str, body: bytes, charset: str | None, etag: str | None, modified: str | None) -> None:
        self._answered.add(url)
        page = self._pages.get(url)
        if page is None or page.body != body:
            self.changed = True
        self._pages[url] = _Page(body, charset, etag, modified)

    def missing(self, url: str) -> None:
        self._answered.add(url)
        page = self._pages.get(url)
        if page is not None and page.body is not None:
            self.changed = True  # a page taken down is a change too (the importer then drops what it held)
        self._pages[url] = _Page(None, None, None, None)


class HostGate:
    """At most one request to a host every `spacing` seconds, across every watched site on it."""

    def __init__(self, spacing: float = HOST_SPACING.total_seconds(), clock: Callable[[], float] = time.monotonic):
        self.spacing = spacing
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
            self._next[host] = max(ready, now) + self.spacing
