"""ISU judges' details PDFs (real ISUCalcFS output, World Championships 2014) -> Protocol records."""

from __future__ import annotations

import re
import time

import pytest

from bot.services.isu.model import Protocol
from bot.services.isu.protocol_pdf import ProtocolError, page_count, parse_protocols
from tests.isu_sites import wc2014

FIXTURES = wc2014()
PDFS = sorted(FIXTURES.glob("wc2014_*_Scores.pdf"))


@pytest.fixture(scope="module")
def parsed() -> dict[str, list[Protocol]]:
    out: dict[str, list[Protocol]] = {}
    pages = 0
    start = time.perf_counter()
    for path in PDFS:
        data = path.read_bytes()
        out[path.name] = parse_protocols(data, path.name)
        pages += page_count(data)
    elapsed = time.perf_counter() - start
    print(f"\nparsed {len(PDFS)} PDFs, {pages} pages in {elapsed:.2f} s ({elapsed / max(pages, 1) * 1000:.1f} ms/page)")
    return out


def test_every_file_parses(parsed: dict[str, list[Protocol]]) -> None:
    assert len(parsed) == 8
    for name, protocols in parsed.items():
        assert protocols, name
        assert [p.rank for p in protocols] == sorted(p.rank for p in protocols), name
        assert protocols[0].rank == 1, name
        for p in protocols:
            assert p.elements and p.components, (name, p.name)
            assert len(p.nation) == 3 and p.nation.isupper()


def test_hanyu_free_skate(parsed: dict[str, list[Protocol]]) -> None:
    hanyu = parsed["wc2014_Men_FS_Scores.pdf"][0]
    assert (hanyu.rank, hanyu.name, hanyu.nation, hanyu.starting_number) == (1, "Yuzuru HANYU", "JPN", 21)
    assert (hanyu.tss, hanyu.tes, hanyu.pcs, hanyu.deductions) == (191.35, 99.93, 91.42, 0.0)
    assert [e.code for e in hanyu.elements] == [
        "4S", "4T", "3F", "StSq4", "FCCoSp4", "3A+3T", "3A+2T", "3Lo", "3Lz+1Lo+3S", "3Lz", "ChSq1", "FCSSp4", "CCoSp3",
    ]  # fmt: skip
    first, flip, combo = hanyu.elements[0], hanyu.elements[2], hanyu.elements[5]
    assert (first.base_value, first.goe, first.panel_score, first.bonus) == (10.50, 0.0, 10.50, False)
    assert first.judges == ["-1", "1", "-1", "0", "0", "0", "0", "1", "0"]
    assert (flip.info, flip.base_value, flip.goe, flip.panel_score) == ("e", 5.30, -0.30, 5.00)
    assert (combo.base_value, combo.bonus, combo.goe, combo.panel_score) == (13.86, True, 0.71, 14.57)
    assert [c.name for c in hanyu.components] == [
        "Skating Skills", "Transition / Linking Footwork", "Performance / Execution", "Choreography / Composition",
        "Interpretation",
    ]  # fmt: skip
    assert [c.score for c in hanyu.components] == [9.25, 8.93, 9.21, 9.11, 9.21]
    assert all(c.factor == 2.0 for c in hanyu.components)
    assert hanyu.components[2].judges == ["9.25", "8.50", "8.75", "9.50", "9.50", "9.00", "10.00", "9.50", "9.00"]
    assert hanyu.deduction_items == []


def test_markers_and_deductions(parsed: dict[str, list[Protocol]]) -> None:
    infos = {e.info for ps in parsed.values() for p in ps for e in p.elements}
    assert {"", "<", "<<", "e", "*"} <= infos
    assert not any("Info" in i for i in infos)
    items = [d for ps in parsed.values() for p in ps for d in p.deduction_items]
    assert {d.reason for d in items} >= {"Falls", "Time violation", "Music tempo"}
    assert all(d.points > 0 for d in items)
    ice = parsed["wc2014_IceDance_SD_Scores.pdf"][0]
    assert ice.name == "Anna CAPPELLINI / Luca LANOTTE" and ice.nation == "ITA"
    assert ice.elements[1].code == "1FS4+kpYYY"


@pytest.mark.parametrize("name", [p.name for p in PDFS])
def test_totals_add_up(parsed: dict[str, list[Protocol]], name: str) -> None:
    for p in parsed[name]:
        who = f"{name}: {p.name}"
        assert abs(sum(e.panel_score for e in p.elements) - p.tes) <= 0.02, who
        assert abs(p.tes + p.pcs - p.deductions - p.tss) <= 0.02, who
        assert abs(sum(c.score * c.factor for c in p.components) - p.pcs) <= 0.02, who
        assert abs(sum(d.points for d in p.deduction_items) - p.deductions) <= 0.005, who
        panel = len(p.components[0].judges)
        assert panel >= 3, who
        assert all(len(e.judges) == panel for e in p.elements), who
        assert all(len(c.judges) == panel for c in p.components), who


def test_truncated_pdf_is_rejected() -> None:
    path = PDFS[0]
    data = path.read_bytes()
    with pytest.raises(ProtocolError, match=re.escape(path.name)):
        parse_protocols(data[: len(data) // 2], path.name)


def test_not_a_pdf_is_rejected() -> None:
    with pytest.raises(ProtocolError, match=r"notes\.txt: not an ISU judges' details PDF"):
        parse_protocols(b"Rank Name Nation\n1 Somebody JPN\n", "notes.txt")
    with pytest.raises(ProtocolError, match=r"notes\.txt"):
        page_count(b"hello", "notes.txt")
