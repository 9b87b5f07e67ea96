"""Results into the store: `import` (files in the skatebot JSON format) and `import-isu` (an official ISU results
site, or a whole season of the ISU's)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.store import generate_facts, open_for_writing
from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    importer = commands.add_parser("import", help="load results files in the skatebot JSON format")
    importer.add_argument("files", nargs="+", type=Path, metavar="FILE")
    importer.set_defaults(handler=import_results)
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
    isu.set_defaults(handler=import_isu_site)


async def import_results(settings: Settings, args: argparse.Namespace) -> int:
    from bot.services.importer import ImportFormatError, import_file

    db, first = await open_for_writing(settings)
    try:
        for line in first:
            print(f"first start, bundled data: {line}")
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
        await generate_facts(db)
    finally:
        await db.close()
    return 0


async def import_isu_site(settings: Settings, args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from bot.services.importer import ImportFormatError
    from bot.services.isu.importer import import_isu
    from bot.services.isu.pages import PageError
    from bot.services.isu.protocol_pdf import ProtocolError
    from bot.services.isu.source import SourceError, open_source

    if args.season is not None:
        return await import_isu_season(settings, args)
    console = Console(stderr=True, highlight=False)
    try:
        source = open_source(args.source, allow_private=args.allow_private)
    except SourceError as exc:
        print(f"skatebot: {exc}", file=sys.stderr)
        return 1
    db, _ = await open_for_writing(settings)
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
        await generate_facts(db)
    except (SourceError, PageError, ProtocolError, ImportFormatError) as exc:
        print(f"skatebot: {exc} (nothing was imported)", file=sys.stderr)
        return 1
    finally:
        await db.close()
    return 0


async def import_isu_season(settings: Settings, args: argparse.Namespace) -> int:
    """Every competition of a season from the ISU's results server: a bar over the competitions, the page being
    read, each competition's summary as it ends, a warning for each one not imported, and the tally."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from bot.i18n import render  # the catalogues (Fluent, Babel) load with the command that words something
    from bot.services.isu.season import (
        CompetitionOutcome,
        SeasonCompetition,
        SeasonError,
        import_season,
        load_seasons,
        season_named,
    )

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
    db, _ = await open_for_writing(settings)
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
            await generate_facts(db)
    finally:
        await db.close()
    if summary.failed:
        codes = ", ".join(o.competition.code for o in summary.failed)
        print(f"skatebot: not imported for a reason other than absence: {codes} (see the warnings)", file=sys.stderr)
        return 1
    return 0
