"""`skatebot run`'s status endpoint for its operator (MONITOR_ADDRESS): `/healthz` answers 200 while the bot is
connected to Discord's gateway and its store answers, else 503 with the reason; `/metrics` is the Prometheus
exposition of `bot.discord_layer.metrics`. A container's HEALTHCHECK, a systemd watchdog script or a load balancer reads
the first, Prometheus the second."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.discord_layer.metrics import Metrics

log = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"
# A store slower than this to answer one trivial read is not healthy (the bot would miss Discord's 3 s too).
STORE_TIMEOUT = 2.0


@dataclass
class GatewayStatus:
    """Which of this process's shards are connected, from discord.py's connect, resume and disconnect events."""

    shards: frozenset[int]
    connected: set[int] = field(default_factory=set)

    def up(self, shard: int | None = None) -> None:
        self.connected.add(shard or 0)

    def down(self, shard: int | None = None) -> None:
        self.connected.discard(shard or 0)

    @property
    def missing(self) -> list[int]:
        return sorted(self.shards - self.connected)


@dataclass
class Health:
    """What /healthz checks: the gateway (`gateway`), and the store (`store_check`, one trivial read)."""

    gateway: GatewayStatus
    store_check: Callable[[], Awaitable[object]]
    latency: Callable[[], float]

    async def problems(self) -> list[str]:
        found = []
        missing = self.gateway.missing
        if missing:
            shards = "" if self.gateway.shards == {0} else f" (shards {', '.join(map(str, missing))})"
            found.append(f"not connected to Discord's gateway{shards}")
        try:
            await asyncio.wait_for(self.store_check(), STORE_TIMEOUT)
        except TimeoutError:
            found.append(f"the store did not answer within {STORE_TIMEOUT:g} s")
        except Exception as exc:
            found.append(f"the store cannot be read: {type(exc).__name__}: {str(exc)[:200]}")
        return found


class MonitorServer:
    def __init__(self, health: Health, metrics: Metrics, address: tuple[str, int]) -> None:
        self.health = health
        self.metrics = metrics
        self.address = address
        self.refreshers: list[Callable[[], Awaitable[None]]] = []  # gauges read at each scrape
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get(HEALTH_PATH, self._healthz)
        app.router.add_get(METRICS_PATH, self._metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        host, port = self.address
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("serving %s and %s on %s:%d", HEALTH_PATH, METRICS_PATH, host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, request: web.Request) -> web.Response:
        problems = await self.health.problems()
        if problems:
            return web.Response(status=503, text="unhealthy: " + "; ".join(problems) + "\n")
        return web.Response(text="ok\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        latency = self.health.latency()
        self.metrics.gateway_latency.set(latency if math.isfinite(latency) else math.nan)
        self.metrics.gateway_connected.set(0 if self.health.gateway.missing else 1)
        for refresh in self.refreshers:
            try:
                await refresh()
            except Exception:
                log.warning("a metric could not be read", exc_info=True)
        response = web.Response(body=self.metrics.render())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response
