"""The rendering worker (bot/render/): charts drawn in another process, cached by what they show, matplotlib never in
the bot's process; and images readable on Discord's dark and light themes and on a phone."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.errors import UserFacingError
from bot.render import draw, pool
from bot.render.pool import FAILED_DRAW_PAUSE, FAILED_DRAWS, ChartRenderer, digest
from bot.services.charts.layout import MIN_FONT_PT, score_layout, text_width_px
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


async def test_the_worker_starts_at_the_first_chart_and_exits_when_idle() -> None:
    """The worker (about 140 MB) is no part of a bot nobody asks charts of: started by the first chart, it exits once
    no chart was asked for `idle_exit` seconds, and the next chart starts another."""
    renderer = ChartRenderer(idle_exit=0.05)
    try:
        assert not renderer.started
        await renderer.render(score_chart())
        [pid] = renderer.worker_pids()
        await _until(lambda: not renderer.started)  # idle: the pool was stopped
        await _until(lambda: not _alive(pid))  # and its process exited
        assert renderer.retired == 1
        rendered = await renderer.render(score_chart("Mai Mihara"))  # a chart later: another worker draws it
        assert rendered.png.startswith(b"\x89PNG") and renderer.drawn == 2
    finally:
        renderer.close()


async def test_a_worker_drawing_is_never_stopped_for_being_idle() -> None:
    """The idle timer starts when the last drawing ends: a long drawing (here, held until released) keeps its pool."""
    release = threading.Event()

    def slow(workers: int) -> ThreadPoolExecutor:
        pool = ThreadPoolExecutor(workers)
        pool.submit(release.wait)  # the worker is busy: the chart queues behind this
        return pool

    renderer = ChartRenderer(executor=slow, idle_exit=0)
    try:
        drawing = asyncio.ensure_future(renderer.render(score_chart()))
        while not renderer.started:  # noqa: ASYNC110  # until the drawing has asked for its pool
            await asyncio.sleep(0)
        for _ in range(20):  # turns of the event loop: a timer of 0 s armed now would have fired
            await asyncio.sleep(0)
        assert renderer.started and renderer.retired == 0
        release.set()
        await drawing
        await _until(lambda: not renderer.started)
        assert renderer.retired == 1
    finally:
        release.set()
        renderer.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie not yet reaped has exited too
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


async def _until(condition: Callable[[], bool]) -> None:
    """Waits for `condition`: an event, not a duration (pytest's timeout bounds a test that would otherwise hang)."""
    while not condition():  # noqa: ASYNC110  # a process's exit is seen in /proc, not awaited
        await asyncio.sleep(0.01)


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


class FlakyWorker:
    """The worker's drawing, in a thread: fails while `failing`, else returns a fake image; counts its calls."""

    def __init__(self) -> None:
        self.failing = True
        self.calls: list[str] = []

    def __call__(self, chart: ScoreChart) -> draw.Rendered:
        self.calls.append(str(chart.title))
        if self.failing:
            raise ValueError("the worker could not draw it")
        return draw.Rendered(f"png of {chart.title}".encode(), 1000, 700)


async def test_a_failed_drawing_is_tried_again_on_the_next_ask_a_bounded_number_of_times_and_a_success_cached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = FlakyWorker()
    monkeypatch.setattr(pool, "_draw", worker)
    now = [1000.0]
    renderer = ChartRenderer(executor=lambda n: ThreadPoolExecutor(n), clock=lambda: now[0])
    chart, other = score_chart(), score_chart("Mai Mihara")
    try:
        # Each post of the same final asks again: a failure is never remembered as the answer...
        for attempt in range(1, FAILED_DRAWS + 1):
            with pytest.raises(ValueError):
                await renderer.render(chart)
            assert len(worker.calls) == attempt
        # ...but only FAILED_DRAWS times in a row: then the chart is refused at once, without holding the post.
        for _ in range(3):
            with pytest.raises(UserFacingError) as refused:
                await renderer.render(chart)
            assert refused.value.text.key == "chart-failed"
        assert len(worker.calls) == FAILED_DRAWS and renderer.failed == FAILED_DRAWS
        # Another chart is not held back by this one's failures.
        worker.failing = False
        assert (await renderer.render(other)).png == b"png of Mai Mihara"
        # After the pause, the failed chart is tried once more; drawn, it is cached and never drawn again.
        now[0] += FAILED_DRAW_PAUSE
        drawn = await renderer.render(chart)
        assert drawn.png == b"png of Kaori Sakamoto" and worker.calls.count("Kaori Sakamoto") == FAILED_DRAWS + 1
        assert await renderer.render(chart) is drawn and worker.calls.count("Kaori Sakamoto") == FAILED_DRAWS + 1
        # A success forgets the failures: should the image leave the cache and the drawing fail again, it is
        # tried FAILED_DRAWS times again.
        renderer._cache.clear()
        worker.failing = True
        for _ in range(FAILED_DRAWS):
            with pytest.raises(ValueError):
                await renderer.render(chart)
        assert worker.calls.count("Kaori Sakamoto") == 2 * FAILED_DRAWS + 1
    finally:
        renderer.close()


async def test_a_worker_that_never_answers_fails_the_chart_at_the_timeout_and_the_next_ask_tries_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    released = threading.Event()
    calls: list[str] = []

    def stuck_once(chart: ScoreChart) -> draw.Rendered:
        calls.append(str(chart.title))
        if len(calls) == 1:
            released.wait()  # never answers until the test lets go (a thread cannot be killed)
        return draw.Rendered(b"png", 1000, 700)

    monkeypatch.setattr(pool, "_draw", stuck_once)
    monkeypatch.setattr(pool, "RENDER_TIMEOUT", 0.05)
    renderer = ChartRenderer(executor=lambda n: ThreadPoolExecutor(n))
    try:
        with pytest.raises(UserFacingError):
            await renderer.render(score_chart())
        assert renderer.failed == 1 and not renderer.started  # the stuck pool was dropped: a new one is made
        rendered = await renderer.render(score_chart())
        assert rendered.png == b"png" and len(calls) == 2 and renderer.drawn == 1
    finally:
        released.set()
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
            "import bot.render.pool, bot.services.charts.build, bot.discord_layer.ui.charts\n"
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


def crowded_score_chart(title: str) -> ScoreChart:
    """A couple's career as the store holds it: long names, and seasons of one competition side by side (2018-19,
    2019-20, 2021-22), whose names are wider than their slots."""
    slots = (
        "Internationa… 2016",
        "NHK Trophy 2016",
        "Grand Prix F… 2016",
        "Europeans 2017",
        "Worlds 2017",
        "Cup of China 2017",
        "Internationa… 2017",
        "Grand Prix F… 2017",
        "PyeongChang 2018",
        "Worlds Saita… 2019",
        "Grand Prix F… 2019",
        "Beijing 2022",
        "Worlds Montp… 2022",
    )
    line = Series("2010–18 rules", "2010-2018", tuple(Point(n, 150.0 + n) for n in range(len(slots))))
    return ScoreChart(
        title=title,
        slots=slots,
        seasons=((0, "2016-17"), (5, "2017-18"), (9, "2018-19"), (10, "2019-20"), (11, "2021-22"), (12, "2022-23")),
        panels=(Panel("Total", "total", (line,)),),
        y_label="Score",
        eras=("2010-2018",),
        era_labels=("2010–18 rules",),
        best_label="personal best",
    )


@pytest.mark.parametrize(
    "title",
    [
        "Gabriella Papadakis / Guillaume Cizeron: scores over the seasons",
        "Alexandra Stepanova / Ivan Bukin: scores over the seasons",
        "ガブリエラ・パパダキス / ギヨーム・シゼロン: シーズンごとのスコア",
    ],
)
def test_the_score_charts_words_are_whole_and_never_overlap(title: str) -> None:
    """What matplotlib drew (each text's box, as the figure lays it out): the title within the image's width, whole;
    the seasons' names apart from each other; the first competitions' names within the image."""
    chart = crowded_score_chart(title)
    layout = score_layout(title, chart.slots, chart.seasons, len(chart.panels))
    assert _joined(layout.title_lines) == title  # no word lost nor cut
    figure = draw.figure_of(chart)
    try:
        renderer = figure.canvas.get_renderer()
        heading = figure._suptitle
        assert heading.get_text() == "\n".join(layout.title_lines)
        box = heading.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= draw.WIDTH_PX, (box, layout.title_lines)
        seasons = [t for t in figure.axes[-1].texts if str(t.get_gid()).startswith("season/")]
        assert [t.get_text() for t in seasons] == [name for _, name in chart.seasons]
        boxes = [t.get_window_extent(renderer) for t in seasons]
        for i, a in enumerate(boxes):
            assert a.x1 <= figure.axes[-1].get_window_extent(renderer).x1 + 1
            for b in boxes[i + 1 :]:
                assert not a.overlaps(b), (a, b)
        for label in figure.axes[-1].get_xticklabels():
            assert label.get_window_extent(renderer).x0 >= 0, label.get_text()
    finally:
        import matplotlib.pyplot as plt

        plt.close(figure)


def _joined(lines: tuple[str, ...]) -> str:
    """The title's lines as one text again: a line broken at a space lost that space; one broken inside Japanese
    lost nothing."""
    text = lines[0]
    for line in lines[1:]:
        text += line if ord(text[-1]) > 0x2E7F and ord(line[0]) > 0x2E7F else " " + line
    return text


def test_the_layouts_reckoned_widths_are_never_narrower_than_the_drawn_text() -> None:
    """The layout reckons widths without matplotlib (the boxes above depend on it): each at least what is drawn,
    and not much more (a reckoning twice too wide would wrap every title)."""
    import matplotlib.pyplot as plt

    texts = [
        ("2016-17", False, MIN_FONT_PT),
        ("Internationa… 2017", False, MIN_FONT_PT),
        ("Worlds Montp… 2022", False, MIN_FONT_PT),
        ("MMWW mmww", False, MIN_FONT_PT),
        ("Gabriella Papadakis / Guillaume Cizeron: scores over the seasons", True, draw.TITLE_FONT_PT),
        ("Evgenia Medvedeva: scores over the seasons", True, draw.TITLE_FONT_PT),
        ("ガブリエラ・パパダキス", True, draw.TITLE_FONT_PT),
    ]
    draw.warm()  # the fonts as the worker has them, the Japanese one after the Latin
    figure = plt.figure(figsize=(draw.WIDTH_PX / draw.DPI, 2), dpi=draw.DPI)
    try:
        renderer = figure.canvas.get_renderer()
        for text, bold, points in texts:
            drawn = figure.text(
                0,
                0.5,
                text,
                fontsize=points,
                fontweight="bold" if bold else "normal",
                family=draw._families_for(text),
            )
            width = drawn.get_window_extent(renderer).width
            reckoned = text_width_px(text, points, bold=bold)
            assert width <= reckoned <= 1.35 * width, (text, width, reckoned)
    finally:
        plt.close(figure)
