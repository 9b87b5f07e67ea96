"""`moments facts`: the notable facts the moments of the day are drawn from, for the operator."""

from __future__ import annotations

import argparse
import sys

from bot.cli.store import loaded_results, open_existing
from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("moments", help="the moments of the day drawn from the results store")
    parser.set_defaults(handler=moment_facts)
    moment_commands = parser.add_subparsers(dest="moments_command", required=True, metavar="ACTION")
    facts = moment_commands.add_parser(
        "facts", help="list the notable facts found in the results, by kind, and the calendar days they cover"
    )
    facts.add_argument("--competition", help="only this competition (its key or name)")


async def moment_facts(settings: Settings, args: argparse.Namespace) -> int:
    """`moments facts`: the notable facts of the results store, grouped by kind, for the operator (English)."""
    from bot.errors import UserFacingError
    from bot.services.facts import KINDS, FactsService

    db = await open_existing(settings, current_schema=True)
    try:
        results = await loaded_results(db)
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
