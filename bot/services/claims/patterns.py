"""Faster searches of the claim check's patterns, with the same matches.

Python's re has no index of where a pattern can start: at every position of a sentence it tries each alternative
in turn, and these searches were most of the time a claim check took. A pattern is searched through a copy that
first looks at the character where a match would begin and goes on only if it is one the pattern can start with
(a character class, in the pattern's own case rule): the same matches, groups and spans, 3 to 5 times faster.
tests/unit/test_claims_patterns.py checks, from each pattern's parsed form, that its class holds every character
the pattern can start with, so a pattern given a word with another first letter fails there, never silently.
"""

from __future__ import annotations

import re
from re import _constants, _parser  # type: ignore[attr-defined]

GUARDED: list[tuple[re.Pattern[str], re.Pattern[str], str]] = []  # (guarded copy, pattern, first characters)


def starting_with(first: str, pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern`, tried only where the next character is in the character class `first` ("srfl", "A-Z", "\\d")."""
    guarded = re.compile(f"(?=[{first}])(?:{pattern.pattern})", pattern.flags)
    GUARDED.append((guarded, pattern, first))
    return guarded


def guard_patterns(namespace: dict[str, object]) -> None:
    """Each compiled pattern of a module's namespace (its globals()), replaced by a copy tried only where it can
    begin, when its parsed form says which characters those are (see :func:`first_characters`); a pattern that
    may begin anywhere, or match nothing, is left as it is. Called at the end of a module, before others import
    its patterns, so that a pattern added later is guarded too, its class never out of date."""
    already = {id(guarded) for guarded, _, _ in GUARDED}
    for name, value in list(namespace.items()):
        if isinstance(value, re.Pattern) and isinstance(value.pattern, str) and id(value) not in already:
            if _scanned_by_re(value):
                continue
            first = first_characters(value)
            if first is not None:
                namespace[name] = starting_with(first, value)


def _scanned_by_re(pattern: re.Pattern[str]) -> bool:
    """Whether re itself skips to where the pattern can start: it starts with a character or a class ("[A-Z]",
    ",") whose letters, if it ignores case, have no other case (what re's compiler looks for). A guard would hide
    that start from it, and make the search slower."""
    items = list(_parser.parse(pattern.pattern, pattern.flags))
    while items and items[0][0] is _constants.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        items = list(items[0][1][3])
    if not items or items[0][0] not in (_constants.LITERAL, _constants.IN):
        return False
    if not pattern.flags & re.IGNORECASE:
        return True
    op, value = items[0]
    members = [(op, value)] if op is _constants.LITERAL else list(value)
    for item, argument in members:
        if item is _constants.LITERAL and _cased(chr(argument)):
            return False
        if item is _constants.RANGE and any(_cased(chr(c)) for c in range(argument[0], argument[1] + 1)):
            return False
    return True


def _cased(char: str) -> bool:
    return char.lower() != char or char.upper() != char


def first_characters(pattern: re.Pattern[str]) -> str | None:
    """A character class (without its brackets) holding every character a match of `pattern` can start with, or
    None when that cannot be told: a match may be empty or start with any character, a group turns on a flag the
    class would lack, or the pattern is ASCII-only (its \\d is not the class's)."""
    if pattern.flags & re.ASCII:
        return None
    parts, empty = _first_of_sequence(list(_parser.parse(pattern.pattern, pattern.flags)))
    return None if parts is None or empty or not parts else "".join(dict.fromkeys(parts))


_Items = list[tuple[object, object]]


def _first_of_sequence(items: _Items) -> tuple[list[str] | None, bool]:
    """The class parts a match of the sequence can start with (None: any) and whether it can match nothing."""
    parts: list[str] = []
    for op, value in items:
        first, empty = _first_of(op, value)
        if first is None:
            return None, False
        parts += first
        if not empty:
            return parts, False
    return parts, True


def _first_of(op: object, value: object) -> tuple[list[str] | None, bool]:
    if op is _constants.LITERAL:
        return [re.escape(chr(value))], False  # type: ignore[arg-type]
    if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):  # \b, ^, $ and lookarounds: zero width
        return [], True
    if op is _constants.IN:
        parts: list[str] = []
        for item, argument in value:  # type: ignore[attr-defined]
            if item is _constants.LITERAL:
                parts.append(re.escape(chr(argument)))
            elif item is _constants.RANGE:
                parts.append(f"{re.escape(chr(argument[0]))}-{re.escape(chr(argument[1]))}")
            elif item is _constants.CATEGORY and argument is _constants.CATEGORY_DIGIT:
                parts.append(r"\d")
            else:  # a negated set, a category other than \d
                return None, False
        return parts, False
    if op is _constants.BRANCH:
        parts, empty = [], False
        for branch in value[1]:  # type: ignore[index]
            first, branch_empty = _first_of_sequence(branch)
            if first is None:
                return None, False
            parts += first
            empty = empty or branch_empty
        return parts, empty
    if op is _constants.SUBPATTERN:
        if value[1]:  # type: ignore[index]  # (?i:...) in a pattern without it: the class would lack the other case
            return None, False
        return _first_of_sequence(value[3])  # type: ignore[index]
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        first, empty = _first_of_sequence(value[2])  # type: ignore[index]
        return first, empty or value[0] == 0  # type: ignore[index]
    if op is _constants.ATOMIC_GROUP:
        return _first_of_sequence(value)  # type: ignore[arg-type]
    return None, False  # any character, a back reference: anything may start here


# -- words a match must start with ----------------------------------------------------------------------------------
# A guarded copy still tries its pattern at every character of its class, and most of a check's time was these
# searches. Many patterns can only match text that starts with one of a few words ("gold", "silver", "bronze"): a
# sentence holding none of them is not searched at all. re finds such words with a fast scan when they are a plain,
# case-sensitive alternation, so a case-insensitive pattern's words are looked for in the text folded to lower case.

# Characters re's IGNORECASE matches with an ASCII letter although str.lower() does not give that letter.
_IGNORECASE_ASCII = str.maketrans({"ſ": "s", "ı": "i", "İ": "i"})
_MAX_NEEDLES = 48  # more words than this: the scan for them costs about what the search would
_MIN_NEEDLE = 2  # a single letter is in almost every sentence
_FEW_CHARACTERS = 4  # a class of no more literal characters than this goes on as a word for each
# Each pattern asked about (by id, kept with it): the words its matches start with, as one pattern, or None; and
# whether it ignores case.
_needles: dict[int, tuple[re.Pattern[str], re.Pattern[str] | None, bool]] = {}
_IGNORECASE = int(re.IGNORECASE)  # a plain int: `flags & re.IGNORECASE` goes through the enum's Python code


_last_folded = ("", "")  # the last text folded and its folded form: a sentence is asked about several patterns


def folded(text: str) -> str:
    """`text` in lower case as re's IGNORECASE compares it with ASCII letters, a character for a character."""
    global _last_folded
    if _last_folded[0] == text:
        return _last_folded[1]
    lowered = text
    if not text.isascii() and any(c in text for c in "ſıİ"):
        lowered = text.translate(_IGNORECASE_ASCII)  # slow (a look-up for each character): only when needed
    _last_folded = (text, lowered.lower())
    return _last_folded[1]


def may_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when `pattern` cannot match anywhere in `text`: none of the words its matches start with is there
    (see :func:`starting_words`). True otherwise: search it."""
    kept = _needles.get(id(pattern))
    if kept is None or kept[0] is not pattern:
        words = starting_words(pattern)
        found = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))) if words else None
        kept = _needles[id(pattern)] = (pattern, found, bool(pattern.flags & _IGNORECASE))
    needles = kept[1]
    if needles is None:
        return True
    return needles.search(folded(text) if kept[2] else text) is not None


def starting_words(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Strings one of which every match of `pattern` starts with (in lower case for a case-insensitive pattern), or
    None when that cannot be told in a few words of two characters or more."""
    if pattern.flags & re.ASCII:
        return None
    return _words_in(list(_parser.parse(pattern.pattern, pattern.flags)), bool(pattern.flags & re.IGNORECASE))


def _words_in(sequence: _Items, ignore_case: bool) -> frozenset[str] | None:
    """The fewest, longest words one of which every match of the sequence holds: those each tail of it starts with
    (a match holds a match of each tail: "points" in "8.5 points"), or those each alternative of one of its
    alternations holds ("championship" in "U.S. Championships" and "World Championships"), whichever has the
    longest shortest word, then the fewest words."""
    items = _mandatory(sequence)
    found: list[frozenset[str]] = []
    for start in range(len(items)):
        starts = _starts_of_sequence(items[start:], {("", False)}, ignore_case)
        if starts is not None:
            found.append(frozenset(word for word, _ in starts))
        op, value = items[start]
        if op is _constants.BRANCH:
            each = [_words_in(list(branch), ignore_case) for branch in value[1]]  # type: ignore[index]
            if all(words is not None for words in each):
                found.append(frozenset().union(*each))  # type: ignore[arg-type]
    best: frozenset[str] | None = None
    for words in found:
        if not words or len(words) > _MAX_NEEDLES or any(len(word) < _MIN_NEEDLE for word in words):
            continue
        # A word that starts with another is found through it: only the shortest are looked for.
        words = frozenset(w for w in words if not any(o != w and w.startswith(o) for o in words))
        if best is None or (min(map(len, words)), -len(words)) > (min(map(len, best)), -len(best)):
            best = words
    return best


def _mandatory(items: _Items) -> _Items:
    """The sequence with its plain groups opened: each of their items is matched once in every match."""
    out: _Items = []
    for op, value in items:
        if op is _constants.SUBPATTERN and not value[1] and not value[2]:  # type: ignore[index]
            out += _mandatory(list(value[3]))  # type: ignore[index]
        else:
            out.append((op, value))
    return out


_Starts = set[tuple[str, bool]]  # (the literal start of a match, whether nothing more can be added to it)


def _starts_of_sequence(items: _Items, starts: _Starts, ignore_case: bool) -> _Starts | None:
    for op, value in items:
        if all(closed for _, closed in starts):
            return starts
        found = _starts_of(op, value, starts, ignore_case)
        if found is None:
            return None
        if len(found) > _MAX_NEEDLES:
            return None
        starts = found
    return starts


def _close(starts: _Starts) -> _Starts:
    return {(word, True) for word, _ in starts}


def _starts_of(op: object, value: object, starts: _Starts, ignore_case: bool) -> _Starts | None:
    if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):  # zero width: the match goes on after them
        return starts
    if op is _constants.LITERAL:
        char = chr(value)  # type: ignore[arg-type]
        if ignore_case and not char.isascii():
            return _close(starts)  # its other cases are not folded(): the words stop before it
        char = char.lower() if ignore_case else char
        return {(word if closed else word + char, closed) for word, closed in starts}
    if op is _constants.SUBPATTERN:
        case_sensitive_inside = ignore_case and not value[1] and value[2] == re.IGNORECASE  # type: ignore[index]
        if (value[1] or value[2]) and not case_sensitive_inside:  # type: ignore[index]
            return _close(starts)  # another flag inside, or a case-insensitive part of a case-sensitive pattern
        # (?-i:SP) in a case-insensitive pattern: "SP" is in the text, so "sp" is in its folded form.
        return _starts_of_sequence(value[3], starts, ignore_case)  # type: ignore[index]
    if op is _constants.BRANCH:
        out: _Starts = set()
        for branch in value[1]:  # type: ignore[index]
            found = _starts_of_sequence(branch, starts, ignore_case)
            if found is None:
                return None
            out |= found
        return out
    members: list[tuple[object, int]] = list(value) if op is _constants.IN else []  # type: ignore[call-overload]
    if members and len(members) <= _FEW_CHARACTERS and all(item is _constants.LITERAL for item, _ in members):
        # "[Ww]orlds": one word for each of its few characters.
        out = set()
        for _, code in members:
            found = _starts_of(_constants.LITERAL, code, starts, ignore_case)
            if found is None:
                return None
            out |= found
        return out
    return _close(starts)  # a class, a repeat, any character: the words end before it
