"""Mention finding searches its patterns through copies that first look at the character where a match would begin
(bot.services.claims.patterns). Such a copy finds the same matches only if every character its pattern
can start with is in its class: checked here from the pattern's parsed form, so that a word with a new first
letter added to a pattern fails this test instead of being silently never found."""

from __future__ import annotations

import functools
import re
import sys
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

import pytest

import bot.services.claims  # noqa: F401  (its modules register their guarded patterns on import)
from bot.services.claims.patterns import GUARDED

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
