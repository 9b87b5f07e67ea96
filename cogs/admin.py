"""/admin: the bot owners' tools."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.checks import actor_for
from bot.i18n import t
from bot.services.access import Actor
from bot.text import quote
from bot.ui.i18n import command_text, words_for
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description=command_text("cmd-admin"),
        # Hidden from everyone but administrators in Discord's UI; the owner check below is what counts.
        default_permissions=discord.Permissions(administrator=True),
    )

    alias = app_commands.Group(name="alias", description=command_text("cmd-admin-alias"), parent=admin)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @alias.command(name="add", description=command_text("cmd-admin-alias-add"))
    @app_commands.describe(
        skater=command_text("cmd-admin-alias-add-skater"), spelling=command_text("cmd-admin-alias-add-spelling")
    )
    @app_commands.autocomplete(skater=_autocomplete.skaters)
    async def alias_add(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        found = await self.bot.results.add_alias(await self._actor(interaction), skater, spelling)
        reply = t("alias-added", skater=quote(found.name), spelling=quote(spelling))
        await respond(interaction, reply, ephemeral=True)

    @alias.command(name="remove", description=command_text("cmd-admin-alias-remove"))
    @app_commands.describe(
        skater=command_text("cmd-admin-alias-remove-skater"), spelling=command_text("cmd-admin-alias-remove-spelling")
    )
    @app_commands.autocomplete(skater=_autocomplete.skaters, spelling=_autocomplete.aliases)
    async def alias_remove(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        found = await self.bot.results.remove_alias(await self._actor(interaction), skater, spelling)
        reply = t("alias-removed", skater=quote(found.name), spelling=quote(spelling))
        await respond(interaction, reply, ephemeral=True)

    @admin.command(name="import-isu", description=command_text("cmd-admin-import-isu"))
    @app_commands.describe(
        url=command_text("cmd-admin-import-isu-url"), correction=command_text("cmd-admin-import-isu-correction")
    )
    async def import_isu(self, interaction: discord.Interaction, url: str, correction: bool = False) -> None:
        site = self.bot.results.site_import(
            await self._actor(interaction),
            url,
            correction=correction,
            allow_private=self.bot.settings.isu_allow_private,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await site.run()
        await self.bot.reload_results()
        words = words_for(interaction)
        await respond(interaction, "\n".join(words(line) for line in summary.lines()), ephemeral=True)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Admin(bot))
