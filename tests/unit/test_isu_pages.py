"""The ISU results page parsers, on the real 2014 World Championships pages and on damaged / edited copies."""

from __future__ import annotations

import re

import pytest

from bot.services.isu.charset import decode_page
from bot.services.isu.pages import (
    COMPONENT_NAMES,
    PageError,
    decode,
    parse_index,
    parse_legend,
    parse_panel,
    parse_result,
    parse_segment,
)
from bot.services.isu.vocabulary import read_category_name, segment_code
from tests.isu_sites import wc2014
from tests.shared import shared_path

WC2014 = wc2014()


def page(name: str) -> str:
    return decode((WC2014 / name).read_bytes(), name)


@pytest.fixture(scope="module")
def index():
    return parse_index(page("wc2014.html"), "wc2014.html")


# --- index ------------------------------------------------------------------------------------------------------------


def test_index_event(index):
    assert index.name == "ISU World Championships 2014"
    assert (index.city, index.country, index.venue) == ("Saitama", "JPN", "Saitama Super Arena")
    assert (index.start_date, index.end_date) == ("2014-03-24", "2014-03-30")
    assert index.timezone == "UTC+09:00"
    assert index.generation == "ISUCalcFS"


def test_index_categories_and_segments(index):
    assert [(c.number, c.name, c.discipline) for c in index.categories] == [
        ("001", "Men", "men"),
        ("002", "Ladies", "women"),
        ("003", "Pairs", "pairs"),
        ("004", "Ice Dance", "ice_dance"),
    ]
    for c in index.categories:
        assert c.entries_page == f"CAT{c.number}EN.HTM"
        assert c.result_page == f"CAT{c.number}RS.HTM"
    segments = [s for c in index.categories for s in c.segments]
    assert len(segments) == 8
    assert [s.code for s in segments] == ["SP", "FS", "SP", "FS", "SP", "FS", "SD", "FD"]
    for i, s in enumerate(segments, 1):
        assert s.number == f"{i:03d}"
        assert s.detail_page == f"SEG{i:03d}.HTM"
        assert s.panel_page == f"SEG{i:03d}OF.HTM"
        assert s.scores_pdf is not None and (WC2014 / s.scores_pdf).is_file()
        assert s.date is not None and s.start_time is not None
    men_sp, men_fs = index.categories[0].segments
    assert (men_sp.name, men_sp.scores_pdf, men_sp.date, men_sp.start_time) == (
        "Short Program",
        "wc2014_Men_SP_Scores.pdf",
        "2014-03-26",
        "16:00",
    )
    assert (men_fs.date, men_fs.start_time) == ("2014-03-28", "17:10")
    dance_fd = index.categories[3].segments[1]
    assert (dance_fd.name, dance_fd.scores_pdf, dance_fd.date, dance_fd.start_time) == (
        "Free Dance",
        "wc2014_IceDance_FD_Scores.pdf",
        "2014-03-29",
        "12:30",
    )


def test_index_tolerates_case_and_markup_variants():
    html = page("wc2014.html")
    edited = (
        html.replace(
            '<td class="CellLeft">Short Program</td>', '<td class="CellLeft">&nbsp; Short \n Program&nbsp;</td>'
        )
        .replace("<tr", "<TR")
        .replace("</tr>", "</TR>")
        .replace("<td", "<TD")
        .replace("href=SEG001.HTM", "HREF='seg001.htm'")
        .replace("href=SEG001OF.HTM", 'href="./seg001of.htm"')
    )
    idx = parse_index(edited, "index.htm")
    sp = idx.categories[0].segments[0]
    assert (sp.code, sp.name, sp.number, sp.detail_page, sp.panel_page) == (
        "SP",
        "Short Program",
        "001",
        "seg001.htm",
        "seg001of.htm",
    )
    assert (sp.date, sp.start_time) == ("2014-03-26", "16:00")


def test_index_generation_fs_manager_by_generator_meta():
    html = page("wc2014.html").replace("ISUCalcFS 3.0.13.3 by Swiss Timing, Ltd.", "FS Manager 1.2")
    assert parse_index(html, "index.htm").generation == "FS Manager"


# --- results ----------------------------------------------------------------------------------------------------------


