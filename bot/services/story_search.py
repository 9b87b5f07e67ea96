"""Finding stories by the words typed: the store's full-text search, the same words with a skater's name in the
store's words, and the stories from the results as a Japanese reader reads them. Composed into StoryService
(bot.services.stories), which checks who may search what.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.i18n import render
from bot.services.fact_stories import stored_fact_words
from bot.services.names import normalize
from bot.services.names.normalize import is_cjk
from bot.services.results import ResultsService
from db.models import Story
from db.repositories.stories import StoryRepository

SEARCH_LIMIT = 25


@dataclass(frozen=True, slots=True)
class _ReadInJapanese:
    """A story from the results as a Japanese reader reads it: its title and summary, normalised."""

    story_id: int
    guild_id: int | None  # None: the library's, seen by every server
    stored: int  # the hash of its stored words: the same words are not rendered again
    title: str
    summary: str


class StorySearch:
    """The stories of a server (and the library) matching a text, at most SEARCH_LIMIT."""

    def __init__(self, stories: StoryRepository, results: ResultsService) -> None:
        self.stories = stories
        self.results = results
        # The stories from the results of every server and the library as a Japanese reader reads them, newest
        # first, as of the stories' change count `_read_at` (db/migrations/0016): read once, and again only after a
        # change to the stories, re-rendering only the stories whose words changed. ~1,750 stories were read from
        # the store and rendered at every Japanese search.
        self._japanese: list[_ReadInJapanese] = []
        self._read_at: int | None = None
        self._reading = asyncio.Lock()
        self.reads = 0  # how many times the index was read from the store (a test counts them)

    async def search(self, guild_id: int | None, text: str) -> list[Story]:
        """The stories matching `text`, then those matching it with a skater's name in Japanese ("坂本") put in
        the store's words ("Kaori Sakamoto"): a story from the results is stored in the store's words and read
        in Japanese with the name as data/names/ writes it."""
        found = await self.stories.search(guild_id, text, SEARCH_LIMIT)
        seen = {story.id for story in found}
        more = [
            story for other in self.results.in_store_words(text) for story in await self._search_in(guild_id, other)
        ]
        if is_cjk(text):
            more += await self._read_in_japanese(guild_id, text, exclude=seen)
        for story in more:
            if story.id not in seen:
                seen.add(story.id)
                found.append(story)
        return found[:SEARCH_LIMIT]

    async def _search_in(self, guild_id: int | None, text: str) -> list[Story]:
        return await self.stories.search(guild_id, text, SEARCH_LIMIT)

    async def _read_in_japanese(self, guild_id: int | None, text: str, *, exclude: set[int]) -> list[Story]:
        """The stories from the results whose title (then summary), as a Japanese reader reads it, holds every word
        typed ("坂本 銀メダル"): the store keeps them in its own words, so the full-text index knows only those."""
        wanted = [word for word in (normalize(typed) for typed in text.split()) if word]  # normalize glues CJK words
        titled, summarised = [], []
        for read in await self._index():
            if read.guild_id not in (None, guild_id) or read.story_id in exclude:
                continue
            if all(word in read.title for word in wanted):
                titled.append(read.story_id)
            elif all(word in f"{read.title} {read.summary}" for word in wanted):
                summarised.append(read.story_id)
            if len(titled) >= SEARCH_LIMIT:
                break
        return await self.stories.by_ids((titled + summarised)[:SEARCH_LIMIT])

    async def _index(self) -> list[_ReadInJapanese]:
        """The stories from the results read in Japanese, read from the store again only when they changed."""
        changes = await self.stories.changes()
        if changes == self._read_at:
            return self._japanese
        async with self._reading:  # two searches after one change read it once
            if changes != self._read_at:
                self._japanese = await self._read_again()
                self._read_at = changes  # read before the stories: a change meanwhile makes the next search read
        return self._japanese

    async def _read_again(self) -> list[_ReadInJapanese]:
        self.reads += 1
        known = {read.story_id: read for read in self._japanese}
        index = []
        for story_id, guild_id, stored in await self.stories.results_story_words():
            before = known.get(story_id)
            if before is not None and before.stored == hash(stored) and before.guild_id == guild_id:
                index.append(before)
                continue
            texts = stored_fact_words(stored)
            if texts is None:
                continue
            title, summary = normalize(render(texts[0], "ja")), normalize(render(texts[1], "ja"))
            index.append(_ReadInJapanese(story_id, guild_id, hash(stored), title, summary))
        return index
