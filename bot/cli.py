"""The `skatebot` command line: run, health, sync, import, db, stories, live, moments, sandbox."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.i18n import render
from bot.logs import setup_logging
from bot.settings import Settings, SettingsError

if TYPE_CHECKING:  # the bot's imports (discord.py) load only for the commands that need them
    from bot.client import SkateBot
    from bot.services.results import ResultsService
    from db.database import Database

log = logging.getLogger("skatebot")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="skatebot", description="A Discord bot for figure-skating fans.")
    parser.add_argument(
        "--env-file",
        type=Path,
        metavar="PATH",
        help="read settings from this file instead of .env in the working directory",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("run", help="start the bot (needs DISCORD_TOKEN)")
    commands.add_parser(
        "health", help="ask the running bot's /healthz (MONITOR_ADDRESS): exit 0 when healthy, 1 when not"
    )
    sync = commands.add_parser("sync", help="register the slash commands with Discord")
    sync.add_argument("--guild", type=int, help="sync to this guild only (instant); default: globally")
    importer = commands.add_parser("import", help="load results files in the skatebot JSON format")
    importer.add_argument("files", nargs="+", type=Path, metavar="FILE")
    isu = commands.add_parser(
        "import-isu", help="import an official ISU results site (folder or URL), or a whole season of the ISU's"
    )
    what = isu.add_mutually_exclusive_group(required=True)  # one site, or one season
    what.add_argument("source", nargs="?", help="the event's results folder, or the http(s) URL of its index page")
    what.add_argument(
        "--season",
        metavar="SEASON",
        help="instead of a source: every ISU championship, Grand Prix event and Final of the season (2025-26) "
        "from the ISU's results server (ISU_RESULTS_URL)",
    )
    isu.add_argument(
        "--allow-private",
        action="store_true",
        help="allow a URL whose host is a private or loopback address (a local mirror)",
    )
    isu.add_argument(
        "--correction",
        action="store_true",
        help="the site corrects a stored competition's name, dates or place (refused without this flag)",
    )
    db = commands.add_parser("db", help="check, back up or move the store")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    db_commands.add_parser("create", help="create the store (SKATEBOT_DB) with the bundled data, if it is not there")
    db_commands.add_parser("check", help="integrity and foreign-key check")
    backup = db_commands.add_parser("backup", help="online backup to a new file (SQLite)")
    backup.add_argument("path", type=Path)
    migrate_to = db_commands.add_parser(
        "migrate-to", help="copy the SQLite store into an empty PostgreSQL database, verified row by row"
    )
    migrate_to.add_argument("url", help="the PostgreSQL database, postgresql://user:password@host:5432/name")
    stories = commands.add_parser("stories", help="manage stories from the command line")
    story_commands = stories.add_subparsers(dest="stories_command", required=True, metavar="ACTION")
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
    live = commands.add_parser("live", help="competitions watched while they happen (ISU results sites)")
    live_commands = live.add_subparsers(dest="live_command", required=True, metavar="ACTION")
    live_watch = live_commands.add_parser("watch", help="watch an ISU results site by the URL of its index page")
    live_watch.add_argument("url")
    live_watch.add_argument(
        "--allow-private",
        action="store_true",
        help="allow a URL whose host is a private or loopback address (a local mirror, the sandbox's replay)",
    )
    live_watch.add_argument(
        "--timezone", help="the IANA time zone of a schedule the site prints without its UTC offset (Europe/Moscow)"
    )
    live_commands.add_parser("list", help="the watched competitions and their state")
    live_unwatch = live_commands.add_parser("unwatch", help="stop watching a competition")
    live_unwatch.add_argument("name", help="the competition's id (from `live list`), URL or words of its name")
    moments = commands.add_parser("moments", help="the moments of the day drawn from the results store")
    moment_commands = moments.add_subparsers(dest="moments_command", required=True, metavar="ACTION")
    moment_facts = moment_commands.add_parser(
        "facts", help="list the notable facts found in the results, by kind, and the calendar days they cover"
    )
    moment_facts.add_argument("--competition", help="only this competition (its key or name)")
    sandbox = commands.add_parser("sandbox", help="try the bot in a local Discord sandbox, in this terminal")
    sandbox.add_argument("--db", type=Path, help="use this store instead of a fresh one with the bundled data")
    sandbox.add_argument(
        "--replay",
        type=Path,
        metavar="FOLDER",
        help="replay a saved ISU results site as it unfolded (tests/fixtures/isu/wc2014): the bot watches it, "
        "#general is subscribed and fan follows a skater",
    )
    sandbox.add_argument(
        "--speed", type=float, default=600, help="with --replay: competition seconds per real second (600)"
    )
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
    handlers = {
        "run": _run,
        "health": _health,
        "sync": _sync,
        "import": _import,
        "db": _db,
        "stories": _stories,
        "import-isu": _import_isu,
        "live": _live,
        "moments": _moments,
        "sandbox": _sandbox,
    }
    from db.database import DatabaseError

    store_errors: tuple[type[Exception], ...] = (DatabaseError, sqlite3.DatabaseError)
    try:
        return asyncio.run(handlers[args.command](settings, args))
    except KeyboardInterrupt:
        return 130
    except store_errors + _postgres_errors() as exc:
        # A wrong path, a file that is not a store, a damaged one: one line, not a traceback.
        print(f"skatebot: {_store_problem(settings.store_name, exc)}", file=sys.stderr)
        return 1


def _postgres_errors() -> tuple[type[Exception], ...]:
    """What PostgreSQL's driver raises when the server refuses or goes away (a store on a URL), when it is loaded:
    a SQLite store never imports it."""
    asyncpg = sys.modules.get("asyncpg")
    return (asyncpg.PostgresError, asyncpg.InterfaceError) if asyncpg is not None else ()


def _store_problem(path: str, exc: Exception) -> str:
    from db.database import DatabaseError, StoreMissing

    if isinstance(exc, StoreMissing):  # a newcomer's first read-only command: say how to make one
        return f"{exc}; `skatebot db create` creates it with the bundled data"
    if isinstance(exc, DatabaseError):
        return str(exc)
    return f"the store at {path} cannot be used ({exc}); is it a skatebot store? `skatebot db check` tells more"


async def _open_existing(settings: Settings, *, current_schema: bool) -> Database:
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


async def _with_bot(settings: Settings, body: Callable[[SkateBot], Awaitable[None]]) -> int:
    """Opens the store, builds the bot and runs `body` with it; the shared frame of `run` and `sync`."""
    if not settings.token:
        print(render("no-token"), file=sys.stderr)
        return 2
    import discord

    from bot.client import build_bot, configure_endpoints
    from bot.store import open_store

    configure_endpoints(settings.api_base_url, settings.gateway_url)
    db, _ = await open_store(settings.db_path)
    try:
        async with build_bot(settings, db) as bot:
            await body(bot)
    except discord.LoginFailure:
        print("skatebot: Discord rejected the token; check DISCORD_TOKEN.", file=sys.stderr)
        return 1
    finally:
        await db.close()
    return 0


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    async def serve(bot: SkateBot) -> None:
        # A service manager stops us with SIGTERM: close the gateway and the store cleanly.
        loop = asyncio.get_running_loop()
        for stop_signal in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop_signal, lambda: asyncio.ensure_future(bot.close()))
        if settings.monitor_address is not None:
            await bot.serve_monitor(settings.monitor_address)  # stopped when the bot closes
        bot.charts.start()  # the chart worker imports matplotlib while the bot connects, not at the first chart
        await bot.start(settings.token or "")

    return await _with_bot(settings, serve)


async def _health(settings: Settings, args: argparse.Namespace) -> int:
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


async def _sync(settings: Settings, args: argparse.Namespace) -> int:
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

    return await _with_bot(settings, sync)


async def _import(settings: Settings, args: argparse.Namespace) -> int:
    from bot.services.importer import ImportFormatError, import_file
    from bot.store import open_store

    db, bootstrap = await open_store(settings.db_path)
    try:
        for report in bootstrap:
            print(f"first start, bundled data: {report.describe()}")
        for path in args.files:
            try:
                report = await import_file(db, path)
            except FileNotFoundError:
                print(f"skatebot: {path}: no such file", file=sys.stderr)
                return 1
            except ImportFormatError as exc:
                print(f"skatebot: {exc} (nothing from this file was written)", file=sys.stderr)
                return 1
            print(report.describe())
        await _generate_facts(db)
    finally:
        await db.close()
    return 0


async def _generate_facts(db: Database) -> None:
    """The stories from the results, generated again after an import (bot/services/fact_stories.py)."""
    from bot.services.compose import load_services

    report = await (await load_services(db)).fact_stories.sync()
    if report is not None:
        print(report.describe())


async def _import_isu(settings: Settings, args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from bot.services.importer import ImportFormatError
    from bot.services.isu.importer import import_isu
    from bot.services.isu.pages import PageError
    from bot.services.isu.protocol_pdf import ProtocolError
    from bot.services.isu.source import SourceError, open_source
    from bot.store import open_store

    if args.season is not None:
        return await _import_isu_season(settings, args)
    console = Console(stderr=True, highlight=False)
    try:
        source = open_source(args.source, allow_private=args.allow_private)
    except SourceError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 1
    db, _ = await open_store(settings.db_path)
    try:
        with Progress(
            SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=console, transient=True
        ) as progress:
            task = progress.add_task("reading the index", total=None)

            def seen(kind: str, name: str) -> None:
                progress.update(task, description=f"read {'PDF' if kind == 'pdf' else 'page'} {name}")
                progress.console.print(f"  {'pdf ' if kind == 'pdf' else 'page'} {name}")

            async with source:
                summary = await import_isu(db, source, seen, correction=args.correction)
        print(summary.describe())
        await _generate_facts(db)
    except (SourceError, PageError, ProtocolError, ImportFormatError) as exc:
        print(f"skatebot: {exc} (nothing was imported)", file=sys.stderr)
        return 1
    finally:
        await db.close()
    return 0


async def _import_isu_season(settings: Settings, args: argparse.Namespace) -> int:
    """Every competition of a season from the ISU's results server: a bar over the competitions, the page being
    read, each competition's summary as it ends, a warning for each one not imported, and the tally."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from bot.services.isu.season import (
        CompetitionOutcome,
        SeasonCompetition,
        SeasonError,
        import_season,
        load_seasons,
        season_named,
    )
    from bot.store import open_store

    try:
        season = season_named(args.season, load_seasons())
    except SeasonError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 1
    base = settings.isu_results_url
    print(
        render(
            "isu-season-start", season=season.name, count=len(season.competitions), base=base, inferred=season.inferred
        )
    )
    console = Console(stderr=True, highlight=False)
    db, _ = await open_store(settings.db_path)
    try:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as bar:
            task = bar.add_task(f"season {season.name}", total=len(season.competitions))

            class Shown:
                """The bar names the competition and the page being read; each summary is printed as it ends."""

                code = ""

                def competition(self, number: int, total: int, competition: SeasonCompetition, url: str) -> None:
                    self.code = competition.code
                    bar.update(task, description=f"{competition.code}: {url}")

                def page(self, kind: str, name: str) -> None:
                    bar.update(task, description=f"{self.code}: {'PDF' if kind == 'pdf' else 'page'} {name}")

                def done(self, outcome: CompetitionOutcome) -> None:
                    bar.advance(task)
                    print("\n".join(str(line) for line in outcome.lines()), flush=True)

            summary = await import_season(
                db,
                season,
                base,
                allow_private=args.allow_private or settings.isu_allow_private,
                correction=args.correction,
                progress=Shown(),
            )
        print(str(summary.tally()))
        if summary.imported:
            await _generate_facts(db)
    finally:
        await db.close()
    if summary.failed:
        codes = ", ".join(o.competition.code for o in summary.failed)
        print(f"skatebot: not imported for a reason other than absence: {codes} (see the warnings)", file=sys.stderr)
        return 1
    return 0


