"""/athlete and /compare over the whole store (issue 15): a career by season, medals by kind of competition, personal
bests per scoring era, head-to-heads that say when their meetings were judged under different rules.

The figures are checked against the data the store is built from, read here independently of the importer: the
BuzzFeed protocol tables (../shared/data/buzzfeed-figure-skating-scores/performances.csv: every segment score of
the 2016-17 and autumn 2017 ISU events) and the curated Olympic files (data/owg*.json).
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from bot.discord_layer.ui import embeds
from bot.i18n import Words, render
from bot.services.eras import era_text
from bot.services.results import AthleteProfile, ResultsService
from data.converter.seasons import SEASONS
from db.database import Database
from tests.shared import shared_path

DATA = Path(__file__).resolve().parents[2] / "data"
WORDS = Words("en-US")
# The kind of competition each stored level counts under, as the issue lists them.
KINDS = {
    "olympics": "olympics",
    "worlds": "worlds",
    "europeans": "continental",
    "four-continents": "continental",
    "grand-prix": "grand-prix",
    "grand-prix-final": "grand-prix-final",
}


# --- the data, read independently --------------------------------------------------------------------------
@cache
def protocol_scores() -> dict[tuple[str, str], dict[str, dict[str, float]]]:
    """performances.csv as {(competition name, category "MEN" / "JUNIOR LADIES"): {skater: {"short": tss,
    "free": tss}}}; names as printed ("Yuzuru HANYU"), lower-cased."""
    scores: dict[tuple[str, str], dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    path = shared_path("data", "buzzfeed-figure-skating-scores", "performances.csv")
    with path.open(encoding="utf-8") as file:
        for row in csv.DictReader(file):
            program = row["program"]
            for suffix, segment in (
                (" SHORT PROGRAM", "short"),
                (" SHORT DANCE", "short"),
                (" FREE SKATING", "free"),
                (" FREE DANCE", "free"),
            ):
                if program.endswith(suffix):
                    category = program.removesuffix(suffix)
                    scores[(row["competition"], category)][row["name"].lower()][segment] = float(
                        row["total_segment_score"]
                    )
    return scores


def protocol_results(name: str) -> list[tuple[str, str, float | None, float | None, float | None, int | None]]:
    """A skater's 2016-18 results from the protocols: (competition, category, short, free, total, place), the
    total and place only when both segments were skated (places by total among those who skated both)."""
    found = []
    for (competition, category), skaters in protocol_scores().items():
        mine = skaters.get(name.lower())
        if mine is None:
            continue
        totals = sorted((s["short"] + s["free"] for s in skaters.values() if len(s) == 2), reverse=True)
        total = round(mine["short"] + mine["free"], 2) if len(mine) == 2 else None
        place = totals.index(mine["short"] + mine["free"]) + 1 if total is not None else None
        found.append((competition, category, mine.get("short"), mine.get("free"), total, place))
    return found


def curated_results(key: str, name: str) -> tuple[dict, dict]:
    """A skater's entry in a curated file (data/<key>.json) and its event."""
    document = json.loads((DATA / f"{key}.json").read_text(encoding="utf-8"))
    for competition in document["competitions"]:
        for event in competition["events"]:
            for entry in event["entries"]:
                if any(s["name"] == name for s in entry["skaters"]):
                    return event, entry
    raise AssertionError(f"{name} not in {key}.json")


def season_places(name: str) -> list[tuple[str, str, int]]:
    """(competition key, level, place) of a skater's placed senior entries in the bundled seasons 2018-19 to 2025-26
    (data/<key>.json of data.converter.seasons.SEASONS)."""
    out = []
    for key in SEASONS:
        document = json.loads((DATA / f"{key}.json").read_text(encoding="utf-8"))
        for competition in document["competitions"]:
            for event in competition["events"]:
                for entry in event["entries"]:
                    if any(s["name"] == name for s in entry["skaters"]) and entry.get("place"):
                        out.append((key, competition["level"], entry["place"]["value"]))
    return out


def curated_segment(event: dict, entry: dict, kind: str) -> tuple[float, str]:
    """(score, date) of the entry's segment of that kind."""
    for segment in event["segments"]:
        if segment["kind"] == kind:
            return entry["segments"][segment["id"]]["tss"]["value"], segment["date"]
    raise AssertionError(kind)


def bests_of(profile: AthleteProfile) -> dict[tuple[str | None, str], tuple[float, str]]:
    """{(era, label): (score, competition key)}."""
    return {(b.era, str(b.label)): (float(b.score.value), b.competition.key) for b in profile.bests}


