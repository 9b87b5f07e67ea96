"""/admin: the bot owners' tools."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import messages
from bot.checks import actor_for
from bot.services.access import Actor
from bot.text import quote
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description="skatebot owners' tools",
        # Hidden from everyone but administrators in Discord's UI; the owner check below is what counts.
        default_permissions=discord.Permissions(administrator=True),
    )

    alias = app_commands.Group(name="alias", description="How skaters' names are written", parent=admin)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @alias.command(name="add")
    @app_commands.describe(skater="The skater", spelling="Another way their name is written, e.g. 坂本花織")
    @app_commands.autocomplete(skater=_autocomplete.skaters)
    async def alias_add(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        """Add a spelling of a skater's name, in any script (bot owners)."""
        found = await self.bot.results.add_alias(await self._actor(interaction), skater, spelling)
        await respond(
            interaction, messages.ALIAS_ADDED.format(skater=quote(found.name), spelling=quote(spelling)), ephemeral=True
        )

    @alias.command(name="remove")
    @app_commands.describe(skater="The skater", spelling="The spelling to remove")
    @app_commands.autocomplete(skater=_autocomplete.skaters, spelling=_autocomplete.aliases)
    async def alias_remove(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        """Remove a spelling of a skater's name (bot owners)."""
        found = await self.bot.results.remove_alias(await self._actor(interaction), skater, spelling)
        await respond(
            interaction,
            messages.ALIAS_REMOVED.format(skater=quote(found.name), spelling=quote(spelling)),
            ephemeral=True,
        )

    @admin.command(name="import-isu")
    @app_commands.describe(
        url="The http(s) URL of the event's ISU results index page",
        correction="The site corrects a stored competition's name, dates or place (default: refuse such changes)",
    )
    async def import_isu(self, interaction: discord.Interaction, url: str, correction: bool = False) -> None:
        """Import an official ISU results site (bot owners)."""
        site = self.bot.results.site_import(
            await self._actor(interaction),
            url,
            correction=correction,
            allow_private=self.bot.settings.isu_allow_private,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await site.run()
        await self.bot.reload_results()
        await respond(interaction, summary.describe(), ephemeral=True)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Admin(bot))
