"""/athlete and /compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import embeds
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Athletes(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results

    @app_commands.command(name="athlete")
    @app_commands.describe(name="Skater, in any spelling or word order")
    @app_commands.autocomplete(name=_autocomplete.skaters)
    async def athlete(self, interaction: discord.Interaction, name: str) -> None:
        """An athlete's profile: country, medals, results and best scores."""
        profile = await self.service.profile(name)
        await respond(interaction, embed=embeds.profile_embed(profile))

    @app_commands.command(name="compare")
    @app_commands.describe(a="First skater", b="Second skater")
    @app_commands.autocomplete(a=_autocomplete.skaters, b=_autocomplete.skaters)
    async def compare(self, interaction: discord.Interaction, a: str, b: str) -> None:
        """Head-to-head of two skaters in the events both entered."""
        h2h = await self.service.compare(a, b)
        await respond(interaction, embed=embeds.head_to_head_embed(h2h))


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Athletes(bot))
