"""The stand-in's shards: GET /gateway/bot asks for its configured count, each IDENTIFY is checked as Discord checks
it (close codes 4010, 4011), and every server's events reach only the shard that owns it, `(guild_id >> 22) %
count`, from one process or several; direct-message events reach shard 0."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.ext import commands

from bot.sandbox.gateway import shard_of
from bot.sandbox.interactions import HANG
from bot.sandbox.server import FakeDiscord, Guild

SHARDS = 4
DIRECT_MESSAGES = 1 << 12
GUILDS = 1


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(shard_count=SHARDS)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def spread(server: FakeDiscord) -> dict[int, Guild]:
    """Two servers on each shard; the server's own name says which."""
    owner = server.create_user("owner")
    guilds = {}
    for shard in range(SHARDS):
        for n in range(2):
            guild = server.create_guild(f"shard {shard} #{n}", owner, shard=shard)
            guilds[guild.id] = guild
    return guilds


async def identify(
    http: aiohttp.ClientSession, server: FakeDiscord, shard: Any, *, intents: int = GUILDS
) -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(server.gateway_url)
    hello = await ws.receive_json()
    assert hello["op"] == 10
    payload: dict[str, Any] = {"token": server.bot_token, "intents": intents, "properties": {}}
    if shard is not None:
        payload["shard"] = shard
    await ws.send_str(json.dumps({"op": 2, "d": payload}))
    return ws


async def dispatches(ws: aiohttp.ClientWebSocketResponse, expected: int, quiet: float = 0.3) -> list[dict[str, Any]]:
    """The dispatches the socket receives: the `expected` ones, waited for however long a busy machine takes
    (pytest's timeout catches a hang), then any more until it has been quiet for `quiet` seconds (a dispatch too
    many is seen unless it comes later than that: a quiet period only decides that nothing else is coming)."""
    frames: list[dict[str, Any]] = []
    while True:
        try:
            msg = await asyncio.wait_for(ws.receive(), HANG if len(frames) < expected else quiet)
        except TimeoutError:
            if len(frames) < expected:
                raise
            return frames
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        frame = json.loads(msg.data)
        if frame["op"] == 0:
            frames.append(frame)


async def closed_with(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    msg = await asyncio.wait_for(ws.receive(), HANG)
    assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), msg
    return ws.close_code


async def test_gateway_bot_asks_for_the_configured_shards(server: FakeDiscord) -> None:
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {server.bot_token}"}) as http:
        async with http.get(f"{server.api_base}/gateway/bot") as response:
            body = await response.json(content_type=None)
    assert body["shards"] == SHARDS and body["url"] == server.gateway_url.rstrip("/")


