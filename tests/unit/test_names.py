"""Behaviour of bot.services.names: normalization, tolerant search, ranking, resolve."""

from __future__ import annotations

import pytest

from bot.services.names import MAX_RESULTS, NameIndex, NameMatch, Resolution, normalize

SKATERS: list[tuple[int, str, list[str]]] = [
    (1, "Kaori Sakamoto", ["SAKAMOTO Kaori", "坂本花織"]),
    (2, "Mikhail Shaidorov", ["Mikhail Shaydorov"]),
    (3, "Ilia Malinin", []),
    (4, "Alysa Liu", []),
    (5, "Yuma Kagiyama", []),
    (6, "Shun Sato", []),
    (7, "Riku Miura / Ryuichi Kihara", []),
    (8, "Madison Chock / Evan Bates", []),
    (9, "Charlène Guignard / Marco Fabbri", []),
    (10, "Adam Siao Him Fa", []),
    (11, "Yuzuru Hanyu", []),
    (12, "Kao Miura", []),
    (13, "Mao Shimada", []),
    (14, "Elizabet Tursynbaeva", []),
    (15, "Nathan Chen", []),
]


@pytest.fixture
def index() -> NameIndex:
    idx = NameIndex()
    for key, label, aliases in SKATERS:
        idx.add(key, label, aliases)
    return idx


def top_key(idx: NameIndex, query: str) -> int | None:
    res = idx.search(query)
    return res[0].key if res else None


# ---------------------------------------------------------------- normalize


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Kaori Sakamoto", "kaori sakamoto"),
        ("  SAKAMOTO   Kaori ", "sakamoto kaori"),
        ("Charlène Guignard / Marco Fabbri", "charlene guignard marco fabbri"),
        ("Ødegaard", "odegaard"),
        ("Łukasz Różycki", "lukasz rozycki"),
        ("Straße", "strasse"),
        ("Siao-Him-Fa, Adam!", "siao him fa adam"),
        ("坂本花織", "坂本花織"),
        ("坂本 花織", "坂本花織"),  # Japanese often writes a space between family and given name
        ("ｶﾞｷ", "がき"),  # half-width kana folded to hiragana, voicing mark kept
        ("サカモト カオリ", "さかもとかおり"),  # a reading in katakana is the same as in hiragana
        ("Алёна Косторная", "алена косторная"),
        ("김연아", "김연아"),
        ("", ""),
        ("?!/…", ""),
    ],
)
def test_normalize(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


def test_normalize_non_string_is_empty() -> None:
    assert normalize(None) == ""  # type: ignore[arg-type]
    assert normalize(42) == ""  # type: ignore[arg-type]


# ---------------------------------------------------------------- tolerances


@pytest.mark.parametrize(
    "query",
    ["Kaori Sakamoto", "sakamoto kaori", "SAKAMOTO Kaori", "kaori sakamato", "kaorí sakamoto", "坂本花織"],
)
def test_case_order_accent_typo_cjk_find_sakamoto(index: NameIndex, query: str) -> None:
    assert top_key(index, query) == 1


def test_cjk_substring_and_prefix(index: NameIndex) -> None:
    assert top_key(index, "花織") == 1  # substring: CJK has no spaces between words
    assert top_key(index, "坂本") == 1
    assert index.search("坂本花織")[0].matched == "坂本花織"


def test_cjk_alias_only_after_it_exists() -> None:
    idx = NameIndex()
    idx.add(1, "Kaori Sakamoto")
    assert idx.search("坂本花織") == []
    idx.add(1, "Kaori Sakamoto", ["坂本花織"])
    assert top_key(idx, "坂本花織") == 1


def test_alias_and_typo_find_shaidorov(index: NameIndex) -> None:
    hit = index.search("Shaydorov")[0]
    assert (hit.key, hit.label, hit.matched) == (2, "Mikhail Shaidorov", "Mikhail Shaydorov")
    # Without the alias the spelling variant is still reached as a typo.
    bare = NameIndex()
    bare.add(2, "Mikhail Shaidorov")
    bare.add(3, "Ilia Malinin")
    assert top_key(bare, "Shaydorov") == 2
    assert top_key(bare, "shaidorv") == 2


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("Guignard", 9),
        ("Fabbri", 9),
        ("Chock Bates", 8),
        ("bates chock", 8),
        ("Charlene", 9),
        ("siao him fa", 10),
        ("malinn", 3),
        ("tursinbaeva", 14),
        ("yuzuru hanyuu", 11),
    ],
)
def test_couples_partial_names_and_typos(index: NameIndex, query: str, key: int) -> None:
    assert top_key(index, query) == key


