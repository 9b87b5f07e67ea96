"""Stand-ins for discord.py objects in fast unit tests of the Discord layer, specced from the real classes.

The idea is python-discord/bot's (tests/helpers.py, MIT licence): a mock built from the real class fails the
test when the code under test touches an attribute or method discord.py does not have, and passes the code's
isinstance checks, where a bare MagicMock would accept anything. Written for this project: data objects
(members, guilds) are spec_set mocks, cheap to make; what the code calls (the interaction's response and
follow-up) is autospecced, so a call with arguments discord.py does not take fails too. The end-to-end tests
still drive the real client.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any
from unittest.mock import NonCallableMagicMock, create_autospec

import discord
from discord import app_commands

_ids = itertools.count(1_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def user(user_id: int | None = None) -> Any:
    """A discord.User: someone reaching the bot outside a server (a DM)."""
    mock = NonCallableMagicMock(spec_set=discord.User)
    mock.id = snowflake() if user_id is None else user_id
    return mock


def role(role_id: int | None = None) -> Any:
    mock = NonCallableMagicMock(spec_set=discord.Role)
    mock.id = snowflake() if role_id is None else role_id
    return mock


def member(
    user_id: int | None = None,
    *,
    guild_permissions: discord.Permissions | None = None,
    roles: Iterable[Any] = (),
) -> Any:
    """A discord.Member with the server-level permissions of its roles (`guild_permissions`)."""
    mock = NonCallableMagicMock(spec_set=discord.Member)
    mock.id = snowflake() if user_id is None else user_id
    mock.guild_permissions = guild_permissions or discord.Permissions.none()
    mock.roles = list(roles)
    return mock


def guild(guild_id: int | None = None) -> Any:
    mock = NonCallableMagicMock(spec_set=discord.Guild)
    mock.id = snowflake() if guild_id is None else guild_id
    return mock


def interaction(
    actor: Any,
    *,
    guild: Any | None = None,
    guild_id: int | None = None,
    command: app_commands.Command[Any, ..., Any] | None = None,
    options: dict[str, Any] | None = None,
    channel_permissions: discord.Permissions | None = None,
    acknowledged: bool = False,
) -> Any:
    """A discord.Interaction from `actor` (a member in `guild`, or a user in a DM when guild_id is None).

    `options` are the values the user typed (discord.py's namespace iterates as (name, value) pairs);
    `channel_permissions` are `interaction.permissions`, which include the channel's overwrites;
    `acknowledged`: the interaction was already answered or deferred, so replies go through the follow-up."""
    mock = NonCallableMagicMock(spec_set=discord.Interaction)
    mock.id = snowflake()
    mock.user = actor
    mock.guild = guild
    mock.guild_id = guild.id if guild is not None and guild_id is None else guild_id
    mock.command = command
    mock.namespace = list((options or {}).items())
    mock.permissions = channel_permissions or discord.Permissions.none()
    mock.extras = {}
    # Typed as properties on Interaction, so autospec cannot see their classes: spec them by hand.
    mock.response = create_autospec(discord.InteractionResponse, instance=True)
    mock.response.is_done.return_value = acknowledged
    mock.followup = create_autospec(discord.Webhook, instance=True)
    return mock


def reply_of(interaction: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The one reply sent to `interaction` (response or follow-up): its positional and keyword arguments."""
    calls = interaction.response.send_message.await_args_list + interaction.followup.send.await_args_list
    assert len(calls) == 1, f"expected exactly one reply, got {calls}"
    return calls[0].args, calls[0].kwargs


def reply_text(interaction: Any) -> str:
    args, kwargs = reply_of(interaction)
    return str(kwargs.get("content", args[0] if args else ""))
