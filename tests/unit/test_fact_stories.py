"""Stories from the results (bot/services/fact_stories.py) on the real bundled store: one story per notable fact,
each passing the claim check as it is stored; generating again changes nothing; a corrected result (a changed copy
of a bundled file, imported as an operator would) rewrites the stories it touches, removes the facts no longer
true and edits their posted moments; an owner's deletion and a moderator's edit are respected."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.discord_layer.ui.stories import story_text
from bot.i18n import DEFAULT_LOCALE, Text, Words, render
from bot.services.access import Actor
from bot.services.claims import CONSISTENT
from bot.services.fact_stories import FactStories, SyncReport
from bot.services.facts import FactsService
from bot.services.importer import import_file
from bot.services.moments import MomentContent, MomentService
from bot.services.outbox import Outgoing
from bot.services.results import ResultsService
from bot.services.stories import StoryDraft, StoryService
from bot.store import BUNDLED_DATA
from db.database import Database
from db.models import OutboxPost, Story
from db.repositories.moments import MomentRepository
from db.repositories.stories import GuildRepository, StoryRepository

OWNER = Actor(user_id=3, guild_id=None, is_owner=True)
GUILD = 7001
MOD = Actor(user_id=1, guild_id=GUILD, is_moderator=True)


@pytest.fixture
async def generated(store: Database, results: ResultsService) -> FactStories:
    """A fresh store tells its facts when it is created (bot.store.open_store): nothing is left to generate."""
    fact_stories = FactStories(results, StoryRepository(store))
    assert await fact_stories.sync() is None
    return fact_stories


async def story_of(store: Database, key: str, *, deleted: bool = False) -> Story:
    row = await store.fetchone("SELECT id FROM stories WHERE fact_key = ?", (key,))
    assert row is not None, key
    story = await StoryRepository(store).get(row["id"], deleted=deleted)
    assert story is not None
    return story


async def test_one_story_per_fact_and_generating_again_changes_nothing(
    store: Database, results: ResultsService
) -> None:
    fact_stories = FactStories(results, StoryRepository(store))
    facts = await FactsService(results).facts()
    repo = StoryRepository(store)
    assert len(await repo.stored_facts()) == len(facts) > 1000  # made with the fresh store
    assert await fact_stories.sync() is None  # nothing imported since
    assert await fact_stories.sync(force=True) == SyncReport(0, 0, 0, 0, len(facts))
    for fact in facts[:: max(1, len(facts) // 60)]:  # a spread of every kind
        story = await story_of(store, fact.key)
        assert story.from_results and story.guild_id is None and story.label == "unverified"
        assert (story.title, story.summary) == (render(fact.title), render(fact.body))
        assert story.moment_date == fact.moment_date
        assert (story.competition_id, story.event_id) == (fact.competition.id, fact.event.id)
        assert story.skater_ids == tuple(sorted(fact.skater_ids))
        assert [s.url for s in story.sources] == list(fact.sources) and all(s.kind == "primary" for s in story.sources)
        # Where to see every figure, named as a user types them (never the store's keys), and read back as such.
        assert story.body.startswith("`/") and f"competition:{fact.competition.label} " in story.body
        assert results.competition(fact.competition.label) == fact.competition
        event = story.body.split(" event:", 1)[1].split(" segment:")[0].rstrip("`") if " event:" in story.body else ""
        assert not event or results.event(fact.competition, event) == fact.event, story.body
    history = await repo.history((await story_of(store, facts[0].key)).id)
    assert [entry.action for entry in history] == ["generated"] and history[0].actor_id == 0


async def test_every_stored_story_from_the_results_passes_the_claim_check(
    store: Database, results: ResultsService, generated: FactStories
) -> None:
    """The check a moderator runs (/story check): the whole stored text, with the story's links."""
    service = StoryService(StoryRepository(store), GuildRepository(store), results)
    rows = await store.fetchall("SELECT id FROM stories WHERE fact_key IS NOT NULL ORDER BY id")
    assert len(rows) > 500
    wrong = []
    for row in rows:
        story = await service.get(row["id"])
        assert story is not None
        report = await service.run_check(story)
        outcomes = [verdict.outcome for verdict in report.verdicts]
        if report.contradicted or CONSISTENT not in outcomes:
            wrong.append(f"#{story.id} {story.fact_key}: {story.summary} -> {report.summary()}")
    assert not wrong, "\n".join(wrong[:20])


