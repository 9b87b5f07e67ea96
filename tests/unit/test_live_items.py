"""What a results site shows, as items a server is told about: read from the real sites and from variants of
them (a segment not skated yet, one being skated, a corrected score)."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from bot.sandbox.history import Commit, read_history
from bot.services.isu.importer import SiteData, read_site
from bot.services.isu.pages import EmptyPage
from bot.services.isu.source import FolderSource
from bot.services.live.items import (
    ItemKind,
    changes,
    competition_order,
    items,
    schedule,
    schedule_zone,
    starts_at,
)
from tests.isu_sites import belfort, wc2014
from tests.shared import shared_path


async def site_of(folder: Path) -> SiteData:
    async with FolderSource(folder) as source:
        return await read_site(source)


@pytest.fixture(scope="module")
def worlds() -> SiteData:
    return asyncio.run(site_of(wc2014()))


def by_key(site: SiteData) -> dict[str, object]:
    return {item.key: item for item in items(site)}


def segment_data(site: SiteData, category: str, number: str):
    data = next(c for c in site.categories if c.category.name == category)
    return data, next(s for s in data.segments if s.segment.number == number)


async def test_a_finished_site_shows_every_segment_result_and_every_final(worlds: SiteData) -> None:
    found = items(worlds)
    assert [i.kind for i in found].count(ItemKind.SEGMENT) == 8
    assert [i.kind for i in found].count(ItemKind.FINAL) == 4
    assert not [i for i in found if i.kind is ItemKind.ORDER]
    men_sp = by_key(worlds)["001/001/segment"]
    first = men_sp.content["skaters"][0]
    assert (first["name"], first["nation"], first["place"], first["score"]) == ("Tatsuki Machida", "JPN", 1, "98.21")
    assert men_sp.content["starts_at"] == "2014-03-26T07:00:00+00:00"  # 16:00 in Saitama, UTC+09:00


async def test_the_second_segment_says_who_moved_and_agrees_with_the_final(worlds: SiteData) -> None:
    found = by_key(worlds)
    short, free, final = found["001/001/segment"], found["001/002/segment"], found["001/final"]
    after_short = {s["name"]: s["overall"] for s in short.content["skaters"]}
    final_places = {s["name"]: s["place"] for s in final.content["skaters"]}
    for skater in free.content["skaters"]:
        if skater["overall"] is None:
            continue  # did not skate the free (not qualified, withdrawn)
        assert skater["before"] == after_short[skater["name"]]
        assert skater["overall"] == final_places[skater["name"]], skater["name"]  # the running total ranks


async def test_a_segment_not_skated_yet_is_its_starting_order_and_one_being_skated_shows_nothing(
    worlds: SiteData,
) -> None:
    site = dataclasses.replace(worlds, categories=list(worlds.categories))
    data, seg = segment_data(site, "Men", "002")
    blank = dict(rank=None, tss=None, tes=None, pcs=None, deductions=None, components={}, status=None)
    not_yet = [dataclasses.replace(row, **blank) for row in seg.rows or []]
    seg.rows, saved = list(reversed(not_yet)), seg.rows
    data.results, saved_results = None, data.results
    try:
        order = by_key(site)["001/002/order"]
        numbers = [s["starting_number"] for s in order.content["skaters"]]
        assert numbers == sorted(numbers) and len(numbers) == len(not_yet)
        assert "001/002/segment" not in by_key(site) and "001/final" not in by_key(site)
        # Half the field skated: neither a starting order any more nor results yet.
        seg.rows = [*saved[: len(saved) // 2], *not_yet[len(saved) // 2 :]]
        assert not {"001/002/order", "001/002/segment"} & set(by_key(site))
    finally:
        seg.rows, data.results = saved, saved_results


async def test_the_digest_changes_exactly_when_a_post_would(worlds: SiteData) -> None:
    again = await site_of(wc2014())
    assert {i.key: i.digest for i in items(again)} == {i.key: i.digest for i in items(worlds)}
    _, seg = segment_data(again, "Ladies", "003")
    corrected = dataclasses.replace(seg.rows[4], tss=round((seg.rows[4].tss or 0) + 1, 2))
    seg.rows[4] = corrected
    before, after = by_key(worlds), by_key(again)
    differ = {key for key in after if after[key].digest != before[key].digest}
    # The short program's post, and the free skate's: it shows the running totals, which include that score.
    assert differ == {"002/003/segment", "002/004/segment"}
    changed = changes(before["002/003/segment"].content, after["002/003/segment"].content)
    assert {(c["name"], c["field"]) for c in changed} >= {
        (after["002/003/segment"].content["skaters"][4]["name"], "score")
    }


async def test_the_schedule_is_in_utc_and_in_the_order_segments_start(worlds: SiteData) -> None:
    planned = schedule(worlds)
    assert [s.starts_at for s in planned] == sorted(s.starts_at for s in planned)
    assert (planned[0].category, planned[0].segment) == ("Pairs", "Short Program")
    assert planned[0].starts_at == datetime(2014, 3, 26, 1, 0, tzinfo=UTC)
    assert {"SEG005.HTM", "CAT003RS.HTM"} <= set(planned[0].pages)
    assert "CAT003EN.HTM" not in planned[0].pages  # the importer never reads the entries page
    # Items sort into that order too: a final after its category's last segment.
    ordered = sorted(items(worlds), key=competition_order)
    assert ordered[0].key == "003/005/segment"
    assert ordered.index(by_key(worlds)["001/final"]) > ordered.index(by_key(worlds)["001/002/segment"])


def test_a_time_is_never_guessed() -> None:
    assert schedule_zone("UTC+09:00") == timezone(timedelta(hours=9))
    assert schedule_zone("UTC-03:30") == timezone(-timedelta(hours=3, minutes=30))
    assert schedule_zone(None) is None and schedule_zone("JST") is None
    assert starts_at("2014-03-26", "16:00", None) is None
    assert starts_at("2014-03-26", None, UTC) is None
    assert starts_at("2014-03-26", "16:00", timezone(timedelta(hours=9))) == datetime(2014, 3, 26, 7, tzinfo=UTC)


async def test_a_federation_site_in_french_gives_its_items_and_couples_by_partner() -> None:
    site = await site_of(belfort())
    found = items(site)
    assert len([i for i in found if i.kind is ItemKind.FINAL]) == len(site.categories)
    assert all(i.content["starts_at"] for i in found if i.kind is ItemKind.SEGMENT)
    names = [name for item in found for skater in item.content["skaters"] for name in skater["names"]]
    assert names and all(" / " not in name for name in names)  # each partner of a couple by name


# --- a real site's history: what a watcher read at each commit (../shared/fixtures/isu-world/_histories) -------------
# What each commit of CUP FSU 2024 shows, read by hand from its pages: a segment page lists the skaters who have skated
# in its "Result Details" and those still to skate in a "Starting Order" table under it, and the category's result page
# gives those still to skate place 0 and 0.00, until the last one has skated. Ladies 1yn (004) never gets its results.
HISTORY_ITEMS = {
    1: {"002/002/order", "003/003/order", "004/004/order", "005/005/order", "007/007/order"},
    2: {"002/002/order", "003/003/order", "005/005/order", "007/007/order"},  # SEG004: its legend alone
    6: {"003/003/order", "006/006/order"},  # 002, 005 and 007 are being skated: nothing of them is complete
    7: {"003/003/order", "005/005/segment", "005/final", "006/006/order"},
    11: {"002/002/segment", "002/final", "003/003/order", "005/005/segment", "005/final"},
    12: {
        *("002/002/segment", "002/final", "003/003/segment", "003/final"),
        *("005/005/segment", "005/final", "007/007/segment", "007/final"),
    },
}


@pytest.fixture(scope="module")
def history() -> list[Commit]:
    return read_history(shared_path("fixtures", "isu-world", "_histories", "fsu-cup-fsu-latin-2024.bundle"))


def test_a_site_committed_during_its_event_is_read_at_every_commit_and_partial_results_are_never_items(
    history: list[Commit], tmp_path: Path
) -> None:
    assert len(history) == 14
    seen: dict[int, set[str]] = {}
    for number, commit in enumerate(history):
        folder = tmp_path / f"{number:02d}"
        folder.mkdir()
        for name, data in commit.files.values():
            (folder / name).write_bytes(data)
        if number == 0:  # the index before its categories: nothing yet, and not a damaged page
            with pytest.raises(EmptyPage):
                asyncio.run(site_of(folder))
            continue
        site = asyncio.run(site_of(folder))
        seen[number] = {item.key for item in items(site)}
        for item in items(site):
            if item.kind is not ItemKind.ORDER:  # a result shows a score or a status for everyone it lists
                assert all(s["score"] is not None or s["status"] for s in item.content["skaters"]), item.key
                assert all(s["place"] != 0 for s in item.content["skaters"]), item.key
    for number, expected in HISTORY_ITEMS.items():
        assert seen[number] == expected, number
    # The 2 skaters who withdrew (WD on the result page) are in the final, and in no segment's results.
    final = next(i for i in items(asyncio.run(site_of(tmp_path / "13"))) if i.key == "002/final")
    assert [s["status"] for s in final.content["skaters"]].count("WD") == 2
    assert len(final.content["skaters"]) == 11


def test_a_page_of_deeply_nested_elements_is_parsed_with_a_bounded_depth(history: list[Commit]) -> None:
    from bot.services.isu.grid import MAX_DEPTH, Doc
    from bot.services.isu.pages import decode_page, parse_index

    data = history[-1].file("index.htm")
    assert data is not None
    page = decode_page(data, "index.htm", None).text
    depth = 100_000  # a 1 MB page: lexbor's cost grew with the depth at each tag (minutes for /live watch)
    nested = page.replace('<div align="center">', '<div align="center">' + "<div>" * depth + "x" + "</div>" * depth)
    assert len(nested) > 1_000_000
    plain, deep = parse_index(page, "index.htm"), parse_index(nested, "index.htm")
    assert deep.categories == plain.categories and deep.name == plain.name  # read the same
    tree = Doc(nested, "index.htm").tree
    deepest, node = 0, tree.body
    while node is not None and node.child is not None:  # down the first child: the nested divs
        node = next((c for c in node.iter() if c.tag == "div"), None) or node.child
        deepest += 1
        if deepest > MAX_DEPTH + 50:
            break
    assert deepest <= MAX_DEPTH + 10, deepest
    assert "x" in (tree.body.text() if tree.body is not None else "")  # the text inside is kept


def test_a_segment_page_whose_unskated_rows_show_place_0_and_0_00_is_partial(
    history: list[Commit], tmp_path: Path
) -> None:
    # Commit 6's Ladies 2sp free skating, rewritten as other ISUCalcFS sites print it while a segment is skated: one
    # results table in which who has not skated yet stands at place 0 with 0.00, no starting order under it.
    commit = history[6]
    for name, data in commit.files.values():
        (tmp_path / name).write_bytes(data)
    page = (tmp_path / "SEG005.HTM").read_bytes().decode("cp1251")
    results_end = page.index("</table>", page.index("Result Details"))
    order = page.index('<table border="1" cellspacing="1"><caption><h3>Starting Order')
    zero = (
        '<tr><td align="center">0</td><td><a>Maria ZAVEDEEVA</a></td><td align="center">RUS</td>'
        + '<td align="right">0.00</td>' * 2
        + "<td>&nbsp;</td>"
        + '<td align="right">0.00</td>' * 5
        + '<td align="center">#1 </td></tr>'
    )
    after_order = page.index("</table>", order) + len("</table>")
    page = page[:results_end] + zero + page[results_end:order] + page[after_order:]
    (tmp_path / "SEG005.HTM").write_bytes(page.encode("cp1251"))
    site = asyncio.run(site_of(tmp_path))
    rows = next(s for c in site.categories for s in c.segments if s.segment.number == "005").rows
    assert rows is not None and len(rows) == 3
    assert [(r.rank, r.tss) for r in rows if r.skater.name.endswith("ZAVEDEEVA")] == [(None, None)]
    keys = {item.key for item in items(site)}
    assert "005/005/segment" not in keys and "005/final" not in keys  # partial: not posted as results
