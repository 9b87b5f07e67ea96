"""ijsLive sites (U.S. Figure Skating's results pages, "Created by ijsLive"): the event index (an ``.asp`` or
``comp_index.html`` page listing each category-segment with its day, time and status) and the category-segment
result pages (``CATnnnSEGnnn.html``: place, start number, name with club, score, and per skater the score's parts).

Read by content, whatever the files are called, and also when a page was pasted inside another document's
``<title>`` (a copy-paste artefact: the outer body is empty). ijsLive prints no nation: entries come with an unknown
country, and the importer says so. The judges' detail pages (``SEGMnnn.html``) are not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.services.isu.grid import PageError, html_tree, read_status, site_link, squash_spaces
from bot.services.isu.model import SegmentRow, SkaterRef

_CATSEG = re.compile(r"CAT(\d+)SEG(\d+)", re.IGNORECASE)
_DATES = re.compile(r"(\d{2})/(\d{2})/(\d{4})\s*-\s*(\d{2})/(\d{2})/(\d{4})")
_TITLE = re.compile(r"<title>([^<]*)</title>", re.IGNORECASE)
_LEADING_NUMBER = re.compile(r"^\d+\s+")
_GROUP_NUMBER = re.compile(r"\s*\(\d+\)\s*$")


def is_ijslive(html: str) -> bool:
    return "ijsLive" in html[:4000]


def unwrap(html: str) -> str:
    """The ijsLive page itself, also when it was pasted inside another document's <title>."""
    tree = html_tree(html)
    title = tree.css_first("title")
    inner = title.text() if title is not None else ""
    if "ijsLive" in inner and "<TABLE" in inner.upper() and not (tree.body and tree.body.text().strip()):
        return inner
    return html


def _text(node: object) -> str:
    return squash_spaces(node.text()) if node is not None else ""  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class IjsEvent:
    """One line of the index: a category's segment."""

    category_number: str  # "002" of CAT002SEG002.html
    category: str  # "Adult Pre-Bronze Women Free Skate", its number and group count taken off
    segment: str  # "Free Skate"
    page: str  # "CAT002SEG002.html"
    status: str  # "Final", "Pending", ...


@dataclass(frozen=True, slots=True)
class IjsIndex:
    name: str
    start_date: str | None
    end_date: str | None
    venue: str | None
    city: str | None
    events: list[IjsEvent] = field(default_factory=list)


def parse_ijslive_index(html: str, name: str) -> IjsIndex:
    tree = html_tree(unwrap(html))
    title = tree.css_first(".eventTitle .title")
    if title is None:
        raise PageError(f"{name}: not an ijsLive event index (no event title)")
    heads = [_text(h) for h in tree.css(".eventTitle h3")]
    dates = _DATES.search(heads[0]) if heads else None
    start = f"{dates.group(3)}-{dates.group(1)}-{dates.group(2)}" if dates else None
    end = f"{dates.group(6)}-{dates.group(4)}-{dates.group(5)}" if dates else None
    events: dict[str, IjsEvent] = {}
    for row in tree.css("tr"):
        event, link = row.css_first("td.event"), row.css_first("td.stat a")
        if event is None or link is None:
            continue
        # As a browser follows it: ".\\CAT010SEG010.html" or the host's absolute URL is the page beside the index.
        page = site_link(link.attributes.get("href") or "")
        m = _CATSEG.search(page)
        if not m or page in events:
            continue
        category, _, segment = _text(event).rpartition(" / ")
        category = _GROUP_NUMBER.sub("", _LEADING_NUMBER.sub("", category or _text(event)))
        events[page] = IjsEvent(m.group(1), category, segment, page, _text(link))
    return IjsIndex(
        name=_text(title),
        start_date=start,
        end_date=end,
        venue=heads[1] if len(heads) > 1 else None,
        city=heads[2] if len(heads) > 2 else None,
        events=list(events.values()),
    )


@dataclass(frozen=True, slots=True)
class IjsSegment:
    competition: str  # the page's <title>: "2022 Colonial Open"
    category: str  # "Intermediate Plus Ladies Excel"
    segment: str  # "Free Skate"
    rows: list[SegmentRow]


def _float(text: str, name: str, what: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise PageError(f"{name}: {what} {text!r} is not a number") from None


def parse_ijslive_segment(html: str, name: str) -> IjsSegment:
    page = unwrap(html)
    tree = html_tree(page)
    table = tree.css_first("#catSegTable")
    heading = tree.css_first(".catTitle h1")
    if table is None or heading is None:
        raise PageError(f"{name}: not an ijsLive category-segment page (no results table)")
    active = tree.css_first(".segLinks a.activeSeg")
    segment = (active.attributes.get("title") or "") if active is not None else ""
    rows: list[SegmentRow] = []
    for tr in table.css("tr.parent"):
        cells = {(td.attributes.get("class") or "").split()[0]: _text(td) for td in tr.css("td") if td.attributes}
        who, _, club = cells.get("name", "").partition(", ")
        if not who:
            raise PageError(f"{name}: a row without a name")
        place_text = cells.get("place", "")
        status = read_status(place_text)
        parts: list[float | None] = [None, None, None, None]
        child = tr.next
        while child is not None and child.tag != "tr":
            child = child.next
        if child is not None and "child" in (child.attributes.get("class") or ""):
            summary = child.css_first("table.detailScoreSum tbody tr")
            if summary is not None:
                values = [_text(td) for td in summary.css("td")]
                if len(values) >= 5:
                    parts = [_float(values[i], name, "score") for i in (0, 1, 2, 4)]
        tss = _float(cells.get("score", ""), name, "score")
        start = cells.get("start", "")
        rows.append(
            SegmentRow(
                rank=None if status or not place_text.isdigit() else int(place_text),
                skater=SkaterRef(who, "", None, (club,) if club else ()),
                tss=tss,
                tes=parts[1],
                pcs=parts[2],
                deductions=abs(parts[3]) if parts[3] is not None else None,
                starting_number=int(start) if start.isdigit() else None,
                status=status,
            )
        )
    titles = [squash_spaces(t) for t in _TITLE.findall(page) if t.strip()]
    competition = titles[-1] if titles else ""
    return IjsSegment(competition, _GROUP_NUMBER.sub("", _LEADING_NUMBER.sub("", _text(heading))), segment, rows)