def test_men_result():
    rows = parse_result(page("CAT001RS.HTM"), "CAT001RS.HTM")
    first = rows[0]
    assert first.place == 1
    assert first.skater.name == "Yuzuru HANYU"
    assert first.skater.nation == "JPN"
    assert first.skater.isu_id == "isufs00010967"
    assert first.total == 282.59
    assert first.status is None
    assert first.segment_places == {"SP": 3, "FS": 1}
    assert len(rows) == 32  # 23 in the final, 8 FNR (places 25-32), 1 WD


def test_result_status_rows():
    rows = {r.skater.name: r for r in parse_result(page("CAT001RS.HTM"), "CAT001RS.HTM")}
    fnr = rows["Yakov GODOROZHA"]
    assert (fnr.place, fnr.total, fnr.status, fnr.segment_places) == (25, None, "FNR", {"SP": 25, "FS": None})
    wd = rows["Michal BREZINA"]
    assert (wd.place, wd.total, wd.status, wd.segment_places) == (None, None, "WD", {"SP": 23, "FS": None})
    statuses = {r.status for n in range(1, 5) for r in parse_result(page(f"CAT00{n}RS.HTM"), "x")}
    assert {"WD", "FNR", None} <= statuses


def test_couples_as_a_slash_b():
    pairs = parse_result(page("CAT003RS.HTM"), "CAT003RS.HTM")
    assert pairs[0].skater.name == "Aliona SAVCHENKO / Robin SZOLKOWY"
    assert all(" / " in r.skater.name for r in pairs)
    dance = parse_segment(page("SEG007.HTM"), "SEG007.HTM")
    assert all(" / " in r.skater.name for r in dance)
    assert dance[0].skater.name == "Anna CAPPELLINI / Luca LANOTTE"
    wd = [r for r in dance if r.status]
    assert [(r.skater.name, r.status, r.rank, r.tss) for r in wd] == [
        ("Ekaterina BOBROVA / Dmitri SOLOVIEV", "WD", None, None)
    ]


def test_couple_printed_on_two_lines():
    html = page("CAT003RS.HTM").replace("Aliona SAVCHENKO / Robin SZOLKOWY", "Aliona SAVCHENKO<br>Robin SZOLKOWY")
    # Partner or club: the page cannot tell, the importer decides by the category's discipline.
    first = parse_result(html, "CAT003RS.HTM")[0].skater
    assert (first.name, first.lines) == ("Aliona SAVCHENKO", ("Robin SZOLKOWY",))


def test_final_totals_equal_sum_of_segment_scores(index):
    checked = 0
    for cat in index.categories:
        tss: dict[str, list[float]] = {}
        for seg in cat.segments:
            for row in parse_segment(page(seg.detail_page), seg.detail_page):
                if row.tss is not None:
                    tss.setdefault(row.skater.isu_id or row.skater.name, []).append(row.tss)
        for row in parse_result(page(cat.result_page), cat.result_page):
            if row.status is None:
                scores = tss[row.skater.isu_id or row.skater.name]
                assert len(scores) == len(cat.segments)
                assert row.total == pytest.approx(sum(scores), abs=0.005), row
                checked += 1
    assert checked > 80


# --- segments ---------------------------------------------------------------------------------------------------------


def test_segment_rows(index):
    for seg in (s for c in index.categories for s in c.segments):
        rows = parse_segment(page(seg.detail_page), seg.detail_page)
        assert rows
        for row in rows:
            assert row.starting_number is not None and row.starting_number > 0
            if row.status:
                continue
            assert None not in (row.rank, row.tss, row.tes, row.pcs, row.deductions)
            assert row.deductions >= 0
            assert row.tss == pytest.approx(row.tes + row.pcs - row.deductions, abs=0.011), row
            assert len(row.components) == 5
            assert set(row.components) <= set(COMPONENT_NAMES)


def test_men_short_program_details():
    rows = parse_segment(page("SEG001.HTM"), "SEG001.HTM")
    hanyu = next(r for r in rows if r.skater.isu_id == "isufs00010967")
    assert (hanyu.rank, hanyu.tss, hanyu.tes, hanyu.pcs, hanyu.deductions, hanyu.starting_number) == (
        3,
        91.24,
        46.74,
        45.50,
        1.00,
        29,
    )
    assert hanyu.components == {"SS": 9.29, "TR": 9.00, "PE": 8.93, "CH": 9.07, "IN": 9.21}
    assert parse_legend(page("SEG001.HTM"), "SEG001.HTM")["IN"] == "Interpretation"
    assert parse_legend(page("SEG007.HTM"), "SEG007.HTM")["IT"] == "Interpretation/Timing"


