"""The one place that builds the store's services and wires them to each other, for every entry point: the bot
(bot/client.py), the first start of a store (bot/store.py), each command-line command (bot/cli/), the sandbox and
the tests. Built anywhere else, a service could miss a subscriber another path has (a command-line StoryService once
had no moment service listening for its relabels)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.services.fact_stories import FactStories
from bot.services.live.fetching import HostGate
from bot.services.live.service import LiveService
from bot.services.modlog import NO_MODLOG, ModLog
from bot.services.moments import DEFAULT_GRACE, MomentService
from bot.services.outbox import Outbox
from bot.services.predictions import PredictionService
from bot.services.results import ResultsService
from bot.services.shards import EVERY_SHARD, Shards
from bot.services.stories import StoryService
from bot.services.telemetry import SILENT, LiveTelemetry
from db.database import Database
from db.repositories.live import LiveRepository
from db.repositories.moments import MomentRepository
from db.repositories.outbox import OutboxRepository
from db.repositories.predictions import PredictionRepository
from db.repositories.results import ResultsRepository
from db.repositories.stories import GuildRepository, StoryRepository


@dataclass(frozen=True, slots=True)
class Services:
    """Every service of one store, each holding the same instances of the others (one results index, one story
    service whose relabels the moment service corrects once the bot attaches Discord to it)."""

    results: ResultsService
    stories: StoryService
    fact_stories: FactStories
    moments: MomentService
    live: LiveService
    predictions: PredictionService
    outbox: Outbox  # every post the bot makes on its own: claimed, sent once, settled, corrected


def build_services(
    db: Database,
    *,
    clock: Callable[[], datetime] | None = None,
    moment_grace: timedelta = DEFAULT_GRACE,
    allow_private: bool = False,
    loopback_spacing: float | None = None,
    shards: Shards = EVERY_SHARD,
    telemetry: LiveTelemetry = SILENT,
    modlog: ModLog = NO_MODLOG,
) -> Services:
    """The services of `db`, their results not loaded yet (`load_services` loads them). `clock`: an injected clock
    (the sandbox, tests); `loopback_spacing`: seconds between a watch's requests to this machine's own address
    (LIVE_LOOPBACK_SPACING; None: the spacing every host gets); `shards`: the servers this process serves;
    `telemetry`: where the operator's figures go; `modlog`: where a server's moderators read what was done (the bot's
    Discord channel; none on the command line)."""
    results = ResultsService(ResultsRepository(db))
    stories = StoryService(StoryRepository(db), GuildRepository(db), results, modlog)
    fact_stories = FactStories(results, StoryRepository(db))
    outbox = Outbox(OutboxRepository(db), clock=clock, shards=shards, settings=stories)
    moments = MomentService(
        MomentRepository(db),
        stories,
        results,
        clock or (lambda: datetime.now(UTC)),
        grace=moment_grace,
        fact_stories=fact_stories,
        shards=shards,
        outbox=outbox,
    )
    live = LiveService(
        LiveRepository(db),
        results,
        clock=clock,
        allow_private=allow_private,
        gate=HostGate(loopback_spacing=loopback_spacing),
        shards=shards,
        telemetry=telemetry,
        outbox=outbox,
    )
    predictions = PredictionService(PredictionRepository(db), results, live, clock=clock, shards=shards)
    return Services(results, stories, fact_stories, moments, live, predictions, outbox)


async def load_services(
    db: Database, *, allow_private: bool = False, loopback_spacing: float | None = None
) -> Services:
    """The services of `db` with the results loaded, as a command of the command line needs them (names,
    competitions)."""
    services = build_services(db, allow_private=allow_private, loopback_spacing=loopback_spacing)
    await services.results.refresh()
    return services
