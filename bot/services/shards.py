"""Which servers this process serves when the bot runs as several processes, each a subset of Discord's shards.

Discord sends a server's events to one shard, `(guild_id >> 22) % shard_count`; the process that runs that shard
answers its commands, and it alone plans and sends that server's moment of the day and live posts, so the other
processes never touch them. Whatever is no server's (direct messages, reading the watched sites) belongs to the
process that runs shard 0, as Discord gives direct messages to shard 0. Without sharding one process does it all.
The exactly-once claims in the store still guard every post: two processes that both believe a server theirs for
a moment (a handover, a restart) cannot both send it.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that owns a server, by Discord's rule."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process runs: `count` None when the bot is not sharded (one process, every server);
    `ids` None when it runs every shard of `count`."""

    count: int | None = None
    ids: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if self.count is None:
            if self.ids is not None:
                raise ValueError("shard ids need a shard count")
            return
        if self.count < 1:
            raise ValueError(f"the shard count must be at least 1, got {self.count}")
        if self.ids is not None and (not self.ids or any(not 0 <= i < self.count for i in self.ids)):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}, got {sorted(self.ids)}")

    @property
    def sharded(self) -> bool:
        return self.count is not None

    def owns(self, guild_id: int) -> bool:
        """Whether this process serves the server."""
        if self.count is None or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    @property
    def lead(self) -> bool:
        """Whether this process runs shard 0, and with it what is no server's: direct messages and the polls of
        watched sites."""
        return self.count is None or self.ids is None or 0 in self.ids

    @property
    def share(self) -> float:
        """The part of all servers this process serves (1: all)."""
        if self.count is None or self.ids is None:
            return 1.0
        return len(self.ids) / self.count


EVERY_SHARD = Shards()


# Discord lets a bot start one session per rate-limit key every 5 seconds; a shard's key is its id modulo the
# bot's `max_concurrency` (GET /gateway/bot), so that many shards may IDENTIFY at once.
IDENTIFY_SPACING = 5.0


class IdentifyBuckets:
    """When each shard may IDENTIFY, by Discord's rule: shards of different keys at once, shards of one key 5 s
    apart. discord.py's own wait is 5 s before every shard but a process's first, whatever `max_concurrency`:
    a process of 16 shards allowed 16 at once would wait 75 s for what Discord allows at once."""

    def __init__(self, max_concurrency: int) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self._next: dict[int, float] = {}  # rate-limit key -> when it may identify again

    def wait_before(self, shard_id: int, now: float) -> float:
        """How long shard `shard_id` waits (from `now`, on any monotonic clock) before its IDENTIFY; books it."""
        key = shard_id % self.max_concurrency
        start = max(now, self._next.get(key, now))
        self._next[key] = start + IDENTIFY_SPACING
        return start - now
