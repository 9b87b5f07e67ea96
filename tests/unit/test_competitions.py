"""Which competition a user means: facts (years, seasons, editions, places) never bridged, words forgiven only
as spellings. Tested on the bundled competitions and on generated variants of every way of naming them."""

from __future__ import annotations

import itertools

import pytest

from bot.errors import Ambiguous, NotFound
from bot.services.results import ResultsService
from bot.services.results.competitions import CompetitionFinder, olympic_edition, parse_query
from db.models import Competition


def competition(ident: int, key: str, name: str, short: str | None, level: str, city: str, country: str, start: str):
    year = int(start[:4])
    season = f"{year - 1}-{year % 100:02d}" if start[5:7] < "07" else f"{year}-{(year + 1) % 100:02d}"
    return Competition(ident, key, name, short, season, level, city, country, None, start, start)


# The bundled four, and kinds the bundled data lacks: a second Worlds, a junior Worlds, Grand Prix events.
# key | name | short name | level | city | country | first day
ROWS = """
owg2026 | Milano Cortina 2026 Olympic Winter Games | Milano Cortina 2026 | olympics | Milan | ITA | 2026-02-06
owg2022 | Beijing 2022 Olympic Winter Games | Beijing 2022 | olympics | Beijing | CHN | 2022-02-04
owg2018 | PyeongChang 2018 Olympic Winter Games | PyeongChang 2018 | olympics | Gangneung | KOR | 2018-02-09
wc2025 | ISU World Figure Skating Championships 2025 | Worlds 2025 Boston | worlds | Boston | USA | 2025-03-26
wc2014 | ISU World Figure Skating Championships 2014 | | worlds | Saitama | JPN | 2014-03-24
wjc2025 | ISU World Junior Figure Skating Championships 2025 | | junior-worlds | Debrecen | HUN | 2025-02-25
gpfra2025 | ISU Grand Prix of Figure Skating Grand Prix de France 2025 | | grand-prix | Angers | FRA | 2025-10-17
gpusa2025 | ISU Grand Prix of Figure Skating Skate America 2025 | | grand-prix | Lake Placid | USA | 2025-11-14
gpf2025 | ISU Grand Prix of Figure Skating Final 2025 | | grand-prix-final | Nagoya | JPN | 2025-12-04
"""
STORE = [
    competition(i, key, name, short or None, level, city, country, start)
    for i, (key, name, short, level, city, country, start) in enumerate(
        ([part.strip() for part in row.split("|")] for row in ROWS.strip().splitlines()), start=1
    )
]
FINDER = CompetitionFinder(STORE)
BY_KEY = {c.key: c for c in STORE}


def names_for(c: Competition) -> list[str]:
    """Ways people name a competition that fit it exactly."""
    year = c.start_date[:4]
    level_words = {
        "olympics": ["Olympics", "Olympic Games", "Winter Olympics", "OWG"],
        "worlds": ["Worlds", "World Championships", "ISU Worlds"],
        "junior-worlds": ["Junior Worlds", "World Junior Championships"],
        "grand-prix": ["Grand Prix"],
        "grand-prix-final": ["Grand Prix Final", "GPF"],
    }[c.level]
    names = [c.key, c.key.upper(), c.name, c.name.lower()]
    if c.short_name:
        names.append(c.short_name)
    for words in level_words:
        names += [f"{words} {year}", f"{year} {words}", f"{words} {c.city} {year}", f"{words} {year} in {c.city}"]
    names += [f"{c.city} {year}", f"{c.season} {level_words[0]}"]
    return names


UNIQUE = [c for c in STORE if c.key not in {"gpfra2025", "gpusa2025"}]  # two Grand Prix events share a year


@pytest.mark.parametrize("wanted", UNIQUE, ids=lambda c: c.key)
def test_every_way_of_naming_a_competition_finds_it(wanted: Competition) -> None:
    for text in names_for(wanted):
        lookup = FINDER.lookup(text)
        assert lookup.match == wanted, (text, [c.key for c in lookup.matches])


@pytest.mark.parametrize("wanted", STORE, ids=lambda c: c.key)
def test_a_year_place_or_season_the_competition_lacks_rules_it_out(wanted: Competition) -> None:
    year = int(wanted.start_date[:4])
    for text in names_for(wanted):
        if text.lower().startswith(wanted.key) or wanted.name.lower() in text.lower():
            continue  # its key and full name carry their own year
        for other_year in (year - 1, year + 1, year + 4):
            first = int(wanted.season[:4]) + other_year - year
            other_season = f"{first}-{(first + 1) % 100:02d}"
            if wanted.season in text:
                shifted = text.replace(wanted.season, other_season)
            else:
                shifted = text.replace(str(year), str(other_year))
            lookup = FINDER.lookup(shifted)
            assert wanted not in lookup.matches, (shifted, [c.key for c in lookup.matches])
            assert all(str(other_year) in c.start_date or other_season == c.season for c in lookup.matches), shifted


