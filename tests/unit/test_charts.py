"""Charts from the results (bot/services/charts/build.py), on the bundled store: what is plotted, read back from the
drawn figure's own artists (bot/render/draw.py), is what the store holds; eras are never one line; the stars are the
profile's personal bests; alternative texts in English and Japanese say what the image shows."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

import pytest

from bot.discord_layer.ui import charts
from bot.i18n import Words
from bot.render.draw import draw
from bot.services.charts.build import (
    athlete_chart,
    compare_chart,
    has_scores,
    podium_card,
    protocol_card,
    short_label,
)
from bot.services.isu.importer import SiteData, read_site
from bot.services.isu.source import FolderSource
from bot.services.live.items import ItemKind
from bot.services.live.items import items as live_items
from bot.services.results import ResultsService
from db.database import Database
from db.models import Competition
from tests.isu_sites import wc2014

EN, JA = Words("en-US"), Words("ja")


async def stored_scores(store: Database, name: str) -> dict[tuple[str, str | None], set[tuple[str, float]]]:
    """(segment kind or total, era) -> {(competition key, score)} straight from the store's tables."""
    found: dict[tuple[str, str | None], set[tuple[str, float]]] = defaultdict(set)
    rows = await store.fetchall(
        "SELECT c.key, s.kind, s.era, sr.tss FROM skaters k JOIN entry_skaters es ON es.skater_id = k.id "
        "JOIN entries e ON e.id = es.entry_id JOIN segment_results sr ON sr.entry_id = e.id "
        "JOIN segments s ON s.id = sr.segment_id JOIN events ev ON ev.id = e.event_id "
        "JOIN competitions c ON c.id = ev.competition_id WHERE k.name = ? AND sr.tss IS NOT NULL",
        (name,),
    )
    for row in rows:
        found[(row["kind"], row["era"])].add((row["key"], round(float(row["tss"]), 2)))
    totals = await store.fetchall(
        "SELECT c.key, e.total, (SELECT max(s.era) FROM segments s WHERE s.event_id = ev.id) AS era "
        "FROM skaters k JOIN entry_skaters es ON es.skater_id = k.id JOIN entries e ON e.id = es.entry_id "
        "JOIN events ev ON ev.id = e.event_id JOIN competitions c ON c.id = ev.competition_id "
        "WHERE k.name = ? AND e.total IS NOT NULL AND ev.discipline != 'team'",
        (name,),
    )
    for row in totals:
        found[("total", row["era"])].add((row["key"], round(float(row["total"]), 2)))
    return found


async def competitions_by_slot(results: ResultsService, name: str) -> list[Competition]:
    profile = await results.profile(name)
    return sorted(
        {r.competition.id: r.competition for r in profile.records}.values(), key=lambda c: (c.start_date or "", c.id)
    )


@pytest.mark.parametrize("name", ["Shoma Uno", "Yuzuru Hanyu"])
async def test_the_plotted_scores_are_the_stores_one_line_per_era(
    shared_results: ResultsService, shared_database: Database, name: str
) -> None:
    profile = await shared_results.profile(name)
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, EN)
    rendered = draw(chart)
    slots = [c for c in await competitions_by_slot(shared_results, name)]
    plotted: dict[tuple[str, str | None], set[tuple[str, float]]] = defaultdict(set)
    for p, panel in enumerate(chart.panels):
        for s, series in enumerate(panel.series):
            line = rendered.plotted[f"{p}/{s}"]
            assert len(line) == len(series.points)
            # One line never spans two eras: each line's points are of its era alone.
            plotted[(panel.kind, series.era)] |= {(slots[int(x)].key, round(y, 2)) for x, y in line}
    stored = await stored_scores(shared_database, profile.athlete.name)
    assert plotted == stored
    # The x axis names the competitions in time order, short enough for a phone.
    assert list(chart.slots) == [short_label(c) for c in slots]
    assert all(len(label) <= 18 for label in chart.slots)


async def test_the_chart_button_is_offered_exactly_when_there_is_a_chart(
    shared_results: ResultsService, shared_database: Database
) -> None:
    """has_scores (the /athlete Chart button) agrees with athlete_chart for every stored skater, those with scores
    and those without (team-only entries, a podium compiled without totals)."""
    rows = await shared_database.fetchall("SELECT id FROM skaters ORDER BY id")
    offered = 0
    for row in rows:
        profile = await shared_results.profile_of([row["id"]])
        assert has_scores(profile) == (athlete_chart(profile) is not None), profile.athlete.name
        offered += has_scores(profile)
    assert 0 < offered < len(rows)  # both kinds are there


