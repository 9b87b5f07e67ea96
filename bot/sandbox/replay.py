"""A results host that replays a complete ISU results site as it looked at each moment of the competition.

Tests, benchmarks and newcomers need a competition that unfolds; a saved site is one that is over. `build_timeline`
reads the saved site with the importer's own parsers (the index gives the categories, the segments and the time
schedule: local date, HH:MM and the UTC offset) and lays out, in schedule order:

- ``published``: the index and every category's entries page (CATnnnEN), one hour before the first starting order;
  every other page answers 404;
- ``starting order``, per segment, an hour before its start: SEGnnn as a starting-order page (the same page, every
  score cell and rank emptied, rows in starting-number order) and SEGnnnOF (the panel);
- ``results``, per segment, when it is over: SEGnnn in full and the judges' details PDF, and with the category's last
  segment its final result (CATnnnRS). A segment is taken to last 15 minutes plus 3 per entry, but never past the
  next segment's start in the schedule: there is one ice surface, so the schedule says when it is free again;
- ``correction``, an hour after the last results: one skater's deduction in one segment taken off by a point, with
  TSS +1.00 on the SEG page and total +1.00 on the CAT result page (a skater is chosen whose places do not change).
  The judges' details PDF is left as it was (PDFs cannot be edited here; the importer does not compare them with the
  pages), so that PDF still prints the deduction.

`ReplaySite` serves it on 127.0.0.1 like a real results host: ETag (a hash of the bytes) and Last-Modified (when the
page last changed), 304 for conditional requests that match, the bytes as they are with the character set the page
declares (if any), 404 for what is not published yet. The moment comes from an injected clock, or, for the terminal
demo (``python -m bot.sandbox.replay FOLDER --speed 600``), from real time sped up, starting a minute before the first
phase. Failures can be injected (a status, a hang, a reset connection) and every request is logged.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import html
import re
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path
from types import TracebackType
from typing import Self
from urllib.parse import quote

from aiohttp import web

from bot.services.isu.model import Category, EventIndex, Segment
from bot.services.isu.pages import decode_page, parse_index, parse_result_page, parse_segment_page
from bot.services.isu.source import FolderSource
from bot.services.isu.vocabulary import column_role
from bot.services.names import normalize

ORDER_LEAD = timedelta(minutes=60)  # a starting order is out an hour before the segment starts
PER_ENTRY = timedelta(minutes=3)
SEGMENT_OVERHEAD = timedelta(minutes=15)  # warm-ups, resurfacing, the last marks
CORRECTION_DELAY = timedelta(minutes=60)
DEMO_LEAD = timedelta(minutes=1)  # the demo clock starts this long before the first phase


class ReplayError(ValueError):
    """The site cannot be replayed (no time schedule, a page the replay cannot rewrite): says why."""


@dataclass(frozen=True, slots=True)
class Phase:
    name: str  # "published", "starting order", "results", "correction"
    when: datetime  # aware, in the event's own UTC offset
    what: str  # "Men Short Program: starting order"
    pages: tuple[str, ...]  # the files that appear or change, as the index links them
    category: Category | None = None
    segment: Segment | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """The one figure the correction phase changes (and the total that follows it)."""

    skater: str
    category: Category
    segment: Segment
    tss: tuple[float, float]  # before, after
    deductions: tuple[float, float]
    total: tuple[float, float]


@dataclass
class Timeline:
    index: EventIndex
    index_name: str
    phases: list[Phase]
    correction: Correction
    versions: dict[str, list[tuple[datetime, bytes]]] = field(default_factory=dict)  # lower-case name -> versions

    def version(self, name: str, now: datetime) -> tuple[datetime, bytes] | None:
        """The file as served at `now` (when it last changed, its bytes), or None when it is not published yet."""
        served = [v for v in self.versions.get(name.lower(), []) if v[0] <= now]
        return served[-1] if served else None


# --------------------------------------------------------------------------------------------------------------------
# the timeline


def build_timeline(folder: Path) -> Timeline:
    """The site's phases, from its index's time schedule; ReplayError when it has none (or a page cannot be
    rewritten). Pages the saved site lacks are simply never published."""
    source = FolderSource(folder)
    files = {p.name.lower(): p for p in Path(folder).iterdir() if p.is_file()}

    def raw(name: str | None) -> bytes | None:
        path = files.get(name.lower()) if name else None
        return path.read_bytes() if path is not None else None

    def text(name: str) -> str | None:
        data = raw(name)
        return decode_page(data, name, None).text if data is not None else None

    index_text = text(source.index_name)
    assert index_text is not None
    index = parse_index(index_text, source.index_name)
    tz = _offset(index)
    starts: dict[str, datetime] = {}  # segment number -> its start
    for category in index.categories:
        for segment in category.segments:
            if not (segment.date and segment.start_time):
                raise ReplayError(
                    f"{source.index_name}: {category.name} {segment.name} has no date and time in the time schedule, "
                    "so the competition cannot be replayed"
                )
            starts[segment.number] = datetime.fromisoformat(f"{segment.date}T{segment.start_time}").replace(tzinfo=tz)
    schedule = sorted(starts.values())

    phases: list[Phase] = []
    versions: dict[str, list[tuple[datetime, bytes]]] = {}

    def add(name: str, when: datetime, what: str, pages: dict[str, bytes | None], *context: Category | Segment) -> None:
        present = {page: data for page, data in pages.items() if data is not None}
        category = next((c for c in context if isinstance(c, Category)), None)
        segment = next((s for s in context if isinstance(s, Segment)), None)
        phases.append(Phase(name, when, what, tuple(present), category, segment))
        for page, data in present.items():
            versions.setdefault(page.lower(), []).append((when, data))

    pages = {source.index_name: raw(source.index_name)}
    pages |= {c.entries_page: raw(c.entries_page) for c in index.categories if c.entries_page}
    add("published", schedule[0] - ORDER_LEAD - timedelta(hours=1), f"{index.name}: the index and the entries", pages)

    for category in index.categories:
        last = max(category.segments, key=lambda s: starts[s.number], default=None)
        for segment in category.segments:
            start, title = starts[segment.number], f"{category.name} {segment.name}"
            full = text(segment.detail_page)
            order = _starting_order(full, segment.detail_page) if full is not None else None
            pages = {segment.detail_page: order}
            if segment.panel_page:
                pages[segment.panel_page] = raw(segment.panel_page)
            add("starting order", start - ORDER_LEAD, f"{title}: starting order", pages, category, segment)

            entries = len(parse_segment_page(full, segment.detail_page)[0]) if full is not None else 0
            over = min([start + SEGMENT_OVERHEAD + PER_ENTRY * entries, *[s for s in schedule if s > start][:1]])
            pages = {segment.detail_page: raw(segment.detail_page)}
            if segment.scores_pdf:
                pages[segment.scores_pdf] = raw(segment.scores_pdf)
            if segment is last:
                pages[category.result_page] = raw(category.result_page)
            add("results", over, f"{title}: results", pages, category, segment)

    phases.sort(key=lambda p: p.when)  # stable: a category's phases stay in order on a tie
    in_order = sorted(index_segments(index), key=lambda cs: starts[cs[1].number])
    correction, pages = _correction(index, in_order, text)
    change = (
        f"{correction.category.name} {correction.segment.name}: {correction.skater}'s deduction corrected "
        f"(TSS {correction.tss[0]:.2f} -> {correction.tss[1]:.2f}, total {correction.total[0]:.2f} -> "
        f"{correction.total[1]:.2f})"
    )
    add("correction", phases[-1].when + CORRECTION_DELAY, change, pages, correction.category, correction.segment)
    for history in versions.values():
        history.sort(key=lambda v: v[0])
    return Timeline(index, source.index_name, phases, correction, versions)


def index_segments(index: EventIndex) -> list[tuple[Category, Segment]]:
    return [(c, s) for c in index.categories for s in c.segments]


def _offset(index: EventIndex) -> timezone:
    m = re.fullmatch(r"UTC([+-])(\d{2}):(\d{2})", index.timezone or "")
    if not m:
        raise ReplayError(
            f"{index.name}: the index gives no UTC offset for its time schedule ({index.timezone or 'none'}), so its "
            "local times cannot be placed"
        )
    offset = timedelta(hours=int(m.group(2)), minutes=int(m.group(3)))
    return timezone(-offset if m.group(1) == "-" else offset)


# --------------------------------------------------------------------------------------------------------------------
# rewriting pages: a results table found by its header words, its rows and cells found by their tags (nested tables,
# such as FS Manager's flag and nation cells, are stepped over), everything else left byte for byte


_TAG = re.compile(r"<(/?)(table|tr|td|th)\b[^>]*>", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Span:
    start: int  # the opening tag's start
    inner: int  # the opening tag's end
    close: int  # the closing tag's start
    end: int  # the closing tag's end


def _children(page: str, start: int, end: int, names: tuple[str, ...]) -> list[_Span]:
    """The elements named `names` directly inside page[start:end] (not inside a nested table)."""
    out: list[_Span] = []
    depth = 0
    current: tuple[int, int] | None = None
    for m in _TAG.finditer(page, start, end):
        closing, tag = m.group(1) == "/", m.group(2).lower()
        if tag == "table":
            depth += -1 if closing else 1
        elif depth == 0 and tag in names:
            if current is not None:  # an element closed by the next one's start or its own end tag
                out.append(_Span(*current, m.start(), m.end() if closing else m.start()))
                current = None
            if not closing:
                current = (m.start(), m.end())
    if current is not None:
        out.append(_Span(*current, end, end))
    return out


def _tables(page: str) -> Iterator[tuple[int, int]]:
    """(inner start, inner end) of every table, innermost first."""
    stack: list[int] = []
    for m in _TAG.finditer(page):
        if m.group(2).lower() != "table":
            continue
        if m.group(1):
            if stack:
                yield stack.pop(), m.start()
        else:
            stack.append(m.end())


def _text(page: str, span: _Span) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page[span.inner : span.close])).split())


def _results_table(page: str, name: str, roles: set[str]) -> tuple[list[str | None], list[_Span]]:
    """The column roles of the table whose header names `roles`, and its body rows."""
    for start, end in _tables(page):
        rows = _children(page, start, end, ("tr",))
        for i, row in enumerate(rows):
            cells = _children(page, row.inner, row.close, ("td", "th"))
            header = [column_role(_text(page, c)) for c in cells]
            if roles <= set(header):
                return header, rows[i + 1 :]
    raise ReplayError(f"{name}: no table with {', '.join(sorted(roles))} to rewrite")


def _replace(page: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        page = page[:start] + new + page[end:]
    return page


_KEEP = {"name", "nation", "club", "stn"}  # what a starting order prints; every score, rank and mark is emptied


def _starting_order(page: str, name: str) -> bytes:
    header, rows = _results_table(page, name, {"name", "tss", "stn"})
    stn = header.index("stn")
    bodies: list[tuple[int, str]] = []
    for row in rows:
        cells = _children(page, row.inner, row.close, ("td", "th"))
        number = re.sub(r"\D", "", _text(page, cells[stn])) if len(cells) > stn else ""
        emptied = [(c.inner, c.close, "") for i, c in enumerate(cells) if i >= len(header) or header[i] not in _KEEP]
        body = _replace(page[row.inner : row.close], [(s - row.inner, e - row.inner, t) for s, e, t in emptied])
        bodies.append((int(number) if number else 1 << 30, body))
    ordered = [body for _, body in sorted(bodies, key=lambda b: b[0])]  # stable; no number: last
    # Rows keep their place's opening tag (Line1/Line2 colours alternate down the page), with the skater's cells.
    return _replace(page, [(row.inner, row.close, body) for row, body in zip(rows, ordered, strict=True)]).encode()


def _number(printed: str, value: float) -> str:
    """`value` printed as `printed` prints its number: decimals, comma or point, a minus sign."""
    decimals = len(re.split(r"[.,]", printed.strip())[-1]) if re.search(r"[.,]", printed) else 0
    out = f"{abs(value):.{decimals}f}"
    out = out.replace(".", ",") if "," in printed else out
    return f"-{out}" if printed.strip().startswith("-") else out


def _set_cell(page: str, row: _Span, column: int, value: float) -> tuple[int, int, str]:
    cell = _children(page, row.inner, row.close, ("td", "th"))[column]
    inner = page[cell.inner : cell.close]
    m = re.search(r"-?\d+(?:[.,]\d+)?", inner)
    assert m is not None
    return cell.inner + m.start(), cell.inner + m.end(), _number(m.group(), value)


def _row_of(page: str, rows: list[_Span], name_column: int, skater: str) -> _Span:
    for row in rows:
        cells = _children(page, row.inner, row.close, ("td", "th"))
        if len(cells) > name_column and normalize(_text(page, cells[name_column])) == normalize(skater):
            return row
    raise ReplayError(f"{skater} not found")


def _correction(
    index: EventIndex, segments: list[tuple[Category, Segment]], text: Callable[[str], str | None]
) -> tuple[Correction, dict[str, bytes | None]]:
    """The first segment (in schedule order) with a skater whose deduction can be taken off by a point without
    changing a place: everyone ranked above is more than a point ahead, in the segment and in the final result."""
    for category, segment in segments:
        seg_page, rs_page = text(segment.detail_page), text(category.result_page)
        if seg_page is None or rs_page is None:
            continue
        rows, _ = parse_segment_page(seg_page, segment.detail_page)
        finals, _ = parse_result_page(rs_page, category.result_page)
        for row in rows:
            if row.rank is None or row.tss is None or row.deductions is None or row.deductions < 1:
                continue
            final = next((f for f in finals if normalize(f.skater.name) == normalize(row.skater.name)), None)
            if final is None or final.place is None or final.total is None:
                continue
            tss, total = round(row.tss + 1, 2), round(final.total + 1, 2)
            if any(r.rank is not None and r.rank < row.rank and (r.tss or 0) <= tss + 0.005 for r in rows):
                continue
            if any(f.place is not None and f.place < final.place and (f.total or 0) <= total + 0.005 for f in finals):
                continue
            ded = round(row.deductions - 1, 2)
            header, seg_rows = _results_table(seg_page, segment.detail_page, {"name", "tss", "ded"})
            seg_row = _row_of(seg_page, seg_rows, header.index("name"), row.skater.name)
            seg_edits = [_set_cell(seg_page, seg_row, header.index("tss"), tss)]
            seg_edits.append(_set_cell(seg_page, seg_row, header.index("ded"), ded))
            header, rs_rows = _results_table(rs_page, category.result_page, {"name", "points"})
            rs_row = _row_of(rs_page, rs_rows, header.index("name"), row.skater.name)
            rs_edit = _set_cell(rs_page, rs_row, header.index("points"), total)
            correction = Correction(
                row.skater.name, category, segment, (row.tss, tss), (row.deductions, ded), (final.total, total)
            )
            pages: dict[str, bytes | None] = {
                segment.detail_page: _replace(seg_page, seg_edits).encode(),
                category.result_page: _replace(rs_page, [rs_edit]).encode(),
            }
            return correction, pages
    raise ReplayError(f"{index.name}: no skater's deduction can be corrected without changing a place")


# --------------------------------------------------------------------------------------------------------------------
# the host


@dataclass(frozen=True, slots=True)
class Request:
    """One request as the host saw it."""

    path: str
    status: int | None  # None: the connection was reset, or the client left while the request hung
    conditional: bool  # it carried If-None-Match or If-Modified-Since
    at: datetime  # by the replay's clock
    monotonic: float  # time.monotonic() when it arrived
    fault: str | None = None  # "status", "hang", "reset" when an injected failure answered it


@dataclass(frozen=True, slots=True)
class _Fault:
    kind: str
    status: int = 503
    seconds: float = 0


_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w.:-]+)""", re.IGNORECASE)


