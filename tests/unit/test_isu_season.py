"""The event codes of each season (bot/services/isu/seasons.json) and how a season is named and addressed.

Each code in the file says where it was read, and each such claim is checked here against what it names: a
fixture folder of that name, a bundled file citing that address, a shared data file of that name, an address
holding the code. A code nobody cites is marked inferred, with a note saying how."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.services.isu.season import (
    SEASONS_FILE,
    Season,
    SeasonCompetition,
    SeasonError,
    competition_url,
    load_seasons,
    season_named,
)
from tests.shared import shared_path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = json.loads(SEASONS_FILE.read_text(encoding="utf-8"))
ENTRIES = [(name, entry) for name, season in DOCUMENT["seasons"].items() for entry in season["competitions"]]
EVENT_CODE = re.compile(r"^(wc|ec|fc|owg|gpf|gp[a-z]{3})\d{4}$")


def test_every_season_the_issue_asks_for_is_there_in_order() -> None:
    names = list(DOCUMENT["seasons"])
    assert {f"{y}-{str(y + 1)[-2:]}" for y in range(2017, 2027)} <= set(names)
    assert names == sorted(names)


@pytest.mark.parametrize("name", list(DOCUMENT["seasons"]))
def test_each_season_has_its_championships_grand_prix_and_final(name: str) -> None:
    season = load_seasons()[name]
    kinds = [c.kind for c in season.competitions]
    assert kinds.count("grand-prix-final") == 1 and kinds.count("grand-prix") == 6
    end = int(name[:4]) + 1
    codes = {c.code for c in season.competitions}
    assert {f"wc{end}", f"ec{end}", f"fc{end}"} <= codes, codes
    # The season folder the server files it under: season + the two years, or none before 2015-16.
    assert season.folder == (f"season{name[2:4]}{name[5:7]}" if end > 2015 else "")


def test_codes_are_event_codes_and_never_twice() -> None:
    codes = [entry["code"] for _, entry in ENTRIES]
    assert len(codes) == len(set(codes))
    assert [code for code in codes if not EVENT_CODE.match(code)] == []
    # The year in a code is the year the event is held: the season's first for the Grand Prix, its second for a
    # championship.
    for name, entry in ENTRIES:
        if entry["kind"] == "grand-prix":
            assert entry["code"].endswith(name[:4]), entry
        elif entry["kind"] == "championship":
            assert entry["code"].endswith(str(int(name[:4]) + 1)), entry


@pytest.mark.parametrize(("season", "entry"), ENTRIES, ids=[e["code"] for _, e in ENTRIES])
def test_each_code_says_where_it_was_read_or_that_it_is_inferred(season: str, entry: dict) -> None:
    evidence = entry.get("evidence", [])
    inferred = entry.get("inferred", False)
    assert bool(evidence) != bool(inferred), "either sourced or marked inferred, never both or neither"
    if inferred:
        assert entry["note"].startswith("inferred"), entry
    for claim in evidence:
        kind = claim["kind"]
        assert kind in DOCUMENT["evidence_kinds"]
        if kind == "fixture":
            where = claim["where"].split(" ")[0]
            folder = ROOT / where if not where.startswith("../shared/") else shared_path(where[len("../shared/") :])
            assert folder.is_dir(), where
            assert entry["code"] in where, "the folder is named by the code"
        elif kind == "bundled":
            text = (ROOT / claim["where"]).read_text(encoding="utf-8")
            assert claim["url"] in text, f"{claim['where']} does not cite {claim['url']}"
        elif kind == "shared-data":
            assert shared_path(claim["where"][len("../shared/") :]).is_file()
            assert Path(claim["where"]).stem == entry["code"]
        if "url" in claim:
            folder = DOCUMENT["seasons"][season]["folder"]
            path = f"/results/{folder + '/' if folder else ''}{entry['code']}"
            assert re.search(rf"{re.escape(path)}(/|$)", claim["url"]), claim


@pytest.mark.parametrize(
    "written", ["2025-26", "2025/26", "2025-2026", " 2025 - 26 ", "25-26", "2526", "season2526", "Season2526"]
)
def test_a_season_is_read_in_the_forms_people_write_it(written: str) -> None:
    assert season_named(written, load_seasons()).name == "2025-26"


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("2025-27", "2025-27 is not a season: write it as 2025-26."),
        ("2025", "2025 is not a season"),
        ("next season", "next season is not a season"),
        ("", " is not a season"),
        ("1999-00", "The list of ISU event codes has no season 1999-00; it has 2013-14, 2016-17, 2017-18"),
        ("2027-28", "has no season 2027-28"),
    ],
)
def test_a_season_that_cannot_be_read_is_said_never_guessed(written: str, message: str) -> None:
    with pytest.raises(SeasonError) as raised:
        season_named(written, load_seasons())
    assert message in str(raised.value)


def test_where_a_competition_is_filed() -> None:
    worlds = SeasonCompetition("wc2026", "World Championships 2026", "championship", inferred=False)
    with_folder = Season("2025-26", "season2526", (worlds,))
    without = Season("2013-14", "", (worlds,))
    assert competition_url("https://results.isu.org/results", with_folder, worlds) == (
        "https://results.isu.org/results/season2526/wc2026/"
    )
    assert competition_url("http://127.0.0.1:8/results/", without, worlds) == "http://127.0.0.1:8/results/wc2026/"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["import-isu"], "error: one of the arguments source --season is required"),
        (["import-isu", "tests/fixtures/isu/wc2014", "--season", "2025-26"], "argument --season: not allowed with"),
    ],
)
def test_the_command_line_takes_a_site_or_a_season(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and said in capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("season", "said"),
    [
        ("2025-27", "skatebot: 2025-27 is not a season: write it as 2025-26."),
        ("1999-00", "skatebot: The list of ISU event codes has no season 1999-00"),
    ],
)
def test_the_command_line_says_what_is_wrong_with_the_season_before_any_import(
    season: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.cli import main

    monkeypatch.setenv("SKATEBOT_DB", "/nonexistent/never-opened.sqlite3")  # refused before the store is opened
    assert main(["import-isu", "--season", season]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0], err
