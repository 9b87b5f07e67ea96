"""End to end: what users type is never answered with something else. Missing things are said to be missing
(with what the store has), several fits are offered as a choice, couples and other scripts are found."""

from __future__ import annotations

import pytest

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import InteractionResult
from tests.e2e.helpers import text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


def menu(result: InteractionResult) -> dict:
    [select] = [c for c in result.message.iter_components() if c.get("type") == 3]
    return select


async def pick(sandbox: Sandbox, result: InteractionResult, label: str, user=None) -> InteractionResult:
    select = menu(result)
    value = next(o["value"] for o in select["options"] if o["label"] == label)
    picked = await sandbox.server.click(user or sandbox.owner, result.message, select["custom_id"], values=[value])
    await picked.wait()
    return picked


WORLDS = None  # every Worlds the store has, newest first: read from the store (stored_worlds)


async def stored_worlds(sandbox: Sandbox) -> list[str]:
    rows = await sandbox.db.fetchall(
        "SELECT short_name FROM competitions WHERE level = 'worlds' ORDER BY start_date DESC, id DESC"
    )
    return [row["short_name"] for row in rows]


# Worlds 2020 was cancelled and Worlds 2018 is not bundled: years the store truly lacks.
@pytest.mark.parametrize(
    ("command", "options", "offered"),
    [
        ("results", {"competition": "Worlds 2020", "event": "Men"}, WORLDS),
        ("results", {"competition": "World Championships 2020", "event": "Men"}, WORLDS),
        ("results", {"competition": "Worlds 2018", "event": "Women"}, WORLDS),
        ("results", {"competition": "Boston 2026", "event": "Pairs"}, ["Worlds 2025 Boston"]),  # the one in Boston
        ("medals", {"competition": "Worlds 2018"}, WORLDS),
        ("podiums", {"discipline": "men", "competition": "Worlds 2020"}, WORLDS),
        ("protocol", {"athlete": "Malinin", "competition": "Worlds 2020", "segment": "FS"}, WORLDS),
    ],
)
async def test_a_year_the_store_lacks_is_said_to_be_missing(
    sandbox: Sandbox, command: str, options: dict, offered: list[str] | None
) -> None:
    worlds = await stored_worlds(sandbox)
    assert "Worlds 2020" not in " ".join(worlds) and "Worlds 2018" not in " ".join(worlds)
    result = await sandbox.slash(command, **options)
    assert result.ephemeral and not result.message.embeds  # no standings of another year
    first = (offered or worlds)[0]
    assert f"in the store. It has: **{first}**" in result.message.content
    assert [o["label"] for o in menu(result)["options"]] == (offered or worlds)


_NONE_YET = "Worlds 2026 Prague (2026-03-24 – 2026-03-29, O2 arena, Prague, CZE): no results in the store yet."


@pytest.mark.parametrize(
    ("command", "options", "said"),
    [
        ("results", {"competition": "Worlds 2026", "event": "Men"}, _NONE_YET),
        ("medals", {"competition": "World Championships 2026"}, _NONE_YET),
        ("podiums", {"discipline": "men", "competition": "Worlds 2026"}, _NONE_YET),
        (
            "protocol",
            {"athlete": "Malinin", "competition": "Worlds 2026", "segment": "FS"},
            "“Ilia Malinin” has no results stored at “Worlds 2026 Prague”.",
        ),
    ],
)
async def test_a_competition_known_by_its_schedule_says_it_has_no_results(
    sandbox: Sandbox, command: str, options: dict, said: str
) -> None:
    """Worlds 2026 is stored by its schedule only: said to have no results, named with its dates and venue so the
    asker sees which competition was looked at, never answered with another year's."""
    text = text_of(await sandbox.slash(command, **options))
    assert said in text
    assert "Worlds 2025" not in text and "**1st" not in text and "Boston" not in text
    assert "Worlds 2025" not in text and "**1st" not in text and "Boston" not in text


async def test_olympics_2014_is_not_answered_with_2018(sandbox: Sandbox) -> None:
    result = await sandbox.slash("podiums", discipline="men", competition="Olympics 2014")
    assert result.ephemeral and "No 2014 Olympic Winter Games in the store" in result.message.content
    assert "2018" not in text_of(result).split("It has:")[0]


