"""The mod-log port: a service says what a moderator (or a member) did in a server, and the Discord layer posts it to
the server's mod-log channel (bot/discord_layer/modlog.py), wired by the composition root (bot/services/compose.py). The
service owns the side effect (every path that changes a story or a setting logs it, not only the slash command); the
Discord layer owns how it looks (the server's language, people's words shown inert).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from bot.i18n import Text
from bot.services.access import GuildSettingsSource
from db.models import GuildSettings


@dataclass(frozen=True, slots=True)
class ModLogEntry:
    """One line of a server's mod-log: the catalogue message `key`, which names the actor as `<@{ $user }>`, with its
    values; `typed` holds the values people wrote (a title, a reason, a note), which the Discord layer shows inert;
    `badge`: a story's label, which it shows as the label's badge (the message's `$badge`)."""

    key: str
    user_id: int
    values: Mapping[str, str | int | Text] = field(default_factory=dict)
    typed: Mapping[str, str] = field(default_factory=dict)
    badge: str | None = None


class ModLog(Protocol):
    async def post(self, settings: GuildSettings, entry: ModLogEntry) -> None:
        """Posts the entry to the mod-log channel of `settings` (the service has checked the server has one). Best
        effort: a channel gone or a permission missing is logged, never an error for the moderator."""
        ...


class NoModLog:
    """Where nothing shows a mod-log (the command line, a service built by a test): the entry is dropped."""

    async def post(self, settings: GuildSettings, entry: ModLogEntry) -> None:
        return None


NO_MODLOG = NoModLog()


async def tell(modlog: ModLog, guilds: GuildSettingsSource, guild_id: int | None, entry: ModLogEntry) -> None:
    """Posts `entry` to the mod-log of server `guild_id` when it has one (nothing for an action outside a server)."""
    if guild_id is None:
        return
    settings = await guilds.guild_settings(guild_id)
    if settings.modlog_channel_id is not None:
        await modlog.post(settings, entry)
