"""/admin: the bot owners' tools."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import edit, respond
from bot.errors import UserFacingError
from bot.i18n import Text, t
from bot.services.access import Actor
from bot.text import quote
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot
    from bot.services.isu.season import CompetitionOutcome, SeasonCompetition

log = logging.getLogger(__name__)


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description=command_text("cmd-admin"),
        # Hidden from everyone but administrators in Discord's UI; the owner check below is what counts.
        default_permissions=discord.Permissions(administrator=True),
    )

    alias = app_commands.Group(name="alias", description=command_text("cmd-admin-alias"), parent=admin)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @alias.command(name="add", description=command_text("cmd-admin-alias-add"))
    @app_commands.describe(
        skater=command_text("cmd-admin-alias-add-skater"), spelling=command_text("cmd-admin-alias-add-spelling")
    )
    @app_commands.autocomplete(skater=_autocomplete.skaters)
    async def alias_add(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        found = await self.bot.results.add_alias(await self._actor(interaction), skater, spelling)
        reply = t("alias-added", skater=quote(found.name), spelling=quote(spelling))
        await respond(interaction, reply, ephemeral=True)

    @alias.command(name="remove", description=command_text("cmd-admin-alias-remove"))
    @app_commands.describe(
        skater=command_text("cmd-admin-alias-remove-skater"), spelling=command_text("cmd-admin-alias-remove-spelling")
    )
    @app_commands.autocomplete(skater=_autocomplete.skaters, spelling=_autocomplete.aliases)
    async def alias_remove(self, interaction: discord.Interaction, skater: str, spelling: str) -> None:
        found = await self.bot.results.remove_alias(await self._actor(interaction), skater, spelling)
        reply = t("alias-removed", skater=quote(found.name), spelling=quote(spelling))
        await respond(interaction, reply, ephemeral=True)

    @admin.command(name="import-isu", description=command_text("cmd-admin-import-isu"))
    @app_commands.describe(
        url=command_text("cmd-admin-import-isu-url"),
        season=command_text("cmd-admin-import-isu-season"),
        correction=command_text("cmd-admin-import-isu-correction"),
    )
    async def import_isu(
        self,
        interaction: discord.Interaction,
        url: str | None = None,
        season: str | None = None,
        correction: bool = False,
    ) -> None:
        if (url is None) == (season is None):
            raise UserFacingError("isu-season-url-or-season")
        actor = await self._actor(interaction)
        allow_private = self.bot.settings.isu_allow_private
        if season is not None:
            await self._import_season(interaction, actor, season, correction, allow_private)
            return
        assert url is not None
        site = self.bot.results.site_import(actor, url, correction=correction, allow_private=allow_private)
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await site.run()
        await self.bot.reload_results()
        words = words_for(interaction)
        await respond(interaction, "\n".join(words(line) for line in summary.lines()), ephemeral=True)

    async def _import_season(
        self, interaction: discord.Interaction, actor: Actor, season: str, correction: bool, allow_private: bool
    ) -> None:
        job = self.bot.results.season_import(
            actor, season, self.bot.settings.isu_results_url, correction=correction, allow_private=allow_private
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        progress = _ReplyProgress(interaction, job.season.name)
        summary = await job.run(progress)
        await progress.settled()
        if summary.imported:
            await self.bot.reload_results()
        words = words_for(interaction)
        await respond(interaction, "\n".join(words(line) for line in summary.lines()), ephemeral=True)


class _ReplyProgress:
    """A season import's progress shown in the deferred reply, one edit per competition (an import takes
    minutes; a page-by-page edit would hit Discord's rate limits). An edit that fails (Discord busy, the
    interaction expired after 15 minutes) is dropped: the progress is a courtesy, the summary is the answer."""

    def __init__(self, interaction: discord.Interaction, season: str) -> None:
        self._interaction = interaction
        self._season = season
        self._edits: set[asyncio.Task[None]] = set()

    def competition(self, number: int, total: int, competition: SeasonCompetition, url: str) -> None:
        text = t(
            "isu-season-progress",
            season=self._season,
            number=number,
            total=total,
            code=competition.code,
            name=competition.name,
        )
        task = asyncio.create_task(self._edit(text))
        self._edits.add(task)
        task.add_done_callback(self._edits.discard)

    def page(self, kind: str, name: str) -> None:
        """Pages are not shown in Discord: one edit per competition."""

    def done(self, outcome: CompetitionOutcome) -> None:
        """The summary at the end says how each went."""

    async def _edit(self, text: Text) -> None:
        try:
            await edit(self._interaction, text)
        except discord.HTTPException:
            log.info("season import: a progress edit was not accepted by Discord")

    async def settled(self) -> None:
        """Waits for the edits still on their way, so none lands after the summary."""
        if self._edits:
            await asyncio.gather(*self._edits)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Admin(bot))
