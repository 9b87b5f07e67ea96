"""One outbox for everything the bot posts on its own (moments of the day, ...; issue 30): a post is claimed in the
store before its message is sent and completed after, so a crash, a restart or another process (a shard handing
over) neither loses nor doubles it; a claim a stopped process left is settled by looking for its message in the
channel before sending again; a sent message is corrected (edited) or retracted (deleted) later through the row that
keeps its id. Every send, edit and delete is paced by the outbox's one rate limiter (`Outbox.limiter`, whose slot the
Discord side takes right before each request), under Discord's global limit.

Each kind of post keeps what is its own: what the post shows (`Outgoing.content`, rendered by the Discord side's
renderer for the kind, bot/discord_layer/outbox_poster.py) and when it is due or a correction is; exactly-once
lives here."""

from bot.services.outbox.failure import DirectClosed, PostFailed
from bot.services.outbox.service import Delivery, Outbox, OutboxPoster, Outgoing

__all__ = ["Delivery", "DirectClosed", "Outbox", "OutboxPoster", "Outgoing", "PostFailed"]
