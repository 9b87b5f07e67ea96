"""/athlete and /compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.installs import anywhere
from bot.ui import embeds
from bot.ui.i18n import command_text, words_for
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Athletes(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results

    @anywhere
    @app_commands.command(name="athlete", description=command_text("cmd-athlete"))
    @app_commands.describe(name=command_text("cmd-athlete-name"))
    @app_commands.autocomplete(name=_autocomplete.skaters)
    async def athlete(self, interaction: discord.Interaction, name: str) -> None:
        profile = await self.service.profile(name)
        await respond(interaction, embed=embeds.profile_embed(profile, words_for(interaction)))

    @anywhere
    @app_commands.command(name="compare", description=command_text("cmd-compare"))
    @app_commands.describe(a=command_text("cmd-compare-a"), b=command_text("cmd-compare-b"))
    @app_commands.autocomplete(a=_autocomplete.skaters, b=_autocomplete.skaters)
    async def compare(self, interaction: discord.Interaction, a: str, b: str) -> None:
        h2h = await self.service.compare(a, b)
        await respond(interaction, embed=embeds.head_to_head_embed(h2h, words_for(interaction)))


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Athletes(bot))
