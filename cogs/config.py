"""/config: a server's moderator role, mod-log channel, language, podium card and source tiers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for
from bot.discord_layer.ui.i18n import command_text, language_name
from bot.discord_layer.ui.replies import respond
from bot.i18n import DEFAULT_LOCALE, Words, catalogue, t
from bot.services.stories import RoleChoice, tier_name
from db.models import TIERS

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

TIER_CHOICES = [app_commands.Choice(name=command_text(f"choice-tier-{tier}"), value=tier) for tier in TIERS]
DISCORDS = "discord"  # the language choice that follows Discord's preferred language of the server


def _language_choice(locale: str) -> app_commands.Choice[str]:
    """A language the catalogue speaks, by its own name ("日本語"): the catalogue's, else CLDR's (a folder just
    added, before the default catalogue names it)."""
    key = f"choice-language-{locale}"
    if catalogue().has(key, DEFAULT_LOCALE):
        return app_commands.Choice(name=command_text(key), value=locale)
    return app_commands.Choice(name=language_name(locale, Words(locale)), value=locale)


PODIUM_CARD_CHOICES = [
    app_commands.Choice(name=command_text("choice-podium-card-on"), value="on"),
    app_commands.Choice(name=command_text("choice-podium-card-off"), value="off"),
]
LANGUAGE_CHOICES = [
    *(_language_choice(locale) for locale in catalogue().locales),
    app_commands.Choice(name=command_text("choice-language-discord"), value=DISCORDS),
]


async def _thinking(interaction: discord.Interaction) -> None:
    """Acknowledges before the setting is written: the write may wait for another process (an import)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


class Config(commands.Cog):
    config = app_commands.Group(name="config", description=command_text("cmd-config"), guild_only=True)
    sources = app_commands.Group(name="sources", description=command_text("cmd-config-sources"), parent=config)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.stories

    @config.command(name="modrole", description=command_text("cmd-config-modrole"))
    @app_commands.describe(role=command_text("cmd-config-modrole-role"))
    async def modrole(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        choice = RoleChoice(role.id, role.name, role.is_default(), role.managed) if role else None
        await self.service.set_mod_role(actor, choice)
        text = t("config-modrole-set", role=role.mention) if role else t("config-modrole-cleared")
        await respond(interaction, text, ephemeral=True)

    @config.command(name="modlog", description=command_text("cmd-config-modlog"))
    @app_commands.describe(channel=command_text("cmd-config-modlog-channel"))
    async def modlog_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        await self.service.set_modlog(actor, channel.id if channel else None)
        text = t("config-modlog-set", channel=channel.mention) if channel else t("config-modlog-off")
        await respond(interaction, text, ephemeral=True)

    @config.command(name="language", description=command_text("cmd-config-language"))
    @app_commands.describe(language=command_text("cmd-config-language-language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        chosen = await self.service.set_language(
            actor, None if language.value == DISCORDS else language.value, shown=language.name
        )
        if chosen is None:
            text = t("config-language-discord")
        else:
            text = t("config-language-set", language=language.name)
        await respond(interaction, text, ephemeral=True)

    @config.command(name="podium-card", description=command_text("cmd-config-podium-card"))
    @app_commands.describe(state=command_text("cmd-config-podium-card-state"))
    @app_commands.choices(state=PODIUM_CARD_CHOICES)
    async def podium_card(self, interaction: discord.Interaction, state: app_commands.Choice[str]) -> None:
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        on = state.value == "on"
        await self.service.set_podium_card(actor, on)
        text = t("config-podium-card-on") if on else t("config-podium-card-off")
        await respond(interaction, text, ephemeral=True)

    @sources.command(name="tier", description=command_text("cmd-config-sources-tier"))
    @app_commands.describe(
        domain=command_text("cmd-config-sources-tier-domain"), tier=command_text("cmd-config-sources-tier-tier")
    )
    @app_commands.choices(tier=TIER_CHOICES)
    async def tier(self, interaction: discord.Interaction, domain: str, tier: app_commands.Choice[str]) -> None:
        actor = await actor_for(interaction, self.service, self.bot.settings.owner_ids)
        await _thinking(interaction)
        normalized = await self.service.set_tier(actor, domain, tier.value)
        text = t("config-tier-set", domain=normalized, tier=tier_name(tier.value))
        await respond(interaction, text, ephemeral=True)


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Config(bot))
