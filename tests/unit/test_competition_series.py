"""A word that names a series (Skate America, NHK, Cup of China, Finlandia, Japan Open, Junior...) is a fact about
the competition, like a year: it rules out every competition of another series, and a typo is forgiven only as a
misspelling of the candidate's own name. The table of series (data/series/series.json) is checked here too."""

from __future__ import annotations

import json

import pytest

from bot.errors import Ambiguous, NotFound
from bot.i18n import catalogue, render
from bot.services.results import ResultsService
from bot.services.results.competitions import CompetitionFinder, parse_query
from bot.services.series import SERIES_FILE, read_series, series_of, series_table, tokens
from tests.unit.test_competitions import BY_KEY, STORE, competition

FINDER = CompetitionFinder(STORE)


def keys(text: str) -> list[str]:
    return [c.key for c in FINDER.lookup(text).matches]


def test_the_issue_example_is_never_the_worlds_in_america() -> None:
    assert keys("Skate America 2025") == ["gpusa2025"]
    for text in ("Skate America 2024", "Skate America 2026", "skate america 24", "Skate America Boston 2025"):
        assert keys(text) == [], text
    lookup = FINDER.lookup("Skate America 2024")
    assert str(lookup.describe_missing()) == "Skate America 2024"
    assert [c.key for c in lookup.nearby] == ["gpusa2025"]  # what it has of that series


@pytest.mark.parametrize(
    "text",
    [
        "NHK Trophy 2025",
        "NHK 2025",
        "Cup of China 2025",
        "Finlandia Trophy 2025",
        "Japan Open 2025",
        "Skate Canada 2025",
        "Rostelecom Cup 2025",
        "Europeans 2025",
        "Four Continents 2025",
        "4CC 2025",
        "Junior Grand Prix 2025",
        "JGP Final 2025",
        "World Team Trophy 2025",
        "US Nationals 2025",
        "All Japan 2025",
        "全日本 2025",
        "Japan Nationals 2025",
        "Skate Canada Autumn Classic 2025",
        "Nebelhorn 2025",
        "Fantasy on Ice 2025",
        "Stars on Ice 2025",
        "Youth Olympics 2026",
        "Junior Olympics 2026",
        "Japan Open Boston 2025",
        "Universiade 2025",
        "America 2024",
        "Junior Worlds 2026",
        "NHK杯 2025",
        "中国杯 2025",
        "四大陸 2025",
        "国別対抗戦 2025",
    ],
)
def test_a_series_the_store_lacks_rules_out_every_other(text: str) -> None:
    lookup = FINDER.lookup(text)
    assert lookup.matches == [], (text, [c.key for c in lookup.matches])


def test_a_country_a_series_is_named_after_is_a_question() -> None:
    for text in ("America 2025", "USA 2025", "america"):
        lookup = FINDER.lookup(text)
        assert lookup.match is None and lookup.ambiguous, text  # the Worlds in Boston, or a Skate America?
    assert FINDER.lookup("Boston 2025").match == BY_KEY["wc2025"]  # a city is no series' name
    assert FINDER.lookup("Worlds America 2025").match == BY_KEY["wc2025"]
    assert FINDER.lookup("Canada 2025").matches == []  # nothing held in Canada that year


def test_what_is_missing_names_the_series() -> None:
    assert str(FINDER.lookup("Japan Open 2025").describe_missing()) == "Japan Open 2025"
    assert str(FINDER.lookup("NHK 2025").describe_missing()) == "NHK Trophy 2025"
    assert render(FINDER.lookup("NHK杯 2025").describe_missing() or "", "ja") == "NHK杯 2025"
    # A series that is a level of its own keeps the level's words.
    assert str(FINDER.lookup("Worlds 2026").describe_missing()) == "2026 World Championships"
    # Words beside the series that also ruled it out: the text is quoted by the caller instead.
    assert FINDER.lookup("Skate America Tokyo 2025").describe_missing() is None


def test_the_series_of_a_stored_competition() -> None:
    assert "skate-america" in series_of(["ISU GP 2016 Progressive Skate America"], "gpusa2016", "grand-prix")
    assert series_of(["ISU GP NHK Trophy 2016"], "gpjpn2016", "grand-prix") >= {"nhk-trophy", "grand-prix"}
    # A Challenger run by Skate Canada is not Skate Canada International.
    classic = series_of(["Skate Canada Autumn Classic International 2025"], "cscan2025", "challenger")
    assert "skate-canada" not in classic and "autumn-classic" in classic
    final = series_of(["Grand Prix Final 2017 Senior and Junior"], "gpf2017", "grand-prix-final")
    assert final >= {"grand-prix-final", "junior-grand-prix-final", "grand-prix"}
    assert series_of(["ISU World Figure Skating Championships 2025"], "wc2025", "worlds") == {"worlds"}


