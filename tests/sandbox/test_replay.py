"""The replay of an ISU results site: the importer, through the real HttpSource, reads each phase as it should be."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.sandbox.replay import ORDER_LEAD, Phase, ReplayError, ReplaySite, build_timeline
from bot.services.isu.importer import SiteData, import_isu, read_site
from bot.services.isu.pages import decode_page, parse_segment_page
from bot.services.isu.source import HttpSource, SourceError
from db.database import Database

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "isu"
WC2014 = FIXTURES / "wc2014"
BELFORT = FIXTURES / "fsm2024-belfort"


class Clock:
    """The competition's moment, set by the test."""

    def __init__(self) -> None:
        self.moment = datetime.fromisoformat("2000-01-01T00:00:00+00:00")

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def wc2014(clock: Clock) -> AsyncIterator[ReplaySite]:
    async with ReplaySite(WC2014, clock=clock) as site:
        yield site


def page(folder: Path, name: str) -> str:
    return decode_page((folder / name).read_bytes(), name, None).text


async def read(site: ReplaySite) -> SiteData:
    async with HttpSource(site.url, allow_private=True) as source:
        return await read_site(source)


def figures(data: SiteData) -> dict[tuple[str, ...], Any]:
    """Every figure the importer read, by (category, page, skater, figure)."""
    out: dict[tuple[str, ...], Any] = {}
    for category in data.categories:
        name = category.category.name
        for final in category.results or []:
            for key in ("place", "total", "status"):
                out[name, "result", final.skater.name, key] = getattr(final, key)
        for seg in category.segments:
            for row in seg.rows or []:
                for key in ("rank", "tss", "tes", "pcs", "deductions", "starting_number", "status"):
                    out[name, seg.code, row.skater.name, key] = getattr(row, key)
    return out


# --------------------------------------------------------------------------------------------------------------------
# the timeline


@pytest.mark.parametrize("folder", [WC2014, BELFORT], ids=["wc2014", "belfort"])
def test_the_timeline_follows_the_time_schedule(folder: Path) -> None:
    timeline = build_timeline(folder)
    phases = timeline.phases
    assert [p.when for p in phases] == sorted(p.when for p in phases)
    assert all(p.when.utcoffset() is not None for p in phases)
    assert phases[0].name == "published" and phases[-1].name == "correction"
    assert {p.name for p in phases[1:-1]} == {"starting order", "results"}
    assert set(phases[0].pages) == {timeline.index_name} | {c.entries_page for c in timeline.index.categories}
    for category in timeline.index.categories:
        last = category.segments[-1]
        for segment in category.segments:
            order, results = (
                next(p for p in phases if p.name == kind and p.segment is segment)
                for kind in ("starting order", "results")
            )
            start = datetime.fromisoformat(f"{segment.date}T{segment.start_time}").replace(tzinfo=order.when.tzinfo)
            assert order.when == start - ORDER_LEAD
            assert start < results.when <= start + timedelta(hours=4)
            later = [p.when + ORDER_LEAD for p in phases if p.name == "starting order" and p.when + ORDER_LEAD > start]
            assert results.when <= min(later, default=results.when)  # one ice surface: over when the next starts
            assert (category.result_page in results.pages) == (segment is last)
    assert str(phases[1].when.utcoffset()) == {"wc2014": "9:00:00", "fsm2024-belfort": "2:00:00"}[folder.name]


@pytest.mark.parametrize("folder", [WC2014, BELFORT], ids=["wc2014", "belfort"])
def test_a_starting_order_is_the_segment_page_without_scores(folder: Path) -> None:
    timeline = build_timeline(folder)
    for phase in (p for p in timeline.phases if p.name == "starting order"):
        segment = phase.segment
        assert segment is not None
        version = timeline.version(segment.detail_page, phase.when)
        assert version is not None
        rows, heading = parse_segment_page(version[1].decode(), segment.detail_page)
        full, full_heading = parse_segment_page(page(folder, segment.detail_page), segment.detail_page)
        assert heading == full_heading
        assert all(r.rank is r.tss is r.tes is r.pcs is r.deductions is None and not r.components for r in rows)
        assert all(r.status is None for r in rows)  # a withdrawal shows in the results, not in the starting order
        assert sorted(r.skater.name for r in rows) == sorted(r.skater.name for r in full)
        numbers = [r.starting_number for r in rows]
        assert numbers == sorted(r.starting_number for r in full if r.starting_number is not None)


def test_a_site_without_a_time_schedule_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "wc2014"
    shutil.copytree(WC2014, folder)
    index = folder / "wc2014.html"
    text = index.read_text(encoding="utf-8")
    start = text.index('<tr class="TabHeadWhite"><th>Date</th>')
    index.write_text(text[:start] + text[text.index("</table>", start) :], encoding="utf-8")
    with pytest.raises(ReplayError, match="Men Short Program has no date and time in the time schedule"):
        build_timeline(folder)


# --------------------------------------------------------------------------------------------------------------------
# each phase through the importer


