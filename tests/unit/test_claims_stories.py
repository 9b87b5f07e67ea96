"""The classes of issue 28 (stories written like real posts), each with sentences written for these tests.

A case is a story, its links, and the claims a careful checker finds in it: (kind, subject, verdict, reading),
the reading being (competition key, event key, segment kind or None) of the figure the verdict used, or None
when the verdict must use none (the store lacks what the claim is about). A right verdict with a wrong reading
fails, as it does in bench/eval_claims.py.
"""

from __future__ import annotations

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, UNCHECKABLE, check_text
from bot.services.results import ResultsService

OK, WRONG, NOT = CONSISTENT, CONTRADICTED, UNCHECKABLE
FAMILY = {"place": "placing", "medal": "placing", "medallist": "placing", "total": "score"}
Got = tuple[str, str, str, tuple[str, str, str | None] | None]


async def verdicts(results: ResultsService, links: str, text: str) -> list[Got]:
    kwargs: dict[str, int] = {}
    if links:
        key, _, event = links.partition("/")
        competition = results.competition(key)
        kwargs["competition_id"] = competition.id
        if event:
            kwargs["event_id"] = results.event(competition, event).id
    report = await check_text(results, text, **kwargs)
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
    # 1. The story's competition named again in a sentence is one reading, not two that agree.
    ("", "Skate America 2017 was a Japanese affair. At Skate America 2017 Karen Chen came seventh.",
     [("place", "Karen Chen", WRONG, ("gpusa2017", "women", None))]),
    ("gpusa2017/women", "At Skate America 2017 Polina Tsurskaya scored 196.56 in all.",
     [("total", "Polina Tsurskaya", WRONG, ("gpusa2017", "women", None))]),
    # A story whose sentence holds two claims at one place never ends in a traceback.
    ("gpusa2017/women", "Satoko Miyahara. She won the short and the free and took the title with 214.03.",
     [("medal", "Satoko Miyahara", OK, ("gpusa2017", "women", None)),
      ("total", "Satoko Miyahara", OK, ("gpusa2017", "women", None))]),
    # 2. An object pronoun after "behind" is not the sentence's own subject but whoever was named before.
    ("gpfra2016/women", "Evgenia Medvedeva won with 221.54. Maria Sotskova was second, 21.19 points behind her.",
     [("margin", "Maria Sotskova", OK, ("gpfra2016", "women", None))]),
    ("gpfra2016/women", "Evgenia Medvedeva won with 221.54. Maria Sotskova was second, 20.19 points behind her.",
     [("margin", "Maria Sotskova", WRONG, ("gpfra2016", "women", None))]),
    ("gpfra2016/ice_dance", "Papadakis and Cizeron won the title. Hubbell and Donohue ended 18.92 behind them.",
     [("margin", "Madison Hubbell / Zachary Donohue", OK, ("gpfra2016", "ice_dance", None))]),
    # "He" after a sentence naming a rival goes to that sentence's subject, not to the rival named last.
    ("gpfra2016/men", "Javier Fernández beat Denis Ten. He scored 188.81 in the free skate.",
     [("score", "Javier Fernández", OK, ("gpfra2016", "men", "free_skate"))]),
    # 3. Nationality nouns: the one entry of that country in the event; a description with a nationality after a
    # name is that skater only when of that country.
    ("gpfra2016/pairs", "The Germans won the free skate, and the French couple took bronze.",
     [("segment_place", "Aliona Savchenko / Bruno Massot", OK, ("gpfra2016", "pairs", "free_skate")),
      ("medal", "Vanessa James / Morgan Cipres", OK, ("gpfra2016", "pairs", None))]),
    ("gpfra2016/pairs", "The Germans won the free skate, and the French couple took silver.",
     [("medal", "Vanessa James / Morgan Cipres", WRONG, ("gpfra2016", "pairs", None))]),
    ("gpfra2016/pairs", "The Austrian pair scored 92.95 in the free skate.",
     [("score", "Miriam Ziegler / Severin Kiefer", OK, ("gpfra2016", "pairs", "free_skate"))]),
    ("gpfra2016/pairs", "The Russian pair scored 130.70 in the free skate.", [("score", "RUS", NOT, "any")]),
    ("gpfra2016/women", "Wakaba Higuchi took bronze. The Japanese scored 129.46 in the free skate.",
     [("score", "Wakaba Higuchi", OK, ("gpfra2016", "women", "free_skate"))]),
    # 5. Each number belongs to the segment its own part of the clause names.
    ("gpcan2017/men", "Michal Brezina was sixth with 237.04, after being seventh in the short program.",
     [("place", "Michal Brezina", OK, ("gpcan2017", "men", None)),
      ("segment_place", "Michal Brezina", OK, ("gpcan2017", "men", "short_program")),
      ("total", "Michal Brezina", OK, ("gpcan2017", "men", None))]),
    ("gpcan2017/women", "In the free skate she was fourth place, Ashley Wagner said.",
     [("segment_place", "Ashley Wagner", OK, ("gpcan2017", "women", "free_skate"))]),
    # 4. A competition named with its year, even when the year comes first in the sentence, is that edition.
    ("", "Back in 2017, Mai Mihara took gold at the Four Continents Championships in Gangneung with 200.85.",
     [("medal", "Mai Mihara", OK, ("fc2017", "women", None)), ("total", "Mai Mihara", OK, ("fc2017", "women", None))]),
    ("", "In 2016 Patrick Chan was second at the Grand Prix Final in Marseille.",
     [("place", "Patrick Chan", WRONG, ("gpf1617", "men", None))]),
    # 9. Japanese stories: medals, places, segment places and scores, by the written names the store holds.
    ("", "2017年の世界選手権で羽生結弦は金メダル。フリーは1位で、223.20点だった。宇野昌磨はショート2位。",
     [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
      ("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("score", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    ("", "NHK杯2016女子、宮原知子は3位だった。合計198.00点。",
     [("place", "Satoko Miyahara", WRONG, ("gpjpn2016", "women", None)),
      ("total", "Satoko Miyahara", OK, ("gpjpn2016", "women", None))]),
    # "ショートもフリーも": each segment; a family name alone is the one skater named so far with it.
    ("", "中国杯2017で樋口新葉は2位。樋口はショートもフリーも2位だった。",
     [("place", "Wakaba Higuchi", OK, ("gpchn2017", "women", None)),
      ("segment_place", "Wakaba Higuchi", OK, ("gpchn2017", "women", "short_program")),
      ("segment_place", "Wakaba Higuchi", OK, ("gpchn2017", "women", "free_skate"))]),
    # A medal missed is no claim; an Olympic Games the store lacks is not checkable, never checked elsewhere.
    ("", "ソチ五輪で浅田真央は金メダルを逃した。羽生結弦はソチ五輪で優勝した。",
     [("medal", "Yuzuru Hanyu", NOT, None)]),
    # Two disciplines in one sentence: each claim in the event named before it.
    ("", "2025年世界選手権、女子では坂本花織が銀メダル、ペアでは三浦璃来・木原龍一組が優勝。",
     [("medal", "Kaori Sakamoto", OK, ("wc2025", "women", None)),
      ("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2025", "pairs", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_story_classes(results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(results, links, text)
    assert same(got, want), got
