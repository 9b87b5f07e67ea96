"""Stories "from the results": each notable fact of the results store (bot/services/facts/) kept as a story of the
shared library, so the moment of the day never runs dry and every such story is true by construction.

Generating is deterministic and idempotent. A run compares the facts found now with the stories made before, by the
fact's key: a new fact becomes a story; a fact whose figures changed (a result corrected by a later import) rewrites
its story, and its posted moments are corrected (announced on `corrected`); a fact no longer found is deleted, and
its posts corrected too. A fact reworded by a newer catalogue is rewritten without a correction, unless someone
edited its text. A story an owner deleted stays deleted. A run happens when the store holds an import the stories
were not made from (`sync`): when a fresh store is made, after an import (the command line's, `/admin import-isu`),
at the bot's start, and when a watched competition is over.

Each story keeps its words as catalogue messages too (`fact_words`), so that a server reads it in its own language;
its stored text, in the default language, is what search and the claim check read.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from dataclasses import dataclass

from bot.i18n import DEFAULT_LOCALE, Catalogue, Name, Text, catalogue, from_stored, local_name, render, stored, t
from bot.services.access import now
from bot.services.events import Signal
from bot.services.facts import Fact, FactsService
from bot.services.results import ResultsService
from bot.services.results.vocabulary import event_name_text, segment_name_text
from bot.services.urls import InvalidURL, domain_of, publisher_from_domain
from db.models import AuditRecord, FactStory, Story
from db.repositories.stories import StoryRepository

log = logging.getLogger(__name__)

GENERATOR_ID = 0  # the actor of a generated story's audit entries, like the command line's
TITLE_LIMIT, SUMMARY_LIMIT = 200, 500  # the stories table's


@dataclass(frozen=True, slots=True)
class SyncReport:
    added: int
    changed: int  # figures changed: the story was rewritten and its posts are corrected
    reworded: int  # the same figures in newer words
    removed: int
    unchanged: int

    def describe(self) -> str:
        """For the operator's log and the command line (English)."""
        return (
            f"stories from the results: {self.added} added, {self.changed} corrected, {self.reworded} reworded, "
            f"{self.removed} removed, {self.unchanged} unchanged"
        )


def fact_words(story: Story) -> tuple[Text, Text, Text] | None:
    """A generated story's title, summary and body as catalogue messages, to be read in any language; None once
    someone has edited its text (what they wrote is then shown as written)."""
    return stored_fact_words(story.fact_words)


def stored_fact_words(stored: str | None) -> tuple[Text, Text, Text] | None:
    """`fact_words` from the stored column alone (an index of the stories' words reads no more of them)."""
    if not stored:
        return None
    words = json.loads(stored)
    title, summary, body = (from_stored(words.get(part)) for part in ("title", "summary", "body"))
    if title is None or summary is None or body is None:
        return None
    return title, summary, body


def fact_story(fact: Fact) -> FactStory:
    """The story a fact is told as: its title and body as the story's title and summary, where to see every
    figure as its body, the figures' sources as its sources."""
    see = _see(fact)
    title, summary, body = render(fact.title), render(fact.body), render(see)
    if len(title) > TITLE_LIMIT or len(summary) > SUMMARY_LIMIT:
        raise ValueError(f"the fact {fact.key} is too long for a story ({len(title)}, {len(summary)} characters)")
    figures = [
        [str(figure.value), list(figure.provenance.sources) if figure.provenance else []] for figure in fact.figures
    ]
    what = [fact.key, figures, fact.moment_date, fact.competition.id, fact.event.id, list(fact.skater_ids)]
    return FactStory(
        key=fact.key,
        digest=hashlib.sha256(json.dumps(what, ensure_ascii=False).encode()).hexdigest()[:32],
        words=json.dumps({"title": stored(fact.title), "summary": stored(fact.body), "body": stored(see)}),
        title=title,
        summary=summary,
        body=body,
        moment_date=fact.moment_date,
        competition_id=fact.competition.id,
        event_id=fact.event.id,
        skater_ids=fact.skater_ids,
        sources=_web_sources(fact.sources),
    )


# Each run tells every fact again (~1,800 stories through Fluent: a second, more than finding the facts' changes),
# though an import changes a few of them. A fact's story is a function of the fact, the catalogue and how the default
# language writes the names it holds, so the stories of the latest run are kept, by those, for the next: one run's
# worth (what the next run no longer asks for is let go), shared by every FactStories of the process.
_TellingKey = tuple[Fact, Catalogue, tuple[str, ...]]
_latest_told: dict[_TellingKey, FactStory] = {}