def test_segment_withdrawal():
    rows = parse_segment(page("SEG004.HTM"), "SEG004.HTM")
    wd = [r for r in rows if r.status]
    assert [(r.skater.name, r.status, r.rank, r.tss, r.starting_number) for r in wd] == [
        ("Jenna MCCORKELL", "WD", None, None, 5)
    ]


def test_segment_with_three_components_and_columns_moved():
    # 2022-23 on: CO/PR/SK. Columns are found by header, so their order does not matter.
    head = "<tr><th>StN.</th><th>Pl.</th><th>Name</th><th>Nation</th><th>TSS<br>=</th><th>TES<br>+</th>"
    head += "<th>PCS<br>+</th><th>CO</th><th>PR</th><th>SK</th><th>Ded.<br>-</th></tr>"
    row = (
        "<tr><td>#7</td><td>1</td><td><a href='/bios/ISUFS00012345.htm'>Ilia MALININ</a></td><td>USA</td>"
        "<td>100.01</td><td>55.00</td><td>46.01</td><td>9.10</td><td>9.20</td><td>9.30</td><td>-1.00</td></tr>"
    )
    html = f"<html><body><table>{head}{row}</table></body></html>"
    (r,) = parse_segment(html, "SEG001.HTM")
    assert r.components == {"CO": 9.10, "PR": 9.20, "SK": 9.30}
    assert (r.rank, r.starting_number, r.deductions, r.skater.isu_id) == (1, 7, 1.00, "isufs00012345")


def test_rowspan_and_colspan_are_expanded():
    html = (
        "<html><body><table><tr><th>FPl.</th><th>Name</th><th>Nation</th><th>Points</th><th>SP</th><th>FS</th></tr>"
        "<tr><td>1</td><td>A B</td><td rowspan=2>JPN</td><td>200.00</td><td>1</td><td>1</td></tr>"
        "<tr><td>2</td><td>C D</td><td>190.00</td><td colspan=2>2</td></tr>"
        "<tr><td>DSQ</td><td>E F</td><td>USA</td><td>&nbsp;</td><td>3</td><td></td></tr></table></body></html>"
    )
    rows = parse_result(html, "CAT001RS.HTM")
    assert [(r.place, r.skater.nation, r.total, r.status, r.segment_places) for r in rows] == [
        (1, "JPN", 200.0, None, {"SP": 1, "FS": 1}),
        (2, "JPN", 190.0, None, {"SP": 2, "FS": 2}),
        (None, "USA", None, "DSQ", {"SP": 3, "FS": None}),
    ]


# --- panels -----------------------------------------------------------------------------------------------------------


def test_panels_list_the_judges(index):
    for seg in (s for c in index.categories for s in c.segments):
        panel = parse_panel(page(seg.panel_page), seg.panel_page)
        roles = [o.role for o in panel]
        assert roles[:4] == [
            "Referee",
            "Technical Controller",
            "Technical Specialist",
            "Assistant Technical Specialist",
        ]
        assert [r for r in roles if r.startswith("Judge")] == [f"Judge No.{i}" for i in range(1, 10)]
        assert roles[-2:] == ["Data Operator", "Replay Operator"]
        assert all(o.name and o.nation for o in panel)
    first = parse_panel(page("SEG001OF.HTM"), "SEG001OF.HTM")[0]
    assert (first.role, first.name, first.nation) == ("Referee", "Ms. Yukiko OKABE", "ISU")


def test_panel_with_any_number_of_judges():
    html = page("SEG001OF.HTM").replace("Judge No.9", "Judge No.10")
    judges = [o.role for o in parse_panel(html, "SEG001OF.HTM") if o.role.startswith("Judge")]
    assert judges[-1] == "Judge No.10" and len(judges) == 9


# --- damaged pages ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "parser"),
    [
        ("CAT001RS.HTM", parse_result),
        ("SEG001.HTM", parse_segment),
        ("SEG001OF.HTM", parse_panel),
        ("wc2014.html", parse_index),
    ],
)
@pytest.mark.parametrize("fraction", [0.3, 0.5, 0.7, 0.9, 0.99])
def test_truncated_page_raises_naming_the_file(name, parser, fraction):
    html = page(name)
    with pytest.raises(PageError, match=rf"^{name.replace('.', r'[.]')}: truncated page"):
        parser(html[: int(len(html) * fraction)], name)