async def test_two_eras_are_two_lines_and_the_stars_are_the_profiles_bests(shared_results: ResultsService) -> None:
    profile = await shared_results.profile("Shoma Uno")
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, EN)
    rendered = draw(chart)
    slots = await competitions_by_slot(shared_results, "Shoma Uno")
    stored_eras = {s.era for s in profile.segments.values()}
    assert set(chart.eras) == stored_eras and {"2010-2018", "2018-2022"} <= stored_eras
    total = next(p for p, panel in enumerate(chart.panels) if panel.kind == "total")
    total_eras = [s.era for s in chart.panels[total].series]
    assert {"2010-2018", "2018-2022"} <= set(total_eras) and len(total_eras) == len(set(total_eras))
    starred = {
        (chart.panels[p].kind, slots[int(x)].id, round(y, 2))
        for key, points in rendered.plotted.items()
        if key.endswith("/best")
        for p in [int(key.split("/")[0])]
        for x, y in points
    }
    bests = {(b.kind, b.competition.id, round(float(b.score.value), 2)) for b in profile.bests}
    assert starred == bests
    # The alternative text says what is drawn, with each best.
    text = charts.athlete_description(answer, EN)
    first, last = slots[0].season, slots[-1].season
    assert text.startswith(f"Line chart of Shoma Uno's scores in {len(slots)} competitions, {first} to {last}")
    assert "2010–18 rules" in text and "2018–22 rules" in text and "never joined across eras" in text
    for b in profile.bests:
        assert f"{float(b.score.value):.2f} ({b.competition.label})" in text
    assert len(text) <= charts.DESCRIPTION_LIMIT


async def test_japanese_words_and_names_in_japanese_script(shared_results: ResultsService) -> None:
    profile = await shared_results.profile("Kaori Sakamoto")
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, JA)
    assert chart.title == "坂本花織：シーズンごとの得点"  # the name as data/names/ja.json cites it, not escaped
    assert chart.y_label == "得点"
    text = charts.athlete_description(answer, JA)
    assert text.startswith("坂本花織の得点の折れ線グラフ")
    assert draw(chart).png.startswith(b"\x89PNG")


async def test_compare_draws_both_totals_where_they_met(shared_results: ResultsService) -> None:
    h2h = await shared_results.compare("Shoma Uno", "Yuzuru Hanyu")
    answer = compare_chart(h2h)
    assert answer is not None
    chart = charts.worded(answer.chart, EN)
    rendered = draw(chart)
    individual = [
        m
        for m in sorted(h2h.meetings, key=lambda m: (m.competition.start_date or "", m.event.id))
        if m.event.discipline != "team" and m.a.total and m.b.total
    ]
    assert [x for x, _ in rendered.plotted["a"]] == list(range(len(individual)))
    assert [round(y, 2) for _, y in rendered.plotted["a"]] == [round(float(m.a.total.value), 2) for m in individual]  # type: ignore[union-attr]
    assert [round(y, 2) for _, y in rendered.plotted["b"]] == [round(float(m.b.total.value), 2) for m in individual]  # type: ignore[union-attr]
    assert answer.left_out == len(h2h.meetings) - len(individual)
    text = charts.compare_description(answer, EN)
    assert "Shoma Uno" in text and "Yuzuru Hanyu" in text and f"{len(individual)} events" in text


async def test_the_protocol_card_holds_every_judges_mark(
    shared_results: ResultsService, shared_database: Database
) -> None:
    view = await shared_results.protocol("Yuzuru Hanyu", "wc2017", "free skate")
    answer = protocol_card(view)
    card = charts.worded(answer.card, EN)
    rendered = draw(card)
    rows = await shared_database.fetchall(
        "SELECT judges, base_value, goe, panel_score FROM protocol_elements WHERE entry_id = ? AND segment_id = ? "
        "ORDER BY number",
        (view.entry.id, view.segment.id),
    )
    import json

    marks = [tuple(float(j) for j in json.loads(r["judges"])) for r in rows]
    assert rendered.plotted["elements"] == tuple(marks)
    assert rendered.plotted["elements/figures"] == tuple((r["base_value"], r["goe"], r["panel_score"]) for r in rows)
    components = await shared_database.fetchall(
        "SELECT judges FROM protocol_components WHERE entry_id = ? AND segment_id = ? ORDER BY position",
        (view.entry.id, view.segment.id),
    )
    assert rendered.plotted["components"] == tuple(tuple(float(j) for j in json.loads(r["judges"])) for r in components)
    assert card.goe_scale == 3  # 2016-17: GOE -3..+3
    assert len(card.judges) == len(marks[0])
    text = charts.protocol_description(answer, view.segment, view.competition.label, EN)
    assert text.startswith("Heat map of the judges' marks in Yuzuru Hanyu's Free skate at Worlds 2017")
    assert "The panel differed most on" in text


@pytest.fixture(scope="module")
def worlds_2014() -> SiteData:
    async def read() -> SiteData:
        async with FolderSource(wc2014()) as source:
            return await read_site(source)

    return asyncio.run(read())


def final_of(site: SiteData, number: str) -> dict[str, Any]:
    found = next(i for i in live_items(site) if i.key == f"{number}/final")
    assert found.kind is ItemKind.FINAL
    return found.content


