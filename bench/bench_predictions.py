"""Podium predictions: one final result scored for 5,000 servers' rounds of 200 picks each, and announced in each.

Run: python bench/bench_predictions.py [--servers 5000] [--picks 200] [--limit 50] [--pace 48] [--seed N]
     [--only scoring]
     [--only scoring]

1. Scoring. A store holding a competition whose women's event has 24 entries and no result yet; `--servers` servers
   each with a round of that event, `--picks` members' picks in it (random podiums and short program winners,
   `--seed`) and a channel for the announcements. The final result is imported (as a live poll imports it), the
   results reloaded, and PredictionService.settle() times the scoring of every round (SQLite only: PostgreSQL is not
   measured yet). Printed: seconds, picks per second, and a check of every round's points against
   a scoring of the same picks done here from the result's places.
2. Fan-out. A FakeDiscord enforcing a global limit of `--limit` requests per second (429s beyond it) holds the
   servers; the bot runs as its own process, as `skatebot run` does (real APScheduler, real clock,
   POST_RATE_LIMIT=`--pace`), on a copy of the store taken as the final landed (before the scoring above): its
   prediction job scores the rounds at its start, in batches, and sends each batch's announcements while the next is
   scored. Printed: from the bot's launch to its first and last announcements, and from the first announcement to
   the last as a ratio to the floor set by Discord's global rate limit (N / limit; target <= 1.15); the 429s the bot
   earned; doubled and lost announcements (target: none).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.server import FakeDiscord  # noqa: E402
from bot.sandbox.state import _DISCORD_EPOCH_MS  # noqa: E402
from bot.services.compose import build_services  # noqa: E402
from bot.services.importer import import_document  # noqa: E402
from bot.services.predictions import SCORING_TABLES, event_result, score_pick  # noqa: E402
from bot.store import open_store  # noqa: E402
from db.database import Database  # noqa: E402
from db.models import Pick  # noqa: E402

TARGET_RATIO = 1.15
ENTRIES = 24
SOURCE = ["https://example.org/bench"]


def fig(value: Any) -> dict[str, Any]:
    return {"value": value, "confidence": "official", "sources": SOURCE}


def document(final: bool) -> dict[str, Any]:
    """The bench's competition: its women's entries, and with `final` their places and short program ranks (the
    last entry withdrawn)."""
    entries = []
    for i in range(ENTRIES):
        entry: dict[str, Any] = {"skaters": [{"name": f"Skater Number{i:02d}"}], "country": "FIN"}
        if final:
            if i == ENTRIES - 1:
                entry["status"] = "WD"
            else:
                entry["place"] = fig(i + 1)
            entry["segments"] = {"SP": {"rank": fig((i + 1) % ENTRIES + 1), "tss": fig(90.0 - i)}}
        entries.append(entry)
    segments = [
        {"id": "SP", "kind": "short_program", "name": "Short program", "date": "2030-01-10"},
        {"id": "FS", "kind": "free_skate", "name": "Free skate", "date": "2030-01-12"},
    ]
    return {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "benchcup2030",
                "name": "Bench Cup 2030",
                "season": "2029-30",
                "level": "other",
                "start_date": "2030-01-10",
                "end_date": "2030-01-12",
                "events": [
                    {
                        "id": "women",
                        "discipline": "women",
                        "level": "senior",
                        "name": "Women",
                        "segments": segments,
                        "entries": entries,
                    }
                ],
            }
        ],
    }


async def seed(db: Database, guild_channels: dict[int, int], picks: int, rng: random.Random) -> list[str]:
    """The rounds, picks and settings, written straight into the store (a million /predict commands would take the
    benchmark hours); returns the entries' keys."""
    rows = await db.fetchall(
        "SELECT e.skater_key FROM entries e JOIN events v ON v.id = e.event_id JOIN competitions c "
        "ON c.id = v.competition_id WHERE c.key = 'benchcup2030'"
    )
    keys = [row["skater_key"] for row in rows]
    async with db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO prediction_settings (guild_id, channel_id, enabled, scoring) VALUES (?, ?, 1, 'standard')",
            list(guild_channels.items()),
        )
        await tx.executemany(
            "INSERT INTO prediction_rounds (guild_id, competition_key, event_key, season) "
            "VALUES (?, 'benchcup2030', 'women', '2029-30')",
            [(guild_id,) for guild_id in guild_channels],
        )
    rounds = await db.fetchall("SELECT id FROM prediction_rounds")
    for row in rounds:
        picked = []
        for user in range(picks):
            podium = rng.sample(keys, 3)
            picked.append((row["id"], 10_000 + user, *podium, rng.choice(keys), "2030-01-09T00:00:00+00:00"))
        async with db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO prediction_picks (round_id, user_id, gold, silver, bronze, short_winner, picked_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                picked,
            )
    return keys


async def prepare(args: argparse.Namespace, store: Path, guild_channels: dict[int, int]) -> None:
    """The store as the final lands: every round and pick made before it, then the final result imported."""
    db, _ = await open_store(store)  # the bundled results too: the bot's first start seeds stories about them
    try:
        await import_document(db, document(final=False), source="bench")
        started = time.perf_counter()
        await seed(db, guild_channels, args.picks, random.Random(args.seed))
        print(
            f"{args.servers:,} servers x {args.picks} picks = {args.servers * args.picks:,} picks seeded in "
            f"{time.perf_counter() - started:.0f} s"
        )
        await import_document(db, document(final=True), source="bench")
    finally:
        await db.close()


