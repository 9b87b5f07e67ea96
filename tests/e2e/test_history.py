"""The bundled 2016-18 protocols in Discord: /protocol on them, their derived totals in /results, junior events, the
credit /about owes the dataset."""

from __future__ import annotations

import pytest

from bot.sandbox.harness import Sandbox

pytestmark = pytest.mark.asyncio(loop_scope="module")


def text_of(embed: dict) -> str:
    parts = [embed.get("title", ""), embed.get("description", "")]
    parts += [f"{f['name']} {f['value']}" for f in embed.get("fields", [])]
    return "\n".join([*parts, embed.get("footer", {}).get("text", "")])


async def test_protocol_of_a_bundled_skate(sandbox: Sandbox) -> None:
    competitions = await sandbox.autocomplete(
        "protocol", "competition", athlete="", competition="worlds 2017", segment=""
    )
    assert competitions[0]["value"] == "wc2017"
    result = await sandbox.slash("protocol", athlete="Yuzuru Hanyu", competition="wc2017", segment="free")
    embed = result.message.embeds[0]
    text = text_of(embed)
    assert "Yuzuru Hanyu" in embed["title"] and "TSS **223.20** = TES 126.12 + PCS 97.08" in embed["description"]
    assert "4Lo" in embed["description"] and "4S+3T" in embed["description"] and "3A+1Lo+3S" in embed["description"]
    assert "Skating Skills" in text and "Interpretation of the Music" in text
    assert "Official ISU judges' details" in text


async def test_protocol_of_a_short_dance_with_markers_and_deductions(sandbox: Sandbox) -> None:
    result = await sandbox.slash("protocol", athlete="Tessa Virtue", competition="Worlds 2017", segment="short dance")
    embed = result.message.embeds[0]
    assert "Tessa Virtue / Scott Moir" in embed["title"] and "TSS **82.43**" in embed["description"]
    result = await sandbox.slash("protocol", athlete="Yuzuru Hanyu", competition="wc2017", segment="SP")
    embed = result.message.embeds[0]
    assert "TSS **98.39**" in embed["description"] and "deductions 1.00" in embed["description"]
    assert "4S+COMBO+2T*" in embed["description"] and "`*` invalid element" in text_of(embed)


async def test_results_of_a_bundled_competition_show_derived_totals(sandbox: Sandbox) -> None:
    result = await sandbox.slash("results", competition="wc2017", event="men")
    description = result.message.embeds[0]["description"]
    assert "**1st†** 🇯🇵 **Yuzuru Hanyu** JPN — **321.59†**" in description  # derived: the protocols print neither
    junior = await sandbox.slash("results", competition="gpf2017", event="junior women")
    assert "Junior" in junior.message.embeds[0]["title"]
    assert "Alexandra Trusova" in junior.message.embeds[0]["description"]


async def test_about_credits_the_dataset(sandbox: Sandbox) -> None:
    about = (await sandbox.slash("about")).message.embeds[0]
    text = text_of(about)
    row = await sandbox.db.fetchone("SELECT count(*) AS n FROM competitions")
    assert row is not None and row["n"] > 21  # the 2016-18 protocols and the bundled 2018-19..2025-26 seasons
    assert f"{row['n']} competitions" in text and "Worlds 2017 (2016-17)" in text
    assert "BuzzFeed News" in text and "CC BY 4.0" in text
