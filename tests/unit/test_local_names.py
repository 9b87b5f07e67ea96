"""Skaters' names in another script (data/names/): read with their sources, applied only to a name one stored
skater bears, shown to readers of that language and found by anyone in either script and either kana."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.discord_layer.ui.i18n import guild_words
from bot.discord_layer.ui.live import direct_embed
from bot.i18n import Name, Text, Words, catalogue, from_stored, local_name, stored, t
from bot.services.live.service import DirectMessage
from bot.services.names import normalize
from bot.services.results import ResultsService
from bot.services.results.local_names import NAMES_DIR, LocalName, match_local_names, read_local_names
from db.database import Database


def test_every_bundled_name_has_a_source_and_a_reading_or_is_kana() -> None:
    names = read_local_names()
    raw = json.loads((NAMES_DIR / "ja.json").read_text(encoding="utf-8"))
    assert len(names) == len(raw) == 44  # nothing left out as broken
    for local in names:
        assert all(source.startswith(("https://", "http://")) for source in local.sources), local
        # The quote from the page shows the written name and, for a name in kanji, its reading.
        quote = next(entry["quote"] for entry in raw if entry["name"] == local.name)
        assert normalize(local.written) in normalize(quote), local
        assert local.readings or all("\u30a0" <= c <= "\u30ff" for c in local.written), local
        assert any(normalize(reading) in normalize(quote) for reading in local.readings) or not local.readings, local


async def test_every_bundled_name_is_one_skater_of_the_store(shared_database: Database) -> None:
    """A name in kanji is a Japanese skater's; a skater of another country is named only in katakana, as Japanese
    media write them (ネイサン・チェン), where a cited page does."""
    rows = await shared_database.fetchall("SELECT name, country FROM skaters")
    for local in read_local_names():
        bearers = [row["country"] for row in rows if normalize(row["name"]) == normalize(local.name)]
        katakana = all("\u30a0" <= c <= "\u30ff" for c in local.written)
        assert len(bearers) == 1 and (bearers == ["JPN"] or katakana), (local.name, bearers)


def test_a_name_two_skaters_bear_or_none_is_not_given(caplog: pytest.LogCaptureFixture) -> None:
    names = [
        LocalName("ja", "Kaori Sakamoto", "坂本花織", ("さかもと かおり",), ("https://example.org/a",)),
        LocalName("ja", "Hiroaki Sato", "佐藤洸彬", ("さとう ひろあき",), ("https://example.org/b",)),
        LocalName("ja", "Nobody Here", "誰か", ("だれか",), ("https://example.org/c",)),
    ]
    stored_ids = {normalize("Kaori Sakamoto"): [7], normalize("Hiroaki Sato"): [8, 9]}
    spellings, shown = match_local_names(names, stored_ids)
    assert spellings == {7: ["坂本花織", "さかもと かおり"]}
    assert shown == {"ja": {"Kaori Sakamoto": "坂本花織"}}
    assert "2 skaters bear that name" in caplog.text


def test_a_broken_entry_is_left_out_never_shown_without_its_source(tmp_path: Path) -> None:
    entries = [
        {"name": "Kaori Sakamoto", "written": "坂本花織", "readings": ["さかもと かおり"], "sources": ["https://a"]},
        {"name": "Mai Mihara", "written": "三原舞依", "readings": ["みはら まい"], "sources": []},
        {"name": "Shoma Uno", "written": "宇野昌磨"},
        {"name": "Rika Kihira", "written": "", "readings": [], "sources": ["https://b"]},
    ]
    (tmp_path / "ja.json").write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    assert [local.name for local in read_local_names(tmp_path)] == ["Kaori Sakamoto"]


async def test_a_reader_sees_the_name_their_language_writes_and_a_stored_message_keeps_it(
    shared_results: ResultsService,
) -> None:
    assert local_name("Kaori Sakamoto", "ja") == "坂本花織"
    assert local_name("Kaori SAKAMOTO", "ja") == "坂本花織"  # as ISU pages print it, in either order
    assert local_name("SAKAMOTO Kaori", "ja") == "坂本花織"
    assert local_name("Riku Miura / Ryuichi Kihara", "ja") == "三浦璃来 / 木原龍一"
    assert local_name("Kaori Sakamoto", "en-US") == "Kaori Sakamoto"
    assert local_name("Alysa Liu", "ja") == "Alysa Liu"
    assert Words("ja").name("Kaori Sakamoto") == "坂本花織"
    # A message naming a skater keeps the name, not its words: each reader is told it their way, also once stored.
    message = t("facts-medal-title", name=Name("Kaori Sakamoto"), competition="Worlds 2025", medal=t("medals-silver"))
    again = from_stored(stored(message))
    assert isinstance(again, Text)
    assert "坂本花織" in catalogue().render(again, "ja") and "Kaori Sakamoto" in str(again)


async def test_the_name_index_finds_a_skater_by_a_reading_in_either_kana(shared_results: ResultsService) -> None:
    for typed in ("坂本花織", "さかもとかおり", "サカモト カオリ", "ｻｶﾓﾄ"):
        assert shared_results.skater_choices(typed)[0].name == "Kaori Sakamoto", typed
    # A skater of another country whom Japanese media name in katakana, with or without the middle dot.
    for typed in ("ネイサン・チェン", "ネイサンチェン", "ねいさん ちぇん"):
        assert shared_results.skater_choices(typed)[0].name == "Nathan Chen", typed
    assert local_name("Nathan Chen", "ja") == "ネイサン・チェン"
    assert local_name("Gabriella Papadakis / Guillaume Cizeron", "ja") == "ガブリエラ・パパダキス / ギヨーム・シゼロン"
    # The name in another script is not offered as a spelling of the store's: it is shown in its reader's words,
    # and it is not a stored alias an owner could remove.
    assert "坂本" not in shared_results.skater_choices("坂本")[0].name
    assert all("坂本" not in choice.name for choice in shared_results.alias_choices("Kaori Sakamoto", ""))


async def test_a_followers_direct_message_is_in_the_language_they_followed_in(shared_results: ResultsService) -> None:
    content = {
        "category": "Men",
        "segment": "Short Program",
        "segment_code": "SP",
        "discipline": "men",
        "level": "senior",
        "skaters": [],
    }
    message = DirectMessage(3, "Worlds 2017", "Yuzuru Hanyu", content, "ja")
    assert direct_embed(guild_words(None, "ja"), message).title == "羽生結弦 · 男子シングル ショートプログラム"
    english = direct_embed(guild_words(None, None), message)
    assert english.title == "Yuzuru Hanyu · Men Short Program"  # as the site prints it
    junior = {**content, "category": "Junior Ladies", "level": "junior", "discipline": "women", "segment_code": "FS"}
    assert direct_embed(guild_words(None, "ja"), DirectMessage(3, "x", "Mai Mihara", junior)).title == (
        "三原舞依 · ジュニア女子シングル フリースケーティング"
    )
    unknown = {**content, "category": "Novice A Girls", "level": "Novice A", "segment_code": "PD", "segment": "Pattern"}
    assert direct_embed(guild_words(None, "ja"), DirectMessage(3, "x", "Alysa Liu", unknown)).title == (
        "Alysa Liu · Novice A Girls Pattern"  # a federation's own level and an old segment: as printed
    )
