"""Decoding an ISU results page to text: declared, detected and misdeclared character sets."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from charset_normalizer import from_bytes

from bot.services.isu.grid import PageError

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
# WHATWG: these labels all mean windows-1252 in a browser.
_CP1252_LABELS = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252"}
# What results sites are written in when they do not say: the Windows code pages of Europe and the common East
# Asian encodings. Restricting detection to them keeps it from picking exotic DOS code pages on short texts.
_CANDIDATES = [
    "cp1252",
    "cp1250",
    "cp1251",
    "cp1257",
    "koi8_r",
    "cp1253",
    "cp1254",
    "shift_jis",
    "euc_jp",
    "gb18030",
    "big5",
    "euc_kr",
]
_TAG = re.compile(rb"<[^>]*>|&[#\w]+;")
_ASCII_PUNCT = "\"'()[]{}<>.,;:!?-/*&#%=+_|"
_JOINERS = "’‘-·'"  # inside names: O’Brien, Jean-Luc
_FREE_SYMBOLS = "«»–—’‘“”€£©®°№·…"


@dataclass(frozen=True, slots=True)
class Decoded:
    """A page's text, the character set it was read in, and how that was decided."""

    text: str
    encoding: str
    how: str  # "BOM", "HTTP header", "meta tag", "UTF-8", "ASCII", "detected"


def _c1_fallback(err: UnicodeError) -> tuple[str, int]:
    # The five bytes cp1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to C1 controls, as browsers do.
    assert isinstance(err, UnicodeDecodeError)
    return "".join(chr(b) for b in err.object[err.start : err.end]), err.end


codecs.register_error("skatebot-c1", _c1_fallback)


def _codec(label: str | None) -> str | None:
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    if label in _CP1252_LABELS:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def _script(ch: str) -> str:
    code = ord(ch)
    if code < 0x250:
        return "latin"
    if 0x370 <= code < 0x400:
        return "greek"
    if 0x400 <= code < 0x530:
        return "cyrillic"
    if 0x3040 <= code < 0x3100 or 0x4E00 <= code < 0xA000 or 0xAC00 <= code < 0xD7B0 or 0x3400 <= code < 0x4DC0:
        return "cjk"
    return "other"


def _implausibility(text: str) -> int:
    """How unlike real names and words a decoding is. Wrongly decoded bytes make words of mixed scripts
    ("Stйphane"), symbols glued to letters ("£ukasz"), or Latin words made only of accented letters ("Êòî" for
    "Кто"): real names almost never do."""
    score = 0
    for token in text.split():
        if token.isascii():
            continue
        core = token.strip(_ASCII_PUNCT)
        letters = [c for c in core if c.isalpha()]
        if not letters:
            if any(not c.isascii() and c not in _FREE_SYMBOLS for c in core):
                score += 1  # control characters, box drawing, stray marks standing alone
            continue
        if any(not c.isalpha() and not c.isascii() and c not in _JOINERS for c in core):
            score += 3
        scripts = {_script(c) for c in letters}
        if len(scripts) > 1:
            score += 3
        elif scripts == {"latin"}:
            accented = sum(1 for c in letters if not c.isascii())
            if accented * 2 > len(letters) and len(letters) > 1:
                score += 2
        elif scripts == {"other"}:
            score += 1
    return score


def _detect(raw: bytes) -> str | None:
    """The most plausible of the candidate encodings for a page that does not declare one, or None."""
    text_bytes = _TAG.sub(b" ", raw)
    results = from_bytes(text_bytes, cp_isolation=_CANDIDATES)
    best: tuple[tuple[int, float, int], str] | None = None
    for match in results:
        try:
            decoded = text_bytes.decode(match.encoding)
        except (UnicodeDecodeError, LookupError):
            continue
        # Equally plausible readings of a short text (Baltic or Central European?) go to the more common one.
        prior = _CANDIDATES.index(match.encoding) if match.encoding in _CANDIDATES else len(_CANDIDATES)
        key = (_implausibility(decoded), round(match.chaos, 2), prior)
        if best is None or key < best[0]:
            best = (key, match.encoding)
    return best[1] if best else None


