"""The moment service owns its side effects without Discord or a cog: every schedule change reaches its planner,
its rights are its own, and it hears the story service's relabels."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import Text
from bot.services.access import Actor, PermissionDenied
from bot.services.events import Signal
from bot.services.moments import MomentContent, MomentService
from bot.services.outbox import Outgoing
from bot.services.results import ResultsService
from bot.services.stories import StoryService
from db.database import Database
from db.models import MomentSchedule, OutboxPost
from db.repositories.moments import MomentRepository
from db.repositories.stories import GuildRepository, StoryRepository

GUILD = 7001
MOD = Actor(user_id=1, guild_id=GUILD, is_moderator=True)
MEMBER = Actor(user_id=2, guild_id=GUILD)
NOW = datetime(2026, 2, 18, 12, 0, tzinfo=UTC)


class Planner:
    def __init__(self) -> None:
        self.planned: list[tuple[int, MomentSchedule | None]] = []
        self.retries: list[tuple[int, str, datetime]] = []

    def plan(self, guild_id: int, schedule: MomentSchedule | None) -> None:
        self.planned.append((guild_id, schedule))

    def retry(self, guild_id: int, local_date: str, at: datetime) -> None:
        self.retries.append((guild_id, local_date, at))


class Poster:
    def __init__(self) -> None:
        self.edited: list[tuple[int, int, MomentContent]] = []

    async def send(self, post: Outgoing) -> int:
        return 1

    async def find(self, post: Outgoing) -> int | None:
        return None

    async def edit(self, post: Outgoing, message_id: int) -> None:
        assert post.channel_id is not None and isinstance(post.content, MomentContent)
        self.edited.append((post.channel_id, message_id, post.content))

    async def delete(self, post: OutboxPost) -> None:
        pass

    async def notify(self, guild_id: int, text: Text) -> None:
        pass


@pytest.fixture
async def service(store: Database, results: ResultsService) -> MomentService:
    stories = StoryService(StoryRepository(store), GuildRepository(store), results)
    return MomentService(MomentRepository(store), stories, results, lambda: NOW)


async def test_every_schedule_change_reaches_the_planner(service: MomentService) -> None:
    planner = Planner()
    service.attach(Poster(), planner, Poster())
    await service.schedule(MOD, 42, "10:00", "Asia/Tokyo")
    await service.set_paused(MOD, True)
    await service.set_paused(MOD, False)
    states = [(guild, schedule.post_time, schedule.paused) for guild, schedule in planner.planned if schedule]
    assert states == [(GUILD, "10:00", False), (GUILD, "10:00", True), (GUILD, "10:00", False)]
    assert await service.plan_all() == 1 and planner.planned[-1][1] is not None


async def test_the_service_checks_rights_itself(service: MomentService) -> None:
    planner = Planner()
    service.attach(Poster(), planner, Poster())
    for attempt in (
        service.schedule(MEMBER, 42, "10:00", "UTC"),
        service.set_paused(MEMBER, True),
        service.post_now(MEMBER),
        service.preview(MEMBER),
    ):
        with pytest.raises(PermissionDenied):
            await attempt
    assert planner.planned == []


async def test_a_relabel_is_heard_only_while_attached(service: MomentService) -> None:
    heard: list[int] = []

    async def correct(story_id: int) -> int:
        heard.append(story_id)
        return 0

    service.correct = correct  # type: ignore[method-assign]
    stories = service.stories
    story = await stories.get(1)
    assert story is not None and story.sources
    owner = Actor(user_id=3, guild_id=None, is_owner=True)
    await stories.label(owner, 1, "disputed", "a note")
    await stories.relabelled.settled()
    assert heard == []
    service.attach(Poster(), Planner(), Poster())
    await stories.label(owner, 1, "misleading", "another note")
    await stories.relabelled.settled()
    assert heard == [1]
    service.detach()
    await stories.label(owner, 1, "disputed", "a third note")
    await stories.relabelled.settled()
    assert heard == [1]


async def test_a_failing_subscriber_neither_stops_the_others_nor_reaches_the_announcer() -> None:
    signal: Signal[int] = Signal("test")
    got: list[int] = []

    async def failing(value: int) -> None:
        raise RuntimeError("boom")

    async def working(value: int) -> None:
        got.append(value)

    signal.subscribe(failing)
    signal.subscribe(working)
    signal.announce(5)
    await signal.settled()
    assert got == [5] and signal.subscribers == 2


async def test_the_shared_librarys_candidates_follow_every_change_to_the_stories(service: MomentService) -> None:
    """The library's candidates are kept between changes: a relabel, a deletion or a new story is seen at once."""
    service.attach(Poster(), Planner(), Poster())
    await service.schedule(MOD, 42, "10:00", "UTC")
    first = (await service.preview(MOD)).choice.story_id
    assert first is not None
    owner = Actor(user_id=3, guild_id=None, is_owner=True)
    await service.stories.label(owner, first, "false", "It never happened")
    second = (await service.preview(MOD)).choice.story_id
    assert second not in (None, first)
    await service.stories.delete(owner, second)
    third = (await service.preview(MOD)).choice
    assert third.story_id not in (None, first, second)
    service.detach()
