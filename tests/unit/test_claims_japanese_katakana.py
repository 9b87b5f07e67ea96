"""Japanese stories in styles the corpus had little of (issue 28, class 9), with sentences written for these tests:
foreign skaters in katakana that data/names/ja.json lacks, found by sound among the competition's entrants only;
a Grand Prix event by its host country ("フランス大会"); what might have been ("もし…ていたら"); a chat's speakers;
a thread post that names several skaters; a name with kana in it and a country before a name the store lacks.
"""

from __future__ import annotations

import pytest

from bot.services.claims.japanese_competitions import named_competition
from bot.services.claims.japanese_katakana import (
    consonants_of_katakana,
    consonants_of_roman,
    matching_chinese,
    matching_entrants,
    sound_index,
)
from bot.services.claims.japanese_posts import chat_message
from bot.services.results import ResultsService
from tests.unit.test_claims_japanese_news import NOT, OK, WRONG, missing, verdicts


@pytest.mark.parametrize(
    ("katakana", "roman"),
    [
        ("コストナー", "kostner"),
        ("シェルバコワ", "shcherbakova"),
        ("クリモフ", "klimov"),
        ("マックス", "max"),
        ("ベイツ", "bates"),
        ("ツィーグラー", "ziegler"),
        ("ラジオノワ", "radionova"),
    ],
)
def test_a_katakana_spelling_sounds_as_the_roman_name(katakana: str, roman: str) -> None:
    assert consonants_of_katakana(katakana) & consonants_of_roman(roman)


def test_only_the_entrants_are_candidates_and_a_short_or_common_word_is_nobody() -> None:
    entrants = [(1, [["carolina", "kostner"]]), (2, [["ashley", "wagner"]]), (3, [["kennedy", "x"]])]
    assert matching_entrants("コストナー", sound_index(entrants)) == [1]
    assert matching_entrants("カロリーナ・コストナー", sound_index(entrants)) == [1]
    assert matching_entrants("カロリーナ・ワグナー", sound_index(entrants)) == []  # each word the same entrant's
    assert matching_entrants("ザギトワ", sound_index(entrants)) == []  # not entered: nobody, never the nearest
    assert matching_entrants("フレイジャー", sound_index([(6, [["lukas", "britschgi"]])])) == []  # a German "g" is hard
    assert matching_entrants("カナダ", sound_index(entrants)) == []  # a country is no name ("Kennedy" sounds the same)
    assert matching_entrants("ハビ", sound_index([(4, [["habib", "x"]])])) == []  # two consonants: too little to tell
    assert matching_entrants("ハビ", sound_index([(4, [["habib", "x"]])]), least=2) == [
        4
    ]  # enough for a couple's partner
    assert matching_entrants("ワグナー", sound_index([*entrants, (5, [["wegner", "y"]])])) == [
        2,
        5,
    ]  # two: the check says so


def test_a_chinese_name_in_kanji_is_the_entrant_whose_whole_name_is_its_pinyin() -> None:
    entrants = [(1, [["peng", "cheng"]]), (2, [["boyang", "jin"]]), (3, [["cheng", "long"]])]
    assert matching_chinese("彭程", sound_index(entrants)) == [1]
    assert matching_chinese("金博洋", sound_index(entrants)) == [2]  # family name last in the store
    assert matching_chinese("程", sound_index(entrants)) == []  # one character: anyone's
    assert matching_chinese("宇野昌磨", sound_index(entrants)) == []  # a Japanese name read in pinyin is no one


