"""Discord's permission bits and its algorithm for a member's rights in a channel.

Kept here, not taken from discord.py, so the stand-in never trusts the client's own table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.sandbox.state import Channel, Guild

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
# Lets user-installed apps answer publicly in a server that did not add them; without it their replies are
# ephemeral. Enabled for @everyone by default.
USE_EXTERNAL_APPS = 1 << 50
# Every bit Discord currently defines: owners and administrators get all of them.
ALL_PERMISSIONS = (1 << 53) - 1

DEFAULT_EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
    | USE_EXTERNAL_APPS
)
# What an invite link typically grants a content bot through its managed role.
DEFAULT_BOT_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY


def permissions_for(guild: Guild, user_id: int, channel: Channel | None) -> int:
    """Discord's algorithm: owner/admin get all; else @everyone|roles, then overwrites in order."""
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    member = guild.members.get(user_id)
    if member is None:
        return 0
    perms = guild.everyone.permissions
    for rid in member.roles:
        role = guild.roles.get(rid)
        if role is not None:
            perms |= role.permissions
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    if channel is None:
        return perms
    by_id = {int(o["id"]): o for o in channel.overwrites}
    everyone = by_id.get(guild.id)
    if everyone is not None:
        perms = (perms & ~int(everyone.get("deny", 0))) | int(everyone.get("allow", 0))
    allow = deny = 0
    for rid in member.roles:
        ow = by_id.get(rid)
        if ow is not None and int(ow.get("type", 0)) == 0:
            allow |= int(ow.get("allow", 0))
            deny |= int(ow.get("deny", 0))
    perms = (perms & ~deny) | allow
    own = by_id.get(user_id)
    if own is not None and int(own.get("type", 1)) == 1:
        perms = (perms & ~int(own.get("deny", 0))) | int(own.get("allow", 0))
    # Implicit denials: no view means nothing; no send means no send-dependent rights.
    if not perms & VIEW_CHANNEL:
        return 0
    if not perms & SEND_MESSAGES:
        perms &= ~(MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES)
    return perms


def everyone_permissions(guild: Guild, channel: Channel) -> int:
    """@everyone's permissions in a channel (the server's, then the channel's @everyone overwrite): what an app
    that is not a member of the server has there."""
    perms = guild.everyone.permissions
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    overwrite = next((o for o in channel.overwrites if int(o["id"]) == guild.id), None)
    if overwrite is not None:
        perms = (perms & ~int(overwrite.get("deny", 0))) | int(overwrite.get("allow", 0))
    if not perms & VIEW_CHANNEL:
        return 0
    if not perms & SEND_MESSAGES:
        perms &= ~(MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES)
    return perms
