"""The bundled seasons 2018-19 to 2025-26 (data/<id>.json from shared/data/seasons): converter output, provenance,
and every figure of every source file as the fresh store holds it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.discord_layer.ui.embeds import standings_pages
from bot.i18n import Words
from bot.services.import_format import skater_name_key
from bot.services.results import DISPUTED_PREFIX, ResultsService
from data import convert_seasons as conv
from data.converter.figures import STRENGTH
from data.converter.seasons import SEASONS
from db.database import Database
from tests.shared import shared_path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
FILES = tuple(SEASONS)
CONFIDENCE = {
    "multi-source": "multi-source",
    "single-source": "single-source",
    "single-source (low-quality site only)": "single-source",
    "derived": "derived",
    "inferred": "derived",
}
SEG_KEYS = {"short_program": "SP", "free_skate": "FS", "rhythm_dance": "RD", "free_dance": "FD"}
MEDAL = {"gold": 1, "silver": 2, "bronze": 3}


def _source(comp_id: str) -> dict[str, Any]:
    return json.loads((shared_path("data", "seasons") / f"{comp_id}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def converted() -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    return conv.convert_seasons(shared_path("data", "seasons"), DATA)


@pytest.mark.parametrize("comp_id", FILES)
def test_committed_file_equals_converter_output(comp_id: str, converted: Any) -> None:
    docs, _ = converted
    assert (DATA / f"{comp_id}.json").read_text(encoding="utf-8") == conv.render(docs[comp_id]), (
        f"data/{comp_id}.json is stale: rerun python -m data.convert_seasons ../shared/data/seasons data/"
    )


def test_converter_cli_writes_valid_files_and_reports_the_skaters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert conv.main([str(shared_path("data", "seasons")), str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == sorted(FILES)
    out = capsys.readouterr().out
    # the report names every join and every new skater, per file
    assert "  wc2021: " in out and "    join Anna Shcherbakova (FSR)" in out  # FSR (2021) is the Russian federation
    assert "    join Kaori Sakamoto (JPN) [isu-gpf1617]" in out
    assert "    new  " in out


@pytest.mark.parametrize("comp_id", FILES)
def test_bundled_file_validates_and_every_figure_has_sources(comp_id: str) -> None:
    doc = json.loads((DATA / f"{comp_id}.json").read_text(encoding="utf-8"))
    assert conv.validate(doc) == []


def test_a_disputed_figure_is_never_a_value_but_a_note_with_its_candidates() -> None:
    doc = json.loads((DATA / "wc2024.json").read_text(encoding="utf-8"))
    men = next(e for e in doc["competitions"][0]["events"] if e["id"] == "men")
    siao = next(e for e in men["entries"] if e["skaters"][0]["name"] == "Adam Siao Him Fa")
    assert "total" not in siao and siao["place"]["value"] == 3
    (note,) = [n for n in siao["notes"] if n["value"].startswith(DISPUTED_PREFIX)]
    assert "284.39" in note["value"] and "294.39" in note["value"] and len(note["sources"]) >= 2
    # Worlds 2026: the schedule and the field, no entry at all
    wc26 = json.loads((DATA / "wc2026.json").read_text(encoding="utf-8"))["competitions"][0]
    assert wc26["start_date"] == "2026-03-24" and wc26["venue"] == "O2 arena"
    assert all(not e["entries"] and e["segments"][0].get("date") for e in wc26["events"])


async def _stored_entries(store: Database, comp_id: str) -> dict[tuple[str, frozenset[str]], dict[str, Any]]:
    """Every stored entry of a competition by (event key, the name keys its skaters are known by)."""
    rows = await store.fetchall(
        "SELECT v.key AS event, e.id, e.country, e.place, e.total, pp.confidence AS place_conf, "
        "tp.confidence AS total_conf FROM entries e JOIN events v ON v.id = e.event_id "
        "JOIN competitions c ON c.id = v.competition_id LEFT JOIN provenance pp ON pp.id = e.place_prov "
        "LEFT JOIN provenance tp ON tp.id = e.total_prov WHERE c.key = ?",
        (comp_id,),
    )
    out: dict[tuple[str, frozenset[str]], dict[str, Any]] = {}
    for row in rows:
        skaters = await store.fetchall(
            "SELECT s.id, s.name FROM entry_skaters es JOIN skaters s ON s.id = es.skater_id WHERE es.entry_id = ? "
            "ORDER BY es.position",
            (row["id"],),
        )
        names: set[str] = set()
        for skater in skaters:
            names.add(skater_name_key(skater["name"]))
            for alias in await store.fetchall("SELECT alias FROM skater_aliases WHERE skater_id = ?", (skater["id"],)):
                names.add(skater_name_key(alias["alias"]))
        segs = await store.fetchall(
            "SELECT g.key, r.rank, r.tss, rp.confidence AS rank_conf, tp.confidence AS tss_conf "
            "FROM segment_results r JOIN segments g ON g.id = r.segment_id "
            "LEFT JOIN provenance rp ON rp.id = r.rank_prov LEFT JOIN provenance tp ON tp.id = r.tss_prov "
            "WHERE r.entry_id = ?",
            (row["id"],),
        )
        notes = [n["text"] for n in await store.fetchall("SELECT text FROM notes WHERE entry_id = ?", (row["id"],))]
        entry = {**dict(row), "names": names, "segments": {s["key"]: dict(s) for s in segs}, "notes": notes}
        out[(row["event"], frozenset(names))] = entry
    return out


def _find(stored: dict[tuple[str, frozenset[str]], dict[str, Any]], event: str, name: str) -> dict[str, Any]:
    wanted = [skater_name_key(n) for n in name.split(" / ")]
    found = [e for (ev, names), e in stored.items() if ev == event and all(w in names for w in wanted)]
    assert len(found) == 1, (event, name, len(found))
    return found[0]


def _check(fig: Any, stored: Any, conf: Any, notes: list[str], what: str) -> None:
    """One source figure against the stored column: equal with its confidence, absent when no source gave it, and
    when disputed absent with every candidate in a note."""
    if not isinstance(fig, dict):
        return
    status = str(fig.get("status", ""))
    if status.startswith("disputed"):
        assert stored is None, f"{what}: disputed figure stored as a fact ({stored})"
        cands = fig["candidates"]
        values = [str(c["value"]) for c in cands] if isinstance(cands, list) else [str(k) for k in cands]
        assert any(all(v in n for v in values) and n.startswith(DISPUTED_PREFIX) for n in notes), f"{what}: {values}"
    elif fig.get("value") is None:
        assert stored is None, f"{what}: no source gave it, yet the store holds {stored}"
    elif fig.get("sources") or fig.get("sources_of_inputs"):
        assert stored == fig["value"], f"{what}: stored {stored}, source {fig['value']}"
        # the same figure met twice in a file (podium and segment list) keeps the stronger of its confidences
        assert STRENGTH[conf] >= STRENGTH[CONFIDENCE[status]], f"{what}: confidence {conf} for status {status!r}"


@pytest.mark.parametrize("comp_id", FILES)
async def test_every_figure_of_the_source_file_is_in_the_fresh_store(shared_database: Database, comp_id: str) -> None:
    raw = _source(comp_id)
    stored = await _stored_entries(shared_database, comp_id)
    events = {"Men's singles": "men", "Women's singles": "women", "Pairs": "pairs", "Ice dance": "ice_dance"}
    checked = 0
    for event in raw["events"]:
        ev = events[event["event"]]
        rows = [(r, MEDAL[r["medal"]]) for r in event.get("podium") or []]
        rows += [(r, r.get("place")) for r in event.get("final_standings") or []]
        rows += [(r, None) for r in event.get("other_segment_results") or []]
        for row, place in rows:
            name = row.get("name")
            if not isinstance(name, str):
                assert not any(e["place"] == place for (e_ev, _), e in stored.items() if e_ev == ev and place)
                continue
            entry = _find(stored, ev, name)
            what = f"{comp_id}/{ev} {name}"
            _check(row.get("total"), entry["total"], entry["total_conf"], entry["notes"], f"{what} total")
            place_value = place.get("value") if isinstance(place, dict) else place
            if place_value is not None and entry["place"] is not None:
                assert entry["place"] == place_value, what
            for key, sid in SEG_KEYS.items():
                block = row.get(key)
                if not isinstance(block, dict):
                    continue
                seg = entry["segments"].get(sid, {})
                _check(block.get("score"), seg.get("tss"), seg.get("tss_conf"), entry["notes"], f"{what} {sid} score")
                _check(block.get("rank"), seg.get("rank"), seg.get("rank_conf"), entry["notes"], f"{what} {sid} rank")
                checked += 1
        for block in event.get("segments") or []:
            sid = SEG_KEYS.get(block["segment"])
            for row in block.get("entries") or []:
                entry = _find(stored, ev, row["name"])
                if sid is None:
                    continue
                seg = entry["segments"].get(sid, {})
                what = f"{comp_id}/{ev} {row['name']} {sid}"
                _check(row.get("score"), seg.get("tss"), seg.get("tss_conf"), entry["notes"], f"{what} score")
                if isinstance(row.get("rank"), dict):
                    _check(row["rank"], seg.get("rank"), seg.get("rank_conf"), entry["notes"], f"{what} rank")
                elif row.get("rank") is not None and seg.get("rank") is not None:
                    assert seg["rank"] == row["rank"], what
                checked += 1
    assert checked or comp_id == "wc2026"


@pytest.mark.parametrize("comp_id", [c for c in FILES if c != "wc2026"])
async def test_the_podiums_of_every_competition_are_the_files_medallists(
    shared_results: ResultsService, comp_id: str
) -> None:
    raw = _source(comp_id)
    events = {"Men's singles": "men", "Women's singles": "women", "Pairs": "pairs", "Ice dance": "ice_dance"}
    for event in raw["events"]:
        podiums = await shared_results.podiums(events[event["event"]], comp_id)
        got = {(place, country) for p in podiums for place, _name, country, _total in p.places}
        want = {(MEDAL[r["medal"]], r["noc"]) for r in event["podium"] if isinstance(r.get("name"), str)}
        assert got == want, (comp_id, event["event"])


async def test_the_well_known_skaters_are_one_record_across_2016_to_2026(shared_database: Database) -> None:
    for name, country, first, last in (
        ("Kaori Sakamoto", "JPN", "gpf1617", "wc2024"),
        ("Ilia Malinin", "USA", "gpf2223", "gpf2025"),
        ("Madison Chock", "USA", "wc2017", "gpf2025"),
        ("Evan Bates", "USA", "wc2017", "gpf2025"),
        ("Riku Miura", "JPN", "wc2023", "gpf2025"),
        ("Ryuichi Kihara", "JPN", "fc2017", "gpf2025"),
    ):
        rows = await shared_database.fetchall("SELECT id FROM skaters WHERE name = ? AND country = ?", (name, country))
        assert len(rows) == 1, name
        keys = {
            r["key"]
            for r in await shared_database.fetchall(
                "SELECT DISTINCT c.key FROM entry_skaters es JOIN entries e ON e.id = es.entry_id JOIN events v "
                "ON v.id = e.event_id JOIN competitions c ON c.id = v.competition_id WHERE es.skater_id = ?",
                (rows[0]["id"],),
            )
        }
        assert {first, last} <= keys, (name, sorted(keys))
        # no second record of the same person under any spelling in any word order, under any federation
        same = [
            (r["name"], r["country"])
            for r in await shared_database.fetchall("SELECT name, country FROM skaters")
            if skater_name_key(r["name"]) == skater_name_key(name)
        ]
        assert same == [(name, country)], same


async def test_a_competition_with_a_schedule_and_no_results_is_known_by_name(shared_results: ResultsService) -> None:
    competition = shared_results.competition("Worlds 2026")
    assert competition.key == "wc2026"
    (page,) = standings_pages(await shared_results.standings("Worlds 2026", "women"), Words("en-US"))
    assert page.description == (
        "Worlds 2026 Prague (2026-03-24 – 2026-03-29, O2 arena, Prague, CZE): no results in the store yet."
    )


async def test_partial_standings_say_which_places_are_known_and_show_disputes(shared_results: ResultsService) -> None:
    english = Words("en-US")
    (page,) = standings_pages(await shared_results.standings("gpfra2025", "men"), english)
    lines = (page.description or "").split("\n")
    assert lines[0].startswith("Places in the store: 1–4, 7, 10, 12 (compiled from reports")
    assert any(line.startswith("**7th") and "Tatsuya Tsuboi" in line for line in lines)
    assert not any(line.startswith(("**5th", "**6th", "**8th")) for line in lines)  # gaps are not numbered
    assert any(line.startswith("**—**") and "Maxim Naumov" in line for line in lines)  # a skater of one segment
    # a disputed total is no value: the entry shows its candidates instead
    (page,) = standings_pages(await shared_results.standings("wc2024", "men"), english)
    text = page.description or ""
    assert "**Adam Siao Him Fa** FRA — **—**" in text
    candidates = "total 284.39 (japannews.yomiuri.co.jp, kstp.com, olympics.com) vs 294.39 (urdupoint.com)"
    assert f"⚠ disputed: {candidates}" in text
    assert "Places in the store" not in text  # places 1 to 6, every entry placed: nothing more to say
