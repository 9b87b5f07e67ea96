"""What to plot, from the results service's answers: a skater's scores over the store's seasons (`athlete_chart`),
two athletes in the events both entered (`compare_chart`), a skate's judges' marks (`protocol_card`), a category's
podium from its final result (`podium_card`, from a live final; `stored_podium`, from the store).

The rules of the text answers hold here too: scores of two scoring eras (bot/services/eras.py) are never one line;
a point is a personal best exactly when the profile names it one; a figure the store lacks is not drawn (and the
chart says how many were left out), never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import Name, Text, t
from bot.services.charts.models import (
    Bars,
    CompareChart,
    Label,
    MarkRow,
    Panel,
    PodiumCard,
    Point,
    ProtocolCard,
    ScoreChart,
    Series,
    Step,
)
from bot.services.eras import ERAS, era_of, era_short_text
from bot.services.levels import is_senior, level_label
from bot.services.results.models import AthleteProfile, HeadToHead, ProtocolView
from bot.services.results.vocabulary import (
    SEGMENT_KIND_LABELS,
    category_name_text,
    discipline_text,
    event_name_text,
    segment_kind_text,
    segment_name_text,
)
from db.models import Competition, Entry, Event, Figure, Segment, number_of

LABEL_CHARACTERS = 18  # a competition's name on the x axis, at most: "Skate Canada 2016", "Internation… 2017"
_KIND_ORDER = [*SEGMENT_KIND_LABELS, "total"]
_ERA_ORDER = [name for _, name in ERAS]


def short_label(competition: Competition) -> str:
    """A competition's name short enough for a phone's axis: its short name, cut before the year when longer
    ("Internationaux de France 2017" -> "Internationa… 2017")."""
    label = competition.label.strip()
    if len(label) <= LABEL_CHARACTERS:
        return label
    words = label.split()
    year = next((w for w in reversed(words) if len(w) == 4 and w.isdigit()), None)
    if year is None:
        return label[: LABEL_CHARACTERS - 1].rstrip() + "…"
    rest = " ".join(w for w in words if w is not year)
    room = LABEL_CHARACTERS - len(year) - 2
    return f"{rest[:room].rstrip()}… {year}"


def _era_rank(era: str | None) -> int:
    return _ERA_ORDER.index(era) if era in _ERA_ORDER else -1


@dataclass(frozen=True, slots=True)
class AthleteChart:
    """The chart, and what its alternative text says (bot.discord_layer.ui.charts words it)."""

    chart: ScoreChart
    name: Name
    competitions: int
    first_season: str
    last_season: str
    kinds: tuple[str, ...]  # the panels' kinds, in order
    bests: tuple[tuple[str, float, str], ...]  # (kind, score, competition) of the starred points
    left_out: int  # skates whose score the store lacks (not drawn)


def has_scores(profile: AthleteProfile) -> bool:
    """Whether `athlete_chart` has anything to draw, without building it (/athlete offers its Chart button by this,
    on every answer: building the chart there cost a third of a millisecond an answer)."""
    for record in profile.records:
        entry = record.entry
        if record.event.discipline != "team" and number_of(entry.total) is not None:
            return True
        if any(sid in profile.segments and number_of(result.tss) is not None for sid, result in entry.segments.items()):
            return True
    return False


# (kind, era, discipline, level) -> [(competition, value, whether it is a personal best)]
_Points = dict[tuple[str, str | None, str, str], list[tuple[Competition, float, bool]]]


def _score_points(profile: AthleteProfile) -> tuple[_Points, int]:
    """Every segment score and total of the skater, by kind, era, discipline and level, and how many scores were
    left out (a figure that is no number)."""
    segments_of_event: dict[int, list[Segment]] = {}
    for segment in profile.segments.values():
        segments_of_event.setdefault(segment.event_id, []).append(segment)
    best_keys = {
        (b.competition.id, b.event.id, b.kind, round(float(b.score.value), 2))
        for b in profile.bests
        if number_of(b.score) is not None
    }
    points: _Points = {}
    eras: dict[int, str | None] = {}  # competition id -> the era it was judged under
    left_out = 0
    for record in profile.records:
        competition, event, entry = record.competition, record.event, record.entry
        level = "senior" if is_senior(event.level) else level_label(event.level)
        event_segments = sorted(segments_of_event.get(event.id, []), key=lambda s: s.position)
        event_era = next((s.era for s in event_segments if s.era), None) or era_of(competition.season)
        for segment in event_segments:
            result = entry.segments.get(segment.id)
            if result is None:
                continue
            value = number_of(result.tss)
            if value is None:
                left_out += 1
                continue
            era = segment.era or event_era
            discipline = segment.discipline or event.discipline
            best = (competition.id, event.id, segment.kind, round(value, 2)) in best_keys
            points.setdefault((segment.kind, era, discipline, level), []).append((competition, value, best))
            eras.setdefault(competition.id, era)
        total = number_of(entry.total)
        if event.discipline != "team" and total is not None:
            best = (competition.id, event.id, "total", round(total, 2)) in best_keys
            points.setdefault(("total", event_era, event.discipline, level), []).append((competition, total, best))
            eras.setdefault(competition.id, event_era)
    return points, left_out


def athlete_chart(profile: AthleteProfile) -> AthleteChart | None:
    """The skater's segment scores and totals over the store's seasons, one line per scoring era, discipline and
    level; None when the store holds no score of theirs."""
    points, left_out = _score_points(profile)
    if not points:
        return None
    competitions = sorted(
        {c.id: c for line in points.values() for c, _, _ in line}.values(), key=lambda c: (c.start_date or "", c.id)
    )
    slot = {c.id: n for n, c in enumerate(competitions)}
    seasons: list[tuple[int, str]] = []
    for n, competition in enumerate(competitions):
        if not seasons or seasons[-1][1] != competition.season:
            seasons.append((n, competition.season))
    several_disciplines = len({d for _, _, d, _ in points}) > 1
    panels = []
    bests: list[tuple[str, float, str]] = []
    for kind in sorted({k for k, _, _, _ in points}, key=lambda k: _KIND_ORDER.index(k) if k in _KIND_ORDER else 99):
        series = []
        for (k, era, discipline, level), line in sorted(
            points.items(), key=lambda item: (_era_rank(item[0][1]), item[0][2], item[0][3] != "senior", item[0][3])
        ):
            if k != kind:
                continue
            ordered = sorted(line, key=lambda p: (slot[p[0].id], p[1]))
            series.append(
                Series(
                    _series_label(era, discipline if several_disciplines else None, level),
                    era,
                    tuple(Point(slot[c.id], value, best) for c, value, best in ordered),
                    minor=level != "senior",
                )
            )
            bests += [(kind, value, c.label) for c, value, best in ordered if best]
        panels.append(
            Panel(t("athlete-best-total") if kind == "total" else segment_kind_text(kind), kind, tuple(series))
        )
    shown_eras = sorted({era for _, era, _, _ in points}, key=_era_rank)
    name = Name(profile.athlete.name)
    chart = ScoreChart(
        title=t("chart-athlete-title", name=name),
        slots=tuple(short_label(c) for c in competitions),
        seasons=tuple(seasons),
        panels=tuple(panels),
        y_label=t("chart-score"),
        eras=tuple(shown_eras),
        era_labels=tuple(era_short_text(era) for era in shown_eras),
        best_label=t("chart-personal-best"),
        minor_label=t("chart-other-level") if any(s.minor for p in panels for s in p.series) else None,
    )
    return AthleteChart(
        chart,
        name,
        len(competitions),
        competitions[0].season,
        competitions[-1].season,
        tuple(p.kind for p in panels),
        tuple(bests),
        left_out,
    )


def _series_label(era: str | None, discipline: str | None, level: str) -> Text:
    what = era_short_text(era)
    if discipline is not None:
        what = t("chart-series-discipline", era=what, discipline=discipline_text(discipline))
    if level != "senior":
        what = t("chart-series-level", series=what, level=level or t("level-event-unknown"))
    return what


@dataclass(frozen=True, slots=True)
class HeadToHeadChart:
    chart: CompareChart
    a: Name
    b: Name
    meetings: int  # drawn
    left_out: int  # meetings without both totals
    eras: int


def compare_chart(h2h: HeadToHead) -> HeadToHeadChart | None:
    """Both athletes' totals in the events both entered, oldest first, grouped by scoring era; None when they never
    met (the text answer says why)."""
    if not h2h.meetings:
        return None
    meetings = sorted(h2h.meetings, key=lambda m: (_era_rank(m.era), m.competition.start_date or "", m.event.id))
    drawn = []
    left_out = 0
    for meeting in meetings:
        a, b = number_of(meeting.a.total), number_of(meeting.b.total)
        if meeting.event.discipline == "team" or a is None or b is None:
            left_out += 1  # a team event's entries have no total of their own; a total the store lacks
            continue
        drawn.append((meeting, a, b))
    if not drawn:
        return None
    eras: list[tuple[int, int, Label]] = []
    era_names: list[str | None] = []
    for n, (meeting, _, _) in enumerate(drawn):
        if not era_names or era_names[-1] != meeting.era:
            era_names.append(meeting.era)
            eras.append((n, n, era_short_text(meeting.era)))
        else:
            first, _, label = eras[-1]
            eras[-1] = (first, n, label)
    a_name, b_name = Name(h2h.a.name), Name(h2h.b.name)
    chart = CompareChart(
        title=t("chart-compare-title", a=a_name, b=b_name),
        slots=tuple(short_label(m.competition) for m, _, _ in drawn),
        eras=tuple(eras),
        a=Bars(a_name, tuple(a for _, a, _ in drawn)),
        b=Bars(b_name, tuple(b for _, _, b in drawn)),
        y_label=t("chart-total"),
        left_out=left_out,
    )
    return HeadToHeadChart(chart, a_name, b_name, len(drawn), left_out, len(eras))


def _mark(text: str) -> float | None:
    try:
        return float(text.strip().replace(",", "."))
    except (AttributeError, ValueError):
        return None  # "-" or "" on the sheet: no mark from that judge


@dataclass(frozen=True, slots=True)
class CardAnswer:
    card: ProtocolCard
    name: Name
    elements: int
    judges: int
    widest: tuple[str, float] | None  # the element the panel disagreed on most: (code, highest - lowest mark)


def protocol_card(view: ProtocolView) -> CardAnswer:
    """The skate as a heat map: each element's base value, GOE and every judge's mark, the components' marks,
    deductions and the segment's scores."""
    protocol, segment = view.protocol, view.segment
    judges = max([len(e.judges) for e in protocol.elements] + [len(c.judges) for c in protocol.components] + [0])
    elements = tuple(
        MarkRow(
            f"{e.number}. {e.code}" + (f" {e.info}" if e.info else ""),
            tuple(_mark(j) for j in e.judges),
            (e.base_value, e.goe, e.panel_score),
        )
        for e in protocol.elements
    )
    components = tuple(
        MarkRow(c.name, tuple(_mark(j) for j in c.judges), (c.factor, c.score)) for c in protocol.components
    )
    widest = None
    for row, element in zip(elements, protocol.elements, strict=True):
        marks = [m for m in row.marks if m is not None]
        if len(marks) > 1 and (widest is None or max(marks) - min(marks) > widest[1]):
            widest = (element.code, max(marks) - min(marks))
    result = view.entry.segments.get(segment.id)
    era = segment.era or era_of(view.competition.season)
    name = Name(view.entry.name)

    def shown(figure: Figure | None) -> str:
        number = number_of(figure)
        return "–" if number is None else f"{number:.2f}"

    card = ProtocolCard(
        title=t("chart-protocol-title", name=name, competition=view.competition.label),
        subtitle=segment_name_text(segment),
        judges=tuple(f"J{n}" for n in range(1, judges + 1)),
        element_columns=(t("chart-base-value"), t("chart-goe"), t("chart-panel-score")),
        elements=elements,
        component_columns=(t("chart-factor"), t("chart-panel-score")),
        components=components,
        deductions=tuple((reason, float(points)) for reason, points in protocol.deductions),
        goe_scale=5 if _era_rank(era) >= _ERA_ORDER.index("2018-2022") else 3,
        totals=t(
            "chart-protocol-totals",
            tes=shown(result.tes if result else None),
            pcs=shown(result.pcs if result else None),
            deductions=shown(result.deductions if result else None),
            tss=shown(result.tss if result else None),
        ),
        marks_heading=t("chart-marks-heading"),
        components_heading=t("chart-components-heading"),
        deductions_heading=t("chart-deductions-heading"),
    )
    return CardAnswer(card, name, len(elements), judges, widest)


