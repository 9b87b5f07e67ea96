"""The moment of the day's words between its parts: what a post shows (`MomentContent`), what an attempt came to
(`Outcome`), today's state, and the two ports the service is driven through (`Poster`: the moderators' notes,
bot/discord_layer/moment_poster.py; `Planner`: the scheduler, bot/discord_layer/scheduling.py). Its posts go through
the outbox (bot/services/outbox/), whose one failure type is `PostFailed`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Protocol

from bot.i18n import Text
from bot.services.charts.build import PodiumAnswer
from bot.services.moment_rules import Choice, parse_timezone
from bot.services.outbox import PostFailed as PostFailed  # the outbox's, where the moment's importers find it
from bot.services.stories import StoryView
from db.models import Entry, Label, MomentPost, MomentSchedule, Segment

KIND = "moment"  # the moment's posts in the outbox: keyed 'guild/local date'
CORRECTED_LABELS = frozenset({Label.FALSE, Label.DISPUTED, Label.MISLEADING})
DEFAULT_GRACE = timedelta(hours=6)


class Outcome(StrEnum):
    """What one attempt at a day's post came to."""

    POSTED = "posted"
    ALREADY = "already"  # the day was posted, or is claimed (being posted or retried)
    NOTHING = "nothing"  # no story may be posted (recorded as a failure with the reason)
    FAILED = "failed"  # recorded with its reason
    RETRYING = "retrying"  # a passing failure: kept claimed, tried again later
    PAUSED = "paused"
    UNSCHEDULED = "unscheduled"
    ELSEWHERE = "elsewhere"  # the server is on a shard another process runs: that process posts it


class Planner(Protocol):
    """Runs the service's posts at their time (the scheduler implements it). The service tells it of every
    change: a schedule set, moved, paused or resumed, and the retry of a post that failed for a passing reason."""

    def plan(self, guild_id: int, schedule: MomentSchedule | None) -> None:
        """(Re)plans the server's next daily post; None or a paused schedule: no post planned."""
        ...

    def retry(self, guild_id: int, local_date: str, at: datetime) -> None:
        """Plans one more attempt at a day's post."""
        ...


# After a passing failure the post is tried again after these waits, as long as the attempt still falls inside
# the grace window counted from the claim: a Discord outage of minutes costs a late post, not the day.
RETRY_DELAYS = (
    timedelta(seconds=30),
    timedelta(minutes=2),
    timedelta(minutes=10),
    timedelta(minutes=30),
    timedelta(hours=1),
    timedelta(hours=2),
)


@dataclass(frozen=True, slots=True)
class Placement:
    """How a skater of the story did in the event it links to."""

    entry: Entry
    segments: list[Segment]


@dataclass(frozen=True, slots=True)
class MomentContent:
    """Everything a moment post shows."""

    view: StoryView
    local_date: str
    placements: list[Placement] = field(default_factory=list)
    correction: Text | None = None  # set when the story was relabelled after it was posted
    podium: PodiumAnswer | None = None  # the podium the story is about, for a server that shows the podium card


class Poster(Protocol):
    """What the moment service tells a server's moderators (bot/discord_layer/moment_poster.py); the posts
    themselves go through the outbox (bot/services/outbox/)."""

    async def notify(self, guild_id: int, text: Text) -> None:
        """Tells the server's moderators (its mod-log, in the server's language), best effort."""
        ...


@dataclass(frozen=True, slots=True)
class Preview:
    schedule: MomentSchedule | None
    local_date: date
    due: datetime | None  # when today's post is due (UTC), if scheduled
    choice: Choice
    content: MomentContent | None
    post: MomentPost | None  # today's post, when it already happened (or was claimed)
    hidden: int = 0  # stories the server's moderators keep out of its moment


class TodayState(StrEnum):
    POSTED = "posted"
    POSTING = "posting"  # claimed, being sent right now
    RETRYING = "retrying"  # Discord failed for a moment; tried again later
    DUE = "due"  # later today
    PASSED = "passed"  # today's time passed without a post (the bot was down, or the schedule was just set)
    FAILED = "failed"
    MISSED = "missed"
    PAUSED = "paused"


@dataclass(frozen=True, slots=True)
class TodayStatus:
    state: TodayState
    schedule: MomentSchedule
    post: MomentPost | None
    due: datetime  # today's post time (UTC)
    next_due: datetime  # the next post time after now (UTC)
    reason: Text | None  # why today failed, for moderators only
    content: MomentContent | None  # what was or will be posted


def schedule_zone(schedule: MomentSchedule):
    """The schedule's time zone."""
    return parse_timezone(schedule.timezone)
