"""The Discord side of competition week, live: sending, finding and correcting the posts of subscribed channels,
and the direct messages to followers (the LivePoster protocol of bot.services.live.service)."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_layer.ui import charts
from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.live import as_snowflake, direct_embed, post_content, post_embed, post_mentions
from bot.i18n import Words
from bot.ratelimit import RateLimiter
from bot.render.pool import ChartRenderer
from bot.services.access import GuildSettingsSource
from bot.services.charts.build import podium_card
from bot.services.live.items import ItemKind
from bot.services.live.service import DirectClosed, DirectMessage, PostFailed, PostMessage

log = logging.getLogger(__name__)

HISTORY_LOOKBACK = 50  # a restarted bot looks this far back in the channel for the post it may have made


async def find_marked(client: discord.Client, channel_id: int, guild_id: int, marker: str) -> int | None:
    """The bot's own message among the channel's latest whose embed footer ends with `marker` (a post or an
    announcement it may have sent before a crash), if it is there; a channel it cannot read is logged, and None."""
    channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
    me = getattr(client.user, "id", None)
    try:
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if message.author.id == me and any((embed.footer.text or "").endswith(marker) for embed in message.embeds):
                return message.id
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as exc:
        log.warning("could not read the history of channel %s: %s", channel_id, exc)
    return None


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
        renderer: ChartRenderer | None = None,
    ) -> None:
        """`limiter`: shared with the moment poster, so that both together stay under Discord's global rate;
        `guilds`: where a server's chosen language is (else Discord's preferred language of the server) and whether
        it wants the podium card; `renderer`: the chart worker that draws it (none: no card)."""
        self.client = client
        self.limiter = limiter or RateLimiter(rate)
        self.guilds = guilds
        self.renderer = renderer

    async def _words(self, guild_id: int) -> Words:
        """A channel's posts are in its server's language."""
        chosen = (await self.guilds.guild_settings(guild_id)).locale if self.guilds is not None else None
        return guild_words(self.client.get_guild(guild_id), chosen)

    async def _podium(self, post: PostMessage, words: Words) -> discord.File | None:
        """The podium card of a final result, for a server that turned it on (/config podium-card); None when it
        did not, when the result has no podium to draw, or when the worker could not draw it: the post then goes
        out without the card, never later and never twice."""
        if post.kind is not ItemKind.FINAL or self.renderer is None or self.guilds is None:
            return None
        if not (await self.guilds.guild_settings(post.guild_id)).podium_card:
            return None
        answer = podium_card(post.content, post.competition)
        if answer is None:
            return None
        return await charts.podium_file(self.renderer, answer, words, post.marker)

    async def send(self, post: PostMessage) -> int:
        """Posts an item to a subscribed channel, paced by the global post rate; pings the subscription's role
        and nobody else. A final result carries the podium card where the server turned it on."""
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        words = await self._words(post.guild_id)
        embed = post_embed(words, post)
        card = await self._podium(post, words)
        await self.limiter.acquire()
        try:
            if card is not None:
                try:
                    message = await channel.send(
                        content=post_content(post),
                        embed=charts.with_image(embed, card),
                        file=card,
                        allowed_mentions=post_mentions(post),
                    )
                    return message.id
                except discord.Forbidden:
                    # Refused (no Attach Files there): nothing was posted, so the result goes out without its card.
                    log.warning("channel %s refused the podium card; posting without it", post.channel_id)
            message = await channel.send(content=post_content(post), embed=embed, allowed_mentions=post_mentions(post))
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise _failed(exc, "channel") from exc
        return message.id

    async def find(self, post: PostMessage) -> int | None:
        """The bot's post of that item among the channel's latest messages (its footer ends with the marker)."""
        return await find_marked(self.client, post.channel_id, post.guild_id, post.marker)

    async def edit(self, post: PostMessage, message_id: int) -> None:
        """Shows a corrected item in the message posted before, paced like the posts. A corrected final result's
        card is drawn again from the corrected figures (or taken off: a card is never left showing the old ones)."""
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        words = await self._words(post.guild_id)
        embed = post_embed(words, post)
        card = await self._podium(post, words)
        await self.limiter.acquire()
        try:
            message = channel.get_partial_message(message_id)
            if card is not None:
                await message.edit(
                    embed=charts.with_image(embed, card), attachments=[card], allowed_mentions=post_mentions(post)
                )
            elif post.kind is ItemKind.FINAL:
                await message.edit(embed=embed, attachments=[], allowed_mentions=post_mentions(post))
            else:
                await message.edit(embed=embed, allowed_mentions=post_mentions(post))
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