@pytest.mark.parametrize("parser", [parse_result, parse_segment, parse_panel, parse_index])
def test_non_isu_page_raises_naming_the_file(parser):
    html = "<html><head><title>Hello</title></head><body><table><tr><td>x</td></tr></table></body></html>"
    with pytest.raises(PageError, match=r"^CAT001RS\.HTM: not an ISU"):
        parser(html, "CAT001RS.HTM")


def test_wrong_page_kind_raises():
    with pytest.raises(PageError, match=r"SEG001OF\.HTM: not an ISU result page .*FPl\./Name/Nation/Points"):
        parse_result(page("SEG001OF.HTM"), "SEG001OF.HTM")


def test_garbled_number_raises():
    html = page("CAT001RS.HTM").replace("<td>282.59</td>", "<td>28x.59</td>")
    with pytest.raises(PageError, match=r"CAT001RS\.HTM: row 1: Points '28x\.59' is not a number"):
        parse_result(html, "CAT001RS.HTM")


# --- decoding ---------------------------------------------------------------------------------------------------------


def test_decode_cp1252_and_utf8():
    html = page("CAT001RS.HTM").replace("Chafik BESSEGHIER", "Brian JOUBERT – Stéphane LAMBIEL")
    cp = decode(html.encode("cp1252", errors="replace"), "CAT001RS.HTM")
    assert "Stéphane LAMBIEL" in cp and "–" in cp
    assert decode(html.encode("utf-8"), "CAT001RS.HTM") == html
    assert decode(b"\xef\xbb\xbf" + html.encode("utf-8"), "CAT001RS.HTM") == html
    rows = parse_result(cp, "CAT001RS.HTM")
    assert rows[8].skater.name == "Brian JOUBERT – Stéphane LAMBIEL"


def test_decode_honours_meta_charset_and_refuses_binary():
    raw = '<html><head><meta charset="iso-8859-2"></head><body>Łukasz</body></html>'.encode("iso-8859-2")
    assert "Łukasz" in decode(raw, "CAT001EN.HTM")
    # a cp1252 hole byte does not fail
    assert "Stéphane" in decode("<html>Stéphane LAMBIEL\x81</html>".encode("latin-1"), "x.htm")
    with pytest.raises(PageError, match=r"wc2014_Men_SP_Scores\.pdf"):
        decode((WC2014 / "wc2014_Men_SP_Scores.pdf").read_bytes(), "wc2014_Men_SP_Scores.pdf")
    with pytest.raises(PageError, match="empty"):
        decode(b"  ", "SEG001.HTM")


@pytest.mark.parametrize(
    ("lie", "header"),
    [
        ("", "utf-8"),  # GitHub Pages' header on every page, whatever its bytes (the federation's site was served so)
        ('<meta charset="utf-8">', None),
        ('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">', None),
        ('<meta charset="utf-8">', "windows-1252"),  # both false
    ],
)
def test_a_false_charset_declaration_on_a_cp1251_page_is_not_believed(lie: str, header: str | None):
    """The federation's own cp1251 page (SEG004 of CUP FSU 2024, its category in Russian)."""
    real = shared_path("fixtures", "isu-world", "fsu-cup-fsu-latin-2024", "SEG004.HTM").read_bytes()
    raw = real.replace(b"<head>", b"<head>" + lie.encode(), 1)
    decoded = decode_page(raw, "SEG004.HTM", header)
    assert "Девушки, 1юн - Произвольная программа" in decoded.text
    assert "\ufffd" not in decoded.text and decoded.encoding == "cp1251"


@pytest.mark.parametrize("lie", ['<meta charset="windows-1251">', '<meta charset="iso-8859-1">'])
def test_a_utf8_page_declared_single_byte_is_read_as_utf8(lie: str):
    """A page converted to UTF-8 that kept its template's meta tag (the federation's UTF-8 page, its BOM removed)."""
    real = shared_path("fixtures", "isu-world", "fsu-1etap-bitva-shkol-2024", "SEG001.HTM").read_bytes()
    raw = real.removeprefix(b"\xef\xbb\xbf")
    raw = re.sub(rb"(?i)<head>", b"<head>" + lie.encode(), raw, count=1)
    decoded = decode_page(raw, "SEG001.HTM")
    assert decoded.text == real.removeprefix(b"\xef\xbb\xbf").decode("utf-8").replace("<head>", "<head>" + lie, 1)
    assert decoded.encoding == "utf-8"


