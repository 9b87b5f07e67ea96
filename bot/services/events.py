"""Announcements one service makes and another acts on, so neither imports the other for it.

The story service announces a relabel; the moment side subscribes and corrects the posts that showed the
old label. Whoever relabels (a slash command, a button, the command line) goes through the story service,
so the announcement follows every path, not only the ones that remember to ask for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
Listener = Callable[[T], Awaitable[object]]  # what a subscriber returns is not used


class Signal(Generic[T]):
    """Subscribers of one kind of announcement. Each subscriber runs in its own task: the change announced is
    already stored, so a slow subscriber (editing posts in thousands of servers) never holds up the answer
    to whoever made the change, and a failing one is logged without undoing it or stopping the others."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._listeners: list[Listener[T]] = []
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, listener: Listener[T]) -> None:
        """Calls `listener` with every later announcement."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener[T]) -> None:
        """Stops calling `listener` (a bot that closes, so a store shared with it announces to no one)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    @property
    def subscribers(self) -> int:
        """How many subscribers there are."""
        return len(self._listeners)

    def announce(self, value: T) -> None:
        """Starts every subscriber on `value`; returns at once."""
        for listener in list(self._listeners):
            task = asyncio.create_task(self._run(listener, value), name=f"{self.name}: {listener!r}")
            self._running.add(task)  # the loop keeps only weak references to tasks
            task.add_done_callback(self._running.discard)

    async def _run(self, listener: Listener[T], value: T) -> None:
        try:
            await listener(value)
        except Exception:
            log.exception("a subscriber of %s failed", self.name)

    async def settled(self) -> None:
        """Waits until every subscriber started so far has finished (tests, a clean shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)
