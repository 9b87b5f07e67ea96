"""The one failure of the outbox: Discord refused a post, an edit or a delete (or could not be reached)."""

from __future__ import annotations

from bot.i18n import Text


class PostFailed(Exception):
    """A post, an edit or a delete Discord refused. `reason`: a catalogue message for what a moderator is told (a
    deleted channel, a missing permission), or plain words for the log; `transient`: Discord or the network failed
    for a moment (5xx, 429, a dropped connection), worth another attempt."""

    def __init__(self, reason: Text | str, *, transient: bool = False) -> None:
        super().__init__(str(reason))  # English, for the log
        self.reason = reason
        self.transient = transient


class DirectClosed(Exception):
    """The member takes no direct messages from the bot (Discord's 50007): recorded, never tried again."""