def corrected_wc2025(tmp_path: Path, change: Any) -> Path:
    """The bundled Worlds 2025 file with `change(document)` applied, as a corrected file an operator imports."""
    document = json.loads((BUNDLED_DATA / "wc2025.json").read_text(encoding="utf-8"))
    change(document["competitions"][0])
    path = tmp_path / "wc2025-corrected.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def men(competition: dict[str, Any]) -> dict[str, Any]:
    [event] = [e for e in competition["events"] if e["discipline"] == "men"]
    return event


async def reimport(store: Database, results: ResultsService, path: Path) -> None:
    await import_file(store, path)
    await results.refresh()


async def test_a_corrected_result_rewrites_its_stories_and_removes_facts_no_longer_true(
    store: Database, results: ResultsService, generated: FactStories, tmp_path: Path
) -> None:
    medal_key = next(
        f.key
        for f in await FactsService(results).facts(results.competition("wc2025"))
        if f.kind == "medal" and "Malinin" in f.name
    )
    top_fs = next(
        f.key
        for f in await FactsService(results).facts(results.competition("wc2025"))
        if f.kind == "top-segment" and f.event.discipline == "men" and f.segment and f.segment.kind == "free_skate"
    )
    before = await story_of(store, medal_key)
    assert "318.56" in before.summary

    def correct(competition: dict[str, Any]) -> None:
        event = men(competition)
        winner, runner = event["entries"][0], event["entries"][1]
        winner["total"]["value"] = 319.56  # a corrected total
        # The runner-up's free skate now equals the winner's: no one holds the top free skate alone.
        runner["segments"]["FS"]["tss"]["value"] = winner["segments"]["FS"]["tss"]["value"]

    await reimport(store, results, corrected_wc2025(tmp_path, correct))
    heard: list[int] = []

    async def listener(story_id: int) -> None:
        heard.append(story_id)

    generated.corrected.subscribe(listener)
    report = await generated.sync()
    assert report is not None and report.changed >= 1 and report.removed >= 1 and report.added == 0
    await generated.corrected.settled()
    after = await story_of(store, medal_key)
    assert after.id == before.id and "319.56" in after.summary and after.fact_digest != before.fact_digest
    gone = await story_of(store, top_fs, deleted=True)
    assert gone.fact_digest is None
    assert await StoryRepository(store).get(gone.id) is None  # deleted: shown nowhere, posted nowhere
    assert before.id in heard and gone.id in heard
    actions = [entry.action for entry in await StoryRepository(store).history(before.id)]
    assert actions == ["generated", "results changed"]

    # The file as it was: the corrected total goes back and the removed fact comes back, as the same story.
    await reimport(store, results, BUNDLED_DATA / "wc2025.json")
    again = await generated.sync()
    assert again is not None and again.changed >= 2
    assert (await story_of(store, top_fs)).id == gone.id


async def test_an_owners_deletion_stays_and_an_edit_survives_new_words_but_not_new_figures(
    store: Database, results: ResultsService, generated: FactStories, tmp_path: Path
) -> None:
    facts = await FactsService(results).facts(results.competition("wc2025"))
    medal = next(f for f in facts if f.kind == "medal" and "Malinin" in f.name)
    other = next(f for f in facts if f.kind == "medal" and f.key != medal.key)
    service = StoryService(StoryRepository(store), GuildRepository(store), results)
    deleted = await story_of(store, other.key)
    await service.delete(OWNER, deleted.id)
    edited = await story_of(store, medal.key)
    draft = StoryDraft(title="Malinin, again", summary=edited.summary, body=edited.body)
    await service.edit(OWNER, edited.id, draft)
    assert (await story_of(store, medal.key)).fact_words is None  # what someone wrote is shown as written

    # Generating again (as if the catalogue had new words): the edit and the deletion stay.
    await store.execute("UPDATE stories SET fact_words = '{}' WHERE fact_key != ?", (medal.key,))
    report = await generated.sync(force=True)
    assert report is not None and report.changed == 0 and report.added == 0
    assert (await story_of(store, medal.key)).title == "Malinin, again"
    assert await StoryRepository(store).get(deleted.id) is None

    # A corrected figure rewrites the edited story: the results come first.
    def correct(competition: dict[str, Any]) -> None:
        men(competition)["entries"][0]["total"]["value"] = 319.56

    await reimport(store, results, corrected_wc2025(tmp_path, correct))
    await generated.sync()
    rewritten = await story_of(store, medal.key)
    assert rewritten.title != "Malinin, again" and "319.56" in rewritten.summary and rewritten.fact_words


