"""The bundled results in data/*.json: converter output, format rules and spot checks of real figures."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from data import convert_buzzfeed
from data import convert_shared as conv
from data.converter import buzzfeed as bf
from data.converter.seasons import SEASONS
from tests.shared import shared_path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
FILES = ("owg2026", "owg2022", "owg2018", "wc2025")


def _doc(comp_id: str) -> dict[str, Any]:
    return json.loads((DATA / f"{comp_id}.json").read_text(encoding="utf-8"))


def _event(comp_id: str, event_id: str) -> dict[str, Any]:
    comp = _doc(comp_id)["competitions"][0]
    return next(e for e in comp["events"] if e["id"] == event_id)


def _entry(comp_id: str, event_id: str, name: str) -> dict[str, Any]:
    ev = _event(comp_id, event_id)
    return next(e for e in ev["entries"] if any(s["name"] == name for s in e["skaters"]))


def _team(comp_id: str, country: str) -> dict[str, Any]:
    return next(t for t in _event(comp_id, "team")["teams"] if t["country"] == country)


@pytest.mark.parametrize("comp_id", FILES)
def test_committed_file_equals_converter_output(comp_id: str) -> None:
    reference = shared_path("data")
    docs, _ = conv.convert_all(reference)
    assert (DATA / f"{comp_id}.json").read_text(encoding="utf-8") == conv.render(docs[comp_id]), (
        f"data/{comp_id}.json is stale: rerun python -m data.convert_shared {reference} data/"
    )


def test_converter_cli_writes_valid_files(tmp_path: Path) -> None:
    assert conv.main([str(shared_path("data")), str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == sorted((*FILES, "source_tiers"))


@pytest.mark.parametrize("comp_id", FILES)
def test_bundled_file_validates(comp_id: str) -> None:
    doc = _doc(comp_id)
    assert conv.validate(doc) == []
    text = (DATA / f"{comp_id}.json").read_text(encoding="utf-8")
    assert text.endswith("}\n") and text == conv.render(doc)


def test_validator_rejects_broken_documents() -> None:
    doc = _doc("owg2026")
    men = doc["competitions"][0]["events"][0]
    men["entries"][0]["total"] = {"value": 291.58, "confidence": "sure", "sources": []}
    men["entries"][1]["segments"]["XX"] = {}
    men["entries"].append(json.loads(json.dumps(men["entries"][2])))
    doc["competitions"][0]["level"] = "olympic"
    pairs = doc["competitions"][0]["events"][2]
    pairs["entries"][0]["skaters"] = pairs["entries"][0]["skaters"][:1]
    errors = "\n".join(conv.validate(doc))
    for fragment in (
        "confidence 'sure'",
        "sources must be",
        "segment XX",
        "appears twice",
        "level 'olympic'",
        "need 2 skater",
    ):
        assert fragment in errors


def test_status_mapping() -> None:
    assert conv.map_status("multi-source") == ("multi-source", None)
    low = conv.map_status("single-source (low-quality site only)")
    assert low == ("single-source", "low-quality site only")
    assert conv.map_status("single-source (TASS) + low-tier echo") == (
        "single-source",
        "single-source (TASS) + low-tier echo",
    )
    confidence, note = conv.map_status("inferred (highest FS score reported)")
    assert confidence == "derived" and note.startswith("inferred: ")
    assert conv.map_status("not found in sources read") == (None, None)
    assert conv.map_status("disputed") == (None, "disputed")
    with pytest.raises(conv.ConversionError):
        conv.map_status("rumoured")


def test_competitions_metadata() -> None:
    expected = {
        "owg2026": ("Milano Cortina 2026", "2025-26", "olympics", "2026-02-06", "2026-02-19"),
        "owg2022": ("Beijing 2022", "2021-22", "olympics", "2022-02-04", "2022-02-19"),
        "owg2018": ("PyeongChang 2018", "2017-18", "olympics", "2018-02-09", "2018-02-23"),
        "wc2025": ("Worlds 2025 Boston", "2024-25", "worlds", "2025-03-26", "2025-03-29"),
    }
    for comp_id, (short, season, level, start, end) in expected.items():
        comps = _doc(comp_id)["competitions"]
        assert len(comps) == 1
        comp = comps[0]
        got = (comp["id"], comp["short_name"], comp["season"], comp["level"])
        assert got == (comp_id, short, season, level)
        assert (comp["start_date"], comp["end_date"]) == (start, end)
    assert _doc("owg2026")["competitions"][0]["name"] == "Milano Cortina 2026 Olympic Winter Games"


def test_men_2026_shaidorov() -> None:
    e = _entry("owg2026", "men", "Mikhail Shaidorov")
    assert e["country"] == "KAZ"
    assert e["place"]["value"] == 1 and e["total"]["value"] == 291.58
    assert e["total"]["confidence"] == "multi-source"
    assert e["segments"]["SP"]["tss"]["value"] == 92.94
    assert e["segments"]["SP"]["rank"]["value"] == 5
    assert e["segments"]["FS"]["tss"]["value"] == 198.64
    assert e["segments"]["FS"]["rank"]["value"] == 1
    # the SP score rests on one aggregator: the flag must survive
    assert e["segments"]["SP"]["tss"]["confidence"] == "single-source"
    assert "low-quality site only" in e["segments"]["SP"]["tss"]["note"]
    assert any("First Olympic figure skating gold for Kazakhstan" == n["value"] for n in e["notes"])
    assert "cited from the total's sources" in e["place"]["note"]


def test_men_2026_malinin_and_derived_figures() -> None:
    e = _entry("owg2026", "men", "Ilia Malinin")
    assert e["place"]["value"] == 8 and "disputed" in e["place"]["note"]
    cha = _entry("owg2026", "men", "Cha Jun-hwan")
    assert cha["skaters"][0]["aliases"] == ["Cha Junhwan", "Junhwan Cha"]
    fs = cha["segments"]["FS"]["tss"]
    assert fs["value"] == 181.2 and fs["confidence"] == "derived" and "273.92 - 92.72" in fs["note"]
    assert fs["sources"]
    # the data has no 10th place: nobody is invented for it
    assert 10 not in {e["place"]["value"] for e in _event("owg2026", "men")["entries"] if "place" in e}


def test_segment_only_skaters_are_kept_without_invented_results() -> None:
    marsak = _entry("owg2026", "men", "Kyrylo Marsak")
    assert "place" not in marsak and marsak["total"]["value"] == 224.17
    assert marsak["segments"]["SP"]["rank"]["value"] == 11
    egadze = _entry("owg2026", "men", "Nika Egadze")
    assert "place" not in egadze and egadze["status"] is None  # SP 15th: within the 24 who advanced


def test_women_2026() -> None:
    liu = _entry("owg2026", "women", "Alysa Liu")
    assert liu["place"]["value"] == 1 and liu["total"]["value"] == 226.79
    fs_rank = liu["segments"]["FS"]["rank"]
    assert fs_rank["confidence"] == "derived" and fs_rank["note"].startswith("inferred: ")
    assert _entry("owg2026", "women", "Niina Petrõkina")["skaters"][0]["aliases"] == ["Niina Petrokina"]
    gutmann = _entry("owg2026", "women", "Lara Naki Gutmann")
    assert "rank" not in gutmann["segments"]["SP"]  # disputed, unresolved
    assert gutmann["segments"]["SP"]["tss"]["value"] == 61.56
    assert _entry("owg2026", "women", "Adeliia Petrosian")["country"] == "AIN"
    gubanova = _entry("owg2026", "women", "Anastasiia Gubanova")
    assert gubanova["place"]["value"] == 9 and "total" not in gubanova


def test_pairs_2026_couple_split() -> None:
    e = _entry("owg2026", "pairs", "Riku Miura")
    assert [s["name"] for s in e["skaters"]] == ["Riku Miura", "Ryuichi Kihara"]
    assert e["country"] == "JPN" and e["place"]["value"] == 1 and e["total"]["value"] == 231.24
    assert e["segments"]["FS"]["tss"]["value"] == 158.13
    # merged from final standings (one source) and the SP list (two sources)
    assert e["segments"]["SP"]["tss"]["confidence"] == "multi-source"
    assert len(e["segments"]["SP"]["tss"]["sources"]) >= 2


def test_ice_dance_2026() -> None:
    ev = _event("owg2026", "ice_dance")
    assert [s["id"] for s in ev["segments"]] == ["RD", "FD"]
    e = _entry("owg2026", "ice_dance", "Guillaume Cizeron")
    assert e["place"]["value"] == 1 and e["total"]["value"] == 225.82
    lajoie = _entry("owg2026", "ice_dance", "Marjorie Lajoie")
    assert "rank" not in lajoie["segments"]["RD"]  # 8th vs 9th, unresolved
    fear = _entry("owg2026", "ice_dance", "Lilah Fear")
    assert fear["place"]["value"] == 7


def test_team_2026() -> None:
    usa = _team("owg2026", "USA")
    assert usa["place"]["value"] == 1 and usa["points"]["value"] == 69
    assert _team("owg2026", "JPN")["points"]["value"] == 68
    assert usa["segments"]["MFS"]["skaters"] == ["Ilia Malinin"]
    assert usa["segments"]["MFS"]["tss"]["value"] == 200.03
    assert usa["segments"]["MFS"]["points"]["value"] == 10
    assert usa["segments"]["WFS"]["skaters"] == ["Amber Glenn"]
    ev = _event("owg2026", "team")
    assert [s["id"] for s in ev["segments"]] == ["RD", "PSP", "WSP", "MSP", "FD", "PFS", "WFS", "MFS"]
    assert {s["discipline"] for s in ev["segments"]} == {"ice_dance", "pairs", "women", "men"}
    assert len(ev["teams"]) == 10
    ita_fd = _team("owg2026", "ITA")["segments"]["FD"]
    assert "tss" not in ita_fd and ita_fd["points"]["confidence"] == "derived"


def test_beijing_2022() -> None:
    chen = _entry("owg2022", "men", "Nathan Chen")
    assert chen["place"]["value"] == 1 and chen["total"]["value"] == 332.6
    assert chen["segments"]["SP"]["tss"]["value"] == 113.97
    trusova = _entry("owg2022", "women", "Alexandra Trusova")
    assert trusova["country"] == "ROC" and trusova["total"]["confidence"] == "single-source"
    assert "TASS" in trusova["total"]["note"]
    teams = {t["country"]: t for t in _event("owg2022", "team")["teams"]}
    assert [(c, t["place"]["value"]) for c, t in teams.items()][:3] == [("USA", 1), ("JPN", 2), ("ROC", 3)]
    assert teams["ROC"]["points"]["value"] == 54 and teams["USA"]["points"]["value"] == 65
    assert "2024 ISU recalculation" in teams["ROC"]["points"]["note"]
    notes = [n["value"] for n in _event("owg2022", "team")["notes"]]
    assert any("Original 2022 result" in n and "ROC 74" in n for n in notes)


def test_pyeongchang_2018() -> None:
    ev = _event("owg2018", "ice_dance")
    assert ev["segments"][0]["name"] == "Short dance" and ev["segments"][0]["kind"] == "rhythm_dance"
    assert _entry("owg2018", "women", "Alina Zagitova")["country"] == "OAR"
    assert _event("owg2018", "women")["name"] == "Ladies' singles"
    assert _entry("owg2018", "men", "Yuzuru Hanyu")["total"]["value"] == 317.85
    assert _team("owg2018", "CAN")["points"]["value"] == 73


def test_worlds_2025() -> None:
    ids = {e["id"] for e in _doc("wc2025")["competitions"][0]["events"]}
    assert ids == {"men", "women", "pairs", "ice_dance"}
    malinin = _entry("wc2025", "men", "Ilia Malinin")
    assert malinin["place"]["value"] == 1 and malinin["total"]["value"] == 318.56
    chiba = _entry("wc2025", "women", "Mone Chiba")
    assert "AP" in chiba["total"]["note"]


def test_every_figure_has_provenance_everywhere() -> None:
    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if "value" in node:
                assert node.get("confidence") in conv.CONFIDENCES, path
                assert node.get("sources"), path
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]")

    for comp_id in FILES:
        walk(_doc(comp_id), comp_id)


# --- the ISU judges' score sheets of 2016-17 and autumn 2017 (shared/data/buzzfeed-figure-skating-scores) ---------

HISTORY = tuple(f"{bf.FILE_PREFIX}{code}" for code in bf.COMPETITIONS)


@pytest.fixture(scope="module")
def history_output() -> tuple[dict[str, dict[str, Any]], list[str]]:
    return bf.convert_all(shared_path("data", bf.DATASET), DATA)


@pytest.fixture(scope="module")
def history_docs() -> dict[str, dict[str, Any]]:
    return {stem: _doc(stem) for stem in HISTORY}


@pytest.fixture(scope="module")
def dataset() -> bf.Dataset:
    return bf.read_dataset(shared_path("data", bf.DATASET))


def test_history_files_equal_the_converter_output(history_output: tuple[dict[str, dict[str, Any]], list[str]]) -> None:
    docs, log = history_output
    assert sorted(docs) == sorted(HISTORY)
    for stem, doc in docs.items():
        assert (DATA / f"{stem}.json").read_text(encoding="utf-8") == bf.render(doc), (
            f"data/{stem}.json is stale: rerun python -m data.convert_buzzfeed {shared_path('data', bf.DATASET)} data/"
        )
    assert any("no marks from J6" in line for line in log)
    assert any(line.startswith("Jin Boyang (CHN) also printed as Boyang Jin") for line in log)


def test_history_converter_cli_writes_valid_files(tmp_path: Path) -> None:
    for comp_id in (*FILES, *SEASONS):  # the curated files name the skaters they share with this data
        shutil.copy(DATA / f"{comp_id}.json", tmp_path)
    assert convert_buzzfeed.main([str(shared_path("data", bf.DATASET)), str(tmp_path)]) == 0
    for stem in HISTORY:
        assert (tmp_path / f"{stem}.json").read_bytes() == (DATA / f"{stem}.json").read_bytes()


def test_history_files_validate(history_docs: dict[str, dict[str, Any]]) -> None:
    for stem, doc in history_docs.items():
        assert bf.validate(doc) == [], stem


def test_history_validator_catches_bad_arithmetic_and_undue_places(history_docs: dict[str, dict[str, Any]]) -> None:
    doc = json.loads(json.dumps(history_docs["isu-wc2017"]))
    men = doc["competitions"][0]["events"][0]
    winner = men["entries"][0]
    winner["segments"]["SP"]["tss"] = 110.0
    winner["segments"]["FS"]["protocol"]["elements"][0]["panel_score"] += 1
    winner["total"]["confidence"] = "official"
    short_only = next(e for e in men["entries"] if "FS" not in e["segments"])
    short_only["place"] = {"value": 30, "confidence": "derived", "sources": ["https://x.org"], "note": "n"}
    errors = "\n".join(bf.validate(doc))
    for fragment in (
        "TSS 110.0 != TES",
        "FS: TES 98.62 != the elements' panel scores 99.62",
        "not marked derived",
        "did not skate FS",
    ):
        assert fragment in errors


def test_history_competitions(history_docs: dict[str, dict[str, Any]]) -> None:
    comps = {stem: doc["competitions"][0] for stem, doc in history_docs.items()}
    assert len(comps) == 17
    wc = comps["isu-wc2017"]
    assert (wc["id"], wc["name"], wc["season"], wc["level"]) == (
        "wc2017",
        "ISU World Figure Skating Championships 2017",
        "2016-17",
        "worlds",
    )
    assert (wc["start_date"], wc["end_date"]) == ("2017-03-27", "2017-04-02")  # the dataset's README
    # The dataset names no place: the city and country come from the page cited second, the venue stays out.
    assert wc["provenance"]["sources"] == [bf.UPSTREAM_README, bf.PLACES["wc2017"][2]]
    assert (wc["city"], wc["country"]) == ("Helsinki", "FIN") and "venue" not in wc
    assert all(comp.get("city") and len(comp["provenance"]["sources"]) == 2 for comp in comps.values())
    gpf = comps["isu-gpf1617"]
    assert (gpf["level"], gpf["season"], gpf["start_date"], gpf["end_date"]) == (
        "grand-prix-final",
        "2016-17",
        "2016-12-08",
        "2016-12-11",
    )
    assert {c["season"] for c in comps.values()} == {"2016-17", "2017-18"}
    levels = {stem: [(e["id"], e["level"]) for e in c["events"]] for stem, c in comps.items()}
    assert levels["isu-gpf2017"][4:] == [
        ("junior-men", "junior"),
        ("junior-women", "junior"),
        ("junior-pairs", "junior"),
        ("junior-ice_dance", "junior"),
    ]
    assert levels["isu-wc2017"] == [
        ("men", "senior"),
        ("women", "senior"),
        ("pairs", "senior"),
        ("ice_dance", "senior"),
    ]
    dance = next(e for e in wc["events"] if e["id"] == "ice_dance")
    assert [(s["id"], s["kind"], s["name"]) for s in dance["segments"]] == [
        ("SD", "rhythm_dance", "Short dance"),
        ("FD", "free_dance", "Free dance"),
    ]
    url = "http://www.isuresults.com/results/season1617/wc2017/wc2017_protocol.pdf"
    assert all(e["provenance"] == {**e["provenance"], "confidence": "official", "sources": [url]} for e in wc["events"])
    assert bf.ATTRIBUTION in history_docs["isu-wc2017"]["description"]


def _history_entry(doc: dict[str, Any], event_id: str, name: str) -> dict[str, Any]:
    event = next(e for e in doc["competitions"][0]["events"] if e["id"] == event_id)
    return next(e for e in event["entries"] if any(s["name"] == name for s in e["skaters"]))


def test_history_known_results(history_docs: dict[str, dict[str, Any]]) -> None:
    wc = history_docs["isu-wc2017"]
    hanyu = _history_entry(wc, "men", "Yuzuru Hanyu")
    assert hanyu["skaters"] == [{"name": "Yuzuru Hanyu", "aliases": ["Yuzuru HANYU"]}]
    assert (hanyu["segments"]["SP"]["tss"], hanyu["segments"]["FS"]["tss"]) == (98.39, 223.2)
    assert (hanyu["segments"]["FS"]["tes"], hanyu["segments"]["FS"]["pcs"]) == (126.12, 97.08)
    assert hanyu["total"]["value"] == 321.59 and hanyu["total"]["confidence"] == "derived"
    assert hanyu["place"]["value"] == 1 and hanyu["place"]["confidence"] == "derived"
    assert hanyu["total"]["note"] and hanyu["place"]["note"]
    medvedeva = _history_entry(wc, "women", "Evgenia Medvedeva")
    assert (medvedeva["total"]["value"], medvedeva["place"]["value"]) == (233.41, 1)
    virtue = _history_entry(wc, "ice_dance", "Tessa Virtue")
    assert [s["name"] for s in virtue["skaters"]] == ["Tessa Virtue", "Scott Moir"]
    assert (virtue["total"]["value"], virtue["place"]["value"]) == (198.62, 1)
    # Curated spellings win, the printed ones stay findable.
    jin = _history_entry(wc, "men", "Jin Boyang")
    assert jin["skaters"][0]["aliases"] == ["Boyang Jin", "Boyang JIN"]
    # A skater who did not reach (or skate) the free skate has segment figures only: no total, no place, no status.
    pavlov = _history_entry(wc, "men", "Ivan Pavlov")
    assert list(pavlov["segments"]) == ["SP"] and pavlov["segments"]["SP"]["rank"] == 25
    assert not {"total", "place", "status"} & set(pavlov)
    fs = hanyu["segments"]["FS"]["protocol"]
    assert [e["code"] for e in fs["elements"]][:3] == ["4Lo", "4S", "FCCoSp4"]
    assert [c["name"] for c in fs["components"]] == [
        "Skating Skills",
        "Transitions",
        "Performance",
        "Composition",
        "Interpretation of the Music",
    ]
    assert {c["factor"] for c in fs["components"]} == {2.0}


def test_history_figures_match_the_dataset(history_docs: dict[str, dict[str, Any]], dataset: bf.Dataset) -> None:
    """A sample of every kind of figure, read back from the converted files and compared with the tables."""
    entries = {}
    for doc in history_docs.values():
        comp = doc["competitions"][0]
        for event in comp["events"]:
            for entry in event["entries"]:
                printed = " / ".join(sorted(a for s in entry["skaters"] for a in [*s.get("aliases", []), s["name"]]))
                for key, result in entry["segments"].items():
                    entries[(comp["name"], event["level"], event["discipline"], key, entry["country"], printed)] = (
                        result
                    )
    performances = [p for group in dataset.performances.values() for p in group]
    rng = random.Random(15)
    sample = rng.sample(performances, 150)
    checked_marks = 0
    for performance in sample:
        row = performance.row
        program = row["program"]
        level = "junior" if program.startswith("JUNIOR ") else "senior"
        discipline = next(v for k, v in bf.DISCIPLINES.items() if program.removeprefix("JUNIOR ").startswith(k))
        key = next(v[0] for k, v in bf.SEGMENTS.items() if program.endswith(k))
        names = [part.strip() for part in row["name"].split(" / ")]
        matches = [
            result
            for (comp, lvl, disc, seg, country, printed), result in entries.items()
            if (comp, lvl, disc, seg, country) == (row["competition"], level, discipline, key, row["nation"])
            and all(n in printed for n in names)
        ]
        assert len(matches) == 1, row
        result = matches[0]
        assert result["rank"] == int(row["rank"]) and result["starting_number"] == int(row["starting_number"])
        for name, column in (
            ("tss", "total_segment_score"),
            ("tes", "total_element_score"),
            ("pcs", "total_component_score"),
            ("deductions", "total_deductions"),
        ):
            assert result[name] == float(row[column]), (row, name)
        elements = {e["number"]: e for e in result["protocol"]["elements"]}
        for aspect in performance.elements:
            element = elements[int(aspect["aspect_num"])]
            assert element["code"] == aspect["aspect_desc"]
            assert element["panel_score"] == float(aspect["scores_of_panel"])
            assert (element["base_value"], element["goe"]) == (float(aspect["base_value"]), float(aspect["goe"]))
            assert element.get("info", "") == aspect["info_flag"]
            assert element.get("bonus", False) == (aspect["credit_flag"].lower() == "x")
            marks = dataset.marks.get(aspect["aspect_id"], {})
            for judge, score in marks.items():
                assert float(element["judges"][int(judge[1:]) - 1]) == float(score)
                checked_marks += 1
        components = {c["name"]: c for c in result["protocol"]["components"]}
        for aspect in performance.components:
            component = components[aspect["aspect_desc"]]
            assert (component["factor"], component["score"]) == (
                float(aspect["factor"]),
                float(aspect["scores_of_panel"]),
            )
            for judge, score in dataset.marks.get(aspect["aspect_id"], {}).items():
                mark = component["judges"][int(judge[1:]) - 1]
                assert mark == "-" or float(mark) == float(score)
                checked_marks += 1
    assert checked_marks > 10_000


def test_history_arithmetic_and_derived_figures(history_docs: dict[str, dict[str, Any]]) -> None:
    skates = finishers = short_only = 0
    for doc in history_docs.values():
        for event in doc["competitions"][0]["events"]:
            keys = [s["id"] for s in event["segments"]]
            for entry in event["entries"]:
                for result in entry["segments"].values():
                    skates += 1
                    tss, tes, pcs, ded = (result[n] for n in ("tss", "tes", "pcs", "deductions"))
                    assert abs(tes + pcs - ded - tss) <= 0.011
                    elements = result["protocol"]["elements"]
                    assert abs(sum(e["panel_score"] for e in elements) - tes) <= 0.005 * len(elements)
                    assert abs(sum(c["score"] * c["factor"] for c in result["protocol"]["components"]) - pcs) <= 0.05
                if keys[-1] in entry["segments"]:
                    finishers += 1
                    assert entry["total"]["confidence"] == entry["place"]["confidence"] == "derived"
                    assert entry["total"]["value"] == round(sum(entry["segments"][k]["tss"] for k in keys), 2)
                else:
                    short_only += 1
                    assert "total" not in entry and "place" not in entry
            places = sorted(e["place"]["value"] for e in event["entries"] if "place" in e)
            assert places == list(range(1, len(places) + 1))
    assert (skates, finishers, short_only) == (1726, 818, 90)
