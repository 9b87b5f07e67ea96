from __future__ import annotations

import pytest

from bot.errors import Ambiguous, NotFound, UserFacingError
from bot.services.results import ResultsService


async def test_competition_autocomplete_and_resolution(shared_results: ResultsService) -> None:
    newest_first = [c.value for c in shared_results.competition_choices("")]
    # Worlds 2026 (March 2026) is the newest competition known, by its schedule (no results yet)
    assert newest_first[:2] == ["wc2026", "owg2026"] and set(newest_first) >= {"owg2022", "owg2018", "wc2025"}
    assert shared_results.competition_choices("milano")[0].value == "owg2026"
    assert shared_results.competition("owg2022").label == "Beijing 2022"
    assert shared_results.competition("Olympics 2018").key == "owg2018"
    assert shared_results.competition("beijing 2022").key == "owg2022"
    with pytest.raises(Ambiguous):  # Beijing 2022, the 2023 Final and Four Continents 2026 were held there
        shared_results.competition("beijing")
    with pytest.raises(NotFound) as error:
        shared_results.competition("Sapporo 1972")
    assert "No competition matching “Sapporo 1972” in the store" in error.value.message


async def test_event_choices_are_narrowed_by_the_competition(shared_results: ResultsService) -> None:
    events = shared_results.event_choices("owg2026", "")
    assert [c.value for c in events] == ["men", "women", "pairs", "ice_dance", "team"]
    assert [c.value for c in shared_results.event_choices("wc2025", "")] == ["men", "women", "pairs", "ice_dance"]
    assert shared_results.event_choices("Milano Cortina 2026", "ladies")[0].value == "women"
    assert shared_results.event(shared_results.competition("owg2026"), "Ice dance").discipline == "ice_dance"
    with pytest.raises(NotFound, match=r"Did you mean: .*Ice dance"):  # the events it does have
        shared_results.event(shared_results.competition("wc2025"), "team")


async def test_final_standings_in_place_order_with_segments(shared_results: ResultsService) -> None:
    standings = await shared_results.standings("owg2026", "men")
    top = standings.entries[:3]
    assert [e.name for e in top] == ["Mikhail Shaidorov", "Yuma Kagiyama", "Shun Sato"]
    shaidorov = top[0]
    assert shaidorov.total.value == 291.58
    by_key = {s.key: s for s in standings.segments}
    assert shaidorov.segments[by_key["SP"].id].rank.value == 5
    assert shaidorov.segments[by_key["FS"].id].tss.value == 198.64
    # The short program score rests on one low-quality page: its provenance says so.
    sp = shaidorov.segments[by_key["SP"].id].tss
    assert sp.provenance.confidence == "single-source" and "low-quality" in sp.provenance.note
    places = [e.place.value for e in standings.entries if e.place]
    assert places == sorted(places)


async def test_segment_standings_are_ordered_by_segment_score(shared_results: ResultsService) -> None:
    standings = await shared_results.standings("owg2026", "men", "short")
    assert standings.focus is not None and standings.focus.kind == "short_program"
    scores = [e.segments[standings.focus.id].tss.value for e in standings.entries if e.segments[standings.focus.id].tss]
    assert scores == sorted(scores, reverse=True)
    assert standings.entries[0].name == "Ilia Malinin"


async def test_team_event_standings(shared_results: ResultsService) -> None:
    standings = await shared_results.standings("owg2026", "team")
    assert [(t.country, t.points.value) for t in standings.teams[:3]] == [("USA", 69), ("JPN", 68), ("ITA", 60)]