class Poster:
    """The moments' notes to the moderators and the outbox's Discord side (tests/unit/test_moment_service.py)."""

    def __init__(self) -> None:
        self.edited: list[MomentContent] = []

    async def send(self, post: Outgoing) -> int:
        return 555

    async def find(self, post: Outgoing) -> int | None:
        return None

    async def edit(self, post: Outgoing, message_id: int) -> None:
        assert isinstance(post.content, MomentContent)
        self.edited.append(post.content)

    async def delete(self, post: OutboxPost) -> None:
        pass

    async def notify(self, guild_id: int, text: Text) -> None:
        pass


class Planner:
    def plan(self, guild_id: int, schedule: object) -> None:
        pass

    def retry(self, guild_id: int, local_date: str, at: datetime) -> None:
        pass


async def test_a_posted_moment_from_the_results_is_edited_when_its_result_is_corrected(
    store: Database, results: ResultsService, generated: FactStories, tmp_path: Path
) -> None:
    stories = StoryService(StoryRepository(store), GuildRepository(store), results)
    clock = datetime(2026, 3, 29, 9, 0, tzinfo=UTC)
    moments = MomentService(MomentRepository(store), stories, results, lambda: clock, fact_stories=generated)
    poster = Poster()
    moments.attach(poster, Planner(), poster)
    await moments.schedule(MOD, 42, "10:00", "UTC")
    # Only stories from the results may be posted here, and this one is the only one not kept out.
    await moments.settings(MOD, labels=["satire"])
    medal = await story_of(
        store,
        next(
            f.key
            for f in await FactsService(results).facts(results.competition("wc2025"))
            if f.kind == "medal" and "Malinin" in f.name
        ),
    )
    others = await store.fetchall("SELECT id FROM stories WHERE id != ? AND deleted_at IS NULL", (medal.id,))
    for row in others:
        await moments.hide(MOD, row["id"])
    preview = await moments.preview(MOD)
    assert preview.choice.story_id == medal.id and preview.hidden == len(others)
    assert preview.choice.reason.key == "moment-reason-on-this-day"  # Worlds 2025's free skate, 29 March
    assert await moments.post_now(MOD) == "posted"
    shown = await store.fetchone("SELECT fact_shown FROM moment_posts WHERE guild_id = ?", (GUILD,))
    assert shown["fact_shown"] == medal.fact_digest

    def correct(competition: dict[str, Any]) -> None:
        men(competition)["entries"][0]["total"]["value"] = 319.56

    await reimport(store, results, corrected_wc2025(tmp_path, correct))
    await generated.sync()
    await generated.corrected.settled()
    [content] = poster.edited
    assert "319.56" in content.view.story.summary and content.correction is not None
    assert content.correction.key == "moment-correction-results"
    assert await moments.correct_missed() == 0  # corrected once: the post shows the fact as it is now
    moments.detach()


async def test_a_story_from_the_results_is_read_in_each_readers_words_until_someone_edits_it(
    store: Database, results: ResultsService, generated: FactStories
) -> None:
    fact = (await FactsService(results).facts(results.competition("wc2025")))[0]
    story = await story_of(store, fact.key)
    # The default language reads what is stored (what search and the claim check read).
    assert story_text(story, Words(DEFAULT_LOCALE)) == (story.title, story.summary, story.body)

    class Keys:
        """A reader whose language shows each message's key: what a catalogue of another language is given."""

        def __call__(self, message: Text) -> str:
            return message.key

    keys = story_text(story, Keys())  # type: ignore[arg-type]
    assert keys == (fact.title.key, fact.body.key, keys[2]) and keys[2].startswith("facts-see-")
    edited = replace(story, title="Written by a moderator", fact_words=None)
    assert story_text(edited, Keys()) == ("Written by a moderator", story.summary, story.body)  # type: ignore[arg-type]
