"""The rule of standings pasted as text: "1. Alysa Liu  USA  226.79", "2 Kaori Sakamoto 224.90 (2/2)",
"1 | Papadakis / Cizeron | FRA | 1 | 1 | 201.89". A row is a place, then a name, then nothing but a country,
figures and separators. Its place is the final one (under a heading that names one segment, that segment's).
Under a header row ("Pos | Team | Nation | SD | FD | Total", "Rank Skater Nat SP FS Total") each figure is its
column's: a segment's place (a whole number) or score, or the total. Without one, the largest of several scores
is the total and a bracket "(3/1)" the places in the first and the second segment; a lone score is left to the
number rules (the total, or a segment's)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.services.claims.model import Subject
from bot.services.claims.rules.common import after_readings, ordinal_text, score, segment_place
from bot.services.claims.split import Sentence

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_ROW_START = re.compile(r"\s*\|?\s*#?(?P<rank>\d{1,2})(?:[.)]\s*|\s*\|\s*|\s+)(?=\S)")
# What may follow the name in a row: a country (a code, or a name in brackets), figures, segment places,
# separators. Any other word (a verb: "1 Liu won ...") makes it a sentence, not a row.
_ROW_REST = re.compile(
    r"(?:\s|[|,;:·•–—-]|\((?:[A-Za-z][A-Za-z .]{1,30})\)|\b[A-Z]{3}\b|\d{1,3}(?:\.\d\d)?\b|\bpts?\b|\bpoints\b"
    r"|\(\s*\d{1,2}\s*[/,|]\s*\d{1,2}\s*\))*"
)
_SEGMENT_PLACES = re.compile(r"\(\s*(?P<first>\d{1,2})\s*[/,|]\s*(?P<second>\d{1,2})\s*\)")
_SCORE = re.compile(r"\d{1,3}\.\d\d")
_FIGURE = re.compile(r"(?<![\w.])(?:\d{1,3}\.\d\d|\d{1,2})(?![\w.])|\b[A-Z]{3}\b|\([A-Za-z][A-Za-z .]{1,30}\)")

# A header row's words, each a column's role.
_ROLES = {
    **dict.fromkeys(("pos", "rank", "pl", "place", "#", "no", "rk"), "rank"),
    **dict.fromkeys(("skater", "skaters", "name", "team", "couple", "pair", "athlete", "entry"), "name"),
    **dict.fromkeys(("nation", "nat", "country", "noc", "fed", "nat."), "nation"),
    **dict.fromkeys(("sp", "short", "short program"), "first"),
    **dict.fromkeys(("sd", "rd", "rhythm dance", "short dance"), "rhythm_dance"),
    **dict.fromkeys(("fs", "lp", "free", "free skate", "long program"), "second"),
    **dict.fromkeys(("fd", "free dance"), "free_dance"),
    **dict.fromkeys(("total", "pts", "points", "score", "tss", "total score"), "total"),
}


_HEADER_START = re.compile(r"\s*\|?\s*(?:pos|rank|pl|place|#|no|rk)\b", re.I)


def table_columns(text: str) -> tuple[str, ...] | None:
    """The roles of a header row's columns, or None when the sentence is no header row."""
    if not _HEADER_START.match(text):
        return None
    cells = [c.strip().lower() for c in text.strip().strip("|").split("|")] if "|" in text else text.lower().split()
    roles = tuple(_ROLES.get(c, "") for c in cells)
    if len(roles) < 3 or "" in roles or "name" not in roles or roles[0] != "rank":
        return None
    return roles


