"""Embeds stay inside Discord's limits whatever the data, and show provenance marks."""

from __future__ import annotations

import discord

from bot.services.results import AthleteProfile, ResultsService, Standings
from bot.text import ordinal
from bot.ui import embeds
from bot.ui.flags import NEUTRAL_FLAG, flag
from db.models import Competition, Entry, Event, Figure, Provenance, Segment, SegmentResult, Skater

SINGLE = Provenance("single-source", ("https://example.org",))
DERIVED = Provenance("derived", ("https://example.org",), "total - SP")
MULTI = Provenance("multi-source", ("https://a.example", "https://b.example"))


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
    footer = embeds.provenance_footer([Figure(1.0, SINGLE), Figure(2.0, DERIVED)])
    assert "* single source" in footer and "† derived" in footer
    assert "single source" not in embeds.provenance_footer([Figure(1.0, MULTI)])


def test_ordinals() -> None:
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
    pages = embeds.standings_pages(_huge_standings())
    assert len(pages) == 10  # 95 entries, 10 a page
    for page in pages:
        assert_within_limits(page)
    assert pages[0].footer.text.startswith("Page 1/10")
    assert r"\*Markdown\*" in pages[0].description  # user-visible names cannot inject formatting


async def test_real_embeds_fit(results: ResultsService) -> None:
    for competition in ("owg2026", "owg2022", "owg2018", "wc2025"):
        for event in results.event_choices(competition, ""):
            for page in embeds.standings_pages(await results.standings(competition, event.value)):
                assert_within_limits(page)
    profile: AthleteProfile = await results.profile("Ilia Malinin")
    assert_within_limits(embeds.profile_embed(profile))
    for discipline in ("men", "women", "pairs", "ice_dance", "team"):
        for page in embeds.podium_pages(discipline, await results.podiums(discipline)):
            assert_within_limits(page)
    assert_within_limits(embeds.medal_table_embed(*await results.medal_table("owg2026")))
    assert_within_limits(embeds.head_to_head_embed(await results.compare("Malinin", "Kagiyama")))


def test_a_long_career_is_cut_with_a_count_not_an_error() -> None:
    embed = embeds.new_embed("t")
    embeds.lines_into_fields(embed, "Results", [f"line {i} " + "x" * 200 for i in range(400)])
    assert_within_limits(embed)
    assert embed.fields[-1].value.startswith("… and ")
