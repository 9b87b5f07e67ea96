"""Every command the README shows, run as a user would copy it: its shell blocks and every inline command
(`skatebot ...`, `python -m bot ...`), in a shell from the checkout, each with a fresh copy of the bundled store.
A synopsis (`skatebot import FILE...`, `[--guild ID]`) runs with every option it names and its placeholders
filled in. None may end in a traceback, and each ends as the README says it does. The install and test commands
are CI's own (.ci/run, tests/unit/test_deployment.py) and the benchmarks take minutes: those are only checked to
be there."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import shlex
import shutil
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.sandbox.replay import ReplaySite, build_timeline
from tests.isu_server import IsuServer
from tests.stores import ENGINE, Location

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
WC2014 = ROOT / "tests" / "fixtures" / "isu" / "wc2014"
PIPED = "/ping\nquit\n"  # what a sandbox started by a README command reads: one answer, then it leaves


# Run by CI itself, or minutes long: only checked to be there.
NOT_RUN = re.compile(r"^(python3 -m venv|\. \.venv/bin/activate|pip install|ruff |mypy|pytest|python bench/)")


def _block_commands(line: str) -> list[str]:
    """A shell block's line: what CI runs anyway (the venv, the install, the checks, a benchmark) on its own, and
    what follows it, as one command (`skatebot sandbox` after the install)."""
    line = re.sub(r"\s+#\s.*$", "", line.strip())
    if not line or line.startswith("#"):
        return []
    parts = [part.strip() for part in line.split("&&")]
    ci = [part for part in parts if NOT_RUN.match(part)]
    rest = parts[len(ci) :] if parts[: len(ci)] == ci else parts
    return ci + ([" && ".join(rest)] if rest and rest != ci else [])


def readme_commands() -> list[str]:
    """Every command the README shows, in order, once each: shell blocks line by line, and every inline code span
    that runs skatebot (`skatebot ...`, `python -m bot ...`, with a variable or a pipe before it)."""
    readme = README.read_text(encoding="utf-8")
    found: list[str] = []
    for block in re.findall(r"^```(?:sh|bash|shell|console)\n(.*?)^```", readme, re.M | re.S):
        for line in block.splitlines():
            found += _block_commands(line)
    prose = re.sub(r"^```.*?^```", "", readme, flags=re.M | re.S)
    for span in re.findall(r"`([^`]+)`", prose.replace("\n", " ")):
        span = re.sub(r"\s+", " ", span).strip()
        if re.search(r"(^|[|&] |^\S+=\S+ )(skatebot [a-z]|python -m bot\b)", span):
            found.append(span)
    return list(dict.fromkeys(found))


COMMANDS = readme_commands()


def test_the_readme_shows_the_commands_this_test_expects() -> None:
    """The extraction itself: the Try-it, sandbox, import, live, stories and db examples are all found."""
    for expected in (
        "skatebot sandbox",
        "printf '/athlete name: Liu\\n' | skatebot sandbox",
        "SKATEBOT_DB=/tmp/wc.sqlite3 skatebot import-isu tests/fixtures/isu/wc2014 && skatebot sandbox --db "
        "/tmp/wc.sqlite3",
        "skatebot sandbox --replay tests/fixtures/isu/wc2014 --speed 600",
        "skatebot import FILE...",
        "skatebot live watch URL [--allow-private] [--timezone ZONE]",
        "skatebot stories check FILE... [--competition C] [--event E] [--date YYYY-MM-DD]",
        "skatebot db create",
        "skatebot db check",
        "skatebot moments facts",
        "python bench/bench_bot.py",
    ):
        assert expected in COMMANDS, f"not found in the README: {expected!r} (found: {COMMANDS})"


def _reads_the_site(command: str) -> bool:
    """Whether the command's URL placeholder is the replayed results site (a store's URL is `migrate-to`'s)."""
    return "URL" in command.split() and "migrate-to" not in command


@functools.cache
def _published() -> datetime:
    """A minute after the 2014 Worlds' index appeared, when the replayed site is read. Its timeline is parsed from
    the site's pages (a third of a second): once per test process, not for each command."""
    return build_timeline(WC2014).phases[0].when + timedelta(minutes=1)


def _filled(command: str, tmp_path: Path, site_url: str | None) -> str:
    """The command as a user would type it here: options in brackets given, placeholders filled in, /tmp this
    test's folder. `site_url`: the replayed site's, for a command that reads it (`_reads_the_site`)."""
    command = command.replace("[", "").replace("]", "").replace("/tmp/", f"{tmp_path}/").replace(" ...", " --help")
    words = command.split()
    sub = " ".join(w for w in words[words.index("skatebot") + 1 :][:2]) if "skatebot" in words else command
    story = str(tmp_path / "story.txt")
    fill = {
        "FILE...": story if sub.startswith("stories") else str(ROOT / "data" / "wc2025.json"),
        "SOURCE": str(WC2014),
        "FOLDER": str(WC2014),
        "URL": site_url or "postgresql://127.0.0.1:1/skatebot",  # a store's URL when no site is read
        "PATH": str(tmp_path / "copy.sqlite3") if "backup" in sub else str(tmp_path / "store.sqlite3"),
        "ID": "1",
        "YOUR_SERVER_ID": "1",
        "C": "owg2026",
        "E": "men",
        "YYYY-MM-DD": "2026-02-13",
        "N": "20000",
        "ZONE": "Europe/Paris",
        "SEASON": "2025-26",
    }
    if "sandbox" in sub and "--replay" in words and "--speed" not in words:
        words += ["--speed", "20000"]  # the README's default pace takes minutes to its end; 'quit' ends it anyway
    if "sandbox" in sub and "--db" in words:
        fill["PATH"] = str(tmp_path / "sandbox.sqlite3")
    return " ".join(fill.get(word, word) for word in words)


