"""Which competition a story, a paragraph or a sentence is about (issue 28), with sentences written for these tests.

A case is a story and the claims a careful checker finds in it: (kind, subject, verdict, reading), the reading
being (competition key, event key, segment kind or None) of the figure the verdict used, or None when the verdict
must use none. The story's competition is one its words name; a paragraph naming another is that one's.
"""

from __future__ import annotations

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, UNCHECKABLE, check_text
from bot.services.results import ResultsService

OK, WRONG, NOT = CONSISTENT, CONTRADICTED, UNCHECKABLE
FAMILY = {"place": "placing", "medal": "placing", "medallist": "placing", "total": "score"}
Got = tuple[str, str, str, tuple[str, str, str | None] | None]


async def verdicts(results: ResultsService, text: str) -> list[Got]:
    report = await check_text(results, text)
    return [(v.claim.kind, v.claim.subject, v.outcome, v.read_as) for v in report.verdicts]


def same(got: list[Got], want: list[tuple]) -> bool:
    """Every wanted claim found with its verdict and reading; nothing else contradicted."""
    left = list(got)
    for kind, subject, outcome, reading in want:
        match = next(
            (
                g
                for g in left
                if g[1] == subject
                and FAMILY.get(g[0], g[0]) == FAMILY.get(kind, kind)
                and g[2] == outcome
                and (g[3] == reading or (outcome == NOT and reading == "any"))
            ),
            None,
        )
        if match is None:
            return False
        left.remove(match)
    return all(outcome != WRONG for _, _, outcome, _ in left)


CASES = [
    # A diary moving from one competition to the next names no one competition of its own: each paragraph's
    # claims are the competition that paragraph names, never "which competition" beside it.
    (
        "Two autumn weekends from my notebook.\n\n"
        "Mississauga came first, for Skate Canada 2016. Medvedeva won the women's event. Kaetlyn Osmond was fifth.\n\n"
        "Then the NHK Trophy 2016. Keiji Tanaka took the bronze in the men's event. Nathan Chen was third after the "
        "short program.",
        [
            ("place", "Kaetlyn Osmond", WRONG, ("gpcan2016", "women", None)),
            ("medal", "Keiji Tanaka", OK, ("gpjpn2016", "men", None)),
            ("segment_place", "Nathan Chen", WRONG, ("gpjpn2016", "men", "short_program")),
        ],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:60] for c in CASES])
async def test_story_competition(results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(results, text)
    assert same(got, want), got


async def test_the_margin_of_beat_x_by_n_is_over_x_not_the_next_name(results: ResultsService) -> None:
    report = await check_text(
        results, "At the NHK Trophy 2016 Yuzuru Hanyu won and beat Nathan Chen by 32.56, Keiji Tanaka bronze."
    )
    margins = [v for v in report.verdicts if v.claim.kind == "margin"]
    assert [(v.outcome, v.read_as) for v in margins] == [(OK, ("gpjpn2016", "men", None))]


async def test_a_final_place_after_a_segment_place_leaves_that_segment(results: ResultsService) -> None:
    text = (
        "At Skate Canada 2016 Elizaveta Tuktamysheva was third after the short program and slipped to fourth; "
        "Rika Hongo was sixth."
    )
    got = await verdicts(results, text)
    assert same(got, [("place", "Rika Hongo", OK, ("gpcan2016", "women", None))]), got
