"""Posting moderator actions to a server's mod-log channel, when it has one, in the server's language: the mod-log
port of the services (bot.services.modlog) on Discord, and `post` for the posters' own notices."""

from __future__ import annotations

import logging

import discord

from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.stories import badge_text
from bot.i18n import Text, t
from bot.services.access import GuildSettingsSource
from bot.services.modlog import ModLogEntry
from bot.text import shorten
from db.models import GuildSettings

log = logging.getLogger(__name__)


async def post(client: discord.Client, guilds: GuildSettingsSource, guild_id: int | None, text: Text) -> None:
    """Best effort: a missing channel or permission is logged, never an error for the moderator. The text is
    put into the server's words (the channel is the server's, whoever acted)."""
    if guild_id is None:
        return
    await _send(client, await guilds.guild_settings(guild_id), text)


class ModLogChannel:
    """The services' mod-log port (bot.services.modlog.ModLog): an entry in the catalogue's words, what people
    typed escaped as Discord reads it."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def post(self, settings: GuildSettings, entry: ModLogEntry) -> None:
        values: dict[str, str | int | Text] = {**entry.values}
        values.update((name, discord.utils.escape_markdown(value)) for name, value in entry.typed.items())
        if entry.badge is not None:
            values["badge"] = badge_text(entry.badge)
        await _send(self.client, settings, t(entry.key, user=entry.user_id, **values))


async def _send(client: discord.Client, settings: GuildSettings, text: Text) -> None:
    guild_id = settings.guild_id
    if settings.modlog_channel_id is None:
        return
    channel = client.get_channel(settings.modlog_channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("mod-log channel %s of guild %s is gone", settings.modlog_channel_id, guild_id)
        return
    words = guild_words(client.get_guild(guild_id), settings.locale)
    embed = discord.Embed(description=shorten(words(text), 4096), colour=discord.Colour.dark_grey())
    try:
        await channel.send(embed=embed)
    except discord.HTTPException as exc:
        log.warning("could not post to the mod-log of guild %s: %s", guild_id, exc)
