"""Where a command runs: in a server that added the bot, or anywhere else through a member's own install.

Discord lets a member install an app to their account and use its commands in any server, in the bot's DM and
in their other DMs and group DMs (`integration_types` USER_INSTALL, `contexts` GUILD, BOT_DM, PRIVATE_CHANNEL).
The read-only commands are registered that way (`anywhere`); everything that changes a server's data stays
installed with the server, in its channels only (the tree's defaults, `GUILD_ONLY_*`).

A command run where the bot is not a member has no server data behind it: no server stories, no server
settings, the shared library only (`guild_scope` is None). In a server that did not add the app, Discord itself
makes the app's replies ephemeral when the member lacks "Use External Apps" there (USE_EXTERNAL_APPS: "when
disabled, users will still be allowed to use their apps but the responses will be ephemeral; this only applies to
apps not also installed to the server"); `replies_are_private` says so beforehand, so the bot asks for what Discord
will show rather than relying on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

T = TypeVar("T")

# The tree's defaults: a command that does not say otherwise is the server's, installed with it, in its channels.
GUILD_ONLY_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)
GUILD_ONLY_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
# A read-only command, for a server's install and a member's own: in servers, the bot's DM and private channels.
ANYWHERE_INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
ANYWHERE_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


def anywhere(command: T) -> T:
    """Registers a read-only command for user installs too, usable in every context (a decorator, outermost)."""
    decorate: Callable[[T], T] = app_commands.allowed_installs(guilds=True, users=True)
    command = decorate(command)
    in_contexts: Callable[[T], T] = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return in_contexts(command)


def in_bot_server(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a server the bot is a member of: Discord names that server among the
    interaction's authorizing installs (`authorizing_integration_owners["0"]`), or the bot has it in its cache
    (each process has the servers of its own shards, which are the ones whose interactions it receives)."""
    if interaction.guild_id is None:
        return False
    return interaction.is_guild_integration() or interaction.client.get_guild(interaction.guild_id) is not None


def guild_scope(interaction: discord.Interaction) -> int | None:
    """The server whose data the interaction may see: its own when the bot is a member there, else None (the
    shared library and the results only)."""
    return interaction.guild_id if in_bot_server(interaction) else None


def replies_are_private(interaction: discord.Interaction) -> bool:
    """Whether Discord will show the app's replies to the asker only: in a server that did not add the bot, when
    the member may not use external apps in that channel (`interaction.permissions` is the member's permissions
    there, overwrites included). Elsewhere (the bot's servers, DMs, group DMs) replies are public as asked."""
    if interaction.guild_id is None or in_bot_server(interaction):
        return False
    return not interaction.permissions.use_external_apps
