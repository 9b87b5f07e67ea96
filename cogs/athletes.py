"""/athlete and /compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.installs import anywhere
from bot.services.charts.build import athlete_chart, compare_chart
from bot.text import quote
from bot.ui import charts, embeds
from bot.ui.i18n import command_text, words_for
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Athletes(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results
        self.charts = bot.charts

    @anywhere
    @app_commands.command(name="athlete", description=command_text("cmd-athlete"))
    @app_commands.describe(name=command_text("cmd-athlete-name"), chart=command_text("cmd-athlete-chart"))
    @app_commands.autocomplete(name=_autocomplete.skaters)
    async def athlete(self, interaction: discord.Interaction, name: str, chart: bool = False) -> None:
        profile = await self.service.profile(name)
        words = words_for(interaction)
        embed = embeds.profile_embed(profile, words)
        answer = athlete_chart(profile) if chart else None
        if answer is None:
            note = t("chart-none-stored", athlete=quote(profile.athlete.name)) if chart else None
            await respond(interaction, note, embed=embed)
            return
        await charts.thinking(interaction)  # the first chart starts the worker: longer than Discord's 3 s
        file = await charts.attachment(
            self.charts, "athlete", answer.chart, charts.athlete_description(answer, words), words
        )
        await respond(interaction, embed=charts.with_image(embed, file), file=file)

    @anywhere
    @app_commands.command(name="compare", description=command_text("cmd-compare"))
    @app_commands.describe(
        a=command_text("cmd-compare-a"), b=command_text("cmd-compare-b"), chart=command_text("cmd-compare-chart")
    )
    @app_commands.autocomplete(a=_autocomplete.skaters, b=_autocomplete.skaters)
    async def compare(self, interaction: discord.Interaction, a: str, b: str, chart: bool = False) -> None:
        h2h = await self.service.compare(a, b)
        words = words_for(interaction)
        embed = embeds.head_to_head_embed(h2h, words)
        answer = compare_chart(h2h) if chart else None
        if answer is None:
            await respond(interaction, embed=embed)  # never met (the text says why), or no totals to draw
            return
        await charts.thinking(interaction)
        file = await charts.attachment(
            self.charts, "compare", answer.chart, charts.compare_description(answer, words), words
        )
        await respond(interaction, embed=charts.with_image(embed, file), file=file)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Athletes(bot))