# --- medals by kind of competition -----------------------------------------------------------------------------
async def test_medals_by_kind_of_competition_match_the_protocols(shared_results: ResultsService) -> None:
    """Hanyu won medals at Grand Prix events, the Final, Four Continents and Worlds in 2016-17 and gold in 2018:
    counted by kind of competition from the protocols' totals and the Olympic file, not from the stored places."""
    _, competitions = await shared_results.summary()
    level_of = {c.name: c.level for c in competitions}
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for competition, category, _, _, _, place in protocol_results("Yuzuru HANYU"):
        assert category == "MEN"
        if place is not None and place <= 3:
            expected[KINDS[level_of[competition]]][place - 1] += 1
    _, olympic = curated_results("owg2018", "Yuzuru Hanyu")
    expected["olympics"][olympic["place"]["value"] - 1] += 1
    assert expected["worlds"] == [1, 0, 0] and expected["grand-prix"] == [1, 2, 0]  # the data, as remembered
    for _key, level, place in season_places("Yuzuru Hanyu"):  # 2019 and 2021 Worlds, the 2019 Final
        if place <= 3:
            expected[KINDS[level]][place - 1] += 1
    assert expected["worlds"] == [1, 1, 1] and expected["grand-prix-final"][1] >= 1

    profile = await shared_results.profile("Yuzuru Hanyu")
    for kind in ("olympics", "worlds", "continental", "grand-prix-final", "grand-prix", "other"):
        assert profile.medal_count(kind) == tuple(expected[kind]), kind
    assert all(count.level == "senior" and not count.team for count in profile.medals)

    lines = embeds.profile_embed(profile, WORDS).fields[0].value.splitlines()
    assert lines == [
        "Olympic Winter Games: 🥇 1",
        "World Championships: 🥇 1 · 🥈 1 · 🥉 1",
        "Europeans and Four Continents: 🥈 1",
        "Grand Prix Final: 🥇 1 · 🥈 1",
        "Grand Prix: 🥇 1 · 🥈 2",
    ]


async def test_junior_and_team_medals_are_counted_apart(shared_results: ResultsService) -> None:
    """Sakamoto: a junior bronze at the 2016 Final (protocols), the team silver of 2026 apart from her singles
    medals, and the 2017 Skate America silver as a Grand Prix medal."""
    junior = [r for r in protocol_results("Kaori SAKAMOTO") if r[1] == "JUNIOR LADIES"]
    assert [(c, place) for c, _, _, _, _, place in junior] == [("ISU Grand Prix of Figure Skating Final 2016", 3)]
    senior_gp = [r for r in protocol_results("Kaori SAKAMOTO") if r[1] == "LADIES" and r[5] is not None and r[5] <= 3]
    assert [(c, place) for c, _, _, _, _, place in senior_gp] == [("ISU GP 2017 Bridgestone Skate America", 2)]
    olympic_places = [curated_results(key, "Kaori Sakamoto")[1]["place"]["value"] for key in ("owg2022", "owg2026")]
    worlds_place = curated_results("wc2025", "Kaori Sakamoto")[1]["place"]["value"]
    assert sorted(olympic_places) == [2, 3] and worlds_place == 2

    profile = await shared_results.profile("Kaori Sakamoto")
    assert profile.medal_count("olympics") == (0, 1, 1)
    assert profile.medal_count("olympics", team=True) == (0, 1, 0)  # Japan, second in the 2026 team event
    seasons: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for _key, level, place in season_places("Kaori Sakamoto"):
        if place <= 3:
            seasons[KINDS[level]][place - 1] += 1
    assert profile.medal_count("worlds") == tuple(a + b for a, b in zip((0, 1, 0), seasons["worlds"], strict=True))
    assert profile.medal_count("worlds") == (3, 1, 0)  # 2022-2024 gold (the bundled seasons), 2025 silver
    assert profile.medal_count("grand-prix") == tuple(
        a + b for a, b in zip((0, 1, 0), seasons["grand-prix"], strict=True)
    )
    assert profile.medal_count("grand-prix-final") == tuple(seasons["grand-prix-final"]) == (1, 0, 2)
    assert profile.medal_count("grand-prix-final", "junior") == (0, 0, 1)
    medals = embeds.profile_embed(profile, WORDS).fields[0].value
    assert "Junior · Grand Prix Final: 🥉 1" in medals and "Olympic Winter Games, team event: 🥈 1" in medals


