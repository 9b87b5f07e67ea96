"""The podium card (a category's top three: place, flag, name, total), drawn with matplotlib in the rendering worker,
in the style of draw.py. Split from draw.py (issue 30: no module over 600 lines); only draw.py imports it, in the
worker."""

from __future__ import annotations

from typing import Any

from bot.render.draw import (
    BACKGROUND,
    BASE_FONT_PT,
    DPI,
    GRID,
    TEXT,
    TITLE_FONT_PT,
    WIDTH_PX,
    _margins,
    _str,
)
from bot.services.charts.models import PodiumCard

# Gold, silver and bronze, light enough for the dark text on them; a place past third (a shared one) in grey.
PODIUM_COLOURS = {1: "#E8C547", 2: "#C4C8CE", 3: "#D9A066"}
PODIUM_HEIGHTS = {1: 3.0, 2: 2.2, 3: 1.6}  # the steps' heights: the places', never the totals'
NAME_CHARACTERS = 20  # a name's line on a step a third of the card wide, at BASE_FONT_PT


def _podium_order(count: int) -> list[int]:
    """The steps' indexes (best first) from left to right: the winner in the middle, second on the left, third on
    the right (and, with a shared place, the next ones outside them)."""
    indexes = list(range(count))
    return list(reversed(indexes[1::2])) + indexes[:1] + indexes[2::2]


def _lines(names: tuple[object, ...]) -> str:
    import textwrap

    return "\n".join(line for name in names for line in textwrap.wrap(_str(name), NAME_CHARACTERS) or [""])


def podium(card: PodiumCard) -> tuple[Any, dict[str, tuple[Any, ...]]]:
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(WIDTH_PX / DPI, 6.4))
    _margins(figure, top=1.25, bottom=0.2, left=0.2, right=0.2)
    figure.suptitle(f"{_str(card.title)}\n{_str(card.subtitle)}", fontsize=TITLE_FONT_PT, fontweight="bold")
    ax.axis("off")
    order = _podium_order(len(card.steps))
    ax.set_xlim(-0.5, len(order) - 0.5)
    ax.set_ylim(0, max(PODIUM_HEIGHTS.values()) + 2.4)
    for x, index in enumerate(order):
        step = card.steps[index]
        height = PODIUM_HEIGHTS.get(step.place, 1.2)
        ax.bar(
            x,
            height,
            width=0.92,
            color=PODIUM_COLOURS.get(step.place, GRID),
            edgecolor=TEXT,
            linewidth=1.2,
            gid=f"step/{index}",
        )
        ax.text(
            x,
            height - 0.2,
            str(step.place),
            ha="center",
            va="top",
            fontsize=40,
            fontweight="bold",
            gid=f"place/{index}",
        )
        ax.text(
            x,
            height * 0.28,
            f"{step.total:.2f}",
            ha="center",
            va="center",
            fontsize=TITLE_FONT_PT,
            fontweight="bold",
            gid=f"total/{index}",
        )
        if step.nation:
            # The flag as the results print it: a country code on a badge (the emoji flags have no glyphs here).
            ax.text(
                x,
                height + 0.2,
                step.nation,
                ha="center",
                va="bottom",
                fontsize=BASE_FONT_PT,
                fontweight="bold",
                color=BACKGROUND,
                gid=f"nation/{index}",
                bbox={"boxstyle": "round,pad=0.3", "facecolor": TEXT, "edgecolor": TEXT},
            )
        ax.text(
            x,
            height + (0.8 if step.nation else 0.2),
            _lines(step.names),
            ha="center",
            va="bottom",
            fontsize=BASE_FONT_PT,
            linespacing=1.15,
            gid=f"name/{index}",
        )
    plotted = _read_podium(figure)
    return figure, plotted


def _read_podium(figure: Any) -> dict[str, tuple[Any, ...]]:
    """What the card shows, read back from its own artists: per step (best first) its place, total, nation and name
    lines, and its step's height."""
    ax = figure.axes[0]
    texts = {t.get_gid(): t.get_text() for t in ax.texts if t.get_gid()}
    steps = sorted((int(p.get_gid().split("/")[1]), p) for p in ax.patches if (p.get_gid() or "").startswith("step/"))
    return {
        "places": tuple(int(texts[f"place/{i}"]) for i, _ in steps),
        "totals": tuple(float(texts[f"total/{i}"]) for i, _ in steps),
        "nations": tuple(texts.get(f"nation/{i}", "") for i, _ in steps),
        "names": tuple(texts[f"name/{i}"] for i, _ in steps),
        "heights": tuple(float(p.get_height()) for _, p in steps),
    }
