"""The Bot subclass: owns the store's services, loads the cogs, and points discord.py at its endpoints."""

from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from importlib.metadata import PackageNotFoundError, version
from typing import Any, cast

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.discord_layer.installs import GUILD_ONLY_CONTEXTS, GUILD_ONLY_INSTALLS
from bot.discord_layer.live_poster import DirectView, LiveView
from bot.discord_layer.metrics import KIND_OF_POST, CountedPoster, Metrics
from bot.discord_layer.modlog import ModLogChannel
from bot.discord_layer.moment_poster import MomentNotices, MomentView
from bot.discord_layer.monitor import GatewayStatus, Health, MonitorServer
from bot.discord_layer.outbox_poster import OutboxDiscordPoster
from bot.discord_layer.prediction_poster import PredictionView
from bot.discord_layer.scheduling import LiveJob, MomentScheduler, PredictionJob, ResultsWatch
from bot.discord_layer.tree import READS_RESULTS, SkateTree
from bot.discord_layer.ui.errors import reply_ephemeral
from bot.discord_layer.ui.i18n import CatalogueTranslator
from bot.discord_layer.ui.replies import acknowledge_privately
from bot.i18n import t
from bot.ratelimit import sweep_buckets_at_most_every
from bot.render.pool import ChartRenderer
from bot.services.compose import build_services
from bot.services.live.delivering import DIRECT
from bot.services.live.delivering import KIND as LIVE
from bot.services.moment_types import KIND as MOMENT
from bot.services.outbox import OutboxPoster, PostFailed
from bot.services.predictions.delivery import ANNOUNCEMENT, LOCK
from bot.services.shards import IdentifyBuckets, Shards
from bot.settings import Settings
from cogs import EXTENSIONS
from db.database import Database
from db.models import WatchState

log = logging.getLogger(__name__)

# Discord waits 3 s for an answer; form handlers answer in milliseconds (see on_interaction).
FORM_ANSWER_GRACE = 2.5
# A command not acknowledged by then is acknowledged for it ("thinking…"): a store that does not answer (a hung
# PostgreSQL, a read waiting for READ_WAIT) must not cost the interaction (Discord's 10062 after 3 s).
ACK_GRACE = 2.0

# Interaction kinds as the acknowledgement metric names them.
_KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.autocomplete: "autocomplete",
    discord.InteractionType.component: "component",
    discord.InteractionType.modal_submit: "form",
}

try:
    VERSION = version("skatebot")
except PackageNotFoundError:  # running from a source tree that was never installed
    VERSION = "dev"


