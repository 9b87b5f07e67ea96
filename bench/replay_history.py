"""Competition week, live, replayed from a real site's git history: what a subscribed channel got, and when.

Run: python bench/replay_history.py [--bundle PATH] [--timezone Europe/Samara] [--wait 60]

The real bot in the sandbox (bot/sandbox/harness.py, its clock injected) watches a `HistorySite`
(bot/sandbox/history.py: the site as it stood at each commit, on the same clock) from its first commit, with one
channel subscribed to it. The clock jumps from one of the bot's polls to the next, by the bot's own plan (its moment
scheduler runs what is due at each), through the four weeks of the history and `--wait` minutes past its last
commit. Printed:
- posts and edits the channel got, each post once (a doubled post is a failure);
- latency from the commit that made an item complete to its post, in replay minutes (min, median, max): what the
  polling plan gives (bot/services/live/polling.py: a site outside its schedule's windows is fully read every 30
  minutes, and between those reads only its index is asked about);
- the wall time of the scheduler ticks that posted, as a ratio to the floor measured in the same run: one full read
  and parse of the same commit's site from disk (bot.services.isu.importer.read_site), without the store or Discord.

Exits 1 when a post is doubled or the run posted nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.harness import Sandbox  # noqa: E402
from bot.sandbox.history import HistorySite, read_history  # noqa: E402
from bot.services.isu.importer import read_site  # noqa: E402
from bot.services.isu.source import FolderSource  # noqa: E402
from bot.services.live.fetching import HostGate  # noqa: E402
from bot.settings import Settings  # noqa: E402

BUNDLE = ROOT.parent / "shared" / "fixtures" / "isu-world" / "_histories" / "fsu-cup-fsu-latin-2024.bundle"


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = self.start = now

    def __call__(self) -> datetime:
        return self.now

    def monotonic(self) -> float:
        return time.monotonic() + (self.now - self.start).total_seconds()


async def floor_read(files: dict[str, tuple[str, bytes]], tmp: Path) -> float:
    """One full read and parse of the site from disk (the best of three)."""
    folder = tmp / "floor"
    folder.mkdir(exist_ok=True)
    for name, data in files.values():
        (folder / name).write_bytes(data)
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        async with FolderSource(folder) as source:
            await read_site(source)
        best = min(best, time.perf_counter() - started)
    return best


async def run(args: argparse.Namespace, tmp: Path) -> bool:
    commits = read_history(args.bundle)
    clock = Clock(commits[0].when.astimezone(UTC) + timedelta(minutes=1))
    settings = replace(Settings(), live_allow_private=True)
    host_charset = args.host_charset or None
    async with HistorySite(args.bundle, clock=clock, commits=commits, host_charset=host_charset) as site:
        async with Sandbox(
            db_path=tmp / "store.sqlite3", clock=clock, rate_limit_clock=clock.monotonic, settings=settings
        ) as box:
            assert box.bot is not None
            box.bot.live.gate = HostGate(spacing=0.001)  # the 2 s between requests is the host's politeness, not work
            said = await box.slash("live watch", url=site.url, timezone=args.timezone)
            await said.wait(timeout=60)
            channel = box.server.create_channel(box.guild, "live")
            subscribed = await box.slash("live subscribe", user=box.moderator, channel=channel)
            await subscribed.wait(timeout=10)

            live = box.bot.live
            poster = live.delivery.outbox.poster  # every post goes through the outbox
            assert poster is not None
            sent_at: dict[int, tuple[datetime, int | None]] = {}  # message id -> (replay time, commit served)
            edits: list[datetime] = []
            send, edit = poster.send, poster.edit

            async def recorded_send(post):  # type: ignore[no-untyped-def]
                message_id = await send(post)
                sent_at[message_id] = (clock.now, site.current())
                return message_id

            async def recorded_edit(post, message_id):  # type: ignore[no-untyped-def]
                await edit(post, message_id)
                edits.append(clock.now)

            poster.send, poster.edit = recorded_send, recorded_edit  # type: ignore[method-assign]
            posting_ticks: list[float] = []
            polls = 0
            finish = commits[-1].when.astimezone(UTC) + timedelta(minutes=args.wait)
            while clock.now < finish:
                # The clock jumps to the bot's next poll by its own plan (never sooner than a second on).
                (watch,) = await live.repo.watches()
                due = datetime.fromisoformat(watch.next_poll_at)
                clock.now = min(max(due, clock.now + timedelta(seconds=1)), finish)
                before = len(sent_at)
                started = time.perf_counter()
                await box.bot.moment_scheduler.tick()
                polls += 1
                if len(sent_at) > before:
                    posting_ticks.append(time.perf_counter() - started)
            floor = await floor_read(commits[-1].files, tmp)

            messages = [m for m in box.server.messages(channel) if m.embeds]
            titles = [m.embeds[0]["title"] for m in messages]
            doubled = len(titles) - len(set(titles))
            latencies = []
            for at, served in sent_at.values():
                assert served is not None  # the commit the bot's poll read: the one that made the item complete
                latencies.append((at - commits[served].when).total_seconds() / 60)
    print(
        f"{site.folder}: {len(commits)} commits, {commits[0].when:%Y-%m-%d} to {commits[-1].when:%Y-%m-%d}, "
        f"{polls} scheduler ticks at the bot's own polling times"
    )
    print(
        f"posts {len(sent_at)} (doubled {doubled}), "
        f"edits {len(edits)} (to {sum(1 for m in messages if m.edited)} posts)"
    )
    if latencies:
        print(
            f"latency commit -> post (replay minutes): min {min(latencies):.0f}, "
            f"median {statistics.median(latencies):.0f}, max {max(latencies):.0f}"
        )
    if posting_ticks:
        print(
            f"wall time of a tick that posted: median {statistics.median(posting_ticks) / floor:.1f}x, max "
            f"{max(posting_ticks) / floor:.1f}x the floor (a full read of the site from disk: {floor * 1000:.0f} ms)"
        )
    return bool(sent_at) and doubled == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--timezone", default="Europe/Samara", help="the zone of the site's schedule (it prints none)")
    parser.add_argument("--wait", type=float, default=60, help="replay minutes ticked after each commit")
    parser.add_argument(
        "--host-charset",
        default="utf-8",
        help="the charset the host labels every page with (GitHub Pages, where the federation committed its site: "
        "utf-8, its cp1251 pages too); '' for each page's meta tag or the commit's .htaccess",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        return 0 if asyncio.run(run(args, Path(tmp))) else 1


if __name__ == "__main__":
    sys.exit(main())