# --- personal bests per era ----------------------------------------------------------------------------------
async def test_hanyu_bests_of_2010_18_and_where_they_came_from(shared_results: ResultsService) -> None:
    """The best of the protocols (2016-18) and of PyeongChang (owg2018.json), each with its competition."""
    protocols = [r for r in protocol_results("Yuzuru HANYU") if r[1] == "MEN"]
    event, olympic = curated_results("owg2018", "Yuzuru Hanyu")
    olympic_sp, sp_day = curated_segment(event, olympic, "short_program")
    olympic_fs, _ = curated_segment(event, olympic, "free_skate")
    pyeongchang = "PyeongChang 2018 Olympic Winter Games"
    candidates = {
        "Short program": [(r[2], r[0]) for r in protocols if r[2]] + [(olympic_sp, pyeongchang)],
        "Free skate": [(r[3], r[0]) for r in protocols if r[3]] + [(olympic_fs, pyeongchang)],
        "Total": [(r[4], r[0]) for r in protocols if r[4]] + [(olympic["total"]["value"], pyeongchang)],
    }
    profile = await shared_results.profile("Yuzuru Hanyu")
    bests = {str(b.label): b for b in profile.bests if b.era == "2010-2018"}
    # his scores in the store: 2016-18, and the 2019 Worlds and Finals and 2021 Worlds of the bundled seasons
    assert {b.era for b in profile.bests} == {"2010-2018", "2018-2022"}
    for label, scores in candidates.items():
        best_score, where = max(scores)
        assert float(bests[label].score.value) == best_score, label
        assert bests[label].competition.name == where, label
    # The Olympic short program record, and his 2017 Worlds free skate and total.
    assert bests["Short program"].date == sp_day == "2018-02-16"
    assert bests["Free skate"].competition.key == bests["Total"].competition.key == "wc2017"

    embed = embeds.profile_embed(profile, WORDS)
    [field] = [f for f in embed.fields if f.name == "Best scores in this store · " + render(era_text("2010-2018"))]
    assert field.value.splitlines() == [
        "Short program: **111.68*** (PyeongChang 2018, 2018-02-16)",
        "Free skate: **223.20** (Worlds 2017, 2017-03-27 to 2017-04-02)",  # the protocols give no day: the dates
        "Total: **321.59†** (Worlds 2017, 2017-03-27 to 2017-04-02)",
    ]


async def test_medvedeva_bests_of_2016_18(shared_results: ResultsService, shared_database: Database) -> None:
    """Medvedeva of the protocols (RUS) and of PyeongChang (entered as OAR): one skater, joined by her federation
    (tests/unit/test_bundled_store.py), whose 2010-18 bests are the best of both, each with its competition."""
    protocols = [r for r in protocol_results("Evgenia MEDVEDEVA") if r[1] == "LADIES"]
    rows = await shared_database.fetchall("SELECT id, country FROM skaters WHERE name = 'Evgenia Medvedeva'")
    assert [row["country"] for row in rows] == ["RUS"]
    event, olympic = curated_results("owg2018", "Evgenia Medvedeva")
    pyeongchang = "PyeongChang 2018 Olympic Winter Games"
    candidates = {
        "Short program": [(r[2], r[0]) for r in protocols if r[2]]
        + [(curated_segment(event, olympic, "short_program")[0], pyeongchang)],
        "Free skate": [(r[3], r[0]) for r in protocols if r[3]]
        + [(curated_segment(event, olympic, "free_skate")[0], pyeongchang)],
        "Total": [(r[4], r[0]) for r in protocols if r[4]] + [(olympic["total"]["value"], pyeongchang)],
    }
    bests = {str(b.label): b for b in (await shared_results.profile(str(rows[0]["id"]))).bests}
    for label, scores in candidates.items():
        best_score, where = max(scores)
        assert (float(bests[label].score.value), bests[label].competition.name) == (best_score, where), label
        assert bests[label].era == "2010-2018"
    # PyeongChang (81.61, 156.65, 238.26) beat every score of hers in the 2016-18 protocols.
    assert {bests[k].competition.key for k in candidates} == {"owg2018"}


