"""The mod-log is a port the services tell (bot/services/modlog.py): every path that changes a story or a server's
setting logs it, the command line and a test as much as the slash command, and only to the actor's own server when
it has a mod-log channel. The Discord side (bot/discord_layer/modlog.py) is tested end to end in
tests/e2e/test_stories.py."""

from __future__ import annotations

import pytest

from bot.errors import NotFound
from bot.i18n import render
from bot.services.modlog import ModLogEntry
from bot.services.results import ResultsService
from bot.services.stories import Actor, RoleChoice, StoryDraft, StoryService, tier_name
from bot.store import CLI_OWNER
from db.database import Database
from db.models import GuildSettings
from db.repositories.stories import GuildRepository, StoryRepository

GUILD, OTHER = 111, 222
ADMIN = Actor(3, GUILD, is_admin=True)
MOD = Actor(1, GUILD, is_moderator=True)
MEMBER = Actor(11, GUILD)
OTHER_MOD = Actor(2, OTHER, is_moderator=True)
LOG_CHANNEL = 900


class Recorded:
    """A mod-log port that keeps what it was told."""

    def __init__(self) -> None:
        self.entries: list[tuple[int, ModLogEntry]] = []

    async def post(self, settings: GuildSettings, entry: ModLogEntry) -> None:
        assert settings.modlog_channel_id == LOG_CHANNEL
        self.entries.append((settings.guild_id, entry))

    def keys(self) -> list[str]:
        return [entry.key for _, entry in self.entries]


@pytest.fixture
def modlog() -> Recorded:
    return Recorded()


@pytest.fixture
async def service(store: Database, results: ResultsService, modlog: Recorded) -> StoryService:
    service = StoryService(StoryRepository(store), GuildRepository(store), results, modlog)
    await service.set_modlog(ADMIN, LOG_CHANNEL)
    modlog.entries.clear()
    return service


async def test_each_change_to_a_story_is_told_to_the_servers_mod_log(service: StoryService, modlog: Recorded) -> None:
    story = await service.create(MOD, StoryDraft("Hanyu *wins* gold"))
    await service.edit(MOD, story.id, StoryDraft("Hanyu wins gold again"))
    await service.add_source(MOD, story.id, "https://www.isu.org/results", publisher="ISU")
    await service.remove_source(MOD, story.id, "https://www.isu.org/results")
    await service.flag(MEMBER, story.id, "  not *true*  ")
    await service.label(MOD, story.id, "disputed", "two sources disagree")
    await service.delete(MOD, story.id)
    assert modlog.keys() == [
        "modlog-story-added",
        "modlog-story-edited",
        "modlog-source-added",
        "modlog-source-removed",
        "modlog-story-reported",
        "modlog-labelled-note",
        "modlog-story-deleted",
    ]
    assert {guild for guild, _ in modlog.entries} == {GUILD}
    added, _, source, _, reported, labelled, _ = (entry for _, entry in modlog.entries)
    # What people wrote is handed over as typed, for the Discord layer to show inert; the rest as values.
    assert added.user_id == MOD.user_id and added.values == {"id": story.id}
    assert added.typed == {"title": "Hanyu *wins* gold"}
    assert source.values == {"id": story.id, "publisher": "ISU", "url": "https://www.isu.org/results"}
    assert reported.user_id == MEMBER.user_id and reported.typed["reason"] == "not *true*"
    assert labelled.badge == "disputed" and labelled.typed == {"note": "two sources disagree"}


async def test_refused_and_serverless_changes_tell_nothing(service: StoryService, modlog: Recorded) -> None:
    story = await service.create(MOD, StoryDraft("A story"))
    modlog.entries.clear()
    with pytest.raises(NotFound):  # another server's moderator: not their story
        await service.delete(OTHER_MOD, story.id)
    await service.create(CLI_OWNER, StoryDraft("From the command line"), library=True)  # no server: no mod-log
    await service.create(OTHER_MOD, StoryDraft("Another server's"))  # that server has no mod-log channel
    assert modlog.entries == []


async def test_server_settings_are_told_as_the_moderator_was_told_them(service: StoryService, modlog: Recorded) -> None:
    await service.set_mod_role(ADMIN, RoleChoice(77, "Mods"))
    await service.set_language(MOD, "ja", shown="日本語")
    await service.set_podium_card(MOD, True)
    await service.set_tier(MOD, "news.example.com", "low")
    await service.set_modlog(ADMIN, None)  # turned off: nothing left to tell it to
    said = [(entry.key, render(entry.values["setting"])) for _, entry in modlog.entries]  # type: ignore[arg-type]
    assert said == [
        ("modlog-config-set", render("config-modrole-set", role="<@&77>")),
        ("modlog-config-set", render("config-language-set", language="日本語")),
        ("modlog-config-set", render("config-podium-card-on")),
        ("modlog-config-tier", render("config-tier-set", domain="news.example.com", tier=render(tier_name("low")))),
    ]
