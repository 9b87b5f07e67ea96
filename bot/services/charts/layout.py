"""Where the score chart's words go, worked out before drawing, in numbers a test can check: the title wrapped onto
as many lines as the image's width needs (a couple's names and the words after them are wider than 1000 px at the
title's size: cut at both ends, the first name lost its first letters), and the seasons' names at the foot of the
last panel in rows, so that a season of one competition never writes its name over the next season's.

No matplotlib here (the bot imports this module's numbers with the chart's models; the worker draws with them):
a text's width is reckoned from DejaVu Sans's advance widths by class of character, rounded up (the widest letters
of a class count for all of it), so a box is never narrower than what is drawn (tests/unit/test_charts_render.py
measures the drawn texts against these reckonings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH_PX = 1000
DPI = 100
MIN_FONT_PT = 15  # about 21 px at 100 dpi: the smallest text on the image
BASE_FONT_PT = 17
TITLE_FONT_PT = 22
# The score chart's margins around its panels, in inches: the title above (one line), the rotated competition
# names and the legend below, the scores' axis on the left.
TOP_IN = 1.0
BOTTOM_IN = 2.6
LEFT_IN = 1.25
RIGHT_IN = 0.25
BASE_HEIGHT_IN = 3.5  # the figure's height but for its panels and the title's lines after the first
PANEL_IN = 2.9  # the height each panel adds
PANELS_GAP_IN = 0.75
TITLE_SIDE_PX = 16  # kept clear at each side of the title
LINE_SPACING = 1.25  # a line's height, as a multiple of its font size
SEASON_GAP_EM = 0.5  # at least this between two seasons' names on one row
SEASON_X = -0.4  # a season's name starts this far (in slots) from its first competition's slot
X_MARGIN_SLOTS = (0.6, 0.4)  # the x axis runs from the first slot less 0.6 to the last one plus 0.6 (slots - 0.4)
MAX_X_LABELS = 16  # more competition names than this are thinned out on the axis (every point is still drawn)
X_LABEL_ANGLE = 40  # degrees: the competition names rise to the right, ending at their slot
EDGE_PX = 4  # kept clear between a competition's name and the image's left edge

# DejaVu Sans's advance widths, in ems, by class of character (regular, bold): each the widest of its class but for
# the few letters apart (measured with matplotlib's text path, 2026-12-07).
_WIDE = frozenset("mwMW…")
_NARROW = frozenset(" -.:,;'/()·|!ijlrtf\"")
_WIDTHS = {
    "cjk": (1.02, 1.02),  # an em, and the pixel the drawing rounds up to
    "wide": (1.0, 1.1),
    "upper": (0.8, 0.86),
    "digit": (0.64, 0.70),
    "narrow": (0.41, 0.46),
    "other": (0.64, 0.72),
}


def _class_of(character: str) -> str:
    if ord(character) > 0x2E7F:  # kana, kanji, hangul and full-width forms: an em each
        return "cjk"
    if character in _WIDE:
        return "wide"
    if character in _NARROW:
        return "narrow"
    if character.isdigit():
        return "digit"
    if character.isupper():
        return "upper"
    return "other"


def text_width_px(text: str, points: float, *, bold: bool = False) -> float:
    """How wide `text` is drawn at `points` on the image (at most: see the module's docstring)."""
    em_px = points * DPI / 72
    return sum(_WIDTHS[_class_of(c)][bold] for c in text) * em_px


def line_height_in(points: float) -> float:
    return points * LINE_SPACING / 72


@dataclass(frozen=True, slots=True)
class SeasonLabel:
    """A season's name at the foot of the last panel: from `x` to `x + width` in slots (the x axis's unit), on
    `row` (0 the lowest, each one a line above the one before)."""

    text: str
    x: float
    width: float
    row: int

    @property
    def end(self) -> float:
        return self.x + self.width


@dataclass(frozen=True, slots=True)
class ScoreLayout:
    """Where the score chart's words go, and the figure's size that holds them."""

    title_lines: tuple[str, ...]
    title_points: float
    height_in: float
    top_in: float  # the margin above the first panel: the title's lines
    left_in: float  # the margin left of the panels: the scores' axis, and room for the first competitions' names
    axis_px: float  # the x axis's length
    x_labels: tuple[int, ...]  # the slots whose competition is named on the axis
    x_limits: tuple[float, float]  # in slots
    seasons: tuple[SeasonLabel, ...]

    @property
    def season_rows(self) -> int:
        return 1 + max((label.row for label in self.seasons), default=0)


def score_layout(
    title: str, slot_names: tuple[str, ...], seasons: tuple[tuple[int, str], ...], panels: int
) -> ScoreLayout:
    """The layout of a score chart of competitions named `slot_names` (oldest first) and these `seasons` ((first
    slot, name), oldest first)."""
    lines, points = wrap_title(title)
    top_in = TOP_IN + (len(lines) - 1) * line_height_in(points)
    panels = max(1, panels)
    height_in = BASE_HEIGHT_IN + PANEL_IN * panels + (top_in - TOP_IN)
    x_limits = (-X_MARGIN_SLOTS[0], max(1, len(slot_names)) - X_MARGIN_SLOTS[1])
    step = max(1, math.ceil(len(slot_names) / MAX_X_LABELS))
    shown = tuple(range(0, len(slot_names), step))
    left_in = LEFT_IN
    for _ in range(3):  # a wider margin shortens the axis, which moves the names left: settled in a step or two
        slot_px = _axis_px(left_in) / (x_limits[1] - x_limits[0])
        needed = max((_reach_left(slot_names[i], (i - x_limits[0]) * slot_px) for i in shown), default=0.0)
        if needed <= left_in * DPI:
            break
        left_in = needed / DPI
    axis_px = _axis_px(left_in)
    return ScoreLayout(
        title_lines=lines,
        title_points=points,
        height_in=height_in,
        top_in=top_in,
        left_in=left_in,
        axis_px=axis_px,
        x_labels=shown,
        x_limits=x_limits,
        seasons=_season_rows(seasons, axis_px / (x_limits[1] - x_limits[0]), x_limits[1]),
    )


def _axis_px(left_in: float) -> float:
    return (WIDTH_PX / DPI - left_in - RIGHT_IN) * DPI


def _reach_left(name: str, from_axis_px: float) -> float:
    """How much room left of the axis a competition's name needs, its slot `from_axis_px` from the axis's start:
    the name rises to the right and ends at its slot, so its lower left corner, and its upper one further still,
    stand left of it by its width and height turned by the angle."""
    angle = math.radians(X_LABEL_ANGLE)
    width = text_width_px(name, MIN_FONT_PT)
    height = MIN_FONT_PT * DPI / 72
    return width * math.cos(angle) + height * math.sin(angle) - from_axis_px + EDGE_PX


def x_label_left_px(layout: ScoreLayout, slot_names: tuple[str, ...], slot: int) -> float:
    """Where the competition name of `slot` begins on the image, from its left edge (< 0: cut off)."""
    slot_px = layout.axis_px / (layout.x_limits[1] - layout.x_limits[0])
    return layout.left_in * DPI - _reach_left(slot_names[slot], (slot - layout.x_limits[0]) * slot_px) + EDGE_PX


def _season_rows(seasons: tuple[tuple[int, str], ...], slot_px: float, right: float) -> tuple[SeasonLabel, ...]:
    """Each season's name where its first competition is, on the lowest row where it clears the names before it;
    a name that would run past the axis's right end is moved left to end there."""
    gap = SEASON_GAP_EM * MIN_FONT_PT * DPI / 72 / slot_px
    row_ends: list[float] = []  # by row: where the last name on it ends
    placed = []
    for first_slot, text in seasons:
        width = text_width_px(text, MIN_FONT_PT) / slot_px
        x = min(first_slot + SEASON_X, right - width)
        row = next((r for r, end in enumerate(row_ends) if x >= end + gap), len(row_ends))
        if row == len(row_ends):
            row_ends.append(x + width)
        else:
            row_ends[row] = x + width
        placed.append(SeasonLabel(text, x, width, row))
    return tuple(placed)


def wrap_title(title: str) -> tuple[tuple[str, ...], float]:
    """The title's lines, each as wide as the image allows, and its size: the title's own, smaller only when one
    word alone is wider than the image (never below the smallest text); never a word cut."""
    room = WIDTH_PX - 2 * TITLE_SIDE_PX
    points = float(TITLE_FONT_PT)
    widest = max((text_width_px(word, points, bold=True) for word in _breakable(title)), default=0.0)
    if widest > room:
        points = max(float(MIN_FONT_PT), points * room / widest)
    lines: list[str] = []
    line = ""
    for word in _breakable(title):
        candidate = f"{line}{word}" if line else word.lstrip()
        if line and text_width_px(candidate.rstrip(), points, bold=True) > room:
            lines.append(line.rstrip())
            line = word.lstrip()
        else:
            line = candidate
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return tuple(lines), points


def _breakable(text: str) -> list[str]:
    """`text` in the pieces a line may end after: words with the space before them, and each character of a run of
    Japanese (which has no spaces: a line may end after any character)."""
    pieces: list[str] = []
    for character in text:
        if character == " " or not pieces or ord(character) > 0x2E7F or ord(pieces[-1][-1]) > 0x2E7F:
            pieces.append(character)
        else:
            pieces[-1] += character
    return pieces
