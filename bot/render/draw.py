"""Drawing a chart (bot/services/charts/models.py, already in the reader's words) as a PNG with matplotlib's Agg
backend. Runs in the rendering worker process (pool.py), never in the bot's: matplotlib and numpy cost about
65 MB and a second to import.

Readable on Discord's dark and light themes alike: an opaque light card (never a transparent background, whose
dark text would vanish on the dark theme), text at least MIN_FONT_PT, colours from the Okabe-Ito palette (told
apart by people with a colour vision deficiency) and a marker per era as well as a colour. 1000 px wide: Discord
shows an image at the width of a phone's screen, so the type is sized for that.

`draw` returns the PNG and what the figure plotted, read back from the figure's own artists after drawing (the
lines' data, the bars' heights, the heat maps' arrays): a test compares these with the store.
"""

from __future__ import annotations

import importlib.util
import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.services.charts.layout import (
    BASE_FONT_PT,
    BOTTOM_IN,
    DPI,
    LINE_SPACING,
    MAX_X_LABELS,
    MIN_FONT_PT,
    PANELS_GAP_IN,
    RIGHT_IN,
    TITLE_FONT_PT,
    WIDTH_PX,
    X_LABEL_ANGLE,
    ScoreLayout,
    score_layout,
)
from bot.services.charts.models import Chart, CompareChart, Panel, PodiumCard, ProtocolCard, ScoreChart

__all__ = ["BASE_FONT_PT", "DPI", "MIN_FONT_PT", "TITLE_FONT_PT", "WIDTH_PX", "Rendered", "draw", "figure_of", "warm"]
BACKGROUND = "#f6f7f9"
TEXT = "#1b1d21"
GRID = "#c9ced6"
# Okabe-Ito, one colour and one marker per scoring era (oldest first); an era not known is grey.
ERA_STYLES = {
    "2004-2010": ("#CC79A7", "s"),
    "2010-2018": ("#E69F00", "^"),
    "2018-2022": ("#009E73", "D"),
    "2022-": ("#0072B2", "o"),
}
UNKNOWN_ERA_STYLE = ("#5f6670", "v")
COMPARE_COLOURS = ("#0072B2", "#D55E00")
BEST_COLOUR = "#B8860B"
STAR_SIZE = 23  # points across a best's star (a scatter's s=520 before: its area)
Y_TICKS = 4  # scores on a panel's axis, at most: enough to read a line against, and each tick costs drawing time


@dataclass(slots=True)
class Rendered:
    png: bytes
    width: int
    height: int
    plotted: dict[str, tuple[Any, ...]] = field(default_factory=dict)


_ready = False
LATIN_FAMILIES = ["DejaVu Sans"]
_families = LATIN_FAMILIES  # with the Japanese font after it, once found


def _setup() -> None:
    """Once per worker: the Agg backend, and a Japanese font after the default one (matplotlib falls back glyph by
    glyph), for names and words in Japanese script."""
    global _ready
    if _ready:
        return
    import logging

    import matplotlib

    matplotlib.use("Agg")
    # IPAexGothic has no bold face: matplotlib says so at every bold title, and uses the regular one.
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    from matplotlib import font_manager

    global _families
    japanese = _japanese_font()
    if japanese is not None:
        font_manager.fontManager.addfont(str(japanese))
        _families = [*LATIN_FAMILIES, font_manager.FontProperties(fname=str(japanese)).get_name()]
    matplotlib.rcParams.update(
        {
            "font.family": LATIN_FAMILIES,
            "font.size": BASE_FONT_PT,
            "axes.titlesize": BASE_FONT_PT + 1,
            "axes.labelsize": BASE_FONT_PT,
            "xtick.labelsize": MIN_FONT_PT,
            "ytick.labelsize": MIN_FONT_PT,
            "legend.fontsize": MIN_FONT_PT,
            "text.color": TEXT,
            "axes.labelcolor": TEXT,
            "axes.edgecolor": TEXT,
            "xtick.color": TEXT,
            "ytick.color": TEXT,
            "figure.facecolor": BACKGROUND,
            "axes.facecolor": BACKGROUND,
            "savefig.facecolor": BACKGROUND,
            "savefig.transparent": False,
            # FreeType's outlines unhinted: the glyphs were a fifth of a chart's CPU time, and at 21 px and more
            # they read the same (compared side by side on a 1000 px chart).
            "text.hinting": "no_hinting",
        }
    )
    _ready = True