class LoopbackSite:
    """A results site served on a free port of `host` by aiohttp, started and stopped as an async context; a
    subclass serves its pages in `_serve` (GET /{folder}/{name})."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.port = 0
        self.requests: list[Request] = []
        self._runner: web.AppRunner | None = None
        app = web.Application()
        app.router.add_get("/{folder}/{name:.+}", self._serve)
        self._app = app

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        raise NotImplementedError

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app, access_log=None, handle_signals=False, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()


class ReplaySite(LoopbackSite):
    """The site at `folder` served on 127.0.0.1 as it looked at `clock()` (or at real time times `speed`).

    ``async with ReplaySite(folder, clock=...) as site:`` ... ``site.url`` is the index's URL, ``site.phases`` the
    timeline, ``site.requests`` the request log; ``fail_next``, ``hang_next`` and ``reset_next`` inject failures.
    """

    def __init__(
        self,
        folder: Path,
        *,
        clock: Callable[[], datetime] | None = None,
        speed: float = 60,
        host: str = "127.0.0.1",
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """`monotonic`: the real time that `speed` runs from when there is no `clock` (a test may inject it)."""
        self.folder = Path(folder)
        self.timeline = build_timeline(self.folder)
        self.phases = self.timeline.phases
        super().__init__(host)
        self._clock = clock
        self._speed = speed
        self._monotonic = monotonic
        self._started = monotonic()
        self._faults: deque[_Fault] = deque()
        self._stopping = asyncio.Event()

    @property
    def root(self) -> str:
        return f"http://{self.host}:{self.port}/{quote(self.folder.name)}/"

    @property
    def url(self) -> str:
        """The index page's URL."""
        return self.root + quote(self.timeline.index_name)

    def now(self) -> datetime:
        if self._clock is not None:
            return self._clock()
        elapsed = timedelta(seconds=(self._monotonic() - self._started) * self._speed)
        return self.phases[0].when - DEMO_LEAD + elapsed

    # -- failures

    def fail_next(self, count: int = 1, status: int = 503) -> None:
        """The next `count` requests are answered with `status`."""
        self._faults.extend(_Fault("status", status=status) for _ in range(count))

    def hang_next(self, count: int = 1, seconds: float = 3600) -> None:
        """The next `count` requests get no answer for `seconds` (past any client's timeout), then a normal one."""
        self._faults.extend(_Fault("hang", seconds=seconds) for _ in range(count))

    def reset_next(self, count: int = 1) -> None:
        """The next `count` requests have their connection reset (TCP RST) before any answer."""
        self._faults.extend(_Fault("reset") for _ in range(count))

    # -- lifecycle

    async def start(self) -> None:
        self._stopping.clear()
        await super().start()
        self._started = self._monotonic()

    async def stop(self) -> None:
        self._stopping.set()  # hanging requests give up
        await super().stop()

    # -- serving

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        now = self.now()
        conditional = "If-None-Match" in request.headers or "If-Modified-Since" in request.headers
        fault = self._faults.popleft() if self._faults else None

        def log(status: int | None) -> None:
            self.requests.append(
                Request(request.path, status, conditional, now, time.monotonic(), fault.kind if fault else None)
            )

        if fault is not None and fault.kind == "status":
            log(fault.status)
            return web.Response(status=fault.status, text=f"{fault.status} (injected)")
        if fault is not None and fault.kind == "reset":
            log(None)
            sock = request.transport.get_extra_info("socket") if request.transport else None
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            if request.transport is not None:
                request.transport.close()
            raise asyncio.CancelledError  # what aiohttp raises in a handler whose client is gone: nothing is written
        if fault is not None and fault.kind == "hang":
            try:  # the client leaving cancels this (handler_cancellation), as does stop()
                await asyncio.wait_for(self._stopping.wait(), fault.seconds)
            except TimeoutError:
                pass
            except asyncio.CancelledError:
                log(None)
                raise
            if self._stopping.is_set():
                log(None)
                raise web.HTTPServiceUnavailable

        version = None
        if request.match_info["folder"] == self.folder.name:
            version = self.timeline.version(request.match_info["name"], now)
        if version is None:
            log(404)
            return web.Response(status=404, text="404 Not Found", headers={"Date": http_date(now)})
        changed, body = version
        headers = {
            "ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"',
            "Last-Modified": http_date(changed),
            "Date": http_date(now),
        }
        if not_modified(request, headers["ETag"], changed):
            log(304)
            return web.Response(status=304, headers=headers)
        log(200)
        headers["Content-Type"] = content_type(request.match_info["name"], body)
        return web.Response(body=body, headers=headers)


