"""A relabel corrects the posted moments of the story whoever makes it: not only the /story label command.

The story service announces relabels and the moment service subscribes; the command line's story import (a
process of its own, with no Discord connection) is heard by the bot when it next starts.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from bot.discord_layer.scheduling import CORRECTIONS_EVERY, CORRECTIONS_JOB
from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Message
from bot.services.story_import import ImportOutcome, import_story, read_story_files
from bot.store import BUNDLED_DATA, CLI_OWNER
from tests.e2e.helpers import Clock, command_line
from tests.stores import Location

ROOT = Path(__file__).resolve().parents[2]
FOOTER = "Moment of the day"


@pytest_asyncio.fixture
async def posted(bundled_store: Location, tmp_path: Path) -> AsyncIterator[tuple[Sandbox, Message, Path]]:
    """A sandbox whose server has posted today's moment (a verified story of the shared library)."""
    store = bundled_store
    clock = Clock(datetime(2026, 2, 18, 12, 0, tzinfo=UTC))
    async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic) as sandbox:
        await sandbox.slash(
            "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="10:00", timezone="UTC"
        )
        clock.now = datetime(2026, 2, 19, 10, 0, 5, tzinfo=UTC)
        await sandbox.bot.moment_scheduler.tick()
        [post] = [
            m
            for m in sandbox.server.messages(sandbox.channel)
            if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
        ]
        assert not post.edited
        yield sandbox, post, store
        assert sandbox.server.violations == []


async def relabelled_file(sandbox: Sandbox, tmp_path: Path, label: str, note: str) -> Path:
    """The bundled stories file with the posted story relabelled, as a curator would import it."""
    row = await sandbox.db.fetchone("SELECT story_id FROM moment_posts WHERE state = 'posted'")
    story = await sandbox.bot.stories.get(row["story_id"])
    assert story is not None and story.import_key is not None and story.label == "verified"
    document = json.loads((BUNDLED_DATA / "stories.json").read_text(encoding="utf-8"))
    [entry] = [s for s in document["stories"] if f"json:{s['id']}" == story.import_key]
    entry.update(label=label, label_note=note)
    path = tmp_path / "relabelled.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def correction_shown(post: Message, label: str, note: str) -> bool:
    fields = str(post.embeds[0].get("fields", ""))
    return post.edited and "Correction" in fields and label in fields and note in fields


async def test_a_relabel_through_the_story_service_corrects_the_posted_moment(
    posted: tuple[Sandbox, Message, Path], tmp_path: Path
) -> None:
    """The command line's import path (import_story with the owner's actor) run against the bot's own story
    service: no cog involved, and the post is corrected."""
    sandbox, post, _ = posted
    path = await relabelled_file(sandbox, tmp_path, "disputed", "A second angle contradicts the clip")
    outcomes = [
        await import_story(sandbox.bot.stories, CLI_OWNER, item, library=True) for item in read_story_files([path])
    ]
    assert ImportOutcome.UPDATED in outcomes
    await sandbox.bot.stories.relabelled.settled()
    assert correction_shown(post, "disputed", "A second angle contradicts the clip")
    shown = await sandbox.db.fetchone("SELECT label_shown FROM moment_posts WHERE state = 'posted'")
    assert shown["label_shown"] == "disputed"


async def test_a_relabel_by_the_command_line_process_is_corrected_when_the_bot_starts(
    posted: tuple[Sandbox, Message, Path], tmp_path: Path
) -> None:
    """`skatebot stories import` as its own process, while the bot is down: the bot corrects the post on its
    next start (nothing in the CLI process can reach Discord)."""
    sandbox, post, store = posted
    path = await relabelled_file(sandbox, tmp_path, "misleading", "The quote is cut before its second half")
    await sandbox.stop_bot()
    assert ": updated" in await command_line(store, "stories", "import", str(path))
    assert not post.edited  # the command line has no Discord connection
    await sandbox.start_bot()
    assert sandbox.bot.recovery is not None
    await sandbox.bot.recovery
    assert correction_shown(post, "misleading", "The quote is cut before its second half")


async def test_a_relabel_by_the_command_line_while_the_bot_runs_is_corrected_by_its_corrections_job(
    posted: tuple[Sandbox, Message, Path], tmp_path: Path
) -> None:
    """The same import while the bot runs: another process, so no subscriber hears it; the bot's recurring
    corrections job (run by the scheduler, driven by the injected clock) finds the post showing the old label."""
    sandbox, post, store = posted
    path = await relabelled_file(sandbox, tmp_path, "false", "The medal was never given away")
    assert ": updated" in await command_line(store, "stories", "import", str(path))
    assert not post.edited
    job = sandbox.bot.moment_scheduler.scheduler.get_job(CORRECTIONS_JOB)
    assert job is not None and job.trigger.interval == CORRECTIONS_EVERY
    clock = sandbox.bot.moments.clock
    assert isinstance(clock, Clock)
    assert job.next_run_time > clock.now  # planned by the injected clock, not the wall clock
    clock.now = job.next_run_time - timedelta(seconds=1)
    await sandbox.bot.moment_scheduler.tick()
    assert not post.edited
    clock.now = job.next_run_time
    await sandbox.bot.moment_scheduler.tick()
    assert correction_shown(post, "false", "The medal was never given away")
    job = sandbox.bot.moment_scheduler.scheduler.get_job(CORRECTIONS_JOB)
    assert job is not None and job.next_run_time == clock.now + CORRECTIONS_EVERY  # every 10 minutes by that clock
