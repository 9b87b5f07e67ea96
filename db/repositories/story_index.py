"""The stories' full-text index: what is indexed of a story (its words, scoped to its server or the library), and how
words typed are asked of it, on SQLite's FTS5 and PostgreSQL's tsvector alike.
"""

from __future__ import annotations

from db.database import Transaction
from db.words import search_terms, words

_MAX_QUERY_WORDS = 8


def _scope(guild_id: int | None) -> str:
    return "lw" if guild_id is None else f"g{int(guild_id)}w"


def indexed_text(guild_id: int | None, *texts: str) -> tuple[str, ...]:
    """What the index stores for a story's texts: each word behind the story's scope. The words are split as
    the tokenizer splits them (db.words), so no part of one is ever indexed without its scope."""
    scope = _scope(guild_id)
    return tuple(" ".join(scope + word for word in words(text)) for text in texts)


def search_words(text: str) -> list[str]:
    """The words a search looks for: what the member typed, as words only (Japanese as pairs of characters)."""
    return search_terms(text)[:_MAX_QUERY_WORDS]


def search_expression(guild_id: int | None, text: str, *, postgres: bool = False) -> str | None:
    """The full-text query for what a member typed in a server: every word must appear in a story that server
    can see (its own or the library's), the last word as a prefix (search-as-you-type). The input's quotes,
    operators and column filters are never interpreted: only its words reach the index, each quoted. SQLite's
    FTS5 query, or with `postgres` PostgreSQL's tsquery."""
    query_words = search_words(text)
    if not query_words:
        return None
    scopes = [_scope(None)] if guild_id is None else [_scope(guild_id), _scope(None)]
    terms = []
    for position, word in enumerate(query_words):
        last = position == len(query_words) - 1
        if postgres:
            alternatives = [_lexeme(scope + word) + (":*" if last else "") for scope in scopes]
            terms.append("(" + " | ".join(alternatives) + ")")
        else:
            star = "*" if last else ""
            terms.append("(" + " OR ".join(f'"{scope}{word}"{star}' for scope in scopes) + ")")
    return (" & " if postgres else " AND ").join(terms)


# PostgreSQL's limits on a tsvector: positions run up to 16383, and a word keeps at most 256 of them.
_MAX_POSITION = 16383
_MAX_POSITIONS_PER_WORD = 256


def _lexeme(word: str) -> str:
    """A word as a quoted tsvector or tsquery lexeme, taken as it is (no dictionary, no parser)."""
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def story_document(guild_id: int | None, title: str, summary: str, body: str) -> str:
    """A story's words for PostgreSQL's index, as a tsvector's text: the same scoped words SQLite's index holds
    (db.words splits them, so both engines find the same stories), each with its positions, weighted A in the
    title, B in the summary and C in the body (ranked 5, 2 and 1 as SQLite's bm25 weights them)."""
    scope = _scope(guild_id)
    positions: dict[str, list[str]] = {}
    position = 0
    for weight, text in (("A", title), ("B", summary), ("C", body)):
        for word in words(text):
            position = min(position + 1, _MAX_POSITION)
            seen = positions.setdefault(scope + word, [])
            if len(seen) < _MAX_POSITIONS_PER_WORD:
                seen.append(f"{position}{weight}")
    return " ".join(f"{_lexeme(word)}:{','.join(places)}" for word, places in positions.items())


async def index_story(
    tx: Transaction, story_id: int, guild_id: int | None, title: str, summary: str, body: str
) -> None:
    if tx.dialect.postgres:
        await tx.write(
            "INSERT INTO story_index (story_id, document) VALUES (?, CAST(? AS tsvector)) "
            "ON CONFLICT (story_id) DO UPDATE SET document = excluded.document",
            (story_id, story_document(guild_id, title, summary, body)),
        )
        return
    await tx.write(
        "INSERT INTO stories_fts (rowid, title, summary, body) VALUES (?, ?, ?, ?)",
        (story_id, *indexed_text(guild_id, title, summary, body)),
    )


async def unindex_story(tx: Transaction, story_id: int) -> None:
    """A contentless index forgets a row only when told exactly what it indexed: rebuilt from the row."""
    if tx.dialect.postgres:
        await tx.write("DELETE FROM story_index WHERE story_id = ?", (story_id,))
        return
    row = await tx.fetchone("SELECT guild_id, title, summary, body FROM stories WHERE id = ?", (story_id,))
    assert row is not None
    await tx.write(
        "INSERT INTO stories_fts (stories_fts, rowid, title, summary, body) VALUES ('delete', ?, ?, ?, ?)",
        (story_id, *indexed_text(row["guild_id"], row["title"], row["summary"], row["body"])),
    )
