"""Where an interaction happens, as Discord tells the app: a server that added the bot, a server that did not (the
app installed to the member's own account), the bot's DM, and the member's other DMs and group DMs.

What Discord does there, and the stand-in with it (the interaction object of Discord's documentation,
"Receiving and Responding"; the USE_EXTERNAL_APPS permission; the changelog of user-installed apps' general
availability):
- A command is offered only where its `contexts` (GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2) and `integration_types`
  (GUILD_INSTALL 0, USER_INSTALL 1) allow: a user-installed command needs the member to have installed the app; a
  server command, the server to have added it. Absent fields mean a server install in servers (and the bot's DM
  unless `dm_permission` is false). Guild-scoped commands exist only in their server, installed with it. Discord's
  client never offers the rest, so the stand-in refuses to send them (a ValueError, as for an unknown command).
- `context` says where; `authorizing_integration_owners` names the installs that authorize it: "0" the server's id
  when the server added the app (or "0" in the bot's DM), "1" the member's id for a user install.
- In a server: `guild_id`, a partial `guild` (id, locale, features), the `member` with their permissions in the
  channel; `app_permissions` the bot's own there, or where it is not a member, @everyone's in the channel with
  Embed Links and Attach Files always (Discord's answer to discord-api-docs#5316). In a DM or group DM: `user`
  instead of `member`, the channel with its recipients, `app_permissions` Attach Files, Embed Links and Mention
  Everyone, plus Use External Emojis in the bot's DM.
- In a server that did not add the app, a member without USE_EXTERNAL_APPS there gets every reply ephemeral, as
  asked or not; an app only installed by users may send at most 5 follow-ups per interaction.
- No gateway event reaches the bot from a server it is not in, nor from DMs it is not part of.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.sandbox.permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MENTION_EVERYONE,
    USE_EXTERNAL_APPS,
    USE_EXTERNAL_EMOJIS,
    everyone_permissions,
    permissions_for,
)

if TYPE_CHECKING:
    from bot.sandbox.state import Channel, Guild, State, User

# Interaction context types and application integration types (Discord's numbering).
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
DM, GROUP_DM = 1, 3  # channel types
# Follow-up messages an app only installed by users may create per interaction.
USER_INSTALL_FOLLOWUPS = 5


@dataclass(eq=False)
class PrivateChannel:
    """A DM or a group DM: the bot's own DM with a user (`with_bot`), or users' DMs and group DMs the bot is no
    member of, reached only through a user's install."""

    id: int
    type: int
    recipients: list[User]
    with_bot: bool = False
    name: str | None = None
    owner_id: int | None = None
    guild_id: None = field(default=None, init=False)

    def to_json(self, viewer: User) -> dict[str, Any]:
        """As an interaction carries it: the other recipients than the one who acts."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user.to_json() for user in self.recipients if user is not viewer],
        }
        if self.type == GROUP_DM:
            data.update({"name": self.name, "icon": None, "owner_id": str(self.owner_id)})
        return data


def context_of(guild: Guild | None, channel: Channel | PrivateChannel) -> int:
    if not isinstance(channel, PrivateChannel):
        return GUILD
    return BOT_DM if channel.with_bot else PRIVATE_CHANNEL


def _contexts(cmd: dict[str, Any]) -> set[int]:
    if cmd.get("contexts") is not None:
        return set(cmd["contexts"])
    return {GUILD} if cmd.get("dm_permission") is False else {GUILD, BOT_DM}


def installs_offering(cmd: dict[str, Any], guild: Guild | None, context: int, user: User) -> list[int]:
    """The installs through which Discord offers this command to `user` here (empty: it is not offered)."""
    if context not in _contexts(cmd):
        return []
    if cmd.get("guild_id") is not None:  # guild-scoped: its own server only, installed with it
        return [GUILD_INSTALL] if guild is not None and guild.has_bot and str(guild.id) == cmd["guild_id"] else []
    types = set(cmd.get("integration_types") or [GUILD_INSTALL])
    found = []
    # A server install authorizes its servers and the bot's DM; a user install wherever the user is.
    if GUILD_INSTALL in types and (context == BOT_DM or (context == GUILD and guild is not None and guild.has_bot)):
        found.append(GUILD_INSTALL)
    if USER_INSTALL in types and user.installed_app:
        found.append(USER_INSTALL)
    return found


def offered_commands(state: State, guild: Guild | None, channel: Channel | PrivateChannel, user: User) -> list[Any]:
    """The commands Discord's client lists for `user` here: a server's own first, each name once."""
    context = context_of(guild, channel)
    candidates = list(state.guild_commands.get(guild.id, {}).values()) if guild is not None else []
    candidates += list(state.global_commands.values())
    seen: set[tuple[str, int]] = set()
    out = []
    for cmd in candidates:
        key = (cmd["name"], int(cmd.get("type", 1)))
        if key not in seen and installs_offering(cmd, guild, context, user):
            seen.add(key)
            out.append(cmd)
    return out


def authorizing_owners(installs: list[int], guild: Guild | None, context: int, user: User) -> dict[str, str]:
    owners: dict[str, str] = {}
    if GUILD_INSTALL in installs:
        owners["0"] = str(guild.id) if context == GUILD and guild is not None else "0"
    if USER_INSTALL in installs:
        owners["1"] = str(user.id)
    return owners


def app_permissions(state: State, guild: Guild | None, channel: Channel | PrivateChannel) -> int:
    if isinstance(channel, PrivateChannel) or guild is None:
        base = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
        return base | USE_EXTERNAL_EMOJIS if isinstance(channel, PrivateChannel) and channel.with_bot else base
    if guild.has_bot:
        return permissions_for(guild, state.bot_user.id, channel)
    return everyone_permissions(guild, channel) | EMBED_LINKS | ATTACH_FILES


def replies_forced_ephemeral(guild: Guild | None, channel: Channel | PrivateChannel, user: User) -> bool:
    """Discord makes an app's replies ephemeral in a server that did not add it, for a member who may not use
    external apps in that channel."""
    if guild is None or guild.has_bot or isinstance(channel, PrivateChannel):
        return False
    return not permissions_for(guild, user.id, channel) & USE_EXTERNAL_APPS


def place_fields(state: State, guild: Guild | None, channel: Channel | PrivateChannel, user: User) -> dict[str, Any]:
    """The part of an interaction that says where it happens and who acts there."""
    if isinstance(channel, PrivateChannel) or guild is None:
        assert isinstance(channel, PrivateChannel), "a server's channel needs its server"
        return {
            "channel_id": str(channel.id),
            "channel": channel.to_json(user),
            "user": user.to_json(),
            "app_permissions": str(app_permissions(state, None, channel)),
        }
    member = guild.members.get(user.id)
    if member is None:
        raise ValueError(f"{user.name} is not a member of {guild.name}")
    permissions = str(permissions_for(guild, user.id, channel))
    channel_json = {**channel.to_json(), "permissions": permissions}
    return {
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
        "channel_id": str(channel.id),
        "channel": channel_json,
        "member": {**member.to_json(), "permissions": permissions},
        "app_permissions": str(app_permissions(state, guild, channel)),
        "guild_locale": guild.preferred_locale,
    }
