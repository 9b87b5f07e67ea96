"""`stories import` (stories from files, into the library or a server) and `stories check` (a story's claims
against the results store, before it is ever posted)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.cli.store import loaded_results, open_existing, open_for_writing
from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("stories", help="manage stories from the command line")
    parser.set_defaults(handler=stories_command)
    story_commands = parser.add_subparsers(dest="stories_command", required=True, metavar="ACTION")
    story_import = story_commands.add_parser(
        "import", help="load stories: .txt (title on the first line) or skatebot stories JSON"
    )
    story_import.add_argument("files", nargs="+", type=Path, metavar="FILE")
    story_import.add_argument("--guild", type=int, help="into this server's stories (default: the shared library)")
    story_check = story_commands.add_parser(
        "check", help="check a story's claims against the results store, before it is ever posted"
    )
    story_check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    story_check.add_argument("--competition", help="the competition the story is about (default: from the text)")
    story_check.add_argument("--event", help="…and the event")
    story_check.add_argument("--date", help="the date of the moment, YYYY-MM-DD")


async def stories_command(settings: Settings, args: argparse.Namespace) -> int:
    from dataclasses import replace

    from bot.services.compose import load_services
    from bot.services.story_import import StoryFileError, import_story, read_story_files
    from bot.store import CLI_OWNER

    if args.stories_command == "check":
        return await check_stories(settings, args)
    try:
        items = await asyncio.to_thread(read_story_files, args.files)
    except StoryFileError as exc:
        print(f"skatebot: {exc} (nothing was imported)", file=sys.stderr)
        return 1
    db, _ = await open_for_writing(settings)
    try:
        service = (await load_services(db)).stories
        # Into a server: the command line acts as that server's moderator; otherwise as a library owner.
        actor = replace(CLI_OWNER, guild_id=args.guild) if args.guild else CLI_OWNER
        for item in items:
            for warning in item.warnings:
                print(f"warning: {warning}")
            try:
                outcome = await import_story(service, actor, item, library=args.guild is None)
            except StoryFileError as exc:
                print(f"skatebot: {exc}", file=sys.stderr)
                return 1
            print(f"{item.key}: {outcome}")
    finally:
        await db.close()
    return 0


async def check_stories(settings: Settings, args: argparse.Namespace) -> int:
    from bot.errors import UserFacingError
    from bot.services.claims import check_text
    from bot.services.story_import import StoryFileError, read_story_files

    try:
        items = await asyncio.to_thread(read_story_files, args.files)
    except StoryFileError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 1
    db = await open_existing(settings, current_schema=True)
    try:
        results = await loaded_results(db)
        badges = {"consistent": "consistent  ", "contradicted": "CONTRADICTED", "not checkable": "not checkable"}
        for item in items:
            draft = item.draft
            competition_text = draft.competition or args.competition
            event_text = draft.event or args.event
            try:
                competition = results.competition(competition_text) if competition_text else None
                event = results.event(competition, event_text) if competition and event_text else None
                skaters = [results.skater_id(n) for n in draft.skaters.split(",") if n.strip()]
            except UserFacingError as exc:
                print(f"skatebot: {item.key}: {exc.message}", file=sys.stderr)
                return 1
            text = "\n".join(part for part in (draft.title, draft.summary, draft.body) if part)
            report = await check_text(
                results,
                text,
                competition_id=competition.id if competition else None,
                event_id=event.id if event else None,
                moment_date=draft.moment_date,
                skater_ids=skaters,
            )
            print(f"{item.key}: {report.summary()}")
            for verdict in report.verdicts:
                stored = f" (stored: {verdict.stored})" if verdict.stored else ""
                print(
                    f"  {badges[verdict.outcome]}  {verdict.claim.subject}: {verdict.claim.claimed}{stored}"
                    f" — {verdict.why}"
                )
                if verdict.reading:
                    print(f"                 read as: {verdict.reading}")
    finally:
        await db.close()
    return 0
