"""The one error path for application commands."""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from bot import messages
from bot.errors import UserFacingError
from db.database import StoreBusy

log = logging.getLogger(__name__)


def error_message(error: BaseException) -> str | None:
    """The short reply for an expected error, or None when the error is a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, UserFacingError):
        return error.message
    if isinstance(error, StoreBusy):
        return messages.STORE_BUSY
    if isinstance(error, app_commands.NoPrivateMessage):
        return messages.GUILD_ONLY
    if isinstance(error, app_commands.CommandOnCooldown):
        return messages.COOLDOWN.format(seconds=error.retry_after)
    if isinstance(error, app_commands.MissingPermissions):
        return messages.MISSING_PERMISSIONS.format(permissions=", ".join(error.missing_permissions))
    if isinstance(error, app_commands.BotMissingPermissions):
        return messages.BOT_MISSING_PERMISSIONS.format(permissions=", ".join(error.missing_permissions))
    if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        return str(error)
    return None


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answers whether or not the interaction was already acknowledged."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply for interaction %s", interaction.id, exc_info=True)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Expected errors become a short ephemeral reply; anything else is logged under a code the user sees."""
    text = error_message(error)
    if text is None:
        code = secrets.token_hex(3)
        command = interaction.command.qualified_name if interaction.command else "component"
        original = getattr(error, "original", error)
        log.error("unexpected error %s in %s", code, command, exc_info=original)
        text = messages.UNEXPECTED_ERROR.format(code=code)
    await reply_ephemeral(interaction, text)


class SkateTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)
