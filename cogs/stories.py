"""/story: look up and report stories (everyone), curate them (moderators)."""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import modlog
from bot.checks import actor_for
from bot.errors import UserFacingError
from bot.services.access import Actor
from bot.services.stories import NeedsConfirmation, StoryDraft
from bot.text import quote
from bot.tree import report_error
from bot.ui import stories as ui
from bot.ui.i18n import command_text, words_for
from bot.ui.paging import Paginator
from bot.ui.replies import respond
from cogs import _autocomplete
from db.models import LABELS, SOURCE_KINDS

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

log = logging.getLogger(__name__)

# Story numbers as Discord bounds them: the store holds any of them, and nothing else arrives.
StoryId = app_commands.Range[int, 1, 2**53 - 1]
LABEL_CHOICES = [app_commands.Choice(name=ui.badge(label), value=label) for label in LABELS]
ROLE_CHOICES = [
    app_commands.Choice(name="evidence: shows whether the story is true", value="evidence"),
    app_commands.Choice(name="circulates: a place where the story is being shared", value="appearance"),
]
KIND_CHOICES = [
    app_commands.Choice(name="primary: an official body, the athlete, a wire report", value="primary"),
    app_commands.Choice(name="secondary: coverage", value="secondary"),
    app_commands.Choice(name="social: a post or a video", value="social"),
]
assert [c.value for c in KIND_CHOICES] == list(SOURCE_KINDS)


