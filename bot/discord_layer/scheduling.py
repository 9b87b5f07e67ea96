"""APScheduler glue for the moment of the day: one job per server, at its next local post time.

The schedules live in SQLite (db/repositories/moments.py); jobs are derived from them under the stable id
"moment:<guild id>": at start, and whenever the moment service changes one (this is its Planner). Each job
posts, then plans the next day. Job bodies catch their own errors, so one server's failure never stops
another's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import date, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger
from apscheduler.triggers.interval import IntervalTrigger

from bot.services.live.service import LiveService
from bot.services.moments import MomentService
from bot.services.predictions import PredictionService
from bot.services.results import ResultsService
from db.models import MomentSchedule, Trigger

log = logging.getLogger(__name__)


CORRECTIONS_JOB = "moment-corrections"
# How often the bot looks for relabels it did not hear: made by another process (`skatebot stories import`)
# while it runs. One indexed query when there is nothing to correct.
CORRECTIONS_EVERY = timedelta(minutes=10)
# Sharded, a relabel through one process corrects that process's servers' posts at once and the others' at their
# process's next corrections run: sooner, so a server on another shard shows a false story for seconds, not minutes.
SHARDED_CORRECTIONS_EVERY = timedelta(seconds=15)


RESULTS_JOB = "results-watch"
# How often a sharded process asks whether another imported results (one read of the imports table's largest id).
RESULTS_EVERY = timedelta(seconds=3)


LIVE_JOB = "live"
# How often the live job looks for watched sites due a read and posts due out (each site keeps its own pace:
# bot.services.live.polling); a few indexed queries when nothing is due. It bounds how late a poll can be: a
# segment's results page is checked every 5 s (polling.RESULTS_DUE), so this must stay well under that.
LIVE_EVERY = timedelta(seconds=1)


class TwoLaneJob:
    """An interval job of two lanes that never wait for each other: one reads (a watched site's pages, a newer
    import's final results), the other sends what is due until nothing is left (thousands of posts leave as one paced
    stream). While a long delivery runs, the next runs of the job go on reading and find the delivery busy, which
    picks up whatever they add."""

    def __init__(
        self,
        job_id: str,
        every: timedelta,
        read: Callable[[], Awaitable[object]],
        deliver: Callable[[], Awaitable[int]],  # how many messages went out: 0 when nothing is left
    ) -> None:
        self.job_id, self.every = job_id, every
        self._read, self._deliver = read, deliver
        self._reading = False
        self._delivering = False

    def add_to(self, scheduler: MomentScheduler) -> None:
        # A run may last minutes (thousands of paced posts) while the next ones read: up to three at once, the
        # others returning at once from a busy lane, instead of APScheduler logging a skipped run every second.
        scheduler.every(self.every, self.run, self.job_id, max_instances=3)

    async def run(self) -> None:
        try:
            await self._run()
        except asyncio.CancelledError:
            # The bot is stopping mid-run: the job ends with it. What it was sending stays claimed, and the next
            # start looks for it in its channel (APScheduler would report a cancelled job as a failure).
            return

    async def _run(self) -> None:
        if not self._reading:
            self._reading = True
            try:
                await self._read()
            except Exception:
                log.exception("%s: reading failed", self.job_id)
            finally:
                self._reading = False
        if not self._delivering:
            self._delivering = True
            try:
                while await self._deliver():
                    pass
            except Exception:
                log.exception("%s: delivery failed", self.job_id)
            finally:
                self._delivering = False


class LiveJob(TwoLaneJob):
    """Competition week, live: reads the sites whose time has come (a poll can take seconds of spaced requests),
    then sends the posts due."""

    def __init__(self, service: LiveService) -> None:
        super().__init__(LIVE_JOB, LIVE_EVERY, service.poll_due, service.deliver_due)
        self.service = service


PREDICT_JOB = "predictions"
# How often the bot looks for rounds a new import made final (nothing when the loaded import is the one it settled)
# and sends the announcements due: a final's announcement follows its import within seconds.
PREDICT_EVERY = timedelta(seconds=2)


class PredictionJob(TwoLaneJob):
    """Podium predictions: scores the rounds whose event's final result a newer import brought (a live poll's, an
    import command's), notes the rounds locked since (their lock posts), and sends the posts due. A final's rounds
    are committed in batches, and the announcements of the first batches go out while the next are scored (5,000
    servers' rounds take longer to score than one post)."""

    def __init__(self, service: PredictionService) -> None:
        super().__init__(PREDICT_JOB, PREDICT_EVERY, service.read, service.deliver_due)
        self.service = service


class ResultsWatch:
    """The interval job that keeps a process's results as new as the store's: when the latest import is not the one
    its copy was loaded from (another process imported), the results, their name index and the stories from the
    results are loaded again."""

    def __init__(self, results: ResultsService, reload: Callable[[], Awaitable[None]]) -> None:
        self.results = results
        self.reload = reload

    def add_to(self, scheduler: MomentScheduler) -> None:
        scheduler.every(RESULTS_EVERY, self.run, RESULTS_JOB)

    async def run(self) -> None:
        try:
            if await self.results.outdated():
                await self.reload()
                log.info("results reloaded after an import by another process (import %d)", self.results.loaded_import)
        except Exception:
            log.exception("reloading the results after another process's import failed")


def job_id(guild_id: int) -> str:
    """The stable job id of a server's daily post."""
    return f"moment:{guild_id}"


class MomentScheduler:
    """Owns the AsyncIOScheduler. With an injected clock (tests, the sandbox's time travel) it starts
    paused and `tick()` runs what is due by that clock, exactly as the scheduler would."""

    # Jobs preparing or sending at once. When thousands of servers share a minute, letting every job build
    # its post together starves the event loop, and the paced sends then leave in bunches that exceed the
    # global rate limit; a few at a time keep the pipeline full and the pace even.
    CONCURRENT_JOBS = 16

    def __init__(self, service: MomentService, *, driven_by_clock: bool = False, sharded: bool = False) -> None:
        """`sharded`: one of several processes (bot.services.shards), which looks for relabels by the others often."""
        self.service = service
        self.driven_by_clock = driven_by_clock
        self.corrections_every = SHARDED_CORRECTIONS_EVERY if sharded else CORRECTIONS_EVERY
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self._slots = asyncio.Semaphore(self.CONCURRENT_JOBS)

    def start(self) -> None:
        """Needs the running event loop: called from setup_hook."""
        self.scheduler.start(paused=self.driven_by_clock)
        self.every(self.corrections_every, self.correct_missed, CORRECTIONS_JOB)

    def every(
        self, period: timedelta, func: Callable[[], Awaitable[None]], job: str, *, max_instances: int = 1
    ) -> None:
        """An interval job: first run one period from now, then every period. Driven by an injected clock, "now"
        is that clock's (APScheduler would start it from the wall clock, and a test in 2014 would never see it
        come due)."""
        if self.driven_by_clock:
            first = self.service.clock() + period
            trigger = IntervalTrigger(seconds=int(period.total_seconds()), start_date=first, timezone="UTC")
            self.scheduler.add_job(
                func,
                trigger,
                id=job,
                replace_existing=True,
                coalesce=True,
                max_instances=max_instances,
                next_run_time=first,
            )
            return
        trigger = IntervalTrigger(seconds=int(period.total_seconds()))
        self.scheduler.add_job(func, trigger, id=job, replace_existing=True, coalesce=True, max_instances=max_instances)

    async def correct_missed(self) -> None:
        """The corrections job: posts of stories relabelled by another process are corrected within
        CORRECTIONS_EVERY (the bot's own relabels are corrected at once, by subscription)."""
        try:
            edited = await self.service.correct_missed()
            if edited:
                log.info("corrected %d moment post(s) of stories relabelled elsewhere", edited)
        except Exception:
            log.exception("the moment corrections job failed")

    def shutdown(self) -> None:
        """Stops the scheduler; running jobs are not waited for."""
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def load(self) -> int:
        """Plans every active schedule; returns how many."""
        return await self.service.plan_all()

    def plan(self, guild_id: int, schedule: MomentSchedule | None) -> None:
        """The Planner side: (re)plans a server's next post; a paused or deleted schedule has no job."""
        gid = guild_id
        if schedule is None or schedule.paused:
            if self.scheduler.get_job(job_id(gid)):
                self.scheduler.remove_job(job_id(gid))
            return
        day, due = self.service.next_due(schedule, self.service.clock())
        self.scheduler.add_job(
            self._fire,
            DateTrigger(run_date=due),
            id=job_id(gid),
            args=(gid, day),
            replace_existing=True,
            coalesce=True,  # a pile of missed runs is one run
            misfire_grace_time=int(self.service.grace.total_seconds()),
        )

    def retry(self, guild_id: int, local_date: str, at: datetime) -> None:
        """The Planner side: one more attempt at a day's post that failed for a passing reason."""
        self.scheduler.add_job(
            self._fire_retry,
            DateTrigger(run_date=at),
            id=f"moment-retry:{guild_id}:{local_date}",
            args=(guild_id, local_date),
            replace_existing=True,
            misfire_grace_time=int(self.service.grace.total_seconds()),
        )

    async def _fire_retry(self, guild_id: int, local_date: str) -> None:
        try:
            async with self._slots:
                outcome = await self.service.retry(guild_id, local_date)
            log.info("moment of guild %s for %s, tried again: %s", guild_id, local_date, outcome)
        except Exception:
            log.exception("moment retry of guild %s for %s failed", guild_id, local_date)

    async def _fire(self, guild_id: int, day: date) -> None:
        try:
            async with self._slots:
                outcome = await self.service.run(guild_id, trigger=Trigger.SCHEDULE, local_date=day)
            log.debug("moment of guild %s for %s: %s", guild_id, day, outcome)
        except Exception:
            log.exception("moment of guild %s for %s failed", guild_id, day)
        finally:
            try:
                await self.service.replan(guild_id)
            except Exception:
                log.exception("could not plan the next moment of guild %s", guild_id)

    def next_run(self, guild_id: int):
        """When the server's next post is planned (UTC), or None."""
        job = self.scheduler.get_job(job_id(guild_id))
        return job.next_run_time if job else None

    async def tick(self) -> int:
        """Runs every job due by the service's clock (only when driven by an injected clock)."""
        now = self.service.clock()
        due = [job for job in self.scheduler.get_jobs() if job.next_run_time and job.next_run_time <= now]
        for job in due:
            if isinstance(job.trigger, IntervalTrigger):  # a recurring job: run, and plan its next run
                # Coalesced, as APScheduler does: the runs missed while the clock jumped are one run, and the next
                # is the first of its period after now.
                following = job.trigger.get_next_fire_time(None, now)
                if following is not None and following <= now:
                    following += job.trigger.interval
                job.modify(next_run_time=following)
                await job.func(*job.args)
                continue
            late = (now - job.next_run_time).total_seconds()
            if job.misfire_grace_time is not None and late > job.misfire_grace_time:
                # As APScheduler would: too late to run; the restart logic records the day as missed.
                if job.func == self._fire:
                    await self.service.replan(job.args[0])
                else:
                    job.remove()
                continue
            if job.func != self._fire:
                job.remove()  # a one-shot retry: APScheduler drops a date job once it has run
            await job.func(*job.args)
        return len(due)
