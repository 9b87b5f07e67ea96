"""Issue 28, wrong readings (continued from test_claims_wrong_readings.py): classes of writing that bound a figure
to the wrong segment, kind or event and gave a confident wrong verdict. Sentences written for these tests (see
test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, reads_as, same, verdicts

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
    # Chat's lower-case abbreviations after "the" are segments ("seventh in the fd": not a final place); so is a
    # bare "short" before a bracket ("third after the short (75.79)").
    ("", "skate canada 2017 dance: smart/diaz were fourth after the sd, then seventh in the fd",
     [("segment_place", "Olivia Smart / Adria Diaz", OK, ("gpcan2017", "ice_dance", "rhythm_dance")),
      ("segment_place", "Olivia Smart / Adria Diaz", OK, ("gpcan2017", "ice_dance", "free_dance"))]),
    ("", "At Worlds 2021 Mishina and Galliamov won gold, although they sat only third after the short (75.79).",
     [("medal", "Anastasia Mishina / Aleksandr Galliamov", OK, ("wc2021", "pairs", None)),
      ("segment_place", "Anastasia Mishina / Aleksandr Galliamov", OK, ("wc2021", "pairs", "short_program"))]),
    # A margin after a segment's place is the final one when the rival is held off, when "in the end" or
    # "overall" follows it, or when it is measured from a medal or the podium.
    ("", "At Grand Prix Final 2022 Miura and Kihara win the short and hold off Knierim/Frazier by 1.30.",
     [("margin", "Riku Miura / Ryuichi Kihara", OK, ("gpf2223", "pairs", None))]),
    ("", "At Grand Prix Final 2022 Miura and Kihara were first in the short and 1.30 clear of Knierim/Frazier in "
     "the end.",
     [("margin", "Riku Miura / Ryuichi Kihara", OK, ("gpf2223", "pairs", None))]),
    ("", "At Milano Cortina Gilles and Poirier were third in the free dance, 6.65 off silver.",
     [("margin", "Piper Gilles / Paul Poirier", OK, ("owg2026", "ice_dance", None))]),
    # A list item with its verb left out gives its figure to the words before its place, a name the store does not
    # know, not to the name of the item before; a known name there keeps its figure.
    ("", "Paris 2016 men, from memory: fernandez 285.38, tenzing second with 269.62.",
     [("score", "Javier Fernández", OK, ("gpfra2016", "men", None))]),
    ("", "Paris 2016 men, from memory: Fernandez 285.38, and Rippon third with 267.53.",
     [("total", "Adam Rippon", OK, ("gpfra2016", "men", None))]),
    # A lead ("they lead by") with the first segment in view is held after it, not the final margin.
    ("", "Skate Canada 2017, ice dance: Virtue/Moir scored 82.68 in the short dance. They lead by 5.21 over "
     "Weaver/Poje.",
     [("margin", "Tessa Virtue / Scott Moir", OK, ("gpcan2017", "ice_dance", "rhythm_dance"))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_wrong_reading_classes_more(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)


OTHER_TIME = [
    # A result said of another time with no competition named ("the year before", "a year earlier", "last season")
    # is of an edition the sentence does not name: not checkable, never checked against the story's competition.
    ("At Skate America 2017 the Shibutanis won the ice dance. The year before, they were second with 185.75.",
     [("place", "Maia Shibutani / Alex Shibutani", NOT, None),
      ("total", "Maia Shibutani / Alex Shibutani", NOT, None)]),
    ("At Skate America 2017 the Shibutanis won the ice dance. They had won it a year earlier too, with 185.75.",
     [("total", "Maia Shibutani / Alex Shibutani", NOT, None)]),
    # A Q&A answer to a question about another time is of that time too.
    ("At Skate America 2017 the Shibutanis won the ice dance. Q: Who took the title a season earlier? A: The "
     "Shibutanis once more, with 185.75.",
     [("score", "Maia Shibutani / Alex Shibutani", NOT, None)]),
    ("At Skate America 2017 the Shibutanis won the ice dance. Extra point: their margin, and the champions one "
     "season earlier? A: the Shibutanis once more, 185.75.",
     [("score", "Maia Shibutani / Alex Shibutani", NOT, None)]),
    # ... only that part of the sentence: what follows "but" or "this time" is the story's competition again.
    ("At Skate America 2017 the Shibutanis won the ice dance. Last season they took silver, but this time they won "
     "by 12.62.",
     [("medal", "Maia Shibutani / Alex Shibutani", NOT, None),
      ("margin", "Maia Shibutani / Alex Shibutani", OK, ("gpusa2017", "ice_dance", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "want"), OTHER_TIME, ids=[c[0][40:100] for c in OTHER_TIME])
async def test_results_of_another_time(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, "", text)
    assert same(got, want), got
