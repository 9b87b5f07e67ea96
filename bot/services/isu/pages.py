"""Parse the ISU results page family (HTML) into the plain dataclasses of :mod:`bot.services.isu.model`.

Pages handled (names as published; links are matched case-insensitively):

- the event index (``index.htm``): name, city / venue, dates, categories and segments, time schedule;
- ``CATnnnRS.HTM``: final result of a category;
- ``SEGnnn.HTM``: detailed classification of a segment (TSS, TES, PCS, components, deductions, StN.);
- ``SEGnnnOF.HTM``: panel of judges and officials.

HTML is parsed by lexbor (through selectolax): a maintained, browser-grade HTML5 parser in C, so implied end tags,
stray tables and unclosed anchors are read exactly as a browser reads them, deep nesting costs no Python recursion,
and a page parses in well under a millisecond. What is left here is the ISU-specific reading: tables are found by
their header words (in the languages of :mod:`bot.services.isu.vocabulary`), never by position, and ``rowspan`` /
``colspan`` are expanded into a grid.

Generations: ISUCalcFS (to 2021) and FS Manager (2022 on) are told apart by the ``generator`` meta, then the text
"FS Manager" anywhere in the page, then the ISUCalcFS class names. A page with none of them is refused.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from charset_normalizer import from_bytes
from selectolax.lexbor import LexborHTMLParser, LexborNode

from bot.services.isu.model import (
    Category,
    EventIndex,
    FinalRow,
    Heading,
    Official,
    Segment,
    SegmentRow,
    SkaterRef,
)
from bot.services.isu.vocabulary import column_role, read_category_name, segment_code

__all__ = [
    "COMPONENT_NAMES",
    "STATUS_CODES",
    "Decoded",
    "PageError",
    "decode",
    "decode_page",
    "parse_index",
    "parse_legend",
    "parse_panel",
    "parse_result",
    "parse_result_page",
    "parse_segment",
    "parse_segment_page",
]

#: Status codes printed in place / points columns instead of numbers.
STATUS_CODES = frozenset({"WD", "FNR", "DSQ", "DNS", "RET"})

#: Program component abbreviations as printed in column headers -> their names (legend of the SEG pages).
COMPONENT_NAMES: dict[str, str] = {
    # 2004-05 .. 2021-22: five components (ice dance prints CC/IT for the last two)
    "SS": "Skating Skills",
    "TR": "Transitions/Linking Footwork/Movement",
    "PE": "Performance/Execution",
    "CH": "Choreography/Composition",
    "IN": "Interpretation",
    "CC": "Composition/Choreography",
    "IT": "Interpretation/Timing",
    # since 2022-23: three components
    "CO": "Composition",
    "PR": "Presentation",
    "SK": "Skating Skills",
}


class PageError(ValueError):
    """A page that is not what it was expected to be: the message names the file and what was expected."""


class EmptyPage(PageError):
    """A page of the right kind with nothing in it yet (a category not skated, a segment without its results
    table): partial sites are normal, so the importer warns and goes on."""


# --------------------------------------------------------------------------------------------------------------------
# decoding

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
    ``http-equiv`` content type (latin-1/ascii labels read as windows-1252, as browsers do); then valid UTF-8; only
    then is the encoding detected (charset-normalizer, checked for mixed scripts inside words). Not HTML at all
    (PDF, binary, empty) raises :class:`PageError`.
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
            errors = "skatebot-c1" if codec == "cp1252" else "replace"
            return Decoded(raw.decode(codec, errors=errors), codec, how)
    if raw.isascii():
        return Decoded(raw.decode("ascii"), "ascii", "ASCII")
    try:
        return Decoded(raw.decode("utf-8"), "utf-8", "UTF-8")
    except UnicodeDecodeError:
        pass
    codec = _detect(raw) or "cp1252"
    errors = "skatebot-c1" if codec == "cp1252" else "replace"
    return Decoded(raw.decode(codec, errors=errors), codec, "detected")


def _meta_label(raw: bytes) -> str | None:
    m = _META_CHARSET.search(raw[:4096])
    return m.group(1).decode("ascii", errors="replace") if m else None


def decode(raw: bytes, name: str, declared: str | None = None) -> str:
    return decode_page(raw, name, declared).text


# --------------------------------------------------------------------------------------------------------------------
# documents, cells and tables on top of lexbor

_ENDED = re.compile(r"</\s*(?:body|html)\s*>", re.IGNORECASE)
_WS = re.compile(r"\s+")
_BLOCK = frozenset({"td", "th", "tr", "table", "p", "div", "li"})


def _norm(text: str) -> str:
    return _WS.sub(" ", text.replace("\xa0", " ")).strip()


class _Doc:
    def __init__(self, html: str, name: str) -> None:
        self.name = name
        self.html = html
        self.tree = LexborHTMLParser(html)
        # Generated pages always end with </body></html>; a download cut short would lose rows or whole tables.
        if not _ENDED.search(html[-4096:]) and self.tree.css_first("table") is not None:
            raise PageError(f"{name}: truncated page (no </body> or </html> at the end)")

    @property
    def title(self) -> str:
        node = self.tree.css_first("title")
        return _norm(node.text(deep=True)) if node is not None else ""

    def meta(self) -> list[dict[str, str]]:
        return [{k.lower(): v or "" for k, v in node.attributes.items()} for node in self.tree.css("meta")]

    def tables(self) -> list[LexborNode]:
        return list(self.tree.css("table"))

    def heading(self) -> Heading:
        captions = [_norm(n.text(deep=True)) for n in self.tree.css(".caption2")]
        return Heading(self.title, [c for c in captions if c])


@dataclass(slots=True)
class _Cell:
    parts: list[str]  # text split at <br>
    links: list[str]
    header: bool

    @property
    def text(self) -> str:
        return " ".join(self.parts)


_EMPTY = _Cell([], [], False)


def _cell(node: LexborNode) -> _Cell:
    buf: list[str] = []
    links: list[str] = []
    skip: LexborNode | None = None
    for child in node.traverse(include_text=True):
        if skip is not None:
            # lexbor's traverse walks depth first; everything under a <script>/<style> is skipped
            if _inside(child, skip):
                continue
            skip = None
        tag = child.tag
        if tag == "-text":
            buf.append(child.text_content or "")
        elif tag in ("script", "style"):
            skip = child
        elif tag == "br":
            buf.append("\n")
        elif tag == "a":
            href = (child.attributes.get("href") or "").strip()
            if href:
                links.append(href)
        elif tag in _BLOCK:
            buf.append(" ")
    parts = [p for p in (_norm(s) for s in "".join(buf).split("\n")) if p]
    return _Cell(parts, links, node.tag == "th")


def _inside(node: LexborNode, ancestor: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.mem_id == ancestor.mem_id:
            return True
        parent = parent.parent
    return False


def _children(node: LexborNode) -> Iterator[LexborNode]:
    child = node.child
    while child is not None:
        if child.tag != "-text" and child.tag != "_comment":
            yield child
        child = child.next


def _rows_of(table: LexborNode) -> list[LexborNode]:
    rows: list[LexborNode] = []
    for child in _children(table):
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in _children(child) if c.tag == "tr")
    return rows


def _span(node: LexborNode, attr: str) -> int:
    try:
        return max(1, min(int((node.attributes.get(attr) or "1").strip() or "1"), 1000))
    except ValueError:
        return 1


@dataclass(slots=True)
class _Row:
    cells: list[_Cell]
    css: str  # the row's class: ISU pages colour rows by discipline (Line1Blue, TabHeadRed, ...)


def _grid(table: LexborNode) -> list[_Row]:
    """Rows of cells with rowspan/colspan expanded: a spanning cell is repeated in every slot it covers."""
    grid: list[_Row] = []
    pending: dict[int, tuple[_Cell, int]] = {}  # column -> (cell, rows still to cover)
    for tr in _rows_of(table):
        row: list[_Cell] = []

        def fill(row: list[_Cell] = row) -> None:
            while len(row) in pending:
                cell, left = pending[len(row)]
                if left <= 1:
                    del pending[len(row)]
                else:
                    pending[len(row)] = (cell, left - 1)
                row.append(cell)

        for td in _children(tr):
            if td.tag not in ("td", "th"):
                continue
            fill()
            cell = _cell(td)
            rowspan = _span(td, "rowspan")
            for _ in range(_span(td, "colspan")):
                if rowspan > 1:
                    pending[len(row)] = (cell, rowspan - 1)
                row.append(cell)
        fill()
        while pending and max(pending) >= len(row):  # spans going on past the cells this row has
            if len(row) in pending:
                fill()
            else:
                row.append(_EMPTY)
        grid.append(_Row(row, (tr.attributes.get("class") or "").strip()))
    return grid


def _key(text: str) -> str:
    """Header text -> role ("Ded.<br>-" -> "ded", "Место" -> "place") or, for anything else, the text itself."""
    return column_role(text) or _norm(text).upper()


@dataclass
class _Table:
    node: LexborNode
    grid: list[_Row]
    header_row: int
    columns: list[str]  # roles, or the header text (upper case) where it has no role
    raw_headers: list[str] = field(default_factory=list)

    def col(self, *keys: str) -> int | None:
        for k in keys:
            if k in self.columns:
                return self.columns.index(k)
        return None

    def body(self) -> list[_Row]:
        """Data rows after the header: rows with some text, not repeated header rows."""
        out = []
        for row in self.grid[self.header_row + 1 :]:
            if not any(c.text for c in row.cells):
                continue
            if [_key(c.text) for c in row.cells] == self.columns:
                continue
            out.append(row)
        return out


def _find_table(doc: _Doc, required: list[tuple[str, ...]], what: str) -> _Table:
    """The first table with a row (among its first five) holding a column of each group of roles in ``required``."""
    table = _maybe_find(doc, required)
    if table is None:
        raise PageError(f"{doc.name}: not an ISU {what} page (no {what} table with {_describe(required)})")
    return table


def _maybe_find(doc: _Doc, required: list[tuple[str, ...]]) -> _Table | None:
    for node in doc.tables():
        grid = _grid(node)
        for i, row in enumerate(grid[:5]):
            keys = [_key(c.text) for c in row.cells]
            if all(any(k in keys for k in group) for group in required):
                return _Table(node, grid, i, keys, [c.text for c in row.cells])
    return None


_LABELS = {"place": "FPl.", "name": "Name", "nation": "Nation", "points": "Points", "tss": "TSS", "stn": "StN."}


def _describe(required: list[tuple[str, ...]]) -> str:
    return "/".join(_LABELS.get(group[0], group[0].title()) for group in required)


# --------------------------------------------------------------------------------------------------------------------
# value helpers

# ISU bios: isufs00010967.htm; federations' own bios in the same family: isufsffsg_24533.htm (FFSG numbers).
_BIO_ID = re.compile(r"/bios/(isufs[a-z]*_?\d+)\.html?\b", re.IGNORECASE)
_ISU_ID = re.compile(r"(isufs\d+)", re.IGNORECASE)
_FILE = re.compile(r"([^/\\?#]+?)\s*(?:[?#].*)?$")


def _basename(href: str) -> str:
    m = _FILE.search(href.strip())
    return m.group(1) if m else href.strip()


def _bio_id(cell: _Cell) -> str | None:
    for href in cell.links:
        m = _BIO_ID.search(href) or _ISU_ID.search(href)
        if m:
            return m.group(1).lower()
    return None


def _status(text: str) -> str | None:
    t = text.strip().upper().rstrip(".")
    return t if t in STATUS_CODES else None


def _float(text: str, name: str, row: int, column: str) -> float | None:
    t = _norm(text).replace(" ", "")
    if not t or set(t) <= {"-"}:
        return None
    if "," in t and "." not in t:
        t = t.replace(",", ".")  # decimal commas: French, German, Russian pages
    try:
        return float(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a number") from None


def _int(text: str, name: str, row: int, column: str) -> int | None:
    t = _norm(text).lstrip("#").rstrip(".").strip()
    if not t or set(t) <= {"-"}:
        return None
    try:
        return int(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a whole number") from None


def _skater(cell: _Cell, nation: str) -> SkaterRef:
    """Couples are printed "Name / Name" on one line. A second line under a name without a slash may be the
    partner (some pages break the line between partners) or the skater's club: which one depends on the
    category, so the lines are kept apart here and the importer decides."""
    if not cell.parts:
        return SkaterRef("", nation, _bio_id(cell))
    if "/" in cell.text:
        return SkaterRef(re.sub(r"\s*/\s*", " / ", cell.text), nation, _bio_id(cell))
    return SkaterRef(cell.parts[0], nation, _bio_id(cell), tuple(cell.parts[1:]))


def _at(row: _Row, idx: int | None) -> _Cell:
    if idx is None or idx >= len(row.cells):
        return _EMPTY
    return row.cells[idx]


def _check_width(table: _Table, row: _Row, name: str, n: int) -> None:
    if len(row.cells) < len(table.columns):
        raise PageError(
            f"{name}: row {n}: {len(row.cells)} cells where the header has {len(table.columns)} "
            "(damaged or truncated page)"
        )


# --------------------------------------------------------------------------------------------------------------------
# CATnnnRS


def parse_result_page(html: str, name: str) -> tuple[list[FinalRow], Heading]:
    """Final result of a category (``CATnnnRS.HTM``) and the page's heading.

    Segment places are keyed by their column header as printed ("SP", "FS", "КП", ...): every column after Points
    that has no other role is a segment place column, whatever its script.
    """
    doc = _Doc(html, name)
    t = _find_table(doc, [("place",), ("name",), ("nation",), ("points",)], "result")
    c_pl, c_name = t.col("place"), t.col("name")
    c_nat, c_pts = t.col("nation"), t.col("points")
    assert c_pts is not None
    seg_cols = [
        (i, _norm(t.raw_headers[i]).upper())
        for i in range(c_pts + 1, len(t.columns))
        if column_role(t.raw_headers[i]) is None and _norm(t.raw_headers[i])
    ]
    out: list[FinalRow] = []
    for n, row in enumerate(t.body(), 1):
        _check_width(t, row, name, n)
        skater = _skater(_at(row, c_name), _at(row, c_nat).text)
        if not skater.name:
            raise PageError(f"{name}: row {n}: no name")
        place_text = _at(row, c_pl).text
        pts_text = _at(row, c_pts).text
        status = _status(place_text) or _status(pts_text)
        place = None if _status(place_text) else _int(place_text, name, n, "FPl.")
        total = None if _status(pts_text) else _float(pts_text, name, n, "Points")
        seg_places: dict[str, int | None] = {}
        for i, code in seg_cols:
            txt = row.cells[i].text
            seg_places[code] = None if _status(txt) else _int(txt, name, n, code)
        out.append(FinalRow(place=place, skater=skater, total=total, status=status, segment_places=seg_places))
    if not out:
        raise EmptyPage(f"{name}: the result table has no rows yet (category not skated yet?)")
    return out, doc.heading()


def parse_result(html: str, name: str) -> list[FinalRow]:
    return parse_result_page(html, name)[0]


# --------------------------------------------------------------------------------------------------------------------
# SEGnnn


def parse_segment_page(html: str, name: str) -> tuple[list[SegmentRow], Heading]:
    """Detailed classification of a segment (``SEGnnn.HTM``) and the page's heading.

    ``components`` is keyed by the column header as printed ("SS", "TR", ... or "CO", "PR", "SK"): the columns
    between PCS and the deductions (or the next column with a role). Before a segment is skated the page is a
    starting order only: rows then come with no scores. A page without the classification table at all (a
    segment page published before its table) raises :class:`EmptyPage`.
    """
    doc = _Doc(html, name)
    t = _maybe_find(doc, [("name",), ("nation",), ("tss", "stn")])
    if t is None:
        if doc.tree.css_first(".caption2, .caption3, .MainTab") is not None:  # an ISU page, without its table
            raise EmptyPage(f"{name}: no results table on the page yet")
        raise PageError(f"{name}: not an ISU segment classification page (no table with Name/Nation/TSS)")
    c_rank = t.col("place")
    c_name, c_nat = t.col("name"), t.col("nation")
    c_tss, c_tes, c_pcs = t.col("tss"), t.col("tes"), t.col("pcs")
    c_ded, c_stn = t.col("ded"), t.col("stn")
    comp_cols: list[tuple[int, str]] = []
    if c_pcs is not None:
        for i in range(c_pcs + 1, len(t.columns)):
            if column_role(t.raw_headers[i]) is not None:
                break  # Ded., StN., or any other known column ends the components
            code = _norm(t.raw_headers[i])
            if code:
                comp_cols.append((i, code))
    out: list[SegmentRow] = []
    for n, row in enumerate(t.body(), 1):
        _check_width(t, row, name, n)
        skater = _skater(_at(row, c_name), _at(row, c_nat).text)
        if not skater.name:
            raise PageError(f"{name}: row {n}: no name")
        rank_text = _at(row, c_rank).text
        tss_text = _at(row, c_tss).text
        status = _status(rank_text) or _status(tss_text)
        rank = None if _status(rank_text) else _int(rank_text, name, n, "Pl.")
        comps: dict[str, float] = {}
        for i, code in comp_cols:
            v = _float(row.cells[i].text, name, n, code)
            if v is not None:
                comps[code] = v
        tss = None if _status(tss_text) else _float(tss_text, name, n, "TSS")
        ded = _float(_at(row, c_ded).text, name, n, "Ded.")
        out.append(
            SegmentRow(
                rank=rank,
                skater=skater,
                tss=tss,
                tes=_float(_at(row, c_tes).text, name, n, "TES"),
                pcs=_float(_at(row, c_pcs).text, name, n, "PCS"),
                deductions=abs(ded) if ded is not None else None,
                starting_number=_int(_at(row, c_stn).text, name, n, "StN."),
                components=comps,
                status=status,
            )
        )
    if not out:
        raise EmptyPage(f"{name}: the segment table has no rows yet")
    return out, doc.heading()


def parse_segment(html: str, name: str) -> list[SegmentRow]:
    return parse_segment_page(html, name)[0]


def parse_legend(html: str, name: str) -> dict[str, str]:
    """The legend of a page as printed: abbreviation -> meaning ("SS" -> "Skating Skills", "WD" -> "Withdrawn")."""
    t = _maybe_find(_Doc(html, name), [("legend",)])
    if t is None:
        return {}
    out: dict[str, str] = {}
    for row in t.body():
        if len(row.cells) >= 2 and row.cells[0].text and row.cells[1].text:
            out[row.cells[0].text] = row.cells[1].text
    return out


# --------------------------------------------------------------------------------------------------------------------
# SEGnnnOF


def parse_panel(html: str, name: str) -> list[Official]:
    """Panel of judges and officials (``SEGnnnOF.HTM``), in page order."""
    t = _find_table(_Doc(html, name), [("function",), ("name",)], "panel of judges")
    c_role, c_name, c_nat = t.col("function"), t.col("name"), t.col("nation")
    out: list[Official] = []
    for n, row in enumerate(t.body(), 1):
        role = _at(row, c_role).text
        person = _at(row, c_name).text
        if not role and not person:
            continue
        if not role or not person:
            raise PageError(f"{name}: row {n}: official without a function or a name")
        role = re.sub(r"(?i)^judge\s*no\.?\s*(\d+)$", r"Judge No.\1", role)
        out.append(Official(role=role, name=person, nation=_at(row, c_nat).text or None))
    if not out:
        raise EmptyPage(f"{name}: the panel of judges has no rows yet")
    return out


# --------------------------------------------------------------------------------------------------------------------
# index

_CAT_LINK = re.compile(r"^CAT(\d+)(EN|RS)\.HTML?$", re.IGNORECASE)
_SEG_LINK = re.compile(r"^SEG(\d+)(OF)?\.HTML?$", re.IGNORECASE)
_PDF_CODE = re.compile(r"_(SP|FS|SD|RD|FD|OD|CD|PD)_", re.IGNORECASE)
_DATE = r"(\d{1,2})[./](\d{1,2})[./](\d{4})"
_DATE_RANGE = re.compile(_DATE + r"(?:\s*[-–]\s*" + _DATE + r")?")
_TIME = re.compile(r"^(\d{1,2}):(\d{2})(?::\d{2})?$")
_TZ = re.compile(r"(?:GMT|UTC)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?", re.IGNORECASE)
# "Saitama / JPN", "Saitama (JPN)", "Saitama, JPN"
_CITY = re.compile(r"^(.{1,60}?)\s*(?:/|,|\()\s*([A-Z]{3})\)?$")
_COLOURS = ("blue", "red", "green", "yellow", "purple")


def _iso(d: str, m: str, y: str) -> str:
    return f"{int(y):04d}-{int(m):02d}-{int(d):02d}"


def _segment_code(seg_name: str, pdf: str | None) -> str | None:
    code = segment_code(seg_name)
    if code is None and pdf:
        m = _PDF_CODE.search(pdf)
        if m:
            code = m.group(1).upper()
    return code


def _colour(css: str) -> str | None:
    low = css.lower()
    found = [c for c in _COLOURS if c in low]
    return found[0] if len(found) == 1 else None


def _generation(doc: _Doc, name: str) -> str:
    for meta in doc.meta():
        if meta.get("name", "").lower() == "generator":
            gen = meta.get("content", "").lower()
            if "isucalc" in gen:
                return "ISUCalcFS"
            if "fs manager" in gen or "fsmanager" in gen:
                return "FS Manager"
    if re.search(r"fs\s*-?manager", doc.html, re.IGNORECASE):
        return "FS Manager"
    if re.search(r"""class\s*=\s*["']?(?:MainTab|caption[23]|TabHead\w+|Line[12]\w+)\b""", doc.html, re.IGNORECASE):
        return "ISUCalcFS"
    raise PageError(f"{name}: unknown results software (expected an ISUCalcFS or FS Manager event index)")


