"""How a command of the command line opens the store and the services on it, and says why a store cannot be used."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.settings import Settings

if TYPE_CHECKING:  # the store and the services load only for the commands that need them
    from bot.services.results import ResultsService
    from db.database import Database

# What each command runs: given the settings and its arguments, the process's exit code.
Command = Callable[[Settings, argparse.Namespace], Coroutine[Any, Any, int]]


def postgres_errors() -> tuple[type[Exception], ...]:
    """What PostgreSQL's driver raises when the server refuses or goes away (a store on a URL), when it is loaded:
    a SQLite store never imports it."""
    asyncpg = sys.modules.get("asyncpg")
    return (asyncpg.PostgresError, asyncpg.InterfaceError) if asyncpg is not None else ()


def store_problem(path: str, exc: Exception) -> str:
    from db.database import DatabaseError, StoreMissing

    if isinstance(exc, StoreMissing):  # a newcomer's first read-only command: say how to make one
        return f"{exc}; `skatebot db create` creates it with the bundled data"
    if isinstance(exc, DatabaseError):
        return str(exc)
    return f"the store at {path} cannot be used ({exc}); is it a skatebot store? `skatebot db check` tells more"


async def open_existing(settings: Settings, *, current_schema: bool) -> Database:
    """The store for a command that only reads: opened read-only, never created nor migrated."""
    from db.database import Database, DatabaseError, list_migrations

    db = await Database.open_readonly(settings.db_path)
    if current_schema:
        version, latest = await db.schema_version(), list_migrations()[-1][0]
        if version != latest:
            await db.close()
            raise DatabaseError(
                f"the store at {settings.store_name} is at schema version {version} and this skatebot reads "
                f"version {latest}; open it once with `skatebot run` or an import to migrate it"
            )
    return db


async def open_for_writing(settings: Settings) -> tuple[Database, list[str]]:
    """The store for a command that writes, created and migrated when needed, and what its first start did (a line
    each, for the commands that say it). A new SQLite file starts as a copy of the bundled store's template (built
    once per version of the bundled data into the user's cache directory, bot/sandbox/template.py) instead of
    importing the bundled data again, 11 s on 2 cores; a new PostgreSQL database imports them."""
    import asyncio

    from bot.sandbox.template import seed_new_store
    from bot.store import open_store

    first: list[str] = []
    if not isinstance(settings.db_path, str):  # a file, not a server's URL
        template = await asyncio.to_thread(seed_new_store, settings.db_path, on_build=_announce_build)
        if template is not None:
            first.append(f"a copy of the bundled store built once for this version, {template}")
    db, reports = await open_store(settings.db_path)
    return db, first + [report.describe() for report in reports]


def _announce_build(template: Path) -> None:
    print(
        f"first store with this version of the bundled data: building it once, into {template} (a few seconds); "
        "later new stores copy it",
        file=sys.stderr,
        flush=True,
    )


async def generate_facts(db: Database) -> None:
    """The stories from the results, generated again after an import (bot/services/fact_stories.py). After an
    import that changed nothing (a file already imported) they are made from the latest import already: nothing to
    generate, and the results (a second on 2 cores) are not loaded to find that out."""
    from bot.services.compose import load_services
    from db.repositories.stories import StoryRepository

    synced, latest = await StoryRepository(db).fact_sync()
    if synced == latest:  # what FactStories.sync() would answer None to, without its services
        return
    report = await (await load_services(db)).fact_stories.sync()
    if report is not None:
        print(report.describe())


async def loaded_results(db: Database) -> ResultsService:
    """The results with their name index, as the bot has them (stories resolve names and competitions)."""
    from bot.services.compose import load_services

    return (await load_services(db)).results
