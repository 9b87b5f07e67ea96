"""Story search never crosses servers: the index's words are split as SQLite's unicode61 tokenizer splits
them, and the query itself keeps to the reader's server and the library."""

from __future__ import annotations

import re
import sqlite3
from functools import cache

import pytest

from bot.errors import UserFacingError
from bot.services.results import ResultsService
from bot.services.stories import Actor, StoryDraft, StoryService
from bot.store import CLI_OWNER
from db.database import Database
from db.repositories.stories import GuildRepository, StoryRepository, indexed_text
from db.words import TOKENIZER, words

GUILD, OTHER = 111, 222
MOD_A = Actor(1, GUILD, is_moderator=True)
MEMBER_B = Actor(2, OTHER)
PYTHON_WORD = re.compile(r"[^\W_]")
# One worker runs this file (pytest -n): its tests share one measurement of all of Unicode against SQLite
# (`disagreements`, kept for the process: seconds), which each worker would otherwise make again.
pytestmark = pytest.mark.xdist_group("tests/unit/test_story_search_scope.py")


@cache
def disagreements() -> dict[str, list[str]]:
    """Every character (all of Unicode) where Python's word regex and SQLite's tokenizer disagree, measured
    here one character at a time against SQLite itself: "q<c>q" is one token exactly when the tokenizer
    counts c as part of a word, and the two tokens "q" "q" when c separates. Grouped by direction."""
    characters = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    split = _tokenizer_separators(characters)
    found: dict[str, list[str]] = {"python word, tokenizer separator": [], "python separator, tokenizer word": []}
    for i, c in enumerate(characters):
        python_word = PYTHON_WORD.match(c) is not None
        tokenizer_word = i not in split
        if python_word and not tokenizer_word:
            found["python word, tokenizer separator"].append(c)
        elif tokenizer_word and not python_word:
            found["python separator, tokenizer word"].append(c)
    return found


# Characters a document: 1,100 documents, not one per character (1.1 million took FTS5 over 30 s on a busy machine).
UNITS_PER_DOCUMENT = 1000


def _tokenizer_separators(characters: list[str]) -> set[int]:
    """The indexes of the characters the tokenizer splits words on. Each document holds "q<c>q" for a run of
    characters, space-separated; only a split character yields the token "q" (a word character's token holds both
    q's), twice in a row, so the k-th pair of "q"s at token offset o of a document is its unit o - k."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    starts = range(0, len(characters), UNITS_PER_DOCUMENT)
    documents = ((i, " ".join(f"q{c}q" for c in characters[i : i + UNITS_PER_DOCUMENT])) for i in starts)
    conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", documents)
    qs = conn.execute("SELECT doc, offset FROM v WHERE term = 'q' ORDER BY doc, offset").fetchall()
    conn.close()
    split: set[int] = set()
    pairs_before: dict[int, int] = {}
    for (doc, first), (doc_again, second) in zip(qs[::2], qs[1::2], strict=True):
        assert doc_again == doc and second == first + 1, "a split character yields exactly two tokens q, q"
        split.add(doc + first - pairs_before.get(doc, 0))
        pairs_before[doc] = pairs_before.get(doc, 0) + 1
    return split


def test_the_two_splitters_do_disagree_here() -> None:
    """The premise of the tests below, on this Python and this SQLite: there are characters of both kinds
    (New Tai Lue vowel signs are letters to Python and separators to the tokenizer)."""
    found = disagreements()
    assert "\u19b0" in found["python word, tokenizer separator"]
    assert all(found.values()), {kind: len(chars) for kind, chars in found.items()}


@pytest.mark.parametrize("kind", ["python word, tokenizer separator", "python separator, tokenizer word"])
def test_no_word_is_ever_indexed_without_its_scope(kind: str) -> None:
    """For every disagreeing character: a story's text built to smuggle a word out of its scope (the library's
    "lw", another server's "g222w") is indexed with every token behind the story's own scope."""
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')")
    characters = disagreements()[kind]
    chunks = [characters[i : i + 1000] for i in range(0, len(characters), 1000)]
    rows = (
        (
            i,
            indexed_text(GUILD, " ".join(f"x{c}lwzamboni x{c}g{OTHER}wzamboni {c}lwtail lw{c}x x{c}" for c in chunk))[
                0
            ],
        )
        for i, chunk in enumerate(chunks)
    )
    conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", rows)
    terms = [row[0] for row in conn.execute("SELECT term FROM v")]
    assert terms and all(term.startswith(f"g{GUILD}w") for term in terms), [
        t for t in terms if not t.startswith(f"g{GUILD}w")
    ][:20]


def test_words_are_the_tokenizers_words() -> None:
    """Each word words() returns is one token to the tokenizer: never split again, never dropped."""
    sample = "".join(c for chars in disagreements().values() for c in chars[:50])
    text = f"Café naïve ﬁgure ① x\u19b0lwzamboni Ｓｈａｉｄｏｒｏｖ {sample} 坂本花織 Каори"
    split = words(text)
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", [(i, w) for i, w in enumerate(split)])
    per_word = dict(conn.execute("SELECT doc, count(*) FROM v GROUP BY doc").fetchall())
    assert per_word == dict.fromkeys(range(len(split)), 1)
    assert split[:6] == ["cafe", "naive", "figure", "1", "x", "lwzamboni"]


@pytest.fixture
async def service(store: Database, results: ResultsService) -> StoryService:
    return StoryService(StoryRepository(store), GuildRepository(store), results)


async def test_smuggled_scope_words_never_reach_another_server(service: StoryService) -> None:
    """The attack of issue 10, with every character that Python keeps in a word and the tokenizer splits on:
    server A's stories never show in server B's search or autocomplete, nor through the library's scope."""
    smugglers = disagreements()["python word, tokenizer separator"]
    ids = set()
    for c in smugglers:
        for title in (f"x{c}lwzamboni", f"x{c}g{OTHER}wzamboni"):
            ids.add((await service.create(MOD_A, StoryDraft(title, summary=title, body=title))).id)
    for query in ("zamboni", "lwzamboni", f"g{OTHER}wzamboni", "zam"):
        assert not ids & {s.id for s in await service.search(MEMBER_B, query)}, query
        assert not ids & {s.id for s in await service.suggest(MEMBER_B, query)}, query
    # In server A they are found by their words, as written.
    found_in_a = {s.id for q in ("lwzamboni", f"g{OTHER}wzamboni") for s in await service.stories.search(GUILD, q, 100)}
    assert ids == found_in_a