async def test_an_ambiguous_competition_is_a_choice_that_reruns_the_command(sandbox: Sandbox) -> None:
    asked = await sandbox.slash("results", competition="Olympics", event="Men")
    assert asked.ephemeral and "could be several competitions" in asked.message.content
    labels = [o["label"] for o in menu(asked)["options"]]
    assert labels == ["Milano Cortina 2026", "Beijing 2022", "PyeongChang 2018"]  # newest first
    stranger = await pick(sandbox, asked, "Beijing 2022", user=sandbox.member)
    assert stranger.ephemeral and "Only the person who ran this command" in stranger.message.content
    picked = await pick(sandbox, asked, "Beijing 2022")
    assert picked.message.embeds[0]["title"] == "Beijing 2022 · Men's singles"
    assert "Nathan Chen" in text_of(picked)


async def test_a_pick_reruns_the_command_that_failed_with_its_other_options(sandbox: Sandbox) -> None:
    asked = await sandbox.slash("podiums", discipline="ice_dance", competition="Worlds 2020")
    picked = await pick(sandbox, asked, "Worlds 2025 Boston")
    assert "Podiums · Ice dance" in text_of(picked) and "Worlds 2025 Boston" in text_of(picked)
    athlete = await sandbox.slash("athlete", name="Miura")
    assert {"Kao Miura", "Riku Miura"} <= {o["label"] for o in menu(athlete)["options"]}
    profile = await pick(sandbox, athlete, "Kao Miura")
    assert profile.message.embeds[0]["title"] == "Kao Miura"


async def test_a_story_is_never_linked_to_another_years_competition(sandbox: Sandbox) -> None:
    refused = await sandbox.slash("story add", user=sandbox.moderator, competition="Worlds 2020")
    assert refused.modal is None and refused.ephemeral  # refused before the form opens: nothing typed is lost
    assert "No 2020 World Championships in the store" in refused.message.content
    linked = await sandbox.slash("story add", user=sandbox.moderator, competition="Worlds 2025", event="men")
    assert linked.modal is not None


@pytest.mark.parametrize(
    ("typed", "couple"),
    [
        ("Madison Chock / Evan Bates", "Madison Chock / Evan Bates"),
        ("Evan Bates / Madison Chock", "Madison Chock / Evan Bates"),
        ("Chock Bates", "Madison Chock / Evan Bates"),
        ("chock & bates", "Madison Chock / Evan Bates"),
        ("Miura/Kihara", "Riku Miura / Ryuichi Kihara"),
        ("Kihara and Miura", "Riku Miura / Ryuichi Kihara"),
        ("Gilles and Poirier", "Piper Gilles / Paul Poirier"),
        ("Fournier Beaudry / Cizeron", "Laurence Fournier Beaudry / Guillaume Cizeron"),
    ],
)
async def test_a_couple_is_found_by_both_names_in_any_form(sandbox: Sandbox, typed: str, couple: str) -> None:
    result = await sandbox.slash("athlete", name=typed)
    profile = result.message.embeds[0]
    assert profile["title"] == couple, text_of(result)
    assert "Results skated together" in profile["description"]


async def test_every_stored_couple_is_found_by_its_family_names(sandbox: Sandbox) -> None:
    rows = await sandbox.db.fetchall(
        "SELECT a.name AS first, b.name AS second FROM entry_skaters x JOIN entry_skaters y "
        "ON y.entry_id = x.entry_id AND y.position = 1 JOIN skaters a ON a.id = x.skater_id "
        "JOIN skaters b ON b.id = y.skater_id WHERE x.position = 0 GROUP BY a.id, b.id"
    )
    assert len(rows) > 20
    ambiguous: list[str] = []
    for row in rows:
        couple = f"{row['first']} / {row['second']}"
        for typed in (couple, f"{row['second'].split()[-1]} / {row['first'].split()[-1]}"):
            result = await sandbox.slash("athlete", name=typed)
            if typed != couple and not result.message.embeds and "could be several athletes" in text_of(result):
                # Family names two stored couples share: a choice offering this couple.
                assert result.ephemeral and couple in [o["label"] for o in menu(result)["options"]], typed
                ambiguous.append(typed)
                continue
            title = result.message.embeds[0]["title"] if result.message.embeds else result.message.content
            assert title == couple, (typed, title)
    # Rachel Parsons or Caroline Green with Michael Parsons; Ashley Cain or (her married name) Ashley Cain-Gribble
    # with Timothy LeDuc, two skaters in the store that the bot does not join by guessing.
    assert sorted(ambiguous) == ["LeDuc / Cain", "Parsons / Parsons"]


async def test_two_skaters_who_never_skated_together_are_not_made_a_couple(sandbox: Sandbox) -> None:
    result = await sandbox.slash("athlete", name="Malinin / Sakamoto")
    assert result.ephemeral and "have no entry together" in result.message.content
    several_lius = await sandbox.slash("athlete", name="Malinin / Liu")  # Alysa, Xinyu...: which one is not guessed
    assert several_lius.ephemeral and not several_lius.message.embeds


