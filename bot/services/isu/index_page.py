"""The event index (``index.htm``): name, place, dates, categories and segments, and the time schedule."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from bot.services.isu.grid import (
    Cell,
    Doc,
    EmptyPage,
    PageError,
    Table,
    basename,
    cell_at,
    find_table,
    is_inside,
    maybe_find_table,
    read_cell,
    site_link,
    squash_spaces,
)
from bot.services.isu.model import Category, EventIndex, Segment
from bot.services.isu.vocabulary import read_category_name, segment_code

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


def _generation(doc: Doc, name: str) -> str:
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


def _place(doc: Doc, categories: LexborNode) -> tuple[str | None, str | None, str | None]:
    """(city, country, venue) from the page head: the cell printing "City / NAT", and the venue in the other cell
    of its row (ISUCalcFS 3.0, FS Manager) or, when the city stands alone (the 3.7 template prints the venue on a
    line of its own), in the next caption line that is not a date."""
    cells: list[tuple[int, Cell]] = []  # (row number, cell) of the short text cells above the categories table
    row_number = 0
    for node in doc.tree.css("td, th"):
        if is_inside(node, categories):
            break
        if node.css_first("table") is not None:
            continue  # a layout cell: its own cells are visited in turn
        cell = read_cell(node)
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


def _category_rows(t: Table, name: str, unread: list[str]) -> list[dict]:
    """The index table's categories, each with its pages, colour and segments (a segment row after its category);
    a row that names something but links no category or segment page is put in `unread` as "row N: 'its text'"."""
    c_cat, c_seg = t.col("category"), t.col("segment")
    cats: list[dict] = []
    for n, row in enumerate(t.body(), 1):
        files = [site_link(h) for c in row.cells for h in c.links]
        cat_text, seg_text = cell_at(row, c_cat).text, cell_at(row, c_seg).text
        cat_links = {m.group(2).upper(): (m.group(1), f) for f in files if (m := _CAT_LINK.match(basename(f)))}
        seg_links = [(m.group(1), bool(m.group(2)), f) for f in files if (m := _SEG_LINK.match(basename(f)))]
        pdfs = [f for f in files if f.lower().endswith(".pdf")]
        if cat_text and (cat_links or not seg_links):
            number = next((num for num, _ in cat_links.values()), None)
            if number is None:
                # Not a category of the generator's: a row the federation added (medals, a link to photos). Its
                # segment rows, if any, are not taken for the category before it.
                unread.append(f"row {n}: {cat_text!r}")
                cats.append({"unread": True})
                continue
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
            if cats[-1].get("unread"):
                unread.append(f"row {n}: {seg_text!r}")
                continue
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
    return [c for c in cats if not c.get("unread")]


def _schedule(doc: Doc) -> tuple[dict[str, tuple[str | None, str | None]], list[str]]:
    """The time schedule: segment number -> (date, time), and the dates it lists. An empty schedule is a header row
    alone (ISUCalcFS then leaves its table unclosed: the parser closes it as a browser would)."""
    schedule: dict[str, tuple[str | None, str | None]] = {}
    sched_dates: list[str] = []
    s = maybe_find_table(doc, [("date",), ("time",), ("segment",)])
    if s is not None:
        c_date, c_time = s.col("date"), s.col("time")
        current: str | None = None
        for row in s.body():
            dm = _DATE_RANGE.search(cell_at(row, c_date).text)
            if dm:
                current = _iso(*dm.groups()[:3])
                sched_dates.append(current)
            tm = _TIME.match(cell_at(row, c_time).text)
            seg_no = next((m.group(1) for c in row.cells for h in c.links if (m := _SEG_LINK.match(basename(h)))), None)
            if seg_no:
                schedule[seg_no] = (current, f"{int(tm.group(1)):02d}:{tm.group(2)}" if tm else None)
    return schedule, sched_dates


def parse_index(html: str, name: str) -> EventIndex:
    """The event index (``index.htm``): event, categories and their segments, time schedule."""
    doc = Doc(html, name)
    t = find_table(doc, [("category",), ("segment",)], "event index")
    generation = _generation(doc, name)

    unread: list[str] = []
    cats = _category_rows(t, name, unread)
    if not cats:
        # The header row alone: a site published before its categories (ISUCalcFS 3.7.6 writes it so).
        raise EmptyPage(f"{name}: the event index lists no categories yet")

    schedule, sched_dates = _schedule(doc)
    timezone = None
    body = doc.tree.body
    whole = squash_spaces(body.text(deep=True, separator=" ")) if body is not None else ""
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
        event_name = squash_spaces(caption.text(deep=True)) if caption is not None else name

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
        unread_rows=unread,
    )
