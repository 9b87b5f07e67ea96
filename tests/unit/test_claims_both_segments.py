"""A couple's place "in both segments" (rules/places.py _both_segments), with sentences written for these tests: a
couple named by name may be a pair or a dance couple, and the check reads the short and the free of a dance as its
rhythm and free dance; a couple only described ("the Chinese") is not given a place there."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_structures import OK, WRONG, same, verdicts

CASES = [
    ("gpcan2016/pairs", "Xiaoyu Yu and Hao Zhang placed second in both programs.",
     [("segment_place", "Xiaoyu Yu / Hao Zhang", OK, "short_program"),
      ("segment_place", "Xiaoyu Yu / Hao Zhang", OK, "free_skate")]),
    ("gpcan2016/pairs", "Yu/Zhang came first in both programs.",
     [("segment_place", "Xiaoyu Yu / Hao Zhang", WRONG, "short_program"),
      ("segment_place", "Xiaoyu Yu / Hao Zhang", WRONG, "free_skate")]),
    ("gpcan2016/ice_dance", "Tessa Virtue and Scott Moir won both halves.",
     [("segment_place", "Tessa Virtue / Scott Moir", OK, "rhythm_dance"),
      ("segment_place", "Tessa Virtue / Scott Moir", WRONG, "free_dance")]),
    # Described, not named: whom "the Chinese" are is not read here, so no place is given to anyone.
    ("gpcan2016/pairs", "Duhamel and Radford won at home. The Chinese were first in both segments.",
     [("medal", "Meagan Duhamel / Eric Radford", OK)]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_both_segments(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
    assert len(got) == len(want), got
