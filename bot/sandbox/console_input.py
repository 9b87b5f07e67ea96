"""What a person types into the sandbox's console, read as Discord's client reads it: a slash command's path through
the registered command tree, its options, a form's fields; and the help that lists them."""

from __future__ import annotations

import re
from typing import Any

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

# Option types of a subcommand and of a group of them: a command with these has no options of its own.
SUBCOMMAND_TYPES = (1, 2)

# "word:" in a submit line where a field name could go: refused when no field has that name, so a mistyped
# field is never silently appended to the previous field's value.
FIELD_ATTEMPT = re.compile(r"(?:^|(?<=\s))([a-z][a-z_]*):(?=\s|$)")


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


def split_command(commands: list[dict[str, Any]], line: str) -> tuple[str, list[dict[str, Any]], str]:
    """('story source add', leaf option schemas, rest of line) by walking the registered tree (`commands`)."""
    words = line.lstrip("/").split(" ")
    name = words[0].strip()
    cmd = next((c for c in commands if c["name"] == name and c.get("type", 1) == 1), None)
    if cmd is None:
        available = sorted({c["name"] for c in commands if c.get("type", 1) == 1})
        raise ParseError(f"Unknown command /{name}. Available: {', '.join('/' + n for n in available) or 'none'}")
    path = [name]
    options: list[dict[str, Any]] = cmd.get("options") or []
    rest = words[1:]
    while rest and any(o.get("type") in SUBCOMMAND_TYPES for o in options):
        word = rest[0].strip()
        if not word:
            rest = rest[1:]
            continue
        sub = next((o for o in options if o.get("type") in SUBCOMMAND_TYPES and o["name"] == word), None)
        if sub is None:
            subs = ", ".join(o["name"] for o in options if o.get("type") in SUBCOMMAND_TYPES)
            raise ParseError(f"/{' '.join(path)} has no subcommand {word!r}; choose one of: {subs}")
        path.append(word)
        options = sub.get("options") or []
        rest = rest[1:]
    if any(o.get("type") in SUBCOMMAND_TYPES for o in options):
        subs = ", ".join(o["name"] for o in options if o.get("type") in SUBCOMMAND_TYPES)
        raise ParseError(f"/{' '.join(path)} needs a subcommand: {subs}")
    return " ".join(path), options, " ".join(rest)


def described(node: dict[str, Any], locale: str) -> str:
    """A command's or option's description as Discord's client shows it to a user of `locale`."""
    return str((node.get("description_localizations") or {}).get(locale) or node.get("description", ""))


def leaves(cmd: dict[str, Any], locale: str = "en-US") -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(path, description in `locale`, options) for every invocable leaf of a command tree."""
    out: list[tuple[str, str, list[dict[str, Any]]]] = []

    def walk(prefix: str, node: dict[str, Any]) -> None:
        options = node.get("options") or []
        subs = [o for o in options if o.get("type") in SUBCOMMAND_TYPES]
        if not subs:
            out.append((prefix, described(node, locale), options))
        for sub in subs:
            walk(f"{prefix} {sub['name']}", sub)

    walk(cmd["name"], cmd)
    return out


def modal_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    """The text inputs of a form (modal), each with the label it is shown under."""
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


def field_key(field: dict[str, Any]) -> str:
    """A typeable key for a modal field: its custom_id when the bot chose a readable one ("title"),
    otherwise its label in lower-case words joined by '-' (discord.py's default ids are random hex)."""
    custom_id = str(field.get("custom_id", ""))
    if re.fullmatch(r"[a-z][a-z_]{0,31}", custom_id):
        return custom_id
    return re.sub(r"[^\w]+", "-", str(field.get("label", "")).lower()).strip("-") or custom_id
