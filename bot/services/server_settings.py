"""A server's settings: its moderator role, mod-log channel, language of the bot's posts, podium card, and its
reliability tiers of source domains. Each change is audited and told to the server's mod-log. Composed into
StoryService (bot.services.stories), whose methods the commands call.
"""

from __future__ import annotations

from bot.errors import UserFacingError
from bot.i18n import Text, catalogue, t
from bot.services.access import Actor, audit, require_admin, require_moderator
from bot.services.modlog import ModLog, ModLogEntry, tell
from bot.services.story_drafts import RoleChoice, tier_name
from bot.services.urls import domain_of, normalize_url
from bot.text import escape_markdown, quote
from db.models import TIERS, GuildSettings
from db.repositories.guilds import GuildRepository

SERVER_SETTING = "config-server-only"


class ServerSettings:
    """Reading and changing a server's settings (each setter checks the actor's rights itself)."""

    def __init__(self, guilds: GuildRepository, modlog: ModLog) -> None:
        self.guilds = guilds
        self.modlog = modlog

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings: its moderator role (who counts as a moderator) and its mod-log channel."""
        return await self.guilds.settings(guild_id)

    async def set_mod_role(self, actor: Actor, role: RoleChoice | None) -> None:
        """Members with this role count as moderators. @everyone would make every member one, and a managed
        role belongs to a bot or an integration, whose members the server does not choose: both refused."""
        require_admin(actor)
        if actor.guild_id is None:
            raise UserFacingError(SERVER_SETTING)
        if role is not None and role.is_everyone:
            raise UserFacingError("config-everyone-not-mod-role")
        if role is not None and role.managed:
            raise UserFacingError("config-managed-role", role=escape_markdown(role.name))
        await self._set(actor, "mod_role_id", role.id if role else None, "config modrole", "role")
        # The role as Discord mentions it (never @everyone: refused above).
        await self._setting_logged(
            actor, t("config-modrole-set", role=f"<@&{role.id}>") if role else t("config-modrole-cleared")
        )

    async def set_modlog(self, actor: Actor, channel_id: int | None) -> None:
        """Sets (or clears, with None) the server's mod-log channel (admins)."""
        require_admin(actor)
        if actor.guild_id is None:
            raise UserFacingError(SERVER_SETTING)
        await self._set(actor, "modlog_channel_id", channel_id, "config modlog", "channel")
        channel = (
            t("config-modlog-set", channel=f"<#{channel_id}>") if channel_id is not None else t("config-modlog-off")
        )
        await self._setting_logged(actor, channel)

    async def set_language(self, actor: Actor, locale: str | None, shown: str | None = None) -> str | None:
        """Sets the language of the bot's posts to the server's channels (moment of the day, live results,
        mod-log) to one the catalogue speaks, or back to Discord's preferred language of the server (None); the
        moderators. `shown`: the language's name as the moderator picked it (the mod-log says it; the tag when not
        given). Returns the locale set."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise UserFacingError(SERVER_SETTING)
        if locale is not None and locale not in catalogue().locales:
            raise UserFacingError(
                "config-language-unknown", language=quote(locale), languages=tuple(catalogue().locales)
            )
        await self._set(actor, "locale", locale, "config language", "language")
        language = t("config-language-set", language=shown or locale) if locale else t("config-language-discord")
        await self._setting_logged(actor, language)
        return locale

    async def set_podium_card(self, actor: Actor, on: bool) -> None:
        """Whether the live post of a category's final result carries the podium as an image (the moderators)."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise UserFacingError(SERVER_SETTING)
        await self._set(actor, "podium_card", on, "config podium-card", "on")
        await self._setting_logged(actor, t("config-podium-card-on") if on else t("config-podium-card-off"))

    async def _set(self, actor: Actor, column: str, value: bool | int | str | None, action: str, name: str) -> None:
        """Stores one of the server's settings, its old and new value audited under `name`."""
        assert actor.guild_id is not None  # each setter refuses an actor outside a server first
        settings = await self.guilds.settings(actor.guild_id)
        old = getattr(settings, column)
        await self.guilds.update_settings(
            actor.guild_id, column, value, audit(actor, action, {name: old}, {name: value})
        )

    async def set_tier(self, actor: Actor, domain: str, tier: str) -> str:
        """Sets this server's reliability tier for a domain; returns the normalized domain. Moderators
        curate sources day to day, so they may adjust tiers as well as admins."""
        if not (actor.is_moderator or actor.is_admin):
            require_moderator(actor)
        if actor.guild_id is None:  # an owner in a direct message: tiers belong to a server
            raise UserFacingError(SERVER_SETTING)
        if tier not in TIERS:
            raise UserFacingError("config-unknown-tier", tier=quote(tier), tiers=tuple(tier_name(x) for x in TIERS))
        text = domain.strip()
        normalized = domain_of(normalize_url(text if "://" in text else f"https://{text}/"))
        before = await self.guilds.tiers(actor.guild_id, [normalized])
        await self.guilds.set_tier(
            actor.guild_id,
            normalized,
            tier,
            audit(
                actor,
                "config source tier",
                {"domain": normalized, "tier": before.get(normalized)},
                {"domain": normalized, "tier": tier},
            ),
        )
        setting = t("config-tier-set", domain=normalized, tier=tier_name(tier))
        await self._log(actor, "modlog-config-tier", setting)
        return normalized

    async def _setting_logged(self, actor: Actor, setting: Text) -> None:
        """The mod-log's line for a server setting changed, `setting` said as the moderator was told it."""
        await self._log(actor, "modlog-config-set", setting)

    async def _log(self, actor: Actor, key: str, setting: Text) -> None:
        await tell(self.modlog, self, actor.guild_id, ModLogEntry(key, actor.user_id, {"setting": setting}))
