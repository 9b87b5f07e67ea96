"""The sentence-level reading of English claims (issue 28): classes of writing a careful reader reads as a claim
and the check used to miss or misread, with sentences written for these tests (see test_claims_structures.py for
the shape of a case: links, story, and the claims found with their verdict and, when it is the point, the segment
read; "final" for the final standings)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_structures import NOT, OK, WRONG, same, verdicts

CASES = [
    # A word between a verb of moving and "to" ("climbed only to ninth", "slid eventually to fifth").
    ("wc2024/men", "Jason Brown slid eventually to fifth.", [("place", "Jason Brown", OK, "final")]),
    ("wc2024/men", "Britschgi climbed only to fifth.", [("place", "Lukas Britschgi", WRONG, "final")]),
    # An exclamation inside brackets is an aside, not the end of the sentence around it.
    ("wc2024/women", "kaori (three in a row!!) took gold and levito was second",
     [("medal", "Kaori Sakamoto", OK), ("place", "Isabeau Levito", OK, "final")]),
    ("wc2024/women", "sakamoto (what a night!) was second", [("place", "Kaori Sakamoto", WRONG, "final")]),
    # In a post in lower case, a family name that is also an everyday word ("brown"), or that several skaters
    # share, ends the name begun before it: "jason brown fifth" is his place, said with no verb.
    ("wc2024/men", "jason brown fifth, britschgi sixth", [("place", "Jason Brown", OK, "final"),
                                                          ("place", "Lukas Britschgi", OK, "final")]),
    ("wc2024/men", "jason brown fourth as always", [("place", "Jason Brown", WRONG, "final")]),
    # After a final place, a segment named for an earlier place is no longer the standings: "and Chiba was
    # seventh" is her final place, not her rank after the short program.
    ("wc2024/women", "Hendrickx had been third after the short program but slipped to fourth, and Mone Chiba was "
     "seventh.",
     [("segment_place", "Loena Hendrickx", WRONG, "short_program"), ("place", "Loena Hendrickx", OK, "final"),
      ("place", "Mone Chiba", OK, "final")]),
    # "first in both segments", "second in both programs": that rank in each segment, not a final place.
    ("gpf2324/women", "Sakamoto: gold, first in both segments.",
     [("medal", "Kaori Sakamoto", OK), ("segment_place", "Kaori Sakamoto", OK, "short_program"),
      ("segment_place", "Kaori Sakamoto", OK, "free_skate")]),
    ("gpf2324/women", "Sakamoto was second in both programs.",
     [("segment_place", "Kaori Sakamoto", WRONG, "short_program"),
      ("segment_place", "Kaori Sakamoto", WRONG, "free_skate")]),
    ("gpf2324/women", "Sakamoto took gold, sweeping both programs.",
     [("medal", "Kaori Sakamoto", OK), ("segment_place", "Kaori Sakamoto", OK, "short_program"),
      ("segment_place", "Kaori Sakamoto", OK, "free_skate")]),
    # A couple's segments are the dance's when the sentence names only a dance's segments.
    ("gpf2324", "Chock and Bates topped the rhythm dance and the free dance, and Guignard and Fabbri were second "
     "in both segments.",
     [("segment_place", "Madison Chock / Evan Bates", OK, "rhythm_dance"),
      ("segment_place", "Madison Chock / Evan Bates", OK, "free_dance"),
      ("segment_place", "Charlène Guignard / Marco Fabbri", NOT, "rhythm_dance"),
      ("segment_place", "Charlène Guignard / Marco Fabbri", NOT, "free_dance")]),
    # A dance's "rhythm", "the short" and "the free", and segments won "alike".
    ("gpf2324/ice_dance", "Chock and Bates won both the rhythm and the free.",
     [("segment_place", "Madison Chock / Evan Bates", OK, "rhythm_dance"),
      ("segment_place", "Madison Chock / Evan Bates", OK, "free_dance")]),
    ("gpf2324/ice_dance", "Chock and Bates were only second in the free.",
     [("segment_place", "Madison Chock / Evan Bates", WRONG, "free_dance")]),
    ("gpf2324/women", "Sakamoto won gold, winning the short and the free alike.",
     [("medal", "Kaori Sakamoto", OK), ("segment_place", "Kaori Sakamoto", OK, "short_program"),
      ("segment_place", "Kaori Sakamoto", OK, "free_skate")]),
    # A medal taken with a verb of taking ("snuck", "nabbed") and a margin after it.
    ("wc2024/ice_dance", "guignard/fabbri nabbed the bronze only a point or so behind",
     [("medal", "Charlène Guignard / Marco Fabbri", OK)]),
    ("wc2024/ice_dance", "Gilles and Poirier snuck the bronze just behind them.",
     [("medal", "Piper Gilles / Paul Poirier", WRONG)]),
    # "had the best short of the night": first in that segment; never the best of a career.
    ("wc2024/men", "Uno had the best short of the night.", [("segment_place", "Shoma Uno", OK, "short_program")]),
    ("wc2024/men", "Kagiyama skated the best short program.", [("segment_place", "Yuma Kagiyama", WRONG,
                                                               "short_program")]),
    ("wc2024/men", "Kagiyama skated the best short program of his career.", []),
    # A race won by someone is a title won.
    ("gpf2324/men", "The race was won by the American Ilia Malinin.", [("medal", "Ilia Malinin", OK)]),
    ("gpf2324/men", "The race was won by Shoma Uno.", [("medal", "Shoma Uno", WRONG)]),
    # A place that "goes to" someone described by a nationality is theirs, and so is the score right after it.
    ("gpf2324/men", "Malinin won it; third place went to the Japanese Yuma Kagiyama, fourth after the short "
     "program with 99.99.",
     [("medal", "Ilia Malinin", OK), ("place", "Yuma Kagiyama", OK, "final")]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_sentence_reading(results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(results, links, text)
    assert same(got, want), got