def test_a_utf8_page_with_a_stray_damaged_byte_stays_utf8():
    real = shared_path("fixtures", "isu-world", "fsu-1etap-bitva-shkol-2024", "SEG001.HTM").read_bytes()
    raw = real.removeprefix(b"\xef\xbb\xbf").replace(b"<head>", b'<head><meta charset="utf-8">\xff', 1)
    decoded = decode_page(raw, "SEG001.HTM")
    assert (decoded.encoding, decoded.how, decoded.text.count("\ufffd")) == ("utf-8", "meta tag", 1)
    assert "Девушки, 3 юношеский - Произвольная программа" in decoded.text


def test_a_true_single_byte_declaration_is_still_honoured():
    raw = '<html><head><meta charset="windows-1251"></head><body>Девушки, Łódź?</body></html>'
    assert decode_page(raw.replace("Łódź?", "").encode("cp1251"), "x.htm").how == "meta tag"
    polish = '<html><head><meta charset="iso-8859-2"></head><body>Łukasz Żółć</body></html>'.encode("iso-8859-2")
    assert decode_page(polish, "x.htm").text.endswith("Łukasz Żółć</body></html>")
    assert decode_page("<html>Stéphane</html>".encode("cp1252"), "x.htm", "iso-8859-1").how == "HTTP header"


# --- issue 10: deep nesting -------------------------------------------------------------------------------------------


def test_deeply_nested_tags_do_not_recurse():
    deep = "<b>" * 2000 + "Result Details" + "</b>" * 2000  # 14 KB of nesting
    html = page("SEG001.HTM").replace("<td>Result Details</td>", f"<td>{deep}</td>")
    assert len(deep) >= 14000
    rows = parse_segment(html, "SEG001.HTM")
    assert len(rows) == 32 and rows[0].skater.name == "Tatsuki MACHIDA"
    nested_cells = page("CAT001RS.HTM").replace("<td>282.59</td>", "<td>" + "<span>" * 2000 + "282.59</td>")
    assert parse_result(nested_cells, "CAT001RS.HTM")[0].total == 282.59


# --- other languages and generations ----------------------------------------------------------------------------------


def test_non_latin_segment_place_headers():
    html = page("CAT001RS.HTM").replace("<th>SP</th>", "<th>КП</th>").replace("<th>FS</th>", "<th>ПП</th>")
    first = parse_result(html, "CAT001RS.HTM")[0]
    assert first.segment_places == {"КП": 3, "ПП": 1}


def test_localized_headers_find_the_tables():
    html = (
        page("SEG001.HTM")
        .replace("<th>Name</th>", "<th>Nom</th>")
        .replace("<th>Nation</th>", "<th>Nation</th>")
        .replace("Ded.<br />-", "Déd.<br />-")
        .replace('<td align="right">98.21</td>', '<td align="right">98,21</td>')
    )
    first = parse_segment(html, "SEG001.HTM")[0]
    assert (first.tss, first.deductions, len(first.components)) == (98.21, 0.0, 5)


@pytest.mark.parametrize(
    ("printed", "code"),
    [
        ("Short Program", "SP"),
        ("Короткая программа", "SP"),
        ("КП", "SP"),
        ("Произвольная программа", "FS"),
        ("Programme libre", "FS"),
        ("Kür", "FS"),
        ("Programma corto", "SP"),
        ("ショートプログラム", "SP"),
        ("フリースケーティング", "FS"),
        ("Rhythm Dance", "RD"),
        ("Danse libre", "FD"),
        ("Ритм-танец", "RD"),
        ("Pattern Dance", "PD"),
        ("Паттерн-танец", "PD"),  # Russian novices' pattern dance: a segment that cannot be stored, said so
        ("Taniec rytmiczny", "RD"),
        ("Volný tanec", "FD"),
        ("Коротка програма", "SP"),
        ("Gala", None),
    ],
)
def test_segment_names_in_other_languages(printed, code):
    assert segment_code(printed) == code