def test_typos_are_forgiven_only_for_the_candidates_own_name() -> None:
    assert keys("Skate Amercia 2025") == ["gpusa2025"]  # its own name
    assert keys("Grand Prix de Frnace 2025") == ["gpfra2025"]
    # The French Grand Prix under its other names is the same series.
    assert keys("Internationaux de France 2025") == keys("Trophée de France 2025") == ["gpfra2025"]
    assert keys("Skate Amerika Boston 2025") == []  # never the Worlds in Boston
    assert keys("Wrolds 2025") == ["wc2025"]


def test_junior_turns_the_series_named_beside_it() -> None:
    assert keys("Worlds junior 2025") == ["wjc2025"]
    assert keys("junior worlds 2025") == ["wjc2025"]
    assert keys("World Junior Championships 2025") == ["wjc2025"]
    assert keys("Worlds 2025") == ["wc2025"]
    assert keys("Grand Prix Final junior 2025") == []  # the stored Final does not say it holds the juniors


def test_japanese_forms() -> None:
    assert keys("北京五輪") == ["owg2022"]
    assert keys("ミラノ・コルティナ五輪") == ["owg2026"]
    assert keys("ミラノ") == ["owg2026"]
    assert keys("平昌オリンピック") == ["owg2018"]
    assert keys("世界選手権2025") == ["wc2025"]
    assert keys("2025年世界選手権") == ["wc2025"]
    assert keys("世界ジュニア2025") == ["wjc2025"]
    assert keys("GPファイナル2025") == ["gpf2025"]
    assert keys("グランプリファイナル 2025") == ["gpf2025"]
    assert keys("スケートアメリカ2025") == ["gpusa2025"]
    assert keys("スケアメ 2025") == ["gpusa2025"]
    assert keys("世界選手権2026") == []
    assert keys("五輪") == ["owg2026", "owg2022", "owg2018"]
    assert tokens("北京五輪") == ["beijing", "@olympics"]
    assert keys("第25回冬季オリンピック") == ["owg2026"]  # an edition, not the year 2025
    assert keys("第26回冬季オリンピック") == []


def test_year_forms() -> None:
    assert parse_query("Worlds 25").years == {2025}
    assert parse_query("WC25").years == {2025}
    assert parse_query("Worlds 2024-25").seasons == {"2024-25"}
    assert parse_query("Worlds 24-25").seasons == {"2024-25"}
    assert parse_query("2026-28 Worlds").years == {2026}  # a range's end is no year of its own
    assert parse_query("Boston 25").years == frozenset()  # two digits are a year only beside a series' name


def test_the_longest_phrase_wins() -> None:
    assert read_series(tokens("World Team Trophy")).series == ("world-team-trophy",)
    assert read_series(tokens("Skate Canada Autumn Classic")).series == ("autumn-classic",)
    assert read_series(tokens("Junior Grand Prix Final")).series == ("junior-grand-prix-final",)
    assert read_series(tokens("Cup of China")).series == ("cup-of-china",)


def test_the_table_of_series_is_complete_and_sourced() -> None:
    doc = json.loads(SERIES_FILE.read_text(encoding="utf-8"))
    table = series_table()
    ids = [entry["id"] for entry in doc["series"]]
    assert len(ids) == len(set(ids))
    for entry in doc["series"]:
        assert entry["names"] and entry["sources"], entry["id"]
        assert entry.get("parent") in (None, *ids) and entry.get("junior") in (None, *ids), entry["id"]
        for locale in ("en-US", "ja"):
            assert catalogue().has("series-" + entry["id"], locale), (entry["id"], locale)
    # No phrase names two series: the table was built first-come, so a clash would silently lose one.
    seen: dict[tuple[str, ...], str] = {}
    for entry in doc["series"]:
        for name in (*entry["names"], *entry["nicknames"], *entry.get("names_elsewhere", []), *entry["keys"]):
            words = tuple(w for w in tokens(name) if w not in {"of", "de", "the", "isu", "figure", "skating", "d"})
            assert seen.setdefault(words, entry["id"]) == entry["id"], (name, seen[words], entry["id"])
    assert table.series["skate-america"].parent == "grand-prix"