def decode_page(raw: bytes, name: str, declared: str | None = None) -> Decoded:
    """Bytes of a page -> text, honouring what the page and its server say first.

    A BOM wins; then the charset of the HTTP ``Content-Type`` (``declared``); then the page's ``<meta charset>`` or
    ``http-equiv`` content type (latin-1/ascii labels read as windows-1252, as browsers do), each only when the bytes
    do not show it false (see `_honest`); then valid UTF-8; only then is the encoding detected (charset-normalizer,
    checked for mixed scripts inside words). Not HTML at all (PDF, binary, empty) raises :class:`PageError`.
    """
    if raw.startswith(codecs.BOM_UTF8):
        return Decoded(raw[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace"), "utf-8", "BOM")
    if raw.startswith(_UTF16_BOMS):
        return Decoded(raw.decode("utf-16"), "utf-16", "BOM")
    if not raw.strip():
        raise PageError(f"{name}: empty file (expected an ISU results HTML page)")
    if raw.lstrip()[:5] == b"%PDF-" or b"\x00" in raw[:4096]:
        raise PageError(f"{name}: binary file, not an HTML page (expected an ISU results HTML page)")
    for label, how in ((declared, "HTTP header"), (_meta_label(raw), "meta tag")):
        codec = _codec(label)
        if codec is not None:
            honest = _honest(raw, codec)
            if honest is not None:
                return Decoded(honest, codec, how)
            # The declaration is false (GitHub Pages' UTF-8 header on a cp1251 page): the meta tag may be true.
    if raw.isascii():
        return Decoded(raw.decode("ascii"), "ascii", "ASCII")
    try:
        return Decoded(raw.decode("utf-8"), "utf-8", "UTF-8")
    except UnicodeDecodeError:
        pass
    codec = _detect(raw) or "cp1252"
    errors = "skatebot-c1" if codec == "cp1252" else "replace"
    return Decoded(raw.decode(codec, errors=errors), codec, "detected")


def _honest(raw: bytes, codec: str) -> str | None:
    """The page read in its declared `codec`, or None when the bytes show the declaration is false.

    Declarations lie on real sites: GitHub Pages sends every page as UTF-8 whatever its bytes (the federation's
    cp1251 pages with it), and a page converted to UTF-8 keeps its template's windows-1251 meta tag. A browser would
    show such a page garbled; the bot reads what the bytes are. Bytes that are not UTF-8 declared as UTF-8 (beyond a
    stray damaged byte) are read as detected; text that is valid UTF-8 (with non-ASCII sequences, which single-byte
    text almost never forms) declared as a single-byte code page is UTF-8; a single-byte reading that makes garbled
    words ("Äåâóøêè" for "Девушки") where another code page makes real ones is that other code page."""
    if codecs.lookup(codec).name in ("utf-8", "utf-8-sig"):
        text = raw.decode("utf-8", errors="replace")
        damaged = text.count("\ufffd")
        read = sum(1 for c in text if not c.isascii()) - damaged
        # A UTF-8 page with a stray damaged byte or two is still UTF-8; code-page text read as UTF-8 is almost all
        # damage (a Cyrillic letter's byte is never a whole UTF-8 sequence).
        return text if damaged == 0 or (read > 0 and damaged <= max(1, read // 20)) else None
    errors = "skatebot-c1" if codec == "cp1252" else "replace"
    try:
        text = raw.decode(codec, errors=errors)
    except LookupError:
        return None
    if raw.isascii() or codec.startswith(("utf-16", "utf-32")):
        return text
    try:
        raw.decode("utf-8")
        return None  # multi-byte UTF-8 sequences: never what a single-byte page makes by chance
    except UnicodeDecodeError:
        pass
    if not _is_single_byte(codec):
        return text  # Shift_JIS, EUC, GB18030 declared: no single-byte reading to weigh them against
    declared_score = _implausibility(_TAG.sub(b" ", raw).decode(codec, errors=errors))
    if declared_score == 0:
        return text
    other = _detect(raw)
    if other is None or other == codec:
        return text
    other_errors = "skatebot-c1" if other == "cp1252" else "replace"
    if _implausibility(_TAG.sub(b" ", raw).decode(other, errors=other_errors)) * 2 < declared_score:
        return None
    return text


def _is_single_byte(codec: str) -> bool:
    name = codecs.lookup(codec).name
    return name.startswith(("cp125", "iso8859", "koi8", "mac-", "cp8", "latin")) or name in ("cp437", "cp1252")


def _meta_label(raw: bytes) -> str | None:
    m = _META_CHARSET.search(raw[:4096])
    return m.group(1).decode("ascii", errors="replace") if m else None


def decode(raw: bytes, name: str, declared: str | None = None) -> str:
    """The page's text (see :func:`decode_page` for how its character set is chosen)."""
    return decode_page(raw, name, declared).text
