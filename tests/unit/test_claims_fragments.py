"""Sentences that leave their subject out or name it their own way, with sentences written for these tests: a
heading or a sentence names one skater and fragments follow about them (rules/topic.py; when the text names two, or
asks a question, the fragment is no one's); a transcript's speaker says "we" and "I" of themselves (split.py); a
list line's place before "after ... Nth in the short" is the final one (rules/places.py)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_structures import OK, WRONG, same, verdicts

CASES = [
    # A heading naming one skater, in capitals with her country, then fragments about her.
    ("owg2026/women", "NAKAI (JPN). Bronze. Won the short program with 78.71, only ninth in the free skate.",
     [("medal", "Ami Nakai", OK), ("segment_place", "Ami Nakai", OK, "short_program"),
      ("score", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "Nakai. Silver. Won the short program with 78.17.",
     [("medal", "Ami Nakai", WRONG), ("segment_place", "Ami Nakai", OK, "short_program"),
      ("score", "Ami Nakai", WRONG, "short_program")]),
    # A sentence with its subject, then a fragment going on about her.
    ("owg2026/women", "Ami Nakai led after the short program. Ninth in the free skate with 140.45, though.",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", OK, "free_skate"),
      ("score", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "Ami Nakai led after the short program. Then fourth in the free skate.",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", WRONG, "free_skate")]),
    # A fragment with a rival in it is still about the one in view.
    ("owg2026/women", "Alysa Liu was first. Beat Sakamoto in the free skate.",
     [("place", "Alysa Liu", OK), ("order", "Alysa Liu", OK, "free_skate")]),
    # Two named together: whose the fragment is, is not said.
    ("owg2026/women", "Liu and Nakai both skated well. Third overall.", []),
    # A question names whom the fragment after it is about; a question about no one leaves it to no one.
    ("owg2026/women", "Nakai led after the short program. And what happened to Sakamoto? Second overall.",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Nakai led after the short program. Who was ninth in the free skate?",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    # A sentence that opens with words of its own is not a fragment.
    ("owg2026/women", "Nakai led after the short program. The judges had the free skate ninth.",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    # "behind the silver": the silver medallist is compared with, no medal is claimed.
    ("owg2026/women", "Nakai finished third, only a little behind the silver.", [("place", "Ami Nakai", OK)]),
    # A transcript: "we", "I", "my" are the speaker's; a role ("MODERATOR:") is no one, nor is a label outside a
    # transcript ("Note: we were fourth" in a post).
    ("owg2026/women", "MODERATOR: Kaori, our congratulations.\nNAKAI: Thank you. Sadly we were ninth in the free "
     "skate.\nSAKAMOTO: It was hard. I finished second overall and my free was good.",
     [("segment_place", "Ami Nakai", OK, "free_skate"), ("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "NAKAI: Thanks. We were fourth in the free skate.\nSAKAMOTO: Well. I was first overall.",
     [("segment_place", "Ami Nakai", WRONG, "free_skate"), ("place", "Kaori Sakamoto", WRONG)]),
    ("owg2026/women", "Liu won. Note: we were fourth in the free skate at our club competition.",
     [("medal", "Alysa Liu", OK)]),
    # A host's label is no subject: the fragment after it is about the one the talk is on (a host may share a
    # skater's given name); a question naming no one leaves no one in view; headings are no speakers.
    ("owg2026/women", "KAORI: Now the women. Ami Nakai first.\nALYSA: Ninth in the free skate, though.",
     [("place", "Ami Nakai", WRONG), ("segment_place", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "DAVE: Ami Nakai led after the short program. How did it end?\nRACHEL: Second overall.",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    ("owg2026/women", "Women: Nakai led after the short program.\nPairs: we were all tired by then.\nNext up: dance.",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    # A heading naming a segment ("pairs short") sets it for the list lines under it; another heading ends it, and
    # a sentence that is no list line keeps its own reading.
    ("gpusa2025/pairs", "Friday, pairs short\n- Metelkina/Berulava 1st, 78.83\n- Miura/Kihara 2nd, 74.42",
     [("segment_place", "Anastasiia Metelkina / Luka Berulava", OK, "short_program"),
      ("score", "Anastasiia Metelkina / Luka Berulava", OK, "short_program"),
      ("segment_place", "Riku Miura / Ryuichi Kihara", OK, "short_program"),
      ("score", "Riku Miura / Ryuichi Kihara", OK, "short_program")]),
    ("gpusa2025/pairs", "Friday, pairs short\n- Miura/Kihara 1st, 74.24",
     [("segment_place", "Riku Miura / Ryuichi Kihara", WRONG, "short_program"),
      ("score", "Riku Miura / Ryuichi Kihara", WRONG, "short_program")]),
    ("gpusa2025/pairs", "Friday, pairs short\n- Metelkina/Berulava 1st\nSaturday, final results\n- Miura/Kihara 1st",
     [("segment_place", "Anastasiia Metelkina / Luka Berulava", OK, "short_program"),
      ("place", "Riku Miura / Ryuichi Kihara", OK, "final")]),
    ("gpusa2025/pairs", "Pairs short\nMiura and Kihara took gold in the end.",
     [("medal", "Riku Miura / Ryuichi Kihara", OK)]),
    # A description with a family name in it is that family's couple, never the one named before it; a capitalized
    # word that names no one ("the Olympic champion") leaves the description the one before's.
    ("gpusa2017/ice_dance", "Muramoto/Reed were seventh. The Parsons siblings were ninth with 145.54.",
     [("place", "Kana Muramoto / Chris Reed", OK), ("place", "Rachel Parsons / Michael Parsons", OK),
      ("total", "Rachel Parsons / Michael Parsons", OK)]),
    ("gpusa2017/ice_dance", "Muramoto/Reed were seventh. The Parsons siblings were eighth.",
     [("place", "Kana Muramoto / Chris Reed", OK), ("place", "Rachel Parsons / Michael Parsons", WRONG)]),
    ("owg2026/women", "Alysa Liu won. The Olympic champion scored 226.79 in total.",
     [("medal", "Alysa Liu", OK), ("total", "Alysa Liu", OK)]),
    # A quiz's numbered questions: the answer is read with its question; a question asking two things at once
    # ("X: place and score?") leaves each answer unread rather than given the wrong one.
    ("owg2026/women", "Q1. Who was third? A: Ami Nakai, with 212.34.\nQ2. Where did Kaori Sakamoto finish? A: Second.",
     [("place", "Ami Nakai", OK), ("total", "Ami Nakai", WRONG), ("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Q4. Nakai: free skate place and final place? A: Ninth; third.", []),
    # A list line: the place before "after sitting Nth in the short" is the final one, the other the segment's.
    ("gpf1617/pairs", "Zabiiako/Enbert ended fourth, Seguin/Bilodeau fifth after sitting ninth in the short program.",
     [("place", "Natalia Zabiiako / Alexander Enbert", OK), ("place", "Julianne Seguin / Charlie Bilodeau", OK),
      ("segment_place", "Julianne Seguin / Charlie Bilodeau", WRONG, "short_program")]),
    ("gpf1617/pairs", "Seguin/Bilodeau sixth after being sixth in the short program.",
     [("place", "Julianne Seguin / Charlie Bilodeau", WRONG),
      ("segment_place", "Julianne Seguin / Charlie Bilodeau", OK, "short_program")]),
    ("gpf1617/pairs", "Seguin/Bilodeau sixth after a fall in the short program.", []),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_fragments(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
    assert not [g for g in got if g[2] == WRONG and not any(w[1] == g[1] and w[2] == WRONG for w in want)]
