"""Moment-of-the-day schedules and each server's days: the story chosen, what the message shows. A day's post is
claimed in the outbox (kind 'moment', key 'guild/local date'): its row is what makes the post happen once; the
moment_posts view reads a day with it."""

from __future__ import annotations

import json
from collections.abc import Sequence

from db.database import Database, Row
from db.models import AuditRecord, MomentCandidate, MomentPost, MomentSchedule, PostState, Trigger
from db.repositories import outbox
from db.repositories.audit import write_audit

MOMENT = "moment"  # the kind of the moments' rows in the outbox (bot.services.moment_types.KIND)


def _schedule(row: Row) -> MomentSchedule:
    return MomentSchedule(
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        post_time=row["post_time"],
        timezone=row["timezone"],
        paused=bool(row["paused"]),
        allowed_labels=frozenset(json.loads(row["allowed_labels"])),
        repeat_days=row["repeat_days"],
        failing_since=row["failing_since"],
        failing_reason=row["failing_reason"],
        stock_warned_on=row["stock_warned_on"],
        updated_at=row["updated_at"],
        results_moments=bool(row["results_moments"]),
    )


# A day's record with the post's story (the outbox's row of the day is its claim), new: (guild, day, story, channel,
# trigger, at) named.
_NEW_DAY = (
    "INSERT INTO moment_days (guild_id, local_date, story_id, channel_id, trigger, recorded_at) "
    "VALUES (:guild, :day, :story, :channel, :trigger, :at) ON CONFLICT (guild_id, local_date) DO NOTHING"
)
# A moderator's post-now on a day that failed or was missed: the day's record follows the claim just won.
_DAY_AGAIN = (
    "INSERT INTO moment_days (guild_id, local_date, story_id, channel_id, trigger, recorded_at) "
    "VALUES (:guild, :day, :story, :channel, :trigger, :at) ON CONFLICT (guild_id, local_date) DO UPDATE SET "
    "story_id = excluded.story_id, channel_id = excluded.channel_id, trigger = excluded.trigger, "
    "recorded_at = excluded.recorded_at, outcome = NULL, reason = NULL, done_at = NULL, retry_at = NULL"
)


class _Lost(Exception):
    """The outbox's row of the day was claimed or sent already: the day's record is rolled back with the claim."""


def _day(guild_id: int, local_date: str, story_id: int, channel_id: int, trigger: str, at: str) -> dict[str, object]:
    return {
        "guild": guild_id,
        "day": local_date,
        "story": story_id,
        "channel": channel_id,
        "trigger": trigger,
        "at": at,
    }


def _post(row: Row) -> MomentPost:
    values = {key: row[key] for key in row.keys()}
    return MomentPost(**{**values, "state": PostState(values["state"])})


class MomentRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def db(self) -> Database:
        """The store (the moment service's outbox of its own, when it is given none, keeps its rows there)."""
        return self._db

    # --- schedules -------------------------------------------------------------------------------------
    async def schedule(self, guild_id: int) -> MomentSchedule | None:
        row = await self._db.fetchone("SELECT * FROM moment_schedules WHERE guild_id = ?", (guild_id,))
        return _schedule(row) if row else None

    async def schedules(self, *, active_only: bool = True) -> list[MomentSchedule]:
        where = "WHERE paused = 0" if active_only else ""
        return [_schedule(row) for row in await self._db.fetchall(f"SELECT * FROM moment_schedules {where}")]

    async def save_schedule(
        self, guild_id: int, channel_id: int, post_time: str, timezone: str, audit: AuditRecord
    ) -> None:
        """Creates the schedule, or moves an existing one (keeping its settings), and un-pauses it."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO moment_schedules (guild_id, channel_id, post_time, timezone, updated_by, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "post_time = excluded.post_time, timezone = excluded.timezone, paused = 0, failing_since = NULL, "
                "failing_reason = NULL, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, channel_id, post_time, timezone, audit.actor_id, audit.at),
            )
            await write_audit(tx, None, audit)

    async def update_schedule(self, guild_id: int, changes: dict[str, object], audit: AuditRecord) -> None:
        """paused, allowed_labels (a set), repeat_days or results_moments."""
        values = {
            "paused": int(bool(changes["paused"])) if "paused" in changes else None,
            "allowed_labels": json.dumps(sorted(changes["allowed_labels"])) if "allowed_labels" in changes else None,  # type: ignore[call-overload]
            "repeat_days": changes.get("repeat_days"),
            "results_moments": int(bool(changes["results_moments"])) if "results_moments" in changes else None,
        }
        assignments = ", ".join(f"{key} = :{key}" for key, value in values.items() if value is not None)
        async with self._db.transaction() as tx:
            await tx.execute(
                f"UPDATE moment_schedules SET {assignments}, updated_by = :actor, updated_at = :at "
                "WHERE guild_id = :guild",
                {
                    **{k: v for k, v in values.items() if v is not None},
                    "actor": audit.actor_id,
                    "at": audit.at,
                    "guild": guild_id,
                },
            )
            await write_audit(tx, None, audit)

    async def set_stock_warned(self, guild_id: int, local_date: str) -> None:
        await self._db.execute(
            "UPDATE moment_schedules SET stock_warned_on = ? WHERE guild_id = ?", (local_date, guild_id)
        )

    async def set_failing(self, guild_id: int, since: str | None, reason: str | None) -> None:
        await self._db.execute(
            "UPDATE moment_schedules SET failing_since = CASE WHEN CAST(? AS TEXT) IS NULL THEN NULL "
            "ELSE coalesce(failing_since, ?) END, failing_reason = ? WHERE guild_id = ?",
            (since, since, reason, guild_id),
        )

    # --- the posts -------------------------------------------------------------------------------------
    async def post(self, guild_id: int, local_date: str) -> MomentPost | None:
        row = await self._db.fetchone(
            "SELECT * FROM moment_posts WHERE guild_id = ? AND local_date = ?", (guild_id, local_date)
        )
        return _post(row) if row else None

    async def claim(
        self,
        guild_id: int,
        local_date: str,
        story_id: int,
        channel_id: int,
        trigger: str,
        at: str,
        claimant: str,
    ) -> bool:
        """Claims the day's post for the outbox `claimant` (its row of the day is the claim) and records the day's
        story with it, in one transaction; False when that server's day is already claimed or posted. A day that
        failed or was missed is claimed again only by a moderator's post-now (trigger 'manual')."""
        manual = trigger == Trigger.MANUAL
        key = f"{guild_id}/{local_date}"
        claim = outbox.claim_params(MOMENT, key, guild_id, channel_id, None, 1, at, claimant, again=manual)
        try:
            async with self._db.transaction() as tx:
                # A scheduled run claims only a day with no record at all (a day missed, or failed with nothing to
                # post, stays so); the outbox's row decides between two claimants of the same day.
                if not manual and not await tx.execute(
                    _NEW_DAY, _day(guild_id, local_date, story_id, channel_id, trigger, at)
                ):
                    return False
                if await tx.execute(outbox.CLAIM, claim) != 1:
                    raise _Lost
                if manual:
                    await tx.execute(_DAY_AGAIN, _day(guild_id, local_date, story_id, channel_id, trigger, at))
        except _Lost:
            return False
        return True

    async def set_retry(self, guild_id: int, local_date: str, retry_at: str) -> None:
        """Plans the claimed day's next attempt at `retry_at` (a passing failure; the outbox counted the attempt)."""
        await self._db.execute(
            "UPDATE moment_days SET retry_at = ? WHERE guild_id = ? AND local_date = ?",
            (retry_at, guild_id, local_date),
        )

    async def complete(
        self, guild_id: int, local_date: str, message_id: int, label: str, fact: str | None, at: str
    ) -> None:
        """The day is posted: its outbox row recorded sent, with the label (and, for a story from the results, the
        fact's digest) the message shows, in one transaction."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE moment_days SET label_shown = ?, fact_shown = ?, retry_at = NULL "
                "WHERE guild_id = ? AND local_date = ?",
                (label, fact, guild_id, local_date),
            )
            await tx.execute(outbox.COMPLETE, (message_id, 1, at, MOMENT, f"{guild_id}/{local_date}"))

    async def fail(self, guild_id: int, local_date: str, reason: str, at: str) -> None:
        """The day's claimed post is given up (refused for good, too late, its schedule gone)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE moment_days SET retry_at = NULL WHERE guild_id = ? AND local_date = ?", (guild_id, local_date)
            )
            await tx.execute(outbox.FAIL, (reason, at, MOMENT, f"{guild_id}/{local_date}"))

    async def record(self, guild_id: int, local_date: str, state: str, trigger: str, reason: str, at: str) -> bool:
        """A day that ends without a post (missed, or failed before anything was chosen). Once per day,
        except that a moderator's retry that fails again records its own reason."""
        # A day with a post claimed or sent keeps it: only a day that ended without one (or whose post failed) is
        # recorded again.
        inserted = await self._db.execute(
            "INSERT INTO moment_days (guild_id, local_date, trigger, outcome, reason, recorded_at, done_at) "
            "VALUES (:guild, :day, :trigger, :state, :reason, :at, :at) "
            "ON CONFLICT (guild_id, local_date) DO UPDATE SET outcome = excluded.outcome, trigger = excluded.trigger, "
            "reason = excluded.reason, done_at = excluded.done_at "
            "WHERE excluded.trigger = 'manual' AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.kind = :kind "
            "AND o.key = :key AND o.state IN ('claimed', 'sent') AND moment_days.outcome IS NULL)",
            {
                "guild": guild_id,
                "day": local_date,
                "state": state,
                "trigger": trigger,
                "reason": reason,
                "at": at,
                "kind": MOMENT,
                "key": f"{guild_id}/{local_date}",
            },
        )
        return inserted == 1

    async def posted_messages(self, story_id: int) -> list[MomentPost]:
        rows = await self._db.fetchall(
            "SELECT * FROM moment_posts WHERE story_id = ? AND state = 'posted' AND message_id IS NOT NULL",
            (story_id,),
        )
        return [_post(row) for row in rows]

    async def stories_to_correct(self, labels: Sequence[str]) -> list[int]:
        """Stories posted as a moment that now carry one of `labels` and a post that shows another: relabelled
        where no correction followed (by another process, the command line, while the bot ran or was down)."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT p.story_id FROM moment_posts p JOIN stories s ON s.id = p.story_id "
            "WHERE p.state = 'posted' AND p.message_id IS NOT NULL AND p.label_shown IS DISTINCT FROM s.label "
            f"AND s.label IN ({', '.join('?' for _ in labels)}) ORDER BY p.story_id",
            list(labels),
        )
        return [row[0] for row in rows]

    async def facts_to_correct(self) -> list[int]:
        """Stories from the results posted as a moment whose fact changed (a corrected result) or is gone since."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT p.story_id FROM moment_posts p JOIN stories s ON s.id = p.story_id "
            "WHERE p.state = 'posted' AND p.message_id IS NOT NULL AND p.fact_shown IS NOT NULL "
            "AND p.fact_shown IS DISTINCT FROM s.fact_digest ORDER BY p.story_id"
        )
        return [row[0] for row in rows]

    async def set_fact_shown(self, guild_id: int, local_date: str, digest: str | None) -> None:
        await self._db.execute(
            "UPDATE moment_days SET fact_shown = ? WHERE guild_id = ? AND local_date = ?",
            (digest, guild_id, local_date),
        )

    # --- stories a server keeps out of its moment --------------------------------------------------------
    async def set_hidden(self, guild_id: int, story_id: int, hidden: bool, audit: AuditRecord) -> bool:
        """Hides (or shows again) a story in the server's moment; False when it already was so."""
        async with self._db.transaction() as tx:
            if hidden:
                changed = await tx.execute(
                    "INSERT INTO moment_hidden (guild_id, story_id, hidden_by, hidden_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (guild_id, story_id, audit.actor_id, audit.at),
                )
            else:
                changed = await tx.execute(
                    "DELETE FROM moment_hidden WHERE guild_id = ? AND story_id = ?", (guild_id, story_id)
                )
            if changed:
                await write_audit(tx, story_id, audit)
        return bool(changed)

    async def set_label_shown(self, guild_id: int, local_date: str, label: str) -> None:
        await self._db.execute(
            "UPDATE moment_days SET label_shown = ? WHERE guild_id = ? AND local_date = ?",
            (label, guild_id, local_date),
        )

    async def story_changes(self) -> int:
        """A number every change to the stories changes (db/migrations/0016): what a cache of them is keyed by."""
        row = await self._db.fetchone("SELECT n FROM story_changes WHERE id = 1")
        return int(row[0]) if row else 0

    async def stories_of(self, guild_id: int | None) -> list[MomentCandidate]:
        """A server's own stories, or with None the shared library's, as candidates with their skaters (and no
        last post: that is each server's, see `posted_days`). The labels are filtered by the choice rules,
        which can then tell "no stories yet" from "no story with an allowed label"."""
        skaters = self._db.dialect.text_list("k.skater_id", "','")
        whose = "s.guild_id IS NULL" if guild_id is None else "s.guild_id = ?"
        rows = await self._db.fetchall(
            "SELECT s.id, s.label, s.moment_date, s.created_at, s.fact_key IS NOT NULL AS from_results, "
            f"(SELECT {skaters} FROM story_skaters k WHERE k.story_id = s.id) AS skaters "
            f"FROM stories s WHERE s.deleted_at IS NULL AND {whose}",
            () if guild_id is None else (guild_id,),
        )
        return [
            MomentCandidate(
                r["id"],
                r["label"],
                r["moment_date"],
                None,
                r["created_at"],
                bool(r["from_results"]),
                frozenset(int(x) for x in r["skaters"].split(",")) if r["skaters"] else frozenset(),
            )
            for r in rows
        ]

    async def posted_days(self, guild_id: int) -> dict[int, str]:
        """The last local date the server posted (or is posting) each story it ever posted."""
        rows = await self._db.fetchall(
            "SELECT story_id, max(local_date) FROM moment_posts WHERE guild_id = ? AND state IN ('posted', 'claimed') "
            "AND story_id IS NOT NULL GROUP BY story_id",
            (guild_id,),
        )
        return {row[0]: row[1] for row in rows}

    async def hidden(self, guild_id: int) -> set[int]:
        """The stories the server's moderators keep out of its moment."""
        rows = await self._db.fetchall("SELECT story_id FROM moment_hidden WHERE guild_id = ?", (guild_id,))
        return {row[0] for row in rows}
