"""Importing the real 2014 World Championships site, from a folder and over HTTP, and /protocol in Discord."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web

from bot.sandbox.harness import Sandbox
from bot.services.isu.document import build_document
from bot.services.isu.importer import import_isu, read_site
from bot.services.isu.source import FolderSource, HttpSource, SourceError, open_source
from bot.settings import Settings
from db.database import Database
from tests.e2e.helpers import command_line
from tests.isu_sites import wc2014
from tests.stores import Location

WC2014 = wc2014()


async def counts(db: Database) -> dict[str, int]:
    tables = (
        "competitions",
        "entries",
        "segment_results",
        "protocol_elements",
        "protocol_components",
        "segment_officials",
        "skaters",
    )
    return {t: (await db.fetchone(f"SELECT count(*) FROM {t}"))[0] for t in tables}


async def test_the_whole_site_imports_and_adds_up(store: Database) -> None:
    summary = await import_isu(store, FolderSource(WC2014))
    assert (summary.categories, summary.segments) == (4, 8)
    assert summary.report.changed and summary.elements > 1500
    event = await store.fetchone(
        "SELECT e.id FROM events e JOIN competitions c ON c.id = e.competition_id WHERE c.key = 'wc2014' "
        "AND e.discipline = 'men'"
    )
    winner = await store.fetchone(
        "SELECT s.name, s.isu_id, e.total FROM entries e JOIN entry_skaters es ON es.entry_id = e.id "
        "JOIN skaters s ON s.id = es.skater_id WHERE e.event_id = ? AND e.place = 1",
        (event["id"],),
    )
    assert (winner["name"], winner["isu_id"], winner["total"]) == ("Yuzuru Hanyu", "isufs00010967", 282.59)
    # The bundled Yuzuru Hanyu (JPN) is the same person: matched, not duplicated.
    assert (await store.fetchone("SELECT count(*) FROM skaters WHERE name = 'Yuzuru Hanyu'"))[0] == 1

    totals = await store.fetchall(
        "SELECT e.total, sum(r.tss) AS segments FROM entries e JOIN segment_results r ON r.entry_id = e.id "
        "JOIN events ev ON ev.id = e.event_id JOIN competitions c ON c.id = ev.competition_id "
        "WHERE c.key = 'wc2014' AND e.status IS NULL GROUP BY e.id"
    )
    assert len(totals) > 80 and all(abs(r["total"] - r["segments"]) < 0.005 for r in totals)
    segments = await store.fetchall(
        "SELECT r.tss, r.tes, r.pcs, coalesce(r.deductions, 0) AS ded FROM segment_results r "
        "JOIN segments s ON s.id = r.segment_id JOIN events ev ON ev.id = s.event_id "
        "JOIN competitions c ON c.id = ev.competition_id WHERE c.key = 'wc2014' AND r.tss IS NOT NULL"
    )
    assert len(segments) > 190 and all(abs(r["tss"] - (r["tes"] + r["pcs"] - r["ded"])) < 0.015 for r in segments)
    protocols = await store.fetchall(
        "SELECT r.tes, (SELECT sum(panel_score) FROM protocol_elements p WHERE p.entry_id = r.entry_id "
        "AND p.segment_id = r.segment_id) AS elements FROM segment_results r "
        "WHERE EXISTS (SELECT 1 FROM protocol_elements p WHERE p.entry_id = r.entry_id AND p.segment_id = r.segment_id)"
    )
    assert len(protocols) > 190 and all(abs(r["tes"] - r["elements"]) <= 0.02 for r in protocols)
    prov = await store.fetchone(
        "SELECT p.confidence, p.sources FROM entries e JOIN provenance p ON p.id = e.total_prov WHERE e.total = 282.59"
    )
    assert prov["confidence"] == "official" and "CAT001RS.HTM" in prov["sources"]

    again = await import_isu(store, FolderSource(WC2014))
    assert not again.report.changed and "already up to date" in again.report.describe()


class CountingSource(FolderSource):
    """A folder source that counts how often each file is looked for to name it in the provenance."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.described: dict[str, int] = {}

    def describe(self, name: str) -> str:
        self.described[name] = self.described.get(name, 0) + 1
        return super().describe(name)


