"""Reading one page or PDF of a site: fetched from the source, decoded and parsed in a worker thread (never on the
event loop, within PARSE_DEADLINE), warnings kept for the import's summary; and one nation code per skater across a
category's pages.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

from bot.i18n import Text, t
from bot.services.isu.model import (
    Category,
    FinalRow,
    Official,
    Protocol,
    Segment,
    SegmentRow,
    SkaterRef,
)
from bot.services.isu.pages import (
    Decoded,
    PageError,
    decode_page,
)
from bot.services.isu.protocol_pdf import ProtocolPdf, parse_protocol_pdf, parse_protocols_counted
from bot.services.isu.site_data import Progress, SiteData
from bot.services.isu.source import Source
from bot.services.isu.vocabulary import latin_nation
from bot.services.names import normalize

_T = TypeVar("_T")
# A page's parse (in a worker thread) is given up after this: a hostile or broken page must not hold an import or a
# live poll for minutes. Parses are linear in the page (grid.bounded_depth); a real page takes milliseconds.
PARSE_DEADLINE = 20.0
# The pages parsed lately, by their bytes: a live watch reads a site again every few seconds to minutes during its
# event and most of its pages come back unchanged (a 304, answered from the watch's cache), each parse of them the
# same as the last. Keyed by everything the parse depends on (the name, the bytes, the character set the server
# declared, the parser), so a page that changed in any way is parsed again; each caller gets its own deep copy. The
# entries kept hold a large site's pages (the ISU's biggest events have about 60) for a few watches at once.
PARSED_PAGES_KEPT = 256
_parsed_pages: OrderedDict[tuple[object, ...], tuple[Decoded, object]] = OrderedDict()
_PARSED_PAGES_LOCK = threading.Lock()


class PageReader:
    def __init__(self, source: Source, site: SiteData | None, progress: Progress | None) -> None:
        self.source = source
        self.site = site
        self.progress = progress
        self.warnings: list[Text] = []
        self.pages = 0

    def warn(self, text: Text) -> None:
        self.warnings.append(text)

    async def page(self, name: str, parse: Callable[[str, str], _T], raw: bytes | None = None) -> _T:
        """Reads a page (unless its bytes are given: read already) and parses it in a worker thread (a big page never
        stalls the event loop)."""
        if raw is None:
            raw = await self.source.read(name)
        if self.progress:
            self.progress("page", name)
        declared = self.source.declared_charset(name)
        key = (name, hashlib.sha256(raw).digest(), declared, parse)
        with _PARSED_PAGES_LOCK:  # event loops in other threads read pages too (a sandbox's bot)
            known = _parsed_pages.get(key)
            if known is not None:
                _parsed_pages.move_to_end(key)
        if known is not None:
            decoded, result = known[0], cast(_T, copy.deepcopy(known[1]))
        else:
            try:
                decoded, result = await asyncio.wait_for(
                    asyncio.to_thread(_decode_and_parse, raw, name, declared, parse), PARSE_DEADLINE
                )
            except TimeoutError:
                raise PageError(f"{name}: parsing took longer than {PARSE_DEADLINE:g} s, so it was cut off") from None
            kept = copy.deepcopy(result)
            with _PARSED_PAGES_LOCK:
                _parsed_pages[key] = (decoded, kept)
                while len(_parsed_pages) > PARSED_PAGES_KEPT:
                    _parsed_pages.popitem(last=False)
        self.pages += 1
        if decoded.how == "detected":
            self.warn(t("isu-charset-detected", file=name, encoding=decoded.encoding))
        return result


def _decode_and_parse(
    raw: bytes, name: str, declared: str | None, parse: Callable[[str, str], _T]
) -> tuple[Decoded, _T]:
    decoded = decode_page(raw, name, declared)
    return decoded, parse(decoded.text, name)


# PDFium is not thread-safe: one PDF at a time, and only ever in a worker thread (never on the event loop).
_PDFIUM = threading.Lock()


# The judges' PDFs parsed lately, by their bytes and name: a live watch's poll reads every PDF of the site again, most
# of them unchanged (answered from its cache), and PDFium takes 0.1-0.4 s a file. A PDF it refuses raises every time.
# Each caller gets its own deep copy; taken under the PDFium lock like a parse, so one PDF is parsed once.
PARSED_PDFS_KEPT = 64
_parsed_pdfs: OrderedDict[tuple[object, ...], object] = OrderedDict()


def _pdf_parsed_once(parse: Callable[[bytes, str], _T], data: bytes, name: str) -> _T:
    key = (parse, hashlib.sha256(data).digest(), name)
    known = _parsed_pdfs.get(key)
    if known is not None:
        _parsed_pdfs.move_to_end(key)
        return cast(_T, copy.deepcopy(known))
    result = parse(data, name)
    _parsed_pdfs[key] = copy.deepcopy(result)
    while len(_parsed_pdfs) > PARSED_PDFS_KEPT:
        _parsed_pdfs.popitem(last=False)
    return result


def parse_pdf(data: bytes, name: str) -> tuple[list[Protocol], int]:
    with _PDFIUM:
        return _pdf_parsed_once(parse_protocols_counted, data, name)


def parse_whole_pdf(data: bytes, name: str) -> ProtocolPdf:
    with _PDFIUM:
        return _pdf_parsed_once(parse_protocol_pdf, data, name)


SegmentPages = list[tuple[Segment, list[SegmentRow] | None, list[Official] | None]]


def settle_nations(
    reader: PageReader, category: Category, results: list[FinalRow] | None, pages: SegmentPages
) -> tuple[list[FinalRow] | None, SegmentPages]:
    """One nation code per skater across a category's pages: a code printed in Cyrillic on one page ("РОС") is
    the Latin code another page prints for the same name ("RUS"), else the standard one it abbreviates; a blank
    nation cell is an unknown country (warned, never guessed)."""
    latin: dict[str, str] = {}
    for ref in [r.skater for r in results or []] + [r.skater for _, rows, _ in pages for r in rows or []]:
        if ref.nation.isascii() and ref.nation.strip():
            latin.setdefault(normalize(ref.name), ref.nation.strip().upper())
    blank: set[str] = set()
    kept: set[str] = set()

    def settle(ref: SkaterRef) -> SkaterRef:
        code = ref.nation.strip()
        if not code:
            found = latin.get(normalize(ref.name))
            if found:
                return replace(ref, nation=found)
            blank.add(ref.name)
            return replace(ref, nation="")
        if code.isascii():
            return ref if code == ref.nation else replace(ref, nation=code)
        found = latin.get(normalize(ref.name)) or latin_nation(code)
        if found is None:
            kept.add(code)
            return replace(ref, nation=code.upper())
        return replace(ref, nation=found)

    settled_results = [replace(r, skater=settle(r.skater)) for r in results] if results is not None else None
    settled_pages = [
        (segment, [replace(r, skater=settle(r.skater)) for r in rows] if rows is not None else None, panel)
        for segment, rows, panel in pages
    ]
    if blank:
        reader.warn(t("isu-nation-blank", category=category.name, names=", ".join(sorted(blank))))
    if kept:
        reader.warn(t("isu-nation-unread", category=category.name, codes=", ".join(sorted(kept))))
    return settled_results, settled_pages
