"""Discord's limits on what a bot sends (lengths, counts, pings), checked by hand where the OpenAPI
specification says less than Discord enforces for bots (content is 2,000 characters for a bot, embeds share a
6,000-character budget, a custom id appears once). Each check returns (path, message) pairs; empty: accepted."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from bot.sandbox.errors import FieldErrors

# Discord's bounds for option values the command does not bound itself.
STRING_OPTION_MAX = 6000
NUMBER_OPTION_BOUND = 2**53

_MENTION_USER = re.compile(r"<@!?(\d+)>")
_MENTION_ROLE = re.compile(r"<@&(\d+)>")
_MENTION_EVERYONE = re.compile(r"@(everyone|here)")


def len_error(path: list[str | int], limit: int, *, minimum: int | None = None) -> tuple[list[str | int], str]:
    if minimum is not None:
        return path, f"Must be between {minimum} and {limit} in length."
    return path, f"Must be {limit} or fewer in length."


def check_embeds(embeds: Any, errors: FieldErrors) -> None:
    if not isinstance(embeds, list):
        errors.append((["embeds"], "Must be an array."))
        return
    if len(embeds) > 10:
        errors.append(len_error(["embeds"], 10))
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
                errors.append(len_error([*base, key], limit))
        footer = (embed.get("footer") or {}).get("text") or ""
        total += len(footer)
        if len(footer) > 2048:
            errors.append(len_error([*base, "footer", "text"], 2048))
        author = (embed.get("author") or {}).get("name") or ""
        total += len(author)
        if len(author) > 256:
            errors.append(len_error([*base, "author", "name"], 256))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(len_error([*base, "fields"], 25))
        for j, fld in enumerate(fields):
            name, value = str(fld.get("name", "")), str(fld.get("value", ""))
            total += len(name) + len(value)
            if not name or len(name) > 256:
                errors.append(len_error([*base, "fields", j, "name"], 256, minimum=1))
            if not value or len(value) > 1024:
                errors.append(len_error([*base, "fields", j, "value"], 1024, minimum=1))
    if total > 6000:
        errors.append((["embeds"], "Embed size exceeds maximum size of 6000"))


def check_components(components: Any, errors: FieldErrors) -> None:
    if not isinstance(components, list):
        errors.append((["components"], "Must be an array."))
        return
    if len(components) > 5:
        errors.append(len_error(["components"], 5))
    seen: set[str] = set()
    for i, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != 1:
            # Components v2 layouts are passed through; only classic action rows are checked.
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > 5:
            errors.append(len_error(["components", i, "components"], 5))
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
                    errors.append(len_error([*path, "custom_id"], 100, minimum=1))
                if cid in seen:
                    errors.append(([*path, "custom_id"], "Component custom id cannot be duplicated"))
                seen.add(cid)
            label = comp.get("label")
            if label is not None and len(label) > 80:
                errors.append(len_error([*path, "label"], 80))


def validate_message(payload: dict[str, Any]) -> FieldErrors:
    """Discord's message limits; an empty list means the payload would be accepted."""
    errors: FieldErrors = []
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            errors.append((["content"], "Must be a string."))
        elif len(content) > 2000:
            errors.append(len_error(["content"], 2000))
    if payload.get("embeds") is not None:
        check_embeds(payload["embeds"], errors)
    if payload.get("components") is not None:
        check_components(payload["components"], errors)
    return errors


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


def validate_modal(data: dict[str, Any]) -> FieldErrors:
    errors: FieldErrors = []
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        errors.append(len_error(["data", "title"], 45, minimum=1))
    cid = data.get("custom_id") or ""
    if not 1 <= len(cid) <= 100:
        errors.append(len_error(["data", "custom_id"], 100, minimum=1))
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        errors.append(len_error(["data", "components"], 5, minimum=1))
    return errors


def validate_choices(data: dict[str, Any]) -> FieldErrors:
    errors: FieldErrors = []
    choices = data.get("choices")
    if not isinstance(choices, list):
        return [(["data", "choices"], "Must be an array.")]
    if len(choices) > 25:
        errors.append(len_error(["data", "choices"], 25))
    for i, choice in enumerate(choices):
        name = str(choice.get("name", ""))
        if not 1 <= len(name) <= 100:
            errors.append(len_error(["data", "choices", i, "name"], 100, minimum=1))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            errors.append(len_error(["data", "choices", i, "value"], 100))
    return errors


# Discord's rule for a slash command's, group's or option's name: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$,
# in lower case where the letter has one. Python's re has no \p{...}: the character categories say the same
# (Devanagari and Thai marks are letters' companions, categories Mn/Mc, allowed in those scripts only).
_NAME_PUNCTUATION = frozenset("-_'")


def _name_char_ok(char: str) -> bool:
    if char in _NAME_PUNCTUATION or unicodedata.category(char)[0] in "LN":
        return True
    return unicodedata.category(char) in ("Mn", "Mc") and unicodedata.name(char, "").startswith(("DEVANAGARI", "THAI"))


def _name_error(name: object) -> str | None:
    if not isinstance(name, str) or not 1 <= len(name) <= 32 or not all(map(_name_char_ok, name)):
        return "Invalid application command name"
    if name != name.lower():
        return "Application command names must be lower case"
    return None


def validate_command_names(command: dict[str, Any]) -> FieldErrors:
    """The names of a slash command and of everything under it, in every language it is localized to; two
    siblings may not share a name in any language (a localized name falls back to the default one)."""
    errors: FieldErrors = []

    def check(item: dict[str, Any], path: list[str | int]) -> None:
        for where, name in [
            (["name"], item.get("name")),
            *(
                (["name_localizations", locale], localized)
                for locale, localized in (item.get("name_localizations") or {}).items()
            ),
        ]:
            if (problem := _name_error(name)) is not None:
                errors.append(([*path, *where], problem))
        options = item.get("options") or []
        locales = {locale for option in options for locale in (option.get("name_localizations") or {})}
        for locale in [None, *sorted(locales)]:
            seen: set[str] = set()
            for option in options:
                name = (option.get("name_localizations") or {}).get(locale) or option.get("name")
                if name in seen:
                    errors.append(([*path, "options"], f"Application command option names must be unique ({name})"))
                seen.add(name)
        for i, option in enumerate(options):
            check(option, [*path, "options", i])

    check(command, [])
    return errors
