"""The Discord side of the outbox (bot/services/outbox/): sends, edits, deletes and finds after a crash the posts the
bot makes on its own, whatever their kind. Each kind gives its renderer (`KindView`: the post's embed, view, card and
mentions in a language), so what a post shows stays with its kind, and how it reaches Discord, and what a refusal
means, is written once here."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

import aiohttp
import discord

from bot.discord_layer.ui import charts
from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.live import as_snowflake
from bot.i18n import Words, t
from bot.ratelimit import RateLimiter
from bot.services.outbox import DirectClosed, Outgoing, PostFailed
from db.models import OutboxPost

log = logging.getLogger(__name__)

HISTORY_LOOKBACK = 50  # a restarted bot looks this far back in the channel for the post it may have made
NEEDED = ("view_channel", "send_messages", "embed_links")
CANNOT_MESSAGE_USER = 50007  # Discord's code for a member whose privacy settings refuse the bot's DMs
_UNREACHABLE = (aiohttp.ClientError, TimeoutError, OSError)


@dataclass(slots=True)
class Rendered:
    """A post as Discord takes it."""

    embed: discord.Embed
    content: str | None = None
    view: discord.ui.View | None = None
    card: discord.File | None = None  # an image shown in the embed (the podium card); a channel refusing files: none
    mentions: discord.AllowedMentions = field(default_factory=discord.AllowedMentions.none)
    takes_card_off: bool = False  # an edit without a card removes one posted before (never left showing old figures)


class KindView(Protocol):
    """How one kind of post looks on Discord."""

    async def render(self, post: Outgoing, words: Words) -> Rendered:
        """The post in `words`."""
        ...

    def recognises(self, post: Outgoing, footer: str) -> bool:
        """Whether a message of the bot's whose embed footer is `footer` is this post (in any language)."""
        ...


