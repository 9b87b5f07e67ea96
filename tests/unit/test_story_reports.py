"""Reports (flags) on stories: each server sees its own, the rate limit holds under concurrency, labelling
resolves thousands at once; settings refuse what makes no sense."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import UserFacingError
from bot.services.results import ResultsService
from bot.services.stories import FLAG_RATE, Actor, RoleChoice, StoryDraft, StoryService
from bot.store import CLI_OWNER
from db.database import Database
from db.repositories.stories import GuildRepository, StoryRepository

GUILD_A, GUILD_B = 111, 222
MEMBER_A, MEMBER_B = Actor(11, GUILD_A), Actor(22, GUILD_B)
MOD_A, MOD_B = Actor(1, GUILD_A, is_moderator=True), Actor(2, GUILD_B, is_moderator=True)
OWNER = Actor(4, GUILD_A, is_owner=True)


@pytest.fixture
async def service(store: Database, results: ResultsService) -> StoryService:
    return StoryService(StoryRepository(store), GuildRepository(store), results)


async def test_library_reports_stay_in_the_server_they_were_filed_in(service: StoryService) -> None:
    story = await service.create(CLI_OWNER, StoryDraft("A library story"), library=True)
    await service.flag(MEMBER_A, story.id, "reason only server A should read")
    await service.flag(MEMBER_B, story.id, "reason of server B")

    def reports(entries: list) -> list[str]:
        return [
            str((e.before or {}).get("reason") or (e.after or {}).get("reason")) for e in entries if "flag" in e.action
        ]

    _, seen_by_b = await service.history(MOD_B, story.id)
    assert reports(seen_by_b) == ["reason of server B"]
    assert all(e.actor_id != MEMBER_A.user_id for e in seen_by_b)
    assert (await service.view(MEMBER_B, story.id)).story.open_flags == 1  # B's own count
    _, seen_by_owner = await service.history(OWNER, story.id)  # the library's curators see every server's
    assert sorted(reports(seen_by_owner)) == ["reason of server B", "reason only server A should read"]

    await service.label(Actor(4, None, is_owner=True), story.id, "satire")
    _, seen_by_b = await service.history(MOD_B, story.id)
    assert reports(seen_by_b) == ["reason of server B", "reason of server B"]  # the report and its resolution
    assert (await service.view(MEMBER_B, story.id)).story.open_flags == 0


async def test_the_flag_rate_limit_holds_under_simultaneous_submissions(service: StoryService) -> None:
    limit, _ = FLAG_RATE
    stories = [await service.create(MOD_A, StoryDraft(f"Story {n}")) for n in range(15)]

    async def report(story_id: int) -> bool:
        try:
            await service.flag(MEMBER_A, story_id, "spam")
        except UserFacingError as refused:
            assert "wait a little" in refused.message
            return False
        return True

    accepted = await asyncio.gather(*(report(s.id) for s in stories))
    assert sum(accepted) == limit
    assert (
        await service.stories.open_flags(stories[0].id, None)
        + sum([await service.stories.open_flags(s.id, None) for s in stories[1:]])
        == limit
    )


async def test_labelling_resolves_ten_thousand_reports_in_one_go(service: StoryService, store: Database) -> None:
    story = await service.create(MOD_A, StoryDraft("Brigaded story"))
    async with store.transaction() as tx:
        await tx.executemany(
            "INSERT INTO story_flags (story_id, guild_id, user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
            [(story.id, GUILD_A, 10_000 + n, f"reason {n}", "2026-02-20T10:00:00+00:00") for n in range(10_000)],
        )
    labelled, resolved = await service.label(MOD_A, story.id, "satire")
    assert resolved == 10_000 and labelled.open_flags == 0
    _, entries = await service.history(MOD_A, story.id)
    resolutions = [e for e in entries if e.action == "flag resolved"]
    assert len(resolutions) == 10_000
    assert resolutions[0].before == {"flag": resolutions[0].before["flag"], "by": 10_000, "reason": "reason 0"}
    assert resolutions[0].after == {"resolution": "labelled satire"}


async def test_settings_outside_a_server_are_a_clear_reply(service: StoryService) -> None:
    owner_in_a_dm = Actor(4, None, is_owner=True, is_moderator=True)
    for change in (
        service.set_tier(owner_in_a_dm, "example.com", "low"),
        service.set_mod_role(Actor(4, None, is_admin=True), None),
        service.set_modlog(Actor(4, None, is_admin=True), None),
    ):
        with pytest.raises(UserFacingError, match="setting of one server"):
            await change


async def test_the_moderator_role_is_never_everyone_nor_a_managed_role(service: StoryService) -> None:
    admin = Actor(5, GUILD_A, is_admin=True)
    with pytest.raises(UserFacingError, match="every member would be a moderator"):
        await service.set_mod_role(admin, RoleChoice(GUILD_A, "@everyone", is_everyone=True))
    with pytest.raises(UserFacingError, match="managed by a bot or an integration"):
        await service.set_mod_role(admin, RoleChoice(77, "skatebot", managed=True))
    assert (await service.guild_settings(GUILD_A)).mod_role_id is None
    await service.set_mod_role(admin, RoleChoice(78, "Story helpers"))
    assert (await service.guild_settings(GUILD_A)).mod_role_id == 78
