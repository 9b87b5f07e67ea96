"""/story: look up and report stories (everyone), curate them (moderators)."""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.checks import actor_for, require_bot_server
from bot.discord_layer.installs import ANYWHERE_CONTEXTS, ANYWHERE_INSTALLS, guild_scope, in_bot_server
from bot.discord_layer.ui import stories as ui
from bot.discord_layer.ui.errors import report_error
from bot.discord_layer.ui.i18n import command_text, guild_words, words_for
from bot.discord_layer.ui.paging import Paginator
from bot.discord_layer.ui.replies import respond
from bot.errors import UserFacingError
from bot.i18n import Text, t
from bot.services.access import Actor
from bot.services.stories import NeedsConfirmation, StoryDraft, kind_name
from bot.text import quote
from cogs import _autocomplete
from db.models import LABELS, SOURCE_KINDS, SOURCE_ROLES

if TYPE_CHECKING:  # the bot loads the cogs: a runtime import back would be a cycle
    from bot.client import SkateBot

log = logging.getLogger(__name__)

# Story numbers as Discord bounds them: the store holds any of them, and nothing else arrives.
StoryId = app_commands.Range[int, 1, 2**53 - 1]
LABEL_CHOICES = [app_commands.Choice(name=command_text(f"choice-label-{label}"), value=label) for label in LABELS]
ROLE_CHOICES = [app_commands.Choice(name=command_text(f"choice-source-role-{r}"), value=r) for r in SOURCE_ROLES]
# The /story subcommands that only read (the shared library, where the bot is not a member).
ANYWHERE_STORY_COMMANDS = frozenset({"story show", "story search"})
KIND_CHOICES = [app_commands.Choice(name=command_text(f"choice-source-kind-{k}"), value=k) for k in SOURCE_KINDS]


