"""Charts from the results (bot/services/charts/build.py), on the bundled store: what is plotted, read back from the
drawn figure's own artists (bot/render/draw.py), is what the store holds; eras are never one line; the stars are the
profile's personal bests; alternative texts in English and Japanese say what the image shows."""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot.i18n import Words
from bot.render.draw import draw
from bot.services.charts.build import athlete_chart, compare_chart, protocol_card, short_label
from bot.services.results import ResultsService
from bot.ui import charts
from db.database import Database
from db.models import Competition

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
    results: ResultsService, store: Database, name: str
) -> None:
    profile = await results.profile(name)
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, EN)
    rendered = draw(chart)
    slots = [c for c in await competitions_by_slot(results, name)]
    plotted: dict[tuple[str, str | None], set[tuple[str, float]]] = defaultdict(set)
    for p, panel in enumerate(chart.panels):
        for s, series in enumerate(panel.series):
            line = rendered.plotted[f"{p}/{s}"]
            assert len(line) == len(series.points)
            # One line never spans two eras: each line's points are of its era alone.
            plotted[(panel.kind, series.era)] |= {(slots[int(x)].key, round(y, 2)) for x, y in line}
    stored = await stored_scores(store, profile.athlete.name)
    assert plotted == stored
    # The x axis names the competitions in time order, short enough for a phone.
    assert list(chart.slots) == [short_label(c) for c in slots]
    assert all(len(label) <= 18 for label in chart.slots)


async def test_two_eras_are_two_lines_and_the_stars_are_the_profiles_bests(results: ResultsService) -> None:
    profile = await results.profile("Shoma Uno")
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, EN)
    rendered = draw(chart)
    assert set(chart.eras) == {"2010-2018", "2018-2022"}
    total = next(p for p, panel in enumerate(chart.panels) if panel.kind == "total")
    assert {s.era for s in chart.panels[total].series} == {"2010-2018", "2018-2022"}
    slots = await competitions_by_slot(results, "Shoma Uno")
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
    assert text.startswith(f"Line chart of Shoma Uno's scores in {len(slots)} competitions, 2016-17 to 2021-22")
    assert "2010–18 rules" in text and "2018–22 rules" in text and "never joined across eras" in text
    for b in profile.bests:
        assert f"{float(b.score.value):.2f} ({b.competition.label})" in text
    assert len(text) <= charts.DESCRIPTION_LIMIT


async def test_japanese_words_and_names_in_japanese_script(results: ResultsService) -> None:
    profile = await results.profile("Kaori Sakamoto")
    answer = athlete_chart(profile)
    assert answer is not None
    chart = charts.worded(answer.chart, JA)
    assert chart.title == "坂本花織：シーズンごとの得点"  # the name as data/names/ja.json cites it, not escaped
    assert chart.y_label == "得点"
    text = charts.athlete_description(answer, JA)
    assert text.startswith("坂本花織の得点の折れ線グラフ")
    assert draw(chart).png.startswith(b"\x89PNG")


async def test_compare_draws_both_totals_where_they_met(results: ResultsService) -> None:
    h2h = await results.compare("Shoma Uno", "Yuzuru Hanyu")
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


async def test_the_protocol_card_holds_every_judges_mark(results: ResultsService, store: Database) -> None:
    view = await results.protocol("Yuzuru Hanyu", "wc2017", "free skate")
    answer = protocol_card(view)
    card = charts.worded(answer.card, EN)
    rendered = draw(card)
    rows = await store.fetchall(
        "SELECT judges, base_value, goe, panel_score FROM protocol_elements WHERE entry_id = ? AND segment_id = ? "
        "ORDER BY number",
        (view.entry.id, view.segment.id),
    )
    import json

    marks = [tuple(float(j) for j in json.loads(r["judges"])) for r in rows]
    assert rendered.plotted["elements"] == tuple(marks)
    assert rendered.plotted["elements/figures"] == tuple((r["base_value"], r["goe"], r["panel_score"]) for r in rows)
    components = await store.fetchall(
        "SELECT judges FROM protocol_components WHERE entry_id = ? AND segment_id = ? ORDER BY position",
        (view.entry.id, view.segment.id),
    )
    assert rendered.plotted["components"] == tuple(tuple(float(j) for j in json.loads(r["judges"])) for r in components)
    assert card.goe_scale == 3  # 2016-17: GOE -3..+3
    assert len(card.judges) == len(marks[0])
    text = charts.protocol_description(answer, view.segment, view.competition.label, EN)
    assert text.startswith("Heat map of the judges' marks in Yuzuru Hanyu's Free skate at Worlds 2017")
    assert "The panel differed most on" in text
