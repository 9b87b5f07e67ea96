"""FakeDiscord: a local, Discord-compatible server for the unmodified discord.py client.

Why: no machine here reaches Discord, and mocking discord.py internals would test our mocks rather
than the bot. This server speaks the real wire protocol (REST under ``/api/v10`` and the gateway
websocket) on loopback, so end-to-end tests, benchmarks and ``skatebot sandbox`` drive the real client.
It enforces the limits Discord enforces, checks every request against Discord's own OpenAPI description,
and records every breach in ``violations``, so that a test fails where a real user would have seen an
error. Facts it relies on are in docs/TESTING.md.

This module is the facade tests and the console use; the work is done by one module per concern:
state (guilds, channels, members, roles, messages), rest (routes and middleware), gateway, interactions,
limits and openapi (what Discord accepts), permissions and ratelimits.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from aiohttp import web

from bot.sandbox.contexts import PrivateChannel
from bot.sandbox.gateway import Gateway
from bot.sandbox.interactions import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    MODAL,
    UPDATE_MESSAGE,
    InteractionResult,
    Interactions,
)
from bot.sandbox.limits import NUMBER_OPTION_BOUND, STRING_OPTION_MAX, validate_message, would_ping
from bot.sandbox.openapi import SpecCheck, load_spec_check
from bot.sandbox.options import OPTION_TYPES
from bot.sandbox.permissions import (
    ADD_REACTIONS,
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    CHANGE_NICKNAME,
    CREATE_INSTANT_INVITE,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    EMBED_LINKS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MENTION_EVERYONE,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_APPLICATION_COMMANDS,
    USE_EXTERNAL_APPS,
    USE_EXTERNAL_EMOJIS,
    VIEW_CHANNEL,
    permissions_for,
)
from bot.sandbox.ratelimits import RateLimiter
from bot.sandbox.rest import PostHold, Rest
from bot.sandbox.state import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    MessageEvent,
    Role,
    State,
    User,
)


class FakeDiscord:
    """A Discord-compatible server on loopback; see the module docstring.

    `clock`: the monotonic clock the rate limits run on (tests move it instead of sleeping).
    `shard_count`: the shards the bot is asked to run (GET /gateway/bot); each server's events go to its own.
    `max_concurrency`: how many shards may IDENTIFY at once (GET /gateway/bot), as Discord grants large bots.
    `check_spec`: check requests against Discord's OpenAPI specification (see openapi.py); `spec` is None when
    it is off or no specification was found.
    """

    def __init__(
        self,
        *,
        global_rate_limit: float | None = None,
        ack_deadline: float = 3.0,
        clock: Callable[[], float] = time.monotonic,
        check_spec: bool = True,
        shard_count: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        self.state = State()
        self.state.shard_count = shard_count
        self.state.max_concurrency = max_concurrency
        self.limiter = RateLimiter(global_rate_limit=global_rate_limit, clock=clock)
        self.spec: SpecCheck | None = load_spec_check() if check_spec else None
        self.gateway = Gateway(self.state)
        self.state.dispatch = self.gateway.dispatch_guild
        self.state.dispatch_direct = self.gateway.dispatch_direct
        self.rest = Rest(self.state, self.limiter, self.spec)
        self.interactions = Interactions(self.state, self.gateway, self.rest, ack_deadline=ack_deadline)
        self._app = self.rest.build_app(
            gateway=self.gateway.handler,
            callback=self.interactions.callback,
            webhook={
                "post": self.interactions.webhook_post,
                "get": self.interactions.webhook_get,
                "patch": self.interactions.webhook_patch,
                "delete": self.interactions.webhook_delete,
            },
        )
        self._runner: web.AppRunner | None = None
        self.api_base = ""
        self.gateway_url = ""
        self.port = 0

    # ---------------------------------------------------------------- lifecycle

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._runner = web.AppRunner(self._app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = self.state.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.api_base = f"http://{host}:{self.port}/api/v10"
        self.gateway_url = self.state.gateway_url = f"ws://{host}:{self.port}/gateway/"

    async def stop(self) -> None:
        await self.gateway.close()
        self.interactions.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before maintenance: the client resumes on a new socket."""
        await self.gateway.request_reconnect()

    # ---------------------------------------------------------------- identity and recorded outcomes

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def bot_token(self) -> str:
        return self.state.bot_token

    @property
    def bot_environment(self) -> dict[str, str]:
        """The settings that point a `skatebot run` process at this stand-in instead of Discord."""
        return {
            "DISCORD_TOKEN": self.bot_token,
            "DISCORD_API_BASE_URL": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    @property
    def bot_user(self) -> User:
        return self.state.bot_user

    @property
    def owner_user(self) -> User:
        return self.state.owner_user

    @property
    def guilds(self) -> dict[int, Guild]:
        return self.state.guilds

    @property
    def users(self) -> dict[int, User]:
        return self.state.users

    @property
    def violations(self) -> list[str]:
        """What the bot did that Discord would refuse or a user would suffer; tests assert it stays empty."""
        return self.state.violations

    @property
    def errors(self) -> list[str]:
        """The stand-in's own failures (500s), kept apart from the bot's violations."""
        return self.state.errors

    # ---------------------------------------------------------------- knobs tests turn

    @property
    def shard_count(self) -> int:
        return self.state.shard_count

    @shard_count.setter
    def shard_count(self, value: int) -> None:
        self.state.shard_count = value

    def shards(self) -> list[tuple[int, int]]:
        """The shards identified on a live connection now, as (id, count)."""
        return self.gateway.shards()

    @property
    def global_rate_limit(self) -> float | None:
        return self.limiter.global_rate_limit

    @global_rate_limit.setter
    def global_rate_limit(self, value: float | None) -> None:
        self.limiter.global_rate_limit = value

    @property
    def ack_deadline(self) -> float:
        return self.interactions.ack_deadline

    @ack_deadline.setter
    def ack_deadline(self, value: float) -> None:
        self.interactions.ack_deadline = value

    @property
    def form_fill_seconds(self) -> float:
        return self.interactions.form_fill_seconds

    @form_fill_seconds.setter
    def form_fill_seconds(self, value: float) -> None:
        self.interactions.form_fill_seconds = value

    @property
    def hold_channel_posts(self) -> PostHold | None:
        return self.rest.hold_channel_posts

    @hold_channel_posts.setter
    def hold_channel_posts(self, value: PostHold | None) -> None:
        self.rest.hold_channel_posts = value

    @property
    def post_failures(self) -> list[tuple[int, bool]]:
        return self.rest.post_failures

    def fail_next_posts(self, status: int, count: int = 1, *, after_storing: bool = False) -> None:
        """Answers the next `count` channel posts with `status` (a 503 outage, a 429), the message stored
        first when `after_storing` (Discord failing after it kept the message)."""
        self.rest.post_failures += [(status, after_storing)] * count

    # ---------------------------------------------------------------- counters

    @property
    def request_count(self) -> int:
        return self.rest.request_count

    @property
    def route_counts(self) -> Counter[str]:
        return self.rest.route_counts

    @property
    def rate_limited_count(self) -> int:
        return self.limiter.rate_limited_count

    @property
    def global_rate_limited_count(self) -> int:
        return self.limiter.global_rate_limited_count

    @property
    def interaction_count(self) -> int:
        return self.interactions.interaction_count

    @property
    def stats(self) -> dict[str, Any]:
        return {
            "requests": self.request_count,
            "rate_limited": self.rate_limited_count,
            "global_rate_limited": self.global_rate_limited_count,
            "interactions": self.interaction_count,
            "routes": dict(self.route_counts),
        }

    # ---------------------------------------------------------------- seeding

    def create_user(self, name: str, *, bot: bool = False) -> User:
        return self.state.create_user(name, bot=bot)

    def create_guild(self, name: str, owner: User, *, shard: int | None = None, with_bot: bool = True) -> Guild:
        """A server the bot is in (`with_bot=False`: one that never added it); `shard`: one whose events go to that
        shard (of `shard_count`)."""
        return self.state.create_guild(name, owner, shard=shard, with_bot=with_bot)

    def install_app(self, user: User, installed: bool = True) -> None:
        """The user installs the app to their own account (a user install): its user-installable commands are
        offered to them in every server, DM and group DM (see contexts.py)."""
        user.installed_app = installed

    def bot_dm(self, user: User) -> PrivateChannel:
        """The bot's DM with `user`, as a place to run commands (`slash(None, bot_dm, user, ...)`)."""
        return self.state.bot_dm(user)

    def create_private_channel(self, users: Sequence[User], *, name: str | None = None) -> PrivateChannel:
        """A DM between two users, or a group DM of three or more, that the bot is not part of."""
        return self.state.create_private_channel(users, name=name)

    def private_messages(self, channel: PrivateChannel, *, include_ephemeral: bool = False) -> list[Message]:
        """A DM's or group DM's messages from the bot as its members see them."""
        return self.state.private_messages(channel, include_ephemeral=include_ephemeral)

    def update_guild(self, guild: Guild, *, preferred_locale: str) -> None:
        self.state.update_guild(guild, preferred_locale=preferred_locale)

    def create_role(self, guild: Guild, name: str, permissions: int) -> Role:
        return self.state.create_role(guild, name, permissions)

    def update_role(self, role: Role, *, permissions: int) -> None:
        self.state.update_role(role, permissions=permissions)

    def delete_role(self, role: Role) -> None:
        self.state.delete_role(role)

    def add_member(self, guild: Guild, user: User, roles: Sequence[Role] = ()) -> None:
        self.state.add_member(guild, user, roles)

    def create_channel(self, guild: Guild, name: str, *, overwrites: Sequence[dict[str, Any]] = ()) -> Channel:
        return self.state.create_channel(guild, name, overwrites=overwrites)

    def delete_channel(self, channel: Channel) -> None:
        self.state.delete_channel(channel)

    def set_overwrites(self, channel: Channel, overwrites: Sequence[dict[str, Any]]) -> None:
        self.state.set_overwrites(channel, overwrites)

    # ---------------------------------------------------------------- queries

    def commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """Registered commands: the guild's (when given) then the global ones."""
        return self.state.commands(guild)

    def messages(self, channel: Channel, *, include_ephemeral: bool = False) -> list[Message]:
        """Channel history as other users see it (ephemeral replies only with include_ephemeral)."""
        return self.state.messages(channel, include_ephemeral=include_ephemeral)

    def subscribe(self, callback: Callable[[MessageEvent], None]) -> Callable[[], None]:
        """Call `callback` for every message the bot creates/edits/deletes; returns an unsubscribe."""
        return self.state.subscribe(callback)

    def direct_messages(self, user: User) -> list[Message]:
        """What the bot sent `user` by direct message, oldest first."""
        return self.state.direct_messages(user)

    def close_dms(self, user: User, closed: bool = True) -> None:
        """The user's privacy settings refuse direct messages (the bot's sends answer 403 with code 50007)."""
        user.closed_dms = closed

    def permissions_for(self, guild: Guild, user_id: int, channel: Channel | None) -> int:
        return permissions_for(guild, user_id, channel)

    # ---------------------------------------------------------------- acting as a user

    def resolve_command(self, guild: Guild, command: str) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        """(command JSON, path of sub-names, option schemas of the leaf) for 'story source add'."""
        return self.interactions.resolve_command(guild, command)

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
        return self.interactions.build_options(guild, member_id, command, options, focused=focused)

    async def slash(
        self,
        guild: Guild | None,
        channel: Channel | PrivateChannel,
        user: User,
        command: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """Run a slash command as `user` would; returns at once (await result.wait() for the callback)."""
        return await self.interactions.slash(guild, channel, user, command, options)

    async def message_command(
        self, guild: Guild | None, user: User, command: str, message: Message
    ) -> InteractionResult:
        """Use a message context menu ("Apps > Report story") on `message`, as `user` would."""
        return await self.interactions.message_command(guild, user, command, message)

    async def autocomplete(
        self,
        guild: Guild | None,
        channel: Channel | PrivateChannel,
        user: User,
        command: str,
        options: dict[str, Any],
        focused: str,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for `focused`, given what is typed so far ([] if it never answers)."""
        return await self.interactions.autocomplete(guild, channel, user, command, options, focused)

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
        return await self.interactions.click(user, message, custom_id, guild=guild, values=values)

    async def submit_modal(self, user: User, result: InteractionResult, values: dict[str, str]) -> InteractionResult:
        """Answer the modal the bot opened in `result` (a type-9 response) with the given text values."""
        return await self.interactions.submit_modal(user, result, values)


__all__ = [
    "ADD_REACTIONS",
    "ADMINISTRATOR",
    "ALL_PERMISSIONS",
    "ATTACH_FILES",
    "AUTOCOMPLETE_RESULT",
    "CHANGE_NICKNAME",
    "CHANNEL_MESSAGE",
    "CREATE_INSTANT_INVITE",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "DEFERRED_CHANNEL_MESSAGE",
    "DEFERRED_UPDATE_MESSAGE",
    "EMBED_LINKS",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "IT_APPLICATION_COMMAND",
    "IT_AUTOCOMPLETE",
    "IT_COMPONENT",
    "IT_MODAL_SUBMIT",
    "MANAGE_CHANNELS",
    "MANAGE_MESSAGES",
    "MENTION_EVERYONE",
    "MODAL",
    "NUMBER_OPTION_BOUND",
    "OPTION_TYPES",
    "READ_MESSAGE_HISTORY",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "STRING_OPTION_MAX",
    "UPDATE_MESSAGE",
    "USE_APPLICATION_COMMANDS",
    "USE_EXTERNAL_APPS",
    "USE_EXTERNAL_EMOJIS",
    "VIEW_CHANNEL",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Guild",
    "InteractionResult",
    "Member",
    "Message",
    "MessageEvent",
    "PostHold",
    "PrivateChannel",
    "Role",
    "User",
    "validate_message",
    "would_ping",
]
