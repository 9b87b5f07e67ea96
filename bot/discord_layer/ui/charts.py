"""Charts as attachments: a chart (bot/services/charts/) put into the reader's words, drawn by the rendering worker
(bot/render/pool.py), sent as a PNG whose description (Discord's alternative text) says what it shows.

Nothing here imports matplotlib: the words are rendered in the bot, the image in the worker."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import io
import logging
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord_layer.installs import replies_are_private
from bot.i18n import Name, Text, Words, render
from bot.render.pool import RENDER_TIMEOUT, ChartRenderer
from bot.services.charts.build import AthleteChart, CardAnswer, HeadToHeadChart, PodiumAnswer
from bot.services.charts.models import Chart, CompareChart, PodiumCard, ProtocolCard, ScoreChart
from bot.services.results.vocabulary import segment_kind_text, segment_name_text
from db.models import Segment

if TYPE_CHECKING:
    from bot.render.draw import Rendered

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 1024  # Discord's limit on an attachment's description


def _plain(value: Any, words: Words) -> Any:
    """Every Label of a chart as the reader reads it: a message in their language, a name as their language writes
    it (not escaped: an image is no Markdown)."""
    if isinstance(value, Name):
        return words.name(value.text)
    if isinstance(value, Text):
        args = tuple((k, words.name(v.text) if isinstance(v, Name) else v) for k, v in value.args)
        return words(Text(value.key, args))
    if isinstance(value, tuple):
        return tuple(_plain(v, words) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _plain(getattr(value, f.name), words) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)
    return value


_C = TypeVar("_C", ScoreChart, CompareChart, ProtocolCard, PodiumCard)


def worded(chart: _C, words: Words) -> _C:
    """The chart with every word in `words` (what the worker draws, and what its cache is keyed by)."""
    plain: _C = _plain(chart, words)
    return plain


def _fit(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1].rstrip() + "…"


def athlete_description(answer: AthleteChart, words: Words) -> str:
    kinds = tuple(
        words(Text("athlete-best-total")) if k == "total" else words(segment_kind_text(k)) for k in answer.kinds
    )
    bests = tuple(
        words(
            "chart-alt-best",
            kind=words(Text("athlete-best-total")) if kind == "total" else words(segment_kind_text(kind)),
            score=f"{value:.2f}",
            competition=competition,
        )
        for kind, value, competition in answer.bests
    )
    text = words(
        "chart-alt-athlete",
        name=words.name(answer.name.text),
        competitions=answer.competitions,
        first=answer.first_season,
        last=answer.last_season,
        panels=kinds,
        eras=tuple(str(e) for e in worded(answer.chart, words).era_labels),
        bests=bests or words("chart-alt-bests-none"),
    )
    if answer.left_out:
        text += " " + words("chart-alt-left-out", count=answer.left_out)
    return _fit(text)


def compare_description(answer: HeadToHeadChart, words: Words) -> str:
    chart = worded(answer.chart, words)
    text = words(
        "chart-alt-compare",
        a=words.name(answer.a.text),
        b=words.name(answer.b.text),
        meetings=answer.meetings,
        eras=tuple(str(label) for _, _, label in chart.eras),
    )
    if answer.left_out:
        text += " " + words("chart-alt-compare-left-out", count=answer.left_out)
    return _fit(text)


def protocol_description(answer: CardAnswer, segment: Segment, competition: str, words: Words) -> str:
    text = words(
        "chart-alt-protocol",
        name=words.name(answer.name.text),
        segment=words(segment_name_text(segment)),
        competition=competition,
        elements=answer.elements,
        judges=answer.judges,
        totals=str(worded(answer.card, words).totals),
    )
    if answer.widest is not None:
        code, spread = answer.widest
        text += " " + words("chart-alt-widest", element=code, spread=score_text(spread))
    return _fit(text)


def podium_description(answer: PodiumAnswer, words: Words) -> str:
    card = worded(answer.card, words)
    steps = tuple(
        words(
            "chart-alt-podium-step",
            place=words("ordinal", n=step.place),
            name=" / ".join(str(n) for n in step.names),
            nation=step.nation or "—",
            total=f"{step.total:.2f}",
        )
        for step in card.steps
    )
    text = words("chart-alt-podium", category=str(card.title), competition=str(card.subtitle), steps=steps)
    if answer.left_out:
        text += " " + words("chart-alt-podium-left-out", count=answer.left_out)
    return _fit(text)


def score_text(value: float) -> str:
    return f"{value:g}"


def file_name(kind: str, chart: Chart) -> str:
    """A stable name per chart: "chart-athlete-1f3a….png"."""
    return f"{kind}-{hashlib.sha256(repr(chart).encode()).hexdigest()[:12]}.png"


async def attachment(renderer: ChartRenderer, kind: str, chart: Chart, description: str, words: Words) -> discord.File:
    """The chart drawn in the reader's words, as a file for a reply."""
    plain: Chart = _plain(chart, words)
    rendered: Rendered = await renderer.render(plain)
    return discord.File(io.BytesIO(rendered.png), file_name(kind, plain), description=description)


