"""The Discord layer without Discord: the one error path (bot.discord_layer.ui.errors), who an interaction's actor is
(bot.discord_layer.checks) and what each kind of actor may do (bot.services.access), and the list of cogs the bot loads.

Interactions, members and users are mocks specced from discord.py's own classes (tests/discord_mocks.py): fast,
and failing when the code touches something discord.py does not have."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
import pkgutil
import re
from collections.abc import Callable
from typing import Any
from unittest.mock import create_autospec

import aiohttp
import discord
import pytest
from discord import app_commands

import cogs
from bot.client import SkateBot
from bot.discord_layer.checks import actor_for
from bot.discord_layer.ui.errors import error_message, report_error
from bot.discord_layer.ui.pick import PickView
from bot.discord_layer.ui.replies import acknowledge_privately, respond
from bot.errors import Ambiguous, NotFound, Suggestion, UserFacingError
from bot.i18n import render, t
from bot.services.access import (
    Actor,
    PermissionDenied,
    require_admin,
    require_edit_rights,
    require_moderator,
    require_owner,
)
from bot.services.stories import StoryService
from bot.settings import Settings
from db.database import Database, StoreBusy
from db.models import GuildSettings
from tests import discord_mocks as mocks


async def _athlete(interaction: discord.Interaction, name: str, season: str = "") -> None:
    """Look up an athlete."""


async def _post_to(interaction: discord.Interaction, channel: discord.TextChannel, name: str) -> None:
    """Post an athlete's card to a channel."""


# Real command objects: the error path reads their parameters to decide whether a pick can re-run them.
ATHLETE = app_commands.Command(name="athlete", description="Look up an athlete", callback=_athlete)
POST_TO = app_commands.Command(name="post", description="Post a card", callback=_post_to)


def in_a_server(**options: Any) -> Any:
    server = mocks.guild()
    return mocks.interaction(mocks.member(), guild=server, **options)


def error_logs(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


# --- the error path -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        UserFacingError("label-verified-needs-source"),
        PermissionDenied("access-owners-only"),
        NotFound(t("noun-athlete"), "Nobody Atall"),
        StoreBusy("locked"),
    ],
    ids=["user-facing", "permission-denied", "not-found-without-suggestions", "store-busy"],
)
@pytest.mark.parametrize("wrapped", [False, True], ids=["raised", "wrapped-by-discord.py"])
async def test_an_expected_error_is_a_short_ephemeral_reply_and_no_bug_report(
    error: Exception, wrapped: bool, caplog: pytest.LogCaptureFixture
) -> None:
    interaction = in_a_server(command=ATHLETE, options={"name": "Nobody Atall"})
    raised = app_commands.CommandInvokeError(ATHLETE, error) if wrapped else error
    with caplog.at_level(logging.INFO):
        await report_error(interaction, raised)
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["ephemeral"] is True
    assert "view" not in kwargs  # nothing to pick from
    text = mocks.reply_text(interaction)
    if isinstance(error, UserFacingError):
        assert text == error.message
    else:
        assert text == str(error_message(error)) and "locked" not in text  # the store's own words stay in the logs
    assert error_logs(caplog) == []


async def test_an_unexpected_error_is_logged_under_the_code_the_user_sees(caplog: pytest.LogCaptureFixture) -> None:
    interaction = in_a_server(command=ATHLETE, options={"name": "Yuzuru Hanyu"})
    bug = KeyError("password=hunter2")
    with caplog.at_level(logging.INFO):
        await report_error(interaction, app_commands.CommandInvokeError(ATHLETE, bug))
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["ephemeral"] is True
    text = mocks.reply_text(interaction)
    assert "hunter2" not in text and "KeyError" not in text  # internals never reach the user
    [record] = error_logs(caplog)
    code = record.args[0] if isinstance(record.args, tuple) else None
    assert isinstance(code, str) and re.fullmatch(r"[0-9a-f]{6}", code)
    assert code in text  # what the user reports finds the traceback
    assert "athlete" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[1] is bug  # the original, not discord.py's wrapper


async def test_two_unexpected_errors_get_different_codes(caplog: pytest.LogCaptureFixture) -> None:
    texts = []
    for _ in range(2):
        interaction = in_a_server(command=ATHLETE, options={"name": "x"})
        with caplog.at_level(logging.ERROR):
            await report_error(interaction, RuntimeError("boom"))
        texts.append(mocks.reply_text(interaction))
    assert texts[0] != texts[1]


