"""Parse the ISU results page family (HTML) into the plain dataclasses of :mod:`bot.services.isu.model`.

Pages handled (names as published; links are matched case-insensitively), each read by its own function here or
in a module beside this one (``charset``: bytes to text; ``grid``: HTML to tables of cells; ``index_page``):

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

import re

from bot.services.isu.charset import Decoded, decode, decode_page
from bot.services.isu.grid import (
    STATUS_CODES,
    Doc,
    EmptyPage,
    OtherPage,
    PageError,
    Table,
    cell_at,
    check_width,
    find_table,
    find_tables,
    maybe_find_table,
    read_float,
    read_int,
    read_skater,
    read_status,
    squash_spaces,
)
from bot.services.isu.index_page import parse_index
from bot.services.isu.model import FinalRow, Heading, Official, SegmentRow
from bot.services.isu.vocabulary import column_role, segment_code

# The page family's whole interface, as callers import it from here; the parts live in charset, grid and index_page.
__all__ = [
    "COMPONENT_NAMES",
    "STATUS_CODES",
    "Decoded",
    "EmptyPage",
    "OtherPage",
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


# --------------------------------------------------------------------------------------------------------------------
# CATnnnRS


def parse_result_page(html: str, name: str) -> tuple[list[FinalRow], Heading]:
    """Final result of a category (``CATnnnRS.HTM``) and the page's heading.

    Segment places are keyed by their column header as printed ("SP", "FS", "КП", ...): every column after Points
    that has no other role is a segment place column, whatever its script.
    """
    doc = Doc(html, name)
    t = find_table(doc, [("place",), ("name",), ("nation",), ("points",)], "result")
    c_pl, c_name = t.col("place"), t.col("name")
    c_nat, c_pts = t.col("nation"), t.col("points")
    assert c_pts is not None
    rows = list(t.body())
    seg_cols = [
        (i, squash_spaces(t.raw_headers[i]).upper())
        for i in range(c_pts + 1, len(t.columns))
        if column_role(t.raw_headers[i]) is None
        and squash_spaces(t.raw_headers[i])
        and _places_column(t.raw_headers[i], [row.cells[i].text for row in rows if i < len(row.cells)])
    ]
    out: list[FinalRow] = []
    for n, row in enumerate(rows, 1):
        check_width(t, row, name, n)
        skater = read_skater(cell_at(row, c_name), cell_at(row, c_nat).text)
        if not skater.name:
            raise PageError(f"{name}: row {n}: no name")
        place_text = cell_at(row, c_pl).text
        pts_text = cell_at(row, c_pts).text
        status = read_status(place_text) or read_status(pts_text)
        place = None if read_status(place_text) else read_int(place_text, name, n, "FPl.")
        total = None if read_status(pts_text) else read_float(pts_text, name, n, "Points")
        if place == 0 and not total:
            place = total = None  # place 0 and 0.00 (ISUCalcFS 3.7.6 during the event): not skated yet
        seg_places: dict[str, int | None] = {}
        for i, code in seg_cols:
            txt = row.cells[i].text
            seg_places[code] = None if read_status(txt) else read_int(txt, name, n, code)
        out.append(FinalRow(place=place, skater=skater, total=total, status=status, segment_places=seg_places))
    if not out:
        raise EmptyPage(f"{name}: the result table has no rows yet (category not skated yet?)")
    return out, doc.heading()


def parse_result(html: str, name: str) -> list[FinalRow]:
    """The final result's rows (see :func:`parse_result_page`)."""
    return parse_result_page(html, name)[0]


def _places_column(header: str, cells: list[str]) -> bool:
    """Whether a column after Points with no other role holds segment places. A segment's name or code ("SP",
    "КП") always does (a non-number there is a damaged page); another header does only when every cell is a place,
    a status or blank: a column the federation added (a club, a region) is not read as places."""
    if segment_code(header) is not None:
        return True
    return all(not t or set(t) <= {"-"} or read_status(t) or _WHOLE.fullmatch(t) for t in map(squash_spaces, cells))


_WHOLE = re.compile(r"#?\d+\.?")


# --------------------------------------------------------------------------------------------------------------------
# SEGnnn


