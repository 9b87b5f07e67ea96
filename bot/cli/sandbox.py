"""`sandbox`: try the bot in a local Discord stand-in (bot/sandbox/), in this terminal; the one command that may
import the sandbox."""

from __future__ import annotations

import argparse
import gc
import logging
import os
from pathlib import Path

from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("sandbox", help="try the bot in a local Discord sandbox, in this terminal")
    parser.add_argument("--db", type=Path, help="use this store instead of a fresh one with the bundled data")
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="FOLDER",
        help="replay a saved ISU results site as it unfolded (tests/fixtures/isu/wc2014): the bot watches it, "
        "#general is subscribed and fan follows a skater",
    )
    parser.add_argument(
        "--speed", type=float, default=600, help="with --replay: competition seconds per real second (600)"
    )
    parser.set_defaults(handler=run_sandbox_command)


async def run_sandbox_command(settings: Settings, args: argparse.Namespace) -> int:
    # Python's cyclic garbage collector ran over and over during the start (the 700 modules imported, the bot and
    # the server built: objects that live as long as the process), finding next to nothing, for a tenth of the
    # CPU to the first answer (bench/bench_sandbox_start.py). The start runs without it; run_sandbox freezes what
    # the start built out of its reach and turns it on again once the sandbox is up.
    gc.disable()
    try:
        return await _run_sandbox(settings, args)
    finally:
        gc.enable()


async def _run_sandbox(settings: Settings, args: argparse.Namespace) -> int:
    from bot.sandbox.template import version_early

    if args.db is None:
        version_early()  # the template's digest, beside the imports that follow
    from bot.sandbox.harness import run_sandbox

    if "LOG_LEVEL" not in os.environ:
        # The terminal is for the conversation, not the logs (nor discord.py's voice-support notices).
        logging.getLogger().setLevel(logging.WARNING)
        logging.getLogger("discord").setLevel(logging.ERROR)
        logging.getLogger("discord.gateway").setLevel(logging.ERROR)

    return await run_sandbox(settings, db_path=args.db, replay=args.replay, speed=args.speed)
