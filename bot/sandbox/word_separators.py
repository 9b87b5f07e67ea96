"""The characters the store's story index splits words on (db/words.py), as an earlier start measured them: kept in the
user's cache directory per tokenizer, SQLite and Unicode version, so that a `skatebot sandbox` start does not measure
them again (0.1 s of CPU, a seventh of the sandbox's start to its first answer: bench/bench_sandbox_start.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from bot.user_cache import cache_dir, write_atomically
from db.words import measured_under, tokenizer_separators, use_separators


def _separators_file(cache: Path) -> Path:
    return cache / f"word-separators-{hashlib.sha256(measured_under().encode()).hexdigest()[:16]}.json"


def use_remembered_word_separators(cache: Path | None = None) -> bool:
    """Hands the store the characters its story index splits words on as an earlier start measured them (db/words.py:
    0.1 s of CPU at every start otherwise, a seventh of the sandbox's to its first answer), when they were measured
    under the same SQLite and Unicode tables; whether it did. Call `remember_word_separators` after the store opened."""
    try:
        kept = json.loads(_separators_file(cache or cache_dir()).read_text(encoding="utf-8"))
        separators = kept["separators"]
        if not isinstance(separators, list) or not all(isinstance(c, str) and len(c) == 1 for c in separators):
            return False
        return use_separators(frozenset(separators), kept["under"])
    except (OSError, ValueError, KeyError, TypeError):
        return False  # none kept yet, or not readable: the store measures them


def remember_word_separators(cache: Path | None = None) -> None:
    """Keeps the separators this process uses (measured, or handed in) for the next start."""
    path = _separators_file(cache or cache_dir())
    if path.is_file():
        return
    document = {"under": measured_under(), "separators": sorted(tokenizer_separators())}
    write_atomically(path, json.dumps(document, ensure_ascii=False).encode())
