"""`skatebot sandbox` answers its first command before it has loaded the results (bench/bench_sandbox_start.py), and a
command that reads them, typed first and sent at once, waits for them: the full answer, never "not found"."""

from __future__ import annotations

import gc
import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from bot.cli import build_parser
from bot.sandbox.console import run_console
from bot.sandbox.harness import Sandbox
from bot.sandbox.server import InteractionResult
from bot.settings import Settings
from tests.stores import Location

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _shown(result: InteractionResult) -> tuple[str, list[dict[str, Any]]]:
    assert result.message is not None, result
    return result.message.content, result.message.embeds


async def _reference(store: Location) -> tuple[tuple[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """The answers of a bot that loaded the results before it went on the gateway (every start but the sandbox's)."""
    async with Sandbox(db_path=store) as loaded:  # type: ignore[arg-type]  # a URL on PostgreSQL
        assert loaded.bot is not None and loaded.bot.results.full_reloads == 1
        athlete = _shown(await loaded.slash("athlete", name="sakamoto kaori"))
        choices = await loaded.autocomplete("athlete", "name", name="shaid")
    return athlete, choices


async def test_a_results_command_sent_first_waits_for_the_results(bundled_store: Location) -> None:
    athlete, _ = await _reference(bundled_store)
    assert "Kaori Sakamoto" in str(athlete)
    async with Sandbox(db_path=bundled_store, results_on_demand=True) as sandbox:  # type: ignore[arg-type]
        assert sandbox.bot is not None
        assert sandbox.bot.results.full_reloads == 0  # started without them: nothing has asked yet
        first = await sandbox.slash("athlete", name="sakamoto kaori")  # at once, as a pasted line is
        assert _shown(first) == athlete
        assert sandbox.bot.results.full_reloads == 1


async def test_an_autocomplete_sent_first_waits_for_the_results(bundled_store: Location) -> None:
    _, choices = await _reference(bundled_store)
    assert any("Shaidorov" in choice["name"] for choice in choices), choices
    async with Sandbox(db_path=bundled_store, results_on_demand=True) as sandbox:  # type: ignore[arg-type]
        assert await sandbox.autocomplete("athlete", "name", name="shaid") == choices


async def test_ping_answers_without_the_results_and_the_console_loads_them_when_idle(
    bundled_store: Location,
) -> None:
    async with Sandbox(db_path=bundled_store, results_on_demand=True) as sandbox:  # type: ignore[arg-type]
        assert sandbox.bot is not None
        pong = await sandbox.slash("ping")
        assert pong.message is not None and pong.message.content.startswith("Pong!")
        assert sandbox.bot.results.full_reloads == 0  # /ping neither waited for them nor asked for them
        sandbox.want_results()  # what the console does at its prompt
        await sandbox.bot.results_loaded()
        assert sandbox.bot.results.full_reloads == 1
        # The scheduler runs once they are loaded (a moment post due at the start is planned from them).
        assert sandbox.bot.moment_scheduler.scheduler.running
        about = await sandbox.slash("about")
        assert about.message is not None and about.message.embeds


class _Terminal(io.StringIO):
    """What a person types, at a terminal: the console prompts before each line."""

    def isatty(self) -> bool:
        return True


async def test_the_console_asks_for_the_results_when_it_waits_for_a_person(bundled_store: Location) -> None:
    async with Sandbox(db_path=bundled_store, results_on_demand=True) as sandbox:  # type: ignore[arg-type]
        assert sandbox.bot is not None and not sandbox.bot.results_asked
        out = io.StringIO()
        asked_before_prompts: list[bool] = []

        def idle() -> None:  # what run_sandbox gives the console
            asked_before_prompts.append(sandbox.bot is not None and sandbox.bot.results_asked)
            sandbox.want_results()

        code = await run_console(
            sandbox.server,
            sandbox.guild,
            sandbox.channel,
            sandbox.owner,
            sandbox.member,
            stdin=_Terminal("/athlete name: sakamoto kaori\n"),
            console=Console(file=out, width=120, force_terminal=False, color_system=None),
            idle=idle,
        )
        assert code == 0
        # Told at the first prompt, before anything was typed (nothing had asked yet), and at the last one.
        assert asked_before_prompts == [False, True]
        assert "Kaori Sakamoto" in out.getvalue() and "No athlete" not in out.getvalue()
        await sandbox.bot.results_loaded()
        assert sandbox.bot.results.full_reloads == 1


async def _console_sees_the_collector(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, bool]:
    """Runs `skatebot sandbox ARGS` in this process with a console that only notes whether the garbage collector is
    on, and frozen past the start's objects, while it would run."""
    from bot.sandbox import console

    seen: dict[str, bool] = {}

    async def noting(*_: Any, **__: Any) -> int:
        seen["on"], seen["frozen"] = gc.isenabled(), gc.get_freeze_count() > 0
        return 0

    monkeypatch.setattr(console, "run_console", noting)
    monkeypatch.setenv("LOG_LEVEL", "INFO")  # leaves this process's logging as it is
    parsed = build_parser().parse_args(["sandbox", *args])  # a fresh store, as a newcomer's
    frozen_before = gc.get_freeze_count() > 0
    try:
        assert await parsed.handler(Settings(), parsed) == 0
        assert gc.isenabled()
    finally:
        gc.enable()
        if not frozen_before:
            gc.unfreeze()  # this process as it was, for the tests that follow
    return seen


async def test_the_sandbox_session_runs_with_the_garbage_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start runs without it (bot/cli/sandbox.py); the session, however long, with it, past what the start
    built."""
    assert await _console_sees_the_collector(monkeypatch) == {"on": True, "frozen": True}
    replay = await _console_sees_the_collector(
        monkeypatch, "--replay", str(FIXTURES / "isu" / "wc2014"), "--speed", "20000"
    )
    assert replay == {"on": True, "frozen": True}


async def test_a_results_load_that_fails_is_said_to_the_command_waiting_for_it(
    bundled_store: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never an answer from results that are not there ("no athlete"), nor a command left waiting."""
    async with Sandbox(db_path=bundled_store, results_on_demand=True) as sandbox:  # type: ignore[arg-type]
        assert sandbox.bot is not None

        async def broken() -> None:
            raise sqlite3.DatabaseError("database disk image is malformed")

        monkeypatch.setattr(sandbox.bot.results, "refresh", broken)
        answer = await sandbox.slash("athlete", name="sakamoto kaori")
        assert answer.ephemeral and answer.message is not None
        assert answer.message.content.startswith("Something went wrong on our side (error code")
        assert await sandbox.autocomplete("athlete", "name", name="shaid") == []
        pong = await sandbox.slash("ping")  # what reads no results still answers
        assert pong.message is not None and pong.message.content.startswith("Pong!")
