""" "Which one did you mean?": a menu of what the store has, for the person who asked. Picking one runs the
command again with that choice; nothing is ever answered with a suggestion the user did not pick."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

import discord

from bot.discord_layer.ui.i18n import words_for
from bot.errors import Suggestion
from bot.i18n import Text, Words
from bot.text import shorten

log = logging.getLogger(__name__)

PICK_TIMEOUT = 180.0
# Discord: at most 25 options, labels and values of at most 100 characters.
MAX_OPTIONS, OPTION_LIMIT = 25, 100


class PickView(discord.ui.View):
    def __init__(
        self,
        author_id: int,
        suggestions: Sequence[Suggestion],
        on_pick: Callable[[discord.Interaction, str], Awaitable[None]],
        *,
        words: Words,
    ) -> None:
        """`words`: the language of the person who asked (the menu is theirs)."""
        super().__init__(timeout=PICK_TIMEOUT)
        self.author_id = author_id
        self._on_pick = on_pick
        self.origin: discord.Interaction | None = None
        options = [
            discord.SelectOption(  # a message in the asker's words ("男子シングル"), or a name as stored
                label=shorten(words(s.label) if isinstance(s.label, Text) else s.label, OPTION_LIMIT), value=s.value
            )
            for s in suggestions
            if 0 < len(s.value) <= OPTION_LIMIT
        ][:MAX_OPTIONS]
        placeholder = words("pick-placeholder")
        self.menu: discord.ui.Select[PickView] = discord.ui.Select(placeholder=placeholder, options=options)
        self.menu.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.menu)

    @property
    def has_options(self) -> bool:
        return bool(self.menu.options)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(words_for(interaction)("not-your-menu"), ephemeral=True)
        return False

    async def _picked(self, interaction: discord.Interaction) -> None:
        self.menu.disabled = True
        self.stop()
        await self._on_pick(interaction, self.menu.values[0])

    async def on_timeout(self) -> None:
        self.menu.disabled = True
        if self.origin is not None:
            try:
                await self.origin.edit_original_response(view=self)
            except discord.HTTPException:
                log.debug("could not disable a pick menu (message gone?)", exc_info=True)
