"""/athlete and /compare over the whole store, through the real client and the sandbox (issue 15): the longest
career fits Discord's limits season by season, bests come per scoring era, and a head-to-head across eras says
so. Figures are checked against the protocols and the curated files (tests/unit/test_career.py reads them)."""

from __future__ import annotations

import pytest

from bot.sandbox.harness import Sandbox
from tests.unit.test_career import curated_results, protocol_results

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
    """Shoma Uno: the 2016-18 protocols and Beijing 2022, two fields of bests, each naming its rules."""
    _, beijing = curated_results("owg2022", "Shoma Uno")
    protocols = [r for r in protocol_results("Shoma UNO") if r[1] == "MEN"]
    embed = the_embed(await sandbox.slash("athlete", name="Shoma Uno"))
    bests = {f["name"]: f["value"] for f in embed["fields"] if f["name"].startswith("Best scores")}
    assert list(bests) == [
        "Best scores in this store · 2018–22 rules (GOE −5 to +5, five components)",
        "Best scores in this store · 2010–18 rules (GOE −3 to +3, five components)",
    ]
    new, old = bests.values()
    assert f"Total: **{beijing['total']['value']:.2f}" in new and "(Beijing 2022, " in new
    best_free = max((r[3], r[0]) for r in protocols if r[3])
    assert f"Free skate: **{best_free[0]:.2f}" in old and "Beijing" not in old
    # His seasons say their rules, as his career spans two eras.
    names = [f["name"] for f in embed["fields"]]
    assert "2021-22 season · 2018–22 rules" in names and "2016-17 season · 2010–18 rules" in names


async def test_medals_by_kind_of_competition(sandbox: Sandbox) -> None:
    embed = the_embed(await sandbox.slash("athlete", name="Yuzuru Hanyu"))
    medals = embed["fields"][0]
    assert medals["name"] == "Medals in this store"
    assert medals["value"].splitlines() == [
        "Olympic Winter Games: 🥇 1",
        "World Championships: 🥇 1",
        "Europeans and Four Continents: 🥈 1",
        "Grand Prix Final: 🥇 1",
        "Grand Prix: 🥇 1 · 🥈 2",
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
    assert "**2018–22 rules**: 🇺🇸 **Nathan Chen** 1 – 0 **Shoma Uno** 🇯🇵" in description
    names = [f["name"] for f in embed["fields"]]
    assert len(names) == len(shared) + 1
    assert names[0] == "Beijing 2022 · Men's singles · 2018–22 rules"
    assert all(name.endswith("· 2010–18 rules") for name in names[1:])
    # Within one era, no warning, the era named once.
    same = the_embed(await sandbox.slash("compare", a="Yuzuru Hanyu", b="Shoma Uno"))
    assert "All judged under the 2010–18 rules" in same["description"] and "span" not in same["description"]
