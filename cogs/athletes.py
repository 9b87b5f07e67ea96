"""/athlete and /compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.installs import anywhere
from bot.discord_layer.ui import charts, embeds
from bot.discord_layer.ui.errors import report_error
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import respond
from bot.errors import parse_id
from bot.i18n import t
from bot.services.charts.build import AthleteChart, athlete_chart, compare_chart, has_scores
from bot.text import quote
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
        if not chart:  # the text answer, with a button that draws the chart for whoever wants it
            ids = [skater.id for skater in profile.athlete.skaters]
            view = charts.chart_button(ids, words) if has_scores(profile) else None
            await respond(interaction, embed=embed, view=view)
        elif (answer := athlete_chart(profile)) is None:
            await respond(interaction, t("chart-none-stored", athlete=quote(profile.athlete.name)), embed=embed)
        else:
            await self._send_chart(interaction, embed, answer)

    @commands.Cog.listener(f"on_{charts.ATHLETE_CHART_EVENT}")
    async def on_athlete_chart(self, interaction: discord.Interaction, skater_ids: str) -> None:
        """A press of the Chart button under an /athlete answer: the chart, privately, for whoever pressed it."""
        try:
            ids = [parse_id(part, t("noun-athlete")) for part in skater_ids.split("-")]
            await interaction.response.defer(ephemeral=True, thinking=True)  # drawing may take longer than 3 s
            profile = await self.service.profile_of(ids)
            embed = embeds.profile_embed(profile, words_for(interaction))
            answer = athlete_chart(profile)
            if answer is None:  # the store changed since the button was sent
                await respond(interaction, t("chart-none-stored", athlete=quote(profile.athlete.name)), ephemeral=True)
                return
            await self._send_chart(interaction, embed, answer, ephemeral=True)
        except Exception as error:  # buttons have no tree error handler: use the same one path
            await report_error(interaction, error)

    async def _send_chart(
        self, interaction: discord.Interaction, embed: discord.Embed, answer: AthleteChart, ephemeral: bool = False
    ) -> None:
        words = words_for(interaction)
        await charts.thinking(interaction)  # the first chart starts the worker: longer than Discord's 3 s
        file = await charts.attachment(
            self.charts, "athlete", answer.chart, charts.athlete_description(answer, words), words
        )
        await respond(interaction, embed=charts.with_image(embed, file), file=file, ephemeral=ephemeral)

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
    bot.add_dynamic_items(charts.ChartButton)
    await bot.add_cog(Athletes(bot))