async def _stories(settings: Settings, args: argparse.Namespace) -> int:
    from dataclasses import replace

    from bot.services.compose import load_services
    from bot.services.story_import import StoryFileError, import_story, read_story_files
    from bot.store import CLI_OWNER, open_store

    if args.stories_command == "check":
        return await _check_stories(settings, args)
    try:
        items = await asyncio.to_thread(read_story_files, args.files)
    except StoryFileError as exc:
        print(f"skatebot: {exc} (nothing was imported)", file=sys.stderr)
        return 1
    db, _ = await open_store(settings.db_path)
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


async def _live(settings: Settings, args: argparse.Namespace) -> int:
    """The operator's side of competition week, live: the command line acts as a bot owner. A running bot
    picks a new watch up at its next look at the store (every few seconds)."""
    from bot.errors import UserFacingError
    from bot.services.compose import load_services
    from bot.services.live.fetching import HostGate
    from bot.services.live.service import status_text
    from bot.store import CLI_OWNER, open_store

    db, _ = await open_store(settings.db_path)
    try:
        allow_private = settings.live_allow_private or getattr(args, "allow_private", False)
        service = (await load_services(db, allow_private=allow_private)).live
        service.gate = HostGate(loopback_spacing=settings.live_loopback_spacing)
        try:
            if args.live_command == "watch":
                result = await service.watch(CLI_OWNER, args.url, args.timezone)
                print(
                    f"watching {result.watch.label} (id {result.watch.id}): {len(result.watch.schedule)} segment(s) "
                    f"on its time schedule, {len(result.new)} item(s) already on the site (not posted)"
                )
                from bot.services.live.zones import zone_text

                print(str(zone_text(result.watch.timezone)))
            elif args.live_command == "unwatch":
                watch = await service.unwatch(CLI_OWNER, args.name)
                print(f"no longer watching {watch.label}")
            else:
                watches = await service.watches()
                if not watches:
                    print("no competition is watched")
                for watch in watches:
                    state = str(status_text(watch)).replace("**", "")
                    print(f"{watch.id}  {state}  {watch.url}  next read {watch.next_poll_at}")
        except UserFacingError as exc:
            print(f"skatebot: {exc}", file=sys.stderr)
            return 1
    finally:
        await db.close()
    return 0