def configure_endpoints(api_base_url: str | None, gateway_url: str | None) -> None:
    """Points discord.py at a Discord-compatible server other than discord.com (the sandbox, a proxy).

    These are class attributes, so this is process-wide; called once by the entry point or the harness.
    They are discord.py internals, not its public API: an upgrade of discord.py must be checked here
    (tests/e2e drive the bot through them, so a rename fails every end-to-end test).
    """
    # discord.py internals: Route.BASE, Asset.BASE, DiscordWebSocket.DEFAULT_GATEWAY.
    if api_base_url:
        discord.http.Route.BASE = api_base_url
        origin = yarl.URL(api_base_url).origin()
        discord.asset.Asset.BASE = str(origin)
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def _return_freed_heap() -> None:
    """Gives the operating system back the heap a reload freed (the rows read, the index replaced): glibc keeps
    it for later allocations that never come, about 5 MB with a large store, which would count against the
    bot's memory for as long as it runs. A no-op where the C library is not glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    trim = getattr(libc, "malloc_trim", None)
    if trim is not None:
        trim(0)


class SkateBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        db: Database,
        *,
        clock: Callable[[], datetime] | None = None,
        results_on_demand: bool = False,
        owns_the_process: bool = False,
        **options: Any,
    ) -> None:
        """`clock`: an injected clock (tests, the sandbox); the moment scheduler then runs on `tick()` by it.
        `results_on_demand`: the bot goes on the gateway before the results are loaded, and loads them when first
        asked (`want_results`, or a command that reads them, which waits for them); see `results_loaded`.
        `owns_the_process`: the bot is the program (`skatebot run`, `skatebot sandbox`); see reload_results."""
        # Slash commands only: no message content, no member list; interactions carry what we need.
        intents = discord.Intents(guilds=True)  # and nothing else
        self.metrics = Metrics()
        # The HTTP trace times each interaction's acknowledgement (its callback) for the metrics.
        options.setdefault("http_trace", self.metrics.trace_config())
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents,
            tree_cls=SkateTree,
            allowed_mentions=discord.AllowedMentions.none(),  # user-written text must never ping anyone
            owner_ids=set(settings.owner_ids) or None,
            # Every command is the server's unless it says otherwise (`bot.discord_layer.installs.anywhere`).
            allowed_installs=GUILD_ONLY_INSTALLS,
            allowed_contexts=GUILD_ONLY_CONTEXTS,
            **options,
        )
        # discord.py scans all its rate-limit buckets at every new channel posted to (bot/ratelimit.py): once a
        # minute is enough, and a fan-out to thousands of servers keeps its event loop for the sending.
        sweep_buckets_at_most_every(self.http)
        self.settings, self.owns_the_process = settings, owns_the_process
        self.version = VERSION
        self.db = db
        db.busy_observer = self.metrics.store_was_busy
        # The servers this process serves (all of them unless the bot runs as several sharded processes).
        self.own_shards = Shards(
            settings.shard_count, frozenset(settings.shard_ids) if settings.shard_ids is not None else None
        )
        services = build_services(
            db,
            clock=clock,
            moment_grace=timedelta(hours=settings.moment_grace_hours),
            allow_private=settings.live_allow_private,
            loopback_spacing=settings.live_loopback_spacing,
            shards=self.own_shards,
            telemetry=self.metrics,
            modlog=ModLogChannel(self),
        )
        self.results = services.results
        self.stories = services.stories
        self.fact_stories = services.fact_stories
        self.moments = services.moments
        self.outbox = services.outbox
        self.live = services.live
        self.predictions = services.predictions
        # Charts are drawn in a worker process, started by the first chart asked for (bot/render/pool.py).
        self.charts = ChartRenderer()
        self.moment_scheduler = MomentScheduler(
            self.moments, driven_by_clock=clock is not None, sharded=self.own_shards.sharded
        )
        self.live_job = LiveJob(self.live)
        self.prediction_job = PredictionJob(self.predictions)
        self.gateway_status = GatewayStatus(self._own_shard_ids(settings))
        self.monitor: MonitorServer | None = None
        self.live.ended.subscribe(self._competition_ended)
        self.recovery: asyncio.Task[None] | None = None
        self._unknown_presses: set[int] = set()  # interactions of presses no view knows (_watch_unknown_presses)
        # The results load and what waits for it (`results_loaded`). On demand, the load (0.1 s of a 17-competition
        # store, more with a larger one) and the scheduler's start follow the first ask instead of preceding the
        # bot's first answer: `skatebot sandbox` answers /ping without them (bench/bench_sandbox_start.py).
        self.results_on_demand = results_on_demand
        self._results_wanted = asyncio.Event()
        self._results_ready = asyncio.Event()
        self._results_failure: BaseException | None = None
        self.commands_synced = asyncio.Event()  # the development guild has the commands (or there is none)
        cast(SkateTree, self.tree).before_command = self._before_command

    async def reload_results(self, *, generate: bool = True) -> None:
        """Loads the results store again (after an import), then the stories from the results (unless
        `generate` is False: the start generates them in the background, before its catch-up)."""
        # The name index and caches live until the next import: they are moved out of the garbage collector's
        # reach (gc.freeze), so its full collections do not walk 100,000 names in the middle of an
        # interaction. Frozen objects are never collected, so the previous reload's are thawed first and the
        # index this refresh replaces is collected before the new one is frozen: otherwise every reload
        # leaked the whole previous index.
        # The first load has no index before it to collect (nothing frozen yet), and a full collection over every
        # module the start imported found nothing there, and cost 5% of the sandbox's start to its first
        # answer (bench/bench_sandbox_start.py): it is left to the reloads.
        # Only a bot that is the program does this: a bot inside another (the test harness's, hundreds one after
        # another in one process) leaves the collector alone, as freezing and collecting are the whole process's
        # (each start's full collection walked every object of its host, 0.35 s in a test process).
        if not self.owns_the_process:
            await self.results.refresh()
        else:
            replacing = gc.get_freeze_count() > 0
            gc.unfreeze()
            await self.results.refresh()
            if replacing:
                gc.collect()
            gc.freeze()
            _return_freed_heap()
        if generate:
            await self._generate()

    async def _generate(self) -> None:
        report = await self.fact_stories.sync()
        if report is not None:
            log.info("%s", report.describe())

    async def _competition_ended(self, watch_id: int) -> None:
        """A watched competition is over: its complete results make the stories from the results (a partial
        standings' "highest total" is not a fact yet)."""
        await self._generate()

    @property
    def results_asked(self) -> bool:
        """Whether the results load was asked for (at the start, unless the bot loads them on demand)."""
        return self._results_wanted.is_set() or not self.results_on_demand

    def want_results(self) -> None:
        """Asks for the results load, in the background (on demand: the sandbox's console, when it waits for what is
        typed next); nothing once asked, and nothing when the bot loads them at its start."""
        self._results_wanted.set()

    async def results_loaded(self) -> None:
        """Returns once the results are loaded and the scheduler plans by them (asking for the load first): at once
        unless the bot loads them on demand. Raises when the load failed, so that nothing answers from results that
        are not there (a skater "not found" because the names were not loaded yet)."""
        self.want_results()
        await self._results_ready.wait()
        if self._results_failure is not None:
            raise app_commands.AppCommandError("the results could not be loaded") from self._results_failure

    async def _before_command(self, interaction: discord.Interaction) -> None:
        """The command tree's gate (SkateTree.before_command): a command, a context menu or an autocomplete that
        reads the results waits for them; one that says it does not (`READS_RESULTS`) goes on at once."""
        command = interaction.command
        if command is None or command.extras.get(READS_RESULTS, True):
            await self.results_loaded()

    async def _load_results_and_plan(self) -> None:
        """The results, then the scheduler that plans by them (moment posts may be due at once after a restart)."""
        try:
            await self.reload_results(generate=False)
            self.moment_scheduler.start()
            planned = await self.moment_scheduler.load()
            log.info("moment of the day: %d schedules planned", planned)
        except BaseException as exc:
            self._results_failure = exc
            raise
        finally:
            self._results_ready.set()

    async def setup_hook(self) -> None:
        self._watch_unknown_presses()
        if not self.results_on_demand:
            await self.reload_results(generate=False)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # The moment of the day: settle what a restart interrupted, then plan every server's next post. From
        # here on the moment service plans its own changes and corrects the posts of relabelled stories.
        # Discord's global rate limit is the whole bot's, whatever its processes: a sharded process posts at its
        # share of POST_RATE_LIMIT (its shards of all), so that the processes together stay under it.
        post_rate = self.settings.post_rate * self.own_shards.share
        # The outbox sends, settles and corrects the posts the bot makes on its own, each kind rendered by its view;
        # its rate limiter paces every post, of every kind, under Discord's global limit.
        poster = OutboxDiscordPoster(
            self,
            {
                MOMENT: MomentView(self.stories, renderer=self.charts),
                LIVE: LiveView(self.stories, renderer=self.charts),
                DIRECT: DirectView(),
                ANNOUNCEMENT: PredictionView(),
                LOCK: PredictionView(),
            },
            self.outbox.limiter,
        )
        counted = CountedPoster(poster, self.metrics, {"send": KIND_OF_POST}, PostFailed)
        self.outbox.attach(cast(OutboxPoster, counted), rate=post_rate)
        self.moments.attach(MomentNotices(self, self.stories), self.moment_scheduler)
        if not self.results_on_demand:
            self.moment_scheduler.start()
        # Competition week, live: its posts share the outbox's pace (one global rate limit); its job runs on
        # the same scheduler, and its recovery with the moment's, before the job delivers anything.
        self.live.attach(cast(OutboxPoster, counted))
        self.live_job.add_to(self.moment_scheduler)
        # Podium predictions: scored when a final lands, announced on the same pace (bot.services.predictions).
        self.predictions.attach(cast(OutboxPoster, counted))
        self.prediction_job.add_to(self.moment_scheduler)
        if self.own_shards.sharded:
            # Another process's import (its /admin import-isu, the command line's, the lead's live polls) is loaded
            # here within seconds, so no process answers from old results for long.
            ResultsWatch(self.results, self.reload_results).add_to(self.moment_scheduler)
        if not self.results_on_demand:
            planned = await self.moment_scheduler.load()
            log.info("moment of the day: %d schedules planned", planned)
            self._results_ready.set()
        # Catching up after an outage can mean thousands of paced posts: in the background, so the bot is on
        # the gateway answering commands meanwhile (the per-day claims keep it from doubling a scheduled run).
        self.recovery = asyncio.create_task(self._recover(), name="moment-recovery")

    async def _recover(self) -> None:
        if self.results_on_demand:
            # The commands first: they are all the first command needs; the catch-up needs the results.
            await self._sync_development_guild()
            await self._results_wanted.wait()
            try:
                await self._load_results_and_plan()
            except Exception:
                log.exception("loading the results failed: the commands that read them say so")
                return
        try:
            await self._generate()  # first: a catch-up post may be a story from the results
        except Exception:
            log.exception("generating the stories from the results failed")
        try:
            log.info("moment of the day after the restart: %s", await self.moments.recover())
        except Exception:
            log.exception("moment recovery failed")
        try:
            log.info("live posts after the restart: %d sent", await self.live.recover())
        except Exception:
            log.exception("live recovery failed")
        try:
            log.info("prediction announcements after the restart: %d sent", await self.predictions.recover())
        except Exception:
            log.exception("prediction recovery failed")
        if not self.results_on_demand:
            await self._sync_development_guild()

    async def _sync_development_guild(self) -> None:
        if self.settings.dev_guild_id:
            # Only to the development guild: a global sync on every start would hit Discord's daily limit.
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        self.commands_synced.set()

    async def close(self) -> None:
        # A generation a competition's end started finishes first, with the corrections it announced: the store
        # is closed after the bot.
        self.live.ended.unsubscribe(self._competition_ended)
        await self.live.ended.settled()
        await self.fact_stories.corrected.settled()
        self.moments.detach()
        self.moment_scheduler.shutdown()
        if self.recovery is not None and not self.recovery.done():
            self.recovery.cancel()
        await super().close()
        self.charts.close()
        if self.monitor is not None:
            await self.monitor.stop()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Times the acknowledgement (metrics); and the safety net for forms: a submission of a form the bot no
        longer knows (open past FORM_TIMEOUT, or from before a restart) is dropped by discord.py without a word;
        every form handler answers or defers at once, so one still unanswered after FORM_ANSWER_GRACE gets a short
        reply instead of "did not respond"."""
        self.metrics.arrived(interaction.id, _KINDS.get(interaction.type, "other"))
        if interaction.type is discord.InteractionType.component:
            if interaction.id in self._unknown_presses:
                self._unknown_presses.discard(interaction.id)
                await reply_ephemeral(interaction, t("error-component-expired"))
            return
        if interaction.type is discord.InteractionType.application_command:
            await self._acknowledge_late(interaction)
            return
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        await asyncio.sleep(FORM_ANSWER_GRACE)
        if not interaction.response.is_done():
            await reply_ephemeral(interaction, t("error-form-expired"))

    @staticmethod
    async def _acknowledge_late(interaction: discord.Interaction) -> None:
        """Acknowledges a command still unanswered after ACK_GRACE, privately (whatever it answers then is seen by
        the asker only: a private answer never becomes public), so that its answer may follow when the store does
        (or "the store is busy" when it gives up). The replies go through `replies.respond`, which follows up on an
        acknowledged interaction."""
        await asyncio.sleep(ACK_GRACE)
        try:
            await acknowledge_privately(interaction)
        except (discord.HTTPException, discord.InteractionResponded):
            # answered meanwhile outside `respond` (a cog's own defer or form)
            log.debug("interaction %s was answered meanwhile", interaction.id)

    def _watch_unknown_presses(self) -> None:
        """Notes each press that reaches no view and no persistent button of this process (a pager or a
        confirmation from before a restart, or past its timeout): discord.py drops it without a word, and Discord then
        shows "This interaction failed"; `on_interaction` answers it that the buttons expired.

        The note is taken where discord.py looks the press up, before any view runs (a view that stops on a press
        leaves the store at once, so looking later would call its own press unknown). discord.py's view store is not
        public API (2.7: `_connection._view_store`, its `dispatch_view`, `_views` by message id or None for persistent
        views, `_dynamic_items` by pattern); tests/e2e/test_restart_buttons.py fails when an upgrade changes them.
        Missing, nothing is noted: presses go on as before."""
        store = getattr(self._connection, "_view_store", None)
        dispatch = getattr(store, "dispatch_view", None)
        views, patterns = getattr(store, "_views", None), getattr(store, "_dynamic_items", None)
        if dispatch is None or not isinstance(views, dict) or not isinstance(patterns, dict):
            log.warning("discord.py's view store has changed: presses of expired buttons get no answer")
            return

        def noted(component_type: int, custom_id: str, interaction: discord.Interaction) -> None:
            key = (component_type, custom_id)
            message_id = interaction.message.id if interaction.message is not None else None
            known = (
                key in views.get(message_id, {})
                or key in views.get(None, {})
                or any(pattern.fullmatch(custom_id) for pattern in patterns)
            )
            if not known:
                self._unknown_presses.add(interaction.id)
            dispatch(component_type, custom_id, interaction)

        store.dispatch_view = noted  # type: ignore[union-attr]

    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        self.metrics.interaction(command.qualified_name, "ok")

    # The gateway's state for /healthz. A plain bot gets connect (at READY), resumed and disconnect; a sharded one
    # the same per shard.
    async def on_connect(self) -> None:
        if not self.own_shards.sharded:
            self.gateway_status.up()

    async def on_resumed(self) -> None:
        if not self.own_shards.sharded:
            self.gateway_status.up()

    async def on_disconnect(self) -> None:
        if not self.own_shards.sharded:
            self.gateway_status.down()

    async def on_shard_connect(self, shard_id: int) -> None:
        self.gateway_status.up(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.gateway_status.up(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self.gateway_status.down(shard_id)

    @staticmethod
    def _own_shard_ids(settings: Settings) -> frozenset[int]:
        if settings.shard_count is None:
            return frozenset({0})
        if settings.shard_ids is not None:
            return frozenset(settings.shard_ids)
        return frozenset(range(settings.shard_count))

    async def serve_monitor(self, address: tuple[str, int]) -> MonitorServer:
        """Serves /healthz and /metrics on `address` until the bot closes (`skatebot run` with MONITOR_ADDRESS)."""
        health = Health(self.gateway_status, self.db.schema_version, lambda: self.latency)
        self.monitor = MonitorServer(health, self.metrics, address)
        self.monitor.refreshers.append(self._count_watched_sites)
        await self.monitor.start()
        return self.monitor

    async def _count_watched_sites(self) -> None:
        watches = await self.live.watches()
        self.metrics.live_sites.set(sum(1 for watch in watches if watch.state == WatchState.WATCHING))

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d guild(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds))


class ShardedSkateBot(SkateBot, commands.AutoShardedBot):
    """The bot as a subset of Discord's shards (SHARD_COUNT, SHARD_IDS): discord.py's AutoShardedBot, one gateway
    connection per shard it runs; several such processes share one store."""

    _identify_buckets: IdentifyBuckets | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Each shard identifies as soon as Discord's session start limit allows (bot/services/shards.py), not
        5 s after the one before it whatever `max_concurrency` the bot has."""
        if self._identify_buckets is None:
            try:
                allowed = (await self.fetch_session_start_limits()).max_concurrency
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                log.warning("session start limit unknown (%s): one shard at a time", exc)
                allowed = 1
            self._identify_buckets = IdentifyBuckets(allowed)
        await asyncio.sleep(self._identify_buckets.wait_before(shard_id or 0, asyncio.get_running_loop().time()))


def build_bot(settings: Settings, db: Database, **options: Any) -> SkateBot:
    """The bot the settings ask for: sharded with SHARD_COUNT (SHARD_IDS, or every shard), else the one-process
    bot as it always was."""
    options.setdefault("owns_the_process", True)  # `skatebot run`: the bot is the program
    if settings.shard_count is None:
        return SkateBot(settings, db, **options)
    shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedSkateBot(settings, db, shard_count=settings.shard_count, shard_ids=shard_ids, **options)
