"""A results site read from its judges' details PDFs alone (a folder with no index page: PDF-only sets, or a saved
site whose pages are gone).

Each PDF is one segment of one category: its heading says which, in the PDF's words ("MEN SHORT PROGRAM", "LADIES,
3YN FREE SKATING", the Olympics' "Men Single Skating" over "FRI 16 FEB 2018 Short Program"); FS Manager's file names
(ODF codes) say the discipline and level too. The PDFs give every segment's standings (rank, TSS, TES, PCS,
deductions, starting number), elements and judges' marks as printed. They print no total and no final place: those
are derived (the sum of the segment scores, and the order of that sum) and recorded as `derived`, never `official`.

The competition is named by what the PDFs print (a heading line naming the event with its year), else by its ISU
event code (the folder's name: ``ec2023``) through :data:`EVENT_CODES`, else after the folder, with a warning. Its
dates are only ever the dates the PDFs print, said so in a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.services.isu.model import Category, EventIndex, Segment, SegmentRow, SkaterRef
from bot.services.isu.protocol_pdf import ProtocolPdf
from bot.services.isu.vocabulary import SHORT_SEGMENTS, read_category_name, segment_code
from bot.services.names import normalize

# ISU event codes (the results server's folder names) -> the championship's name and when in the season it is held:
# "spring" events (January to April) of year N belong to season N-1/N, "autumn" ones (October to December) to N/N+1.
EVENT_CODES: dict[str, tuple[str, str]] = {
    "wc": ("ISU World Figure Skating Championships", "spring"),
    "wjc": ("ISU World Junior Figure Skating Championships", "spring"),
    "ec": ("ISU European Figure Skating Championships", "spring"),
    "fc": ("ISU Four Continents Figure Skating Championships", "spring"),
    "owg": ("Olympic Winter Games", "spring"),
    "wtt": ("ISU World Team Trophy", "spring"),
    "gpf": ("ISU Grand Prix of Figure Skating Final", "autumn"),
    "gpusa": ("ISU Grand Prix Skate America", "autumn"),
    "gpcan": ("ISU Grand Prix Skate Canada", "autumn"),
    "gpfra": ("ISU Grand Prix de France", "autumn"),
    "gpjpn": ("ISU Grand Prix NHK Trophy", "autumn"),
    "gpchn": ("ISU Grand Prix Cup of China", "autumn"),
    "gprus": ("ISU Grand Prix Rostelecom Cup", "autumn"),
    "gpfin": ("ISU Grand Prix Finlandia Trophy", "autumn"),
    "gpita": ("ISU Grand Prix Gran Premio d'Italia", "autumn"),
    "gpgbr": ("ISU Grand Prix Skate Britain", "autumn"),
    "gpesp": ("ISU Grand Prix Grand Prix of Espoo", "autumn"),
}
_CODE_IN_NAME = re.compile(r"(?<![a-z])([a-z]{2,5})(\d{4})(?![a-z0-9])")
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_JUDGES = re.compile(r"JUDGES\s*DE\s*TAILS.*$|JUDGES DETAILS.*$", re.IGNORECASE)
_WEEKDAY_DATE = re.compile(r"^(?:MON|TUE|WED|THU|FRI|SAT|SUN)\s+\d{1,2}\s+[A-Z]{3}\s+\d{4}\s*", re.IGNORECASE)
_NOISE = re.compile(r"^(?:REVISED|Total\b)", re.IGNORECASE)


def code_in_folder(folder_name: str) -> str | None:
    """The ISU event code a folder is named by ("ec2023", "isu-ec2024-fsm-pdfs" -> "ec2024"), when its letters are
    a code of :data:`EVENT_CODES`."""
    for m in _CODE_IN_NAME.finditer(folder_name.lower()):
        if m.group(1) in EVENT_CODES:
            return m.group(1) + m.group(2)
    return None


def season_of_code(code: str) -> str | None:
    m = _CODE_IN_NAME.fullmatch(code.lower())
    if not m or m.group(1) not in EVENT_CODES:
        return None
    year = int(m.group(2))
    first = year - 1 if EVENT_CODES[m.group(1)][1] == "spring" else year
    return f"{first}-{str(first + 1)[-2:]}"


def name_of_code(code: str) -> str | None:
    m = _CODE_IN_NAME.fullmatch(code.lower())
    if not m or m.group(1) not in EVENT_CODES:
        return None
    return f"{EVENT_CODES[m.group(1)][0]} {m.group(2)}"


@dataclass(frozen=True, slots=True)
class PdfHeading:
    event: str | None  # the event's name as printed, when a heading line names it (with its year)
    category: str | None  # "MEN", "LADIES, 3YN", "Men Single Skating"
    segment: str | None  # "SHORT PROGRAM", "Short Program"
    code: str | None  # "SP"
    team: bool  # a team event's segment
    date: str | None  # the segment's day when the heading prints it (the Olympics' layout)


def _segment_suffix(words: list[str]) -> tuple[int, str] | None:
    """(where the segment's name starts, its code) when the line ends with a segment's name."""
    for start in range(0, len(words)):
        code = segment_code(" ".join(words[start:]))
        if code:
            return start, code
    return None


def read_heading(pdf: ProtocolPdf) -> PdfHeading:
    lines: list[str] = []
    date: str | None = None
    for raw in pdf.heading:
        text = _JUDGES.sub("", raw).strip()
        m = _WEEKDAY_DATE.match(text)
        if m:
            date = pdf.dates[0] if len(pdf.dates) == 1 else None
            text = text[m.end() :].strip()
        if text and not _NOISE.match(text):
            lines.append(text)
    team = any(normalize(line) in ("team event", "team trophy") for line in lines)
    event = next((line for line in lines[:1] if _YEAR.search(line) and not _segment_suffix(line.split())), None)
    for i, line in enumerate(lines):
        words = line.split()
        found = _segment_suffix(words)
        if found is None or (i == 0 and event is not None):
            continue
        start, code = found
        segment = " ".join(words[start:])
        category: str | None = " ".join(words[:start]).strip(" ,-") or None
        if category is None:  # the category on a line of its own above (the Olympics' layout)
            candidates = [c for c in lines[:i] if c != event and read_category_name(c).discipline]
            candidates.sort(key=lambda c: len(read_category_name(c).level_text))
            category = candidates[0] if candidates else None
        return PdfHeading(event, category, segment, code, team, date)
    return PdfHeading(event, None, None, None, team, date)


def segment_rows(pdf: ProtocolPdf) -> list[SegmentRow]:
    """The segment's standings as the PDF prints them, one row a skater."""
    return [
        SegmentRow(
            rank=p.rank,
            skater=SkaterRef(p.name, p.nation),
            tss=p.tss,
            tes=p.tes,
            pcs=p.pcs,
            deductions=p.deductions,
            starting_number=p.starting_number,
        )
        for p in pdf.protocols
    ]


def build_index(name: str, pdfs: dict[str, tuple[ProtocolPdf, PdfHeading]]) -> EventIndex:
    """An event index made of the PDFs: a category per category heading, a segment per PDF (shorts first)."""
    categories: dict[str, list[tuple[str, PdfHeading]]] = {}
    for file, (_pdf, heading) in pdfs.items():
        assert heading.category is not None
        categories.setdefault(normalize(heading.category), []).append((file, heading))
    out: list[Category] = []
    for number, files in enumerate(categories.values(), 1):
        files.sort(key=lambda f: (f[1].code not in SHORT_SEGMENTS, f[0]))
        printed = files[0][1].category or ""
        segments = [
            Segment(
                code=heading.code,
                name=heading.segment or "",
                number=f"{number:03d}{i:02d}",
                detail_page=file,
                panel_page=None,
                scores_pdf=file,
                date=heading.date,
                start_time=None,
            )
            for i, (file, heading) in enumerate(files, 1)
        ]
        out.append(
            Category(
                number=f"{number:03d}",
                name=printed,
                discipline=read_category_name(printed).discipline,
                entries_page=None,
                result_page="",
                segments=segments,
            )
        )
    dates = sorted({d for pdf, _h in pdfs.values() for d in pdf.dates})
    return EventIndex(
        name=name,
        city=None,
        country=None,
        venue=None,
        start_date=dates[0] if dates else None,
        end_date=dates[-1] if dates else None,
        timezone=None,
        generation="PDF",
        categories=out,
    )
