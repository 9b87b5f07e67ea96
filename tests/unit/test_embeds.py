"""Embeds stay inside Discord's limits whatever the data, and show provenance marks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.discord_layer.ui import embeds
from bot.discord_layer.ui.flags import NEUTRAL_FLAG, flag
from bot.i18n import DEFAULT_LOCALE, Words
from bot.services.results import AthleteProfile, ResultsService, Standings
from bot.text import ordinal
from db.models import Competition, Entry, Event, Figure, Provenance, Segment, SegmentResult, Skater

SINGLE = Provenance("single-source", ("https://example.org",))
DERIVED = Provenance("derived", ("https://example.org",), "total - SP")
MULTI = Provenance("multi-source", ("https://a.example", "https://b.example"))
WORDS = Words(DEFAULT_LOCALE)


def assert_within_limits(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 1 <= len(field.name) <= 256 and 1 <= len(field.value) <= 1024
    assert len(embed.footer.text or "") <= 2048


def test_flags() -> None:
    assert flag("JPN") == "🇯🇵" and flag("usa") == "🇺🇸" and flag("GER") == "🇩🇪"
    assert flag("AIN") == NEUTRAL_FLAG and flag("ROC") == NEUTRAL_FLAG and flag(None) == NEUTRAL_FLAG


def test_provenance_marks() -> None:
    assert embeds.score(Figure(92.94, SINGLE)) == "92.94*"
    assert embeds.score(Figure(181.2, DERIVED)) == "181.20†"
    assert embeds.score(Figure(291.58, MULTI)) == "291.58"
    assert embeds.score(None) == "—"
    footer = embeds.provenance_footer([Figure(1.0, SINGLE), Figure(2.0, DERIVED)], WORDS)
    assert "* single source" in footer and "† derived" in footer
    assert "single source" not in embeds.provenance_footer([Figure(1.0, MULTI)], WORDS)


@pytest.mark.parametrize("ordinal", [ordinal, lambda n: WORDS("ordinal", n=n)], ids=["text", "catalogue"])
def test_ordinals(ordinal: Callable[[int], str]) -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]


def _huge_standings() -> Standings:
    competition = Competition(1, "c", "C" * 300, None, "2030-31", "other", None, None, None, None, None)
    event = Event(1, 1, "men", "M" * 300, "men")
    segments = [
        Segment(1, 1, "SP", "short_program", "Short", None, None, 0),
        Segment(2, 1, "FS", "free_skate", "Free", None, None, 1),
    ]
    entries = []
    for i in range(1, 96):
        result = SegmentResult(1, Figure(i, SINGLE), Figure(99.99, DERIVED), Figure(50.0, MULTI), Figure(49.99, MULTI))
        skater = Skater(i, ("Very Long Name With *Markdown* " * 8)[:190], "JPN", None)
        entries.append(
            Entry(i, 1, "JPN", [skater, skater], Figure(i, MULTI), Figure(299.99, SINGLE), None, {1: result, 2: result})
        )
    return Standings(competition, event, segments, entries)


def test_standings_pages_fit_and_page_by_ten() -> None:
    pages = embeds.standings_pages(_huge_standings(), WORDS)
    assert len(pages) == 10  # 95 entries, 10 a page
    for page in pages:
        assert_within_limits(page)
    assert pages[0].footer.text.startswith("Page 1/10")
    assert r"\*Markdown\*" in pages[0].description  # user-visible names cannot inject formatting


async def test_real_embeds_fit(shared_results: ResultsService) -> None:
    for competition in ("owg2026", "owg2022", "owg2018", "wc2025"):
        for event in shared_results.event_choices(competition, ""):
            for page in embeds.standings_pages(await shared_results.standings(competition, event.value), WORDS):
                assert_within_limits(page)
    profile: AthleteProfile = await shared_results.profile("Ilia Malinin")
    assert_within_limits(embeds.profile_embed(profile, WORDS))
    for discipline in ("men", "women", "pairs", "ice_dance", "team"):
        for page in embeds.podium_pages(discipline, await shared_results.podiums(discipline), WORDS):
            assert_within_limits(page)
    assert_within_limits(embeds.medal_table_embed(*await shared_results.medal_table("owg2026"), WORDS))
    assert_within_limits(embeds.head_to_head_embed(await shared_results.compare("Malinin", "Kagiyama"), WORDS))


def test_a_long_career_is_cut_with_a_count_not_an_error() -> None:
    embed = embeds.new_embed("t")
    embeds.lines_into_fields(embed, "Results", [f"line {i} " + "x" * 200 for i in range(400)], words=WORDS)
    assert_within_limits(embed)
    assert embed.fields[-1].value.startswith("… and ")


def _two_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped catalogues, and a German one that has a few of the results' messages."""
    import shutil

    import bot.i18n
    from bot.i18n import LOCALES_ROOT, Catalogue

    shutil.copytree(LOCALES_ROOT / "en-US", tmp_path / "en-US")
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "results.ftl").write_text(
        "results-none-stored = Noch keine Ergebnisse gespeichert.\n"
        "results-page-footer = Seite { $number }/{ $pages } · { $footer }\n"
        "athlete-medals = Medaillen in diesem Speicher\n",
        encoding="utf-8",
    )
    languages = Catalogue(tmp_path)
    monkeypatch.setattr(bot.i18n, "catalogue", lambda: languages)


