"""/athlete and /compare over the whole store, through the real client and the sandbox (issue 15): the longest
career fits Discord's limits season by season, bests come per scoring era, and a head-to-head across eras says
so. Figures are checked against the protocols and the curated files (tests/unit/test_career.py reads them)."""

from __future__ import annotations

import json

import pytest

from bot.sandbox.harness import Sandbox
from data.converter.seasons import SEASONS
from tests.unit.test_career import DATA, protocol_results, season_places

ERA_2018_22 = ("2018-19", "2019-20", "2020-21", "2021-22")


def men_of_2018_22() -> dict[str, tuple[str, dict]]:
    """The bundled men's events of the 2018-22 rules (owg2022 and data.converter.seasons.SEASONS), by key:
    (the competition's short name, the event)."""
    found = {}
    for key in ["owg2022", *SEASONS]:
        for competition in json.loads((DATA / f"{key}.json").read_text(encoding="utf-8"))["competitions"]:
            if competition["season"] in ERA_2018_22:
                for event in competition["events"]:
                    if event["discipline"] == "men" and event["level"] == "senior":
                        found[key] = (competition["short_name"], event)
    return found


def entry_of(event: dict, name: str) -> dict | None:
    return next((e for e in event["entries"] if any(s["name"] == name for s in e["skaters"])), None)


pytestmark = pytest.mark.asyncio(loop_scope="module")

# Discord's embed limits, as the sandbox also enforces them (a violation fails the test through the fixture).
TOTAL, FIELDS, FIELD_VALUE = 6000, 25, 1024


def the_embed(result) -> dict:  # type: ignore[no-untyped-def]
    assert result.message is not None and result.message.embeds, result
    [embed] = result.message.embeds
    return embed


def size(embed: dict) -> int:
    fields = sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    return len(embed.get("title", "")) + len(embed.get("description", "")) + fields + len(embed["footer"]["text"])


async def test_the_longest_career_fits_season_by_season(sandbox: Sandbox) -> None:
    row = await sandbox.db.fetchone(
        "SELECT s.name, count(DISTINCT ev.competition_id) AS n FROM skaters s "
        "JOIN entry_skaters es ON es.skater_id = s.id JOIN entries e ON e.id = es.entry_id "
        "JOIN events ev ON ev.id = e.event_id GROUP BY s.id ORDER BY n DESC, s.name LIMIT 1"
    )
    assert row is not None and row["n"] >= 11
    seasons = [
        r["season"]
        for r in await sandbox.db.fetchall(
            "SELECT DISTINCT c.season FROM competitions c JOIN events ev ON ev.competition_id = c.id "
            "JOIN entries e ON e.event_id = ev.id JOIN entry_skaters es ON es.entry_id = e.id "
            "JOIN skaters s ON s.id = es.skater_id WHERE s.name = ? ORDER BY c.season DESC",
            (row["name"],),
        )
    ]
    result = await sandbox.slash("athlete", name=row["name"])
    embed = the_embed(result)
    assert embed["title"] == row["name"]
    assert size(embed) <= TOTAL and len(embed["fields"]) <= FIELDS
    assert all(len(f["value"]) <= FIELD_VALUE for f in embed["fields"])
    season_fields = [f for f in embed["fields"] if " season" in f["name"]]
    assert [f["name"].split(" season")[0] for f in season_fields] == seasons  # newest first
    lines = [line for f in season_fields for line in f["value"].splitlines()]
    assert len(lines) == row["n"]  # one line per competition, none left out
    assert all(line.startswith("**") for line in lines)


async def test_bests_per_era_with_their_competitions(sandbox: Sandbox) -> None:
    """Shoma Uno: the 2016-18 protocols, the 2018-22 seasons and Beijing 2022, and 2022-23 on: a field of bests
    per era, each naming its rules."""
    totals = [
        (entry["total"]["value"], label)
        for label, event in men_of_2018_22().values()
        if (entry := entry_of(event, "Shoma Uno")) and entry.get("total")
    ]
    best_total, where = max(totals)
    protocols = [r for r in protocol_results("Shoma UNO") if r[1] == "MEN"]
    embed = the_embed(await sandbox.slash("athlete", name="Shoma Uno"))
    bests = {f["name"]: f["value"] for f in embed["fields"] if f["name"].startswith("Best scores")}
    assert list(bests) == [
        "Best scores in this store · rules since 2022 (GOE −5 to +5, three components)",
        "Best scores in this store · 2018–22 rules (GOE −5 to +5, five components)",
        "Best scores in this store · 2010–18 rules (GOE −3 to +3, five components)",
    ]
    _, new, old = bests.values()
    assert f"Total: **{best_total:.2f}" in new and f"({where}, " in new
    best_free = max((r[3], r[0]) for r in protocols if r[3])
    assert f"Free skate: **{best_free[0]:.2f}" in old and "Beijing" not in old
    # His seasons say their rules, as his career spans two eras.
    names = [f["name"] for f in embed["fields"]]
    assert "2021-22 season · 2018–22 rules" in names and "2016-17 season · 2010–18 rules" in names


