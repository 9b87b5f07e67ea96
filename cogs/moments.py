"""/moment: the daily story post. Everyone sees today's; moderators schedule and tune it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for
from bot.discord_layer.ui import moments as ui
from bot.discord_layer.ui.i18n import command_text, words_for
from bot.discord_layer.ui.replies import respond
from bot.i18n import t
from bot.services.access import Actor
from bot.services.moment_rules import NEVER_POSTABLE, zone_choices
from cogs import _autocomplete
from db.models import LABELS

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

log = logging.getLogger(__name__)


class Moments(commands.Cog):
    moment = app_commands.Group(name="moment", description=command_text("cmd-moment"), guild_only=True)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.moments

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @moment.command(name="today", description=command_text("cmd-moment-today"))
    async def today(self, interaction: discord.Interaction) -> None:
        status = await self.service.today(await self._actor(interaction))
        if status is None:
            await respond(interaction, t("moment-none"), ephemeral=True)
            return
        words = words_for(interaction)
        embeds = [ui.moment_embed(words, status.content)] if status.content else []
        await respond(interaction, ui.today_text(words, status), embeds=embeds, ephemeral=True)

    @moment.command(name="schedule", description=command_text("cmd-moment-schedule"))
    @app_commands.describe(
        channel=command_text("cmd-moment-schedule-channel"),
        time=command_text("cmd-moment-schedule-time"),
        timezone=command_text("cmd-moment-schedule-timezone"),
    )
    async def schedule(
        self, interaction: discord.Interaction, channel: discord.TextChannel, time: str, timezone: str
    ) -> None:
        schedule = await self.service.schedule(await self._actor(interaction), channel.id, time, timezone)
        due = self.service.next_post(schedule)
        words = words_for(interaction)
        text = words(
            "schedule-set",
            channel=channel.mention,
            time=schedule.post_time,
            zone=schedule.timezone,
            next=f"<t:{int(due.timestamp())}:F>",
        )
        permissions = channel.permissions_for(channel.guild.me)
        missing = [n for n in ("send_messages", "embed_links") if not getattr(permissions, n)]
        if missing:
            names = tuple(t("post-permission-" + n.replace("_", "-")) for n in missing)
            text += "\n" + words("schedule-missing-permissions", permissions=names)
        await respond(interaction, text, ephemeral=True)

    @schedule.autocomplete("timezone")
    async def timezones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            return [app_commands.Choice(name=zone, value=zone) for zone in zone_choices(current)]
        except Exception:
            log.exception("time zone autocomplete failed")
            return []

    @moment.command(name="pause", description=command_text("cmd-moment-pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.service.set_paused(await self._actor(interaction), True)
        await respond(interaction, t("schedule-paused"), ephemeral=True)

    @moment.command(name="resume", description=command_text("cmd-moment-resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        schedule = await self.service.set_paused(await self._actor(interaction), False)
        due = self.service.next_post(schedule)
        await respond(interaction, t("schedule-resumed", next=f"<t:{int(due.timestamp())}:F>"), ephemeral=True)

    @moment.command(name="preview", description=command_text("cmd-moment-preview"))
    async def preview(self, interaction: discord.Interaction) -> None:
        preview = await self.service.preview(await self._actor(interaction))
        await respond(interaction, embeds=ui.preview_embeds(words_for(interaction), preview), ephemeral=True)

    @moment.command(name="post-now", description=command_text("cmd-moment-post-now"))
    async def post_now(self, interaction: discord.Interaction) -> None:
        actor = await self._actor(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.service.post_now(actor)
        await respond(interaction, ui.POST_NOW_REPLIES[outcome], ephemeral=True)

    @moment.command(name="settings", description=command_text("cmd-moment-settings"))
    @app_commands.describe(
        labels=command_text("cmd-moment-settings-labels"),
        repeat_days=command_text("cmd-moment-settings-repeat-days"),
        from_results=command_text("cmd-moment-settings-from-results"),
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        labels: str | None = None,
        repeat_days: app_commands.Range[int, 0, 3650] | None = None,
        from_results: bool | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        wanted = [label.strip().lower() for label in labels.split(",")] if labels else None
        await self.service.settings(actor, wanted, repeat_days, from_results)
        preview = await self.service.preview(actor)
        await respond(interaction, embed=ui.settings_embed(words_for(interaction), preview), ephemeral=True)

    @moment.command(name="hide", description=command_text("cmd-moment-hide"))
    @app_commands.describe(story=command_text("cmd-moment-hide-story"), undo=command_text("cmd-moment-hide-undo"))
    @app_commands.autocomplete(story=_autocomplete.stories)
    async def hide(
        self, interaction: discord.Interaction, story: app_commands.Range[int, 1, 2**53 - 1], undo: bool = False
    ) -> None:
        found, changed = await self.service.hide(await self._actor(interaction), story, hidden=not undo)
        replies = {
            (False, True): "moment-hidden",
            (False, False): "moment-hidden-already",
            (True, True): "moment-unhidden",
            (True, False): "moment-unhidden-already",
        }
        await respond(interaction, t(replies[(undo, changed)], id=found.id), ephemeral=True)

    @settings.autocomplete("labels")
    async def label_list(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        done, _, typing = current.rpartition(",")
        prefix = f"{done}," if done else ""
        return [
            app_commands.Choice(name=f"{prefix}{label}", value=f"{prefix}{label}")
            for label in LABELS
            if label not in NEVER_POSTABLE and label.startswith(typing.strip().lower())
        ][:25]


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Moments(bot))