# How each command ends as the README says (exit code), when not 0.
EXPECTED_CODE = {
    "run": 2,  # no DISCORD_TOKEN: one line saying what to set, exit code 2
    "sync": 2,
    "health": 2,  # no MONITOR_ADDRESS: nothing to ask
    "migrate-to": 1 if ENGINE == "sqlite" else 2,  # nobody serves PostgreSQL there / the store is no SQLite file
    "backup": 0 if ENGINE == "sqlite" else 1,  # on PostgreSQL: refused for pg_dump
}


def _expected_code(filled: str) -> int:
    words = filled.split()
    if "watch" in words and "--allow-private" not in words:
        return 1  # a URL on this machine is refused without --allow-private (the README's is a real site's)
    return next((code for key, code in EXPECTED_CODE.items() if key in words), 0)


def test_every_benchmark_the_readme_shows_is_there() -> None:
    scripts = [m.group(1) for c in COMMANDS if (m := re.match(r"python (bench/\S+\.py)", c))]
    assert scripts, "the README shows no benchmark"
    assert [s for s in scripts if not (ROOT / s).is_file()] == []


RUN = [command for command in COMMANDS if not NOT_RUN.match(command)]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("command", RUN, ids=[re.sub(r"\s+", " ", c)[:70] for c in RUN])
async def test_a_readme_command_runs(command: str, tmp_path: Path, bundled_store: Location) -> None:
    (tmp_path / "story.txt").write_text("Malinin lands a quad axel\n\nIlia Malinin won gold in Milan.\n")
    if isinstance(bundled_store, Path):
        shutil.copy(bundled_store, tmp_path / "sandbox.sqlite3")  # `--db PATH`: a store of the user's
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD", "OWNER_", "MONITOR_", "LIVE_", "ISU_"))
    }
    bin_dir = str(Path(sys.executable).parent)  # where `skatebot` is installed, as the venv's activation would
    env |= {"PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", "SKATEBOT_DB": str(bundled_store)}
    # `live watch`'s first read of the replay on loopback: a request every 2 s (a minute) is for others' servers.
    env["LIVE_LOOPBACK_SPACING"] = "0"
    # A season (--season): the ISU's results server is one on loopback (none of 2025-26's competitions is there).
    isu_server = IsuServer({})
    async with contextlib.AsyncExitStack() as serving:
        site_url = None
        if _reads_the_site(command):  # the 2014 Worlds replayed, a minute after its index appeared
            site = await serving.enter_async_context(ReplaySite(WC2014, clock=_published))
            site_url = site.url
        filled = _filled(command, tmp_path, site_url)
        if "--season" in filled.split():
            await serving.enter_async_context(isu_server.running())
            env |= {"ISU_RESULTS_URL": isu_server.base, "ISU_ALLOW_PRIVATE": "1"}
        if "bot.sandbox.replay" in filled:
            await _serves(filled, env)
            return
        process = await asyncio.create_subprocess_exec(
            "bash",
            "-c",
            filled,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        # A replay runs until its competition is over unless told to quit; the watch and its answer come first.
        piped = "quit\n" if "--replay" in filled else PIPED
        out, err = await asyncio.wait_for(process.communicate(piped.encode()), 840)
    stdout, stderr = out.decode(errors="replace"), err.decode(errors="replace")
    assert "Traceback" not in stdout + stderr, f"{filled}\n{stdout}{stderr}"
    required = r"the following arguments are required|one of the arguments .* is required"
    if process.returncode == 2 and re.search(required, stderr):
        # A command named in passing (`skatebot import`): the README shows its full form too.
        assert any(other.startswith(command + " ") for other in COMMANDS), f"{command}: shown nowhere in full"
        return
    expected = _expected_code(filled)
    assert process.returncode == expected, f"{filled}: exit {process.returncode}\n{stdout[-2000:]}{stderr[-2000:]}"
    if expected != 0:
        # It ends in one line saying why (after the log's own lines, if any).
        lines = [line for line in stderr.strip().splitlines() if not re.match(r"\d{4}-\d\d-\d\d \d\d:", line)]
        assert len(lines) == 1, f"{filled}: one line expected\n{stderr}"
    if "--season" in filled.split():
        assert "Season 2025-26: 0 imported, 11 not on the results server, 0 not imported" in stdout, stdout[-3000:]
        assert {path.split("/")[3] for path in isu_server.requests} >= {"gpfra2025", "wc2026", "gpf2025"}
    if "--replay" in filled:
        assert "Now watching ISU World Championships 2014" in stdout, f"{filled}\n{stdout[-3000:]}"
    elif re.search(r"skatebot sandbox\b", filled) and "|" not in filled:
        assert "Pong!" in stdout, f"{filled}\n{stdout[-3000:]}"
    if "|" in filled and "sandbox" in filled:
        assert "Alysa Liu" in stdout, f"{filled}\n{stdout[-3000:]}"


async def _serves(command: str, env: dict[str, str]) -> None:
    """`python -m bot.sandbox.replay FOLDER --speed N` serves until stopped: it must print its URL."""
    process = await asyncio.create_subprocess_exec(
        *shlex.split(command), cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 600)).decode()
        assert "http://127.0.0.1:" in line, line
    finally:
        process.terminate()
        await process.wait()
