"""The `skatebot` command line: run, health, sync, import, db, stories, live, moments, sandbox.

Each area's commands (their arguments and what they run) are in a module of their own; this one builds the parser
from them, reads the settings and runs the command chosen, with one error path for a store that cannot be used."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.cli import db, live, moments, results_import, run, sandbox, stories
from bot.cli.store import Command, postgres_errors, store_problem
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError

# In the order `skatebot --help` lists their commands.
AREAS = (run, results_import, db, stories, live, moments, sandbox)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="skatebot", description="A Discord bot for figure-skating fans.")
    parser.add_argument(
        "--env-file",
        type=Path,
        metavar="PATH",
        help="read settings from this file instead of .env in the working directory",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for area in AREAS:
        area.add_commands(commands)  # each command's parser names what it runs: `handler`
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from dotenv import load_dotenv

    args = build_parser().parse_args(argv)
    # .env in the working directory (or the file given), never one found by searching upwards from where the
    # package is installed; real environment variables win.
    env_file = args.env_file or Path.cwd() / ".env"
    if args.env_file and not env_file.is_file():
        print(f"skatebot: no settings file at {env_file}", file=sys.stderr)
        return 2
    load_dotenv(env_file)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings)
    from db.database import DatabaseError

    handler: Command = args.handler
    store_errors: tuple[type[Exception], ...] = (DatabaseError, sqlite3.DatabaseError)
    try:
        return asyncio.run(handler(settings, args))
    except KeyboardInterrupt:
        return 130
    except store_errors + postgres_errors() as exc:
        # A wrong path, a file that is not a store, a damaged one: one line, not a traceback.
        print(f"skatebot: {store_problem(settings.store_name, exc)}", file=sys.stderr)
        return 1


__all__ = ["build_parser", "main", "setup_logging"]
