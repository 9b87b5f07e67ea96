"""What an operator sees of a running bot: /healthz and the Prometheus metrics while the bot answers real
interactions in the sandbox, `skatebot run` serving them (and `skatebot health` asking them) as its own process with
JSON logs that never hold a token."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families

from bot.discord_layer.monitor import MonitorServer
from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.template import bundled_template
from tests.e2e.helpers import ROOT, text_of, until
from tests.isu_sites import Variant, wc2014

pytestmark = pytest.mark.asyncio(loop_scope="module")


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a Prometheus exposition, by name and labels."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def monitor(sandbox_world: Sandbox) -> AsyncIterator[MonitorServer]:
    assert sandbox_world.bot is not None
    served = await sandbox_world.bot.serve_monitor(("127.0.0.1", 0))
    yield served
    await served.stop()
    sandbox_world.bot.monitor = None


async def get(monitor: MonitorServer, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{monitor.port}{path}") as response:
            return response.status, await response.text()


async def test_healthz_and_counters_move_with_real_interactions(sandbox: Sandbox, monitor: MonitorServer) -> None:
    status, body = await get(monitor, "/healthz")
    assert (status, body.strip()) == (200, "ok")
    before = samples((await get(monitor, "/metrics"))[1])

    await sandbox.slash("athlete", user=sandbox.member, name="sakamoto kaori")
    await sandbox.slash("athlete", user=sandbox.member, name="Zzyzx Qwerty")  # not in the store: refused
    await sandbox.autocomplete("athlete", "name", name="sakamo")

    after = samples((await get(monitor, "/metrics"))[1])
    ok = ("skatebot_interactions_total", {"command": "athlete", "outcome": "ok"})
    refused = ("skatebot_interactions_total", {"command": "athlete", "outcome": "refused"})
    assert value(after, ok[0], **ok[1]) == value(before, ok[0], **ok[1]) + 1
    assert value(after, refused[0], **refused[1]) == value(before, refused[0], **refused[1]) + 1
    acks = "skatebot_interaction_ack_seconds_count"
    assert value(after, acks, kind="command") == value(before, acks, kind="command") + 2
    assert value(after, acks, kind="autocomplete") == value(before, acks, kind="autocomplete") + 1
    assert value(after, "skatebot_interaction_ack_seconds_sum", kind="command") > 0
    assert value(after, "skatebot_gateway_connected") == 1
    assert 0 <= value(after, "skatebot_gateway_latency_seconds") < 3


async def test_posts_are_counted_by_outcome(sandbox: Sandbox, monitor: MonitorServer) -> None:
    server = sandbox.server
    before = samples((await get(monitor, "/metrics"))[1])
    # Skate Fans posts its moment; a second server's post meets Discord's passing trouble (tried again later).
    owner = server.create_user("rink owner")
    other = server.create_guild("Second Rink", owner)
    await sandbox.sync_globally()  # the second server has the global commands only
    for guild, channel, user in [
        (sandbox.guild, sandbox.channel, sandbox.moderator),
        (other, other.text_channel("general"), owner),
    ]:
        schedule = {"channel": channel, "time": "09:00", "timezone": "UTC"}
        await answered(await server.slash(guild, channel, user, "moment schedule", schedule))
        if guild is other:
            server.fail_next_posts(503)
        posted = await answered(await server.slash(guild, channel, user, "moment post-now", {}))
        assert posted.message is not None
    after = samples((await get(monitor, "/metrics"))[1])
    for outcome in ("sent", "retried"):
        labels = {"kind": "moment", "outcome": outcome}
        assert value(after, "skatebot_posts_total", **labels) == value(before, "skatebot_posts_total", **labels) + 1


async def test_watched_sites_and_failed_polls(sandbox: Sandbox, monitor: MonitorServer, tmp_path: Path) -> None:
    bot = sandbox.bot
    assert bot is not None
    # The 2014 Worlds on their first morning: the men's short program results not up yet, so the watch goes on.
    site_folder = Variant(wc2014(), tmp_path / "wc2014").path
    (site_folder / "SEG001.HTM").unlink()
    bot.live._clock = lambda: datetime(2014, 3, 26, 7, 30, tzinfo=UTC)
    app = web.Application()
    app.router.add_static("/wc2014/", site_folder)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    bot.live.allow_private = True  # a site on loopback, as LIVE_ALLOW_PRIVATE allows
    bot.live.gate.spacing = 0
    try:
        reply = await sandbox.slash("live watch", url=f"http://127.0.0.1:{port}/wc2014/wc2014.html")
        assert "Now watching" in text_of(reply), text_of(reply)
        watching = samples((await get(monitor, "/metrics"))[1])
        assert value(watching, "skatebot_live_sites_watched") == 1
        failures = value(watching, "skatebot_live_poll_failures_total")
    finally:
        await runner.cleanup()  # the host goes away: the next poll fails
    watch = (await bot.live.watches())[0]
    result = await bot.live.poll(watch)
    assert not result.reached
    failed = samples((await get(monitor, "/metrics"))[1])
    assert value(failed, "skatebot_live_poll_failures_total") == failures + 1
    await sandbox.slash("live unwatch", competition=str(watch.id))
    assert value(samples((await get(monitor, "/metrics"))[1]), "skatebot_live_sites_watched") == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def skatebot(*args: str, env: dict[str, str], cwd: Path) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, env=env, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(process.communicate(), 600)
    assert process.returncode is not None
    return process.returncode, out.decode()


async def _healthz(port: int) -> int | None:
    """The status of the bot's /healthz, or None while nothing listens yet."""
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                return response.status
    except aiohttp.ClientConnectionError:
        return None


