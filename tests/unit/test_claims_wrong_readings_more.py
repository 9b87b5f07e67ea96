"""Issue 28, wrong readings (continued from test_claims_wrong_readings.py): classes of writing that bound a figure
to the wrong segment, kind or event and gave a confident wrong verdict. Sentences written for these tests (see
test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import OK, same, verdicts

CASES = [
    # "a free of 140.16", "a free that was only the sixth best": the bare segment word with an article names the
    # segment of its own clause, whatever segment another clause of the sentence names.
    ("", "At the 2018 Grand Prix Final Tarasova and Morozov came third after a free of 140.16, while Zabiiako and "
     "Enbert had been second after the short.",
     [("score", "Evgenia Tarasova / Vladimir Morozov", OK, ("gpf1819", "pairs", "free_skate"))]),
    # ... and "Nth after a free of/that ..." is the place that performance led to, not the standings after it.
    ("", "At the 2017 Grand Prix Final Tarasova and Morozov ended fifth after a free that was only the sixth best; "
     "Savchenko and Massot had led after the short.",
     [("place", "Evgenia Tarasova / Vladimir Morozov", OK, ("gpf2017", "pairs", None)),
      ("segment_place", "Evgenia Tarasova / Vladimir Morozov", OK, ("gpf2017", "pairs", "free_skate"))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_wrong_reading_classes_more(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
