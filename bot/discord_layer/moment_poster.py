"""The Discord side of the moment of the day: sending, finding and correcting posts (the Poster protocol of
bot.services.moments). A post, its correction and the mod-log's notes are in the server's language; a moment about a
podium carries the podium card where the server turned it on (/config podium-card)."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_layer import modlog
from bot.discord_layer.ui import charts
from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.moments import footer_text, moment_embed, moment_view
from bot.i18n import Text, Words, catalogue, t
from bot.ratelimit import RateLimiter
from bot.render.pool import ChartRenderer
from bot.services.access import GuildSettingsSource
from bot.services.moments import MomentContent, PostFailed

log = logging.getLogger(__name__)

NEEDED = ("view_channel", "send_messages", "embed_links")
HISTORY_LOOKBACK = 50  # a restarted bot looks this far back in the channel for the post it may have made


class DiscordPoster:
    def __init__(
        self, client: discord.Client, guilds: GuildSettingsSource, rate: float, renderer: ChartRenderer | None = None
    ) -> None:
        """`renderer`: the chart worker that draws the podium card (none: no card)."""
        self.client = client
        self.guilds = guilds
        self.limiter = RateLimiter(rate)
        self.renderer = renderer

    async def _podium(self, guild_id: int, content: MomentContent, words: Words) -> discord.File | None:
        """The podium card of a moment about a podium, for a server that turned it on; None when it did not, when
        the story is about no podium, or when the worker could not draw it in time (the post then goes out as
        text, and says nothing of a card)."""
        if content.podium is None or self.renderer is None:
            return None
        if not (await self.guilds.guild_settings(guild_id)).podium_card:
            return None
        what = f"the moment of guild {guild_id} for {content.local_date}"
        return await charts.podium_file(self.renderer, content.podium, words, what)

    async def _words(self, guild_id: int) -> Words:
        """The server's language (its moderators' choice, else Discord's; the default one for a server not in the
        cache, right after a start)."""
        chosen = (await self.guilds.guild_settings(guild_id)).locale
        return guild_words(self.client.get_guild(guild_id), chosen)

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
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
        return self.client.get_partial_messageable(channel_id)

    async def send(self, guild_id: int, channel_id: int, content: MomentContent) -> int:
        """Sends the moment, paced by the global post rate; a refusal becomes PostFailed (transient for
        Discord's passing trouble)."""
        channel = self._channel(channel_id)
        words = await self._words(guild_id)
        embed, view = moment_embed(words, content), moment_view(content, words)
        card = await self._podium(guild_id, content, words)
        await self.limiter.acquire()
        try:
            if card is not None:
                try:
                    message = await channel.send(embed=charts.with_image(embed, card), file=card, view=view)
                    return message.id
                except discord.Forbidden:
                    # Refused (no Attach Files there): nothing was posted, so the moment goes out without its card.
                    log.warning("channel %s refused the podium card; posting the moment without it", channel_id)
            message = await channel.send(embed=embed, view=view)
        except discord.NotFound as exc:
            raise PostFailed(t("post-channel-gone")) from exc
        except discord.Forbidden as exc:
            raise PostFailed(t("post-forbidden")) from exc
        except discord.HTTPException as exc:
            # Discord's own trouble (5xx) and rate limits pass; anything else (400: a post Discord will never
            # take) would fail again.
            passing = exc.status >= 500 or exc.status == 429
            refused = t("post-refused", status=exc.status, detail=exc.text[:100])
            raise PostFailed(refused, transient=passing) from exc
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise PostFailed(t("post-unreachable", error=type(exc).__name__), transient=True) from exc
        return message.id

    async def find(self, channel_id: int, local_date: str, story_id: int) -> int | None:
        """The bot's post of that day and story among the channel's latest messages, if it is there (in any
        language: the server's may have changed since)."""
        wanted = {footer_text(Words(locale), local_date, story_id) for locale in catalogue().locales}
        channel = self.client.get_partial_messageable(channel_id)
        try:
            async for message in channel.history(limit=HISTORY_LOOKBACK):
                if message.author.id == getattr(self.client.user, "id", None) and any(
                    embed.footer.text in wanted for embed in message.embeds
                ):
                    return message.id
        except discord.HTTPException as exc:
            log.warning("could not read the history of channel %s: %s", channel_id, exc)
        return None

    async def edit(self, guild_id: int, channel_id: int, message_id: int, content: MomentContent) -> None:
        """Edits a posted moment (a correction) in the server's language, as it was posted; paced like the
        posts. Its podium card is drawn again from the figures as they are now, or taken off."""
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        words = await self._words(guild_id)
        embed, view = moment_embed(words, content), moment_view(content, words)
        card = await self._podium(guild_id, content, words)
        await self.limiter.acquire()
        try:
            if card is not None:
                await message.edit(embed=charts.with_image(embed, card), attachments=[card], view=view)
            else:
                # A card posted before is taken off: never left showing figures or a story the correction changed.
                await message.edit(embed=embed, attachments=[], view=view)
        except discord.HTTPException as exc:
            raise PostFailed(t("post-edit-failed", status=exc.status)) from exc

    async def notify(self, guild_id: int, text: Text) -> None:
        """Posts to the server's mod-log, if it has one, in the server's language."""
        await modlog.post(self.client, self.guilds, guild_id, t("post-notify", text=text))
