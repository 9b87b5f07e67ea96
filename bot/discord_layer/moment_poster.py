"""The moment of the day on Discord: how a post looks (`MomentView`, the outbox's renderer of the kind 'moment': the
post and its correction in the server's language, the podium card where the server turned it on) and the notes to
the server's mod-log (`MomentNotices`, the moment service's Poster port). Sending, finding after a crash and editing
are the outbox's (bot/discord_layer/outbox_poster.py)."""

from __future__ import annotations

import discord

from bot.discord_layer import modlog
from bot.discord_layer.outbox_poster import Rendered
from bot.discord_layer.ui import charts
from bot.discord_layer.ui.moments import footer_text, moment_embed, moment_view
from bot.i18n import Text, Words, catalogue, t
from bot.render.pool import ChartRenderer
from bot.services.access import GuildSettingsSource
from bot.services.moments import MomentContent
from bot.services.outbox import Outgoing


class MomentView:
    def __init__(self, guilds: GuildSettingsSource, renderer: ChartRenderer | None = None) -> None:
        """`renderer`: the chart worker that draws the podium card (none: no card)."""
        self.guilds = guilds
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

    async def render(self, post: Outgoing, words: Words) -> Rendered:
        """The moment (or its correction); an edit draws its podium card again from the figures as they are now,
        or takes it off."""
        content = post.content
        assert isinstance(content, MomentContent) and post.guild_id is not None
        card = await self._podium(post.guild_id, content, words)
        return Rendered(moment_embed(words, content), view=moment_view(content, words), card=card, takes_card_off=True)

    def recognises(self, post: Outgoing, footer: str) -> bool:
        """The bot's post of that day and story, in any language (the server's may have changed since)."""
        content = post.content
        assert isinstance(content, MomentContent)
        story_id = content.view.story.id
        return footer in {footer_text(Words(locale), content.local_date, story_id) for locale in catalogue().locales}


class MomentNotices:
    """What the moment service tells a server's moderators, in the server's language, best effort."""

    def __init__(self, client: discord.Client, guilds: GuildSettingsSource) -> None:
        self.client = client
        self.guilds = guilds

    async def notify(self, guild_id: int, text: Text) -> None:
        """Posts to the server's mod-log, if it has one, in the server's language."""
        await modlog.post(self.client, self.guilds, guild_id, t("post-notify", text=text))
