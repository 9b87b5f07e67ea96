"""The fresh store built from every bundled file: one skater per person across sources, joined by the importer's
rule (country plus name in any word order)."""

from __future__ import annotations

from collections import defaultdict

from bot.services.names import normalize
from db.database import Database


async def test_a_fresh_store_holds_every_bundled_competition(shared_database: Database) -> None:
    keys = {row["key"] for row in await shared_database.fetchall("SELECT key FROM competitions")}
    assert len(keys) == 41 and {"owg2026", "owg2018", "wc2025", "wc2017", "gpf1617", "gpf2017", "ec2017"} <= keys
    counts = await shared_database.fetchone(
        "SELECT (SELECT count(*) FROM protocol_elements) AS elements, (SELECT count(*) FROM protocol_components) AS "
        "components, (SELECT count(*) FROM segment_results WHERE entry_id IN (SELECT e.id FROM entries e JOIN events v "
        "ON v.id = e.event_id JOIN competitions c ON c.id = v.competition_id WHERE c.season IN ('2016-17', '2017-18') "
        "AND c.key != 'owg2018')) AS skates"
    )
    assert (counts["elements"], counts["components"], counts["skates"]) == (15302, 8630, 1726)


async def test_no_skater_is_stored_twice_across_sources(shared_database: Database) -> None:
    people: dict[frozenset[str], list[tuple[str, str]]] = defaultdict(list)
    for row in await shared_database.fetchall("SELECT name, country FROM skaters"):
        words = frozenset(normalize(row["name"]).replace("-", " ").split())
        people[words].append((row["name"], row["country"]))
    twice = sorted(sorted(country for _, country in found) for found in people.values() if len(found) > 1)
    # One name under two federations stays two skaters: the importer never joins by name alone. These changed
    # federation without their partner (Fournier Beaudry from DEN, and CAN with the same partner, to FRA; Gubanova
    # from RUS to GEO; Volodin from RUS to GER; James from FRA to CAN; Manni from SUI to ITA; Chtchetinina from SUI
    # to POL; Efimova from RUS to USA), so nothing else ties their two records; /athlete tells them apart by country.
    assert twice == [
        ["CAN", "FRA"],
        ["DEN", "FRA"],
        ["GEO", "RUS"],
        ["GER", "RUS"],
        ["ITA", "SUI"],
        ["POL", "SUI"],
        ["RUS", "USA"],
    ], twice


async def test_skaters_of_the_curated_files_join_their_2016_18_results(shared_database: Database) -> None:
    rows = await shared_database.fetchall(
        "SELECT DISTINCT s.id, s.name, s.country, c.key FROM skaters s "
        "JOIN entry_skaters es ON es.skater_id = s.id JOIN entries e ON e.id = es.entry_id "
        "JOIN events v ON v.id = e.event_id JOIN competitions c ON c.id = v.competition_id"
    )
    careers: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        careers.setdefault((row["name"], row["country"]), set()).add(row["key"])
    for person, curated, historic in (
        (("Yuzuru Hanyu", "JPN"), "owg2018", "wc2017"),
        (("Nathan Chen", "USA"), "owg2022", "gpf2017"),
        (("Madison Chock", "USA"), "owg2026", "wc2017"),
        (("Evan Bates", "USA"), "owg2026", "wc2017"),
        (("Maia Shibutani", "USA"), "owg2018", "wc2017"),
        (("Alex Shibutani", "USA"), "owg2018", "wc2017"),
        (("Evgenia Medvedeva", "RUS"), "gpf1617", "wc2017"),
        (("Cha Jun-hwan", "KOR"), "owg2026", "gpf1617"),  # printed "Jun Hwan CHA" in 2016
    ):
        assert {curated, historic} <= careers[person], person
    aliases = {
        row["alias"]
        for row in await shared_database.fetchall(
            "SELECT a.alias FROM skater_aliases a JOIN skaters s ON s.id = a.skater_id WHERE s.name = 'Yuzuru Hanyu'"
        )
    }
    assert "Yuzuru HANYU" in aliases  # printed capitals stay findable
    # PyeongChang 2018 entered Russians as OAR and Beijing 2022 as ROC: the same skaters as RUS in 2016-17, joined by
    # their federation, and shown with it; the entries keep the name they competed under.
    assert {"owg2018", "wc2017"} <= careers[("Evgenia Medvedeva", "RUS")]
    assert {"owg2022", "gpf2017"} <= careers[("Evgenia Tarasova", "RUS")]
    assert not [name for name, country in careers if country in ("OAR", "ROC") and (name, "RUS") in careers]
    entered = await shared_database.fetchall(
        "SELECT e.country FROM entries e JOIN entry_skaters es ON es.entry_id = e.id JOIN skaters s "
        "ON s.id = es.skater_id JOIN events v ON v.id = e.event_id JOIN competitions c ON c.id = v.competition_id "
        "WHERE s.name = 'Evgenia Medvedeva' AND c.key = 'owg2018'"
    )
    assert [row["country"] for row in entered] == ["OAR"]
    # Joined through their partners: a respelling (Aliona in the ISU's 2016-17 protocols, Aljona at PyeongChang,
    # both with Bruno Massot for GER), and a couple that changed federation together (FRA in 2017, CAN since).
    assert {"wc2017", "owg2018"} <= careers[("Aliona Savchenko", "GER")]
    assert not [name for name, _ in careers if name == "Aljona Savchenko"]
    assert {"ec2017", "owg2026"} <= careers[("Romain Le Gac", "FRA")]
    assert len([person for person in careers if person[0] == "Romain Le Gac"]) == 1