def _japanese_font() -> Path | None:
    """IPAexGothic from the matplotlib-fontja wheel, found without importing it (its import changes the global
    font settings)."""
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        font = Path(folder) / "fonts" / "ipaexg.ttf"
        if font.exists():
            return font
    return None


def warm() -> None:
    """Draws a small chart and drops it: the first real one then finds the fonts and the drawing code loaded."""

    for title in ("Aa", "Aa 坂"):  # the Latin fonts alone, and with the Japanese one
        _warm_with(title)


def _warm_with(title: str) -> None:
    from bot.services.charts.models import Panel, Point, Series

    draw(
        ScoreChart(
            title,
            ("Aa", "Bb"),
            ((0, "2000-01"),),
            (Panel("Aa", "total", (Series("a", None, (Point(0, 1.0, True),)),)),),
            "a",
            (None,),
            ("a",),
            "a",
            "a",
        )
    )


def draw(chart: Chart) -> Rendered:
    """The chart as a PNG, and what was plotted."""
    _setup()
    import matplotlib

    with matplotlib.rc_context({"font.family": _families_for(chart)}):
        if isinstance(chart, ScoreChart):
            figure, plotted = _scores(chart)
        elif isinstance(chart, CompareChart):
            figure, plotted = _compare(chart)
        elif isinstance(chart, ProtocolCard):
            figure, plotted = _protocol(chart)
        elif isinstance(chart, PodiumCard):
            from bot.render.podium import podium  # imports this module: here, not at the top

            figure, plotted = podium(chart)
        else:
            raise TypeError(f"not a chart: {type(chart).__name__}")
        return _png(figure, plotted)


def _families_for(chart: Chart) -> list[str]:
    """The Japanese font only for a chart with characters beyond DejaVu Sans's (kana, kanji, full-width forms): the
    fallback to it costs every text's layout, Latin text included (about 15% of a chart's time, measured here)."""
    return _families if any(ord(c) > 0x2E7F for c in repr(chart)) else LATIN_FAMILIES


def _png(figure: Any, plotted: dict[str, tuple[Any, ...]]) -> Rendered:
    import matplotlib.pyplot as plt

    try:
        buffer = io.BytesIO()
        # zlib's fastest level: a third of the default's time for files about a fifth larger (still ~150 KB).
        figure.savefig(buffer, format="png", dpi=DPI, facecolor=BACKGROUND, pil_kwargs={"compress_level": 1})
        width, height = (round(float(v)) for v in figure.get_size_inches() * DPI)
        return Rendered(buffer.getvalue(), width, height, plotted)
    finally:
        plt.close(figure)


def figure_of(chart: Chart) -> Any:
    """The matplotlib figure itself, for tests that look at its texts and colours (the caller closes it)."""
    _setup()
    import matplotlib

    with matplotlib.rc_context({"font.family": _families_for(chart)}):
        if isinstance(chart, ScoreChart):
            return _scores(chart)[0]
        if isinstance(chart, CompareChart):
            return _compare(chart)[0]
        if isinstance(chart, PodiumCard):
            from bot.render.podium import podium

            return podium(chart)[0]
        return _protocol(chart)[0]


def _str(label: object) -> str:
    if not isinstance(label, str):
        raise TypeError(f"a chart reaches the worker in words, not as {type(label).__name__}")
    return label


def _margins(figure: Any, *, top: float, bottom: float, left: float, right: float, hspace_in: float = 0) -> None:
    width, height = figure.get_size_inches()
    panels = len(figure.axes) or 1
    panel_in = (height - top - bottom - hspace_in * (panels - 1)) / panels
    figure.subplots_adjust(
        left=left / width,
        right=1 - right / width,
        top=1 - top / height,
        bottom=bottom / height,
        hspace=hspace_in / panel_in if panels > 1 else 0,
    )


def _x_labels(ax: Any, slots: tuple[object, ...], shown: tuple[int, ...] | None = None) -> None:
    if shown is None:
        step = max(1, math.ceil(len(slots) / MAX_X_LABELS))
        shown = tuple(range(0, len(slots), step))
    ax.set_xticks(shown)
    ax.set_xticklabels([_str(slots[i]) for i in shown], rotation=X_LABEL_ANGLE, ha="right", rotation_mode="anchor")
    ax.set_xlim(-0.6, len(slots) - 0.4)


