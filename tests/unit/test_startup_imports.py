"""What a start does not load: work that only some commands need is imported by those commands, so that the bot,
the sandbox and the command line answer sooner (bench/bench_sandbox_start.py measures the sandbox's first answer).
Checked in a fresh interpreter: this test process has imported everything already."""

from __future__ import annotations

import subprocess
import sys

from cogs import EXTENSIONS

# The claim check compiles a few hundred patterns when imported: it comes with the first story checked.
LOADED_WHEN_USED = ("bot.services.claims",)


def test_the_bot_and_the_sandbox_start_without_what_only_some_commands_use() -> None:
    modules = ["bot.cli", "bot.client", "bot.sandbox.harness", *EXTENSIONS]
    program = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.startswith({LOADED_WHEN_USED!r})))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=600)
    assert loaded.stdout.strip() == "[]"


def test_the_command_line_starts_without_the_message_catalogues() -> None:
    """`skatebot --help`, `db check` and the other commands that word nothing through the catalogues (the command
    line stays in English) start without Fluent and Babel, a fifth of a second: those load with a command that
    renders a message."""
    program = (
        "import sys, bot.cli\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fluent', 'babel') or m.startswith('bot.i18n')))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=600)
    assert loaded.stdout.strip() == "[]"
