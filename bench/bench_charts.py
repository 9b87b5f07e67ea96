"""Charts from the command to the attachment, against the text answer, in the real bot process.

Run: python bench/bench_charts.py [--rounds 30]

The bot runs as its own process (`python -m bot run`) against a FakeDiscord served by this script, on the bundled
store. Each figure is the time from INTERACTION_CREATE sent to the answer's message received (for a chart: the
follow-up carrying the PNG, after the "thinking…" acknowledgement), as a ratio to `/athlete`'s text answer measured
the same way in the same run:

- the first chart: reported, no target (the worker starts with the first chart, about 140 MB once drawing, and
  exits after bot/render/pool.py's IDLE_EXIT without a chart: this chart pays its start, matplotlib's import);
- charts drawn (a skater not charted before in the run): p50 and p99, target p99 <= 1 s;
- charts asked again (the same figures: the image from the cache): p50 and p99;
- the bot's peak RSS (VmHWM), and the worker's, reported apart (the bot's own target is bench/bench_bot.py's 150 MB);
- the CPU time each answer cost the bot and the worker (from /proc, in clock ticks of 10 ms: p50 and mean): on a shared,
  busy machine the wall time is mostly waiting for a core, and the CPU time says what the path itself costs.

Exits 1 when the drawn charts' p99 is over 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_bot import pct, peak_rss_mb, quiet_gc  # noqa: E402

from bot.render.pool import CACHE_BYTES  # noqa: E402
from bot.sandbox.harness import Sandbox  # noqa: E402
from bot.store import open_store  # noqa: E402

TARGET_P99_S = 1.0


CLOCK_TICK_S = 1 / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, user and system (0 for a process gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * CLOCK_TICK_S  # utime, stime: the 14th and 15th fields


def children(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == pid:
                found.append((int(entry.name), (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()))
        except (OSError, IndexError, ValueError):
            continue
    return found


def rss_mb(pid: int) -> float:
    """The process's resident memory now (VmRSS), 0 for a process gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0.0
    return next((int(line.split()[1]) / 1024 for line in lines if line.startswith("VmRSS:")), 0.0)


def resident(bot_pid: int, worker_pids: list[int]) -> str:
    """The bot's resident memory and its chart workers', now."""
    workers = sum(rss_mb(pid) for pid in worker_pids)
    return (
        f"bot {rss_mb(bot_pid):.1f} MB + chart workers {workers:.1f} MB ({len(worker_pids)} processes) = "
        f"{rss_mb(bot_pid) + workers:.1f} MB"
    )


async def skaters_with_careers(store: Path, count: int) -> list[str]:
    """Skaters of the bundled store with the most competitions: the charts fans would ask for."""
    db, _ = await open_store(store)
    try:
        rows = await db.fetchall(
            "SELECT s.id FROM skaters s JOIN entry_skaters es ON es.skater_id = s.id "
            "JOIN entries e ON e.id = es.entry_id JOIN events ev ON ev.id = e.event_id "
            "GROUP BY s.id HAVING count(DISTINCT ev.competition_id) >= 3 "
            "ORDER BY count(DISTINCT ev.competition_id) DESC, s.id LIMIT ?",
            (count,),
        )
    finally:
        await db.close()
    return [str(row["id"]) for row in rows]


