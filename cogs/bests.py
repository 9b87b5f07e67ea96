"""/bests and /records: the best scores in skatebot's store, per scoring era and level."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.installs import anywhere
from bot.discord_layer.ui import bests as pages
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.paging import Paginator
from bot.services.results.bests import DISCIPLINES, KINDS, LEVELS, TOTAL
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


def _dashed(code: str) -> str:
    return code.replace("_", "-")


DISCIPLINE_CHOICES = [
    app_commands.Choice(name=command_text("choice-discipline-" + _dashed(key)), value=key) for key in DISCIPLINES
]
SEGMENT_CHOICES = [
    app_commands.Choice(name=command_text("choice-bests-segment-" + _dashed(kind)), value=kind)
    for kind in (TOTAL, *dict.fromkeys(kind for kinds in KINDS.values() for kind in kinds))
]
LEVEL_CHOICES = [app_commands.Choice(name=command_text("choice-bests-level-" + key), value=key) for key in LEVELS]


async def seasons(interaction: discord.Interaction, current: str) -> _autocomplete.Choices:
    return _autocomplete._safe(interaction, lambda: _autocomplete._service(interaction).season_choices(current))


class Bests(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results

    @anywhere
    @app_commands.command(name="bests", description=command_text("cmd-bests"))
    @app_commands.describe(
        discipline=command_text("cmd-bests-discipline"),
        season=command_text("cmd-bests-season"),
        segment=command_text("cmd-bests-segment"),
        level=command_text("cmd-bests-level"),
    )
    @app_commands.choices(discipline=DISCIPLINE_CHOICES, segment=SEGMENT_CHOICES, level=LEVEL_CHOICES)
    @app_commands.autocomplete(season=seasons)
    async def bests(
        self,
        interaction: discord.Interaction,
        discipline: app_commands.Choice[str],
        season: str | None = None,
        segment: app_commands.Choice[str] | None = None,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        answer = await self.service.bests(
            discipline.value, season, segment.value if segment else None, level.value if level else None
        )
        embeds = pages.bests_pages(answer, words_for(interaction))
        await Paginator(embeds, author_id=interaction.user.id).start(interaction)

    @anywhere
    @app_commands.command(name="records", description=command_text("cmd-records"))
    @app_commands.describe(discipline=command_text("cmd-records-discipline"))
    @app_commands.choices(discipline=DISCIPLINE_CHOICES)
    async def records(
        self, interaction: discord.Interaction, discipline: app_commands.Choice[str] | None = None
    ) -> None:
        answer = await self.service.records(discipline.value if discipline else None)
        embeds = pages.records_pages(answer, words_for(interaction))
        await Paginator(embeds, author_id=interaction.user.id).start(interaction)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Bests(bot))
