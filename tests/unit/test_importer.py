from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.services.importer import (
    IdentityChange,
    ImportFormatError,
    import_document,
    import_file,
    skater_match_key,
)
from bot.store import bundled_files
from db.database import Database
from tests.stores import Location

SOURCE = ["https://example.org/results"]


def figure(value: Any, confidence: str = "official") -> dict[str, Any]:
    return {"value": value, "confidence": confidence, "sources": SOURCE}


def document(**event_overrides: Any) -> dict[str, Any]:
    event = {
        "id": "women",
        "discipline": "women",
        "level": "senior",
        "name": "Women",
        "segments": [
            {"id": "SP", "kind": "short_program", "name": "Short program", "date": "2030-01-10"},
            {"id": "FS", "kind": "free_skate", "name": "Free skate", "date": "2030-01-12"},
        ],
        "entries": [
            {
                "skaters": [{"name": "Anna Example", "aliases": ["EXAMPLE Anna"]}],
                "country": "FIN",
                "place": figure(1),
                "total": figure(200.5),
                "segments": {
                    "SP": {"rank": figure(2), "tss": figure(70.25), "tes": figure(38.1), "pcs": figure(32.15)},
                    "FS": {"rank": figure(1), "tss": figure(130.25)},
                },
            },
            {"skaters": [{"name": "Bea Sample"}], "country": "SWE", "place": figure(2), "total": figure(190.0)},
        ],
        **event_overrides,
    }
    return {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "test2030",
                "name": "Test Cup 2030",
                "season": "2029-30",
                "level": "other",
                "start_date": "2030-01-10",
                "end_date": "2030-01-12",
                "events": [event],
            }
        ],
    }


async def count(db: Database, table: str) -> int:
    return (await db.fetchone(f"SELECT count(*) FROM {table}"))[0]