async def test_skatebot_run_serves_health_and_metrics_with_json_logs(tmp_path: Path) -> None:
    """The real command as an operator runs it: a process, MONITOR_ADDRESS and LOG_FORMAT=json in its environment."""
    world = Sandbox()  # the stand-in and its seeded server only: the bot is the subprocess
    server = world.server
    await server.start()
    port = free_port()
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "MONITOR_", "LOG_"))}
    env = {
        **base,
        **server.bot_environment,
        # The bundled store's template (a fresh store's first start, its import, is tested in test_cli.py).
        "SKATEBOT_DB": str(shutil.copy(bundled_template(), tmp_path / "store.sqlite3")),
        "DEV_GUILD_ID": str(world.guild.id),
        "MONITOR_ADDRESS": f"127.0.0.1:{port}",
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "DEBUG",
        "PYTHONPATH": str(ROOT),
    }
    log_path = tmp_path / "bot.log"
    with log_path.open("wb") as log_file:
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", env=env, cwd=tmp_path, stdout=log_file, stderr=subprocess.STDOUT
        )
    try:
        # Until the bot is healthy and synced (pytest's timeout bounds the wait), looked at over HTTP: a `skatebot
        # health` process at every look paid Python's start each time, on the cores the bot was starting on.
        async def healthy_and_synced() -> bool:
            return bot.returncode is not None or (await _healthz(port) == 200 and bool(server.commands(world.guild)))

        await until(healthy_and_synced)
        code, out = await skatebot("health", env=env, cwd=tmp_path)
        assert code == 0, out + log_path.read_text(errors="replace")[-3000:]
        assert f"127.0.0.1:{port}/healthz: 200 ok" in out

        reply = await server.slash(world.guild, world.channel, world.member, "athlete", {"name": "Alysa Liu"})
        await reply.wait()
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/plain")
                found = samples(await response.text())
        assert value(found, "skatebot_interactions_total", command="athlete", outcome="ok") == 1
        assert value(found, "skatebot_interaction_ack_seconds_count", kind="command") == 1

        await server.stop()  # Discord goes away: the bot is off the gateway, and says so

        async def unhealthy() -> bool:
            return await _healthz(port) == 503

        await until(unhealthy)
        code, out = await skatebot("health", env=env, cwd=tmp_path)
        assert code == 1 and "503 unhealthy: not connected to Discord's gateway" in out, out
    finally:
        if bot.returncode is None:
            bot.send_signal(signal.SIGTERM)
            await asyncio.wait_for(bot.wait(), 60)
        await server.stop()

    lines = log_path.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]  # every line one JSON object
    assert {"time", "level", "logger", "message"} <= set(events[0])
    assert any(event["message"].startswith("serving /healthz and /metrics") for event in events)
    text = log_path.read_text(encoding="utf-8")
    assert server.bot_token not in text and reply.token not in text
    assert "[token]" in text  # discord.py's DEBUG lines carried tokens, and they were taken out


async def test_health_without_an_address_says_what_to_set(tmp_path: Path) -> None:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("MONITOR_", "SKATEBOT_"))}
    code, out = await skatebot("health", env={**base, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert code == 2 and "MONITOR_ADDRESS is not set" in out
