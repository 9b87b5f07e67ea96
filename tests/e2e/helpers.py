"""What end-to-end tests read off the sandbox's messages, and the clock they move."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.sandbox.server import InteractionResult, Message
from bot.services.live.delivering import KIND
from bot.services.live.service import LiveService


class Clock:
    """The bot's wall clock in a test (its moment scheduler runs by it), moved on by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = self.start = now

    def __call__(self) -> datetime:
        return self.now

    def set(self, text: str) -> None:
        self.now = datetime.fromisoformat(text).astimezone(UTC)

    def monotonic(self) -> float:
        """The stand-in's rate-limit clock: real time plus however far the test moved the wall clock, so a
        channel's posts a day apart never wait for its rate limit to refill, and requests in between still
        count in real time."""
        return time.monotonic() + (self.now - self.start).total_seconds()


async def until(condition: Callable[[], bool | Awaitable[bool]], every: float = 0.05) -> None:
    """Until `condition` holds, looked at every `every` seconds. No deadline of its own: how long a busy machine
    takes is not a failure, and pytest's timeout (pyproject.toml) ends a test that hangs."""
    while True:
        held = condition()
        if not isinstance(held, bool):
            held = await held
        if held:
            return
        await asyncio.sleep(every)


def text_of(result: InteractionResult) -> str:
    """A reply's content and embeds (titles, descriptions, fields, footers) as one text to search."""
    assert result.message is not None, result
    return text_of_message(result.message)


def text_of_message(message: Message) -> str:
    """A message's content and embeds as one text to search."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)


class Killed(BaseException):
    """Stands for the process dying: nothing after it runs (the live job catches Exception, not this)."""


def kill_live_delivery(live: LiveService, monkeypatch: pytest.MonkeyPatch, *, after_send: bool) -> None:
    """The bot dies in the middle of a delivery: before its first post reaches Discord, or after Discord has the
    posts and before the bot records them."""

    async def die(*args: object) -> None:
        raise Killed

    outbox = live.delivery.outbox
    record = outbox.complete_many

    async def die_recording(kind: str, done: list[tuple[str, int, int]]) -> None:
        if kind == KIND:  # the live posts' record; another kind's (a moment, a prediction) is recorded as ever
            raise Killed
        await record(kind, done)

    if after_send:
        monkeypatch.setattr(outbox, "complete_many", die_recording)
    else:
        assert live.delivery.outbox.poster is not None  # every post goes through the outbox
        monkeypatch.setattr(live.delivery.outbox.poster, "send", die)


ROOT = Path(__file__).resolve().parents[2]


async def command_line(store: Path, *args: str) -> str:
    """`skatebot ARGS` as its own process on `store`, while the bot's loop keeps running; its output. A clean
    environment: nothing of the developer's Discord settings leaks in."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD", "OWNER_"))}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env={**base, "SKATEBOT_DB": str(store)},
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 600)
    assert process.returncode == 0, err.decode()
    return out.decode()


def forge(message: Any, old: str, new: str) -> None:
    """A client that sends a button id of its own choosing: the message's component now carries `new`."""
    for component in message.iter_components():
        if component.get("custom_id") == old:
            component["custom_id"] = new
            return
    raise AssertionError(f"no component {old!r}")


def console_of(sandbox: Any, out: Any, **options: Any) -> Any:
    """The terminal sandbox's console on a running sandbox's server, guild and people, printing to `out` as plain
    text (for the tests that read what a person at the console would see)."""
    from rich.console import Console

    from bot.sandbox.console import SandboxConsole

    terminal = Console(file=out, width=200, force_terminal=False, color_system=None)
    return SandboxConsole(
        sandbox.server, sandbox.guild, sandbox.channel, sandbox.owner, sandbox.member, terminal, **options
    )
