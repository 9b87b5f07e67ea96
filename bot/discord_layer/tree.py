"""The application command tree: a command's error goes to the one error path (`ui/errors.py`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_layer.ui.errors import report_error


class SkateTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)
