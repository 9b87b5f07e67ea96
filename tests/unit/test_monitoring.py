"""The operator's view, piece by piece: the settings that turn it on, the logs in both forms with secrets taken out,
what /healthz calls unhealthy, how posts, polls and busy stores are counted."""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiohttp import web

from bot.discord_layer import monitor
from bot.discord_layer.metrics import CountedPoster, Metrics
from bot.discord_layer.monitor import GatewayStatus, Health
from bot.logs import setup_logging
from bot.services.access import Actor
from bot.services.live.fetching import HostGate
from bot.services.live.service import LiveService
from bot.services.moments import PostFailed
from bot.services.results import ResultsService
from bot.settings import Settings, SettingsError
from db.database import Database, StoreBusy
from db.repositories.live import LiveRepository
from tests.isu_sites import wc2014

TOKEN = "MTEyMzQ1Njc4OTAxMjM0NTY3OA.GaBcDe.fake-bot-token-for-the-log-test_0123456789"
ROOT = Path(__file__).resolve().parents[2]
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ"


def test_log_format_and_monitor_address_settings() -> None:
    assert Settings.from_env({}).log_format == "text" and Settings.from_env({}).monitor_address is None
    assert Settings.from_env({"LOG_FORMAT": "JSON"}).log_format == "json"
    assert Settings.from_env({"MONITOR_ADDRESS": "127.0.0.1:9108"}).monitor_address == ("127.0.0.1", 9108)
    assert Settings.from_env({"MONITOR_ADDRESS": "[::1]:9108"}).monitor_address == ("::1", 9108)
    assert Settings.from_env({"MONITOR_ADDRESS": "0.0.0.0:9108"}).monitor_address == ("0.0.0.0", 9108)
    for wrong in ("9108", "localhost", "127.0.0.1:0", "127.0.0.1:70000", ":9108", "127.0.0.1:http"):
        with pytest.raises(SettingsError, match="MONITOR_ADDRESS must be host:port"):
            Settings.from_env({"MONITOR_ADDRESS": wrong})
    with pytest.raises(SettingsError, match="LOG_FORMAT must be text or json"):
        Settings.from_env({"LOG_FORMAT": "yaml"})


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.captureWarnings(False)


def _log_secrets() -> None:
    log = logging.getLogger("discord.webhook.async_")
    log.debug("POST https://discord.com/api/v10/interactions/123456789012345678/%s/callback", INTERACTION_TOKEN)
    log.info("payload %s", json.dumps({"op": 0, "d": {"token": INTERACTION_TOKEN, "id": "1"}}))
    log.warning("login with %s failed", TOKEN)
    try:
        raise RuntimeError(f"GET /webhooks/987654321098765432/{INTERACTION_TOKEN}/messages/@original with {TOKEN}")
    except RuntimeError:
        log.exception("the request failed")


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_no_token_reaches_the_log_in_either_format(
    log_format: str, restored_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging(Settings(token=TOKEN, log_level="DEBUG", log_format=log_format))
    _log_secrets()
    out = capsys.readouterr().err
    assert TOKEN not in out and INTERACTION_TOKEN not in out
    assert out.count("[token]") >= 5  # each secret replaced, in the messages and in the traceback
    if log_format == "json":
        events = [json.loads(line) for line in out.splitlines()]  # one JSON object per line, traceback included
        assert [event["level"] for event in events] == ["DEBUG", "INFO", "WARNING", "ERROR"]
        assert {"time", "logger", "message"} <= set(events[0])
        assert "RuntimeError" in events[-1]["exc_info"] and "[token]" in events[-1]["exc_info"]
    else:
        assert "ERROR   discord.webhook.async_: the request failed" in out and "Traceback" in out


def test_python_warnings_are_json_lines_too(tmp_path: Path) -> None:
    """An unawaited coroutine at shutdown is reported by Python's warnings, not by a logger: in JSON mode it must
    still be one JSON object (a bare warning line once broke a collector reading the bot's stderr). A process of
    its own, as pytest replaces the warnings machinery inside a test."""
    program = (
        "import gc, warnings\n"
        "from bot.logs import setup_logging\n"
        "from bot.settings import Settings\n"
        "setup_logging(Settings(token=None, log_level='INFO', log_format='json'))\n"
        "async def never_awaited(): pass\n"
        "never_awaited()\n"
        "gc.collect()\n"
        "warnings.warn('an old call', DeprecationWarning, stacklevel=1)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-W", "always", "-c", program], capture_output=True, text=True, timeout=600, cwd=ROOT
    )
    assert ran.returncode == 0, ran.stderr
    events = [json.loads(line) for line in ran.stderr.splitlines()]
    assert [event["logger"] for event in events] == ["py.warnings", "py.warnings"]
    assert "was never awaited" in events[0]["message"] and "an old call" in events[1]["message"]