def http_date(moment: datetime) -> str:
    return format_datetime(moment.astimezone(UTC).replace(microsecond=0), usegmt=True)


def not_modified(request: web.Request, etag: str, changed: datetime) -> bool:
    """RFC 9110: If-None-Match decides when given; else If-Modified-Since."""
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
        return "*" in tags or etag in tags
    since = request.headers.get("If-Modified-Since")
    if since is None:
        return False
    try:
        moment = parsedate_to_datetime(since)
    except (TypeError, ValueError):
        return False
    if moment.tzinfo is None:
        return False
    return changed.replace(microsecond=0) <= moment


def content_type(name: str, body: bytes) -> str:
    if name.lower().endswith(".pdf"):
        return "application/pdf"
    declared = _CHARSET.search(body[:4096])
    return f"text/html; charset={declared.group(1).decode('ascii')}" if declared else "text/html"


# --------------------------------------------------------------------------------------------------------------------
# the terminal demo


async def _demo(folder: Path, speed: float) -> None:
    async with ReplaySite(folder, speed=speed) as site:
        print(f"{site.timeline.index.name}: {site.url} (competition time runs {speed:g} times as fast)", flush=True)
        for phase in site.phases:
            await asyncio.sleep(max(0.0, (phase.when - site.now()).total_seconds() / speed))
            print(f"{phase.when:%a %d %b %H:%M} {phase.name:15} {phase.what}", flush=True)
        print("the competition is over; the site stays up until Ctrl+C")
        await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve a saved ISU results site as it unfolded, on 127.0.0.1.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--speed", type=float, default=600, help="competition seconds per real second (600)")
    args = parser.parse_args()
    try:
        asyncio.run(_demo(args.folder, args.speed))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
