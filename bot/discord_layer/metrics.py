"""What an operator measures of a running bot, as Prometheus metrics (the official client library), each counted in
one place: interactions by the tree's error path and the command-completion event, acknowledgement latency from the
HTTP trace of discord.py's session (the interaction callback), posts by a wrapper around each poster, the live
service through its telemetry port, busy stores through the store's observer. Each bot has its own registry, so
several bots in one process (the tests) never count each other's."""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

# Discord's deadline for the first answer is 3 s: the buckets are finest where answers are and around it.
ACK_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
# Interactions waiting for their first answer, at most (the oldest are dropped: never answered).
_PENDING = 10_000


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.interactions = Counter(
            "skatebot_interactions",
            "Application commands by command and outcome: ok; refused (an expected error the asker was told, such "
            "as a name the store lacks); store_busy; error (a bug, logged with the code the asker was shown). "
            "Failures of buttons and forms count as command 'component'.",
            ["command", "outcome"],
            registry=registry,
        )
        self.ack_seconds = Histogram(
            "skatebot_interaction_ack_seconds",
            "From an interaction's arrival to Discord's acceptance of its first answer (Discord allows 3 s), by "
            "kind of interaction.",
            ["kind"],
            buckets=ACK_BUCKETS,
            registry=registry,
        )
        self.gateway_latency = Gauge(
            "skatebot_gateway_latency_seconds",
            "Discord's gateway heartbeat latency (the average of the shards this process runs); NaN before the "
            "first heartbeat.",
            registry=registry,
        )
        self.gateway_connected = Gauge(
            "skatebot_gateway_connected", "1 while every shard of this process is connected, else 0.", registry=registry
        )
        self.posts = Counter(
            "skatebot_posts",
            "What the bot posts on its own, by kind (moment, live, dm) and outcome: sent; retried (Discord's "
            "passing trouble, tried again later); failed (refused for good: a deleted channel, a missing "
            "permission, closed DMs).",
            ["kind", "outcome"],
            registry=registry,
        )
        self.live_sites = Gauge(
            "skatebot_live_sites_watched", "Results sites being watched live (read at each scrape).", registry=registry
        )
        self.live_poll_failures = Counter(
            "skatebot_live_poll_failures", "Polls of a watched site that failed (backed off and tried again).",
            registry=registry,
        )  # fmt: skip
        self.store_busy = Counter(
            "skatebot_store_busy",
            "Writes that gave up because another program held the store for too long (nothing was written).",
            registry=registry,
        )
        self._pending: OrderedDict[int, tuple[float, str]] = OrderedDict()

    def render(self) -> bytes:
        return generate_latest(self.registry)

    # --- interactions ---------------------------------------------------------------------------------------------
    def interaction(self, command: str, outcome: str) -> None:
        self.interactions.labels(command=command, outcome=outcome).inc()

    def arrived(self, interaction_id: int, kind: str) -> None:
        """An interaction came in: its acknowledgement is timed from now."""
        self._pending[interaction_id] = (time.monotonic(), kind)
        while len(self._pending) > _PENDING:
            self._pending.popitem(last=False)

    def trace_config(self) -> aiohttp.TraceConfig:
        """For discord.py's HTTP session (`http_trace`): an interaction's callback, once Discord accepted it, is its
        acknowledgement."""
        trace = aiohttp.TraceConfig()

        async def on_end(session: aiohttp.ClientSession, context: SimpleNamespace, params: Any) -> None:
            match = _CALLBACK.search(params.url.path)
            if match is None or params.response.status >= 300:
                return
            pending = self._pending.pop(int(match.group(1)), None)
            if pending is not None:
                started, kind = pending
                self.ack_seconds.labels(kind=kind).observe(time.monotonic() - started)

        trace.on_request_end.append(on_end)
        return trace

    # --- posts ----------------------------------------------------------------------------------------------------
    def post(self, kind: str, outcome: str) -> None:
        self.posts.labels(kind=kind, outcome=outcome).inc()

    # --- the live service's telemetry port ------------------------------------------------------------------------
    def poll_failed(self) -> None:
        self.live_poll_failures.inc()

    # --- the store's observer -------------------------------------------------------------------------------------
    def store_was_busy(self) -> None:
        self.store_busy.inc()


# The kind a CountedPoster counts a send under when the post says it (the outbox's: `Outgoing.kind`).
KIND_OF_POST = "(the post's kind)"


class CountedPoster:
    """A poster whose sends are counted by outcome: the same poster to the service that uses it (every other
    attribute is the wrapped poster's). `kinds` names the methods counted and the kind each sends."""

    def __init__(self, inner: Any, metrics: Metrics, kinds: dict[str, str], failure: type[Exception]) -> None:
        self._inner = inner
        self._metrics = metrics
        self._kinds = kinds
        self._failure = failure

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._inner, name)
        kind = self._kinds.get(name)
        if kind is None:
            return attribute
        return self._counted(attribute, kind)

    def _counted(self, send: Callable[..., Any], kind: str) -> Callable[..., Any]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            label = getattr(args[0], "kind", kind) if kind == KIND_OF_POST else kind
            try:
                result = await send(*args, **kwargs)
            except self._failure as exc:
                self._metrics.post(label, "retried" if getattr(exc, "transient", False) else "failed")
                raise
            except Exception:
                self._metrics.post(label, "failed")
                raise
            self._metrics.post(label, "sent")
            return result

        return counted