async def test_each_page_is_found_once_to_name_it_in_the_provenance() -> None:
    """Every figure of the document names its page as its source: the page is found in the folder once, not once a
    figure (a quarter of an import's time went to finding the same few pages again)."""
    source = CountingSource(WC2014)
    async with source:
        document = build_document(await read_site(source), source)
    assert len(document["competitions"][0]["events"]) == 4
    assert source.described and max(source.described.values()) == 1, source.described


async def test_a_damaged_page_is_a_warning_and_the_rest_imports(store: Database, tmp_path: Path) -> None:
    """The whole import never fails for one page: a truncated segment page is skipped with a warning naming it,
    and everything else of the site (its PDF's protocols included) imports."""
    copy = tmp_path / "site"
    shutil.copytree(WC2014, copy)
    target = copy / "SEG003.HTM"
    data = target.read_bytes()
    target.write_bytes(data[: len(data) // 2])
    summary = await import_isu(store, FolderSource(copy))
    assert (summary.categories, summary.segments) == (4, 8)
    assert any("SEG003" in str(w) and "damaged or unreadable" in str(w) for w in summary.warnings)
    assert not any("SEG001" in str(w) for w in summary.warnings)
    rows = await store.fetchall(
        "SELECT s.key, ev.key AS event, count(r.entry_id) AS n FROM segments s JOIN events ev ON ev.id = s.event_id "
        "JOIN competitions c ON c.id = ev.competition_id LEFT JOIN segment_results r ON r.segment_id = s.id "
        "WHERE c.key = 'wc2014' GROUP BY s.id, s.key, ev.key"
    )
    # The segment's standings come from its judges' details PDF instead, cited as their source.
    assert len(rows) == 8 and all(r["n"] > 0 for r in rows)
    assert any("SEG003" not in str(w) and "read from its judges' details PDF" in str(w) for w in summary.warnings)
    cited = await store.fetchone(
        "SELECT count(*) FROM segment_results r JOIN provenance p ON p.id = r.tss_prov WHERE p.sources LIKE ?",
        ("%wc2014_Ladies_SP_Scores.pdf%",),
    )
    assert cited[0] > 0


@pytest_asyncio.fixture
async def http_site() -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_static("/results/wc2014/", WC2014)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}/results/wc2014/wc2014.html"
    await runner.cleanup()


async def test_importing_over_http_and_refusing_private_hosts(store: Database, http_site: str) -> None:
    with pytest.raises(SourceError, match="loopback"):
        async with open_source(http_site) as refused:
            await import_isu(store, refused)
    with pytest.raises(SourceError, match="private"):
        async with open_source("http://10.20.30.40/results/index.htm") as private:
            await import_isu(store, private)
    async with open_source(http_site, allow_private=True) as source:
        assert isinstance(source, HttpSource)
        summary = await import_isu(store, source)
    assert summary.categories == 4 and summary.report.changed


@pytest_asyncio.fixture
async def isu_sandbox(bundled_store: Location, tmp_path: Path) -> AsyncIterator[Sandbox]:
    store_path = bundled_store
    db = await Database.open(store_path)
    await import_isu(db, FolderSource(WC2014))
    await db.close()
    async with Sandbox(db_path=store_path) as sandbox:
        yield sandbox
        assert sandbox.server.violations == []


async def test_protocol_in_discord(isu_sandbox: Sandbox) -> None:
    sandbox = isu_sandbox
    athletes = await sandbox.autocomplete("protocol", "athlete", athlete="hanyu", competition="", segment="")
    assert athletes[0]["name"].startswith("Yuzuru Hanyu")
    competitions = await sandbox.autocomplete(
        "protocol", "competition", athlete="", competition="world 2014", segment=""
    )
    assert competitions[0]["value"] == "wc2014"
    segments = await sandbox.autocomplete(
        "protocol", "segment", athlete=athletes[0]["value"], competition="wc2014", segment="free"
    )
    assert "FS" in [c["value"] for c in segments]
    result = await sandbox.slash("protocol", athlete="Yuzuru Hanyu", competition="wc2014", segment="FS")
    embed = result.message.embeds[0]
    assert "Yuzuru Hanyu" in embed["title"] and "TSS **191.35**" in embed["description"]
    assert "3F           e" in embed["description"] and "13.86x" in embed["description"]
    assert "`e` wrong edge" in str(embed["fields"]) and "Skating Skills" in str(embed["fields"])
    bundled = await sandbox.slash("protocol", athlete="Ilia Malinin", competition="owg2026", segment="free")
    assert bundled.ephemeral and "only official ISU imports" in bundled.message.content
    results = await sandbox.slash("results", competition="wc2014", event="men")
    assert "**1st** 🇯🇵 **Yuzuru Hanyu** JPN — **282.59**" in results.message.embeds[0]["description"]


async def test_admin_import_is_for_owners_only(isu_sandbox: Sandbox) -> None:
    refused = await isu_sandbox.slash("admin import-isu", user=isu_sandbox.moderator, url="http://127.0.0.1/x")
    assert refused.ephemeral and "owners" in refused.message.content
    private = await isu_sandbox.slash("admin import-isu", url="http://127.0.0.1:9/results/index.htm")
    message = await private.wait_message()
    assert "Nothing was imported" in message.content and "loopback" in message.content


async def test_a_corrected_page_updates_only_what_changed(store: Database, tmp_path: Path) -> None:
    copy = tmp_path / "site"
    shutil.copytree(WC2014, copy)
    await import_isu(store, FolderSource(copy))
    result = copy / "CAT001RS.HTM"
    result.write_bytes(result.read_bytes().replace(b"<td>282.59</td>", b"<td>282.60</td>"))
    corrected = await import_isu(store, FolderSource(copy))
    changes = {k: v for k, v in corrected.report.changes.items() if not k.startswith("unchanged")}
    assert changes == {"updated entries": 1}, changes
    assert "updated 1 entries" in corrected.report.describe()
    assert (await store.fetchone("SELECT count(*) FROM entries WHERE total = 282.6"))[0] == 1


async def test_owners_import_from_discord(http_site: str) -> None:
    async with Sandbox(settings=Settings(isu_allow_private=True)) as sandbox:
        # The import and the stories it makes run on the larger bundled store: wait for the follow-up itself
        # (a generous cap, not a duration the test depends on), not the harness's default of 15 s.
        result = await sandbox.server.slash(
            sandbox.guild, sandbox.channel, sandbox.owner, "admin import-isu", {"url": http_site}
        )
        await result.wait()
        reply = await result.wait_message(timeout=300)
        assert result.ephemeral and "ISU World Championships 2014 (wc2014): 4 categories, 8 segments" in reply.content
        standings = await sandbox.slash("results", competition="wc2014", event="ladies")
        assert "Mao Asada" in standings.message.embeds[0]["description"]  # the bot reloaded what it imported
        assert sandbox.server.violations == []


async def test_the_readmes_import_example_runs_as_written(tmp_path: Path) -> None:
    """`SKATEBOT_DB=/tmp/wc.sqlite3 skatebot import-isu tests/fixtures/isu/wc2014`, the README's own example, into
    a fresh store: the import and the stories from the results it makes (whose figures' source is a folder, not
    a link) end well, and no story cites a path of the importing machine."""
    store_path = tmp_path / "wc.sqlite3"
    out = await command_line(store_path, "import-isu", "tests/fixtures/isu/wc2014")
    assert "ISU World Championships 2014 (wc2014): 4 categories, 8 segments, 121 entries" in out
    assert "stories from the results:" in out
    db = await Database.open(store_path)
    try:
        local = await db.fetchone("SELECT count(*) FROM story_sources WHERE url NOT LIKE 'http%'")
        wc = await db.fetchone(
            "SELECT count(*) FROM stories s JOIN competitions c ON c.id = s.competition_id WHERE c.key = 'wc2014'"
        )
        provenance = await db.fetchone("SELECT count(*) FROM provenance WHERE sources LIKE '%wc2014/CAT001RS.HTM%'")
    finally:
        await db.close()
    assert local[0] == 0 and wc[0] > 0 and provenance[0] > 0