async def test_athlete_profile(shared_results: ResultsService) -> None:
    profile = await shared_results.profile("sakamoto kaori")
    assert profile.athlete.name == "Kaori Sakamoto" and profile.athlete.country == "JPN"
    assert profile.disciplines == ["women"]
    # Medals by kind of competition, junior apart (the store grew with the 2016-18 protocols: her 2017 Skate America
    # silver and her junior bronze at the 2016 Final came with them; tests/unit/test_career.py checks them against
    # the protocols).
    assert profile.medal_count("olympics") == (0, 1, 1)  # 2026, 2022
    assert profile.medal_count("worlds") == (3, 1, 0)  # gold 2022, 2023, 2024 (the bundled seasons), silver 2025
    assert profile.medal_count("grand-prix") == (1, 2, 0)  # Skate America 2017, and the 2025-26 Grand Prix
    assert profile.medal_count("grand-prix-final") == (1, 0, 2)  # gold 2023, bronze 2024 and 2025
    assert profile.medal_count("grand-prix-final", "junior") == (0, 0, 1)
    assert profile.medal_count("olympics", team=True) == (0, 1, 0)
    competitions = {r.competition.key for r in profile.records}
    seasons = {"gpf1819", "wc2019", "wc2021", "wc2022", "gpf2223", "wc2023", "gpf2324", "wc2024", "gpf2425"}
    seasons |= {"gpfra2025", "gpjpn2025", "gpf2025"}  # the bundled seasons 2018-19 to 2025-26
    assert {"owg2026", "owg2022", "wc2025", "gpusa2017", "gprus2017", "gpf1617"} | seasons == competitions
    # One senior total best per scoring era (gpjpn2025.json, wc2022.json, the 2017 Skate America protocols).
    totals = {b.era: (b.score.value, b.competition.key) for b in profile.bests if str(b.label) == "Total"}
    assert totals == {
        "2022-": (227.18, "gpjpn2025"),
        "2018-2022": (236.09, "wc2022"),
        "2010-2018": (210.59, "gpusa2017"),
    }


async def test_couples_have_partners(shared_results: ResultsService) -> None:
    profile = await shared_results.profile("Ryuichi Kihara")
    # Kihara skated with Miu Suzaki in 2017 (Four Continents, NHK Trophy in the protocols), with Riku Miura since.
    assert [p.name for p in profile.partners] == ["Riku Miura", "Miu Suzaki"]
    assert profile.disciplines == ["pairs"] and profile.medal_count("olympics") == (1, 0, 0)  # 2026 pairs gold


async def test_names_resolve_tolerantly_and_unknown_names_suggest(shared_results: ResultsService) -> None:
    for typed in ("Kaori Sakamoto", "SAKAMOTO Kaori", "kaori sakamato", "Sakamoto"):
        assert (await shared_results.skater(typed)).name == "Kaori Sakamoto", typed
    assert (await shared_results.skater("Shaydorov")).name == "Mikhail Shaidorov"
    with pytest.raises(Ambiguous) as ambiguous:
        await shared_results.skater("Miura")
    assert {"Kao Miura", "Riku Miura"} <= {s.label for s in ambiguous.value.suggestions}
    with pytest.raises(NotFound):
        await shared_results.skater("Qqqqqqqq Zzzzzzz")


async def test_skater_choices_stay_within_discord_limits(shared_results: ResultsService) -> None:
    for query in ("", "a", "e", "ma", "x" * 500, "🙂", "/", "坂本"):
        choices = shared_results.skater_choices(query)
        assert len(choices) <= 25
        assert all(1 <= len(str(c.name)) <= 100 and len(c.value) <= 100 for c in choices)


async def test_podiums_and_medal_table(shared_results: ResultsService) -> None:
    podiums = await shared_results.podiums("men")
    # newest first; Worlds 2026 has no podium yet
    assert [p.competition.key for p in podiums][:4] == ["owg2026", "fc2026", "ec2026", "gpf2025"]
    keys = [p.competition.key for p in podiums]
    assert keys.index("wc2025") < keys.index("owg2022") < keys.index("owg2018") < keys.index("gpf2017")
    assert podiums[keys.index("owg2022")].places[0][1:3] == ("Nathan Chen", "USA")
    # The junior Final beside the senior one: its own podium, its event named as a junior one.
    final_2017 = {p.event.level: (p.event.name, p.places[0][1]) for p in podiums if p.competition.key == "gpf2017"}
    assert final_2017["senior"][1] == "Nathan Chen" and "Junior" in final_2017["junior"][0]
    team = await shared_results.podiums("team", "Beijing 2022")
    assert [(p[2], p[3].value) for p in team[0].places] == [("USA", 65), ("JPN", 63), ("ROC", 54)]
    competition, [(level, table)] = await shared_results.medal_table("owg2026")
    assert competition.key == "owg2026" and level == "senior"
    assert sum(r.total for r in table) == 15  # five events, three medals each
    usa = next(r for r in table if r.country == "USA")
    assert usa.gold >= 2  # women's singles and the team event
    assert table == sorted(table, key=lambda r: (-r.gold, -r.silver, -r.bronze, r.country))
    # The 2016 Final's senior and junior events are two medal tables, never one: 12 medals each (four events).
    _, tables = await shared_results.medal_table("gpf1617")
    assert [(level, sum(r.total for r in rows)) for level, rows in tables] == [("senior", 12), ("junior", 12)]


