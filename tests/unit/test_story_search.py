"""The stories from the results as a Japanese reader reads them (/story search in Japanese): read from the store and
rendered once, and again only after the stories change, never per search."""

from __future__ import annotations

from bot.services.results import ResultsService
from bot.services.stories import Actor, StoryDraft, StoryService
from bot.store import CLI_OWNER
from db.database import Database
from db.repositories.stories import GuildRepository, StoryRepository

MEMBER = Actor(2, 111)


async def service(store: Database, results: ResultsService) -> StoryService:
    return StoryService(StoryRepository(store), GuildRepository(store), results)


async def test_japanese_searches_read_the_stories_once_until_they_change(
    store: Database, results: ResultsService
) -> None:
    stories = await service(store, results)
    first = await stories.search(MEMBER, "坂本 銀メダル")
    assert first and all(story.from_results for story in first)
    assert await stories.search(MEMBER, "坂本 銀メダル") == first
    assert await stories.search(MEMBER, "銀メダル") and stories.finder.reads == 1  # three searches, one read
    gone = first[0]
    await stories.delete(CLI_OWNER, gone.id)
    again = await stories.search(MEMBER, "坂本 銀メダル")
    assert stories.finder.reads == 2 and gone.id not in {story.id for story in again}
    # An edited story reads as written: its Japanese words are no longer what finds it.
    edited = again[0]
    draft = StoryDraft(title="An edited title", summary="Written by hand.")
    await stories.edit(CLI_OWNER, edited.id, draft)
    found = await stories.search(MEMBER, "坂本 銀メダル")
    assert stories.finder.reads == 3 and edited.id not in {story.id for story in found}
    assert [s.id for s in found] == [s.id for s in again if s.id != edited.id][: len(found)]


async def test_a_server_finds_its_own_and_the_librarys_results_stories_only(
    store: Database, results: ResultsService
) -> None:
    """The index holds every server's stories; each search keeps to the reader's server and the library."""
    stories = await service(store, results)
    library = await stories.search(MEMBER, "銀メダル")
    assert library and all(story.guild_id is None for story in library)
    await store.execute("UPDATE stories SET guild_id = 999 WHERE id = ?", (library[0].id,))  # another server's now
    found = await stories.search(MEMBER, "銀メダル")
    assert library[0].id not in {story.id for story in found}
    theirs = await stories.search(Actor(3, 999), "銀メダル")
    assert library[0].id in {story.id for story in theirs}
