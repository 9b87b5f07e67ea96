"""What a chart shows, as plain data: built from the results service's answers (`build.py`), put into a reader's
words by bot.discord_layer.ui.charts (every `Label` becomes a str), drawn by the rendering worker (bot/render/). No
discord, no matplotlib: these values cross the process boundary by pickle, so they hold only strings, numbers and
tuples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from bot.i18n import Name, Text

# A word on the image: a catalogue message, a skater's name (written as the reader's language writes it), or a
# string shown as stored (a competition's short name, a season, an element code).
Label: TypeAlias = str | Text | Name


@dataclass(frozen=True, slots=True)
class Point:
    slot: int  # the competition's place on the x axis (ScoreChart.slots)
    value: float
    best: bool = False  # a personal best of its era, kind and level (the profile's bests)


@dataclass(frozen=True, slots=True)
class Series:
    """One line: the scores of one scoring era (and discipline and level); never joined to another era's."""

    label: Label
    era: str | None
    points: tuple[Point, ...]
    minor: bool = False  # a junior (or other non-senior) level's line: dashed


@dataclass(frozen=True, slots=True)
class Panel:
    title: Label  # "Short program", "Total"
    kind: str  # the segment kind, or "total"
    series: tuple[Series, ...]


@dataclass(frozen=True, slots=True)
class ScoreChart:
    """A skater's scores over the store's seasons: one panel per segment kind and one for the total."""

    title: Label
    slots: tuple[Label, ...]  # the competitions, oldest first, short enough for a phone
    seasons: tuple[tuple[int, str], ...]  # (first slot of the season, season), oldest first
    panels: tuple[Panel, ...]
    y_label: Label
    eras: tuple[str | None, ...]  # the scoring eras shown, oldest first
    era_labels: tuple[Label, ...]  # the same, as a reader names them (the legend's words)
    best_label: Label  # the legend's words for the star on a personal best
    minor_label: Label | None = None  # the legend's words for a dashed line (another level than senior)


@dataclass(frozen=True, slots=True)
class Bars:
    label: Label  # the athlete's name
    values: tuple[float | None, ...]  # one per slot; None where the athlete has no total there


@dataclass(frozen=True, slots=True)
class CompareChart:
    """Two athletes' totals side by side in the events both entered, oldest first, the eras marked apart."""

    title: Label
    slots: tuple[Label, ...]
    eras: tuple[tuple[int, int, Label], ...]  # (first slot, last slot, era's name) for each era, oldest first
    a: Bars
    b: Bars
    y_label: Label
    left_out: int  # meetings without both totals (a team event): not drawn


@dataclass(frozen=True, slots=True)
class MarkRow:
    """A row of the protocol card: an element or a component, each judge's mark, and its figures."""

    label: Label
    marks: tuple[float | None, ...]  # per judge, in the panel's order; None where the sheet has no mark
    figures: tuple[float | None, ...]  # elements: base value, GOE, panel score; components: factor, score


@dataclass(frozen=True, slots=True)
class ProtocolCard:
    title: Label
    subtitle: Label
    judges: tuple[str, ...]  # "J1".."J9"
    element_columns: tuple[Label, ...]  # the names of MarkRow.figures for elements
    elements: tuple[MarkRow, ...]
    component_columns: tuple[Label, ...]
    components: tuple[MarkRow, ...]
    deductions: tuple[tuple[Label, float], ...]
    goe_scale: int  # the era's GOE range: 3 (-3..+3) or 5 (-5..+5)
    totals: Label  # "TES 104.50 · PCS 94.20 · deductions -1.00 · 197.70"
    marks_heading: Label
    components_heading: Label
    deductions_heading: Label


@dataclass(frozen=True, slots=True)
class Step:
    """A skater (or couple) on the podium card."""

    place: int
    names: tuple[Label, ...]  # one per partner, each as the reader's language writes it
    nation: str  # the country code as the results print it ("JPN"); "" where they print none
    total: float


@dataclass(frozen=True, slots=True)
class PodiumCard:
    """A category's final result, its top three: place, flag (the country code), name and total."""

    title: Label  # the category
    subtitle: Label  # the competition
    steps: tuple[Step, ...]  # by place, best first; more than three only when places are shared


Chart: TypeAlias = ScoreChart | CompareChart | ProtocolCard | PodiumCard