async def run(args: argparse.Namespace, store: Path) -> int:
    sandbox = Sandbox(db_path=store)
    server = sandbox.server
    await server.start()
    env = {
        **os.environ,
        **server.bot_environment,
        "DEV_GUILD_ID": str(sandbox.guild.id),
        "SKATEBOT_DB": str(store),
        "LOG_LEVEL": "WARNING",
    }
    bot = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=ROOT, env=env)  # noqa: ASYNC220 (once, at start)
    try:
        while True:
            if bot.poll() is not None:
                raise RuntimeError(f"the bot exited with {bot.returncode}")
            if server.commands(sandbox.guild):
                try:
                    result = await server.slash(sandbox.guild, sandbox.channel, sandbox.owner, "ping", {})
                    await result.wait(timeout=1)
                    break
                except (RuntimeError, TimeoutError):  # synced, but not yet on the gateway
                    pass
            await asyncio.sleep(0.05)

        sizes: list[int] = []
        cpu: dict[str, list[tuple[float, float]]] = {}  # label -> (bot, worker) CPU seconds per answer

        def workers() -> list[int]:
            return [pid for pid, cmd in children(bot.pid) if "resource_tracker" not in cmd]

        async def answered(name: str, chart: bool, label: str = "") -> float:
            await asyncio.sleep(0.005)  # one at a time: the bot finishes the previous interaction first
            options: dict[str, object] = {"name": name, "chart": True} if chart else {"name": name}
            pids = workers()
            bot_cpu, worker_cpu = cpu_seconds(bot.pid), sum(cpu_seconds(pid) for pid in pids)
            started = time.perf_counter()
            result = await server.slash(sandbox.guild, sandbox.channel, sandbox.owner, "athlete", options)
            message = await result.wait_message(timeout=30)
            elapsed = time.perf_counter() - started
            cpu.setdefault(label, []).append(
                (cpu_seconds(bot.pid) - bot_cpu, sum(cpu_seconds(pid) for pid in pids) - worker_cpu)
            )
            assert message.embeds, (name, message.content)
            assert bool(message.attachments) == chart, (name, chart, message.attachments)
            sizes.extend(a.size for a in message.attachments)
            return elapsed * 1000

        names = await skaters_with_careers(store, 2 * args.rounds + 1)
        first_name, drawn_names, text_names = names[0], names[1 : args.rounds + 1], names[args.rounds + 1 :]
        for name in text_names[:10]:  # warm-up of the text path: caches, first-use imports
            await answered(name, chart=False)
        before = peak_rss_mb(bot.pid)
        started_with_bot = bool(workers())
        resident_before = resident(bot.pid, workers())
        first = await answered(first_name, chart=True)
        with quiet_gc():
            text = [await answered(name, chart=False, label="text") for name in drawn_names]  # profiles cached
            drawn = [await answered(name, chart=True, label="drawn") for name in drawn_names]
            drawn_bytes = sum(sizes[-len(drawn_names) :])
            cached = [await answered(name, chart=True, label="cached") for name in drawn_names]
        text_p50, text_p99 = pct(text, 50), pct(text, 99)
        print(f"floor (/athlete text answer, {len(text)} skaters): p50 {text_p50:.2f} ms, p99 {text_p99:.2f} ms")
        print(
            f"first chart: {first:.0f} ms, {first / text_p50:.1f}x floor p50 (the worker "
            + ("was started with the bot" if started_with_bot else "was not running: started by it")
            + ")"
        )
        failures = []
        print(
            f"images drawn: {len(drawn)}, {drawn_bytes / 1024:.0f} KB in all "
            f"({drawn_bytes / CACHE_BYTES:.2f}x the bot's {CACHE_BYTES // 1024 // 1024} MB image cache"
            + ("; over it, so 'asked again' is drawn again)" if drawn_bytes > CACHE_BYTES else ")")
        )
        for label, values in (("charts drawn", drawn), ("charts asked again (cache)", cached)):
            p50, p99 = pct(values, 50), pct(values, 99)
            line = (
                f"{label:27} p50 {p50 / text_p50:.2f}x floor, p99 {p99 / text_p99:.2f}x floor"
                f"   [{p50:.1f} / {p99:.1f} ms]"
            )
            if label == "charts drawn":
                verdict = "PASS" if p99 / 1000 <= TARGET_P99_S else "FAIL"
                line += f" (target p99 <= {TARGET_P99_S:.0f} s: {p99 / 1000 / TARGET_P99_S:.2f}x): {verdict}"
                if verdict == "FAIL":
                    failures.append("p99")
            print(line)
        print("CPU time per answer (clock ticks of 10 ms), bot | worker:")
        for label in ("text", "drawn", "cached"):
            bot_ms = [b * 1000 for b, _ in cpu[label]]
            worker_ms = [w * 1000 for _, w in cpu[label]]
            print(
                f"  {label:7} bot p50 {pct(bot_ms, 50):4.0f} ms, mean {sum(bot_ms) / len(bot_ms):5.1f} ms"
                f" | worker p50 {pct(worker_ms, 50):4.0f} ms, mean {sum(worker_ms) / len(worker_ms):5.1f} ms,"
                f" p99 {pct(worker_ms, 99):4.0f} ms"
            )
        print(
            f"resident memory before the first chart: {resident_before}; "
            f"after the charts: {resident(bot.pid, workers())}"
        )
        peak = peak_rss_mb(bot.pid)
        print(
            f"\nbot peak RSS (VmHWM): {peak:.1f} MB ({peak / 150:.2f}x bench_bot.py's 150 MB target); "
            f"before the first chart {before:.1f} MB"
        )
        running = workers()
        for pid in running:
            print(f"chart worker {pid} peak RSS (VmHWM): {peak_rss_mb(pid):.1f} MB (not the bot's)")
        if not running:
            print("no chart worker found among the bot's processes")
            failures.append("worker")
        if server.violations:
            print("Discord limits broken:", *server.violations, sep="\n  ")
            failures.append("violations")
    finally:
        bot.terminate()
        try:
            bot.wait(timeout=10)
        except subprocess.TimeoutExpired:
            bot.kill()
        await server.stop()
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30, help="skaters charted (each drawn once, then asked again)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-charts-"))
    try:
        store = folder / "store.sqlite3"

        async def bundled() -> None:
            db, _ = await open_store(store)
            await db.close()

        asyncio.run(bundled())
        return asyncio.run(run(args, store))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
