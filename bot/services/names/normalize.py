"""Folding a name to the comparable form the index stores: case, accents, punctuation and CJK spacing."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["is_cjk", "normalize", "trigrams"]

# Letters that NFKD does not decompose into "base + combining mark", mapped by hand so that
# "Ødegaard", "Łukasz", "Þór" match what people type on a plain keyboard.
_FOLD = str.maketrans(
    {
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ł": "l",
        "ħ": "h",
        "ı": "i",
        "æ": "ae",
        "œ": "oe",
        "þ": "th",
        "ŋ": "n",
        "ŧ": "t",
        "ŀ": "l",
    }
)
# Japanese voicing marks are combining characters too, but dropping them changes the kana
# (が -> か), so they are kept and recomposed by NFC.
_KEEP_MARKS = frozenset("\u3099\u309a")
# Katakana folded to hiragana (ァ..ヶ → ぁ..ゖ), so a reading typed in either kana is one name: サカモト = さかもと.
_KATAKANA = str.maketrans({chr(code): chr(code - 0x60) for code in range(0x30A1, 0x30F7)})
# \W is "not str.isalnum() and not _": CJK, kana, hangul, cyrillic letters and digits stay.
_NON_WORD = re.compile(r"[\W_]+")
# Han and kana (not hangul: Korean separates words with spaces). Used to glue "坂本 花織"
# into "坂本花織" so both spellings are the same name.
_CJK_CLASS = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_CHAR = re.compile(f"[{_CJK_CLASS}]")
_CJK_GAP = re.compile(f"(?<=[{_CJK_CLASS}]) (?=[{_CJK_CLASS}])")


def normalize(text: str) -> str:
    """Fold ``text`` to the comparable form used by the index (never raises).

    casefold, strip accents (é->e, ø->o, ł->l, ß->ss), punctuation and '/' become spaces,
    whitespace collapsed; CJK / kana / hangul / cyrillic letters are kept.
    """
    if not isinstance(text, str) or not text:
        return ""
    s = text.casefold()
    if not s.isascii():
        s = s.translate(_FOLD)
        s = unicodedata.normalize("NFKD", s)
        s = "".join(c for c in s if c in _KEEP_MARKS or not unicodedata.combining(c))
        # NFC puts back what NFKD split but we want whole (hangul syllables, kana + voicing);
        # the second casefold catches compatibility forms that decompose to capitals (℡).
        s = unicodedata.normalize("NFC", s).casefold().translate(_KATAKANA)
        s = " ".join(_NON_WORD.sub(" ", s).split())
        return _CJK_GAP.sub("", s)
    return " ".join(_NON_WORD.sub(" ", s).split())


def is_cjk(token: str) -> bool:
    """Whether ``token`` holds Han or kana, written without spaces between words."""
    return _CJK_CHAR.search(token) is not None


def trigrams(token: str) -> list[str]:
    """Padded character trigrams; padding lets 1-2 letter tokens and word edges count."""
    padded = f" {token} "
    return [padded[i : i + 3] for i in range(len(padded) - 2)]