async def test_health_names_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    async def fine() -> int:
        return 1

    async def broken() -> int:
        raise OSError("disk I/O error")

    async def hung() -> int:
        await asyncio.Event().wait()  # never answers
        return 1

    gateway = GatewayStatus(frozenset({0}))
    assert await Health(gateway, fine, lambda: 0.05).problems() == ["not connected to Discord's gateway"]
    gateway.up()
    assert await Health(gateway, fine, lambda: 0.05).problems() == []
    assert await Health(gateway, broken, lambda: 0.05).problems() == [
        "the store cannot be read: OSError: disk I/O error"
    ]
    monkeypatch.setattr(monitor, "STORE_TIMEOUT", 0.01)
    assert await Health(gateway, hung, lambda: 0.05).problems() == ["the store did not answer within 0.01 s"]
    sharded = GatewayStatus(frozenset({2, 3}))
    sharded.up(2)
    assert await Health(sharded, fine, lambda: 0.05).problems() == ["not connected to Discord's gateway (shards 3)"]
    sharded.down(2)
    sharded.up(3)
    assert await Health(sharded, fine, lambda: 0.05).problems() == ["not connected to Discord's gateway (shards 2)"]


def _count(metrics: Metrics, name: str, **labels: str) -> float:
    return metrics.registry.get_sample_value(name, labels) or 0.0


async def test_posts_are_counted_by_outcome() -> None:
    class Poster:
        limiter = "the poster's own"

        def __init__(self) -> None:
            self.failures: list[Exception] = []

        async def send(self, *args: object) -> int:
            if self.failures:
                raise self.failures.pop(0)
            return 42

    metrics = Metrics()
    inner = Poster()
    counted = CountedPoster(inner, metrics, {"send": "moment"}, PostFailed)
    assert await counted.send(1, 2, "x") == 42
    inner.failures = [PostFailed("503", transient=True), PostFailed("gone"), OSError("reset")]
    for _ in range(3):
        with pytest.raises((PostFailed, OSError)):
            await counted.send(1, 2, "x")
    assert counted.limiter == "the poster's own"  # everything else is the poster's
    assert _count(metrics, "skatebot_posts_total", kind="moment", outcome="sent") == 1
    assert _count(metrics, "skatebot_posts_total", kind="moment", outcome="retried") == 1
    assert _count(metrics, "skatebot_posts_total", kind="moment", outcome="failed") == 2


async def test_a_busy_store_is_told_to_its_observer(store: Database) -> None:
    told: list[bool] = []
    store.busy_observer = lambda: told.append(True)
    error = store.busy("another program holds the store")
    assert isinstance(error, StoreBusy) and told == [True]


@pytest.fixture
async def failing_site(tmp_path: Path) -> AsyncIterator[tuple[str, list[bool]]]:
    """The 2014 Worlds on loopback; `failing[0]` True makes every request answer 503."""
    folder = tmp_path / "site"
    shutil.copytree(wc2014(), folder)
    (folder / "SEG001.HTM").unlink()  # its first morning: the watch goes on
    failing = [False]

    @web.middleware
    async def outage(request: web.Request, handler):  # type: ignore[no-untyped-def]
        if failing[0]:
            raise web.HTTPServiceUnavailable()
        return await handler(request)

    app = web.Application(middlewares=[outage])
    app.router.add_static("/wc2014/", folder)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}/wc2014/wc2014.html", failing
    await runner.cleanup()


async def test_failed_polls_reach_the_live_services_telemetry(
    store: Database, results: ResultsService, failing_site: tuple[str, list[bool]]
) -> None:
    url, failing = failing_site
    metrics = Metrics()
    now = datetime(2014, 3, 26, 7, 30, tzinfo=UTC)
    live = LiveService(
        LiveRepository(store), results, clock=lambda: now, allow_private=True, gate=HostGate(spacing=0),
        telemetry=metrics,
    )  # fmt: skip
    await live.watch(Actor(1, 10, is_owner=True), url)
    failing[0] = True
    watch = (await live.watches())[0]
    assert not (await live.poll(watch)).reached
    assert _count(metrics, "skatebot_live_poll_failures_total") == 1
