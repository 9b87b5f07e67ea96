"""/results, /podiums, /medals."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.installs import anywhere
from bot.discord_layer.ui import charts, embeds
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.paging import Paginator
from bot.discord_layer.ui.protocol import protocol_embed
from bot.discord_layer.ui.replies import respond
from bot.services.charts.build import protocol_card
from bot.services.results.vocabulary import DISCIPLINES
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

DISCIPLINE_CHOICES = [
    app_commands.Choice(name=command_text("choice-discipline-" + key.replace("_", "-")), value=key)
    for key in DISCIPLINES
]


class Results(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results
        self.charts = bot.charts

    @anywhere
    @app_commands.command(name="results", description=command_text("cmd-results"))
    @app_commands.describe(
        competition=command_text("cmd-results-competition"),
        event=command_text("cmd-results-event"),
        segment=command_text("cmd-results-segment"),
    )
    @app_commands.autocomplete(
        competition=_autocomplete.competitions, event=_autocomplete.events, segment=_autocomplete.segments
    )
    async def results(
        self, interaction: discord.Interaction, competition: str, event: str, segment: str | None = None
    ) -> None:
        standings = await self.service.standings(competition, event, segment)
        pages = embeds.standings_pages(standings, words_for(interaction))
        await Paginator(pages, author_id=interaction.user.id).start(interaction)

    @anywhere
    @app_commands.command(name="podiums", description=command_text("cmd-podiums"))
    @app_commands.describe(
        discipline=command_text("cmd-podiums-discipline"), competition=command_text("cmd-podiums-competition")
    )
    @app_commands.choices(discipline=DISCIPLINE_CHOICES)
    @app_commands.autocomplete(competition=_autocomplete.competitions)
    async def podiums(
        self, interaction: discord.Interaction, discipline: app_commands.Choice[str], competition: str | None = None
    ) -> None:
        podiums = await self.service.podiums(discipline.value, competition)
        # none: name the competition asked (known by its schedule only, or without this discipline)
        asked = self.service.competition(competition) if competition and competition.strip() and not podiums else None
        pages = embeds.podium_pages(discipline.value, podiums, words_for(interaction), asked)
        await Paginator(pages, author_id=interaction.user.id).start(interaction)

    @anywhere
    @app_commands.command(name="medals", description=command_text("cmd-medals"))
    @app_commands.describe(competition=command_text("cmd-medals-competition"))
    @app_commands.autocomplete(competition=_autocomplete.competitions)
    async def medals(self, interaction: discord.Interaction, competition: str) -> None:
        found, tables = await self.service.medal_table(competition)
        await respond(interaction, embed=embeds.medal_table_embed(found, tables, words_for(interaction)))

    @anywhere
    @app_commands.command(name="protocol", description=command_text("cmd-protocol"))
    @app_commands.describe(
        athlete=command_text("cmd-protocol-athlete"),
        competition=command_text("cmd-protocol-competition"),
        segment=command_text("cmd-protocol-segment"),
        card=command_text("cmd-protocol-card"),
    )
    @app_commands.autocomplete(
        athlete=_autocomplete.skaters, competition=_autocomplete.competitions, segment=_autocomplete.protocol_segments
    )
    async def protocol(
        self, interaction: discord.Interaction, athlete: str, competition: str, segment: str, card: bool = False
    ) -> None:
        view = await self.service.protocol(athlete, competition, segment)
        words = words_for(interaction)
        embed = protocol_embed(view, words)
        if not card:
            await respond(interaction, embed=embed)
            return
        answer = protocol_card(view)
        await charts.thinking(interaction)
        description = charts.protocol_description(answer, view.segment, view.competition.label, words)
        file = await charts.attachment(self.charts, "protocol", answer.card, description, words)
        await respond(interaction, embed=charts.with_image(embed, file), file=file)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Results(bot))
