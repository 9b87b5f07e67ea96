"""Competition week, live: a segment's results to 5,000 servers, and the cost of watching 20 sites between segments.

Run: python bench/bench_live.py [--servers 5000] [--limit 50] [--pace 48] [--sites 20] [--hours 2] [--seed N]
     [--only fanout|polling]

1. Fan-out. A FakeDiscord enforcing a global limit of `--limit` requests per second (429s beyond it, as Discord does)
   holds N servers, each with a channel subscribed (through LiveService.subscribe) to the 2014 Worlds served by a
   ReplaySite (bot/sandbox/replay.py) that the store already watches (LiveService.watch: the baseline read). The bot
   runs as its own process, as `skatebot run` does (real APScheduler, real clock, POST_RATE_LIMIT=`--pace`), with one
   difference: its live service's clock is shifted to the competition's time (the site's schedule says March 2014),
   so that the bot polls as it would during the men's short program, whose results are awaited. Once the bot has
   made its first read of the site (a full read: a restarted bot knows no page), the replay turns from that segment's
   starting order to its results at a known moment, at a random phase of the bot's polling (`--seed`). Printed: from
   that moment (the page appears) to the last of the N posts of that results item, as a ratio to the floor set by
   Discord's global rate limit (N / limit; target <= 1.15); the same from the moment the bot's poll first saw the
   page; the 429s the bot earned; doubled and lost posts (target: none).
2. Polling cost. `--sites` ReplaySites (in a separate process, so that serving them is not counted) at a moment
   between segments (the evening after the men's short program: the next segment starts the next morning), watched
   by a LiveService in this process, whose clock is simulated: it jumps from one due poll to the next for `--hours`,
   and the process CPU time (time.process_time: the store's thread included) of every run of the live job is summed.
   The job also runs every LIVE_EVERY when nothing is due; that idle run is timed apart and counted once per
   LIVE_EVERY of the simulated interval. The host gate's spacing is set to 0 (it only waits; it costs no CPU).
   Printed: CPU % of one core (target < 1), requests per site per hour and the share answered 304.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discord_layer.scheduling import LIVE_EVERY  # noqa: E402
from bot.sandbox.model import DISCORD_EPOCH_MS  # noqa: E402
from bot.sandbox.replay import Phase, ReplaySite, build_timeline  # noqa: E402
from bot.sandbox.server import FakeDiscord  # noqa: E402
from bot.services.access import Actor  # noqa: E402
from bot.services.live.fetching import HostGate  # noqa: E402
from bot.services.live.polling import RESULTS_DUE  # noqa: E402
from bot.services.live.service import LiveService  # noqa: E402
from bot.services.results import ResultsService  # noqa: E402
from bot.store import CLI_OWNER, open_store  # noqa: E402
from db.models import WatchState  # noqa: E402
from db.repositories.live import LiveRepository  # noqa: E402
from db.repositories.results import ResultsRepository  # noqa: E402

TARGET_RATIO = 1.15
TARGET_CPU = 1.0  # % of one core
SITE = ROOT / "tests" / "fixtures" / "isu" / "wc2014"
SEGMENT = "Men Short Program"  # not its category's last segment: its results bring one item (no final result)
BEFORE_RESULTS = timedelta(minutes=3)  # the replay's moment while the bot starts: the starting order is out
BETWEEN = datetime(2014, 3, 26, 12, 0, tzinfo=UTC)  # after the men's short program, before the next morning's pairs


def results_phase() -> Phase:
    return next(p for p in build_timeline(SITE).phases if p.name == "results" and p.what.startswith(SEGMENT))


def posted_at(message_id: int) -> float:
    """When the fake Discord made the message (its snowflake's time), as time.time()."""
    return ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000


# --------------------------------------------------------------------------------------------------------------------
# 1. fan-out


class ReplayClock:
    """The replay's moment: just before the results until `flip_at` (time.time()), then the results' moment on."""

    def __init__(self, before: datetime, results: datetime) -> None:
        self.before, self.results = before, results
        self.flip_at = float("inf")

    def __call__(self) -> datetime:
        now = time.time()
        return self.before if now < self.flip_at else self.results + timedelta(seconds=now - self.flip_at)


async def fanout(args: argparse.Namespace, tmp: Path) -> bool:
    phase = results_phase()
    assert phase.category is not None and phase.segment is not None
    item_key = f"{phase.category.number}/{phase.segment.number}/segment"
    clock = ReplayClock(phase.when - BEFORE_RESULTS, phase.when)
    server = FakeDiscord(global_rate_limit=args.limit)
    await server.start()
    owner = server.create_user("owner")
    guilds = [server.create_guild(f"Fans {i}", owner) for i in range(args.servers)]
    channels = {guild.id: guild.text_channel("general") for guild in guilds}
    store = tmp / "fanout.sqlite3"
    async with ReplaySite(SITE, clock=clock) as site:
        started = time.perf_counter()
        db, _ = await open_store(store)
        results = ResultsService(ResultsRepository(db))
        await results.refresh()
        service = LiveService(
            LiveRepository(db), results, clock=clock, allow_private=True, gate=HostGate(spacing=0)
        )  # the bench's own setup: the operator's `skatebot live watch`, then every server's /live subscribe
        watch = (await service.watch(CLI_OWNER, site.url)).watch
        for guild in guilds:
            moderator = Actor(owner.id, guild.id, is_moderator=True)
            await service.subscribe(moderator, channels[guild.id].id, str(watch.id))
        baseline_polled = (await service.repo.watch(watch.id)).polled_at  # type: ignore[union-attr]
        await db.close()
        print(
            f"{args.servers:,} servers subscribed to {watch.label} "
            f"(store ready in {time.perf_counter() - started:.0f} s); "
            f"global limit {args.limit:g}/s, the bot paces its posts at {args.pace:g}/s"
        )

        offset = (clock.before - datetime.now(UTC)).total_seconds()
        env = {
            **os.environ,
            **server.bot_environment,
            "SKATEBOT_DB": str(store),
            "LOG_LEVEL": "WARNING",
            "POST_RATE_LIMIT": str(args.pace),
            "LIVE_ALLOW_PRIVATE": "1",
        }
        log = (tmp / "bot.log").open("w")
        bot = subprocess.Popen(  # noqa: ASYNC220 (once, before the measurement)
            [sys.executable, __file__, "--as-bot", str(offset)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            launched = time.perf_counter()
            # The bot's first poll after its start reads the whole site (it knows no page yet), spaced by the host
            # gate; the results come out once it is done, at a random phase of its quick checks.
            reader = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
            while True:
                await asyncio.sleep(0.5)
                if bot.poll() is not None:
                    raise RuntimeError(f"the bot exited with {bot.returncode}; see {log.name}")
                (polled,) = reader.execute("SELECT polled_at FROM live_watches WHERE id = ?", (watch.id,)).fetchone()
                if polled != baseline_polled:
                    break
                if time.perf_counter() - launched > 300:
                    raise RuntimeError("the bot never polled the site")
            reader.close()
            first_read = time.perf_counter() - launched
            clock.flip_at = time.time() + random.Random(args.seed).uniform(0, RESULTS_DUE.total_seconds())
            flip_mono = time.monotonic() + (clock.flip_at - time.time())
            print(
                f"the bot started and read the whole site in {first_read:.0f} s; the results of {SEGMENT} appear "
                f"{clock.flip_at - time.time():.1f} s later"
            )
            marker = f"live {watch.id}:{item_key}"

            def posts(guild_id: int) -> list[int]:
                return [
                    m.id
                    for m in server.messages(channels[guild_id])
                    if m.embeds and m.embeds[0].get("footer", {}).get("text", "").endswith(marker)
                ]

            # The fake Discord shares this event loop: only the servers still waiting are looked at.
            deadline = clock.flip_at + args.servers / args.limit * 2 + 60
            waiting = set(channels)
            while time.time() < deadline and waiting:
                await asyncio.sleep(0.5)
                if bot.poll() is not None:
                    raise RuntimeError(f"the bot exited with {bot.returncode}; see {log.name}")
                waiting = {guild_id for guild_id in waiting if not posts(guild_id)}
            await asyncio.sleep(2)  # a double would come right after
            found = {guild_id: posts(guild_id) for guild_id in channels}
        finally:
            bot.terminate()
            try:
                bot.wait(timeout=20)
            except subprocess.TimeoutExpired:
                bot.kill()
            log.close()
        seen = next(
            (r.monotonic for r in site.requests if r.monotonic >= flip_mono and r.status == 200), None
        )  # the first page the bot got with a body after the flip: the results page
    await server.stop()

    times = sorted(posted_at(i) for ids in found.values() for i in ids)
    doubled = sum(1 for ids in found.values() if len(ids) > 1)
    lost = sum(1 for ids in found.values() if not ids)
    floor = args.servers / args.limit
    last = max((posted_at(min(ids)) for ids in found.values() if ids), default=time.time())
    from_page = last - clock.flip_at
    detection = (seen - flip_mono) if seen is not None else float("nan")
    from_seen = from_page - detection
    print(
        f"the bot saw the results page {detection:.1f} s after it appeared (a check of it every "
        f"{RESULTS_DUE.total_seconds():g} s while results are awaited, the live job every "
        f"{LIVE_EVERY.total_seconds():g} s); first post {times[0] - clock.flip_at if times else float('nan'):.1f} s "
        "after it appeared"
    )
    print(
        f"last of the {args.servers:,} posts {from_page:.1f} s after the page appeared, for a floor of {floor:.1f} s "
        f"({args.servers:,} / {args.limit:g}/s): {from_page / floor:.3f}x the floor (target <= {TARGET_RATIO}, read "
        f"against this one)"
    )
    print(
        f"  … {from_seen:.1f} s after the bot's poll saw it: {from_seen / floor:.3f}x the floor "
        f"(the pace alone, {args.servers:,} / {args.pace:g}/s, is {args.servers / args.pace / floor:.3f}x)"
    )
    print(
        f"429s answered to the bot: {server.global_rate_limited_count} global, "
        f"{server.rate_limited_count - server.global_rate_limited_count} per route; "
        f"doubled posts {doubled}, lost posts {lost}; Discord-limit violations {len(server.violations)}"
    )
    return from_page / floor <= TARGET_RATIO and not doubled and not lost and not server.global_rate_limited_count


def as_bot(offset: float) -> int:
    """`skatebot run`, with the live service's clock shifted by `offset` seconds (to the competition's time)."""
    from bot import cli, client
    from bot.cli.run import run_bot
    from bot.client import SkateBot
    from bot.settings import Settings

    shift = timedelta(seconds=offset)

    class ShiftedBot(SkateBot):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args, **kwargs)
            self.live._clock = lambda: datetime.now(UTC) + shift

    settings = Settings.from_env()
    cli.setup_logging(settings)
    client.SkateBot = ShiftedBot  # type: ignore[misc]  # what bot/cli/run.py's with_bot builds
    return asyncio.run(run_bot(settings, argparse.Namespace()))


# --------------------------------------------------------------------------------------------------------------------
# 2. polling cost


class NoPoster:
    """Between segments nothing is posted: a post here is a bug of the benchmark's setting."""

    async def send(self, post: object) -> int:
        raise AssertionError("a post between segments")

    async def edit(self, post: object, message_id: int) -> None:
        raise AssertionError("an edit between segments")

    async def find(self, post: object) -> int | None:
        return None

    async def direct(self, message: object) -> None:
        raise AssertionError("a direct message between segments")


class SimClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


async def serve_sites(count: int, at: datetime) -> None:
    """The child process of the polling benchmark: `count` replay sites frozen at `at`; prints their URLs, then
    answers each line on stdin with the statuses served so far; stops at the end of stdin."""
    sites = [ReplaySite(SITE, clock=lambda: at) for _ in range(count)]
    for site in sites:
        await site.start()
    print(json.dumps([site.url for site in sites]), flush=True)
    loop = asyncio.get_running_loop()
    while await loop.run_in_executor(None, sys.stdin.readline):
        statuses = Counter(str(r.status) for site in sites for r in site.requests)
        print(json.dumps(statuses), flush=True)
    for site in sites:
        await site.stop()


async def polling(args: argparse.Namespace, tmp: Path) -> bool:
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve-sites",
        str(args.sites),
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None

    async def served() -> Counter[str]:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(b"stats\n")
        await child.stdin.drain()
        return Counter(json.loads(await child.stdout.readline()))

    try:
        urls = json.loads(await child.stdout.readline())
        db, _ = await open_store(tmp / "polling.sqlite3")
        results = ResultsService(ResultsRepository(db))
        await results.refresh()
        clock = SimClock(BETWEEN)
        service = LiveService(LiveRepository(db), results, clock=clock, allow_private=True, gate=HostGate(spacing=0))
        service.attach(NoPoster())  # type: ignore[arg-type]
        for url in urls:
            await service.watch(CLI_OWNER, url)
        # The live job when nothing is due (most of its runs): timed over many runs.
        runs = 200
        before = time.process_time()
        for _ in range(runs):
            await service.poll_due()
            await service.deliver_due()
        idle = (time.process_time() - before) / runs

        start_served = await served()
        end = BETWEEN + timedelta(hours=args.hours)
        busy = 0.0
        polls = 0
        while True:
            watching = await service.repo.watches(states=(WatchState.WATCHING,))
            if len(watching) != len(urls):
                raise RuntimeError(f"{len(urls) - len(watching)} of the watches stopped")
            due = min(datetime.fromisoformat(w.next_poll_at) for w in watching if w.next_poll_at)
            if due >= end:
                break
            if due <= clock.now:
                raise RuntimeError(f"a poll due at {due} did not plan the next one")
            clock.now = due
            before = time.process_time()
            polls += len(await service.poll_due())
            await service.deliver_due()
            busy += time.process_time() - before
        statuses = await served() - start_served
        await db.close()
    finally:
        if child.stdin is not None:
            child.stdin.close()
        await child.wait()

    seconds = args.hours * 3600
    cpu = (busy + idle * seconds / LIVE_EVERY.total_seconds()) / seconds * 100
    requests = sum(statuses.values())
    print(
        f"{args.sites} sites watched between segments, {args.hours:g} h simulated: {polls} polls, {busy:.2f} s of CPU "
        f"in them; the live job's idle run {idle * 1000:.2f} ms every {LIVE_EVERY.total_seconds():g} s"
    )
    print(f"polling costs {cpu:.3f}% of one core (target < {TARGET_CPU:g}%)")
    print(
        f"requests per site per hour: {requests / args.sites / args.hours:.0f}, "
        f"{statuses['304'] / max(1, requests):.0%} answered 304, the rest 404 (pages not published yet, asked at "
        "each sweep) "
        f"({', '.join(f'{n} x {s}' for s, n in sorted(statuses.items()))})"
    )
    return cpu < TARGET_CPU


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=5000)
    parser.add_argument("--limit", type=float, default=50.0, help="the fake Discord's global requests/s")
    parser.add_argument("--pace", type=float, default=48.0, help="the bot's POST_RATE_LIMIT")
    parser.add_argument("--sites", type=int, default=20)
    parser.add_argument("--hours", type=float, default=2.0, help="simulated time of the polling benchmark")
    parser.add_argument("--seed", type=int, default=None, help="the phase of the results against the bot's checks")
    parser.add_argument("--only", choices=("fanout", "polling"))
    parser.add_argument("--as-bot", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--serve-sites", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.as_bot is not None:
        return as_bot(args.as_bot)
    if args.serve_sites is not None:
        asyncio.run(serve_sites(args.serve_sites, BETWEEN))
        return 0
    started = time.perf_counter()
    verdicts = []
    with tempfile.TemporaryDirectory(prefix="skatebot-bench-") as tmp:
        if args.only in (None, "polling"):
            verdicts.append(asyncio.run(polling(args, Path(tmp))))
        if args.only in (None, "fanout"):
            verdicts.append(asyncio.run(fanout(args, Path(tmp))))
    print("PASS" if all(verdicts) else "FAIL")
    print(f"(the whole run took {time.perf_counter() - started:.0f} s)")
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
