"""Podium predictions: one final result scored for 5,000 servers' rounds of 200 picks each, and announced in each.

Run: python bench/bench_predictions.py [--servers 5000] [--picks 200] [--limit 50] [--pace 48] [--rounds 3]
     [--postgres URL] [--seed N] [--only scoring]

1. Scoring. A store holding a competition whose women's event has 24 entries and no result yet; `--servers` servers
   each with a round of that event, `--picks` members' picks in it (random podiums and short program winners,
   `--seed`) and a channel for the announcements. The final result is imported (as a live poll imports it), the
   results reloaded, and PredictionService.settle() times the scoring of every round: on SQLite, and with
   `--postgres` (a PostgreSQL server's URL, e.g. a throwaway `.ci/postgres start DIR`'s DIR/url) on a database of its
   own made there and dropped after. Printed: seconds, picks per second, and a check of every pick's points and
   detail (each part's points and why) against a scoring of the same pick done here from the result's places.
2. Fan-out. A FakeDiscord enforcing a global limit of `--limit` requests per second (429s beyond it) holds the
   servers; the bot runs as its own process, as `skatebot run` does (real APScheduler, real clock,
   POST_RATE_LIMIT=`--pace`), on a copy of the store taken as the final landed (before the scoring above): its
   prediction job scores the rounds at its start, in batches, and sends each batch's announcements while the next is
   scored. Measured: from the first announcement to the last. The floor is measured too, in the same run and under
   the same load: a bare sender (its own process, aiohttp, no store, a ready-made embed of an announcement's size,
   the same number of senders side by side) posting one message in each server's channel as fast as the limit lets
   it (paced at `--limit`, a 429 waited out and sent again). `--rounds` rounds, each the floor then the bot, one
   after the other; printed per round and as medians: the bot's spread as a ratio to the floor measured beside it
   (target <= 1.15) and to the floor the limit sets (N / limit); the 429s the bot earned; doubled and lost
   announcements (target: none). A busy machine slows the bare sender as it slows the bot: the ratio to the measured
   floor is what the bot adds, the ratio to N / limit what the machine and the bot add together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve()
ROOT = BENCH.parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bot.ratelimit import RateLimiter  # noqa: E402
from bot.sandbox.model import DISCORD_EPOCH_MS, MessageEvent  # noqa: E402
from bot.sandbox.server import FakeDiscord  # noqa: E402
from bot.services.compose import build_services  # noqa: E402
from bot.services.importer import import_document  # noqa: E402
from bot.services.predictions import SCORING_TABLES, SENDERS, event_result, score_pick  # noqa: E402
from bot.store import open_store  # noqa: E402
from db.database import Database  # noqa: E402
from db.postgres import drop_database, fresh_database  # noqa: E402
from db.repositories.predictions import pick_from_row  # noqa: E402

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


async def prepare(args: argparse.Namespace, store: Path | str, guild_channels: dict[int, int]) -> None:
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


async def scoring(args: argparse.Namespace, store: Path | str, engine: str) -> bool:
    """Times the scoring of every round in this process, and checks each pick's points."""
    db, _ = await open_store(store)
    try:
        services = build_services(db)
        await services.results.refresh()
        total = args.servers * args.picks
        started = time.perf_counter()
        scored = await services.predictions.settle()
        took = time.perf_counter() - started
        print(f"scoring ({engine}): {scored:,} rounds, {total:,} picks in {took:.1f} s ({total / took:,.0f} picks/s)")
        # Checked against the rules applied here to the same picks: no round left unscored, no point astray.
        competition = next(c for c in services.results.all_competitions() if c.key == "benchcup2030")
        event = services.results.events_of(competition)[0]
        entries, _ = await services.results.results_of(event)
        result = event_result(entries, services.results.segments_of(event))
        assert result is not None
        wrong = 0
        checked = 0
        ids = [row["id"] for row in await db.fetchall("SELECT id FROM prediction_rounds ORDER BY id")]
        for start in range(0, len(ids), 100):  # a round range at a time: a million rows in one read outlasts a timeout
            rows = await db.fetchall(
                "SELECT * FROM prediction_picks WHERE round_id BETWEEN ? AND ?",
                (ids[start], ids[start : start + 100][-1]),
            )
            checked += len(rows)
            for row in rows:
                pick = pick_from_row(row)
                points, lines = score_pick(pick, result, SCORING_TABLES["standard"])
                wrong += (pick.points, pick.detail) != (points, tuple(lines))
        due = await db.fetchall("SELECT state, COUNT(*) AS n FROM prediction_posts GROUP BY state")
        states = {row["state"]: row["n"] for row in due}
        print(f"  checked: {checked:,} picks, {wrong} scored otherwise; announcements {states}")
        return scored == args.servers and wrong == 0 and checked == total
    finally:
        await db.close()


