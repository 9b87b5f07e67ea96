"""The terminal front end of ``skatebot sandbox``: type slash commands, see what Discord would show.

Why a console over the fake server rather than calling cogs directly: every line goes through the
same FakeDiscord -> gateway -> discord.py -> REST path as production, so what you see here is what a
Discord user would see, limits and permission errors included.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

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

OPTION_TYPE_NAMES = {
    3: "text",
    4: "integer",
    5: "true/false",
    6: "user",
    7: "channel",
    8: "role",
    9: "user or role",
    10: "number",
    11: "attachment",
}
# How long a deferred command may take before we give up waiting (Discord allows 15 min; a person won't).
DEFERRED_WAIT = 15.0
# Follow-ups usually arrive right after the first answer; wait this long for the bot to go quiet.
SETTLE_QUIET = 0.2
SETTLE_MAX = 2.0

CONSOLE_HELP = [
    ("/command option: value ...", "run a slash command, as Discord's client shows it"),
    ("/command option: text?", "ask the bot's autocomplete for that option"),
    ("press N | press Label", "press a button on the last message shown"),
    ("pick N | pick Label", "choose an option of the menu on the last message shown"),
    ("submit field: value ...", "fill in the form (modal) the bot just opened"),
    ("apps Report story", "use a message command (Apps menu) on the last message shown"),
    ("as owner | as mod | as member", "switch who is typing (mod has the moderator role; member nothing)"),
    ("locale ja | locale server ja", "your Discord client's language, or the server's (en-US, ja, fr, …)"),
    ("help", "this list"),
    ("quit | exit", "leave (so does end of input)"),
]


class ParseError(ValueError):
    """A line the console cannot turn into a command; the message says what would work."""


def parse_options(text: str, names: list[str]) -> tuple[dict[str, str], str | None]:
    """Split ``a: x y b: z`` (or ``a:x y b:z``, as Discord's own box shows it) into {a: "x y", b: "z"} using only
    known option names as keys.

    Values may contain spaces, apostrophes and colons: a new option starts only where a known name, at the start or
    after a space, is followed by a colon. Returns (options, focused) where focused is the last option if it ends in
    '?'.
    """
    text = text.strip()
    if not text:
        return {}, None
    if not names:
        raise ParseError(f"this command takes no options, but got {text!r}")
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?:^|(?<=\s))({alternatives}):")
    matches = list(pattern.finditer(text))
    if not matches or matches[0].start() != 0:
        head = text[: matches[0].start()] if matches else text
        raise ParseError(f"expected 'option: value' but got {head.strip()!r}; options are: {', '.join(names)}")
    options: dict[str, str] = {}
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        name = match.group(1)
        if name in options:
            raise ParseError(f"option {name!r} given twice")
        options[name] = text[match.end() : end].strip()
    focused = None
    last = matches[-1].group(1)
    if options[last].endswith("?"):
        focused = last
        options[last] = options[last][:-1].rstrip()
    return options, focused


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
        if message.buttons() or _menus(message):
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
        parts: list[RenderableType] = []
        title = Text()
        title.append("skatebot", style="bold cyan")
        title.append(" BOT", style="bold white on blue")
        if header:
            title.append(f"  {header}", style="dim")
        if msg.ephemeral:
            title.append("  (only you can see this)", style="italic magenta")
        if msg.edited:
            title.append("  (edited)", style="dim")
        parts.append(title)
        if msg.content:
            parts.append(discord_markdown(self._mentions(msg.content)))
        for embed in msg.embeds:
            parts.append(self._embed(embed))
        for att in msg.attachments:
            line = Text(f"📎 {att.filename} ({_size(att.size)})", style="blue")
            if att.description:
                line.append(f" · {att.description}", style="italic")
            saved = self.save_attachment(att)
            line.append(f"\n   saved to {saved}", style="dim")
            parts.append(line)
        buttons = msg.buttons()
        if buttons:
            row = Text()
            for i, (label, _cid, disabled) in enumerate(buttons, start=1):
                if i > 1:
                    row.append(" ")
                row.append(f"[{i} {label}]", style="dim strike" if disabled else "bold green")
            parts.append(row)
        for comp in msg.iter_components():
            if comp.get("type") in (3, 5, 6, 7, 8):
                opts = ", ".join(o.get("label", "") for o in comp.get("options") or [])
                parts.append(Text(f"▾ {comp.get('placeholder') or 'select'}: {opts}", style="green"))
        self.console.print(Group(*parts))
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

    def _mentions(self, text: str) -> str:
        """Channel, user and role mentions and timestamps as Discord's client shows them (no pings here)."""

        def replace(match: re.Match[str]) -> str:
            kind, ident, timestamp, style = match.groups()
            if timestamp is not None:
                moment = datetime.fromtimestamp(int(timestamp), UTC)
                if style == "R":
                    return _relative(moment, self.now())
                return moment.strftime("%H:%M UTC" if style in ("t", "T") else "%d %B %Y %H:%M UTC")
            if kind == "#":
                channel = self.guild.channels.get(int(ident))
                return f"#{channel.name}" if channel else "#deleted-channel"
            if kind == "@&":
                role = self.guild.roles.get(int(ident))
                return f"@{role.name}" if role else "@deleted-role"
            user = self.server.users.get(int(ident))
            return f"@{user.name}" if user else "@unknown-user"

        return _MENTION.sub(replace, text)

    def _embed(self, embed: dict[str, Any]) -> RenderableType:
        lines: list[RenderableType] = []
        author = (embed.get("author") or {}).get("name")
        if author:
            lines.append(Text(author, style="bold"))
        if embed.get("title"):
            lines.append(Text(embed["title"], style="bold underline"))
        if embed.get("description"):
            lines.append(discord_markdown(self._mentions(embed["description"])))
        fields = embed.get("fields") or []
        i = 0
        while i < len(fields):
            # Consecutive inline fields sit side by side, up to three, as in Discord.
            group = [fields[i]]
            while fields[i].get("inline") and len(group) < 3 and i + len(group) < len(fields):
                nxt = fields[i + len(group)]
                if not nxt.get("inline"):
                    break
                group.append(nxt)
            names = Text("   ".join(f"{f.get('name', ''):<24}" for f in group), style="bold")
            values = discord_markdown(self._mentions("   ".join(f"{f.get('value', ''):<24}" for f in group)))
            names.rstrip()  # in place
            lines.extend([names, values])
            i += len(group)
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(Text(footer, style="dim"))
        colour = embed.get("color")
        border = f"#{colour:06x}" if isinstance(colour, int) and colour else "grey50"
        return Panel(Group(*lines), border_style=border, expand=False, padding=(0, 1))

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
            for path, desc, options in _leaves(cmd, self.user.locale):
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
                            f"      {opt['name']}: {_described(opt, self.user.locale)} [{kind}, {req}]{extra}",
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

    def _split_command(self, line: str) -> tuple[str, list[dict[str, Any]], str]:
        """('story source add', leaf option schemas, rest of line) by walking the registered tree."""
        words = line.lstrip("/").split(" ")
        name = words[0].strip()
        cmd = next(
            (c for c in self.server.commands(self.guild) if c["name"] == name and c.get("type", 1) == 1),
            None,
        )
        if cmd is None:
            available = sorted({c["name"] for c in self.server.commands(self.guild) if c.get("type", 1) == 1})
            raise ParseError(f"Unknown command /{name}. Available: {', '.join('/' + n for n in available) or 'none'}")
        path = [name]
        options: list[dict[str, Any]] = cmd.get("options") or []
        rest = words[1:]
        while rest and any(o.get("type") in (1, 2) for o in options):
            word = rest[0].strip()
            if not word:
                rest = rest[1:]
                continue
            sub = next((o for o in options if o.get("type") in (1, 2) and o["name"] == word), None)
            if sub is None:
                subs = ", ".join(o["name"] for o in options if o.get("type") in (1, 2))
                raise ParseError(f"/{' '.join(path)} has no subcommand {word!r}; choose one of: {subs}")
            path.append(word)
            options = sub.get("options") or []
            rest = rest[1:]
        if any(o.get("type") in (1, 2) for o in options):
            subs = ", ".join(o["name"] for o in options if o.get("type") in (1, 2))
            raise ParseError(f"/{' '.join(path)} needs a subcommand: {subs}")
        return " ".join(path), options, " ".join(rest)

    async def slash(self, line: str) -> None:
        path, schema, rest = self._split_command(line)
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
        try:
            await result.wait(timeout=self.server.ack_deadline + 0.5)
        except TimeoutError:
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
        for field in _modal_inputs(modal):
            req = "required" if field.get("required", True) else "optional"
            self.console.print(Text(f"  {_field_key(field)}: {field.get('label', '')} [{req}]"))
            if field.get("value"):  # prefilled, as Discord shows it in the form: kept unless typed again
                self.console.print(Text(f"      now: {str(field['value'])[:200]}", style="dim"))
        self.info(
            "Answer with: submit "
            + " ".join(f"{_field_key(f)}: ..." for f in _modal_inputs(modal))
            + " (fields left out keep what they show)"
        )

    async def submit(self, rest: str) -> None:
        if self.last_modal is None or self.last_modal.modal is None:
            raise ParseError("No form is open.")
        fields = _modal_inputs(self.last_modal.modal)
        keys = {_field_key(f): f["custom_id"] for f in fields}
        unknown = [word for word in _FIELD_ATTEMPT.findall(rest) if word not in keys]
        if unknown:
            raise ParseError(f"The form has no field {unknown[0]!r}; its fields are: {', '.join(keys)}")
        values, _ = parse_options(rest, list(keys))
        result = await self.server.submit_modal(self.user, self.last_modal, {keys[k]: v for k, v in values.items()})
        self.last_modal = None
        await self.show_result(result)

    async def pick(self, arg: str) -> None:
        msg = self.last_message
        menus = _menus(msg) if msg is not None else []
        if msg is None or not menus:
            raise ParseError("No menu on screen.")
        menu = menus[0]
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
) -> int:
    """Read commands from `stdin` until quit/EOF; returns the process exit code. `prelude`: lines run first, as if
    typed; `after_prelude` is called once they are answered. `until`: with piped input, keep showing what happens
    after the input ends, until it is set (a replayed competition that is over)."""
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


