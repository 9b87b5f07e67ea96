"""The judges' details PDFs of the world (../shared/fixtures/isu-pdfs and the PDF sets of isu-world): every layout
(ISUCalcFS's Crystal Reports, FS Manager, comnet's, the Olympics' trilingual one) and every scoring era reads into
protocols whose figures add up, and samples match what the PDFs print."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.services.isu.model import Protocol
from bot.services.isu.protocol_pdf import parse_protocols
from tests.shared import shared_path

FSM = "-000100--_JudgesDetailsperSkater.pdf"
SETS = [
    ("isu-pdfs", "owg2018"),
    ("isu-pdfs", "gpusa2018"),
    ("isu-pdfs", "ec2019"),
    ("isu-pdfs", "gpcan2021"),
    ("isu-pdfs", "wc2022"),
    ("isu-pdfs", "ec2023"),
    ("isu-pdfs", "gpfra2023"),
    ("isu-pdfs", "fc2024"),
    ("isu-pdfs", "gpusa2025"),
    ("isu-world", "isu-ec2024-fsm-pdfs"),
    ("isu-world", "fr-cup-of-nice-2021-pdfs"),
    ("isu-world", "fr-coupe-de-france-2022-pdfs"),
    ("isu-world", "isu-gpjpn2017-comnet"),
    ("isu-world", "isu-owg2018"),
    ("isu-world", "isu-wc2009"),
]


def read(*parts: str) -> list[Protocol]:
    path: Path = shared_path("fixtures", *parts)
    return parse_protocols(path.read_bytes(), path.name)


@pytest.mark.parametrize(("folder", "name"), SETS)
def test_every_pdf_of_the_set_reads_and_adds_up(folder: str, name: str) -> None:
    pdfs = sorted(shared_path("fixtures", folder, name).glob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        protocols = parse_protocols(pdf.read_bytes(), pdf.name)
        assert [p.rank for p in protocols] == list(range(1, len(protocols) + 1)), pdf.name
        for p in protocols:
            assert len(p.nation) == 3 and p.nation.isupper(), (pdf.name, p.name)
            assert abs(p.tss - (p.tes + p.pcs - p.deductions)) < 0.015, (pdf.name, p.name)
            assert abs(p.tes - sum(e.panel_score for e in p.elements)) < 0.03, (pdf.name, p.name)
            assert p.components and all(c.judges for c in p.components), (pdf.name, p.name)


def test_2010_18_olympics_names_holding_capitals_and_the_noc_column() -> None:
    men = read("isu-pdfs", "owg2018", "OWG2018_MenSingleSkating_SP_Scores.pdf")
    first, third = men[0], men[2]
    assert (first.name, first.nation, first.starting_number, first.tss) == ("HANYU Yuzuru", "JPN", 25, 111.68)
    assert (third.name, third.nation) == ("UNO Shoma", "JPN")  # "UNO" is no nation code
    quad = first.elements[0]
    assert (quad.code, quad.base_value, quad.goe, quad.judges, quad.panel_score) == (
        "4S",
        10.5,
        2.71,
        ["3", "2", "3", "3", "3", "2", "3", "3", "2"],
        13.21,
    )
    assert first.elements[3].bonus and first.elements[3].code == "3A"
    assert first.components[0].name == "Skating Skills" and len(first.components) == 5
    dance = read("isu-pdfs", "owg2018", "OWG2018_IceDance_SD_Scores.pdf")
    # Printed without a "Deductions:" line (a prop-violation note stands there): no deductions, not a damaged PDF.
    bobrova = next(p for p in dance if p.name.startswith("BOBROVA"))
    assert (bobrova.rank, bobrova.nation, bobrova.tss, bobrova.deductions) == (6, "OAR", 75.47, 0.0)
    french = next(p for p in dance if "GAC" in p.name)
    assert french.name == "LAURIAULT Marie-Jade / le GAC Romain" and french.nation == "FRA"


def test_2018_22_isucalcfs_layout_with_its_column_label_line() -> None:
    men = read("isu-pdfs", "ec2019", "ec2019_Men_SP_Scores.pdf")
    kolyada = men[0]
    assert (kolyada.name, kolyada.nation, kolyada.starting_number) == ("Mikhail KOLYADA", "RUS", 35)
    assert (kolyada.tss, kolyada.tes, kolyada.pcs, kolyada.deductions) == (100.49, 54.05, 46.44, 0.0)
    combo = kolyada.elements[0]
    assert (combo.code, combo.base_value, combo.goe, combo.panel_score) == ("4T+3T", 13.7, 2.99, 16.69)
    assert combo.judges == ["3", "3", "3", "4", "1", "3", "3", "4", "3"]  # GOE -5..+5 era
    samarin = men[1]
    assert samarin.elements[1].judges[0] == "-5" and samarin.elements[1].goe == -1.97


def test_2022_fs_manager_three_components_and_an_empty_element_row() -> None:
    men = read("isu-pdfs", "ec2023", "FSKMSINGLES-----------FNL" + FSM)
    assert [c.name for c in men[0].components] == ["Composition", "Presentation", "Skating Skills"]
    vasiljevs = next(p for p in men if p.name == "Deniss VASILJEVS")
    assert (vasiljevs.rank, vasiljevs.nation, vasiljevs.tss) == (6, "LAT", 151.54)
    # The PDF numbers a 12th row that holds no element and no score: not an element.
    assert [e.number for e in vasiljevs.elements] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]
    assert vasiljevs.elements[3].code == "ChSq" and vasiljevs.elements[3].judges == ["-"] * 9


def test_comnet_pdfs_with_a_capital_x_and_components_in_the_plural() -> None:
    ladies = read("isu-world", "isu-gpjpn2017-comnet", "ladies_free.pdf")
    medvedeva = ladies[0]
    assert (medvedeva.name, medvedeva.tss, medvedeva.deductions) == ("Evgenia MEDVEDEVA", 144.40, 1.0)
    assert medvedeva.elements[4].bonus and medvedeva.elements[4].base_value == 10.56
    assert [d.reason for d in medvedeva.deduction_items] == ["Falls"]
    dance = read("isu-world", "isu-gpjpn2017-comnet", "ice_dance_free.pdf")
    long_name = next(p for p in dance if "FOURNIER" in p.name)
    assert long_name.nation == "DEN" and long_name.name == "Laurence FOURNIER BEAUDRY / Nikolaj SORENSEN"


def test_a_federations_blank_component_row_is_no_component() -> None:
    girls = read("isu-world", "fsu-cup-fsu-latin-2024", "Ladies3yn_FS_Scores.pdf")
    assert (girls[0].name, girls[0].tss) == ("Taisiya GAYDUKOVA", 22.39)
    assert [c.name for c in girls[0].components] == ["Predstavlenie", "Skating Skills"]
    assert len(girls[0].elements[0].judges) == 5
