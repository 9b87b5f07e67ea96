"""The claim check on the sentence structures of issue 28, with sentences written for these tests.

Each case is a short story with the links a moderator would give it, and the claims a careful checker finds:
(kind, subject, verdict), and for a checked verdict the segment it was read in when that is the point of the
case ("final" for the final standings). A figure that can be read two ways and matches neither is never
contradicted.
"""

from __future__ import annotations

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, UNCHECKABLE, check_text
from bot.services.results import ResultsService

OK, WRONG, NOT = CONSISTENT, CONTRADICTED, UNCHECKABLE
FAMILY = {"place": "placing", "medal": "placing", "medallist": "placing", "total": "score"}
Got = tuple[str, str, str, str | None]


async def verdicts(results: ResultsService, links: str, text: str) -> list[Got]:
    kwargs: dict[str, int] = {}
    if links:
        key, _, event = links.partition("/")
        competition = results.competition(key)
        kwargs["competition_id"] = competition.id
        if event:
            kwargs["event_id"] = results.event(competition, event).id
    report = await check_text(results, text, **kwargs)
    return [
        (v.claim.kind, v.claim.subject, v.outcome, (v.read_as[2] or "final") if v.read_as else None)
        for v in report.verdicts
    ]


def same(got: list[Got], want: list[tuple[str, ...]]) -> bool:
    """Every wanted claim found with its verdict (and segment read, when given), nothing else checked."""
    left = list(got)
    for kind, subject, outcome, *segment in want:
        match = next(
            (
                g
                for g in left
                if g[1] == subject
                and FAMILY.get(g[0], g[0]) == FAMILY.get(kind, kind)
                and g[2] == outcome
                and (not segment or g[3] == segment[0])
            ),
            None,
        )
        if match is None:
            return False
        left.remove(match)
    return all(outcome == NOT for _, _, outcome, _ in left)


