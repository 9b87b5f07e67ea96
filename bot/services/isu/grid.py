"""Reading the HTML of an ISU results page as a browser would, into grids of cells found by their header words.

lexbor (through selectolax) parses the page; ``rowspan`` / ``colspan`` are expanded into a grid, and tables are
found by their header words (in the languages of :mod:`bot.services.isu.vocabulary`), never by position. The cell
readers turn a cell into a number, a status or a skater, naming the file, row and column when they cannot.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bot.services.isu.model import Heading, SkaterRef
from bot.services.isu.vocabulary import column_role
from bot.services.names import normalize

#: Status codes printed in place / points columns instead of numbers.
STATUS_CODES = frozenset({"WD", "FNR", "DSQ", "DNS", "RET"})


class PageError(ValueError):
    """A page that is not what it was expected to be: the message names the file and what was expected."""


class OtherPage(PageError):
    """The page has no table of the kind asked for: another kind of page (when pages are read by content, a page of
    another kind is tried next; a page of the right kind that fails past this point is damaged)."""


class EmptyPage(PageError):
    """A page of the right kind with nothing in it yet (a category not skated, a segment without its results
    table): partial sites are normal, so the importer warns and goes on."""


_ENDED = re.compile(r"</\s*(?:body|html)\s*>", re.IGNORECASE)
_WS = re.compile(r"\s+")
_BLOCK = frozenset({"td", "th", "tr", "table", "p", "div", "li"})


# Browsers bound how deep the parser nests elements (Blink: 512) and so does this, before lexbor sees the page: lexbor's
# tree building costs the depth of the open elements at each tag, so a page of 100,000 nested <div>s took minutes.
# Tags past MAX_DEPTH (and their end tags) are dropped, their text kept; table elements, elements whose end tag may be
# left out and void elements are never dropped (nor counted), so a results table reads the same. Linear in the page.
MAX_DEPTH = 256
_ANY_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)\b[^>]*?(/?)>")
_UNCOUNTED = frozenset(
    "table caption colgroup col thead tbody tfoot tr td th p li dt dd option optgroup rb rt rp "
    "area base br embed hr img input link meta param source track wbr html head body".split()
)


def bounded_depth(html: str) -> str:
    """The page with the elements nested past MAX_DEPTH unwrapped (see MAX_DEPTH); the page itself when none are."""
    if html.count("<") <= MAX_DEPTH:
        return html
    depth = 0
    dropped: dict[str, int] = {}
    cuts: list[tuple[int, int]] = []
    for m in _ANY_TAG.finditer(html):
        name = m.group(2).lower()
        if name in _UNCOUNTED or m.group(3):
            continue
        if not m.group(1):
            if depth >= MAX_DEPTH:
                dropped[name] = dropped.get(name, 0) + 1
                cuts.append(m.span())
            else:
                depth += 1
        elif dropped.get(name):
            dropped[name] -= 1
            cuts.append(m.span())
        elif depth:
            depth -= 1
    if not cuts:
        return html
    parts: list[str] = []
    at = 0
    for start, end in cuts:
        parts.append(html[at:start])
        at = end
    parts.append(html[at:])
    return "".join(parts)


def html_tree(html: str) -> LexborHTMLParser:
    """The parsed page, its nesting bounded first (bounded_depth): every reader of a results page parses through
    this, so no page can make a reader's parse quadratic."""
    return LexborHTMLParser(bounded_depth(html))


def squash_spaces(text: str) -> str:
    """Runs of whitespace (no-break spaces included) as one space, trimmed."""
    return _WS.sub(" ", text.replace("\xa0", " ")).strip()


class Doc:
    """One parsed page; refuses a page cut short (tables but no closing </body> or </html>)."""

    def __init__(self, html: str, name: str) -> None:
        self.name = name
        self.html = html
        self.tree = html_tree(html)
        # Generated pages always end with </body></html>; a download cut short would lose rows or whole tables.
        if not _ENDED.search(html[-4096:]) and self.tree.css_first("table") is not None:
            raise PageError(f"{name}: truncated page (no </body> or </html> at the end)")

    @property
    def title(self) -> str:
        """The page's <title>, spaces squashed."""
        node = self.tree.css_first("title")
        return squash_spaces(node.text(deep=True)) if node is not None else ""

    def meta(self) -> list[dict[str, str]]:
        """Every <meta> tag's attributes, names in lower case."""
        return [{k.lower(): v or "" for k, v in node.attributes.items()} for node in self.tree.css("meta")]

    def tables(self) -> list[LexborNode]:
        """Every table of the page, nested ones included, in document order."""
        return list(self.tree.css("table"))

    def heading(self) -> Heading:
        """The title and the ``caption2`` lines that name the event, category and segment."""
        captions = [squash_spaces(n.text(deep=True)) for n in self.tree.css(".caption2")]
        return Heading(self.title, [c for c in captions if c])