async def test_import_then_reimport_changes_nothing(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        first = await import_document(db, document(), source="test")
        assert first.changes["added entries"] == 2 and first.changes["added segment results"] == 2
        assert first.changes["added aliases"] == 1
        second = await import_document(db, document(), source="test")
        assert not second.changed
        assert "already up to date" in second.describe()
        assert await count(db, "imports") == 1  # a no-op import leaves no trace
    finally:
        await db.close()


async def test_a_corrected_file_updates_only_what_differs(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        await import_document(db, document(), source="test")
        corrected = document()
        corrected["competitions"][0]["events"][0]["entries"][1]["total"] = figure(191.5)
        report = await import_document(db, corrected, source="test")
        assert report.changes["updated entries"] == 1
        assert report.changes["unchanged entries"] == 1
        assert "updated 1 entries" in report.describe()
        row = await db.fetchone("SELECT total FROM entries WHERE country = 'SWE'")
        assert row["total"] == 191.5
    finally:
        await db.close()


def with_protocols() -> dict[str, Any]:
    """The document with judges' details for both of the first entry's segments."""
    doc = document()
    segments = doc["competitions"][0]["events"][0]["entries"][0]["segments"]
    for key, code in (("SP", "3Lz+3T"), ("FS", "3A")):
        segments[key]["protocol"] = {
            "elements": [
                {"number": 1, "code": code, "base_value": 10.1, "goe": 1.5, "judges": ["1", "2"], "panel_score": 11.6},
                {"number": 2, "code": "CCoSp4", "base_value": 3.5, "goe": 0.5, "panel_score": 4.0},
            ],
            "components": [{"name": "Composition", "factor": 1.33, "judges": ["8.5", "8.75"], "score": 8.6}],
            "deductions": [{"reason": "Falls", "points": 1}] if key == "FS" else [],
        }
    return doc


async def test_a_stored_entrys_segments_are_each_compared_with_their_own_rows(store_location: Location) -> None:
    """An entry already stored has its segment results and protocols read at once and each segment compared with
    its own: a corrected free skate updates that protocol and result only, and the short program stays as it is."""
    db = await Database.open(store_location)
    try:
        assert (await import_document(db, with_protocols(), source="test")).changes["added protocols"] == 2
        corrected = with_protocols()
        free = corrected["competitions"][0]["events"][0]["entries"][0]["segments"]["FS"]
        free["protocol"]["elements"][1]["goe"] = 0.7
        free["tss"] = figure(130.45)
        report = await import_document(db, corrected, source="test")
        assert report.changes["updated protocols"] == 1 and report.changes["unchanged protocols"] == 1
        assert report.changes["updated segment results"] == 1 and report.changes["unchanged segment results"] == 1
        rows = await db.fetchall(
            "SELECT s.key, p.number, p.code, p.goe FROM protocol_elements p JOIN segments s ON s.id = p.segment_id "
            "ORDER BY s.key, p.number"
        )
        assert [tuple(row) for row in rows] == [
            ("FS", 1, "3A", 1.5),
            ("FS", 2, "CCoSp4", 0.7),
            ("SP", 1, "3Lz+3T", 1.5),
            ("SP", 2, "CCoSp4", 0.5),
        ]
        assert await count(db, "protocol_deductions") == 1 and await count(db, "protocol_components") == 2
        tss = await db.fetchall("SELECT s.key, r.tss FROM segment_results r JOIN segments s ON s.id = r.segment_id")
        assert sorted(tuple(row) for row in tss) == [("FS", 130.45), ("SP", 70.25)]
        assert not (await import_document(db, corrected, source="test")).changed
    finally:
        await db.close()


async def test_an_invalid_file_writes_nothing(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        bad = document()
        # Valid first entry, broken second one: the first must not be written either.
        bad["competitions"][0]["events"][0]["entries"][1]["segments"] = {"XX": {"tss": figure(1.0)}}
        with pytest.raises(
            ImportFormatError,
            match=r"^bad\.json: competitions\[0\]\.events\[0\]\.entries\[1\]: segment XX is not one of the event's",
        ):
            await import_document(db, bad, source="bad.json")
        assert await count(db, "competitions") == 0
        assert await count(db, "skaters") == 0
    finally:
        await db.close()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "not a skatebot results file"),
        (lambda d: d.update(version=7), "version 7 is not supported"),
        (
            lambda d: d["competitions"][0].update(level="galactic"),
            r"competitions\[0\]: level 'galactic' is not one of olympics, worlds",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0].update(total=200.5),
            r"competitions\[0\]\.events\[0\]\.entries\[0\]\.total: a bare value needs",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0].update(
                total={"value": 1.0, "confidence": "rumour", "sources": SOURCE}
            ),
            r"entries\[0\]\.total: confidence 'rumour' is not one of",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0].update(
                total={"value": 1.0, "confidence": "single-source", "sources": []}
            ),
            r"entries\[0\]\.total: a single-source figure needs at least one source",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0].update(country="Finland"),
            r"entries\[0\]: country 'Finland' must be a three-letter code",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0].update(place=figure("first")),
            r"entries\[0\]\.place\.value: must be a whole number or null, not text",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0]["skaters"].append({"name": "Extra"}),
            r"entries\[0\]: women entries need 1 skater\(s\), found 2",
        ),
        (
            lambda d: d["competitions"][0].update(start_date="10/01/2030"),
            r"competitions\[0\]: 'start_date' must be an ISO date",
        ),
        (
            lambda d: d["competitions"][0]["events"][0].pop("level"),
            r"competitions\[0\]\.events\[0\]: 'level' is required: senior, junior",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][1]["skaters"][0].update(name="  "),
            r"^bad\.json: competitions\[0\]\.events\[0\]\.entries\[1\]\.skaters\[0\]\.name: must be a non-empty",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0]["skaters"][0].pop("name"),
            r"events\[0\]\.entries\[0\]\.skaters\[0\]: 'name' is required",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0]["segments"]["FS"].update(tss=figure("high")),
            r"entries\[0\]\.segments\.FS\.tss\.value: must be a whole number, a number or null, not text",
        ),
        (
            lambda d: d["competitions"][0]["events"][0]["entries"][0]["segments"]["SP"].update(
                protocol={"elements": [{"number": 1, "code": "3A", "base_value": 8.0, "goe": "+1", "panel_score": 9}]}
            ),
            r"entries\[0\]\.segments\.SP\.protocol\.elements\[0\]\.goe: must be",
        ),
        (
            lambda d: d["competitions"][0]["events"][0].update(entries_complete="yes"),
            r"events\[0\]\.entries_complete: must be true or false, not text",
        ),
    ],
)
async def test_validation_names_the_problem(mutate: Any, message: str, store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        bad = copy.deepcopy(document())
        mutate(bad)
        with pytest.raises(ImportFormatError, match=message):
            await import_document(db, bad, source="bad.json")
    finally:
        await db.close()


async def test_bare_values_inherit_the_nearest_provenance(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        doc = document()
        entry = doc["competitions"][0]["events"][0]["entries"][1]
        entry["provenance"] = {"confidence": "single-source", "sources": ["https://example.org/b"]}
        entry["total"] = 190.0
        await import_document(db, doc, source="test")
        row = await db.fetchone(
            "SELECT p.confidence, p.sources FROM entries e JOIN provenance p ON p.id = e.total_prov WHERE e.total = 190"
        )
        assert row["confidence"] == "single-source" and json.loads(row["sources"]) == ["https://example.org/b"]
    finally:
        await db.close()


async def test_skaters_are_never_merged_on_name_alone(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        doc = document()
        entries = doc["competitions"][0]["events"][0]["entries"]
        entries[1]["skaters"] = [{"name": "Anna Example"}]  # same name, other country: another person
        await import_document(db, doc, source="test")
        assert await count(db, "skaters") == 2
        # Same country, other word order and case: the same person.
        assert skater_match_key("EXAMPLE Anna", "fin") == skater_match_key("Anna Example", "FIN")
    finally:
        await db.close()


async def test_isu_id_matches_and_a_new_spelling_becomes_an_alias(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        doc = document()
        doc["competitions"][0]["events"][0]["entries"][0]["skaters"][0]["isu_id"] = "isufs00012345"
        await import_document(db, doc, source="test")
        doc["competitions"][0]["events"][0]["entries"][0]["skaters"][0]["name"] = "Anna Exampleová"
        await import_document(db, doc, source="test")
        rows = await db.fetchall("SELECT name FROM skaters WHERE isu_id = 'isufs00012345'")
        assert [r["name"] for r in rows] == ["Anna Exampleová"]
        aliases = {r["alias"] for r in await db.fetchall("SELECT alias FROM skater_aliases")}
        assert {"Anna Example", "EXAMPLE Anna"} <= aliases
    finally:
        await db.close()


async def test_a_spelling_the_file_itself_aliases_to_a_stored_skater_is_that_skater(store_location: Location) -> None:
    """'Junhwan Cha' with aliases ['Cha Jun-hwan'] in a later file is the stored Cha Jun-hwan of KOR (the source says
    both spellings are one person), stored once, the new spelling an alias; importing it again changes nothing.
    An alias naming a skater of another federation joins no one."""
    db = await Database.open(store_location)
    try:
        first = document()
        first["competitions"][0]["events"][0]["entries"][0]["skaters"] = [{"name": "Cha Jun-hwan"}]
        first["competitions"][0]["events"][0]["entries"][0]["country"] = "KOR"
        await import_document(db, first, source="test")
        later = document()
        later["competitions"][0]["id"] = "test2031"
        entries = later["competitions"][0]["events"][0]["entries"]
        entries[0]["skaters"] = [{"name": "Junhwan Cha", "aliases": ["Cha Jun-hwan"]}]
        entries[0]["country"] = "KOR"
        entries[1]["skaters"] = [{"name": "Bea Sampel", "aliases": ["Cha Jun-hwan"]}]  # he is KOR, Bea SWE
        for _ in range(2):
            await import_document(db, later, source="test")
            rows = await db.fetchall("SELECT name, country FROM skaters ORDER BY name")
            assert [(r["name"], r["country"]) for r in rows] == [
                ("Bea Sampel", "SWE"),
                ("Bea Sample", "SWE"),
                ("Cha Jun-hwan", "KOR"),
            ]
        aliases = {r["alias"] for r in await db.fetchall("SELECT alias FROM skater_aliases")}
        assert "Junhwan Cha" in aliases
    finally:
        await db.close()


async def test_bundled_files_import_and_are_idempotent(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        files = bundled_files()
        assert {f.stem for f in files} >= {"owg2026", "owg2022", "owg2018", "wc2025"}
        for path in files:
            assert (await import_file(db, path)).changed
        for path in files:
            assert not (await import_file(db, path)).changed
        assert await db.integrity_check() == ["ok"]
    finally:
        await db.close()


async def test_not_json_is_a_clear_error(tmp_path: Path, store_location: Location) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "skatebot-results", ')
    db = await Database.open(store_location)
    try:
        with pytest.raises(ImportFormatError, match=r"broken\.json: not UTF-8 JSON"):
            await import_file(db, path)
    finally:
        await db.close()


async def test_one_skater_twice_in_an_event_is_refused(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        doc = document()
        entries = doc["competitions"][0]["events"][0]["entries"]
        entries[1]["skaters"] = [{"name": "EXAMPLE Anna"}]
        entries[1]["country"] = "FIN"
        with pytest.raises(
            ImportFormatError,
            match=r"entries\[1\]: EXAMPLE Anna appears twice in the event \(also in competitions\[0\]\.events\[0\]",
        ):
            await import_document(db, doc, source="test")
    finally:
        await db.close()


async def test_levels_make_two_events_of_one_discipline(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        doc = document()
        junior = copy.deepcopy(doc["competitions"][0]["events"][0])
        junior.update(id="junior-women", level="junior", name="Junior women")
        doc["competitions"][0]["events"].append(junior)
        await import_document(db, doc, source="test")
        rows = await db.fetchall("SELECT key, discipline, level FROM events ORDER BY key")
        assert [tuple(r) for r in rows] == [("junior-women", "women", "junior"), ("women", "women", "senior")]
    finally:
        await db.close()


async def test_a_complete_event_removes_what_it_no_longer_lists(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        await import_document(db, document(), source="test")
        shorter = document()
        shorter["competitions"][0]["events"][0]["entries"].pop(0)
        kept = await import_document(db, shorter, source="test")  # not said to be complete: nothing removed
        assert "removed entries" not in kept.changes and await count(db, "entries") == 2
        shorter["competitions"][0]["events"][0]["entries_complete"] = True
        report = await import_document(db, shorter, source="test")
        assert report.changes["removed entries"] == 1 and "removed 1 entries" in report.describe()
        assert await count(db, "entries") == 1 and await count(db, "segment_results") == 0
    finally:
        await db.close()


async def test_a_figure_left_out_is_kept_and_a_null_clears_it(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        await import_document(db, document(), source="test")
        partial = document()
        entry = partial["competitions"][0]["events"][0]["entries"][0]
        del entry["total"]
        entry["segments"]["SP"]["tes"] = None
        report = await import_document(db, partial, source="test")
        assert report.changes["updated segment results"] == 1 and "updated entries" not in report.changes
        row = await db.fetchone(
            "SELECT e.total, r.tes, r.tss FROM entries e JOIN segment_results r "
            "ON r.entry_id = e.id JOIN segments s ON s.id = r.segment_id WHERE s.key = 'SP'"
        )
        assert tuple(row) == (200.5, None, 70.25)
    finally:
        await db.close()


async def test_identity_changes_are_refused_when_guarded(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        await import_document(db, document(), source="test")
        renamed = document()
        renamed["competitions"][0].update(name="Other Cup 2030", city="Oslo")
        with pytest.raises(
            IdentityChange,
            match=r"test2030 is already stored as 'Test Cup 2030'.*name 'Test Cup "
            r"2030' -> 'Other Cup 2030'; city None -> 'Oslo'",
        ):
            await import_document(db, renamed, source="test", guard_identity=True)
        assert (await db.fetchone("SELECT name FROM competitions"))[0] == "Test Cup 2030"
        report = await import_document(db, renamed, source="test")  # unguarded: the correction goes through
        assert report.changes["updated competitions"] == 1
    finally:
        await db.close()


async def test_import_messages_are_catalogue_texts_with_english_for_the_command_line(store_location: Location) -> None:
    """What /admin import-isu shows an owner is catalogue messages (put into the owner's words); the command
    line prints their English, which is what describe() and str() give."""
    from collections import Counter

    from bot.i18n import Text, Words
    from bot.services.importer import ImportReport
    from bot.services.isu.importer import IsuImportSummary

    report = ImportReport(
        "site", Counter({"added competitions": 1, "updated segment results": 2, "unchanged entries": 5})
    )
    assert isinstance(report.describe_text(), Text)
    assert report.describe() == "site: added 1 competitions, updated 2 segment results"
    assert ImportReport("site").describe() == "site: already up to date, nothing changed"
    summary = IsuImportSummary(
        "Cup",
        "cup2030",
        1,
        2,
        3,
        4,
        5,
        6,
        [Text("isu-no-pdf-linked", (("category", "Men"), ("segment", "Free")))],
        report,
    )
    lines = summary.lines()
    assert all(isinstance(line, Text) for line in lines)
    english = [Words("en-US")(line) for line in lines]
    assert english[0] == "Cup (cup2030): 1 categories, 2 segments, 3 entries, 4 elements (5 pages, 6 PDF pages read)"
    assert english[-1] == "warning: Men Free: no judges' details PDF linked"
    assert summary.describe() == "\n".join(english)

    db = await Database.open(store_location)
    try:
        await import_document(db, document(), source="test")
        renamed = document()
        renamed["competitions"][0].update(name="Other Cup 2030")
        with pytest.raises(IdentityChange) as err:
            await import_document(db, renamed, source="test", guard_identity=True)
        assert isinstance(err.value.text, Text) and str(err.value) == str(err.value.text)
        assert "(2030-01-10 to 2030-01-12, no place)" in str(err.value)
    finally:
        await db.close()


def pairs_document(key: str, season: str, couples: list[tuple[str, str, str]]) -> dict[str, Any]:
    """A pairs event of the given couples (first partner, second partner, country)."""
    doc = document(
        id="pairs",
        discipline="pairs",
        name="Pairs",
        entries=[
            {"skaters": [{"name": a}, {"name": b}], "country": country, "place": figure(i + 1)}
            for i, (a, b, country) in enumerate(couples)
        ],
    )
    doc["competitions"][0].update(id=key, name=f"Test Cup {key}", season=season)
    return doc


async def skater_rows(db: Database) -> list[tuple[str, str]]:
    return sorted((r["name"], r["country"]) for r in await db.fetchall("SELECT name, country FROM skaters"))


@pytest.mark.parametrize(
    ("later", "joined"),
    [
        # Another transliteration, same partner and federation: the same woman, the spelling an alias.
        (("Aljona Savchenko", "Bruno Massot", "GER"), True),
        (("Bruno Massot", "SAVCHENKO Aljona", "GER"), True),  # either order, printed capitals
        (("Aljóna Savchenko", "Bruno Massot", "ger"), True),  # diacritics and a lower-case code, as a site may print
        (("Aljóna Savčenko", "Bruno Massot", "GER"), False),  # two words respelled: too far to be sure
        (("Savchenko", "Bruno Massot", "GER"), False),  # a partial name is not one respelled word
        # A different first name (more than a respelling), or the same partner for another federation: not her.
        (("Anna Savchenko", "Bruno Massot", "GER"), False),
        (("Aljona Savchenko", "Bruno Massot", "FRA"), False),
    ],
)
async def test_a_respelled_partner_of_a_stored_skater_is_joined_only_when_all_else_agrees(
    later: tuple[str, str, str], joined: bool, store_location: Location
) -> None:
    db = await Database.open(store_location)
    try:
        first = pairs_document("cup2017", "2016-17", [("Aliona Savchenko", "Bruno Massot", "GER")])
        second = pairs_document("cup2018", "2017-18", [later])
        for _ in range(2):  # and again: nothing changes the second time
            await import_document(db, first, source="first")
            report = await import_document(db, second, source="second")
        assert not report.changed
        savchenkos = [name for name, _ in await skater_rows(db) if name != "Bruno Massot"]
        assert len(savchenkos) == (1 if joined else 2)
        if joined:
            aliases = {r["alias"] for r in await db.fetchall("SELECT alias FROM skater_aliases")}
            assert savchenkos == ["Aliona Savchenko"] and later[0] in aliases | {"Bruno Massot"}
    finally:
        await db.close()


async def test_a_couple_joined_across_federations_stays_joined_when_one_of_them_skates_on_elsewhere(
    store_location: Location,
) -> None:
    """Fournier Beaudry and Sorensen skated for DEN, then for CAN; she later skated with Cizeron for FRA. Her FRA
    record is a namesake of the DEN one: importing the CAN results again must still find the DEN couple, not pair
    Sorensen with the FRA record too and so find two couples and join neither."""
    db = await Database.open(store_location)
    try:
        den = pairs_document("cup2017", "2016-17", [("Laurence Fournier Beaudry", "Nikolaj Sorensen", "DEN")])
        can = pairs_document("cup2022", "2022-23", [("Laurence Fournier Beaudry", "Nikolaj Sorensen", "CAN")])
        fra = pairs_document("cup2025", "2025-26", [("Laurence Fournier Beaudry", "Guillaume Cizeron", "FRA")])
        for document, source in ((den, "den"), (can, "can"), (fra, "fra")):
            await import_document(db, document, source=source)
        assert not (await import_document(db, can, source="can")).changed
        assert await skater_rows(db) == [
            ("Guillaume Cizeron", "FRA"),
            ("Laurence Fournier Beaudry", "DEN"),
            ("Laurence Fournier Beaudry", "FRA"),  # one name under two federations, with different partners
            ("Nikolaj Sorensen", "DEN"),
        ]
    finally:
        await db.close()


async def test_a_couple_that_changed_federation_together_stays_the_same_two(store_location: Location) -> None:
    db = await Database.open(store_location)
    try:
        before = pairs_document("cup2017", "2016-17", [("Marie-Jade Lauriault", "Romain Le Gac", "FRA")])
        after = pairs_document(
            "cup2022",
            "2021-22",
            # the couple under its new federation; a lone skater of the same name as one of them, elsewhere
            [("Marie-Jade LAURIAULT", "Romain LE GAC", "CAN"), ("Romain Le Gac", "Other Partner", "BEL")],
        )
        await import_document(db, before, source="before")
        await import_document(db, after, source="after")
        assert not (await import_document(db, before, source="before")).changed
        assert await skater_rows(db) == [
            ("Marie-Jade Lauriault", "FRA"),
            ("Other Partner", "BEL"),
            ("Romain Le Gac", "BEL"),  # the name alone never joins
            ("Romain Le Gac", "FRA"),
        ]
        keys = [r["skater_key"] for r in await db.fetchall("SELECT skater_key FROM entries ORDER BY id")]
        assert len(keys) == 3 and keys[0] == keys[1] != keys[2]  # the couple's two entries: the same two skaters
    finally:
        await db.close()
