"""Embeds for /bests and /records: one scoring era per page (never two side by side), inside Discord's limits,
in the words of whoever reads them."""

from __future__ import annotations

import discord

from bot.discord_layer.ui.embeds import PerAnswer, add_field, new_embed, provenance_footer, score, set_footer
from bot.discord_layer.ui.flags import flag
from bot.i18n import Text, Words, t
from bot.services.eras import era_text
from bot.services.levels import level_text
from bot.services.results.bests import BestsAnswer, Performance, RecordsAnswer
from bot.services.results.vocabulary import discipline_text
from db.models import Figure

PAGE_SIZE = 15


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


def _when(performance: Performance) -> str:
    """The day of the skate when stored; else the competition's dates (2016-10-20–23)."""
    if performance.date:
        return performance.date
    start, end = performance.competition.start_date, performance.competition.end_date
    if start and end and end != start:
        return f"{start}–{end[5:] if end[:4] == start[:4] else end}"
    return start or end or "—"


def _where(performance: Performance, words: Words) -> str:
    where = _escape(performance.competition.label)
    if performance.team:
        team = words("bests-team-event")
        where += f" ({team})"
    return f"{where} · {_when(performance)}"


def _labels(labels: tuple[Text, ...], words: Words) -> str:
    return " / ".join(words(label) for label in labels)


def _level(level: str | None) -> Text | str:
    shown = level_text(level)
    return t("level-event-unknown") if shown is None else shown


# --- /bests -----------------------------------------------------------------------------------------------------
def _bests_pages(answer: BestsAnswer, words: Words) -> list[discord.Embed]:
    values = {"discipline": discipline_text(answer.discipline), "level": _level(answer.level)}
    chunks: list[tuple[str, list[str], list[Figure]]] = []
    for ranking in answer.rankings:
        title_values = {**values, "segment": _labels(ranking.labels, words)}
        if answer.season:
            title = words("bests-title-season", season=answer.season, **title_values)
        else:
            title = words("bests-title", **title_values)
        heading = f"**{words(era_text(ranking.era))}**"
        lines = ranking.lines
        for start in range(0, len(lines), PAGE_SIZE):
            page = lines[start : start + PAGE_SIZE]
            text = [heading, ""]
            for line in page:
                p = line.performance
                # "**1st**", as /results shows places (a line starting "1. " would be a Markdown list, which
                # Discord renumbers: equal scores share a rank here).
                rank = words("ordinal", n=line.rank)
                text.append(
                    f"**{rank}** {flag(p.country)} **{_escape(words.name(p.name))}** {p.country} — **{score(p.score)}**"
                    f" · {_where(p, words)}"
                )
            chunks.append((title, text, [line.performance.score for line in page]))
    embeds = []
    for number, (title, text, figures) in enumerate(chunks, start=1):
        footer = provenance_footer(figures, words, suffix=words("bests-footer"))
        if len(chunks) > 1:
            footer = words("results-page-footer", number=number, pages=len(chunks), footer=footer)
        embeds.append(set_footer(new_embed(title, "\n".join(text)), footer))
    return embeds


# --- /records ---------------------------------------------------------------------------------------------------
def _records_pages(answer: RecordsAnswer, words: Words) -> list[discord.Embed]:
    embeds = []
    for discipline in answer.disciplines:
        embed = new_embed(words("records-title", discipline=discipline_text(discipline)))
        groups = [g for g in answer.groups if g.discipline == discipline]
        for group in groups:
            lines = []
            for record in group.records:
                p = record.performance
                lines.append(
                    f"{_labels(record.labels, words)}: **{score(p.score)}** {flag(p.country)} "
                    f"{_escape(words.name(p.name))} {p.country} · {_where(p, words)}"
                )
            name = words("records-group", level=_level(group.level), era=era_text(group.era))
            add_field(embed, name, "\n".join(lines))
        if not groups:
            embed.description = words("results-none-stored")
        embeds.append(embed)
    for number, (discipline, embed) in enumerate(zip(answer.disciplines, embeds, strict=True), start=1):
        figures = [r.performance.score for g in answer.groups if g.discipline == discipline for r in g.records]
        footer = provenance_footer(figures, words, suffix=words("records-footer"))
        if len(embeds) > 1:
            footer = words("results-page-footer", number=number, pages=len(embeds), footer=footer)
        set_footer(embed, footer)
    return embeds


# The rankings as pages of fifteen, one era per page; the records, a page per discipline (built once per answer and
# language).
bests_pages: PerAnswer[BestsAnswer, list[discord.Embed]] = PerAnswer(_bests_pages)
records_pages: PerAnswer[RecordsAnswer, list[discord.Embed]] = PerAnswer(_records_pages)
