"""The stand-in's user installs, driven by a tiny discord.py bot: what Discord offers where, what the interaction
says about the place, and Discord's rules for an app that only a user installed (replies forced ephemeral without
Use External Apps, at most 5 follow-ups, no events from a server without the bot)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands

from bot.sandbox.interactions import HANG
from bot.sandbox.server import (
    ATTACH_FILES,
    DEFAULT_EVERYONE_PERMISSIONS,
    EMBED_LINKS,
    MENTION_EVERYONE,
    USE_EXTERNAL_APPS,
    USE_EXTERNAL_EMOJIS,
    FakeDiscord,
    Guild,
    User,
)


def build_bot() -> commands.Bot:
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.none(),
        allowed_mentions=discord.AllowedMentions.none(),
        guild_ready_timeout=0.05,
    )

    @bot.tree.command(name="chatty", description="Answers, then follows up seven times")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def chatty(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        for n in range(7):
            try:
                await interaction.followup.send(f"more {n}")
            except discord.HTTPException:
                bot.dispatch("followup_refused", n)

    @bot.tree.command(name="admin", description="A server's own")
    @app_commands.guild_only()
    async def admin(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("admin")

    return bot


@dataclass
class Env:
    server: FakeDiscord
    bot: commands.Bot
    home: Guild
    elsewhere: Guild
    fan: User


@pytest.fixture
async def env() -> AsyncIterator[Env]:
    server = FakeDiscord()
    await server.start()
    owner, fan = server.create_user("you"), server.create_user("fan")
    home = server.create_guild("Skate Fans", owner)
    server.add_member(home, fan)
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    discord.http.Route.BASE = server.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)
    discord.asset.Asset.BASE = f"http://127.0.0.1:{server.port}"
    bot = build_bot()
    task: asyncio.Task[None] | None = None
    try:
        await bot.login(server.bot_token)
        task = asyncio.create_task(bot.connect())
        await asyncio.wait_for(bot.wait_until_ready(), HANG)
        await bot.tree.sync()  # global: what a user install reaches
        elsewhere = server.create_guild("Other Rink", server.create_user("rinkside"), with_bot=False)
        server.add_member(elsewhere, fan)
        server.install_app(fan)
        yield Env(server, bot, home, elsewhere, fan)
    finally:
        await bot.close()
        if task is not None:
            await task
        await server.stop()
        (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE) = saved


async def _settled(result: object, count: int) -> None:
    async def done() -> None:
        # The stand-in's record of follow-ups offers no event to await.
        while len(result.followups) < count:  # type: ignore[attr-defined]  # noqa: ASYNC110
            await asyncio.sleep(0.01)

    await asyncio.wait_for(done(), 60)  # discord.py paces follow-ups by the webhook's rate limit


async def test_an_app_only_a_user_installed_sends_five_follow_ups(env: Env) -> None:
    refused: list[int] = []

    async def on_refused(n: int) -> None:
        refused.append(n)

    env.bot.add_listener(on_refused, "on_followup_refused")
    result = await env.server.slash(env.elsewhere, env.elsewhere.text_channel("general"), env.fan, "chatty")
    await result.wait()
    await _settled(result, 5)
    await asyncio.wait_for(_until(lambda: len(refused) == 2), 60)
    assert [m.content for m in result.followups] == [f"more {n}" for n in range(5)]
    assert len([v for v in env.server.violations if "follow-ups" in v]) == 2
    env.server.violations.clear()
    # In the bot's own server the app is the server's: no such limit.
    home = await env.server.slash(env.home, env.home.text_channel("general"), env.fan, "chatty")
    await home.wait()
    await _settled(home, 7)
    assert env.server.violations == []


async def test_replies_are_ephemeral_without_use_external_apps(env: Env) -> None:
    deny = {"id": env.elsewhere.id, "type": 0, "allow": 0, "deny": USE_EXTERNAL_APPS}
    quiet = env.server.create_channel(env.elsewhere, "quiet", overwrites=[deny])
    result = await env.server.slash(env.elsewhere, quiet, env.fan, "chatty")
    await result.wait()
    await _settled(result, 5)
    assert result.asked_ephemeral is False  # this tiny bot does not ask; Discord makes it so all the same
    assert result.message is not None and result.message.ephemeral
    assert all(m.ephemeral for m in result.followups)
    assert env.server.messages(quiet) == []  # nobody else sees anything
    env.server.violations.clear()


async def test_what_the_interaction_says_about_the_place(env: Env) -> None:
    server = env.server
    # Nothing of Other Rink reached the bot: it is not a member.
    assert env.bot.get_guild(env.elsewhere.id) is None and env.bot.get_guild(env.home.id) is not None
    elsewhere = await server.slash(env.elsewhere, env.elsewhere.text_channel("general"), env.fan, "chatty")
    dm = await server.slash(None, server.bot_dm(env.fan), env.fan, "chatty")
    group = server.create_private_channel([env.fan, server.create_user("friend")], name=None)
    private = await server.slash(None, group, env.fan, "chatty")
    for result in (elsewhere, dm, private):
        await result.wait()
        await _settled(result, 5)
    assert elsewhere.payload["context"] == 0 and elsewhere.payload["authorizing_integration_owners"] == {
        "1": str(env.fan.id)
    }
    assert int(elsewhere.payload["app_permissions"]) == DEFAULT_EVERYONE_PERMISSIONS | EMBED_LINKS | ATTACH_FILES
    assert "member" in elsewhere.payload and "user" not in elsewhere.payload
    assert dm.payload["context"] == 1 and "member" not in dm.payload and dm.payload["user"]["id"] == str(env.fan.id)
    assert int(dm.payload["app_permissions"]) == ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS
    assert private.payload["context"] == 2 and private.payload["channel"]["type"] == 1
    assert int(private.payload["app_permissions"]) == ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
    assert private.message is not None and server.private_messages(group)[0] is private.message
    server.violations.clear()  # the follow-up limit, tested above


async def test_a_server_command_is_not_offered_elsewhere(env: Env) -> None:
    server = env.server
    for guild, channel in [
        (env.elsewhere, env.elsewhere.text_channel("general")),
        (None, server.bot_dm(env.fan)),
        (None, server.create_private_channel([env.fan, server.create_user("friend")])),
    ]:
        with pytest.raises(ValueError, match="not offered here"):
            await server.slash(guild, channel, env.fan, "admin")
    server.install_app(env.fan, installed=False)  # without the user's install, nothing of the app outside
    with pytest.raises(ValueError, match="not offered here"):
        await server.slash(env.elsewhere, env.elsewhere.text_channel("general"), env.fan, "chatty")
    assert (await (await server.slash(env.home, env.home.text_channel("general"), env.fan, "admin")).wait()).message


async def _until(predicate: object) -> None:
    while not predicate():  # type: ignore[operator]  # noqa: ASYNC110
        await asyncio.sleep(0.01)
