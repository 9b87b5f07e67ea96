"""Charts through the real client and the sandbox: `/athlete chart:`, `/compare chart:` and `/protocol card:` answer
with the text embed showing a PNG attached to it, described (alternative text) in the asker's language; the
sandbox's console shows the attachment's name, size and description and saves it where it says."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Message
from tests.e2e.helpers import console_of, forge

pytestmark = pytest.mark.asyncio(loop_scope="module")

PNG = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG)
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def the_chart(message: Message | None) -> tuple[dict, bytes, str]:  # type: ignore[type-arg]
    assert message is not None
    [attachment] = message.attachments
    [embed] = message.embeds
    assert embed["image"]["url"] == f"attachment://{attachment.filename}"  # shown inside the answer's embed
    assert attachment.content_type == "image/png" and attachment.filename.endswith(".png")
    assert attachment.description
    return embed, attachment.data, attachment.description


async def test_athlete_chart_is_attached_to_the_profile_with_its_description(sandbox: Sandbox) -> None:
    plain = await sandbox.slash("athlete", name="Shoma Uno")
    assert plain.message is not None and plain.message.attachments == []  # no chart unless asked
    charted = await sandbox.slash("athlete", name="Shoma Uno", chart=True)
    embed, data, description = the_chart(await charted.wait_message())
    assert embed["title"] == plain.message.embeds[0]["title"] and embed["fields"] == plain.message.embeds[0]["fields"]
    width, height = png_size(data)
    assert width == 1000 and height > 600
    assert description.startswith("Line chart of Shoma Uno's scores in ")
    assert "never joined across eras" in description and "Stars mark personal bests" in description
    again = await sandbox.slash("athlete", name="Shoma Uno", chart=True)
    _, same, _ = the_chart(await again.wait_message())
    assert same == data  # the same figures: the same image (from the worker's cache)


async def test_a_japanese_member_reads_the_description_in_japanese(sandbox: Sandbox) -> None:
    sandbox.member.locale = "ja"
    try:
        result = await sandbox.slash("athlete", user=sandbox.member, name="Kaori Sakamoto", chart=True)
        _, data, description = the_chart(await result.wait_message())
    finally:
        sandbox.member.locale = "en-US"
    assert description.startswith("坂本花織の得点の折れ線グラフ")
    assert not re.search(r"\b[a-z]{2,}\b[ ,]+\b[a-z]{2,}\b", description)  # no English sentence
    assert png_size(data)[0] == 1000


async def test_compare_chart_and_protocol_card(sandbox: Sandbox) -> None:
    compared = await sandbox.slash("compare", a="Shoma Uno", b="Yuzuru Hanyu", chart=True)
    _, _, description = the_chart(await compared.wait_message())
    assert description.startswith("Bar chart of the totals of Shoma Uno and Yuzuru Hanyu in the ")
    card = await sandbox.slash(
        "protocol", athlete="Yuzuru Hanyu", competition="wc2017", segment="free skate", card=True
    )
    _, data, description = the_chart(await card.wait_message())
    assert description.startswith("Heat map of the judges' marks in Yuzuru Hanyu's Free skate at Worlds 2017")
    assert "9 judges" in description and "Total 223.20" in description
    assert png_size(data)[0] == 1000


async def test_a_chart_of_athletes_who_never_met_is_the_text_answer(sandbox: Sandbox) -> None:
    result = await sandbox.slash("compare", a="Kaori Sakamoto", b="Yuzuru Hanyu", chart=True)
    message = await result.wait_message()
    assert message is not None and message.attachments == [] and message.embeds


async def test_the_console_shows_the_attachment_and_saves_it(sandbox: Sandbox, tmp_path: Path) -> None:
    result = await sandbox.slash(
        "protocol", athlete="Yuzuru Hanyu", competition="wc2017", segment="free skate", card=True
    )
    message = await result.wait_message()
    assert message is not None
    out = io.StringIO()
    console = console_of(sandbox, out, attachments_dir=tmp_path / "attachments")
    try:
        console.print_message(message)
    finally:
        console.close()
    [attachment] = message.attachments
    text = out.getvalue()
    assert f"📎 {attachment.filename} (" in text and "KB)" in text
    assert "Heat map of the judges' marks" in text
    [saved] = (tmp_path / "attachments").iterdir()
    assert f"saved to {saved}" in text.replace("\n", "")
    assert saved.read_bytes() == attachment.data


async def test_the_chart_button_under_a_profile_draws_it_for_whoever_presses_it(sandbox: Sandbox) -> None:
    """/athlete answers with the text and a Chart button; a press (by anyone, after a restart too: the button carries
    the skater's ids) answers privately with the same chart as `chart: True`."""
    plain = await sandbox.slash("athlete", name="Shoma Uno")
    assert plain.message is not None and plain.message.attachments == []
    [(label, custom_id, _)] = plain.message.buttons()
    assert label == "Chart" and re.fullmatch(r"athlete:chart:\d+", custom_id)
    asked = await sandbox.slash("athlete", name="Shoma Uno", chart=True)
    _, asked_png, asked_description = the_chart(await asked.wait_message())
    pressed = await sandbox.server.click(sandbox.member, plain.message, custom_id)
    embed, png, description = the_chart(await pressed.wait_message())
    assert pressed.ephemeral and embed["title"] == plain.message.embeds[0]["title"]
    assert (png, description) == (asked_png, asked_description)

    await sandbox.stop_bot()
    await sandbox.start_bot()
    after_restart = await sandbox.server.click(sandbox.member, plain.message, custom_id)
    assert the_chart(await after_restart.wait_message())[1] == asked_png


async def test_a_chart_button_naming_no_stored_skater_is_answered_privately(sandbox: Sandbox) -> None:
    """The custom id is the client's to send: a forged one is 'no such athlete', never an error code or another's."""
    plain = await sandbox.slash("athlete", name="Shoma Uno")
    assert plain.message is not None
    [(_, shown, _)] = plain.message.buttons()
    for forged in ("athlete:chart:999999999", "athlete:chart:99999999999999999999999", "athlete:chart:1-99999999"):
        forge(plain.message, shown, forged)
        shown = forged
        pressed = await sandbox.server.click(sandbox.member, plain.message, forged)
        message = await pressed.wait_message()
        assert message is not None and pressed.ephemeral and message.attachments == []
        reply = message.content + " ".join(str(e) for e in message.embeds)
        assert "No athlete matches" in reply and "error code" not in reply, reply
