"""/about and /ping."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.installs import anywhere
from bot.discord_layer.tree import READS_RESULTS
from bot.discord_layer.ui import embeds
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import respond
from bot.i18n import t

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Meta(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot

    @anywhere
    @app_commands.command(name="about", description=command_text("cmd-about"))
    async def about(self, interaction: discord.Interaction) -> None:
        summary, competitions = await self.bot.results.summary()
        embed = embeds.about_embed(summary, competitions, self.bot.version, words_for(interaction))
        await respond(interaction, embed=embed)

    @anywhere
    @app_commands.command(name="ping", description=command_text("cmd-ping"), extras={READS_RESULTS: False})
    async def ping(self, interaction: discord.Interaction) -> None:
        latency = self.bot.latency
        latency_ms = "?" if math.isnan(latency) or math.isinf(latency) else round(latency * 1000)
        await respond(interaction, t("pong", latency_ms=latency_ms), ephemeral=True)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Meta(bot))
