"""The Discord side of competition week, live: how the posts of subscribed channels look (`LiveView`, the outbox's
renderer of the kind 'live': the outbox sends, finds after a crash and corrects them) and the direct messages to
followers (the LivePoster protocol of bot.services.live.service)."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_layer.outbox_poster import Rendered
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
from bot.services.outbox import Outgoing

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


class LiveView:
    """How a live post looks (the outbox's renderer of the kind 'live'): the item in its server's language, the
    subscription's role pinged and nobody else, a final result with the podium card where the server turned it on."""

    def __init__(self, guilds: GuildSettingsSource | None = None, renderer: ChartRenderer | None = None) -> None:
        """`guilds`: whether a server wants the podium card; `renderer`: the chart worker that draws it (none: no
        card)."""
        self.guilds = guilds
        self.renderer = renderer

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

    async def render(self, post: Outgoing, words: Words) -> Rendered:
        """The item (or its correction: a corrected final result's card is drawn again from the corrected figures,
        or taken off, never left showing the old ones)."""
        message = post.content
        assert isinstance(message, PostMessage)
        return Rendered(
            post_embed(words, message),
            content=post_content(message),
            card=await self._podium(message, words),
            mentions=post_mentions(message),
            takes_card_off=message.kind is ItemKind.FINAL,
        )

    def recognises(self, post: Outgoing, footer: str) -> bool:
        """The bot's post of that item: its footer ends with the marker."""
        return footer.endswith(post.marker)


class LiveDiscordPoster:
    """The direct messages to followers (the LivePoster port); the channels' posts go through the outbox."""

    def __init__(self, client: discord.Client, limiter: RateLimiter) -> None:
        """`limiter`: the outbox's, so that every message together stays under Discord's global rate."""
        self.client = client
        self.limiter = limiter

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