async def test_compare_says_partners_and_other_disciplines(sandbox: Sandbox) -> None:
    partners = text_of(await sandbox.slash("compare", a="Kihara", b="Miura Riku"))
    assert "skate together" in partners and "have not competed" not in partners
    disciplines = text_of(await sandbox.slash("compare", a="Alysa Liu", b="Ilia Malinin"))
    assert "women's singles" in disciplines and "men's singles" in disciplines and "0 – 0" not in disciplines
    couples = text_of(await sandbox.slash("compare", a="Chock / Bates", b="Gilles / Poirier"))
    assert "Total:" in couples and "Milano Cortina 2026" in couples


async def test_owners_add_a_spelling_in_another_script(sandbox: Sandbox) -> None:
    # A spelling no bundled source gives (data/names/ has Japanese skaters only): an owner adds it.
    before = await sandbox.slash("athlete", name="刘美贤")
    assert before.ephemeral and "No athlete matches" in before.message.content
    refused = await sandbox.slash("admin alias add", user=sandbox.moderator, skater="Alysa Liu", spelling="刘美贤")
    assert refused.ephemeral and "owners" in refused.message.content
    added = await sandbox.slash("admin alias add", skater="Alysa Liu", spelling="刘美贤")
    assert "can now also be found as" in added.message.content
    for typed in ("刘美贤", "刘 美贤", "美贤"):
        found = await sandbox.slash("athlete", name=typed)
        assert found.message.embeds[0]["title"] == "Alysa Liu", typed
    assert "Also written: 刘美贤" in text_of(found)
    audit = await sandbox.db.fetchall("SELECT action, after FROM audit_log WHERE action LIKE 'alias%'")
    assert [row["action"] for row in audit] == ["alias add"] and "刘美贤" in audit[0]["after"]
    choices = await sandbox.autocomplete("admin alias remove", "spelling", skater="Alysa Liu", spelling="")
    assert [c["value"] for c in choices] == ["刘美贤"]
    await sandbox.slash("admin alias remove", skater="Alysa Liu", spelling="刘美贤")
    gone = await sandbox.slash("athlete", name="刘美贤")
    assert gone.ephemeral


async def test_empty_autocomplete_offers_useful_defaults(sandbox: Sandbox) -> None:
    names = await sandbox.autocomplete("athlete", "name", name="")
    assert names[0]["name"].startswith("Mikhail Shaidorov · gold, Milano Cortina 2026")
    assert any(" / " in c["name"] for c in names)  # couples too, picked by both ids
    picked = await sandbox.slash("athlete", name=next(c["value"] for c in names if " / " in c["name"]))
    assert " / " in picked.message.embeds[0]["title"]
    competitions = await sandbox.autocomplete("results", "competition", competition="", event="")
    values = [c["value"] for c in competitions]
    newest = await sandbox.db.fetchall("SELECT key FROM competitions ORDER BY start_date DESC, id DESC LIMIT 25")
    assert values == [row["key"] for row in newest] and values[0] == "wc2026"  # newest first, at most 25
    worlds_2020 = await sandbox.autocomplete("results", "competition", competition="Worlds 2020", event="")
    worlds = await sandbox.db.fetchall(
        "SELECT key FROM competitions WHERE level = 'worlds' ORDER BY start_date DESC, id DESC"
    )
    offered = [c["value"] for c in worlds_2020]
    assert offered and set(offered) <= {row["key"] for row in worlds}  # what the store has, to pick knowingly


async def test_two_skaters_of_one_name_are_told_apart_by_country(sandbox: Sandbox) -> None:
    """Anastasiia Gubanova skated for RUS in 2016-17 and for GEO since: two skaters (never joined by name alone),
    offered with their countries, each picked to their own profile."""
    asked = await sandbox.slash("athlete", name="Anastasiia Gubanova")
    labels = sorted(o["label"] for o in menu(asked)["options"] if "Gubanova" in o["label"])
    assert labels == ["Anastasiia Gubanova · GEO", "Anastasiia Gubanova · RUS"]
    picked = await pick(sandbox, asked, "Anastasiia Gubanova · RUS")
    assert picked.message.embeds[0]["title"] == "Anastasiia Gubanova" and "RUS" in text_of(picked)
    choices = await sandbox.autocomplete("athlete", "name", name="Gubanova")
    assert {"Anastasiia Gubanova · GEO", "Anastasiia Gubanova · RUS"} <= {c["name"] for c in choices}