# A Grand Prix event the store may lack, in a year the store may have a Worlds held in that country: the first of
# these the store lacks is asked for (the store grows with other seasons' bundled data).
# (typed, key prefix, year, the series' name in the reply)
LACKED = [
    ("Skate America", "gpusa", 2025, "Skate America"),
    ("Skate Canada", "gpcan", 2024, "Skate Canada International"),
    ("Skate America", "gpusa", 2024, "Skate America"),
]


async def test_results_podiums_and_medals_say_what_is_missing(shared_results: ResultsService) -> None:
    stored = {c.key for c in shared_results.all_competitions()}
    name, _prefix, year, label = next(row for row in LACKED if f"{row[1]}{row[2]}" not in stored)
    typed = f"{name} {year}"
    with pytest.raises(NotFound) as missing:
        shared_results.competition(typed)
    assert not isinstance(missing.value, Ambiguous)
    assert missing.value.message.startswith(f"No {label} {year} in the store. It has: "), missing.value.message
    assert "Worlds" not in missing.value.message  # what it has of that series (or of the Grand Prix)
    with pytest.raises(NotFound):
        await shared_results.podiums("men", typed)
    assert BY_KEY["gpusa2025"].key == "gpusa2025"


def test_a_series_name_written_without_spaces_is_that_series() -> None:
    """Hashtags and hurried typing: "#SkateAmerica2025", "skateamerica25", "cupofchina2025". Read as the series, so
    what the store lacks is said as for the spaced name, and never lands on another competition."""
    for text in ("skateamerica2025", "#SkateAmerica2025", "skateamerica25", "SkateAmerica 2025"):
        assert keys(text) == ["gpusa2025"], text
    assert parse_query("cupofchina2016").series == {"cup-of-china"}
    assert parse_query("grandprixfinal 2017").series == {"grand-prix-final"}
    lookup = FINDER.lookup("skateamerica2024")
    assert keys("skateamerica2024") == [] and str(lookup.describe_missing()) == "Skate America 2024"


def test_two_of_a_competitions_own_words_run_together_are_both() -> None:
    """Run together, "milanocortina2026" is Milano Cortina 2026; the two halves must each be the candidate's own
    word, exactly (no typo is forgiven inside a run-together word, no competition is reached through another's)."""
    assert keys("milanocortina2026") == ["owg2026"]
    assert keys("worldsboston") == ["wc2025"]
    assert keys("milnocortina2026") == []  # a typo inside a run-together word: not guessed
    assert keys("bostonsaitama") == []  # each half a place, of different competitions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Championnats du monde 2025", ["wc2025"]),
        ("Mondiali 2025", ["wc2025"]),
        ("ЧМ-2025", ["wc2025"]),
        ("Чемпионат мира по фигурному катанию 2025", ["wc2025"]),
        ("Eiskunstlauf-WM 2025", ["wc2025"]),
        ("Mondiaux juniors 2025", ["wjc2025"]),  # junior beside the series' name turns it, as in English
        ("Чемпионат мира среди юниоров 2025", ["wjc2025"]),
        ("JO de Pékin", ["owg2022"]),
        ("Olimpiadi di Pechino", ["owg2022"]),
        ("Олимпийские игры 2022", ["owg2022"]),
        ("Olimpiadi Milano Cortina", ["owg2026"]),
        ("Finale du Grand Prix 2025", ["gpf2025"]),
        ("Финал Гран-при Нагоя", ["gpf2025"]),
        ("Скейт Америка 2025", ["gpusa2025"]),
        # Named in another language, a series the store lacks is still that series: never another competition.
        ("Чемпионат Европы 2025", []),
        ("Championnats d'Europe 2025", []),
        ("Coupe de Chine 2025", []),
        ("Mondiali juniores 2014", []),
    ],
)
def test_names_in_other_languages(text: str, expected: list[str]) -> None:
    assert keys(text) == expected


def test_team_is_no_country() -> None:
    """Britain is also "Team GB" among the country's names; "team" alone names no country, so "team event 2026" is
    never the Europeans held in Sheffield."""
    sheffield = competition(
        90,
        "ec2026",
        "ISU European Figure Skating Championships 2026",
        "Europeans 2026 Sheffield",
        "europeans",
        "Sheffield",
        "GBR",
        "2026-01-14",
    )
    finder = CompetitionFinder([sheffield, BY_KEY["owg2026"]])
    assert [c.key for c in finder.lookup("team event 2026").matches] == []
    assert [c.key for c in finder.lookup("Britain 2026").matches] == ["ec2026"]