# --- a skater's scores over the seasons ---------------------------------------------------------------------
def _scores(chart: ScoreChart) -> tuple[Any, dict[str, tuple[Any, ...]]]:
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    panels = max(1, len(chart.panels))
    layout = score_layout(_str(chart.title), tuple(_str(s) for s in chart.slots), chart.seasons, panels)
    # Not sharex: the panels above the last get no x ticks at all (their competition names would be hidden anyway,
    # and each tick is a line and a text matplotlib builds and lays out: a third of the drawing's time); the same
    # x limits keep the panels aligned.
    figure, axes = plt.subplots(panels, 1, figsize=(WIDTH_PX / DPI, layout.height_in), squeeze=False)
    # Fixed margins, in inches (the constrained layout measured every text twice: a third of the drawing's time):
    # the title's lines above, the rotated competition names and the legend below (bot/services/charts/layout.py).
    _margins(figure, top=layout.top_in, bottom=BOTTOM_IN, left=layout.left_in, right=RIGHT_IN, hspace_in=PANELS_GAP_IN)
    figure.suptitle(
        "\n".join(layout.title_lines),
        fontsize=layout.title_points,
        fontweight="bold",
        linespacing=LINE_SPACING,
        y=1 - 0.12 / layout.height_in,
        va="top",
    )
    plotted: dict[str, tuple[Any, ...]] = {}
    for p, (ax, panel) in enumerate(zip(axes[:, 0], chart.panels, strict=False)):
        # y given: matplotlib then skips measuring every tick label to place the title (a fifth of the drawing)
        ax.set_title(_str(panel.title), loc="left", fontweight="bold", y=1.0, pad=6)
        ax.grid(True, axis="y", color=GRID, linewidth=1)
        _seasons(ax, chart, layout, last=p == panels - 1)
        _series(ax, p, panel, plotted)
        # Room at the foot of the last panel for the seasons' names, a row more for each row they take.
        ax.margins(y=0.25 + (0.12 * (layout.season_rows - 1) if p == panels - 1 else 0))
        ax.yaxis.set_major_locator(MaxNLocator(nbins=Y_TICKS))
        if p < panels - 1:
            ax.set_xticks([])
            ax.set_xlim(*layout.x_limits)
    axes[0, 0].set_ylabel("")
    figure.supylabel(_str(chart.y_label), fontsize=BASE_FONT_PT, x=0.012)
    _x_labels(axes[-1, 0], chart.slots, layout.x_labels)
    handles = _score_legend(chart)
    figure.legend(handles=handles, loc="lower center", ncols=3, frameon=False, bbox_to_anchor=(0.5, 0.0))
    return figure, plotted


def _seasons(ax: Any, chart: ScoreChart, layout: ScoreLayout, *, last: bool) -> None:
    """The seasons on a panel: their boundaries dashed; their names at the foot of the last panel, where the layout
    puts them (a row above another where they would meet)."""
    # The seasons' boundaries as one dashed line broken between them (one artist, not one per season): from the
    # axis's foot to its top whatever the scores.
    edges = [boundary - 0.5 for boundary, _ in chart.seasons if boundary > 0]
    if edges:
        ax.plot(
            [x for edge in edges for x in (edge, edge, math.nan)],
            [y for _ in edges for y in (0.0, 1.0, math.nan)],
            transform=ax.get_xaxis_transform(),
            color=GRID,
            linewidth=1.2,
            linestyle="--",
            zorder=0,
        )
    if not last:  # at the foot of the last panel only: above, a best's figure may stand there
        return
    for label in layout.seasons:
        ax.annotate(
            label.text,
            (label.x, 0.03),
            xycoords=("data", "axes fraction"),
            xytext=(0, label.row * MIN_FONT_PT * LINE_SPACING),
            textcoords="offset points",
            va="bottom",
            fontsize=MIN_FONT_PT,
            color=TEXT,
            gid=f"season/{label.row}",
        )


def _series(ax: Any, p: int, panel: Panel, plotted: dict[str, tuple[Any, ...]]) -> None:
    """A panel's lines, one per era, its bests starred with their figures; what was plotted, read back."""
    for s, series in enumerate(panel.series):
        colour, marker = ERA_STYLES.get(series.era or "", UNKNOWN_ERA_STYLE)
        xs = [point.slot for point in series.points]
        ys = [point.value for point in series.points]
        (line,) = ax.plot(
            xs,
            ys,
            color=colour,
            marker=marker,
            markersize=9,
            linewidth=2.6,
            linestyle="--" if series.minor else "-",
            markerfacecolor=BACKGROUND if series.minor else colour,
            gid=f"{p}/{s}",
        )
        plotted[f"{p}/{s}"] = tuple(tuple(map(float, xy)) for xy in line.get_xydata())
        bests = [point for point in series.points if point.best]
        if bests:
            # A line of markers, not a scatter: the same stars at a tenth of a scatter collection's cost.
            (stars,) = ax.plot(
                [b.slot for b in bests],
                [b.value for b in bests],
                linestyle="",
                marker="*",
                markersize=STAR_SIZE,
                color=BEST_COLOUR,
                markeredgecolor=TEXT,
                markeredgewidth=1.2,
                zorder=5,
            )
            plotted[f"{p}/{s}/best"] = tuple(tuple(map(float, xy)) for xy in stars.get_xydata())
            for b in bests:
                ax.annotate(
                    f"{b.value:.2f}",
                    (b.slot, b.value),
                    textcoords="offset points",
                    xytext=(0, 12),
                    ha="center",
                    fontsize=MIN_FONT_PT,
                    fontweight="bold",
                )