async def test_a_career_across_eras_has_a_set_of_bests_per_era(shared_results: ResultsService) -> None:
    """Shoma Uno skated the 2016-18 protocols and Beijing 2022: two sets of bests, each labelled with its rules,
    never one best across them."""
    protocols = [r for r in protocol_results("Shoma UNO") if r[1] == "MEN"]
    event, beijing = curated_results("owg2022", "Shoma Uno")
    profile = await shared_results.profile("Shoma Uno")
    bests = bests_of(profile)
    assert {era for era, _ in bests} == {"2010-2018", "2018-2022", "2022-"}  # 2022-23 and 2023-24: the seasons
    # his 2022 Worlds short program (109.63, wc2022.json) is above Beijing's
    _, worlds_2022 = curated_results("wc2022", "Shoma Uno")
    wc_sp = worlds_2022["segments"]["SP"]["tss"]["value"]
    assert wc_sp > curated_segment(event, beijing, "short_program")[0]
    assert bests[("2018-2022", "Short program")] == (wc_sp, "wc2022")
    assert bests[("2018-2022", "Free skate")] == (worlds_2022["segments"]["FS"]["tss"]["value"], "wc2022")
    # Beijing's total is his best of 2018-22 in the store: his 2022 Worlds total is disputed between sources
    # (312.48 or 312.38), so it is no stored figure
    assert "total" not in worlds_2022
    assert bests[("2018-2022", "Total")] == (beijing["total"]["value"], "owg2022")
    assert bests[("2010-2018", "Short program")][0] == max(r[2] for r in protocols if r[2])
    assert bests[("2010-2018", "Free skate")][0] == max(r[3] for r in protocols if r[3])
    # Uno's 2016-18 total best is above his Beijing total: one best across eras would have hidden the 2022 one.
    assert bests[("2010-2018", "Total")][0] == max(r[4] for r in protocols if r[4]) > beijing["total"]["value"]

    embed = embeds.profile_embed(profile, WORDS)
    best_fields = [f for f in embed.fields if f.name.startswith("Best scores")]
    assert [f.name for f in best_fields] == [
        "Best scores in this store · " + render(era_text(era)) for era in ("2022-", "2018-2022", "2010-2018")
    ]
    assert "(Beijing 2022, " in best_fields[1].value and "Beijing" not in best_fields[2].value


async def test_an_ice_dance_best_of_2010_18_is_a_short_dance(shared_results: ResultsService) -> None:
    """Under the 2010-18 rules the first dance was the short dance; since 2018 the rhythm dance: named as skated,
    and kept apart."""
    protocols = [r for r in protocol_results("Gabriella PAPADAKIS / Guillaume CIZERON") if r[1] == "ICE DANCE"]
    bests = bests_of(await shared_results.profile("Papadakis / Cizeron"))
    assert bests[("2010-2018", "Short dance")][0] == max(r[2] for r in protocols if r[2])
    assert ("2018-2022", "Rhythm dance") in bests and ("2010-2018", "Rhythm dance") not in bests


# --- the career, by season -----------------------------------------------------------------------------------------
async def most_competitions(store: Database) -> tuple[str, int]:
    """The skater with the most competitions in the store, and how many (counted in SQL, not by the service)."""
    row = await store.fetchone(
        "SELECT s.name, count(DISTINCT ev.competition_id) AS n FROM skaters s "
        "JOIN entry_skaters es ON es.skater_id = s.id JOIN entries e ON e.id = es.entry_id "
        "JOIN events ev ON ev.id = e.event_id GROUP BY s.id ORDER BY n DESC, s.name LIMIT 1"
    )
    assert row is not None
    return row["name"], row["n"]


async def test_the_longest_career_in_the_store_by_season_one_line_per_competition(
    shared_results: ResultsService, shared_database: Database
) -> None:
    name, count = await most_competitions(shared_database)
    assert count >= 11
    rows = await shared_database.fetchall(
        "SELECT DISTINCT c.short_name, c.season, c.start_date FROM competitions c JOIN events ev "
        "ON ev.competition_id = c.id JOIN entries e ON e.event_id = ev.id JOIN entry_skaters es "
        "ON es.entry_id = e.id JOIN skaters s ON s.id = es.skater_id WHERE s.name = ? ORDER BY c.start_date DESC",
        (name,),
    )
    profile = await shared_results.profile(name)
    embed = embeds.profile_embed(profile, WORDS)
    assert_within_limits(embed)
    seasons = [f for f in embed.fields if f.name.endswith(" season") or " season · " in f.name]
    assert [f.name.split(" season")[0] for f in seasons] == list(dict.fromkeys(r["season"] for r in rows))
    lines = [line for f in seasons for line in f.value.splitlines()]
    assert [line.split("**")[1] for line in lines] == [r["short_name"] for r in rows]  # newest first, each once
    assert not any("older competition" in f.value for f in embed.fields)  # it all fits: nothing left out


