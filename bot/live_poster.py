"""The Discord side of competition week, live: sending, finding and correcting the posts of subscribed channels,
and the direct messages to followers (the LivePoster protocol of bot.services.live.service)."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.i18n import Words
from bot.ratelimit import RateLimiter
from bot.services.access import GuildSettingsSource
from bot.services.live.service import DirectClosed, DirectMessage, PostFailed, PostMessage
from bot.ui.i18n import guild_words
from bot.ui.live import as_snowflake, direct_embed, post_content, post_embed, post_mentions

log = logging.getLogger(__name__)

HISTORY_LOOKBACK = 50  # a restarted bot looks this far back in the channel for the post it may have made
CANNOT_MESSAGE_USER = 50007  # Discord's code for a member whose privacy settings refuse the bot's DMs


def _failed(exc: Exception, what: str) -> PostFailed:
    """A refusal as PostFailed: transient for Discord's passing trouble (5xx, 429, the network)."""
    if isinstance(exc, discord.NotFound):
        return PostFailed(f"the {what} no longer exists")
    if isinstance(exc, discord.Forbidden):
        return PostFailed("skatebot may not post there (it needs Send Messages and Embed Links)")
    if isinstance(exc, discord.HTTPException):
        passing = exc.status >= 500 or exc.status == 429
        return PostFailed(f"Discord refused it ({exc.status}: {exc.text[:100]})", transient=passing)
    return PostFailed(f"Discord could not be reached ({type(exc).__name__})", transient=True)


class LiveDiscordPoster:
    def __init__(
        self,
        client: discord.Client,
        rate: float,
        *,
        limiter: RateLimiter | None = None,
        guilds: GuildSettingsSource | None = None,
    ) -> None:
        """`limiter`: shared with the moment poster, so that both together stay under Discord's global rate;
        `guilds`: where a server's chosen language is (else Discord's preferred language of the server)."""
        self.client = client
        self.limiter = limiter or RateLimiter(rate)
        self.guilds = guilds

    async def _words(self, guild_id: int) -> Words:
        """A channel's posts are in its server's language."""
        chosen = (await self.guilds.guild_settings(guild_id)).locale if self.guilds is not None else None
        return guild_words(self.client.get_guild(guild_id), chosen)

    async def send(self, post: PostMessage) -> int:
        """Posts an item to a subscribed channel, paced by the global post rate; pings the subscription's role
        and nobody else."""
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        embed = post_embed(await self._words(post.guild_id), post)
        await self.limiter.acquire()
        try:
            message = await channel.send(content=post_content(post), embed=embed, allowed_mentions=post_mentions(post))
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise _failed(exc, "channel") from exc
        return message.id

    async def find(self, post: PostMessage) -> int | None:
        """The bot's post of that item among the channel's latest messages (its footer ends with the marker)."""
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        me = getattr(self.client.user, "id", None)
        try:
            async for message in channel.history(limit=HISTORY_LOOKBACK):
                if message.author.id == me and any(
                    (embed.footer.text or "").endswith(post.marker) for embed in message.embeds
                ):
                    return message.id
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as exc:
            log.warning("could not read the history of channel %s: %s", post.channel_id, exc)
        return None

    async def edit(self, post: PostMessage, message_id: int) -> None:
        """Shows a corrected item in the message posted before, paced like the posts."""
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        embed = post_embed(await self._words(post.guild_id), post)
        await self.limiter.acquire()
        try:
            await channel.get_partial_message(message_id).edit(embed=embed, allowed_mentions=post_mentions(post))
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise _failed(exc, "message") from exc

    async def direct(self, message: DirectMessage) -> None:
        """A followed skater's score to one member. A member who takes no direct messages from the bot
        (Discord's 50007, or any 403) is DirectClosed: never tried again."""
        # A bot cannot read a member's client language outside an interaction: a direct message is in the
        # language their Discord spoke when they followed the skater (the default for older follows).
        embed = direct_embed(guild_words(None, message.locale), message)
        await self.limiter.acquire()
        try:
            channel = await self.client.create_dm(as_snowflake(message.user_id))
            await channel.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            if exc.code == CANNOT_MESSAGE_USER or exc.status == 403:
                raise DirectClosed from exc
            raise _failed(exc, "member") from exc
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise _failed(exc, "member") from exc
