"""Autocomplete callbacks shared by the cogs. They never raise: Discord would show an empty list
and the error would be lost, so a failure is logged and answered with no choices."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord import app_commands

from bot.discord_layer.installs import guild_scope
from bot.discord_layer.ui.i18n import language_name, words_for
from bot.discord_layer.ui.stories import story_text
from bot.i18n import Words
from bot.services.access import Actor
from bot.services.results import Choice, ResultsService
from bot.services.stories import STORY_LANGUAGES
from bot.text import shorten

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]
NAME_LIMIT = 100  # Discord's limit on a choice's name


def _named(choice: Choice, words: Words, *, skater: bool = False) -> app_commands.Choice[str]:
    """A choice whose name is a message is put into the words of the person typing; a skater is named as their
    language writes the name where a source gives it, the store's spelling beside it: "坂本花織 (Kaori Sakamoto)"."""
    name = choice.name if isinstance(choice.name, str) else shorten(words(choice.name), NAME_LIMIT)
    if skater and (local := words.name(name)) != name:
        name = shorten(f"{local} ({name})", NAME_LIMIT)
    return app_commands.Choice(name=name, value=choice.value)


def _safe(interaction: discord.Interaction, produce: Callable[[], list[Choice]], *, skater: bool = False) -> Choices:
    try:
        words = words_for(interaction)
        return [_named(c, words, skater=skater) for c in produce()[:25]]
    except Exception:
        log.exception("autocomplete failed")
        return []


def _service(interaction: discord.Interaction) -> ResultsService:
    return interaction.client.results  # type: ignore[attr-defined]


def _option(interaction: discord.Interaction, name: str) -> str:
    return str(getattr(interaction.namespace, name, None) or "")


async def competitions(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(interaction, lambda: _service(interaction).competition_choices(current))


async def events(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(interaction, lambda: _service(interaction).event_choices(_option(interaction, "competition"), current))


async def segments(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(
        interaction,
        lambda: _service(interaction).segment_choices(
            _option(interaction, "competition"), _option(interaction, "event"), current
        ),
    )


async def skaters(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(interaction, lambda: _service(interaction).skater_choices(current), skater=True)


async def protocol_segments(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(
        interaction,
        lambda: _service(interaction).protocol_segment_choices(
            _option(interaction, "athlete"), _option(interaction, "competition"), current
        ),
    )


async def aliases(interaction: discord.Interaction, current: str) -> Choices:
    return _safe(interaction, lambda: _service(interaction).alias_choices(_option(interaction, "skater"), current))


async def stories(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Stories the member may see, by #id or words of their text, titled in the member's words."""
    try:
        actor = Actor(interaction.user.id, guild_scope(interaction))  # visibility only: no rights needed
        found = await interaction.client.stories.suggest(actor, current.lstrip("#"))  # type: ignore[attr-defined]
        words = words_for(interaction)
        return [
            app_commands.Choice(name=shorten(f"#{s.id} · {story_text(s, words)[0]}", NAME_LIMIT), value=s.id)
            for s in found[:25]
        ]
    except Exception:
        log.exception("story autocomplete failed")
        return []


async def languages(interaction: discord.Interaction, current: str) -> Choices:
    """Languages a story may be tagged with, by name in the member's language ("Japanese", "日本語"), as their tags;
    what the member typed is offered as typed too (any language tag is accepted)."""
    try:
        words = words_for(interaction)
        typed = current.strip().casefold()
        named = [(language_name(tag, words), tag) for tag in STORY_LANGUAGES]
        found = [
            app_commands.Choice(name=f"{name} ({tag})", value=tag)
            for name, tag in named
            if typed in f"{name} {tag}".casefold()
        ]
        if typed and typed not in STORY_LANGUAGES:
            found.append(
                app_commands.Choice(
                    name=shorten(current.strip(), NAME_LIMIT), value=shorten(current.strip(), NAME_LIMIT)
                )
            )
        return found[:25]
    except Exception:
        log.exception("language autocomplete failed")
        return []
