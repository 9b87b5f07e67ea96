"""End to end: /bests and /records through the sandbox with the real client, inside Discord's limits, saying that
these are the store's bests, not the ISU's lists."""

from __future__ import annotations

import csv

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import UPDATE_MESSAGE, InteractionResult
from tests.e2e.helpers import text_of
from tests.shared import shared_path

pytestmark = pytest.mark.asyncio(loop_scope="module")


def embed(result: InteractionResult) -> dict:
    assert result.message is not None and result.message.embeds, result
    return result.message.embeds[0]


def menu(result: InteractionResult) -> dict:
    [select] = [c for c in result.message.iter_components() if c.get("type") == 3]
    return select


def worlds_2017_free_skate_best() -> tuple[float, str]:
    """The highest men's free skate of Worlds 2017 (the 2016-17 season's best in the store), from the CSV."""
    path = shared_path("data", "buzzfeed-figure-skating-scores", "performances.csv")
    with path.open(newline="") as file:
        return max(
            (float(row["total_segment_score"]), row["name"])
            for row in csv.DictReader(file)
            if row["program"] == "MEN FREE SKATING" and row["competition"].endswith("Championships 2017")
        )


async def test_commands_are_synced_with_their_options(sandbox: Sandbox) -> None:
    commands = {c["name"]: c for c in sandbox.server.commands(sandbox.guild)}
    assert {"bests", "records"} <= set(commands)
    options = {o["name"]: o for o in commands["bests"]["options"]}
    assert list(options) == ["discipline", "season", "segment", "level"]
    assert [c["value"] for c in options["discipline"]["choices"]] == ["men", "women", "pairs", "ice_dance"]
    assert options["season"].get("autocomplete") is True
    assert [c["value"] for c in options["level"]["choices"]] == ["senior", "junior"]


async def test_season_bests_page_for_the_invoker(sandbox: Sandbox) -> None:
    score, name = worlds_2017_free_skate_best()
    result = await sandbox.slash("bests", discipline="men", season="2016/17", segment="free_skate")
    first = embed(result)
    assert first["title"] == "Season's bests 2016-17 · Men · Free skate · Senior"
    lines = first["description"].split("\n")
    assert lines[0] == "**2010–18 rules (GOE −3 to +3, five components)**"
    assert lines[2].startswith(f"**1st** 🇯🇵 **{name.split()[0]} ") and f"**{score:.2f}**" in lines[2]
    assert "Worlds 2017" in lines[2]
    footer = first["footer"]["text"]
    assert footer.startswith("Page 1/")
    assert "best score in skatebot's store" in footer and "not the ISU's official" in footer
    next_id = result.message.buttons()[2][1]
    pressed = await sandbox.server.click(sandbox.owner, result.message, next_id)
    await pressed.wait()
    assert pressed.response_type == UPDATE_MESSAGE
    second = result.message.embeds[0]
    assert second["footer"]["text"].startswith("Page 2/") and second["description"].split("\n")[2].startswith(
        "**16th** "
    )


async def test_all_time_bests_rank_each_era_apart(sandbox: Sandbox) -> None:
    result = await sandbox.slash("bests", discipline="ice_dance", segment="rhythm_dance")
    pages = [embed(result)]
    next_id = result.message.buttons()[2][1]
    while not result.message.buttons()[2][2]:
        pressed = await sandbox.server.click(sandbox.owner, result.message, next_id)
        await pressed.wait()
        pages.append(result.message.embeds[0])
    heads = [page["description"].split("\n")[0] for page in pages]
    assert heads[0] == "**rules since 2022 (GOE −5 to +5, three components)**"
    assert {
        "**2018–22 rules (GOE −5 to +5, five components)**",
        "**2010–18 rules (GOE −3 to +3, five components)**",
    } <= set(heads)
    for page in pages:
        assert page["description"].count("rules") == 1  # one era a page, never two side by side
        if "2010–18" in page["description"]:
            assert page["title"] == "Best scores · Ice dance · Short dance · Senior"
        else:
            assert page["title"] == "Best scores · Ice dance · Rhythm dance · Senior"


async def stored_seasons(sandbox: Sandbox) -> list[str]:
    """The seasons of the stored competitions, newest first, read from the store itself."""
    rows = await sandbox.db.fetchall("SELECT DISTINCT season FROM competitions WHERE season IS NOT NULL")
    return sorted((row[0] for row in rows), key=lambda s: int(s[:4]), reverse=True)


async def test_a_season_the_store_lacks_offers_the_ones_it_has(sandbox: Sandbox) -> None:
    stored = await stored_seasons(sandbox)
    assert "2015-16" not in stored and {"2016-17", "2021-22"} <= set(stored)
    result = await sandbox.slash("bests", discipline="women", season="2015-16")
    assert result.ephemeral and not result.message.embeds
    assert "No 2015-16 season in the store. It has: " in result.message.content
    labels = [o["label"] for o in menu(result)["options"]]
    assert set(labels) == set(stored)
    select = menu(result)
    picked = await sandbox.server.click(sandbox.owner, result.message, select["custom_id"], values=["2021-22"])
    await picked.wait()
    assert picked.message.embeds[0]["title"] == "Season's bests 2021-22 · Women · Total · Senior"


async def test_junior_bests_and_the_derived_mark(sandbox: Sandbox) -> None:
    result = await sandbox.slash("bests", discipline="men", season="2016-2017", level="junior")
    page = embed(result)
    assert page["title"] == "Season's bests 2016-17 · Men · Total · Junior"
    assert "†" in page["description"].split("\n")[2] and "† derived" in page["footer"]["text"]
    assert "Grand Prix Final 2016" in page["description"]


async def test_records_say_they_are_the_stores(sandbox: Sandbox) -> None:
    result = await sandbox.slash("records", discipline="women")
    page = embed(result)
    assert page["title"] == "Highest scores in the store · Women"
    names = [f["name"] for f in page["fields"]]
    assert names[0].startswith("Senior · rules since 2022") and names[-1].startswith("Junior · 2010–18")
    # No team event segment score is a record in the store now (Sakamoto's 79.24 at Worlds 2023 beats her 78.88
    # in the 2026 team event), so none is marked; an individual event's score never is.
    assert "Kaori Sakamoto JPN · Worlds 2023" in page["fields"][0]["value"]
    assert "(team event)" not in text_of(result)
    # A team event segment score counts and is marked: Sakamoto's 2025-26 best short program is the team event's.
    season = await sandbox.slash("bests", discipline="women", season="2025-26", segment="short_program")
    [line] = [x for x in embed(season)["description"].split("\n") if "Kaori Sakamoto" in x]
    assert "**78.88**" in line and "Milano Cortina 2026 (team event)" in line
    assert "not the ISU's official records list" in page["footer"]["text"]
    everything = await sandbox.slash("records")
    assert embed(everything)["footer"]["text"].startswith("Page 1/4")
    assert "Short dance" not in text_of(everything)  # men first; ice dance is page 4


async def test_season_autocomplete_offers_the_stored_seasons(sandbox: Sandbox) -> None:
    offered = await sandbox.autocomplete("bests", "season", discipline="men", season="")
    stored = await stored_seasons(sandbox)
    assert [c["value"] for c in offered] == stored[:25] and stored[0] == "2025-26" and "2016-17" in stored
    typed = await sandbox.autocomplete("bests", "season", discipline="men", season="16/17")
    assert typed == [{"name": "2016-17", "value": "2016-17"}]
