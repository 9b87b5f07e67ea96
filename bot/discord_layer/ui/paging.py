"""Previous/Next paging over a list of embeds, for the person who asked only."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any, ClassVar

import discord

from bot.discord_layer.ui import replies
from bot.discord_layer.ui.errors import report_error
from bot.discord_layer.ui.i18n import words_for
from bot.discord_layer.ui.replies import respond
from bot.i18n import render, t

log = logging.getLogger(__name__)

# Seconds without a press after which the buttons are disabled (Discord keeps the message forever).
PAGING_TIMEOUT = 180.0
# Open pagers a process keeps at most: past that, the oldest one's buttons are switched off early, so the
# views discord.py keeps for them are bounded whatever the load.
MAX_OPEN_PAGERS = 500


class Paginator(discord.ui.View):
    """Holds only what a press needs: the pages (embeds the results service shares between answers, so
    nothing is copied per pager) and the follow-up webhook and message id to switch the buttons off later,
    not the whole interaction."""

    _open: ClassVar[OrderedDict[int, Paginator]] = OrderedDict()  # by id(), oldest first
    _closing: ClassVar[set[asyncio.Task[None]]] = set()

    def __init__(self, pages: list[discord.Embed], *, author_id: int, timeout: float | None = None) -> None:
        super().__init__(timeout=PAGING_TIMEOUT if timeout is None else timeout)
        self.pages = pages
        self.author_id = author_id
        self.index = 0
        self._message: tuple[discord.Webhook, int] | None = None  # where the buttons are, once sent
        self._sync_buttons()

    async def start(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        """Sends the first page (as the follow-up when the interaction was deferred); a single page goes out
        without buttons. The buttons are in the asker's words."""
        words = words_for(interaction)
        self.previous.label, self.next.label = words("page-previous"), words("page-next")
        if len(self.pages) == 1:
            self.stop()
            await respond(interaction, embed=self.pages[0], ephemeral=ephemeral)
            return
        message_id = await respond(interaction, embed=self.pages[0], view=self, ephemeral=ephemeral)
        if message_id:
            self._message = (interaction.followup, message_id)
        self._track()

    def _track(self) -> None:
        Paginator._open[id(self)] = self
        while len(Paginator._open) > MAX_OPEN_PAGERS:
            _, oldest = Paginator._open.popitem(last=False)
            task = asyncio.create_task(oldest._close(), name="close-oldest-pager")
            Paginator._closing.add(task)
            task.add_done_callback(Paginator._closing.discard)

    async def _close(self) -> None:
        """Stops the pager (its view leaves discord.py's store) and switches its buttons off."""
        self.stop()
        await self.on_timeout()

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.pages) - 1
        self.counter.label = f"{self.index + 1}/{len(self.pages)}"

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await respond(interaction, t("not-your-buttons"), ephemeral=True)
        return False

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = max(0, min(index, len(self.pages) - 1))
        self._sync_buttons()
        await replies.edit(interaction, embed=self.pages[self.index], view=self)

    @discord.ui.button(label=render("page-previous"), emoji="◀️", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        await self._show(interaction, self.index - 1)

    @discord.ui.button(label="1/1", style=discord.ButtonStyle.secondary, disabled=True)
    async def counter(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        """Shows the page number; never enabled."""

    @discord.ui.button(label=render("page-next"), emoji="▶️", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        await self._show(interaction, self.index + 1)

    async def on_timeout(self) -> None:
        Paginator._open.pop(id(self), None)
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        if self._message is not None:
            webhook, message_id = self._message
            self._message = None
            try:
                await webhook.edit_message(message_id, view=self)
            except discord.HTTPException:
                log.debug("could not disable paging buttons (message gone?)", exc_info=True)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await report_error(interaction, error)
