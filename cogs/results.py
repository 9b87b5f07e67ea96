"""/results, /podiums, /medals."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.results import DISCIPLINE_LABELS
from bot.ui import embeds
from bot.ui.paging import Paginator
from bot.ui.protocol import protocol_embed
from bot.ui.replies import respond
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

DISCIPLINE_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in DISCIPLINE_LABELS.items()]


class Results(commands.Cog):
    def __init__(self, bot: SkateBot) -> None:
        self.service = bot.results

    @app_commands.command(name="results")
    @app_commands.describe(
        competition="Competition, e.g. Milano Cortina 2026",
        event="Event, e.g. Men",
        segment="Only this segment, e.g. Free skate",
    )
    @app_commands.autocomplete(
        competition=_autocomplete.competitions, event=_autocomplete.events, segment=_autocomplete.segments
    )
    async def results(
        self, interaction: discord.Interaction, competition: str, event: str, segment: str | None = None
    ) -> None:
        """Standings of an event: places, totals and segment scores."""
        standings = await self.service.standings(competition, event, segment)
        await Paginator(embeds.standings_pages(standings), author_id=interaction.user.id).start(interaction)

    @app_commands.command(name="podiums")
    @app_commands.describe(
        discipline="Men, women, pairs, ice dance or the team event", competition="Only this competition"
    )
    @app_commands.choices(discipline=DISCIPLINE_CHOICES)
    @app_commands.autocomplete(competition=_autocomplete.competitions)
    async def podiums(
        self, interaction: discord.Interaction, discipline: app_commands.Choice[str], competition: str | None = None
    ) -> None:
        """Medallists of a discipline, newest competition first."""
        podiums = await self.service.podiums(discipline.value, competition)
        pages = embeds.podium_pages(discipline.value, podiums)
        await Paginator(pages, author_id=interaction.user.id).start(interaction)

    @app_commands.command(name="medals")
    @app_commands.describe(competition="Competition, e.g. Milano Cortina 2026")
    @app_commands.autocomplete(competition=_autocomplete.competitions)
    async def medals(self, interaction: discord.Interaction, competition: str) -> None:
        """Medal table by country for one competition."""
        found, rows = await self.service.medal_table(competition)
        await respond(interaction, embed=embeds.medal_table_embed(found, rows))

    @app_commands.command(name="protocol")
    @app_commands.describe(athlete="Skater", competition="Competition", segment="Segment, e.g. Free skate")
    @app_commands.autocomplete(
        athlete=_autocomplete.skaters, competition=_autocomplete.competitions, segment=_autocomplete.protocol_segments
    )
    async def protocol(self, interaction: discord.Interaction, athlete: str, competition: str, segment: str) -> None:
        """Judges' details of a skate: elements, GOE, each judge's marks, components."""
        view = await self.service.protocol(athlete, competition, segment)
        await respond(interaction, embed=protocol_embed(view))


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Results(bot))