def of_segment(phases: list[Phase], number: str) -> list[Phase]:
    """A segment's phases (its starting order, its results, maybe a correction): the importer's reading of the index
    has its own Segment objects, so segments are matched by number."""
    return [p for p in phases if p.segment is not None and p.segment.number == number and p.name != "correction"]


async def check_phases(site: ReplaySite, clock: Clock, folder: Path, phases: list[Phase]) -> None:
    """At each phase the importer reads exactly what is published by then: nothing of a segment before its starting
    order, rows without scores until its results, the category's final result with its last segment's results, and
    at the correction exactly the corrected figures."""
    timeline = site.timeline
    before: dict[tuple[str, ...], Any] | None = None
    for phase in phases:
        clock.moment = phase.when
        data = await read(site)
        assert [c.category.name for c in data.categories] == [c.name for c in timeline.index.categories]
        now = figures(data)
        for category in data.categories:
            cat = category.category
            for seg in category.segments:
                segment = seg.segment
                started = [p for p in of_segment(timeline.phases, segment.number) if p.when <= phase.when]
                state = started[-1].name if started else None
                if state is None:
                    assert seg.rows is None and seg.panel is None
                elif state == "starting order":
                    assert seg.rows and all(r.tss is None and r.rank is None for r in seg.rows)
                    assert seg.panel and not seg.protocols
                else:
                    assert seg.rows and seg.panel and all(r.tss is not None for r in seg.rows if r.status is None)
                    assert bool(seg.protocols) == (folder / (segment.scores_pdf or "-")).exists()
            last = of_segment(timeline.phases, cat.segments[-1].number)[-1]  # its results
            assert (category.results is not None) == (phase.when >= last.when)
        if phase.name == "published":
            async with HttpSource(site.url, allow_private=True) as source:
                for cat in timeline.index.categories:
                    assert cat.entries_page
                    assert await source.read(cat.entries_page) == (folder / cat.entries_page).read_bytes()
        if phase.name == "results" and phase.segment is not None and before is not None:
            assert phase.segment.detail_page in phase.pages
        if phase.name == "correction":
            assert before is not None
            change = timeline.correction
            cat, code = change.category.name, change.segment.code or ""
            assert {k: (before[k], now[k]) for k in now if now[k] != before.get(k)} == {
                (cat, code, change.skater, "tss"): change.tss,
                (cat, code, change.skater, "deductions"): change.deductions,
                (cat, "result", change.skater, "total"): change.total,
            }
            assert now.keys() == before.keys()
            assert change.tss[1] == change.tss[0] + 1 and change.total[1] == change.total[0] + 1
            tes, pcs = now[cat, code, change.skater, "tes"], now[cat, code, change.skater, "pcs"]
            assert round(tes + pcs - change.deductions[1], 2) == change.tss[1]
        before = now


async def test_wc2014_unfolds_phase_by_phase(wc2014: ReplaySite, clock: Clock) -> None:
    assert wc2014.url.endswith("/wc2014/wc2014.html")
    await check_phases(wc2014, clock, WC2014, wc2014.phases)
    # Every page and PDF of the saved site is served as it is once the competition is over, but the corrected two.
    corrected = wc2014.phases[-1].pages
    async with HttpSource(wc2014.url, allow_private=True) as source:
        for name in ("SEG001.HTM", "CAT001RS.HTM", "wc2014_Men_FS_Scores.pdf", "SEG008OF.HTM"):
            assert name not in corrected
            assert await source.read(name) == (WC2014 / name).read_bytes()
        for name in corrected:
            assert await source.read(name) != (WC2014 / name).read_bytes()


async def test_belfort_unfolds_phase_by_phase(clock: Clock) -> None:
    async with ReplaySite(BELFORT, clock=clock) as site:
        phases = site.phases
        first_results = next(p for p in phases if p.name == "results")
        await check_phases(site, clock, BELFORT, [phases[0], phases[1], first_results, phases[-2], phases[-1]])


async def test_the_correction_is_imported_as_an_update_of_one_result(
    wc2014: ReplaySite, clock: Clock, store: Database
) -> None:
    for phase in wc2014.phases[-2:]:
        clock.moment = phase.when
        async with HttpSource(wc2014.url, allow_private=True) as source:
            summary = await import_isu(store, source)
    assert summary.key == "wc2014" and not summary.warnings
    changes = {kind: n for kind, n in summary.report.changes.items() if not kind.startswith("unchanged")}
    assert changes == {"updated entries": 1, "updated segment results": 1}
    row = await store.fetchone("SELECT total FROM entries WHERE total = ?", (wc2014.timeline.correction.total[1],))
    assert row is not None


async def test_before_the_first_phase_nothing_is_published(wc2014: ReplaySite, clock: Clock) -> None:
    clock.moment = wc2014.phases[0].when - timedelta(minutes=1)
    with pytest.raises(SourceError, match="HTTP 404"):
        await read(wc2014)


# --------------------------------------------------------------------------------------------------------------------
# HTTP


