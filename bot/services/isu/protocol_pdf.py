"""Parse ISU "Judges Details per Skater" PDFs (ISUCalcFS / FS Manager) into :class:`Protocol` records.

Text and positions come from PDFium (``pypdfium2``): each page's text runs ("rects") are grouped into visual lines
by their vertical centre and read left to right. The page is then read as a stream of lines by a small state
machine: skater header row -> executed elements -> program components -> deductions.

PDFium is not thread-safe: call :func:`parse_protocols` from one thread at a time (e.g. via a single worker).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pypdfium2 as pdfium

from bot.services.isu.model import Component, Deduction, Element, Protocol

__all__ = [
    "ProtocolError",
    "ProtocolPdf",
    "page_count",
    "parse_protocol_pdf",
    "parse_protocols",
    "parse_protocols_counted",
]


class ProtocolError(ValueError):
    """The PDF is not a judges' details PDF, is damaged, or has a line the parser does not understand."""


_DEC = re.compile(r"^-?\d+\.\d+$")
_INT = re.compile(r"^\d+$")
_MARK = re.compile(r"^(?:-?\d+(?:\.\d+)?|-)$")
_BASE = re.compile(r"^(\d+\.\d+)(x?)$")
_NATION = re.compile(r"^[A-Z]{3}$")
_DEDUCTION_ITEM = re.compile(r"([A-Za-z][A-Za-z /&'()-]*?)\s*:\s*(-?\d+\.\d+)(?:\s*\(\d+\))?")
_FOOTER = re.compile(r"Page \d+ / \d+|Report Created|printed:")  # the page footer ("Page 3 / 12")
_LINE_TOLERANCE = 3.0  # points; rows in these PDFs are ~8.8 pt apart
_GLUE_GAP = 1.0  # points: closer glyph runs are one word
_WORD_GAP = 4.5  # points: closer words are one text run (a label, a name); columns are further apart


@dataclass(frozen=True, slots=True)
class ProtocolPdf:
    """A judges' details PDF read whole: its protocols, page count, the heading lines printed above the first
    skater (event, category and segment, in the PDF's words) and the dates its pages print (ISO, as printed in a
    footer or a heading: the day the protocol was printed, not necessarily the day the segment was skated)."""

    protocols: list[Protocol]
    pages: int
    heading: list[str]
    dates: list[str]


