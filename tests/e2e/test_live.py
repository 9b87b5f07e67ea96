"""Competition week, live, end to end: the real bot against the sandbox, watching a results site served over
loopback from the 2014 Worlds fixture, which changes between polls (the Men's short program results appear).
The clock is injected; polls and deliveries are run by the test (what the bot's 5-second job runs)."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Channel, Message, User
from bot.services.live.fetching import HostGate
from bot.settings import Settings
from db.models import DirectState
from tests.e2e.helpers import Clock, Killed, kill_live_delivery, text_of, text_of_message
from tests.isu_sites import Variant, wc2014
from tests.stores import Location

SP_RESULTS = "SEG001.HTM"  # the Men's short program: skated 2014-03-26 from 07:00 UTC
# Its judges' details come out with its results: a PDF alone makes a segment's standings too (bot/services/isu/).
SP_PUBLISHED = (SP_RESULTS, "wc2014_Men_SP_Scores.pdf")


def _serve(folder: Path) -> web.Application:
    """The site as the folder holds it at each request, with ETags (the poller asks conditionally)."""

    async def page(request: web.Request) -> web.StreamResponse:
        path = folder / request.match_info["name"]
        if not path.is_file():
            raise web.HTTPNotFound()
        body = path.read_bytes()
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers={"ETag": etag})
        kind = "application/pdf" if path.suffix.lower() == ".pdf" else "text/html"
        return web.Response(body=body, content_type=kind, headers={"ETag": etag})

    app = web.Application()
    app.router.add_get("/wc2014/{name}", page)
    return app


@dataclass
class World:
    sandbox: Sandbox
    clock: Clock
    url: str
    site: Path
    held: Path  # a folder holding SP_PUBLISHED until they are published

    def publish(self) -> None:
        for name in SP_PUBLISHED:
            shutil.copy(self.held / name, self.site / name)

    def quick(self) -> None:
        """No spacing between requests to the test's own server (the bot waits 2 s per request to a real host)."""
        assert self.sandbox.bot is not None
        self.sandbox.bot.live.gate = HostGate(spacing=0)

    async def later(self, seconds: float) -> None:
        self.clock.now += timedelta(seconds=seconds)


@pytest_asyncio.fixture
async def world(bundled_store: Location, tmp_path: Path) -> AsyncIterator[World]:
    site = Variant(wc2014(), tmp_path / "wc2014").path
    held = tmp_path / "held"
    held.mkdir()
    for name in SP_PUBLISHED:  # before the short program: neither its page nor its PDF is up yet
        shutil.move(site / name, held / name)
    runner = web.AppRunner(_serve(site), access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    store = bundled_store
    clock = Clock(datetime(2014, 3, 26, 7, 30, tzinfo=UTC))
    settings = replace(Settings(), live_allow_private=True)
    try:
        async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic, settings=settings) as box:
            w = World(box, clock, f"http://127.0.0.1:{port}/wc2014/wc2014.html", site, held)
            w.quick()
            yield w
            assert box.server.violations == []
            assert box.server.errors == []
    finally:
        await runner.cleanup()


def live_posts(sandbox: Sandbox, channel: Channel) -> list[Message]:
    return [
        m
        for m in sandbox.server.messages(channel)
        if m.embeds and " · live " in m.embeds[0].get("footer", {}).get("text", "")
    ]


async def watch_and_subscribe(w: World) -> dict[str, object]:
    sandbox = w.sandbox
    server, guild = sandbox.server, sandbox.guild
    reply = await sandbox.slash("live watch", url=w.url)
    assert "Now watching **ISU World Championships 2014**" in text_of(reply), text_of(reply)
    listed = await sandbox.slash("live list")
    assert "ISU World Championships 2014" in text_of(listed) and "watching" in text_of(listed)

    fans = server.create_role(guild, "Skating fans", 0)
    results = server.create_channel(guild, "results")
    women = server.create_channel(guild, "women-only")
    delayed = server.create_channel(guild, "delayed")
    mod = sandbox.moderator
    said = await sandbox.slash("live subscribe", user=mod, channel=results, role=fans)
    assert "every watched competition" in text_of(said) and f"<@&{fans.id}>" in text_of(said)
    assert said.message is not None and said.message.pings == []  # naming the role in the reply pings nobody
    said = await sandbox.slash("live subscribe", user=mod, channel=women, disciplines="ladies")
    assert "Disciplines: Women" in text_of(said)
    said = await sandbox.slash("live subscribe", user=mod, channel=delayed, competition="1", delay_minutes=10)
    assert "ISU World Championships 2014" in text_of(said) and "10 minutes" in text_of(said)
    refused = await sandbox.slash("live subscribe", user=mod, channel=women, disciplines="synchro")
    assert "“synchro” is not a discipline" in text_of(refused)
    refused = await sandbox.slash("live subscribe", user=sandbox.member, channel=women)
    assert "moderator" in text_of(refused).lower()
    listed = await sandbox.slash("live subscriptions", user=mod)
    assert text_of(listed).count("#results") + text_of(listed).count(f"<#{results.id}>") >= 1

    shy = server.create_user("shy")
    server.add_member(guild, shy)
    server.close_dms(shy)
    for user in (sandbox.member, shy):
        followed = await sandbox.slash("follow", user=user, athlete="Tatsuki Machida")
        assert "You follow **Tatsuki Machida**" in text_of(followed), text_of(followed)
    following = await sandbox.slash("following", user=sandbox.member)
    assert "Tatsuki Machida" in text_of(following)
    return {"fans": fans, "results": results, "women": women, "delayed": delayed, "shy": shy}


