"""End to end: the podium card (issue 31) on the moment of the day. A server that turned it on (`/config podium-card
on`) gets, on a moment about a podium (here a medal told from the results, which a moderator labelled verified), the
event's top three as an image inside the post's embed, with alternative text in the server's language saying the
same figures as the store; a moment about something else has no card; when the chart worker fails or never answers,
the moment goes out all the same, as text, once, on time, saying nothing of a card."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from bot.discord_layer.ui import charts
from bot.errors import UserFacingError
from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Message
from bot.services.charts.models import Chart
from db.models import Story, number_of
from tests.e2e.helpers import Clock, text_of
from tests.e2e.test_charts import PNG, png_size
from tests.stores import Location

ORDINALS = {"en-US": ("1st", "2nd", "3rd"), "ja": ("1位", "2位", "3位")}


@pytest_asyncio.fixture
async def world(bundled_store: Location) -> AsyncIterator[tuple[Sandbox, Clock]]:
    clock = Clock(datetime(2026, 1, 2, 8, 0, tzinfo=UTC))
    async with Sandbox(db_path=bundled_store, clock=clock, rate_limit_clock=clock.monotonic) as sandbox:
        yield sandbox, clock
        assert sandbox.server.violations == []


def moments(sandbox: Sandbox) -> list[Message]:
    """The moments posted in the channel, in either language (the footer ends with the date and the story)."""
    return [
        m
        for m in sandbox.server.messages(sandbox.channel)
        if m.embeds and re.search(r"\d{4}-\d\d-\d\d · \D*#\d+$", m.embeds[0].get("footer", {}).get("text", ""))
    ]


async def fact_story(sandbox: Sandbox, kinds: tuple[str, ...], other_than: str | None = None) -> Story:
    """A story from the results of these kinds of fact, with a day, not on the month and day `other_than`."""
    rows = await sandbox.db.fetchall(
        "SELECT id, moment_date, fact_key FROM stories WHERE fact_key IS NOT NULL AND moment_date IS NOT NULL "
        "AND deleted_at IS NULL ORDER BY id"
    )
    row = next(
        r
        for r in rows
        if r["fact_key"].split(":")[0] in kinds and (other_than is None or r["moment_date"][5:10] != other_than[5:10])
    )
    story = await sandbox.bot.stories.get(int(row["id"]))
    assert story is not None and story.moment_date and story.moment_date[5:10] != "02-29"
    return story


async def expected_podium(sandbox: Sandbox, story: Story) -> list[tuple[int, str, str, float]]:
    """The top three of the story's event, read from the store: (place, name, nation, total)."""
    results = sandbox.bot.results
    event = results.event_by_id(story.event_id)
    assert event is not None
    entries, _ = await results.results_of(event)
    podium = []
    for entry in entries:
        place, total = number_of(entry.place), number_of(entry.total)
        if place is not None and 1 <= place <= 3 and total is not None:
            podium.append((int(place), " / ".join(s.name for s in entry.skaters), entry.country, total))
    assert len(podium) >= 3
    return sorted(podium)


