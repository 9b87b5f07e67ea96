"""Ports through which services report what an operator measures, without knowing how it is measured (the bot's
Prometheus metrics, bot/discord_layer/metrics.py, implement them; tests and the command line leave the silent
default)."""

from __future__ import annotations

from typing import Protocol


class LiveTelemetry(Protocol):
    def poll_failed(self) -> None:
        """A poll of a watched site failed (it is backed off and tried again)."""


class _Silent:
    def poll_failed(self) -> None:
        return None


SILENT: LiveTelemetry = _Silent()