def test_the_issue_examples_never_land_on_worlds_2025() -> None:
    for text in ("Worlds 2026", "Worlds 2023", "Worlds 2024", "World Championships 2026", "Boston 2026"):
        lookup = FINDER.lookup(text)
        assert lookup.matches == [], text
    lookup = FINDER.lookup("Worlds 2026")
    assert str(lookup.describe_missing()) == "2026 World Championships"
    assert [c.key for c in lookup.nearby] == ["wc2025", "wc2014"]  # what it has, newest first
    assert [c.key for c in FINDER.lookup("Boston 2026").nearby] == ["wc2025"]
    assert FINDER.lookup("Olympics 2014").matches == []
    assert {c.key for c in FINDER.lookup("Olympics 2014").nearby} == {"owg2026", "owg2022", "owg2018"}


def test_several_plausible_competitions_are_offered_newest_first() -> None:
    assert [c.key for c in FINDER.lookup("Olympics").matches] == ["owg2026", "owg2022", "owg2018"]
    assert [c.key for c in FINDER.lookup("Worlds").matches] == ["wc2025", "wc2014"]
    # The Final is part of the Grand Prix: "Grand Prix 2025" may mean any of the three.
    assert [c.key for c in FINDER.lookup("Grand Prix 2025").matches] == ["gpf2025", "gpusa2025", "gpfra2025"]


def test_levels_are_kept_apart() -> None:
    assert [c.key for c in FINDER.lookup("Junior Worlds 2025").matches] == ["wjc2025"]
    assert [c.key for c in FINDER.lookup("Worlds 2025").matches] == ["wc2025"]  # not the junior one
    assert [c.key for c in FINDER.lookup("Grand Prix Final 2025").matches] == ["gpf2025"]
    assert [c.key for c in FINDER.lookup("Grand Prix de France").matches] == ["gpfra2025"]
    assert FINDER.lookup("Europeans 2025").matches == []


def test_typos_are_forgiven_for_names_never_for_facts_or_places() -> None:
    assert FINDER.lookup("Milno Cortina 2026").match == BY_KEY["owg2026"]
    assert FINDER.lookup("Pyeongchang").match == BY_KEY["owg2018"]
    assert FINDER.lookup("Olympcs 2022").match == BY_KEY["owg2022"]
    assert FINDER.lookup("Wrolds 2025").match == BY_KEY["wc2025"]
    assert FINDER.lookup("Worlds 2052").matches == []  # a transposed year is another year
    assert FINDER.lookup("Worlds Tokyo 2025").matches == []  # a place it does not have
    assert FINDER.lookup("Worlds Bostn 2025").match == BY_KEY["wc2025"]  # a misspelt place it has


def test_names_as_fans_type_them() -> None:
    """Fans' shorthand for a series, a short name glued to a two-digit year, a place written in two words."""
    assert FINDER.lookup("olys 2026").match == BY_KEY["owg2026"]
    assert FINDER.lookup("Oly 2022").match == BY_KEY["owg2022"]
    assert FINDER.lookup("skam 2025").match == BY_KEY["gpusa2025"]
    assert FINDER.lookup("french gp 2025").match == BY_KEY["gpfra2025"]
    assert parse_query("4CC17").years == {2017} and parse_query("4CC17").series == {"four-continents"}
    assert FINDER.lookup("pyeong chang 2018").match == BY_KEY["owg2018"]
    assert FINDER.lookup("Pyeong Chang").match == BY_KEY["owg2018"]
    # Two words joined only into a word the competition has, exactly: never a typo, never a fact crossed.
    assert FINDER.lookup("pyeong chang 2022").matches == []
    assert FINDER.lookup("bos ton 2014").matches == []


def test_countries_and_editions() -> None:
    # A country alone that a series is named after (Gran Premio d'Italia, Skate America) is a question.
    assert FINDER.lookup("Italy 2026").match is None and FINDER.lookup("Italy 2026").matches == [BY_KEY["owg2026"]]
    assert FINDER.lookup("Italy 2026").ambiguous
    assert FINDER.lookup("Olympics Italy 2026").match == BY_KEY["owg2026"]
    assert FINDER.lookup("Olympics in Korea").match == BY_KEY["owg2018"]
    assert FINDER.lookup("Japan Worlds").match == BY_KEY["wc2014"]
    assert FINDER.lookup("XXV Olympic Winter Games").match == BY_KEY["owg2026"]
    assert FINDER.lookup("the 24th Winter Olympics").match == BY_KEY["owg2022"]
    assert FINDER.lookup("XXVI Olympic Winter Games").matches == []
    assert [olympic_edition(y) for y in (1924, 1936, 1948, 1992, 1994, 2026, 1940)] == [1, 4, 5, 16, 17, 25, None]


