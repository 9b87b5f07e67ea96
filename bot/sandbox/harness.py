"""The real bot connected to a local FakeDiscord: `skatebot sandbox`, the end-to-end tests and the benchmarks
all start it through `Sandbox`, so what the tests check is what a person sees in the terminal."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
from rich.console import Console
from rich.text import Text

from bot.client import SkateBot, configure_endpoints
from bot.errors import UserFacingError
from bot.sandbox.interactions import HANG
from bot.sandbox.server import (
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MANAGE_MESSAGES,
    Channel,
    FakeDiscord,
    Guild,
    InteractionResult,
    Role,
    User,
)
from bot.sandbox.template import bundled_template, copy_template
from bot.sandbox.word_separators import remember_word_separators, use_remembered_word_separators
from bot.settings import Settings
from bot.store import open_store
from db.database import Database

log = logging.getLogger(__name__)


@contextlib.contextmanager
def _discord_endpoints(server: FakeDiscord):
    """Points discord.py at the server for the block; restores the class attributes afterwards."""
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    configure_endpoints(server.api_base, server.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE = saved


async def answered(result: InteractionResult, timeout: float = HANG) -> InteractionResult:  # noqa: ASYNC109
    """Waits for the bot's answer: the response itself, or after a deferral ("thinking…", or a press
    acknowledged before its work) the follow-up or edit that carries the answer."""
    await result.wait()
    if result.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
        await result.wait_message(timeout)
    return result


class Sandbox:
    """A FakeDiscord with one server ("Skate Fans": the owner "you", a moderator and a plain member "fan")
    and the real SkateBot logged in to it with its commands synced to that server.

    `db_path`: use this store (created and filled with the bundled data when new); by default a fresh
    temporary store with the bundled data, deleted on exit.
    """

    def __init__(
        self,
        *,
        db_path: Path | None = None,
        settings: Settings | None = None,
        global_rate_limit: float | None = None,
        clock: Callable[[], datetime] | None = None,
        rate_limit_clock: Callable[[], float] = time.monotonic,
        on_template_build: Callable[[Path], None] | None = None,
        guild_ready_timeout: float = 0.05,
        results_on_demand: bool = False,
        owns_the_process: bool = False,
    ) -> None:
        """`clock`: an injected clock for the bot; its moment scheduler then runs on `tick()`.
        `rate_limit_clock`: the monotonic clock of the stand-in's rate limits (a test may move it on).
        `on_template_build`: told when this start builds the bundled store's template (bot.sandbox.template).
        `guild_ready_timeout`: how long discord.py waits after the last server's GUILD_CREATE for another before
        it is ready (its default, 2 s, waits for servers that never come here; every start pays it in full).
        `results_on_demand`: the bot is started once its commands are synced, before it loads the results, which it
        loads when asked (`want_results`) or when a command needs them (SkateBot.results_loaded): started means
        ready for commands, not caught up with its recovery.
        `owns_the_process`: the sandbox is the program (`skatebot sandbox`): its bot manages the garbage collector
        (SkateBot's `owns_the_process`); a test's sandbox, one of many in its process, leaves it alone."""
        self.server = FakeDiscord(global_rate_limit=global_rate_limit, clock=rate_limit_clock)
        self.owner: User = self.server.create_user("you")
        self.moderator: User = self.server.create_user("mod")
        self.member: User = self.server.create_user("fan")
        self.guild: Guild = self.server.create_guild("Skate Fans", self.owner)
        self.mod_role: Role = self.server.create_role(self.guild, "Moderators", MANAGE_MESSAGES)
        self.server.add_member(self.guild, self.moderator, [self.mod_role])
        self.server.add_member(self.guild, self.member)
        self.channel: Channel = self.guild.text_channel("general")
        self._db_path = db_path
        self._base_settings = settings or Settings()
        self._clock = clock
        self._on_template_build = on_template_build
        self._guild_ready_timeout = guild_ready_timeout
        self._results_on_demand = results_on_demand
        self._owns_the_process = owns_the_process
        self._settings: Settings | None = None
        self._tmpdir: str | None = None
        self._endpoints: contextlib.ExitStack | None = None
        self.db: Database | None = None
        self.bot: SkateBot | None = None
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def start(self) -> None:
        await self.server.start()
        self._endpoints = contextlib.ExitStack()
        self._endpoints.enter_context(_discord_endpoints(self.server))
        try:
            if self._db_path is None:
                self._tmpdir = tempfile.mkdtemp(prefix="skatebot-sandbox-")
                db_path = Path(self._tmpdir) / "skatebot.sqlite3"
                # A copy of the bundled store's template: built once per version of the bundled data.
                template = await asyncio.to_thread(bundled_template, on_build=self._on_template_build)
                copy_template(template, db_path)
            else:
                db_path = self._db_path
            remembered = use_remembered_word_separators()
            self.db, _ = await open_store(db_path)
            if not remembered:
                remember_word_separators()
            self._settings = dataclasses.replace(
                self._base_settings,
                token=self.server.bot_token,
                db_path=db_path,
                dev_guild_id=self.guild.id,
                owner_ids=self._base_settings.owner_ids or frozenset({self.owner.id}),
                api_base_url=self.server.api_base,
                gateway_url=self.server.gateway_url,
            )
            await self.start_bot()
        except BaseException:
            await self.stop()
            raise

    async def start_bot(self) -> None:
        """Starts the bot against this server and store (again, after `stop_bot`: a restart)."""
        assert self.db is not None and self._settings is not None
        self.bot = SkateBot(
            self._settings,
            self.db,
            clock=self._clock,
            guild_ready_timeout=self._guild_ready_timeout,
            results_on_demand=self._results_on_demand,
            owns_the_process=self._owns_the_process,
        )
        await self.bot.login(self.server.bot_token)  # runs setup_hook, which syncs to the guild
        self._task = asyncio.create_task(self.bot.connect(reconnect=False), name="skatebot-sandbox")
        ready = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, self._task}, timeout=HANG, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self._task.done():
                self._task.result()  # raises what stopped the bot
            raise RuntimeError(f"the bot did not become ready within {HANG:g} s")
        if self.bot.recovery is None:
            return
        if not self._results_on_demand:
            await self.bot.recovery  # started means caught up, for tests that restart the bot
            return
        synced = asyncio.create_task(self.bot.commands_synced.wait())
        await asyncio.wait({synced, self.bot.recovery}, return_when=asyncio.FIRST_COMPLETED)
        if not synced.done():
            synced.cancel()
            self.bot.recovery.result()  # raises what stopped the sync
            raise RuntimeError("the bot's recovery ended before its commands were synced")

    def want_results(self) -> None:
        """Asks the bot to load the results now, in the background (with `results_on_demand`)."""
        if self.bot is not None:
            self.bot.want_results()

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            try:
                await self._task  # a gateway error inside connect() surfaces here instead of being lost
            finally:
                self._task = None

    async def stop(self) -> None:
        # Order matters (TESTING.md): the bot first, then its task, then the server.
        await self.stop_bot()
        await self.server.stop()
        if self.db is not None:
            await self.db.close()
            self.db = None
        if self._endpoints is not None:
            self._endpoints.close()
            self._endpoints = None
        if self._tmpdir is not None:
            shutil.rmtree(self._tmpdir, ignore_errors=True)
            self._tmpdir = None

    # --- conveniences for tests and benchmarks ---------------------------------------------------------
    @property
    def clock(self) -> Callable[[], datetime]:
        """The bot's clock: the injected one (a replay's competition time), else this machine's."""
        return self._clock or (lambda: datetime.now(UTC))

    async def slash(
        self, command: str, user: User | None = None, in_channel: Channel | None = None, **options: Any
    ) -> InteractionResult:
        """Runs a slash command as `user` (the owner by default) in `in_channel` (#general by default) and
        waits for its first response; `options` are the command's own options."""
        result = await self.server.slash(self.guild, in_channel or self.channel, user or self.owner, command, options)
        return await answered(result)

    async def sync_globally(self) -> None:
        """Registers the commands globally, as `skatebot sync` does: a member's own install of the app (in servers
        that never added it, DMs, group DMs) only ever offers global commands."""
        assert self.bot is not None
        await self.bot.tree.sync()

    async def autocomplete(
        self, command: str, focused: str, user: User | None = None, **options: Any
    ) -> list[dict[str, Any]]:
        return await self.server.autocomplete(self.guild, self.channel, user or self.owner, command, options, focused)


