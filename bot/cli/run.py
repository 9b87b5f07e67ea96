"""The bot's own commands: `run` it, ask its `health`, `sync` its slash commands with Discord."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.settings import Settings

if TYPE_CHECKING:  # the bot's imports (discord.py) load only for the commands that need them
    from bot.client import SkateBot


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    commands.add_parser("run", help="start the bot (needs DISCORD_TOKEN)").set_defaults(handler=run_bot)
    commands.add_parser(
        "health", help="ask the running bot's /healthz (MONITOR_ADDRESS): exit 0 when healthy, 1 when not"
    ).set_defaults(handler=health)
    sync = commands.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, help="sync to this guild only (instant); default: globally")
    sync.set_defaults(handler=sync_commands)


async def with_bot(settings: Settings, body: Callable[[SkateBot], Awaitable[None]]) -> int:
    """Opens the store, builds the bot and runs `body` with it; the shared frame of `run` and `sync`."""
    if not settings.token:
        from bot.i18n import render  # the catalogues (Fluent, Babel) load with the command that words something

        print(render("no-token"), file=sys.stderr)
        return 2
    import discord

    from bot.cli.store import open_for_writing
    from bot.client import build_bot, configure_endpoints

    configure_endpoints(settings.api_base_url, settings.gateway_url)
    db, _ = await open_for_writing(settings)
    try:
        async with build_bot(settings, db) as bot:
            await body(bot)
    except discord.LoginFailure:
        print("skatebot: Discord rejected the token; check DISCORD_TOKEN.", file=sys.stderr)
        return 1
    finally:
        await db.close()
    return 0


async def run_bot(settings: Settings, args: argparse.Namespace) -> int:
    async def serve(bot: SkateBot) -> None:
        # A service manager stops us with SIGTERM: close the gateway and the store cleanly.
        loop = asyncio.get_running_loop()
        for stop_signal in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop_signal, lambda: asyncio.ensure_future(bot.close()))
        if settings.monitor_address is not None:
            await bot.serve_monitor(settings.monitor_address)  # stopped when the bot closes
        await bot.start(settings.token or "")

    return await with_bot(settings, serve)


async def health(settings: Settings, args: argparse.Namespace) -> int:
    """For a container's HEALTHCHECK or a script: the bot's own answer, from the address it serves on."""
    import aiohttp

    from bot.discord_layer.monitor import HEALTH_PATH

    if settings.monitor_address is None:
        print("skatebot: MONITOR_ADDRESS is not set: the bot serves no /healthz to ask", file=sys.stderr)
        return 2
    host, port = settings.monitor_address
    # A bot serving on every interface (0.0.0.0, ::, in a container) is asked on this machine's loopback.
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}{HEALTH_PATH}"
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
            async with session.get(url) as response:
                body = (await response.text()).strip()
                print(f"{url}: {response.status} {body}")
                return 0 if response.status == 200 else 1
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        print(f"skatebot: no answer from {url}: {exc or type(exc).__name__}", file=sys.stderr)
        return 1


async def sync_commands(settings: Settings, args: argparse.Namespace) -> int:
    import discord

    async def sync(bot: SkateBot) -> None:
        await bot.login(settings.token or "")  # runs setup_hook: the cogs and their commands are loaded
        guild = discord.Object(args.guild) if args.guild else None
        if guild:
            bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
        where = f"to guild {args.guild}" if args.guild else "globally (may take up to an hour to show everywhere)"
        names = ", ".join(f"/{c.name}" if c.type is discord.AppCommandType.chat_input else c.name for c in synced)
        print(f"synced {len(synced)} commands {where}: {names}")

    return await with_bot(settings, sync)
