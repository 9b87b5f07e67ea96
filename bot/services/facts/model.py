"""The notable facts' shared parts: their kinds and thresholds, `Fact`, and the helpers every kind builds one with
(its key, words, figures). Split from facts.py (issue 30), unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.i18n import Arg, Name, Text, t
from bot.services.levels import is_senior
from bot.services.results.vocabulary import event_name_text
from bot.text import escape_markdown
from db.models import (
    Competition,
    Entry,
    Event,
    Figure,
    JumpElement,
    Segment,
    UnanimousMark,
)

KINDS = (
    "climb",
    "segment-win",
    "top-total",
    "top-segment",
    "season-best",
    "era-best",
    "personal-best",
    "medal",
    "first-medal",
    "quad",
    "quad-count",
    "axel",
    "top-marks",
    "margin",
    "wide-margin",
)
CLIMB_PLACES = 3  # places gained from the first segment to the final result, at least
SEGMENT_WIN_FROM = 5  # a last segment won from this rank or lower after the first: "from far behind"
BEST_COMPETITIONS = 2  # a season's or era's best is told when the store holds this many of its competitions
QUAD_COUNT_AT_LEAST = 2  # the most clean quads in one skate of a competition, told from this many
# The top GOE mark of each scoring era (bot/services/eras.py): +3 until 2017-18, +5 from 2018-19.
TOP_GOE = {"2004-2010": 3, "2010-2018": 3, "2018-2022": 5, "2022-": 5}
TOP_COMPONENT = 10.0
MEDAL_CODES = {1: "gold", 2: "silver", 3: "bronze"}
BEST_LEVELS = ("senior", "junior")  # the levels bests and first medals are told for
# Statuses whose total is not a competition total (withdrew, not qualified for the last segment, disqualified).
_NO_TOTAL = frozenset({"WD", "FNR", "DSQ"})

# One jump of an element's code: its revolutions, its kind, and the calls that follow it ("4T<", "3A*"). Nothing else
# may follow: a pair's throw ("4STh") or twist ("4Tw3") is not a jump of the skater's own.
_JUMP = re.compile(r"^(?P<turns>[1-4])(?P<kind>A|T|S|Lo|F|Lz|Eu)(?P<calls>(?:<<|<|e|q|!|\*|F)*)$")
# Calls printed after a jump or in an element's info that mean it was not clean.
_CALLS = ("<<", "<", "e", "q", "!", "*", "F")


@dataclass(frozen=True, slots=True)
class Fact:
    """A notable fact: what it is about, the stored figures it rests on, and its words."""

    key: str  # kind, competition, event, segment and skaters: the same fact keeps it from one run to the next
    kind: str
    skater_ids: tuple[int, ...]
    name: str
    competition: Competition
    event: Event
    segment: Segment | None
    figures: tuple[Figure, ...]
    moment_date: str | None  # YYYY-MM-DD: the day of the segment it comes from; None when the store lacks it
    title: Text
    body: Text

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources of the figures it uses, each once, in order."""
        found: dict[str, None] = {}
        for figure in self.figures:
            if figure.provenance is not None:
                found.update(dict.fromkeys(figure.provenance.sources))
        return tuple(found)

    @property
    def month_day(self) -> tuple[int, int] | None:
        if not self.moment_date or len(self.moment_date) < 10:
            return None
        return int(self.moment_date[5:7]), int(self.moment_date[8:10])


# --- helpers ------------------------------------------------------------------------------------------------------
def _fact(
    kind: str,
    comp: Competition,
    event: Event,
    segment: Segment | None,
    entry: Entry,
    figures: tuple[Figure, ...],
    title: Text,
    body: Text,
) -> Fact:
    ids = tuple(sorted(s.id for s in entry.skaters))
    part = segment.key if segment and kind not in ("medal", "first-medal", "personal-best") else None
    return _fact_of(kind, comp, event, segment, part, ids, entry.name, figures, title, body)