async def run_sandbox(
    settings: Settings, *, db_path: Path | None = None, replay: Path | None = None, speed: float = 600
) -> int:
    """`skatebot sandbox`: the bot in a local Discord, driven from this terminal. `replay`: a saved ISU results
    site served as it unfolded (bot.sandbox.replay), watched by the bot, its clock `speed` times real time."""
    console = Console(highlight=False)
    if replay is not None:
        return await _run_replay(settings, console, db_path=db_path, folder=replay, speed=speed)
    console.print(
        "[bold]skatebot sandbox[/]: a local Discord on 127.0.0.1 with the real bot and the bundled data. "
        "Type [cyan]help[/] for commands, [cyan]quit[/] to leave."
    )
    base = dataclasses.replace(settings, token=None, owner_ids=frozenset())
    # One server, whose GUILD_CREATE follows READY at once: 10 ms of waiting for another instead of 50, before the
    # first answer (bench/bench_sandbox_start.py). Were it later (a stalled machine), it still reaches the bot
    # before anything typed: one socket, in order.
    # The results are loaded once the console waits for a person to type (at its prompt), or as soon as a command
    # needs them: the first answer does not wait for them unless it reads them.
    async with Sandbox(
        db_path=db_path,
        settings=base,
        on_template_build=_announce_build(console),
        guild_ready_timeout=0.01,
        results_on_demand=True,
        owns_the_process=True,
    ) as sandbox:
        _collect_from_here()
        return await _console(sandbox, console, idle=sandbox.want_results)


