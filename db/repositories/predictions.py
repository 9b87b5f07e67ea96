"""Podium predictions: servers' settings, rounds, members' picks (each change with its audit entry), the scores a
result gave them, and the announcement rows that make each round's post happen once."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from db.database import Database, Row, Transaction
from db.models import AuditRecord
from db.prediction_models import (
    PICK_SLOTS,
    Pick,
    PickParts,
    PredictionLockPost,
    PredictionPost,
    PredictionRound,
    PredictionSettings,
)
from db.repositories.stories import write_audit

# The outbox's kinds of a round's posts (keyed by round): its claim, its message, how far its send got. The rounds'
# own tables say only where each goes (and a lock's when and why); the views prediction_posts and
# prediction_lock_posts read the two together.
ANNOUNCEMENT = "prediction"
LOCK = "prediction-lock"

# A round's lock post, made once (the round id is its key): due in a channel when the server announces and the round
# holds a pick, else silent (recorded all the same, so the lock is not looked for again).
_NOTE_LOCK = (
    "INSERT INTO prediction_locks (round_id, guild_id, channel_id, silent, locked_at, why) "
    "SELECT r.id, r.guild_id, s.channel_id, CASE WHEN s.channel_id IS NOT NULL AND s.enabled = 1 AND EXISTS "
    "(SELECT 1 FROM prediction_picks p WHERE p.round_id = r.id) THEN 0 ELSE 1 END, ?, ? "
    "FROM prediction_rounds r LEFT JOIN prediction_settings s ON s.guild_id = r.guild_id "
)
# The lock posts just noted that are told (not silent) queued in the outbox, in the same transaction: (at, at, then
# the rounds' filter's values).
_QUEUE_LOCKS = (
    "INSERT INTO outbox (kind, key, guild_id, channel_id, state, claimed_at, due_at) "
    f"SELECT '{LOCK}', CAST(l.round_id AS TEXT), l.guild_id, l.channel_id, 'due', ?, ? "
    "FROM prediction_locks l JOIN prediction_rounds r ON r.id = l.round_id WHERE l.silent = 0 AND "
)
_QUEUED = " ON CONFLICT (kind, key) DO NOTHING"


def _round(row: Row) -> PredictionRound:
    return PredictionRound(**{key: row[key] for key in row.keys()})


def pick_from_row(row: Row) -> Pick:
    """A pick as the store holds it (a row with every column of prediction_picks), its scores with it once scored:
    the one place a row becomes a Pick."""
    return Pick(
        round_id=row["round_id"],
        user_id=row["user_id"],
        gold=row["gold"],
        silver=row["silver"],
        bronze=row["bronze"],
        short_winner=row["short_winner"],
        picked_at=row["picked_at"],
        points=row["points"],
        detail=tuple(json.loads(row["detail"])) if row["detail"] else (),
    )


def _post(row: Row) -> PredictionPost:
    return PredictionPost(**{key: row[key] for key in row.keys()})


def _lock_post(row: Row) -> PredictionLockPost:
    return PredictionLockPost(**{key: row[key] for key in row.keys()})


async def _claim_rounds(tx: Transaction, round_ids: Sequence[int], scoring: str, digest: str, at: str) -> set[int]:
    """The rounds of `round_ids` not scored from `digest` with `scoring` yet, marked so (their version one more):
    the ones this transaction scores."""
    marks = ", ".join("?" for _ in round_ids)
    rows = await tx.fetchall(
        "UPDATE prediction_rounds SET rescored = CASE WHEN result_digest IS NULL THEN NULL "
        "WHEN result_digest <> ? THEN 'result' ELSE 'scoring' END, result_digest = ?, scoring = ?, "
        f"version = version + 1, scored_at = ? WHERE id IN ({marks}) AND (result_digest IS NULL OR "
        "result_digest <> ? OR scoring IS NULL OR scoring <> ?) RETURNING id",
        [digest, digest, scoring, at, *round_ids, digest, scoring],
    )
    return {int(row["id"]) for row in rows}


async def _score_picks(tx: Transaction, round_ids: set[int], table: PickParts) -> None:
    """Every pick of the rounds scored in one statement: each of its four parts looked up among that slot's parts
    of the entries those picks name (read first, a few dozen), added up, their detail joined (as `Scorer.score` joins
    them). A list of parts per slot, not one of all four: PostgreSQL then hashes each (a few dozen rows) and reads
    the picks once."""
    ids = sorted(round_ids)
    marks = ", ".join("?" for _ in ids)
    named = " UNION ".join(
        f"SELECT {column} AS entry FROM prediction_picks WHERE round_id IN ({marks})" for _, column in PICK_SLOTS
    )
    keys = sorted(row["entry"] for row in await tx.fetchall(named, ids * len(PICK_SLOTS)))
    if not keys:
        return
    row_marks = ", ".join("(CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS TEXT))" for _ in keys)
    aliases = [f"part_{slot}" for slot, _ in PICK_SLOTS]
    lists = ", ".join(f"{alias} (entry, points, detail) AS (VALUES {row_marks})" for alias in aliases)
    points = " + ".join(f"{alias}.points" for alias in aliases)
    detail = " || ',' || ".join(f"{alias}.detail" for alias in aliases)
    joined = " AND ".join(
        f"{alias}.entry = prediction_picks.{column}" for alias, (_, column) in zip(aliases, PICK_SLOTS, strict=True)
    )
    parts = [value for slot, _ in PICK_SLOTS for key in keys for value in (key, *table.part(slot, key))]
    await tx.execute(
        f"WITH {lists} UPDATE prediction_picks SET points = {points}, detail = '[' || {detail} || ']' "
        f"FROM {', '.join(aliases)} WHERE prediction_picks.round_id IN ({marks}) AND {joined}",
        [*parts, *ids],
    )


class PredictionRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    # --- settings --------------------------------------------------------------------------------------------
    async def settings(self, guild_id: int) -> PredictionSettings:
        row = await self._db.fetchone("SELECT * FROM prediction_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return PredictionSettings(guild_id)
        return PredictionSettings(guild_id, row["channel_id"], bool(row["enabled"]), row["scoring"])

    async def save_settings(self, settings: PredictionSettings, audit: AuditRecord) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO prediction_settings (guild_id, channel_id, enabled, scoring) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, enabled = excluded.enabled, "
                "scoring = excluded.scoring",
                (settings.guild_id, settings.channel_id, int(settings.enabled), settings.scoring),
            )
            await write_audit(tx, None, audit)

    async def settings_of(self, guild_ids: Sequence[int]) -> dict[int, PredictionSettings]:
        """The settings of many servers at once (a final scores every server's round of the event)."""
        found: dict[int, PredictionSettings] = {}
        for start in range(0, len(guild_ids), 500):
            chunk = list(guild_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            for row in await self._db.fetchall(f"SELECT * FROM prediction_settings WHERE guild_id IN ({marks})", chunk):
                found[row["guild_id"]] = PredictionSettings(
                    row["guild_id"], row["channel_id"], bool(row["enabled"]), row["scoring"]
                )
        return {guild_id: found.get(guild_id, PredictionSettings(guild_id)) for guild_id in guild_ids}

    # --- rounds and picks ------------------------------------------------------------------------------------
    async def round(self, guild_id: int, competition_key: str, event_key: str) -> PredictionRound | None:
        row = await self._db.fetchone(
            "SELECT * FROM prediction_rounds WHERE guild_id = ? AND competition_key = ? AND event_key = ?",
            (guild_id, competition_key, event_key),
        )
        return _round(row) if row else None

    async def round_by_id(self, round_id: int) -> PredictionRound | None:
        row = await self._db.fetchone("SELECT * FROM prediction_rounds WHERE id = ?", (round_id,))
        return _round(row) if row else None

    async def rounds_by_ids(self, round_ids: Sequence[int]) -> dict[int, PredictionRound]:
        found: dict[int, PredictionRound] = {}
        for start in range(0, len(round_ids), 500):
            chunk = list(round_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            for row in await self._db.fetchall(f"SELECT * FROM prediction_rounds WHERE id IN ({marks})", chunk):
                found[int(row["id"])] = _round(row)
        return found

    async def rounds_of_event(self, competition_key: str, event_key: str) -> list[PredictionRound]:
        rows = await self._db.fetchall(
            "SELECT * FROM prediction_rounds WHERE competition_key = ? AND event_key = ? ORDER BY id",
            (competition_key, event_key),
        )
        return [_round(row) for row in rows]

    async def scored_rounds(self, guild_id: int) -> list[PredictionRound]:
        """The server's rounds scored already (a new scoring table scores them again)."""
        rows = await self._db.fetchall(
            "SELECT * FROM prediction_rounds WHERE guild_id = ? AND result_digest IS NOT NULL ORDER BY id", (guild_id,)
        )
        return [_round(row) for row in rows]

    async def round_events(self) -> list[tuple[str, str]]:
        """Every (competition, event) some server plays a round of."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT competition_key, event_key FROM prediction_rounds ORDER BY competition_key, event_key"
        )
        return [(row["competition_key"], row["event_key"]) for row in rows]

    async def save_pick(
        self, guild_id: int, competition_key: str, event_key: str, season: str, pick: Pick, audit: AuditRecord
    ) -> tuple[PredictionRound, bool]:
        """Creates the round if needed and sets the member's pick, with its audit entry; (round, whether the pick is
        new). Refused by returning the round unchanged when it was locked by a moderator meanwhile (the caller
        checks the lock again): a lock and a pick racing never leave a pick made after the lock."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO prediction_rounds (guild_id, competition_key, event_key, season) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, competition_key, event_key) DO NOTHING",
                (guild_id, competition_key, event_key, season),
            )
            row = await tx.fetchone(
                "SELECT * FROM prediction_rounds WHERE guild_id = ? AND competition_key = ? AND event_key = ?",
                (guild_id, competition_key, event_key),
            )
            assert row is not None
            found = _round(row)
            if found.locked_at is not None or found.result_digest is not None:
                return found, False
            before = await tx.fetchone(
                "SELECT gold, silver, bronze, short_winner FROM prediction_picks WHERE round_id = ? AND user_id = ?",
                (found.id, pick.user_id),
            )
            await tx.execute(
                "INSERT INTO prediction_picks (round_id, user_id, gold, silver, bronze, short_winner, picked_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (round_id, user_id) DO UPDATE SET gold = excluded.gold, "
                "silver = excluded.silver, bronze = excluded.bronze, short_winner = excluded.short_winner, "
                "picked_at = excluded.picked_at",
                (found.id, pick.user_id, pick.gold, pick.silver, pick.bronze, pick.short_winner, pick.picked_at),
            )
            was = {key: before[key] for key in before.keys()} if before else None
            trail = AuditRecord(
                audit.actor_id, audit.guild_id, audit.action, audit.at, was, {"round": found.id, **(audit.after or {})}
            )
            await write_audit(tx, None, trail)
            return found, before is None

    async def lock(self, round_id: int, audit: AuditRecord) -> bool:
        """A moderator's lock; False when it was locked already."""
        async with self._db.transaction() as tx:
            changed = await tx.execute(
                "UPDATE prediction_rounds SET locked_at = ?, locked_by = ? WHERE id = ? AND locked_at IS NULL",
                (audit.at, audit.actor_id, round_id),
            )
            if changed:
                await write_audit(tx, None, audit)
                await tx.execute(
                    _NOTE_LOCK + "WHERE r.id = ? ON CONFLICT (round_id) DO NOTHING", (audit.at, "moderator", round_id)
                )
                await tx.execute(_QUEUE_LOCKS + "r.id = ?" + _QUEUED, (audit.at, audit.at, round_id))
            return changed == 1

    async def lock_candidates(self) -> list[tuple[str, str]]:
        """Every (competition, event) with a round not scored whose lock was not told yet: the ones whose lock the
        service looks for."""
        rows = await self._db.fetchall(
            "SELECT DISTINCT r.competition_key, r.event_key FROM prediction_rounds r WHERE r.result_digest IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM prediction_locks l WHERE l.round_id = r.id) "
            "ORDER BY r.competition_key, r.event_key"
        )
        return [(row["competition_key"], row["event_key"]) for row in rows]

    async def note_locks(self, competition_key: str, event_key: str, locked_at: str | None, why: str) -> int:
        """Makes the lock post of every round of the event not scored and not told yet (due, or silent); how many."""
        now = locked_at or ""  # a lock seen under way: due at once
        async with self._db.transaction() as tx:
            noted = await tx.execute(
                _NOTE_LOCK + "WHERE r.competition_key = ? AND r.event_key = ? AND r.result_digest IS NULL "
                "ON CONFLICT (round_id) DO NOTHING",
                (locked_at, why, competition_key, event_key),
            )
            if noted:
                await tx.execute(
                    _QUEUE_LOCKS + "r.competition_key = ? AND r.event_key = ?" + _QUEUED,
                    (now, now, competition_key, event_key),
                )
        return noted

    async def create_round(self, guild_id: int, competition_key: str, event_key: str, season: str) -> PredictionRound:
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO prediction_rounds (guild_id, competition_key, event_key, season) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, competition_key, event_key) DO NOTHING",
                (guild_id, competition_key, event_key, season),
            )
        found = await self.round(guild_id, competition_key, event_key)
        assert found is not None
        return found

    async def pick(self, round_id: int, user_id: int) -> Pick | None:
        row = await self._db.fetchone(
            "SELECT * FROM prediction_picks WHERE round_id = ? AND user_id = ?", (round_id, user_id)
        )
        return pick_from_row(row) if row else None

    async def top_picks_of(self, round_ids: Sequence[int], limit: int) -> dict[int, list[Pick]]:
        """Each round's best scored picks, best first (ties by member id), `limit` a round, in one query per 500
        rounds (a fan-out's announcements are built by the group)."""
        found: dict[int, list[Pick]] = {round_id: [] for round_id in round_ids}
        for start in range(0, len(round_ids), 500):
            chunk = list(round_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            for row in await self._db.fetchall(
                "SELECT * FROM (SELECT p.*, ROW_NUMBER() OVER (PARTITION BY round_id ORDER BY coalesce(points, 0) "
                f"DESC, user_id) AS rank_in_round FROM prediction_picks p WHERE round_id IN ({marks})) ranked "
                "WHERE rank_in_round <= ? ORDER BY round_id, rank_in_round",
                [*chunk, limit],
            ):
                found[int(row["round_id"])].append(pick_from_row(row))
        return found

    async def pick_counts(self, round_ids: Sequence[int]) -> dict[int, int]:
        """How many picks each round holds (a lock post says it), in one query per 500 rounds."""
        found = dict.fromkeys(round_ids, 0)
        for start in range(0, len(round_ids), 500):
            chunk = list(round_ids[start : start + 500])
            marks = ", ".join("?" for _ in chunk)
            for row in await self._db.fetchall(
                f"SELECT round_id, COUNT(*) AS n FROM prediction_picks WHERE round_id IN ({marks}) GROUP BY round_id",
                chunk,
            ):
                found[int(row["round_id"])] = int(row["n"])
        return found

    async def member_picks(self, guild_id: int, user_id: int) -> list[tuple[PredictionRound, Pick]]:
        """A member's picks in the server, newest round first."""
        rows = await self._db.fetchall(
            "SELECT r.*, p.user_id, p.gold, p.silver, p.bronze, p.short_winner, p.picked_at, p.points, p.detail, "
            "p.round_id FROM prediction_rounds r JOIN prediction_picks p ON p.round_id = r.id "
            "WHERE r.guild_id = ? AND p.user_id = ? ORDER BY r.id DESC",
            (guild_id, user_id),
        )
        round_columns = PredictionRound.__dataclass_fields__
        return [(PredictionRound(**{key: row[key] for key in round_columns}), pick_from_row(row)) for row in rows]

    # --- scoring ---------------------------------------------------------------------------------------------
    async def score_rounds(
        self,
        scored: Sequence[tuple[PredictionRound, str, int | None]],
        tables: Mapping[str, PickParts],
        digest: str,
        at: str,
    ) -> int:
        """Records rounds' scores from the result `digest` and makes each one's announcement due (or, posted before,
        outdated: the delivery edits it), all in one transaction; `scored`: (round, scoring table, the channel to
        announce in or None); `tables`: each table's points for a part of a pick. The picks are scored by the store,
        a statement for all the picks of a table's rounds: none is read into the bot's process, which sends the
        announcements of the rounds scored before meanwhile. A round scored from this result already (by another
        process, or a run before) with this table is left as it is: the guarded update of its digest and table is the
        claim. A round scored again records why: a corrected result, or the server's new table. Returns how many
        rounds were scored."""
        by_table: dict[str, list[tuple[PredictionRound, int | None]]] = {}
        for round_, scoring, announce_in in scored:
            by_table.setdefault(scoring, []).append((round_, announce_in))
        count = 0
        async with self._db.transaction() as tx:
            for scoring, rounds in by_table.items():
                for start in range(0, len(rounds), 500):
                    chunk = rounds[start : start + 500]
                    claimed = await _claim_rounds(tx, [r.id for r, _ in chunk], scoring, digest, at)
                    if not claimed:
                        continue
                    count += len(claimed)
                    await _score_picks(tx, claimed, tables[scoring])
                    announced = [r.id for r, announce_in in chunk if announce_in is not None and r.id in claimed]
                    await tx.executemany(
                        "INSERT INTO prediction_announcements (round_id, guild_id, channel_id) "
                        "SELECT r.id, r.guild_id, CAST(? AS BIGINT) FROM prediction_rounds r "
                        "WHERE r.id = ? AND EXISTS (SELECT 1 FROM prediction_picks p WHERE p.round_id = r.id) "
                        "ON CONFLICT (round_id) DO NOTHING",
                        [(announce_in, r.id) for r, announce_in in chunk if r.id in announced],
                    )
                    # Queued in the outbox with it (a round announced before keeps its row: the delivery edits it).
                    await tx.executemany(
                        "INSERT INTO outbox (kind, key, guild_id, channel_id, state, claimed_at, due_at) "
                        f"SELECT '{ANNOUNCEMENT}', CAST(a.round_id AS TEXT), a.guild_id, a.channel_id, 'due', ?, ? "
                        "FROM prediction_announcements a WHERE a.round_id = ?" + _QUEUED,
                        [(at, at, round_id) for round_id in announced],
                    )
        return count

    # --- announcements ---------------------------------------------------------------------------------------
    async def due_posts(self, limit: int) -> list[PredictionPost]:
        """Announcements queued in the outbox and not claimed yet (again, after a passing failure), oldest first."""
        rows = await self._db.fetchall(
            "SELECT a.round_id, a.guild_id, a.channel_id, o.state, o.version, o.message_id, o.reason, "
            "o.claimed_at, o.done_at FROM outbox o JOIN prediction_announcements a ON a.round_id = "
            "CAST(o.key AS BIGINT) WHERE o.kind = ? AND o.state = 'due' ORDER BY o.due_at, a.round_id LIMIT ?",
            (ANNOUNCEMENT, limit),
        )
        return [_post(row) for row in rows]

    async def outdated_posts(self, limit: int) -> list[tuple[PredictionPost, int]]:
        """Posted announcements of rounds scored again since (a corrected result), with the round's version."""
        rows = await self._db.fetchall(
            "SELECT p.*, r.version AS round_version FROM prediction_posts p JOIN prediction_rounds r "
            "ON r.id = p.round_id WHERE p.state = 'posted' AND p.version < r.version ORDER BY p.round_id LIMIT ?",
            (limit,),
        )
        fields = PredictionPost.__dataclass_fields__
        return [(PredictionPost(**{key: row[key] for key in fields}), int(row["round_version"])) for row in rows]

    async def post(self, round_id: int) -> PredictionPost | None:
        row = await self._db.fetchone("SELECT * FROM prediction_posts WHERE round_id = ?", (round_id,))
        return _post(row) if row else None

    # --- lock posts --------------------------------------------------------------------------------------------
    async def due_lock_posts(self, limit: int) -> list[PredictionLockPost]:
        """Lock posts queued in the outbox and not claimed yet (as `due_posts`); a silent one never is queued."""
        rows = await self._db.fetchall(
            "SELECT l.round_id, l.guild_id, l.channel_id, o.state, l.locked_at, l.why, o.message_id, o.reason, "
            "o.claimed_at, o.done_at FROM outbox o JOIN prediction_locks l ON l.round_id = CAST(o.key AS BIGINT) "
            "WHERE o.kind = ? AND o.state = 'due' ORDER BY o.due_at, l.round_id LIMIT ?",
            (LOCK, limit),
        )
        return [_lock_post(row) for row in rows]

    async def lock_post(self, round_id: int) -> PredictionLockPost | None:
        row = await self._db.fetchone("SELECT * FROM prediction_lock_posts WHERE round_id = ?", (round_id,))
        return _lock_post(row) if row else None

    async def seasons(self, guild_id: int) -> list[str]:
        rows = await self._db.fetchall(
            "SELECT DISTINCT season FROM prediction_rounds WHERE guild_id = ? ORDER BY season", (guild_id,)
        )
        return [row["season"] for row in rows]

    # --- leaderboards ----------------------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int, *, competition_key: str | None = None, season: str | None = None, limit: int = 25
    ) -> list[tuple[int, int, int]]:
        """(member, points, scored picks) over the server's scored rounds of a competition or a season, best
        first (ties by member id, so the order never changes between two reads)."""
        where, params = ["r.guild_id = ?", "p.points IS NOT NULL"], [guild_id]
        if competition_key is not None:
            where.append("r.competition_key = ?")
            params.append(competition_key)  # type: ignore[arg-type]
        if season is not None:
            where.append("r.season = ?")
            params.append(season)  # type: ignore[arg-type]
        rows = await self._db.fetchall(
            "SELECT p.user_id, SUM(p.points) AS points, COUNT(*) AS rounds FROM prediction_picks p "
            f"JOIN prediction_rounds r ON r.id = p.round_id WHERE {' AND '.join(where)} "
            "GROUP BY p.user_id ORDER BY SUM(p.points) DESC, p.user_id LIMIT ?",
            [*params, limit],
        )
        return [(int(row["user_id"]), int(row["points"]), int(row["rounds"])) for row in rows]
