"""Words exactly as SQLite's FTS5 unicode61 tokenizer splits them, for the scoped story index.

The story index puts each word behind its scope ("g123w" + word, "lw" + word), so the words must be split in
Python exactly where the tokenizer splits them: a character that Python's `\\w` keeps inside a word but the
tokenizer treats as a separator would cut an indexed word in two, and the part after it would be indexed
without its scope (`x\\u19b0lwzamboni` put "lwzamboni", a library word, into the index from a server story).

Which characters those are depends on the Unicode tables of both Python and the linked SQLite, which change
with their versions, so they are not written down here: they are measured from the SQLite in use, once per
process, by tokenizing every character that Python counts as a word character (about 0.1 s; a process may be handed
what another measured under the same versions instead: `use_separators`).
"""

from __future__ import annotations

import functools
import re
import sqlite3
import unicodedata

TOKENIZER = "unicode61 remove_diacritics 2"  # the stories_fts tokenizer (db/migrations/0002_stories.sql)
_PYTHON_WORD = re.compile(r"[^\W_]+")


# Code points probed at a time: the whole range at once made a transient of about 90 MB (every run of word
# characters as a string, and each as a row of an in-memory FTS table), which was the bot's peak memory.
_PROBE_BLOCK = 0x4000


def _blocks() -> list[range]:
    """Every Unicode scalar value in blocks (surrogates cannot be encoded, so they are left out)."""
    scalars = [range(0xD800), range(0xE000, 0x110000)]
    return [range(i, min(i + _PROBE_BLOCK, r.stop)) for r in scalars for i in range(r.start, r.stop, _PROBE_BLOCK)]


def _split_tokens(conn: sqlite3.Connection, texts: list[str]) -> list[int]:
    """The indices of the texts the tokenizer splits into more than one token."""
    conn.executemany("INSERT INTO probe (rowid, text) VALUES (?, ?)", enumerate(texts))
    split = [row[0] for row in conn.execute("SELECT doc FROM probe_terms GROUP BY doc HAVING count(*) > 1")]
    conn.execute("DELETE FROM probe")
    return split


# Separators measured under the current `measured_under()`, by this process or handed in (`use_separators`).
_separators: frozenset[str] | None = None


def measured_under() -> str:
    """What the separators depend on: the tokenizer, the linked SQLite's version (its Unicode tables) and Python's
    Unicode tables. Separators measured under the same are the same, in any process."""
    return f"{TOKENIZER} | SQLite {sqlite3.sqlite_version} | Unicode {unicodedata.unidata_version}"


def use_separators(separators: frozenset[str], under: str) -> bool:
    """Takes separators measured by another process (a cache of them), if they were measured under what this one
    links (`measured_under`); whether they were taken. Saves the measuring, about 0.1 s of CPU."""
    global _separators
    if under != measured_under():
        return False
    _separators = separators
    return True


def tokenizer_separators() -> frozenset[str]:
    """The characters Python's regular expressions count as word characters that the tokenizer splits on: measured
    once per process, unless handed in (`use_separators`)."""
    global _separators
    if _separators is None:
        _separators = _measure_separators()
    return _separators


def _measure_separators() -> frozenset[str]:
    conn = sqlite3.connect(":memory:")
    separators: set[str] = set()
    try:
        conn.execute(f"CREATE VIRTUAL TABLE probe USING fts5(text, tokenize='{TOKENIZER}')")
        conn.execute("CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, 'instance')")
        for block in _blocks():
            runs = _PYTHON_WORD.findall("".join(map(chr, block)))
            # Each run of consecutive word characters between two "q"s is one token unless the tokenizer
            # splits it (a separator at either end shows as a bare "q" token, one inside as two tokens).
            split = _split_tokens(conn, [f"q{r}q" for r in runs])
            # Only those few runs are probed one character at a time: "qXq" is one token unless X separates.
            characters = [c for i in split for c in runs[i]]
            separators.update(characters[i] for i in _split_tokens(conn, [f"q{c}q" for c in characters]))
    finally:
        conn.close()
    return frozenset(separators)


@functools.cache
def _word_pattern() -> re.Pattern[str]:
    excluded = "".join(re.escape(c) for c in sorted(tokenizer_separators()))
    return re.compile(rf"[^\W_{excluded}]+")


def fold(text: str) -> str:
    """Case and accents folded as the tokenizer folds them (remove_diacritics 2), and compatibility forms
    (ﬁ, ①, full-width letters) decomposed so they match what people type."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


# Scripts written without spaces between words: Han (Japanese kanji, Chinese), hiragana, katakana (with its
# prolonged sound mark and the half-width forms).
_UNSPACED = re.compile(r"([\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+)")


def _unspaced_terms(run: str) -> list[str]:
    """A run of Japanese or Chinese text as its characters and each pair of neighbours: "花織の涙" as 花, 織, の,
    涙, 花織, 織の, の涙. A search for any word of it ("花織", "涙") finds it without knowing where words end."""
    return [*run, *(run[i : i + 2] for i in range(len(run) - 1))]


def words(text: str) -> list[str]:
    """The words of `text`, folded: runs of characters that both Python and the tokenizer count as word
    characters, so the tokenizer never splits one of them again; text written without spaces (Japanese,
    Chinese) as its characters and pairs of characters (see `search_terms` for what a search looks for)."""
    found: list[str] = []
    for word in _word_pattern().findall(fold(text)):
        for i, part in enumerate(_UNSPACED.split(word)):
            if part:
                found.extend(_unspaced_terms(part) if i % 2 else [part])
    return found


def search_terms(text: str) -> list[str]:
    """The words a search for `text` looks for: its words, and of text written without spaces the pairs of
    characters it holds (a single character alone), each of which an indexed story holds too."""
    found: list[str] = []
    for word in _word_pattern().findall(fold(text)):
        for i, part in enumerate(_UNSPACED.split(word)):
            if not part:
                continue
            if i % 2 == 0:
                found.append(part)
            else:
                found.extend([part] if len(part) == 1 else [part[j : j + 2] for j in range(len(part) - 1)])
    return found
