"""A Japanese member is understood in the words the bot answers with: events, segments and disciplines typed in
Japanese, competitions by their Japanese names, and the event and segment choices in the asker's language."""

from __future__ import annotations

import pytest

from bot.i18n import Words
from bot.services.results import ResultsService

JA = Words("ja")
EN = Words("en-US")


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("男子シングル", "men"),
        ("男子", "men"),
        ("女子シングル", "women"),
        ("女子", "women"),
        ("ペア", "pairs"),
        ("アイスダンス", "ice_dance"),
        ("ダンス", "ice_dance"),
        ("団体", "team"),
        ("団体戦", "team"),
    ],
)
async def test_events_typed_in_japanese(shared_results: ResultsService, typed: str, key: str) -> None:
    competition = shared_results.competition("owg2026")
    assert shared_results.event(competition, typed).key == key


@pytest.mark.parametrize(
    ("event", "typed", "kind"),
    [
        ("men", "ショート", "short_program"),
        ("men", "ショートプログラム", "short_program"),
        ("men", "フリー", "free_skate"),
        ("women", "フリースケーティング", "free_skate"),
        ("ice_dance", "リズムダンス", "rhythm_dance"),
        ("ice_dance", "ショート", "rhythm_dance"),
        ("ice_dance", "フリー", "free_dance"),
        ("ice_dance", "フリーダンス", "free_dance"),
    ],
)
async def test_segments_typed_in_japanese(shared_results: ResultsService, event: str, typed: str, kind: str) -> None:
    competition = shared_results.competition("wc2025")
    assert shared_results.segment(shared_results.event(competition, event), typed).kind == kind


async def test_a_competition_typed_in_japanese_with_an_event_in_japanese(shared_results: ResultsService) -> None:
    for typed, key in (
        ("ミラノ", "owg2026"),
        ("北京五輪", "owg2022"),
        ("世界選手権2025", "wc2025"),
        ("平昌", "owg2018"),
    ):
        competition = shared_results.competition(typed)
        assert competition.key == key, typed
        assert shared_results.event(competition, "女子シングル").key == "women"


async def test_event_and_segment_choices_in_the_askers_language(shared_results: ResultsService) -> None:
    events = shared_results.event_choices("wc2025", "")
    assert [JA(c.name) if not isinstance(c.name, str) else c.name for c in events] == [
        "男子シングル",
        "女子シングル",
        "ペア",
        "アイスダンス",
    ]
    men = shared_results.event(shared_results.competition("wc2025"), "men")
    assert not isinstance(events[0].name, str) and EN(events[0].name) == men.name  # as stored, in English
    assert [c.value for c in shared_results.event_choices("wc2025", "女子")] == ["women"]
    assert [c.value for c in shared_results.event_choices("世界選手権2025", "アイス")] == ["ice_dance"]
    segments = shared_results.segment_choices("wc2025", "men", "")
    assert [JA(c.name) if not isinstance(c.name, str) else c.name for c in segments] == [
        "ショートプログラム",
        "フリースケーティング",
    ]
    assert [c.value for c in shared_results.segment_choices("wc2025", "男子", "フリー")] == [segments[1].value]
    # Without a chosen competition, whose event it is.
    assert all(" · " in JA(c.name) for c in shared_results.event_choices("", "") if not isinstance(c.name, str))


async def test_did_you_mean_in_the_askers_language(shared_results: ResultsService) -> None:
    from bot.errors import NotFound
    from bot.i18n import render

    competition = shared_results.competition("wc2025")
    with pytest.raises(NotFound) as missing:
        shared_results.event(competition, "ノービス男子")
    assert "**男子シングル**" in render(missing.value.text, "ja")
    assert [JA(s.label) for s in missing.value.suggestions if not isinstance(s.label, str)][:1] == ["男子シングル"]
    assert "**" + shared_results.event(competition, "men").name + "**" in missing.value.message  # English as stored
    with pytest.raises(NotFound) as segment:
        shared_results.segment(shared_results.event(competition, "アイスダンス"), "オリジナルダンス")
    assert "**リズムダンス**" in render(segment.value.text, "ja")
    with pytest.raises(NotFound) as discipline:
        await shared_results.podiums("シンクロ")
    assert [s.value for s in discipline.value.suggestions] == ["men", "women", "pairs", "ice_dance", "team"]
    assert "**アイスダンス**" in render(discipline.value.text, "ja")


async def test_the_2018_short_dance_is_abbreviated_sd(shared_results: ResultsService) -> None:
    from bot.services.results.vocabulary import segment_abbreviation

    dance_2018 = shared_results.event(shared_results.competition("owg2018"), "ice dance")
    assert [segment_abbreviation(s) for s in shared_results.segments_of(dance_2018)] == ["SD", "FD"]
    dance_2026 = shared_results.event(shared_results.competition("owg2026"), "ice dance")
    assert [segment_abbreviation(s) for s in shared_results.segments_of(dance_2026)] == ["RD", "FD"]


def test_live_subscription_disciplines_in_japanese() -> None:
    from bot.services.live.service import disciplines_from

    assert disciplines_from("男子, アイスダンス") == ["men", "ice_dance"]
    assert disciplines_from("女子シングル,ペア") == ["women", "pairs"]
