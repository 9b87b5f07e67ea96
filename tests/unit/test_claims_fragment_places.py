"""An ordinal opening a fragment about the one in view is their place (rules/topic.py fragment_place), and "Winner"
opening one their gold, with sentences written for these tests: "NAKAI (JPN). Third, ninth in the free skate." Not an
ordinal counting the writer's points ("First, a word on ..."), nor one alone as an exclamation or repeating what was
just claimed. An ordinal after ", so" that ends the clause is the final place the segments add up to (places.py)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_structures import OK, WRONG, same, verdicts

CASES = [
    ("owg2026/women", "SAKAMOTO (JPN). Second.", [("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "KAORI SAKAMOTO. Fifth.", [("place", "Kaori Sakamoto", WRONG)]),
    ("owg2026/women", "NAKAI (JPN). Third, ninth in the free skate.",
     [("place", "Ami Nakai", OK), ("segment_place", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "NAKAI (JPN). Sixth, first in the short program.",
     [("place", "Ami Nakai", WRONG), ("segment_place", "Ami Nakai", OK, "short_program")]),
    # Words after the ordinal: the writer counts points, no place is said.
    ("owg2026/women", "Ami Nakai skated last night. First, a word on the judging panel.", []),
    # An exclamation of an ordinal alone echoes what came before, or reacts: no claim of its own.
    ("owg2026/women", "Ami Nakai was ninth in the free skate. Ninth!",
     [("segment_place", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "Ami Nakai won bronze. Nobody saw that coming. Fifth!", [("medal", "Ami Nakai", OK)]),
    # "..., so Nth": the place the segments add up to, the final one; "so" before other words is no place.
    ("owg2026/women", "Kaori Sakamoto placed second in the short program and second in the free skate, so second.",
     [("segment_place", "Kaori Sakamoto", OK, "short_program"), ("segment_place", "Kaori Sakamoto", OK, "free_skate"),
      ("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Ami Nakai led the short program and was ninth in the free skate, so fifth overall.",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", OK, "free_skate"),
      ("place", "Ami Nakai", WRONG)]),
    ("owg2026/women", "Ami Nakai led the short program, so second thoughts about her faded.",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    # An answer is read with its question: one asking two places leaves "Fourth; second." unread.
    ("owg2026/women", "Q3. Sakamoto: short program place and final place? A: Fourth; second.", []),
    # "Winner" opening a fragment, alone or with a figure, is the gold of the one in view.
    ("owg2026/women", "ALYSA LIU. Winner!", [("medal", "Alysa Liu", OK)]),
    ("owg2026/women", "KAORI SAKAMOTO (JPN). Winner.", [("medal", "Kaori Sakamoto", WRONG)]),
    ("owg2026/women", "Kaori Sakamoto (JPN) skated. Winner of the fans' vote for costumes.", []),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_fragment_places(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
    assert len(got) == len(want), got