async def main_async(args: argparse.Namespace, tmp: Path) -> bool:
    server = FakeDiscord(global_rate_limit=args.limit)
    await server.start()
    try:
        owner = server.create_user("owner")
        guilds = [server.create_guild(f"Fans {i}", owner) for i in range(args.servers)]
        channels = {guild.id: guild.text_channel("general").id for guild in guilds}
        store = tmp / "predictions.sqlite3"
        await prepare(args, store, channels)
        as_landed = tmp / "as-landed.sqlite3"
        shutil.copy(store, as_landed)  # closed, so whole: each bot run scores its own copy at its start
        ok = await scoring(args, store, "SQLite")
        if args.postgres:
            ok = await scoring_on_postgres(args, channels) and ok
        if args.only == "scoring":
            return ok
        return await fan_out(args, tmp, server, channels, as_landed) and ok
    finally:
        await server.stop()


async def scoring_on_postgres(args: argparse.Namespace, channels: dict[int, int]) -> bool:
    """The same seeding and scoring on a database of its own on the PostgreSQL server `--postgres`."""
    name = f"bench_predictions_{os.getpid()}"
    url = await fresh_database(args.postgres, name)
    try:
        await prepare(args, url, channels)
        return await scoring(args, url, "PostgreSQL")
    finally:
        await drop_database(args.postgres, name)


def posted_at(message_id: int) -> float:
    return ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000


class Collector:
    """The announcements the FakeDiscord creates, per channel, as they are made (no scan of 5,000 channels' messages
    while the bot sends: the measuring side would take the machine's time from the sending side)."""

    def __init__(self, server: FakeDiscord) -> None:
        self.by_channel: dict[int, list[int]] = {}
        self.done = asyncio.Event()
        self.expected = 0
        self._unsubscribe = server.subscribe(self._seen)

    def _seen(self, event: MessageEvent) -> None:
        message = event.message
        if event.kind != "create" or not message.embeds:
            return
        if " · predict " not in message.embeds[0].get("footer", {}).get("text", ""):
            return
        self.by_channel.setdefault(message.channel_id, []).append(message.id)
        if len(self.by_channel) >= self.expected:
            self.done.set()

    def close(self) -> None:
        self._unsubscribe()