async def _moments(settings: Settings, args: argparse.Namespace) -> int:
    """`moments facts`: the notable facts of the results store, grouped by kind, for the operator (English)."""
    from bot.errors import UserFacingError
    from bot.services.facts import KINDS, FactsService

    db = await _open_existing(settings, current_schema=True)
    try:
        results = await _loaded_results(db)
        try:
            competition = results.competition(args.competition) if args.competition else None
        except UserFacingError as exc:
            print(f"skatebot: {exc}", file=sys.stderr)
            return 1
        facts = await FactsService(results).facts(competition)
        counts = {kind: sum(fact.kind == kind for fact in facts) for kind in KINDS}
        for kind in KINDS:
            if not counts[kind]:
                continue
            print(f"== {kind} ({counts[kind]})")
            for fact in (f for f in facts if f.kind == kind):
                print(f"{fact.moment_date or '----------'}  {fact.title}")
                print(f"            {fact.body}")
                print(f"            key {fact.key}; sources: {', '.join(fact.sources) or 'none stored'}")
        days = len({fact.month_day for fact in facts if fact.month_day})
        undated = sum(fact.month_day is None for fact in facts)
        per_kind = ", ".join(f"{kind} {counts[kind]}" for kind in KINDS)
        print(
            f"{len(facts)} facts: {per_kind}; {days} calendar day{'' if days == 1 else 's'} with at least one fact; "
            f"{undated} without a day (the store has the competition's dates only)"
        )
    finally:
        await db.close()
    return 0


