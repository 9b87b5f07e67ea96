"""Discord's objects as the stand-in holds them: users, roles, channels, members, guilds, messages and their
attachments, with the JSON Discord gives each; the snowflake ids and the flags and intents a message is sent with."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.sandbox.interaction_result import InteractionResult

FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
# Flags a bot may set when it sends: suppress embeds, ephemeral, suppress notifications, components v2.
SENDABLE_FLAGS = FLAG_EPHEMERAL | FLAG_SUPPRESS_EMBEDS | (1 << 12) | (1 << 15)
# MESSAGE_CREATE/UPDATE/DELETE in guilds need the GUILD_MESSAGES intent.
GUILD_MESSAGES_INTENT = 1 << 9
# ... and in direct messages, the DIRECT_MESSAGES intent.
DIRECT_MESSAGES_INTENT = 1 << 12

DISCORD_EPOCH_MS = 1420070400000
_snowflake_counter = itertools.count(1)


def new_snowflake() -> int:
    """A snowflake whose timestamp part is now, so discord.py's created_at looks sensible."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_snowflake_counter) & 0x3FFFFF)


def iso_time(dt: datetime | None = None) -> str:
    return (dt or datetime.now(UTC)).isoformat()


# Discord's client languages (https://discord.com/developers/docs/reference#locales): an interaction carries the
# user's, a guild its preferred one.
LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
)  # fmt: skip


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"  # the language of the user's Discord client, sent with each interaction
    # Privacy settings that refuse direct messages from a server's members (and bots): a send answers 403, 50007.
    closed_dms: bool = False
    # The app installed to the user's own account (a user install): its user-installable commands follow the user
    # into servers that never added the bot, DMs and group DMs.
    installed_app: bool = False
    dm_refusals: int = 0  # direct messages refused for it (a bot that retries them shows here)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Channel:
    id: int
    guild_id: int
    name: str
    position: int = 0
    type: int = 0
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    topic: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [
                {
                    "id": str(o["id"]),
                    "type": int(o.get("type", 0)),
                    "allow": str(o.get("allow", 0)),
                    "deny": str(o.get("deny", 0)),
                }
                for o in self.overwrites
            ],
            "topic": self.topic,
            "nsfw": False,
            "parent_id": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_time)

    def to_json(self) -> dict[str, Any]:
        return {
            "user": self.user.to_json(),
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "premium_since": None,
            "communication_disabled_until": None,
            "banner": None,
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    bot_role: Role | None = None
    preferred_locale: str = "en-US"  # the server's language (Server Settings → Community → Overview)
    has_bot: bool = True  # the server added the bot; without it the bot gets no event from it

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def text_channel(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def role(self, name: str) -> Role:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


def describe_uploads(files: list[Attachment], payload: dict[str, Any]) -> None:
    """An uploaded file's description (its alternative text) as the payload's `attachments` give it: each names
    its upload by index (`files[n]`), as Discord's Uploading Files describes."""
    for item in payload.get("attachments") or []:
        index = item.get("id") if isinstance(item, dict) else None
        if isinstance(index, int | str) and str(index).isdigit() and int(index) < len(files):
            description = item.get("description")
            if isinstance(description, str):
                files[int(index)].description = description


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    edited: bool = False
    attachments: list[Attachment] = field(default_factory=list)
    guild_id: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    edited_at: str | None = None
    pings: list[str] = field(default_factory=list)  # who the message notified, each named by its id on purpose

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def iter_components(self) -> Iterable[dict[str, Any]]:
        """Leaf components (buttons, selects) in display order, whatever the nesting."""
        stack = list(reversed(self.components))
        while stack:
            comp = stack.pop()
            children = comp.get("components")
            if isinstance(children, list):
                stack.extend(reversed(children))
            elif comp.get("type") == 9 and isinstance(comp.get("accessory"), dict):  # section
                stack.append(comp["accessory"])
            else:
                yield comp

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(label, custom_id, disabled) for each button, in display order; link buttons have url as id."""
        out: list[tuple[str, str, bool]] = []
        for comp in self.iter_components():
            if comp.get("type") == 2:
                label = comp.get("label") or (comp.get("emoji") or {}).get("name") or ""
                out.append((label, comp.get("custom_id") or comp.get("url") or "", bool(comp.get("disabled"))))
        return out


@dataclass
class MessageEvent:
    """What subscribers (the console) get for every message the bot creates, edits or deletes."""

    kind: str  # "create" | "edit" | "delete"
    message: Message
    interaction: InteractionResult | None = None
