"""Issue 28: a score's size says what it can be (bot/services/claims/magnitudes.py). A figure put where it cannot
be is compared as what it can be, and a figure that is exactly another entry's score contradicts nothing.
Sentences written for these tests; the figures are Worlds 2017's (see test_claims_stories.py for how a case
reads)."""

from __future__ import annotations

import pytest

from bot.services.claims.magnitudes import gap_in_another_kind, held_by_another, plausible_readings
from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, same, verdicts

CASES = [
    # A men's total put in the short program: compared as the total it can only be. Matching there says only that
    # the figure was put in the wrong place (by the story or by its reading): not checkable, never consistent.
    (
        "At Worlds 2017 Shoma Uno put up 319.31 in the short program.",
        [("score", "Shoma Uno", NOT, ("wc2017", "men", None))],
    ),
    (
        "At Worlds 2017 Shoma Uno put up 318.31 in the short program.",
        [("score", "Shoma Uno", WRONG, ("wc2017", "men", None))],
    ),
    # A women's short program score called a total: a segment score, whichever segment it fits (matching one: put
    # in the wrong place, not checkable).
    (
        "At Worlds 2017 Evgenia Medvedeva finished with a total of 79.01.",
        [("total", "Evgenia Medvedeva", NOT, "any")],
    ),
    # Nothing fits exactly: several readings, none matching: not checkable, never contradicted.
    ("At Worlds 2017 Evgenia Medvedeva finished with a total of 78.02.", [("total", "Evgenia Medvedeva", NOT, "any")]),
    # A figure the size allows where the sentence puts it is compared there, as before.
    (
        "At Worlds 2017 Yuzuru Hanyu scored 223.20 in the free skate.",
        [("score", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate"))],
    ),
    (
        "At Worlds 2017 Yuzuru Hanyu scored 221.20 in the free skate.",
        [("score", "Yuzuru Hanyu", WRONG, ("wc2017", "men", "free_skate"))],
    ),
    # Exactly another skater's score (Uno's free skate given to Hanyu): whose it is, not a contradiction.
    (
        "At Worlds 2017 Yuzuru Hanyu scored 214.45 in the free skate.",
        [("score", "Yuzuru Hanyu", NOT, ("wc2017", "men", "free_skate"))],
    ),
    (
        "At Worlds 2017 Kaetlyn Osmond finished on 233.41 points.",
        [("total", "Kaetlyn Osmond", NOT, ("wc2017", "women", None))],
    ),
    # A margin put in a segment that is exactly the same two entries' gap in the total: read with the wrong
    # segment, not false; one that is no gap of theirs is compared as said.
    (
        "At Worlds 2017 Shoma Uno finished 2.28 behind Yuzuru Hanyu in the free skate.",
        [("margin", "Shoma Uno", NOT, ("wc2017", "men", "free_skate"))],
    ),
    (
        "At Worlds 2017 Shoma Uno finished 2.38 behind Yuzuru Hanyu in the free skate.",
        [("margin", "Shoma Uno", WRONG, ("wc2017", "men", "free_skate"))],
    ),
    (
        "At Worlds 2017 Shoma Uno finished 2.28 behind Yuzuru Hanyu.",
        [("margin", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:60] for c in CASES])
async def test_a_score_is_read_as_what_its_size_allows(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, "", text)
    assert same(got, want), got


async def test_the_verdict_says_why_it_read_the_figure_otherwise(shared_results: ResultsService) -> None:
    from bot.services.claims import check_text

    report = await check_text(shared_results, "At Worlds 2017 Shoma Uno put up 319.31 in the short program.")
    assert "read by its size" in str(report.verdicts[0].why)
    report = await check_text(shared_results, "At Worlds 2017 Yuzuru Hanyu scored 214.45 in the free skate.")
    assert "Shoma Uno" in str(report.verdicts[0].why)


def test_the_ranges_decide_only_with_enough_figures() -> None:
    ranges = {None: (180.0, 320.0), "short_program": (60.0, 110.0), "free_skate": (120.0, 224.0)}
    assert plausible_readings(300.0, ["short_program"], ranges) == ([None], True)
    assert plausible_readings(100.0, [None, "short_program"], ranges) == (["short_program"], False)
    # A figure that fits no kind is compared as the sentence says; an event with too few figures decides nothing.
    assert plausible_readings(900.0, ["short_program"], ranges) == (["short_program"], False)
    assert plausible_readings(300.0, ["short_program"], {None: (180.0, 320.0)}) == (["short_program"], False)


def test_a_score_held_by_the_same_entry_is_not_anothers() -> None:
    owners = {21445: [(7, "free_skate")], 31931: [(7, None)]}
    assert held_by_another(214.45, 7, owners) is None
    assert held_by_another(214.45, 8, owners) == (7, "free_skate")
    assert held_by_another(214.46, 8, owners) is None


def test_a_margin_is_another_kinds_only_for_the_same_two_entries() -> None:
    scores = {None: {1: 321.59, 2: 319.31, 3: 303.58}, "free_skate": {1: 223.20, 2: 214.45, 3: 204.94}}
    assert gap_in_another_kind(2.28, scores, (2, 1), "free_skate") == "total"
    assert gap_in_another_kind(8.75, scores, (2, 1), None) == "free_skate"
    # Uno and Jin's gap in the total (15.73) is no gap of Uno and Hanyu's: compared as said.
    assert gap_in_another_kind(15.73, scores, (2, 1), "free_skate") is None
