"""The terminal front end of ``skatebot sandbox``: type slash commands, see what Discord would show.

Why a console over the fake server rather than calling cogs directly: every line goes through the
same FakeDiscord -> gateway -> discord.py -> REST path as production, so what you see here is what a
Discord user would see, limits and permission errors included.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from bot.sandbox.console_input import (
    CONSOLE_HELP,
    FIELD_ATTEMPT,
    OPTION_TYPE_NAMES,
    ParseError,
    described,
    field_key,
    leaves,
    modal_inputs,
    parse_options,
    split_command,
)
from bot.sandbox.console_render import MessageRenderer, menus
from bot.sandbox.server import (
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    Channel,
    FakeDiscord,
    Guild,
    InteractionResult,
    Message,
    MessageEvent,
    User,
)
from bot.sandbox.state import LOCALES, Attachment

log = logging.getLogger(__name__)

# How long a deferred command may take before we give up waiting (Discord allows 15 min; a person won't).
DEFERRED_WAIT = 15.0
# Follow-ups usually arrive right after the first answer; wait this long for the bot to go quiet.
SETTLE_QUIET = 0.2
SETTLE_MAX = 2.0


class SandboxConsole:
    """State of one console session: who is typing, the last message shown, pending feed events."""

    def __init__(
        self,
        server: FakeDiscord,
        guild: Guild,
        channel: Channel,
        owner: User,
        member: User,
        console: Console,
        moderator: User | None = None,
        attachments_dir: Path | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.server = server
        # The bot's clock (a replay's competition time): Discord's client writes "in 5 hours" against the reader's
        # now, which in the sandbox is the now of the world the bot lives in, not this machine's.
        self.clock = clock or (lambda: datetime.now(UTC))
        # Where the bot's attachments (charts, exports) are saved for a person to open; made at the first one.
        self.attachments_dir = attachments_dir
        self.guild = guild
        self.channel = channel
        self.owner = owner
        self.member = member
        self.moderator = moderator
        self.user = owner
        self.console = console
        self.last_message: Message | None = None  # the last one with buttons or a menu
        self.last_shown: Message | None = None  # the last one shown at all (for message commands)
        self.last_modal: InteractionResult | None = None
        self._pending: list[MessageEvent] = []
        self._last_event_at = time.monotonic()
        self._unsubscribe = server.subscribe(self._on_event)
        self.render = MessageRenderer(guild, lambda: server.users, self.now)

    def close(self) -> None:
        self._unsubscribe()

    def now(self) -> datetime:
        return self.clock()

    # ------------------------------------------------------------------ event feed

    def _on_event(self, event: MessageEvent) -> None:
        self._pending.append(event)
        self._last_event_at = time.monotonic()

    def _shown(self, message: Message) -> None:
        """The flow just printed `message`: queued events about it are already reflected."""
        self._pending = [e for e in self._pending if e.message is not message]
        self.last_shown = message
        if message.buttons() or menus(message):
            self.last_message = message

    def drain(self) -> None:
        """Print what the bot did outside the command being run (scheduled posts, follow-ups, edits)."""
        events, self._pending = self._pending, []
        seen: set[tuple[str, int]] = set()
        for event in reversed(events):
            # Several edits of one message collapse into its latest state.
            key = (event.kind, event.message.id)
            if key in seen:
                continue
            seen.add(key)
        for event in events:
            key = (event.kind, event.message.id)
            if key not in seen:
                continue
            seen.discard(key)
            self._print_event(event)

    def _print_event(self, event: MessageEvent) -> None:
        msg = event.message
        channel = self.guild.channels.get(msg.channel_id)
        recipient = self.server.state.dm_channels.get(msg.channel_id)
        if channel is not None:
            where = f"#{channel.name}"
        elif recipient is not None:
            where = f"direct message to {recipient.name}"
        else:
            where = f"channel {msg.channel_id}"
        if event.kind == "delete":
            self.console.print(Text(f"{where} · skatebot deleted a message", style="dim italic"))
            return
        if msg.loading:
            return
        if event.interaction is not None:
            label = "follow-up" if event.kind == "create" else "edited"
        else:
            label = "posted" if event.kind == "create" else "edited"
        self.print_message(msg, header=f"{where} · {label}")

    async def settle(self) -> None:
        """Wait until the bot has been quiet briefly, so follow-ups print right after their command."""
        start = time.monotonic()
        await asyncio.sleep(0.02)
        while time.monotonic() - start < SETTLE_MAX:
            quiet = time.monotonic() - self._last_event_at
            if quiet >= SETTLE_QUIET:
                break
            await asyncio.sleep(SETTLE_QUIET - quiet)
        self.drain()

    # ------------------------------------------------------------------ rendering

    def print_message(self, msg: Message, *, header: str | None = None) -> None:
        self.console.print(self.render.message(msg, header=header, saved=self.save_attachment))
        self._shown(msg)

    def save_attachment(self, att: Attachment) -> Path:
        """Writes an attachment to the session's folder (a new temporary one unless given), under its id and name."""
        if self.attachments_dir is None:
            self.attachments_dir = Path(tempfile.mkdtemp(prefix="skatebot-sandbox-attachments-"))
        self.attachments_dir.mkdir(parents=True, exist_ok=True)
        path = self.attachments_dir / f"{att.id}-{Path(att.filename).name}"
        if not path.exists():
            path.write_bytes(att.data)
        return path

    def error(self, text: str) -> None:
        self.console.print(Text(text, style="red"))

    def info(self, text: str) -> None:
        self.console.print(Text(text, style="yellow"))

    # ------------------------------------------------------------------ commands

    def help(self) -> None:
        self.console.print(Text("Slash commands", style="bold"))
        for cmd in self.server.commands(self.guild):
            if cmd.get("type", 1) != 1:
                continue
            for path, desc, options in leaves(cmd, self.user.locale):
                line = Text(f"  /{path}", style="bold cyan")
                for opt in options:
                    shown = f"{opt['name']}:" if opt.get("required") else f"[{opt['name']}:]"
                    line.append(f" {shown}", style="cyan")
                line.append(f"  {desc}", style="dim")
                self.console.print(line)
                for opt in options:
                    kind = OPTION_TYPE_NAMES.get(opt.get("type", 3), "value")
                    extra = " (suggestions)" if opt.get("autocomplete") else ""
                    if opt.get("choices"):
                        extra = " one of: " + ", ".join(str(c["name"]) for c in opt["choices"])
                    req = "required" if opt.get("required") else "optional"
                    self.console.print(
                        Text(
                            f"      {opt['name']}: {described(opt, self.user.locale)} [{kind}, {req}]{extra}",
                            style="dim",
                        )
                    )
        self.console.print(Text("Console commands", style="bold"))
        for usage, desc in CONSOLE_HELP:
            self.console.print(Text(f"  {usage:<30} {desc}"))

    def set_locale(self, words: list[str]) -> None:
        """`locale ja`: the typing user's client language; `locale server ja`: the server's."""
        server = bool(words) and words[0].lower() == "server"
        code = words[1:] if server else words
        known = {locale.lower(): locale for locale in LOCALES}
        if len(code) != 1 or code[0].lower() not in known:
            raise ParseError(f"Use 'locale CODE' or 'locale server CODE', with one of Discord's: {', '.join(LOCALES)}.")
        locale = known[code[0].lower()]
        if server:
            self.server.update_guild(self.guild, preferred_locale=locale)
            self.info(f"The server's language is now {locale}.")
        else:
            self.user.locale = locale
            self.info(f"{self.user.name}'s Discord now speaks {locale}.")

    async def slash(self, line: str) -> None:
        path, schema, rest = split_command(self.server.commands(self.guild), line)
        names = [o["name"] for o in schema]
        try:
            options, focused = parse_options(rest, names)
        except ParseError as exc:
            raise ParseError(f"/{path}: {exc}") from None
        # Discord's client shows a fixed choice by its name and sends its value: accept the name as typed.
        for option in schema:
            typed = options.get(option["name"])
            for choice in option.get("choices") or []:
                if typed is not None and typed.casefold() == str(choice["name"]).casefold():
                    options[option["name"]] = str(choice["value"])
        if focused is not None:
            choices = await self.server.autocomplete(self.guild, self.channel, self.user, path, options, focused)
            if not choices:
                self.info(f"No suggestions for {focused}.")
            else:
                self.console.print(Text(f"Suggestions for {focused}:", style="bold"))
                for i, choice in enumerate(choices, start=1):
                    text = f"  {i}. {choice['name']}"
                    if str(choice.get("value")) != choice["name"]:
                        text += f"  (value {choice.get('value')!r})"
                    self.console.print(Text(text))
            return
        result = await self.server.slash(self.guild, self.channel, self.user, path, options)
        await self.show_result(result)

    async def show_result(self, result: InteractionResult) -> None:
        if not await result.answered_in_time():
            self.error("The application did not respond.")
            return
        if result.response_type == MODAL and result.modal is not None:
            self.last_modal = result
            self._print_modal(result.modal)
            return
        if result.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
            if result.response_type == DEFERRED_CHANNEL_MESSAGE:
                self.console.print(Text("skatebot is thinking…", style="dim italic"))
            try:
                await result.wait_message(timeout=DEFERRED_WAIT)
            except TimeoutError:
                self.error(f"No answer after {DEFERRED_WAIT:g} s (the message keeps saying 'thinking').")
                return
        if result.message is not None:
            self.print_message(result.message)

    def _print_modal(self, modal: dict[str, Any]) -> None:
        self.console.print(Text(f"Form: {modal.get('title', '')}", style="bold"))
        for field in modal_inputs(modal):
            req = "required" if field.get("required", True) else "optional"
            self.console.print(Text(f"  {field_key(field)}: {field.get('label', '')} [{req}]"))
            if field.get("value"):  # prefilled, as Discord shows it in the form: kept unless typed again
                self.console.print(Text(f"      now: {str(field['value'])[:200]}", style="dim"))
        self.info(
            "Answer with: submit "
            + " ".join(f"{field_key(f)}: ..." for f in modal_inputs(modal))
            + " (fields left out keep what they show)"
        )

    async def submit(self, rest: str) -> None:
        if self.last_modal is None or self.last_modal.modal is None:
            raise ParseError("No form is open.")
        fields = modal_inputs(self.last_modal.modal)
        keys = {field_key(f): f["custom_id"] for f in fields}
        unknown = [word for word in FIELD_ATTEMPT.findall(rest) if word not in keys]
        if unknown:
            raise ParseError(f"The form has no field {unknown[0]!r}; its fields are: {', '.join(keys)}")
        values, _ = parse_options(rest, list(keys))
        result = await self.server.submit_modal(self.user, self.last_modal, {keys[k]: v for k, v in values.items()})
        self.last_modal = None
        await self.show_result(result)

    async def pick(self, arg: str) -> None:
        msg = self.last_message
        shown_menus = menus(msg)
        if msg is None or not shown_menus:
            raise ParseError("No menu on screen.")
        menu = shown_menus[0]
        options = menu.get("options") or []
        chosen = None
        if arg.isdigit() and 1 <= int(arg) <= len(options):
            chosen = options[int(arg) - 1]
        else:
            chosen = next((o for o in options if o.get("label", "").lower() == arg.lower()), None)
        if chosen is None:
            labels = " ".join(f"[{i} {o.get('label')}]" for i, o in enumerate(options, start=1))
            raise ParseError(f"No option {arg!r}; options: {labels}")
        if menu.get("disabled"):
            raise ParseError("That menu is disabled.")
        result = await self.server.click(self.user, msg, menu["custom_id"], guild=self.guild, values=[chosen["value"]])
        await self.show_result(result)

    async def apps(self, name: str) -> None:
        if self.last_shown is None:
            raise ParseError("No message on screen to use it on.")
        commands = [c["name"] for c in self.server.commands(self.guild) if c.get("type") == 3]
        command = next((c for c in commands if c.lower() == name.strip().lower()), None)
        if command is None:
            raise ParseError(f"No message command {name.strip()!r}; the Apps menu has: {', '.join(commands)}")
        result = await self.server.message_command(self.guild, self.user, command, self.last_shown)
        await self.show_result(result)

    async def press(self, arg: str) -> None:
        msg = self.last_message
        if msg is None or not msg.buttons():
            raise ParseError("No buttons on screen.")
        buttons = msg.buttons()
        chosen: tuple[str, str, bool] | None = None
        if arg.isdigit() and 1 <= int(arg) <= len(buttons):
            chosen = buttons[int(arg) - 1]
        else:
            chosen = next((b for b in buttons if b[0].lower() == arg.lower()), None)
        if chosen is None:
            labels = " ".join(f"[{i} {b[0]}]" for i, b in enumerate(buttons, start=1))
            raise ParseError(f"No button {arg!r}; buttons: {labels}")
        if chosen[2]:
            raise ParseError(f"[{chosen[0]}] is disabled.")
        result = await self.server.click(self.user, msg, chosen[1], guild=self.guild)
        await self.show_result(result)

    async def run_line(self, line: str) -> bool:
        """Run one line; False means quit."""
        line = line.strip()
        if not line:
            return True
        word, _, rest = line.partition(" ")
        lowered = word.lower()
        try:
            if lowered in ("quit", "exit"):
                return False
            if lowered == "help":
                self.help()
            elif lowered == "as":
                who = rest.strip().lower()
                users = {"owner": self.owner, "member": self.member}
                if self.moderator is not None:
                    users["mod"] = self.moderator
                if who not in users:
                    raise ParseError(f"Use {' or '.join(repr('as ' + name) for name in users)}.")
                self.user = users[who]
                self.info(f"Now typing as {self.user.name} ({who}).")
            elif lowered == "locale":
                self.set_locale(rest.split())
            elif lowered == "pick":
                await self.pick(rest.strip())
            elif lowered == "apps":
                await self.apps(rest)
            elif lowered == "press":
                await self.press(rest.strip())
            elif lowered == "submit":
                await self.submit(rest)
            elif line.startswith("/"):
                await self.slash(line)
            else:
                raise ParseError(f"Unknown input {word!r}. Type 'help' for the list of commands.")
        except ParseError as exc:
            self.error(str(exc))
        except ValueError as exc:
            # The fake refuses what Discord's client would not let you send (unknown option, bad type).
            self.error(str(exc))
        except Exception as exc:
            log.debug("console command failed", exc_info=True)
            self.error(f"Something went wrong: {exc}")
        await self.settle()
        return True