async def test_conditional_requests_get_304_until_the_page_changes(wc2014: ReplaySite, clock: Clock) -> None:
    order = next(p for p in wc2014.phases if p.name == "starting order")
    results = next(p for p in wc2014.phases if p.name == "results" and p.segment is order.segment)
    assert order.segment is not None
    url = wc2014.root + order.segment.detail_page
    clock.moment = order.when + timedelta(minutes=5)
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as response:
            assert response.status == 200
            first = await response.read()
            etag, modified = response.headers["ETag"], response.headers["Last-Modified"]
            assert response.headers["Content-Type"] == "text/html"  # the ISUCalcFS pages declare no charset
            assert response.headers["Date"] == "Wed, 26 Mar 2014 00:05:00 GMT"
        assert modified == "Wed, 26 Mar 2014 00:00:00 GMT"  # 09:00 in Saitama, when the starting order came out
        for headers in ({"If-None-Match": etag}, {"If-Modified-Since": modified}, {"If-None-Match": f'"x", {etag}'}):
            async with session.get(url, headers=headers) as response:
                assert response.status == 304 and await response.read() == b""
                assert response.headers["ETag"] == etag
        clock.moment = results.when
        async with session.get(url, headers={"If-None-Match": etag, "If-Modified-Since": modified}) as response:
            assert response.status == 200
            body = await response.read()
            assert body == (WC2014 / order.segment.detail_page).read_bytes() != first
            assert response.headers["ETag"] != etag
            assert response.headers["Last-Modified"] == "Wed, 26 Mar 2014 02:24:00 GMT"
        async with session.get(wc2014.root + "wc2014_Pairs_SP_Scores.pdf") as response:
            assert response.headers["Content-Type"] == "application/pdf"
        async with session.get(wc2014.root + "SEG002.HTM") as response:
            assert response.status == 404  # the men's free skate: not published yet
    assert [(r.path.rpartition("/")[2], r.status, r.conditional) for r in wc2014.requests] == [
        ("SEG005.HTM", 200, False),
        ("SEG005.HTM", 304, True),
        ("SEG005.HTM", 304, True),
        ("SEG005.HTM", 304, True),
        ("SEG005.HTM", 200, True),
        ("wc2014_Pairs_SP_Scores.pdf", 200, False),
        ("SEG002.HTM", 404, False),
    ]


async def test_a_declared_charset_is_sent_with_the_page(tmp_path: Path, clock: Clock) -> None:
    folder = tmp_path / "wc2014"
    shutil.copytree(WC2014, folder)
    index = folder / "wc2014.html"
    index.write_bytes(index.read_bytes().replace(b"<head>", b'<head><meta charset="windows-1252">', 1))
    async with ReplaySite(folder, clock=clock) as site:
        clock.moment = site.phases[0].when
        async with aiohttp.ClientSession() as session, session.get(site.url) as response:
            assert response.headers["Content-Type"] == "text/html; charset=windows-1252"
            assert await response.read() == index.read_bytes()


async def test_injected_failures_reach_the_client(wc2014: ReplaySite, clock: Clock) -> None:
    clock.moment = wc2014.phases[0].when
    wc2014.fail_next(2, status=503)
    for _ in range(2):
        with pytest.raises(SourceError, match="HTTP 503"):
            await read(wc2014)
    # aiohttp sends an idempotent request again, once, when its connection is reset: one reset goes unseen, two do not.
    wc2014.reset_next()
    assert (await read(wc2014)).index.name == "ISU World Championships 2014"
    wc2014.reset_next(2)
    with pytest.raises(SourceError, match=r"wc2014\.html"):
        await read(wc2014)
    wc2014.hang_next(seconds=30)
    async with HttpSource(wc2014.url, allow_private=True, read_timeout=0.3) as source:
        with pytest.raises(SourceError, match="timed out"):
            await source.read(source.index_name)
    while wc2014.requests[-1].fault != "hang":  # noqa: ASYNC110  # logged when the server sees the client leave
        await asyncio.sleep(0.02)
    assert (await read(wc2014)).index.name == "ISU World Championships 2014"
    index = [(r.status, r.fault) for r in wc2014.requests if r.path.endswith("/wc2014.html")]
    assert index == [(503, "status")] * 2 + [(None, "reset"), (200, None)] + [(None, "reset")] * 2 + [
        (None, "hang"),
        (200, None),
    ]


async def test_a_hung_request_is_answered_once_the_hang_is_over(wc2014: ReplaySite, clock: Clock) -> None:
    clock.moment = wc2014.phases[0].when
    wc2014.hang_next(seconds=0.3)
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with HttpSource(wc2014.url, allow_private=True) as source:
        assert await source.read(source.index_name) == (WC2014 / "wc2014.html").read_bytes()
    assert loop.time() - started >= 0.3
    assert [(r.status, r.fault) for r in wc2014.requests] == [(200, "hang")]


async def test_without_a_clock_competition_time_runs_at_speed() -> None:
    real = [1000.0]  # the real time, moved by the test: a busy machine cannot make it pass
    async with ReplaySite(WC2014, speed=3600, monotonic=lambda: real[0]) as site:
        first = site.phases[0].when
        assert site.now() == first - timedelta(minutes=1)
        real[0] += 0.1
        assert site.now() == first - timedelta(minutes=1) + timedelta(seconds=360)
