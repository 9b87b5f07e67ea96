"""FakeDiscord: a local, Discord-compatible server for the unmodified discord.py client.

Why: no machine here reaches Discord, and mocking discord.py internals would test our mocks rather
than the bot. This server speaks the real wire protocol (REST under ``/api/v10`` and the gateway
websocket) on loopback, so end-to-end tests, benchmarks and ``skatebot sandbox`` drive the real client.
It enforces the limits Discord enforces (and records every breach in ``violations``) so that a test
fails where a real user would have seen an error. Facts it relies on are in docs/TESTING.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import math
import mimetypes
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

log = logging.getLogger(__name__)

# --- permission bits (Discord's values; kept here so the fake never trusts the client's own table) ---
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
)
# What an invite link typically grants a content bot through its managed role.
DEFAULT_BOT_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY

# Interaction callback types (Discord's numbering).
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

# Interaction types.
IT_APPLICATION_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7

OPTION_TYPES = {
    "subcommand": 1,
    "group": 2,
    "string": 3,
    "integer": 4,
    "boolean": 5,
    "user": 6,
    "channel": 7,
    "role": 8,
    "mentionable": 9,
    "number": 10,
    "attachment": 11,
}

_DISCORD_EPOCH_MS = 1420070400000
_snowflake_counter = itertools.count(1)


def _snowflake() -> int:
    """A snowflake whose timestamp part is now, so discord.py's created_at looks sensible."""
    ms = int(time.time() * 1000) - _DISCORD_EPOCH_MS
    return (ms << 22) | (next(_snowflake_counter) & 0x3FFFFF)


def _iso(dt: datetime | None = None) -> str:
    return (dt or datetime.now(UTC)).isoformat()


# --------------------------------------------------------------------------------------------------
# State model
# --------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
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
    joined_at: str = field(default_factory=_iso)

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


class InteractionResult:
    """The fake's view of one interaction: what the bot answered, and when."""

    def __init__(
        self,
        *,
        server: FakeDiscord,
        type: int,
        guild: Guild,
        channel: Channel,
        user: User,
        source_message: Message | None = None,
    ) -> None:
        self.server = server
        self.id = _snowflake()
        self.token = "itok_" + secrets.token_urlsafe(24)
        self.type = type
        self.guild = guild
        self.channel = channel
        self.user = user
        self.source_message = source_message
        self.payload: dict[str, Any] = {}
        self.dispatched_at: float | None = None
        self.response_type: int | None = None
        self.acked_after: float | None = None
        self.message: Message | None = None
        self.followups: list[Message] = []
        self.ephemeral = False
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        # The message "@original" refers to: the response message, or the clicked message for 6/7.
        self.original: Message | None = None
        self._acked = asyncio.Event()
        self._message_ready = asyncio.Event()

    @property
    def acknowledged(self) -> bool:
        return self._acked.is_set()

    # `timeout` is the agreed public API (tests call result.wait(timeout=...)).
    async def wait(self, timeout: float = 5) -> InteractionResult:  # noqa: ASYNC109
        """Wait for the initial callback; TimeoutError if the bot never answered."""
        await asyncio.wait_for(self._acked.wait(), timeout)
        return self

    async def wait_message(self, timeout: float = 15) -> Message:  # noqa: ASYNC109
        """Wait until the response produced a visible message (immediately, or after a deferral)."""
        await asyncio.wait_for(self._message_ready.wait(), timeout)
        assert self.message is not None
        return self.message

    def __repr__(self) -> str:
        return f"<InteractionResult id={self.id} type={self.type} response_type={self.response_type}>"


class DiscordHTTPError(Exception):
    """Raised inside handlers; turned into Discord's JSON error shape by the middleware."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


@dataclass
class _Bucket:
    limit: int
    per: float
    remaining: int
    reset_at: float


@dataclass
class _Session:
    session_id: str
    shard: tuple[int, int]
    intents: int
    seq: int = 0
    ws: web.WebSocketResponse | None = None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    # Recent dispatches, replayed on RESUME.
    backlog: list[dict[str, Any]] = field(default_factory=list)


# --------------------------------------------------------------------------------------------------
# Limit validation (Discord's numbers)
# --------------------------------------------------------------------------------------------------

_MENTION_USER = re.compile(r"<@!?(\d+)>")
_MENTION_ROLE = re.compile(r"<@&(\d+)>")
_MENTION_EVERYONE = re.compile(r"@(everyone|here)")


def _len_error(path: list[str | int], limit: int, *, minimum: int | None = None) -> tuple[list[str | int], str]:
    if minimum is not None:
        return path, f"Must be between {minimum} and {limit} in length."
    return path, f"Must be {limit} or fewer in length."


def _check_embeds(embeds: Any, errors: list[tuple[list[str | int], str]]) -> None:
    if not isinstance(embeds, list):
        errors.append((["embeds"], "Must be an array."))
        return
    if len(embeds) > 10:
        errors.append(_len_error(["embeds"], 10))
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            errors.append((["embeds", i], "Must be an object."))
            continue
        base: list[str | int] = ["embeds", i]
        for key, limit in (("title", 256), ("description", 4096)):
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                errors.append(_len_error([*base, key], limit))
        footer = (embed.get("footer") or {}).get("text") or ""
        total += len(footer)
        if len(footer) > 2048:
            errors.append(_len_error([*base, "footer", "text"], 2048))
        author = (embed.get("author") or {}).get("name") or ""
        total += len(author)
        if len(author) > 256:
            errors.append(_len_error([*base, "author", "name"], 256))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(_len_error([*base, "fields"], 25))
        for j, fld in enumerate(fields):
            name, value = str(fld.get("name", "")), str(fld.get("value", ""))
            total += len(name) + len(value)
            if not name or len(name) > 256:
                errors.append(_len_error([*base, "fields", j, "name"], 256, minimum=1))
            if not value or len(value) > 1024:
                errors.append(_len_error([*base, "fields", j, "value"], 1024, minimum=1))
    if total > 6000:
        errors.append((["embeds"], "Embed size exceeds maximum size of 6000"))


def _check_components(components: Any, errors: list[tuple[list[str | int], str]]) -> None:
    if not isinstance(components, list):
        errors.append((["components"], "Must be an array."))
        return
    if len(components) > 5:
        errors.append(_len_error(["components"], 5))
    seen: set[str] = set()
    for i, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != 1:
            # Components v2 layouts are passed through; only classic action rows are checked.
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > 5:
            errors.append(_len_error(["components", i, "components"], 5))
        if selects and len(children) > 1:
            errors.append((["components", i, "components"], "A select menu must be alone in its row."))
        for j, comp in enumerate(children):
            path: list[str | int] = ["components", i, "components", j]
            cid = comp.get("custom_id")
            if comp.get("type") == 2 and comp.get("style") == 5:
                if not comp.get("url"):
                    errors.append(([*path, "url"], "Link buttons need a url."))
            elif comp.get("type") == 2 and comp.get("style") == 6:
                pass  # premium button: sku_id, no custom_id
            elif not cid:
                errors.append(([*path, "custom_id"], "This field is required"))
            if cid is not None:
                if len(cid) > 100:
                    errors.append(_len_error([*path, "custom_id"], 100, minimum=1))
                if cid in seen:
                    errors.append(([*path, "custom_id"], "Component custom id cannot be duplicated"))
                seen.add(cid)
            label = comp.get("label")
            if label is not None and len(label) > 80:
                errors.append(_len_error([*path, "label"], 80))


def validate_message(payload: dict[str, Any]) -> list[tuple[list[str | int], str]]:
    """Discord's message limits; an empty list means the payload would be accepted."""
    errors: list[tuple[list[str | int], str]] = []
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            errors.append((["content"], "Must be a string."))
        elif len(content) > 2000:
            errors.append(_len_error(["content"], 2000))
    if payload.get("embeds") is not None:
        _check_embeds(payload["embeds"], errors)
    if payload.get("components") is not None:
        _check_components(payload["components"], errors)
    return errors


def _errors_body(errors: list[tuple[list[str | int], str]]) -> dict[str, Any]:
    """Nest (path, message) pairs the way Discord's 50035 body does; discord.py flattens them back."""
    body: dict[str, Any] = {}
    for path, message in errors:
        node = body
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return body


