"""The parts every answer's embed is made of: Discord's limits, a new embed, fields that fit, footers, figures
(marked when derived or estimated), and PerAnswer (an answer's embeds built once per language).
bot.discord_layer.ui.embeds and bot.discord_layer.ui.athlete build with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

import discord

from bot.i18n import Words
from db.models import Entry, Figure, Skater

_Answer = TypeVar("_Answer")
_Built = TypeVar("_Built")

PAGE_SIZE = 10
COLOUR = discord.Colour(0x4F8DD6)
MEDAL_EMOJI = {1: "🥇", 2: "🥈", 3: "🥉"}
# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT = 256, 4096, 256, 1024
FOOTER_LIMIT, FIELDS_LIMIT, TOTAL_LIMIT = 2048, 25, 6000

SINGLE_SOURCE_MARK, DERIVED_MARK = "*", "†"


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def new_embed(title: str, description: str = "", *, colour: discord.Colour = COLOUR) -> discord.Embed:
    return discord.Embed(title=cut(title, TITLE_LIMIT), description=cut(description, DESCRIPTION_LIMIT), colour=colour)


def add_field(embed: discord.Embed, name: str, value: str, *, inline: bool = False) -> bool:
    """Adds a field if the embed still has room (count and total size); returns whether it did."""
    name, value = cut(name, FIELD_NAME_LIMIT), cut(value or "—", FIELD_VALUE_LIMIT)
    if len(embed.fields) >= FIELDS_LIMIT or len(embed) + len(name) + len(value) > TOTAL_LIMIT - FOOTER_LIMIT // 4:
        return False
    embed.add_field(name=name, value=value, inline=inline)
    return True


def set_footer(embed: discord.Embed, text: str) -> discord.Embed:
    room = TOTAL_LIMIT - len(embed)
    embed.set_footer(text=cut(text, max(1, min(FOOTER_LIMIT, room))))
    return embed


def lines_into_fields(embed: discord.Embed, title: str, lines: Iterable[str], *, words: Words, more: str = "") -> None:
    """Packs lines into as few fields as fit (each <= 1024 characters); says how many did not fit, in `words`."""
    chunk: list[str] = []
    lines = list(lines)
    shown = 0
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_VALUE_LIMIT:
            if not add_field(embed, title, "\n".join(chunk)):
                break
            shown += len(chunk)
            title, chunk = "\u200b", []
        chunk.append(cut(line, FIELD_VALUE_LIMIT))
    else:
        if chunk and add_field(embed, title, "\n".join(chunk)):
            shown += len(chunk)
    if shown < len(lines):
        said = words("results-lines-more", n=len(lines) - shown)
        add_field(embed, "\u200b", said + more)


# --- figures ---------------------------------------------------------------------------------------------
def mark(figure: Figure | None) -> str:
    """The provenance mark shown after a figure: * one source only, † computed rather than reported."""
    if figure is None or figure.provenance is None:
        return ""
    if figure.provenance.confidence == "derived":
        return DERIVED_MARK
    if figure.provenance.confidence == "single-source":
        return SINGLE_SOURCE_MARK
    return ""


def score(figure: Figure | None) -> str:
    if figure is None:
        return "—"
    value = figure.value
    return (f"{value:.2f}" if isinstance(value, float) else str(value)) + mark(figure)


def place_text(place: Figure | None, status: str | None = None, *, words: Words) -> str:
    """1st, 2nd... in `words`, with its provenance mark; a status (WD, FNR) as stored."""
    if status:
        return status
    if place is None:
        return "—"
    return words("ordinal", n=int(place.value)) + mark(place)


def signed(value: float | None) -> str:
    return "" if value is None else f" ({value:+.2f})"


def provenance_footer(figures: Iterable[Figure], words: Words, *, suffix: str = "") -> str:
    marks = {mark(f) for f in figures}
    parts = [words("results-marks-legend")]
    if SINGLE_SOURCE_MARK in marks:
        parts.append(words("results-mark-single-source", mark=SINGLE_SOURCE_MARK))
    if DERIVED_MARK in marks:
        parts.append(words("results-mark-derived", mark=DERIVED_MARK))
    parts.append(words("results-mark-unknown"))
    return " · ".join(parts) + (f" · {suffix}" if suffix else "")


def points(figure: Figure | None, words: Words) -> str:
    """A team's points: "12 pts"."""
    return words("results-points", points=score(figure))


class PerAnswer(Generic[_Answer, _Built]):
    """What is built from a service's answer, kept as long as the answer lives, once per language it was read in.
    The services hand out the same answer object (a Standings, a profile, /bests' rankings) until the store
    changes; embeds are never mutated after they are built."""

    def __init__(self, build: Callable[[_Answer, Words], _Built]) -> None:
        self._build = build
        self._built: WeakKeyDictionary[_Answer, dict[str, _Built]] = WeakKeyDictionary()

    def __call__(self, answer: _Answer, words: Words) -> _Built:
        built = self._built.setdefault(answer, {})
        found = built.get(words.locale)
        if found is None:
            found = built[words.locale] = self._build(answer, words)
        return found


def named(entry: Entry, words: Words) -> str:
    return discord.utils.escape_markdown(words.name(entry.name))


def escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


def other_spellings(skater: Skater) -> list[str]:
    """A skater's other spellings as shown: one per spelling whatever its case. "Kaori SAKAMOTO", as ISU results
    print her, is kept to find her (and tells her family name) but is not another name; of "Aljona SAVCHENKO" and
    "Aljona Savchenko", the one in ordinary case is shown."""
    seen = {skater.name.casefold()}
    shown = []
    for alias in sorted(skater.aliases, key=lambda a: any(len(w) > 1 and w.isupper() for w in a.split())):
        if alias.casefold() not in seen:
            seen.add(alias.casefold())
            shown.append(alias)
    return shown


def titled(name: str, words: Words) -> str:
    """A skater's name as a title: as the reader's language writes it, with the store's spelling beside it
    when they differ ("坂本花織 (Kaori Sakamoto)"), so that the name typed elsewhere is never lost."""
    local = words.name(name)
    return name if local == name else f"{local} ({name})"
