"""Previous/Next paging over a list of embeds, for the person who asked only."""

from __future__ import annotations

import logging

import discord

from bot import messages
from bot.tree import report_error
from bot.ui import replies
from bot.ui.replies import respond

log = logging.getLogger(__name__)

# Seconds without a press after which the buttons are disabled (Discord keeps the message forever).
PAGING_TIMEOUT = 180.0


class Paginator(discord.ui.View):
    def __init__(self, pages: list[discord.Embed], *, author_id: int, timeout: float | None = None) -> None:
        super().__init__(timeout=PAGING_TIMEOUT if timeout is None else timeout)
        self.pages = pages
        self.author_id = author_id
        self.index = 0
        self.origin: discord.Interaction | None = None
        self._sync_buttons()

    async def start(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        """Sends the first page; a single page goes out without buttons."""
        if len(self.pages) == 1:
            self.stop()
            await respond(interaction, embed=self.pages[0], ephemeral=ephemeral)
            return
        self.origin = interaction
        await respond(interaction, embed=self.pages[0], view=self, ephemeral=ephemeral)

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.pages) - 1
        self.counter.label = f"{self.index + 1}/{len(self.pages)}"

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await respond(interaction, messages.NOT_YOUR_BUTTONS, ephemeral=True)
        return False

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = max(0, min(index, len(self.pages) - 1))
        self._sync_buttons()
        await replies.edit(interaction, embed=self.pages[self.index], view=self)

    @discord.ui.button(label="Previous", emoji="◀️", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        await self._show(interaction, self.index - 1)

    @discord.ui.button(label="1/1", style=discord.ButtonStyle.secondary, disabled=True)
    async def counter(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        """Shows the page number; never enabled."""

    @discord.ui.button(label="Next", emoji="▶️", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _: discord.ui.Button[Paginator]) -> None:
        await self._show(interaction, self.index + 1)

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        if self.origin is not None:
            try:
                await self.origin.edit_original_response(view=self)
            except discord.HTTPException:
                log.debug("could not disable paging buttons (message gone?)", exc_info=True)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        await report_error(interaction, error)