def test_query_parsing() -> None:
    query = parse_query("Worlds '25 in Boston")
    assert query.years == {2025} and query.words == ("boston",) and query.series == {"worlds"}
    assert parse_query("2025/26 Grand Prix").seasons == {"2025-26"}
    assert parse_query("owg2026").years == {2026} and parse_query("owg2026").series == {"olympics"}
    assert parse_query("2026-28 Worlds").years == {2026}  # not a season: its year is still a fact
    typing = parse_query("Worlds 20", typing=True)
    assert typing.years == frozenset() and typing.partial == "20"
    assert [c.key for c in FINDER.lookup("Worlds 20", typing=True).matches] == ["wc2025", "wc2014"]


@pytest.mark.parametrize("typed", ["Worlds 2020", "worlds 2018", "World Championships 2020", "Boston 2026"])
async def test_the_service_says_what_is_missing_and_what_it_has(shared_results: ResultsService, typed: str) -> None:
    with pytest.raises(NotFound) as missing:
        shared_results.competition(typed)
    assert not isinstance(missing.value, Ambiguous)
    assert "in the store" in missing.value.message and "Worlds 2025 Boston" in missing.value.message
    # what it has, newest first (Worlds 2026 Prague, known by its schedule); in Boston, the 2025 Worlds
    assert [s.value for s in missing.value.suggestions][:1] == (["wc2025"] if "Boston" in typed else ["wc2026"])


@pytest.mark.parametrize("typed", ["Worlds Saitama", "Worlds Tokyo 2026", "Olympics Sapporo"])
async def test_what_is_missing_never_leaves_out_what_ruled_the_competitions_out(
    shared_results: ResultsService, typed: str
) -> None:
    # "No World Championships in the store" would be false (it has Worlds 2025): the text is quoted instead.
    with pytest.raises(NotFound) as missing:
        shared_results.competition(typed)
    assert f"“{typed}”" in missing.value.message, missing.value.message


def test_season_is_a_filler_word() -> None:
    assert FINDER.lookup("Olympics 2025-26 season").match is not None
    assert FINDER.lookup("Olympics 2025-26 season").match == FINDER.lookup("2025-26 Olympics").match


async def test_the_service_offers_a_choice_when_several_fit(shared_results: ResultsService) -> None:
    with pytest.raises(Ambiguous) as several:
        shared_results.competition("Olympics")
    assert [s.value for s in several.value.suggestions] == ["owg2026", "owg2022", "owg2018"]
    with pytest.raises(NotFound):
        await shared_results.podiums("men", "Olympics 2014")


async def test_story_links_follow_the_same_rules(shared_results: ResultsService) -> None:
    # Autocomplete never narrows events to a competition it only guessed.
    assert shared_results.event_choices("Worlds 2020", "") and all(
        "·" in str(c.name) for c in shared_results.event_choices("Worlds 2020", "")
    )
    assert [c.value for c in shared_results.event_choices("Worlds 2025", "")] == ["men", "women", "pairs", "ice_dance"]


def test_every_pair_of_bundled_keys_is_told_apart() -> None:
    for a, b in itertools.combinations(STORE, 2):
        assert FINDER.lookup(a.key).match == a and FINDER.lookup(b.key).match == b


def test_a_lookup_is_worked_out_once_and_its_answer_cannot_be_changed_by_a_caller(monkeypatch) -> None:
    """A story names its competition in several claims: the finder keeps each answer, and hands out copies."""
    finder = CompetitionFinder(STORE)
    scored: list[str] = []
    score = finder._score

    def counting(query, facts):  # type: ignore[no-untyped-def]
        scored.append(query.text)
        return score(query, facts)

    monkeypatch.setattr(finder, "_score", counting)
    first = finder.lookup("the Olympics")
    assert len(first.matches) == 3 and scored
    asked = len(scored)
    first.matches.clear()
    again = finder.lookup("the Olympics")
    assert len(scored) == asked  # not scored again
    assert [c.key for c in again.matches] == ["owg2026", "owg2022", "owg2018"]
    assert finder.lookup("the Olympics", typing=True).matches and len(scored) > asked  # typing is another question