async def test_a_career_line_is_compact(shared_results: ResultsService) -> None:
    profile = await shared_results.profile("Kaori Sakamoto")
    embed = embeds.profile_embed(profile, WORDS)
    text = "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)
    # The senior singles result bare, the team event after it; a junior event named; a derived total marked.
    assert "**Milano Cortina 2026**: 2nd, 224.90 · Team event: 2nd with Japan, 68.00 pts" in text
    assert "**Grand Prix Final 2016** · Junior women's singles: 3rd†, 176.33†" in text
    # Her career spans three eras: each season says the rules its scores were judged under.
    assert "2025-26 season · rules since 2022" in text and "2016-17 season · 2010–18 rules" in text
    # Who did not skate the free skate: the short program, said to be all there is.
    reznichenko = embeds.profile_embed(await shared_results.profile("Igor Reznichenko"), WORDS)
    [row] = [r for r in protocol_results("Igor REZNICHENKO") if r[0] == "ISU World Figure Skating Championships 2017"]
    assert row[3] is None and row[2] is not None
    assert f"**Worlds 2017**: segments only (SP {row[2]:.2f})" in reznichenko.fields[-1].value


async def test_a_career_too_long_for_one_embed_says_how_many_more(shared_results: ResultsService) -> None:
    """Forty seasons of a long career: what fits is shown newest first, the rest counted, never cut silently."""
    from dataclasses import replace

    profile = await shared_results.profile("Guillaume Cizeron")
    seasons = [replace(s, season=f"{1990 + i}-{(91 + i) % 100:02d}") for i in range(10) for s in profile.career]
    long = AthleteProfile(
        **{**{f: getattr(profile, f) for f in AthleteProfile.__dataclass_fields__}, "career": seasons}
    )
    embed = embeds.profile_embed(long, WORDS)
    assert_within_limits(embed)
    total = sum(len(s.competitions) for s in seasons)
    shown = sum(
        len(f.value.splitlines())
        for f in embed.fields
        if " season" in f.name or (f.name == "\u200b" and "**" in f.value)
    )
    more = embed.fields[-1].value
    assert more == f"… and {total - shown} older competitions not shown: see /results for each", more
    assert shown > 10


def assert_within_limits(embed) -> None:  # type: ignore[no-untyped-def]
    assert len(embed) <= embeds.TOTAL_LIMIT and len(embed.fields) <= embeds.FIELDS_LIMIT
    assert len(embed.title or "") <= embeds.TITLE_LIMIT and len(embed.description or "") <= embeds.DESCRIPTION_LIMIT
    for f in embed.fields:
        assert len(f.name) <= embeds.FIELD_NAME_LIMIT and 0 < len(f.value) <= embeds.FIELD_VALUE_LIMIT


# --- head-to-heads across eras -----------------------------------------------------------------------------------
async def test_compare_across_the_whole_history_counts_each_era_apart(shared_results: ResultsService) -> None:
    """Nathan Chen and Shoma Uno met at the 2016 and 2017 Finals, Four Continents and Worlds 2017 (protocols) and in
    Beijing (owg2022.json): two eras, a tally for each, from the protocols' and the file's places."""
    chen = {r[0]: r for r in protocol_results("Nathan CHEN") if r[1] == "MEN"}
    uno = {r[0]: r for r in protocol_results("Shoma UNO") if r[1] == "MEN"}
    shared = chen.keys() & uno.keys()
    _, chen_2022 = curated_results("owg2022", "Nathan Chen")
    _, uno_2022 = curated_results("owg2022", "Shoma Uno")

    h2h = await shared_results.compare("Nathan Chen", "Shoma Uno")
    assert {m.competition.name for m in h2h.meetings if m.era == "2010-2018"} == shared and len(shared) >= 4
    # 2018-22: Beijing, and the 2018 Final of the bundled seasons (Chen 1st, Uno 2nd)
    assert [m.competition.key for m in h2h.meetings if m.era == "2018-2022"] == ["owg2022", "gpf1819"]
    assert h2h.mixes_eras and h2h.eras == ["2018-2022", "2010-2018"]
    old = next(t for t in h2h.tallies if t.era == "2010-2018")
    chen_ahead = sum(chen[c][5] < uno[c][5] for c in shared)
    assert (old.meetings, old.a_wins, old.b_wins) == (len(shared), chen_ahead, len(shared) - chen_ahead)
    new = next(t for t in h2h.tallies if t.era == "2018-2022")
    beijing = chen_2022["place"]["value"] < uno_2022["place"]["value"]
    final = (
        dict((k, p) for k, _, p in season_places("Nathan Chen"))["gpf1819"]
        < dict((k, p) for k, _, p in season_places("Shoma Uno"))["gpf1819"]
    )
    assert (new.meetings, new.a_wins, new.b_wins) == (2, int(beijing) + int(final), 2 - int(beijing) - int(final))

    embed = embeds.head_to_head_embed(h2h, WORDS)
    assert_within_limits(embed)
    assert embed.description.startswith("Their meetings span 2 scoring eras")
    assert f"**2010–18 rules**: 🇺🇸 **Nathan Chen** {chen_ahead} – {len(shared) - chen_ahead} **Shoma Uno**" in (
        embed.description
    )
    assert all(f.name.endswith(("· 2010–18 rules", "· 2018–22 rules")) for f in embed.fields)
    assert embed.fields[0].name == "Beijing 2022 · Men's singles · 2018–22 rules"


