from __future__ import annotations

import logging
import re

import pytest

from bot.discord_layer.ui import paging
from bot.sandbox.harness import Sandbox
from bot.sandbox.server import CHANNEL_MESSAGE, UPDATE_MESSAGE
from tests.e2e.helpers import until

pytestmark = pytest.mark.asyncio(loop_scope="module")


def embed(result) -> dict:
    assert result.message is not None and result.message.embeds, result
    return result.message.embeds[0]


def text_of(embed_json: dict) -> str:
    parts = [embed_json.get("title", ""), embed_json.get("description", "")]
    parts += [f"{f['name']} {f['value']}" for f in embed_json.get("fields", [])]
    return "\n".join([*parts, embed_json.get("footer", {}).get("text", "")])


async def test_commands_are_synced_to_the_guild(sandbox: Sandbox) -> None:
    commands = {c["name"]: c for c in sandbox.server.commands(sandbox.guild)}
    assert {"results", "athlete", "podiums", "medals", "compare", "about", "ping"} <= set(commands)
    assert all(1 <= len(c["description"]) <= 100 for c in commands.values() if c.get("type", 1) == 1)
    assert sandbox.server.commands() == []  # nothing synced globally


async def test_ping_is_answered_ephemerally_and_in_time(sandbox: Sandbox) -> None:
    result = await sandbox.slash("ping")
    assert result.response_type == CHANNEL_MESSAGE and result.ephemeral
    assert result.message.content.startswith("Pong!")
    assert result.acked_after < 3


async def test_results_pages_for_the_invoker_only(sandbox: Sandbox) -> None:
    result = await sandbox.slash("results", competition="owg2026", event="men")
    first = embed(result)
    assert first["title"] == "Milano Cortina 2026 · Men's singles"
    assert "**1st** 🇰🇿 **Mikhail Shaidorov** KAZ — **291.58**" in first["description"]
    assert "SP 92.94* (5)" in first["description"]  # single-source figure marked
    assert first["description"].count("\n**") == 9  # ten standings on the page
    assert first["footer"]["text"].startswith("Page 1/2") and "* single source" in first["footer"]["text"]
    labels = [(label, disabled) for label, _, disabled in result.message.buttons()]
    assert labels == [("Previous", True), ("1/2", True), ("Next", False)]

    next_id = result.message.buttons()[2][1]
    stranger = await sandbox.server.click(sandbox.member, result.message, next_id)
    await stranger.wait()
    assert stranger.ephemeral and "Only the person who ran this command" in stranger.message.content
    assert embed(result)["footer"]["text"].startswith("Page 1/2")  # unchanged

    pressed = await sandbox.server.click(sandbox.owner, result.message, next_id)
    await pressed.wait()
    assert pressed.response_type == UPDATE_MESSAGE
    assert result.message.embeds[0]["footer"]["text"].startswith("Page 2/2")
    assert "Kao Miura" in result.message.embeds[0]["description"]
    assert [d for _, _, d in result.message.buttons()] == [False, True, True]


async def test_paging_buttons_are_disabled_on_timeout(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paging, "PAGING_TIMEOUT", 0.3)
    result = await sandbox.slash("results", competition="Milano Cortina 2026", event="Men's singles")
    await until(lambda: all(disabled for *_, disabled in result.message.buttons()))


async def test_segment_standings_from_typed_text(sandbox: Sandbox) -> None:
    result = await sandbox.slash("results", competition="milano", event="ladies", segment="free")
    page = embed(result)
    assert page["title"] == "Milano Cortina 2026 · Women's singles · Free skate"
    assert page["description"].startswith("**")


async def test_unknown_competition_gets_an_ephemeral_reply(sandbox: Sandbox) -> None:
    result = await sandbox.slash("results", competition="Sochi 2014", event="men")
    assert result.ephemeral and "No competition matching “Sochi 2014” in the store" in result.message.content