class Stories(commands.Cog):
    # /story show and /story search read the shared library anywhere (a member's own install, a DM); Discord sets
    # installs and contexts per top-level command, so the curation subcommands are refused outside the bot's
    # servers by `interaction_check`.
    story = app_commands.Group(
        name="story",
        description=command_text("cmd-story"),
        allowed_installs=ANYWHERE_INSTALLS,
        allowed_contexts=ANYWHERE_CONTEXTS,
    )
    source = app_commands.Group(name="source", description=command_text("cmd-story-source"), parent=story)

    def __init__(self, bot: SkateBot) -> None:
        self.bot = bot
        self.service = bot.stories
        self.report_menu = app_commands.ContextMenu(name=command_text("cmd-report-story"), callback=self.report_story)
        self.bot.tree.add_command(self.report_menu)

    async def cog_load(self) -> None:
        # The Flag / Read more buttons on every story message ever posted, across restarts.
        self.bot.add_dynamic_items(ui.FlagButton, ui.ReadMoreButton)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.report_menu.name, type=self.report_menu.type)
        self.bot.remove_dynamic_items(ui.FlagButton, ui.ReadMoreButton)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Curation needs the server behind it: outside the bot's servers only show and search run."""
        command = interaction.command
        if command is not None and command.qualified_name not in ANYWHERE_STORY_COMMANDS:
            require_bot_server(interaction)
        return True

    async def _actor(self, interaction: discord.Interaction) -> Actor:
        return await actor_for(interaction, self.service, self.bot.settings.owner_ids)

    @staticmethod
    async def _thinking(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
        """Acknowledges at once before a write: the write may wait for another process (an import) to finish
        with the store, and Discord drops an interaction not acknowledged within 3 s."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def _send_story(
        self, interaction: discord.Interaction, story_id: int, *, ephemeral: bool = False, note: Text | None = None
    ) -> None:
        view = await self.service.view(await self._actor(interaction), story_id)
        words = words_for(interaction)
        # A report is filed in a server (its moderators or the library's curators read it there): no Flag button
        # where the bot is not a member.
        buttons = ui.story_buttons(view.story, words=words, flag=in_bot_server(interaction))
        await respond(interaction, note, embed=ui.story_embed(view, words), view=buttons, ephemeral=ephemeral)

    # --- everyone -------------------------------------------------------------------------------------
    @story.command(name="show", description=command_text("cmd-story-show"))
    @app_commands.describe(id=command_text("cmd-story-show-id"))
    async def show(self, interaction: discord.Interaction, id: StoryId) -> None:
        await self._send_story(interaction, id)

    @story.command(name="search", description=command_text("cmd-story-search"))
    @app_commands.describe(text=command_text("cmd-story-search-text"))
    async def search(self, interaction: discord.Interaction, text: str) -> None:
        stories = await self.service.search(await self._actor(interaction), text)
        words = words_for(interaction)
        pages = ui.story_list_pages(words("search-title", text=quote(text)), stories, words("search-empty"), words)
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    async def report_story(self, interaction: discord.Interaction, message: discord.Message) -> None:
        story_id = ui.story_id_of(message)
        if story_id is None:
            raise UserFacingError("story-not-a-story-message")
        await interaction.response.send_modal(ui.FlagModal(story_id, self._flag, words_for(interaction)))

    @commands.Cog.listener(f"on_{ui.STORY_BUTTON_EVENT}")
    async def on_story_button(self, interaction: discord.Interaction, action: str, story_id: int) -> None:
        """Presses of the persistent buttons on story messages (bot.discord_layer.ui.stories announces them)."""
        try:
            if action == "flag":
                await interaction.response.send_modal(ui.FlagModal(story_id, self._flag, words_for(interaction)))
            elif action == "read":
                # The store may be slow to answer (a hung server): acknowledge the press first.
                await interaction.response.defer(ephemeral=True, thinking=True)
                view = await self.service.view(await self._actor(interaction), story_id)
                await respond(interaction, embed=ui.full_body_embed(view), ephemeral=True)
        except Exception as error:  # buttons have no tree error handler: use the same one path
            await report_error(interaction, error)

    async def _flag(self, interaction: discord.Interaction, story_id: int, reason: str) -> None:
        await self._thinking(interaction)
        actor = await self._actor(interaction)
        story = await self.service.flag(actor, story_id, reason)
        library = story.guild_id is None
        # Only the bot's owners can label a library story: the report is in their review queue.
        await respond(interaction, t("flag-thanks-library" if library else "flag-thanks", id=story.id), ephemeral=True)

    # --- moderators -----------------------------------------------------------------------------------
    @story.command(name="add", description=command_text("cmd-story-add"))
    @app_commands.describe(
        competition=command_text("cmd-story-add-competition"),
        event=command_text("cmd-story-add-event"),
        library=command_text("cmd-story-add-library"),
        language=command_text("cmd-story-add-language"),
    )
    @app_commands.autocomplete(
        competition=_autocomplete.competitions, event=_autocomplete.events, language=_autocomplete.languages
    )
    async def add(
        self,
        interaction: discord.Interaction,
        competition: str | None = None,
        event: str | None = None,
        library: bool = False,
        language: str | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        self.service.prepare_create(actor, competition, event, library=library)

        async def submit(modal_interaction: discord.Interaction, values: dict[str, str]) -> None:
            await self._thinking(modal_interaction)
            story = await self.service.create(
                await self._actor(modal_interaction),
                StoryDraft(competition=competition, event=event, language=language, **values),
                library=library,
            )
            await self._send_story(modal_interaction, story.id, ephemeral=True, note=t("story-added", id=story.id))

        words = words_for(interaction)
        await interaction.response.send_modal(ui.StoryModal(words("story-form-new"), submit, words=words))

    @story.command(name="edit", description=command_text("cmd-story-edit"))
    @app_commands.describe(
        id=command_text("cmd-story-edit-id"),
        competition=command_text("cmd-story-edit-competition"),
        event=command_text("cmd-story-edit-event"),
        language=command_text("cmd-story-edit-language"),
    )
    @app_commands.autocomplete(
        competition=_autocomplete.competitions, event=_autocomplete.events, language=_autocomplete.languages
    )
    async def edit(
        self,
        interaction: discord.Interaction,
        id: StoryId,
        competition: str | None = None,
        event: str | None = None,
        language: str | None = None,
    ) -> None:
        actor = await self._actor(interaction)
        form = await self.service.edit_form(actor, id, competition, event)
        current = form.view

        async def submit(modal_interaction: discord.Interaction, values: dict[str, str]) -> None:
            await self._thinking(modal_interaction)
            draft = StoryDraft(competition=form.competition, event=form.event, language=language, **values)
            story, _ = await self.service.edit(await self._actor(modal_interaction), id, draft)
            await self._send_story(modal_interaction, story.id, ephemeral=True, note=t("story-saved", id=story.id))

        words = words_for(interaction)
        await interaction.response.send_modal(
            ui.StoryModal(
                words("story-form-edit", id=id),
                submit,
                words=words,
                story=current.story,
                skaters=", ".join(current.skaters),
            )
        )

    @source.command(name="add", description=command_text("cmd-story-source-add"))
    @app_commands.describe(
        id=command_text("cmd-story-source-add-id"),
        url=command_text("cmd-story-source-add-url"),
        kind=command_text("cmd-story-source-add-kind"),
        publisher=command_text("cmd-story-source-add-publisher"),
        note=command_text("cmd-story-source-add-note"),
        role=command_text("cmd-story-source-add-role"),
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
        actor = await self._actor(interaction)
        await self._thinking(interaction)
        story = await self.service.add_source(
            actor, id, url, kind.value if kind else "secondary", publisher, note, role.value if role else "evidence"
        )
        added = story.sources[-1]
        shown: dict[str, str | int] = {"id": story.id, "publisher": added.publisher, "url": added.url}
        await respond(interaction, t("source-added", **shown, kind=kind_name(added.kind)), ephemeral=True)

    @source.command(name="remove", description=command_text("cmd-story-source-remove"))
    @app_commands.describe(
        id=command_text("cmd-story-source-remove-id"), source=command_text("cmd-story-source-remove-source")
    )
    async def source_remove(self, interaction: discord.Interaction, id: StoryId, source: str) -> None:
        actor = await self._actor(interaction)
        await self._thinking(interaction)
        story, removed = await self.service.remove_source(actor, id, source)
        await respond(interaction, t("source-removed", id=story.id, url=removed.url), ephemeral=True)

    @story.command(name="label", description=command_text("cmd-story-label"))
    @app_commands.describe(
        id=command_text("cmd-story-label-id"),
        label=command_text("cmd-story-label-label"),
        note=command_text("cmd-story-label-note"),
    )
    @app_commands.choices(label=LABEL_CHOICES)
    async def label(
        self,
        interaction: discord.Interaction,
        id: StoryId,
        label: app_commands.Choice[str],
        note: str = "",
    ) -> None:
        actor = await self._actor(interaction)
        # Labelling resolves every open report of the story (thousands, on a brigaded one) and may wait for
        # another process's write: acknowledge first.
        await self._thinking(interaction)

        async def apply(target: discord.Interaction, confirmed: bool) -> None:
            if confirmed:
                await target.response.defer()  # the press: the confirmation message is edited when done
            story, resolved = await self.service.label(actor, id, label.value, note, confirmed=confirmed)
            badge = ui.badge_text(story.label)
            if resolved:
                text = t("label-set-resolved", id=story.id, badge=badge, resolved=resolved)
            else:
                text = t("label-set", id=story.id, badge=badge)
            # The label is stored and the mod-log told (by the service) before the moderator's reply.
            if confirmed:
                await target.edit_original_response(content=words_for(target)(text), view=None)
            else:
                await respond(target, text, ephemeral=True)

        try:
            await apply(interaction, confirmed=False)
        except NeedsConfirmation as warning:
            words = words_for(interaction)
            confirm = ui.Confirm(
                interaction.user.id,
                words("label-confirm-button"),
                lambda pressed: apply(pressed, confirmed=True),
                words=words,
                style=discord.ButtonStyle.primary,
            )
            confirm.origin = interaction
            await respond(interaction, t("label-warning", warning=warning.text), view=confirm, ephemeral=True)

    @story.command(name="check", description=command_text("cmd-story-check"))
    @app_commands.describe(id=command_text("cmd-story-check-id"))
    async def check(self, interaction: discord.Interaction, id: StoryId) -> None:
        actor = await self._actor(interaction)
        await self._thinking(interaction)  # the check's summary is stored with the story: a write
        story, report = await self.service.check(actor, id)
        pages = ui.check_pages(story, report, words_for(interaction))
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    @story.command(name="history", description=command_text("cmd-story-history"))
    @app_commands.describe(id=command_text("cmd-story-history-id"))
    async def history(self, interaction: discord.Interaction, id: StoryId) -> None:
        story, entries = await self.service.history(await self._actor(interaction), id)
        pages = ui.history_pages(story, entries, words_for(interaction))
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    @story.command(name="queue", description=command_text("cmd-story-queue"))
    async def queue(self, interaction: discord.Interaction) -> None:
        items = await self.service.queue(await self._actor(interaction))
        pages = ui.queue_pages(items, words_for(interaction))
        await Paginator(pages, author_id=interaction.user.id).start(interaction, ephemeral=True)

    @story.command(name="delete", description=command_text("cmd-story-delete"))
    @app_commands.describe(id=command_text("cmd-story-delete-id"))
    async def delete(self, interaction: discord.Interaction, id: StoryId) -> None:
        actor = await self._actor(interaction)
        current = await self.service.for_edit(actor, id)

        async def confirmed(pressed: discord.Interaction) -> None:
            await pressed.response.defer()  # the write may wait for another process: acknowledge first
            story = await self.service.delete(actor, id)
            await pressed.edit_original_response(content=words_for(pressed)("story-deleted", id=story.id), view=None)

        words = words_for(interaction)
        confirm = ui.Confirm(interaction.user.id, words("story-delete-button"), confirmed, words=words)
        confirm.origin = interaction
        await respond(
            interaction,
            t("story-delete-confirm", id=id, title=discord.utils.escape_markdown(current.story.title)),
            view=confirm,
            ephemeral=True,
        )

    @story.command(name="export", description=command_text("cmd-story-export"))
    @app_commands.describe(id=command_text("cmd-story-export-id"))
    async def export(self, interaction: discord.Interaction, id: StoryId) -> None:
        guild_name = interaction.guild.name if interaction.guild else "skatebot"
        # The review is published as the server's: its reviewer is named in the server's words.
        reviewer = guild_words(interaction.guild)("export-reviewer", server=guild_name)
        document = await self.service.export(
            await self._actor(interaction),
            id,
            server_reviewer=reviewer,
            operator=self.bot.settings.operator_name,
            review_url=self.bot.settings.review_url,
        )
        data = json.dumps(document, ensure_ascii=False, indent=2).encode()
        await respond(
            interaction,
            t("export-ready", id=id),
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
        return await _autocomplete.stories(interaction, current)

    @source_remove.autocomplete("source")
    async def story_sources(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            story_id = getattr(interaction.namespace, "id", None)
            if not isinstance(story_id, int):
                return []
            view = await self.service.view(Actor(interaction.user.id, guild_scope(interaction)), story_id)
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
