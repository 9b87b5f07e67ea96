"""Previous/Next paging over a list of embeds, for the person who asked only."""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from collections import OrderedDict
from typing import Any, ClassVar

import discord

from bot import messages
from bot.tree import report_error

log = logging.getLogger(__name__)

# Seconds without a press after which the buttons are disabled (Discord keeps the message forever).
PAGING_TIMEOUT = 180.0
# Open pagers a process keeps at most: past that, the oldest one's buttons are switched off early. Each holds
# its pages (compressed) for up to PAGING_TIMEOUT, so this bounds their memory whatever the load.
MAX_OPEN_PAGERS = 500


def _pack(embed: discord.Embed) -> bytes:
    return zlib.compress(json.dumps(embed.to_dict(), ensure_ascii=False, separators=(",", ":")).encode(), 6)


def _unpack(data: bytes) -> discord.Embed:
    return discord.Embed.from_dict(json.loads(zlib.decompress(data)))


class Paginator(discord.ui.View):
    """Holds only what a press needs: each page's embed compressed (about a fifth of the Embed objects), and
    the follow-up webhook and message id to switch the buttons off later, not the whole interaction."""

    _open: ClassVar[OrderedDict[int, Paginator]] = OrderedDict()  # by id(), oldest first
    _closing: ClassVar[set[asyncio.Task[None]]] = set()

    def __init__(self, pages: list[discord.Embed], *, author_id: int, timeout: float | None = None) -> None:
        super().__init__(timeout=PAGING_TIMEOUT if timeout is None else timeout)
        self._pages = [_pack(page) for page in pages]
        self.author_id = author_id
        self.index = 0
        self._message: tuple[discord.Webhook, int] | None = None  # where the buttons are, once sent
        self._sync_buttons()

    def page(self, index: int) -> discord.Embed:
        return _unpack(self._pages[index])

    async def start(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        """Sends the first page (as the follow-up when the interaction was deferred); a single page goes out
        without buttons."""
        first = self.page(0)
        if len(self._pages) == 1:
            self.stop()
            if interaction.response.is_done():
                await interaction.followup.send(embed=first, ephemeral=ephemeral)
            else:
                await interaction.response.send_message(embed=first, ephemeral=ephemeral)
            return
        if interaction.response.is_done():
            sent = await interaction.followup.send(embed=first, view=self, ephemeral=ephemeral, wait=True)
            message_id = sent.id
        else:
            response = await interaction.response.send_message(embed=first, view=self, ephemeral=ephemeral)
            message_id = response.message_id or 0
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
        self.next.disabled = self.index >= len(self._pages) - 1
        self.counter.label = f"{self.index + 1}/{len(self._pages)}"

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(messages.NOT_YOUR_BUTTONS, ephemeral=True)
        return False

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = max(0, min(index, len(self._pages) - 1))
        self._sync_buttons()
        await interaction.response.edit_message(embed=self.page(self.index), view=self)

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
