"""Moments from the results end to end: a server with no story of its own schedules the moment of the day and
receives a story generated from the results, with its sources, where to see every figure, and its own label; a
corrected result, imported by the command line as its own process while the bot runs, edits the post."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from bot.discord_layer.scheduling import CORRECTIONS_EVERY
from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Message
from bot.store import BUNDLED_DATA
from tests.e2e.helpers import Clock, command_line
from tests.stores import Location

ROOT = Path(__file__).resolve().parents[2]
FOOTER = "Moment of the day"


@pytest_asyncio.fixture
async def world(bundled_store: Location, tmp_path: Path) -> AsyncIterator[tuple[Sandbox, Clock, Path]]:
    store = bundled_store
    clock = Clock(datetime(2026, 3, 29, 8, 0, tzinfo=UTC))
    # Started means caught up: the start generates the stories from the results first.
    async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic) as sandbox:
        yield sandbox, clock, store
        assert sandbox.server.violations == []


def moments(sandbox: Sandbox) -> list[Message]:
    return [
        m
        for m in sandbox.server.messages(sandbox.channel)
        if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
    ]


def corrected_file(tmp_path: Path, names: set[str]) -> Path:
    """Worlds 2025 as bundled, with every score of the entry of `names` one point higher: a corrected result."""
    document = json.loads((BUNDLED_DATA / "wc2025.json").read_text(encoding="utf-8"))
    changed = 0
    for event in document["competitions"][0]["events"]:
        for entry in event["entries"]:
            if {skater["name"] for skater in entry["skaters"]} <= names:
                scores = [entry.get("total"), *(segment.get("tss") for segment in entry["segments"].values())]
                for figure in (f for f in scores if isinstance(f, dict)):  # what the file holds of them
                    figure["value"] = round(figure["value"] + 1, 2)
                changed += 1
    assert changed == 1, names
    path = tmp_path / "wc2025-corrected.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


async def test_a_server_with_no_story_of_its_own_gets_a_moment_from_the_results_and_its_correction(
    world: tuple[Sandbox, Clock, Path], tmp_path: Path
) -> None:
    sandbox, clock, store = world
    assert await sandbox.db.fetchone("SELECT 1 FROM stories WHERE guild_id = ?", (sandbox.guild.id,)) is None
    await sandbox.slash(
        "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="10:00", timezone="UTC"
    )
    settings = await sandbox.slash("moment settings", user=sandbox.moderator)
    assert "stories from the results may be posted" in str(settings.message.embeds[0]["fields"])

    clock.set("2026-03-29T10:00:05+00:00")
    await sandbox.bot.moment_scheduler.tick()
    [post] = moments(sandbox)
    embed = post.embeds[0]
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    # On this day: the free skates of Worlds 2025 (29 March), told from the results with their own label.
    assert "On this day in 2025" in embed["description"]
    assert fields["Label"] == "📊 From the results"
    # Named as a user types them, never by the store's keys (competition:wc2025).
    assert re.match(r"`/(results|protocol) .*competition:Worlds 2025 Boston", fields["In the results"])
    assert "](https://" in fields["Sources"]
    story_id = int(embed["footer"]["text"].rsplit("#", 1)[1])
    story = await sandbox.bot.stories.get(story_id)
    assert story is not None and story.from_results and story.guild_id is None
    assert story.summary in embed["description"]
    assert [label for label, *_ in post.buttons()] == ["Flag"]

    # A corrected result for the story's skaters, imported by the command line while the bot runs.
    names = set(await sandbox.bot.results.skater_names(story.skater_ids))
    output = await command_line(store, "import", str(corrected_file(tmp_path, names)))
    assert re.search(r"stories from the results: \d+ added, [1-9]\d* corrected", output), output
    corrected = await sandbox.bot.stories.get(story_id)
    assert corrected is not None and corrected.summary != story.summary
    assert not post.edited

    # The bot's corrections round edits the post: the figures as they are now, and a correction saying why.
    clock.now += CORRECTIONS_EVERY + timedelta(seconds=1)
    await sandbox.bot.moment_scheduler.tick()
    assert post.edited and len(moments(sandbox)) == 1
    edited = post.embeds[0]
    assert corrected.summary in edited["description"] and story.summary not in edited["description"]
    assert "results this moment is drawn from were corrected" in str(edited["fields"])
    # Once: the next round finds nothing more to correct.
    edited_at = post.edited_at
    clock.now += CORRECTIONS_EVERY + timedelta(seconds=1)
    await sandbox.bot.moment_scheduler.tick()
    assert post.edited_at == edited_at


async def test_a_moderator_keeps_one_story_out_and_turns_the_results_off(world: tuple[Sandbox, Clock, Path]) -> None:
    sandbox, clock, _ = world
    await sandbox.slash(
        "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="10:00", timezone="UTC"
    )
    preview = await sandbox.slash("moment preview", user=sandbox.moderator)
    chosen = int(preview.message.embeds[1]["footer"]["text"].rsplit("#", 1)[1])
    refused = await sandbox.slash("moment hide", user=sandbox.member, story=chosen)
    assert "moderators" in refused.message.content.lower()
    hidden = await sandbox.slash("moment hide", user=sandbox.moderator, story=chosen)
    assert f"Story #{chosen} will not be posted" in hidden.message.content
    again = await sandbox.slash("moment preview", user=sandbox.moderator)
    assert int(again.message.embeds[1]["footer"]["text"].rsplit("#", 1)[1]) != chosen
    settings = await sandbox.slash("moment settings", user=sandbox.moderator, from_results=False)
    shown = str(settings.message.embeds[0]["fields"])
    assert "only stories whose label is allowed" in shown and "1 story is kept out" in shown
    clock.set("2026-03-29T10:00:05+00:00")
    await sandbox.bot.moment_scheduler.tick()
    [post] = moments(sandbox)
    assert "From the results" not in str(post.embeds[0]["fields"])  # a verified story of the library instead
    back = await sandbox.slash("moment hide", user=sandbox.moderator, story=chosen, undo=True)
    assert "may be posted" in back.message.content
