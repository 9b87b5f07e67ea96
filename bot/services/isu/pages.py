"""Parse the ISU results page family (HTML) into the plain dataclasses of :mod:`bot.services.isu.model`.

Pages handled (names as published; links are matched case-insensitively):

- the event index (``index.htm``): name, city / venue, dates, categories and segments, time schedule;
- ``CATnnnRS.HTM``: final result of a category;
- ``SEGnnn.HTM``: detailed classification of a segment (TSS, TES, PCS, components, deductions, StN.);
- ``SEGnnnOF.HTM``: panel of judges and officials.

Only the stdlib :mod:`html.parser` is used. It does not build a tree, so a small tolerant tree builder sits on top of
it: it closes ``td``/``th``/``tr`` implicitly like a browser does, ignores stray end tags, and remembers which tables
were closed by an explicit ``</table>`` (a results table that never closes means the page was truncated). Tables are
found by their header text, never by position; ``rowspan``/``colspan`` are expanded into a grid.

Generations: the fixtures are ISUCalcFS pages. "FS Manager" (2022 on) detection is best effort, because no FS Manager
fixture exists: the ``generator`` meta, then the text "FS Manager"/"FSManager" anywhere in the page (credits, links),
then the ISUCalcFS class-name markers. A page with none of them is refused with :class:`PageError`.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from bot.services.isu.model import (
    Category,
    EventIndex,
    FinalRow,
    Official,
    Segment,
    SegmentRow,
    SkaterRef,
)

__all__ = [
    "COMPONENT_NAMES",
    "STATUS_CODES",
    "PageError",
    "decode",
    "parse_index",
    "parse_legend",
    "parse_panel",
    "parse_result",
    "parse_segment",
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

SEGMENT_CODES: dict[str, str] = {
    "short program": "SP",
    "free skating": "FS",
    "free program": "FS",
    "short dance": "SD",
    "rhythm dance": "RD",
    "free dance": "FD",
    "original dance": "OD",
    "compulsory dance": "CD",
    "pattern dance": "PD",
}


class PageError(ValueError):
    """A page that is not what it was expected to be: the message names the file and what was expected."""


# --------------------------------------------------------------------------------------------------------------------
# decoding

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
# WHATWG: these labels all mean windows-1252 in a browser.
_CP1252_LABELS = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252"}


def _c1_fallback(err: UnicodeError) -> tuple[str, int]:
    # The five bytes cp1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to C1 controls, as browsers do.
    assert isinstance(err, UnicodeDecodeError)
    return "".join(chr(b) for b in err.object[err.start : err.end]), err.end


codecs.register_error("skatebot-c1", _c1_fallback)


def decode(raw: bytes, name: str) -> str:
    """Bytes of a page -> text.

    A BOM wins; otherwise valid UTF-8 is UTF-8; otherwise the ``<meta charset>`` (or ``http-equiv`` content type)
    when it names a codec Python knows (latin-1/ascii labels read as windows-1252, as browsers do); otherwise
    windows-1252, which is what ISUCalcFS writes. Not HTML at all (PDF, binary, empty) raises :class:`PageError`.
    """
    if raw.startswith(codecs.BOM_UTF8):
        return raw[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    if raw.startswith(_UTF16_BOMS):
        return raw.decode("utf-16")
    if not raw.strip():
        raise PageError(f"{name}: empty file (expected an ISU results HTML page)")
    if raw.lstrip()[:5] == b"%PDF-" or b"\x00" in raw[:4096]:
        raise PageError(f"{name}: binary file, not an HTML page (expected an ISU results HTML page)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    m = _META_CHARSET.search(raw[:4096])
    if m:
        label = m.group(1).decode("ascii", errors="replace").strip().lower()
        if label not in _CP1252_LABELS and label not in ("utf-8", "utf8"):
            try:
                codecs.lookup(label)
            except LookupError:
                pass
            else:
                return raw.decode(label, errors="replace")
    return raw.decode("cp1252", errors="skatebot-c1")


# --------------------------------------------------------------------------------------------------------------------
# a tolerant tree on top of html.parser

_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
)
_CELL = frozenset({"td", "th"})
_SECTION = frozenset({"thead", "tbody", "tfoot"})


class _Node:
    __slots__ = ("attrs", "children", "closed", "parent", "tag")

    def __init__(self, tag: str, attrs: dict[str, str], parent: _Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[_Node | str] = []
        self.closed = False  # closed by an explicit end tag

    def iter(self, tag: str):
        for child in self.children:
            if isinstance(child, _Node):
                if child.tag == tag:
                    yield child
                yield from child.iter(tag)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root", {}, None)
        self.cur = self.root
        self.meta: list[dict[str, str]] = []
        self.title_parts: list[str] = []
        self._in_title = False
        self.ended = False  # saw </body> or </html>: the page arrived whole

    def _close(self, tags: frozenset[str] | set[str], stop: frozenset[str] | set[str]) -> None:
        """Implicitly close the nearest open element in ``tags`` unless a ``stop`` element comes first."""
        node: _Node | None = self.cur
        while node is not None and node is not self.root:
            if node.tag in stop:
                return
            if node.tag in tags:
                self.cur = node.parent or self.root
                return
            node = node.parent

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag in _CELL:
            self._close(_CELL, stop={"tr", "table"})
        elif tag == "tr":
            self._close({"tr"}, stop={"table"})
        elif tag in _SECTION:
            self._close(_SECTION, stop={"table"})
        elif tag == "a":
            self._close({"a"}, stop={"td", "th", "tr", "table"})
        elif tag == "meta":
            self.meta.append(a)
        elif tag == "title":
            self._in_title = True
        node = _Node(tag, a, self.cur)
        self.cur.children.append(node)
        if tag not in _VOID:
            self.cur = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            self.handle_starttag(tag, attrs)
        else:  # <td/> and the like: an empty element
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in ("body", "html"):
            self.ended = True
        if tag in _VOID:
            return
        if tag == "table" or tag in ("body", "html"):
            stop: frozenset[str] | set[str] = set()
        elif tag in _CELL or tag == "tr" or tag in _SECTION:
            stop = {"table"}
        else:
            stop = {"td", "th", "tr", "table"}
        node: _Node | None = self.cur
        while node is not None and node is not self.root:
            if node.tag == tag:
                node.closed = True
                self.cur = node.parent or self.root
                return
            if node.tag in stop:
                return  # stray end tag: ignore, as browsers do
            node = node.parent

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title_parts.append(data)
        self.cur.children.append(data)


def _build(html: str, name: str) -> _TreeBuilder:
    tb = _TreeBuilder()
    tb.feed(html)
    tb.close()
    # Generated pages always end with </body></html>; a download cut short would lose rows or whole tables silently.
    if not tb.ended and any(True for _ in tb.root.iter("table")):
        raise PageError(f"{name}: truncated page (no </body> or </html> at the end)")
    return tb


_WS = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _WS.sub(" ", text.replace("\xa0", " ")).strip()


@dataclass
class _Cell:
    parts: list[str]  # text split at <br>
    links: list[str]
    header: bool
    node: _Node | None = None

    @property
    def text(self) -> str:
        return " ".join(self.parts)


_EMPTY = _Cell([], [], False)


def _collect(node: _Node, buf: list[str], links: list[str]) -> None:
    for child in node.children:
        if isinstance(child, str):
            buf.append(child)
        elif child.tag in ("script", "style"):
            continue
        else:
            if child.tag == "br":
                buf.append("\n")
            elif child.tag == "a" and child.attrs.get("href"):
                links.append(child.attrs["href"].strip())
            elif child.tag in ("td", "th", "tr", "table", "p", "div"):
                buf.append(" ")
            _collect(child, buf, links)


def _cell(node: _Node) -> _Cell:
    buf: list[str] = []
    links: list[str] = []
    _collect(node, buf, links)
    parts = [p for p in (_norm(s) for s in "".join(buf).split("\n")) if p]
    return _Cell(parts, links, node.tag == "th", node)


def _rows_of(table: _Node) -> list[_Node]:
    rows: list[_Node] = []
    for child in table.children:
        if isinstance(child, _Node):
            if child.tag == "tr":
                rows.append(child)
            elif child.tag in _SECTION:
                rows.extend(c for c in child.children if isinstance(c, _Node) and c.tag == "tr")
    return rows


def _span(node: _Node, attr: str) -> int:
    try:
        return max(1, min(int(node.attrs.get(attr, "1").strip() or "1"), 1000))
    except ValueError:
        return 1


def _grid(table: _Node) -> list[list[_Cell]]:
    """Rows of cells with rowspan/colspan expanded (a spanning cell is repeated in every slot it covers)."""
    grid: list[list[_Cell]] = []
    pending: dict[int, tuple[_Cell, int]] = {}  # column -> (cell, rows still to cover)
    for tr in _rows_of(table):
        row: list[_Cell] = []

        def fill_pending(row: list[_Cell] = row) -> None:
            while len(row) in pending:
                cell, left = pending[len(row)]
                if left <= 1:
                    del pending[len(row)]
                else:
                    pending[len(row)] = (cell, left - 1)
                row.append(cell)

        for td in tr.children:
            if not isinstance(td, _Node) or td.tag not in _CELL:
                continue
            fill_pending()
            cell = _cell(td)
            rowspan = _span(td, "rowspan")
            for _ in range(_span(td, "colspan")):
                if rowspan > 1:
                    pending[len(row)] = (cell, rowspan - 1)
                row.append(cell)
        fill_pending()
        while pending and max(pending) >= len(row):  # spans continuing past the cells this row has
            if len(row) in pending:
                fill_pending()
            else:
                row.append(_EMPTY)
        grid.append(row)
    return grid


def _key(text: str) -> str:
    """Header text -> lookup key: "  Pl. ", "TSS<br />=", "Ded.<br />-" -> "pl", "tss", "ded"."""
    return _norm(text).lower().rstrip("=+-. ").rstrip(".").strip()


@dataclass
class _Table:
    node: _Node
    grid: list[list[_Cell]]
    header_row: int
    columns: list[str]  # header keys
    raw_headers: list[str] = field(default_factory=list)

    def col(self, *keys: str) -> int | None:
        for k in keys:
            if k in self.columns:
                return self.columns.index(k)
        return None

    def body(self) -> list[list[_Cell]]:
        """Data rows after the header: rows with some text, not repeated header / separator rows."""
        out = []
        for row in self.grid[self.header_row + 1 :]:
            if not any(c.text for c in row):
                continue
            if [_key(c.text) for c in row] == self.columns:
                continue
            out.append(row)
        return out


def _find_table(root: _Node, name: str, required: list[tuple[str, ...]], what: str) -> _Table:
    """The first table with a row whose header keys include one of each group of ``required``."""
    for table in root.iter("table"):
        grid = _grid(table)
        for i, row in enumerate(grid[:5]):
            keys = [_key(c.text) for c in row]
            if all(any(k in keys for k in group) for group in required):
                if not table.closed:
                    raise PageError(f"{name}: truncated page ({what} table is not closed)")
                return _Table(table, grid, i, keys, [c.text for c in row])
    raise PageError(f"{name}: not an ISU {what} page (no {what} table with {_describe(required)})")


_LABELS = {"fpl": "FPl.", "pl": "Pl.", "tss": "TSS", "stn": "StN."}


def _describe(required: list[tuple[str, ...]]) -> str:
    return "/".join(_LABELS.get(group[0], group[0].title()) for group in required)


def _maybe_find(root: _Node, name: str, required: list[tuple[str, ...]], what: str) -> _Table | None:
    try:
        return _find_table(root, name, required, what)
    except PageError as e:
        if "truncated" in str(e):
            raise
        return None


# --------------------------------------------------------------------------------------------------------------------
# value helpers

_ISU_ID = re.compile(r"(isufs\d+)", re.IGNORECASE)
_FILE = re.compile(r"([^/\\?#]+?)\s*(?:[?#].*)?$")


def _basename(href: str) -> str:
    m = _FILE.search(href.strip())
    return m.group(1) if m else href.strip()


def _isu_id(cell: _Cell) -> str | None:
    for href in cell.links:
        m = _ISU_ID.search(href)
        if m:
            return m.group(1).lower()
    return None


def _status(text: str) -> str | None:
    t = text.strip().upper().rstrip(".")
    return t if t in STATUS_CODES else None


def _float(text: str, name: str, row: int, column: str) -> float | None:
    t = _norm(text)
    if not t or t in ("-", "--"):
        return None
    if "," in t and "." not in t:
        t = t.replace(",", ".")
    try:
        return float(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a number") from None


def _int(text: str, name: str, row: int, column: str) -> int | None:
    t = _norm(text).lstrip("#").rstrip(".").strip()
    if not t or t in ("-", "--"):
        return None
    try:
        return int(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a whole number") from None


def _skater_name(cell: _Cell) -> str:
    # Couples are printed "Name / Name"; some pages break the line between partners instead.
    if len(cell.parts) > 1 and "/" not in cell.text:
        return " / ".join(cell.parts)
    return re.sub(r"\s*/\s*", " / ", cell.text)


def _at(row: list[_Cell], idx: int | None) -> _Cell:
    if idx is None or idx >= len(row):
        return _EMPTY
    return row[idx]


def _check_width(table: _Table, row: list[_Cell], name: str, n: int) -> None:
    if len(row) < len(table.columns):
        raise PageError(
            f"{name}: row {n}: {len(row)} cells where the header has {len(table.columns)} (damaged or truncated page)"
        )


# --------------------------------------------------------------------------------------------------------------------
# CATnnnRS


def parse_result(html: str, name: str) -> list[FinalRow]:
    """Final result of a category (``CATnnnRS.HTM``)."""
    tree = _build(html, name)
    t = _find_table(tree.root, name, [("fpl", "pl", "rank"), ("name",), ("nation",), ("points",)], "result")
    c_pl, c_name = t.col("fpl", "pl", "rank"), t.col("name")
    c_nat, c_pts = t.col("nation"), t.col("points")
    assert c_pts is not None
    seg_cols = [
        (i, t.raw_headers[i].strip().upper())
        for i in range(c_pts + 1, len(t.columns))
        if re.fullmatch(r"[A-Z]{2,3}\d?", t.raw_headers[i].strip().upper())
    ]
    out: list[FinalRow] = []
    for n, row in enumerate(t.body(), 1):
        _check_width(t, row, name, n)
        skater = _skater_name(_at(row, c_name))
        if not skater:
            raise PageError(f"{name}: row {n}: no name")
        place_text = _at(row, c_pl).text
        pts_text = _at(row, c_pts).text
        status = _status(place_text) or _status(pts_text)
        place = None if _status(place_text) else _int(place_text, name, n, "FPl.")
        total = None if _status(pts_text) else _float(pts_text, name, n, "Points")
        seg_places: dict[str, int | None] = {}
        for i, code in seg_cols:
            txt = row[i].text
            seg_places[code] = None if _status(txt) else _int(txt, name, n, code)
        out.append(
            FinalRow(
                place=place,
                skater=SkaterRef(skater, _at(row, c_nat).text, _isu_id(_at(row, c_name))),
                total=total,
                status=status,
                segment_places=seg_places,
            )
        )
    if not out:
        raise PageError(f"{name}: result table has no rows")
    return out


# --------------------------------------------------------------------------------------------------------------------
# SEGnnn


def parse_segment(html: str, name: str) -> list[SegmentRow]:
    """Detailed classification of a segment (``SEGnnn.HTM``).

    ``components`` is keyed by the column header as printed ("SS", "TR", ... or "CO", "PR", "SK"); the names are in
    :data:`COMPONENT_NAMES` and, as the page states them, in :func:`parse_legend`. Before a segment is skated the page
    is a starting order only: rows then come with no scores.
    """
    tree = _build(html, name)
    t = _find_table(tree.root, name, [("name",), ("nation",), ("tss", "stn")], "segment classification")
    c_rank = t.col("pl", "rank", "fpl")
    c_name, c_nat = t.col("name"), t.col("nation")
    c_tss, c_tes, c_pcs = t.col("tss"), t.col("tes"), t.col("pcs")
    c_ded, c_stn = t.col("ded", "deductions"), t.col("stn", "start no", "start number")
    comp_cols: list[tuple[int, str]] = []
    if c_pcs is not None:
        end = c_ded if c_ded is not None and c_ded > c_pcs else len(t.columns)
        for i in range(c_pcs + 1, end):
            code = t.raw_headers[i].strip()
            if code and i not in (c_stn,):
                comp_cols.append((i, code))
    out: list[SegmentRow] = []
    for n, row in enumerate(t.body(), 1):
        _check_width(t, row, name, n)
        skater = _skater_name(_at(row, c_name))
        if not skater:
            raise PageError(f"{name}: row {n}: no name")
        rank_text = _at(row, c_rank).text
        tss_text = _at(row, c_tss).text
        status = _status(rank_text) or _status(tss_text)
        rank = None if _status(rank_text) else _int(rank_text, name, n, "Pl.")
        comps: dict[str, float] = {}
        for i, code in comp_cols:
            v = _float(row[i].text, name, n, code)
            if v is not None:
                comps[code] = v
        ded = _float(_at(row, c_ded).text, name, n, "Ded.")
        out.append(
            SegmentRow(
                rank=rank,
                skater=SkaterRef(skater, _at(row, c_nat).text, _isu_id(_at(row, c_name))),
                tss=None if _status(tss_text) else _float(tss_text, name, n, "TSS"),
                tes=_float(_at(row, c_tes).text, name, n, "TES"),
                pcs=_float(_at(row, c_pcs).text, name, n, "PCS"),
                deductions=abs(ded) if ded is not None else None,
                starting_number=_int(_at(row, c_stn).text, name, n, "StN."),
                components=comps,
                status=status,
            )
        )
    if not out:
        raise PageError(f"{name}: segment table has no rows")
    return out


def parse_legend(html: str, name: str) -> dict[str, str]:
    """The legend of a page as printed: abbreviation -> meaning ("SS" -> "Skating Skills", "WD" -> "Withdrawn")."""
    tree = _build(html, name)
    t = _maybe_find(tree.root, name, [("legend",)], "legend")
    if t is None:
        return {}
    out: dict[str, str] = {}
    for row in t.body():
        if len(row) >= 2 and row[0].text and row[1].text:
            out[row[0].text] = row[1].text
    return out


# --------------------------------------------------------------------------------------------------------------------
# SEGnnnOF


def parse_panel(html: str, name: str) -> list[Official]:
    """Panel of judges and officials (``SEGnnnOF.HTM``), in page order."""
    tree = _build(html, name)
    t = _find_table(tree.root, name, [("function", "role"), ("name",)], "panel of judges")
    c_role, c_name, c_nat = t.col("function", "role"), t.col("name"), t.col("nation")
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
        raise PageError(f"{name}: panel of judges table has no rows")
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
_CITY = re.compile(r"^(.+?)\s*/\s*([A-Z]{3})$")

_DISCIPLINES = (
    ("ice dance", "ice_dance"),
    ("dance", "ice_dance"),
    ("pairs", "pairs"),
    ("pair", "pairs"),
    ("ladies", "women"),
    ("women", "women"),
    ("men", "men"),
)


def _iso(d: str, m: str, y: str) -> str:
    return f"{int(y):04d}-{int(m):02d}-{int(d):02d}"


def _discipline(cat: str) -> str:
    low = cat.lower()
    for word, disc in _DISCIPLINES:
        if re.search(rf"\b{word}\b", low):
            return disc
    return re.sub(r"\W+", "_", low).strip("_")


def _segment_code(seg_name: str, pdf: str | None) -> str:
    low = _norm(seg_name).lower()
    for words, code in SEGMENT_CODES.items():
        if words in low:
            return code
    if pdf:
        m = _PDF_CODE.search(pdf)
        if m:
            return m.group(1).upper()
    return "".join(w[0] for w in low.split()).upper() or "?"


def _generation(tree: _TreeBuilder, html: str, name: str) -> str:
    for meta in tree.meta:
        if meta.get("name", "").lower() == "generator":
            gen = meta.get("content", "").lower()
            if "isucalc" in gen:
                return "ISUCalcFS"
            if "fs manager" in gen or "fsmanager" in gen:
                return "FS Manager"
    if re.search(r"fs\s*-?manager", html, re.IGNORECASE):
        return "FS Manager"
    if re.search(r"""class\s*=\s*["']?(?:MainTab|caption[23]|TabHead\w+|Line[12]\w+)\b""", html, re.IGNORECASE):
        return "ISUCalcFS"
    raise PageError(f"{name}: unknown results software (expected an ISUCalcFS or FS Manager event index)")


