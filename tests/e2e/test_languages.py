"""End to end: each person is answered in their Discord's language, the commands are described in it, and a
language is added as a folder of catalogues (here a small French one made for the test; what it lacks falls
back to English). The shipped Japanese catalogue is tested whole in test_japanese.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from tests.languages import catalogue_with

pytestmark = pytest.mark.asyncio(loop_scope="function")

FRENCH = """
pong = Pong ! Latence de la passerelle : { $latency_ms } ms.
cmd-ping = Vérifier que skatebot répond
not-your-buttons = Seule la personne qui a lancé la commande peut utiliser ces boutons.
"""


async def test_each_person_is_answered_in_their_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.i18n._loaded", catalogue_with(tmp_path, "fr", FRENCH))
    async with Sandbox() as sandbox:
        commands = {c["name"]: c for c in sandbox.server.commands(sandbox.guild)}
        assert commands["ping"]["description_localizations"]["fr"] == "Vérifier que skatebot répond"
        assert commands["ping"]["description"] == "Check that skatebot is responding."
        assert "fr" not in commands["results"].get("description_localizations", {})  # nothing in French for it yet

        sandbox.member.locale = "fr"
        french = await sandbox.slash("ping", user=sandbox.member)
        english = await sandbox.slash("ping")
        assert french.message.content.startswith("Pong ! Latence de la passerelle")
        assert english.message.content.startswith("Pong! Gateway latency")

        # The owner's pager answers a French stranger in French, and the owner's menu stays English.
        pages = await sandbox.slash("results", competition="Milano Cortina 2026", event="Men's singles")
        stranger = await sandbox.server.click(sandbox.member, pages.message, pages.message.buttons()[2][1])
        await stranger.wait()
        assert stranger.message.content == "Seule la personne qui a lancé la commande peut utiliser ces boutons."
        assert [label for label, *_ in pages.message.buttons()] == ["Previous", "1/2", "Next"]

        # A language with no catalogue is answered in the default one.
        sandbox.member.locale = "de"
        german = await sandbox.slash("ping", user=sandbox.member)
        assert german.message.content.startswith("Pong!")
        assert sandbox.server.violations == [] and sandbox.server.errors == []
