"""A server's settings (moderator role, mod-log channel, language, podium card) and its source tiers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from db.database import Database
from db.models import (
    AuditRecord,
    GuildSettings,
)
from db.repositories.audit import write_audit


class GuildRepository:
    """Per-server settings and source tiers."""

    SEED = 0  # the guild_id of the seeded tiers every server starts from

    def __init__(self, db: Database) -> None:
        self._db = db

    async def settings(self, guild_id: int) -> GuildSettings:
        # fetchall: one trip to the store's connection (a cursor's fetchone costs three), and the outbox reads a
        # server's settings (its language) as each post is sent: 5,000 of them in a fan-out.
        rows = await self._db.fetchall("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if not rows:
            return GuildSettings(guild_id)
        row = rows[0]
        return GuildSettings(
            guild_id, row["mod_role_id"], row["modlog_channel_id"], row["locale"], bool(row["podium_card"])
        )

    async def update_settings(
        self, guild_id: int, column: str, value: bool | int | str | None, audit: AuditRecord
    ) -> None:
        if column not in ("mod_role_id", "modlog_channel_id", "locale", "podium_card"):
            raise ValueError(column)
        if isinstance(value, bool):
            value = int(value)  # an on/off setting is an INTEGER column on both engines
        async with self._db.transaction() as tx:
            await tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?) ON CONFLICT DO NOTHING", (guild_id,))
            await tx.execute(f"UPDATE guild_settings SET {column} = ? WHERE guild_id = ?", (value, guild_id))
            await write_audit(tx, None, audit)

    async def tiers(self, guild_id: int | None, domains: Sequence[str]) -> dict[str, str]:
        """domain -> tier for the given domains: the server's own setting over the seed."""
        if not domains:
            return {}
        marks = ",".join("?" * len(domains))
        rows = await self._db.fetchall(
            f"SELECT domain, tier, guild_id FROM source_tiers WHERE domain IN ({marks}) AND guild_id IN (?, ?) "
            f"ORDER BY guild_id = ?",
            (*domains, self.SEED, guild_id or self.SEED, guild_id or self.SEED),
        )
        return {row["domain"]: row["tier"] for row in rows}  # the server's rows come last and win

    async def set_tier(self, guild_id: int, domain: str, tier: str, audit: AuditRecord) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO source_tiers (guild_id, domain, tier) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, domain) DO UPDATE SET tier = excluded.tier",
                (guild_id, domain, tier),
            )
            await write_audit(tx, None, audit)

    async def seed_tiers(self, tiers: Iterable[tuple[str, str]]) -> int:
        """Makes the seed match the bundled registry; returns how many rows changed."""
        async with self._db.transaction() as tx:
            changed = 0
            for domain, tier in tiers:
                changed += await tx.execute(
                    "INSERT INTO source_tiers (guild_id, domain, tier) VALUES (?, ?, ?) "
                    "ON CONFLICT (guild_id, domain) DO UPDATE SET tier = excluded.tier "
                    "WHERE source_tiers.tier != excluded.tier",
                    (self.SEED, domain, tier),
                )
        return changed
