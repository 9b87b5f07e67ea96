"""How podium predictions' posts look on Discord (`PredictionView`, the outbox's renderer of the kinds 'prediction'
and 'prediction-lock'): a scored round's announcement and a round's lock post, in the server's language. Nothing
pings: members are named by mention with no allowed mentions. Sending, finding after a crash and editing are the
outbox's (bot/discord_layer/outbox_poster.py)."""

from __future__ import annotations

from bot.discord_layer.outbox_poster import Rendered
from bot.discord_layer.ui.predictions import announcement_embed, lock_notice_embed
from bot.i18n import Words
from bot.services.outbox import Outgoing
from bot.services.predictions import Announcement, LockNotice


class PredictionView:
    async def render(self, post: Outgoing, words: Words) -> Rendered:
        """The announcement (or its edit, when the round was scored again), or the lock post: the event, when, how
        many picks."""
        if isinstance(post.content, LockNotice):
            return Rendered(lock_notice_embed(words, post.content))
        assert isinstance(post.content, Announcement)
        return Rendered(announcement_embed(words, post.content))

    def recognises(self, post: Outgoing, footer: str) -> bool:
        """The bot's announcement (or lock post) of that round: its footer ends with the marker."""
        return footer.endswith(post.marker)
