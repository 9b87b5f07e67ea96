"""Stage 1: sentences and clauses.

Sentences: line breaks, and ``.``/``!``/``?`` followed by white space and a capital or a digit, except after
abbreviations ("U.S. Figure Skating", "St. Moritz"). Clauses (inside a sentence, once the mentions are known):

* ``;`` and spaced dashes end a clause;
* a relative clause (", who ...", ", whose ...", ", which ...") is its own clause about the name before it,
  and the sentence goes on after its closing comma;
* a connector (",", "and", "but", "while", "whereas", "with") followed by a new subject starts a clause when
  the clause so far already says something about an earlier subject: "Malinin scored 108.16 in the short
  program | and Shaidorov scored 291.58", "Sakamoto took silver | and Nakai bronze", but not "Liu and
  Sakamoto won medals" (nothing said of Liu before the "and").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[\"“‘(]?[A-Z0-9])")
_ABBREVIATION = re.compile(r"(?:\b[A-Z]\.[A-Z]\.(?:[A-Z]\.)?|\b(?:St|Mr|Mrs|Ms|Dr|No|vs|Jr|Sr|Mt)\.)[\"”’)]*$")
_HARD = re.compile(r"\s*;\s*|\s+[—–]\s+|\s*—\s*|\s+--?\s+")
_RELATIVE = re.compile(r",\s+(?:who|whose|which)\b", re.IGNORECASE)
_CONNECTOR = re.compile(
    r"(?:,|\band\b|\bbut\b|\bwhile\b|\bwhereas\b|\bwith\b)\s+(?:[\w'’.-]+\s+){0,2}$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    paragraph: int


@dataclass(frozen=True, slots=True)
class Clause:
    start: int
    end: int
    relative: bool = False  # a ", who ..." clause: its subject is the name before it


def sentences(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    for paragraph, line in enumerate(text.splitlines()):
        line = line.strip()
        if not line:
            continue
        start = 0
        for m in _SENTENCE_END.finditer(line):
            if _ABBREVIATION.search(line[start : m.start()]):
                continue
            piece = line[start : m.start()].strip()
            if piece:
                out.append(Sentence(piece, paragraph))
            start = m.end()
        piece = line[start:].strip()
        if piece:
            out.append(Sentence(piece, paragraph))
    return out


def clauses(sentence: str, subjects: list[tuple[int, int]]) -> list[Clause]:
    """The clauses of `sentence`, given the spans of its subject mentions (names, pronouns, countries)."""
    cuts: list[tuple[int, int, bool]] = []  # (start, end, relative)
    # Hard boundaries first.
    pieces: list[tuple[int, int]] = []
    start = 0
    for m in _HARD.finditer(sentence):
        if m.start() > start:
            pieces.append((start, m.start()))
        start = m.end()
    if start < len(sentence):
        pieces.append((start, len(sentence)))
    for piece_start, piece_end in pieces:
        # Relative clauses: from ", who" to the next comma (or the end of the piece).
        spans: list[tuple[int, int, bool]] = []
        position = piece_start
        for m in _RELATIVE.finditer(sentence, piece_start, piece_end):
            if m.start() < position:
                continue
            close = sentence.find(",", m.end(), piece_end)
            close = piece_end if close < 0 else close
            spans.append((position, m.start(), False))
            spans.append((m.start() + 1, close, True))
            position = close + 1 if close < piece_end else piece_end
        spans.append((position, piece_end, False))
        for span_start, span_end, relative in spans:
            if span_end > span_start:
                cuts.extend(_coordinated(sentence, span_start, span_end, relative, subjects))
    return [Clause(s, e, r) for s, e, r in cuts if sentence[s:e].strip()]


def _coordinated(
    sentence: str, start: int, end: int, relative: bool, subjects: list[tuple[int, int]]
) -> list[tuple[int, int, bool]]:
    inside = [(s, e) for s, e in subjects if start <= s and e <= end]
    out: list[tuple[int, int, bool]] = []
    clause_start = start
    said: list[tuple[int, int]] = []  # subjects of the current clause
    for s, e in inside:
        before = sentence[clause_start:s]
        connector = _CONNECTOR.search(before)
        if connector and any(sentence[e0 : clause_start + connector.start()].strip(" ,") for _, e0 in said):
            cut = clause_start + connector.start()
            out.append((clause_start, cut, relative))
            clause_start = cut
            said = []
            relative = False
        said.append((s, e))
    out.append((clause_start, end, relative))
    return out
