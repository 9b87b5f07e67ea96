"""Issue 28, who a figure belongs to: readings that gave one skater's figure to another, each class with
sentences written for these tests (see test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import OK, WRONG, reads_as

CASES = [
    # "The Germans" (a nationality written as a people) is that country's entry, never the couple named before.
    ("gpcan2017/pairs", "James and Cipres looked sharp all week. The Germans won the short program, though.",
     [("segment_place", "Aliona Savchenko / Bruno Massot", OK, ("gpcan2017", "pairs", "short_program"))]),
    ("gpcan2017/pairs", "James and Cipres looked sharp all week. The Germans ended up with bronze.",
     [("medal", "Aliona Savchenko / Bruno Massot", WRONG, ("gpcan2017", "pairs", None))]),
    ("", "At Skate Canada 2017 James and Cipres looked sharp all week. The Germans won gold, I think.", []),
    # A country after a town ("in Kadoma, Japan,") says where it happened: the figures after it stay the subject's.
    ("", "At NHK Trophy 2025 Conti and Macii took the pairs title in Kadoma, Japan, after only second in the short.",
     [("medal", "Sara Conti / Niccolò Macii", OK, ("gpjpn2025", "pairs", None)),
      ("segment_place", "Sara Conti / Niccolò Macii", OK, ("gpjpn2025", "pairs", "short_program"))]),
    ("", "At NHK Trophy 2025 Conti and Macii won in Kadoma, Japan, with 208.58 points.",
     [("total", "Sara Conti / Niccolò Macii", OK, ("gpjpn2025", "pairs", None))]),
    # A scoreline's second number ("189.06 to 188.24") is the rival's score when the rival is named right after it,
    # else nobody's; it is never a margin nor the winner's score. "from N to M" is one couple's own progress.
    ("", "At Skate Canada 2016 Virtue and Moir edged it, 189.06 to 188.24 over Chock and Bates.",
     [("total", "Tessa Virtue / Scott Moir", OK, ("gpcan2016", "ice_dance", None)),
      ("total", "Madison Chock / Evan Bates", OK, ("gpcan2016", "ice_dance", None))]),
    ("", "At Skate Canada 2016 Virtue and Moir edged it, 189.06 to 188.52 against Chock and Bates.",
     [("total", "Tessa Virtue / Scott Moir", OK, ("gpcan2016", "ice_dance", None)),
      ("total", "Madison Chock / Evan Bates", WRONG, ("gpcan2016", "ice_dance", None))]),
    ("", "At Skate Canada 2016 Virtue and Moir prevailed by a hair, 189.06 to 188.52.",
     [("total", "Tessa Virtue / Scott Moir", OK, ("gpcan2016", "ice_dance", None))]),
    ("", "At Skate Canada 2016 Virtue and Moir climbed from 77.23 after the short dance to 189.06 in all.",
     [("total", "Tessa Virtue / Scott Moir", OK, ("gpcan2016", "ice_dance", None))]),
    # A medal that is the subject of its own verb ("the gold was settled") is nobody's unless the words say whose.
    ("", "At Skate Canada 2016 Chock and Bates were lovely, but the gold was settled in the short dance.", []),
    ("", "At Skate Canada 2016 Chock and Bates skated first, and the gold was won by Gilles and Poirier.",
     [("medal", "Piper Gilles / Paul Poirier", WRONG, ("gpcan2016", "ice_dance", None))]),
    ("", "At Skate Canada 2016 Chock and Bates fought hard, and the silver was theirs.",
     [("medal", "Madison Chock / Evan Bates", OK, ("gpcan2016", "ice_dance", None))]),
    # A score "to win the free skate" (or "the segment", the one in view) is that segment's, never the total.
    ("", "At Skate Canada 2017 Duhamel and Radford put up 148.69 to win the free skate.",
     [("segment_place", "Meagan Duhamel / Eric Radford", OK, ("gpcan2017", "pairs", "free_skate")),
      ("score", "Meagan Duhamel / Eric Radford", OK, ("gpcan2017", "pairs", "free_skate"))]),
    ("", "At Skate Canada 2017 the pairs free skate was a party. Duhamel and Radford got 147.69 to win the segment.",
     [("score", "Meagan Duhamel / Eric Radford", WRONG, ("gpcan2017", "pairs", "free_skate"))]),
    ("", "At Skate Canada 2017 Duhamel and Radford put up 222.22 to win the title.",
     [("total", "Meagan Duhamel / Eric Radford", OK, ("gpcan2017", "pairs", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_binding_classes(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)
