"""Synthetic histories of a results site during its event, grown from a real complete site (tests/fixtures/isu,
../shared/fixtures/isu-world): what a watcher would read at each step as the site's software publishes it. Any site of
the ISUCalcFS family (an index linking CATnnn / SEGnnn pages) grows into one, so layouts nobody has replayed are
covered by construction.

The steps, in order: the index before its categories; the index and entries; then for each category and each of its
segments: the segment page as a starting order (every row at place 0 and 0.00), partly skated (the skaters with the
higher starting numbers still at place 0), partly skated again as some sites print it (only the skaters who have
skated so far, no row for the others), complete (and the category's result page when it is the category's last
segment), its judges' PDF; and last a correction of one published score. Each step is a `Commit` for
bot.sandbox.history.HistorySite, an hour after the one before.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from bot.sandbox.history import Commit
from bot.services.isu.charset import decode_page
from bot.services.isu.importer import SiteData, read_site
from bot.services.isu.source import FolderSource

_ROW = re.compile(r"<tr\b[^>]*>(?:(?!</tr>).)*</tr>", re.IGNORECASE | re.DOTALL)
_STN = re.compile(r"<td[^>]*>\s*#\s*(\d+)\s*</td>", re.IGNORECASE)
_DECIMAL = re.compile(r"(<td[^>]*>)\s*-?\d+([.,])\d\d\s*(</td>)", re.IGNORECASE)  # a decimal point or comma
_FIRST_CELL = re.compile(r"(<tr\b[^>]*>\s*<td[^>]*>)\s*\d+\s*(</td>)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Step:
    """What a commit of the history holds, for the test to say what must be posted after it."""

    what: str  # "empty index", "entries", "order", "partial", "skated so far", "complete", "pdf", "correction"
    category: str | None = None  # the category's number on the site
    segment: str | None = None  # the segment's number on the site
    last_of_category: bool = False


@dataclass(frozen=True, slots=True)
class GrownHistory:
    site: SiteData  # the complete site it grows into
    commits: list[Commit]
    steps: list[Step]
    corrected: str  # the display name of the skater whose score is corrected in the last commit


def _text(data: bytes, name: str) -> tuple[str, str]:
    decoded = decode_page(data, name)
    encoding = "utf-8-sig" if decoded.how == "BOM" else decoded.encoding
    return decoded.text, "utf-8" if encoding == "ascii" else encoding


def _rows(text: str) -> list[tuple[re.Match[str], int]]:
    """The result rows of a segment page: each with its starting number."""
    found = []
    for row in _ROW.finditer(text):
        stn = _STN.search(row.group(0))
        if stn and _DECIMAL.search(row.group(0)):
            found.append((row, int(stn.group(1))))
    return found


def _zeroed(row: str) -> str:
    return _DECIMAL.sub(r"\g<1>0\g<2>00\3", _FIRST_CELL.sub(r"\g<1>0\2", row, count=1))


def _edit_rows(text: str, keep: set[int] | None, drop: bool) -> str:
    """The segment page with every row whose starting number is not in `keep` (None: none kept) at place 0 and
    0.00, or dropped."""
    out, at = [], 0
    for row, stn in _rows(text):
        out.append(text[at : row.start()])
        if keep is not None and stn in keep:
            out.append(row.group(0))
        elif not drop:
            out.append(_zeroed(row.group(0)))
        at = row.end()
    out.append(text[at:])
    return "".join(out)


def _corrected(text: str, name: str) -> tuple[str, str]:
    """The page with `name`'s first printed score raised by 0.33: the first decimal after the name (TSS on a segment
    page, the total on a result page, whose nation cell may hold a table of its own)."""
    at = text.find(name)
    assert at >= 0, f"{name} is not on the page"
    score = re.compile(r"(<td[^>]*>)\s*(\d+[.,]\d\d)\s*(</td>)", re.IGNORECASE).search(text, at)
    assert score is not None, f"no score after {name}"
    comma = "," in score.group(2)
    after = f"{float(score.group(2).replace(',', '.')) + 0.33:.2f}"
    after = after.replace(".", ",") if comma else after
    return text[: score.start()] + f"{score.group(1)}{after}{score.group(3)}" + text[score.end() :], after


def _files(folder: Path, pdfs: bool) -> dict[str, tuple[str, bytes]]:
    return {
        p.name.lower(): (p.name, p.read_bytes())
        for p in folder.iterdir()
        if p.is_file() and (pdfs or p.suffix.lower() != ".pdf")
    }


async def grow(folder: Path, start: datetime, *, pdfs: bool = True, categories: int | None = None) -> GrownHistory:
    """`folder`'s history; without its judges' PDFs when `pdfs` is False (each read of a step parses every PDF
    there: the slow part), over its first `categories` categories only when given."""
    async with FolderSource(folder) as source:
        site = await read_site(source)
        index_name = source.index_name
    assert index_name is not None, f"{folder} has no index: it cannot grow into a live history"
    final = await asyncio.to_thread(_files, folder, pdfs)
    files: dict[str, tuple[str, bytes]] = {}
    commits: list[Commit] = []
    steps: list[Step] = []

    def put(name: str, text: str | bytes, encoding: str = "utf-8") -> None:
        data = text if isinstance(text, bytes) else text.encode(encoding, errors="xmlcharrefreplace")
        files[name.lower()] = (final.get(name.lower(), (name, b""))[0], data)

    def commit(step: Step) -> None:
        when = start + timedelta(hours=len(commits))
        commits.append(Commit(f"{len(commits):040x}", when, step.what, dict(files)))
        steps.append(step)

    def original(name: str | None) -> bytes | None:
        return final[name.lower()][1] if name and name.lower() in final else None

    index_text, index_encoding = _text(final[index_name.lower()][1], index_name)
    empty = re.sub(
        r"<tr\b(?:(?!</tr>).)*href=\s*[\"']?(?:CAT|SEG)(?:(?!</tr>).)*</tr>",
        "",
        index_text,
        flags=re.IGNORECASE | re.DOTALL,
    )
    put(index_name, empty, index_encoding)
    commit(Step("empty index"))
    put(index_name, final[index_name.lower()][1])
    for name, data in final.values():
        if re.fullmatch(r"CAT\d+EN\.HTML?", name, re.IGNORECASE):
            put(name, data)
    commit(Step("entries"))

    corrected = ""

    def correct(page: str, name: str, result_page: str | None) -> None:
        """The winner's score of `page` raised by 0.33 after publication, and their total on the result page."""
        text, encoding = _text(files[page.lower()][1], page)
        put(page, _corrected(text, name)[0], encoding)
        if result_page and result_page.lower() in files:
            text, encoding = _text(files[result_page.lower()][1], result_page)
            put(result_page, _corrected(text, name)[0], encoding)
        commit(Step("correction"))

    for data in site.categories[:categories]:
        number = data.category.number
        segments = [s for s in data.segments if original(s.segment.detail_page) is not None]
        grown: tuple[str, str] | None = None
        for i, seg in enumerate(segments):
            page = seg.segment.detail_page
            raw = original(page)
            assert raw is not None
            text, encoding = _text(raw, page)
            rows = _rows(text)
            last = i == len(segments) - 1
            if len(rows) < 2:
                continue
            numbers = sorted(stn for _row, stn in rows)
            skated = set(numbers[: len(numbers) // 2])
            put(page, _edit_rows(text, None, drop=False), encoding)
            panel = original(seg.segment.panel_page)
            if panel is not None and seg.segment.panel_page:
                put(seg.segment.panel_page, panel)
            commit(Step("order", number, seg.segment.number))
            put(page, _edit_rows(text, skated, drop=False), encoding)
            commit(Step("partial", number, seg.segment.number))
            put(page, _edit_rows(text, skated, drop=True), encoding)
            commit(Step("skated so far", number, seg.segment.number))
            put(page, raw)
            result = original(data.category.result_page)
            if last and result is not None:
                put(data.category.result_page, result)
            commit(Step("complete", number, seg.segment.number, last_of_category=last and result is not None))
            pdf = original(seg.segment.scores_pdf)
            if pdf is not None and seg.segment.scores_pdf:
                put(seg.segment.scores_pdf, pdf)
                commit(Step("pdf", number, seg.segment.number))
            winner = min((r for r in seg.rows or [] if r.rank), key=lambda r: r.rank or 0, default=None)
            if winner is not None:
                grown = (page, winner.skater.name)
        # The first category grown is corrected once it is complete (while the others are still to come: a watch
        # ends when every final is seen).
        if grown is not None and not corrected:
            correct(grown[0], grown[1], data.category.result_page)
            corrected = grown[1]
    assert corrected, f"{folder}: no segment with results to grow"
    return GrownHistory(site, commits, steps, corrected)
