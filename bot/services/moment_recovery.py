"""The moment of the day after a restart: claims a crash left open settled, a due post the bot was down for sent
within the grace window or recorded as missed after it, and the corrections no process heard. How far a day's send
got is the outbox's row's to say (bot/services/outbox/)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.i18n import stored, t
from bot.services.moment_rules import latest_occurrence, parse_time
from bot.services.moment_types import KIND, Outcome, schedule_zone
from db.models import OutboxState, PostState, Trigger

if TYPE_CHECKING:
    from bot.services.moments import MomentService


async def recover(service: MomentService) -> dict[str, int]:
    """Settles claims a crash left open, then each active schedule's latest due post: sent if the bot is
    back within the grace window, recorded as missed after it; then corrects posts of stories relabelled
    while no bot listened. Returns counts for the log."""
    counts = {"found": 0, "resent": 0, "missed": 0, "caught up": 0, "corrected": 0}
    now = service.clock()
    for pending in await service.repo.pending():
        if not service.shards.owns(pending.guild_id):
            continue
        post = pending
        if service.shards.sharded:
            # Taken over atomically, and only a claim made before this process started: two processes settling
            # the same claim (a restart beside a handover) would both look in the channel, find nothing and
            # both send. The taker re-claims it now, unless past its grace.
            past_grace = now - datetime.fromisoformat(pending.claimed_at) > service.grace
            at = pending.claimed_at if past_grace else service._now_text()  # a late one keeps its time: it is missed
            taken = await service.repo.take_over(
                pending.guild_id, pending.local_date, pending.attempts, service.started, at
            )
            if taken is None:
                continue
            post = taken
        schedule = await service.repo.schedule(post.guild_id)
        if schedule is None or post.story_id is None or post.channel_id is None:
            gone = stored(t("post-reason-schedule-gone"))
            await service.repo.fail(post.guild_id, post.local_date, gone, service._now_text())
            await service.outbox.fail(KIND, f"{post.guild_id}/{post.local_date}", gone)
            continue
        content = await service.content(post.guild_id, post.story_id, post.local_date)
        outgoing = service._outgoing(post.guild_id, post.channel_id, content)
        # The outbox's row of the day says how far the send got: sent (the crash only cost the day's record), failed
        # for good, or claimed (looked for in the channel, found there or sent again within the grace window).
        row = await service.outbox.adopt(outgoing.kind, outgoing.key)
        message_id = row.message_id if row is not None and row.state is OutboxState.SENT else None
        if row is not None and row.state is OutboxState.FAILED:
            await service.repo.fail(post.guild_id, post.local_date, row.reason or "", service._now_text())
            continue
        if message_id is None and row is not None and row.state is OutboxState.CLAIMED:
            message_id = (await service.outbox.found(outgoing)).message_id
        if message_id is not None:
            story = content.view.story
            await service.repo.complete(
                post.guild_id, post.local_date, message_id, story.label, story.fact_digest, service._now_text()
            )
            counts["found"] += 1
        elif now - datetime.fromisoformat(post.claimed_at) <= service.grace:
            counts["resent"] += await service._send(schedule, post.local_date, post.story_id) == Outcome.POSTED
        else:
            late = stored(t("post-reason-down-past-grace"))
            await service.repo.fail(post.guild_id, post.local_date, late, service._now_text())
            await service.outbox.fail(outgoing.kind, outgoing.key, late)
            counts["missed"] += 1
    for schedule in await service.repo.schedules(active_only=True):
        if not service.shards.owns(schedule.guild_id):
            continue
        hour, minute = parse_time(schedule.post_time)
        day, due = latest_occurrence(now, hour, minute, schedule_zone(schedule))
        if due < datetime.fromisoformat(schedule.updated_at):
            continue  # due before the schedule was set (or moved): nothing was missed
        if await service.repo.post(schedule.guild_id, day.isoformat()) is not None:
            continue
        if now - due <= service.grace:
            outcome = await service.run(schedule.guild_id, trigger=Trigger.CATCH_UP, local_date=day)
            counts["caught up"] += outcome == Outcome.POSTED
        elif await service.repo.record(
            schedule.guild_id,
            day.isoformat(),
            PostState.MISSED,
            Trigger.SCHEDULE,
            stored(t("post-reason-down-at-post-time")),
            service._now_text(),
        ):
            counts["missed"] += 1
    counts["corrected"] = await service.correct_missed()
    return counts