@pytest.mark.parametrize(
    ("printed", "discipline", "level", "level_text"),
    [
        ("Men", "men", None, ""),
        ("Junior Ladies", "women", "junior", "Junior"),
        ("Advanced Novice Girls", "women", "advanced-novice", "Advanced Novice"),
        ("Юниорки", "women", "junior", "Юниорки"),
        ("Мужчины", "men", None, ""),
        ("Танцы на льду", "ice_dance", None, ""),
        ("Couples artistiques", "pairs", None, ""),
        ("Danse sur glace Junior", "ice_dance", "junior", "Junior"),
        ("Damen", "women", None, ""),
        ("女子シングル", "women", None, ""),  # Japanese runs its words together: the known ones are set apart
        ("ジュニア男子", "men", "junior", "ジュニア"),
        ("Девушки, 3 юношеский", "women", None, "3 юношеский"),  # the level, not the whole name
        ("Юноши, 1 спортивный разряд", "men", None, "1 спортивный разряд"),
        ("Парни", "men", None, ""),
        ("Мальчики", "men", None, ""),
        ("Девочки", "women", None, ""),
        ("Juniorzy Młodsi Soliści", "men", None, "Juniorzy Młodsi"),
        ("Solistki", "women", None, ""),
        ("Kadeti - chlapci", "men", None, "Kadeti"),
        ("Juniorky", "women", "junior", "Juniorky"),
        ("Mädchen", "women", None, ""),
        ("Jungen", "men", None, ""),
        ("Benjamins Dames", "women", None, "Benjamins"),
        ("Ladies Qualifying Group A", "women", None, "Qualifying Group A"),
        ("Fédéral Junior Homme", "men", None, "Fédéral Junior"),
        ("Adulte Bronze Femme", "women", None, "Adulte Bronze"),
        ("Pairs Ice Dance", None, None, ""),
    ],
)
def test_category_names_in_other_languages(printed, discipline, level, level_text):
    reading = read_category_name(printed)
    assert (reading.discipline, reading.level, reading.level_text) == (discipline, level, level_text)


def test_fs_manager_page_bio_ids_and_club_column():
    belfort = WC2014.parent / "fsm2024-belfort"
    html = decode((belfort / "SEG008.htm").read_bytes(), "SEG008.htm")
    rows = parse_segment(html, "SEG008.htm")
    first = rows[0]
    assert (first.skater.name, first.skater.nation, first.skater.isu_id) == ("Sarah KHALIDY", "FRA", "isufsffsg_24533")
    assert first.components == {"CO": 3.50, "PR": 3.67, "SK": 3.42}
    assert (first.tss, first.tes, first.pcs, first.deductions, first.starting_number) == (46.53, 23.97, 22.56, 0.0, 10)
    index = parse_index(decode((belfort / "index.htm").read_bytes(), "index.htm"), "index.htm")
    assert index.generation == "FS Manager" and len(index.categories) == 28
    assert [(c.colour, c.discipline) for c in index.categories[:2]] == [("blue", "men"), ("red", "women")]


@pytest.mark.parametrize("page", ["CAT036SEG034.html", "SEGM034.html"])
def test_an_ijslive_page_bloated_with_nested_markup_reads_as_the_page_itself(page: str) -> None:
    """Every reader parses through grid.html_tree, whose nesting is bounded: an ijsLive page with 200,000 nested
    <div>s once kept `skatebot import-isu` busy past ten minutes (ijsLive's reader parsed it unbounded)."""
    from bot.services.isu.grid import MAX_DEPTH, html_tree
    from bot.services.isu.ijslive import is_ijslive, parse_ijslive_segment, unwrap
    from tests.shared import shared_path

    html = shared_path("fixtures", "isu-world", "ijslive-colonial-open-2022", page).read_bytes().decode("latin-1")
    depth = 200_000
    # ijsLive writes its tags in capitals (</BODY>).
    bloated = re.sub("</body>", "<div>" * depth + "x" + "</div>" * depth + "</body>", html, count=1, flags=re.I)
    assert len(bloated) > 2_000_000 and bloated != html
    assert unwrap(bloated) == bloated and is_ijslive(bloated)
    if page.startswith("CAT"):
        assert parse_ijslive_segment(bloated, page) == parse_ijslive_segment(html, page)
    deepest, node = 0, html_tree(bloated).body
    while node is not None and deepest <= MAX_DEPTH + 50:
        node = next((c for c in node.iter() if c.tag == "div"), None)
        deepest += 1
    assert deepest <= MAX_DEPTH + 10, deepest
