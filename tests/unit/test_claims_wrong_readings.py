"""Issue 28, wrong readings: a claim bound to the wrong skater, competition, segment or kind gave a confident wrong
"contradicted" on stories written by others. Each class with sentences written for these tests (see
test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import WRONG, same, verdicts

CASES = [
    # A word of a series' own name before a discipline ("Junior pairs was ...") names no place, at a sentence's head
    # as anywhere: the competition stays the one the story names (Marseille), not a junior event elsewhere.
    ("", "Final weekend in Marseille, thread two. Junior pairs was decided by 1.85: Ekaterina Alexandrovskaya and "
     "Harley Windsor held on for bronze.",
     [("medal", "Ekaterina Alexandrovskaya / Harley Windsor", WRONG, ("gpf1617", "junior-pairs", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_wrong_reading_classes(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
