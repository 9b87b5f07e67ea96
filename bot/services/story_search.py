"""Finding stories by the words typed: the store's full-text search, the same words with a skater's name in the
store's words, and the stories from the results as a Japanese reader reads them. Composed into StoryService
(bot.services.stories), which checks who may search what.
"""

from __future__ import annotations

from cachetools import LRUCache

from bot.i18n import render
from bot.services.fact_stories import fact_words
from bot.services.names import normalize
from bot.services.names.normalize import is_cjk
from bot.services.results import ResultsService
from db.models import Story
from db.repositories.stories import StoryRepository

SEARCH_LIMIT = 25


class StorySearch:
    """The stories of a server (and the library) matching a text, at most SEARCH_LIMIT."""

    def __init__(self, stories: StoryRepository, results: ResultsService) -> None:
        self.stories = stories
        self.results = results
        # The stories from the results as a Japanese reader reads them (title, summary), by id and stored words.
        self._japanese: LRUCache[tuple[int, str | None], tuple[str, str]] = LRUCache(maxsize=20_000)

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
            more += await self._read_in_japanese(guild_id, text)
        for story in more:
            if story.id not in seen:
                seen.add(story.id)
                found.append(story)
        return found[:SEARCH_LIMIT]

    async def _search_in(self, guild_id: int | None, text: str) -> list[Story]:
        return await self.stories.search(guild_id, text, SEARCH_LIMIT)

    async def _read_in_japanese(self, guild_id: int | None, text: str) -> list[Story]:
        """The stories from the results whose title (then summary), as a Japanese reader reads it, holds every word
        typed ("坂本 銀メダル"): the store keeps them in its own words, so the full-text index knows only those."""
        wanted = [word for word in (normalize(typed) for typed in text.split()) if word]  # normalize glues CJK words
        titled, summarised = [], []
        for story in await self.stories.results_stories(guild_id):
            read = self._japanese.get((story.id, story.fact_words))
            if read is None:
                texts = fact_words(story)
                if texts is None:
                    continue
                read = self._japanese[story.id, story.fact_words] = (
                    normalize(render(texts[0], "ja")),
                    normalize(render(texts[1], "ja")),
                )
            title, summary = read
            if all(word in title for word in wanted):
                titled.append(story)
            elif all(word in f"{title} {summary}" for word in wanted):
                summarised.append(story)
        return (titled + summarised)[:SEARCH_LIMIT]