async def scoring(args: argparse.Namespace, store: Path) -> bool:
    """Times the scoring of every round in this process, and checks each pick's points."""
    db, _ = await open_store(store)
    try:
        services = build_services(db)
        await services.results.refresh()
        total = args.servers * args.picks
        started = time.perf_counter()
        scored = await services.predictions.settle()
        took = time.perf_counter() - started
        print(f"scoring (SQLite): {scored:,} rounds, {total:,} picks in {took:.1f} s ({total / took:,.0f} picks/s)")
        # Checked against the rules applied here to the same picks: no round left unscored, no point astray.
        competition = next(c for c in services.results.all_competitions() if c.key == "benchcup2030")
        event = services.results.events_of(competition)[0]
        entries, _ = await services.results.results_of(event)
        result = event_result(entries, services.results.segments_of(event))
        assert result is not None
        wrong = 0
        rows = await db.fetchall("SELECT * FROM prediction_picks")
        for row in rows:
            pick = Pick(
                row["round_id"],
                row["user_id"],
                row["gold"],
                row["silver"],
                row["bronze"],
                row["short_winner"],
                row["picked_at"],
            )
            wrong += row["points"] != score_pick(pick, result, SCORING_TABLES["standard"])[0]
        due = await db.fetchall("SELECT state, COUNT(*) AS n FROM prediction_posts GROUP BY state")
        states = {row["state"]: row["n"] for row in due}
        print(f"  checked: {len(rows):,} picks, {wrong} scored otherwise; announcements {states}")
        return scored == args.servers and wrong == 0 and len(rows) == total
    finally:
        await db.close()


def posted_at(message_id: int) -> float:
    return ((message_id >> 22) + _DISCORD_EPOCH_MS) / 1000


async def main_async(args: argparse.Namespace, tmp: Path) -> bool:
    server = FakeDiscord(global_rate_limit=args.limit)
    await server.start()
    try:
        owner = server.create_user("owner")
        guilds = [server.create_guild(f"Fans {i}", owner) for i in range(args.servers)]
        channels = {guild.id: guild.text_channel("general") for guild in guilds}
        store = tmp / "predictions.sqlite3"
        await prepare(args, store, {g: c.id for g, c in channels.items()})
        bot_store = tmp / "bot.sqlite3"
        shutil.copy(store, bot_store)  # closed, so whole: the bot scores its own copy at its start
        ok = await scoring(args, store)
        if args.only == "scoring":
            return ok
        env = {
            **os.environ,
            **server.bot_environment,
            "SKATEBOT_DB": str(bot_store),
            "LOG_LEVEL": "WARNING",
            "POST_RATE_LIMIT": str(args.pace),
        }
        log = (tmp / "bot.log").open("w")
        launched = time.time()
        bot = subprocess.Popen(  # noqa: ASYNC220 (once, before the measurement)
            [sys.executable, "-m", "bot", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:

            def announcements(guild_id: int) -> list[int]:
                return [
                    m.id
                    for m in server.messages(channels[guild_id])
                    if m.embeds and " · predict " in m.embeds[0].get("footer", {}).get("text", "")
                ]

            deadline = time.time() + 120 + args.servers / args.limit * 2
            waiting = set(channels)
            while time.time() < deadline and waiting:
                await asyncio.sleep(0.5)
                if bot.poll() is not None:
                    log.close()
                    tail = (tmp / "bot.log").read_text(encoding="utf-8")[-3000:]
                    raise RuntimeError(f"the bot exited with {bot.returncode}:\n{tail}")
                waiting = {guild_id for guild_id in waiting if not announcements(guild_id)}
            await asyncio.sleep(3)  # a double would come right after
            found = {guild_id: announcements(guild_id) for guild_id in channels}
        finally:
            bot.terminate()
            try:
                bot.wait(timeout=20)
            except subprocess.TimeoutExpired:
                bot.kill()
            log.close()
        times = sorted(posted_at(min(ids)) for ids in found.values() if ids)
        doubled = sum(1 for ids in found.values() if len(ids) > 1)
        lost = sum(1 for ids in found.values() if not ids)
        floor = args.servers / args.limit
        spread = (times[-1] - times[0] + 1 / args.limit) if times else float("nan")
        print(
            f"fan-out: the bot, launched on the store as the final landed, scores every round (in batches) and "
            f"announces: first announcement {times[0] - launched if times else float('nan'):.1f} s after its launch "
            f"(its start: the store, the results, the gateway, a first batch scored), the last of the {args.servers:,} "
            f"{times[-1] - launched if times else float('nan'):.1f} s after it, {spread:.1f} s after the first, "
            f"for a floor of {floor:.1f} s ({args.servers:,} / {args.limit:g}/s): "
            f"{spread / floor:.3f}x the floor (target <= {TARGET_RATIO}; the pace alone, "
            f"{args.servers:,} / {args.pace:g}/s, is {args.limit / args.pace:.3f}x)"
        )
        print(
            f"429s answered to the bot: {server.global_rate_limited_count} global, "
            f"{server.rate_limited_count - server.global_rate_limited_count} per route; "
            f"doubled announcements {doubled}, lost {lost}; Discord-limit violations {len(server.violations)}"
        )
        return ok and spread / floor <= TARGET_RATIO and not doubled and not lost
    finally:
        await server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=5000)
    parser.add_argument("--picks", type=int, default=200)
    parser.add_argument("--limit", type=float, default=50.0, help="the fake Discord's global requests/s")
    parser.add_argument("--pace", type=float, default=48.0, help="the bot's POST_RATE_LIMIT")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("scoring",), help="the scoring alone, without the bot's fan-out")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="skatebot-bench-") as tmp:
        verdict = asyncio.run(main_async(args, Path(tmp)))
    print("PASS" if verdict else "FAIL")
    print(f"(the whole run took {time.perf_counter() - started:.0f} s)")
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
