"""One outbox for everything the bot posts on its own (moments of the day, live posts, followers' direct messages,
predictions' announcements and lock posts; issue 30), and the one place that decides exactly-once: the outbox's row of
a post is its claim, for every kind, on both engines and across shards. A post due later is queued (a row 'due' at its
time, written in the transaction that records what the post is about) and claimed from the queue in one statement; a
post due now (a moment's day) is claimed at once. It is claimed before its message is sent and completed after, so a
crash, a restart or another process (a shard handing over) neither loses nor doubles it; a passing failure makes it
due again with one attempt more, and a claim a stopped process left is taken over in one statement and settled by
looking for its message in the channel before sending again; a sent message is corrected (edited) or retracted
(deleted) later through the row that keeps its id. Every send, edit and delete is paced by the outbox's one rate
limiter (`Outbox.limiter`, whose slot the Discord side takes right before each request), under Discord's global limit.

Each kind of post keeps only what is its own: what the post is about and shows (`Outgoing.content`, rendered by the
Discord side's renderer for the kind, bot/discord_layer/outbox_poster.py), in its own tables."""

from bot.services.outbox.failure import DirectClosed, PostFailed
from bot.services.outbox.service import Delivery, Outbox, OutboxPoster, Outgoing

__all__ = ["Delivery", "DirectClosed", "Outbox", "OutboxPoster", "Outgoing", "PostFailed"]