async def _loaded_results(db: Database) -> ResultsService:
    """The results with their name index, as the bot has them (stories resolve names and competitions)."""
    from bot.services.compose import load_services

    return (await load_services(db)).results


async def _check_stories(settings: Settings, args: argparse.Namespace) -> int:
    from bot.errors import UserFacingError
    from bot.services.claims import check_text
    from bot.services.story_import import StoryFileError, read_story_files

    try:
        items = await asyncio.to_thread(read_story_files, args.files)
    except StoryFileError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 1
    db = await _open_existing(settings, current_schema=True)
    try:
        results = await _loaded_results(db)
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


async def _db(settings: Settings, args: argparse.Namespace) -> int:
    from db.database import DatabaseError

    if args.db_command == "migrate-to":
        return await _migrate_to(settings, args.url)
    if args.db_command == "create":
        return await _create(settings)
    # Both only read: a wrong path is an error (never a new empty store checked or backed up), and the
    # store is not migrated (a check or backup must not change what it looks at).
    db = await _open_existing(settings, current_schema=False)
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


async def _create(settings: Settings) -> int:
    """`db create`: the store with the bundled data, as the bot's first start makes it; one already there is left as
    it is (never migrated nor filled here)."""
    from bot.store import open_store
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
    db, reports = await open_store(settings.db_path)
    try:
        for report in reports:
            print(f"bundled data: {report.describe()}")
        version = await db.schema_version()
    finally:
        await db.close()
    print(f"{settings.store_name}: created (schema version {version})")
    return 0


async def _migrate_to(settings: Settings, url: str) -> int:
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
    source = await _open_existing(settings, current_schema=True)
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


async def _sandbox(settings: Settings, args: argparse.Namespace) -> int:
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