class OutboxDiscordPoster:
    def __init__(self, client: discord.Client, kinds: Mapping[str, KindView], limiter: RateLimiter) -> None:
        """`limiter`: the outbox's; a slot is taken right before each request, once the post is rendered."""
        self.client = client
        self.kinds = dict(kinds)
        self.limiter = limiter

    def _words(self, post: Outgoing) -> Words:
        """The post's language: its server's as the outbox read it from the store (else Discord's preferred
        language of the server); a direct message's, its member's."""
        guild = self.client.get_guild(post.guild_id) if post.guild_id is not None else None
        return guild_words(guild, post.locale)

    def _channel(self, post: Outgoing) -> discord.abc.Messageable:
        assert post.channel_id is not None
        channel = self.client.get_channel(post.channel_id)
        if isinstance(channel, discord.abc.GuildChannel) and isinstance(channel, discord.abc.Messageable):
            me = channel.guild.me
            if me is not None:
                permissions = channel.permissions_for(me)
                missing = [name for name in NEEDED if not getattr(permissions, name)]
                if missing:
                    names = tuple(t("post-permission-" + name.replace("_", "-")) for name in missing)
                    raise PostFailed(t("post-missing-permissions", permissions=names, channel=channel.name))
            return channel
        # Not in the cache: right after a start, or a deleted channel (Discord then answers 404).
        return self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)

    async def send(self, post: Outgoing) -> int:
        """Sends the post to its channel (or its member); a refusal is PostFailed (transient for Discord's passing
        trouble), a member who takes no direct messages DirectClosed."""
        rendered = await self.kinds[post.kind].render(post, self._words(post))
        try:
            if post.channel_id is None:
                return await self._direct(post, rendered)
            channel = self._channel(post)
            await self.limiter.acquire()
            if rendered.card is not None:
                try:
                    message = await channel.send(
                        content=rendered.content,
                        embed=charts.with_image(rendered.embed, rendered.card),
                        file=rendered.card,
                        view=rendered.view or discord.utils.MISSING,
                        allowed_mentions=rendered.mentions,
                    )
                    return message.id
                except discord.Forbidden:
                    # Refused (no Attach Files there): nothing was posted, so the post goes out without its card.
                    log.warning("channel %s refused the podium card; posting without it", post.channel_id)
            message = await channel.send(
                content=rendered.content,
                embed=rendered.embed,
                view=rendered.view or discord.utils.MISSING,
                allowed_mentions=rendered.mentions,
            )
        except (discord.HTTPException, *_UNREACHABLE) as exc:
            raise _failed(exc) from exc
        return message.id

    async def _direct(self, post: Outgoing, rendered: Rendered) -> int:
        assert post.user_id is not None
        await self.limiter.acquire()
        try:
            channel = await self.client.create_dm(as_snowflake(post.user_id))
            message = await channel.send(embed=rendered.embed, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            if exc.code == CANNOT_MESSAGE_USER or exc.status == 403:
                raise DirectClosed from exc
            raise _failed(exc) from exc
        return message.id

    async def edit(self, post: Outgoing, message_id: int) -> None:
        """Shows the post as it is now in the message sent before; a card is drawn again or taken off."""
        assert post.channel_id is not None
        rendered = await self.kinds[post.kind].render(post, self._words(post))
        message = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id).get_partial_message(
            message_id
        )
        view = rendered.view or discord.utils.MISSING
        await self.limiter.acquire()
        try:
            if rendered.card is not None:
                embed = charts.with_image(rendered.embed, rendered.card)
                await message.edit(
                    embed=embed, attachments=[rendered.card], allowed_mentions=rendered.mentions, view=view
                )
            elif rendered.takes_card_off:
                await message.edit(embed=rendered.embed, attachments=[], allowed_mentions=rendered.mentions, view=view)
            else:
                await message.edit(embed=rendered.embed, allowed_mentions=rendered.mentions, view=view)
        except (discord.HTTPException, *_UNREACHABLE) as exc:
            status = exc.status if isinstance(exc, discord.HTTPException) else 0
            raise PostFailed(t("post-edit-failed", status=status), transient=_passing(exc)) from exc

    async def delete(self, post: OutboxPost) -> None:
        """Deletes a sent message; one already gone counts as deleted."""
        assert post.channel_id is not None and post.message_id is not None
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        await self.limiter.acquire()
        try:
            await channel.get_partial_message(post.message_id).delete()
        except discord.NotFound:
            return
        except (discord.HTTPException, *_UNREACHABLE) as exc:
            raise _failed(exc) from exc

    async def find(self, post: Outgoing) -> int | None:
        """The bot's message of the post among its channel's latest, if it is there (a channel it cannot read is
        logged, and None)."""
        if post.channel_id is None:
            return None  # a direct message is never sent twice: it is not looked for
        return await find_message(
            self.client, post.channel_id, post.guild_id, lambda footer: self.kinds[post.kind].recognises(post, footer)
        )


async def find_message(
    client: discord.Client, channel_id: int, guild_id: int | None, matches: Callable[[str], bool]
) -> int | None:
    """The bot's own message among the channel's latest whose embed footer `matches`."""
    channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
    me = getattr(client.user, "id", None)
    try:
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if message.author.id == me and any(matches(embed.footer.text or "") for embed in message.embeds):
                return message.id
    except (discord.HTTPException, *_UNREACHABLE) as exc:
        log.warning("could not read the history of channel %s: %s", channel_id, exc)
    return None


def _passing(exc: BaseException) -> bool:
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return True


def _failed(exc: BaseException) -> PostFailed:
    """A refusal as PostFailed: transient for Discord's passing trouble (5xx, 429, the network); anything else (400:
    a post Discord will never take) would fail again."""
    if isinstance(exc, discord.NotFound):
        return PostFailed(t("post-channel-gone"))
    if isinstance(exc, discord.Forbidden):
        return PostFailed(t("post-forbidden"))
    if isinstance(exc, discord.HTTPException):
        return PostFailed(t("post-refused", status=exc.status, detail=exc.text[:100]), transient=_passing(exc))
    return PostFailed(t("post-unreachable", error=type(exc).__name__), transient=True)