def _place(doc: _Doc, categories: LexborNode) -> tuple[str | None, str | None, str | None]:
    """(city, country, venue) from the page head: the cell printing "City / NAT", and the venue in the other cell
    of its row (ISUCalcFS 3.0, FS Manager) or, when the city stands alone (the 3.7 template prints the venue on a
    line of its own), in the next caption line that is not a date."""
    cells: list[tuple[int, _Cell]] = []  # (row number, cell) of the short text cells above the categories table
    row_number = 0
    for node in doc.tree.css("td, th"):
        if _inside(node, categories):
            break
        if node.css_first("table") is not None:
            continue  # a layout cell: its own cells are visited in turn
        cell = _cell(node)
        if cell.text and not cell.links and len(cell.text) < 100:
            parent = node.parent
            row_number = parent.mem_id if parent is not None else row_number
            cells.append((row_number, cell))
    for i, (row, cell) in enumerate(cells):
        m = _CITY.match(cell.text)
        if not m:
            continue
        same_row = [c for r, c in cells if r == row and c is not cell]
        following = [c for _, c in cells[i + 1 : i + 2] if not _DATE_RANGE.search(c.text)]
        venue = same_row[0].text if same_row else following[0].text if following else None
        return m.group(1).strip(), m.group(2), venue
    return None, None, None


