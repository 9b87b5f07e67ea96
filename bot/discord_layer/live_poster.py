"""The Discord side of competition week, live: how the posts of subscribed channels look (`LiveView`, the outbox's
renderer of the kind 'live': the outbox sends, finds after a crash and corrects them) and the direct messages to
followers (`DirectView`, of the kind 'dm')."""

from __future__ import annotations

import discord

from bot.discord_layer.outbox_poster import Rendered
from bot.discord_layer.ui import charts
from bot.discord_layer.ui.live import direct_embed, post_content, post_embed, post_mentions
from bot.i18n import Words
from bot.render.pool import ChartRenderer
from bot.services.access import GuildSettingsSource
from bot.services.charts.build import podium_card
from bot.services.live.items import ItemKind
from bot.services.live.service import DirectMessage, PostMessage
from bot.services.outbox import Outgoing


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


class DirectView:
    """How a followed skater's score looks in a member's direct messages (the outbox's renderer of the kind 'dm'), in
    the language their Discord spoke when they followed the skater (the default for older follows)."""

    async def render(self, post: Outgoing, words: Words) -> Rendered:
        assert isinstance(post.content, DirectMessage)
        return Rendered(direct_embed(words, post.content))

    def recognises(self, post: Outgoing, footer: str) -> bool:
        return False  # a direct message is never looked for: a member is told once or not at all
