"""How the sandbox's console shows a message as Discord's client would: markdown, embeds, attachments, buttons and
menus, mentions by name and timestamps against the reader's now."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from bot.sandbox.state import Attachment, Guild, Message, User

# What Discord's client renders that our replies use: code blocks, **bold**, `code`, backslash escapes.
_MARKDOWN = re.compile(r"```(?:[a-z]*\n)?(.*?)```|\*\*(.+?)\*\*|`([^`\n]+)`|\\([\\*_`~|>\[\]()<@:#\-])", re.S)


_MENTION = re.compile(r"<(#|@&|@!?)(\d+)>|<t:(\d+)(?::([tTdDfFR]))?>")

# Component types of a select menu (string, user, role, mentionable, channel).
MENU_TYPES = (3, 5, 6, 7, 8)


class MessageRenderer:
    """A message of one server as its reader sees it: the server's channels and roles, the users Discord knows, and
    the reader's now (`now`: the bot's clock, a replay's competition time)."""

    def __init__(self, guild: Guild, users: Callable[[], Mapping[int, User]], now: Callable[[], datetime]) -> None:
        self.guild = guild
        self.users = users
        self.now = now

    def message(self, msg: Message, *, header: str | None, saved: Callable[[Attachment], Path]) -> RenderableType:
        """The message; each attachment is `saved` (for a person to open) and shown with where it is."""
        parts: list[RenderableType] = [self._title(msg, header)]
        if msg.content:
            parts.append(discord_markdown(self.mentions(msg.content)))
        for embed in msg.embeds:
            parts.append(self.embed(embed))
        for att in msg.attachments:
            line = Text(f"📎 {att.filename} ({file_size(att.size)})", style="blue")
            if att.description:
                line.append(f" · {att.description}", style="italic")
            line.append(f"\n   saved to {saved(att)}", style="dim")
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
            if comp.get("type") in MENU_TYPES:
                opts = ", ".join(o.get("label", "") for o in comp.get("options") or [])
                parts.append(Text(f"▾ {comp.get('placeholder') or 'select'}: {opts}", style="green"))
        return Group(*parts)

    @staticmethod
    def _title(msg: Message, header: str | None) -> Text:
        title = Text()
        title.append("skatebot", style="bold cyan")
        title.append(" BOT", style="bold white on blue")
        if header:
            title.append(f"  {header}", style="dim")
        if msg.ephemeral:
            title.append("  (only you can see this)", style="italic magenta")
        if msg.edited:
            title.append("  (edited)", style="dim")
        return title

    def mentions(self, text: str) -> str:
        """Channel, user and role mentions and timestamps as Discord's client shows them (no pings here)."""

        def replace(match: re.Match[str]) -> str:
            kind, ident, timestamp, style = match.groups()
            if timestamp is not None:
                moment = datetime.fromtimestamp(int(timestamp), UTC)
                if style == "R":
                    return relative_time(moment, self.now())
                return moment.strftime("%H:%M UTC" if style in ("t", "T") else "%d %B %Y %H:%M UTC")
            if kind == "#":
                channel = self.guild.channels.get(int(ident))
                return f"#{channel.name}" if channel else "#deleted-channel"
            if kind == "@&":
                role = self.guild.roles.get(int(ident))
                return f"@{role.name}" if role else "@deleted-role"
            user = self.users().get(int(ident))
            return f"@{user.name}" if user else "@unknown-user"

        return _MENTION.sub(replace, text)

    def embed(self, embed: dict[str, Any]) -> RenderableType:
        lines: list[RenderableType] = []
        author = (embed.get("author") or {}).get("name")
        if author:
            lines.append(Text(author, style="bold"))
        if embed.get("title"):
            lines.append(Text(embed["title"], style="bold underline"))
        if embed.get("description"):
            lines.append(discord_markdown(self.mentions(embed["description"])))
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
            values = discord_markdown(self.mentions("   ".join(f"{f.get('value', ''):<24}" for f in group)))
            names.rstrip()  # in place
            lines.extend([names, values])
            i += len(group)
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(Text(footer, style="dim"))
        colour = embed.get("color")
        border = f"#{colour:06x}" if isinstance(colour, int) and colour else "grey50"
        return Panel(Group(*lines), border_style=border, expand=False, padding=(0, 1))


def menus(message: Message | None) -> list[dict[str, Any]]:
    """The select menus of a message, in order."""
    if message is None:
        return []
    return [c for c in message.iter_components() if c.get("type") in MENU_TYPES]


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


def relative_time(moment: datetime, now: datetime) -> str:
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


def file_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / 1024 / 1024:.1f} MB"
