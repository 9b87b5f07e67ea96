"""The REST API under /api/v10: the aiohttp application, the middleware every request passes (token, rate
limits, Discord's OpenAPI check, the JSON error shape) and the routes for identity, guilds, channels,
messages and application commands. Interaction callbacks and webhooks are in interactions.py."""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.sandbox import limits
from bot.sandbox.errors import (
    DiscordHTTPError,
    error,
    invalid_form_body,
    json_response,
    unknown_channel,
    unknown_message,
)
from bot.sandbox.openapi import Operation, SpecCheck
from bot.sandbox.permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    permissions_for,
)
from bot.sandbox.ratelimits import RateLimiter
from bot.sandbox.state import (
    DIRECT_MESSAGES_INTENT,
    GUILD_MESSAGES_INTENT,
    Attachment,
    Channel,
    Guild,
    Message,
    State,
    new_snowflake,
)

log = logging.getLogger(__name__)

API = "/api/v10"
# The OpenAPI operation a request was matched to (absent: Discord has none), for the body check.
_OPERATION = web.RequestKey("spec_operation", Operation)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class PostHold:
    """Holds channel posts (for crash tests): a post waits for `release`, either before it is stored (the
    sender dies: no message) or after (the sender dies: a message it never heard about)."""

    after_storing: bool
    # Only the posts to these servers wait (one bot process of several killed mid-fan-out); None: every post.
    guilds: frozenset[int] | None = None
    waiting: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)


