"""The `skatebot` command line as a user runs it: real processes, real files, the sandbox over loopback."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.template import bundled_template
from bot.store import BUNDLED_DATA, bundled_files

ROOT = Path(__file__).resolve().parents[2]


def skatebot(
    *args: str,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    cwd: Path | None = None,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    # `timeout` only catches a hang (below pytest's own bound): a busy machine stretches a command many times over
    # (the first sandbox start builds its template, 11 s of CPU).
    # A clean environment: no DISCORD_TOKEN or .env from the developer's machine leaks into the test.
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_", "DEV_GUILD", "OWNER_"))}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        env={**base, **(env or {})},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd or ROOT,
    )


def _bundled_store_copy(tmp_path: Path) -> Path:
    """A store as a fresh store's first import leaves it (the bundled data): a copy of the template the sandbox
    uses, as the first import makes it (test_import_is_idempotent_and_says_so)."""
    store = tmp_path / "store.sqlite3"
    shutil.copy(bundled_template(), store)
    return store


def test_run_without_a_token_is_one_clear_line_and_exit_2(tmp_path: Path) -> None:
    result = skatebot("run", cwd=tmp_path)  # no .env in tmp_path
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_setting_is_named_without_a_traceback(tmp_path: Path) -> None:
    result = skatebot("run", env={"DEV_GUILD_ID": "my-server"}, cwd=tmp_path)
    assert result.returncode == 2 and "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_import_is_idempotent_and_says_so(tmp_path: Path) -> None:
    # The user's cache holds this version's template, marked: a new store must be a copy of it, not a new build.
    cache = tmp_path / "cache"
    (cache / "skatebot").mkdir(parents=True)
    template = shutil.copy(bundled_template(), cache / "skatebot" / bundled_template().name)
    conn = sqlite3.connect(template)
    conn.execute("CREATE TABLE copied_from_the_template (mark)")
    conn.close()  # its write-ahead log into the file, as a finished template has it
    env = {"SKATEBOT_DB": str(tmp_path / "store.sqlite3"), "XDG_CACHE_HOME": str(cache)}
    data = str(BUNDLED_DATA / "owg2026.json")
    first = skatebot("import", data, env=env)
    assert first.returncode == 0, first.stderr
    assert "first start, bundled data" in first.stdout  # a fresh store gets the bundled results first
    assert f"a copy of the bundled store built once for this version, {template}" in first.stdout
    assert "building" not in first.stderr
    with sqlite3.connect(tmp_path / "store.sqlite3") as conn:
        assert conn.execute("SELECT count(*) FROM copied_from_the_template").fetchone() == (0,)
    second = skatebot("import", data, env=env)
    assert second.returncode == 0 and "already up to date, nothing changed" in second.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skatebot-results", "version": 1, "competitions": [{"id": "x"}]}')
    refused = skatebot("import", str(bad), env=env)
    assert refused.returncode == 1 and "'name' is required" in refused.stderr
    assert "nothing from this file was written" in refused.stderr


def test_moments_facts_lists_the_facts_by_kind_with_a_summary(tmp_path: Path) -> None:
    env = {"SKATEBOT_DB": str(_bundled_store_copy(tmp_path))}  # a fresh store's import: test_import_is_idempotent_...
    assert skatebot("import", str(BUNDLED_DATA / "wc2025.json"), env=env).returncode == 0  # the bundled data too
    one = skatebot("moments", "facts", "--competition", "wc2017", env=env)
    assert one.returncode == 0, one.stderr
    lines = one.stdout.splitlines()
    assert lines[0] == "== climb (10)"
    assert "Yuzuru Hanyu was 5th after the short program and moved up to 1st at Worlds 2017" in one.stdout
    assert "Yuzuru Hanyu won the free skate at Worlds 2017 with 223.20 points." in one.stdout
    assert "== quad (28)" in lines and "== axel" not in one.stdout  # no kind without a fact
    assert lines[-1] == (
        "126 facts: climb 10, segment-win 1, top-total 4, top-segment 8, season-best 11, era-best 1, "
        "personal-best 40, medal 12, first-medal 0, quad 28, quad-count 0, axel 0, top-marks 9, margin 1, "
        "wide-margin 1; 0 calendar days with at least one fact; 126 without a day (the store has the competition's "
        "dates only)"
    )
    every = skatebot("moments", "facts", env=env)
    assert every.returncode == 0, every.stderr
    summary = every.stdout.splitlines()[-1]
    assert re.fullmatch(
        r"\d+ facts: climb \d+, segment-win \d+, top-total \d+, top-segment \d+, season-best \d+, era-best \d+, "
        r"personal-best \d+, medal \d+, first-medal \d+, quad \d+, quad-count \d+, axel \d+, top-marks \d+, "
        r"margin \d+, wide-margin \d+; \d+ calendar days with at least one fact; \d+ without a day \(.*\)",
        summary,
    ), summary
    assert every.stdout.count("            key ") == int(summary.split()[0])
    unknown = skatebot("moments", "facts", "--competition", "nowhere at all", env=env)
    assert unknown.returncode == 1 and "nowhere at all" in unknown.stderr and "Traceback" not in unknown.stderr


def test_db_check_and_backup(tmp_path: Path) -> None:
    env = {"SKATEBOT_DB": str(_bundled_store_copy(tmp_path))}
    assert skatebot("import", str(BUNDLED_DATA / "wc2025.json"), env=env).returncode == 0
    check = skatebot("db", "check", env=env)
    assert check.returncode == 0 and "ok (schema version" in check.stdout
    backup = tmp_path / "copy.sqlite3"
    assert skatebot("db", "backup", str(backup), env=env).returncode == 0
    with sqlite3.connect(backup) as conn:
        stored = conn.execute("SELECT count(*) FROM competitions").fetchone()[0]
    bundled = sum(len(json.loads(p.read_text(encoding="utf-8"))["competitions"]) for p in bundled_files())
    assert stored == bundled and bundled > 21  # every bundled file's competitions, the 2018-26 seasons too
    again = skatebot("db", "backup", str(backup), env=env)
    assert again.returncode == 1 and "already exists" in again.stderr


def test_sandbox_reads_commands_from_piped_stdin() -> None:
    result = skatebot(
        "sandbox",
        stdin="/athlete name: Liu\n/results competition: Milano Cortina 2026 "
        "event: Men's singles\npress Next\nas member\n/ping\n"
        "/podiums discipline: Ice dance competition: Milano Cortina 2026\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Alysa Liu" in out and "Mikhail Shaidorov" in out and "Page 2/2" in out
    assert "Now typing as fan" in out and "Pong!" in out
    assert "Podiums · Ice dance" in out  # a fixed choice typed by its name, as Discord's client shows it
    assert "Traceback" not in out + result.stderr


def test_the_first_sandbox_start_builds_the_template_once_and_says_so(tmp_path: Path) -> None:
    """A user's cache without the bundled store's template (a fresh install): the first start builds it and says
    where; the next start copies it, silently."""
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    first = skatebot("sandbox", stdin="/ping\n", env=env)
    assert first.returncode == 0, first.stderr
    assert "building its store once" in first.stdout and "Pong!" in first.stdout
    built = list((tmp_path / "cache" / "skatebot").glob("bundled-*.sqlite3"))
    assert len(built) == 1, built
    second = skatebot("sandbox", stdin="/ping\n", env=env)
    assert second.returncode == 0, second.stderr
    assert "building" not in second.stdout and "Pong!" in second.stdout
    assert list((tmp_path / "cache" / "skatebot").glob("bundled-*.sqlite3")) == built


def test_sandbox_replays_a_competition_to_the_watching_bot() -> None:
    """`skatebot sandbox --replay`: the 2014 Worlds unfold on loopback at 200,000 times real time; the bot (watching
    it as the owner) posts to #general and sends the follower's direct message, and the console shows the phases,
    the posts and the DM as they happen, and still runs what is typed. Piped input: it exits when the competition is
    over."""
    result = skatebot(
        "sandbox",
        "--replay",
        str(ROOT / "tests" / "fixtures" / "isu" / "wc2014"),
        "--speed",
        "200000",
        stdin="/ping\n/schedule\n/live list\n",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Now watching ISU World Championships 2014" in out, out[:3000]
    # Relative times are read against the replay's clock: the 2014 schedule is days away at most, never years.
    relative = re.findall(r"\((?:in )?(\d+) (day|hour|minute)s?(?: ago)?\)", out)
    assert relative and all(unit != "day" or int(count) <= 4 for count, unit in relative), relative
    assert "now receives what appears on the site of every watched competition" in out
    assert "Pong!" in out
    assert "· Men Short Program: results" in out and "· Pairs Short Program: starting order" in out  # phases
    assert re.search(r"#general · posted\n.*\n.*Short Program: results", out), out  # a results post
    follows = re.search(r"fan: /follow athlete: (.+)", out)
    assert follows is not None, out
    assert "direct message to fan · posted" in out  # the follower's DM
    # The couple is followed once the starting order lists them, before any score: the clock waits for the follow
    # (bot.sandbox.harness.ReplayPacer), so both their scores come as direct messages, the short program's and the
    # free skating's, whatever the machine's load.
    assert out.count("direct message to fan · posted") == 2
    assert "Corrected since first posted" in out
    # The podium predictions game: fan and the moderator pick the first event's podium before its first segment (the
    # clock stops short of each segment's start until the bot has read what came before it), the round's lock is told,
    # its final announced, and fan's leaderboard follows it.
    picked = re.search(r"fan: /predict pick event: (\S+)", out)
    assert picked is not None and "mod: /predict pick event:" in out, out[:3000]
    event = picked.group(1)
    locked = out.index(f"Picks locked · {event} · ISU World Championships 2014")
    assert "2 picks are in" in out[locked:]
    announced = out.index(f"Predictions · {event} · ISU World Championships 2014")
    assert out.index(picked.group(0)) < locked < announced < out.index("│ Predictions · ISU World Championships 2014")
    assert "Traceback" not in out + result.stderr


async def test_run_and_sync_against_a_discord_compatible_server(tmp_path: Path) -> None:
    """`skatebot run` and `skatebot sync` with DISCORD_API_BASE_URL/DISCORD_GATEWAY_URL set, as a real
    deployment behind another Discord-compatible endpoint would; the token stays out of the logs."""
    world = Sandbox()  # its seeded server only: the bot is the subprocess
    server = world.server
    await server.start()
    env = {
        **server.bot_environment,
        "SKATEBOT_DB": str(_bundled_store_copy(tmp_path)),
        "LOG_LEVEL": "DEBUG",
    }
    try:
        sync = await asyncio.to_thread(skatebot, "sync", "--guild", str(world.guild.id), env=env)
        assert sync.returncode == 0, sync.stderr
        assert re.search(r"synced \d+ commands to guild .*/athlete.*, Report story", sync.stdout), sync.stdout
        assert {c["name"] for c in server.commands(world.guild)} >= {"results", "athlete", "ping"}
        assert server.commands() == []

        base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKATEBOT_"))}
        # The logs go to a file: an unread pipe would fill up and block the bot mid-start.
        log_path = tmp_path / "bot.log"
        with log_path.open("wb") as log_file:
            bot = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                "run",
                env={**base, **env, "PYTHONPATH": str(ROOT)},  # this checkout's code, whatever is installed
                cwd=tmp_path,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        try:
            answered = None
            # Until the bot answers (or ends): its start takes as long as the machine needs; pytest's timeout bounds it.
            while bot.returncode is None:
                try:
                    result = await server.slash(
                        world.guild, world.channel, world.member, "athlete", {"name": "Alysa Liu"}
                    )
                    answered = await result.wait(timeout=1)
                    break
                except (RuntimeError, TimeoutError):
                    await asyncio.sleep(0.05)
            assert answered is not None, log_path.read_text()[-3000:]
            assert answered.message.embeds[0]["title"] == "Alysa Liu"
        finally:
            bot.terminate()
            await asyncio.wait_for(bot.wait(), 20)
        logs = log_path.read_text()
        assert bot.returncode == 0, logs  # SIGTERM closes the bot cleanly
        assert server.bot_token not in logs + sync.stdout + sync.stderr
        assert "has connected to Gateway" in logs
    finally:
        await server.stop()
    assert server.violations == []


@pytest.mark.parametrize("args", [["--help"], ["db", "--help"]])
def test_help_works(args: list[str]) -> None:
    assert skatebot(*args).returncode == 0


@pytest.mark.parametrize(
    "args", [["db", "check"], ["db", "backup", "copy.sqlite3"], ["stories", "check", "story.txt"]], ids=" ".join
)
def test_commands_that_only_read_never_create_a_store(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "story.txt").write_text("Malinin lands a quad axel\n\nIlia Malinin won gold in Milan.\n")
    missing = tmp_path / "elsewhere" / "store.sqlite3"
    result = skatebot(*args, env={"SKATEBOT_DB": str(missing)}, cwd=tmp_path)
    # One line, and it says how to make the store.
    assert result.returncode == 1 and result.stderr == (
        f"skatebot: no store at {missing}; `skatebot db create` creates it with the bundled data\n"
    )
    assert not missing.parent.exists() and not (tmp_path / "data").exists()
    assert not (tmp_path / "copy.sqlite3").exists()


def test_db_create_makes_the_store_the_read_only_commands_need(tmp_path: Path) -> None:
    """What the one line of a read-only command on a missing store says to run, run: the command then works."""
    (tmp_path / "story.txt").write_text("Malinin lands a quad axel\n\nIlia Malinin won gold in Milan.\n")
    env = {"SKATEBOT_DB": str(tmp_path / "new" / "store.sqlite3")}
    refused = skatebot("stories", "check", "story.txt", env=env, cwd=tmp_path)
    assert refused.returncode == 1 and "`skatebot db create`" in refused.stderr
    created = skatebot("db", "create", env=env, cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    assert "bundled data:" in created.stdout and "created (schema version" in created.stdout
    checked = skatebot("stories", "check", "story.txt", env=env, cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "story" in checked.stdout and "Traceback" not in checked.stdout + checked.stderr
    again = skatebot("db", "create", env=env, cwd=tmp_path)
    assert again.returncode == 0 and "already there" in again.stdout and "nothing was changed" in again.stdout
    assert skatebot("db", "check", env=env).returncode == 0


def test_commands_that_only_read_never_migrate(tmp_path: Path) -> None:
    store = tmp_path / "old.sqlite3"
    with sqlite3.connect(store) as conn:
        conn.execute("CREATE TABLE provenance (id INTEGER PRIMARY KEY)")
        conn.execute("PRAGMA user_version = 1")
    check = skatebot("db", "check", env={"SKATEBOT_DB": str(store)})
    assert check.returncode == 0 and "ok (schema version 1)" in check.stdout
    assert skatebot("db", "backup", str(tmp_path / "copy.sqlite3"), env={"SKATEBOT_DB": str(store)}).returncode == 0
    (tmp_path / "story.txt").write_text("A title\n\nA text.\n")
    stories = skatebot("stories", "check", str(tmp_path / "story.txt"), env={"SKATEBOT_DB": str(store)})
    assert stories.returncode == 1 and "schema version 1" in stories.stderr and "Traceback" not in stories.stderr
    with sqlite3.connect(store) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["provenance"]


@pytest.mark.parametrize(
    "args", [["db", "check"], ["db", "backup", "copy.sqlite3"], ["import", "x.json"]], ids=" ".join
)
def test_a_corrupt_store_is_one_clear_line(tmp_path: Path, args: list[str]) -> None:
    store = tmp_path / "store.sqlite3"
    store.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    result = skatebot(*args, env={"SKATEBOT_DB": str(store)}, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert str(store) in result.stderr and "not a" in result.stderr


def test_settings_come_from_the_working_directory_not_the_installation(tmp_path: Path) -> None:
    """A .env beside the installed package (any parent folder of it) is never read; the working directory's
    is, and so is a file given with --env-file."""
    installed = tmp_path / "site"
    for package in ("bot", "cogs", "db"):
        shutil.copytree(ROOT / package, installed / "app" / package, ignore=shutil.ignore_patterns("__pycache__"))
    (installed / ".env").write_text("LOG_LEVEL=FROM-THE-INSTALLATION\n")
    work = tmp_path / "work"
    work.mkdir()
    env = {"PYTHONPATH": str(installed / "app"), "SKATEBOT_DB": str(work / "none.sqlite3")}
    quiet = skatebot("db", "check", env=env, cwd=work)
    assert "no store at" in quiet.stderr and "FROM-THE-INSTALLATION" not in quiet.stderr
    (work / ".env").write_text("LOG_LEVEL=FROM-THE-WORKING-DIRECTORY\n")
    here = skatebot("db", "check", env=env, cwd=work)
    assert here.returncode == 2 and "FROM-THE-WORKING-DIRECTORY" in here.stderr
    given = tmp_path / "given.env"
    given.write_text("LOG_LEVEL=FROM-THE-FILE-GIVEN\n")
    chosen = skatebot("--env-file", str(given), "db", "check", env=env, cwd=work)
    assert chosen.returncode == 2 and "FROM-THE-FILE-GIVEN" in chosen.stderr


@pytest.mark.postgresql
def test_a_sqlite_store_moves_to_postgresql_and_is_checked_there(tmp_path: Path, store_location: str) -> None:
    """`skatebot db migrate-to URL`: the bundled store of a first start copied into an empty PostgreSQL database,
    every row compared; the copy then answers `db check`, and its backup is left to pg_dump."""
    sqlite_store = tmp_path / "store.sqlite3"
    first = skatebot("import", str(BUNDLED_DATA / "owg2026.json"), env={"SKATEBOT_DB": str(sqlite_store)})
    assert first.returncode == 0, first.stderr
    moved = skatebot("db", "migrate-to", store_location, env={"SKATEBOT_DB": str(sqlite_store)})
    assert moved.returncode == 0, moved.stderr
    assert "verified stories: every row identical" in moved.stdout
    assert "compared every row: identical" in moved.stdout
    check = skatebot("db", "check", env={"SKATEBOT_DB": store_location})
    assert check.returncode == 0 and f"{store_location}: ok (schema version" in check.stdout, check.stderr
    backup = skatebot("db", "backup", str(tmp_path / "copy"), env={"SKATEBOT_DB": store_location})
    assert backup.returncode == 1 and "pg_dump" in backup.stderr and "Traceback" not in backup.stderr
    again = skatebot("db", "migrate-to", store_location, env={"SKATEBOT_DB": str(sqlite_store)})
    assert again.returncode == 1 and "already holds data" in again.stderr and "Traceback" not in again.stderr


@pytest.mark.postgresql
def test_a_missing_postgresql_database_is_one_clear_line(store_location: str) -> None:
    missing = store_location.rsplit("/", 1)[0] + "/no_such_database"
    result = skatebot("db", "check", env={"SKATEBOT_DB": missing})
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"skatebot: no database at {missing}") and "createdb" in line
