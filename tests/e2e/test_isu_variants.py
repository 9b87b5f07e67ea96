"""The ISU import on variants of the two real sites: what other federations' sites, sites during the event and
corrected sites look like. Each test asserts what was stored, what was warned about, and that nothing else changed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.services.importer import IdentityChange
from bot.services.isu.importer import import_isu
from bot.services.isu.pages import parse_segment
from bot.services.isu.source import FolderSource
from db.database import Database
from tests.isu_sites import Variant, belfort, diff, only, snapshot, wc2014

RUSSIAN = {"Men": "Мужчины", "Ladies": "Женщины", "Pairs": "Спортивные пары", "Ice Dance": "Танцы на льду"}
RUSSIAN_SEGMENTS = {
    "Short Program": "Короткая программа",
    "Free Skating": "Произвольная программа",
    "Short Dance": "Короткий танец",
    "Free Dance": "Произвольный танец",
}
RUSSIAN_HEADERS = {
    "<th>Name</th>": "<th>Имя</th>",
    "<th>Nation</th>": "<th>Страна</th>",
    "<th>Points</th>": "<th>Баллы</th>",
    "<th>FPl.</th>": "<th>Место</th>",
    "<th>Category</th>": "<th>Категория</th>",
    "<th>Segment</th>": "<th>Сегмент</th>",
    "<th>Date</th>": "<th>Дата</th>",
    "<th>Time</th>": "<th>Время</th>",
    "<th>Function</th>": "<th>Функция</th>",
    "<th>SP</th>": "<th>КП</th>",
    "<th>FS</th>": "<th>ПП</th>",
}
MOJIBAKE = re.compile(r"[ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèêëìíîïðñòóôõöøùúûüýþÿ]{2,}|Ð|Ñ\x80|\ufffd")


def rename_category(variant: Variant, old: str, new: str) -> None:
    """A category renamed on every page that names it: the index, titles and captions."""
    variant.sub_all(rf">{re.escape(old)}<", f">{new}<")
    variant.sub_all(rf"- {re.escape(old)}</title>", f"- {new}</title>")
    variant.sub_all(rf">{re.escape(old)} - ", f">{new} - ")


async def full_import(store: Database, site: Path):
    return await import_isu(store, FolderSource(site))


# --- identity ---------------------------------------------------------------------------------------------------------


async def test_two_federation_cups_of_one_year_stay_two_competitions(store: Database, tmp_path: Path) -> None:
    first = Variant(belfort(), tmp_path / "cup1")
    first.replace_all("Tournoi F&#233;d&#233;ral nord-est 2024", "Кубок Федерации 2024")
    second = Variant(belfort(), tmp_path / "cup2")
    second.replace_all("Tournoi F&#233;d&#233;ral nord-est 2024", "Кубок Губернатора 2024")
    second.replace("index.htm", "13.04.2024 - 13.04.2024", "20.04.2024 - 21.04.2024")
    one = await full_import(store, first.path)
    before = await snapshot(store)
    two = await full_import(store, second.path)
    assert one.key != two.key and "кубок" in one.key and "кубок" in two.key
    assert two.report.changes["added competitions"] == 1 and "updated competitions" not in two.report.changes
    changes = diff(before, await snapshot(store))
    # The second cup added its own rows and changed nothing of the first.
    for table, (gone, _new) in changes.items():
        assert not gone, (table, gone)
    assert len(only(changes["events"][1], two.key)) == 28
    names = {row[1] for row in (await snapshot(store))["competitions"]}
    assert {"Кубок Федерации 2024", "Кубок Губернатора 2024"} <= names


async def test_two_grand_prix_events_of_one_year_are_told_apart_by_their_event_codes(
    store: Database, tmp_path: Path
) -> None:
    keys = []
    for code, name in (("gpusa2014", "Skate America 2014"), ("gpcan2014", "Skate Canada International 2014")):
        site = Variant(wc2014(), tmp_path / code)
        site.replace_all("ISU World Championships 2014", f"ISU Grand Prix of Figure Skating {name}")
        for pdf in site.path.glob("wc2014_*.pdf"):
            pdf.rename(pdf.with_name(pdf.name.replace("wc2014_", f"{code}_")))
        site.replace_all("href=wc2014_", f"href={code}_")
        summary = await full_import(store, site.path)
        assert [str(w) for w in summary.warnings] == []
        keys.append(summary.key)
    assert keys == ["gpusa2014", "gpcan2014"]
    rows = await store.fetchall("SELECT key, level FROM competitions WHERE key LIKE 'gp%2014' ORDER BY key")
    assert [tuple(r) for r in rows] == [("gpcan2014", "grand-prix"), ("gpusa2014", "grand-prix")]


async def test_a_changed_name_is_refused_unless_it_is_a_correction(store: Database, tmp_path: Path) -> None:
    await full_import(store, wc2014())
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.replace_all("ISU World Championships 2014", "ISU World Figure Skating Championships 2014")
    site.replace("wc2014.html", "24.03.2014 - 30.03.2014", "23.03.2014 - 30.03.2014")
    before = await snapshot(store)
    with pytest.raises(IdentityChange, match=r"wc2014 is already stored as 'ISU World Championships 2014'") as err:
        await full_import(store, site.path)
    assert "start date '2014-03-24' -> '2014-03-23'" in str(err.value) and "correction" in str(err.value)
    assert await snapshot(store) == before
    corrected = await import_isu(store, FolderSource(site.path), correction=True)
    assert corrected.report.changes["updated competitions"] == 1
    changes = diff(before, await snapshot(store))
    assert set(changes) == {"competitions"}
    (old,), (new,) = changes["competitions"]
    assert (old[1], new[1], new[7]) == (
        "ISU World Championships 2014",
        "ISU World Figure Skating Championships 2014",
        "2014-03-23",
    )


# --- levels -----------------------------------------------------------------------------------------------------------


async def test_junior_and_senior_categories_of_one_discipline_are_two_events(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    rename_category(site, "Pairs", "Junior Ladies")  # the pairs pages become a second women's category...
    for page in ("CAT003EN.HTM", "CAT003RS.HTM", "SEG005.HTM", "SEG006.HTM"):  # ... of single skaters
        site.edit(page, lambda text: re.sub(r"(>[^<>/]+?) / [^<]+(</a>)", r"\1\2", text))
    site.replace("wc2014.html", 'class="Line1Green"', 'class="Line1Red"')
    summary = await full_import(store, site.path)
    assert [str(w) for w in summary.warnings] == []
    events = await store.fetchall(
        "SELECT e.key, e.discipline, e.level, e.name FROM events e JOIN competitions c ON c.id = e.competition_id "
        "WHERE c.key = 'wc2014' ORDER BY e.key"
    )
    assert [tuple(e) for e in events] == [
        ("ice_dance", "ice_dance", "senior", "Ice Dance"),
        ("junior-women", "women", "junior", "Junior Ladies"),
        ("men", "men", "senior", "Men"),
        ("women", "women", "senior", "Ladies"),
    ]
    junior = await store.fetchone(
        "SELECT count(*) FROM entries n JOIN events e ON e.id = n.event_id JOIN competitions c "
        "ON c.id = e.competition_id WHERE c.key = 'wc2014' AND e.key = 'junior-women'"
    )
    assert junior[0] == 23


# --- character sets ---------------------------------------------------------------------------------------------------

CYRILLIC = {
    "Sarah KHALIDY": "Сара ХАЛИДИ",
    "Victoire CLEMENT": "Виктуар КЛЕМАН",
    "Maely RICAULT": "Маэли РИКО",
}


def cyrillic_cup(tmp_path: Path, encoding: str, *, declare: bool) -> Variant:
    site = Variant(belfort(), tmp_path / f"cup-{encoding}-{declare}")
    for latin, cyrillic in CYRILLIC.items():
        site.replace_all(latin, cyrillic)
    site.replace_all("F&#233;d&#233;ral Junior Femme", "Женщины")
    return site.encode_all(encoding, declare=declare)


@pytest.mark.parametrize(
    ("encoding", "declare", "warned"),
    [("windows-1251", False, True), ("windows-1251", True, False), ("utf-8", False, False), ("koi8-r", True, False)],
)
async def test_re_encoded_pages_store_the_names_as_printed(
    store: Database, tmp_path: Path, encoding: str, declare: bool, warned: bool
) -> None:
    site = cyrillic_cup(tmp_path, encoding, declare=declare)
    summary = await full_import(store, site.path)
    names = {r[0] for r in await store.fetchall("SELECT name FROM skaters")}
    assert {"Сара Халиди", "Виктуар Клеман", "Маэли Рико"} <= names
    assert not [n for n in names if MOJIBAKE.search(n)]
    # "Женщины" says women and no level: the level is what the FS Manager PDF names say (ADVNOV).
    event = await store.fetchone("SELECT name, level, discipline FROM events WHERE key = 'advanced-novice-women'")
    assert tuple(event) == ("Женщины", "advanced-novice", "women")
    detected = [w for w in [str(w) for w in summary.warnings] if "no character set declared" in w]
    if warned:  # every page with Cyrillic text, the index first
        assert detected[0] == "index.htm: no character set declared; read as cp1251 (detected)"
        assert len(detected) == 4  # index, result, segment and panel pages of that category
    else:
        assert detected == []
    plain = [w for w in [str(w) for w in summary.warnings] if "judges' details" not in w and "character set" not in w]
    assert plain == []


# --- other languages --------------------------------------------------------------------------------------------------


def russian_worlds(tmp_path: Path) -> Variant:
    site = Variant(wc2014(), tmp_path / "wc2014")
    for english, russian in RUSSIAN.items():
        rename_category(site, english, russian)
    for english, russian in RUSSIAN_SEGMENTS.items():
        site.replace_all(english, russian)
    for english, russian in RUSSIAN_HEADERS.items():
        site.replace_all(english, russian)
    return site


async def test_a_russian_site_imports_as_the_english_one(store: Database, tmp_path: Path) -> None:
    english = await full_import(store, wc2014())
    before = await snapshot(store)
    site = russian_worlds(tmp_path)
    # The PDF names carry the segment codes: without them only the words say short or free.
    site.sub_all(r"<a href=wc2014_\w+\.pdf[^>]*>[^<]*</a>", "")
    russian = await import_isu(store, FolderSource(site.path), correction=True)
    assert russian.entries == english.entries and russian.categories == 4
    changes = diff(before, await snapshot(store))
    # Only the printed names changed: same events (keys, disciplines, levels), segments of the same kinds, and
    # every entry, score, panel and protocol as before (no PDF linked: the stored judges' details stay).
    assert set(changes) == {"events", "segments"}
    assert {(r[1], r[3], r[4]) for r in changes["events"][1]} == {
        ("men", "men", "senior"),
        ("women", "women", "senior"),
        ("pairs", "pairs", "senior"),
        ("ice_dance", "ice_dance", "senior"),
    }
    kinds = {(r[1], r[2], r[3], r[4]) for r in changes["segments"][1]}
    assert ("men", "SP", "short_program", "Короткая программа") in kinds
    assert ("ice_dance", "SD", "rhythm_dance", "Короткий танец") in kinds
    assert ("ice_dance", "FD", "free_dance", "Произвольный танец") in kinds
    assert len(kinds) == 8
    assert len([w for w in [str(w) for w in russian.warnings] if "no judges' details PDF linked" in w]) == 8


async def test_a_category_that_cannot_be_placed_is_skipped_and_the_rest_imports(
    store: Database, tmp_path: Path
) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    rename_category(site, "Pairs", "Catégorie Spéciale")
    site.replace("wc2014.html", 'class="Line1Green"', 'class="Line1White"')
    summary = await full_import(store, site.path)
    assert summary.categories == 3
    assert [str(w) for w in summary.warnings] == [
        "Catégorie Spéciale: its discipline cannot be read from its name, PDF names or page colours; category skipped"
    ]
    keys = {
        r[0]
        for r in await store.fetchall(
            "SELECT e.key FROM events e JOIN competitions c ON c.id = e.competition_id WHERE c.key = 'wc2014'"
        )
    }
    assert keys == {"men", "women", "ice_dance"}


async def test_a_pdf_that_cannot_be_read_is_skipped_with_a_warning(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    (site.path / "wc2014_Men_SP_Scores.pdf").write_bytes(localized_pdf())
    summary = await full_import(store, site.path)
    assert [str(w) for w in summary.warnings] == [
        "wc2014_Men_SP_Scores.pdf: not an ISU judges' details PDF: judges' details PDF skipped "
        "(the pages' scores are imported)"
    ]
    men_sp = await store.fetchone(
        "SELECT count(*) AS results, (SELECT count(*) FROM protocol_elements p WHERE p.segment_id = s.id) AS elements "
        "FROM segment_results r JOIN segments s ON s.id = r.segment_id JOIN events e ON e.id = s.event_id "
        "JOIN competitions c ON c.id = e.competition_id WHERE c.key = 'wc2014' AND e.key = 'men' AND s.key = 'SP' "
        "GROUP BY s.id"
    )
    assert (men_sp["results"], men_sp["elements"]) == (32, 0)


def localized_pdf() -> bytes:
    """A judges' details PDF as a Russian federation prints it: other labels, decimal commas, '- - -' marks."""
    lines = [
        "ДЕТАЛИ ОЦЕНОК СУДЕЙ",
        "Место Имя Страна Ст.н. Сумма ТЭ ОК Снижения",
        "1 Tatsuki MACHIDA JPN 26 98,21 52,82 45,39 0,00",
        "Компоненты - - - - 9,14",
    ]
    content = "BT /F1 9 Tf 40 800 Td 12 TL " + " ".join(f"({_pdf_text(line)}) '" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> "
        "/Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def _pdf_text(line: str) -> str:
    # Helvetica has no Cyrillic: the labels come out as '?' like in a PDF whose fonts were not embedded.
    return line.encode("latin-1", errors="replace").decode("latin-1").replace("(", r"\(").replace(")", r"\)")


# --- partial sites ----------------------------------------------------------------------------------------------------


async def test_a_site_during_the_event_imports_what_is_there(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    await full_import(store, site.path)
    complete = await snapshot(store)
    site.remove("wc2014_Ladies_FS_Scores.pdf")  # not uploaded yet
    site.remove("CAT004RS.HTM")  # ice dance not over
    site.edit("SEG008.HTM", lambda t: re.sub(r"(?s)<table width=\"95%\".*?</table>\s*</td></tr>\s*</table>", "", t))
    site.remove("wc2014_IceDance_FD_Scores.pdf")  # nor its PDF (with it, the PDF's standings would be read)
    summary = await import_isu(store, FolderSource(site.path))
    assert [str(w) for w in summary.warnings] == [
        "wc2014_Ladies_FS_Scores.pdf: not found in " + str(site.path) + ": no judges' details for Ladies Free "
        "Skating (the pages' scores are imported)",
        "CAT004RS.HTM: not found in " + str(site.path) + ": Ice Dance has no result yet; what its segment pages "
        "hold is imported",
        "SEG008.HTM: no results table on the page yet: no results of Ice Dance Free Dance imported",
        "wc2014_IceDance_FD_Scores.pdf: not found in " + str(site.path) + ": no judges' details for Ice Dance Free "
        "Dance (the pages' scores are imported)",
    ]
    # Re-importing the partial site over the complete one loses nothing: absent pages remove nothing.
    assert not summary.report.changed, summary.report.describe()
    assert await snapshot(store) == complete


async def test_a_partial_site_into_an_empty_store(store: Database, tmp_path: Path) -> None:
    before = await snapshot(store)
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.remove("CAT004RS.HTM")
    site.edit("SEG008.HTM", lambda t: re.sub(r"(?s)<table width=\"95%\".*?</table>\s*</td></tr>\s*</table>", "", t))
    site.edit("CAT002RS.HTM", lambda t: re.sub(r"(?s)<tr class=\"Line[12]Red\">.*?</tr>\s*(?=</table>)", "", t))
    summary = await full_import(store, site.path)
    warnings = [str(w) for w in summary.warnings]
    assert any(w.startswith("CAT002RS.HTM: the result table has no rows yet") for w in warnings)
    after = await snapshot(store)
    changes = diff(before, after)
    dance = {row for row in only(changes["entries"][1], "wc2014") if row[1] == "ice_dance"}
    # Ice dance without its result: entries from the short dance page, no places or totals.
    short_dance = parse_segment(site.text("SEG007.HTM"), "SEG007.HTM")
    assert len(dance) == len(short_dance) and all(row[3] is None and row[4] is None for row in dance)
    ladies = {row for row in only(changes["entries"][1], "wc2014") if row[1] == "women"}
    assert ladies and all(row[3] is None for row in ladies)  # places come from the result page only
    # The free dance page holds no table yet, but its judges' details PDF is there: its standings come from it.
    fd = {row for row in only(changes["segment_results"][1], "wc2014") if row[2] == "FD"}
    assert len(fd) == 20 and any(w.startswith("Ice Dance Free Dance: the standings are read from") for w in warnings)


# --- quirks of the generators -----------------------------------------------------------------------------------------


async def test_an_empty_schedule_without_its_table_end(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.edit(
        "wc2014.html",
        lambda t: re.sub(
            r"(?s)(<th>Segment</th></tr>\n).*?</table>\n</td></tr>\n</table>", r"\1</td></tr>\n</table>", t
        ),
    )
    before = await snapshot(store)
    summary = await full_import(store, site.path)
    assert [str(w) for w in summary.warnings] == [] and summary.categories == 4
    new = diff(before, await snapshot(store))["segments"][1]
    assert len(new) == 8 and all(row[5] is None and row[6] is None for row in new)  # no dates, no times


async def test_a_club_line_under_a_name_is_not_a_partner(store: Database, tmp_path: Path) -> None:
    site = Variant(belfort(), tmp_path / "club")
    # The club printed under the name instead of in a column of its own.
    site.sub_all(r"(class=\"disableBiosLink\">[^<]+)</a></td>\s*<td>([A-Z0-9]{4,5})</td>", r"\1</a><br>\2</td>")
    site.sub_all(r"\s*<t[hd]>Club</t[hd]>", "")
    summary = await full_import(store, site.path)
    assert summary.categories == 28 and summary.entries == 111
    khalidy = await store.fetchall("SELECT name, isu_id FROM skaters WHERE isu_id = 'isufsffsg_24533'")
    assert [tuple(r) for r in khalidy] == [("Sarah Khalidy", "isufsffsg_24533")]
    odd = await store.fetchone(
        "SELECT count(*) FROM skaters WHERE isu_id LIKE 'isufsffsg%' AND (name LIKE '%CHARL%' OR name LIKE '%/%')"
    )
    assert odd[0] == 0


async def test_isucalcfs_3_7_deduction_header_and_place_lines(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.replace_all("Ded.<br />-", "Deduction<br />-")
    # The 3.7 index prints the city and the venue on lines of their own.
    site.replace(
        "wc2014.html",
        '<tr><td><table width="100%" cellspacing=1 align="center"><tr><td class="caption3" width="50%">Saitama / JPN'
        '</td><td class="caption3" width="50%">Saitama Super Arena</td></tr></table></td></tr>',
        '<tr class="caption3"><td>Saitama / JPN</td></tr><tr class="caption3"><td>Saitama Super Arena</td></tr>',
    )
    await full_import(store, site.path)
    comp = await store.fetchone("SELECT city, country, venue FROM competitions WHERE key = 'wc2014'")
    assert tuple(comp) == ("Saitama", "JPN", "Saitama Super Arena")
    ded = await store.fetchone(
        "SELECT count(*), count(*) FILTER (WHERE deductions IS NULL), count(*) FILTER (WHERE deductions = 0), "
        "count(*) FILTER (WHERE deductions > 0) FROM segment_results r "
        "JOIN segments s ON s.id = r.segment_id JOIN events e ON e.id = s.event_id JOIN competitions c "
        "ON c.id = e.competition_id WHERE c.key = 'wc2014' AND r.tss IS NOT NULL"
    )
    assert ded[0] == 202 and ded[1] == 0 and ded[2] > 100 and ded[3] > 30  # 0.00 is stored as 0, not unknown


# --- pages that disagree ----------------------------------------------------------------------------------------------


async def test_a_stale_page_skips_its_category(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.replace(
        "CAT002RS.HTM", "ISU World Championships 2014 - Ladies", "ISU Four Continents Championships 2014 - Ladies"
    )
    site.file("SEG005.HTM").write_bytes(site.file("SEG001.HTM").read_bytes())  # the men's short in the pairs' place
    before = await snapshot(store)
    summary = await full_import(store, site.path)
    assert [str(w) for w in summary.warnings] == [
        "CAT002RS.HTM: its title 'ISU Four Continents Championships 2014 - Ladies' names another competition than "
        "'ISU World Championships 2014'; category Ladies skipped (a stale page?)",
        "SEG005.HTM: its caption 'Men - Short Program' is not 'Pairs - Short Program'; category Pairs skipped "
        "(a stale page?)",
    ]
    events = {row[1] for row in only(diff(before, await snapshot(store))["events"][1], "wc2014")}
    assert events == {"men", "ice_dance"}


# --- corrections ------------------------------------------------------------------------------------------------------


async def test_a_removed_row_is_removed_and_reported(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    await full_import(store, site.path)
    before = await snapshot(store)
    row = (
        r"<tr class=\"Line[12]Blue\"><td[^>]*>\d+</td>(?:<td[^>]*>[^<]*</td>)?<td class=\"CellLeft\">"
        r"<a href=\"[^\"]*isufs00007363[^\"]*\"[^>]*>Kim LUCINE</a>.*?</tr>\n"
    )
    for page in ("CAT001RS.HTM", "SEG001.HTM"):
        site.edit(page, lambda t: re.sub(row, "", t, flags=re.S))
    summary = await full_import(store, site.path)
    assert summary.report.changes["removed entries"] == 1
    assert "removed 1 entries" in summary.report.describe()
    changes = diff(before, await snapshot(store))
    assert set(changes) == {"entries", "segment_results", "protocols"}
    assert [r[2] for r in changes["entries"][0]] == ["Kim Lucine|MON"] and not changes["entries"][1]
    assert {r[3] for r in changes["segment_results"][0]} == {"Kim Lucine"} and not changes["segment_results"][1]


@pytest.mark.parametrize(("encoding", "declare"), [("cp1252", False), ("cp1252", True), ("utf-8-sig", False)])
async def test_the_worlds_re_encoded(store: Database, tmp_path: Path, encoding: str, declare: bool) -> None:
    site = Variant(wc2014(), tmp_path / "wc2014")
    site.replace_all("Chafik BESSEGHIER", "Chafik BESSÉGHIER")
    site.replace_all("Jorik HENDRICKX", "Jörik HENDRÏCKX")
    site.encode_all(encoding, declare=declare)
    summary = await full_import(store, site.path)
    assert (summary.categories, summary.entries) == (4, 121)
    names = {r[0] for r in await store.fetchall("SELECT name FROM skaters")}
    assert {"Chafik Bességhier", "Jörik Hendrïckx"} <= names
    assert not [n for n in names if MOJIBAKE.search(n)]
    detected = [w for w in [str(w) for w in summary.warnings] if "character set" in w]
    assert bool(detected) == (encoding == "cp1252" and not declare)


# --- classes seen in the world's sites (variants of the real pages) -------------------------------------------------


async def test_warm_up_group_rows_are_not_entries(store: Database, tmp_path: Path) -> None:
    plain = await full_import(store, wc2014())
    before = await snapshot(store)
    site = Variant(wc2014(), tmp_path / "warmup")
    for page, group in (("SEG001.HTM", "Warm-Up Group 5"), ("SEG002.HTM", "Разминка 2"), ("CAT001RS.HTM", "Group 1")):
        site.edit(
            page,
            lambda text, g=group: re.sub(
                r"(</tr>\s*)(<tr class=\"Line1)", rf"\1<tr><td></td><td> {g}</tr>\2", text, count=1
            ),
        )
    warmed = await import_isu(store, FolderSource(site.path))
    assert warmed.entries == plain.entries
    assert diff(before, await snapshot(store)) == {}
    assert not any("damaged" in str(w) for w in warmed.warnings)


async def test_a_blank_nation_cell_is_an_unknown_country_with_a_warning(store: Database, tmp_path: Path) -> None:
    site = Variant(wc2014(), tmp_path / "blank")
    # Blank on every page of the men's category: no page says his nation.
    site.sub_all(r"(Tatsuki MACHIDA</a>(?:<br />)?</td><td[^>]*>)JPN(</td>)", r"\1&nbsp;\2")  # segment pages
    site.sub_all(r"(Tatsuki MACHIDA</a></td><td><table>.*?<td></td><td>)JPN(</td>)", r"\1&nbsp;\2")  # flag + code
    summary = await import_isu(store, FolderSource(site.path))
    assert summary.categories == 4
    assert any("no nation printed for Tatsuki MACHIDA" in str(w) for w in summary.warnings)
    row = await store.fetchone(
        "SELECT n.country, n.place FROM entries n JOIN entry_skaters es ON es.entry_id = n.id JOIN skaters s "
        "ON s.id = es.skater_id JOIN events e ON e.id = n.event_id JOIN competitions c ON c.id = e.competition_id "
        "WHERE c.key = 'wc2014' AND s.name = 'Tatsuki Machida'"
    )
    assert row is not None and row["country"] == "" and row["place"] == 2


async def test_nation_codes_in_two_alphabets_are_one_entry(store: Database, tmp_path: Path) -> None:
    plain = await full_import(store, wc2014())
    before = await snapshot(store)
    site = Variant(wc2014(), tmp_path / "cyrillic")
    site.replace("CAT001RS.HTM", ">RUS<", ">РОС<")  # the results page in Cyrillic, the segment pages in Latin
    site.replace("SEG002.HTM", ">JPN<", ">ЯПН<")  # no standard abbreviation: the other pages' code
    mixed = await import_isu(store, FolderSource(site.path))
    assert mixed.entries == plain.entries
    assert diff(before, await snapshot(store)) == {}
