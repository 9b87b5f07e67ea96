"""Spellings of one Russian name that transliteration systems write differently: the feminine ending "-ая" is
"-aya" in the press and "-aia" in the ISU's results ("Lipnitskaya", "Lipnitskaia")."""

from __future__ import annotations

import re

_SWAP = {"y": "i", "i": "y", "Y": "I", "I": "Y"}
_ENDING = re.compile(r"(?<=\w\w)a(?:y|i)a\b", re.IGNORECASE)


def other_spelling(text: str) -> str | None:
    """`text` with each "-aya" ending written "-aia" and each "-aia" written "-aya"; None when it has neither."""
    swapped = _ENDING.sub(lambda m: m.group()[0] + _SWAP[m.group()[1]] + m.group()[2], text)
    return swapped if swapped != text else None
