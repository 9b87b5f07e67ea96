"""Japanese phrasings of places, margins and competitions (issue 28, class 9), with sentences written for these
tests: kanji numerals, a place "発進" (after the short), a place the competition "ended" in, "N点及ばずN位", the
winner the store lacks as a margin's rival, a margin with 差 first ("との差は") or with の ("点の差"), a personal
best's score, a date with its month, "1位の合計", and a sentence naming both segments' places that leaves no
segment in view for the next one.
"""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_japanese_news import OK, WRONG, missing, verdicts

CASES = [
    # Places in kanji numerals, with 十.
    (
        "2019年世界選手権男子、羽生結弦は二位、ネイサン・チェンは一位。女子の坂本花織は十五位。",
        [
            ("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
            ("place", "Nathan Chen", OK, ("wc2019", "men", None)),
            ("place", "Kaori Sakamoto", WRONG, ("wc2019", "women", None)),
        ],
    ),
    # "首位発進", "N位スタート": the place after the short program.
    (
        "2017年世界選手権男子、宇野昌磨は首位発進、羽生結弦は5位スタートだった。",
        [
            ("segment_place", "Shoma Uno", WRONG, ("wc2017", "men", "short_program")),
            ("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "short_program")),
        ],
    ),
    # A year with its month: that year's edition.
    ("2017年12月のGPファイナル男子、宇野昌磨は2位だった。", [("place", "Shoma Uno", OK, ("gpf2017", "men", None))]),
    # After a segment's place and "but", "N点及ばずN位に終わった": the final place, and a margin of the totals.
    (
        "2019年世界選手権男子、羽生結弦はフリーで2位となったが、12.45点及ばず2位に終わった。",
        [
            ("margin", "Yuzuru Hanyu", WRONG, ("wc2019", "men", None)),
            ("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
        ],
    ),
    # "…に終わった" after a segment named in its clause is that segment's place, not the final one; 逆転優勝 is gold.
    (
        "2017年世界選手権男子、羽生結弦はショートは5位に終わったが、フリーで逆転優勝した。",
        [
            ("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "short_program")),
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    # "…発進だったのに5位": after the turn the place is the final one or still the short's, never contradicted on
    # the short's alone; nor is the short in view for the next sentence, whose place is the final one.
    (
        "2019年世界選手権女子、坂本花織はショート2位発進だったのに5位。宮原知子は7位でした。",
        [
            ("segment_place", "Kaori Sakamoto", OK, ("wc2019", "women", "short_program")),
            ("place", "Satoko Miyahara", WRONG, ("wc2019", "women", None)),
        ],
    ),
    # A score before the result it gave, with no segment named ("…点で優勝"): the total.
    (
        "2019年GPファイナル(トリノ)女子、アリョーナ・コストルナヤは245.59点で優勝。",
        [("total", "Alena Kostornaia", WRONG, ("gpf1920", "women", None))],
    ),
    # A standings list: a place then a space and a name is that name's, and a name the store lacks takes the
    # figures after it; but a name that opens a clause of its own ("2位 羽生結弦は") is that clause's subject.
    (
        "2017年世界選手権男子の上位は 1位 羽生結弦 321.59点、2位 ネイサン・チェン、3位 金博洋 303.58点。",
        [
            ("place", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
            ("place", "Nathan Chen", WRONG, ("wc2017", "men", None)),
        ],
    ),
    (
        "2017年世界選手権男子、宇野昌磨は2位 羽生結弦は1位。",
        [("place", "Shoma Uno", OK, ("wc2017", "men", None)), ("place", "Yuzuru Hanyu", OK, ("wc2017", "men", None))],
    ),
    # A segment in view is its event's: after another discipline is named, a place is the final one.
    (
        "2017年世界選手権の女子はフリーでメドベージェワが1位。男子の宇野昌磨は2位。",
        [("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    # Scores after their labels without 点, as lists write them.
    (
        "2017年世界選手権男子、宇野昌磨：SP 104.86 / FS 213.45 / 合計 319.31、2位。",
        [
            ("score", "Shoma Uno", OK, ("wc2017", "men", "short_program")),
            ("score", "Shoma Uno", WRONG, ("wc2017", "men", "free_skate")),
            ("total", "Shoma Uno", OK, ("wc2017", "men", None)),
        ],
    ),
    # Q&A: the question's figure is that of the name the answer opens with.
    (
        "Q. 2017年世界選手権の女子で2位だったのは？\nA. 樋口新葉選手。",
        [("place", "Wakaba Higuchi", WRONG, ("wc2017", "women", None))],
    ),
    ("2017年世界選手権男子の優勝は？羽生結弦！", [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None))]),
    # ... not a name later in the answer (the answer's own subject is a skater the store lacks), nor one denied.
    (
        "Q. 2017年世界選手権男子の3位は？\nA. 金博洋選手です。宇野昌磨選手は2位でした。",
        [("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    ("Q. 2017年世界選手権男子の3位は？\nA: 田中刑事選手ではなく、金博洋選手です。", []),
    # "優勝した<a name the store's Japanese names lack>とはN点差": behind the winner.
    (
        "2019年世界選手権女子、紀平梨花は4位。優勝したアリーナ・ザギトワとは9.88点差だった。",
        [("margin", "Rika Kihira", WRONG, ("wc2019", "women", None))],
    ),
    # A margin written with 差 first ("3位との差は…点") or with の ("…点の差をつけて").
    (
        "2019年世界選手権女子、紀平梨花は4位。3位との差は0.66点だった。",
        [("margin", "Rika Kihira", WRONG, ("wc2019", "women", None))],
    ),
    (
        "2019年世界選手権男子、ネイサン・チェンは2位の羽生結弦に22.45点の差をつけて優勝した。",
        [("margin", "Nathan Chen", OK, ("wc2019", "men", None))],
    ),
    # "<name>との差はわずか…点": the name is the rival, never the subject of the place after.
    (
        "2017年世界選手権男子、宇野昌磨は羽生結弦との差はわずか1.28点で2位。",
        [("margin", "Shoma Uno", WRONG, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    # "自己ベストの…点", "…点のパーソナルベスト": the score is still the subject's, in the segment named.
    (
        "2017年世界選手権男子、宇野昌磨はフリーで自己ベストの213.45点をマークした。",
        [("score", "Shoma Uno", WRONG, ("wc2017", "men", "free_skate"))],
    ),
    # "ともに1位の合計…点": the places are the subject's own, before the total.
    (
        "2019年世界選手権男子、ネイサン・チェンはショート、フリーともに1位の合計323.42点で優勝。",
        [
            ("segment_place", "Nathan Chen", OK, ("wc2019", "men", "short_program")),
            ("segment_place", "Nathan Chen", OK, ("wc2019", "men", "free_skate")),
        ],
    ),
    # Both segments' places named: neither is in view for the next sentence, whose place is the final one.
    (
        "2019年世界選手権男子、ネイサン・チェンはショートもフリーも1位。羽生結弦は2位だった。",
        [("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None))],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:40] for c in CASES])
async def test_japanese_phrasing(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, text)
    assert missing(got, want) == [], got


@pytest.mark.parametrize(
    "text",
    [
        "2017年世界選手権女子、樋口新葉ちゃんに優勝してほしかった。",
        "2017年世界選手権女子、樋口新葉は優勝できなかった。",
        "2017年世界選手権女子、樋口新葉は優勝するかもと思ってた。",
        "2017年世界選手権女子、樋口新葉が2位だったら最高だった。",
        "2017年世界選手権女子、樋口新葉は10位以下に沈んだ。",
        "2017年世界選手権女子、樋口新葉は銅メダルも夢じゃないと言われていた。",
    ],
)
async def test_a_wish_a_guess_a_range_or_a_condition_is_no_result(shared_results: ResultsService, text: str) -> None:
    """Wakaba Higuchi was eleventh: none of these says where she finished, so none is contradicted."""
    got = await verdicts(shared_results, text)
    assert [g for g in got if g[1] == "Wakaba Higuchi"] == [], got


async def test_a_range_aimed_at_then_the_place(shared_results: ResultsService) -> None:
    got = await verdicts(shared_results, "2017年世界選手権女子、三原舞依は3位以内を目指したが5位。")
    assert missing(got, [("place", "Mai Mihara", OK, ("wc2017", "women", None))]) == [], got


@pytest.mark.parametrize(
    "text",
    [
        "2017年世界選手権女子、三原舞依は銅メダルまであと4.97点だった。",
        "2017年世界選手権女子、三原舞依はあと一歩で銅メダルだった。",
    ],
)
async def test_a_medal_almost_had_is_none(shared_results: ResultsService, text: str) -> None:
    """Mai Mihara was fifth: a medal she was a step or some points short of is no medal claimed."""
    got = await verdicts(shared_results, text)
    assert [g for g in got if g[1] == "Mai Mihara"] == [], got


async def test_a_name_with_an_honorific_the_store_lacks_takes_the_figures_after_it(
    shared_results: ResultsService,
) -> None:
    # ソツコワ is no Japanese name the store holds: her places are not the skater's named before.
    got = await verdicts(
        shared_results,
        "2017年のスケートカナダ女子、本郷理華はショート6位。優勝はソツコワ選手で、ショートは3位、フリーは2位。",
    )
    assert [g for g in got if g[1] == "Rika Hongo" and g[0] == "segment_place"] == [
        ("segment_place", "Rika Hongo", OK, ("gpcan2017", "women", "short_program"))
    ], got