def parse_index(html: str, name: str) -> EventIndex:
    """The event index (``index.htm``): event, categories and their segments, time schedule."""
    doc = _Doc(html, name)
    t = _find_table(doc, [("category",), ("segment",)], "event index")
    generation = _generation(doc, name)

    c_cat, c_seg = t.col("category"), t.col("segment")
    cats: list[dict] = []
    for n, row in enumerate(t.body(), 1):
        files = [_basename(h) for c in row.cells for h in c.links]
        cat_text, seg_text = _at(row, c_cat).text, _at(row, c_seg).text
        cat_links = {m.group(2).upper(): (m.group(1), f) for f in files if (m := _CAT_LINK.match(f))}
        seg_links = [(m.group(1), bool(m.group(2)), f) for f in files if (m := _SEG_LINK.match(f))]
        pdfs = [f for f in files if f.lower().endswith(".pdf")]
        if cat_text and (cat_links or not seg_links):
            number = next((num for num, _ in cat_links.values()), None)
            if number is None:
                raise PageError(f"{name}: row {n}: category {cat_text!r} links no CATnnnEN/CATnnnRS page")
            cats.append(
                {
                    "number": number,
                    "name": cat_text,
                    "entries": cat_links.get("EN", (None, None))[1],
                    "result": cat_links.get("RS", (None, f"CAT{number}RS.HTM"))[1],
                    "colour": _colour(row.css),
                    "segments": [],
                }
            )
        if seg_links:
            if not cats:
                raise PageError(f"{name}: row {n}: segment {seg_text!r} before any category")
            detail = next((f for _, of, f in seg_links if not of), None)
            panel = next((f for _, of, f in seg_links if of), None)
            number = seg_links[0][0]
            pdf = pdfs[0] if pdfs else None
            cats[-1]["segments"].append(
                {
                    "code": _segment_code(seg_text, pdf),
                    "name": seg_text,
                    "number": number,
                    "detail": detail or f"SEG{number}.HTM",
                    "panel": panel,
                    "pdf": pdf,
                }
            )
    if not cats:
        raise PageError(f"{name}: event index table lists no categories")

    # time schedule: segment number -> (date, time). An empty schedule is a header row alone (ISUCalcFS then
    # leaves its table unclosed: the parser closes it as a browser would).
    schedule: dict[str, tuple[str | None, str | None]] = {}
    sched_dates: list[str] = []
    timezone = None
    s = _maybe_find(doc, [("date",), ("time",), ("segment",)])
    if s is not None:
        c_date, c_time = s.col("date"), s.col("time")
        current: str | None = None
        for row in s.body():
            dm = _DATE_RANGE.search(_at(row, c_date).text)
            if dm:
                current = _iso(*dm.groups()[:3])
                sched_dates.append(current)
            tm = _TIME.match(_at(row, c_time).text)
            seg_no = next(
                (m.group(1) for c in row.cells for h in c.links if (m := _SEG_LINK.match(_basename(h)))), None
            )
            if seg_no:
                schedule[seg_no] = (current, f"{int(tm.group(1)):02d}:{tm.group(2)}" if tm else None)
    body = doc.tree.body
    whole = _norm(body.text(deep=True, separator=" ")) if body is not None else ""
    tzm = re.search(r"Local Time[^)]*?" + _TZ.pattern, whole, re.IGNORECASE) or _TZ.search(whole)
    if tzm:
        sign, hh, mm = tzm.groups()[-3:]
        timezone = f"UTC{sign}{int(hh):02d}:{mm or '00'}"

    # event name, place, dates
    event_name = doc.title
    city, country, venue = _place(doc, t.node)
    start = end = None
    dm = _DATE_RANGE.search(whole)
    if dm and dm.group(4):
        start, end = _iso(*dm.groups()[:3]), _iso(*dm.groups()[3:])
    elif sched_dates:
        start, end = min(sched_dates), max(sched_dates)
    elif dm:
        start = end = _iso(*dm.groups()[:3])
    if not event_name:
        caption = doc.tree.css_first(".caption1, .caption2")
        event_name = _norm(caption.text(deep=True)) if caption is not None else name

    categories = [
        Category(
            number=c["number"],
            name=c["name"],
            discipline=read_category_name(c["name"]).discipline,
            entries_page=c["entries"],
            result_page=c["result"],
            colour=c["colour"],
            segments=[
                Segment(
                    code=sg["code"],
                    name=sg["name"],
                    number=sg["number"],
                    detail_page=sg["detail"],
                    panel_page=sg["panel"],
                    scores_pdf=sg["pdf"],
                    date=schedule.get(sg["number"], (None, None))[0],
                    start_time=schedule.get(sg["number"], (None, None))[1],
                )
                for sg in c["segments"]
            ],
        )
        for c in cats
    ]
    return EventIndex(
        name=event_name,
        city=city,
        country=country,
        venue=venue,
        start_date=start,
        end_date=end,
        timezone=timezone,
        generation=generation,
        categories=categories,
    )