@pytest.mark.parametrize("number", ["001", "002", "003", "004"])
def test_the_podium_card_shows_the_sites_top_three(worlds_2014: SiteData, number: str) -> None:
    answer = podium_card(final_of(worlds_2014, number), "World Championships 2014")
    assert answer is not None and answer.left_out == 0
    card = charts.worded(answer.card, EN)
    rendered = draw(card)
    assert rendered.width == 1000 and rendered.png.startswith(b"\x89PNG")
    # The site's own final result (its rows, not the live item): places 1 to 3, with their totals and nations.
    data = next(c for c in worlds_2014.categories if c.category.number == number)
    podium = sorted((r for r in data.results if r.place is not None and r.place <= 3), key=lambda r: r.place or 0)
    assert rendered.plotted["places"] == tuple(r.place for r in podium) == (1, 2, 3)
    assert rendered.plotted["totals"] == tuple(round(float(r.total or 0), 2) for r in podium)
    assert rendered.plotted["nations"] == tuple(r.skater.nation.upper() for r in podium)
    # The winner's step is the tallest, and the drawing places them in the middle.
    heights = rendered.plotted["heights"]
    assert heights[0] > heights[1] > heights[2]
    text = charts.podium_description(answer, EN)
    assert text.startswith("Podium card of ") and " at World Championships 2014: 1st " in text
    for r in podium:
        assert f"({r.skater.nation.upper()}) {float(r.total or 0):.2f}" in text


async def test_the_podium_card_in_japanese_names_the_skaters_in_japanese_script(
    shared_results: ResultsService, shared_database: Database
) -> None:
    await shared_results.profile("Kaori Sakamoto")  # the results service reads the names' other scripts (data/names/)
    # A final result from the bundled shared_database, in the live item's shape: an event Kaori Sakamoto won.
    rows = await shared_database.fetchall(
        "SELECT e.place, e.total, e.country, k.name, ev.id AS event FROM entries e "
        "JOIN entry_skaters es ON es.entry_id = e.id JOIN skaters k ON k.id = es.skater_id "
        "JOIN events ev ON ev.id = e.event_id WHERE ev.id = (SELECT e1.event_id FROM entries e1 "
        "JOIN entry_skaters s1 ON s1.entry_id = e1.id JOIN skaters k1 ON k1.id = s1.skater_id "
        "WHERE k1.name = 'Kaori Sakamoto' AND e1.place = 1 AND (SELECT count(*) FROM entries e2 "
        "WHERE e2.event_id = e1.event_id AND e2.place <= 3 AND e2.total IS NOT NULL) = 3 "
        "ORDER BY e1.event_id LIMIT 1) "
        "AND e.place <= 3 ORDER BY e.place",
    )
    assert [r["place"] for r in rows] == [1, 2, 3]
    final = {
        "category": "Women",
        "discipline": "women",
        "level": "senior",
        "skaters": [
            {
                "name": r["name"],
                "names": [r["name"]],
                "nation": r["country"],
                "place": r["place"],
                "score": f"{r['total']:.2f}",
            }
            for r in rows
        ],
    }
    answer = podium_card(final, "World Championships")
    assert answer is not None
    card = charts.worded(answer.card, JA)
    rendered = draw(card)
    written = JA.name("Kaori Sakamoto")
    assert written == "坂本花織" and rendered.plotted["names"][0] == written
    assert rendered.plotted["totals"] == tuple(round(float(r["total"]), 2) for r in rows)
    text = charts.podium_description(answer, JA)
    assert text.startswith("World Championships ") and "の表彰台カード：1位 " in text
    assert f"1位 坂本花織（JPN）{float(rows[0]['total']):.2f}" in text
    assert "Kaori Sakamoto" not in text


def test_a_podium_place_without_a_total_is_left_out_and_said() -> None:
    final = {
        "category": "Men",
        "discipline": "men",
        "level": "senior",
        "skaters": [
            {"name": "A", "names": ["A"], "nation": "JPN", "place": 1, "score": "280.10", "status": None},
            {"name": "B", "names": ["B"], "nation": "USA", "place": 2, "score": None, "status": "WD"},
            {"name": "C", "names": ["C"], "nation": "", "place": 3, "score": "250.00", "status": None},
            {"name": "D", "names": ["D"], "nation": "ITA", "place": 4, "score": "240.00", "status": None},
        ],
    }
    answer = podium_card(final, "Test")
    assert answer is not None and answer.left_out == 1
    assert [(s.place, s.total) for s in answer.card.steps] == [(1, 280.10), (3, 250.00)]
    rendered = draw(charts.worded(answer.card, EN))
    assert rendered.plotted["nations"] == ("JPN", "")
    assert "One podium place without a total is not drawn." in charts.podium_description(answer, EN)
    assert podium_card({"skaters": [{"place": 5, "score": "1.00"}]}, "Test") is None
