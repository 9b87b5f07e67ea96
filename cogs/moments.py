"""/moment: the daily story post. Everyone sees today's; moderators schedule and tune it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.checks import actor_for
from bot.services.access import Actor
from bot.services.moment_rules import NEVER_POSTABLE, zone_choices
from bot.ui import moments as ui
from bot.ui.replies import respond
from db.models import LABELS

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

log = logging.getLogger(__name__)


class Moments(commands.Cog):
    moment = app_commands.Group(name="moment", description="The moment of the day", guild_only=True)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.moments

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.bot.stories, self.bot.settings.owner_ids)

    @moment.command(name="today")
    async def today(self, interaction: discord.Interaction) -> None:
        """Today's moment of the day in this server."""
        status = await self.service.today(await self._actor(interaction))
        if status is None:
            await respond(interaction, "This server has no moment of the day.", ephemeral=True)
            return
        embeds = [ui.moment_embed(status.content)] if status.content else []
        await respond(interaction, ui.today_text(status), embeds=embeds, ephemeral=True)

    @moment.command(name="schedule")
    @app_commands.describe(
        channel="Where to post",
        time="Local time, HH:MM (24-hour)",
        timezone="IANA time zone, e.g. Asia/Tokyo or Europe/Paris",
    )
    async def schedule(
        self, interaction: discord.Interaction, channel: discord.TextChannel, time: str, timezone: str
    ) -> None:
        """Post a moment of the day in a channel, daily at a local time (moderators)."""
        schedule = await self.service.schedule(await self._actor(interaction), channel.id, time, timezone)
        due = self.service.next_post(schedule)
        text = (
            f"The moment of the day will be posted in {channel.mention} every day at {schedule.post_time} "
            f"({schedule.timezone}); next <t:{int(due.timestamp())}:F>."
        )
        permissions = channel.permissions_for(channel.guild.me)
        missing = [n for n in ("send_messages", "embed_links") if not getattr(permissions, n)]
        if missing:
            text += f"\n⚠️ I am missing {', '.join(n.replace('_', ' ').title() for n in missing)} in that channel."
        await respond(interaction, text, ephemeral=True)

    @schedule.autocomplete("timezone")
    async def timezones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            return [app_commands.Choice(name=zone, value=zone) for zone in zone_choices(current)]
        except Exception:
            log.exception("time zone autocomplete failed")
            return []

    @moment.command(name="pause")
    async def pause(self, interaction: discord.Interaction) -> None:
        """Stop posting, keeping the settings (moderators)."""
        await self.service.set_paused(await self._actor(interaction), True)
        await respond(interaction, "The moment of the day is paused; `/moment resume` restarts it.", ephemeral=True)

    @moment.command(name="resume")
    async def resume(self, interaction: discord.Interaction) -> None:
        """Post again with the same settings (moderators)."""
        schedule = await self.service.set_paused(await self._actor(interaction), False)
        due = self.service.next_post(schedule)
        await respond(interaction, f"Resumed; next post <t:{int(due.timestamp())}:F>.", ephemeral=True)

    @moment.command(name="preview")
    async def preview(self, interaction: discord.Interaction) -> None:
        """What would be posted today, and why (moderators)."""
        preview = await self.service.preview(await self._actor(interaction))
        await respond(interaction, embeds=ui.preview_embeds(preview), ephemeral=True)

    @moment.command(name="post-now")
    async def post_now(self, interaction: discord.Interaction) -> None:
        """Post today's moment now; it counts as today's post (moderators)."""
        actor = await self._actor(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.service.post_now(actor)
        await respond(interaction, ui.POST_NOW_REPLIES[outcome], ephemeral=True)

    @moment.command(name="settings")
    @app_commands.describe(
        labels="Labels that may be posted, comma-separated (default: verified)",
        repeat_days="Days before a story may be posted again (default 365)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        labels: str | None = None,
        repeat_days: app_commands.Range[int, 0, 3650] | None = None,
    ) -> None:
        """Show or change which stories may be posted (moderators)."""
        actor = await self._actor(interaction)
        wanted = [label.strip().lower() for label in labels.split(",")] if labels else None
        await self.service.settings(actor, wanted, repeat_days)
        preview = await self.service.preview(actor)
        await respond(interaction, embed=ui.settings_embed(preview), ephemeral=True)

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
