"""`skatebot import-isu --season` and `/admin import-isu season:`: every competition of a season read from a results
server on 127.0.0.1 laid out as the ISU's (tests/isu_server.py), built from the real sites of the fixtures, with
competitions missing (404), refused (HTTP 403, a dropped connection) and unreadable (an index cut short)."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.state import MessageEvent
from bot.services.isu.importer import import_isu
from bot.services.isu.season import import_season, load_seasons
from bot.services.isu.source import FolderSource
from bot.settings import Settings
from db.database import Database, StoreLost
from tests.isu_server import Dropped, IsuServer, Site, Status, Truncated
from tests.isu_sites import snapshot, wc2014
from tests.shared import shared_path
from tests.stores import Location

ROOT = Path(__file__).resolve().parents[2]


def season_1314() -> IsuServer:
    """2013-14 as the ISU's server has it (no season folder then): the 2014 Worlds' real site; the Europeans' index
    cut short; Four Continents refused; the Olympics' connection dropped; the Grand Prix not there."""
    worlds = Site(wc2014(), index="wc2014.html")  # saved as wc2014.html, served as index.htm (fixture README)
    return IsuServer({"wc2014": worlds, "ec2014": Truncated(worlds), "fc2014": Status(403), "owg2014": Dropped()})


async def run_skatebot(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """`skatebot ARGS` as its own process (this loop keeps serving the results server meanwhile)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "ISU_", "OWNER_"))}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env={**base, **env},
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 600)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


@pytest.mark.timeout(300)
async def test_a_season_from_the_command_line(bundled_store: Location, store: Database, tmp_path: Path) -> None:
    server = season_1314()
    async with server.running():
        env = {"SKATEBOT_DB": str(bundled_store), "ISU_RESULTS_URL": server.base}
        code, out, err = await run_skatebot(env, "import-isu", "--season", "2013-14", "--allow-private")
    assert "Traceback" not in out + err, out + err
    assert code == 1, (out, err)  # three competitions were there but could not be read
    assert err.strip().splitlines()[-1] == (
        "skatebot: not imported for a reason other than absence: ec2014, fc2014, owg2014 (see the warnings)"
    )
    # A summary per competition, in the season's order, each warning naming the competition and its address.
    assert f"Season 2013-14: 11 competitions from {server.base}" in out
    assert "wc2014: ISU World Championships 2014 imported: 4 categories, 121 entries, 0 warnings" in out
    assert "ISU World Championships 2014 (wc2014): 4 categories, 8 segments, 121 entries" in out
    for gp in ("gpusa2013", "gpcan2013", "gpchn2013", "gpjpn2013", "gpfra2013", "gprus2013", "gpf1314"):
        assert re.search(
            rf"warning: {gp} \([^)]+\) is not on the results server: {server.base}/{gp}/index\.htm: "
            r"HTTP 404",
            out,
        ), (gp, out)
    europeans = "warning: ec2014 (European Championships 2014) was not imported: "
    assert f"{europeans}{server.base}/ec2014/index.htm: truncated page" in out
    assert f"warning: fc2014 (Four Continents Championships 2014) was not imported: {server.base}/fc2014/" in out
    assert "HTTP 403" in out.split("warning: fc2014")[1].splitlines()[0]
    assert f"warning: owg2014 (Olympic Winter Games 2014) was not imported: {server.base}/owg2014/" in out
    assert "Season 2013-14: 1 imported, 7 not on the results server, 3 not imported for another reason" in out
    assert "stories from the results:" in out  # generated once, after the season
    order = [m.group(1) for m in re.finditer(r"^(?:warning: )?(\w+\d{4})(?: \(|: )", out, re.M)]
    assert order == [c.code for c in load_seasons()["2013-14"].competitions]
    # What the season imported is what importing the site's folder imports: the same rows.
    season_rows = await snapshot(await Database.open(bundled_store))
    await import_isu(store, FolderSource(wc2014()))
    assert season_rows == await snapshot(store)


async def test_the_season_folder_layout_and_a_folder_of_pdfs_only(store: Database) -> None:
    """From 2015-16 on, each season has its folder: every code of 2025-26 is asked for under season2526/. A folder
    that holds the judges' details PDFs and no index page (all the fixture has of Skate America 2025) is, on a
    server that cannot be listed, a competition that is not there; the Grand Prix de France's index is cut short."""
    pdfs = shared_path("fixtures", "isu-pdfs", "gpusa2025")
    server = IsuServer(
        {
            "season2526/gpusa2025": Site(pdfs, index=None),
            "season2526/gpfra2025": Truncated(Site(wc2014(), index="wc2014.html"), keep=0.3),
        }
    )
    season = load_seasons()["2025-26"]
    before = await snapshot(store)
    async with server.running():
        summary = await import_season(store, season, server.base, allow_private=True)
    assert [o.url for o in summary.outcomes] == [f"{server.base}/season2526/{c.code}/" for c in season.competitions]
    assert {p.split("/")[3] for p in server.requests} == {c.code for c in season.competitions}
    assert [o.competition.code for o in summary.failed] == ["gpfra2025"]
    assert len(summary.missing) == 10 and summary.imported == []
    usa = next(o for o in summary.outcomes if o.competition.code == "gpusa2025")
    assert usa.problem == f"{server.base}/season2526/gpusa2025/index.htm: HTTP 404 (not on the site)"
    assert await snapshot(store) == before  # nothing half-written by the damaged one


async def test_an_unexpected_failure_costs_one_competition_a_failing_store_the_season(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A parser that breaks on one server's odd site (an error no reader expects) is that competition's warning,
    and the next is imported; the store failing is not a competition's problem: it stops the season."""
    import bot.services.isu.season as season_module

    real_import = season_module.import_isu

    async def breaks_on_the_europeans(db, source, progress=None, **options):  # type: ignore[no-untyped-def]
        if "/ec2014/" in str(source.root):
            raise IndexError("list index out of range")
        return await real_import(db, source, progress, **options)

    monkeypatch.setattr(season_module, "import_isu", breaks_on_the_europeans)
    worlds = Site(wc2014(), index="wc2014.html")
    server = IsuServer({"ec2014": worlds, "wc2014": worlds})
    async with server.running():
        summary = await import_season(store, load_seasons()["2013-14"], server.base, allow_private=True)
        europeans = next(o for o in summary.outcomes if o.competition.code == "ec2014")
        assert europeans.problem == (
            f"{server.base}/ec2014/: the import failed unexpectedly (IndexError; the log has the details)"
        )
        assert [o.competition.code for o in summary.imported] == ["wc2014"]

        async def store_lost(db, source, progress=None, **options):  # type: ignore[no-untyped-def]
            raise StoreLost("the PostgreSQL session was lost")

        monkeypatch.setattr(season_module, "import_isu", store_lost)
        with pytest.raises(StoreLost):
            await import_season(store, load_seasons()["2013-14"], server.base, allow_private=True)


async def test_the_results_server_on_this_machine_is_refused_unless_allowed(store: Database) -> None:
    server = season_1314()
    async with server.running():
        summary = await import_season(store, load_seasons()["2013-14"], server.base)
    assert server.requests == []  # the SSRF guard refused every address before any request
    assert len(summary.failed) == 11
    assert all("loopback address (127.0.0.1); use --allow-private" in (o.problem or "") for o in summary.outcomes)


@pytest.mark.timeout(300)
async def test_a_season_from_discord() -> None:
    server = season_1314()
    async with server.running():
        settings = Settings(isu_allow_private=True, isu_results_url=server.base)
        async with Sandbox(settings=settings) as sandbox:
            seen: asyncio.Queue[MessageEvent] = asyncio.Queue()
            unsubscribe = sandbox.server.subscribe(seen.put_nowait)
            result = await sandbox.server.slash(
                sandbox.guild, sandbox.channel, sandbox.owner, "admin import-isu", {"season": "2013-14"}
            )
            progress: list[str] = []
            while True:  # the reply shows each competition as it starts, then the summary
                event = await asyncio.wait_for(seen.get(), 600)
                if event.interaction is not result:
                    continue
                content = event.message.content or ""
                if content.startswith("Importing season"):
                    progress.append(content)
                if "Season 2013-14:" in content:
                    summary = content
                    break
            unsubscribe()
            assert result.ephemeral
            assert progress[0] == "Importing season 2013-14: 1 of 11, gpusa2013 (Skate America 2013)…"
            assert "Importing season 2013-14: 11 of 11, wc2014 (World Championships 2014)…" in progress
            lines = summary.splitlines()
            assert "wc2014: ISU World Championships 2014 imported: 4 categories, 121 entries, 0 warnings" in lines
            assert sum(1 for line in lines if "is not on the results server" in line) == 7
            assert sum(1 for line in lines if "was not imported" in line) == 3
            assert lines[0].startswith("Season 2013-14: 1 imported, 7 not on the results server, 3 not imported")
            standings = await sandbox.slash("results", competition="wc2014", event="men")
            assert "Yuzuru Hanyu" in standings.message.embeds[0]["description"]  # the bot reloaded the results
            # Both a URL and a season, a year that is no season, a season the codes file lacks: said, not guessed.
            both = await sandbox.slash("admin import-isu", url=server.base + "/wc2014/", season="2013-14")
            assert "either the URL of a results site or a season" in both.message.content
            odd = await sandbox.slash("admin import-isu", season="2013-15")
            assert "2013-15 is not a season: write it as 2025-26." in odd.message.content
            unknown = await sandbox.slash("admin import-isu", season="1999-00")
            assert "has no season 1999-00; it has 2013-14, 2016-17" in unknown.message.content
            member = await sandbox.slash("admin import-isu", user=sandbox.moderator, season="2013-14")
            assert "owners" in member.message.content
            assert sandbox.server.violations == []