class Rest:
    """The REST half of the stand-in. Every request passes one middleware (token, rate limits, the spec's
    operation check, Discord's error shape); every body is read, and checked against the spec, in one place."""

    def __init__(self, state: State, limiter: RateLimiter, spec: SpecCheck | None) -> None:
        self.state = state
        self.limiter = limiter
        self.spec = spec
        self.hold_channel_posts: PostHold | None = None
        # Failures to answer the next channel posts with, as Discord does in an outage: (HTTP status, whether
        # the message was stored before the error). See fail_next_posts.
        self.post_failures: list[tuple[int, bool]] = []
        self.request_count = 0
        self.route_counts: Counter[str] = Counter()

    def build_app(self, *, gateway: Handler, callback: Handler, webhook: dict[str, Handler]) -> web.Application:
        """The whole server: REST routes here, the gateway socket, the interaction callback and webhook."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = app.router
        api = API
        r.add_get("/gateway/", gateway)
        r.add_get("/gateway", gateway)
        r.add_get(f"{api}/gateway", self._get_gateway)
        r.add_get(f"{api}/gateway/bot", self._get_gateway_bot)
        r.add_get(f"{api}/users/@me", self._get_me)
        r.add_get(f"{api}/users/{{user_id}}", self._get_user)
        r.add_post(f"{api}/users/@me/channels", self._create_dm)
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
        r.add_post(f"{api}/interactions/{{interaction_id}}/{{token}}/callback", callback)
        hook = f"{api}/webhooks/{{app_id}}/{{webhook_token}}"
        r.add_post(hook, webhook["post"])
        r.add_get(f"{hook}/messages/{{message_id}}", webhook["get"])
        r.add_patch(f"{hook}/messages/{{message_id}}", webhook["patch"])
        r.add_delete(f"{hook}/messages/{{message_id}}", webhook["delete"])
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
        route = template.removeprefix(API)
        self.route_counts[f"{request.method} {route}"] += 1
        self._check_operation(request)
        is_callback = route.startswith("/interactions/")
        is_webhook = route.startswith("/webhooks/")
        # Errors after the bucket check still carry its headers, as Discord's do.
        headers: dict[str, str] = {}
        try:
            if not (is_callback or is_webhook) and request.match_info.http_exception is None:
                if request.headers.get("Authorization") != f"Bot {self.state.bot_token}":
                    raise error(401, 0, "401: Unauthorized")
            # Discord does not rate-limit interaction callbacks.
            limited = None if is_callback else self.limiter.check_global()
            if limited is None:
                headers, limited = self.limiter.check_bucket(
                    request.method, route, dict(request.match_info), is_webhook=is_webhook, is_callback=is_callback
                )
            if limited is not None:
                return json_response(limited.body, 429, headers=limited.headers)
            if request.match_info.http_exception is not None:
                status = request.match_info.http_exception.status
                raise error(status, 0, "404: Not Found" if status == 404 else "405: Method Not Allowed")
            resp = await handler(request)
        except DiscordHTTPError as exc:
            body: dict[str, Any] = {"message": exc.message, "code": exc.code}
            if exc.errors is not None:
                body["errors"] = exc.errors
            resp = json_response(body, exc.status)
        except web.HTTPException:
            raise
        except Exception as exc:
            log.exception("FakeDiscord handler failed for %s %s", request.method, path)
            self.state.errors.append(f"{request.method} {path}: {exc!r}")
            resp = json_response({"message": "500: Internal Server Error", "code": 0}, 500)
        resp.headers.update(headers)
        return resp

    # ---------------------------------------------------------------- Discord's specification

    def _check_operation(self, request: web.Request) -> None:
        """Records a request to an operation Discord's API does not define; keeps the operation for the body check."""
        if self.spec is None:
            return
        operation, violation = self.spec.operation_violation(request.method, request.path.removeprefix(API))
        if operation is not None:
            request[_OPERATION] = operation
        if violation is not None:
            self.state.violation(violation)

    def _check_body(self, request: web.Request, body: Any) -> None:
        """Records each way the JSON body breaks the operation's request schema. Recorded, not refused: Discord
        calls the spec a preview, and the limits Discord is known to enforce are refused by limits.py."""
        operation = request.get(_OPERATION)
        if self.spec is not None and operation is not None:
            for violation in self.spec.body_violations(operation, body):
                self.state.violation(violation)

    # ---------------------------------------------------------------- request helpers

    async def read_payload(self, request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
        """JSON body, or multipart payload_json + files[n] as discord.py sends attachments; checked against the
        spec as it is read."""
        payload, files = await self._read_body(request)
        if payload is None:
            return {}, files
        if not isinstance(payload, dict):
            raise invalid_form_body([(["_root"], "Must be an object.")])
        return payload, files

    async def _read_body(self, request: web.Request) -> tuple[Any, list[Attachment]]:
        files: list[Attachment] = []
        payload: Any = None
        if request.content_type.startswith("multipart/"):
            payload = {}
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
                    files.append(Attachment(new_snowflake(), filename, bytes(raw), ctype))
        else:
            raw = await request.read()
            payload = self._loads(raw) if raw else None
        self._check_body(request, payload)
        return payload, files

    @staticmethod
    def _loads(raw: bytes | bytearray) -> Any:
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise error(400, 50109, "The request body contains invalid JSON.") from None

    def snowflake_param(self, request: web.Request, name: str) -> int:
        try:
            return int(request.match_info[name])
        except (KeyError, ValueError):
            raise invalid_form_body([([name], "Value is not snowflake.")]) from None

    def _channel(self, channel_id: int) -> tuple[Guild, Channel]:
        found = self.state.find_channel(channel_id)
        if found is None:
            raise unknown_channel()
        return found

    def _require_perms(self, guild: Guild, channel: Channel, needed: int) -> None:
        if not guild.has_bot:
            raise error(403, 50001, "Missing Access")  # a server that never added the bot: none of its channels
        perms = permissions_for(guild, self.state.bot_user.id, channel)
        if perms & needed != needed:
            raise error(403, 50013, "Missing Permissions")

    def _validate_or_raise(self, payload: dict[str, Any], where: str) -> None:
        errors = limits.validate_message(payload)
        if errors:
            for path, message in errors:
                self.state.violation(f"{where}: {'.'.join(map(str, path))}: {message}")
            raise invalid_form_body(errors)

    def check_mentions(self, payload: dict[str, Any], where: str) -> list[str]:
        """Records a violation for each ping the bot did not name: a mention let through by `parse` (or by no
        allowed_mentions at all). Returns the deliberate pings, each allowed by its own id (a subscription's role)."""
        allowed = payload.get("allowed_mentions")
        pings = limits.would_ping(payload.get("content"), allowed)
        parse = set((allowed or {}).get("parse") or []) if allowed is not None else {"users", "roles", "everyone"}
        named = {f"<@{u}>" for u in (allowed or {}).get("users") or [] if "users" not in parse}
        named |= {f"<@&{r}>" for r in (allowed or {}).get("roles") or [] if "roles" not in parse}
        stray = [ping for ping in pings if ping not in named]
        if stray:
            self.state.violation(f"{where}: message would ping {', '.join(stray)} (allowed_mentions does not block it)")
        return [ping for ping in pings if ping in named]

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.state.gateway_url.rstrip("/")})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.state.gateway_url.rstrip("/"),
                "shards": self.state.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": self.state.max_concurrency,
                },
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(self.state.me_json())

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.state.users.get(self.snowflake_param(request, "user_id"))
        if user is None:
            raise error(404, 10013, "Unknown User")
        return json_response(user.to_json())

    async def _get_app(self, request: web.Request) -> web.Response:
        return json_response(self.state.app_json())

    # ---------------------------------------------------------------- REST: guilds & channels

    def _guild_param(self, request: web.Request) -> Guild:
        guild = self.state.guilds.get(self.snowflake_param(request, "guild_id"))
        if guild is None:
            raise error(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_param(request)
        data = self.state.guild_json(guild)
        for key in ("channels", "members", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return json_response(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.to_json() for c in self._guild_param(request).channels.values()])

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.to_json() for r in self._guild_param(request).roles.values()])

    async def _get_member(self, request: web.Request) -> web.Response:
        member = self._guild_param(request).members.get(self.snowflake_param(request, "user_id"))
        if member is None:
            raise error(404, 10007, "Unknown Member")
        return json_response(member.to_json())

    async def _get_channel(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(self.snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL)
        return json_response(channel.to_json())

    async def _typing(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(self.snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL | SEND_MESSAGES)
        return web.Response(status=204)

    async def _get_messages(self, request: web.Request) -> web.Response:
        guild, channel = self._channel(self.snowflake_param(request, "channel_id"))
        self._require_perms(guild, channel, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        q = request.query
        try:
            limit = int(q.get("limit", "50"))
            before = int(q["before"]) if "before" in q else None
            after = int(q["after"]) if "after" in q else None
            around = int(q["around"]) if "around" in q else None
        except ValueError:
            raise invalid_form_body([(["limit"], "Value is not int.")]) from None
        if not 1 <= limit <= 100:
            raise invalid_form_body([(["limit"], "Must be between 1 and 100.")])
        history = self.state.messages(channel)  # oldest first
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
        return json_response([self.state.message_json(m) for m in reversed(picked)])

    def _channel_message(self, request: web.Request) -> tuple[Guild, Channel, Message]:
        guild, channel = self._channel(self.snowflake_param(request, "channel_id"))
        msg = self.state.message_index.get(self.snowflake_param(request, "message_id"))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise unknown_message()
        return guild, channel, msg

    async def _get_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        self._require_perms(guild, channel, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        return json_response(self.state.message_json(msg))

    async def _create_dm(self, request: web.Request) -> web.Response:
        """Opens (or returns) the bot's direct-message channel with a user. Opening one always works; whether a
        message may be sent there is decided when it is sent (the user's privacy settings)."""
        payload, _ = await self.read_payload(request)
        try:
            user = self.state.users.get(int(payload.get("recipient_id") or 0))
        except (TypeError, ValueError):
            raise invalid_form_body([(["recipient_id"], "Value is not snowflake.")]) from None
        if user is None or user is self.state.bot_user:
            raise error(400, 50033, "Invalid Recipient(s)")
        return json_response(self.state.dm_channel_json(self.state.dm_channel(user)))

    async def _post_direct(self, request: web.Request, channel_id: int) -> web.Response:
        """A message in a direct-message channel: refused with Discord's 50007 when the user takes none."""
        user = self.state.dm_channels[channel_id]
        payload, files = await self.read_payload(request)
        if files:
            raise error(400, 0, "the sandbox takes no attachments in direct messages")
        if not (payload.get("content") or payload.get("embeds") or payload.get("components")):
            raise error(400, 50006, "Cannot send an empty message")
        where = f"POST /channels/{channel_id}/messages (direct message to {user.name})"
        self._validate_or_raise(payload, where)
        self.check_mentions(payload, where)
        if user.closed_dms:
            user.dm_refusals += 1
            raise error(403, 50007, "Cannot send messages to this user")
        msg = self.state.new_direct_message(channel_id, payload)
        self.state.emit("create", msg)
        self.state.dispatch_direct("MESSAGE_CREATE", self.state.message_json(msg), intent=DIRECT_MESSAGES_INTENT)
        return json_response(self.state.message_json(msg))

    async def _post_message(self, request: web.Request) -> web.Response:
        if self.snowflake_param(request, "channel_id") in self.state.dm_channels:
            return await self._post_direct(request, self.snowflake_param(request, "channel_id"))
        guild, channel = self._channel(self.snowflake_param(request, "channel_id"))
        payload, files = await self.read_payload(request)
        needed = VIEW_CHANNEL | SEND_MESSAGES
        if payload.get("embeds"):
            needed |= EMBED_LINKS
        if files:
            needed |= ATTACH_FILES
        self._require_perms(guild, channel, needed)
        if not (payload.get("content") or payload.get("embeds") or files or payload.get("components")):
            raise error(400, 50006, "Cannot send an empty message")
        where = f"POST /channels/{channel.id}/messages (#{channel.name})"
        self._validate_or_raise(payload, where)
        pings = self.check_mentions(payload, where)
        hold = self.hold_channel_posts
        if hold is not None and hold.guilds is not None and guild.id not in hold.guilds:
            hold = None
        if hold is not None and not hold.after_storing:
            await self._held(request, hold)  # the post is not made if the sender is gone meanwhile
        failure = self.post_failures.pop(0) if self.post_failures else None
        if failure is not None and not failure[1]:
            raise error(failure[0], 0, "Service Unavailable (injected)")
        msg = self.state.new_message(guild, channel, payload, files)
        msg.pings = pings
        self.state.emit("create", msg)
        self.state.dispatch(guild, "MESSAGE_CREATE", self.state.message_json(msg), intent=GUILD_MESSAGES_INTENT)
        if hold is not None and hold.after_storing:
            await self._held(request, hold)  # the post is made; the sender never hears back if it dies
        if failure is not None:
            raise error(failure[0], 0, "Service Unavailable (injected)")  # stored, yet reported as failed
        return json_response(self.state.message_json(msg))

    async def _held(self, request: web.Request, hold: PostHold) -> None:
        hold.waiting.set()
        await hold.release.wait()
        transport = request.transport
        if transport is None or transport.is_closing():
            raise ConnectionResetError("the sender went away while its post was held")

    async def _patch_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        if msg.author_id != self.state.bot_user.id:
            raise error(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self.read_payload(request)
        where = f"PATCH /channels/{channel.id}/messages/{msg.id} (#{channel.name})"
        self._validate_or_raise(payload, where)
        self.check_mentions(payload, where)
        self.state.apply_edit(msg, payload, files)
        self.state.emit("edit", msg)
        self.state.dispatch(guild, "MESSAGE_UPDATE", self.state.message_json(msg), intent=GUILD_MESSAGES_INTENT)
        return json_response(self.state.message_json(msg))

    async def _delete_message(self, request: web.Request) -> web.Response:
        guild, channel, msg = self._channel_message(request)
        if msg.author_id != self.state.bot_user.id:
            self._require_perms(guild, channel, VIEW_CHANNEL | MANAGE_MESSAGES)
        self.state.delete_message(guild, msg)
        return web.Response(status=204)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        for msg in self.state.message_index.values():
            for att in msg.attachments:
                if str(att.id) == request.match_info["attachment_id"]:
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404)

    # ---------------------------------------------------------------- REST: application commands

    def _command_store(self, request: web.Request) -> tuple[dict[int, dict[str, Any]], int | None]:
        if request.match_info.get("app_id") != str(self.state.application_id):
            raise error(403, 50001, "Missing Access")
        if "guild_id" in request.match_info:
            guild = self._guild_param(request)
            return self.state.guild_commands.setdefault(guild.id, {}), guild.id
        return self.state.global_commands, None

    def _normalise_command(self, data: dict[str, Any], guild_id: int | None, cid: int | None) -> dict[str, Any]:
        name = data.get("name")
        # Slash commands (type 1) have lower-case word names; user and message context menus (2, 3) may
        # have spaces and capitals ("Report story"), up to 32 characters.
        if int(data.get("type") or 1) == 1:
            if problems := limits.validate_command_names(data):
                raise invalid_form_body(problems)
        elif not (isinstance(name, str) and 1 <= len(name.strip()) <= 32):
            raise invalid_form_body([(["name"], "Invalid application command name")])
        ctype = int(data.get("type", 1))
        description = data.get("description", "")
        if ctype == 1 and not 1 <= len(description) <= 100:
            raise invalid_form_body([(["description"], "Must be between 1 and 100.")])
        if len(data.get("options") or []) > 25:
            raise invalid_form_body([(["options"], "Max 25.")])
        cmd = dict(data)
        cmd.update(
            {
                "id": str(cid or new_snowflake()),
                "application_id": str(self.state.application_id),
                "version": str(new_snowflake()),
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
        return json_response(list(store.values()))

    async def _put_commands(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        body, _ = await self._read_body(request)
        data = [] if body is None else body
        if not isinstance(data, list):
            raise invalid_form_body([(["_root"], "Must be an array.")])
        if len(data) > 100:
            raise invalid_form_body([(["_root"], "Max 100.")])
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
        return json_response(new)

    async def _post_command(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        payload, _ = await self.read_payload(request)
        existing = next((c for c in store.values() if c["name"] == payload.get("name")), None)
        cmd = self._normalise_command(payload, guild_id, int(existing["id"]) if existing else None)
        store[int(cmd["id"])] = cmd
        return json_response(cmd, 200 if existing else 201)

    def _command_param(self, request: web.Request) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
        store, _ = self._command_store(request)
        cmd = store.get(self.snowflake_param(request, "command_id"))
        if cmd is None:
            raise error(404, 10063, "Unknown application command")
        return store, cmd

    async def _get_command(self, request: web.Request) -> web.Response:
        return json_response(self._command_param(request)[1])

    async def _patch_command(self, request: web.Request) -> web.Response:
        store, cmd = self._command_param(request)
        _, guild_id = self._command_store(request)
        payload, _ = await self.read_payload(request)
        updated = self._normalise_command({**cmd, **payload}, guild_id, int(cmd["id"]))
        store[int(cmd["id"])] = updated
        return json_response(updated)

    async def _delete_command(self, request: web.Request) -> web.Response:
        store, cmd = self._command_param(request)
        del store[int(cmd["id"])]
        return web.Response(status=204)

    async def _get_command_permissions(self, request: web.Request) -> web.Response:
        self._command_store(request)
        return json_response([])

    # ---------------------------------------------------------------- gateway