async def run_console(
    server: FakeDiscord,
    guild: Guild,
    channel: Channel,
    owner: User,
    member: User,
    *,
    stdin: TextIO = sys.stdin,
    console: Console,
    moderator: User | None = None,
    prelude: Sequence[str] = (),
    until: asyncio.Event | None = None,
    after_prelude: Callable[[], None] | None = None,
    clock: Callable[[], datetime] | None = None,
    idle: Callable[[], None] = lambda: None,
) -> int:
    """Read commands from `stdin` until quit/EOF; returns the process exit code. `prelude`: lines run first, as if
    typed; `after_prelude` is called once they are answered. `until`: with piped input, keep showing what happens
    after the input ends, until it is set (a replayed competition that is over). `idle`: called whenever the console
    waits for a person to type (at each prompt): the sandbox loads the results then. Piped lines follow one another
    at once: a line that needs the results has the bot load them (the command tree waits for them)."""
    session = SandboxConsole(server, guild, channel, owner, member, console, moderator, clock=clock)
    interactive = bool(getattr(stdin, "isatty", lambda: False)())
    try:
        for line in prelude:
            console.print(Text(f"> {line}", style="dim"))
            await session.run_line(line)
        if after_prelude is not None:
            after_prelude()
        if not interactive:
            text = await asyncio.to_thread(stdin.read)
            for line in text.splitlines():
                if not line.strip():
                    continue
                console.print(Text(f"> {line}", style="dim"))
                if not await session.run_line(line):
                    return 0
            if until is not None:
                while not until.is_set():
                    session.drain()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(until.wait(), 0.5)
                await session.settle()
            return 0
        console.print(Text(f"skatebot sandbox · {guild.name} · #{channel.name} · type 'help'", style="bold"))
        feed = asyncio.create_task(_feed(session))
        try:
            while True:
                prompt = f"{session.user.name} › "
                idle()
                try:
                    line = await asyncio.to_thread(_read_line, stdin, prompt)
                except EOFError:
                    break
                if not await session.run_line(line):
                    break
        finally:
            feed.cancel()
        return 0
    finally:
        session.drain()
        session.close()


async def _feed(session: SandboxConsole) -> None:
    """On a TTY, show scheduled posts as they happen rather than at the next prompt."""
    while True:
        await asyncio.sleep(0.5)
        session.drain()


def _read_line(stdin: TextIO, prompt: str) -> str:
    if stdin is sys.stdin:
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = stdin.readline()
    if not line:
        raise EOFError
    return line


__all__ = ["ParseError", "SandboxConsole", "parse_options", "run_console"]
