"""The moment of the day after a restart: claims a crash left open settled, a due post the bot was down for sent
within the grace window or recorded as missed after it, and the corrections no process heard. The claims are the
outbox's rows of kind 'moment' (bot/services/outbox/): one a stopped process left is taken over in one statement."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.i18n import stored, t
from bot.services.moment_rules import latest_occurrence, parse_time
from bot.services.moment_types import KIND, Outcome, schedule_zone
from db.models import PostState, Trigger

if TYPE_CHECKING:
    from bot.services.moments import MomentService


async def recover(service: MomentService) -> dict[str, int]:
    """Settles claims a crash left open, then each active schedule's latest due post: sent if the bot is
    back within the grace window, recorded as missed after it; then corrects posts of stories relabelled
    while no bot listened. Returns counts for the log."""
    counts = {"found": 0, "resent": 0, "missed": 0, "caught up": 0, "corrected": 0}
    now = service.clock()
    for claim in await service.outbox.repo.claimed(KIND):
        if claim.guild_id is None or not service.shards.owns(claim.guild_id):
            continue
        guild_id, local_date = claim.guild_id, claim.key.split("/", 1)[1]
        if claim.claimant != service.outbox.claimant:
            # Taken over in one statement (sharded: only a claim made before this process started): two processes
            # settling the same claim (a restart beside a handover) would both look in the channel, find nothing and
            # both send. The taker re-claims it now, unless past its grace (a late one keeps its time: it is missed).
            past_grace = now - datetime.fromisoformat(claim.claimed_at) > service.grace
            at = claim.claimed_at if past_grace else service._now_text()
            before = service.started if service.shards.sharded else None
            if not await service.outbox.repo.take_over(
                KIND, claim.key, claim.attempts, before, at, service.outbox.claimant
            ):
                continue
        post = await service.repo.post(guild_id, local_date)
        schedule = await service.repo.schedule(guild_id)
        if post is None or schedule is None or post.story_id is None or post.channel_id is None:
            await service.repo.fail(guild_id, local_date, stored(t("post-reason-schedule-gone")), service._now_text())
            continue
        content = await service.content(guild_id, post.story_id, local_date)
        outgoing = service._outgoing(guild_id, post.channel_id, content)
        # Looked for in the channel first: the crash may have come after the message reached Discord.
        message_id = (await service.outbox.found(outgoing)).message_id
        if message_id is not None:
            story = content.view.story
            await service.repo.complete(
                guild_id, local_date, message_id, story.label, story.fact_digest, service._now_text()
            )
            counts["found"] += 1
        elif now - datetime.fromisoformat(post.claimed_at) <= service.grace:
            counts["resent"] += await service._send(schedule, local_date, post.story_id) == Outcome.POSTED
        else:
            late = stored(t("post-reason-down-past-grace"))
            await service.repo.fail(guild_id, local_date, late, service._now_text())
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
