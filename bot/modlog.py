"""Posting moderator actions to a server's mod-log channel, when it has one, in the server's language."""

from __future__ import annotations

import logging

import discord

from bot.i18n import Text
from bot.services.access import GuildSettingsSource
from bot.text import shorten
from bot.ui.i18n import guild_words

log = logging.getLogger(__name__)


async def post(client: discord.Client, guilds: GuildSettingsSource, guild_id: int | None, text: Text) -> None:
    """Best effort: a missing channel or permission is logged, never an error for the moderator. The text is
    put into the server's words (the channel is the server's, whoever acted)."""
    if guild_id is None:
        return
    settings = await guilds.guild_settings(guild_id)
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
