"""The read-only store the tests that only read share (tests/conftest.py, `shared_results`): a test that writes to
it fails loudly, and the store the next test reads is unchanged."""

from __future__ import annotations

import pytest

from bot.services.access import Actor
from bot.services.results import ResultsService
from db.database import DatabaseError

OWNER = Actor(user_id=1, guild_id=None, is_owner=True)
ALIAS = "Sakamoto the shared"


async def test_a_write_through_the_service_fails_and_changes_nothing(shared_results: ResultsService) -> None:
    with pytest.raises(DatabaseError, match="read-only"):
        await shared_results.add_alias(OWNER, "Kaori Sakamoto", ALIAS)
    assert ALIAS not in (await shared_results.skater("Kaori Sakamoto")).aliases