PODIUM_PLACES = 3


def _total(score: object) -> float | None:
    try:
        return None if score is None else float(str(score))
    except ValueError:
        return None


def podium_card(final: Mapping[str, Any], competition: str) -> PodiumAnswer | None:
    """The podium of a category's final result (a live final item's content: its category, discipline, level and
    skaters with place, names, nation and total): everyone placed in the top three with a total, best first (a shared
    place keeps both). None when nobody is; a podium place without a readable total is left out and counted, never
    guessed."""
    steps: list[Step] = []
    left_out = 0
    for skater in final.get("skaters") or ():
        place = skater.get("place")
        if not isinstance(place, int) or not 1 <= place <= PODIUM_PLACES:
            continue
        total = _total(skater.get("score"))
        if total is None:
            left_out += 1
            continue
        names = skater.get("names") or [skater.get("name") or "?"]
        steps.append(Step(place, tuple(Name(str(n)) for n in names), str(skater.get("nation") or ""), total))
    if not steps:
        return None
    steps.sort(key=lambda step: step.place)
    category = category_name_text(final.get("discipline"), final.get("level"), str(final.get("category") or "?"))
    return PodiumAnswer(PodiumCard(category, competition, tuple(steps)), left_out)


def stored_podium(competition: Competition, event: Event, entries: list[Entry]) -> PodiumAnswer | None:
    """The podium of a stored event, as `podium_card` draws a live one: everyone placed in the top three, best first
    (a shared place keeps both), names as the results print them, the total as stored. None for a team event (its
    podium is of teams, not of these entries) or when nobody is placed there; a place without a stored total is left
    out and counted."""
    if event.discipline == "team":
        return None
    steps: list[Step] = []
    left_out = 0
    for entry in entries:
        place = number_of(entry.place)
        if place is None or place != int(place) or not 1 <= place <= PODIUM_PLACES:
            continue
        total = number_of(entry.total)
        if total is None:
            left_out += 1
            continue
        names = tuple(Name(skater.name) for skater in entry.skaters) or (Name(entry.name),)
        steps.append(Step(int(place), names, entry.country or "", total))
    if not steps:
        return None
    steps.sort(key=lambda step: step.place)
    return PodiumAnswer(PodiumCard(event_name_text(event), competition.label, tuple(steps)), left_out)


@dataclass(frozen=True, slots=True)
class PodiumAnswer:
    card: PodiumCard
    left_out: int  # podium places whose total the result lacks (not drawn)
