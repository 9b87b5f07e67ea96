"""A Russian feminine surname written "-aya" (the press) or "-aia" (the ISU's results) is one name. Rostelecom Cup
2016 women: the store spells "Julia Lipnitskaia" (12th) and "Anna Pogorilaya" (1st)."""

from __future__ import annotations

import pytest

from bot.services.claims.transliteration import other_spelling
from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, reads_as

WOMEN = ("gprus2016", "women", None)

CASES = [
    ("gprus2016/women", "Lipnitskaya finished twelfth.", [("place", "Julia Lipnitskaia", OK, WOMEN)]),
    ("gprus2016/women", "julia lipnitskaya ended up ninth.", [("place", "Julia Lipnitskaia", WRONG, WOMEN)]),
    # The other way round: the store's "-aya" written "-aia".
    ("gprus2016/women", "Anna Pogorilaia took the gold.", [("medal", "Anna Pogorilaya", OK, WOMEN)]),
    # A name that is no one's under either spelling stays unknown: not checkable, never another skater.
    ("gprus2016/women", "Kuzmenskaya finished twelfth.", [("place", "Kuzmenskaya", NOT, "any")]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_transliterated_names(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)


def test_only_the_feminine_ending_is_respelled() -> None:
    assert other_spelling("Lipnitskaya") == "Lipnitskaia"
    assert other_spelling("Anna POGORILAIA") == "Anna POGORILAYA"
    # "Maya" and "Aya" are given names, not the ending; a word with neither ending has no other spelling.
    assert other_spelling("Maya Aya") is None
    assert other_spelling("Medvedeva") is None
    assert other_spelling("Ayala was first") is None