async def test_smuggled_stories_cannot_push_library_stories_out(service: StoryService) -> None:
    library = await service.create(CLI_OWNER, StoryDraft("Zamboni driver saves the day"), library=True)
    smugglers = disagreements()["python word, tokenizer separator"]
    for n in range(25):
        c = smugglers[n % len(smugglers)]
        title = f"x{c}lwzamboni " * 10  # many hits: would outrank the real story's single one
        await service.create(MOD_A, StoryDraft(title[:200], summary=title[:500], body=title * 10))
    found = await service.search(MEMBER_B, "zamboni")
    assert [s.id for s in found] == [library.id]


async def test_fts_syntax_from_users_never_changes_the_query(service: StoryService) -> None:
    story = await service.create(MOD_A, StoryDraft("Zamboni breaks down before the free skate"))
    member_a = Actor(9, GUILD)
    for query in ("zamboni", "ZAMBONI", '"zamboni"', "zamboni*", "^zamboni", "(zamboni)", "zamb"):
        assert story.id in {s.id for s in await service.search(member_a, query)}, query
    # Operators are words like any other: none of these means "or", "not" or "near".
    for query in (
        "zamboni OR nothing",
        "NOT zamboni",
        "title: zamboni",
        "NEAR(zamboni nothing)",
        "zamboni -breaks nothing",
    ):
        assert story.id not in {s.id for s in await service.search(member_a, query)}, query


@pytest.mark.parametrize("query", ["🎉", "*", '"', "^", '" * ^ 🎉', "   ", "-", "()"])
async def test_a_query_without_a_word_says_so(service: StoryService, query: str) -> None:
    with pytest.raises(UserFacingError, match="no word to search for"):
        await service.search(MEMBER_B, query)


async def test_a_refused_query_is_quoted_inert_and_short(service: StoryService) -> None:
    # Markdown in the quoted input ("**" pairs up with the reply's own text) is escaped, and an overlong
    # query is shortened, as every quoted input is (bot/text.py quote).
    with pytest.raises(UserFacingError) as refused:
        await service.search(MEMBER_B, "** " + "~" * 500)
    message = str(refused.value)
    assert "\\*\\*" in message and "…" in message and len(message) < 400