@dataclass(slots=True)
class Cell:
    """One table cell as text parts (split at <br>), the links it holds, and whether it is a header."""

    parts: list[str]  # text split at <br>
    links: list[str]
    header: bool

    @property
    def text(self) -> str:
        """The cell's text on one line."""
        return " ".join(self.parts)


EMPTY_CELL = Cell([], [], False)


def read_cell(node: LexborNode) -> Cell:
    """A cell's text parts and links, skipping what is inside <script> and <style>."""
    buf: list[str] = []
    links: list[str] = []
    skip: LexborNode | None = None
    for child in node.traverse(include_text=True):
        if skip is not None:
            # lexbor's traverse walks depth first; everything under a <script>/<style> is skipped
            if is_inside(child, skip):
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
    parts = [p for p in (squash_spaces(s) for s in "".join(buf).split("\n")) if p]
    return Cell(parts, links, node.tag == "th")


def is_inside(node: LexborNode, ancestor: LexborNode) -> bool:
    """Whether ``node`` is a descendant of ``ancestor``."""
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
class Row:
    """One row of a table's grid."""

    cells: list[Cell]
    css: str  # the row's class: ISU pages colour rows by discipline (Line1Blue, TabHeadRed, ...)


def _grid(table: LexborNode) -> list[Row]:
    """Rows of cells with rowspan/colspan expanded: a spanning cell is repeated in every slot it covers."""
    grid: list[Row] = []
    pending: dict[int, tuple[Cell, int]] = {}  # column -> (cell, rows still to cover)
    for tr in _rows_of(table):
        row: list[Cell] = []

        def fill(row: list[Cell] = row) -> None:
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
            cell = read_cell(td)
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
                row.append(EMPTY_CELL)
        grid.append(Row(row, (tr.attributes.get("class") or "").strip()))
    return grid


def _key(text: str) -> str:
    """Header text -> role ("Ded.<br>-" -> "ded", "Место" -> "place") or, for anything else, the text itself."""
    return column_role(text) or squash_spaces(text).upper()


@dataclass
class Table:
    """A table found by its header words: its grid, which row is the header, and each column's role."""

    node: LexborNode
    grid: list[Row]
    header_row: int
    columns: list[str]  # roles, or the header text (upper case) where it has no role
    raw_headers: list[str] = field(default_factory=list)

    def col(self, *keys: str) -> int | None:
        """The index of the first column with one of these roles, or None."""
        for k in keys:
            if k in self.columns:
                return self.columns.index(k)
        return None

    def body(self) -> list[Row]:
        """Data rows after the header: rows with some text, not repeated header rows."""
        out = []
        for row in self.grid[self.header_row + 1 :]:
            if not any(c.text for c in row.cells):
                continue
            if [_key(c.text) for c in row.cells] == self.columns:
                continue
            if is_group_row(row):
                continue
            out.append(row)
        return out


# A warm-up group's heading row inside a starting order or results table ("Warm-Up Group 2"), in the languages
# federations print it in: a row of its own, not an entry.
_GROUP_ROW = re.compile(
    r"^(?:warm[\s-]*up(?:\s+group)?|group|gruppe|groupe|gruppo|grupa|skupina|grupo|разминка|группа|"
    r"einlaufgruppe|aufwarmgruppe|groupe d echauffement|echauffement|gruppo di riscaldamento|"
    r"grupa rozgrzewkowa|rozcvicovaci skupina|grupo de calentamiento|"
    r"ウォームアップ(?:グループ)?|第)\s*(?:no\.?\s*)?\d+\s*(?:組|グループ)?$",
    re.IGNORECASE,
)


def is_group_row(row: Row) -> bool:
    """A warm-up group heading ("Warm-Up Group 2", "Разминка 1") standing in a table row by itself."""
    texts = [c.text for c in row.cells if c.text]
    if len(set(texts)) != 1:
        return False
    return bool(_GROUP_ROW.match(normalize(texts[0])) or _GROUP_ROW.match(texts[0].strip()))


def find_table(doc: Doc, required: list[tuple[str, ...]], what: str) -> Table:
    """The first table with a row (among its first five) holding a column of each group of roles in ``required``."""
    table = maybe_find_table(doc, required)
    if table is None:
        raise OtherPage(f"{doc.name}: not an ISU {what} page (no {what} table with {_describe(required)})")
    return table


def maybe_find_table(doc: Doc, required: list[tuple[str, ...]]) -> Table | None:
    """The first table whose header (in its first five rows) has a column of every required group."""
    return next(find_tables(doc, required), None)


