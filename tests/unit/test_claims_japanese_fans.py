"""Japanese stories as fans and sites write them (issue 28, class 9), with sentences written for these tests: a
thread's post headers and anchors, the short names of competitions ("GPF", "スケカナ") and a host city alone, a
title from another competition ("…の銀メダリスト", "…女王の"), a place risen to ("4位まで上がった"), the score a
segment's place describes ("フリーでも1位の…点"), skaters and couples the store's Japanese names lack taking the
figures after them, a discipline carried that is not a single skater's, the next season's competition ("翌春…"),
"頂点に立つ" and the points short of a podium.
"""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_japanese_news import NOT, OK, WRONG, missing, verdicts

CASES = [
    # A thread: the posts' headers and anchors are no sentences, and the subject carries over them.
    (
        "【GPF】バンクーバーのグランプリファイナル 女子実況\n\n1 名無しさん＠実況は禁止です\n梨花ちゃん優勝キタ！\n\n"
        "2 名無しさん＠実況は禁止です\n>>1\nショートもフリーも1位だったしな\n\n"
        "3 名無しさん＠実況は禁止です\n坂本花織は3位",
        [
            ("medal", "Rika Kihira", OK, ("gpf1819", "women", None)),
            ("segment_place", "Rika Kihira", OK, ("gpf1819", "women", "short_program")),
            ("segment_place", "Rika Kihira", OK, ("gpf1819", "women", "free_skate")),
            ("place", "Kaori Sakamoto", WRONG, ("gpf1819", "women", None)),
        ],
    ),
    # Short names of competitions.
    (
        "スケカナ2017、宇野昌磨は優勝、ショートは2位だった。",
        [
            ("medal", "Shoma Uno", OK, ("gpcan2017", "men", None)),
            ("segment_place", "Shoma Uno", WRONG, ("gpcan2017", "men", "short_program")),
        ],
    ),
    ("4CC2017、宇野昌磨は2位だった。", [("place", "Shoma Uno", WRONG, ("fc2017", "men", None))]),
    # A title from a competition the store lacks is not checkable, and is not the sentence's competition.
    (
        "2017年のスケートカナダ女子、2016年世界選手権の銀メダリストの本郷理華は総合6位。",
        [("medal", "Rika Hongo", NOT, None), ("place", "Rika Hongo", OK, ("gpcan2017", "women", None))],
    ),
    # ... nor the next sentences': the title is of the skater the story is about.
    (
        "2017年のスケートカナダ男子は宇野昌磨が優勝。元世界ジュニア王者が貫禄を見せた。ショートも1位。",
        [
            ("medal", "Shoma Uno", OK, ("gpcan2017", "men", None)),
            ("medal", "Shoma Uno", NOT, None),
            ("segment_place", "Shoma Uno", OK, ("gpcan2017", "men", "short_program")),
        ],
    ),
    # A title whose year is not said is not checkable (most often the title held coming in); "ダントツ優勝" is
    # the skater's win, and a TV programme ("特集番組") no couple.
    (
        "2017年のスケートカナダ男子、世界選手権銀メダリストの宇野昌磨がダントツ優勝。特集番組でもショートは1位と紹介。",
        [
            ("medal", "Shoma Uno", NOT, None),
            ("medal", "Shoma Uno", OK, ("gpcan2017", "men", None)),
            ("segment_place", "Shoma Uno", OK, ("gpcan2017", "men", "short_program")),
        ],
    ),
    # A title from a stored competition is checked there.
    (
        "2018年GPファイナル女王の紀平梨花は、2019年世界選手権で4位だった。",
        [
            ("medal", "Rika Kihira", OK, ("gpf1819", "women", None)),
            ("place", "Rika Kihira", OK, ("wc2019", "women", None)),
        ],
    ),
    # A place risen or fallen to is a result, not a range.
    (
        "2019年世界選手権女子、紀平梨花は総合4位まで順位を上げた。宮原知子は5位まで上がった。",
        [
            ("place", "Rika Kihira", OK, ("wc2019", "women", None)),
            ("place", "Satoko Miyahara", WRONG, ("wc2019", "women", None)),
        ],
    ),
    # The score a segment's place describes, the other segment's place another clause's.
    (
        "2017年のスケートカナダ男子、ショート1位の宇野昌磨がフリーでも1位の197.84点をマークした。",
        [("score", "Shoma Uno", WRONG, ("gpcan2017", "men", "free_skate"))],
    ),
    # A discipline carried is no single skater's.
    (
        "2023年世界選手権はアイスダンスの話から。ちなみに坂本花織は優勝した。",
        [("medal", "Kaori Sakamoto", OK, ("wc2023", "women", None))],
    ),
    # The next season's competition, by its city; "頂点に立つ" is the title.
    (
        "2016年のスケートカナダ男子、羽生結弦は2位。翌春ヘルシンキの世界選手権で頂点に立った。",
        [
            ("place", "Yuzuru Hanyu", OK, ("gpcan2016", "men", None)),
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    # A second competition named in a sentence is its clause's, not the next sentence's.
    (
        "2019年世界選手権女子、坂本花織は5位、全日本選手権では優勝した。紀平梨花は4位。",
        [
            ("place", "Kaori Sakamoto", OK, ("wc2019", "women", None)),
            ("medal", "Kaori Sakamoto", NOT, None),
            ("place", "Rika Kihira", OK, ("wc2019", "women", None)),
        ],
    ),
    # The winner as a margin's rival ("優勝のXとは"), though the store lacks the name.
    (
        "2019年世界選手権女子、坂本花織は5位。優勝のザギトワとは14.67点差だった。",
        [("margin", "Kaori Sakamoto", OK, ("wc2019", "women", None))],
    ),
    (
        "2019年世界選手権女子、坂本花織は5位。優勝のザギトワとは15.20点差だった。",
        [("margin", "Kaori Sakamoto", WRONG, ("wc2019", "women", None))],
    ),
    # The points short of a podium: behind whoever was third.
    (
        "2019年世界選手権女子、坂本花織は5位、表彰台まであと0.97点だった。",
        [
            ("place", "Kaori Sakamoto", OK, ("wc2019", "women", None)),
            ("margin", "Kaori Sakamoto", OK, ("wc2019", "women", None)),
        ],
    ),
    (
        "2019年世界選手権女子、坂本花織は5位で、メダルまで1.50点だった。",
        [("margin", "Kaori Sakamoto", WRONG, ("wc2019", "women", None))],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES)
async def test_japanese_as_fans_write(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, text)
    assert missing(got, want) == [], got


@pytest.mark.parametrize(
    "text",
    [
        # (Skaters not entered there: a foreign name of an entrant is found by its sound, see
        # test_claims_japanese_katakana.) A winner the store lacks, as the topic: the figures after are the winner's.
        "2017年のスケートカナダ女子、本郷理華はショート6位。優勝はザギトワで、合計180.00点。",
        # A foreign name with its country in brackets.
        "2017年のスケートカナダ女子、本郷理華はショート6位。ショート2位のアリーナ・ザギトワ（ロシア）は9位に沈んだ。",
        # Katakana names right before their figures, as threads list them.
        "2017年のスケートカナダ女子、本郷理華はショート6位、トゥクタミシェワ2位、ザギトワ優勝",
        # A name the store lacks after a demonstrative ("そのワグナーは"): the one just named, not the subject before.
        "2017年のスケートカナダ女子、本郷理華はショート6位。銅メダルはザギトワ。そのザギトワはショート7位で66.00点。",
    ],
)
async def test_a_skater_the_store_lacks_takes_the_figures_after_them(shared_results: ResultsService, text: str) -> None:
    got = await verdicts(shared_results, text)
    assert got == [("segment_place", "Rika Hongo", OK, ("gpcan2017", "women", "short_program"))], got


async def test_a_couple_the_store_lacks_takes_the_figures_after_it(shared_results: ResultsService) -> None:
    text = "2023年世界選手権のペアは三浦璃来・木原龍一組が優勝。2位はベルトン、ディアン組で合計215.00点。"
    got = await verdicts(shared_results, text)
    assert got == [("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2023", "pairs", None))], got


async def test_an_edition_told_by_the_skaters_named_by_a_part_of_their_names(shared_results: ResultsService) -> None:
    """No year, and names only among entrants ("知子ちゃん"): read among the entrants of every Skate America the
    store holds, the skaters place the story at 2017's."""
    got = await verdicts(shared_results, "スケートアメリカの女子、知子ちゃんが優勝、花織ちゃんは3位。")
    assert (
        missing(
            got,
            [
                ("medal", "Satoko Miyahara", OK, ("gpusa2017", "women", None)),
                ("place", "Kaori Sakamoto", WRONG, ("gpusa2017", "women", None)),
            ],
        )
        == []
    ), got


async def test_a_final_told_by_two_skaters_named_by_their_given_names(shared_results: ResultsService) -> None:
    """Which Final is not said, but of the Finals the store holds only 2016's had both Hanyu and Uno entered."""
    got = await verdicts(shared_results, "GPファイナル男子、結弦くんが優勝、昌磨くんは3位だった。")
    assert (
        missing(
            got,
            [
                ("medal", "Yuzuru Hanyu", OK, ("gpf1617", "men", None)),
                ("place", "Shoma Uno", OK, ("gpf1617", "men", None)),
            ],
        )
        == []
    ), got
