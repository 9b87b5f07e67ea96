"""Several hundred competition names as fans type them (tests/unit/fan_competition_names.txt, and a second list
written blind by another hand, fan_competition_names_blind.txt; each written before it was first run): every
stored competition named the ways fans name it, and many competitions the store lacks (other years, other series,
junior, national championships, shows), in English, Japanese and other languages. None may be answered with
another competition, nor may a question offer one: each is the right one, an honest "not in the store", or a
question among right ones."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bot.services.results import ResultsService

# Each list and how many names it must at least hold (a list cut short would pass with fewer questions asked).
LISTS = {
    "fan_competition_names.txt": 500,
    "fan_competition_names_blind.txt": 300,
}

# What each stored competition is, written by hand (not the resolver's table): its series, and the series those
# are part of, its year and season.
GRAND_PRIX = {"grand-prix"}
STORED: dict[str, tuple[set[str], int, str]] = {
    "owg2026": ({"olympics"}, 2026, "2025-26"),
    "owg2022": ({"olympics"}, 2022, "2021-22"),
    "owg2018": ({"olympics"}, 2018, "2017-18"),
    "wc2025": ({"worlds"}, 2025, "2024-25"),
    "wc2017": ({"worlds"}, 2017, "2016-17"),
    "ec2017": ({"europeans"}, 2017, "2016-17"),
    "fc2017": ({"four-continents"}, 2017, "2016-17"),
    "gpf1617": ({"grand-prix-final", *GRAND_PRIX}, 2016, "2016-17"),
    "gpf2017": ({"grand-prix-final", "junior-grand-prix-final", *GRAND_PRIX}, 2017, "2017-18"),
    "gpusa2016": ({"skate-america", *GRAND_PRIX}, 2016, "2016-17"),
    "gpusa2017": ({"skate-america", *GRAND_PRIX}, 2017, "2017-18"),
    "gpcan2016": ({"skate-canada", *GRAND_PRIX}, 2016, "2016-17"),
    "gpcan2017": ({"skate-canada", *GRAND_PRIX}, 2017, "2017-18"),
    "gpchn2016": ({"cup-of-china", *GRAND_PRIX}, 2016, "2016-17"),
    "gpchn2017": ({"cup-of-china", *GRAND_PRIX}, 2017, "2017-18"),
    "gpjpn2016": ({"nhk-trophy", *GRAND_PRIX}, 2016, "2016-17"),
    "gpjpn2017": ({"nhk-trophy", *GRAND_PRIX}, 2017, "2017-18"),
    "gprus2016": ({"rostelecom-cup", *GRAND_PRIX}, 2016, "2016-17"),
    "gprus2017": ({"rostelecom-cup", *GRAND_PRIX}, 2017, "2017-18"),
    "gpfra2016": ({"grand-prix-de-france", *GRAND_PRIX}, 2016, "2016-17"),
    "gpfra2017": ({"grand-prix-de-france", *GRAND_PRIX}, 2017, "2017-18"),
}


# A competition stored since (other seasons' bundled data): what its key says it is, also by hand.
PREFIXES = {
    "owg": {"olympics"},
    "wc": {"worlds"},
    "wjc": {"junior-worlds"},
    "ec": {"europeans"},
    "fc": {"four-continents"},
    "gpf": {"grand-prix-final", *GRAND_PRIX},
    "gpusa": {"skate-america", *GRAND_PRIX},
    "gpcan": {"skate-canada", *GRAND_PRIX},
    "gpchn": {"cup-of-china", *GRAND_PRIX},
    "gpjpn": {"nhk-trophy", *GRAND_PRIX},
    "gprus": {"rostelecom-cup", *GRAND_PRIX},
    "gpfra": {"grand-prix-de-france", *GRAND_PRIX},
    "gpfin": {"grand-prix-finland", "finlandia-trophy", *GRAND_PRIX},
}


def identities(results: ResultsService) -> dict[str, tuple[set[str], int, str]]:
    known = dict(STORED)
    for c in results.all_competitions():
        prefix = re.split(r"\d", c.key, maxsplit=1)[0]
        if c.key not in known and prefix in PREFIXES and c.start_date:
            known[c.key] = (PREFIXES[prefix], int(c.start_date[:4]), c.season)
    return known


def read_names(name: str) -> list[tuple[str, str]]:
    rows = []
    for line in Path(__file__).with_name(name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            typed, _, meant = line.rpartition("|")
            rows.append((typed.strip(), meant.strip()))
    return rows


def fits(key: str, meant: str, known: dict[str, tuple[set[str], int, str]], found: list[str] | None = None) -> bool:
    """Whether the stored competition `key` is what `meant` says ("=wc2025", "skate-america 2025", "worlds", or
    alternatives joined by " or " when the words fit several real competitions): for "=key", that one as the
    answer, or any offered beside it in a question."""
    if " or " in meant:
        return any(fits(key, alternative, known, found) for alternative in meant.split(" or "))
    if meant.startswith("="):
        return key == meant[1:] or (found is not None and len(found) > 1 and meant[1:] in found)
    if key not in known:
        return False  # a competition this test does not know is never a right answer
    series, year, season = known[key]
    wanted, _, when = meant.partition(" ")
    if wanted not in series:
        return False
    return not when or (season == when if "-" in when else year == int(when))


@pytest.mark.parametrize("names", sorted(LISTS))
async def test_no_fan_name_is_answered_with_another_competition(shared_results: ResultsService, names: str) -> None:
    rows = read_names(names)
    assert len(rows) >= LISTS[names]
    stored = {c.key for c in shared_results.all_competitions()}
    known = identities(shared_results)
    counts: Counter[str] = Counter()
    wrong = []
    missed = []
    for typed, meant in rows:
        lookup = shared_results.find_competitions(typed)
        found = [c.key for c in lookup.matches]
        if any(not fits(key, meant, known, found) for key in found):
            wrong.append((typed, meant, found))
            continue
        # The line says the words fit several real competitions ("Boston Worlds": 2016 or 2025): when the store
        # holds more than one of them, answering one is a guess; it must ask.
        if " or " in meant and len(found) == 1 and sum(fits(key, meant, known) for key in stored) > 1:
            wrong.append((typed, meant, found))
            continue
        present = any(fits(k, meant, known) for k in stored)
        kind = "stored" if present else "absent"
        outcome = "answered" if len(found) == 1 else "asked" if found else "not in the store"
        counts[f"{kind}: {outcome}"] += 1
        if any(m.startswith("=") and m[1:] in stored and m[1:] not in found for m in meant.split(" or ")):
            missed.append((typed, meant, found))
    print(f"\n{names}: {len(rows)} names,", dict(sorted(counts.items())), f"answered with another: {len(wrong)}")
    assert not wrong, wrong
    assert not missed, missed