def _score_legend(chart: ScoreChart) -> list[Any]:
    """The legend's entries: each era's line and marker, the best's star, and the minor lines' style."""
    from matplotlib.lines import Line2D

    handles = [
        Line2D(
            [],
            [],
            color=ERA_STYLES.get(era or "", UNKNOWN_ERA_STYLE)[0],
            linewidth=2.6,
            markersize=9,
            marker=ERA_STYLES.get(era or "", UNKNOWN_ERA_STYLE)[1],
            label=_str(label),
        )
        for era, label in zip(chart.eras, chart.era_labels, strict=True)
    ]
    handles.append(
        Line2D(
            [],
            [],
            marker="*",
            linestyle="",
            markersize=20,
            color=BEST_COLOUR,
            markeredgecolor=TEXT,
            label=_str(chart.best_label),
        )
    )
    if chart.minor_label is not None:
        handles.append(
            Line2D(
                [],
                [],
                color=TEXT,
                linewidth=2.6,
                linestyle="--",
                marker="o",
                markersize=9,
                markerfacecolor=BACKGROUND,
                label=_str(chart.minor_label),
            )
        )
    return handles


# --- two athletes side by side -------------------------------------------------------------------------------
def _compare(chart: CompareChart) -> tuple[Any, dict[str, tuple[Any, ...]]]:
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(WIDTH_PX / DPI, 7.5))
    _margins(figure, top=1.0, bottom=2.3, left=1.25, right=0.25)
    figure.suptitle(_str(chart.title), fontsize=TITLE_FONT_PT, fontweight="bold")
    width = 0.4
    plotted: dict[str, tuple[Any, ...]] = {}
    for i, (bars, colour, shift) in enumerate(
        ((chart.a, COMPARE_COLOURS[0], -width / 2), (chart.b, COMPARE_COLOURS[1], width / 2))
    ):
        slots = [n for n, v in enumerate(bars.values) if v is not None]
        values = [v for v in bars.values if v is not None]
        container = ax.bar([n + shift for n in slots], values, width=width, color=colour, label=_str(bars.label))
        plotted["ab"[i]] = tuple(
            (round(patch.get_x() + patch.get_width() / 2 - shift, 6), float(patch.get_height()))
            for patch in container.patches
        )
        if len(chart.slots) <= 10:
            ax.bar_label(container, fmt="%.2f", fontsize=MIN_FONT_PT, rotation=90, padding=4)
    for first, last, era in chart.eras:
        if first > 0:
            ax.axvline(first - 0.5, color=TEXT, linewidth=1.5, linestyle="--")
        ax.annotate(
            _str(era),
            ((first + last) / 2, 1.0),
            xycoords=("data", "axes fraction"),
            ha="center",
            va="bottom",
            fontsize=MIN_FONT_PT,
        )
    ax.grid(True, axis="y", color=GRID, linewidth=1)
    ax.set_axisbelow(True)
    ax.set_ylabel(_str(chart.y_label))
    highest = max([v for v in (*chart.a.values, *chart.b.values) if v is not None], default=1.0)
    ax.set_ylim(0, highest * 1.32)  # room above the tallest bar for its figure
    _x_labels(ax, chart.slots)
    figure.legend(loc="lower center", ncols=2, frameon=False, bbox_to_anchor=(0.5, 0.0))
    return figure, plotted


# --- the protocol card ---------------------------------------------------------------------------------------
def _heat_colours() -> Any:
    """Red (below) to blue (above), its darkest quarter left out so that dark text reads on every cell."""
    from matplotlib import colormaps
    from matplotlib.colors import LinearSegmentedColormap

    base = colormaps["RdBu"]
    return LinearSegmentedColormap.from_list("skatebot-heat", [base(0.2 + 0.6 * i / 32) for i in range(33)])


