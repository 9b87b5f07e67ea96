"""HistorySite serves each page with the Content-Type its host would send: the charset of the commit's `.htaccess`
(Apache), of a host that labels every page (GitHub Pages), else the page's own meta tag."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest

from bot.sandbox.history import Commit, HistorySite

WHEN = datetime(2024, 1, 16, 7, 0, tzinfo=UTC)
PAGE = "<html><head><title>Кубок</title></head><body>Девушки</body></html>".encode("cp1251")
HTML = "text/html"
META = '<html><head><meta charset="windows-1251"></head><body>Девушки</body></html>'.encode("cp1251")


@pytest.mark.parametrize(
    ("htaccess", "host_charset", "page", "served"),
    [
        (
            b"AddDefaultCharset WINDOWS-1251\nCharsetSourceEnc WINDOWS-1251",
            None,
            PAGE,
            "text/html; charset=windows-1251",
        ),
        (b"AddDefaultCharset Off", None, PAGE, "text/html"),
        (b"AddDefaultCharset On", None, PAGE, "text/html; charset=iso-8859-1"),
        (None, None, META, "text/html; charset=windows-1251"),  # the meta tag, when nothing else says
        (b"AddDefaultCharset UTF-8", None, META, "text/html; charset=utf-8"),  # Apache's header wins over the meta
        (b"AddDefaultCharset WINDOWS-1251", "utf-8", PAGE, "text/html; charset=utf-8"),  # GitHub Pages reads none
    ],
)
async def test_the_charset_is_the_hosts(
    htaccess: bytes | None, host_charset: str | None, page: bytes, served: str
) -> None:
    files = {"index.htm": ("index.htm", page)}
    if htaccess is not None:
        files[".htaccess"] = (".htaccess", htaccess)
    commits = [Commit("0" * 40, WHEN, "site", files)]
    async with (
        HistorySite(Path("cup"), clock=lambda: WHEN, commits=commits, host_charset=host_charset) as site,
        aiohttp.ClientSession() as session,
        session.get(site.url) as response,
    ):
        assert response.headers["Content-Type"] == served
        assert await response.read() == page