async def test_head_to_head(shared_results: ResultsService) -> None:
    h2h = await shared_results.compare("Ilia Malinin", "Yuma Kagiyama")
    meetings = {(m.competition.key, m.event.key): m for m in h2h.meetings}
    olympic = meetings[("owg2026", "men")]
    assert (olympic.a.place.value, olympic.b.place.value) == (8, 2)
    # Malinin ahead at Worlds 2024 and 2025 and the Finals 2023-2025, Kagiyama at the Olympics
    assert h2h.score == (5, 1)
    partners = await shared_results.compare("Riku Miura", "Ryuichi Kihara")
    assert partners.meetings == []  # one shared entry is not a meeting
    with pytest.raises(UserFacingError, match="two different athletes"):
        await shared_results.compare("Ilia Malinin", "Malinin")


async def test_levels_are_kept_apart_in_names_choices_and_bests(store) -> None:
    from bot.services.importer import import_document
    from bot.services.results import ResultsService
    from db.repositories.results import ResultsRepository

    source = ["https://example.org/junior"]
    junior_event = {
        "id": "junior-women",
        "discipline": "women",
        "level": "junior",
        "name": "Юниорки",
        "segments": [{"id": "FS", "kind": "free_skate", "name": "Free skate"}],
        "entries": [
            {
                "skaters": [{"name": "Kaori Sakamoto"}],
                "country": "JPN",
                "place": {"value": 1, "confidence": "official", "sources": source},
                "total": {"value": 299.99, "confidence": "official", "sources": source},
                "segments": {"FS": {"tss": {"value": 299.99, "confidence": "official", "sources": source}}},
            }
        ],
    }
    document = {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "jcup2016",
                "name": "Junior Cup 2016",
                "season": "2015-16",
                "level": "other",
                "start_date": "2016-01-10",
                "events": [junior_event],
            }
        ],
    }
    await import_document(store, document, source="test")
    service = ResultsService(ResultsRepository(store))
    await service.refresh()
    (event,) = service.events_of(service.competition("jcup2016"))
    assert event.name == "Junior women (Юниорки)"
    assert [c.value for c in service.event_choices("jcup2016", "junior women")] == ["junior-women"]
    profile = await service.profile("Kaori Sakamoto")
    bests = {(b.era, str(b.label)): float(b.score.value) for b in profile.bests}
    # 2015-16: the 2010-18 rules, the era of her junior Final of 2016 too (176.33, the protocols).
    assert bests[("2010-2018", "Total (Junior)")] == 299.99 and bests[("2010-2018", "Free skate (Junior)")] == 299.99
    senior = [score for (_, label), score in bests.items() if label in ("Total", "Free skate")]
    assert senior and max(senior) < 299.99  # the senior bests are the senior scores, in every era
    assert [str(b.label) for b in profile.bests][-2:] == ["Free skate (Junior)", "Total (Junior)"]


@pytest.mark.parametrize(
    ("event", "typed", "kind"),
    [
        ("women", "long", "free_skate"),
        ("women", "long program", "free_skate"),
        ("ice dance", "free", "free_dance"),
        ("ice dance", "short", "rhythm_dance"),  # an event has one short segment
        ("women", "total", None),  # the whole event's result, as a fan types it in the segment option
        ("women", "Overall", None),
        ("ice dance", "final standings", None),
        ("women", "総合", None),
    ],
)
async def test_segment_words_fans_type(
    shared_results: ResultsService, event: str, typed: str, kind: str | None
) -> None:
    standings = await shared_results.standings("owg2026", event, typed)
    assert (standings.focus.kind if standings.focus else None) == kind
    with pytest.raises(NotFound):  # a word of another discipline's segment is no segment of this event
        await shared_results.standings("owg2026", "women", "free dance")
