"""What the stand-in knows: users, guilds with their roles, channels and members, messages and commands,
and the JSON shapes Discord gives them. No networking here; the gateway and REST modules serve this state.
The objects themselves are in model.py (imported from here too, as the modules serving the state do)."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.sandbox.contexts import DM, GROUP_DM, PrivateChannel
from bot.sandbox.model import (
    DIRECT_MESSAGES_INTENT,
    DISCORD_EPOCH_MS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    GUILD_MESSAGES_INTENT,
    LOCALES,
    SENDABLE_FLAGS,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    MessageEvent,
    Role,
    User,
    describe_uploads,
    iso_time,
    new_snowflake,
)
from bot.sandbox.permissions import DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS

if TYPE_CHECKING:
    from bot.sandbox.interaction_result import InteractionResult

log = logging.getLogger(__name__)

Dispatch = Callable[..., None]  # (guild, event, data, *, intent=None): sends a gateway event to the guild's shards
DispatchDirect = Callable[
    ..., None
]  # (event, data, *, intent=None): a direct-message event, to shard 0 as Discord does


class State:
    """Everything the stand-in holds, and the seeding methods tests use to shape it. Each change a client would
    see is dispatched over the gateway through `dispatch`, set by the server once its gateway exists."""

    def __init__(self) -> None:
        self.application_id = new_snowflake()
        self.bot_token = "fake." + secrets.token_urlsafe(24)
        self.bot_user = User(new_snowflake(), "skatebot", bot=True)
        self.owner_user = User(new_snowflake(), "app-owner")
        self.guilds: dict[int, Guild] = {}
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.violations: list[str] = []
        self.errors: list[str] = []  # server-side bugs (500s), kept apart from the bot's violations
        self.port = 0
        self.gateway_url = ""
        self.global_commands: dict[int, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionResult] = {}
        self.by_token: dict[str, InteractionResult] = {}
        self.dispatch: Dispatch = lambda *args, **kwargs: None
        self.dispatch_direct: DispatchDirect = lambda *args, **kwargs: None
        # How many shards Discord asks the bot to run (GET /gateway/bot); an IDENTIFY with fewer is refused (4011).
        self.shard_count = 1
        # How many shards may IDENTIFY at once (GET /gateway/bot's session_start_limit): 1 for most bots, more for
        # the large bots Discord grants it to.
        self.max_concurrency = 1
        self._messages: dict[int, list[Message]] = {}  # channel id -> messages in order
        self.dm_channels: dict[int, User] = {}  # the bot's direct-message channels: channel id -> the other user
        # DMs and group DMs where users act (the bot's own DMs among them, once a user acts there), by id.
        self.private_channels: dict[int, PrivateChannel] = {}
        self.message_index: dict[int, Message] = {}
        self._subscribers: list[Callable[[MessageEvent], None]] = []

    # ---------------------------------------------------------------- seeding
    def create_user(self, name: str, *, bot: bool = False) -> User:
        user = User(new_snowflake(), name, bot=bot)
        self.users[user.id] = user
        return user

    def create_guild(self, name: str, owner: User, *, shard: int | None = None, with_bot: bool = True) -> Guild:
        """`shard`: the id is made to fall on that shard of `shard_count` (its timestamp moved by a few ms), so a
        test can spread its servers over the shards. `with_bot=False`: a server that never added the bot, where
        only members' own installs of the app work."""
        gid = new_snowflake()
        if shard is not None:
            if not 0 <= shard < self.shard_count:
                raise ValueError(f"shard {shard} is not one of the {self.shard_count} shards")
            ms = gid >> 22
            gid = ((ms - ms % self.shard_count + shard) << 22) | (gid & 0x3FFFFF)
        guild = Guild(gid, name, owner.id, has_bot=with_bot)
        guild.roles[gid] = Role(gid, gid, "@everyone", DEFAULT_EVERYONE_PERMISSIONS, position=0)
        guild.members[owner.id] = Member(owner)
        if with_bot:
            # Like an invite with permissions: the bot gets a managed role carrying them.
            bot_id = self.bot_user.id
            bot_role = Role(new_snowflake(), gid, self.bot_user.name, DEFAULT_BOT_PERMISSIONS, 1, True, bot_id)
            guild.roles[bot_role.id] = bot_role
            guild.bot_role = bot_role
            guild.members[bot_id] = Member(self.bot_user, [bot_role.id])
        self.guilds[gid] = guild
        self._guild_channel(guild, "general", [])
        self.dispatch(guild, "GUILD_CREATE", self.guild_json(guild))
        return guild

    def update_guild(self, guild: Guild, *, preferred_locale: str) -> None:
        """A server's settings changed (its language, in Server Settings): Discord tells the bot with GUILD_UPDATE,
        the guild object without its members and channels, so the bot's cache follows."""
        guild.preferred_locale = preferred_locale
        data = {
            key: value
            for key, value in self.guild_json(guild).items()
            if key not in {"channels", "members", "threads", "member_count", "voice_states", "presences", "large"}
        }
        self.dispatch(guild, "GUILD_UPDATE", data)

    def create_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(new_snowflake(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.dispatch(guild, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def update_role(self, role: Role, *, permissions: int) -> None:
        role.permissions = permissions
        guild = self.guilds[role.guild_id]
        self.dispatch(guild, "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.to_json()})

    def delete_role(self, role: Role) -> None:
        guild = self.guilds[role.guild_id]
        guild.roles.pop(role.id, None)
        for member in guild.members.values():
            if role.id in member.roles:
                member.roles.remove(role.id)
        self.dispatch(guild, "GUILD_ROLE_DELETE", {"guild_id": str(guild.id), "role_id": str(role.id)})

    def add_member(self, guild: Guild, user: User, roles: Sequence[Role] = ()) -> None:
        existing = guild.members.get(user.id)
        member = Member(user, [r.id for r in roles])
        guild.members[user.id] = member
        data = {**member.to_json(), "guild_id": str(guild.id)}
        self.dispatch(guild, "GUILD_MEMBER_UPDATE" if existing else "GUILD_MEMBER_ADD", data)

    def create_channel(self, guild: Guild, name: str, *, overwrites: Sequence[dict[str, Any]] = ()) -> Channel:
        channel = self._guild_channel(guild, name, list(overwrites))
        self.dispatch(guild, "CHANNEL_CREATE", channel.to_json())
        return channel

    def _guild_channel(self, guild: Guild, name: str, overwrites: list[dict[str, Any]]) -> Channel:
        channel = Channel(new_snowflake(), guild.id, name, position=len(guild.channels), overwrites=overwrites)
        guild.channels[channel.id] = channel
        self._messages[channel.id] = []
        return channel

    def delete_channel(self, channel: Channel) -> None:
        guild = self.guilds[channel.guild_id]
        guild.channels.pop(channel.id, None)
        self.dispatch(guild, "CHANNEL_DELETE", channel.to_json())

    def set_overwrites(self, channel: Channel, overwrites: Sequence[dict[str, Any]]) -> None:
        channel.overwrites = list(overwrites)
        self.dispatch(self.guilds[channel.guild_id], "CHANNEL_UPDATE", channel.to_json())

    # ---------------------------------------------------------------- queries
    def commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """Registered commands: the guild's (when given) then the global ones."""
        out: list[dict[str, Any]] = []
        if guild is not None:
            out.extend(self.guild_commands.get(guild.id, {}).values())
        out.extend(self.global_commands.values())
        return out

    def messages(self, channel: Channel, *, include_ephemeral: bool = False) -> list[Message]:
        """Channel history as other users see it (ephemeral replies only with include_ephemeral)."""
        return [
            m for m in self._messages.get(channel.id, []) if not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def subscribe(self, callback: Callable[[MessageEvent], None]) -> Callable[[], None]:
        """Call `callback` for every message the bot creates/edits/deletes; returns an unsubscribe."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    def dm_channel(self, user: User) -> int:
        """The id of the bot's direct-message channel with `user` (opened on first use, as Discord does)."""
        for channel_id, other in self.dm_channels.items():
            if other is user:
                return channel_id
        channel_id = new_snowflake()
        self.dm_channels[channel_id] = user
        self._messages[channel_id] = []
        return channel_id

    def bot_dm(self, user: User) -> PrivateChannel:
        """The bot's DM with `user` as a place to run commands (its messages are the direct messages)."""
        channel_id = self.dm_channel(user)
        channel = self.private_channels.get(channel_id)
        if channel is None:
            channel = PrivateChannel(channel_id, DM, [user, self.bot_user], with_bot=True)
            self.private_channels[channel_id] = channel
        return channel

    def create_private_channel(self, users: Sequence[User], *, name: str | None = None) -> PrivateChannel:
        """A DM between two users or a group DM (three or more), the bot no member of it: only the app installed
        to a user's account answers there."""
        if len(users) < 2 or self.bot_user in users:
            raise ValueError("a private channel is between two or more users, the bot not among them")
        kind = DM if len(users) == 2 else GROUP_DM
        channel = PrivateChannel(new_snowflake(), kind, list(users), name=name, owner_id=users[0].id)
        self.private_channels[channel.id] = channel
        self._messages[channel.id] = []
        return channel

    def private_messages(self, channel: PrivateChannel, *, include_ephemeral: bool = False) -> list[Message]:
        return [
            m for m in self._messages.get(channel.id, []) if not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def direct_messages(self, user: User) -> list[Message]:
        """What the bot sent `user` by direct message, oldest first."""
        for channel_id, other in self.dm_channels.items():
            if other is user:
                return [m for m in self._messages.get(channel_id, []) if not m.deleted]
        return []

    def new_direct_message(self, channel_id: int, payload: dict[str, Any]) -> Message:
        msg = Message(
            id=new_snowflake(),
            channel_id=channel_id,
            author_id=self.bot_user.id,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=int(payload.get("flags") or 0) & SENDABLE_FLAGS,
        )
        self._messages.setdefault(channel_id, []).append(msg)
        self.message_index[msg.id] = msg
        return msg

    def dm_channel_json(self, channel_id: int) -> dict[str, Any]:
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "last_pin_timestamp": None,
            "recipients": [self.dm_channels[channel_id].to_json()],
        }

    def find_channel(self, channel_id: int) -> tuple[Guild, Channel] | None:
        for guild in self.guilds.values():
            channel = guild.channels.get(channel_id)
            if channel is not None:
                return guild, channel
        return None

    # ---------------------------------------------------------------- violations & events

    def violation(self, text: str) -> None:
        log.warning("discord limit violated: %s", text)
        self.violations.append(text)

    def emit(self, kind: str, message: Message, interaction: InteractionResult | None = None) -> None:
        event = MessageEvent(kind, message, interaction)
        for callback in list(self._subscribers):
            try:
                callback(event)
            except Exception:
                # A broken subscriber (the console) must not break the bot's request.
                log.exception("message subscriber failed")

    # ---------------------------------------------------------------- messages

    def new_message(
        self,
        guild: Guild | None,
        channel: Channel | PrivateChannel,
        payload: dict[str, Any],
        files: list[Attachment],
        *,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
    ) -> Message:
        describe_uploads(files, payload)
        msg = Message(
            id=new_snowflake(),
            channel_id=channel.id,
            author_id=self.bot_user.id,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=(int(payload.get("flags") or 0) & SENDABLE_FLAGS) | extra_flags,
            attachments=files,
            guild_id=guild.id if guild is not None else None,
            interaction_id=interaction.id if interaction is not None else None,
            webhook_id=self.application_id if interaction is not None else None,
        )
        self._messages.setdefault(channel.id, []).append(msg)
        self.message_index[msg.id] = msg
        return msg

    def apply_edit(self, msg: Message, payload: dict[str, Any], files: list[Attachment]) -> None:
        describe_uploads(files, payload)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if "attachments" in payload:
            keep = {str(a.get("id")) for a in payload["attachments"] or []}
            msg.attachments = [a for a in msg.attachments if str(a.id) in keep]
        msg.attachments.extend(files)
        if "flags" in payload and payload["flags"] is not None:
            # Only SUPPRESS_EMBEDS may be toggled on edit; ephemeral/loading stay as they were.
            msg.flags = (msg.flags & ~FLAG_SUPPRESS_EMBEDS) | (int(payload["flags"]) & FLAG_SUPPRESS_EMBEDS)
        msg.flags &= ~FLAG_LOADING
        msg.edited = True

    def delete_message(self, guild: Guild | None, msg: Message, interaction: InteractionResult | None = None) -> None:
        msg.deleted = True
        self.emit("delete", msg, interaction)
        if guild is not None and not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id), "guild_id": str(guild.id)}
            self.dispatch(guild, "MESSAGE_DELETE", data, intent=GUILD_MESSAGES_INTENT)

    # ---------------------------------------------------------------- JSON shapes

    def me_json(self) -> dict[str, Any]:
        return {**self.bot_user.to_json(), "verified": True, "mfa_enabled": False, "locale": "en-US"}

    def guild_json(self, guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "features": [],
            "roles": [r.to_json() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [c.to_json() for c in guild.channels.values()],
            "threads": [],
            "members": [m.to_json() for m in guild.members.values()],
            "member_count": len(guild.members),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "lazy": True,
            "joined_at": iso_time(),
            "application_id": None,
            "premium_progress_bar_enabled": False,
            # Required in Discord's OpenAPI GuildResponse, unused by the bot.
            "home_header": None,
            "region": "",
            "widget_enabled": False,
            "widget_channel_id": None,
            "max_presences": None,
            "max_stage_video_channel_users": 0,
            "max_video_channel_users": 25,
            "safety_alerts_channel_id": None,
            "nsfw": False,
            "incidents_data": None,
        }

    def message_json(self, msg: Message) -> dict[str, Any]:
        author = self.users.get(msg.author_id) or User(msg.author_id, "unknown")
        data: dict[str, Any] = {
            "id": str(msg.id),
            "type": 0 if msg.interaction_id is None else 20,
            "channel_id": str(msg.channel_id),
            "author": author.to_json(),
            "content": msg.content,
            "timestamp": iso_time(datetime.fromtimestamp(((msg.id >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)),
            "edited_timestamp": msg.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self.attachment_json(a) for a in msg.attachments],
            # Discord stores an embed a bot sends as a "rich" one, and says so.
            "embeds": [{"type": "rich", **embed} for embed in msg.embeds],
            "components": msg.components,
            "pinned": False,
            "flags": msg.flags,
        }
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_id is not None:
            result = self.interactions.get(msg.interaction_id)
            if result is not None:
                data["interaction_metadata"] = {
                    "id": str(result.id),
                    "type": result.type,
                    "user": result.user.to_json(),
                    "authorizing_integration_owners": dict(result.owners),
                }
        return data

    def attachment_json(self, att: Attachment) -> dict[str, Any]:
        url = f"http://127.0.0.1:{self.port}/attachments/{att.id}/{att.filename}"
        return {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": url,
            "proxy_url": url,
            "content_type": att.content_type,
            "description": att.description,
        }

    def app_json(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "A local stand-in for Discord.",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.owner_user.to_json(),
            "verify_key": "00" * 32,
            "team": None,
            "flags": 0,
            "rpc_origins": [],
            "summary": "",
            "bot": self.bot_user.to_json(),
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.guilds),
            # Required in Discord's OpenAPI PrivateApplicationResponse, unused by the bot.
            "type": None,
            "flags_new": "0",
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": [],
        }


# The model's names the modules serving the state import from here.
__all__ = [
    "DIRECT_MESSAGES_INTENT",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "FLAG_SUPPRESS_EMBEDS",
    "GUILD_MESSAGES_INTENT",
    "LOCALES",
    "Attachment",
    "Channel",
    "Guild",
    "Member",
    "Message",
    "MessageEvent",
    "Role",
    "State",
    "User",
    "new_snowflake",
]