def table_row(sentence: SentenceReader) -> bool:
    """The claims of a standings row (see the module docstring); False when the sentence is no row."""
    text = sentence.text
    start = _ROW_START.match(text)
    if start is None:
        return False
    named = next((m for m in sentence.mentions if m.subject is not None and m.kind != "rank"), None)
    if named is None or named.start != start.end() or named.kind != "person" or named.subject is None:
        return False
    rest = text[named.end :]
    if not _ROW_REST.fullmatch(rest) or not re.search(r"\d", rest):
        return False
    subjects = [named.subject]
    rank = int(start.group("rank"))
    segments = set(sentence.state.segments)
    if rank >= 1 and len(segments) == 1:
        # Under "Short program:", the row's place is that segment's (after the last one, maybe the final place).
        kind = segments.pop()
        readings = after_readings(kind, "after")
        segment_place(sentence, start.start(), subjects, rank, kind, readings)
        sentence.standings = [(kind, readings)]  # the next row is under the same heading
        return True
    if rank >= 1:
        sentence.make("place", start.start(), subjects, ordinal_text(rank), float(rank), segments=(None,))
    figures = list(_FIGURE.finditer(text, named.end))
    columns = sentence.state.columns
    if columns is not None and _by_columns(sentence, subjects, columns[columns.index("name") + 1 :], figures):
        return True
    places = _SEGMENT_PLACES.search(rest)
    scores = list(_SCORE.finditer(text, named.end))
    if places or len(scores) > 1:
        _restate(sentence, max(scores, key=lambda m: float(m.group())), None)
    if places:
        first, second = _segments(sentence, start.start())
        for kind, place in ((first, places.group("first")), (second, places.group("second"))):
            if int(place) >= 1:
                segment_place(sentence, start.start(), subjects, int(place), kind, (kind,))
    return True


def _by_columns(
    sentence: SentenceReader, subjects: list[Subject], roles: tuple[str, ...], figures: list[re.Match[str]]
) -> bool:
    """Each figure after the name as its column says; False when the row's cells do not fit the header."""
    if len(figures) == len(roles) - 1 and "nation" in roles:
        roles = tuple(r for r in roles if r != "nation")  # a row without its country
    if len(figures) != len(roles):
        return False
    first, second = _segments(sentence, figures[0].start() if figures else 0)
    for role, figure in zip(roles, figures, strict=True):
        value = figure.group()
        if role == "nation" or not value[0].isdigit():
            continue
        kind = {"first": first, "second": second, "rhythm_dance": role, "free_dance": role}.get(role)
        if "." not in value:
            if kind is not None and int(value) >= 1:
                segment_place(sentence, figure.start(), subjects, int(value), kind, (kind,))
        elif role == "total" or kind is not None:
            _restate(sentence, figure, kind)
    return True


def _segments(sentence: SentenceReader, position: int) -> tuple[str, str]:
    dance = sentence.discipline_for(position) == "ice_dance"
    return ("rhythm_dance", "free_dance") if dance else ("short_program", "free_skate")


def _restate(sentence: SentenceReader, figure: re.Match[str], kind: str | None) -> None:
    """The score the number rules read at `figure` as the total (`kind` None) or that segment's score alone."""
    for i, (claim, position, clause) in enumerate(sentence.made):
        if position == figure.start() and claim.kind in ("score", "total"):
            if kind is None:
                claimed = t("claim-total", score=figure.group())
                restated = replace(claim, kind="total", segments=(None,), claimed=claimed, segment=None)
                sentence.made[i] = (restated, position, clause)
            else:
                del sentence.made[i]
                score(sentence, position, list(claim.subjects), figure.group(), float(figure.group()), kind)
            return


_RANK_MARKER = re.compile(r"#?\d{1,2}[.)]")


def rows_joined(sentences: Iterable[Sentence]) -> Iterable[Sentence]:
    """A standings row's place ("1.") split off as a sentence of its own is joined again to the rest of its line."""
    pending: Sentence | None = None
    for sentence in sentences:
        if pending is not None and sentence.paragraph == pending.paragraph:
            shown = f"{pending.text} {sentence.shown}" if sentence.shown else None
            yield replace(sentence, text=f"{pending.text} {sentence.text}", shown=shown)
            pending = None
            continue
        if pending is not None:
            yield pending
            pending = None
        if _RANK_MARKER.fullmatch(sentence.text):
            pending = sentence
        else:
            yield sentence
    if pending is not None:
        yield pending
