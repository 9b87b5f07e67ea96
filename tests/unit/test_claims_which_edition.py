"""Which edition a loose competition name means, told by the skaters its paragraph names (claims/editions.py), with
sentences written for these tests: "In Saitama" is Worlds 2019 in a paragraph about Nathan Chen and Vincent Zhou,
Worlds 2023 in one about Shoma Uno and Ilia Malinin. One skater is too few, and a title's competition ("the world
champion from Saitama") is another time's: those stay not checkable. A place heading a paragraph with a bracket
("Turin (the first Final there):") names that paragraph's competition, and is no speaker's label. A kind of
competition alone ("won worlds") is never narrowed so (test_claims_structures.py: "Hot take: ..."). A story naming
no competition is placed by the host city of its heading, only where nearly all its skaters skated and clearly more
than at another edition held there."""

from __future__ import annotations

import pytest

from bot.services.claims.competition_mentions import find_competitions
from bot.services.claims.editions import named_in_a_title
from bot.services.claims.split import sentences
from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, reads_as

CASES = [
    # Two paragraphs in one city, two editions: each paragraph's skaters say which.
    ("", "Saitama, twice.\n\nIn Saitama, Nathan Chen won gold and Vincent Zhou took bronze with 281.16.\n\n"
     "In Saitama, Shoma Uno won and Ilia Malinin took silver.",
     [("medal", "Nathan Chen", OK, ("wc2019", "men", None)), ("medal", "Vincent Zhou", OK, ("wc2019", "men", None)),
      ("total", "Vincent Zhou", OK, ("wc2019", "men", None)), ("medal", "Shoma Uno", OK, ("wc2023", "men", None)),
      ("medal", "Ilia Malinin", WRONG, ("wc2023", "men", None))]),
    # A place heading its paragraph, the edition in brackets: the heading's competition is the paragraph's.
    ("", "Two Finals in one city.\n"
     "Turin (the first Final there): Alena Kostornaia won, Anna Shcherbakova took silver.\n"
     "Turin (the second Final there): Mai Mihara won, Isabeau Levito took bronze.",
     [("medal", "Alena Kostornaia", OK, ("gpf1920", "women", None)),
      ("medal", "Anna Shcherbakova", OK, ("gpf1920", "women", None)),
      ("medal", "Mai Mihara", OK, ("gpf2223", "women", None)),
      ("medal", "Isabeau Levito", WRONG, ("gpf2223", "women", None))]),
    # One skater a paragraph says no edition: not checkable, never a guess.
    ("", "Saitama, twice.\n\nIn Saitama, Nathan Chen won gold.\n\nIn Saitama, Ilia Malinin took silver.",
     [("medal", "Nathan Chen", NOT, None), ("medal", "Ilia Malinin", NOT, None)]),
    # A story naming no competition, its heading a host city: the edition held there where its skaters all were.
    ("", "Saitama notes\n\nNathan Chen won with 323.42. Yuzuru Hanyu took silver and Vincent Zhou was fourth.",
     [("medal", "Nathan Chen", OK, ("wc2019", "men", None)), ("total", "Nathan Chen", OK, ("wc2019", "men", None)),
      ("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
      ("place", "Vincent Zhou", WRONG, ("wc2019", "men", None))]),
    # ... not a city named further down (an aside as often as the story's place) ...
    ("", "Notes from the weekend\n\nNathan Chen won with 323.42. Yuzuru Hanyu took silver.\n\n"
     "Next stop for me: Saitama.",
     [("medal", "Nathan Chen", NOT, None), ("total", "Nathan Chen", NOT, None), ("medal", "Yuzuru Hanyu", NOT, None)]),
    # ... and not when its skaters are split between two editions held there.
    ("", "Saitama notes\n\nNathan Chen won gold and Ilia Malinin took bronze.",
     [("medal", "Nathan Chen", NOT, None), ("medal", "Ilia Malinin", NOT, None)]),
    # A pick is no result: "had X down for gold" claims nothing of X.
    ("wc2019/men", "Everyone had Yuzuru Hanyu down for gold. Nathan Chen won it.",
     [("medal", "Nathan Chen", OK, ("wc2019", "men", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_the_paragraphs_skaters_say_which_edition(
    shared_results: ResultsService, links: str, text: str, want: list
) -> None:
    await reads_as(shared_results, links, text, want, nothing_else=True)


def test_a_titles_competition_is_another_times() -> None:
    assert named_in_a_title("Sui and Han, the Olympic champions from Beijing, took bronze.", "Beijing")
    assert named_in_a_title("Kihira, the Grand Prix Final champion that season, was fourth.", "Grand Prix Final")
    assert named_in_a_title("She became the oldest woman to win a world pairs title.", "world")
    assert named_in_a_title("Jin, the bronze medallist of this year's World Championships, led.", "World Championships")
    assert not named_in_a_title("In Beijing, Sui and Han took gold.", "Beijing")
    assert not named_in_a_title("They took gold there.", "Beijing")  # carried from an earlier sentence: no title


def test_a_place_heading_with_its_edition_in_brackets() -> None:
    places = {"Osaka", "Boston"}.__contains__
    assert [w for *_, w, _ in find_competitions("Osaka (the 2017 edition): Uno won.", places)] == ["Osaka"]
    # A country's code in brackets after a place is no heading of a competition.
    assert find_competitions("Boston (USA) was loud.", places) == []
    # Two such headings make no transcript: the lines are read whole, the place included.
    text = "Osaka (the 2017 NHK Trophy): Uno won.\nBoston (last season's Worlds): Malinin won."
    assert [s.text for s in sentences(text)] == text.splitlines()
