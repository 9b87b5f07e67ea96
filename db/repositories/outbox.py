"""The outbox's rows: one per post the bot makes on its own, claimed before the message is sent and completed after.
Every statement that decides who sends is one statement, so of two processes (or two tasks) only one wins it."""

from __future__ import annotations

from collections.abc import Sequence

from db.database import Database, Row
from db.models import OutboxPost, OutboxState

_COLUMNS = (
    "kind, key, guild_id, channel_id, user_id, state, version, message_id, attempts, reason, claimed_at, claimant, "
    "done_at, due_at"
)


# Claiming a post before it is sent (see `OutboxRepository.claim`), with `claim_params`: 1 row changed when claimed.
CLAIM = (
    "INSERT INTO outbox (kind, key, guild_id, channel_id, user_id, state, version, claimed_at, claimant) "
    "VALUES (:kind, :key, :guild, :channel, :user, 'claimed', :version, :at, :claimant) "
    "ON CONFLICT (kind, key) DO UPDATE SET state = 'claimed', guild_id = excluded.guild_id, "
    "channel_id = excluded.channel_id, user_id = excluded.user_id, version = excluded.version, "
    "claimed_at = excluded.claimed_at, claimant = excluded.claimant, "
    "message_id = NULL, attempts = 1, reason = NULL, done_at = NULL "
    "WHERE outbox.state IN ('failed', 'retracted') AND :again = 1"
)
# Queuing a post to be claimed and sent from `due_at` on: (kind, key, guild, channel, user, at, due at). A post queued
# before (or sent) is left as it is.
ENQUEUE = (
    "INSERT INTO outbox (kind, key, guild_id, channel_id, user_id, state, claimed_at, due_at) "
    "VALUES (?, ?, ?, ?, ?, 'due', ?, ?) ON CONFLICT (kind, key) DO NOTHING"
)
# Recording a claimed post as sent: (message id, version, at, kind, key).
COMPLETE = (
    "UPDATE outbox SET state = 'sent', message_id = ?, version = ?, reason = NULL, done_at = ? "
    "WHERE kind = ? AND key = ? AND state = 'claimed'"
)
# Giving a claimed post up for good: (reason, at, kind, key).
FAIL = "UPDATE outbox SET state = 'failed', reason = ?, done_at = ? WHERE kind = ? AND key = ? AND state = 'claimed'"
_EVER = "~"  # after every time written as text: a claim of any time


def claim_params(
    kind: str,
    key: str,
    guild_id: int | None,
    channel_id: int | None,
    user_id: int | None,
    version: int,
    at: str,
    claimant: str,
    *,
    again: bool = False,
) -> dict[str, object]:
    return {
        "kind": kind,
        "key": key,
        "guild": guild_id,
        "channel": channel_id,
        "user": user_id,
        "version": version,
        "at": at,
        "claimant": claimant,
        "again": int(again),
    }


def _post(row: Row) -> OutboxPost:
    values = {key: row[key] for key in row.keys()}
    return OutboxPost(**{**values, "state": OutboxState(values["state"])})


class OutboxRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def post(self, kind: str, key: str) -> OutboxPost | None:
        row = await self._db.fetchone(f"SELECT {_COLUMNS} FROM outbox WHERE kind = ? AND key = ?", (kind, key))
        return _post(row) if row else None

    async def posts(self, kind: str, keys: Sequence[str]) -> dict[str, OutboxPost]:
        """The kind's rows of `keys` (those there are), a few hundred keys a query."""
        found: dict[str, OutboxPost] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = await self._db.fetchall(
                f"SELECT {_COLUMNS} FROM outbox WHERE kind = ? AND key IN ({marks})", (kind, *chunk)
            )
            found.update((row["key"], _post(row)) for row in rows)
        return found

    async def claim(
        self,
        kind: str,
        key: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int | None,
        version: int,
        at: str,
        claimant: str,
        again: bool = False,
    ) -> bool:
        """Claims a post before it is sent; False when it is claimed or sent already. One that failed (or was
        retracted) is claimed again only when the kind asks (`again`: a moderator's post-now after a failed day)."""
        claimed = await self._db.execute(
            CLAIM, claim_params(kind, key, guild_id, channel_id, user_id, version, at, claimant, again=again)
        )
        return claimed == 1

    async def claim_due(
        self, kind: str, posts: Sequence[tuple[str, int]], at: str, claimant: str
    ) -> dict[str, OutboxPost]:
        """Claims queued posts of a kind, (key, the version it will show) each, in one transaction: each one still due
        (a statement a post, so of two processes claiming the same post exactly one gets it). Returns the rows won by
        key: one another process claimed first, or one settled, is left out."""
        won: dict[str, OutboxPost] = {}
        async with self._db.transaction() as tx:
            for key, version in posts:
                row = await tx.fetchone(
                    "UPDATE outbox SET state = 'claimed', version = ?, claimed_at = ?, claimant = ? "
                    f"WHERE kind = ? AND key = ? AND state = 'due' RETURNING {_COLUMNS}",
                    (version, at, claimant, kind, key),
                )
                if row is not None:
                    won[key] = _post(row)
        return won

    async def release(self, kind: str, key: str, attempts: int, reason: str, due_at: str) -> bool:
        """A passing failure of a queued post: due again at `due_at`, one attempt more counted (the next looks in the
        channel first: the failed one may have reached Discord). False when another took or settled it meanwhile."""
        released = await self._db.execute(
            "UPDATE outbox SET state = 'due', attempts = attempts + 1, reason = ?, due_at = ?, claimant = NULL "
            "WHERE kind = ? AND key = ? AND state = 'claimed' AND attempts = ?",
            (reason, due_at, kind, key, attempts),
        )
        return released == 1

    async def claimed(self, kind: str) -> list[OutboxPost]:
        """The kind's posts claimed and not settled: being sent, waiting for another attempt, or left by a crash."""
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM outbox WHERE kind = ? AND state = 'claimed' ORDER BY claimed_at, key", (kind,)
        )
        return [_post(row) for row in rows]

    async def take_over(self, kind: str, key: str, attempts: int, before: str | None, at: str, claimant: str) -> bool:
        """Takes a claim a stopped process left (claimed before `before`, the taker's start; None: whenever) as one
        more attempt, re-claimed `at` by `claimant`: of two processes settling the same claim exactly one gets it, and
        a claim made since the taker started (a live process's) is never taken."""
        taken = await self._db.execute(
            "UPDATE outbox SET attempts = attempts + 1, claimed_at = ?, claimant = ? "
            "WHERE kind = ? AND key = ? AND state = 'claimed' AND attempts = ? AND claimed_at < ?",
            (at, claimant, kind, key, attempts, before or _EVER),
        )
        return taken == 1

    async def next_attempt(self, kind: str, key: str, attempts: int, reason: str) -> bool:
        """A passing failure: the post stays claimed, one attempt more counted (the next looks in the channel
        first: the failed one may have reached Discord). False when another took or settled it meanwhile."""
        counted = await self._db.execute(
            "UPDATE outbox SET attempts = attempts + 1, reason = ? "
            "WHERE kind = ? AND key = ? AND state = 'claimed' AND attempts = ?",
            (reason, kind, key, attempts),
        )
        return counted == 1

    async def complete(self, kind: str, key: str, message_id: int, version: int, at: str) -> bool:
        """Records a claimed post as sent; False when it was not claimed (settled by another meanwhile)."""
        done = await self._db.execute(
            "UPDATE outbox SET state = 'sent', message_id = ?, version = ?, reason = NULL, done_at = ? "
            "WHERE kind = ? AND key = ? AND state = 'claimed'",
            (message_id, version, at, kind, key),
        )
        return done == 1

    async def complete_many(self, kind: str, done: Sequence[tuple[str, int, int]], at: str) -> None:
        """Records claimed posts as sent, (key, message id, version) each, in one transaction."""
        async with self._db.transaction() as tx:
            await tx.executemany(
                "UPDATE outbox SET state = 'sent', message_id = ?, version = ?, reason = NULL, done_at = ? "
                "WHERE kind = ? AND key = ? AND state = 'claimed'",
                [(message_id, version, at, kind, key) for key, message_id, version in done],
            )

    async def fail(self, kind: str, key: str, reason: str, at: str) -> bool:
        """Records a claimed post as refused for good."""
        failed = await self._db.execute(FAIL, (reason, at, kind, key))
        return failed == 1

    async def corrected(self, kind: str, key: str, version: int, at: str) -> None:
        """Records that the sent message shows `version` now (an edit Discord took)."""
        await self._db.execute(
            "UPDATE outbox SET version = ?, done_at = ? WHERE kind = ? AND key = ? AND state = 'sent'",
            (version, at, kind, key),
        )

    async def retracted(self, kind: str, key: str, at: str) -> bool:
        """Records a sent message as deleted; False when it was not a sent one."""
        done = await self._db.execute(
            "UPDATE outbox SET state = 'retracted', done_at = ? WHERE kind = ? AND key = ? AND state = 'sent'",
            (at, kind, key),
        )
        return done == 1
