"""Moment of the day: choosing, posting exactly once per server and local date, recovering after a restart.

The Discord side is behind the Poster protocol (bot/discord_layer/moment_poster.py), so the rules here run and are
tested without Discord. "Exactly once" rests on the outbox's row of the day (bot/services/outbox/, kind 'moment', key
'guild/local date'): it is claimed, with the day's story recorded beside it (moment_days), before the message is sent
and completed after. A second firing, a manual post-now, a coalesced misfire or a restart finds the row and does
nothing. The attempts after a passing failure, a claim a crash left open (looked for in the channel before sending
again) and the corrections' edits are the outbox's too.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

from bot.errors import UserFacingError
from bot.i18n import Text, from_stored, stored, t
from bot.services.access import Actor, require_moderator
from bot.services.fact_stories import FactStories
from bot.services.moment_podium import moment_podium
from bot.services.moment_recovery import recover
from bot.services.moment_rules import (
    Candidate,
    Choice,
    choose,
    local_date_at,
    next_occurrence,
    occurrence,
    parse_time,
    parse_timezone,
    validate_labels,
    validate_repeat_days,
)
from bot.services.moment_types import (
    CORRECTED_LABELS,
    DEFAULT_GRACE,
    KIND,
    RETRY_DELAYS,
    MomentContent,
    Outcome,
    Placement,
    Planner,
    Poster,
    PostFailed,
    Preview,
    TodayState,
    TodayStatus,
    schedule_zone,
)
from bot.services.outbox import Outbox, OutboxPoster, Outgoing
from bot.services.results import ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from bot.services.stories import StoryService
from db.models import (
    AuditRecord,
    MomentCandidate,
    MomentPost,
    MomentSchedule,
    OutboxPost,
    OutboxState,
    PostState,
    Story,
    Trigger,
)
from db.repositories.moments import MomentRepository
from db.repositories.outbox import OutboxRepository

__all__ = [  # the moment's types live in moment_types.py; importers of this module find them here as before
    "CORRECTED_LABELS",
    "DEFAULT_GRACE",
    "RETRY_DELAYS",
    "MomentContent",
    "MomentService",
    "Outcome",
    "Placement",
    "Planner",
    "PostFailed",
    "Poster",
    "Preview",
    "TodayState",
    "TodayStatus",
    "schedule_zone",
]

log = logging.getLogger(__name__)

STOCK_WARNING_EVERY = timedelta(days=7)


def _warn_again(last: str | None, day: date) -> bool:
    """The low-stock warning goes to the mod-log weekly: a daily one would be noise nobody reads."""
    return last is None or day - date.fromisoformat(last) >= STOCK_WARNING_EVERY


def _candidate(row: MomentCandidate) -> Candidate:
    return Candidate(
        row.story_id, row.label, row.moment_date, row.last_posted, row.created_at, row.from_results, row.skater_ids
    )


class MomentService:
    def __init__(
        self,
        repo: MomentRepository,
        stories: StoryService,
        results: ResultsService,
        clock: Callable[[], datetime],
        grace: timedelta = DEFAULT_GRACE,
        retry_delays: tuple[timedelta, ...] = RETRY_DELAYS,
        fact_stories: FactStories | None = None,
        shards: Shards = EVERY_SHARD,
        outbox: Outbox | None = None,
    ) -> None:
        """`shards`: the servers this process plans, posts, recovers and corrects (the others' are another
        process's; bot.services.shards); `outbox`: where the posts are sent (every kind's, the bot's; one of its
        own when none is given)."""
        self.repo = repo
        self.outbox = outbox or Outbox(OutboxRepository(repo.db), clock=clock, shards=shards, settings=stories)
        self.shards = shards
        self.stories = stories
        self.results = results
        self.fact_stories = fact_stories  # the stories from the results, kept in step with each import
        self.clock = clock
        self.grace = grace
        self.retry_delays = retry_delays
        self._library: tuple[int, list[Candidate]] | None = None  # (story_changes, the library's candidates)
        self.poster: Poster | None = None  # set by the bot once Discord is there
        self.planner: Planner | None = None  # likewise, the scheduler
        self.started = ""  # when attach() connected the service: the process's start

    def attach(self, poster: Poster, planner: Planner, outbox_poster: OutboxPoster | None = None) -> None:
        """Connects the service to Discord (its notes to the moderators; `outbox_poster`: the outbox's Discord side,
        for an outbox of its own; the bot attaches the shared one itself) and to the scheduler (the bot, once it
        starts), and subscribes to story relabels and to corrected results: whoever relabels a story, or imports a
        corrected result, its posted moments are corrected."""
        if outbox_poster is not None:
            self.outbox.attach(outbox_poster)
        self.poster = poster
        self.planner = planner
        self.started = self._now_text()  # a claim older than this is another (stopped or handing over) process's
        self.stories.relabelled.subscribe(self._relabelled)
        if self.fact_stories is not None:
            self.fact_stories.corrected.subscribe(self.correct_fact)

    def detach(self) -> None:
        """Stops correcting on relabels (the bot closing; posts the next start settles are its business)."""
        self.stories.relabelled.unsubscribe(self._relabelled)
        if self.fact_stories is not None:
            self.fact_stories.corrected.unsubscribe(self.correct_fact)

    def _outgoing(self, guild_id: int, channel_id: int, content: MomentContent) -> Outgoing:
        """A day's post as the outbox sends it (found after a crash by its footer: the day and the story)."""
        story_id, day = content.view.story.id, content.local_date
        return Outgoing(KIND, f"{guild_id}/{day}", content, f"{day} #{story_id}", guild_id, channel_id)

    def _now_text(self) -> str:
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    def _audit(
        self, actor: Actor, action: str, before: dict[str, object] | None, after: dict[str, object] | None
    ) -> AuditRecord:
        return AuditRecord(actor.user_id, actor.guild_id, action, self._now_text(), before, after)

    # --- moderators' settings ------------------------------------------------------------------------
    async def schedule(self, actor: Actor, channel_id: int, time_text: str, zone_text: str) -> MomentSchedule:
        """Sets (or moves) the server's daily post: channel, local time, time zone (moderators); planned at
        once."""
        require_moderator(actor)
        assert actor.guild_id is not None
        hour, minute = parse_time(time_text)
        zone = parse_timezone(zone_text)
        post_time = f"{hour:02d}:{minute:02d}"
        before = await self.repo.schedule(actor.guild_id)
        await self.repo.save_schedule(
            actor.guild_id,
            channel_id,
            post_time,
            zone.key,
            self._audit(
                actor,
                "moment schedule",
                {"channel": before.channel_id, "time": before.post_time, "zone": before.timezone} if before else None,
                {"channel": channel_id, "time": post_time, "zone": zone.key},
            ),
        )
        saved = await self.repo.schedule(actor.guild_id)
        assert saved is not None
        await self.replan(saved.guild_id)
        return saved

    async def _existing(self, actor: Actor) -> MomentSchedule:
        require_moderator(actor)
        assert actor.guild_id is not None
        schedule = await self.repo.schedule(actor.guild_id)
        if schedule is None:
            raise UserFacingError("moment-none-yet")
        return schedule

    async def set_paused(self, actor: Actor, paused: bool) -> MomentSchedule:
        """Pauses or resumes the server's daily post, keeping its settings (moderators); planned at once."""
        schedule = await self._existing(actor)
        await self.repo.update_schedule(
            schedule.guild_id,
            {"paused": paused},
            self._audit(
                actor, "moment pause" if paused else "moment resume", {"paused": schedule.paused}, {"paused": paused}
            ),
        )
        updated = await self.repo.schedule(schedule.guild_id)
        assert updated is not None
        await self.replan(updated.guild_id)
        return updated

    async def settings(
        self,
        actor: Actor,
        labels: list[str] | None = None,
        repeat_days: int | None = None,
        results_moments: bool | None = None,
    ) -> MomentSchedule:
        """Changes which stories may be posted: their labels, the days before one may be posted again, and whether
        stories from the results no moderator labelled may be (moderators). The post time is unchanged, so
        nothing is replanned."""
        schedule = await self._existing(actor)
        changes: dict[str, object] = {}
        if labels is not None:
            changes["allowed_labels"] = validate_labels(labels)
        if repeat_days is not None:
            changes["repeat_days"] = validate_repeat_days(repeat_days)
        if results_moments is not None:
            changes["results_moments"] = results_moments
        if changes:
            before = {
                "labels": sorted(schedule.allowed_labels),
                "repeat_days": schedule.repeat_days,
                "results_moments": schedule.results_moments,
            }
            after = {
                "labels": sorted(changes.get("allowed_labels", schedule.allowed_labels)),  # type: ignore[call-overload]
                "repeat_days": changes.get("repeat_days", schedule.repeat_days),
                "results_moments": changes.get("results_moments", schedule.results_moments),
            }
            await self.repo.update_schedule(
                schedule.guild_id, changes, self._audit(actor, "moment settings", before, after)
            )
        updated = await self.repo.schedule(schedule.guild_id)
        assert updated is not None
        return updated

    # --- planning --------------------------------------------------------------------------------------
    async def replan(self, guild_id: int) -> None:
        """Tells the planner the server's schedule as stored now (after a change, or after a day's post)."""
        if self.planner is not None:
            schedule = await self.repo.schedule(guild_id) if self.shards.owns(guild_id) else None
            self.planner.plan(guild_id, schedule)

    async def plan_all(self) -> int:
        """Plans every active schedule of this process's servers (the bot starting); returns how many."""
        schedules = [s for s in await self.repo.schedules(active_only=True) if self.shards.owns(s.guild_id)]
        if self.planner is not None:
            for schedule in schedules:
                self.planner.plan(schedule.guild_id, schedule)
        return len(schedules)

    def next_post(self, schedule: MomentSchedule) -> datetime:
        """When the schedule's next post is due after now (UTC)."""
        return self.next_due(schedule, self.clock())[1]

    # --- choosing --------------------------------------------------------------------------------------
    async def _candidates(self, guild_id: int) -> list[Candidate]:
        """Every story the server may see and has not hidden, with the last day it posted each. The shared
        library's (a thousand stories from the results, the same for every server) are kept between two changes
        to the stories: thousands of servers choose in the same minute."""
        changes = await self.repo.story_changes()  # read first: a change meanwhile only makes the next read again
        if self._library is None or self._library[0] != changes:
            self._library = (changes, [_candidate(row) for row in await self.repo.stories_of(None)])
        posted = await self.repo.posted_days(guild_id)
        hidden = await self.repo.hidden(guild_id)
        own = [_candidate(row) for row in await self.repo.stories_of(guild_id)]
        return [
            replace(c, last_posted=posted[c.story_id]) if c.story_id in posted else c
            for c in (*self._library[1], *own)
            if c.story_id not in hidden
        ]

    async def _choose(self, schedule: MomentSchedule, local_date: date) -> Choice:
        candidates = await self._candidates(schedule.guild_id)
        return choose(
            candidates,
            guild_id=schedule.guild_id,
            local_date=local_date,
            allowed_labels=schedule.allowed_labels,
            repeat_days=schedule.repeat_days,
            results_allowed=schedule.results_moments,
        )

    async def hide(self, actor: Actor, story_id: int, hidden: bool = True) -> tuple[Story, bool]:
        """Keeps a story out of (or lets it back into) the server's moment of the day (moderators): the way to
        refuse one story of the shared library, which only the bot's owners may label or delete. Returns the
        story and whether anything changed."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise UserFacingError("moment-guild-only")
        view = await self.stories.view(actor, story_id)
        action = "moment hide" if hidden else "moment unhide"
        changed = await self.repo.set_hidden(
            actor.guild_id, view.story.id, hidden, self._audit(actor, action, None, {"hidden": hidden})
        )
        return view.story, changed

    async def content(
        self, guild_id: int, story_id: int, local_date: str, correction: Text | None = None
    ) -> MomentContent:
        """Everything the post of a story shows in a server: the story, and how its skaters did. A correction may
        show a deleted story (a fact the results no longer show), never a new post."""
        story = await self.stories.get(story_id, deleted=correction is not None)
        if story is None:
            raise UserFacingError("moment-story-gone", id=story_id)
        view = await self.stories.describe(story, guild_id)
        placements = []
        event = self.results.event_by_id(story.event_id)
        if event is not None and story.skater_ids:
            for entry in await self.results.entries_of(event, story.skater_ids):
                placements.append(Placement(entry, self.results.segments_of(event)))
        return MomentContent(view, local_date, placements, correction, await moment_podium(self.results, story))

    def due_today(self, schedule: MomentSchedule, now: datetime) -> tuple[date, datetime]:
        """The local date now in the schedule's zone, and when that day's post is due (UTC)."""
        zone = schedule_zone(schedule)
        local = local_date_at(now, zone)
        hour, minute = parse_time(schedule.post_time)
        return local, occurrence(local, hour, minute, zone)

    async def preview(self, actor: Actor) -> Preview:
        """What would be posted today and why (moderators)."""
        schedule = await self._existing(actor)
        local, due = self.due_today(schedule, self.clock())
        post = await self.repo.post(schedule.guild_id, local.isoformat())
        choice = await self._choose(schedule, local)
        content = (
            await self.content(schedule.guild_id, choice.story_id, local.isoformat())
            if choice.story_id is not None
            else None
        )
        return Preview(schedule, local, due, choice, content, post, len(await self.repo.hidden(schedule.guild_id)))

    async def today(self, actor: Actor) -> TodayStatus | None:
        """What everyone may see: today's post in the actor's server, what will be posted and when, or why
        there is none today (None: the server has no moment of the day). The failure reason, which may name a
        channel a member cannot see, is for moderators only."""
        if actor.guild_id is None:
            raise UserFacingError("moment-guild-only")
        guild_id = actor.guild_id
        detailed = actor.is_moderator or actor.is_owner
        schedule = await self.repo.schedule(guild_id)
        if schedule is None:
            return None
        now = self.clock()
        local, due = self.due_today(schedule, now)
        _, next_due = self.next_due(schedule, now)
        post = await self.repo.post(guild_id, local.isoformat())
        if schedule.paused:
            state = TodayState.PAUSED
        elif post is None:
            state = TodayState.DUE if due > now else TodayState.PASSED
        else:
            state = {
                PostState.POSTED: TodayState.POSTED,
                PostState.CLAIMED: TodayState.RETRYING if post.retry_at else TodayState.POSTING,
                PostState.FAILED: TodayState.FAILED,
                PostState.MISSED: TodayState.MISSED,
            }[post.state]
        story_id = post.story_id if post and post.story_id else None
        if story_id is None and state is TodayState.DUE:
            story_id = (await self._choose(schedule, local)).story_id
        content = await self.content(guild_id, story_id, local.isoformat()) if story_id else None
        reason = from_stored(post.reason) if post and detailed else None
        return TodayStatus(state, schedule, post, due, next_due, reason, content)

    # --- posting ---------------------------------------------------------------------------------------
    async def post_now(self, actor: Actor) -> Outcome:
        """A moderator's post-now: today's post, now; it counts as today's (and retries a failed day)."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise UserFacingError("moment-guild-only")
        return await self.run(actor.guild_id, trigger=Trigger.MANUAL)

    async def run(self, guild_id: int, *, trigger: Trigger, local_date: date | None = None) -> Outcome:
        """Posts the guild's moment for `local_date` (today, in the guild's zone, by default), once.

        A day already posted, or claimed (being posted or retried), is left alone. A day that failed or was
        missed is tried again only by a moderator's post-now: a failure never blocks a retry that day.
        """
        if trigger != Trigger.MANUAL and not self.shards.owns(guild_id):
            return Outcome.ELSEWHERE
        schedule = await self.repo.schedule(guild_id)
        if schedule is None:
            return Outcome.UNSCHEDULED
        if schedule.paused and trigger != Trigger.MANUAL:
            return Outcome.PAUSED
        day = local_date or local_date_at(self.clock(), schedule_zone(schedule))
        existing = await self.repo.post(guild_id, day.isoformat())
        if existing is not None and (
            existing.state in (PostState.POSTED, PostState.CLAIMED) or trigger != Trigger.MANUAL
        ):
            return Outcome.ALREADY
        choice = await self._choose(schedule, day)
        if choice.story_id is None:
            reason = choice.warning or t("post-reason-nothing")
            if await self.repo.record(
                guild_id, day.isoformat(), PostState.FAILED, trigger, stored(reason), self._now_text()
            ):
                await self.repo.set_failing(guild_id, self._now_text(), stored(reason))
                await self._tell(guild_id, t("post-notify-nothing", date=day.isoformat(), reason=reason))
            return Outcome.NOTHING
        if not await self.repo.claim(
            guild_id,
            day.isoformat(),
            choice.story_id,
            schedule.channel_id,
            trigger,
            self._now_text(),
            self.outbox.claimant,  # the outbox's row of the day is the claim
        ):
            return Outcome.ALREADY
        outcome = await self._send(schedule, day.isoformat(), choice.story_id)
        if outcome == Outcome.POSTED and choice.warning and _warn_again(schedule.stock_warned_on, day):
            await self._tell(guild_id, choice.warning)
            await self.repo.set_stock_warned(guild_id, day.isoformat())
        return outcome

    async def retry(self, guild_id: int, local_date: str) -> Outcome:
        """The planned retry of a day's post after a passing failure (see RETRY_DELAYS)."""
        post = await self.repo.post(guild_id, local_date)
        if post is None or post.state != PostState.CLAIMED or post.story_id is None:
            return Outcome.ALREADY  # posted meanwhile, or a moderator's post-now took over
        schedule = await self.repo.schedule(guild_id)
        if schedule is None:
            await self.repo.fail(guild_id, local_date, stored(t("post-reason-schedule-gone")), self._now_text())
            return Outcome.FAILED
        return await self._send(schedule, local_date, post.story_id)

    async def _send(self, schedule: MomentSchedule, local_date: str, story_id: int) -> Outcome:
        """Sends the day's post this process claimed through the outbox (after a failed attempt it looks in the channel
        first: the attempt may have reached Discord) and records what came of it."""
        post = await self.repo.post(schedule.guild_id, local_date)
        content = await self.content(schedule.guild_id, story_id, local_date)
        outgoing = self._outgoing(schedule.guild_id, schedule.channel_id, content)
        # The outbox's row of the day is the claim: only the process holding it sends (a claim another process took
        # over meanwhile, or one settled, is left alone).
        row = await self.outbox.record(outgoing.kind, outgoing.key)
        if row is None or row.state is not OutboxState.CLAIMED or row.claimant != self.outbox.claimant:
            return Outcome.ALREADY
        delivery = await self.outbox.attempt(outgoing, row)
        if delivery.failure is not None:
            failure = delivery.failure
            reason = stored(failure.reason) if isinstance(failure.reason, Text) else failure.reason
            retry_at = self._retry_at(row) if failure.transient and post is not None else None
            if retry_at is not None:
                # Still claimed, one attempt more counted: the next looks in the channel first.
                await self.outbox.failed(outgoing, row.attempts, failure)
                await self._plan_retry(schedule.guild_id, local_date, retry_at, failure.reason)
                return Outcome.RETRYING
            await self.repo.fail(schedule.guild_id, local_date, reason, self._now_text())
            await self.repo.set_failing(schedule.guild_id, self._now_text(), reason)
            log.warning("moment of guild %s for %s failed: %s", schedule.guild_id, local_date, failure.reason)
            await self._tell(schedule.guild_id, t("post-notify-failed", date=local_date, reason=failure.reason))
            return Outcome.FAILED
        assert delivery.message_id is not None
        shown = content.view.story
        await self.repo.complete(
            schedule.guild_id, local_date, delivery.message_id, shown.label, shown.fact_digest, self._now_text()
        )
        if schedule.failing_since:
            await self.repo.set_failing(schedule.guild_id, None, None)
        return Outcome.POSTED

    def _retry_at(self, claim: OutboxPost) -> datetime | None:
        """When the claimed day's next attempt is due, if one is left inside the grace window."""
        if self.planner is None or claim.attempts > len(self.retry_delays):
            return None
        at = self.clock() + self.retry_delays[claim.attempts - 1]
        if at - datetime.fromisoformat(claim.claimed_at) > self.grace:
            return None
        return at

    async def _plan_retry(self, guild_id: int, local_date: str, at: datetime, reason: Text | str) -> None:
        """Keeps the day claimed and plans its next attempt."""
        assert self.planner is not None
        await self.repo.set_retry(guild_id, local_date, at.astimezone(UTC).isoformat(timespec="seconds"))
        self.planner.retry(guild_id, local_date, at)
        log.info("moment of guild %s for %s: %s; trying again at %s", guild_id, local_date, reason, at)

    async def _tell(self, guild_id: int, text: Text) -> None:
        if self.poster is not None:
            await self.poster.notify(guild_id, text)

    # --- after a restart -------------------------------------------------------------------------------
    async def recover(self) -> dict[str, int]:
        """Settles claims a crash left open, then each active schedule's latest due post: sent if the bot is
        back within the grace window, recorded as missed after it; then corrects posts of stories relabelled
        while no bot listened. Returns counts for the log (bot/services/moment_recovery.py)."""
        return await recover(self)

    def next_due(self, schedule: MomentSchedule, after: datetime) -> tuple[date, datetime]:
        """The local date and the time (UTC) of the schedule's first post after `after`."""
        hour, minute = parse_time(schedule.post_time)
        return next_occurrence(after, hour, minute, schedule_zone(schedule))

    # --- corrections -----------------------------------------------------------------------------------
    async def _relabelled(self, story: Story) -> None:
        """The subscriber to the story service's relabels (see attach): every path that relabels corrects."""
        await self.correct(story.id)

    async def correct(self, story_id: int) -> int:
        """Edits every posted moment of a story relabelled false, disputed or misleading to say so; returns how
        many."""
        story = await self.stories.get(story_id)
        if story is None or story.label not in CORRECTED_LABELS:
            return 0
        note = (
            t("moment-correction-note", label=story.label, note=story.label_note)
            if story.label_note
            else t("moment-correction", label=story.label)
        )

        async def shown(post: MomentPost) -> None:
            await self.repo.set_label_shown(post.guild_id, post.local_date, story.label)

        return await self._edit_posts(story, note, lambda post: post.label_shown != story.label, shown)

    async def correct_fact(self, story_id: int) -> int:
        """Edits every posted moment of a story from the results whose fact changed since (a corrected result: the
        post shows the figures as they are now) or is gone (the post says the results no longer show it); returns
        how many."""
        story = await self.stories.get(story_id, deleted=True)
        if story is None or story.fact_key is None:
            return 0
        note = t("moment-correction-results") if story.fact_digest else t("moment-correction-results-gone")

        def outdated(post: MomentPost) -> bool:
            return post.fact_shown is not None and post.fact_shown != story.fact_digest

        async def shown(post: MomentPost) -> None:
            await self.repo.set_fact_shown(post.guild_id, post.local_date, story.fact_digest)

        return await self._edit_posts(story, note, outdated, shown)

    async def _edit_posts(
        self,
        story: Story,
        note: Text,
        outdated: Callable[[MomentPost], bool],
        shown: Callable[[MomentPost], Awaitable[None]],
    ) -> int:
        """Edits the story's posted moments that `outdated` picks to show it as it is now with `note`, recording each
        (`shown`) once Discord has it; a post Discord refuses is left for the next round. Returns how many."""
        if self.outbox.poster is None:
            return 0
        edited = 0
        for post in await self.repo.posted_messages(story.id):
            if not self.shards.owns(post.guild_id):
                continue  # another process's server: its corrections job edits it
            if not outdated(post) or post.channel_id is None or post.message_id is None:
                continue
            try:
                content = await self.content(post.guild_id, story.id, post.local_date, correction=note)
                if not await self.outbox.correct(self._outgoing(post.guild_id, post.channel_id, content)):
                    continue  # the outbox holds no sent message of that day
            except PostFailed as failure:
                log.warning(
                    "could not correct the moment of guild %s (%s): %s", post.guild_id, post.local_date, failure.reason
                )
                continue
            await shown(post)
            edited += 1
        return edited

    async def correct_missed(self) -> int:
        """Corrects the posts of stories relabelled, or whose fact changed, where no subscriber heard it: by
        another process (the command line's import) or while the bot was down. Returns how many posts were
        edited."""
        edited = 0
        for story_id in await self.repo.stories_to_correct(sorted(CORRECTED_LABELS)):
            edited += await self.correct(story_id)
        for story_id in await self.repo.facts_to_correct():
            edited += await self.correct_fact(story_id)
        return edited