@pytest.mark.parametrize(
    ("query", "key"),
    [("sakam", 1), ("mal", 3), ("kagi", 5), ("tursy", 14), ("kaori sak", 1), ("chock b", 8), ("Shim", 13)],
)
def test_prefixes_while_typing(index: NameIndex, query: str, key: int) -> None:
    assert top_key(index, query) == key


def test_single_letter_prefix_lists_matching_names(index: NameIndex) -> None:
    keys = {m.key for m in index.search("m")}
    # Every skater with a token starting with "m" and nobody else.
    assert keys == {2, 3, 7, 8, 9, 12, 13}


# ---------------------------------------------------------------- ranking


def test_exact_beats_prefix_and_fuzzy(index: NameIndex) -> None:
    res = index.search("Kao Miura")
    assert res[0].key == 12 and res[0].score == 100.0
    assert all(m.score < 100.0 for m in res[1:])
    # "kao" is a whole token of Kao Miura but only a prefix of Kaori.
    res = index.search("kao")
    assert [m.key for m in res[:2]] == [12, 1]
    assert res[0].score > res[1].score


def test_word_order_equality_scores_just_below_exact(index: NameIndex) -> None:
    [hit] = [m for m in index.search("Sakamoto Kaori") if m.key == 1]
    assert hit.score == 100.0  # the ISU-style alias is an exact match
    assert hit.matched == "SAKAMOTO Kaori"
    assert index.search("Malinin Ilia")[0].score == 99.0


def test_results_sorted_unique_and_typed(index: NameIndex) -> None:
    res = index.search("m")
    assert all(isinstance(m, NameMatch) for m in res)
    assert [m.score for m in res] == sorted((m.score for m in res), reverse=True)
    assert len({m.key for m in res}) == len(res)
    assert all(0.0 <= m.score <= 100.0 for m in res)


def test_matched_prefers_label_when_as_good(index: NameIndex) -> None:
    assert index.search("sakamoto")[0].matched == "Kaori Sakamoto"


def test_ties_broken_by_shorter_label_then_key() -> None:
    idx = NameIndex()
    idx.add(30, "Anna Berg")
    idx.add(20, "Anna Berg")
    idx.add(10, "Anna Bergström")
    idx.add(5, "Anna Bergs")
    assert [m.key for m in idx.search("anna berg")] == [20, 30, 5, 10]
    assert [m.key for m in idx.search("anna")][:2] == [20, 30]


def test_limit_is_capped_at_25() -> None:
    idx = NameIndex()
    for i in range(60):
        idx.add(i, f"Anna Petrova{i}")
    assert len(idx.search("anna")) == MAX_RESULTS
    assert len(idx.search("anna", limit=100)) == MAX_RESULTS
    assert len(idx.search("anna", limit=3)) == 3
    assert idx.search("anna", limit=0) == []


# ---------------------------------------------------------------- robustness

NASTY = [
    "",
    " ",
    "   \t\n",
    "!!!",
    "/ / /",
    "-",
    "'",
    "a",
    "é",
    "ß",
    "🙂",
    "🙂🙂🙂 sakamoto 🙂",
    "\x00",
    "\ud800",  # lone surrogate
    "\u200b\u200d",
    "̀́",  # combining marks only
    "x" * 500,
    "ab " * 200,
    "sakamoto " * 60,
    "".join(chr(c) for c in range(0x20, 0x2FF)),
    "坂" * 300,
    "%s %d {0} \\ \\\\",
    "Robert'); DROP TABLE skaters;--",
]


@pytest.mark.parametrize("query", NASTY)
def test_never_raises(index: NameIndex, query: str) -> None:
    res = index.search(query)
    assert isinstance(res, list) and len(res) <= MAX_RESULTS
    assert isinstance(index.resolve(query), Resolution)


@pytest.mark.parametrize("query", [None, 12, b"sakamoto", ["x"]])
def test_non_string_queries_return_empty(index: NameIndex, query: object) -> None:
    assert index.search(query) == []  # type: ignore[arg-type]
    assert index.resolve(query) == Resolution(None, [])  # type: ignore[arg-type]