async def bot_run(
    args: argparse.Namespace, tmp: Path, server: FakeDiscord, channels: dict[int, int], as_landed: Path, n: int
) -> tuple[float, float, int, int, int]:
    """One bot process on a fresh copy of the store as the final landed, until every server has its announcement
    (and 3 s more for a double): (seconds from launch to the first, first to last spread, 429s, doubled, lost)."""
    bot_store = tmp / f"bot-{n}.sqlite3"
    shutil.copy(as_landed, bot_store)
    env = {
        **os.environ,
        **server.bot_environment,
        "SKATEBOT_DB": str(bot_store),
        "LOG_LEVEL": "WARNING",
        "POST_RATE_LIMIT": str(args.pace),
    }
    collector = Collector(server)
    collector.expected = len(channels)
    limited_before = server.global_rate_limited_count
    log = (tmp / f"bot-{n}.log").open("w")
    launched = time.time()
    bot = subprocess.Popen(  # noqa: ASYNC220 (once a round, before the measurement)
        [sys.executable, "-m", "bot", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        deadline = 120 + len(channels) / args.limit * 3
        waited = 0.0
        while not collector.done.is_set() and waited < deadline:
            try:
                await asyncio.wait_for(collector.done.wait(), timeout=2)
            except TimeoutError:
                waited += 2
                if bot.poll() is not None:
                    log.close()
                    tail = (tmp / f"bot-{n}.log").read_text(encoding="utf-8")[-3000:]
                    raise RuntimeError(f"the bot exited with {bot.returncode}:\n{tail}") from None
        await asyncio.sleep(3)  # a double would come right after
    finally:
        bot.terminate()
        try:
            bot.wait(timeout=20)
        except subprocess.TimeoutExpired:
            bot.kill()
        log.close()
        collector.close()
        bot_store.unlink(missing_ok=True)
    found = [collector.by_channel.get(channel, []) for channel in channels.values()]
    times = sorted(posted_at(min(ids)) for ids in found if ids)
    doubled = sum(1 for ids in found if len(ids) > 1)
    lost = sum(1 for ids in found if not ids)
    spread = times[-1] - times[0] + 1 / args.limit if times else float("nan")
    first = times[0] - launched if times else float("nan")
    return first, spread, server.global_rate_limited_count - limited_before, doubled, lost


def floor_payload() -> dict[str, Any]:
    """A message of an announcement's size and shape: an embed with a podium, 20 members' lines and a footer."""
    lines = ["🥇 Skater Number00", "🥈 Skater Number01", "🥉 Skater Number02", "Short program: Skater Number23", ""]
    lines += [f"{rank}. <@{10_000 + rank}>: **{20 - rank}** points 🥇✅ 🥈🟡 🥉❌ ⭐❌" for rank in range(1, 21)]
    lines.append("…and 180 more.")
    footer = "✅ right (place +5, short program +3) · 🟡 on the podium at another place +2 · ❌ missed · floor"
    return {
        "embeds": [
            {
                "title": "Predictions · Women · Bench Cup 2030",
                "description": "\n".join(lines),
                "footer": {"text": footer},
            }
        ],
        "allowed_mentions": {"parse": []},
    }


async def floor_sender(spec: dict[str, Any]) -> None:
    """The bare sender (`--floor-sender SPEC`, its own process): one message in each channel, SENDERS side by side,
    paced at the limit, a 429 waited out and sent again. Prints the first and last message ids and the 429s."""
    limiter = RateLimiter(spec["rate"])
    waiting = list(spec["channels"])
    made: list[int] = []
    retried = 0
    headers = {"Authorization": f"Bot {spec['token']}"}
    async with aiohttp.ClientSession(headers=headers) as http:

        async def send() -> None:
            nonlocal retried
            while waiting:
                channel = waiting.pop()
                while True:
                    await limiter.acquire()
                    async with http.post(f"{spec['api']}/channels/{channel}/messages", json=spec["payload"]) as r:
                        body = await r.json()
                        if r.status == 429:
                            retried += 1
                            await asyncio.sleep(float(body.get("retry_after", 0.1)))
                            continue
                        r.raise_for_status()
                        made.append(int(body["id"]))
                        break

        await asyncio.gather(*(send() for _ in range(SENDERS)))
    print(json.dumps({"first": min(made), "last": max(made), "count": len(made), "retried": retried}))


async def floor_run(args: argparse.Namespace, tmp: Path, server: FakeDiscord, channels: dict[int, int]) -> float:
    """The floor measured now: the bare sender's spread from its first message to its last."""
    spec = tmp / "floor.json"
    spec.write_text(
        json.dumps(
            {
                "api": server.api_base,
                "token": server.bot_token,
                "channels": list(channels.values()),
                "rate": args.limit,
                "payload": floor_payload(),
            }
        ),
        encoding="utf-8",
    )
    sender = await asyncio.create_subprocess_exec(
        sys.executable, str(BENCH), "--floor-sender", str(spec), stdout=asyncio.subprocess.PIPE
    )
    out, _ = await sender.communicate()
    if sender.returncode != 0:
        raise RuntimeError(f"the floor sender exited with {sender.returncode}")
    report = json.loads(out.decode().strip().splitlines()[-1])
    if report["count"] != len(channels):
        raise RuntimeError(f"the floor sender made {report['count']} messages of {len(channels)}")
    return posted_at(report["last"]) - posted_at(report["first"]) + 1 / args.limit


async def fan_out(
    args: argparse.Namespace, tmp: Path, server: FakeDiscord, channels: dict[int, int], as_landed: Path
) -> bool:
    """`--rounds` rounds of the floor measured, then the bot; per round and medians."""
    limit_floor = len(channels) / args.limit
    to_measured, to_limit = [], []
    clean = True
    for n in range(1, args.rounds + 1):
        floor = await floor_run(args, tmp, server, channels)
        first, spread, limited, doubled, lost = await bot_run(args, tmp, server, channels, as_landed, n)
        to_measured.append(spread / floor)
        to_limit.append(spread / limit_floor)
        clean = clean and not doubled and not lost
        print(
            f"fan-out round {n}: floor measured {floor:.1f} s (the bare sender; N / limit is {limit_floor:.1f} s); "
            f"the bot's first announcement {first:.1f} s after its launch (its start: the store, the results, the "
            f"gateway, a first batch scored), its {len(channels):,} announcements over {spread:.1f} s: "
            f"{spread / floor:.3f}x the floor measured, {spread / limit_floor:.3f}x N / limit; "
            f"429s to the bot {limited}, doubled {doubled}, lost {lost}"
        )
    median = statistics.median(to_measured)
    print(
        f"fan-out, median of {args.rounds} rounds: {median:.3f}x the floor measured beside it (target <= "
        f"{TARGET_RATIO}), {statistics.median(to_limit):.3f}x the floor the limit sets ({len(channels):,} / "
        f"{args.limit:g}/s; the bot's pace alone, {args.pace:g}/s, is {args.limit / args.pace:.3f}x it); "
        f"Discord-limit violations {len(server.violations)}"
    )
    return median <= TARGET_RATIO and clean and not server.violations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=5000)
    parser.add_argument("--picks", type=int, default=200)
    parser.add_argument("--limit", type=float, default=50.0, help="the fake Discord's global requests/s")
    parser.add_argument("--pace", type=float, default=48.0, help="the bot's POST_RATE_LIMIT")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="fan-out rounds, each the floor measured then the bot")
    parser.add_argument("--postgres", help="a PostgreSQL server's URL: the scoring measured there too")
    parser.add_argument("--only", choices=("scoring",), help="the scoring alone, without the bot's fan-out")
    parser.add_argument("--floor-sender", type=Path, help=argparse.SUPPRESS)  # the bare sender's process
    args = parser.parse_args()
    if args.floor_sender:
        asyncio.run(floor_sender(json.loads(args.floor_sender.read_text(encoding="utf-8"))))
        return 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="skatebot-bench-") as tmp:
        verdict = asyncio.run(main_async(args, Path(tmp)))
    print("PASS" if verdict else "FAIL")
    print(f"(the whole run took {time.perf_counter() - started:.0f} s)")
    return 0 if verdict else 1


if __name__ == "__main__":
    sys.exit(main())
