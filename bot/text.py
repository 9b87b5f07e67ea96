"""Plain-text helpers for what users typed, shared by services and the Discord layer (no discord import).

Anything a user typed that a reply repeats goes through `quote`: one line, short, and unable to format or
link (Discord renders markdown in replies; a 6,000-character option quoted whole would also push the reply
past Discord's 2,000-character limit and the user would see "The application did not respond").
"""

from __future__ import annotations

import re
import unicodedata

QUOTE_LIMIT = 80
# The largest id the store holds (64-bit, both engines): an id read from text beyond it names nothing stored.
ID_MAX = 2**63 - 1
_ID = re.compile(r"[0-9]{1,19}")

# Discord's markdown inside a line: emphasis, code, spoilers, strike, masked links, escapes, mentions and
# custom emoji (<:name:id>). Headings, lists and block quotes only start a line; quoted input never does.
_MARKDOWN = re.compile(r"([\\*_~`|\[\]()<@])")
_SPACE = re.compile(r"\s+")


def id_in(text: str) -> int | None:
    """The id `text` is (a button's custom_id part, a form field, an option typed or picked): ASCII digits naming
    a number from 1 to ID_MAX; None for anything else (other scripts' digits, "²", a forged 20-digit number), so
    that no reader of ids hands the store a number it cannot hold. The one parser of ids in text."""
    text = text.strip()
    if not _ID.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= ID_MAX else None


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, ending in … when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)].rstrip() + "…"


def display_width(text: str) -> int:
    """Columns `text` takes in a monospaced block: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """`text` padded with spaces to `width` columns (`<` left, `>` right), counting wide characters as two, so
    that a table's columns line up in any language; never cut."""
    room = " " * max(0, width - display_width(text))
    return room + text if align == ">" else text + room


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def escape_markdown(text: str) -> str:
    """Every character Discord could read as formatting, a link or a mention, backslash-escaped."""
    return _MARKDOWN.sub(r"\\\1", text)


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """User input as it may appear inside a reply: “on one line, at most `limit` characters, inert”."""
    one_line = _SPACE.sub(" ", str(text)).strip()
    return f"“{escape_markdown(shorten(one_line, limit))}”"