def parse_segment_page(html: str, name: str) -> tuple[list[SegmentRow], Heading]:
    """Detailed classification of a segment (``SEGnnn.HTM``) and the page's heading.

    ``components`` is keyed by the column header as printed ("SS", "TR", ... or "CO", "PR", "SK"): the columns
    between PCS and the deductions (or the next column with a role). Before a segment is skated the page is a
    starting order only: rows then come with no scores. A page without the classification table at all (a
    segment page published before its table) raises :class:`EmptyPage`.
    """
    doc = Doc(html, name)
    t = maybe_find_table(doc, [("name",), ("nation",), ("tss", "stn")])
    if t is None:
        if doc.tree.css_first(".caption2, .caption3, .MainTab") is not None:  # an ISU page, without its table
            raise EmptyPage(f"{name}: no results table on the page yet")
        if maybe_find_table(doc, [("legend",)]) is not None or doc.tree.css_first("caption") is not None:
            # ISUCalcFS 3.7.6's caption layout before the segment is skated: the heading and the legend only
            raise EmptyPage(f"{name}: only the heading and legend, no results table yet (not yet skated)")
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
            code = squash_spaces(t.raw_headers[i])
            if code:
                comp_cols.append((i, code))
    out: list[SegmentRow] = []
    for n, row in enumerate(t.body(), 1):
        check_width(t, row, name, n)
        skater = read_skater(cell_at(row, c_name), cell_at(row, c_nat).text)
        if not skater.name:
            raise PageError(f"{name}: row {n}: no name")
        rank_text = cell_at(row, c_rank).text
        tss_text = cell_at(row, c_tss).text
        status = read_status(rank_text) or read_status(tss_text)
        rank = None if read_status(rank_text) else read_int(rank_text, name, n, "Pl.")
        comps: dict[str, float] = {}
        for i, code in comp_cols:
            v = read_float(row.cells[i].text, name, n, code)
            if v is not None:
                comps[code] = v
        tss = None if read_status(tss_text) else read_float(tss_text, name, n, "TSS")
        if rank == 0 and not tss:
            rank = tss = None  # place 0 and 0.00 (ISUCalcFS 3.7.6 during the event): not skated yet
        ded = read_float(cell_at(row, c_ded).text, name, n, "Ded.")
        out.append(
            SegmentRow(
                rank=rank,
                skater=skater,
                tss=tss,
                tes=read_float(cell_at(row, c_tes).text, name, n, "TES"),
                pcs=read_float(cell_at(row, c_pcs).text, name, n, "PCS"),
                deductions=abs(ded) if ded is not None else None,
                starting_number=read_int(cell_at(row, c_stn).text, name, n, "StN."),
                components=comps,
                status=status,
            )
        )
    if c_tss is not None:
        out.extend(_still_to_skate(doc, t, name, {(r.skater.name, r.skater.nation) for r in out}))
    if not out:
        raise EmptyPage(f"{name}: the segment table has no rows yet")
    return out, doc.heading()


def _still_to_skate(doc: Doc, results: Table, name: str, listed: set[tuple[str, str]]) -> list[SegmentRow]:
    """The skaters of a "Starting Order" table printed under the results while a segment is skated (ISUCalcFS
    3.7.6 lists there who has not skated yet): rows without a score, so that the page reads as partial."""
    out: list[SegmentRow] = []
    for t in find_tables(doc, [("name",), ("nation",), ("stn",)]):
        if t.node.mem_id == results.node.mem_id or t.col("tss") is not None:
            continue
        c_name, c_nat, c_stn = t.col("name"), t.col("nation"), t.col("stn")
        for n, row in enumerate(t.body(), 1):
            skater = read_skater(cell_at(row, c_name), cell_at(row, c_nat).text)
            if not skater.name or (skater.name, skater.nation) in listed:
                continue
            number = read_int(cell_at(row, c_stn).text, name, n, "StN.")
            out.append(SegmentRow(None, skater, None, None, None, None, number))
    return out


def parse_segment(html: str, name: str) -> list[SegmentRow]:
    """The segment classification's rows (see :func:`parse_segment_page`)."""
    return parse_segment_page(html, name)[0]


def parse_legend(html: str, name: str) -> dict[str, str]:
    """The legend of a page as printed: abbreviation -> meaning ("SS" -> "Skating Skills", "WD" -> "Withdrawn")."""
    t = maybe_find_table(Doc(html, name), [("legend",)])
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
    t = find_table(Doc(html, name), [("function",), ("name",)], "panel of judges")
    c_role, c_name, c_nat = t.col("function"), t.col("name"), t.col("nation")
    out: list[Official] = []
    for n, row in enumerate(t.body(), 1):
        role = cell_at(row, c_role).text
        person = cell_at(row, c_name).text
        if not role and not person:
            continue
        if not role or not person:
            raise PageError(f"{name}: row {n}: official without a function or a name")
        role = re.sub(r"(?i)^judge\s*no\.?\s*(\d+)$", r"Judge No.\1", role)
        out.append(Official(role=role, name=person, nation=cell_at(row, c_nat).text or None))
    if not out:
        raise EmptyPage(f"{name}: the panel of judges has no rows yet")
    return out
