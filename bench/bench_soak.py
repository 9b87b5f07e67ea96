"""Soak: the real bot process under a mixed load for minutes, with a second process importing into its store.

Run: python bench/bench_soak.py [--duration 180] [--workers 4]

The bot runs as its own process (`python -m bot run`) against a FakeDiscord served by this script, as in
bench_bot.py. For `--duration` seconds, `--workers` simulated members and moderators send story searches,
/story show, reports (Flag, then the form) and labels, while another process runs `skatebot stories import`
of 30 changing stories into the same store over and over (each story its own write transaction), and every third
round `skatebot import-isu` of a results site (one transaction for the whole competition). Printed:

- the slowest acknowledgement of any interaction against Discord's 3 s deadline, and p50/p99 as ratios to the
  floor (/ping through the same path, measured at the start of the same run);
- error codes seen in replies ("Something went wrong ... error code"), Discord limits broken, server errors
  (targets: 0);
- the bot's resident memory at the start (after warm-up), every tenth of the run and the end, as ratios to the
  start; flat means the second half adds at most 10% (caches fill in the first half; a leak keeps growing).

Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.harness import Sandbox  # noqa: E402
from bot.sandbox.server import DEFERRED_CHANNEL_MESSAGE, MODAL, InteractionResult, User  # noqa: E402
from bot.services.results import ResultsService  # noqa: E402
from bot.services.stories import Actor, StoryDraft, StoryService  # noqa: E402
from bot.store import open_store  # noqa: E402
from db.repositories.results import ResultsRepository  # noqa: E402
from db.repositories.stories import GuildRepository, StoryRepository  # noqa: E402

DEADLINE = 3.0
WORDS = "quad axel lutz flip loop salchow spin fall podium medal judges ceremony hug rival champion comeback rink"
NAMES = ["Malinin", "Shaidorov", "Kagiyama", "Sakamoto", "Liu", "Glenn", "Nakai", "Miura", "Kihara", "Chock"]
ERROR_CODE = re.compile(r"error code `[0-9a-f]+`")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def story_text(rng: random.Random, n: int) -> tuple[str, str]:
    name = rng.choice(NAMES)
    words = " ".join(rng.choice(WORDS.split()) for _ in range(120))
    return f"{name} story {n}: {rng.choice(WORDS.split())}", f"{name} {words}."


async def seed(store: Path, guild_id: int, count: int) -> None:
    db, _ = await open_store(store)
    try:
        results = ResultsService(ResultsRepository(db))
        await results.refresh()
        service = StoryService(StoryRepository(db), GuildRepository(db), results)
        rng = random.Random(3)
        actor = Actor(0, guild_id, is_moderator=True)
        for n in range(count):
            title, body = story_text(rng, n)
            await service.create(actor, StoryDraft(title, summary=body[:200], body=body))
    finally:
        await db.close()


def write_import_file(path: Path, round_number: int) -> None:
    rng = random.Random(round_number)
    stories = []
    for n in range(30):
        title, body = story_text(rng, n)
        stories.append({"id": f"soak-{n}", "title": f"Imported {n}", "summary": title, "body": body})
    path.write_text(json.dumps({"format": "skatebot-stories", "version": 1, "stories": stories}))


# The official results site the second process imports between story imports: its first import writes a whole
# competition in one transaction (the store's write lock held for seconds), the next ones find nothing changed.
ISU_SITE = ROOT / "tests" / "fixtures" / "isu" / "wc2014"


async def importer(guild_id: int, stop: asyncio.Event, env: dict[str, str], counts: dict[str, int]) -> None:
    """The second writer, into the live store, again and again: `skatebot stories import` of 30 changing stories,
    and every third round `skatebot import-isu` of a results site."""
    folder = Path(tempfile.mkdtemp(prefix="skatebot-soak-import-"))
    round_number = 0
    while not stop.is_set():
        round_number += 1
        if round_number % 3 == 1:
            kind, command = "results imports", ["import-isu", str(ISU_SITE)]
        else:
            file = folder / "stories.json"
            write_import_file(file, round_number)
            kind, command = "story imports", ["stories", "import", str(file), "--guild", str(guild_id)]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            *command,
            cwd=ROOT,
            env={**env, "LOG_LEVEL": "WARNING"},
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        _, stderr = await process.communicate()
        counts[kind] += 1
        if process.returncode != 0:
            counts["import failures"] += 1
            print(f"{command[0]} failed:", stderr.decode()[-500:], file=sys.stderr)


async def run(args: argparse.Namespace, store: Path) -> int:
    sandbox = Sandbox(db_path=store)  # its seeded world only: the bot runs in a child process
    server = sandbox.server
    server.form_fill_seconds = 1.0  # a member takes a moment to type a reason
    await server.start()
    guild = sandbox.guild
    await seed(store, guild.id, args.stories)
    env = {
        **os.environ,
        **server.bot_environment,
        "DEV_GUILD_ID": str(guild.id),
        "OWNER_IDS": str(sandbox.owner.id),
        "SKATEBOT_DB": str(store),
        "LOG_LEVEL": "WARNING",
    }
    bot = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=ROOT, env=env)  # noqa: ASYNC220 (once)
    failures: list[str] = []
    latencies: list[float] = []
    kinds: dict[str, int] = {}
    seen_errors: list[str] = []
    counts = {"story imports": 0, "results imports": 0, "import failures": 0}
    members: list[User] = []

    unanswered: list[str] = []

    async def answered(result: InteractionResult) -> InteractionResult:
        try:
            await result.wait(timeout=10)
        except TimeoutError:
            unanswered.append(repr(result))
            return result
        if result.response_type == DEFERRED_CHANNEL_MESSAGE:
            await result.wait_message(timeout=60)
        if result.acked_after is not None:
            latencies.append(result.acked_after)
        text = " ".join([result.message.content] if result.message else [])
        if ERROR_CODE.search(text):
            seen_errors.append(text)
        return result

    async def slash(user: User, command: str, **options: object) -> InteractionResult:
        return await answered(await server.slash(guild, sandbox.channel, user, command, options))

    try:
        while True:
            if bot.poll() is not None:
                raise RuntimeError(f"the bot exited with {bot.returncode}")
            if server.commands(guild):
                try:
                    ping = await server.slash(guild, sandbox.channel, sandbox.owner, "ping", {})
                    await ping.wait(timeout=1)
                    break
                except (RuntimeError, TimeoutError):
                    pass
            await asyncio.sleep(0.05)
        for n in range(args.workers * 40):  # members enough for the 5-reports-per-10-minutes limit
            member = server.create_user(f"member{n}")
            server.add_member(guild, member)
            members.append(member)
        await asyncio.sleep(0.5)
        rng = random.Random(9)
        story_ids = list(range(4, 4 + args.stories))
        for _ in range(30):  # warm-up
            await slash(sandbox.member, "story search", text=rng.choice(NAMES))
            await slash(sandbox.member, "story show", id=rng.choice(story_ids))
        floor = []
        for _ in range(100):
            await asyncio.sleep(0.005)
            floor.append((await slash(sandbox.owner, "ping")).acked_after or 0)
        latencies.clear()
        floor_p50, floor_p99 = pct(floor, 50), pct(floor, 99)
        memory = {"start": rss_mb(bot.pid)}
        print(
            f"bot up; floor (/ping, 100 sequential): p50 {floor_p50 * 1000:.2f} ms, p99 {floor_p99 * 1000:.2f} ms; "
            f"bot RSS at start {memory['start']:.1f} MB; soaking for {args.duration:.0f} s"
        )

        stop = asyncio.Event()
        imports = asyncio.create_task(importer(guild.id, stop, env, counts))
        started = time.monotonic()
        next_member = itertools.cycle(members)  # past 4 reports a member moves on; 10 minutes later, back

        async def worker(number: int) -> None:
            local = random.Random(number)
            member = next(next_member)
            reports = 0
            while not stop.is_set():
                roll = local.random()
                if roll < 0.45:
                    kind = "search"
                    await slash(member, "story search", text=" ".join(local.sample(NAMES + WORDS.split(), 2)))
                elif roll < 0.75:
                    kind = "show"
                    await slash(member, "story show", id=local.choice(story_ids))
                elif roll < 0.9:
                    kind = "report"
                    if reports >= 4:
                        member, reports = next(next_member), 0
                    shown = await slash(member, "story show", id=local.choice(story_ids))
                    if shown.message is None:  # unanswered: counted by `answered`; the load goes on
                        continue
                    flag = next((cid for label, cid, _ in shown.message.buttons() if label == "Flag"), None)
                    if flag is None:
                        seen_errors.append(f"/story show without its Flag button: {shown.message.content[:200]}")
                        continue
                    form = await server.click(member, shown.message, flag)
                    await form.wait(timeout=10)
                    if form.acked_after is not None:
                        latencies.append(form.acked_after)
                    if form.response_type == MODAL:
                        await answered(await server.submit_modal(member, form, {"reason": "soak report"}))
                        reports += 1
                else:
                    kind = "label"
                    label = local.choice(["satire", "unverified"])
                    await slash(sandbox.moderator, "story label", id=local.choice(story_ids), label=label)
                kinds[kind] = kinds.get(kind, 0) + 1

        series: list[float] = []

        async def sample_memory() -> None:
            for tenth in range(1, 10):
                await asyncio.sleep(args.duration / 10)
                series.append(rss_mb(bot.pid))
                if tenth == 5:
                    memory["middle"] = series[-1]

        async def timer() -> None:
            await asyncio.sleep(args.duration)
            stop.set()

        await asyncio.gather(timer(), sample_memory(), *(worker(n) for n in range(args.workers)))
        await imports
        memory["end"] = rss_mb(bot.pid)
        elapsed = time.monotonic() - started

        slowest = max(latencies)
        mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        print(
            f"\n{len(latencies)} interactions in {elapsed:.0f} s ({mix}); "
            f"a second process imported meanwhile: {counts['story imports']} times 30 stories, "
            f"{counts['results imports']} times a results site ({counts['import failures']} failed)"
        )
        verdict = "PASS" if slowest <= DEADLINE else "FAIL"
        print(
            f"slowest acknowledgement {slowest * 1000:.0f} ms = {slowest / DEADLINE:.2f}x Discord's 3 s deadline "
            f"({slowest / floor_p50:.0f}x floor p50): {verdict}"
        )
        print(
            f"p50 {pct(latencies, 50) / floor_p50:.2f}x floor, p99 {pct(latencies, 99) / floor_p99:.2f}x floor"
            f"   [{pct(latencies, 50) * 1000:.2f} / {pct(latencies, 99) * 1000:.2f} ms]"
        )
        if verdict == "FAIL":
            failures.append("deadline")
        problems = (
            len(seen_errors) + len(server.violations) + len(server.errors) + counts["import failures"] + len(unanswered)
        )
        verdict = "PASS" if problems == 0 else "FAIL"
        print(
            f"error codes seen {len(seen_errors)}, unanswered {len(unanswered)}, Discord limits broken "
            f"{len(server.violations)}, server errors {len(server.errors)}, failed imports "
            f"{counts['import failures']}: {verdict}"
        )
        for text in (seen_errors + server.violations + server.errors)[:10]:
            print("  ", text[:300])
        if verdict == "FAIL":
            failures.append("errors")
        # Caches (events, profiles, searches) fill during the first half; flat means the second half adds
        # (almost) nothing: a leak grows with the number of interactions, whenever they come.
        start, middle = memory["start"], memory["middle"]
        verdict = "PASS" if memory["end"] <= middle * 1.10 else "FAIL"
        print(
            f"bot RSS: start {start:.1f} MB (1.00x), middle {middle / start:.2f}x, end {memory['end'] / start:.2f}x; "
            f"second half {memory['end'] / middle:.2f}x (target <= 1.10x): {verdict}"
            f"   [every tenth: {' '.join(f'{m:.0f}' for m in series)} MB]"
        )
        if verdict == "FAIL":
            failures.append("memory")
    finally:
        bot.terminate()
        try:
            bot.wait(timeout=10)
        except subprocess.TimeoutExpired:
            bot.kill()
        await server.stop()
    if failures:
        print("\nFAILED:", ", ".join(failures))
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=180.0, help="seconds of mixed load (default 180)")
    parser.add_argument("--workers", type=int, default=4, help="simulated users acting at once (default 4)")
    parser.add_argument("--stories", type=int, default=300, help="server stories in the store (default 300)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatebot-soak-") as tmp:
        return asyncio.run(run(args, Path(tmp) / "store.sqlite3"))


if __name__ == "__main__":
    sys.exit(main())