def told(facts: list[Fact]) -> list[FactStory]:
    """`fact_story` of each fact, the stories of the previous call reused where their inputs are the same."""
    global _latest_told
    words = catalogue()
    spelled: dict[str, str] = {}  # a stored name -> as the default language writes it, asked once a call
    now_told: dict[_TellingKey, FactStory] = {}
    stories = []
    for fact in facts:
        key = (fact, words, _default_spellings(fact, spelled))
        story = _latest_told.get(key) or fact_story(fact)
        now_told[key] = story
        stories.append(story)
    _latest_told = now_told
    return stories


def _default_spellings(fact: Fact, spelled: dict[str, str]) -> tuple[str, ...]:
    """The names a fact's story shows, as the default language writes them (a source may give a spelling)."""
    names: list[str] = []
    pending: list[object] = [fact.title, fact.body, _see(fact)]
    while pending:
        value = pending.pop()
        if isinstance(value, Text):
            pending.extend(arg for _, arg in value.args if not isinstance(arg, str | int))
        elif isinstance(value, Name):
            if value.text not in spelled:
                spelled[value.text] = local_name(value.text, DEFAULT_LOCALE)
            names.append(spelled[value.text])
        elif isinstance(value, tuple):
            pending.extend(value)
    return tuple(names)


def _web_sources(sources: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The figures' sources a reader can follow, with their publishers. A source may be a local file (an import
    of a folder: `skatebot import-isu FOLDER`): it stays the figures' provenance in the results store, but it is
    no link, and a path on the importing machine is nobody's to read, so the story does not cite it."""
    return tuple(source for source in map(_web_source, sources) if source is not None)


# Every story of a competition cites the same few pages, and each run reads every story's sources again: a URL's
# publisher is worked out once per process (a pure function of the URL; normalizing one takes ~0.1 ms, and a run
# reads ~4,000 of them).
@functools.lru_cache(maxsize=4096)
def _web_source(url: str) -> tuple[str, str] | None:
    try:
        return url, publisher_from_domain(domain_of(url))
    except InvalidURL:
        return None


def _see(fact: Fact) -> Text:
    """Where a reader finds every figure: the skate's protocol for a jump, else the results of the event. Named as
    a user types them (the competition's label, the event and segment in the reader's words), never by the
    store's keys: each is what the resolver reads back as that competition, event and segment."""
    competition = fact.competition.label
    if fact.kind in ("quad", "axel") and fact.segment is not None:
        return t(
            "facts-see-protocol",
            athlete=fact.name,
            competition=competition,
            segment=segment_name_text(fact.segment),
        )
    event = event_name_text(fact.event)
    if fact.segment is not None and fact.kind == "top-segment":
        return t("facts-see-segment", competition=competition, event=event, segment=segment_name_text(fact.segment))
    return t("facts-see-results", competition=competition, event=event)


class FactStories:
    """Keeps the stories from the results in step with the results store."""

    def __init__(self, results: ResultsService, stories: StoryRepository) -> None:
        self._results = results
        self._facts = FactsService(results)
        self._stories = stories
        # Announced with the id of each story whose fact changed or is gone, after it is stored: the moment
        # service corrects its posts.
        self.corrected: Signal[int] = Signal("results moment corrected")

    async def sync(self, *, force: bool = False) -> SyncReport | None:
        """Generates the stories again when the store holds an import they were not made from (always with
        `force`). Only from results loaded after the latest import: a process whose copy is older (a bot while
        the command line imports) leaves it to whoever loads them, or it would undo a newer run. None: nothing
        was generated."""
        synced, latest = await self._stories.fact_sync()
        if self._results.loaded_import != latest or (synced == latest and not force):
            return None
        wanted = told(await self._facts.facts())
        before = await self._stories.stored_facts()
        added: list[FactStory] = []
        changed: list[tuple[int, FactStory]] = []
        reworded: list[tuple[int, FactStory]] = []
        unchanged = 0
        for story in wanted:
            old = before.get(story.key)
            if old is None:
                added.append(story)
            elif old.deleted and old.digest is not None:
                unchanged += 1  # an owner deleted it: generating again never brings it back
            elif old.digest != story.digest:
                changed.append((old.story_id, story))
            elif old.words is not None and (old.words, old.title, old.summary) != (
                story.words,
                story.title,
                story.summary,
            ):
                reworded.append((old.story_id, story))
            else:
                unchanged += 1
        found = {story.key for story in wanted}
        removed = [old.story_id for key, old in before.items() if key not in found and old.digest is not None]
        audit = AuditRecord(GENERATOR_ID, None, "generated", now())
        await self._stories.write_facts(added, [*changed, *reworded], removed, latest, audit)
        report = SyncReport(len(added), len(changed), len(reworded), len(removed), unchanged)
        if added or changed or reworded or removed:
            log.info("%s", report.describe())
        for story_id in [*(story_id for story_id, _ in changed), *removed]:
            self.corrected.announce(story_id)
        return report