_MONTHS = {m: i for i, m in enumerate("JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split(), 1)}
_DATE_DMY = re.compile(r"\b(\d{2})\.(\d{2})\.(20\d{2}|19\d{2})\b")
_DATE_NAMED = re.compile(r"\b(\d{1,2}) (JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) (20\d{2}|19\d{2})\b")


def _dates(text: str) -> list[str]:
    found = [f"{y}-{m}-{d}" for d, m, y in _DATE_DMY.findall(text)]
    found += [f"{y}-{_MONTHS[m]:02d}-{int(d):02d}" for d, m, y in _DATE_NAMED.findall(text)]
    return [d for d in found if "01" <= d[5:7] <= "12" and "01" <= d[8:10] <= "31"]


@dataclass(slots=True)
class _Run:
    text: str
    x0: float
    x1: float


@dataclass(slots=True)
class _Line:
    page: int
    y: float
    runs: list[_Run]

    @property
    def text(self) -> str:
        return " ".join(" ".join(r.text.split()) for r in self.runs if r.text.strip())

    def tokens(self) -> list[tuple[str, float]]:
        """Whitespace-separated tokens with the x of the run they came from."""
        out: list[tuple[str, float]] = []
        for run in self.runs:
            for tok in run.text.split():
                out.append((tok, run.x0))
        return out


def _check_bytes(data: bytes, name: str) -> None:
    head = data[:1024]
    if b"%PDF-" not in head:
        raise ProtocolError(f"{name}: not an ISU judges' details PDF (not a PDF file)")
    if b"%%EOF" not in data[-2048:]:
        raise ProtocolError(f"{name}: truncated or damaged PDF (no end-of-file marker)")


def _open(data: bytes, name: str) -> pdfium.PdfDocument:
    _check_bytes(data, name)
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise ProtocolError(f"{name}: truncated or damaged PDF ({exc})") from exc


def page_count(data: bytes, name: str = "PDF") -> int:
    doc = _open(data, name)
    try:
        return len(doc)
    finally:
        doc.close()


def _page_lines(doc: pdfium.PdfDocument, index: int) -> list[_Line]:
    page = doc[index]
    textpage = page.get_textpage()
    try:
        count = textpage.count_chars()
        text = textpage.get_text_range(0, count) if count else ""
        words: list[tuple[float, _Run]] = []
        if len(text) == count:
            for m in re.finditer(r"\S+", text):
                left, bottom, right, top = textpage.get_charbox(m.start())
                right = textpage.get_charbox(m.end() - 1)[2]
                words.append(((bottom + top) / 2, _Run(m.group(), left, right)))
        else:  # text and char indices disagree (non-BMP text): slower rect-by-rect reading
            for i in range(textpage.count_rects()):
                left, bottom, right, top = textpage.get_rect(i)
                for tok in textpage.get_text_bounded(left, bottom, right, top).split():
                    words.append(((bottom + top) / 2, _Run(tok, left, right)))
    finally:
        textpage.close()
        page.close()
    words.sort(key=lambda r: -r[0])
    lines: list[_Line] = []
    for y, run in words:
        if lines and abs(lines[-1].y - y) < _LINE_TOLERANCE:
            lines[-1].runs.append(run)
        else:
            lines.append(_Line(index + 1, y, [run]))
    for line in lines:
        line.runs.sort(key=lambda r: r.x0)
        merged: list[_Run] = []
        for run in line.runs:
            prev = merged[-1] if merged else None
            gap = run.x0 - prev.x1 if prev is not None else 999.0
            if prev is not None and gap < _GLUE_GAP:
                # split glyph runs at kerning changes ("PECHAL" + "AT", "55." + "11"): glue pieces closer than a space
                merged[-1] = _Run(prev.text + run.text, prev.x0, max(prev.x1, run.x1))
            elif prev is not None and gap < _WORD_GAP:
                merged[-1] = _Run(prev.text + " " + run.text, prev.x0, max(prev.x1, run.x1))
            else:
                merged.append(run)
        line.runs = merged
    return lines


def _num(tok: str) -> float:
    return float(tok.rstrip("x"))


class _Builder:
    """Collects one skater's block."""

    def __init__(
        self, rank: int, name: str, nation: str, sn: int | None, tss: float, tes: float, pcs: float, ded: float
    ):
        self.rank, self.name, self.nation, self.sn = rank, name, nation, sn
        self.tss, self.tes, self.pcs, self.ded = tss, tes, pcs, ded
        self.elements: list[Element] = []
        self.components: list[Component] = []
        self.deductions: list[Deduction] = []

    def build(self) -> Protocol:
        return Protocol(
            rank=self.rank,
            name=self.name,
            nation=self.nation,
            starting_number=self.sn,
            tss=self.tss,
            tes=self.tes,
            pcs=self.pcs,
            deductions=self.ded,
            elements=self.elements,
            components=self.components,
            deduction_items=self.deductions,
        )


_HEADER_KEYS = {
    "sn": ("Number",),
    "tss": ("Segment",),
    "tes": ("Element",),
    "pcs": ("Program Component", "Program Components"),
    "ded": ("Deductions",),
}


def _header_columns(line: _Line) -> dict[str, float]:
    cols: dict[str, float] = {}
    for run in line.runs:
        text = " ".join(run.text.split())
        for key, labels in _HEADER_KEYS.items():
            if text in labels:
                cols[key] = (run.x0 + run.x1) / 2
        if text.startswith(("Nation", "NOC")):  # "NOC Code" at the Olympics
            cols["nation"] = run.x0
    return cols


def _parse_skater_row(line: _Line, cols: dict[str, float], where: str) -> _Builder:
    runs = [r for r in line.runs if r.text.strip()]
    first = runs[0].text.split() if runs else []
    if not first or not _INT.match(first[0]):
        raise ProtocolError(f"{where}: expected a skater line (rank, name, nation, scores), got {line.text!r}")
    rank = int(first[0])
    words: list[tuple[str, float, float]] = []  # token, x0, centre
    for i, run in enumerate(runs):
        toks = run.text.split()
        if i == 0:
            toks = toks[1:]
        for tok in toks:
            words.append((tok, run.x0, (run.x0 + run.x1) / 2))
    nation_x = cols.get("nation", 0.0) - 15
    # The last three-capital word in the nation column: a name may hold one too ("UNO Shoma JPN", "le GAC Romain")
    nations = [i for i, w in enumerate(words) if _NATION.match(w[0]) and w[1] >= nation_x]
    if not nations:  # a long name running over the nation column: the code is the word before the scores
        nations = [i for i, w in enumerate(words) if _NATION.match(w[0]) and len(words) - i - 1 in (4, 5)]
    nat_idx = nations[-1] if nations else None
    if nat_idx is None or nat_idx == 0:
        raise ProtocolError(f"{where}: expected a skater line with a name and a nation code, got {line.text!r}")
    name = " ".join(w[0] for w in words[:nat_idx])
    nation = words[nat_idx][0]
    rest = words[nat_idx + 1 :]
    if len(rest) == 4 and "sn" not in cols:  # no starting number column (the 2006 layout)
        rest = [("", 0.0, 0.0), *rest]
    if len(rest) != 5 or not _INT.match(rest[0][0] or "0") or not all(_DEC.match(w[0]) for w in rest[1:]):
        raise ProtocolError(
            f"{where}: expected starting number, TSS, TES, PCS and deductions after {name!r}, got {line.text!r}"
        )
    values: dict[str, str] = {}
    keys = ["tss", "tes", "pcs", "ded"]
    if all(k in cols for k in keys):
        for tok, _x0, centre in rest[1:]:
            key = min(keys, key=lambda k: abs(cols[k] - centre))
            if key in values:
                raise ProtocolError(f"{where}: cannot tell the score columns apart in {line.text!r}")
            values[key] = tok
    else:
        values = dict(zip(keys, (w[0] for w in rest[1:]), strict=True))
    return _Builder(
        rank=rank,
        name=name,
        nation=nation,
        sn=int(rest[0][0]) if rest[0][0] else None,
        tss=float(values["tss"]),
        tes=float(values["tes"]),
        pcs=float(values["pcs"]),
        ded=abs(float(values["ded"])),
    )


def _parse_element(line: _Line, where: str) -> Element:
    toks = [t for t, _x in line.tokens()]
    err = (
        f"{where}: expected an element line (#, code, info, base value, x, GOE, judges, panel score), got {line.text!r}"
    )
    if len(toks) < 5 or not _INT.match(toks[0]):
        raise ProtocolError(err)
    number, code = int(toks[0]), toks[1]
    i = 2
    info: list[str] = []
    while i < len(toks) and not _BASE.match(toks[i]):
        marker = toks[i].replace("Info", "")  # the rotated "Info" column label can land on the first element's row
        if marker:
            info.append(marker)
        i += 1
    if i >= len(toks):
        raise ProtocolError(err)
    m = _BASE.match(toks[i])
    assert m is not None
    base, bonus = float(m.group(1)), bool(m.group(2))
    i += 1
    if i < len(toks) and toks[i] in ("x", "X"):  # "X" in comnet's PDFs
        bonus = True
        i += 1
    rest = toks[i:]
    if len(rest) < 2 or not _DEC.match(rest[0]) or not _DEC.match(rest[-1]):
        raise ProtocolError(err)
    judges = rest[1:-1]
    if not all(_MARK.match(j) for j in judges):
        raise ProtocolError(err)
    return Element(
        number=number,
        code=code,
        info=" ".join(info),
        base_value=base,
        bonus=bonus,
        goe=float(rest[0]),
        judges=judges,
        panel_score=float(rest[-1]),
    )


def _parse_component(line: _Line, where: str) -> Component:
    toks = [t for t, _x in line.tokens()]
    idx = next((i for i, t in enumerate(toks) if _DEC.match(t)), None)
    if idx is None or idx == 0 or len(toks) - idx < 3 or not _DEC.match(toks[-1]):
        raise ProtocolError(
            f"{where}: expected a program component line (name, factor, judges, score), got {line.text!r}"
        )
    judges = toks[idx + 1 : -1]
    if not all(_MARK.match(j) for j in judges):
        raise ProtocolError(f"{where}: expected judges' component marks, got {line.text!r}")
    return Component(name=" ".join(toks[:idx]), factor=float(toks[idx]), judges=judges, score=float(toks[-1]))


def _parse_deductions(line: _Line, where: str) -> tuple[list[Deduction], float]:
    text = line.text
    body = text.split(":", 1)[1] if ":" in text else text.removeprefix("Deductions")  # "Deductions 0.00" (2018-)
    toks = body.split()
    if not toks or not _DEC.match(toks[-1]):
        raise ProtocolError(f"{where}: expected a deductions line ending with the total, got {text!r}")
    total = abs(float(toks[-1]))
    items_text = " ".join(toks[:-1])
    items = [
        Deduction(reason=m.group(1).strip(), points=abs(float(m.group(2))))
        for m in _DEDUCTION_ITEM.finditer(items_text)
    ]
    return items, total


def _is_element_line(line: _Line) -> bool:
    runs = line.runs
    return bool(runs) and bool(_INT.match(runs[0].text.split()[0]))


def parse_protocols(data: bytes, name: str) -> list[Protocol]:
    """Every skater's judges' details in the PDF, in rank order."""
    return parse_protocols_counted(data, name)[0]


def parse_protocols_counted(data: bytes, name: str) -> tuple[list[Protocol], int]:
    """Every skater's judges' details in the PDF, in rank order, and the number of pages read."""
    read = parse_protocol_pdf(data, name)
    return read.protocols, read.pages


def _pdf_lines(data: bytes, name: str) -> tuple[list[_Line], int]:
    """Every page's text lines, and the number of pages."""
    doc = _open(data, name)
    try:
        pages = len(doc)
        lines: list[_Line] = []
        for i in range(pages):
            lines.extend(_page_lines(doc, i))
    except pdfium.PdfiumError as exc:
        raise ProtocolError(f"{name}: truncated or damaged PDF ({exc})") from exc
    finally:
        doc.close()
    return lines, pages


def _heading(lines: list[_Line]) -> list[str]:
    """The first page's lines above the first skater's header: the competition, category and segment."""
    heading: list[str] = []
    for line in lines:
        words = line.text.split()
        if line.page != 1 or ("Rank" in words and "Name" in words) or "Starting" in words:
            break
        heading.append(line.text)
    return heading


def _element_line(cur: _Builder, line: _Line, where: str) -> str:
    """One line of a skater's elements block, read into `cur`; the state after it ("components" once the block
    ends)."""
    text = line.text
    words = text.split()
    if text.startswith("Program Components"):
        return "components"
    if _is_element_line(line):
        if len(words) > 1 and _BASE.match(words[1]) and not any(float(w) for w in words if _DEC.match(w)):
            return "elements"  # a numbered row with no element and nothing scored (FS Manager prints one)
        cur.elements.append(_parse_element(line, where))
        return "elements"
    if words[0] == "#" or _FOOTER.search(text):
        return "elements"  # the column labels ("# GOE J1 ... J9 Ref"), the page footer
    if all(_DEC.match(w) for w in words):
        return "elements"  # base value total / TES total row
    if not any(ch.isdigit() for ch in text):
        return "elements"  # column labels ("Elements", "Value", "Info", "Ref", "(in random order)")
    raise ProtocolError(f"{where}: expected an element line, got {text!r}")


def parse_protocol_pdf(data: bytes, name: str) -> ProtocolPdf:
    """The PDF's protocols with its heading and printed dates (what a folder of PDFs alone is read from)."""
    lines, pages = _pdf_lines(data, name)
    heading = _heading(lines)
    dates = sorted(set(_dates(" ".join(line.text for line in lines if _FOOTER.search(line.text) or line.page == 1))))
    out: list[Protocol] = []
    cur: _Builder | None = None
    cols: dict[str, float] = {}
    state = "start"  # start -> header -> skater -> elements -> components -> (deductions) -> start
    seen_isu = False
    for line in lines:
        where = f"{name}: page {line.page}"
        text = line.text
        if not text:
            continue
        words = text.split()
        if "JUDGES DETAILS PER SKATER" in text.replace("DE TAILS", "DETAILS") or ("Rank" in words and "Name" in words):
            seen_isu = True
        if "Rank" in words and "Name" in words:
            if state == "deductions" and cur is not None and not cur.ded:
                out.append(cur.build())  # a skater without deductions whose "Deductions:" line is not printed
                cur, state = None, "start"
            if state not in ("start", "header"):
                raise ProtocolError(f"{where}: new skater header before the previous skater's deductions line")
            cols = _header_columns(line)
            state = "header"
            continue
        if state == "header":
            if _is_element_line(line):
                cur = _parse_skater_row(line, cols, where)
                state = "skater"
            continue  # other header label lines ("Total", "Score (factored)")
        if state == "skater":
            if "Executed" in words or "Elements" in words:
                state = "elements"
            continue
        if state == "elements":
            assert cur is not None
            state = _element_line(cur, line, where)
            continue
        if state == "components":
            assert cur is not None
            if text.startswith(("Judges Total Program Component Score", "Judges Total Program Components Score")):
                state = "deductions"
                continue
            if _DEC.match(words[0]) and all(w == "-" for w in words[1:]):
                continue  # a nameless component row nobody marked (a federation's configuration left a blank)
            cur.components.append(_parse_component(line, where))
            continue
        if state == "deductions":
            assert cur is not None
            if text.startswith("Deductions"):
                cur.deductions, total = _parse_deductions(line, where)
                if abs(total - cur.ded) > 0.005:
                    raise ProtocolError(f"{where}: deductions total {total} differs from the header's {cur.ded}")
                out.append(cur.build())
                cur = None
                state = "start"
                continue
            if _FOOTER.search(text) or not any(_DEC.match(w) for w in words):
                continue  # a note printed instead of the line ("Costume & Prop Violation (1 of 10)"), page furniture
            raise ProtocolError(f"{where}: expected the deductions line, got {text!r}")
    if not seen_isu:
        raise ProtocolError(f"{name}: not an ISU judges' details PDF")
    if state == "deductions" and cur is not None and not cur.ded:
        out.append(cur.build())
        cur, state = None, "start"
    if state != "start" or cur is not None:
        raise ProtocolError(f"{name}: truncated or damaged PDF (the last skater's block ends in state {state!r})")
    if not out:
        raise ProtocolError(f"{name}: not an ISU judges' details PDF (no skater found)")
    out.sort(key=lambda p: p.rank)
    return ProtocolPdf(out, pages, heading, dates)
