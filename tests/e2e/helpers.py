"""What end-to-end tests read off the sandbox's messages, and the clock they move."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from bot.sandbox.server import InteractionResult


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


def text_of(result: InteractionResult) -> str:
    """A reply's content and embeds (titles, descriptions, fields, footers) as one text to search."""
    message = result.message
    assert message is not None, result
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)