def would_ping(content: str | None, allowed: dict[str, Any] | None) -> list[str]:
    """Mentions in `content` that Discord would turn into notifications, given allowed_mentions."""
    if not content:
        return []
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    allowed_users = {str(u) for u in (allowed or {}).get("users") or []}
    allowed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
    pings: list[str] = []
    for uid in _MENTION_USER.findall(content):
        if "users" in parse or uid in allowed_users:
            pings.append(f"<@{uid}>")
    for rid in _MENTION_ROLE.findall(content):
        if "roles" in parse or rid in allowed_roles:
            pings.append(f"<@&{rid}>")
    for word in _MENTION_EVERYONE.findall(content):
        if "everyone" in parse:
            pings.append(f"@{word}")
    return pings


# --------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------

JSONResponse = web.Response

# Per-route limits (count, seconds), chosen like Discord's: message writes 5 per 5 s per channel.
_ROUTE_LIMITS: dict[tuple[str, str], tuple[int, float]] = {
    ("POST", "/channels/{channel_id}/messages"): (5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (5, 1.0),
    ("PUT", "/applications/{app_id}/commands"): (2, 1.0),
    ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands"): (2, 1.0),
}
_WEBHOOK_LIMIT = (5, 2.0)
_DEFAULT_LIMIT = (50, 1.0)
_MAJOR_PARAMS = ("channel_id", "guild_id", "webhook_token")


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": with "; charset=utf-8" discord.py would read the body as text.
    resp = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    resp.headers["Content-Type"] = "application/json"
    return resp


def _error(status: int, code: int, message: str) -> DiscordHTTPError:
    return DiscordHTTPError(status, code, message)


def _unknown_channel() -> DiscordHTTPError:
    return _error(404, 10003, "Unknown Channel")


def _unknown_message() -> DiscordHTTPError:
    return _error(404, 10008, "Unknown Message")


def _unknown_interaction() -> DiscordHTTPError:
    return _error(404, 10062, "Unknown interaction")


def _unknown_webhook() -> DiscordHTTPError:
    return _error(404, 10015, "Unknown Webhook")


def _snowflake_param(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except (KeyError, ValueError):
        raise DiscordHTTPError(
            400, 50035, "Invalid Form Body", _errors_body([([name], "Value is not snowflake.")])
        ) from None


@dataclass
class PostHold:
    """Holds channel posts (for crash tests): a post waits for `release`, either before it is stored (the
    sender dies: no message) or after (the sender dies: a message it never heard about)."""

    after_storing: bool
    waiting: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)


# Discord's bounds for option values the command does not bound itself.
STRING_OPTION_MAX = 6000
NUMBER_OPTION_BOUND = 2**53


def _command_data(cmd: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """The `data` of an application-command interaction for a registered command; empty fields left out."""
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"]}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    data.update({key: value for key, value in fields.items() if value or key == "options"})
    return data


class FakeDiscord:
    """A Discord-compatible server on loopback; see the module docstring."""

    def __init__(self, *, global_rate_limit: float | None = None, ack_deadline: float = 3.0) -> None:
        self.global_rate_limit = global_rate_limit
        # 3 s is Discord's; tests of the deadline itself may shorten it.
        self.ack_deadline = ack_deadline
        self.application_id = _snowflake()
        self.bot_token = "fake." + secrets.token_urlsafe(24)
        self.bot_user = User(_snowflake(), "skatebot", bot=True)
        self.owner_user = User(_snowflake(), "app-owner")
        self.guilds: dict[int, Guild] = {}
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.violations: list[str] = []
        self.hold_channel_posts: PostHold | None = None
        # Failures to answer the next channel posts with, as Discord does in an outage: (HTTP status, whether
        # the message was stored before the error). See fail_next_posts.
        self.post_failures: list[tuple[int, bool]] = []
        self.form_fill_seconds = 0.1  # the least time between a form appearing and its submission
        self.errors: list[str] = []  # server-side bugs (500s), kept apart from the bot's violations
        self.request_count = 0
        self.rate_limited_count = 0  # 429s sent, global or per route
        self.global_rate_limited_count = 0
        self.route_counts: Counter[str] = Counter()
        self.interaction_count = 0
        self.api_base = ""
        self.gateway_url = ""
        self.port = 0

        self._messages: dict[int, list[Message]] = {}  # channel id -> messages in order
        self._message_index: dict[int, Message] = {}
        self._global_commands: dict[int, dict[str, Any]] = {}
        self._guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self._interactions: dict[int, InteractionResult] = {}
        self._by_token: dict[str, InteractionResult] = {}
        self._subscribers: list[Callable[[MessageEvent], None]] = []
        self._sessions: dict[str, _Session] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self._buckets: dict[tuple[str, str, tuple[str, ...]], _Bucket] = {}
        self._global_window = (0.0, 0)  # (window start, count)
        self._deadline_handles: list[asyncio.TimerHandle] = []
        self._runner: web.AppRunner | None = None
        self._app = self._build_app()

    # ---------------------------------------------------------------- lifecycle

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._runner = web.AppRunner(self._app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.api_base = f"http://{host}:{self.port}/api/v10"
        self.gateway_url = f"ws://{host}:{self.port}/gateway/"

    async def stop(self) -> None:
        # Websockets first: aiohttp's cleanup would otherwise wait on them for its shutdown timeout.
        for session in self._sessions.values():
            session.queue.put_nowait(None)
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"server shutting down")
        for handle in self._deadline_handles:
            handle.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before maintenance: the client resumes on a new socket."""
        for session in list(self._sessions.values()):
            ws = session.ws
            if ws is not None and not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))

    # ---------------------------------------------------------------- seeding

    def create_user(self, name: str, *, bot: bool = False) -> User:
        user = User(_snowflake(), name, bot=bot)
        self.users[user.id] = user
        return user

    def create_guild(self, name: str, owner: User) -> Guild:
        gid = _snowflake()
        guild = Guild(gid, name, owner.id)
        guild.roles[gid] = Role(gid, gid, "@everyone", DEFAULT_EVERYONE_PERMISSIONS, position=0)
        # Like an invite with permissions: the bot gets a managed role carrying them.
        bot_role = Role(_snowflake(), gid, self.bot_user.name, DEFAULT_BOT_PERMISSIONS, 1, True, self.bot_user.id)
        guild.roles[bot_role.id] = bot_role
        guild.bot_role = bot_role
        guild.members[owner.id] = Member(owner)
        guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role.id])
        self.guilds[gid] = guild
        self._guild_channel(guild, "general", [])
        self._dispatch_guild(guild, "GUILD_CREATE", self._guild_json(guild))
        return guild

    def create_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(_snowflake(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self._dispatch_guild(guild, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def update_role(self, role: Role, *, permissions: int) -> None:
        role.permissions = permissions
        guild = self.guilds[role.guild_id]
        self._dispatch_guild(guild, "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.to_json()})

    def delete_role(self, role: Role) -> None:
        guild = self.guilds[role.guild_id]
        guild.roles.pop(role.id, None)
        for member in guild.members.values():
            if role.id in member.roles:
                member.roles.remove(role.id)
        self._dispatch_guild(guild, "GUILD_ROLE_DELETE", {"guild_id": str(guild.id), "role_id": str(role.id)})

    def add_member(self, guild: Guild, user: User, roles: Sequence[Role] = ()) -> None:
        existing = guild.members.get(user.id)
        member = Member(user, [r.id for r in roles])
        guild.members[user.id] = member
        data = {**member.to_json(), "guild_id": str(guild.id)}
        self._dispatch_guild(guild, "GUILD_MEMBER_UPDATE" if existing else "GUILD_MEMBER_ADD", data)

    def create_channel(self, guild: Guild, name: str, *, overwrites: Sequence[dict[str, Any]] = ()) -> Channel:
        channel = self._guild_channel(guild, name, list(overwrites))
        self._dispatch_guild(guild, "CHANNEL_CREATE", channel.to_json())
        return channel

    def _guild_channel(self, guild: Guild, name: str, overwrites: list[dict[str, Any]]) -> Channel:
        channel = Channel(_snowflake(), guild.id, name, position=len(guild.channels), overwrites=overwrites)
        guild.channels[channel.id] = channel
        self._messages[channel.id] = []
        return channel

    def delete_channel(self, channel: Channel) -> None:
        guild = self.guilds[channel.guild_id]
        guild.channels.pop(channel.id, None)
        self._dispatch_guild(guild, "CHANNEL_DELETE", channel.to_json())

    def set_overwrites(self, channel: Channel, overwrites: Sequence[dict[str, Any]]) -> None:
        channel.overwrites = list(overwrites)
        self._dispatch_guild(self.guilds[channel.guild_id], "CHANNEL_UPDATE", channel.to_json())

    # ---------------------------------------------------------------- queries

    def commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """Registered commands: the guild's (when given) then the global ones."""
        out: list[dict[str, Any]] = []
        if guild is not None:
            out.extend(self._guild_commands.get(guild.id, {}).values())
        out.extend(self._global_commands.values())
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

    @property
    def stats(self) -> dict[str, Any]:
        return {
            "requests": self.request_count,
            "rate_limited": self.rate_limited_count,
            "global_rate_limited": self.global_rate_limited_count,
            "interactions": self.interaction_count,
            "routes": dict(self.route_counts),
        }

    def permissions_for(self, guild: Guild, user_id: int, channel: Channel | None) -> int:
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

    def fail_next_posts(self, status: int, count: int = 1, *, after_storing: bool = False) -> None:
        """Answers the next `count` channel posts with `status` (a 503 outage, a 429), the message stored
        first when `after_storing` (Discord failing after it kept the message)."""
        self.post_failures += [(status, after_storing)] * count

    # ---------------------------------------------------------------- violations & events

    def _violation(self, text: str) -> None:
        log.warning("discord limit violated: %s", text)
        self.violations.append(text)

    def _emit(self, kind: str, message: Message, interaction: InteractionResult | None = None) -> None:
        event = MessageEvent(kind, message, interaction)
        for callback in list(self._subscribers):
            try:
                callback(event)
            except Exception:
                # A broken subscriber (the console) must not break the bot's request.
                log.exception("message subscriber failed")

    # ---------------------------------------------------------------- JSON builders

    def _guild_json(self, guild: Guild) -> dict[str, Any]:
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
            "preferred_locale": "en-US",
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
            "joined_at": _iso(),
            "application_id": None,
            "premium_progress_bar_enabled": False,
        }

    def _message_json(self, msg: Message) -> dict[str, Any]:
        author = self.users.get(msg.author_id) or User(msg.author_id, "unknown")
        data: dict[str, Any] = {
            "id": str(msg.id),
            "type": 0 if msg.interaction_id is None else 20,
            "channel_id": str(msg.channel_id),
            "author": author.to_json(),
            "content": msg.content,
            "timestamp": _iso(datetime.fromtimestamp(((msg.id >> 22) + _DISCORD_EPOCH_MS) / 1000, UTC)),
            "edited_timestamp": msg.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self._attachment_json(a) for a in msg.attachments],
            "embeds": msg.embeds,
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
            result = self._interactions.get(msg.interaction_id)
            if result is not None:
                data["interaction_metadata"] = {
                    "id": str(result.id),
                    "type": result.type,
                    "user": result.user.to_json(),
                    "authorizing_integration_owners": {"0": str(result.guild.id)},
                }
        return data

    def _attachment_json(self, att: Attachment) -> dict[str, Any]:
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

    def _app_json(self) -> dict[str, Any]:
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
        }

    # ---------------------------------------------------------------- aiohttp app

    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        api = "/api/v10"
        r.add_get("/gateway/", self._ws_handler)
        r.add_get("/gateway", self._ws_handler)
        r.add_get(f"{api}/gateway", self._get_gateway)
        r.add_get(f"{api}/gateway/bot", self._get_gateway_bot)
        r.add_get(f"{api}/users/@me", self._get_me)
        r.add_get(f"{api}/users/{{user_id}}", self._get_user)
        r.add_get(f"{api}/oauth2/applications/@me", self._get_app)
        r.add_get(f"{api}/applications/@me", self._get_app)
        for base in (f"{api}/applications/{{app_id}}", f"{api}/applications/{{app_id}}/guilds/{{guild_id}}"):
            r.add_get(f"{base}/commands", self._get_commands)
            r.add_put(f"{base}/commands", self._put_commands)
            r.add_post(f"{base}/commands", self._post_command)
            r.add_get(f"{base}/commands/permissions", self._get_command_permissions)
            r.add_get(f"{base}/commands/{{command_id}}", self._get_command)
            r.add_patch(f"{base}/commands/{{command_id}}", self._patch_command)
            r.add_delete(f"{base}/commands/{{command_id}}", self._delete_command)
        r.add_get(f"{api}/guilds/{{guild_id}}", self._get_guild)
        r.add_get(f"{api}/guilds/{{guild_id}}/channels", self._get_guild_channels)
        r.add_get(f"{api}/guilds/{{guild_id}}/roles", self._get_guild_roles)
        r.add_get(f"{api}/guilds/{{guild_id}}/members/{{user_id}}", self._get_member)
        r.add_get(f"{api}/channels/{{channel_id}}", self._get_channel)
        r.add_post(f"{api}/channels/{{channel_id}}/typing", self._typing)
        r.add_get(f"{api}/channels/{{channel_id}}/messages", self._get_messages)
        r.add_post(f"{api}/channels/{{channel_id}}/messages", self._post_message)
        r.add_get(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", self._get_message)
        r.add_patch(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", self._patch_message)
        r.add_delete(f"{api}/channels/{{channel_id}}/messages/{{message_id}}", self._delete_message)
        r.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", self._callback)
        hook = f"{api}/webhooks/{{app_id}}/{{webhook_token}}"
        r.add_post(hook, self._webhook_post)
        r.add_get(f"{hook}/messages/{{message_id}}", self._webhook_get)
        r.add_patch(f"{hook}/messages/{{message_id}}", self._webhook_patch)
        r.add_delete(f"{hook}/messages/{{message_id}}", self._webhook_delete)
        r.add_get("/attachments/{attachment_id}/{filename}", self._get_attachment)
        return app

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        path = request.path
        if not path.startswith("/api/"):
            return await handler(request)  # gateway, attachments: not REST, no limits
        self.request_count += 1
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else path
        route = template.removeprefix("/api/v10")
        self.route_counts[f"{request.method} {route}"] += 1
        is_callback = route.startswith("/interactions/")
        is_webhook = route.startswith("/webhooks/")
        # Errors after the bucket check still carry its headers, as Discord's do.
        headers: dict[str, str] = {}
        try:
            if not (is_callback or is_webhook) and request.match_info.http_exception is None:
                if request.headers.get("Authorization") != f"Bot {self.bot_token}":
                    raise _error(401, 0, "401: Unauthorized")
            # Discord does not rate-limit interaction callbacks.
            if not is_callback and self.global_rate_limit is not None:
                limited = self._check_global()
                if limited is not None:
                    return limited
            headers, limited_resp = self._check_bucket(request, route, is_webhook, is_callback)
            if limited_resp is not None:
                return limited_resp
            if request.match_info.http_exception is not None:
                status = request.match_info.http_exception.status
                raise _error(status, 0, "404: Not Found" if status == 404 else "405: Method Not Allowed")
            resp = await handler(request)
        except DiscordHTTPError as exc:
            body: dict[str, Any] = {"message": exc.message, "code": exc.code}
            if exc.errors is not None:
                body["errors"] = exc.errors
            resp = _json(body, exc.status)
        except web.HTTPException:
            raise
        except Exception as exc:
            log.exception("FakeDiscord handler failed for %s %s", request.method, path)
            self.errors.append(f"{request.method} {path}: {exc!r}")
            resp = _json({"message": "500: Internal Server Error", "code": 0}, 500)
        resp.headers.update(headers)
        return resp

    def _check_global(self) -> web.Response | None:
        assert self.global_rate_limit is not None
        now = time.monotonic()
        start, count = self._global_window
        if now - start >= 1.0:
            start, count = now, 0
        if count >= self.global_rate_limit:
            retry_after = max(0.001, 1.0 - (now - start))
            self.rate_limited_count += 1
            self.global_rate_limited_count += 1
            self._global_window = (start, count)
            return _json(
                {
                    "message": "You are being rate limited.",
                    "retry_after": round(retry_after, 3),
                    "global": True,
                },
                429,
                headers={
                    "Via": "1.1 google",
                    "Retry-After": str(math.ceil(retry_after)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                },
            )
        self._global_window = (start, count + 1)
        return None

    def _check_bucket(
        self, request: web.Request, route: str, is_webhook: bool, is_callback: bool
    ) -> tuple[dict[str, str], web.Response | None]:
        if is_callback:
            limit, per = (1000, 1.0)
        elif is_webhook:
            limit, per = _WEBHOOK_LIMIT
        else:
            limit, per = _ROUTE_LIMITS.get((request.method, route), _DEFAULT_LIMIT)
        major = tuple(request.match_info.get(p, "") for p in _MAJOR_PARAMS)
        key = (request.method, route, major)
        now = time.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None or now >= bucket.reset_at:
            bucket = _Bucket(limit, per, limit, now + per)
            self._buckets[key] = bucket
        bucket_hash = hashlib.sha1(f"{request.method} {route}".encode()).hexdigest()[:16]
        reset_after = max(0.0, bucket.reset_at - now)
        if bucket.remaining <= 0:
            self.rate_limited_count += 1
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(math.ceil(reset_after)),
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": bucket_hash,
                "X-RateLimit-Scope": "user",
            }
            body = {
                "message": "You are being rate limited.",
                "retry_after": round(reset_after, 3),
                "global": False,
            }
            return headers, _json(body, 429, headers=headers)
        bucket.remaining -= 1
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash,
        }
        return headers, None

    # ---------------------------------------------------------------- request helpers

    async def _read_payload(self, request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
        """JSON body, or multipart payload_json + files[n] as discord.py sends attachments."""
        files: list[Attachment] = []
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            async for part in reader:
                if part is None or not hasattr(part, "name"):
                    continue
                name = part.name or ""
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = self._loads(raw)
                elif name.startswith("files["):
                    filename = part.filename or "file"  # type: ignore[union-attr]
                    ctype = part.headers.get("Content-Type")
                    if ctype in (None, "application/octet-stream"):
                        # Discord gives an attachment the media type of its file name (discord.py always
                        # uploads octet-stream): "x.jsonld" is application/ld+json.
                        ctype = mimetypes.guess_type(filename)[0] or ctype
                    files.append(Attachment(_snowflake(), filename, bytes(raw), ctype))
            return payload, files
        raw = await request.read()
        if not raw:
            return {}, files
        return self._loads(raw), files

    @staticmethod
    def _loads(raw: bytes | bytearray) -> dict[str, Any]:
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise _error(400, 50109, "The request body contains invalid JSON.") from None
        if not isinstance(data, dict):
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body([(["_root"], "Must be an object.")]))
        return data

    def _channel(self, channel_id: int) -> tuple[Guild, Channel]:
        for guild in self.guilds.values():
            channel = guild.channels.get(channel_id)
            if channel is not None:
                return guild, channel
        raise _unknown_channel()

    def _require_perms(self, guild: Guild, channel: Channel, needed: int) -> None:
        perms = self.permissions_for(guild, self.bot_user.id, channel)
        if perms & needed != needed:
            raise _error(403, 50013, "Missing Permissions")

    def _validate_or_raise(self, payload: dict[str, Any], where: str) -> None:
        errors = validate_message(payload)
        if errors:
            for path, message in errors:
                self._violation(f"{where}: {'.'.join(map(str, path))}: {message}")
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body(errors))

    def _check_mentions(self, payload: dict[str, Any], where: str) -> None:
        pings = would_ping(payload.get("content"), payload.get("allowed_mentions"))
        if pings:
            self._violation(f"{where}: message would ping {', '.join(pings)} (allowed_mentions does not block it)")

    def _new_message(
        self,
        guild: Guild,
        channel: Channel,
        payload: dict[str, Any],
        files: list[Attachment],
        *,
        interaction: InteractionResult | None = None,
        extra_flags: int = 0,
    ) -> Message:
        msg = Message(
            id=_snowflake(),
            channel_id=channel.id,
            author_id=self.bot_user.id,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=(int(payload.get("flags") or 0) & (FLAG_EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15))) | extra_flags,
            attachments=files,
            guild_id=guild.id,
            interaction_id=interaction.id if interaction is not None else None,
            webhook_id=self.application_id if interaction is not None else None,
        )
        self._messages.setdefault(channel.id, []).append(msg)
        self._message_index[msg.id] = msg
        return msg

    def _apply_edit(self, msg: Message, payload: dict[str, Any], files: list[Attachment]) -> None:
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
            msg.flags = (msg.flags & ~(1 << 2)) | (int(payload["flags"]) & (1 << 2))
        msg.flags &= ~FLAG_LOADING
        msg.edited = True
        msg.edited_at = _iso()

    # ---------------------------------------------------------------- REST: identity & gateway

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url.rstrip("/")})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.gateway_url.rstrip("/"),
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        return _json({**self.bot_user.to_json(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(_snowflake_param(request, "user_id"))
        if user is None:
            raise _error(404, 10013, "Unknown User")
        return _json(user.to_json())

    async def _get_app(self, request: web.Request) -> web.Response:
        return _json(self._app_json())

    # ---------------------------------------------------------------- REST: guilds & channels

    def _guild_param(self, request: web.Request) -> Guild:
        guild = self.guilds.get(_snowflake_param(request, "guild_id"))
        if guild is None:
            raise _error(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_param(request)
        data = self._guild_json(guild)
        for key in ("channels", "members", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return _json(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        return _json([c.to_json() for c in self._guild_param(request).channels.values()])

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        return _json([r.to_json() for r in self._guild_param(request).roles.values()])

    async def _get_member(self, request: web.Request) -> web.Response:
        member = self._guild_param(request).members.get(_snowflake_param(request, "user_id"))
        if member is None:
            raise _error(404, 10007, "Unknown Member")
        return _json(member.to_json())

    async def _get_channel(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(_snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL)
        return _json(channel.to_json())

    async def _typing(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(_snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL | SEND_MESSAGES)
        return web.Response(status=204)

    async def _get_messages(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(_snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        q = request.query
        try:
            limit = int(q.get("limit", "50"))
            before = int(q["before"]) if "before" in q else None
            after = int(q["after"]) if "after" in q else None
            around = int(q["around"]) if "around" in q else None
        except ValueError:
            raise DiscordHTTPError(
                400, 50035, "Invalid Form Body", _errors_body([(["limit"], "Value is not int.")])
            ) from None
        if not 1 <= limit <= 100:
            raise DiscordHTTPError(
                400, 50035, "Invalid Form Body", _errors_body([(["limit"], "Must be between 1 and 100.")])
            )
        history = self.messages(channel)  # oldest first
        if before is not None:
            picked = [m for m in history if m.id < before][-limit:]
        elif after is not None:
            picked = [m for m in history if m.id > after][:limit]
        elif around is not None:
            older = [m for m in history if m.id < around][-(limit // 2) :] if limit > 1 else []
            newer = [m for m in history if m.id >= around][: limit - len(older)]
            picked = older + newer
        else:
            picked = history[-limit:]
        # Discord returns newest first.
        return _json([self._message_json(m) for m in reversed(picked)])

    def _channel_message(self, request: web.Request) -> tuple[Guild, Channel, Message]:
        guild, channel = self._channel(_snowflake_param(request, "channel_id"))
        msg = self._message_index.get(_snowflake_param(request, "message_id"))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise _unknown_message()
        return guild, channel, msg

    async def _get_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        self._require_perms(guild, channel, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        return _json(self._message_json(msg))

    async def _post_message(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(_snowflake_param(request, "channel_id"))
        payload, files = await self._read_payload(request)
        needed = VIEW_CHANNEL | SEND_MESSAGES
        if payload.get("embeds"):
            needed |= EMBED_LINKS
        if files:
            needed |= ATTACH_FILES
        self._require_perms(guild, channel, needed)
        if not (payload.get("content") or payload.get("embeds") or files or payload.get("components")):
            raise _error(400, 50006, "Cannot send an empty message")
        where = f"POST /channels/{channel.id}/messages (#{channel.name})"
        self._validate_or_raise(payload, where)
        self._check_mentions(payload, where)
        hold = self.hold_channel_posts
        if hold is not None and not hold.after_storing:
            await self._held(request, hold)  # the post is not made if the sender is gone meanwhile
        failure = self.post_failures.pop(0) if self.post_failures else None
        if failure is not None and not failure[1]:
            raise _error(failure[0], 0, "Service Unavailable (injected)")
        msg = self._new_message(guild, channel, payload, files)
        self._emit("create", msg)
        self._dispatch_guild(guild, "MESSAGE_CREATE", self._message_json(msg), intent=1 << 9)
        if hold is not None and hold.after_storing:
            await self._held(request, hold)  # the post is made; the sender never hears back if it dies
        if failure is not None:
            raise _error(failure[0], 0, "Service Unavailable (injected)")  # stored, yet reported as failed
        return _json(self._message_json(msg))

    async def _held(self, request: web.Request, hold: PostHold) -> None:
        hold.waiting.set()
        await hold.release.wait()
        transport = request.transport
        if transport is None or transport.is_closing():
            raise ConnectionResetError("the sender went away while its post was held")

    async def _patch_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        if msg.author_id != self.bot_user.id:
            raise _error(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self._read_payload(request)
        where = f"PATCH /channels/{channel.id}/messages/{msg.id} (#{channel.name})"
        self._validate_or_raise(payload, where)
        self._check_mentions(payload, where)
        self._apply_edit(msg, payload, files)
        self._emit("edit", msg)
        self._dispatch_guild(guild, "MESSAGE_UPDATE", self._message_json(msg), intent=1 << 9)
        return _json(self._message_json(msg))

    async def _delete_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        if msg.author_id != self.bot_user.id:
            self._require_perms(guild, channel, VIEW_CHANNEL | MANAGE_MESSAGES)
        self._delete(guild, msg)
        return web.Response(status=204)

    def _delete(self, guild: Guild, msg: Message, interaction: InteractionResult | None = None) -> None:
        msg.deleted = True
        self._emit("delete", msg, interaction)
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id), "guild_id": str(guild.id)}
            self._dispatch_guild(guild, "MESSAGE_DELETE", data, intent=1 << 9)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        for msg in self._message_index.values():
            for att in msg.attachments:
                if str(att.id) == request.match_info["attachment_id"]:
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404)

    # ---------------------------------------------------------------- REST: application commands

    def _command_store(self, request: web.Request) -> tuple[dict[int, dict[str, Any]], int | None]:
        if request.match_info.get("app_id") != str(self.application_id):
            raise _error(403, 50001, "Missing Access")
        if "guild_id" in request.match_info:
            guild = self._guild_param(request)
            return self._guild_commands.setdefault(guild.id, {}), guild.id
        return self._global_commands, None

    def _normalise_command(self, data: dict[str, Any], guild_id: int | None, cid: int | None) -> dict[str, Any]:
        name = data.get("name")
        # Slash commands (type 1) have lower-case word names; user and message context menus (2, 3) may
        # have spaces and capitals ("Report story"), up to 32 characters.
        if int(data.get("type") or 1) == 1:
            valid = isinstance(name, str) and bool(re.fullmatch(r"[-_\w]{1,32}", name)) and name == name.lower()
        else:
            valid = isinstance(name, str) and 1 <= len(name.strip()) <= 32
        if not valid:
            raise DiscordHTTPError(
                400,
                50035,
                "Invalid Form Body",
                _errors_body([(["name"], "Invalid application command name")]),
            )
        ctype = int(data.get("type", 1))
        description = data.get("description", "")
        if ctype == 1 and not 1 <= len(description) <= 100:
            raise DiscordHTTPError(
                400,
                50035,
                "Invalid Form Body",
                _errors_body([(["description"], "Must be between 1 and 100.")]),
            )
        if len(data.get("options") or []) > 25:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body([(["options"], "Max 25.")]))
        cmd = dict(data)
        cmd.update(
            {
                "id": str(cid or _snowflake()),
                "application_id": str(self.application_id),
                "version": str(_snowflake()),
                "type": ctype,
                "description": description,
                "options": list(data.get("options") or []),
                "default_member_permissions": data.get("default_member_permissions"),
                "nsfw": bool(data.get("nsfw", False)),
            }
        )
        if guild_id is not None:
            cmd["guild_id"] = str(guild_id)
        return cmd

    async def _get_commands(self, request: web.Request) -> web.Response:
        store, _ = self._command_store(request)
        return _json(list(store.values()))

    async def _put_commands(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        raw = await request.read()
        try:
            data = json.loads(raw or b"[]")
        except ValueError:
            raise _error(400, 50109, "The request body contains invalid JSON.") from None
        if not isinstance(data, list):
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body([(["_root"], "Must be an array.")]))
        if len(data) > 100:
            raise DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body([(["_root"], "Max 100.")]))
        # Bulk overwrite keeps ids of commands that still exist (matched by name and type), like Discord.
        by_name = {(c["name"], c["type"]): int(c["id"]) for c in store.values()}
        new = [
            self._normalise_command(d, guild_id, by_name.get((d.get("name"), int(d.get("type", 1)))))
            for d in data
            if isinstance(d, dict)
        ]
        store.clear()
        for cmd in new:
            store[int(cmd["id"])] = cmd
        return _json(new)

    async def _post_command(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        payload, _ = await self._read_payload(request)
        existing = next((c for c in store.values() if c["name"] == payload.get("name")), None)
        cmd = self._normalise_command(payload, guild_id, int(existing["id"]) if existing else None)
        store[int(cmd["id"])] = cmd
        return _json(cmd, 200 if existing else 201)

    def _command_param(self, request: web.Request) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
        store, _ = self._command_store(request)
        cmd = store.get(_snowflake_param(request, "command_id"))
        if cmd is None:
            raise _error(404, 10063, "Unknown application command")
        return store, cmd

    async def _get_command(self, request: web.Request) -> web.Response:
        return _json(self._command_param(request)[1])

    async def _patch_command(self, request: web.Request) -> web.Response:
        store, cmd = self._command_param(request)
        _, guild_id = self._command_store(request)
        payload, _ = await self._read_payload(request)
        updated = self._normalise_command({**cmd, **payload}, guild_id, int(cmd["id"]))
        store[int(cmd["id"])] = updated
        return _json(updated)

    async def _delete_command(self, request: web.Request) -> web.Response:
        store, cmd = self._command_param(request)
        del store[int(cmd["id"])]
        return web.Response(status=204)

    async def _get_command_permissions(self, request: web.Request) -> web.Response:
        self._command_store(request)
        return _json([])

    # ---------------------------------------------------------------- gateway

    async def _ws_handler(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: _Session | None = None
        writer: asyncio.Task[None] | None = None
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    if frame.type == WSMsgType.BINARY:
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                    continue
                try:
                    msg = json.loads(frame.data)
                    op = msg["op"]
                except (ValueError, KeyError, TypeError):
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                data = msg.get("d")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2 and session is None:
                    session = await self._identify(ws, data)
                    if session is not None:
                        writer = asyncio.create_task(self._writer(session, ws))
                elif op == 6 and session is None:
                    session = await self._resume(ws, data)
                    if session is not None:
                        writer = asyncio.create_task(self._writer(session, ws))
                elif op == 8 and session is not None:
                    self._member_chunk(session, data or {})
                elif op in (3, 4):
                    pass  # presence / voice updates: accepted, nothing to emulate
                elif op in (2, 6):
                    await ws.close(code=4005, message=b"Already authenticated.")
                    break
                else:
                    await ws.close(code=4001, message=b"Unknown opcode.")
                    break
        finally:
            self._sockets.discard(ws)
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await writer
            if session is not None and session.ws is ws:
                session.ws = None
                if ws.close_code == 1000:
                    # A clean client close ends the session on Discord: it cannot be resumed.
                    self._sessions.pop(session.session_id, None)
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: Any) -> _Session | None:
        if not isinstance(data, dict) or data.get("token") not in (self.bot_token, f"Bot {self.bot_token}"):
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard_raw = data.get("shard") or [0, 1]
        shard = (int(shard_raw[0]), max(1, int(shard_raw[1])))
        session = _Session(secrets.token_hex(16), shard, int(data.get("intents", 0)), ws=ws)
        self._sessions[session.session_id] = session
        mine = [g for g in self.guilds.values() if self._shard_of(g.id, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": {**self.bot_user.to_json(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": list(shard),
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }
        self._enqueue(session, "READY", ready)
        for guild in mine:
            self._enqueue(session, "GUILD_CREATE", self._guild_json(guild))
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: Any) -> _Session | None:
        session = self._sessions.get((data or {}).get("session_id", "")) if isinstance(data, dict) else None
        if session is None or (data or {}).get("token") not in (self.bot_token, f"Bot {self.bot_token}"):
            # d=false: discord.py drops the session and re-IDENTIFIES on a fresh socket.
            await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
            return None
        if session.ws is not None and session.ws is not ws:
            with contextlib.suppress(Exception):
                await session.ws.close(code=4000, message=b"Session resumed elsewhere.")
        session.ws = ws
        seq = int(data.get("seq") or 0)
        session.queue = asyncio.Queue()
        for event in session.backlog:
            if event["s"] > seq:
                session.queue.put_nowait(event)
        self._enqueue(session, "RESUMED", {})
        return session

    def _member_chunk(self, session: _Session, data: dict[str, Any]) -> None:
        guild = self.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.to_json() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self._enqueue(session, "GUILD_MEMBERS_CHUNK", chunk)

    @staticmethod
    def _shard_of(guild_id: int, shard_count: int) -> int:
        return (guild_id >> 22) % shard_count

    def _enqueue(self, session: _Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.backlog.append(frame)
        if len(session.backlog) > 1000:
            del session.backlog[:500]
        # While disconnected, events only go to the backlog; RESUME replays them in order.
        if session.ws is not None:
            session.queue.put_nowait(frame)

    async def _writer(self, session: _Session, ws: web.WebSocketResponse) -> None:
        """One writer per socket keeps dispatch order (mutations before the interaction that follows)."""
        queue = session.queue
        while True:
            frame = await queue.get()
            if frame is None or ws.closed:
                return
            if frame["t"] == "INTERACTION_CREATE":
                result = self._interactions.get(int(frame["d"]["id"]))
                if result is not None:
                    result.dispatched_at = time.monotonic()
            try:
                await ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    def _shard_sessions(self, guild_id: int) -> list[_Session]:
        """Sessions that should see this guild's events, including ones waiting to RESUME."""
        return [s for s in self._sessions.values() if self._shard_of(guild_id, s.shard[1]) == s.shard[0]]

    def _live_sessions(self, guild_id: int) -> list[_Session]:
        return [
            s
            for s in self._sessions.values()
            if s.ws is not None and not s.ws.closed and self._shard_of(guild_id, s.shard[1]) == s.shard[0]
        ]

    def _dispatch_guild(self, guild: Guild, event: str, data: dict[str, Any], *, intent: int | None = None) -> None:
        for session in self._shard_sessions(guild.id):
            if intent is None or session.intents & intent:
                self._enqueue(session, event, data)

    # ---------------------------------------------------------------- interactions: sending

    def _find_command(self, guild: Guild, name: str) -> dict[str, Any]:
        for cmd in self.commands(guild):
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        names = sorted({c["name"] for c in self.commands(guild) if c.get("type", 1) == 1})
        raise ValueError(f"unknown command /{name}; registered: {', '.join('/' + n for n in names) or 'none'}")

    def resolve_command(self, guild: Guild, command: str) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        """(command JSON, path of sub-names, option schemas of the leaf) for 'story source add'."""
        words = command.strip().lstrip("/").split()
        if not words:
            raise ValueError("empty command")
        cmd = self._find_command(guild, words[0])
        options: list[dict[str, Any]] = cmd.get("options") or []
        path: list[str] = []
        for word in words[1:]:
            sub = next((o for o in options if o.get("type") in (1, 2) and o["name"] == word), None)
            if sub is None:
                subs = [o["name"] for o in options if o.get("type") in (1, 2)]
                raise ValueError(f"/{' '.join(words[:1] + path)} has no subcommand {word!r}; choose from {subs}")
            path.append(word)
            options = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in options):
            subs = [o["name"] for o in options if o.get("type") in (1, 2)]
            raise ValueError(f"/{' '.join(words)} needs a subcommand: {', '.join(subs)}")
        return cmd, path, options

    def _option_value(
        self, guild: Guild, member_id: int, schema: dict[str, Any], value: Any, resolved: dict[str, Any]
    ) -> Any:
        name, otype = schema["name"], schema.get("type")
        if otype == 3:
            if not isinstance(value, str):
                value = str(value)
            if "min_length" in schema and len(value) < schema["min_length"]:
                raise ValueError(f"{name}: shorter than {schema['min_length']}")
            # Discord's client takes at most 6,000 characters in a string option unless max_length says less.
            max_length = schema.get("max_length", STRING_OPTION_MAX)
            if len(value) > max_length:
                raise ValueError(f"{name}: longer than {max_length}")
        elif otype in (4, 10):
            try:
                value = int(value) if otype == 4 else float(value)
            except (TypeError, ValueError):
                raise ValueError(f"{name}: expected {'an integer' if otype == 4 else 'a number'}") from None
            # Without bounds of its own, a number option takes what JavaScript holds exactly: -2^53 .. 2^53.
            low = schema["min_value"] if schema.get("min_value") is not None else -NUMBER_OPTION_BOUND
            high = schema["max_value"] if schema.get("max_value") is not None else NUMBER_OPTION_BOUND
            if value < low:
                raise ValueError(f"{name}: below {low}")
            if value > high:
                raise ValueError(f"{name}: above {high}")
        elif otype == 5:
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "yes", "no"):
                    raise ValueError(f"{name}: expected true or false")
                value = value.lower() in ("true", "yes")
            value = bool(value)
        elif otype in (6, 7, 8, 9):
            return self._resolve_entity(guild, member_id, schema, value, resolved)
        elif otype == 11:
            filename, data = value if isinstance(value, tuple) else ("file", bytes(value))
            att = Attachment(_snowflake(), filename, data)
            resolved.setdefault("attachments", {})[str(att.id)] = self._attachment_json(att)
            return str(att.id)
        choices = schema.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            labels = ", ".join(f"{c['name']}={c['value']!r}" for c in choices)
            raise ValueError(f"{name}: {value!r} is not one of the choices ({labels})")
        return value

    def _resolve_entity(
        self, guild: Guild, member_id: int, schema: dict[str, Any], value: Any, resolved: dict[str, Any]
    ) -> str:
        otype, name = schema["type"], schema["name"]
        if isinstance(value, User | Role | Channel):
            target: Any = value
        else:
            try:
                oid = int(str(value).strip("<@!&#>"))
            except ValueError:
                target = self._entity_by_name(guild, str(value), otype)
            else:
                target = self.users.get(oid) or guild.roles.get(oid) or guild.channels.get(oid)
            if target is None:
                raise ValueError(f"{name}: no user, role or channel matches {value!r}")
        if isinstance(target, User) and otype in (6, 9):
            resolved.setdefault("users", {})[str(target.id)] = target.to_json()
            member = guild.members.get(target.id)
            if member is not None:
                mdata = member.to_json()
                mdata.pop("user")
                mdata["permissions"] = str(self.permissions_for(guild, target.id, None))
                resolved.setdefault("members", {})[str(target.id)] = mdata
        elif isinstance(target, Role) and otype in (8, 9):
            resolved.setdefault("roles", {})[str(target.id)] = target.to_json()
        elif isinstance(target, Channel) and otype == 7:
            types = schema.get("channel_types")
            if types and target.type not in types:
                raise ValueError(f"{name}: channel type {target.type} not allowed ({types})")
            resolved.setdefault("channels", {})[str(target.id)] = {
                "id": str(target.id),
                "name": target.name,
                "type": target.type,
                "permissions": str(self.permissions_for(guild, member_id, target)),
                "parent_id": None,
            }
        else:
            raise ValueError(f"{name}: {target!r} is the wrong kind of value for option type {otype}")
        return str(target.id)

    def _entity_by_name(self, guild: Guild, text: str, otype: int) -> Any:
        text = text.lstrip("@#")
        if otype in (6, 9):
            for member in guild.members.values():
                if member.user.name == text:
                    return member.user
        if otype in (8, 9):
            for role in guild.roles.values():
                if role.name == text:
                    return role
        if otype == 7:
            for channel in guild.channels.values():
                if channel.name == text:
                    return channel
        return None

    def build_options(
        self,
        guild: Guild,
        member_id: int,
        command: str,
        options: dict[str, Any] | None,
        *,
        focused: str | None = None,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """(command, typed options tree, resolved) from the registered schema, as Discord's client would."""
        cmd, path, schema = self.resolve_command(guild, command)
        options = dict(options or {})
        by_name = {o["name"]: o for o in schema}
        unknown = [k for k in options if k not in by_name]
        if unknown:
            known = ", ".join(by_name) or "none"
            raise ValueError(f"/{command}: unknown option(s) {', '.join(unknown)}; options are: {known}")
        if focused is not None and focused not in by_name:
            raise ValueError(f"/{command}: unknown option {focused!r}")
        resolved: dict[str, Any] = {}
        leaf: list[dict[str, Any]] = []
        for opt in schema:
            oname = opt["name"]
            if oname == focused:
                # The focused value is whatever has been typed so far, always as text.
                leaf.append(
                    {
                        "name": oname,
                        "type": opt["type"],
                        "value": str(options.get(oname, "")),
                        "focused": True,
                    }
                )
                continue
            if oname not in options:
                if opt.get("required") and focused is None:
                    raise ValueError(f"/{command}: missing required option {oname!r}")
                continue
            value = self._option_value(guild, member_id, opt, options[oname], resolved)
            leaf.append({"name": oname, "type": opt["type"], "value": value})
        tree = leaf
        node_schema: list[dict[str, Any]] = cmd.get("options") or []
        chain: list[dict[str, Any]] = []
        for word in path:
            sub = next(o for o in node_schema if o["name"] == word)
            chain.append(sub)
            node_schema = sub.get("options") or []
        for sub in reversed(chain):
            tree = [{"name": sub["name"], "type": sub["type"], "options": tree}]
        return cmd, tree, resolved

    def _interaction_payload(self, result: InteractionResult, data: dict[str, Any]) -> dict[str, Any]:
        guild, channel, user = result.guild, result.channel, result.user
        member = guild.members.get(user.id)
        if member is None:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        channel_json = channel.to_json()
        channel_json["permissions"] = str(self.permissions_for(guild, user.id, channel))
        payload: dict[str, Any] = {
            "id": str(result.id),
            "application_id": str(self.application_id),
            "type": result.type,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": channel_json,
            "member": {**member.to_json(), "permissions": str(self.permissions_for(guild, user.id, channel))},
            "token": result.token,
            "version": 1,
            "app_permissions": str(self.permissions_for(guild, self.bot_user.id, channel)),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if result.source_message is not None:
            payload["message"] = self._message_json(result.source_message)
        return payload

    def _dispatch_interaction(self, result: InteractionResult, data: dict[str, Any]) -> None:
        sessions = self._live_sessions(result.guild.id)
        if not sessions:
            raise RuntimeError("the bot is not connected to the gateway")
        if result.channel.id not in result.guild.channels:
            raise ValueError(f"#{result.channel.name} does not exist (any more)")
        result.payload = self._interaction_payload(result, data)
        self._interactions[result.id] = result
        self._by_token[result.token] = result
        self.interaction_count += 1
        # Dispatch time is stamped by the writer as the frame leaves; this is the fallback.
        result.dispatched_at = time.monotonic()
        self._enqueue(sessions[0], "INTERACTION_CREATE", result.payload)
        loop = asyncio.get_running_loop()
        self._deadline_handles.append(loop.call_later(self.ack_deadline + 0.05, self._check_ack, result))
        if len(self._deadline_handles) > 10000:
            self._deadline_handles = [h for h in self._deadline_handles if not h.cancelled()][-1000:]

    def _check_ack(self, result: InteractionResult) -> None:
        if not result.acknowledged:
            what = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}.get(result.type)
            self._violation(
                f"{what} interaction {result.id} was not acknowledged within {self.ack_deadline:g} s "
                "(users see 'The application did not respond')"
            )

    def _check_user(self, guild: Guild, channel: Channel, user: User) -> None:
        perms = self.permissions_for(guild, user.id, channel)
        if not perms & VIEW_CHANNEL:
            raise ValueError(f"{user.name} cannot see #{channel.name}")

    async def slash(
        self,
        guild: Guild,
        channel: Channel,
        user: User,
        command: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """Run a slash command as `user` would; returns at once (await result.wait() for the callback)."""
        self._check_user(guild, channel, user)
        if not self.permissions_for(guild, user.id, channel) & USE_APPLICATION_COMMANDS:
            raise ValueError(f"{user.name} may not use application commands in #{channel.name}")
        cmd, tree, resolved = self.build_options(guild, user.id, command, options)
        data = _command_data(cmd, type=1, options=tree, resolved=resolved)
        result = InteractionResult(server=self, type=IT_APPLICATION_COMMAND, guild=guild, channel=channel, user=user)
        self._dispatch_interaction(result, data)
        return result

    async def message_command(self, guild: Guild, user: User, command: str, message: Message) -> InteractionResult:
        """Use a message context menu ("Apps > Report story") on `message`, as `user` would."""
        channel = guild.channels.get(message.channel_id)
        if channel is None:
            raise ValueError("that message's channel is gone")
        self._check_user(guild, channel, user)
        cmd = next((c for c in self.commands(guild) if c.get("type") == 3 and c["name"] == command), None)
        if cmd is None:
            raise ValueError(f"no message command named {command!r} is registered")
        resolved = {"messages": {str(message.id): self._message_json(message)}}
        data = _command_data(cmd, type=3, target_id=str(message.id), resolved=resolved)
        result = InteractionResult(server=self, type=IT_APPLICATION_COMMAND, guild=guild, channel=channel, user=user)
        self._dispatch_interaction(result, data)
        return result

    async def autocomplete(
        self,
        guild: Guild,
        channel: Channel,
        user: User,
        command: str,
        options: dict[str, Any],
        focused: str,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for `focused`, given what is typed so far ([] if it never answers)."""
        self._check_user(guild, channel, user)
        cmd, tree, resolved = self.build_options(guild, user.id, command, options, focused=focused)
        data = _command_data(cmd, type=1, options=tree, resolved=resolved)
        result = InteractionResult(server=self, type=IT_AUTOCOMPLETE, guild=guild, channel=channel, user=user)
        self._dispatch_interaction(result, data)
        try:
            await result.wait(timeout=self.ack_deadline + 0.1)
        except TimeoutError:
            return []
        return list(result.choices or [])

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        guild: Guild | None = None,
        values: Sequence[str] | None = None,
    ) -> InteractionResult:
        """Press a button (or pick `values` in a select) on a message the bot posted."""
        if message.author_id != self.bot_user.id:
            raise ValueError("only components on the bot's own messages can be used")
        if message.deleted:
            raise ValueError("that message was deleted")
        guild = guild or self.guilds.get(message.guild_id or 0)
        if guild is None:
            raise ValueError("message has no guild")
        channel = guild.channels.get(message.channel_id)
        if channel is None:
            raise ValueError("the message's channel no longer exists")
        comp = next((c for c in message.iter_components() if c.get("custom_id") == custom_id), None)
        if comp is None:
            ids = [c.get("custom_id") for c in message.iter_components()]
            raise ValueError(f"no component {custom_id!r} on message {message.id}; present: {ids}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        self._check_user(guild, channel, user)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp.get("type", 2)}
        if comp.get("type") != 2:
            data["values"] = list(values or [])
        result = InteractionResult(
            server=self, type=IT_COMPONENT, guild=guild, channel=channel, user=user, source_message=message
        )
        self._dispatch_interaction(result, data)
        return result

    async def submit_modal(self, user: User, result: InteractionResult, values: dict[str, str]) -> InteractionResult:
        """Answer the modal the bot opened in `result` (a type-9 response) with the given text values."""
        if result.response_type != MODAL or result.modal is None:
            raise ValueError("that interaction did not open a modal")
        values = dict(values)
        inputs: list[dict[str, Any]] = []

        def convert(comp: dict[str, Any]) -> dict[str, Any]:
            if comp.get("type") == 4:
                cid = comp["custom_id"]
                inputs.append(comp)
                value = values.pop(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal field {cid!r} is required")
                if comp.get("max_length") is not None and len(value) > comp["max_length"]:
                    raise ValueError(f"modal field {cid!r} is longer than {comp['max_length']}")
                return {"type": 4, "custom_id": cid, "value": value}
            out: dict[str, Any] = {"type": comp.get("type")}
            if "id" in comp:
                out["id"] = comp["id"]
            if isinstance(comp.get("components"), list):
                out["components"] = [convert(c) for c in comp["components"]]
            if isinstance(comp.get("component"), dict):
                out["component"] = convert(comp["component"])
            return out

        components = [convert(c) for c in result.modal.get("components") or []]
        if values:
            raise ValueError(f"unknown modal field(s) {sorted(values)}; fields: {[c['custom_id'] for c in inputs]}")
        # No one fills in a form in an instant, and discord.py registers a modal only once Discord has answered
        # the callback that opened it: a submission sent the moment the form appeared could reach the bot first
        # and be dropped as unknown, which no real user can cause.
        shown = (result.dispatched_at or 0.0) + (result.acked_after or 0.0)
        wait = shown + self.form_fill_seconds - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        submit = InteractionResult(
            server=self,
            type=IT_MODAL_SUBMIT,
            guild=result.guild,
            channel=result.channel,
            user=user,
            source_message=result.source_message,
        )
        self._dispatch_interaction(submit, {"custom_id": result.modal["custom_id"], "components": components})
        return submit

    # ---------------------------------------------------------------- interactions: callbacks

    def _validate_modal(self, data: dict[str, Any]) -> list[tuple[list[str | int], str]]:
        errors: list[tuple[list[str | int], str]] = []
        title = data.get("title") or ""
        if not 1 <= len(title) <= 45:
            errors.append(_len_error(["data", "title"], 45, minimum=1))
        cid = data.get("custom_id") or ""
        if not 1 <= len(cid) <= 100:
            errors.append(_len_error(["data", "custom_id"], 100, minimum=1))
        comps = data.get("components") or []
        if not 1 <= len(comps) <= 5:
            errors.append(_len_error(["data", "components"], 5, minimum=1))
        return errors

    def _validate_choices(self, data: dict[str, Any]) -> list[tuple[list[str | int], str]]:
        errors: list[tuple[list[str | int], str]] = []
        choices = data.get("choices")
        if not isinstance(choices, list):
            return [(["data", "choices"], "Must be an array.")]
        if len(choices) > 25:
            errors.append(_len_error(["data", "choices"], 25))
        for i, choice in enumerate(choices):
            name = str(choice.get("name", ""))
            if not 1 <= len(name) <= 100:
                errors.append(_len_error(["data", "choices", i, "name"], 100, minimum=1))
            value = choice.get("value")
            if isinstance(value, str) and len(value) > 100:
                errors.append(_len_error(["data", "choices", i, "value"], 100))
        return errors

    def _reject(self, where: str, errors: list[tuple[list[str | int], str]]) -> DiscordHTTPError:
        for path, message in errors:
            self._violation(f"{where}: {'.'.join(map(str, path))}: {message}")
        return DiscordHTTPError(400, 50035, "Invalid Form Body", _errors_body(errors))

    async def _callback(self, request: web.Request) -> web.Response:
        result = self._interactions.get(_snowflake_param(request, "interaction_id"))
        if result is None or result.token != request.match_info["token"]:
            raise _unknown_interaction()
        now = time.monotonic()
        payload, files = await self._read_payload(request)
        if result.acknowledged:
            self._violation(f"interaction {result.id} answered twice")
            raise _error(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - (result.dispatched_at or now)
        if elapsed > self.ack_deadline:
            self._violation(
                f"interaction {result.id} answered after {elapsed:.2f} s (deadline {self.ack_deadline:g} s)"
            )
            raise _unknown_interaction()
        rtype = payload.get("type")
        data = payload.get("data") or {}
        where = f"interaction {result.id} callback type {rtype}"
        allowed = {
            IT_APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            IT_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
                MODAL,
            },
            IT_AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            IT_MODAL_SUBMIT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE_MESSAGE,
                UPDATE_MESSAGE,
            },
        }[result.type]
        if rtype == UPDATE_MESSAGE or rtype == DEFERRED_UPDATE_MESSAGE:
            if result.source_message is None:
                raise self._reject(where, [(["type"], "Interaction has no message to update.")])
        if rtype not in allowed:
            raise self._reject(where, [(["type"], f"Invalid interaction response type {rtype!r}.")])

        msg: Message | None = None
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            errors = validate_message(data)
            if errors:
                raise self._reject(where, errors)
            self._check_mentions(data, where)
        elif rtype == AUTOCOMPLETE_RESULT:
            errors = self._validate_choices(data)
            if errors:
                raise self._reject(where, errors)
        elif rtype == MODAL:
            errors = self._validate_modal(data)
            if errors:
                raise self._reject(where, errors)

        result.response_type = rtype
        result.acked_after = elapsed
        guild, channel = result.guild, result.channel
        if rtype == CHANNEL_MESSAGE:
            if not (data.get("content") or data.get("embeds") or files or data.get("components")):
                raise _error(400, 50006, "Cannot send an empty message")
            msg = self._new_message(guild, channel, data, files, interaction=result)
            result.ephemeral = msg.ephemeral
            result.message = result.original = msg
            self._emit("create", msg, result)
            result._message_ready.set()
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            # Discord shows "<bot> is thinking..." as a real (loading) message that @original refers to.
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            msg = self._new_message(guild, channel, {"flags": flags}, [], interaction=result, extra_flags=FLAG_LOADING)
            result.ephemeral = msg.ephemeral
            result.original = msg
        elif rtype == UPDATE_MESSAGE:
            msg = result.source_message
            assert msg is not None
            self._apply_edit(msg, data, files)
            result.ephemeral = msg.ephemeral
            result.message = result.original = msg
            self._emit("edit", msg, result)
            result._message_ready.set()
        elif rtype == DEFERRED_UPDATE_MESSAGE:
            result.original = result.source_message
            result.ephemeral = bool(result.source_message and result.source_message.ephemeral)
        elif rtype == AUTOCOMPLETE_RESULT:
            result.choices = list(data.get("choices") or [])
        elif rtype == MODAL:
            result.modal = data
        result._acked.set()
        if msg is not None and not msg.ephemeral and rtype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            self._dispatch_guild(guild, "MESSAGE_CREATE", self._message_json(msg), intent=1 << 9)
        elif msg is not None and not msg.ephemeral and rtype == UPDATE_MESSAGE:
            self._dispatch_guild(guild, "MESSAGE_UPDATE", self._message_json(msg), intent=1 << 9)

        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        interaction: dict[str, Any] = {
            "id": str(result.id),
            "type": result.type,
            "response_message_loading": rtype == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": result.ephemeral,
        }
        if result.original is not None and rtype in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            UPDATE_MESSAGE,
        ):
            interaction["response_message_id"] = str(result.original.id)
        resource: dict[str, Any] = {"type": rtype}
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and msg is not None:
            resource["message"] = self._message_json(msg)
        return _json({"interaction": interaction, "resource": resource})

    # ---------------------------------------------------------------- interactions: webhooks

    def _webhook_result(self, request: web.Request) -> InteractionResult:
        if request.match_info.get("app_id") != str(self.application_id):
            raise _unknown_webhook()
        result = self._by_token.get(request.match_info["webhook_token"])
        if result is None or not result.acknowledged:
            raise _unknown_webhook()
        return result

    def _webhook_message(self, request: web.Request, result: InteractionResult) -> Message:
        mid = request.match_info["message_id"]
        if mid == "@original":
            msg = result.original
        else:
            try:
                msg = self._message_index.get(int(mid))
            except ValueError:
                raise _unknown_message() from None
            if msg is not None and msg is not result.original and msg not in result.followups:
                msg = None
        if msg is None or msg.deleted:
            raise _unknown_message()
        return msg

    async def _webhook_post(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        payload, files = await self._read_payload(request)
        where = f"follow-up to interaction {result.id}"
        errors = validate_message(payload)
        if errors:
            raise self._reject(where, errors)
        self._check_mentions(payload, where)
        if not (payload.get("content") or payload.get("embeds") or files or payload.get("components")):
            raise _error(400, 50006, "Cannot send an empty message")
        original = result.original
        if original is not None and original.loading and not original.deleted:
            # The first follow-up after a "thinking" defer replaces the loading message, as on Discord.
            self._apply_edit(original, payload, files)
            original.edited = False
            original.edited_at = None
            result.message = original
            self._emit("edit", original, result)
            result._message_ready.set()
            msg = original
            event = "MESSAGE_UPDATE"
        else:
            msg = self._new_message(result.guild, result.channel, payload, files, interaction=result)
            result.followups.append(msg)
            if result.message is None:
                result.message = msg
                result._message_ready.set()
            self._emit("create", msg, result)
            event = "MESSAGE_CREATE"
        if not msg.ephemeral:
            self._dispatch_guild(result.guild, event, self._message_json(msg), intent=1 << 9)
        if request.query.get("wait") in ("false", "False", "0"):
            return web.Response(status=204)
        return _json(self._message_json(msg))

    async def _webhook_get(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        return _json(self._message_json(self._webhook_message(request, result)))

    async def _webhook_patch(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        msg = self._webhook_message(request, result)
        payload, files = await self._read_payload(request)
        where = f"edit of interaction {result.id} message"
        errors = validate_message(payload)
        if errors:
            raise self._reject(where, errors)
        self._check_mentions(payload, where)
        was_loading = msg.loading
        self._apply_edit(msg, payload, files)
        if was_loading:
            # Filling a "thinking" message is not an edit in Discord's UI.
            msg.edited, msg.edited_at = False, None
        if msg is result.original and not result._message_ready.is_set():
            result.message = msg
            result._message_ready.set()
        self._emit("edit", msg, result)
        if not msg.ephemeral:
            self._dispatch_guild(result.guild, "MESSAGE_UPDATE", self._message_json(msg), intent=1 << 9)
        return _json(self._message_json(msg))

    async def _webhook_delete(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        msg = self._webhook_message(request, result)
        self._delete(result.guild, msg, result)
        return web.Response(status=204)


__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "MessageEvent",
    "Role",
    "User",
    "validate_message",
    "would_ping",
]
