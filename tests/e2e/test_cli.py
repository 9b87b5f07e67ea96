"""The `skatebot` command line as a user runs it: real processes, real files, the sandbox over loopback."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox
from bot.store import BUNDLED_DATA

ROOT = Path(__file__).resolve().parents[2]


def skatebot(
    *args: str,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    cwd: Path | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
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


def test_run_without_a_token_is_one_clear_line_and_exit_2(tmp_path: Path) -> None:
    result = skatebot("run", cwd=tmp_path)  # no .env in tmp_path
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_setting_is_named_without_a_traceback(tmp_path: Path) -> None:
    result = skatebot("run", env={"DEV_GUILD_ID": "my-server"}, cwd=tmp_path)
    assert result.returncode == 2 and "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_import_is_idempotent_and_says_so(tmp_path: Path) -> None:
    env = {"SKATEBOT_DB": str(tmp_path / "store.sqlite3")}
    data = str(BUNDLED_DATA / "owg2026.json")
    first = skatebot("import", data, env=env)
    assert first.returncode == 0, first.stderr
    assert "first start, bundled data" in first.stdout  # a fresh store gets the bundled results first
    second = skatebot("import", data, env=env)
    assert second.returncode == 0 and "already up to date, nothing changed" in second.stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skatebot-results", "version": 1, "competitions": [{"id": "x"}]}')
    refused = skatebot("import", str(bad), env=env)
    assert refused.returncode == 1 and "'name' is required" in refused.stderr
    assert "nothing from this file was written" in refused.stderr


def test_db_check_and_backup(tmp_path: Path) -> None:
    env = {"SKATEBOT_DB": str(tmp_path / "store.sqlite3")}
    assert skatebot("import", str(BUNDLED_DATA / "wc2025.json"), env=env).returncode == 0
    check = skatebot("db", "check", env=env)
    assert check.returncode == 0 and "ok (schema version" in check.stdout
    backup = tmp_path / "copy.sqlite3"
    assert skatebot("db", "backup", str(backup), env=env).returncode == 0
    with sqlite3.connect(backup) as conn:
        assert conn.execute("SELECT count(*) FROM competitions").fetchone()[0] == 4
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


async def test_run_and_sync_against_a_discord_compatible_server(tmp_path: Path) -> None:
    """`skatebot run` and `skatebot sync` with DISCORD_API_BASE_URL/DISCORD_GATEWAY_URL set, as a real
    deployment behind another Discord-compatible endpoint would; the token stays out of the logs."""
    world = Sandbox()  # its seeded server only: the bot is the subprocess
    server = world.server
    await server.start()
    env = {
        "DISCORD_TOKEN": server.bot_token,
        "DISCORD_API_BASE_URL": server.api_base,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "SKATEBOT_DB": str(tmp_path / "store.sqlite3"),
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
                env={**base, **env},
                cwd=tmp_path,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        try:
            answered = None
            for _ in range(200):
                try:
                    result = await server.slash(
                        world.guild, world.channel, world.member, "athlete", {"name": "Alysa Liu"}
                    )
                    answered = await result.wait(timeout=1)
                    break
                except (RuntimeError, TimeoutError):
                    await asyncio.sleep(0.05)
            assert answered is not None and answered.message.embeds[0]["title"] == "Alysa Liu"
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
