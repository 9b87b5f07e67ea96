"""The rendering worker (bot/render/): charts drawn in another process, cached by what they show, matplotlib never in
the bot's process; and images readable on Discord's dark and light themes and on a phone."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.render import draw
from bot.render.pool import ChartRenderer, digest
from bot.services.charts.models import (
    Bars,
    CompareChart,
    MarkRow,
    Panel,
    Point,
    ProtocolCard,
    ScoreChart,
    Series,
)

ROOT = Path(__file__).resolve().parents[2]


def score_chart(title: str = "Kaori Sakamoto") -> ScoreChart:
    return ScoreChart(
        title=title,
        slots=("GP CAN 2016", "Worlds 2017", "OWG 2022", "WC 2025"),
        seasons=((0, "2016-17"), (2, "2021-22"), (3, "2024-25")),
        panels=(
            Panel(
                "Short program",
                "short_program",
                (
                    Series("2010–18 rules", "2010-2018", (Point(0, 66.0), Point(1, 70.5, True))),
                    Series("rules since 2022", "2022-", (Point(2, 80.1, True), Point(3, 75.0))),
                ),
            ),
            Panel("Total", "total", (Series("2010–18 rules", "2010-2018", (Point(0, 190.0), Point(1, 200.5, True))),)),
        ),
        y_label="Score",
        eras=("2010-2018", "2022-"),
        era_labels=("2010–18 rules", "rules since 2022"),
        best_label="personal best",
    )


def protocol_card() -> ProtocolCard:
    return ProtocolCard(
        title="Yuzuru Hanyu · Worlds 2017",
        subtitle="Free skate",
        judges=("J1", "J2", "J3"),
        element_columns=("Base", "GOE", "Score"),
        elements=(
            MarkRow("4Lo", (3.0, 2.0, None), (12.0, 2.57, 14.57)),
            MarkRow("3A", (-1.0, 0.0, 1.0), (8.5, 0.0, 8.5)),
        ),
        component_columns=("Factor", "Score"),
        components=(MarkRow("Skating skills", (9.5, 9.75, 9.25), (2.0, 19.0)),),
        deductions=(("Falls", -1.0),),
        goe_scale=3,
        totals="TES 23.07 · PCS 19.00 · -1.00 · 41.07",
        marks_heading="Elements: each judge's GOE",
        components_heading="Program components",
        deductions_heading="Deductions",
    )


async def test_the_worker_draws_in_another_process_and_the_same_chart_is_drawn_once() -> None:
    renderer = ChartRenderer()
    try:
        assert not renderer.started and renderer.worker_pids() == []  # started by the first chart only
        chart = score_chart()
        first, second = await asyncio.gather(renderer.render(chart), renderer.render(chart))
        assert first.png.startswith(b"\x89PNG\r\n\x1a\n") and first.width == draw.WIDTH_PX
        assert first is second and renderer.drawn == 1  # asked twice at once: drawn once
        pids = renderer.worker_pids()
        assert pids and os.getpid() not in pids
        again = await renderer.render(score_chart())  # equal figures: from the cache
        assert again is first and renderer.drawn == 1
        other = await renderer.render(score_chart("Mai Mihara"))
        assert other.png != first.png and renderer.drawn == 2
        assert digest(score_chart()) != digest(score_chart("Mai Mihara"))
        # What the worker plotted, read back from its figure's lines.
        assert first.plotted["0/0"] == ((0.0, 66.0), (1.0, 70.5))
        assert first.plotted["0/1/best"] == ((2.0, 80.1),)
    finally:
        renderer.close()


async def test_a_killed_worker_is_replaced() -> None:
    renderer = ChartRenderer()
    try:
        await renderer.render(score_chart())
        [pid] = renderer.worker_pids()
        os.kill(pid, 9)
        rendered = await renderer.render(score_chart("Mai Mihara"))
        assert rendered.png.startswith(b"\x89PNG") and renderer.worker_pids() != [pid]
    finally:
        renderer.close()


def test_the_bot_process_never_imports_matplotlib() -> None:
    """The bot, its cogs, the renderer's pool and the chart builders load without matplotlib or numpy: only the
    worker process imports them."""
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, importlib, bot.client, cogs\n"
            "for name in cogs.EXTENSIONS: importlib.import_module(name)\n"
            "import bot.render.pool, bot.services.charts.build, bot.ui.charts\n"
            "print(' '.join(m for m in ('matplotlib', 'numpy', 'PIL') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout.split()
    assert loaded == [], f"loaded in the bot's process: {loaded}"


def _luminance(colour: object) -> float:
    from matplotlib.colors import to_rgb

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in to_rgb(colour))  # type: ignore[arg-type]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: object, b: object) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(
    "chart",
    [
        score_chart("坂本花織"),
        CompareChart(
            "A vs B",
            ("GPF", "WC"),
            ((0, 1, "2010–18 rules"),),
            Bars("A", (280.0, None)),
            Bars("B", (270.5, 260.0)),
            "Total",
            1,
        ),
        protocol_card(),
    ],
    ids=["scores", "compare", "protocol"],
)
def test_images_read_on_dark_and_light_themes_and_on_a_phone(chart: object) -> None:
    """An opaque background (a transparent one would leave dark text on Discord's dark theme), every text at least
    MIN_FONT_PT and at WCAG AA contrast (4.5:1) with it, 1000 px wide."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba
    from matplotlib.text import Text as MplText

    figure = draw.figure_of(chart)  # type: ignore[arg-type]
    try:
        figure.canvas.draw()
        assert round(figure.get_size_inches()[0] * draw.DPI) == draw.WIDTH_PX
        assert to_rgba(figure.get_facecolor())[3] == 1.0
        texts = [t for t in figure.findobj(MplText) if t.get_text().strip() and t.get_visible()]
        assert texts
        for text in texts:
            assert text.get_fontsize() >= draw.MIN_FONT_PT, text.get_text()
            assert _contrast(text.get_color(), draw.BACKGROUND) >= 4.5, (text.get_text(), text.get_color())
        # Japanese script is drawn with a font that has it (no missing-glyph boxes).
        if "坂本花織" in [t.get_text() for t in texts]:
            from matplotlib.font_manager import findfont

            [title] = [t for t in texts if t.get_text() == "坂本花織"]
            assert "ipaexg" in findfont(title.get_fontproperties()).lower() or any(
                "IPAex" in f for f in title.get_fontfamily()
            )
    finally:
        plt.close(figure)
