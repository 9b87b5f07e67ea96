"""Moment of the day at scale: N servers scheduled for the same minute, under Discord's global rate limit.

Run: python bench/bench_moments.py [--servers 5000] [--limit 50] [--pace 48]

A FakeDiscord enforcing a global limit of `--limit` requests per second (429s with retry_after beyond it,
as Discord does) holds N servers; the store schedules each server's moment for the same minute; the bot runs
as its own process (`python -m bot run`, real APScheduler, real clock) with POST_RATE_LIMIT=`--pace`.
Printed: the completion time (from the scheduled minute to the last post) as a ratio to the ideal
(servers / limit; target <= 1.15), the 429s the bot earned, and doubled or lost posts (target: none).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.server import FakeDiscord  # noqa: E402
from bot.store import open_store  # noqa: E402
from db.models import AuditRecord  # noqa: E402
from db.repositories.moments import MomentRepository  # noqa: E402

TARGET_RATIO = 1.15
FOOTER = "Moment of the day"


async def run(args: argparse.Namespace, store: Path) -> int:
    server = FakeDiscord(global_rate_limit=args.limit)
    await server.start()
    owner = server.create_user("owner")
    guilds = [server.create_guild(f"Fans {i}", owner) for i in range(args.servers)]
    channels = {guild.id: guild.text_channel("general") for guild in guilds}

    # Every server's post is due at the start of the same minute, a little ahead.
    now = datetime.now(UTC)
    due = (now + timedelta(seconds=args.lead)).replace(second=0, microsecond=0) + timedelta(minutes=1)
    db, _ = await open_store(store)
    repo = MomentRepository(db)
    stamp = now.isoformat(timespec="seconds")
    for guild in guilds:
        await repo.save_schedule(
            guild.id, channels[guild.id].id, f"{due:%H:%M}", "UTC", AuditRecord(0, guild.id, "moment schedule", stamp)
        )
    await db.close()
    print(
        f"{args.servers:,} servers scheduled for {due:%H:%M:%S} UTC; global limit {args.limit:g}/s, "
        f"the bot paces its posts at {args.pace:g}/s"
    )

    env = {
        **os.environ,
        **server.bot_environment,
        "SKATEBOT_DB": str(store),
        "LOG_LEVEL": "WARNING",
        "POST_RATE_LIMIT": str(args.pace),
    }
    log = (store.parent / "bot.log").open("w")
    bot = subprocess.Popen(  # noqa: ASYNC220 (once, before the measurement)
        [sys.executable, "-m", "bot", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        deadline = due + timedelta(seconds=args.servers / args.limit * 2 + 60)

        def moment_posts(guild_id: int) -> int:
            return sum(
                1
                for m in server.messages(channels[guild_id])
                if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
            )

        # The fake Discord shares this event loop: scanning every channel each time would hold its requests
        # back and let them through in bunches (429s of the measurement's making), so only the servers still
        # waiting are looked at, and doubles are counted once at the end.
        waiting = set(channels)
        last_post = None
        while datetime.now(UTC) < deadline:
            await asyncio.sleep(0.5)
            if bot.poll() is not None:
                raise RuntimeError(f"the bot exited with {bot.returncode}; see {log.name}")
            waiting = {guild_id for guild_id in waiting if not moment_posts(guild_id)}
            if not waiting:
                last_post = datetime.now(UTC)
                break
        await asyncio.sleep(2)  # a double would come right after
        posted = Counter({guild_id: moment_posts(guild_id) for guild_id in channels})
        if last_post is None:
            print(f"only {sum(1 for c in posted.values() if c):,} of {args.servers:,} servers got their post")
        completion = ((last_post or datetime.now(UTC)) - due).total_seconds()
        ideal = args.servers / args.limit
        doubled = sum(1 for count in posted.values() if count > 1)
        lost = sum(1 for count in posted.values() if count == 0)
        ratio = completion / ideal
        print(
            f"completion {completion:.1f} s for an ideal of {ideal:.1f} s ({args.servers:,} / {args.limit:g}/s): "
            f"{ratio:.3f}x ideal (target <= {TARGET_RATIO})"
        )
        print(
            f"429s answered to the bot: {server.global_rate_limited_count} global, "
            f"{server.rate_limited_count - server.global_rate_limited_count} per route; "
            f"doubled posts {doubled}, lost posts {lost}; Discord-limit violations {len(server.violations)}"
        )
        verdict = ratio <= TARGET_RATIO and doubled == 0 and lost == 0 and server.global_rate_limited_count == 0
        print("PASS" if verdict else "FAIL")
        return 0 if verdict else 1
    finally:
        bot.terminate()
        try:
            bot.wait(timeout=20)
        except subprocess.TimeoutExpired:
            bot.kill()
        log.close()
        await server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=5000)
    parser.add_argument("--limit", type=float, default=50.0, help="the fake Discord's global requests/s")
    parser.add_argument("--pace", type=float, default=48.0, help="the bot's POST_RATE_LIMIT")
    parser.add_argument("--lead", type=float, default=20.0, help="seconds the bot gets to start before the minute")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatebot-bench-") as tmp:
        started = time.perf_counter()
        code = asyncio.run(run(args, Path(tmp) / "store.sqlite3"))
        print(f"(the whole run took {time.perf_counter() - started:.0f} s)")
        return code


if __name__ == "__main__":
    sys.exit(main())