def parse_index(html: str, name: str) -> EventIndex:
    """The event index (``index.htm``): event, categories and their segments, time schedule."""
    tree = _build(html, name)
    t = _find_table(tree.root, name, [("category",), ("segment",)], "event index")
    generation = _generation(tree, html, name)

    # categories and segments
    c_cat, c_seg = t.col("category"), t.col("segment")
    cats: list[dict] = []
    for n, row in enumerate(t.body(), 1):
        files = [_basename(h) for c in row for h in c.links]
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

    # time schedule: segment number -> (date, time)
    schedule: dict[str, tuple[str | None, str | None]] = {}
    sched_dates: list[str] = []
    timezone = None
    s = _maybe_find(tree.root, name, [("date",), ("time",), ("segment",)], "time schedule")
    if s is not None:
        c_date, c_time = s.col("date"), s.col("time")
        current: str | None = None
        for row in s.body():
            dm = _DATE_RANGE.search(_at(row, c_date).text)
            if dm:
                current = _iso(*dm.groups()[:3])
                sched_dates.append(current)
            tm = _TIME.match(_at(row, c_time).text)
            seg_no = next((m.group(1) for c in row for h in c.links if (m := _SEG_LINK.match(_basename(h)))), None)
            if seg_no:
                schedule[seg_no] = (current, f"{int(tm.group(1)):02d}:{tm.group(2)}" if tm else None)
        whole = _cell(tree.root).text
        tzm = re.search(r"Local Time[^)]*?" + _TZ.pattern, whole, re.IGNORECASE) or _TZ.search(whole)
        if tzm:
            sign, hh, mm = tzm.groups()[-3:]
            timezone = f"UTC{sign}{int(hh):02d}:{mm or '00'}"

    # event name, place, dates
    title = _norm("".join(tree.title_parts))
    event_name = title
    city = country = venue = None
    for table in tree.root.iter("table"):
        for row in _grid(table):
            for i, cell in enumerate(row):
                m = _CITY.match(cell.text)
                if m and len(cell.text) < 80 and city is None:
                    city, country = m.group(1), m.group(2)
                    rest = [c.text for c in row[i + 1 :] if c.text and c is not cell]
                    venue = rest[0] if rest else None
        if city:
            break
    start = end = None
    head_text = _cell(tree.root).text
    dm = _DATE_RANGE.search(head_text)
    if dm and dm.group(4):
        start, end = _iso(*dm.groups()[:3]), _iso(*dm.groups()[3:])
    elif sched_dates:
        start, end = min(sched_dates), max(sched_dates)
    elif dm:
        start = end = _iso(*dm.groups()[:3])
    if not event_name:
        cap = next((c for c in tree.root.iter("td") if "caption" in c.attrs.get("class", "").lower()), None)
        event_name = _cell(cap).text if cap is not None else name

    categories = [
        Category(
            number=c["number"],
            name=c["name"],
            discipline=_discipline(c["name"]),
            entries_page=c["entries"],
            result_page=c["result"],
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
