"""Podium predictions: /predict pick, show, leaderboard, settings, lock. The prediction service decides and checks
rights; this reads options, calls it and renders."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for
from bot.discord_layer.installs import guild_scope
from bot.discord_layer.ui import predictions as ui
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import respond
from bot.services.access import Actor
from bot.services.predictions import SCORING_TABLES
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

Choices = list[app_commands.Choice[str]]

SCORING_CHOICES = [
    app_commands.Choice(name=command_text(f"choice-predict-scoring-{name}"), value=name) for name in SCORING_TABLES
]


class Predict(commands.Cog):
    predict = app_commands.Group(name="predict", description=command_text("cmd-predict"), guild_only=True)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.predictions

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @predict.command(name="pick", description=command_text("cmd-predict-pick"))
    @app_commands.describe(
        competition=command_text("cmd-predict-pick-competition"),
        event=command_text("cmd-predict-pick-event"),
        gold=command_text("cmd-predict-pick-gold"),
        silver=command_text("cmd-predict-pick-silver"),
        bronze=command_text("cmd-predict-pick-bronze"),
        short=command_text("cmd-predict-pick-short"),
    )
    @app_commands.autocomplete(competition=_autocomplete.competitions, event=_autocomplete.events)
    async def pick(
        self,
        interaction: discord.Interaction,
        competition: str,
        event: str,
        gold: str,
        silver: str,
        bronze: str,
        short: str,
    ) -> None:
        actor = Actor(interaction.user.id, guild_scope(interaction))
        answer = await self.service.pick(actor, competition, event, gold, silver, bronze, short)
        await respond(interaction, ui.pick_reply(words_for(interaction), answer), ephemeral=True)

    @pick.autocomplete("gold")
    @pick.autocomplete("silver")
    @pick.autocomplete("bronze")
    @pick.autocomplete("short")
    async def entries(self, interaction: discord.Interaction, current: str) -> Choices:
        """The event's entries, by either partner's name for a couple."""
        try:
            namespace = interaction.namespace
            found = await self.service.entry_choices(
                str(getattr(namespace, "competition", "") or ""), str(getattr(namespace, "event", "") or ""), current
            )
            return [app_commands.Choice(name=str(c.name)[:100], value=c.value) for c in found[:25]]
        except Exception:  # autocomplete must answer: Discord would show nothing and the error would be lost
            _autocomplete.log.exception("entry autocomplete failed")
            return []

    @predict.command(name="show", description=command_text("cmd-predict-show"))
    async def show(self, interaction: discord.Interaction) -> None:
        views = await self.service.my_picks(Actor(interaction.user.id, guild_scope(interaction)))
        await respond(interaction, embed=ui.picks_embed(words_for(interaction), views), ephemeral=True)

    @predict.command(name="leaderboard", description=command_text("cmd-predict-leaderboard"))
    @app_commands.describe(
        competition=command_text("cmd-predict-leaderboard-competition"),
        season=command_text("cmd-predict-leaderboard-season"),
    )
    @app_commands.autocomplete(competition=_autocomplete.competitions)
    async def leaderboard(
        self, interaction: discord.Interaction, competition: str | None = None, season: str | None = None
    ) -> None:
        board = await self.service.leaderboard(
            Actor(interaction.user.id, guild_scope(interaction)), competition, season
        )
        await respond(interaction, embed=ui.leaderboard_embed(words_for(interaction), board))

    @predict.command(name="settings", description=command_text("cmd-predict-settings"))
    @app_commands.describe(
        channel=command_text("cmd-predict-settings-channel"),
        enabled=command_text("cmd-predict-settings-enabled"),
        scoring=command_text("cmd-predict-settings-scoring"),
    )
    @app_commands.choices(scoring=SCORING_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        enabled: bool | None = None,
        scoring: app_commands.Choice[str] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        changed = await self.service.configure(
            actor,
            channel_id=channel.id if channel is not None else None,
            enabled=enabled,
            scoring=scoring.value if scoring is not None else None,
        )
        await respond(interaction, ui.settings_reply(words_for(interaction), changed), ephemeral=True)

    @predict.command(name="lock", description=command_text("cmd-predict-lock"))
    @app_commands.describe(
        competition=command_text("cmd-predict-lock-competition"), event=command_text("cmd-predict-lock-event")
    )
    @app_commands.autocomplete(competition=_autocomplete.competitions, event=_autocomplete.events)
    async def lock(self, interaction: discord.Interaction, competition: str, event: str) -> None:
        found, state = await self.service.lock(await self._actor(interaction), competition, event)
        await respond(interaction, ui.lock_reply(words_for(interaction), found, state))


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Predict(bot))
