"""Who is acting: moderator, owner, admin. Decided by the bot itself on every command and button, because
Discord's default_permissions only hide a command and server admins can change them."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord_layer.installs import in_bot_server
from bot.services.access import Actor, GuildSettingsSource

log = logging.getLogger(__name__)


async def actor_for(interaction: discord.Interaction, guilds: GuildSettingsSource, owner_ids: frozenset[int]) -> Actor:
    """The acting user and their rights where they act: the bot's owner (OWNER_IDS), and in a server its
    moderator (Manage Messages or the server's moderator role) and admin (Manage Server)."""
    user = interaction.user
    is_owner = user.id in owner_ids
    if interaction.guild_id is None or not in_bot_server(interaction) or not isinstance(user, discord.Member):
        # A DM, a group DM, or a server that never added the bot (a member's own install): no server data.
        return Actor(user.id, None, is_owner=is_owner)
    if interaction.guild is None:  # not in the cache (never with the guilds intent): no rights can be read
        log.warning("guild %s of an interaction is not cached; acting without moderator rights", interaction.guild_id)
        return Actor(user.id, interaction.guild_id, is_owner=is_owner)
    # Rights come from the server, never from the channel: `interaction.permissions` includes the channel's
    # overwrites, so Manage Messages granted in one channel (#fan-art) would make a moderator everywhere.
    # guild_permissions: the member's roles' server permissions, with the owner and administrators holding all.
    permissions = user.guild_permissions
    settings = await guilds.guild_settings(interaction.guild_id)
    has_mod_role = settings.mod_role_id is not None and any(role.id == settings.mod_role_id for role in user.roles)
    return Actor(
        user_id=user.id,
        guild_id=interaction.guild_id,
        is_moderator=permissions.manage_messages or permissions.administrator or has_mod_role,
        is_owner=is_owner,
        is_admin=permissions.manage_guild or permissions.administrator,
    )


class NeedsBotServer(app_commands.CheckFailure):
    """A command that changes or reads a server's own data, run where the bot is not a member (a member's own
    install in another server, a DM): Discord offers the whole /story group there, so the bot refuses the part
    that needs the server."""


def require_bot_server(interaction: discord.Interaction) -> None:
    if not in_bot_server(interaction):
        raise NeedsBotServer()
