"""The application command tree: a command's error goes to the one error path (`ui/errors.py`); a command that reads
the results waits for them first (`before_command`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.discord_layer.ui.errors import report_error

# A command's `extras` key: False for a command that never reads the results (/ping), which then answers while they
# are still loading; every other command waits for them (the bot's `results_loaded`).
READS_RESULTS = "reads_results"


class SkateTree(app_commands.CommandTree):
    # Awaited before every command, context menu and autocomplete runs (the bot sets it): where a command that
    # reads the results waits for them when the bot loads them on demand (the sandbox).
    before_command: Callable[[discord.Interaction], Awaitable[None]] | None = None

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if self.before_command is not None:
            try:
                await self.before_command(interaction)
            except app_commands.AppCommandError as exc:
                # A command is told why (the one error path); an autocomplete offers nothing, as it cannot say so.
                if interaction.type is not discord.InteractionType.autocomplete:
                    await self.on_error(interaction, exc)
                return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)
