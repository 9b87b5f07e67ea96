"""The Discord side of podium predictions: sending, finding (after a crash) and editing a scored round's announcement,
and sending a round's lock post, in its server's channel (the PredictionPoster protocol of bot.services.predictions).
Nothing pings: members are named by mention with no allowed mentions."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_layer.live_poster import find_marked
from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.predictions import announcement_embed, lock_notice_embed
from bot.i18n import Words
from bot.ratelimit import RateLimiter
from bot.services.access import GuildSettingsSource
from bot.services.live.service import PostFailed
from bot.services.predictions import Announcement, LockNotice

log = logging.getLogger(__name__)

_ERRORS = (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError)


def _failed(exc: Exception, what: str) -> PostFailed:
    """A refusal as PostFailed: transient for Discord's passing trouble (5xx, 429, the network)."""
    if isinstance(exc, discord.NotFound):
        return PostFailed(f"the {what} no longer exists")
    if isinstance(exc, discord.Forbidden):
        return PostFailed("skatebot may not post there (it needs Send Messages and Embed Links)")
    if isinstance(exc, discord.HTTPException):
        return PostFailed(
            f"Discord refused it ({exc.status}: {exc.text[:100]})", transient=exc.status >= 500 or exc.status == 429
        )
    return PostFailed(f"Discord could not be reached ({type(exc).__name__})", transient=True)


class PredictionDiscordPoster:
    def __init__(self, client: discord.Client, limiter: RateLimiter, guilds: GuildSettingsSource | None = None) -> None:
        """`limiter`: the moment and live posters', so that every post together stays under Discord's global rate;
        `guilds`: where a server's chosen language is."""
        self.client = client
        self.limiter = limiter
        self.guilds = guilds

    async def _words(self, guild_id: int) -> Words:
        chosen = (await self.guilds.guild_settings(guild_id)).locale if self.guilds is not None else None
        return guild_words(self.client.get_guild(guild_id), chosen)

    async def send(self, announcement: Announcement) -> int:
        embed = announcement_embed(await self._words(announcement.guild_id), announcement)
        return await self._post(announcement.channel_id, announcement.guild_id, embed)

    async def send_lock(self, notice: LockNotice) -> int:
        """A round's lock in its server's channel: the event, when, how many picks."""
        embed = lock_notice_embed(await self._words(notice.guild_id), notice)
        return await self._post(notice.channel_id, notice.guild_id, embed)

    async def _post(self, channel_id: int, guild_id: int, embed: discord.Embed) -> int:
        channel = self.client.get_partial_messageable(channel_id, guild_id=guild_id)
        await self.limiter.acquire()
        try:
            message = await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        except _ERRORS as exc:
            raise _failed(exc, "channel") from exc
        return message.id

    async def find(self, post: Announcement | LockNotice) -> int | None:
        """The bot's announcement (or lock post) of that round among the channel's latest messages (its footer ends
        with the marker)."""
        return await find_marked(self.client, post.channel_id, post.guild_id, post.marker)

    async def edit(self, announcement: Announcement, message_id: int) -> None:
        channel = self.client.get_partial_messageable(announcement.channel_id, guild_id=announcement.guild_id)
        embed = announcement_embed(await self._words(announcement.guild_id), announcement)
        await self.limiter.acquire()
        try:
            await channel.get_partial_message(message_id).edit(
                embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )
        except _ERRORS as exc:
            raise _failed(exc, "message") from exc
