"""The one error path for application commands, components and forms: what the user is answered.

In the UI, not in the tree, because the UI's own buttons, forms and pagers report their errors here too: the tree
(`bot/discord_layer/tree.py`) imports this module and nothing here imports the tree, so there is no cycle."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.discord_layer.checks import NeedsBotServer
from bot.discord_layer.ui.i18n import words_for
from bot.discord_layer.ui.pick import PickView
from bot.discord_layer.ui.replies import respond
from bot.errors import NotFound, UserFacingError
from bot.i18n import Text, t
from bot.text import quote
from db.database import StoreBusy, StoreLost, UnstorableValue

log = logging.getLogger(__name__)

# Option types a picked suggestion can be re-run with: the namespace holds them as the callback takes them.
_RERUNNABLE = frozenset(
    {
        discord.AppCommandOptionType.string,
        discord.AppCommandOptionType.integer,
        discord.AppCommandOptionType.number,
        discord.AppCommandOptionType.boolean,
    }
)


def error_message(error: BaseException) -> Text | None:
    """The short reply for an expected error, or None when the error is a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, UserFacingError):
        return error.text
    if isinstance(error, StoreBusy):
        return t("error-store-busy")
    if isinstance(error, StoreLost):
        return t("error-store-lost" if error.saved is False else "error-store-lost-unsure")
    if isinstance(error, UnstorableValue):
        return t("error-unstorable-text" if error.kind == "text" else "error-unstorable-number")
    if isinstance(error, NeedsBotServer):
        return t("error-needs-bot-server")
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error-guild-only")
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error-cooldown", seconds=max(1, round(error.retry_after)))
    if isinstance(error, app_commands.MissingPermissions):
        return t("error-missing-permissions", permissions=_permission_names(error.missing_permissions))
    if isinstance(error, app_commands.BotMissingPermissions):
        return t("error-bot-missing-permissions", permissions=_permission_names(error.missing_permissions))
    if isinstance(error, app_commands.TransformerError):
        return t("error-bad-option", value=quote(error.value))
    if isinstance(error, app_commands.CheckFailure):
        return t("error-check-failed")
    return None


def _permission_names(names: list[str]) -> tuple[str, ...]:
    """Discord's permission names as code (`manage_guild`): they are what the server settings search for."""
    return tuple(f"`{name}`" for name in names)


async def reply_ephemeral(
    interaction: discord.Interaction, text: str | Text, *, view: discord.ui.View | None = None
) -> bool:
    """Answers whether or not the interaction was already acknowledged; False when Discord refused it."""
    try:
        await respond(interaction, text, view=view, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error reply for interaction %s", interaction.id, exc_info=True)
        return False
    return True


async def report_error(
    interaction: discord.Interaction,
    error: BaseException,
    *,
    command: app_commands.Command[Any, ..., Any] | None = None,
    values: dict[str, Any] | None = None,
) -> None:
    """Expected errors become a short ephemeral reply; anything else is logged under a code the user sees.

    When the error is something the store lacks or an ambiguity, and the command can be run again with one
    of the suggestions, the reply carries a menu for that (`command` and `values` name a re-run's own)."""
    text = error_message(error)
    unexpected = text is None
    command_name = interaction.command.qualified_name if interaction.command else "component"
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if text is None:
        code = secrets.token_hex(3)
        log.error("unexpected error %s in %s", code, command_name, exc_info=original)
        text = t("error-unexpected", code=code)
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:
        busy = isinstance(original, StoreBusy)
        metrics.interaction(command_name, "error" if unexpected else "store_busy" if busy else "refused")
    view = None
    if isinstance(original, NotFound) and original.suggestions:
        view = _pick_view(interaction, original, command, values)
    delivered = await reply_ephemeral(interaction, text, view=view)
    if view is not None and delivered:
        view.origin = interaction


def _pick_view(
    interaction: discord.Interaction,
    error: NotFound,
    command: app_commands.Command[Any, ..., Any] | None,
    values: dict[str, Any] | None,
) -> PickView | None:
    """A menu that re-runs the command with the option that failed set to what the user picks."""
    if command is None:
        command = interaction.command if isinstance(interaction.command, app_commands.Command) else None
        values = dict(iter(interaction.namespace))
    if command is None or values is None:
        return None
    if any(parameter.type not in _RERUNNABLE for parameter in command.parameters):
        return None
    option = next(
        (name for name, value in values.items() if isinstance(value, str) and value.strip() == error.query.strip()),
        None,
    )
    if option is None:
        return None

    async def rerun(picked: discord.Interaction, value: str) -> None:
        again = {**values, option: value}
        try:
            await command.callback(*_bound(command), picked, **_arguments(command, again))
        except Exception as exc:
            await report_error(picked, exc, command=command, values=again)

    view = PickView(interaction.user.id, error.suggestions, rerun, words=words_for(interaction))
    return view if view.has_options else None


def _bound(command: app_commands.Command[Any, ..., Any]) -> tuple[Any, ...]:
    return (command.binding,) if command.binding is not None else ()


def _arguments(command: app_commands.Command[Any, ..., Any], values: dict[str, Any]) -> dict[str, Any]:
    """The callback's keyword arguments from option values as Discord sends them (choices become Choice)."""
    arguments: dict[str, Any] = {}
    for parameter in command.parameters:
        if parameter.display_name not in values:
            if not parameter.required:
                arguments[parameter.name] = parameter.default
            continue
        value = values[parameter.display_name]
        if parameter.choices:
            value = next((c for c in parameter.choices if c.value == value), value)
        arguments[parameter.name] = value
    return arguments