async def test_new_results_reach_each_subscribed_channel_once(world: World) -> None:
    w, sandbox = world, world.sandbox
    assert sandbox.bot is not None
    setup = await watch_and_subscribe(w)
    results, women, delayed = setup["results"], setup["women"], setup["delayed"]
    fans, shy = setup["fans"], setup["shy"]
    assert isinstance(results, Channel) and isinstance(women, Channel) and isinstance(delayed, Channel)
    assert isinstance(shy, User)

    # Nothing new on the site: the baseline was never posted.
    await w.later(30)
    await sandbox.bot.live.poll_due()
    assert await sandbox.bot.live.deliver_due() == 0
    assert live_posts(sandbox, results) == []

    w.publish()
    await w.later(30)
    [polled] = await sandbox.bot.live.poll_due()
    assert "001/001/segment" in polled.new
    await sandbox.bot.live.deliver_due()
    [post] = live_posts(sandbox, results)
    embed = post.embeds[0]
    assert embed["title"] == "Men · Short Program: results"
    shown = text_of_message(post)
    assert "**1st** 🇯🇵 **Tatsuki Machida** JPN: **98.21** (TES 52.82 · PCS 45.39)" in shown
    assert "/protocol athlete: Tatsuki Machida competition: ISU World Championships 2014 segment: Short Program" in (
        shown
    )
    assert post.content == f"<@&{fans.id}>" and post.pings == [f"<@&{fans.id}>"]  # its role, and only it
    assert live_posts(sandbox, women) == []  # a women-only channel hears nothing of the men
    assert live_posts(sandbox, delayed) == []  # ten minutes later

    # The follower gets one direct message; a member with closed DMs is recorded, not retried.
    [dm] = sandbox.server.direct_messages(sandbox.member)
    assert "Tatsuki Machida" in dm.embeds[0]["title"] and "98.21" in dm.embeds[0]["description"]
    assert sandbox.server.direct_messages(shy) == []
    states = {user: state for user, _, _, state, _ in await sandbox.bot.live.repo.directs(polled.watch.id)}
    assert states == {sandbox.member.id: DirectState.SENT, shy.id: DirectState.CLOSED}

    # Another look changes nothing; after the delay, the delayed channel gets it, without any ping.
    await w.later(30)
    await sandbox.bot.live.poll_due()
    await sandbox.bot.live.deliver_due()
    assert len(live_posts(sandbox, results)) == 1 and live_posts(sandbox, delayed) == []
    await w.later(10 * 60)
    await sandbox.bot.live.deliver_due()
    [late] = live_posts(sandbox, delayed)
    assert late.content == "" and late.pings == []
    assert len(sandbox.server.direct_messages(sandbox.member)) == 1
    assert len(live_posts(sandbox, results)) == 1


@pytest.mark.parametrize("sent_before_crash", [False, True])
async def test_a_restart_between_claim_and_send_never_doubles(
    world: World, monkeypatch: pytest.MonkeyPatch, sent_before_crash: bool
) -> None:
    w, sandbox = world, world.sandbox
    assert sandbox.bot is not None
    setup = await watch_and_subscribe(w)
    results = setup["results"]
    assert isinstance(results, Channel)
    live = sandbox.bot.live

    kill_live_delivery(live, monkeypatch, after_send=sent_before_crash)
    w.publish()
    await w.later(30)
    await live.poll_due()
    with pytest.raises(Killed):
        await live.deliver_due()
    claimed = await sandbox.db.fetchall("SELECT channel_id FROM live_posts WHERE state = 'claimed'")
    assert [row[0] for row in claimed] == [results.id]
    assert len(live_posts(sandbox, results)) == (1 if sent_before_crash else 0)
    monkeypatch.undo()

    await sandbox.stop_bot()
    await w.later(60)
    await sandbox.start_bot()  # its recovery looks in the channel before sending
    w.quick()
    assert len(live_posts(sandbox, results)) == 1
    await sandbox.bot.live.deliver_due()
    await sandbox.bot.live_job.run()  # the bot's own job: polls (nothing new) and delivers (nothing due)
    [post] = live_posts(sandbox, results)
    row = await sandbox.db.fetchone("SELECT state, message_id FROM live_posts WHERE channel_id = ?", (results.id,))
    assert row["state"] == "posted" and row["message_id"] == post.id


async def test_the_schedule_in_everyones_time_zone(world: World) -> None:
    w, sandbox = world, world.sandbox
    nothing = await sandbox.slash("schedule")
    assert "No competition is watched" in text_of(nothing)
    for name in ("SEG006.HTM", "wc2014_Pairs_FS_Scores.pdf"):  # the pairs' free skating, tomorrow: not skated yet
        (w.site / name).unlink()
    await sandbox.slash("live watch", url=w.url)
    shown = text_of(await sandbox.slash("schedule"))
    men_sp = int(datetime(2014, 3, 26, 7, 0, tzinfo=UTC).timestamp())
    assert f"**Men · Short Program**, <t:{men_sp}:F> (<t:{men_sp}:R>)" in shown
    assert "✅ done **Pairs · Short Program**" in shown  # its results are up
    assert "🔴 on now **Men · Short Program**" in shown  # started, results not up
    pairs_fs = int(datetime(2014, 3, 27, 2, 30, tzinfo=UTC).timestamp())
    assert f"Next: **Pairs · Free Skating** <t:{pairs_fs}:R>." in shown
    assert "⏭️ next **Pairs · Free Skating**" in shown
    assert "UTC+09:00" in shown
    refused = await sandbox.slash("live watch", user=sandbox.member, url=w.url)
    assert "Only the bot's owners" in text_of(refused)
    again = await sandbox.slash("live watch", url=w.url)
    assert "is already watched" in text_of(again)
    gone = await sandbox.slash("live unwatch", competition="World Championships")
    assert "No longer watching **ISU World Championships 2014**" in text_of(gone)