# What Discord's client renders that our replies use: code blocks, **bold**, `code`, backslash escapes.
_MARKDOWN = re.compile(r"```(?:[a-z]*\n)?(.*?)```|\*\*(.+?)\*\*|`([^`\n]+)`|\\([\\*_`~|>\[\]()<@:#\-])", re.S)


_MENTION = re.compile(r"<(#|@&|@!?)(\d+)>|<t:(\d+)(?::([tTdDfFR]))?>")


def discord_markdown(text: str, style: str = "") -> Text:
    """Discord markdown as rich Text, so the terminal shows what a Discord user sees."""
    out = Text(style=style)
    position = 0
    for match in _MARKDOWN.finditer(text):
        out.append(text[position : match.start()])
        block, bold, code, escaped = match.groups()
        if block is not None:
            out.append(block.rstrip("\n"), style="cyan")
        elif bold is not None:
            out.append_text(discord_markdown(bold, "bold"))
        elif code is not None:
            out.append(code, style="cyan")
        else:
            out.append(escaped)
        position = match.end()
    out.append(text[position:])
    return out


def _described(node: dict[str, Any], locale: str) -> str:
    """A command's or option's description as Discord's client shows it to a user of `locale`."""
    return str((node.get("description_localizations") or {}).get(locale) or node.get("description", ""))


