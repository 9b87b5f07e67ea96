"""`db create`, `db check`, `db backup`, `db migrate-to`: make, check, back up or move the store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.store import open_existing, open_for_writing
from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("db", help="check, back up or move the store")
    parser.set_defaults(handler=store_command)
    db_commands = parser.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    db_commands.add_parser("create", help="create the store (SKATEBOT_DB) with the bundled data, if it is not there")
    db_commands.add_parser("check", help="integrity and foreign-key check")
    backup = db_commands.add_parser("backup", help="online backup to a new file (SQLite)")
    backup.add_argument("path", type=Path)
    migrate_to = db_commands.add_parser(
        "migrate-to", help="copy the SQLite store into an empty PostgreSQL database, verified row by row"
    )
    migrate_to.add_argument("url", help="the PostgreSQL database, postgresql://user:password@host:5432/name")


async def store_command(settings: Settings, args: argparse.Namespace) -> int:
    from db.database import DatabaseError

    if args.db_command == "migrate-to":
        return await migrate_to_postgres(settings, args.url)
    if args.db_command == "create":
        return await create(settings)
    # Both only read: a wrong path is an error (never a new empty store checked or backed up), and the
    # store is not migrated (a check or backup must not change what it looks at).
    db = await open_existing(settings, current_schema=False)
    try:
        if args.db_command == "check":
            problems = await db.integrity_check()
            version = await db.schema_version()
            if problems == ["ok"]:
                print(f"{settings.store_name}: ok (schema version {version})")
                return 0
            print(f"{settings.store_name}: problems found:", *problems, sep="\n  ", file=sys.stderr)
            return 1
        try:
            await db.backup(args.path)
        except DatabaseError as exc:
            print(f"skatebot: {exc}", file=sys.stderr)
            return 1
        print(f"backed up {settings.store_name} to {args.path}")
        return 0
    finally:
        await db.close()


async def create(settings: Settings) -> int:
    """`db create`: the store with the bundled data, as the bot's first start makes it; one already there is left as
    it is (never migrated nor filled here)."""
    from db.database import Database, StoreMissing

    try:
        existing = await Database.open_readonly(settings.db_path)
    except StoreMissing:
        pass
    else:
        try:
            version = await existing.schema_version()
        finally:
            await existing.close()
        print(f"{settings.store_name}: a store is already there (schema version {version}); nothing was changed")
        return 0
    print(f"creating the store at {settings.store_name} with the bundled data…", flush=True)
    db, first = await open_for_writing(settings)
    try:
        for line in first:
            print(f"bundled data: {line}")
        version = await db.schema_version()
    finally:
        await db.close()
    print(f"{settings.store_name}: created (schema version {version})")
    return 0


async def migrate_to_postgres(settings: Settings, url: str) -> int:
    """Copies the SQLite store (SKATEBOT_DB) into the empty PostgreSQL database at `url`, then compares every row."""
    from bot.settings import POSTGRES_SCHEMES
    from db.database import Database, redacted
    from db.transfer import migrate_to

    if isinstance(settings.db_path, str):
        print("skatebot: migrate-to copies a SQLite store: SKATEBOT_DB must name its file", file=sys.stderr)
        return 2
    if not url.startswith(POSTGRES_SCHEMES):
        print("skatebot: migrate-to needs a postgresql:// URL", file=sys.stderr)
        return 2
    source = await open_existing(settings, current_schema=True)
    try:
        target = await Database.open(url)  # created tables and all migrations, as the bot would open it
        try:
            transfer = await migrate_to(source, target, progress=print)
        finally:
            await target.close()
    finally:
        await source.close()
    print(transfer.describe())
    print(f"{settings.store_name} -> {redacted(url)}: set SKATEBOT_DB to the URL to use it")
    return 0