async def test_medals_by_kind_of_competition(sandbox: Sandbox) -> None:
    embed = the_embed(await sandbox.slash("athlete", name="Yuzuru Hanyu"))
    medals = embed["fields"][0]
    assert medals["name"] == "Medals in this store"
    # The 2016-18 protocols and PyeongChang (tests/unit/test_career.py counts them), then the bundled seasons.
    counts = {
        "olympics": [1, 0, 0],
        "worlds": [1, 0, 0],
        "continental": [0, 1, 0],
        "grand-prix-final": [1, 0, 0],
        "grand-prix": [1, 2, 0],
    }
    kinds = {"worlds": "worlds", "grand-prix-final": "grand-prix-final", "grand-prix": "grand-prix"}
    kinds |= {"europeans": "continental", "four-continents": "continental", "olympics": "olympics"}
    for _key, level, place in season_places("Yuzuru Hanyu"):
        if place <= 3:
            counts[kinds[level]][place - 1] += 1
    assert counts["worlds"] != [1, 0, 0]  # the 2019 and 2021 Worlds are bundled
    names = {
        "olympics": "Olympic Winter Games",
        "worlds": "World Championships",
        "continental": "Europeans and Four Continents",
        "grand-prix-final": "Grand Prix Final",
        "grand-prix": "Grand Prix",
    }
    assert medals["value"].splitlines() == [
        f"{names[kind]}: " + " · ".join(f"{m} {n}" for m, n in zip("🥇🥈🥉", counted, strict=True) if n)
        for kind, counted in counts.items()
    ]


async def test_compare_across_eras_says_so(sandbox: Sandbox) -> None:
    """Chen and Uno met at 2016-17 and 2017-18 events (the 2010-18 rules) and in Beijing (2018-22)."""
    chen = {r[0]: r for r in protocol_results("Nathan CHEN") if r[1] == "MEN"}
    uno = {r[0]: r for r in protocol_results("Shoma UNO") if r[1] == "MEN"}
    shared = chen.keys() & uno.keys()
    ahead = sum(chen[c][5] < uno[c][5] for c in shared)
    embed = the_embed(await sandbox.slash("compare", a="Nathan Chen", b="Shoma Uno"))
    assert embed["title"] == "Nathan Chen vs Shoma Uno"
    description = embed["description"]
    assert description.startswith("Their meetings span 2 scoring eras")
    assert f"**2010–18 rules**: 🇺🇸 **Nathan Chen** {ahead} – {len(shared) - ahead} **Shoma Uno** 🇯🇵" in description
    met = [
        (chen_entry["place"]["value"] < uno_entry["place"]["value"])
        for _label, event in men_of_2018_22().values()
        if (chen_entry := entry_of(event, "Nathan Chen"))
        and (uno_entry := entry_of(event, "Shoma Uno"))
        and chen_entry.get("place")
        and uno_entry.get("place")
    ]
    won = sum(met)
    assert len(met) > 1  # Beijing and the bundled 2018-22 seasons
    assert f"**2018–22 rules**: 🇺🇸 **Nathan Chen** {won} – {len(met) - won} **Shoma Uno** 🇯🇵" in description
    names = [f["name"] for f in embed["fields"]]
    assert len(names) == len(shared) + len(met)
    assert names[0] == "Beijing 2022 · Men's singles · 2018–22 rules"
    assert all(name.endswith("· 2018–22 rules") for name in names[: len(met)])
    assert all(name.endswith("· 2010–18 rules") for name in names[len(met) :])
    # Within one era, no warning, the era named once.
    same = the_embed(await sandbox.slash("compare", a="Yuzuru Hanyu", b="Shoma Uno"))
    assert "All judged under the 2010–18 rules" in same["description"] and "span" not in same["description"]