async def test_an_acknowledged_interaction_gets_an_ephemeral_follow_up() -> None:
    interaction = in_a_server(command=ATHLETE, options={"name": "x"}, acknowledged=True)
    await report_error(interaction, PermissionDenied("access-not-moderator"))
    interaction.response.send_message.assert_not_awaited()
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["ephemeral"] is True and kwargs["content"] == render("access-not-moderator")
    assert kwargs["content"].startswith("Only moderators can do that")


@pytest.mark.parametrize(
    "error",
    [
        NotFound(t("noun-athlete"), "Hanyu Yuzru", [Suggestion("Yuzuru Hanyu (JPN)", "Yuzuru Hanyu"), "Yuma Kagiyama"]),
        Ambiguous(
            t("noun-athlete"),
            "Hanyu Yuzru",
            [Suggestion("Yuzuru Hanyu (JPN)", "Yuzuru Hanyu"), "Yuma Kagiyama"],
            plural=t("noun-athletes"),
        ),
    ],
    ids=["not-found", "ambiguous"],
)
async def test_suggestions_come_as_a_menu_for_the_option_that_failed(error: NotFound) -> None:
    interaction = in_a_server(command=ATHLETE, options={"name": "Hanyu Yuzru", "season": "2013-14"})
    await report_error(interaction, app_commands.CommandInvokeError(ATHLETE, error))
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["ephemeral"] is True and mocks.reply_text(interaction) == error.message
    view = kwargs["view"]
    assert isinstance(view, PickView) and view.author_id == interaction.user.id
    assert [(o.label, o.value) for o in view.menu.options] == [
        ("Yuzuru Hanyu (JPN)", "Yuzuru Hanyu"),
        ("Yuma Kagiyama", "Yuma Kagiyama"),
    ]
    assert view.origin is interaction  # so the menu can be switched off when it times out


@pytest.mark.parametrize(
    ("command", "options"),
    [
        (POST_TO, {"channel": 123, "name": "Hanyu Yuzru"}),  # a channel cannot be re-sent from the namespace
        (ATHLETE, {"name": "Something else"}),  # the query is none of the typed values
        (None, {"name": "Hanyu Yuzru"}),  # a button or form, not a command
    ],
    ids=["option-not-rerunnable", "query-not-typed", "no-command"],
)
async def test_no_menu_when_the_command_cannot_be_run_again_with_a_pick(
    command: app_commands.Command[Any, ..., Any] | None, options: dict[str, Any]
) -> None:
    interaction = in_a_server(command=command, options=options)
    error = NotFound(t("noun-athlete"), "Hanyu Yuzru", ["Yuzuru Hanyu"])
    await report_error(interaction, error)
    _, kwargs = mocks.reply_of(interaction)
    assert "view" not in kwargs and mocks.reply_text(interaction) == error.message


async def test_a_reply_discord_refuses_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    interaction = in_a_server(command=ATHLETE, options={"name": "Hanyu Yuzru"})
    response = create_autospec(aiohttp.ClientResponse, instance=True)
    response.status, response.reason = 404, "Not Found"
    interaction.response.send_message.side_effect = discord.NotFound(response, "Unknown interaction")
    with caplog.at_level(logging.WARNING):
        await report_error(interaction, NotFound(t("noun-athlete"), "Hanyu Yuzru", ["Yuzuru Hanyu"]))
    assert any("could not deliver" in r.getMessage() for r in caplog.records)
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["view"].origin is None  # no message holds the menu: nothing to switch off later


async def test_mentions_typed_by_the_user_are_inert_in_the_reply() -> None:
    role_id, user_id = mocks.snowflake(), mocks.snowflake()
    typed = f"<@&{role_id}> <@{user_id}> @everyone"
    interaction = in_a_server(command=ATHLETE, options={"name": typed})
    await report_error(interaction, NotFound(t("noun-athlete"), typed))
    _, kwargs = mocks.reply_of(interaction)
    text = mocks.reply_text(interaction)
    assert f"<@&{role_id}>" not in text and f"<@{user_id}>" not in text
    # No per-message allowed_mentions: the client's AllowedMentions.none() applies (next test).
    assert "allowed_mentions" not in kwargs