CASES = [
    # 1. A passive agent, and an apposition after it, are not the sentence's subject.
    ("owg2026/women", "Nakai led after the short program, but was overtaken in the free skate by the American "
     "veteran Alysa Liu and finished third.",
     [("segment_place", "Ami Nakai", OK), ("place", "Ami Nakai", OK, "final")]),
    ("owg2026/women", "Nakai was caught in the free skate by the American veteran Alysa Liu and finished second.",
     [("place", "Ami Nakai", WRONG, "final")]),
    ("owg2026/men", "Kagiyama was passed by the Kazakh veteran Mikhail Shaidorov, only fifth after the short "
     "program, and settled for silver.",
     [("segment_place", "Mikhail Shaidorov", OK, "short_program"), ("medal", "Yuma Kagiyama", OK)]),
    ("owg2026/men", "Kagiyama was passed by the Kazakh veteran Mikhail Shaidorov, only third after the short "
     "program, and settled for silver.",
     [("segment_place", "Mikhail Shaidorov", WRONG, "short_program"), ("medal", "Yuma Kagiyama", OK)]),
    ("owg2026/pairs", "The gold was taken by the Japanese pair Miura and Kihara.",
     [("medal", "Riku Miura / Ryuichi Kihara", OK)]),
    ("owg2026/women", "Nakai, beaten by Liu in the free skate, finished third.",
     [("place", "Ami Nakai", OK), ("order", "Ami Nakai", OK, "free_skate")]),
    ("owg2026/women", "Overtaken by Nakai in the short program, Liu finished first.",
     [("place", "Alysa Liu", OK), ("order", "Alysa Liu", OK, "short_program")]),
    ("owg2026/women", "Overtaken by Liu in the short program, Nakai finished third.",
     [("place", "Ami Nakai", OK), ("order", "Ami Nakai", WRONG, "short_program")]),
    ("owg2026/women", "After the short program the lead was taken by Nakai.",
     [("segment_place", "Ami Nakai", OK, "short_program")]),
    ("owg2026/women", "After the short program the lead was taken by Sakamoto.",
     [("segment_place", "Kaori Sakamoto", WRONG, "short_program")]),
    # 2. A segment taken is a segment won.
    ("owg2026/women", "Liu took the free skate.", [("segment_place", "Alysa Liu", OK, "free_skate")]),
    ("owg2026/women", "Sakamoto took the free skate.", [("segment_place", "Kaori Sakamoto", WRONG, "free_skate")]),
    ("owg2026/men", "Malinin claimed the short program with 108.16.",
     [("segment_place", "Ilia Malinin", OK, "short_program"), ("score", "Ilia Malinin", OK, "short_program")]),
    ("owg2026/men", "Shaidorov topped the men's podium.", [("medal", "Mikhail Shaidorov", OK)]),
    ("owg2026", "Kagiyama stood on top of the men's podium.", [("medal", "Yuma Kagiyama", WRONG)]),
    # 3. "the pair", "the ice dancers": that event's entry of the country.
    ("owg2026", "The Japanese pair won the free skate.",
     [("segment_place", "Riku Miura / Ryuichi Kihara", OK, "free_skate")]),
    ("owg2026", "The Japanese pair finished fourth.", [("place", "Riku Miura / Ryuichi Kihara", WRONG)]),
    ("owg2026", "The British ice dancers were seventh.", [("place", "GBR", OK)]),
    # 4. "won it by" after a segment: that segment's margin or the total's, never a confident wrong one.
    ("owg2026/women", "Liu took the free skate. She won it by 2.53 over Sakamoto.",
     [("segment_place", "Alysa Liu", OK), ("place", "Alysa Liu", OK), ("margin", "Alysa Liu", OK, "free_skate")]),
    ("owg2026/women", "Liu took the free skate. She won it by 3.53 over Sakamoto.",
     [("segment_place", "Alysa Liu", OK), ("place", "Alysa Liu", OK), ("margin", "Alysa Liu", NOT)]),
    ("owg2026/women", "Nakai: bronze, 78.71 in the short, 1.48 ahead of Sakamoto there.",
     [("medal", "Ami Nakai", OK), ("score", "Ami Nakai", OK), ("margin", "Ami Nakai", OK, "short_program")]),
    ("owg2026/women", "Nakai: bronze, 78.71 in the short, 2.48 ahead of Sakamoto there.",
     [("medal", "Ami Nakai", OK), ("score", "Ami Nakai", OK), ("margin", "Ami Nakai", WRONG, "short_program")]),
    ("owg2026/women", "Liu won the free skate with 150.20 and beat Sakamoto by 1.89.",
     [("segment_place", "Alysa Liu", OK), ("score", "Alysa Liu", OK), ("margin", "Alysa Liu", OK, "final")]),
    # 5. A list going on after a subordinate place: the main clause's standings, or that segment's.
    ("owg2026/women", "Glenn was fifth with 214.91, after being fourth in the short, Petrosian sixth and Chiba fourth.",
     [("place", "Amber Glenn", OK), ("total", "Amber Glenn", OK), ("segment_place", "Amber Glenn", WRONG),
      ("place", "Adeliia Petrosian", OK, "final"), ("place", "Mone Chiba", OK)]),
    ("owg2026/women", "Glenn was fifth with 214.91, after being thirteenth in the short, Petrosian seventh.",
     [("place", "Amber Glenn", OK), ("total", "Amber Glenn", OK), ("segment_place", "Amber Glenn", OK),
      ("place", "Adeliia Petrosian", NOT)]),
    # 6. "second best of the night" after a segment said the short way: that segment's place.
    ("owg2026/women", "Sakamoto had a 147.67 free, second best of the night.",
     [("segment_place", "Kaori Sakamoto", OK, "free_skate"), ("score", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Sakamoto had a 147.67 free, fourth best of the night.",
     [("segment_place", "Kaori Sakamoto", WRONG, "free_skate"), ("score", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Liu posted a 76.59 short, only the third best of the day.",
     [("segment_place", "Alysa Liu", OK, "short_program"), ("score", "Alysa Liu", OK)]),
    ("owg2026/women", "Nakai took bronze, after being first in the short, Glenn fifth and Petrosian sixth.",
     [("medal", "Ami Nakai", OK), ("segment_place", "Ami Nakai", OK, "short_program"),
      ("place", "Amber Glenn", OK, "final"), ("place", "Adeliia Petrosian", OK, "final")]),
    ("owg2026/women", "Nakai was first in the short, with a weaker free, ninth best of the night.",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", OK, "free_skate")]),
    # 7. A paragraph about one skater, repeated as "she": a name as an object does not take the next "she"; after
    # a subject named by name, a skater met as an object ("embraced Nakai") may be the next "she": not said.
    ("owg2026/women", "Kaori Sakamoto is a Japanese skater. She trained with Mone Chiba before the Games. "
     "She won silver.", [("medal", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Kaori Sakamoto is a Japanese skater. She thanked Ami Nakai after the Games. She won bronze.",
     [("medal", "Kaori Sakamoto", WRONG)]),
    ("owg2026/women", "Sakamoto beat Nakai in the free skate. She finished second.",
     [("order", "Kaori Sakamoto", OK), ("place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Nakai was overtaken by Liu in the free skate. She finished third.",
     [("order", "Ami Nakai", OK), ("place", "Ami Nakai", OK)]),
    ("owg2026/women", "Sakamoto embraced Nakai after the free skate. She had just won bronze.",
     [("medal", "She", NOT)]),
    # 8. A competition named nowhere and no link: not checkable. A place named without its year in a story that
    # named one season is that season's competition there, unless the story moves to another year; two
    # competitions in one story: each sentence's own.
    ("", "Sakamoto was second with 224.90, and Nakai third.",
     [("place", "Kaori Sakamoto", NOT), ("total", "Kaori Sakamoto", NOT), ("place", "Ami Nakai", NOT)]),
    ("", "Milano Cortina women's review. Liu took the free skate.",
     [("segment_place", "Alysa Liu", OK, "free_skate")]),
    ("", "In Moscow, Medvedeva won the women's event with 213.73.",
     [("medal", "Evgenia Medvedeva", NOT), ("total", "Evgenia Medvedeva", NOT)]),
    ("", "A look back at the 2017-18 Grand Prix.\n\nIn Moscow, Medvedeva won the women's event with 213.73.",
     [("medal", "Evgenia Medvedeva", OK), ("total", "Evgenia Medvedeva", WRONG)]),
    ("", "A look back at the 2017/18 Grand Prix. A year later in Moscow, Medvedeva won the women's event with 213.73.",
     [("medal", "Evgenia Medvedeva", NOT), ("total", "Evgenia Medvedeva", NOT)]),
    ("", "At the 2017 Cup of China, Zagitova won with 213.88. At the 2017 Rostelecom Cup, Medvedeva won with 231.21.",
     [("medal", "Alina Zagitova", OK), ("total", "Alina Zagitova", OK), ("medal", "Evgenia Medvedeva", OK),
      ("total", "Evgenia Medvedeva", OK)]),
    # 9. Standings pasted as text: each row a place, a total and its segment places.
    ("owg2026/women", "1. Alysa Liu  USA  226.79\n2. Kaori Sakamoto  JPN  224.90\n4. Ami Nakai  JPN  219.16",
     [("place", "Alysa Liu", OK, "final"), ("score", "Alysa Liu", OK), ("place", "Kaori Sakamoto", OK),
      ("score", "Kaori Sakamoto", OK), ("place", "Ami Nakai", WRONG), ("score", "Ami Nakai", OK)]),
    ("owg2026/women", "1 Alysa Liu 226.79 (3/1)\n2 Kaori Sakamoto 225.90 (2/2)",
     [("place", "Alysa Liu", OK), ("total", "Alysa Liu", OK, "final"),
      ("segment_place", "Alysa Liu", OK, "short_program"), ("segment_place", "Alysa Liu", OK, "free_skate"),
      ("place", "Kaori Sakamoto", OK), ("total", "Kaori Sakamoto", WRONG, "final"),
      ("segment_place", "Kaori Sakamoto", OK), ("segment_place", "Kaori Sakamoto", OK)]),
    ("owg2026/women", "Pos | Skater | Nation | SP | FS | Total\n1 | Alysa Liu | USA | 3 | 1 | 226.79\n"
     "3 | Ami Nakai | JPN | 1 | 2 | 219.16",
     [("place", "Alysa Liu", OK), ("total", "Alysa Liu", OK), ("segment_place", "Alysa Liu", OK, "short_program"),
      ("segment_place", "Alysa Liu", OK, "free_skate"), ("place", "Ami Nakai", OK), ("total", "Ami Nakai", OK),
      ("segment_place", "Ami Nakai", OK, "short_program"), ("segment_place", "Ami Nakai", WRONG, "free_skate")]),
    ("owg2026/women", "Rank Skater Nat SP FS Total\n2. Kaori Sakamoto JPN 77.23 148.67 224.90",
     [("place", "Kaori Sakamoto", OK), ("total", "Kaori Sakamoto", OK, "final"),
      ("score", "Kaori Sakamoto", OK, "short_program"), ("score", "Kaori Sakamoto", WRONG, "free_skate")]),
    ("owg2026/women", "Short program:\n1. Ami Nakai 78.71\n5. Alysa Liu 76.59",
     [("segment_place", "Ami Nakai", OK, "short_program"), ("score", "Ami Nakai", OK),
      ("segment_place", "Alysa Liu", WRONG, "short_program"), ("score", "Alysa Liu", OK)]),
    # A line that opens with a number but says more is a sentence, not a row.
    ("owg2026/women", "1 Liu won the free skate with 150.20.",
     [("segment_place", "Alysa Liu", OK), ("score", "Alysa Liu", OK)]),
    # 10. A story's competition is one where its skaters skated: a recap that names only the next week's event,
    # about skaters most of whom were not there, is about a competition it did not make out (not checkable).
    ("", "From the archive this week. Virtue and Moir won the ice dance and Cappellini and Lanotte took bronze. In "
     "pairs Duhamel and Radford won ahead of Peng and Jin. Kayne/O'Shea were fourth. Next week we look back at "
     "Skate America 2016.",
     []),
    # A thread naming several competitions by name is about one of them, if any: not the one year's edition of
    # "worlds" where its skaters happen to fit.
    ("", "Hot take: Montreal 2024 and Saitama 2023 were nothing next to this. Papadakis and Cizeron won worlds, "
     "Virtue and Moir were second and the Shibutanis third.",
     []),
    # A host city set at the head of a sentence, with its year written "'17", or after "the podium of" names the
    # competition held there (each alone was no competition before).
    ("", "Sapporo, November 2016. Duhamel and Radford took gold, Peng and Jin were second.",
     [("medal", "Meagan Duhamel / Eric Radford", OK, "final"), ("place", "Peng Cheng / Jin Yang", OK, "final")]),
    ("", "rewatching regina '17 tonight. osmond won, sotskova second.",
     [("medal", "Kaetlyn Osmond", OK, "final"), ("place", "Maria Sotskova", OK, "final")]),
    ("", "Looking back at the podium of Helsinki: Sui and Han won, Tarasova and Morozov were third.",
     [("medal", "Sui Wenjing / Han Cong", OK, "final"), ("place", "Evgenia Tarasova / Vladimir Morozov", OK, "final")]),
    # "junior worlds" in lower case is the junior championship the store lacks, never that season's Worlds: a diary
    # of a season's Grand Prix naming it was checked against the senior Worlds.
    ("", "Season diary, 2016-17. First up: Bobrova and Soloviev won the dance, Chock and Bates took silver, "
     "Weaver and Poje were third. I wrote that Zagitova would win junior worlds, and she did.",
     []),
    # A couple named after a rival list opens its own clause with "were": the place is theirs, not the winner's.
    ("gpusa2016/pairs", "Seguin and Bilodeau won ahead of Denney and Frazier, and Kayne and O'Shea were sixth.",
     [("medal", "Julianne Seguin / Charlie Bilodeau", OK), ("order", "Julianne Seguin / Charlie Bilodeau", OK),
      ("place", "Tarah Kayne / Danny O'Shea", OK, "final")]),
    # A chat's lower-case "the sd" is the short dance.
    ("gpcan2017/ice_dance", "hawayek/baker fourth, they were sixth after the sd",
     [("place", "Kaitlin Hawayek / Jean-Luc Baker", OK, "final"),
      ("segment_place", "Kaitlin Hawayek / Jean-Luc Baker", WRONG, "rhythm_dance")]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_claim_structures(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    got = await verdicts(shared_results, links, text)
    assert same(got, want), got