def _fact_of(
    kind: str,
    comp: Competition,
    event: Event,
    segment: Segment | None,
    part: str | None,
    ids: tuple[int, ...],
    name: str,
    figures: tuple[Figure, ...],
    title: Text,
    body: Text,
) -> Fact:
    """A fact under its key: kind, competition, event, the part of it (a segment's key, "total") and skaters."""
    where = f"{comp.key}/{event.key}" + (f"/{part}" if part else "")
    key = f"{kind}:{where}:{'-'.join(map(str, ids))}"
    return Fact(
        key=key,
        kind=kind,
        skater_ids=ids,
        name=name,
        competition=comp,
        event=event,
        segment=segment,
        figures=figures,
        # Only a day the store holds: a competition's dates say when it ran, not which day a medal was won.
        moment_date=segment.date if segment and segment.date else None,
        title=title,
        body=body,
    )


def _common(entry: Entry, comp: Competition, event: Event) -> dict[str, Arg]:
    """The skater and where: a junior (or other non-senior) event is named with its competition, so that a junior
    gold is never read as the senior title ("Grand Prix Final 2017 (Junior Men)")."""
    return {"name": Name(entry.name), "competition": _where(comp, event)}


def _where(comp: Competition, event: Event) -> Text:
    if event.level is not None and not is_senior(event.level):
        event_name = event_name_text(event, escape_markdown(event.name))
        return t("facts-where-event", competition=escape_markdown(comp.label), event=event_name)
    return t("facts-where", competition=escape_markdown(comp.label))


def _competition_order(comp: Competition) -> tuple[str, str]:
    return (comp.start_date or "", comp.key)


def _level_class(level: str | None) -> str:
    """A level as bests keep them apart: "senior", another level's own name, "" when not known."""
    return "senior" if is_senior(level) else (level or "")


def _margin_cents(fact: Fact) -> int:
    return _cents(fact.figures[0]) - _cents(fact.figures[1])


def _quad_count(fact: Fact) -> int:
    count = dict(fact.title.args)["count"]
    return count if isinstance(count, int) else 0


def _alone(facts: list[Fact], measure: Callable[[Fact], int]) -> Fact | None:
    """The fact with the highest measure, when no other has it too."""
    ranked = sorted(facts, key=lambda f: -measure(f))
    if not ranked or (len(ranked) > 1 and measure(ranked[0]) == measure(ranked[1])):
        return None
    return ranked[0]


def _all_are(mark: UnanimousMark, top: float) -> bool:
    """Every judge's mark is the top one ("+3", "3", "10.00")."""
    try:
        return all(float(judge) == top for judge in mark.mark.judges)
    except ValueError:
        return False


def _score(figure: Figure) -> str:
    return f"{float(figure.value):.2f}"


def _cents(figure: Figure) -> int:
    return round(float(figure.value) * 100)


def _segment_words(segment: Segment) -> Text:
    """A segment inside a sentence; ice dance's first segment stored as `rhythm_dance` was the short dance under the
    2010-18 rules, and is named so."""
    if segment.kind == "rhythm_dance" and segment.era == "2010-2018":
        return t("facts-segment-short-dance")
    return t(f"facts-segment-{segment.kind.replace('_', '-')}")


def _discipline_words(event: Event) -> Text:
    return t(f"discipline-phrase-{event.discipline.replace('_', '-')}")


def _single_best(scored: Iterable[tuple[Figure, Entry]]) -> tuple[Figure, Entry] | None:
    """The highest figure and its entry; None when two share it (no one holds it alone)."""
    ranked = sorted(scored, key=lambda pair: -_cents(pair[0]))
    if not ranked or (len(ranked) > 1 and _cents(ranked[0][0]) == _cents(ranked[1][0])):
        return None
    return ranked[0]


def _clean_jumps(jump: JumpElement, *, quad: bool) -> int:
    """How many clean quads (or triple Axels) the element holds: none when its info carries a call or a fall, or
    its GOE is negative; else each jump of the code with no call after it."""
    element = jump.element
    if element.goe < 0 or any(call in element.info for call in _CALLS):
        return 0
    count = 0
    for part in element.code.split("+"):
        match = _JUMP.match(part)
        if match is None or any(call in match["calls"] for call in _CALLS):
            continue
        if (quad and match["turns"] == "4") or (not quad and match["turns"] == "3" and match["kind"] == "A"):
            count += 1
    return count