CASES = [
    # Katakana names the store's Japanese names lack, of entrants: found by sound, with their figures.
    (
        "2017年のスケートカナダ女子、本郷理華はショート6位。ショート2位のアンナ・ポゴリラヤ（ロシア）は9位に沈んだ。",
        [
            ("segment_place", "Rika Hongo", OK, ("gpcan2017", "women", "short_program")),
            ("segment_place", "Anna Pogorilaya", OK, ("gpcan2017", "women", "short_program")),
        ],
    ),
    (
        "2017年のスケートカナダ女子。銅メダルはワグナー。そのワグナーはショート7位で66.00点。",
        [
            ("medal", "Ashley Wagner", OK, ("gpcan2017", "women", None)),
            ("segment_place", "Ashley Wagner", OK, ("gpcan2017", "women", "short_program")),
            ("score", "Ashley Wagner", WRONG, ("gpcan2017", "women", "short_program")),
        ],
    ),
    (
        "2023年世界選手権のペアは三浦璃来・木原龍一組が優勝。2位はコンティ、マッチ組で合計215.00点。",
        [
            ("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2023", "pairs", None)),
            ("place", "Sara Conti / Niccolò Macii", WRONG, ("wc2023", "pairs", None)),
            ("total", "Sara Conti / Niccolò Macii", WRONG, ("wc2023", "pairs", None)),
        ],
    ),
    # A segment's word after a medal is no one listed ("金メダル フリーも1位").
    (
        "2023年世界選手権、宇野昌磨は金メダル フリーも1位",
        [
            ("medal", "Shoma Uno", OK, ("wc2023", "men", None)),
            ("segment_place", "Shoma Uno", OK, ("wc2023", "men", "free_skate")),
        ],
    ),
    # A Chinese pair in kanji.
    (
        "2017年NHK杯のペア、中国の隋文静、韓聰組が優勝した。",
        [("medal", "Sui Wenjing / Han Cong", OK, ("gpjpn2017", "pairs", None))],
    ),
    # A couple by its partners' short family names in katakana: each one entrant, and the two one couple.
    (
        "2025年世界選手権のアイスダンス、チョック・ベイツ組が金メダル。",
        [("medal", "Madison Chock / Evan Bates", OK, ("wc2025", "ice_dance", None))],
    ),
    # A clause opening with "最後は" (finally) is no skater the store lacks: the margin is still the subject's.
    (
        "2017年のスケートカナダ男子、宇野昌磨はフリー1位。最後は2位に36.30点差をつけて優勝した。",
        [("margin", "Shoma Uno", WRONG, ("gpcan2017", "men", None))],
    ),
    # What might have been is no result.
    (
        "2017年のスケートカナダ男子、宇野昌磨が優勝。もしショートでミスがなかったら、本郷理華も3位だったかもしれない。",
        [("medal", "Shoma Uno", OK, ("gpcan2017", "men", None))],
    ),
    # A Grand Prix event by its host country, with its year.
    ("2017年のカナダ大会で宇野昌磨は2位だった。", [("place", "Shoma Uno", WRONG, ("gpcan2017", "men", None))]),
    # A junior Grand Prix event, which the store lacks: not checked against the senior one.
    ("2017年のジュニアGPカナダ大会で宇野昌磨は優勝。", [("medal", "Shoma Uno", NOT, None)]),
]


@pytest.mark.parametrize(("text", "want"), CASES)
async def test_japanese_in_other_styles(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, text)
    assert missing(got, want) == [], got


async def test_two_short_names_that_are_no_couple_of_the_store_are_nobody(shared_results: ResultsService) -> None:
    # Papadakis and Hubbell both skated at Worlds 2019, never together: no couple, and the place is nobody's.
    text = "2019年世界選手権のアイスダンス、パパダキス、ハベル組が2位。"
    got = await verdicts(shared_results, text)
    assert [g for g in got if g[3] is not None] == [], got


async def test_what_might_have_been_is_no_claim(shared_results: ResultsService) -> None:
    text = "2017年のスケートカナダ男子、宇野昌磨が優勝。フリーが決まっていれば2位もあった。"
    got = await verdicts(shared_results, text)
    assert got == [("medal", "Shoma Uno", OK, ("gpcan2017", "men", None))], got


async def test_a_country_before_a_name_the_store_lacks_takes_the_figure(shared_results: ResultsService) -> None:
    for text in (
        "2017年のスケートカナダ女子、本郷理華がショート6位。ロシアのザギトワが4位でした。",
        "2017年のスケートカナダ女子、本郷理華がショート6位。大木ゆかりちゃんは4位でした。",
    ):
        got = await verdicts(shared_results, text)
        assert got == [("segment_place", "Rika Hongo", OK, ("gpcan2017", "women", "short_program"))], got


def test_a_grand_prix_event_by_its_host_country() -> None:
    assert named_competition("GPシリーズ第5戦フランス大会で", None).words == "Grand Prix de France"  # type: ignore[union-attr]
    assert named_competition("中国大会の女子", None).words == "Cup of China"  # type: ignore[union-attr]
    assert named_competition("フランスの選手", None) is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("まなみ：ショート1位！", "ショート1位！"),
        ("[20:15] たけし：合計は？", "合計は？"),
        ("20:16 さき 3位だよ", "3位だよ"),
        ("2位：宇野昌磨", None),  # a standings list's label
        ("SP：104.86", None),
        ("宇野昌磨は2位", None),
    ],
)
def test_a_chat_message_without_its_speaker(line: str, message: str | None) -> None:
    assert chat_message(line) == message


async def test_a_chat_speaker_is_no_one_and_a_post_of_several_skaters_leaves_the_next_one_untold(
    shared_results: ResultsService,
) -> None:
    text = (
        "2017年のスケートカナダ男子\nまなみ：宇野昌磨が優勝！\nたけし：ショートも1位だった\n"
        "まなみ：宇野昌磨は優勝、本郷理華は女子6位\nたけし：フリーは3位だったね"
    )
    got = await verdicts(shared_results, text)
    want = [
        ("medal", "Shoma Uno", OK, ("gpcan2017", "men", None)),
        ("segment_place", "Shoma Uno", OK, ("gpcan2017", "men", "short_program")),
        ("place", "Rika Hongo", OK, ("gpcan2017", "women", None)),
    ]
    assert missing(got, want) == [], got
    assert not [g for g in got if g[0] == "segment_place" and g[3] and g[3][2] == "free_skate"], got
