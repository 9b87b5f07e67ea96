"""/config: a server's moderator role, mod-log channel and source tiers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import modlog
from bot.checks import actor_for
from bot.services.stories import RoleChoice
from bot.ui.replies import respond
from db.models import TIERS

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

TIER_CHOICES = [app_commands.Choice(name=tier, value=tier) for tier in TIERS]


async def _thinking(interaction: discord.Interaction) -> None:
    """Acknowledges before the setting is written: the write may wait for another process (an import)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


class Config(commands.Cog):
    config = app_commands.Group(name="config", description="skatebot's settings for this server", guild_only=True)
    sources = app_commands.Group(name="sources", description="How reliable source domains are", parent=config)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.stories

    @config.command(name="modrole")
    @app_commands.describe(role="Members with this role count as moderators (empty: clear it)")
    async def modrole(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        """Set the moderator role (admins)."""
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        choice = RoleChoice(role.id, role.name, role.is_default(), role.managed) if role else None
        await self.service.set_mod_role(actor, choice)
        text = f"Moderator role: {role.mention}." if role else "Moderator role cleared: Manage Messages decides."
        await respond(interaction, text, ephemeral=True)
        await modlog.post(self.bot, self.service, actor.guild_id, f"<@{actor.user_id}> set: {text}")

    @config.command(name="modlog")
    @app_commands.describe(channel="Where moderator actions are posted (empty: stop posting)")
    async def modlog_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        """Set the mod-log channel (admins)."""
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        await self.service.set_modlog(actor, channel.id if channel else None)
        text = f"Mod-log: {channel.mention}." if channel else "Mod-log switched off."
        await respond(interaction, text, ephemeral=True)
        await modlog.post(self.bot, self.service, actor.guild_id, f"<@{actor.user_id}> set: {text}")

    @sources.command(name="tier")
    @app_commands.describe(domain="e.g. nbcsports.com", tier="How reliable it is, for this server")
    @app_commands.choices(tier=TIER_CHOICES)
    async def tier(self, interaction: discord.Interaction, domain: str, tier: app_commands.Choice[str]) -> None:
        """Set how reliable a source domain is for this server (moderators and admins)."""
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        normalized = await self.service.set_tier(actor, domain, tier.value)
        text = f"Sources from {normalized} now count as **{tier.value}** here."
        await respond(interaction, text, ephemeral=True)
        await modlog.post(self.bot, self.service, actor.guild_id, f"<@{actor.user_id}>: {text}")


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Config(bot))
