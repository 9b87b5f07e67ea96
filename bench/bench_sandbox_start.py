"""A newcomer's first minute: `printf '/ping\\n' | skatebot sandbox` until its first answer.

Run: python bench/bench_sandbox_start.py [--runs 5]

Times, as real processes: the floor, `python -c "import discord"` (the least a bot on discord.py can cost to
start); then the sandbox from its start to the bot's first answer ("Pong!" on its output), and to a first answer
that reads the results (printed beside it, not a target), the bundled store's
template already in the user's cache (bot/sandbox/template.py; a first run that has to build it says so and is
timed apart, as the first start after an install). Prints the medians in seconds and the sandbox's as a ratio
to the floor. Target: within 3 times the floor; exits 1 when it is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.sandbox.template import bundled_template, cache_dir, template_version  # noqa: E402
from bot.store import BUNDLED_DATA  # noqa: E402

TARGET_RATIO = 3.0


def _environment() -> dict[str, str]:
    # No token or store from the developer's shell: the sandbox as a fresh clone starts it. Python as a newcomer
    # has it, writing its bytecode cache: a shell with PYTHONDONTWRITEBYTECODE set (this machine's) compiled all of
    # skatebot's modules from source at every start, 0.2 s that no installed copy pays (pip compiles discord's).
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "SKATEBOT_", "LOG_")) and k != "PYTHONDONTWRITEBYTECODE"
    }


def floor() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import discord"], check=True, env=_environment())
    return time.perf_counter() - started


# The first answer a newcomer gets (/ping needs no results), and the first that reads the store: the sandbox loads
# its results after its prompt, and a results command typed at once waits for that load, so both are timed.
PING = ("/ping", "Pong!")
RESULTS = ("/athlete name:Kaori Sakamoto", "Medals in this store")


def first_answer(command: tuple[str, str] = PING) -> tuple[float, bool]:
    """Seconds from the sandbox's start to `command`'s answer (its marker on the output); whether that start built
    the template."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "sandbox"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_environment(),
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    typed, marker = command
    process.stdin.write(f"{typed}\n")
    process.stdin.close()
    built = False
    answered: float | None = None
    for line in process.stdout:
        built = built or "building its store once" in line
        if marker in line:
            answered = time.perf_counter() - started
            break
    process.stdout.close()
    process.wait(timeout=60)
    if answered is None:
        raise SystemExit(f"the sandbox never answered {typed}")
    return answered, built


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    template = cache_dir() / f"bundled-{template_version(BUNDLED_DATA)}.sqlite3"
    if not template.is_file():
        cold, built = first_answer()
        print(
            f"first start after an install: {cold:.2f} s to the first answer "
            f"({'it built' if built else 'another process built'} the template {bundled_template().name})"
        )
    first_answer()  # untimed: writes this checkout's bytecode cache, as a newcomer's first start does
    # Interleaved, so that a machine's load changing during the run weighs on the floor and the sandbox alike.
    floors, starts, results = [], [], []
    for _ in range(args.runs):
        floors.append(floor())
        starts.append(first_answer()[0])
        results.append(first_answer(RESULTS)[0])
    base, sandbox, reading = statistics.median(floors), statistics.median(starts), statistics.median(results)
    ratio = sandbox / base
    print(f"floor, python -c 'import discord': median {base:.3f} s over {args.runs} runs")
    print(f"skatebot sandbox, start to first answer: median {sandbox:.3f} s = {ratio:.2f}x the floor")
    print(
        f"skatebot sandbox, start to a first results answer ({RESULTS[0]}): median {reading:.3f} s = "
        f"{reading / base:.2f}x the floor"
    )
    print(f"target: within {TARGET_RATIO:g}x: {'met' if ratio <= TARGET_RATIO else 'MISSED'}")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
