"""Skaters' names as another language writes them, from a cited source: `data/names/<locale>.json`.

Each entry names a skater as the store has it ("Kaori Sakamoto"), the name as that language's media write it
("坂本花織", family name first), its readings ("さかもと かおり") and the pages that state both. Readers of that
language are shown the written name; anyone finds the skater by it or by a reading, in either kana. An entry
applies only to a name exactly one stored skater bears: with namesakes, no name is given rather than a guess.
A skater no file names keeps the store's name in every language: nothing is transliterated.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.services.names import normalize

log = logging.getLogger(__name__)

NAMES_DIR = Path(__file__).resolve().parents[3] / "data" / "names"


@dataclass(frozen=True, slots=True)
class LocalName:
    locale: str
    name: str  # as the store has it
    written: str
    readings: tuple[str, ...]
    sources: tuple[str, ...]


def read_local_names(directory: Path = NAMES_DIR) -> list[LocalName]:
    """Every file's entries; a broken entry is logged and left out (a name is never shown without its source)."""
    found: list[LocalName] = []
    for path in sorted(directory.glob("*.json")) if directory.is_dir() else []:
        for index, entry in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            try:
                name, written = entry["name"].strip(), entry["written"].strip()
                readings = tuple(reading.strip() for reading in entry.get("readings", []))
                sources = tuple(source.strip() for source in entry["sources"])
            except (KeyError, TypeError, AttributeError):
                log.warning("%s: entry %d is not a name with its sources; left out", path.name, index)
                continue
            if not name or not written or not sources or not all(readings):
                log.warning("%s: entry %d lacks a name, its written form or a source; left out", path.name, index)
                continue
            found.append(LocalName(path.stem, name, written, readings, sources))
    return found


def match_local_names(
    local_names: list[LocalName], stored: dict[str, list[int]]
) -> tuple[dict[int, list[str]], dict[str, dict[str, str]]]:
    """For the store's skaters (normalised name -> ids): the spellings each skater is also found by, and per
    language the store's name -> the written name. A name no stored skater or several bear is skipped."""
    spellings: dict[int, list[str]] = {}
    shown: dict[str, dict[str, str]] = {}
    for local in local_names:
        ids = stored.get(normalize(local.name), [])
        if len(ids) != 1:
            if ids:
                log.warning("%s name of %r skipped: %d skaters bear that name", local.locale, local.name, len(ids))
            continue
        spellings.setdefault(ids[0], []).extend([local.written, *local.readings])
        shown.setdefault(local.locale, {})[local.name] = local.written
    return spellings, shown


class LocalSpellings:
    """The i18n layer's name speller (`bot.i18n.spell_names_with`): per language, a stored name -> as that language
    writes it, found by the name's words folded and in any order ("Kaori SAKAMOTO", as ISU pages print it, is the
    same name)."""

    def __init__(self, shown: dict[str, dict[str, str]]) -> None:
        self._shown = {locale: {_name_words(k): v for k, v in known.items()} for locale, known in shown.items()}

    def __call__(self, name: str, locale: str) -> str | None:
        known = self._shown.get(locale)
        return known.get(_name_words(name)) if known else None


def _name_words(name: str) -> str:
    return " ".join(sorted(normalize(name).split()))


def family_name_of(name: str, aliases: Sequence[str]) -> frozenset[str] | None:
    """The family name printed in capitals when it is not the name's last word (kept to tell it apart), else
    None."""
    capitals = _printed_family_name(name, aliases)
    if capitals and capitals != {normalize(name).rpartition(" ")[2]}:
        return capitals
    return None


def _printed_family_name(name: str, aliases: Sequence[str]) -> frozenset[str]:
    """The words printed in capitals in a spelling of the skater ("Yuzuru HANYU"), as ISU results print family
    names."""
    return frozenset(
        normalize(word)
        for spelling in (name, *aliases)
        for word in spelling.split()
        if len(word) > 1 and word.isupper()
    )
