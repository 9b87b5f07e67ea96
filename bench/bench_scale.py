"""The bot as 1, 2 and 4 sharded processes, on SQLite and on PostgreSQL: the moment of the day's fan-out and
/results latency.

Run: python bench/bench_scale.py [--servers 2000] [--processes 1,2,4] [--postgres URL]

One FakeDiscord with four shards and a global limit of `--limit` requests per second (429s beyond it, as Discord
has it: the limit is the whole bot's, whatever its processes) holds N servers spread over the shards. For each
store engine (SQLite; PostgreSQL when `--postgres` names a server this script may create databases on) and each
process count, a fresh store with the bundled data gets every server's moment scheduled for the same minute, and P
`python -m bot run` processes split the four shards (SHARD_COUNT=4, SHARD_IDS). Before the minute, /results is
asked round-robin on servers of every shard, sequentially, beside /ping through the same path (the floor). Then
the fan-out runs. Printed per configuration, as ratios to floors measured in the same run:

- fan-out: completion time (the minute to the last post) / the ideal (servers / limit); 429s; doubled, lost posts;
- /results: p50 and p99 latency / /ping's p50 and p99 in the same configuration.

Targets: fan-out <= 1.15x with no 429, none doubled, none lost, in every configuration; /results p50 <= 1.5x and
p99 <= 2x its floor. Exits 1 when one is missed.
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
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.server import FakeDiscord, Guild  # noqa: E402
from bot.services.shards import shard_of  # noqa: E402
from bot.store import open_store  # noqa: E402
from db.database import Database  # noqa: E402
from db.models import AuditRecord  # noqa: E402
from db.repositories.moments import MomentRepository  # noqa: E402

SHARDS = 4
FOOTER = "Moment of the day"
FANOUT_TARGET = 1.15
P50_TARGET, P99_TARGET = 1.5, 2.0
RESULTS_QUERIES = [
    ("owg2026", "men"),
    ("owg2026", "women"),
    ("wc2025", "pairs"),
    ("wc2017", "men"),
    ("owg2022", "ice dance"),
]


@dataclass
class Figures:
    engine: str
    processes: int
    fanout: float
    rate_limited: int
    doubled: int
    lost: int
    results_p50: float
    results_p99: float

    @property
    def passed(self) -> bool:
        fanout_ok = self.fanout <= FANOUT_TARGET and not (self.rate_limited or self.doubled or self.lost)
        return fanout_ok and self.results_p50 <= P50_TARGET and self.results_p99 <= P99_TARGET


def split(processes: int) -> list[str]:
    """SHARD_IDS of each process: the four shards shared out evenly."""
    per = SHARDS // processes
    return [",".join(str(s) for s in range(i * per, (i + 1) * per)) for i in range(processes)]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def fresh_store(engine: str, template: Path, work: Path, postgres: str | None, n: int) -> str:
    """SKATEBOT_DB of a new store holding the bundled data (and nothing of an earlier configuration)."""
    if engine == "sqlite":
        target = work / f"store-{n}.sqlite3"
        shutil.copy(template, target)
        return str(target)
    assert postgres is not None
    from db.postgres import fresh_database  # the PostgreSQL engine's own helper

    return await fresh_database(postgres, f"skatebot_bench_{n}", template=None)


async def schedule_all(target: str, guilds: list[Guild], due: datetime) -> None:
    db = await Database.open(target)
    try:
        repo = MomentRepository(db)
        stamp = (due - timedelta(hours=1)).isoformat(timespec="seconds")
        for guild in guilds:
            record = AuditRecord(0, guild.id, "moment schedule", stamp)
            await repo.save_schedule(guild.id, guild.text_channel("general").id, f"{due:%H:%M}", "UTC", record)
    finally:
        await db.close()


async def measure(args: argparse.Namespace, engine: str, processes: int, target: str, work: Path) -> Figures:
    server = FakeDiscord(global_rate_limit=args.limit, shard_count=SHARDS)
    await server.start()
    owner = server.create_user("owner")
    guilds = [server.create_guild(f"Fans {i}", owner, shard=i % SHARDS) for i in range(args.servers)]
    now = datetime.now(UTC)
    due = (now + timedelta(seconds=args.lead)).replace(second=0, microsecond=0) + timedelta(minutes=1)
    await schedule_all(target, guilds, due)
    # Each process syncs the commands to one of its servers (DEV_GUILD_ID): the latency is measured on those, so on
    # every process in turn.
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD", "SHARD_"))}
    shares = split(processes)
    probes = [next(g for g in guilds if str(shard_of(g.id, SHARDS)) in ids.split(",")) for ids in shares]
    children = []
    logs = []
    for index, (shard_ids, probe) in enumerate(zip(shares, probes, strict=True)):
        env = {
            **base,
            **server.bot_environment,
            "SKATEBOT_DB": target,
            "LOG_LEVEL": "WARNING",
            "POST_RATE_LIMIT": str(args.pace),
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": shard_ids,
            "DEV_GUILD_ID": str(probe.id),
        }
        log = (work / f"{engine}-{processes}-{index}.log").open("w")
        logs.append(log)
        command = [sys.executable, "-m", "bot", "run"]
        children.append(subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))  # noqa: ASYNC220
    try:
        started = time.perf_counter()
        while server.shards() != [(s, SHARDS) for s in range(SHARDS)] or not all(server.commands(p) for p in probes):
            if any(child.poll() is not None for child in children):
                raise RuntimeError(f"a bot process exited; see {work}")
            if time.perf_counter() - started > 120:
                raise RuntimeError("the processes did not connect within 120 s")
            await asyncio.sleep(0.05)
        synced = probes

        async def timed(guild: Guild, command: str, **options: object) -> float:
            await asyncio.sleep(0.005)
            result = await server.slash(guild, guild.text_channel("general"), owner, command, options)
            await result.wait(timeout=10)
            return result.acked_after * 1000

        rng = random.Random(7)
        for guild in synced:  # warm-up
            for _ in range(10):
                await timed(guild, "ping")
                competition, event = rng.choice(RESULTS_QUERIES)
                await timed(guild, "results", competition=competition, event=event)
        floor: list[float] = []
        results: list[float] = []
        for round_ in range(args.rounds):
            guild = synced[round_ % len(synced)]
            floor.append(await timed(guild, "ping"))
            competition, event = rng.choice(RESULTS_QUERIES)
            results.append(await timed(guild, "results", competition=competition, event=event))

        waiting = {g.id: g for g in guilds}
        last_post = None
        deadline = due + timedelta(seconds=args.servers / args.limit * 2 + 60)

        def posts(guild: Guild) -> int:
            return sum(
                1
                for m in server.messages(guild.text_channel("general"))
                if m.embeds and m.embeds[0].get("footer", {}).get("text", "").startswith(FOOTER)
            )

        while datetime.now(UTC) < deadline:
            await asyncio.sleep(0.5)
            waiting = {gid: g for gid, g in waiting.items() if not posts(g)}
            if not waiting:
                last_post = datetime.now(UTC)
                break
        await asyncio.sleep(2)
        counted = Counter({g.id: posts(g) for g in guilds})
        completion = ((last_post or datetime.now(UTC)) - due).total_seconds()
        return Figures(
            engine,
            processes,
            completion / (args.servers / args.limit),
            server.rate_limited_count,
            sum(1 for c in counted.values() if c > 1),
            sum(1 for c in counted.values() if c == 0),
            pct(results, 50) / pct(floor, 50),
            pct(results, 99) / pct(floor, 99),
        )
    finally:
        for child in children:
            child.terminate()
        for child in children:
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
        for log in logs:
            log.close()
        await server.stop()


async def run(args: argparse.Namespace, work: Path) -> int:
    template = work / "template.sqlite3"
    db, _ = await open_store(template)
    await db.close()
    engines = ["sqlite"] + (["postgresql"] if args.postgres else [])
    figures: list[Figures] = []
    n = 0
    for engine in engines:
        for processes in args.processes:
            n += 1
            target = await fresh_store(engine, template, work, args.postgres, n)
            shown = target if engine == "sqlite" else "a fresh PostgreSQL database"
            print(f"\n{engine}, {processes} process(es), {args.servers:,} servers on {SHARDS} shards ({shown})")
            figure = await measure(args, engine, processes, target, work)
            figures.append(figure)
            print(
                f"  fan-out {figure.fanout:.3f}x ideal, 429s {figure.rate_limited}, doubled {figure.doubled}, "
                f"lost {figure.lost}; /results p50 {figure.results_p50:.2f}x, p99 {figure.results_p99:.2f}x /ping"
            )
    print(
        f"\n{'engine':10} {'processes':>9} {'fan-out':>8} {'429s':>5} {'doubled':>7} {'lost':>5} {'p50':>6} {'p99':>6}"
    )
    for f in figures:
        print(
            f"{f.engine:10} {f.processes:>9} {f.fanout:>7.3f}x {f.rate_limited:>5} {f.doubled:>7} {f.lost:>5} "
            f"{f.results_p50:>5.2f}x {f.results_p99:>5.2f}x {'PASS' if f.passed else 'FAIL'}"
        )
    baseline = next((f for f in figures if f.engine == "sqlite" and f.processes == 1), None)
    if baseline is not None:
        for f in figures:
            print(
                f"{f.engine} x{f.processes} vs sqlite x1: fan-out {f.fanout / baseline.fanout:.3f}, "
                f"/results p50 {f.results_p50 / baseline.results_p50:.2f}"
            )
    return 0 if all(f.passed for f in figures) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2000)
    parser.add_argument("--limit", type=float, default=50.0, help="the fake Discord's global requests/s")
    parser.add_argument("--pace", type=float, default=48.0, help="POST_RATE_LIMIT: the whole bot's, shared out")
    parser.add_argument("--lead", type=float, default=40.0, help="seconds before the minute for start and latency")
    parser.add_argument("--rounds", type=int, default=200, help="/results and /ping asked, each")
    parser.add_argument("--processes", type=lambda s: [int(x) for x in s.split(",")], default=[1, 2, 4])
    parser.add_argument("--postgres", help="a PostgreSQL server URL this script may create databases on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatebot-scale-") as tmp:
        started = time.perf_counter()
        code = asyncio.run(run(args, Path(tmp)))
        print(f"(the whole run took {time.perf_counter() - started:.0f} s)")
        return code


if __name__ == "__main__":
    sys.exit(main())
