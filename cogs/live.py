"""Competition week, live: /live (watched sites, channel subscriptions), /follow, /unfollow, /following, /schedule.
The live service decides and checks rights; this reads options, calls it and renders."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for
from bot.discord_layer.installs import anywhere
from bot.discord_layer.ui import live as ui
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import respond
from bot.i18n import t
from bot.services.access import Actor
from bot.services.levels import LEVEL_LABELS
from bot.services.live.service import disciplines_from, levels_from
from bot.services.live.zones import zone_text
from bot.services.results import DISCIPLINE_LABELS
from bot.text import escape_markdown
from cogs import _autocomplete

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


class Live(commands.Cog):
    live = app_commands.Group(name="live", description=command_text("cmd-live"))

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.live

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    # --- watched sites (owners) ---------------------------------------------------------------------------------
    @live.command(name="watch", description=command_text("cmd-live-watch"))
    @app_commands.describe(url=command_text("cmd-live-watch-url"), timezone=command_text("cmd-live-watch-timezone"))
    async def watch(
        self,
        interaction: discord.Interaction,
        url: app_commands.Range[str, 1, 2048],
        timezone: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        # The first read imports the whole site, a request every few seconds: well past Discord's 3 s.
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.watch(actor, url, timezone)
        said = t("live-watching", name=escape_markdown(result.watch.label), segments=len(result.watch.schedule))
        await respond(interaction, f"{said}\n{zone_text(result.watch.timezone)}", ephemeral=True)

    @live.command(name="unwatch", description=command_text("cmd-live-unwatch"))
    @app_commands.describe(competition=command_text("cmd-live-unwatch-competition"))
    async def unwatch(self, interaction: discord.Interaction, competition: str) -> None:
        watch = await self.service.unwatch(await self._actor(interaction), competition)
        await respond(interaction, t("live-unwatched", name=escape_markdown(watch.label)), ephemeral=True)

    @unwatch.autocomplete("competition")
    async def watched(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._watch_choices(current, watching_only=True)

    @live.command(name="list", description=command_text("cmd-live-list"))
    async def list_watches(self, interaction: discord.Interaction) -> None:
        watches = await self.service.watches()
        await respond(interaction, embed=ui.watches_embed(words_for(interaction), watches), ephemeral=True)

    # --- subscriptions (moderators) -----------------------------------------------------------------------------
    @live.command(name="subscribe", description=command_text("cmd-live-subscribe"))
    @app_commands.guild_only()
    @app_commands.describe(
        channel=command_text("cmd-live-subscribe-channel"),
        competition=command_text("cmd-live-subscribe-competition"),
        disciplines=command_text("cmd-live-subscribe-disciplines"),
        levels=command_text("cmd-live-subscribe-levels"),
        delay_minutes=command_text("cmd-live-subscribe-delay-minutes"),
        role=command_text("cmd-live-subscribe-role"),
    )
    async def subscribe(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel,
        competition: str | None = None,
        disciplines: str | None = None,
        levels: str | None = None,
        delay_minutes: app_commands.Range[int, 0, 1440] = 0,
        role: discord.Role | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        subscription, watch = await self.service.subscribe(
            actor,
            channel.id,
            competition,
            disciplines_from(disciplines or ""),
            levels_from(levels or ""),
            delay_minutes,
            role.id if role is not None else None,
        )
        words = words_for(interaction)
        if watch is not None:
            lines = [words("live-subscribed", channel=channel.mention, competition=escape_markdown(watch.label))]
        else:
            lines = [words("live-subscribed-all", channel=channel.mention)]
        lines += ui.subscription_filters(words, subscription)
        me = channel.guild.me
        if me is not None:
            permissions = channel.permissions_for(me)
            missing = [n for n in ("send_messages", "embed_links") if not getattr(permissions, n)]
            if missing:
                names = tuple(t(f"live-permission-{n.replace('_', '-')}") for n in missing)
                lines.append(words("live-missing-permissions", permissions=names))
        # The reply names the role; the client's allowed mentions (none) keep it from pinging anyone.
        await respond(interaction, "\n".join(lines), ephemeral=True)

    @subscribe.autocomplete("competition")
    async def subscribe_competitions(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._watch_choices(current, watching_only=True)

    @subscribe.autocomplete("disciplines")
    async def discipline_list(self, interaction: discord.Interaction, current: str) -> Choices:
        return _list_choices(current, tuple(DISCIPLINE_LABELS))

    @subscribe.autocomplete("levels")
    async def level_list(self, interaction: discord.Interaction, current: str) -> Choices:
        return _list_choices(current, tuple(LEVEL_LABELS))

    @live.command(name="subscriptions", description=command_text("cmd-live-subscriptions"))
    @app_commands.guild_only()
    async def subscriptions(self, interaction: discord.Interaction) -> None:
        found = await self.service.subscriptions(await self._actor(interaction))
        await respond(interaction, embed=ui.subscriptions_embed(words_for(interaction), found), ephemeral=True)

    @live.command(name="unsubscribe", description=command_text("cmd-live-unsubscribe"))
    @app_commands.guild_only()
    @app_commands.describe(subscription=command_text("cmd-live-unsubscribe-subscription"))
    async def unsubscribe(self, interaction: discord.Interaction, subscription: int) -> None:
        actor = await self._actor(interaction)
        watches = {s.id: w for s, w in await self.service.subscriptions(actor)}
        ended = await self.service.unsubscribe(actor, subscription)
        words = words_for(interaction)
        competition = ui.competition_of(words, watches.get(ended.id))
        await respond(
            interaction,
            words("live-unsubscribed", channel=f"<#{ended.channel_id}>", competition=competition),
            ephemeral=True,
        )

    @unsubscribe.autocomplete("subscription")
    async def subscription_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        try:
            words = words_for(interaction)
            found = await self.service.subscriptions(await self._actor(interaction))
            choices = []
            for subscription, watch in found:
                channel = interaction.guild.get_channel(subscription.channel_id) if interaction.guild else None
                name = words(
                    "live-subscription-choice",
                    id=subscription.id,
                    channel=f"#{channel.name}" if channel else str(subscription.channel_id),
                    competition=watch.label if watch else words("live-every-competition"),
                )
                if current.strip().casefold() in name.casefold():
                    choices.append(app_commands.Choice(name=name[:100], value=subscription.id))
            return choices[:25]
        except Exception:
            log.exception("subscription autocomplete failed")
            return []

    async def _watch_choices(self, current: str, *, watching_only: bool) -> Choices:
        try:
            watches = await self.service.watches()
            typed = current.strip().casefold()
            return [
                app_commands.Choice(name=w.label[:100], value=str(w.id))
                for w in watches
                if (not watching_only or w.state.value == "watching") and typed in w.label.casefold()
            ][:25]
        except Exception:
            log.exception("watch autocomplete failed")
            return []

    # --- following skaters (anyone) ---------------------------------------------------------------------------
    @app_commands.command(name="follow", description=command_text("cmd-follow"))
    @app_commands.describe(athlete=command_text("cmd-follow-athlete"))
    @app_commands.autocomplete(athlete=_autocomplete.skaters)
    async def follow(self, interaction: discord.Interaction, athlete: str) -> None:
        name, new = await self.service.follow(await self._actor(interaction), athlete, str(interaction.locale))
        key = "live-followed" if new else "live-follow-already"
        await respond(interaction, t(key, name=escape_markdown(name)), ephemeral=True)

    @app_commands.command(name="unfollow", description=command_text("cmd-unfollow"))
    @app_commands.describe(athlete=command_text("cmd-unfollow-athlete"))
    @app_commands.autocomplete(athlete=_autocomplete.skaters)
    async def unfollow(self, interaction: discord.Interaction, athlete: str) -> None:
        name, removed = await self.service.unfollow(await self._actor(interaction), athlete)
        key = "live-unfollowed" if removed else "live-unfollow-not"
        await respond(interaction, t(key, name=escape_markdown(name)), ephemeral=True)

    @app_commands.command(name="following", description=command_text("cmd-following"))
    async def following(self, interaction: discord.Interaction) -> None:
        names = await self.service.following(await self._actor(interaction))
        await respond(interaction, embed=ui.following_embed(words_for(interaction), names), ephemeral=True)

    # --- the schedule ---------------------------------------------------------------------------------------------
    @anywhere
    @app_commands.command(name="schedule", description=command_text("cmd-schedule"))
    @app_commands.describe(competition=command_text("cmd-schedule-competition"))
    async def schedule(self, interaction: discord.Interaction, competition: str | None = None) -> None:
        view = await self.service.schedule(competition)
        await respond(interaction, embed=ui.schedule_embed(words_for(interaction), view))

    @schedule.autocomplete("competition")
    async def schedule_competitions(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._watch_choices(current, watching_only=False)


def _list_choices(current: str, codes: tuple[str, ...]) -> Choices:
    """Completes the last word of a comma-separated list."""
    done, _, typing = current.rpartition(",")
    prefix = f"{done}, " if done else ""
    words = [code.replace("_", " ") for code in codes]
    return [
        app_commands.Choice(name=f"{prefix}{word}"[:100], value=f"{prefix}{word}"[:100])
        for word in words
        if word.startswith(typing.strip().lower())
    ][:25]


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Live(bot))