async def test_athlete_profile_and_suggestions(sandbox: Sandbox) -> None:
    result = await sandbox.slash("athlete", name="sakamoto kaori")
    profile = embed(result)
    assert profile["title"] == "Kaori Sakamoto"
    body = text_of(profile)
    assert "**Milano Cortina 2026**: 2nd, 224.90 · Team event: 2nd with Japan, 68.00 pts" in body
    # Medals by kind of competition, her junior Final bronze of 2016 apart (tests/e2e/test_career.py has more).
    # Her senior Grand Prix medals (the 2017 Skate America silver, the bundled 2025-26 ones) come before it.
    medals = profile["fields"][0]["value"].splitlines()
    assert medals[-1] == "Junior · Grand Prix Final: 🥉 1" and medals[-2].startswith("Grand Prix: ")
    assert "🥈" in medals[-2]
    missing = await sandbox.slash("athlete", name="Sakamotto Kaory Zzz")
    assert missing.ephemeral and "Did you mean: **Kaori Sakamoto**" in missing.message.content
    ambiguous = await sandbox.slash("athlete", name="Miura")
    assert ambiguous.ephemeral and "Kao Miura" in ambiguous.message.content


async def test_autocomplete(sandbox: Sandbox) -> None:
    competitions = await sandbox.autocomplete("results", "competition", competition="mil", event="")
    assert competitions[0] == {"name": "Milano Cortina 2026", "value": "owg2026"}
    events = await sandbox.autocomplete("results", "event", competition="wc2025", event="")
    assert [c["value"] for c in events] == ["men", "women", "pairs", "ice_dance"]
    for typed, expected in (
        ("sakamoto kaori", "Kaori Sakamoto"),
        ("Kaori Sakamoto", "Kaori Sakamoto"),
        ("Shaydorov", "Mikhail Shaidorov"),
        ("malin", "Ilia Malinin"),
    ):
        names = await sandbox.autocomplete("athlete", "name", name=typed)
        assert names and names[0]["name"].startswith(expected), (typed, names)
    everyone = await sandbox.autocomplete("athlete", "name", name="a")
    assert 0 < len(everyone) <= 25
    picked = await sandbox.slash("athlete", name=everyone[0]["value"])  # a picked choice sends its value
    assert embed(picked)["title"] == everyone[0]["name"].split(" (")[0]


async def test_podiums_medals_compare_about(sandbox: Sandbox) -> None:
    podiums = embed(await sandbox.slash("podiums", discipline="team"))
    assert "🥇 🇺🇸 United States (USA) — 69.00 pts" in text_of(podiums)
    medals = embed(await sandbox.slash("medals", competition="owg2026"))
    assert re.search(r"USA\s+2\s+1\s+0\s+3", medals["description"])
    final = embed(await sandbox.slash("medals", competition="Grand Prix Final 2016"))
    assert [f["name"] for f in final["fields"]] == ["Senior", "Junior"]  # two championships, two tables
    h2h = embed(await sandbox.slash("compare", a="Malinin", b="Kagiyama"))
    assert h2h["title"] == "Ilia Malinin vs Yuma Kagiyama"
    assert "Total: 264.49 vs 280.06 (-15.57)" in text_of(h2h)
    about = embed(await sandbox.slash("about"))
    stored = await sandbox.db.fetchone("SELECT count(*) AS n FROM competitions")
    assert stored is not None and f"{stored['n']} competitions" in text_of(about)
    assert "Found a wrong figure?" in text_of(about)


async def test_a_member_sees_the_same_public_commands(sandbox: Sandbox) -> None:
    result = await sandbox.slash("athlete", user=sandbox.member, name="Alysa Liu")
    assert embed(result)["title"] == "Alysa Liu" and not result.ephemeral


async def test_unexpected_errors_show_a_code_and_are_logged(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(sandbox.bot.results, "profile", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord_layer.ui.errors"):
        result = await sandbox.slash("athlete", name="Alysa Liu")
    code = re.search(r"error code `([0-9a-f]{6})`", result.message.content).group(1)
    assert result.ephemeral
    assert any(code in r.getMessage() and r.exc_info for r in caplog.records)
    assert "database on fire" not in result.message.content


async def test_autocomplete_never_raises(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(query: str) -> list:
        raise RuntimeError("index corrupted")

    monkeypatch.setattr(sandbox.bot.results, "skater_choices", broken)
    assert await sandbox.autocomplete("athlete", "name", name="sak") == []