async def test_identify_is_checked_as_discord_checks_it(server: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        # Out of range, malformed, or no shard at all from a bot asked to run four.
        for shard in ([4, 4], [-1, 4], [0, 0], ["0", 4], [0]):
            assert await closed_with(await identify(http, server, shard)) == 4010, shard
        assert await closed_with(await identify(http, server, None)) == 4011
        assert await closed_with(await identify(http, server, [0, 2])) == 4011
        # A shard identified on two live connections: the second is refused, the first goes on.
        first = await identify(http, server, [1, 4])
        assert [f["t"] for f in await dispatches(first, 1)] == ["READY"]
        assert await closed_with(await identify(http, server, [1, 4])) == 4010
        assert server.shards() == [(1, 4)]
        # Once the first is gone (its process died), the shard may identify again.
        await first.close()
        while (1, 4) in server.shards():  # noqa: ASYNC110  # until the server has seen it go (pytest's timeout bounds it)
            await asyncio.sleep(0.01)
        again = await identify(http, server, [1, 4])
        assert [f["t"] for f in await dispatches(again, 1)] == ["READY"]
        assert server.shards() == [(1, 4)]
        await again.close()


async def test_each_servers_events_reach_only_its_shard(server: FakeDiscord) -> None:
    guilds = spread(server)
    async with aiohttp.ClientSession() as http:
        sockets = {shard: await identify(http, server, [shard, SHARDS]) for shard in range(SHARDS)}
        for shard, ws in sockets.items():
            frames = await dispatches(ws, 3)  # READY and its two servers
            ready = frames[0]["d"]
            assert ready["shard"] == [shard, SHARDS]
            owned = {int(g["id"]) for g in ready["guilds"]}
            assert owned == {gid for gid in guilds if shard_of(gid, SHARDS) == shard}
            assert len(owned) == 2 and all(guilds[gid].name.startswith(f"shard {shard} ") for gid in owned)
            assert {int(f["d"]["id"]) for f in frames if f["t"] == "GUILD_CREATE"} == owned
        # A change in one server (a new role) goes to its shard alone.
        target = next(g for g in guilds.values() if shard_of(g.id, SHARDS) == 2)
        server.create_role(target, "judges", 0)
        seen = {shard: await dispatches(ws, 1 if shard == 2 else 0) for shard, ws in sockets.items()}
        assert [f["t"] for f in seen[2]] == ["GUILD_ROLE_CREATE"]
        assert seen[0] == seen[1] == seen[3] == []
        for ws in sockets.values():
            await ws.close()


async def test_direct_message_events_go_to_shard_zero(server: FakeDiscord) -> None:
    fan = server.create_user("fan")
    headers = {"Authorization": f"Bot {server.bot_token}", "Content-Type": "application/json"}
    async with aiohttp.ClientSession() as http:
        sockets = {s: await identify(http, server, [s, SHARDS], intents=GUILDS | DIRECT_MESSAGES) for s in (0, 1)}
        for ws in sockets.values():
            await dispatches(ws, 1)  # READY (no server)
        async with http.post(
            f"{server.api_base}/users/@me/channels", json={"recipient_id": str(fan.id)}, headers=headers
        ) as r:
            channel = await r.json(content_type=None)
        async with http.post(
            f"{server.api_base}/channels/{channel['id']}/messages", json={"content": "a new score"}, headers=headers
        ) as r:
            assert r.status == 200
        assert [f["t"] for f in await dispatches(sockets[0], 1)] == ["MESSAGE_CREATE"]
        assert await dispatches(sockets[1], 0) == []
        for ws in sockets.values():
            await ws.close()


class ShardedBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s between two IDENTIFYs of one process (Discord's limit); the stand-in has none."""


def sharded_bot(shard_ids: list[int]) -> ShardedBot:
    bot = ShardedBot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.none() | discord.Intents(guilds=True),
        shard_count=SHARDS,
        shard_ids=shard_ids,
        guild_ready_timeout=0.05,
    )

    @bot.tree.command(name="where", description="Which shards answer")
    async def where(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{shard_ids} {interaction.guild and interaction.guild.shard_id}")

    return bot


async def test_two_discord_py_processes_share_the_shards(server: FakeDiscord) -> None:
    """The unmodified AutoShardedBot, twice (as two processes would run it): each sees its servers only, and each
    server's slash command is answered by the bot that runs its shard."""
    guilds = spread(server)
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    discord.http.Route.BASE = server.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)
    discord.asset.Asset.BASE = f"http://127.0.0.1:{server.port}"
    bots = {0: sharded_bot([0, 1]), 1: sharded_bot([2, 3])}
    tasks = []
    try:
        for bot in bots.values():
            await bot.login(server.bot_token)
            tasks.append(asyncio.create_task(bot.connect()))
        for bot in bots.values():
            await asyncio.wait_for(bot.wait_until_ready(), HANG)
        await bots[0].tree.sync()
        assert server.shards() == [(s, SHARDS) for s in range(SHARDS)]
        for half, bot in bots.items():
            assert {g.id for g in bot.guilds} == {gid for gid in guilds if shard_of(gid, SHARDS) // 2 == half}
        for guild in guilds.values():
            owner = server.users[guild.owner_id]
            result = await server.slash(guild, guild.text_channel("general"), owner, "where")
            message = await result.wait_message()
            shard = shard_of(guild.id, SHARDS)
            assert message.content == f"{bots[shard // 2].shard_ids} {shard}"
        assert server.violations == []
    finally:
        for bot in bots.values():
            await bot.close()
        for task in tasks:
            await task
        (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE) = saved