async def test_the_bot_never_pings_and_routes_command_errors_to_the_error_path(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bot = SkateBot(Settings(), create_autospec(Database, instance=True))
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == discord.AllowedMentions.none().to_dict()
    interaction = in_a_server(command=ATHLETE, options={"name": "x"})
    with caplog.at_level(logging.ERROR):
        await bot.tree.on_error(interaction, app_commands.CommandInvokeError(ATHLETE, ZeroDivisionError()))
    _, kwargs = mocks.reply_of(interaction)
    assert kwargs["ephemeral"] is True and len(error_logs(caplog)) == 1


async def test_the_bot_spaces_its_reads_of_a_site_on_this_machine_as_set() -> None:
    bot = SkateBot(Settings(live_loopback_spacing=0.0), create_autospec(Database, instance=True))
    assert bot.live.gate.loopback_spacing == 0.0 and bot.live.gate.spacing == 2.0  # other hosts keep theirs
    assert SkateBot(Settings(), create_autospec(Database, instance=True)).live.gate.loopback_spacing is None  # 2 s


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (app_commands.NoPrivateMessage(), None),
        (app_commands.CommandOnCooldown(app_commands.Cooldown(1, 30), 12.4), "12"),
        (app_commands.MissingPermissions(["manage_messages"]), "manage_messages"),
        (app_commands.BotMissingPermissions(["embed_links"]), "embed_links"),
        # discord.py's own English never reaches the user: a check's failure is put in the catalogue's words.
        (app_commands.CheckFailure("Only in the results channel."), "You cannot use this command here."),
    ],
)
def test_discord_py_check_errors_are_expected_errors(error: Exception, expected: str | None) -> None:
    text = error_message(error)
    assert text is not None  # an expected error: a reply, not a bug report
    assert expected is None or expected in str(text)


def test_anything_else_is_a_bug() -> None:
    assert error_message(RuntimeError("boom")) is None
    assert error_message(app_commands.CommandInvokeError(ATHLETE, ValueError("x"))) is None


# --- who is acting --------------------------------------------------------------------------------------------


OWNER_ID = 77


async def actor_of(
    person: Any,
    *,
    mod_role_id: int | None = None,
    cached: bool = True,
    channel_permissions: discord.Permissions | None = None,
) -> tuple[Actor, Any]:
    server = mocks.guild()
    interaction = mocks.interaction(
        person,
        guild=server if cached else None,
        guild_id=server.id,
        channel_permissions=channel_permissions,
    )
    guilds = create_autospec(StoryService, instance=True)
    guilds.guild_settings.return_value = GuildSettings(server.id, mod_role_id)
    return await actor_for(interaction, guilds, frozenset({OWNER_ID})), server


def rights(actor: Actor) -> tuple[bool, bool, bool]:
    return actor.is_moderator, actor.is_admin, actor.is_owner


async def test_a_plain_member_has_no_rights() -> None:
    person = mocks.member()
    actor, server = await actor_of(person)
    assert (actor.user_id, actor.guild_id, rights(actor)) == (person.id, server.id, (False, False, False))


@pytest.mark.parametrize(
    ("permissions", "expected"),
    [
        (discord.Permissions(manage_messages=True), (True, False, False)),
        (discord.Permissions(manage_guild=True), (False, True, False)),
        (discord.Permissions(administrator=True), (True, True, False)),
        (discord.Permissions(send_messages=True, embed_links=True), (False, False, False)),
    ],
    ids=["manage-messages", "manage-server", "administrator", "ordinary"],
)
async def test_server_permissions_make_moderators_and_admins(
    permissions: discord.Permissions, expected: tuple[bool, bool, bool]
) -> None:
    actor, _ = await actor_of(mocks.member(guild_permissions=permissions))
    assert rights(actor) == expected


async def test_manage_messages_in_one_channel_does_not_make_a_moderator() -> None:
    actor, _ = await actor_of(mocks.member(), channel_permissions=discord.Permissions(manage_messages=True))
    assert rights(actor) == (False, False, False)


async def test_the_servers_moderator_role_makes_a_moderator() -> None:
    mod_role, other_role = mocks.role(), mocks.role()
    with_role, _ = await actor_of(mocks.member(roles=[other_role, mod_role]), mod_role_id=mod_role.id)
    without, _ = await actor_of(mocks.member(roles=[other_role]), mod_role_id=mod_role.id)
    assert rights(with_role) == (True, False, False) and rights(without) == (False, False, False)


async def test_the_bots_owners_are_owners_wherever_they_are() -> None:
    in_server, _ = await actor_of(mocks.member(OWNER_ID))
    assert rights(in_server) == (False, False, True)
    in_dm = await actor_for(mocks.interaction(mocks.user(OWNER_ID)), mocks_guilds(), frozenset({OWNER_ID}))
    assert (in_dm.guild_id, rights(in_dm)) == (None, (False, False, True))