def _collect_from_here() -> None:
    """The garbage collector on again after a start that ran without it (bot/cli/sandbox.py), with what the start
    built frozen first: otherwise its first collection, at the first command, would walk every object of the start,
    all still in its youngest generation. The first results load thaws them and collects once (SkateBot's
    reload_results), so the little garbage the start made is not kept for good."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _announce_build(console: Console) -> Callable[[Path], None]:
    def announce(template: Path) -> None:
        console.print(
            Text(
                f"First start with this version of the bundled data: building its store once, into {template} "
                "(a few seconds); later starts copy it.",
                style="dim",
            )
        )

    return announce


async def _console(sandbox: Sandbox, console: Console, **options: Any) -> int:
    """The terminal session on this sandbox's server, as its owner (`as mod`, `as member` switch)."""
    from bot.sandbox.console import run_console

    return await run_console(
        sandbox.server,
        sandbox.guild,
        sandbox.channel,
        sandbox.owner,
        sandbox.member,
        stdin=sys.stdin,
        console=console,
        moderator=sandbox.moderator,
        clock=sandbox.clock,
        **options,
    )


class SpedUpClock:
    """Competition time for `skatebot sandbox --replay`: from `start`, `speed` times as fast as real time. The bot and
    the replayed site share it. It never passes its `barrier` (set by the replay's pacer, `ReplayPacer`): there it
    stops until the barrier moves on, so a busy machine slows the competition down instead of skipping parts of it."""

    def __init__(self, start: datetime, speed: float, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.start, self.speed, self._monotonic = start, speed, monotonic
        self._began: float | None = monotonic()
        self._going = True
        self.barrier: datetime | None = None

    def restart(self, start: datetime, *, held: bool = False) -> None:
        """Time from `start`; `held`: stopped there until `go()` (while the bot starts and answers `/live watch`: a
        day of competition passes in seconds at 20,000 times real time)."""
        self.start, self._began, self._going = start, None if held else self._monotonic(), not held

    def go(self) -> None:
        self._going = True
        if self._began is None and (self.barrier is None or self.start < self.barrier):
            self._began = self._monotonic()

    def hold_at(self, barrier: datetime | None) -> None:
        """The clock runs up to `barrier` (None: on and on); stopped at an earlier barrier, it runs again."""
        self.barrier = barrier
        if self._going:
            self.go()

    def __call__(self) -> datetime:
        if self._began is None:
            return self.start
        now = self.start + timedelta(seconds=(self._monotonic() - self._began) * self.speed)
        if self.barrier is not None and now >= self.barrier:
            self.start, self._began = self.barrier, None  # stopped there until hold_at moves the barrier
            return self.start
        return now


REPLAY_LEAD = timedelta(minutes=1)  # the clock starts this long after the site's index appears
REPLAY_TICK = 0.1  # seconds of real time between two runs of the scheduler by the sped-up clock
# How far before a phase's moment the clock waits while the bot has not yet caught up with the phase before.
PHASE_MARGIN = timedelta(seconds=1)


class ReplayPacer:
    """Keeps the replayed competition's clock from outrunning the bot: competition time reaches a phase's moment
    (the site changes) only once the bot has read the site since the phase before came, and has sent what that read
    made due (channel posts, corrections, direct messages). On an idle machine the clock never waits; on a busy one the
    competition slows down, and nothing a test or a newcomer waits for is skipped because the machine was slow."""

    def __init__(self, clock: SpedUpClock, moments: Sequence[datetime]) -> None:
        self.clock = clock
        self.moments = sorted(set(moments))
        self.confirmed = 0  # moments whose site the bot has read and whose posts it has sent
        self._hold()

    def _hold(self) -> None:
        after = self.confirmed + 1
        if after >= len(self.moments):
            self.clock.hold_at(None)
            return
        self.clock.hold_at(max(self.moments[after] - PHASE_MARGIN, self.moments[after - 1]))

    async def step(
        self, bot: SkateBot, *, waiting: bool = False, acting: Callable[[], Awaitable[bool]] | None = None
    ) -> None:
        """Moves the barrier on past each moment the bot has caught up with. `waiting`: the driver still has to act
        on this moment (a member's follow), so it is not caught up yet; `acting`, asked once the bot has caught up
        (what it read is in the store by then): whether the driver has to act on what the bot just read (a podium to
        pick from the entries it imported)."""
        while self.confirmed < len(self.moments) and not waiting:
            moment = self.moments[self.confirmed]
            now = self.clock()
            if now < moment or not await self._caught_up(bot, moment, self.clock.barrier):
                return
            if acting is not None and await acting():
                return
            self.confirmed += 1
            self._hold()

    async def _caught_up(self, bot: SkateBot, moment: datetime, barrier: datetime | None) -> bool:
        from db.models import WatchState

        live = bot.live
        for watch in await live.watches():
            if watch.state is not WatchState.WATCHING:
                continue
            read = watch.polled_at is not None and datetime.fromisoformat(watch.polled_at) >= moment
            # A bot that means to look only after the barrier would wait for a clock that waits for it.
            later = barrier is None or datetime.fromisoformat(watch.next_poll_at) > barrier
            if not (read or later):
                return False
        now = live.now().isoformat()
        predictions = bot.predictions.repo
        return not (
            await live.repo.due_posts(now, 1)
            or await live.repo.outdated_posts(1)
            or await live.repo.due_directs(1)
            or await predictions.due_lock_posts(1)
            or await predictions.due_posts(1)
        )


async def _run_replay(settings: Settings, console: Console, *, db_path: Path | None, folder: Path, speed: float) -> int:
    """The bot watching a replayed competition: the owner watches it, #general is subscribed and announces the podium
    predictions, the member "fan" follows the first skater of the first segment, fan and the moderator pick the first
    open event's podium (bot/sandbox/replay_game.py); phases, posts and the DM are shown as they happen."""
    from bot.sandbox.replay import ReplayError, ReplaySite
    from bot.sandbox.replay_game import segment_starts
    from bot.services.live.fetching import HostGate
    from bot.services.live.polling import HOST_SPACING

    if speed <= 0:
        console.print("[red]--speed must be more than 0[/]")
        return 2
    clock = SpedUpClock(datetime.now(UTC), speed)
    try:
        site = ReplaySite(folder, clock=clock)
    except (ReplayError, OSError) as exc:
        console.print(Text(f"{folder} cannot be replayed: {exc}", style="red"))
        return 2
    phases = site.phases
    followed = _skater_to_follow(folder, phases)
    base = dataclasses.replace(settings, token=None, owner_ids=frozenset(), live_allow_private=True)
    console.print(
        Text.assemble(
            ("skatebot sandbox --replay", "bold"),
            f": {site.timeline.index.name} replayed on 127.0.0.1, competition time {speed:g} times as fast, from "
            f"{phases[0].what} on. The bot watches it, #general is subscribed, and fan follows "
            f"{followed or 'nobody'}. Type help for commands, quit to leave.",
        )
    )
    async with site:
        clock.restart(phases[0].when + REPLAY_LEAD, held=True)
        async with Sandbox(
            db_path=db_path,
            settings=base,
            clock=clock,
            on_template_build=_announce_build(console),
            owns_the_process=True,
        ) as sandbox:
            _collect_from_here()
            assert sandbox.bot is not None
            # The replay is on this machine: the spacing per host keeps its pace in competition time.
            sandbox.bot.live.gate = HostGate(spacing=HOST_SPACING.total_seconds() / speed)
            # Discord's per-channel limits too: five posts in five seconds is no limit a real competition's posts reach.
            sandbox.server.limiter.speed = speed
            over = asyncio.Event()
            prelude = [
                f"/live watch url: {site.url}",
                "as mod",
                "/live subscribe channel: general",
                "/predict settings channel: general",
                "as owner",
            ]
            # The segments' starts are moments too: the podium predictions' picks come before, the lock at it.
            pacer = ReplayPacer(clock, [phase.when for phase in phases] + segment_starts(phases))
            driver = asyncio.create_task(_drive_replay(sandbox, site, console, followed, over, pacer), name="replay")
            try:
                # Competition time starts once the bot watches the site and #general is subscribed.
                return await _console(sandbox, console, prelude=prelude, until=over, after_prelude=clock.go)
            finally:
                driver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await driver


def _skater_to_follow(folder: Path, phases: Sequence[Any]) -> str | None:
    """The first skater of the first segment's starting order who skates their category's next segment too. The store
    knows a skater once the site lists them; at a high speed the first segment's results may already be read by then,
    and the follower's message comes with the next score."""
    from bot.services.isu.pages import decode_page, parse_segment_page

    def rows(name: str) -> list[Any]:
        path = folder / name
        if not path.is_file():
            return []
        found, _ = parse_segment_page(decode_page(path.read_bytes(), path.name, None).text, path.name)
        return sorted(found, key=lambda r: (r.starting_number is None, r.starting_number or 0))

    first = next((p for p in phases if p.segment is not None and p.category is not None), None)
    if first is None:
        return None
    segments = first.category.segments
    index = segments.index(first.segment)
    skaters = [row.skater.name for row in rows(first.segment.detail_page)]
    later = {row.skater.name for seg in segments[index + 1 : index + 2] for row in rows(seg.detail_page)}
    return next((name for name in skaters if name in later), skaters[0] if skaters else None)


def _knows(bot: SkateBot, name: str | None) -> bool:
    """Whether the store knows the skater (a skater is known once the site lists them)."""
    if name is None:
        return False
    try:
        bot.results.athlete_ids(name)
    except UserFacingError:
        return False
    return True


async def _drive_replay(
    sandbox: Sandbox, site: Any, console: Console, followed: str | None, over: asyncio.Event, pacer: ReplayPacer
) -> None:
    """Runs the bot's scheduler by the sped-up clock, says when each phase of the competition comes, makes the member
    follow `followed` once the store knows them (a skater is known once the site lists them), and sets `over` when
    the bot has stopped watching the competition (it ended) or the last phase is long past."""
    from bot.sandbox.replay_game import ReplayGame
    from bot.services.live.polling import OVER_AFTER
    from db.models import WatchState

    bot = sandbox.bot
    assert bot is not None
    phases = list(site.phases)
    shown = 0
    following = followed is None
    game = ReplayGame(sandbox, console)
    while True:
        try:
            now = site.now()
            while shown < len(phases) and phases[shown].when <= now:
                phase = phases[shown]
                console.print(Text(f"⏱  {phase.when:%a %d %b %H:%M} · {phase.what}", style="bold magenta"))
                shown += 1
            await bot.moment_scheduler.tick()
            if not following and _knows(bot, followed):
                following = True
                await sandbox.slash("follow", user=sandbox.member, athlete=followed)
                console.print(Text(f"fan: /follow athlete: {followed}", style="dim"))
            await game.step(bot)
            # Known and not yet followed, or an event open and not yet picked: the clock waits for the members.
            await pacer.step(bot, waiting=not following and _knows(bot, followed), acting=game.to_pick)
            watches = await bot.live.watches()
            ended = bool(watches) and all(w.state is not WatchState.WATCHING for w in watches)
            if shown == len(phases) and (ended or now > phases[-1].when + OVER_AFTER * 2):
                over.set()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the replay's driver failed")
        await asyncio.sleep(REPLAY_TICK)
