"""End to end: the podium card (issue 31) on the live post of a category's final result, in a replayed competition
(the 2014 Worlds, tests/e2e/test_live_replay.py's replay). A server that turned it on (`/config podium-card on`)
gets the top three as an image inside the final result's embed; with it off, no image; when the chart worker
fails, the final result goes out all the same, without the card, once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.errors import UserFacingError
from bot.sandbox.server import ATTACH_FILES, Channel, Message
from bot.services.charts.models import Chart
from bot.services.isu.importer import display_name, read_site
from bot.services.isu.source import FolderSource
from bot.services.live import polling
from tests.e2e.helpers import text_of
from tests.e2e.test_charts import PNG, png_size
from tests.e2e.test_live_replay import WC2014, Replay, live_posts, replay

__all__ = ["replay"]  # the replay fixture, shared with test_live_replay.py


def finals(replay: Replay, channel: Channel) -> dict[str, Message]:
    return {
        m.embeds[0]["title"]: m for m in live_posts(replay.sandbox, channel) if "final result" in m.embeds[0]["title"]
    }


async def podiums() -> dict[str, list[tuple[int, str, str, float]]]:
    """Each category's top three as the site's own result pages have them: (place, name, nation, total); the names
    written as the bot writes the site's ("Aliona SAVCHENKO" as "Aliona Savchenko")."""
    async with FolderSource(WC2014) as source:
        site = await read_site(source)
    return {
        f"{c.category.name}: final result": [
            (
                r.place,
                " / ".join(display_name(part.strip()) for part in r.skater.name.split(" / ")),
                r.skater.nation.upper(),
                float(r.total or 0),
            )
            for r in sorted(c.results, key=lambda r: r.place or 0)
            if r.place is not None and r.place <= 3
        ]
        for c in site.categories
    }


async def test_the_final_result_carries_the_podium_card_only_where_the_server_turned_it_on(
    replay: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    r, sandbox = replay, replay.sandbox
    server, guild, bot = sandbox.server, sandbox.guild, sandbox.bot
    assert bot is not None
    refused = await sandbox.slash("config podium-card", user=sandbox.member, state="on")
    assert "moderator" in text_of(refused).lower()
    assert not (await bot.stories.guild_settings(guild.id)).podium_card  # off unless turned on

    said = await sandbox.slash("live watch", url=r.site.url)
    assert "Now watching **ISU World Championships 2014**" in text_of(said), text_of(said)
    channel = server.create_channel(guild, "results")
    # A channel where the bot may post but not attach files: Discord refuses the card, the result goes out without.
    no_files = server.create_channel(
        guild, "no-files", overwrites=[{"id": server.bot_user.id, "type": 1, "allow": 0, "deny": ATTACH_FILES}]
    )
    for subscribed in (channel, no_files):
        said = await sandbox.slash("live subscribe", user=sandbox.moderator, channel=subscribed)
        assert "now receives" in text_of(said), text_of(said)

    async def podium_card(state: str) -> None:
        said = await sandbox.slash("config podium-card", user=sandbox.moderator, state=state)
        assert ("now carries a podium card" if state == "on" else "no longer carries") in text_of(said)
        assert (await bot.stories.guild_settings(guild.id)).podium_card is (state == "on")

    draw = bot.charts.render
    failed: list[Chart] = []

    async def worker_fails(chart: Chart) -> object:
        failed.append(chart)
        raise UserFacingError("chart-failed")  # what the pool raises when its worker died twice or timed out

    # The categories' finals, in the order they land: the card on, off, on with the worker failing, on again.
    plan = iter([("on", draw), ("off", draw), ("on", worker_fails), ("on", draw)])
    correction = r.phases[-1]
    assert correction.name == "correction"
    for phase in r.phases[1:-1]:
        if phase.name == "results" and phase.category is not None and phase.category.result_page in phase.pages:
            state, render = next(plan)
            await podium_card(state)
            monkeypatch.setattr(bot.charts, "render", render)
        await r.through([phase])

    shown = finals(r, channel)
    assert len(shown) == 4
    order = [m.embeds[0]["title"] for m in live_posts(sandbox, channel) if "final result" in m.embeds[0]["title"]]
    expected = await podiums()
    with_card, without = [order[0], order[3]], [order[1], order[2]]  # as planned: on, off, failing, on
    for title in with_card:
        message = shown[title]
        [attachment] = message.attachments
        [embed] = message.embeds
        assert embed["image"]["url"] == f"attachment://{attachment.filename}"  # shown inside the post's embed
        assert attachment.filename.startswith("podium-") and attachment.content_type == "image/png"
        assert attachment.data.startswith(PNG) and png_size(attachment.data)[0] == 1000
        description = attachment.description or ""
        assert description.startswith("Podium card of ") and " at ISU World Championships 2014: " in description
        for place, name, nation, total in expected[title]:
            assert f"{['1st', '2nd', '3rd'][place - 1]} {name} ({nation}) {total:.2f}" in description, description
    for title in without:
        message = shown[title]
        assert message.attachments == [] and "image" not in message.embeds[0]
    assert len(failed) == 2  # asked once per channel, and each channel's result went out without it
    # Each final result posted once, its claim row settled: the card never doubles nor loses a post.
    rows = await sandbox.db.fetchall(
        "SELECT item_key, state FROM live_posts WHERE channel_id = ? AND item_key LIKE '%/final'", (channel.id,)
    )
    assert sorted(row["state"] for row in rows) == ["posted"] * 4
    assert len([m for m in live_posts(sandbox, channel) if "final result" in m.embeds[0]["title"]]) == 4
    refused = finals(r, no_files)
    assert sorted(refused) == sorted(shown)
    assert all(m.attachments == [] and "image" not in m.embeds[0] for m in refused.values())
    assert len(live_posts(sandbox, no_files)) == len(live_posts(sandbox, channel))  # nothing lost, nothing twice

    # The correction (the pairs' short program) edits the pairs' final, card on and drawn: the edited post shows a
    # card drawn from the corrected result, the only attachment, inside its embed; nothing new is posted.
    monkeypatch.setattr(bot.charts, "render", draw)
    await podium_card("on")
    before = len(server.messages(channel))
    await r.through([correction], (timedelta(seconds=30), polling.SLOW + timedelta(minutes=1)))
    assert len(server.messages(channel)) == before
    pairs = finals(r, channel)["Pairs: final result"]
    assert pairs.edited and "score 189.44 → 190.44" in pairs.embeds[0]["description"]
    [attachment] = pairs.attachments
    assert pairs.embeds[0]["image"]["url"] == f"attachment://{attachment.filename}"
    assert attachment.data.startswith(PNG)
    for place, name, nation, total in expected["Pairs: final result"]:
        assert f"{['1st', '2nd', '3rd'][place - 1]} {name} ({nation}) {total:.2f}" in (attachment.description or "")
