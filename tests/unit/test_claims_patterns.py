"""Mention finding searches its patterns through copies that first look at the character where a match would begin
(bot.services.claims.patterns). Such a copy finds the same matches only if every character its pattern
can start with is in its class: checked here from the pattern's parsed form, so that a word with a new first
letter added to a pattern fails this test instead of being silently never found."""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

import pytest

import bot.services.claims  # noqa: F401  (its modules register their guarded patterns on import)
from bot.services.claims.competition_mentions import COUNTRY_RE, FORMS, alternation_by_first_character
from bot.services.claims.patterns import GUARDED, folded, guard_patterns, may_match, starting_words
from bot.services.claims.split import sentences

Items = list[tuple[object, object]]


@functools.cache
def unicode_digits() -> frozenset[str]:
    """Every character \\d matches (any script's decimal digits, not only 0-9)."""
    digit = re.compile(r"\d")
    return frozenset(chr(c) for c in range(sys.maxunicode + 1) if digit.fullmatch(chr(c)))


def _first_of_sequence(items: Items) -> tuple[set[str] | None, bool]:
    """The characters a match of the sequence can start with (None: any) and whether it can match nothing."""
    chars: set[str] = set()
    for op, av in items:
        first, empty = _first_of(op, av)
        if first is None:
            return None, False
        chars |= first
        if not empty:
            return chars, False
    return chars, True


def _first_of(op: object, av: object) -> tuple[set[str] | None, bool]:
    if op is sre.LITERAL:
        return {chr(av)}, False  # type: ignore[arg-type]
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):  # \b, ^, $ and lookarounds consume nothing
        return set(), True
    if op is sre.IN:
        chars: set[str] = set()
        for item, value in av:  # type: ignore[attr-defined]
            if item is sre.LITERAL:
                chars.add(chr(value))
            elif item is sre.RANGE:
                chars |= {chr(c) for c in range(value[0], value[1] + 1)}
            elif item is sre.CATEGORY and value is sre.CATEGORY_DIGIT:
                chars |= unicode_digits()
            else:  # a negated set or a category (\w): any character, as far as this test can tell
                return None, False
        return chars, False
    if op is sre.BRANCH:
        chars, empty = set(), False
        for branch in av[1]:  # type: ignore[index]
            first, branch_empty = _first_of_sequence(branch)
            if first is None:
                return None, False
            chars |= first
            empty = empty or branch_empty
        return chars, empty
    if op is sre.SUBPATTERN:
        return _first_of_sequence(av[3])  # type: ignore[index]
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        first, empty = _first_of_sequence(av[2])  # type: ignore[index]
        return first, empty or av[0] == 0  # type: ignore[index]
    if op is sre.ATOMIC_GROUP:
        return _first_of_sequence(av)  # type: ignore[arg-type]
    return None, False  # any character, a back reference: anything may start here


def first_characters(pattern: re.Pattern[str]) -> set[str] | None:
    first, empty = _first_of_sequence(list(sre_parse.parse(pattern.pattern, pattern.flags)))
    return None if empty else first


@pytest.mark.parametrize("guarded, pattern, first", GUARDED, ids=[p.pattern[:40] for _, p, _ in GUARDED])
def test_each_guard_lets_through_every_character_its_pattern_starts_with(
    guarded: re.Pattern[str], pattern: re.Pattern[str], first: str
) -> None:
    starts = first_characters(pattern)
    assert starts is not None, "the pattern can start anywhere: it cannot be guarded"
    guard = re.compile(f"[{first}]", pattern.flags)
    assert {c for c in starts if not guard.fullmatch(c)} == set()
    assert guarded.pattern == f"(?=[{first}])(?:{pattern.pattern})" and guarded.flags == pattern.flags


def test_the_analysis_sees_a_first_letter_the_guard_lacks() -> None:
    """The test above can fail: a pattern starting with "o" is not let through by a guard of "srfl"."""
    pattern = re.compile(r"\b(?:short\s+program|original\s+dance)\b", re.IGNORECASE)
    assert first_characters(pattern) == {"s", "o"}
    assert first_characters(re.compile(r"(?:x)?")) is None  # may match nothing: no first character
    assert "٣" in first_characters(re.compile(r"\d+ points"))  # type: ignore[operator]  # Arabic-Indic three


@pytest.mark.parametrize(
    "sentence",
    [
        "Team USA took the team event title; the Americans won the free skate, and Japan's Kaori Sakamoto was second.",
        "In 2017 at the World Championships in Helsinki, the 2022 Olympic champions from Beijing were only fourth.",
        "she was 2nd in the short program (SP) and he won the men's free skate; their rhythm dance was third",
        "The French couple and the winners of the pairs event: ice dance gold for Canada at Skate America 2025.",
        "She was eleventh, 3.52 behind; he won by two points, beating the runner-up and edging out the champion.",
    ],
)
def test_a_guarded_copy_finds_what_its_pattern_finds(sentence: str) -> None:
    for guarded, pattern, _ in GUARDED:
        found = [(m.span(), m.groupdict(), m.lastgroup) for m in guarded.finditer(sentence)]
        assert found == [(m.span(), m.groupdict(), m.lastgroup) for m in pattern.finditer(sentence)]


# -- the words a match must start with (patterns.starting_words, may_match) ----------------------------------------
DATA = Path(__file__).resolve().parents[1] / "data"


