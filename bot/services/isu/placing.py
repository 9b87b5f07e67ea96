"""Placing a category (discipline, level, segments) only when its readings agree: its name in any language, the FS
Manager PDF codes, the index row's colour, the segments it has and the entries' shape; and telling a page that is
about another competition or category (a stale page). Pure rules: each answer is a placing or why there is none.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import Text, t
from bot.services.isu.model import (
    Category,
    EventIndex,
    Heading,
    Segment,
    SkaterRef,
)
from bot.services.isu.site_data import COUPLES, CategoryData
from bot.services.isu.vocabulary import (
    DANCE_SEGMENTS,
    ODF_DISCIPLINES,
    ODF_LEVELS,
    SHORT_SEGMENTS,
    read_category_name,
)
from bot.services.levels import SENIOR, level_label
from bot.services.names import normalize

# The colours ISUCalcFS and FS Manager give index rows: blue men, red women, green pairs, yellow ice dance.
COLOURS = {"blue": "men", "red": "women", "green": "pairs", "yellow": "ice_dance"}


# FS Manager PDFs: FSKWSINGLES-ADVNOV--2QFNL-000100--_JudgesDetailsperSkater.pdf
_ODF = re.compile(r"^FSK([MWX][A-Z]+?)-+([A-Z]*)-", re.IGNORECASE)


def heading_problem(heading: Heading, index: EventIndex, expected: list[str]) -> Text | None:
    """Why a page is not about this category (its title names another competition, its caption another category
    or segment), or None. A page without a title or caption has nothing to contradict the index."""
    event = normalize(index.name)
    title = normalize(heading.title)
    if title and event and not title.startswith(event):
        return t("isu-problem-title", title=repr(heading.title), competition=repr(index.name))
    if heading.captions:
        wanted = normalize(" ".join(expected))
        if not any(normalize(caption) == wanted for caption in heading.captions):
            return t("isu-problem-caption", caption=repr(heading.captions[0]), expected=repr(" - ".join(expected)))
    return None


def _odf(category: Category) -> tuple[set[str], set[str]]:
    """(disciplines, levels) the FS Manager PDF names of a category give."""
    disciplines: set[str] = set()
    levels: set[str] = set()
    for segment in category.segments:
        m = _ODF.match(Path(segment.scores_pdf or "").name)
        if not m:
            continue
        if m.group(1).upper() in ODF_DISCIPLINES:
            disciplines.add(ODF_DISCIPLINES[m.group(1).upper()])
        if m.group(2).upper() in ODF_LEVELS:
            levels.add(ODF_LEVELS[m.group(2).upper()])
    return disciplines, levels


def place(category: Category, refs: list[SkaterRef]) -> tuple[str, str] | Text:
    """(discipline, level) when the readings agree, else why not."""
    reading = read_category_name(category.name)
    odf_disciplines, odf_levels = _odf(category)
    codes = {s.code for s in category.segments if s.code}
    if len(reading.disciplines) > 1:
        return t("isu-problem-disciplines-named", disciplines=_and(list(reading.disciplines)))
    named = set(reading.disciplines)
    structural = set(odf_disciplines)
    if codes & DANCE_SEGMENTS:
        structural.add("ice_dance")  # dance segments are skated in ice dance only
    readings = named | structural
    if not named and not odf_disciplines and category.colour in COLOURS:
        readings.add(COLOURS[category.colour])  # the colour decides only when nothing else says anything
    if len(readings) != 1:
        if not readings:
            return t("isu-problem-no-discipline")
        return t("isu-problem-disciplines-disagree", readings=tuple(sorted(readings)))
    discipline = readings.pop()
    couples = [" / " in r.name for r in refs if not r.lines]
    if couples and any(couples) and not all(couples):
        return t("isu-problem-mixed-entries")
    if couples and all(couples) != (discipline in COUPLES):
        shown = t("isu-discipline", discipline=discipline)
        return t("isu-problem-entries", discipline=shown, couples="yes" if all(couples) else "no")

    if reading.level_text and reading.level is None:
        return discipline, reading.level_text  # a federation's own level (or a qualifying group), as printed
    explicit = ({reading.level} if reading.level else set()) | odf_levels
    if len(explicit) > 1:
        return t("isu-problem-levels-disagree", levels=tuple(sorted(explicit)))
    return discipline, explicit.pop() if explicit else SENIOR


def segment_codes(category: Category, discipline: str) -> list[str] | Text:
    """Each segment's code from its name (any language) or PDF name; the one unknown segment of a two-segment
    category from the other (short and free), or both by their order (the short is always skated first)."""
    codes = [s.code for s in category.segments]
    if all(codes):
        return [c for c in codes if c]
    if len(codes) == 2:
        short, free = ("RD", "FD") if discipline == "ice_dance" else ("SP", "FS")
        known = [c for c in codes if c]
        if not known and _in_order(category.segments):
            return [short, free]
        if len(known) == 1:
            other = free if known[0] in SHORT_SEGMENTS else short
            return [c or other for c in codes]
    unknown = tuple(repr(s.name) for s in category.segments if not s.code)
    return t("isu-problem-segment-unread", segments=unknown)


def _in_order(segments: list[Segment]) -> bool:
    """The schedule (when it has both) does not put the second segment first."""
    a, b = segments
    if a.date and b.date and (a.date, a.start_time or "") > (b.date, b.start_time or ""):
        return False
    return True


def event_key(discipline: str, level: str) -> str:
    if level == SENIOR:
        return discipline
    slug = "-".join(normalize(level).split())[:60]
    return f"{slug}-{discipline}"


def describe(data: CategoryData) -> Text:
    discipline = t("isu-discipline", discipline=data.discipline)
    if data.level == SENIOR:
        return discipline
    return t("isu-category-level", level=level_label(data.level), discipline=discipline)


def _and(items: list[str]) -> Text | str:
    """ "a", "a and b", "a and b and c"."""
    out: Text | str = items[-1]
    for item in reversed(items[:-1]):
        out = t("isu-and", first=item, rest=out)
    return out
