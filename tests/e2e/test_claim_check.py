"""Claim checks as moderators and the command line meet them."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import MODAL
from tests.e2e.helpers import text_of
from tests.stores import Location

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = Path(__file__).resolve().parents[2]


async def test_check_shows_the_verdicts_of_a_library_story(sandbox: Sandbox) -> None:
    result = await sandbox.slash("story check", user=sandbox.moderator, id=1)  # Glenn shields Sakamoto
    body = text_of(result)
    assert result.ephemeral and "Claim check of story #1" in body
    assert "contradicted" not in body.split("\n")[-1] or "0 contradicted" in body
    assert "✅" in body and "Kaori Sakamoto" in body
    # Each claim says which reading of its sentence the verdict used: competition, event and figure.
    assert "read as: Milano Cortina 2026 · Women's singles · final place" in body
    shown = await sandbox.slash("story show", user=sandbox.member, id=1)
    assert "Claims checked against the results" in text_of(shown)


async def test_a_contradicted_claim_is_flagged_and_blocks_verifying(sandbox: Sandbox) -> None:
    opened = await sandbox.slash("story add", user=sandbox.moderator, competition="owg2026", event="women")
    assert opened.response_type == MODAL
    done = await answered(
        await sandbox.server.submit_modal(
            sandbox.moderator,
            opened,
            {
                "title": "Liu's comeback",
                "summary": "",
                "moment_date": "2026-02-19",
                "skaters": "Alysa Liu",
                "body": "Alysa Liu won the bronze medal at the Olympics after a nervy free skate.",
            },
        )
    )
    story_id = int(re.search(r"#(\d+)", done.message.content).group(1))
    assert "⚠️" in text_of(done) and "1 contradicted" in text_of(done)
    check = text_of(await sandbox.slash("story check", user=sandbox.moderator, id=story_id))
    assert "❌" in check and "stored: **1st" in check

    await sandbox.slash("story source add", user=sandbox.moderator, id=story_id, url="https://www.nbcsports.com/a")
    refused = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="verified")
    assert "contradict the results store" in refused.message.content and "note" in refused.message.content
    asked = await sandbox.slash(
        "story label",
        user=sandbox.moderator,
        id=story_id,
        label="verified",
        note="The story means the team event; moderators checked",
    )
    assert "Verify it anyway" in asked.message.content
    confirm_id = next(cid for label, cid, _ in asked.message.buttons() if label == "Verify anyway")
    await answered(await sandbox.server.click(sandbox.moderator, asked.message, confirm_id))
    assert "✅ Verified" in asked.message.content
    queue = text_of(await sandbox.slash("story queue", user=sandbox.moderator))
    assert f"#{story_id}`" not in queue  # verified now: out of the queue


async def test_the_command_line_checks_a_text_before_it_is_posted(tmp_path: Path, bundled_store: Location) -> None:
    store = bundled_store
    env = {"SKATEBOT_DB": str(store), "LOG_LEVEL": "WARNING", "PATH": "/usr/bin:/bin"}
    altered = tmp_path / "glenn-altered.txt"
    altered.write_text(  # Glenn's free skate was 147.52: one wrong figure among right ones
        "Glenn's long night in Milan\n"
        "Amber Glenn was 13th after the short program. In the free skate she scored 145.52 and climbed to "
        "finish fifth, while Alysa Liu won the gold medal.\n"
    )
    command = [
        sys.executable,
        "-m",
        "bot",
        "stories",
        "check",
        str(altered),
        "--competition",
        "owg2026",
        "--event",
        "women",
        "--date",
        "2026-02-19",
    ]
    result = await asyncio.to_thread(
        subprocess.run, command, env=env, capture_output=True, text=True, timeout=600, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert "3 consistent · 1 contradicted · 0 not checkable" in result.stdout
    contradicted = [line for line in result.stdout.splitlines() if "CONTRADICTED" in line]
    assert len(contradicted) == 1 and "145.52 in the free skate (stored: 147.52)" in contradicted[0]
    assert "read as: Milano Cortina 2026 · Women's singles · free skate score" in result.stdout