class Stories(commands.Cog):
    story = app_commands.Group(
        name="story", description="Viral skating stories: look up, report, curate", guild_only=True
    )
    source = app_commands.Group(name="source", description="A story's sources (moderators)", parent=story)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.stories
        self.report_menu = app_commands.ContextMenu(name="Report story", callback=self.report_story)
        self.bot.tree.add_command(self.report_menu)

    async def cog_load(self) -> None:
        # The Flag / Read more buttons on every story message ever posted, across restarts.
        self.bot.add_dynamic_items(ui.FlagButton, ui.ReadMoreButton)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.report_menu.name, type=self.report_menu.type)
        self.bot.remove_dynamic_items(ui.FlagButton, ui.ReadMoreButton)

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.service, self.bot.settings.owner_ids)

    async def _log(self, actor: Actor, text: str) -> None:
        await modlog.post(self.bot, self.service, actor.guild_id, f"<@{actor.user_id}> {text}")

    @staticmethod
    async def _thinking(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
        """Acknowledges at once before a write: the write may wait for another process (an import) to finish
        with the store, and Discord drops an interaction not acknowledged within 3 s."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def _send_story(
        self, interaction: discord.Interaction, story_id: int, *, ephemeral: bool = False, note: str | None = None
    ) -> None:
        view = await self.service.view(await self._actor(interaction), story_id)
        await respond(
            interaction, note, embed=ui.story_embed(view), view=ui.story_buttons(view.story), ephemeral=ephemeral
        )

    # --- everyone -------------------------------------------------------------------------------------
    @story.command(name="show")
    @app_commands.describe(id="Story number, or start typing its title")
    async def show(self, interaction: discord.Interaction, id: StoryId) -> None:
        """Show a story with its label and sources."""
        await self._send_story(interaction, id)

    @story.command(name="search")
    @app_commands.describe(text="Words from the title, summary or story")
    async def search(self, interaction: discord.Interaction, text: str) -> None:
        """Search this server's stories and the shared library."""
        stories = await self.service.search(await self._actor(interaction), text)
        pages = ui.story_list_pages(f"Stories matching {quote(text)}", stories, "No story matches.")
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    async def report_story(self, interaction: discord.Interaction, message: discord.Message) -> None:
        story_id = ui.story_id_of(message)
        if story_id is None:
            raise UserFacingError("That message is not a story; use this on a message that shows one.")
        await interaction.response.send_modal(ui.FlagModal(story_id, self._flag))

    @commands.Cog.listener(f"on_{ui.STORY_BUTTON_EVENT}")
    async def on_story_button(self, interaction: discord.Interaction, action: str, story_id: int) -> None:
        """Presses of the persistent buttons on story messages (bot.ui.stories announces them)."""
        try:
            if action == "flag":
                await interaction.response.send_modal(ui.FlagModal(story_id, self._flag))
            elif action == "read":
                view = await self.service.view(await self._actor(interaction), story_id)
                await respond(interaction, embed=ui.full_body_embed(view), ephemeral=True)
        except Exception as error:  # buttons have no tree error handler: use the same one path
            await report_error(interaction, error)

    async def _flag(self, interaction: discord.Interaction, story_id: int, reason: str) -> None:
        await self._thinking(interaction)
        actor = await self._actor(interaction)
        story = await self.service.flag(actor, story_id, reason)
        if story.guild_id is None:
            # Only the bot's owners can label a library story: the report is in their review queue.
            await respond(
                interaction,
                f"Thanks: story #{story.id} is from the shared library, so your report went to the library's "
                "curators (the bot's owners), who review it.",
                ephemeral=True,
            )
            where = " (shared library: sent to the library's curators)"
        else:
            await respond(interaction, f"Thanks: story #{story.id} is in the moderators' review queue.", ephemeral=True)
            where = ""
        await self._log(
            actor,
            f"reported story #{story.id} **{discord.utils.escape_markdown(story.title)}**{where}: "
            f"{discord.utils.escape_markdown(reason[:500])}",
        )

    # --- moderators -----------------------------------------------------------------------------------
    @story.command(name="add")
    @app_commands.describe(
        competition="Link it to a competition",
        event="…and an event of it",
        library="Put it in the shared library (bot owners only)",
    )
    @app_commands.autocomplete(competition=_autocomplete.competitions, event=_autocomplete.events)
    async def add(
        self,
        interaction: discord.Interaction,
        competition: str | None = None,
        event: str | None = None,
        library: bool = False,
    ) -> None:
        """Add a story (moderators): opens a form."""
        actor = await self._actor(interaction)
        self.service.prepare_create(actor, competition, event, library=library)

        async def submit(modal_interaction: discord.Interaction, values: dict[str, str]) -> None:
            await self._thinking(modal_interaction)
            story = await self.service.create(
                await self._actor(modal_interaction),
                StoryDraft(competition=competition, event=event, **values),
                library=library,
            )
            await self._send_story(modal_interaction, story.id, ephemeral=True, note=f"Added story #{story.id}.")
            await self._log(actor, f"added story #{story.id} **{discord.utils.escape_markdown(story.title)}**")

        await interaction.response.send_modal(ui.StoryModal("New story", submit))

    @story.command(name="edit")
    @app_commands.describe(
        id="Story number", competition="Link it to a competition (empty: keep)", event="…and an event of it"
    )
    @app_commands.autocomplete(competition=_autocomplete.competitions, event=_autocomplete.events)
    async def edit(
        self,
        interaction: discord.Interaction,
        id: StoryId,
        competition: str | None = None,
        event: str | None = None,
    ) -> None:
        """Edit a story's text (moderators): opens a form."""
        actor = await self._actor(interaction)
        form = await self.service.edit_form(actor, id, competition, event)
        current = form.view

        async def submit(modal_interaction: discord.Interaction, values: dict[str, str]) -> None:
            await self._thinking(modal_interaction)
            draft = StoryDraft(competition=form.competition, event=form.event, **values)
            story, _ = await self.service.edit(await self._actor(modal_interaction), id, draft)
            await self._send_story(modal_interaction, story.id, ephemeral=True, note=f"Saved story #{story.id}.")
            await self._log(actor, f"edited story #{story.id} **{discord.utils.escape_markdown(story.title)}**")

        await interaction.response.send_modal(
            ui.StoryModal(f"Edit story #{id}", submit, story=current.story, skaters=", ".join(current.skaters))
        )

    @source.command(name="add")
    @app_commands.describe(
        id="Story number",
        url="Link to the source (http or https)",
        kind="What kind of source",
        publisher="Who published it (default: from the link)",
        note="What it shows",
        role="Evidence about the story (default), or a place where it circulates",
    )
    @app_commands.choices(kind=KIND_CHOICES, role=ROLE_CHOICES)
    async def source_add(
        self,
        interaction: discord.Interaction,
        id: StoryId,
        url: str,
        kind: app_commands.Choice[str] | None = None,
        publisher: str = "",
        note: str = "",
        role: app_commands.Choice[str] | None = None,
    ) -> None:
        """Attach a source link to a story (moderators)."""
        actor = await self._actor(interaction)
        await self._thinking(interaction)
        story = await self.service.add_source(
            actor, id, url, kind.value if kind else "secondary", publisher, note, role.value if role else "evidence"
        )
        added = story.sources[-1]
        await respond(
            interaction, f"Added to story #{story.id}: {added.publisher} <{added.url}> ({added.kind}).", ephemeral=True
        )
        await self._log(actor, f"added a source to story #{story.id}: {added.publisher} <{added.url}>")

    @source.command(name="remove")
    @app_commands.describe(id="Story number", source="The source to remove")
    async def source_remove(self, interaction: discord.Interaction, id: StoryId, source: str) -> None:
        """Remove a source from a story (moderators)."""
        actor = await self._actor(interaction)
        await self._thinking(interaction)
        story, removed = await self.service.remove_source(actor, id, source)
        await respond(interaction, f"Removed from story #{story.id}: <{removed.url}>.", ephemeral=True)
        await self._log(actor, f"removed a source from story #{story.id}: <{removed.url}>")

    @story.command(name="label")
    @app_commands.describe(
        id="Story number", label="The verdict", note="Why (required for false, disputed and misleading)"
    )
    @app_commands.choices(label=LABEL_CHOICES)
    async def label(
        self,
        interaction: discord.Interaction,
        id: StoryId,
        label: app_commands.Choice[str],
        note: str = "",
    ) -> None:
        """Label a story verified, disputed, false, ... (moderators)."""
        actor = await self._actor(interaction)
        # Labelling resolves every open report of the story (thousands, on a brigaded one) and may wait for
        # another process's write: acknowledge first.
        await self._thinking(interaction)

        async def apply(target: discord.Interaction, confirmed: bool) -> None:
            if confirmed:
                await target.response.defer()  # the press: the confirmation message is edited when done
            story, resolved = await self.service.label(actor, id, label.value, note, confirmed=confirmed)
            text = f"Story #{story.id} is now {ui.badge(story.label)}."
            if resolved:
                text += f" {resolved} open report(s) resolved."
            try:
                if confirmed:
                    await target.edit_original_response(content=text, view=None)
                else:
                    await respond(target, text, ephemeral=True)
            finally:
                # The label is stored (and its posted moments are being corrected: the moment service
                # subscribes to relabels): the mod-log follows whether or not the reply reached the moderator.
                await self._log(
                    actor,
                    f"labelled story #{story.id} {ui.badge(story.label)}"
                    + (f" — {discord.utils.escape_markdown(note)}" if note else ""),
                )

        try:
            await apply(interaction, confirmed=False)
        except NeedsConfirmation as warning:
            confirm = ui.Confirm(
                interaction.user.id,
                "Verify anyway",
                lambda pressed: apply(pressed, confirmed=True),
                style=discord.ButtonStyle.primary,
            )
            confirm.origin = interaction
            await respond(interaction, f"⚠️ {warning.message}", view=confirm, ephemeral=True)

    @story.command(name="check", description=command_text("cmd-story-check"))
    @app_commands.describe(id=command_text("cmd-story-check-id"))
    async def check(self, interaction: discord.Interaction, id: StoryId) -> None:
        actor = await self._actor(interaction)
        await self._thinking(interaction)  # the check's summary is stored with the story: a write
        story, report = await self.service.check(actor, id)
        pages = ui.check_pages(story, report, words_for(interaction))
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    @story.command(name="history")
    @app_commands.describe(id="Story number")
    async def history(self, interaction: discord.Interaction, id: StoryId) -> None:
        """Every change to a story: who, when, before and after (moderators)."""
        story, entries = await self.service.history(await self._actor(interaction), id)
        await Paginator(ui.history_pages(story, entries), author_id=interaction.user.id).start(
            interaction, ephemeral=True
        )

    @story.command(name="queue")
    async def queue(self, interaction: discord.Interaction) -> None:
        """Unverified and reported stories, oldest first (moderators)."""
        items = await self.service.queue(await self._actor(interaction))
        await Paginator(ui.queue_pages(items), author_id=interaction.user.id).start(interaction, ephemeral=True)

    @story.command(name="delete")
    @app_commands.describe(id="Story number")
    async def delete(self, interaction: discord.Interaction, id: StoryId) -> None:
        """Delete a story (moderators; it stays in the audit trail)."""
        actor = await self._actor(interaction)
        current = await self.service.for_edit(actor, id)

        async def confirmed(pressed: discord.Interaction) -> None:
            await pressed.response.defer()  # the write may wait for another process: acknowledge first
            story = await self.service.delete(actor, id)
            await pressed.edit_original_response(content=f"Deleted story #{story.id}.", view=None)
            await self._log(actor, f"deleted story #{story.id} **{discord.utils.escape_markdown(story.title)}**")

        confirm = ui.Confirm(interaction.user.id, "Delete", confirmed)
        confirm.origin = interaction
        await respond(
            interaction,
            f"Delete story #{id} **{discord.utils.escape_markdown(current.story.title)}**?",
            view=confirm,
            ephemeral=True,
        )

    @story.command(name="export")
    @app_commands.describe(id="Story number")
    async def export(self, interaction: discord.Interaction, id: StoryId) -> None:
        """The story's verdict as schema.org ClaimReview JSON-LD (moderators)."""
        guild_name = interaction.guild.name if interaction.guild else "skatebot"
        document = await self.service.export(
            await self._actor(interaction),
            id,
            server_reviewer=f"{guild_name} moderators",
            operator=self.bot.settings.operator_name,
            review_url=self.bot.settings.review_url,
        )
        data = json.dumps(document, ensure_ascii=False, indent=2).encode()
        await respond(
            interaction,
            f"ClaimReview for story #{id}:",
            file=discord.File(io.BytesIO(data), f"story-{id}-claimreview.jsonld"),
            ephemeral=True,
        )

    # --- autocomplete ---------------------------------------------------------------------------------
    @show.autocomplete("id")
    @edit.autocomplete("id")
    @source_add.autocomplete("id")
    @source_remove.autocomplete("id")
    @label.autocomplete("id")
    @history.autocomplete("id")
    @check.autocomplete("id")
    @delete.autocomplete("id")
    @export.autocomplete("id")
    async def story_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        try:
            actor = Actor(interaction.user.id, interaction.guild_id)  # visibility only: no rights needed
            stories = await self.service.suggest(actor, current.lstrip("#"))
            return [app_commands.Choice(name=f"#{s.id} · {s.title}"[:100], value=s.id) for s in stories[:25]]
        except Exception:
            log.exception("story autocomplete failed")
            return []

    @source_remove.autocomplete("source")
    async def story_sources(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            story_id = getattr(interaction.namespace, "id", None)
            if not isinstance(story_id, int):
                return []
            view = await self.service.view(Actor(interaction.user.id, interaction.guild_id), story_id)
            wanted = current.casefold()
            return [
                app_commands.Choice(name=f"{s.source.publisher} · {s.source.url}"[:100], value=str(s.source.id))
                for s in view.sources
                if wanted in s.source.url.casefold() or wanted in s.source.publisher.casefold()
            ][:25]
        except Exception:
            log.exception("source autocomplete failed")
            return []


async def setup(bot: SkateBot) -> None:
    await bot.add_cog(Stories(bot))