async def test_compare_within_one_era_names_it(shared_results: ResultsService) -> None:
    h2h = await shared_results.compare("Yuzuru Hanyu", "Shoma Uno")
    assert not h2h.mixes_eras and h2h.eras == ["2010-2018"]
    assert {m.competition.key for m in h2h.meetings} >= {"owg2018", "wc2017", "fc2017", "gpf1617"}
    embed = embeds.head_to_head_embed(h2h, WORDS)
    assert "All judged under the " + render(era_text("2010-2018")) in embed.description
    assert not any("rules" in f.name for f in embed.fields)


async def test_many_meetings_are_counted_not_cut(shared_results: ResultsService) -> None:
    from dataclasses import replace

    h2h = await shared_results.compare("Nathan Chen", "Shoma Uno")
    many = replace(h2h, meetings=h2h.meetings * 8)  # 40 meetings: more than an embed's 25 fields
    embed = embeds.head_to_head_embed(many, WORDS)
    assert_within_limits(embed)
    shown = len(embed.fields) - 1
    assert embed.fields[-1].value == f"… and {len(many.meetings) - shown} older meetings not shown"


async def test_a_junior_worlds_medal_is_a_junior_medal_of_its_own_kind(store: Database) -> None:
    """No World Junior Championships are bundled: one imported, its junior gold counted as junior, never as a
    senior Worlds medal, and its junior best apart from the senior ones of the same era."""
    from bot.services.importer import import_document
    from db.repositories.results import ResultsRepository

    source = ["https://example.org/wjc2017"]

    def figure(value: float) -> dict:
        return {"value": value, "confidence": "official", "sources": source}

    document = {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "wjc2017",
                "name": "ISU World Junior Championships 2017",
                "season": "2016-17",
                "level": "junior-worlds",
                "start_date": "2017-03-15",
                "events": [
                    {
                        "id": "junior-women",
                        "discipline": "women",
                        "level": "junior",
                        "name": "Junior women",
                        "segments": [{"id": "FS", "kind": "free_skate", "name": "Free skate"}],
                        "entries": [
                            {
                                "skaters": [{"name": "Kaori Sakamoto"}],
                                "country": "JPN",
                                "place": figure(1),
                                "total": figure(150.5),
                                "segments": {"FS": {"tss": figure(150.5)}},
                            }
                        ],
                    }
                ],
            }
        ],
    }
    await import_document(store, document, source="test")
    service = ResultsService(ResultsRepository(store))
    await service.refresh()
    profile = await service.profile("Kaori Sakamoto")
    assert profile.medal_count("junior-worlds", "junior") == (1, 0, 0)
    assert profile.medal_count("worlds") == (3, 1, 0)  # her senior Worlds medals (2022-2025), apart
    lines = embeds.profile_embed(profile, WORDS).fields[0].value.splitlines()
    assert lines[-2:] == ["World Junior Championships: 🥇 1", "Junior · Grand Prix Final: 🥉 1"]  # after the senior
    bests = bests_of(profile)
    assert bests[("2010-2018", "Free skate (Junior)")] == (150.5, "wjc2017")
    assert bests[("2010-2018", "Free skate")][1] == "gpusa2017"  # the senior best of the era stays the senior one