def find_tables(doc: Doc, required: list[tuple[str, ...]]) -> Iterator[Table]:
    """Every table whose header (in its first five rows) has a column of every required group, in page order."""
    for node in doc.tables():
        grid = _grid(node)
        for i, row in enumerate(grid[:5]):
            keys = [_key(c.text) for c in row.cells]
            if all(any(k in keys for k in group) for group in required):
                yield Table(node, grid, i, keys, [c.text for c in row.cells])
                break


_LABELS = {"place": "FPl.", "name": "Name", "nation": "Nation", "points": "Points", "tss": "TSS", "stn": "StN."}


def _describe(required: list[tuple[str, ...]]) -> str:
    return "/".join(_LABELS.get(group[0], group[0].title()) for group in required)


# ISU bios: isufs00010967.htm; federations' own bios in the same family: isufsffsg_24533.htm (FFSG numbers).
_BIO_ID = re.compile(r"/bios/(isufs[a-z]*_?\d+)\.html?\b", re.IGNORECASE)
_ISU_ID = re.compile(r"(isufs\d+)", re.IGNORECASE)
_FILE = re.compile(r"([^/\\?#]+?)\s*(?:[?#].*)?$")


def basename(href: str) -> str:
    """The file name a link points to, without its folder, query or fragment."""
    m = _FILE.search(href.strip())
    return m.group(1) if m else href.strip()


_ABSOLUTE = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.\-]*:|/)")


def site_link(href: str) -> str:
    """The file of the site a page's link names, as the source reads it: a relative link keeps its folders
    ("pdf/SEG001.pdf": federations keep their PDFs one folder down), written with "/" where a site generated on
    Windows writes "\\"; an absolute link (a URL of the site's own host, a path from the host's root) is its file
    name, as the site's files are the index's neighbours: where the site's root is in that URL cannot be told."""
    text = href.strip().split("#", 1)[0].split("?", 1)[0].replace("\\", "/")
    if _ABSOLUTE.match(text):
        return basename(text)
    parts = [part for part in text.split("/") if part not in ("", ".")]
    return "/".join(parts) if parts else basename(href)


def _bio_id(cell: Cell) -> str | None:
    for href in cell.links:
        m = _BIO_ID.search(href) or _ISU_ID.search(href)
        if m:
            return m.group(1).lower()
    return None


def read_status(text: str) -> str | None:
    """A status code printed instead of a number (WD, FNR, DSQ, DNS, RET), or None."""
    t = text.strip().upper().rstrip(".")
    return t if t in STATUS_CODES else None


def read_float(text: str, name: str, row: int, column: str) -> float | None:
    """A number as printed (decimal comma or point); None for a blank or dashes; PageError otherwise."""
    t = squash_spaces(text).replace(" ", "")
    if not t or set(t) <= {"-"}:
        return None
    if "," in t and "." not in t:
        t = t.replace(",", ".")  # decimal commas: French, German, Russian pages
    try:
        return float(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a number") from None


def read_int(text: str, name: str, row: int, column: str) -> int | None:
    """A whole number as printed (``#3``, ``3.``); None for a blank or dashes; PageError otherwise."""
    t = squash_spaces(text).lstrip("#").rstrip(".").strip()
    if not t or set(t) <= {"-"}:
        return None
    try:
        return int(t)
    except ValueError:
        raise PageError(f"{name}: row {row}: {column} {text!r} is not a whole number") from None


def read_skater(cell: Cell, nation: str) -> SkaterRef:
    """Couples are printed "Name / Name" on one line. A second line under a name without a slash may be the
    partner (some pages break the line between partners) or the skater's club: which one depends on the
    category, so the lines are kept apart here and the importer decides."""
    if not cell.parts:
        return SkaterRef("", nation, _bio_id(cell))
    if "/" in cell.text:
        return SkaterRef(re.sub(r"\s*/\s*", " / ", cell.text), nation, _bio_id(cell))
    return SkaterRef(cell.parts[0], nation, _bio_id(cell), tuple(cell.parts[1:]))


def cell_at(row: Row, idx: int | None) -> Cell:
    """The row's cell in that column; an empty cell for a column the table lacks or the row is short of."""
    if idx is None or idx >= len(row.cells):
        return EMPTY_CELL
    return row.cells[idx]


def check_width(table: Table, row: Row, name: str, n: int) -> None:
    """Refuses a row with fewer cells than the header has columns (a damaged or truncated page)."""
    if len(row.cells) < len(table.columns):
        raise PageError(
            f"{name}: row {n}: {len(row.cells)} cells where the header has {len(table.columns)} "
            "(damaged or truncated page)"
        )
