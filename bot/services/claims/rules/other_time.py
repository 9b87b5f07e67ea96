"""Claims said of another time than the story's competition: "A year earlier they had won it with 185.75", "The
year before, she was second", "Last season they took silver". When the sentence names no competition, which
edition is meant is not said: the claims of that part of the sentence are not checkable, never checked against the
story's own competition (a confident wrong verdict otherwise)."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from bot.i18n import t
from bot.services.claims.model import Claim
from bot.services.claims.vocabulary import OTHER_TIME

# Where a part of the sentence about another time ends: a semicolon, a contrast, or a return to this time.
_PART_END = re.compile(r";|\b(?:but|while|whereas|now)\b|\bthis\s+(?:year|season|time)\b", re.IGNORECASE)
# The time said at the head of its part ("A year earlier they had won", "And the year before, second"): all of it.
_FRONTED = re.compile(r"[\W_]*(?:(?:and|then|so|A\s*:)\s*)?$", re.IGNORECASE)


def other_time_parts(sentence: str) -> list[tuple[int, int]]:
    """The spans of the sentence said of another time: the whole part (between the markers above) when the time
    heads it or is asked about ("who won it a year earlier? A: ..."), else only the words between the commas
    around it ("Papadakis and Cizeron, silver medallists four years earlier, won gold") and a figure given with
    them (", with 185.75")."""
    if not OTHER_TIME.search(sentence):
        return []  # most sentences
    bounds = [0, *(m.start() for m in _PART_END.finditer(sentence)), len(sentence)]
    spans = []
    for part_start, part_end in itertools.pairwise(bounds):
        for m in OTHER_TIME.finditer(sentence, part_start, part_end):
            if _FRONTED.match(sentence[part_start : m.start()]) or "?" in sentence[m.end() : part_end]:
                spans.append((part_start, part_end))
                continue
            chunk_start = sentence.rfind(",", part_start, m.start()) + 1 or part_start
            chunk_end = sentence.find(",", m.end(), part_end)
            while chunk_end >= 0 and re.match(r",\s*with\b", sentence[chunk_end:], re.IGNORECASE):
                chunk_end = sentence.find(",", chunk_end + 1, part_end)
            spans.append((max(chunk_start, part_start), part_end if chunk_end < 0 else chunk_end))
    return spans


def of_another_time(sentence: str, made: list[tuple[Claim, int, int]]) -> list[tuple[Claim, int, int]]:
    """The sentence's claims (each with where its words start and its clause) with those said of another time made
    not checkable."""
    parts = other_time_parts(sentence)
    if not parts:
        return made
    why = t("claim-past-result")
    return [
        (replace(claim, uncheckable=why), at, clause)
        if claim.uncheckable is None and any(start <= at < end for start, end in parts)
        else (claim, at, clause)
        for claim, at, clause in made
    ]
