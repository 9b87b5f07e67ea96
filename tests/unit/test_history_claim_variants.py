"""The claim check on stories about the 2016-18 protocols, written here and varied as stories arrive: reworded,
in lower case, in printed capitals, with odd spaces and Unicode forms, altered, unlinked, overlong. A variant that
keeps the facts stays consistent; an altered figure or medal is contradicted; nothing is checked against a guess."""

from __future__ import annotations

import unicodedata

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, check_text
from bot.services.results import ResultsService

BASE = "Evgenia Medvedeva won gold with 233.41 points. Kaetlyn Osmond took silver."


async def outcomes(results: ResultsService, text: str, linked: bool = True) -> list[tuple[str, str, str]]:
    kwargs = {}
    if linked:
        competition = results.competition("wc2017")
        kwargs = {"competition_id": competition.id, "event_id": results.event(competition, "women").id}
    report = await check_text(results, text, **kwargs)
    return [(v.claim.kind, v.claim.subject, v.outcome) for v in report.verdicts]


@pytest.mark.parametrize(
    "text",
    [
        BASE,
        "Gold went to Evgenia Medvedeva, who finished on 233.41 points, and silver to Kaetlyn Osmond.",  # reworded
        "medvedeva won gold with 233.41 points. osmond took silver.",  # a social post in lower case
        "Evgenia MEDVEDEVA won gold with 233.41 points. Kaetlyn OSMOND took silver.",  # printed capitals
        BASE.replace(" ", "\u00a0"),  # non-breaking spaces
        unicodedata.normalize("NFD", BASE),  # decomposed Unicode
        (BASE + " ") * 40,  # overlong: the same facts, many times
    ],
    ids=["as-written", "reworded", "lower-case", "capitals", "nbsp", "nfd", "overlong"],
)
async def test_a_true_story_stays_consistent_however_it_is_written(shared_results: ResultsService, text: str) -> None:
    found = await outcomes(shared_results, text)
    assert ("medal", "Evgenia Medvedeva", CONSISTENT) in found, found
    assert not [f for f in found if f[2] == CONTRADICTED], found


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        (BASE.replace("233.41", "235.41"), ("total", "Evgenia Medvedeva")),
        (BASE.replace("took silver", "took bronze"), ("medal", "Kaetlyn Osmond")),
        (BASE.replace("won gold", "won silver"), ("medal", "Evgenia Medvedeva")),
    ],
    ids=["total", "medal of another", "medal"],
)
async def test_an_altered_figure_is_contradicted(
    shared_results: ResultsService, text: str, wrong: tuple[str, str]
) -> None:
    found = await outcomes(shared_results, text)
    assert (*wrong, CONTRADICTED) in found, found


async def test_an_unlinked_story_is_checked_against_the_competition_it_names(shared_results: ResultsService) -> None:
    story = "At the 2017 World Championships, Medvedeva won gold with 233.41 points and Osmond took silver."
    found = await outcomes(shared_results, story, linked=False)
    assert ("medal", "Evgenia Medvedeva", CONSISTENT) in found and ("medal", "Kaetlyn Osmond", CONSISTENT) in found
    # The same story about a Worlds the store lacks (2020, cancelled) is not checked against 2017's.
    missing = await outcomes(shared_results, story.replace("2017", "2020"), linked=False)
    assert not [f for f in missing if f[2] in (CONSISTENT, CONTRADICTED)], missing


async def test_a_surname_shared_in_the_competition_is_no_one(shared_results: ResultsService) -> None:
    """Two Chens skated Worlds 2017 (Karen, Nathan): with only the competition known, "Chen" is neither."""
    competition = shared_results.competition("wc2017")
    report = await check_text(shared_results, "Chen finished fourth.", competition_id=competition.id)
    assert all(v.outcome not in (CONSISTENT, CONTRADICTED) for v in report.verdicts)
