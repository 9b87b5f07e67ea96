"""/admin: the bot owners' tools."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import SkateBot
from bot.errors import UserFacingError
from bot.services.stories import PermissionDenied


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description="skatebot owners' tools",
        # Hidden from everyone but administrators in Discord's UI; the owner check below is what counts.
        default_permissions=discord.Permissions(administrator=True),
    )

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot

    @admin.command(name="import-isu")
    @app_commands.describe(
        url="The http(s) URL of the event's ISU results index page",
        correction="The site corrects a stored competition's name, dates or place (default: refuse such changes)",
    )
    async def import_isu(self, interaction: discord.Interaction, url: str, correction: bool = False) -> None:
        """Import an official ISU results site (bot owners)."""
        if interaction.user.id not in self.bot.settings.owner_ids:
            raise PermissionDenied("Only the bot's owners can import results.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        # Loaded on first use: PDFium and the parsers cost the bot memory it needs only for an import.
        from bot.services.importer import ImportFormatError
        from bot.services.isu.importer import import_isu
        from bot.services.isu.pages import PageError
        from bot.services.isu.protocol_pdf import ProtocolError
        from bot.services.isu.source import SourceError, open_source

        try:
            # Only URLs from Discord: a path would let the answer tell whether it exists on the bot's machine.
            source = open_source(url, allow_private=self.bot.settings.isu_allow_private, urls_only=True)
            async with source:
                summary = await import_isu(self.bot.db, source, correction=correction)
        except (SourceError, PageError, ProtocolError, ImportFormatError) as exc:
            raise UserFacingError(f"Nothing was imported: {exc}") from exc
        await self.bot.reload_results()
        await interaction.followup.send(summary.describe()[:1900], ephemeral=True)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Admin(bot))