async def test_a_moment_about_a_podium_carries_the_card_where_the_server_turned_it_on(
    world: tuple[Sandbox, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox, clock = world
    bot = sandbox.bot
    medal = await fact_story(sandbox, ("medal",))
    # A fact about something else than a podium (a climb, a quad, a segment's top score...), another day.
    other = await fact_story(sandbox, ("climb", "segment-win", "top-segment", "quad", "axel"), medal.moment_date)
    assert medal.moment_date is not None and other.moment_date is not None
    for story in (medal, other):  # labelled by a person: the two only stories this server may post
        said = await sandbox.slash("story label", user=sandbox.owner, id=story.id, label="verified")
        assert (await bot.stories.get(story.id)).label == "verified", text_of(said)  # type: ignore[union-attr]
    await sandbox.slash(
        "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="10:00", timezone="UTC"
    )
    await sandbox.slash("moment settings", user=sandbox.moderator, labels="verified", repeat_days=0, from_results=False)
    said = await sandbox.slash("config podium-card", user=sandbox.moderator, state="on")
    assert "moment of the day about a podium" in text_of(said)
    expected = await expected_podium(sandbox, medal)
    draw = bot.charts.render

    async def post_on(year: int, story: Story) -> Message:
        """Ticks the scheduler at the story's day of `year`, 10:00 (on this day, the story is the one chosen)."""
        before = len(moments(sandbox))
        day = f"{year}-{story.moment_date[5:10]}"  # type: ignore[index]
        # The days between are skipped: the scheduler plans the day's post as it would have after yesterday's.
        clock.set(f"{day}T09:00:00+00:00")
        await bot.moments.replan(sandbox.guild.id)
        clock.set(f"{day}T10:00:05+00:00")
        await bot.moment_scheduler.tick()
        posted = moments(sandbox)
        assert len(posted) == before + 1  # one post, whatever became of its card
        assert posted[-1].embeds[0]["footer"]["text"].endswith(f"#{story.id}")
        return posted[-1]

    def has_card(message: Message, locale: str) -> None:
        [attachment] = message.attachments
        [embed] = message.embeds
        assert embed["image"]["url"] == f"attachment://{attachment.filename}"  # shown inside the post's embed
        assert attachment.filename.startswith("podium-") and attachment.content_type == "image/png"
        assert attachment.data.startswith(PNG) and png_size(attachment.data)[0] == 1000
        description = attachment.description or ""
        for place, name, nation, total in expected:
            step = (
                f"{ORDINALS[locale][place - 1]} {name} ({nation}) {total:.2f}"
                if locale == "en-US"
                else f"{ORDINALS[locale][place - 1]} "
            )
            assert step in description, description
            assert f"{total:.2f}" in description and nation in description
        if locale == "en-US":
            assert description.startswith("Podium card of ")
        else:
            assert "の表彰台カード：" in description

    def no_card(message: Message) -> None:
        assert message.attachments == [] and "image" not in message.embeds[0]
        assert "podium card" not in str(message.embeds[0]).lower()  # nothing said of a card that is not there

    # The medal's day: the card, its alternative text in the server's language (English, then Japanese).
    has_card(await post_on(2026, medal), "en-US")
    await sandbox.slash("config language", user=sandbox.moderator, language="ja")
    has_card(await post_on(2027, medal), "ja")
    await sandbox.slash("config language", user=sandbox.moderator, language="en-US")
    # A moment about something else (a quad): no card, though the server has it on.
    no_card(await post_on(2027, other))

    # The worker fails: the moment goes out as text, once.
    failed: list[Chart] = []

    async def worker_fails(chart: Chart) -> object:
        failed.append(chart)
        raise UserFacingError("chart-failed")  # what the pool raises when its worker died twice or timed out

    monkeypatch.setattr(bot.charts, "render", worker_fails)
    no_card(await post_on(2028, medal))
    assert len(failed) == 1

    # The worker never answers: the moment waits no longer than the draw's timeout, then goes out as text.
    asked = asyncio.Event()

    async def worker_hangs(chart: Chart) -> object:
        asked.set()
        await asyncio.Event().wait()  # never set
        raise AssertionError("unreachable")

    monkeypatch.setattr(bot.charts, "render", worker_hangs)
    monkeypatch.setattr(charts, "RENDER_TIMEOUT", 0.2)
    no_card(await post_on(2029, medal))
    assert asked.is_set()

    # Drawing again, card turned off: no card.
    monkeypatch.setattr(bot.charts, "render", draw)
    said = await sandbox.slash("config podium-card", user=sandbox.moderator, state="off")
    assert "nor does the moment of the day" in text_of(said)
    no_card(await post_on(2030, medal))

    # Every day's post recorded as posted, once.
    rows = await sandbox.db.fetchall("SELECT state FROM moment_posts WHERE guild_id = ?", (sandbox.guild.id,))
    assert [row["state"] for row in rows] == ["posted"] * 6

    # The medal story disputed: its posts are corrected, and the cards they carried are taken off (a card never
    # stays beside a correction saying the story may be wrong).
    carded = [m for m in moments(sandbox) if m.attachments]
    assert len(carded) == 2
    await sandbox.slash("config podium-card", user=sandbox.moderator, state="on")
    said = await sandbox.slash("story label", user=sandbox.owner, id=medal.id, label="disputed", note="Checking")
    assert (await bot.stories.get(medal.id)).label == "disputed", text_of(said)  # type: ignore[union-attr]
    of_medal = [m for m in moments(sandbox) if m.embeds[0]["footer"]["text"].endswith(f"#{medal.id}")]
    assert len(of_medal) == 5
    for _ in range(1500):  # the correction runs as the relabel's subscriber: waited for, not timed
        if all(message.edited for message in of_medal):
            break
        await asyncio.sleep(0.02)
    for message in of_medal:
        assert message.edited and "disputed" in str(message.embeds[0]["fields"])
        no_card(message)
    assert len(moments(sandbox)) == 6  # corrected in place: nothing posted