@functools.cache
def corpus_sentences() -> list[str]:
    """Every sentence of the claim corpus and its story parts, and the sentences and clauses those are cut into:
    the texts the check searches."""
    texts = [json.loads(line)["text"] for line in (DATA / "claims_corpus.jsonl").read_text().splitlines() if line]
    for part in sorted((DATA / "claims_stories").glob("*.jsonl")):
        texts += [json.loads(line)["text"] for line in part.read_text().splitlines() if line.strip()]
    pieces = [s.text for text in texts for s in sentences(text)]
    return [*texts, *pieces, *(p.lower() for p in pieces), *(p.upper() for p in pieces)]


@functools.cache
def claim_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Every compiled pattern of the claim check's modules that has words its matches start with."""
    found: dict[int, tuple[str, re.Pattern[str]]] = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("bot.services.claims"):
            continue
        for attribute, value in vars(module).items():
            values = value if isinstance(value, tuple) else (value,)
            for each in values:
                if isinstance(each, re.Pattern) and isinstance(each.pattern, str) and starting_words(each):
                    found.setdefault(id(each), (f"{name}.{attribute}", each))
    return list(found.values())


def test_folding_keeps_each_letter_ignorecase_matches() -> None:
    """folded() gives, for every character re's IGNORECASE matches with an ASCII letter, that letter: so a word a
    case-insensitive pattern matches is in the folded text, whatever the case or script of its letters."""
    letter = re.compile("[a-z]", re.IGNORECASE)
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if letter.fullmatch(char):
            (ascii_letter,) = [a for a in "abcdefghijklmnopqrstuvwxyz" if re.fullmatch(a, char, re.IGNORECASE)]
            assert folded(char) == ascii_letter, (hex(code), folded(char))
    assert folded("ſHORT Program") == "short program"


@pytest.mark.parametrize("name, pattern", claim_patterns(), ids=[name for name, _ in claim_patterns()])
def test_a_pattern_is_never_skipped_where_it_matches(name: str, pattern: re.Pattern[str]) -> None:
    for sentence in corpus_sentences():
        if pattern.search(sentence):
            assert may_match(pattern, sentence), (name, sentence)


def test_the_words_a_match_starts_with() -> None:
    assert starting_words(re.compile(r"\b(?:Short|orig)\s+x", re.IGNORECASE)) == {"short", "orig"}
    assert starting_words(re.compile(r"(?:x)?ab")) == {"ab"}  # not "x" or "a": a match holds its tail "ab"
    assert starting_words(re.compile(r"(?:x)?a")) is None  # a letter alone is in almost every sentence
    assert starting_words(re.compile(r"\d+\s+(?:points?|pts?\b)")) == {"point", "pt"}  # a word after a number
    assert starting_words(re.compile(r"\b[Ww]orlds\b")) == {"Worlds", "worlds"}
    # Each alternative's own longest words: "us" would be found in "just", "championship" is rarer.
    championships = re.compile(r"\b(?:(?:U\.S\.|US)\s+Championships?|Olympics)", re.IGNORECASE)
    assert starting_words(championships) == {"championship", "olympics"}
    assert starting_words(re.compile(r"\b(?:in|at|of)\s+(?:19|20)\d\d")) == {"19", "20"}  # as long, and fewer
    assert starting_words(re.compile(r"free|(?-i:SP)", re.IGNORECASE)) == {"free", "sp"}
    assert starting_words(re.compile(r"free|(?i:sp)")) is None  # the case of "sp" in the text is not known
    assert starting_words(re.compile(r"[a-z]+ing")) == {"ing"}
    assert starting_words(re.compile(r"[a-z]+\s")) is None


def test_a_sentence_without_those_words_is_not_searched() -> None:
    medal = re.compile(r"\b(?:gold|silver|bronze)\b", re.IGNORECASE)
    assert not may_match(medal, "She smiled at the crowd.")
    assert may_match(medal, "She took SILVER.")
    assert may_match(medal, "She took ſilver.") and medal.search("She took ſilver.")  # IGNORECASE's long s


def test_only_patterns_re_cannot_skip_through_are_guarded() -> None:
    """re skips to a pattern's start itself when it is a character or class of no other case; a guard there would
    hide it and slow the search. Elsewhere ("\\bgold", any case) the guard is what skips."""
    namespace: dict[str, object] = {
        "capital": re.compile(r"[A-Z][a-z]"),
        "comma": re.compile(r",\s+(?:who|which)\b", re.IGNORECASE),
        "medal": re.compile(r"\b(?:gold|silver)\b", re.IGNORECASE),
        "letter": re.compile(r"[a-c]x", re.IGNORECASE),
    }
    kept = dict(namespace)
    guard_patterns(namespace)
    assert namespace["capital"] is kept["capital"] and namespace["comma"] is kept["comma"]
    assert namespace["medal"].pattern.startswith("(?=[")  # type: ignore[attr-defined]
    assert namespace["letter"].pattern.startswith("(?=[")  # type: ignore[attr-defined]


def test_the_country_forms_grouped_by_first_letter_find_what_their_plain_alternation_finds() -> None:
    forms = [f for f, _, _ in sorted(FORMS, key=lambda f: -len(f[0]))]
    plain = re.compile(r"(?<![\w.])(?:(?P<team>Team\s+)?(?P<form>" + "|".join(map(re.escape, forms)) + r"))(?![\w])")
    texts = [*corpus_sentences(), *(f"{f}, {f.lower()} and Team {f}'s {f}an" for f in forms)]
    for text in texts:
        expected = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in COUNTRY_RE.finditer(text)] == expected, text
    assert alternation_by_first_character(["ab", "ac", "b"]) == "a(?:b|c)|b(?:)"