async def podium_file(renderer: ChartRenderer, answer: PodiumAnswer, words: Words, what: str) -> discord.File | None:
    """The podium card for a post (a live final result, a moment of the day), or None when the worker could not draw
    it within RENDER_TIMEOUT: the post then goes out without it, never later. A drawing that outlasts the wait goes
    on in the worker, and its image is cached for the next post of the same podium. `what`: the post, for the log."""
    try:
        return await asyncio.wait_for(
            attachment(renderer, "podium", answer.card, podium_description(answer, words), words), RENDER_TIMEOUT
        )
    except Exception:  # the worker died, timed out or failed: the post matters more than its picture
        log.warning("the podium card of %s was not drawn; posting without it", what, exc_info=True)
        return None


async def thinking(interaction: discord.Interaction) -> None:
    """Acknowledges before drawing: the first chart starts the worker (a second or two), and Discord drops an
    interaction not acknowledged within 3 s. Private where Discord would make the reply private anyway."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=replies_are_private(interaction), thinking=True)


ATHLETE_CHART_EVENT = "athlete_chart"  # listeners: on_athlete_chart(interaction, "12" or "12-34")


class ChartButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"athlete:chart:(?P<ids>[0-9]+(?:-[0-9]+)?)"
):
    """ "Chart" under an /athlete answer: carries the skater's (or couple's) ids in its custom_id, so it keeps working
    after a restart and whoever presses it gets the chart privately. What a press does is the athletes cog's: the
    button announces it as the client event ATHLETE_CHART_EVENT."""

    def __init__(self, skater_ids: str, words: Words | None = None) -> None:
        """`skater_ids`: "12" or "12-34", as the profile shows the athlete."""
        super().__init__(
            discord.ui.Button(
                label=(words or render)("chart-button"),
                emoji="📈",
                style=discord.ButtonStyle.secondary,
                custom_id=f"athlete:chart:{skater_ids}",
            )
        )
        self.skater_ids = skater_ids

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChartButton:
        return cls(match["ids"])  # never raises: discord.py drops a press whose item cannot be made

    async def callback(self, interaction: discord.Interaction) -> None:
        # The ids are the client's to send: the listener reads them (bot.errors.parse_id) and answers any error.
        interaction.client.dispatch(ATHLETE_CHART_EVENT, interaction, self.skater_ids)


def chart_button(skater_ids: Iterable[int], words: Words) -> discord.ui.View:
    """The view holding the Chart button of an athlete's profile (no timeout: the button is persistent)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChartButton("-".join(str(i) for i in skater_ids), words))
    return view


def with_image(embed: discord.Embed, file: discord.File) -> discord.Embed:
    """A copy of the (cached, shared) embed showing the attached image inside it."""
    shown = discord.Embed.from_dict(embed.to_dict())
    shown.set_image(url=f"attachment://{file.filename}")
    return shown
