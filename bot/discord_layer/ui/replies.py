"""The one way a reply goes out: whatever it holds is fitted into Discord's limits before it is sent.

Discord refuses a message over its limits with HTTP 400, and the user then sees "The application did not
respond" while the work (a saved source, a label) may already be done. Builders try to stay inside the
limits; this is the last line, so no input (a 6,000-character option quoted back, a 2,048-character URL, a
long list) can make a reply fail.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_layer.installs import replies_are_private
from bot.discord_layer.ui.i18n import words_for
from bot.i18n import Text
from bot.text import shorten

log = logging.getLogger(__name__)

# https://discord.com/developers/docs/resources/message#embed-object-embed-limits
CONTENT_LIMIT = 2000
EMBEDS_PER_MESSAGE = 10
TITLE_LIMIT, DESCRIPTION_LIMIT, FIELDS_LIMIT = 256, 4096, 25
FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT, FOOTER_LIMIT, AUTHOR_LIMIT = 256, 1024, 2048, 256
TOTAL_LIMIT = 6000


# One acknowledgement at a time per interaction: the late acknowledgement (bot/client.py) and a reply may both
# see "not answered yet" while the other's request is on its way, and Discord refuses the second (40060). The lock
# lives in the interaction's `extras`, discord.py's place for data of one interaction.
_ANSWERING = "skatebot.answering"


def answering(interaction: discord.Interaction) -> asyncio.Lock:
    """Held while an interaction's first acknowledgement is decided and sent."""
    lock: asyncio.Lock = interaction.extras.setdefault(_ANSWERING, asyncio.Lock())
    return lock


async def acknowledge_privately(interaction: discord.Interaction) -> bool:
    """Defers an interaction nobody has acknowledged yet ("thinking…", seen by the asker only); False when it was
    answered meanwhile."""
    async with answering(interaction):
        if interaction.response.is_done():
            return False
        await interaction.response.defer(ephemeral=True, thinking=True)
        return True


def _worded(interaction: discord.Interaction, content: str | Text) -> str:
    return words_for(interaction)(content) if isinstance(content, Text) else content


def fit_content(content: str | None) -> str | None:
    return None if content is None else shorten(content, CONTENT_LIMIT)


def _fits(embed: discord.Embed) -> bool:
    return (
        len(embed.title or "") <= TITLE_LIMIT
        and len(embed.description or "") <= DESCRIPTION_LIMIT
        and len(embed.fields) <= FIELDS_LIMIT
        and all(len(f.name or "") <= FIELD_NAME_LIMIT and len(f.value or "") <= FIELD_VALUE_LIMIT for f in embed.fields)
        and len(embed.footer.text or "") <= FOOTER_LIMIT
        and len(embed.author.name or "") <= AUTHOR_LIMIT
    )


def fit_embed(embed: discord.Embed, budget: int = TOTAL_LIMIT) -> discord.Embed:
    """`embed` itself when it fits (embeds are cached and shared, so they are never changed in place), else
    a copy cut to Discord's limits and to `budget` characters in all."""
    if _fits(embed) and len(embed) <= budget:
        return embed
    fitted = discord.Embed.from_dict(embed.to_dict())
    fitted.title = shorten(fitted.title, TITLE_LIMIT) if fitted.title else fitted.title
    if fitted.author.name:
        fitted.set_author(name=shorten(fitted.author.name, AUTHOR_LIMIT), url=fitted.author.url)
    if fitted.footer.text:
        fitted.set_footer(text=shorten(fitted.footer.text, FOOTER_LIMIT), icon_url=fitted.footer.icon_url)
    fields = [(f.name or "", f.value or "", bool(f.inline)) for f in fitted.fields][:FIELDS_LIMIT]
    fitted.clear_fields()
    for name, value, inline in fields:
        fitted.add_field(name=shorten(name, FIELD_NAME_LIMIT), value=shorten(value, FIELD_VALUE_LIMIT), inline=inline)
    if fitted.description:
        fitted.description = shorten(fitted.description, DESCRIPTION_LIMIT)
    # Still over the budget: drop fields from the end, then shorten the description, then the footer.
    while len(fitted) > budget and fitted.fields:
        fitted.remove_field(len(fitted.fields) - 1)
    if len(fitted) > budget and fitted.description:
        fitted.description = shorten(fitted.description, max(1, len(fitted.description) - (len(fitted) - budget)))
    if len(fitted) > budget and fitted.footer.text:
        fitted.set_footer(text=shorten(fitted.footer.text, max(1, len(fitted.footer.text) - (len(fitted) - budget))))
    if len(fitted) > budget and fitted.title:
        fitted.title = shorten(fitted.title, max(1, len(fitted.title) - (len(fitted) - budget)))
    return fitted


def fit_embeds(embeds: Sequence[discord.Embed]) -> list[discord.Embed]:
    """At most 10 embeds, each within its limits, all together within 6,000 characters."""
    fitted: list[discord.Embed] = []
    budget = TOTAL_LIMIT
    for embed in embeds[:EMBEDS_PER_MESSAGE]:
        if budget <= 0:
            break
        one = fit_embed(embed, budget)
        budget -= len(one)
        fitted.append(one)
    return fitted


async def respond(
    interaction: discord.Interaction,
    content: str | Text | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool = False,
) -> int | None:
    """Sends the reply: the interaction's response when it is not acknowledged yet, else a follow-up.
    A `Text` is put into the words of the person who asked. Returns the message's id (None when Discord did
    not say). Where Discord will show the reply to the asker only (a server that did not add the app, whose
    member may not use external apps there), it is sent as such."""
    ephemeral = ephemeral or replies_are_private(interaction)
    kwargs: dict[str, Any] = {"embeds": fit_embeds([embed] if embed is not None else list(embeds))}
    if content is not None:
        kwargs["content"] = fit_content(_worded(interaction, content))
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    async with answering(interaction):
        if not interaction.response.is_done():
            response = await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
            return response.message_id
    sent = await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
    return sent.id


async def edit(
    interaction: discord.Interaction,
    content: str | Text | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Replaces the message a component belongs to (a button press, a pick), fitted like `respond`."""
    kwargs: dict[str, Any] = {"view": view}
    if content is not None:
        kwargs["content"] = fit_content(_worded(interaction, content))
    if embed is not None:
        kwargs["embed"] = fit_embed(embed)
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)