def test_cached_pages_are_kept_per_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _two_languages(tmp_path, monkeypatch)
    standings = _huge_standings()
    english, german = Words("en-US"), Words("de")
    en_pages = embeds.standings_pages(standings, english)
    de_pages = embeds.standings_pages(standings, german)
    assert en_pages[0].footer.text.startswith("Page 1/10") and de_pages[0].footer.text.startswith("Seite 1/10")
    # Each language's pages are built once and reused while the standings live, never handed to the other.
    assert embeds.standings_pages(standings, english) is en_pages
    assert embeds.standings_pages(standings, german) is de_pages
    empty = Standings(standings.competition, standings.event, standings.segments, [])
    assert embeds.standings_pages(empty, german)[0].description == "Noch keine Ergebnisse gespeichert."
    assert embeds.standings_pages(empty, english)[0].description == "No results stored for this yet."


async def test_cached_profiles_are_kept_per_language(
    results: ResultsService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _two_languages(tmp_path, monkeypatch)
    profile = await results.profile("Kaori Sakamoto")
    english = embeds.profile_embed(profile, Words("en-US"))
    german = embeds.profile_embed(profile, Words("de"))
    assert english.fields[0].name == "Medals in this store" and german.fields[0].name == "Medaillen in diesem Speicher"
    assert embeds.profile_embed(profile, Words("en-US")) is english
    assert embeds.profile_embed(profile, Words("de")) is german


def test_results_catalogue_words() -> None:
    from bot.i18n import render, t
    from bot.services.results.vocabulary import DISCIPLINES, discipline_phrase, discipline_text, segment_kind_text

    assert [render(discipline_text(d)) for d in DISCIPLINES] == ["Men", "Women", "Pairs", "Ice dance", "Team event"]
    assert render(discipline_phrase("ice_dance")) == "ice dance"
    assert render(segment_kind_text("short_program")) == "Short program"
    assert render("about-counts", competitions=1, events=4, entries=96, skaters=2) == (
        "1 competition · 4 events · 96 entries · 2 skaters"
    )
    assert render(t("compare-discipline-and", first=discipline_phrase("men"), second=discipline_phrase("pairs"))) == (
        "men's singles and pairs"
    )


async def test_a_profile_shows_each_other_spelling_once_in_ordinary_case(shared_results: ResultsService) -> None:
    """Savchenko is stored as "Aliona Savchenko" (the ISU's protocols) with PyeongChang's "Aljona Savchenko" and the
    printed capitals of both: the profile shows the one other spelling, not its capitals."""
    embed = embeds.profile_embed(await shared_results.profile("Aliona Savchenko"), WORDS)
    assert "Also written: Aljona Savchenko\n" in (embed.description or "") + "\n"
