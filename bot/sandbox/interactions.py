"""Interactions as a Discord client makes them (slash and message commands, autocomplete, button presses and
selects, modal submissions) and the bot's side of them: the callback with its 3 s deadline, and the follow-ups
and edits through the interaction's webhook."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.sandbox import contexts, limits
from bot.sandbox.contexts import PrivateChannel
from bot.sandbox.errors import (
    DiscordHTTPError,
    FieldErrors,
    empty_message,
    error,
    invalid_form_body,
    json_response,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from bot.sandbox.interaction_result import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    HANG,
    IT_APPLICATION_COMMAND,
    IT_AUTOCOMPLETE,
    IT_COMPONENT,
    IT_MODAL_SUBMIT,
    MODAL,
    UPDATE_MESSAGE,
    InteractionResult,
)
from bot.sandbox.options import CommandOptions, command_data
from bot.sandbox.permissions import USE_APPLICATION_COMMANDS, VIEW_CHANNEL, permissions_for
from bot.sandbox.state import (
    DIRECT_MESSAGES_INTENT,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    GUILD_MESSAGES_INTENT,
    Attachment,
    Channel,
    Guild,
    Message,
    State,
    User,
)

if TYPE_CHECKING:
    from bot.sandbox.gateway import Gateway
    from bot.sandbox.rest import Rest

# Which responses suit which interaction.
_ALLOWED_RESPONSES = {
    IT_APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    IT_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL},
    IT_AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    IT_MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE},
}
_RESPONSE_LIMITS = {
    CHANNEL_MESSAGE: limits.validate_message,
    UPDATE_MESSAGE: limits.validate_message,
    AUTOCOMPLETE_RESULT: limits.validate_choices,
    MODAL: limits.validate_modal,
}
_NEW_MESSAGE_RESPONSES = (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)


class Interactions:
    """Both sides of an interaction: what a user does (built from the registered command, as Discord's client
    would) and the bot's answers, held to Discord's rules (deadline, one callback, response types, limits)."""

    def __init__(self, state: State, gateway: Gateway, rest: Rest, *, ack_deadline: float = 3.0) -> None:
        self.state = state
        self.options = CommandOptions(state)
        self.gateway = gateway
        self.rest = rest
        # 3 s is Discord's; tests of the deadline itself may shorten it.
        self.ack_deadline = ack_deadline
        self.form_fill_seconds = 0.1  # the least time between a form appearing and its submission
        self.interaction_count = 0
        self._deadline_handles: list[asyncio.TimerHandle] = []

    def close(self) -> None:
        for handle in self._deadline_handles:
            handle.cancel()
        for result in self.state.interactions.values():  # no deadline runs any more: nobody waits for one
            if not result.acknowledged:
                result.expire()

    # ---------------------------------------------------------------- interactions: sending

    def resolve_command(
        self, guild: Guild | None, command: str, *, offered: list[dict[str, Any]] | None = None
    ) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        """(command JSON, path of sub-names, option schemas of the leaf) for 'story source add'."""
        return self.options.resolve_command(guild, command, offered=offered)

    def build_options(
        self,
        guild: Guild | None,
        member_id: int,
        command: str,
        options: dict[str, Any] | None,
        *,
        focused: str | None = None,
        offered: list[dict[str, Any]] | None = None,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """(command, typed options tree, resolved) from the registered schema, as Discord's client would."""
        return self.options.build_options(guild, member_id, command, options, focused=focused, offered=offered)

    def _interaction_payload(self, result: InteractionResult, data: dict[str, Any]) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(result.id),
            "application_id": str(self.state.application_id),
            "type": result.type,
            "data": data,
            **contexts.place_fields(self.state, result.guild, result.channel, result.user),
            "token": result.token,
            "version": 1,
            "locale": result.user.locale,
            "entitlements": [],
            "authorizing_integration_owners": dict(result.owners),
            "context": result.context,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if result.source_message is not None:
            payload["message"] = self.state.message_json(result.source_message)
        return payload

    def _dispatch_interaction(self, result: InteractionResult, data: dict[str, Any]) -> None:
        sessions = self.gateway.live_sessions(result.guild.id if result.guild is not None else None)
        if not sessions:
            raise RuntimeError("the bot is not connected to the gateway")
        if result.guild is not None and result.channel.id not in result.guild.channels:
            raise ValueError(f"#{result.channel.name} does not exist (any more)")
        result.payload = self._interaction_payload(result, data)
        self.state.interactions[result.id] = result
        self.state.by_token[result.token] = result
        self.interaction_count += 1
        # Dispatch time is stamped by the writer as the frame leaves; this is the fallback.
        result.stamp_dispatch()
        self.gateway.enqueue(sessions[0], "INTERACTION_CREATE", result.payload)
        self._check_ack_in(self.ack_deadline + 0.05, result)

    def _check_ack_in(self, seconds: float, result: InteractionResult) -> None:
        loop = asyncio.get_running_loop()
        self._deadline_handles.append(loop.call_later(seconds, self._check_ack, result))
        if len(self._deadline_handles) > 10000:
            self._deadline_handles = [h for h in self._deadline_handles if not h.cancelled()][-1000:]

    def _check_ack(self, result: InteractionResult) -> None:
        if result.acknowledged:
            return
        left = self.ack_deadline - result.elapsed()
        if left >= 0:  # the process waited for a CPU meanwhile: the bot still has time
            self._check_ack_in(left + 0.05, result)
            return
        result.expire()
        what = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}.get(result.type)
        self.state.violation(
            f"{what} interaction {result.id} was not acknowledged within {self.ack_deadline:g} s "
            "(users see 'The application did not respond')"
        )

    def _check_user(self, guild: Guild | None, channel: Channel | PrivateChannel, user: User) -> None:
        if isinstance(channel, PrivateChannel) or guild is None:
            if not isinstance(channel, PrivateChannel) or user not in channel.recipients:
                raise ValueError(f"{user.name} is not in that conversation")
            return
        if user.id not in guild.members:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        perms = permissions_for(guild, user.id, channel)
        if not perms & VIEW_CHANNEL:
            raise ValueError(f"{user.name} cannot see #{channel.name}")

    async def slash(
        self,
        guild: Guild | None,
        channel: Channel | PrivateChannel,
        user: User,
        command: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """Run a slash command as `user` would; returns at once (await result.wait() for the callback). `guild`
        None: in a DM or group DM (`channel`); only the commands Discord offers there can be run."""
        self._check_user(guild, channel, user)
        if guild is not None and not isinstance(channel, PrivateChannel):
            if not permissions_for(guild, user.id, channel) & USE_APPLICATION_COMMANDS:
                raise ValueError(f"{user.name} may not use application commands in #{channel.name}")
        offered = contexts.offered_commands(self.state, guild, channel, user)
        cmd, tree, resolved = self.build_options(guild, user.id, command, options, offered=offered)
        data = command_data(cmd, type=1, options=tree, resolved=resolved)
        result = self._new_result(IT_APPLICATION_COMMAND, cmd, guild, channel, user)
        self._dispatch_interaction(result, data)
        return result

    def _new_result(
        self, itype: int, cmd: dict[str, Any], guild: Guild | None, channel: Channel | PrivateChannel, user: User
    ) -> InteractionResult:
        installs = contexts.installs_offering(cmd, guild, contexts.context_of(guild, channel), user)
        owners = contexts.authorizing_owners(installs, guild, contexts.context_of(guild, channel), user)
        return InteractionResult(type=itype, guild=guild, channel=channel, user=user, owners=owners)

    async def message_command(
        self, guild: Guild | None, user: User, command: str, message: Message
    ) -> InteractionResult:
        """Use a message context menu ("Apps > Report story") on `message`, as `user` would."""
        guild, channel = self._place_of(message, guild)
        self._check_user(guild, channel, user)
        offered = contexts.offered_commands(self.state, guild, channel, user)
        cmd = next((c for c in offered if c.get("type") == 3 and c["name"] == command), None)
        if cmd is None:
            raise ValueError(f"no message command named {command!r} is offered here")
        resolved = {"messages": {str(message.id): self.state.message_json(message)}}
        data = command_data(cmd, type=3, target_id=str(message.id), resolved=resolved)
        result = self._new_result(IT_APPLICATION_COMMAND, cmd, guild, channel, user)
        self._dispatch_interaction(result, data)
        return result

    def _place_of(self, message: Message, guild: Guild | None) -> tuple[Guild | None, Channel | PrivateChannel]:
        """Where a message is: its server and channel, or its DM or group DM."""
        private = self.state.private_channels.get(message.channel_id)
        if private is not None:
            return None, private
        guild = guild or self.state.guilds.get(message.guild_id or 0)
        if guild is None:
            raise ValueError("message has no guild")
        channel = guild.channels.get(message.channel_id)
        if channel is None:
            raise ValueError("the message's channel no longer exists")
        return guild, channel

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
        self._check_user(guild, channel, user)
        offered = contexts.offered_commands(self.state, guild, channel, user)
        cmd, tree, resolved = self.build_options(guild, user.id, command, options, focused=focused, offered=offered)
        data = command_data(cmd, type=1, options=tree, resolved=resolved)
        result = self._new_result(IT_AUTOCOMPLETE, cmd, guild, channel, user)
        self._dispatch_interaction(result, data)
        # Discord shows no choices once the deadline has passed.
        if not await result.answered_in_time():
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
        if message.author_id != self.state.bot_user.id:
            raise ValueError("only components on the bot's own messages can be used")
        if message.deleted:
            raise ValueError("that message was deleted")
        guild, channel = self._place_of(message, guild)
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
        # A press is authorized by the installs of the interaction that posted the message (a server's, for posts).
        origin = self.state.interactions.get(message.interaction_id or 0)
        owners = dict(origin.owners) if origin is not None else None
        result = InteractionResult(
            type=IT_COMPONENT, guild=guild, channel=channel, user=user, source_message=message, owners=owners
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
        shown = result.shown_at if result.shown_at is not None else time.monotonic()
        wait = shown + self.form_fill_seconds - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        submit = InteractionResult(
            type=IT_MODAL_SUBMIT,
            guild=result.guild,
            channel=result.channel,
            user=user,
            source_message=result.source_message,
            owners=dict(result.owners),
        )
        self._dispatch_interaction(submit, {"custom_id": result.modal["custom_id"], "components": components})
        return submit

    # ---------------------------------------------------------------- interactions: callbacks

    def _reject(self, where: str, errors: FieldErrors) -> DiscordHTTPError:
        for path, message in errors:
            self.state.violation(f"{where}: {'.'.join(map(str, path))}: {message}")
        return invalid_form_body(errors)

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the bot's one answer to an interaction."""
        result = self.state.interactions.get(self.rest.snowflake_param(request, "interaction_id"))
        if result is None or result.token != request.match_info["token"]:
            raise unknown_interaction()
        now = time.monotonic()
        payload, files = await self.rest.read_payload(request)
        elapsed = self._check_in_time(result, now)
        rtype = payload.get("type")
        data = payload.get("data") or {}
        self._check_response(result, rtype, data)
        result.response_type = rtype
        result.acked_after = elapsed
        result.shown_at = now
        msg = self._apply_response(result, rtype, data, files)
        result.acknowledge()
        if msg is not None and not msg.ephemeral and rtype in _NEW_MESSAGE_RESPONSES:
            self._dispatch_message(result, "MESSAGE_CREATE", msg)
        elif msg is not None and not msg.ephemeral and rtype == UPDATE_MESSAGE:
            self._dispatch_message(result, "MESSAGE_UPDATE", msg)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(self._callback_response(result, rtype, msg))

    def _check_in_time(self, result: InteractionResult, now: float) -> float:
        """Seconds since the interaction was dispatched; Discord's errors for a second or a late answer."""
        if result.acknowledged:
            self.state.violation(f"interaction {result.id} answered twice")
            raise error(400, 40060, "Interaction has already been acknowledged.")
        elapsed = result.elapsed(now)
        if elapsed > self.ack_deadline:
            self.state.violation(
                f"interaction {result.id} answered after {elapsed:.2f} s (deadline {self.ack_deadline:g} s)"
            )
            raise unknown_interaction()
        return elapsed

    def _check_response(self, result: InteractionResult, rtype: Any, data: dict[str, Any]) -> None:
        """The response type must suit the interaction, and its data Discord's limits."""
        where = f"interaction {result.id} callback type {rtype}"
        if rtype in (UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE) and result.source_message is None:
            raise self._reject(where, [(["type"], "Interaction has no message to update.")])
        if rtype not in _ALLOWED_RESPONSES[result.type]:
            raise self._reject(where, [(["type"], f"Invalid interaction response type {rtype!r}.")])
        check = _RESPONSE_LIMITS.get(rtype)
        errors = check(data) if check is not None else []
        if errors:
            raise self._reject(where, errors)
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            self.rest.check_mentions(data, where)

    def _apply_response(
        self, result: InteractionResult, rtype: Any, data: dict[str, Any], files: list[Attachment]
    ) -> Message | None:
        """What the response does to the conversation; the message it creates or edits, if any."""
        guild, channel = result.guild, result.channel
        msg: Message | None = None
        forced = FLAG_EPHEMERAL if result.forced_ephemeral else 0
        if rtype in _NEW_MESSAGE_RESPONSES:
            result.asked_ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        if rtype == CHANNEL_MESSAGE:
            if not (data.get("content") or data.get("embeds") or files or data.get("components")):
                raise empty_message()
            msg = self.state.new_message(guild, channel, data, files, interaction=result, extra_flags=forced)
            result.ephemeral = msg.ephemeral
            result.message = result.original = msg
            self.state.emit("create", msg, result)
            result.show_message()
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            # Discord shows "<bot> is thinking..." as a real (loading) message that @original refers to.
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            msg = self.state.new_message(
                guild, channel, {"flags": flags}, [], interaction=result, extra_flags=FLAG_LOADING | forced
            )
            result.ephemeral = msg.ephemeral
            result.original = msg
        elif rtype == UPDATE_MESSAGE:
            msg = result.source_message
            assert msg is not None
            self.state.apply_edit(msg, data, files)
            result.ephemeral = msg.ephemeral
            result.message = result.original = msg
            self.state.emit("edit", msg, result)
            result.show_message()
        elif rtype == DEFERRED_UPDATE_MESSAGE:
            result.original = result.source_message
            result.ephemeral = bool(result.source_message and result.source_message.ephemeral)
        elif rtype == AUTOCOMPLETE_RESULT:
            result.choices = list(data.get("choices") or [])
        elif rtype == MODAL:
            result.modal = data
        return msg

    def _callback_response(self, result: InteractionResult, rtype: Any, msg: Message | None) -> dict[str, Any]:
        """The `with_response` body discord.py >= 2.5 reads: the interaction and the resource it produced."""
        interaction: dict[str, Any] = {
            "id": str(result.id),
            "type": result.type,
            "response_message_loading": rtype == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": result.ephemeral,
        }
        if result.original is not None and rtype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            interaction["response_message_id"] = str(result.original.id)
        body: dict[str, Any] = {"interaction": interaction}
        # Discord's spec has a resource only for responses that carry a message (4, 7) or launch an activity.
        if rtype in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and msg is not None:
            body["resource"] = {"type": rtype, "message": self.state.message_json(msg)}
        return body

    def _dispatch_message(self, result: InteractionResult, event: str, msg: Message) -> None:
        """The message event the bot gets for a reply: in its server, or in its own DM; none from elsewhere."""
        data = self.state.message_json(msg)
        if result.guild is not None:
            self.gateway.dispatch_guild(result.guild, event, data, intent=GUILD_MESSAGES_INTENT)
        elif isinstance(result.channel, PrivateChannel) and result.channel.with_bot:
            self.gateway.dispatch_direct(event, data, intent=DIRECT_MESSAGES_INTENT)

    # ---------------------------------------------------------------- interactions: webhooks

    def _webhook_result(self, request: web.Request) -> InteractionResult:
        if request.match_info.get("app_id") != str(self.state.application_id):
            raise unknown_webhook()
        result = self.state.by_token.get(request.match_info["webhook_token"])
        if result is None or not result.acknowledged:
            raise unknown_webhook()
        return result

    def _webhook_message(self, request: web.Request, result: InteractionResult) -> Message:
        mid = request.match_info["message_id"]
        if mid == "@original":
            msg = result.original
        else:
            try:
                msg = self.state.message_index.get(int(mid))
            except ValueError:
                raise unknown_message() from None
            if msg is not None and msg is not result.original and msg not in result.followups:
                msg = None
        if msg is None or msg.deleted:
            raise unknown_message()
        return msg

    async def webhook_post(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        payload, files = await self.rest.read_payload(request)
        where = f"follow-up to interaction {result.id}"
        errors = limits.validate_message(payload)
        if errors:
            raise self._reject(where, errors)
        self.rest.check_mentions(payload, where)
        if not (payload.get("content") or payload.get("embeds") or files or payload.get("components")):
            raise empty_message()
        original = result.original
        if original is not None and original.loading and not original.deleted:
            # The first follow-up after a "thinking" defer replaces the loading message, as on Discord.
            self.state.apply_edit(original, payload, files)
            original.edited = False
            original.edited_at = None
            result.message = original
            self.state.emit("edit", original, result)
            result.show_message()
            msg = original
            event = "MESSAGE_UPDATE"
        else:
            if "0" not in result.owners and len(result.followups) >= contexts.USER_INSTALL_FOLLOWUPS:
                raise self._reject(
                    where,
                    [(["_root"], f"An app installed by users may send {contexts.USER_INSTALL_FOLLOWUPS} follow-ups.")],
                )
            forced = FLAG_EPHEMERAL if result.forced_ephemeral else 0
            msg = self.state.new_message(
                result.guild, result.channel, payload, files, interaction=result, extra_flags=forced
            )
            result.followups.append(msg)
            if result.message is None:
                result.message = msg
                result.show_message()
            self.state.emit("create", msg, result)
            event = "MESSAGE_CREATE"
        if not msg.ephemeral:
            self._dispatch_message(result, event, msg)
        if request.query.get("wait") in ("false", "False", "0"):
            return web.Response(status=204)
        return json_response(self.state.message_json(msg))

    async def webhook_get(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        return json_response(self.state.message_json(self._webhook_message(request, result)))

    async def webhook_patch(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        msg = self._webhook_message(request, result)
        payload, files = await self.rest.read_payload(request)
        where = f"edit of interaction {result.id} message"
        errors = limits.validate_message(payload)
        if errors:
            raise self._reject(where, errors)
        self.rest.check_mentions(payload, where)
        was_loading = msg.loading
        self.state.apply_edit(msg, payload, files)
        if was_loading:
            # Filling a "thinking" message is not an edit in Discord's UI.
            msg.edited, msg.edited_at = False, None
        if msg is result.original and not result.message_shown:
            result.message = msg
            result.show_message()
        self.state.emit("edit", msg, result)
        if not msg.ephemeral:
            self._dispatch_message(result, "MESSAGE_UPDATE", msg)
        return json_response(self.state.message_json(msg))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        result = self._webhook_result(request)
        msg = self._webhook_message(request, result)
        self.state.delete_message(result.guild, msg, result)
        return web.Response(status=204)


# What the server and the tests import from here: the kinds of interaction and answer, and one interaction's result.
__all__ = [
    "AUTOCOMPLETE_RESULT",
    "CHANNEL_MESSAGE",
    "DEFERRED_CHANNEL_MESSAGE",
    "DEFERRED_UPDATE_MESSAGE",
    "HANG",
    "IT_APPLICATION_COMMAND",
    "IT_AUTOCOMPLETE",
    "IT_COMPONENT",
    "IT_MODAL_SUBMIT",
    "MODAL",
    "UPDATE_MESSAGE",
    "InteractionResult",
    "Interactions",
]