@pytest.mark.parametrize("query", ["", "  ", "?!", "/"])
def test_empty_query_gives_nothing(index: NameIndex, query: str) -> None:
    assert index.search(query) == []


def test_empty_index() -> None:
    idx = NameIndex()
    assert len(idx) == 0
    assert idx.search("sakamoto") == []
    assert idx.resolve("sakamoto") == Resolution(None, [])


# ---------------------------------------------------------------- add / re-add


def test_len_and_readd_replaces_names(index: NameIndex) -> None:
    assert len(index) == len(SKATERS)
    index.add(3, "Ilia Malinin", ["Quad God"])
    assert len(index) == len(SKATERS)
    assert top_key(index, "quad god") == 3
    index.add(3, "Ilya Malinin")  # aliases dropped, label changed
    assert index.search("quad god") == []
    hit = index.search("malinin")[0]
    assert (hit.key, hit.label) == (3, "Ilya Malinin")


def test_heavy_churn_compacts_and_keeps_results() -> None:
    idx = NameIndex()
    for round_ in range(3):
        for k in range(3000):
            idx.add(k, f"Skater{k} Round{round_}")
    assert len(idx) == 3000
    assert top_key(idx, "skater42 round2") == 42
    # Old names are gone: "round0" now only reaches the current names as a typo.
    assert all(m.label.endswith("Round2") and m.score < 99 for m in idx.search("round0"))
    # Tombstones were compacted away rather than accumulating forever.
    assert len(idx._name_norm) < 2 * 3000 + 4096


def test_names_that_normalize_to_nothing_are_harmless() -> None:
    idx = NameIndex()
    idx.add(1, "???", ["", "   "])
    assert len(idx) == 1
    assert idx.search("?") == []


# ---------------------------------------------------------------- resolve


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("Kaori Sakamoto", 1),
        ("sakamoto kaori", 1),
        ("kaori sakamato", 1),
        ("坂本花織", 1),
        ("Shaydorov", 2),
        ("Guignard", 9),
        ("Chock Bates", 8),
        ("Kao Miura", 12),
        ("malinn", 3),
    ],
)
def test_resolve_confident(index: NameIndex, query: str, key: int) -> None:
    res = index.resolve(query)
    assert res.found and res.match is not None and res.match.key == key
    assert not res.ambiguous
    assert all(s.key != key for s in res.suggestions)


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Kim Hyun-gyeom", "kim yuna"),  # "yuna" is two edits from "hyun", the start of his given name
        ("Kim Hyun-gyeom", "Yuna Kim"),
        ("Lee Min-jun", "Lee Anmin"),
        ("Sergei Dorin", "sergei borin"),
    ],
)
def test_a_surname_and_a_first_name_the_store_lacks_is_no_other_skater(stored: str, query: str) -> None:
    """A skater the store lacks, typed in full, is never resolved to another of the same surname through a "typo"
    of the first name that changes its first letter: a confident wrong skater is the worst answer."""
    idx = NameIndex()
    idx.add(1, stored)
    idx.add(2, "Yuna Aoki")
    assert idx.resolve(query).match is None


def test_resolve_ambiguous_miura(index: NameIndex) -> None:
    res = index.resolve("Miura")
    assert res.match is None and res.ambiguous
    assert {s.key for s in res.suggestions[:2]} == {7, 12}
    assert len(res.suggestions) <= 5


def test_resolve_same_name_twice_is_ambiguous() -> None:
    idx = NameIndex()
    idx.add(1, "Anna Berg")
    idx.add(2, "Anna Berg")
    res = idx.resolve("anna berg")
    assert res.match is None
    assert [s.key for s in res.suggestions] == [1, 2]


def test_resolve_weak_mixed_query_gives_suggestions(index: NameIndex) -> None:
    res = index.resolve("Sakamoto Yuzuru")
    assert res.match is None
    assert {1, 11} <= {s.key for s in res.suggestions}


def test_resolve_not_found(index: NameIndex) -> None:
    res = index.resolve("Zzyzx Qwvbn")
    assert res == Resolution(None, [])
    assert not res.found and not res.ambiguous


def test_resolve_suggestions_capped_at_five() -> None:
    idx = NameIndex()
    for i in range(20):
        idx.add(i, f"Anna Petrova{i}")
    res = idx.resolve("anna")
    assert res.match is None and len(res.suggestions) == 5
