"""Watched results sites, what was seen on them, the channels that receive it, and what each post and each direct
message is about. Each is queued in the outbox (kinds 'live' and 'dm') in the transaction that records it: the
outbox's row is its claim, its message and when it is due; the live_posts and live_messages views read the two
together."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from db.database import Database, Row
from db.models import (
    AuditRecord,
    DirectState,
    LiveItemRow,
    LivePost,
    LivePostState,
    Subscription,
    Watch,
    WatchState,
)
from db.repositories import outbox
from db.repositories.audit import write_audit

LIVE = "live"  # a channel's post in the outbox, keyed 'channel/watch/item'
DIRECT = "dm"  # a member's direct message, keyed 'member/watch/item/skater'
# A channel's post with its outbox row (as the live_posts view reads it), for the queries that need the outbox's index.
_POSTS = (
    "SELECT p.channel_id, p.watch_id, p.item_key, p.guild_id, p.role_id, "
    "CASE o.state WHEN 'sent' THEN 'posted' WHEN 'retracted' THEN 'failed' ELSE o.state END AS state, "
    "o.due_at, p.position, o.version, o.message_id, o.reason, o.done_at, "
    "CASE WHEN o.state <> 'due' THEN o.claimed_at END AS claimed_at "
    "FROM outbox o JOIN live_channel_posts p ON p.key = o.key "
)


def post_key(channel_id: int, watch_id: int, item_key: str) -> str:
    return f"{channel_id}/{watch_id}/{item_key}"


def direct_key(user_id: int, watch_id: int, item_key: str, skater_id: int) -> str:
    return f"{user_id}/{watch_id}/{item_key}/{skater_id}"


def _watch(row: Row) -> Watch:
    return Watch(
        id=row["id"],
        url=row["url"],
        name=row["name"],
        competition_key=row["competition_key"],
        timezone=row["timezone"],
        schedule=tuple(json.loads(row["schedule"])),
        state=WatchState(row["state"]),
        added_by=row["added_by"],
        added_at=row["added_at"],
        polled_at=row["polled_at"],
        next_poll_at=row["next_poll_at"],
        failures=row["failures"],
        last_error=row["last_error"],
    )


def _item(row: Row) -> LiveItemRow:
    return LiveItemRow(
        watch_id=row["watch_id"],
        item_key=row["item_key"],
        kind=row["kind"],
        discipline=row["discipline"],
        level=row["level"],
        version=row["version"],
        digest=row["digest"],
        content=json.loads(row["content"]),
        first_content=json.loads(row["first_content"]),
        seen_at=row["seen_at"],
        changed_at=row["changed_at"],
    )


def _subscription(row: Row) -> Subscription:
    return Subscription(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        watch_id=row["watch_id"],
        disciplines=frozenset(json.loads(row["disciplines"])),
        levels=frozenset(json.loads(row["levels"])),
        delay_minutes=row["delay_minutes"],
        role_id=row["role_id"],
        created_by=row["created_by"],
        created_at=row["created_at"],
    )


def _post(row: Row) -> LivePost:
    values = {key: row[key] for key in row.keys()}
    return LivePost(**{**values, "state": LivePostState(values["state"])})


class LiveRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def database(self) -> Database:
        """For the importer, which writes a polled site in its own transaction."""
        return self._db

    # --- watched sites ----------------------------------------------------------------------------------------
    async def add_watch(
        self, url: str, next_poll_at: str, audit: AuditRecord, *, timezone: str | None = None
    ) -> Watch | None:
        """The new watch, or None when the site is already watched (a stopped or ended watch is resumed).
        `timezone`: the zone the watcher gave for a schedule without an offset ("watcher:Europe/Moscow")."""
        async with self._db.transaction() as tx:
            existing = await tx.fetchone("SELECT * FROM live_watches WHERE url = ?", (url,))
            if existing is not None and existing["state"] == WatchState.WATCHING:
                return None
            if existing is not None:
                await tx.execute(
                    "UPDATE live_watches SET state = 'watching', next_poll_at = ?, failures = 0, last_error = NULL, "
                    "timezone = coalesce(?, timezone) WHERE id = ?",
                    (next_poll_at, timezone, existing["id"]),
                )
                watch_id = existing["id"]
            else:
                watch_id = await tx.insert(
                    "INSERT INTO live_watches (url, added_by, added_at, next_poll_at, timezone) VALUES (?, ?, ?, ?, ?)",
                    (url, audit.actor_id, audit.at, next_poll_at, timezone),
                )
            await write_audit(tx, None, audit)
            row = await tx.fetchone("SELECT * FROM live_watches WHERE id = ?", (watch_id,))
        assert row is not None
        return _watch(row)

    async def forget_watch(self, watch_id: int) -> bool:
        """Deletes a watch that never reached its site (no poll, nothing seen): whether it did."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "SELECT id FROM live_watches w WHERE id = ? AND polled_at IS NULL "
                "AND NOT EXISTS (SELECT 1 FROM live_items i WHERE i.watch_id = w.id)",
                (watch_id,),
            )
            if row is None:
                return False
            await tx.execute("DELETE FROM live_watches WHERE id = ?", (watch_id,))
        return True

    async def watch(self, watch_id: int) -> Watch | None:
        row = await self._db.fetchone("SELECT * FROM live_watches WHERE id = ?", (watch_id,))
        return _watch(row) if row else None

    async def watches(self, *, states: Iterable[WatchState] = tuple(WatchState)) -> list[Watch]:
        wanted = [state.value for state in states]
        rows = await self._db.fetchall(
            f"SELECT * FROM live_watches WHERE state IN ({', '.join('?' for _ in wanted)}) ORDER BY added_at DESC, id",
            wanted,
        )
        return [_watch(row) for row in rows]

    async def due_watches(self, now: str) -> list[Watch]:
        rows = await self._db.fetchall(
            "SELECT * FROM live_watches WHERE state = 'watching' AND next_poll_at <= ? ORDER BY next_poll_at", (now,)
        )
        return [_watch(row) for row in rows]

    async def set_watch_state(self, watch_id: int, state: WatchState, audit: AuditRecord | None = None) -> None:
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE live_watches SET state = ? WHERE id = ?", (state.value, watch_id))
            if audit is not None:
                await write_audit(tx, None, audit)

    async def polled(
        self,
        watch_id: int,
        *,
        at: str,
        next_poll_at: str,
        name: str | None = None,
        competition_key: str | None = None,
        timezone: str | None = None,
        schedule: Sequence[dict[str, Any]] | None = None,
    ) -> None:
        """A poll that reached the site: what it said about the competition, and when to look again."""
        await self._db.execute(
            "UPDATE live_watches SET polled_at = :at, next_poll_at = :next, failures = 0, last_error = NULL, "
            "name = coalesce(:name, name), competition_key = coalesce(:key, competition_key), "
            "timezone = coalesce(:tz, timezone), schedule = coalesce(:schedule, schedule) WHERE id = :id",
            {
                "at": at,
                "next": next_poll_at,
                "name": name,
                "key": competition_key,
                "tz": timezone,
                "schedule": json.dumps(list(schedule), ensure_ascii=False) if schedule is not None else None,
                "id": watch_id,
            },
        )

    async def poll_failed(self, watch_id: int, *, error: str, next_poll_at: str) -> None:
        await self._db.execute(
            "UPDATE live_watches SET failures = failures + 1, last_error = ?, next_poll_at = ? WHERE id = ?",
            (error, next_poll_at, watch_id),
        )

    # --- what was seen ------------------------------------------------------------------------------------------
    async def items(self, watch_id: int) -> dict[str, LiveItemRow]:
        rows = await self._db.fetchall("SELECT * FROM live_items WHERE watch_id = ?", (watch_id,))
        return {row["item_key"]: _item(row) for row in rows}

    async def item_keys(self, watch_id: int) -> set[str]:
        rows = await self._db.fetchall("SELECT item_key FROM live_items WHERE watch_id = ?", (watch_id,))
        return {row[0] for row in rows}

    async def item(self, watch_id: int, item_key: str) -> LiveItemRow | None:
        row = await self._db.fetchone(
            "SELECT * FROM live_items WHERE watch_id = ? AND item_key = ?", (watch_id, item_key)
        )
        return _item(row) if row else None

    async def record_items(
        self,
        watch_id: int,
        seen: Sequence[tuple[str, str, str, str, str, dict[str, object]]],
        posts: Sequence[tuple[int, int, str, int | None, str, int]],
        directs: Sequence[tuple[int, str, int]],
        at: str,
    ) -> None:
        """New and changed items (key, kind, discipline, level, digest, content), the posts they call for
        (channel, guild, item key, role, due at, position) and the direct messages (member, item key, skater), in one
        transaction: a crash leaves all or none. A changed item's version grows; its posted messages are
        edited by the delivery (their version is older)."""
        async with self._db.transaction() as tx:
            for key, kind, discipline, level, digest, content in seen:
                await tx.execute(
                    "INSERT INTO live_items (watch_id, item_key, kind, discipline, level, digest, content, "
                    "first_content, seen_at, changed_at) "
                    "VALUES (:watch, :key, :kind, :discipline, :level, :digest, :content, :content, :at, :at) "
                    "ON CONFLICT (watch_id, item_key) DO UPDATE SET version = live_items.version + 1, "
                    "digest = excluded.digest, content = excluded.content, changed_at = excluded.changed_at "
                    "WHERE live_items.digest != excluded.digest",
                    {
                        "watch": watch_id,
                        "key": key,
                        "kind": kind,
                        "discipline": discipline,
                        "level": level,
                        "digest": digest,
                        "content": json.dumps(content, ensure_ascii=False),
                        "at": at,
                    },
                )
            # Each post and message queued in the outbox with it (due after the channel's delay; a message at once).
            await tx.executemany(
                "INSERT INTO live_channel_posts (channel_id, watch_id, item_key, guild_id, role_id, position, key) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [
                    (channel, watch_id, key, guild, role, n, post_key(channel, watch_id, key))
                    for channel, guild, key, role, _, n in posts
                ],
            )
            await tx.executemany(
                outbox.ENQUEUE,
                [
                    (LIVE, post_key(channel, watch_id, key), guild, channel, None, at, due)
                    for channel, guild, key, _, due, _ in posts
                ],
            )
            await tx.executemany(
                "INSERT INTO live_member_messages (user_id, watch_id, item_key, skater_id, at, key) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [
                    (user, watch_id, key, skater, at, direct_key(user, watch_id, key, skater))
                    for user, key, skater in directs
                ],
            )
            await tx.executemany(
                outbox.ENQUEUE,
                [
                    (DIRECT, direct_key(user, watch_id, key, skater), None, None, user, at, at)
                    for user, key, skater in directs
                ],
            )

    # --- subscriptions ------------------------------------------------------------------------------------------
    async def subscribe(
        self,
        guild_id: int,
        channel_id: int,
        watch_id: int | None,
        disciplines: Iterable[str],
        levels: Iterable[str],
        delay_minutes: int,
        role_id: int | None,
        audit: AuditRecord,
    ) -> Subscription:
        """Creates the channel's subscription to that competition (or to all), or replaces its settings."""
        async with self._db.transaction() as tx:
            existing = await tx.fetchone(
                "SELECT id FROM live_subscriptions WHERE channel_id = ? "
                "AND coalesce(watch_id, 0) = coalesce(CAST(? AS BIGINT), 0)",
                (channel_id, watch_id),
            )
            values = (
                json.dumps(sorted(disciplines)),
                json.dumps(sorted(levels)),
                delay_minutes,
                role_id,
                audit.actor_id,
                audit.at,
            )
            if existing is None:
                subscription_id = await tx.insert(
                    "INSERT INTO live_subscriptions (disciplines, levels, delay_minutes, role_id, created_by, "
                    "created_at, guild_id, channel_id, watch_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, guild_id, channel_id, watch_id),
                )
            else:
                subscription_id = existing["id"]
                await tx.execute(
                    "UPDATE live_subscriptions SET disciplines = ?, levels = ?, delay_minutes = ?, role_id = ?, "
                    "created_by = ?, created_at = ? WHERE id = ?",
                    (*values, subscription_id),
                )
            await write_audit(tx, None, audit)
            row = await tx.fetchone("SELECT * FROM live_subscriptions WHERE id = ?", (subscription_id,))
        assert row is not None
        return _subscription(row)

    async def subscriptions(self, guild_id: int | None = None) -> list[Subscription]:
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self._db.fetchall(f"SELECT * FROM live_subscriptions {where} ORDER BY id", params)
        return [_subscription(row) for row in rows]

    async def subscriptions_for(self, watch_id: int) -> list[Subscription]:
        rows = await self._db.fetchall(
            "SELECT * FROM live_subscriptions WHERE watch_id = ? OR watch_id IS NULL ORDER BY id", (watch_id,)
        )
        return [_subscription(row) for row in rows]

    async def unsubscribe(self, subscription_id: int, audit: AuditRecord) -> None:
        """Removes the subscription and the posts it had not sent yet."""
        async with self._db.transaction() as tx:
            row = await tx.fetchone("SELECT * FROM live_subscriptions WHERE id = ?", (subscription_id,))
            if row is None:
                return
            await tx.execute("DELETE FROM live_subscriptions WHERE id = ?", (subscription_id,))
            watch_clause = "" if row["watch_id"] is None else "AND watch_id = :watch"
            # Only the posts no other subscription of the channel still wants: ending "every competition" keeps the
            # due posts of a subscription of the channel to one competition, and the other way round.
            unwanted = (
                f"FROM live_channel_posts p WHERE p.channel_id = :channel {watch_clause} "
                "AND NOT EXISTS (SELECT 1 FROM live_subscriptions s WHERE s.channel_id = :channel "
                "AND (s.watch_id IS NULL OR s.watch_id = p.watch_id))"
            )
            params = {"channel": row["channel_id"], "watch": row["watch_id"], "kind": LIVE}
            await tx.execute(
                f"DELETE FROM outbox WHERE kind = :kind AND state = 'due' AND key IN (SELECT p.key {unwanted})", params
            )
            await tx.execute(
                f"DELETE FROM live_channel_posts WHERE key IN (SELECT p.key {unwanted} AND NOT EXISTS "
                "(SELECT 1 FROM outbox o WHERE o.kind = :kind AND o.key = p.key))",
                params,
            )
            await write_audit(tx, None, audit)

    # --- posts ----------------------------------------------------------------------------------------------
    async def due_posts(self, now: str, limit: int = 1000) -> list[LivePost]:
        """Posts queued in the outbox whose delay has passed (again, after a passing failure), oldest first."""
        rows = await self._db.fetchall(
            _POSTS + "WHERE o.kind = ? AND o.state = 'due' AND o.due_at <= ? ORDER BY o.due_at, p.position LIMIT ?",
            (LIVE, now, limit),
        )
        return [_post(row) for row in rows]

    async def outdated_posts(self, limit: int = 1000) -> list[tuple[LivePost, int]]:
        """Posted messages that show an older version of their item than the store has: (post, new version)."""
        rows = await self._db.fetchall(
            "SELECT p.*, i.version AS current FROM live_posts p JOIN live_items i "
            "ON i.watch_id = p.watch_id AND i.item_key = p.item_key "
            "WHERE p.state = 'posted' AND p.message_id IS NOT NULL AND p.version < i.version LIMIT ?",
            (limit,),
        )
        posts = []
        for row in rows:
            values = {key: row[key] for key in row.keys() if key != "current"}
            posts.append((LivePost(**{**values, "state": LivePostState(values["state"])}), row["current"]))
        return posts

    async def post(self, key: str) -> LivePost | None:
        """A channel's post by the outbox's key of it."""
        row = await self._db.fetchone(_POSTS + "WHERE o.kind = ? AND o.key = ?", (LIVE, key))
        return _post(row) if row else None

    async def posts_of(self, watch_id: int) -> list[LivePost]:
        rows = await self._db.fetchall(
            "SELECT * FROM live_posts WHERE watch_id = ? ORDER BY due_at, item_key, channel_id", (watch_id,)
        )
        return [_post(row) for row in rows]

    # --- followed skaters and their direct messages ---------------------------------------------------------
    async def follow(self, user_id: int, skater_id: int, at: str, locale: str | None) -> bool:
        """Follows, or keeps following in the member's language of now; True when the follow is new."""
        async with self._db.transaction() as tx:
            kept = await tx.execute(
                "UPDATE live_follows SET locale = ? WHERE user_id = ? AND skater_id = ?", (locale, user_id, skater_id)
            )
            if kept:
                return False
            await tx.execute(
                "INSERT INTO live_follows (user_id, skater_id, created_at, locale) VALUES (?, ?, ?, ?)",
                (user_id, skater_id, at, locale),
            )
            return True

    async def unfollow(self, user_id: int, skater_id: int) -> bool:
        return (
            await self._db.execute("DELETE FROM live_follows WHERE user_id = ? AND skater_id = ?", (user_id, skater_id))
            == 1
        )

    async def followed(self, user_id: int) -> list[int]:
        rows = await self._db.fetchall(
            "SELECT skater_id FROM live_follows WHERE user_id = ? ORDER BY created_at, skater_id", (user_id,)
        )
        return [row[0] for row in rows]

    async def followers(self, skater_ids: Sequence[int]) -> list[tuple[int, int]]:
        """(user, skater) for every member following one of the skaters."""
        if not skater_ids:
            return []
        rows = await self._db.fetchall(
            f"SELECT user_id, skater_id FROM live_follows WHERE skater_id IN ({', '.join('?' for _ in skater_ids)}) "
            "ORDER BY user_id, skater_id",
            list(skater_ids),
        )
        return [(row[0], row[1]) for row in rows]

    async def skater_ids(self, keys: Sequence[str]) -> dict[str, int]:
        """The store's skaters by match key (country + normalized name)."""
        if not keys:
            return {}
        rows = await self._db.fetchall(
            f"SELECT match_key, id FROM skaters WHERE match_key IN ({', '.join('?' for _ in keys)})", list(keys)
        )
        return {row[0]: row[1] for row in rows}

    async def due_directs(self, limit: int) -> list[tuple[int, int, str, int, str | None]]:
        """(member, watch, item key, skater, the member's language when they followed) of the direct messages
        queued in the outbox and not sent yet, oldest first."""
        rows = await self._db.fetchall(
            "SELECT m.user_id, m.watch_id, m.item_key, m.skater_id, f.locale FROM outbox o "
            "JOIN live_member_messages m ON m.key = o.key "
            "LEFT JOIN live_follows f ON f.user_id = m.user_id AND f.skater_id = m.skater_id "
            "WHERE o.kind = ? AND o.state = 'due' ORDER BY o.due_at, m.at LIMIT ?",
            (DIRECT, limit),
        )
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def directs(self, watch_id: int) -> list[tuple[int, str, int, DirectState, str | None]]:
        rows = await self._db.fetchall(
            "SELECT user_id, item_key, skater_id, state, reason FROM live_messages WHERE watch_id = ? "
            "ORDER BY at, user_id",
            (watch_id,),
        )
        return [(r[0], r[1], r[2], DirectState(r[3]), r[4]) for r in rows]