def _leaves(cmd: dict[str, Any], locale: str = "en-US") -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(path, description in `locale`, options) for every invocable leaf of a command tree."""
    out: list[tuple[str, str, list[dict[str, Any]]]] = []

    def walk(prefix: str, node: dict[str, Any]) -> None:
        options = node.get("options") or []
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            out.append((prefix, _described(node, locale), options))
        for sub in subs:
            walk(f"{prefix} {sub['name']}", sub)

    walk(cmd["name"], cmd)
    return out


def _modal_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def walk(comp: dict[str, Any], label: str | None) -> None:
        if comp.get("type") == 4:
            found.append({**comp, "label": comp.get("label") or label or comp.get("custom_id")})
        for child in comp.get("components") or []:
            walk(child, label)
        if isinstance(comp.get("component"), dict):  # Label wrapper (type 18)
            walk(comp["component"], comp.get("label"))

    for comp in modal.get("components") or []:
        walk(comp, None)
    return found


# "word:" in a submit line where a field name could go: refused when no field has that name, so a mistyped
# field is never silently appended to the previous field's value.
_FIELD_ATTEMPT = re.compile(r"(?:^|(?<=\s))([a-z][a-z_]*):(?=\s|$)")


def _menus(message: Message | None) -> list[dict[str, Any]]:
    if message is None:
        return []
    return [c for c in message.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]


def _field_key(field: dict[str, Any]) -> str:
    """A typeable key for a modal field: its custom_id when the bot chose a readable one ("title"),
    otherwise its label in lower-case words joined by '-' (discord.py's default ids are random hex)."""
    custom_id = str(field.get("custom_id", ""))
    if re.fullmatch(r"[a-z][a-z_]{0,31}", custom_id):
        return custom_id
    return re.sub(r"[^\w]+", "-", str(field.get("label", "")).lower()).strip("-") or custom_id


def _relative(moment: datetime, now: datetime) -> str:
    """As Discord's client writes <t:…:R>: "in 5 hours", "2 days ago"."""
    seconds = (moment - now).total_seconds()
    amount = abs(seconds)
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if amount >= size:
            count = round(amount / size)
            text = f"{count} {unit}{'s' if count != 1 else ''}"
            break
    else:
        text = "a few seconds"
    return f"in {text}" if seconds >= 0 else f"{text} ago"


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / 1024 / 1024:.1f} MB"


__all__ = ["SandboxConsole", "parse_options", "run_console"]
