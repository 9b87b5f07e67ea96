"""`live watch`, `live list`, `live unwatch`: the competitions watched while they happen (ISU results sites)."""

from __future__ import annotations

import argparse
import sys

from bot.settings import Settings


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("live", help="competitions watched while they happen (ISU results sites)")
    parser.set_defaults(handler=live_command)
    live_commands = parser.add_subparsers(dest="live_command", required=True, metavar="ACTION")
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


async def live_command(settings: Settings, args: argparse.Namespace) -> int:
    """The operator's side of competition week, live: the command line acts as a bot owner. A running bot
    picks a new watch up at its next look at the store (every few seconds)."""
    from bot.cli.store import open_for_writing
    from bot.errors import UserFacingError
    from bot.services.compose import load_services
    from bot.services.live.service import status_text
    from bot.store import CLI_OWNER

    db, _ = await open_for_writing(settings)
    try:
        allow_private = settings.live_allow_private or getattr(args, "allow_private", False)
        service = (
            await load_services(db, allow_private=allow_private, loopback_spacing=settings.live_loopback_spacing)
        ).live
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
