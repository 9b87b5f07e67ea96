"""Japanese stories that name skaters the way fans write them (issue 28, class 9), with sentences written for
these tests: a part of a name with an honorific ("結弦くん", "宇野選手", "ゆづるくん", "ネイサン"), read only
among the story's competition's entrants and only when one of them has it; a couple's nickname only from the
sourced list (data/names/couples/ja.json); and the figures fans write after them.
"""

from __future__ import annotations

import json

import pytest

from bot.services.claims import check_text
from bot.services.claims.japanese_names import COUPLES_FILE, join_spaced_names, name_parts
from bot.services.results import ResultsService
from tests.unit.test_claims_japanese_news import NOT, OK, WRONG, missing, verdicts

CASES = [
    # A given name with くん, a family name with 選手: the one entrant of the story's competition with it.
    (
        "2017年世界選手権の男子で結弦くんが優勝、宇野選手は2位だった。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    ("2017年世界選手権男子、昌磨くんは3位だった。", [("place", "Shoma Uno", WRONG, ("wc2017", "men", None))]),
    # A given name in kana (the reading's word), and a katakana name's first word.
    (
        "2017年世界選手権の男子、ゆづるくんはフリー1位。",
        [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate"))],
    ),
    ("2017年世界選手権男子、ネイサンは6位。", [("place", "Nathan Chen", OK, ("wc2017", "men", None))]),
    # Two entrants share the family name (Kao Miura in the men, Riku Miura in the pairs): not checkable.
    ("2025年フランス杯、三浦くんは10位だった。", [("place", "三浦", NOT, None)]),
    # A couple's sourced nickname: the stored couple; one the store lacks a partner of: not checkable.
    (
        "2023年世界選手権のペアはりくりゅうが金メダル。",
        [("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2023", "pairs", None))],
    ),
    (
        "2023年世界選手権のペアでりくりゅうは2位。",
        [("place", "Riku Miura / Ryuichi Kihara", WRONG, ("wc2023", "pairs", None))],
    ),
    ("2023年世界選手権のアイスダンスでかなだいは11位。", [("place", "かなだい", NOT, None)]),
    # A singles discipline carried from the sentence before is not the next skater's: fans move on to the men
    # without saying so.
    (
        "2017年世界選手権、女子はメドベージェワが優勝。昌磨くんは2位だった。",
        [
            ("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
        ],
    ),
    # With no year, the competition is found from its skaters: their family names (as a source writes the name
    # spaced, "羽生 結弦") are read before the competition is known, when no other stored skater bears them.
    (
        "GPファイナル男子、羽生くんが優勝、宇野選手は3位だった。",
        [("medal", "Yuzuru Hanyu", OK, ("gpf1617", "men", None)), ("place", "Shoma Uno", OK, ("gpf1617", "men", None))],
    ),
    # A name glued to the word before it ("男子羽生くん"), and names written with a space between their parts.
    ("2017年世界選手権、男子羽生くんが優勝。", [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None))]),
    (
        "2017年世界選手権男子、宇野　昌磨は3位、ネイサン チェンは6位だった。",
        [("place", "Shoma Uno", WRONG, ("wc2017", "men", None)), ("place", "Nathan Chen", OK, ("wc2017", "men", None))],
    ),
    # A score right after the final place, or after both segments' places "wrapped up", is the total.
    ("2017年世界選手権男子、宇野昌磨は2位で318.31点。", [("total", "Shoma Uno", WRONG, ("wc2017", "men", None))]),
    (
        "2017年世界選手権男子、宇野昌磨はショート2位、フリーも2位にまとめて318.31点。",
        [("total", "Shoma Uno", WRONG, ("wc2017", "men", None))],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:40] for c in CASES])
async def test_names_as_fans_write_them(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, text)
    assert missing(got, want) == [], got


@pytest.mark.parametrize(
    "text",
    [
        "2017年世界選手権女子、花織ちゃんは優勝。",  # Kaori Sakamoto skated no Worlds 2017: her given name is nobody's
        "2023年世界選手権女子、かおちゃんが優勝。",  # a nickname no source gives: never guessed from her name
        # Given names are read only among a competition's entrants: with none known (which Final is not said, and
        # one skater does not tell it: see test_claims_japanese_fans), they are nobody.
        "GPファイナル男子、結弦くんが優勝した。",
    ],
)
async def test_a_name_part_no_entrant_has_is_nobody(shared_results: ResultsService, text: str) -> None:
    report = await check_text(shared_results, text)
    assert [v.claim.subject for v in report.verdicts] == []


async def test_after_both_segments_places_a_score_is_the_total_or_the_last_segments(
    shared_results: ResultsService,
) -> None:
    """'ショート2位、フリーも2位の204.45点': the total or the free skate's score, never contradicted on the free's
    alone (it matches neither: not checkable). '318.31点' can only be a men's total (magnitudes.py): compared as
    the total, which is 319.31."""
    got = await verdicts(shared_results, "2017年世界選手権男子、宇野昌磨はショート2位、フリーも2位の204.45点。")
    scores = [g for g in got if g[0] in ("score", "total")]
    assert [(g[1], g[2]) for g in scores] == [("Shoma Uno", NOT)], got
    got = await verdicts(shared_results, "2017年世界選手権男子、宇野昌磨はショート2位、フリーも2位の318.31点。")
    scores = [g for g in got if g[0] in ("score", "total")]
    assert [(g[1], g[2], g[3]) for g in scores] == [("Shoma Uno", WRONG, ("wc2017", "men", None))], got


def test_name_parts() -> None:
    assert {"羽生", "結弦", "はにゅう", "ゆづる"} <= name_parts("羽生結弦", ["はにゅう ゆづる"])
    assert name_parts("ネイサン・チェン") == {"ネイサン", "チェン"}


def test_a_written_name_with_a_space_is_the_written_name() -> None:
    assert join_spaced_names("羽生 結弦は優勝、宇野　昌磨は2位") == "羽生結弦は優勝、宇野昌磨は2位"
    assert join_spaced_names("ネイサン チェンが優勝") == "ネイサン・チェンが優勝"
    assert join_spaced_names("女子 坂本") == "女子 坂本"  # a space between words that are no one name stays


def test_every_couples_nickname_has_a_source() -> None:
    for entry in json.loads(COUPLES_FILE.read_text(encoding="utf-8")):
        assert entry["sources"] and entry["quote"] and entry["nickname"] in entry["quote"], entry
        assert len(entry["couple"]) == 2, entry
