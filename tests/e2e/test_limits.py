"""Every command, sent the longest and most extreme inputs Discord's client allows, gets an answer inside
Discord's limits: never "The application did not respond", never an error code."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import NUMBER_OPTION_BOUND, STRING_OPTION_MAX
from tests.e2e.helpers import text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Text that looks like what people type (words, a year, markdown, a mention, quotes), repeated to the limit.
FILLER = "Worlds 2026 **Sakamoto** `x` <@&1> “quoted” _ ~ | "


def long_text(length: int) -> str:
    return (FILLER * (length // len(FILLER) + 1))[:length]


def leaves(commands: list[dict[str, Any]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """('story source add', option schemas) for every slash command and subcommand."""

    def walk(path: str, options: list[dict[str, Any]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            yield path, options
        for sub in subs:
            yield from walk(f"{path} {sub['name']}", sub.get("options") or [])

    for command in commands:
        if command.get("type", 1) == 1:
            yield from walk(command["name"], command.get("options") or [])


def extreme_options(sandbox: Sandbox, schemas: list[dict[str, Any]], *, low: bool) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for schema in schemas:
        kind = schema["type"]
        if schema.get("choices"):
            values[schema["name"]] = schema["choices"][-1 if low else 0]["value"]
        elif kind == 3:
            values[schema["name"]] = long_text(schema.get("max_length", STRING_OPTION_MAX))
        elif kind in (4, 10):
            bound = schema.get("min_value" if low else "max_value")
            values[schema["name"]] = bound if bound is not None else (-1 if low else 1) * NUMBER_OPTION_BOUND
        elif kind == 5:
            values[schema["name"]] = not low
        elif kind == 7:
            values[schema["name"]] = sandbox.channel
        elif kind == 8:
            values[schema["name"]] = sandbox.mod_role
        elif kind == 6:
            values[schema["name"]] = sandbox.member
    return values


def within_discord_limits(sandbox: Sandbox, command: str, result: Any) -> None:
    assert result.response_type is not None, f"/{command} was never answered"
    assert result.acked_after is not None and result.acked_after < 3, f"/{command} answered late"
    if result.modal is None:
        reply = text_of(result)
        assert "error code" not in reply, f"/{command}: {reply[:300]}"
        assert len(result.message.content) <= 2000


@pytest.mark.parametrize("low", [False, True], ids=["longest-and-highest", "lowest"])
async def test_every_command_answers_the_most_extreme_inputs(sandbox: Sandbox, low: bool) -> None:
    commands = list(leaves(sandbox.server.commands(sandbox.guild)))
    assert len(commands) > 25  # every command of every cog is covered
    for command, schemas in commands:
        if command in {"moment post-now"}:
            continue  # takes no options; covered by the moment tests
        for user in (sandbox.owner, sandbox.member):
            options = extreme_options(sandbox, schemas, low=low)
            result = await sandbox.slash(command, user=user, **options)  # waits for a deferred answer too
            within_discord_limits(sandbox, command, result)


async def test_autocomplete_answers_the_longest_inputs(sandbox: Sandbox) -> None:
    for command, schemas in leaves(sandbox.server.commands(sandbox.guild)):
        for schema in schemas:
            if not schema.get("autocomplete"):
                continue
            options = extreme_options(sandbox, schemas, low=False)
            choices = await sandbox.autocomplete(command, schema["name"], **options)
            assert len(choices) <= 25, command
            assert all(len(c["name"]) <= 100 for c in choices), command


async def test_forms_take_their_longest_values(sandbox: Sandbox) -> None:
    opened = await sandbox.slash("story add", user=sandbox.moderator)
    fields = [c for row in opened.modal["components"] for c in row["components"]]
    values = {f["custom_id"]: long_text(f.get("max_length", 4000)) for f in fields}
    submitted = await answered(await sandbox.server.submit_modal(sandbox.moderator, opened, values))
    within_discord_limits(sandbox, "story add (form)", submitted)


async def test_a_long_source_link_is_refused_or_shown_whole(sandbox: Sandbox) -> None:
    opened = await sandbox.slash("story add", user=sandbox.moderator)
    added = await answered(
        await sandbox.server.submit_modal(sandbox.moderator, opened, {"title": "Linked", "body": "A story."})
    )
    story_id = int(added.message.content.split("#")[1].split(".")[0])
    too_long = await sandbox.slash(
        "story source add", user=sandbox.moderator, id=story_id, url="https://news.example.org/" + "a" * 2020
    )
    assert too_long.ephemeral and "at most 512" in too_long.message.content
    url = "https://news.example.org/" + "b" * 480
    saved = await sandbox.slash("story source add", user=sandbox.moderator, id=story_id, url=url, note="n" * 500)
    assert "Added to story" in saved.message.content
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert f"({url})" in text_of(shown)  # the whole link, never a cut one


async def test_a_refused_import_of_a_long_address_is_answered(sandbox: Sandbox) -> None:
    url = "http://127.0.0.1:9/" + "a" * (STRING_OPTION_MAX - 19)  # a private host: refused, the address quoted
    result = await sandbox.slash("admin import-isu", url=url)
    message = await result.wait_message()
    assert "Nothing was imported" in message.content and len(message.content) <= 2000


async def test_a_form_the_bot_no_longer_knows_still_gets_an_answer() -> None:
    async with Sandbox() as sandbox:
        shown = await sandbox.slash("story show", user=sandbox.member, id=1)
        flag = next(cid for label, cid, _ in shown.message.buttons() if label == "Flag")
        form = await sandbox.server.click(sandbox.member, shown.message, flag)
        await form.wait()
        await sandbox.stop_bot()  # the form stays open on the member's screen across a restart
        await sandbox.start_bot()
        submitted = await sandbox.server.submit_modal(sandbox.member, form, {"reason": "typed before the restart"})
        await submitted.wait()
        assert submitted.ephemeral and "open it again" in submitted.message.content
        assert sandbox.server.violations == []
