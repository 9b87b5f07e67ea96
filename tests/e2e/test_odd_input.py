"""Issue 29's input findings end to end: a forged id in a button, any text Discord can send (lone surrogates,
NUL, control characters) in an option or a form field: each stored as given or refused with a clear ephemeral
message, never an error code."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import MODAL
from tests.e2e.helpers import forge, text_of
from tests.e2e.test_limits import extreme_options, leaves, within_discord_limits

pytestmark = pytest.mark.asyncio(loop_scope="module")

# What Discord's API passes through in a string: a lone surrogate (a client's broken emoji), NUL, controls.
ODD_TEXTS = ["Sakamoto \ud83d", "\udc00", "Kaori\x00Sakamoto", "Worlds\x07 2026\x1b[31m", "\u202eotomakaS"]
TOO_BIG_IDS = ["9999999999999999999", "18446744073709551616", "9223372036854775808", "0" * 90 + "1", "0"]


def assert_clear_refusal_or_answer(result: Any, what: str) -> None:
    assert result.response_type is not None, f"{what}: never answered"
    assert result.acked_after is not None and result.acked_after < 3, f"{what}: answered late"
    reply = text_of(result)
    assert "error code" not in reply, f"{what}: {reply[:300]}"


@pytest.mark.parametrize("forged", TOO_BIG_IDS)
@pytest.mark.parametrize("action", ["read", "flag"])
async def test_a_forged_story_button_id_is_refused_clearly(sandbox: Sandbox, action: str, forged: str) -> None:
    shown = await sandbox.slash("story show", user=sandbox.member, id=1)
    original = next(cid for name, cid, _ in shown.message.buttons() if name == "Flag")  # always there
    forge(shown.message, original, f"story:{action}:{forged}")
    pressed = await answered(await sandbox.server.click(sandbox.member, shown.message, f"story:{action}:{forged}"))
    if pressed.response_type == MODAL:  # the report form opens; its submission is where the id is checked
        pressed = await answered(await sandbox.server.submit_modal(sandbox.member, pressed, {"reason": "forged"}))
    assert_clear_refusal_or_answer(pressed, f"story:{action}:{forged}")
    assert pressed.ephemeral
    assert "No story matches" in text_of(pressed), text_of(pressed)
    assert sandbox.server.errors == []


@pytest.mark.parametrize("odd", ODD_TEXTS, ids=["surrogate-pair-half", "lone-low", "nul", "controls", "rtl"])
async def test_odd_text_in_every_command_option_never_shows_an_error_code(sandbox: Sandbox, odd: str) -> None:
    for command, schemas in leaves(sandbox.server.commands(sandbox.guild)):
        if command in {"moment post-now"} or not any(s["type"] == 3 and not s.get("choices") for s in schemas):
            continue
        options = extreme_options(sandbox, schemas, low=False)
        for schema in schemas:
            if schema["type"] == 3 and not schema.get("choices"):
                options[schema["name"]] = odd
        for name in ("id", "story"):
            if name in options and isinstance(options[name], int):
                options[name] = 1
        result = await sandbox.slash(command, user=sandbox.owner, **options)
        within_discord_limits(sandbox, f"{command} {odd!r}", result)
    assert sandbox.server.errors == []


@pytest.mark.parametrize("odd", ODD_TEXTS, ids=["surrogate-pair-half", "lone-low", "nul", "controls", "rtl"])
async def test_odd_text_in_a_story_form_is_stored_as_given_or_refused(sandbox: Sandbox, odd: str) -> None:
    opened = await sandbox.slash("story add", user=sandbox.moderator)
    values = {"title": f"Odd {odd}", "summary": odd, "body": f"A body with {odd} inside.", "skaters": ""}
    submitted = await answered(await sandbox.server.submit_modal(sandbox.moderator, opened, values))
    assert_clear_refusal_or_answer(submitted, f"story add {odd!r}")
    reply = text_of(submitted)
    added = re.search(r"Added story #(\d+)", reply)
    if added is None:
        assert submitted.ephemeral and "cannot be stored" in reply, reply
        return
    story_id = int(added.group(1))
    stored = await sandbox.bot.stories.stories.get(story_id)
    assert stored is not None and stored.title == f"Odd {odd}" and stored.summary == odd  # as given
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert_clear_refusal_or_answer(shown, "story show")


@pytest.mark.parametrize("odd", ODD_TEXTS, ids=["surrogate-pair-half", "lone-low", "nul", "controls", "rtl"])
async def test_odd_text_in_a_report_is_stored_as_given_or_refused(sandbox: Sandbox, odd: str) -> None:
    reporter = sandbox.server.create_user(f"reporter {ODD_TEXTS.index(odd)}")  # a first report of story 1 each
    sandbox.server.add_member(sandbox.guild, reporter)
    shown = await sandbox.slash("story show", user=reporter, id=1)
    flag = next(cid for label, cid, _ in shown.message.buttons() if label == "Flag")
    form = await answered(await sandbox.server.click(reporter, shown.message, flag))
    submitted = await answered(await sandbox.server.submit_modal(reporter, form, {"reason": f"wrong {odd}"}))
    assert_clear_refusal_or_answer(submitted, f"flag {odd!r}")
    reply = text_of(submitted)
    assert "Thanks" in reply or (submitted.ephemeral and "cannot be stored" in reply), reply