async def test_in_a_dm_nobody_is_a_moderator() -> None:
    person = mocks.user()
    actor = await actor_for(mocks.interaction(person), mocks_guilds(), frozenset({OWNER_ID}))
    assert (actor.user_id, actor.guild_id, rights(actor)) == (person.id, None, (False, False, False))


async def test_an_uncached_server_grants_no_rights(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        actor, server = await actor_of(
            mocks.member(guild_permissions=discord.Permissions(administrator=True)), cached=False
        )
    assert (actor.guild_id, rights(actor)) == (server.id, (False, False, False))
    assert any("not cached" in r.getMessage() for r in caplog.records)


def mocks_guilds() -> Any:
    guilds = create_autospec(StoryService, instance=True)
    guilds.guild_settings.side_effect = AssertionError("a DM has no server settings to read")
    return guilds


# --- what each actor may do -----------------------------------------------------------------------------------

GUILD = 5
MEMBER = Actor(1, GUILD)
MODERATOR = Actor(2, GUILD, is_moderator=True)
ADMIN = Actor(3, GUILD, is_admin=True)
OWNER = Actor(4, GUILD, is_owner=True)
ACTORS = {"member": MEMBER, "moderator": MODERATOR, "admin": ADMIN, "owner": OWNER}


@pytest.mark.parametrize(
    ("check", "allowed"),
    [
        (require_owner, {"owner"}),
        (require_moderator, {"moderator", "owner"}),  # the owners may moderate anywhere
        (require_admin, {"admin"}),  # settings are the server's own: not even the bot's owners
        (lambda actor: require_edit_rights(actor, GUILD), {"moderator"}),  # a server's stories are its moderators'
        (lambda actor: require_edit_rights(actor, None), {"owner"}),  # the shared library is the owners'
    ],
    ids=["owner", "moderator", "admin", "server-story", "library-story"],
)
def test_who_may_do_what(check: Callable[[Actor], None], allowed: set[str]) -> None:
    for name, actor in ACTORS.items():
        if name in allowed:
            check(actor)
        else:
            with pytest.raises(PermissionDenied) as refused:
                check(actor)
            # The refusal says why, as a catalogue message: it is the reply the user gets, in their words.
            assert refused.value.text.key.startswith("access-"), name
            assert refused.value.message == render(refused.value.text), name
            assert " " in refused.value.message and refused.value.message != refused.value.text.key, name


def test_a_refusal_is_a_user_facing_error() -> None:
    assert issubclass(PermissionDenied, UserFacingError)
    assert error_message(PermissionDenied("error-guild-only")) == t("error-guild-only")


# --- the cogs the bot loads -----------------------------------------------------------------------------------


def test_extensions_lists_every_cog_module_exactly_once() -> None:
    listed = list(cogs.EXTENSIONS)
    assert len(listed) == len(set(listed)), f"listed twice: {sorted({e for e in listed if listed.count(e) > 1})}"
    modules = {f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__)}
    # A cog module is one discord.py can load: it has an async setup(bot). Helpers (cogs._autocomplete) do not.
    loadable = {
        name for name in modules if inspect.iscoroutinefunction(getattr(importlib.import_module(name), "setup", None))
    }
    missing, not_cogs = sorted(loadable - set(listed)), sorted(set(listed) - loadable)
    assert set(listed) == loadable, f"not listed: {missing}; listed but not loadable cogs: {not_cogs}"
    assert {name for name in modules if not name.startswith("cogs._")} == loadable


async def test_a_late_acknowledgement_and_a_reply_never_both_answer_first() -> None:
    """The late acknowledgement (bot/client.py) fires while the command's own reply is on its way: the second one
    to decide must see the first, or Discord refuses it (40060) and the asker sees an error code."""
    from tests import discord_mocks

    interaction = discord_mocks.interaction(discord_mocks.user())
    answered = False
    on_its_way = asyncio.Event()

    async def send_message(*args: Any, **kwargs: Any) -> Any:
        nonlocal answered
        on_its_way.set()
        await asyncio.sleep(0)  # the request is in flight: the other task runs now
        await asyncio.sleep(0)
        answered = True
        return create_autospec(discord.InteractionCallbackResponse, instance=True)

    interaction.response.send_message.side_effect = send_message
    interaction.response.is_done.side_effect = lambda: answered
    reply = asyncio.create_task(respond(interaction, "hello"))
    await on_its_way.wait()
    assert await acknowledge_privately(interaction) is False
    await reply
    interaction.response.defer.assert_not_awaited()
    interaction.followup.send.assert_not_awaited()