_HEAT: Any = None


def _protocol(card: ProtocolCard) -> tuple[Any, dict[str, tuple[Any, ...]]]:
    import matplotlib.pyplot as plt
    import numpy as np

    global _HEAT
    if _HEAT is None:
        _HEAT = _heat_colours()
    rows_e, rows_c = max(1, len(card.elements)), max(1, len(card.components))
    row_in = 0.52
    height_in = 2.6 + row_in * (rows_e + rows_c) + 0.5 * max(1, len(card.deductions))
    figure = plt.figure(figsize=(WIDTH_PX / DPI, height_in), layout="constrained")
    figure.suptitle(f"{_str(card.title)}\n{_str(card.subtitle)}", fontsize=TITLE_FONT_PT - 2, fontweight="bold")
    grid = figure.add_gridspec(
        3, 1, height_ratios=[rows_e + 1.2, rows_c + 1.2, 0.5 + 0.5 * max(1, len(card.deductions))]
    )
    plotted: dict[str, tuple[Any, ...]] = {}

    scale = float(card.goe_scale)
    _heat(
        figure.add_subplot(grid[0]),
        card,
        plotted,
        card.elements,
        card.element_columns,
        card.marks_heading,
        "elements",
        lambda m: m,
        -scale,
        scale,
        "{:+.0f}",
    )

    def from_median(m: Any) -> Any:
        if not np.isfinite(m).any():
            return m
        return m - np.nanmedian(m, axis=1, keepdims=True)

    _heat(
        figure.add_subplot(grid[1]),
        card,
        plotted,
        card.components,
        card.component_columns,
        card.components_heading,
        "components",
        from_median,
        -1.0,
        1.0,
        "{:g}",
    )
    ax = figure.add_subplot(grid[2])
    ax.axis("off")
    lines = [f"{_str(name)}: {value:+.2f}" for name, value in card.deductions]
    plotted["deductions"] = tuple(float(value) for _, value in card.deductions)
    ax.text(0, 1, f"{_str(card.deductions_heading)}: " + ("   ".join(lines) if lines else "–"), va="top")
    ax.text(1, 0.0, _str(card.totals), ha="right", va="bottom", fontsize=BASE_FONT_PT + 1, fontweight="bold")
    return figure, plotted


def _heat(
    ax: Any,
    card: ProtocolCard,
    plotted: dict[str, tuple[Any, ...]],
    rows: tuple[Any, ...],
    columns: tuple[object, ...],
    heading: object,
    name: str,
    values: Any,
    vmin: float,
    vmax: float,
    fmt: str,
) -> None:
    """One heat map of the card (the elements' GOEs, or the components' marks), each judge a column, with the
    figures beside it as a table; what was plotted, read back."""
    import numpy as np

    judges = len(card.judges)
    marks = np.array(
        [[np.nan if m is None else m for m in row.marks] + [np.nan] * (judges - len(row.marks)) for row in rows]
        or [[np.nan] * max(1, judges)],
        dtype=float,
    )
    image = ax.imshow(values(marks), cmap=_HEAT, vmin=vmin, vmax=vmax, aspect="auto")
    plotted[name] = tuple(tuple(None if np.isnan(v) else float(v) for v in r) for r in marks)
    plotted[name + "/colour"] = tuple(tuple(float(v) for v in r) for r in np.ma.filled(image.get_array(), np.nan))
    for r, row in enumerate(marks):
        for c, v in enumerate(row):
            if not np.isnan(v):
                ax.text(c, r, fmt.format(v), ha="center", va="center", fontsize=MIN_FONT_PT, color=TEXT)
    ax.set_xticks(range(judges))
    ax.set_xticklabels(list(card.judges))
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([_str(row.label) for row in rows])
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_title(_str(heading), loc="left", fontweight="bold", y=1.0, pad=34)
    # The figures beside the marks, as a table on the right.
    figures = [[("" if f is None else f"{f:.2f}") for f in row.figures] for row in rows]
    plotted[name + "/figures"] = tuple(tuple(row.figures) for row in rows)
    for k, column in enumerate(columns):
        x = judges - 0.5 + 1.25 * (k + 0.55)
        ax.text(
            x, -0.75, _str(column), ha="center", va="bottom", fontsize=MIN_FONT_PT, fontweight="bold", clip_on=False
        )
        for r, row in enumerate(figures):
            ax.text(x, r, row[k], ha="center", va="center", fontsize=MIN_FONT_PT, clip_on=False)
    ax.set_xlim(-0.5, judges - 0.5 + 1.25 * len(columns))
