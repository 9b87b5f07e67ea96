"""Which competition a user means, without ever answering a different one.

A competition is asked for in many ways: "Worlds 2025", "world championships boston", "owg2026",
"Milano Cortina", "PyeongChang", "2025-26 Europeans", "XXV Olympic Winter Games". Fuzzy name matching alone
answers "Worlds 2026" with Worlds 2025 (the names differ by one character), which is the worst outcome for a
bot people trust for facts. So the text is read as *facts* and *words*:

* facts: years, a season ("2025-26"), an edition ("XXV", "25th"). A fact the competition does not have
  rules it out; facts are never matched approximately.
* words: every other word must be accounted for by the competition: its names, its key, its city, venue
  or country (in any of the country's names), or the words of its level ("worlds", "grand prix",
  "junior"). A word may be a typo of a name word, never of a place another competition or a country has
  ("Boston" is not a typo of anything). Filler ("the", "ISU", "figure skating") is ignored.

What is left is the answer when it is one competition, a choice to offer when it is several, and when it
is none, the competitions the words describe with the facts set aside ("It has: Worlds 2025 Boston"), to
say what the store lacks.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cachetools import LRUCache
from rapidfuzz import fuzz

from bot.i18n import Text, t
from bot.services.countries import COUNTRIES, country_names
from bot.services.names import normalize
from bot.services.results.vocabulary import (
    DISCIPLINE_LABELS,
    DISCIPLINE_SYNONYMS,
    SEGMENT_KIND_LABELS,
    SEGMENT_SYNONYMS,
)
from bot.services.series import read_series, series_of, series_table, tokens
from db.models import Competition, Event, Segment

__all__ = [
    "LEVEL_LABELS",
    "CompetitionFinder",
    "CompetitionLookup",
    "CompetitionQuery",
    "event_words",
    "parse_query",
]

# The competition levels, as stored (data; what a reader sees is the catalogue's level-competition-<code>).
LEVEL_LABELS = {
    "olympics": "Olympic Winter Games",
    "worlds": "World Championships",
    "junior-worlds": "World Junior Championships",
    "europeans": "European Championships",
    "four-continents": "Four Continents Championships",
    "grand-prix": "Grand Prix",
    "grand-prix-final": "Grand Prix Final",
    "challenger": "Challenger Series",
    "national": "National Championships",
}
# Words that describe a level. The first group of each level names it on its own ("worlds", "gpf"); the
# second only fits it ("championships" fits worlds, europeans, nationals... but names none of them).
_LEVEL_WORDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "olympics": (frozenset({"olympics", "olympic", "olympiad", "owg", "og"}), frozenset({"games", "winter"})),
    "worlds": (frozenset({"worlds", "world", "wc", "wfsc"}), frozenset({"championships", "championship"})),
    "junior-worlds": (
        frozenset({"junior", "juniors", "jr", "wjc", "jwc"}),
        frozenset({"championships", "championship"}),
    ),
    "europeans": (frozenset({"europeans", "european", "euros", "ec"}), frozenset({"championships", "championship"})),
    "four-continents": (frozenset({"continents", "4cc", "fcc"}), frozenset({"four", "championships", "championship"})),
    "grand-prix": (frozenset({"grand", "prix", "gp"}), frozenset({"series"})),
    "grand-prix-final": (frozenset({"gpf", "final"}), frozenset({"grand", "prix", "gp"})),
    "challenger": (frozenset({"challenger", "cs"}), frozenset({"series"})),
    "national": (frozenset({"national", "nationals"}), frozenset({"championships", "championship"})),
}
# Junior competitions share their senior counterparts' words ("World ... Championships"): the level is a fact.
_JUNIOR_LEVELS = frozenset({"junior-worlds"})
_JUNIOR_WORDS = _LEVEL_WORDS["junior-worlds"][0]
# Words that say nothing about which competition is meant.
_FILLER = frozenset(
    "the of in at on a an and for to isu figure skating skate fs competition competitions event results result "
    "season de du des la le les di del della der die das senior seniors "
    # "figure skating" in French, Italian, German and Russian: it says no more than the English words do
    "patinage artistique pattinaggio artistico eiskunstlauf по фигурному катанию "
    # Russian "in", "at": "Олимпиада в Пекине" (the city after it is in the prepositional case: data/series/)
    "в во на".split()
)
# Words of a country's names that name no place alone: Britain is also "Team GB", and "team" is the team event's word
# ("Olympic team event 2026" is never the Europeans held in Sheffield).
_NOT_A_PLACE_ALONE = frozenset({"team"})
_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d\d(?![\d.,])")
_SHORT_YEAR = re.compile(r"[’'‘](\d\d)\b")
_SEASON = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*[-/–—]\s*(\d\d(?:\d\d)?)(?!\d)")
_ROMAN = re.compile(r"\b[IVXLC]{2,}\b")  # upper case only: "li" or "vi" in running text are not editions
_ORDINAL = re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)\b", re.IGNORECASE)
_JA_ORDINAL = re.compile(r"第\s*(\d{1,3})\s*[回届]")  # 第25回冬季オリンピック, Chinese 第25届: the 25th
_GLUED_YEAR = re.compile(r"^(\d?[a-z]+)((?:19|20)\d\d)$")  # owg2026, wc2025, 4cc2017
_GLUED_SHORT_YEAR = re.compile(r"^(\d?[a-z]+)(\d\d)$")  # wc25, gpf17, 4cc17: a year only after a series' short name
_LONE_TWO_DIGITS = re.compile(r"(?<![\d\-/–—.,:])(?<![\-/–—] )(\d\d)(?!\s?[\-/–—.,:]\s?\d)(?!\d)")
_SHORT_SEASON = re.compile(r"(?<![\d.,])(\d\d)\s*[-/–—]\s*(\d\d)(?![\d.,])")  # 24-25, 24/25
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
_TYPO_CUTOFF = 80.0
# Lookups kept by each finder (CompetitionFinder.lookup): a few hundred bytes each; a bot serving many servers types
# and checks a few hundred distinct competition names between two refreshes.
LOOKUP_CACHE_SIZE = 512
_MIN_TYPO_LENGTH = 4


def _roman(text: str) -> int | None:
    total = 0
    values = [_ROMAN_VALUES[c] for c in text]
    for i, value in enumerate(values):
        total += -value if i + 1 < len(values) and values[i + 1] > value else value
    # Only canonical numerals: "IIV" or "VX" are not numbers anyone writes.
    return total if 0 < total <= 60 and _to_roman(total) == text else None


def _to_roman(number: int) -> str:
    out = []
    for value, letters in ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def olympic_edition(year: int) -> int | None:
    """The Olympic Winter Games' number (I in 1924; none in 1940 and 1944; two years apart in 1992-94)."""
    if year < 1924:
        return None
    if year <= 1936:
        return (year - 1924) // 4 + 1 if year % 4 == 0 else None
    if 1948 <= year <= 1992:
        return (year - 1948) // 4 + 5 if year % 4 == 0 else None
    if year >= 1994 and (year - 1994) % 4 == 0:
        return (year - 1994) // 4 + 17
    return None


@dataclass(frozen=True, slots=True)
class CompetitionQuery:
    """What a user's text says about a competition."""

    text: str
    years: frozenset[int] = frozenset()
    seasons: frozenset[str] = frozenset()
    editions: frozenset[int] = frozenset()
    words: tuple[str, ...] = ()  # normalized, without filler, facts and the words that named a series
    partial: str = ""  # autocomplete: the word being typed (already in `words` unless it is numeric)
    series: frozenset[str] = frozenset()  # the series the words named (data/series/): a fact, like a year
    series_words: int = 0  # how many words named them
    # Two digits standing alone beside no series' name ("milano cortina 26"): a year only if the competition the
    # other words name was held in it; unlike "Worlds 26", where the series makes them a year, a fact to rule by.
    lone_digits: frozenset[str] = frozenset()

    @property
    def has_facts(self) -> bool:
        return bool(self.years or self.seasons or self.editions)

    @property
    def empty(self) -> bool:
        return not (self.has_facts or self.words or self.partial or self.series)

    def specific_series(self) -> list[str]:
        """The series named, less those another named one is part of ("GP Skate America" -> Skate America)."""
        table = series_table()
        inside = {a for s in self.series for a in table.ancestors(s)[1:]}
        return sorted(s for s in self.series if s not in inside)

    def levels(self) -> list[str]:
        """The levels the words name ("worlds" -> worlds; "junior worlds" -> junior-worlds)."""
        words = set(self.words)
        named = [level for level, (own, _) in _LEVEL_WORDS.items() if words & own]
        table = series_table()
        named += [level for s in self.specific_series() if (level := table.series[s].level) not in named]
        # "junior worlds" names both; the more specific one wins. Likewise "grand prix final".
        for specific, general in (("junior-worlds", "worlds"), ("grand-prix-final", "grand-prix")):
            if specific in named and general in named:
                named.remove(general)
        return named


def parse_query(text: str, *, typing: bool = False, series: bool = True) -> CompetitionQuery:
    """Reads facts and words out of `text`. With `typing` (autocomplete), the last word may be unfinished:
    a number that could still become a year is kept aside instead of counting as a fact or a word. With
    `series`, the words that name a series are read as one (data/series/); without, they stay words (a stored
    competition's own name words, which a typo may be of)."""
    raw = text[:200]
    seasons = set()

    def season(match: re.Match[str]) -> str:
        start, end = int(match.group(1)), match.group(2)
        end_year = int(end) if len(end) == 4 else start // 100 * 100 + int(end)
        if end_year != start + 1:
            return match.group()  # not a season ("2026-28"): its numbers stay facts to account for
        seasons.add(f"{start}-{end_year % 100:02d}")
        return " "

    def short_season(match: re.Match[str]) -> str:
        start, end = int(match.group(1)), int(match.group(2))
        if end != (start + 1) % 100:
            return match.group()
        seasons.add(f"{2000 + start if start < 50 else 1900 + start}-{end:02d}")
        return " "

    raw_no_season = _SHORT_SEASON.sub(short_season, _SEASON.sub(season, raw))
    editions = {n for m in _ROMAN.finditer(raw_no_season) if (n := _roman(m.group()))}
    editions |= {int(m.group(1)) for m in _ORDINAL.finditer(raw_no_season)}
    editions |= {int(m.group(1)) for m in _JA_ORDINAL.finditer(raw_no_season)}
    rest = _ROMAN.sub(" ", _ORDINAL.sub(" ", _JA_ORDINAL.sub(" ", raw_no_season)))
    years = {2000 + int(m.group(1)) for m in _SHORT_YEAR.finditer(rest)}
    rest = _SHORT_YEAR.sub(" ", rest)
    table = series_table()
    # Two digits standing alone ("Worlds 25"), not those of a range or a date ("2026-28", "3.25").
    lone = {m.group() for m in _LONE_TWO_DIGITS.finditer(rest)}
    split: list[str] = []
    for token in tokens(rest, table):
        glued = _GLUED_YEAR.match(token) or _GLUED_SHORT_YEAR.match(token)
        if glued and (len(glued.group(2)) == 4 or (glued.group(1),) in table.phrases or glued.group(1) in table.glued):
            split += [*table.glued.get(glued.group(1), (glued.group(1),)), _full_year(glued.group(2))]
        else:
            split += table.glued.get(token, (token,))
    partial = ""
    if typing and split and not text[-1:].isspace():
        partial = split[-1]
        if partial.isdigit() and len(partial) < 4:
            split = split[:-1]
        elif partial.isdigit():
            partial = ""
    reading = read_series(split, table) if series else None
    named = reading.series if reading else ()
    words = []
    lone_digits = set()
    for token in reading.words if reading else split:
        if _YEAR.fullmatch(token):
            years.add(int(token))
        elif named and len(token) == 2 and token.isdigit() and token in lone and token != partial:
            years.add(int(_full_year(token)))  # "Worlds 25", "NHK 17": a year beside a series' name
        elif len(token) == 2 and token.isdigit() and token in lone and token != partial:
            words.append(token)
            lone_digits.add(token)
        elif token not in _FILLER and not token.startswith("@"):
            words.append(token)
    return CompetitionQuery(
        text=text,
        years=frozenset(years),
        seasons=frozenset(seasons),
        editions=frozenset(editions),
        words=tuple(words),
        partial=partial if typing else "",
        series=frozenset(named),
        series_words=reading.consumed if reading else 0,
        lone_digits=frozenset(lone_digits),
    )


def _full_year(digits: str) -> str:
    """'25' -> '2025', '98' -> '1998'; four digits as they are."""
    if len(digits) == 4:
        return digits
    return str(2000 + int(digits) if int(digits) < 50 else 1900 + int(digits))


@dataclass(frozen=True, slots=True)
class _Facts:
    """What can be said of one competition, computed once per store load."""

    competition: Competition
    years: frozenset[int]
    season: str
    edition: int | None
    names: frozenset[str]  # words of its names and key: typos of these are forgiven
    places: frozenset[str]  # words of its city, venue and country names
    levels: frozenset[str]  # words of its level
    series: frozenset[str]  # the series it is of, and those they are part of (data/series/)
    events: frozenset[str]  # words of the events and segments it holds ("mens", "free", "team", "団体戦")


@dataclass(slots=True)
class CompetitionLookup:
    """The outcome of reading a user's text: one match, several, or none (with what the store has)."""

    query: CompetitionQuery
    matches: list[Competition] = field(default_factory=list)  # best first, then newest first
    nearby: list[Competition] = field(default_factory=list)  # when none match: what the words describe
    # Only a country was named, and a series bears its name: "America 2025" may be the Worlds held there or a
    # Skate America; what fits is offered as a question, never taken as the answer.
    unsure: bool = False

    @property
    def match(self) -> Competition | None:
        return self.matches[0] if len(self.matches) == 1 and not self.unsure else None

    @property
    def ambiguous(self) -> bool:
        return len(self.matches) > 1 or (self.unsure and bool(self.matches))

    def describe_missing(self) -> Text | None:
        """'2026 World Championships' (a message: the reader's words); None (the caller quotes the text as typed)
        when the words name no level, or say more than a level ("Worlds Saitama", "Worlds 26"): a description
        must never leave out what ruled the competitions out."""
        levels = self.query.levels()
        when = " ".join(sorted(self.query.seasons) or [str(y) for y in sorted(self.query.years)])
        level_words = frozenset().union(*(own | fitting for own, fitting in _LEVEL_WORDS.values()))
        named = self.query.specific_series()
        if len(named) == 1 and _LEVEL_OF_SERIES.get(named[0]) is None and not self.query.words:
            series = t("series-" + named[0])  # "No Skate America 2025 in the store"
            if self.query.editions:
                return None
            return t("store-missing-series-when", series=series, when=when) if when else series
        if len(named) > 1:
            return None
        if len(levels) == 1 and levels[0] in LEVEL_LABELS and set(self.query.words) <= level_words:
            edition = " ".join(_to_roman(n) for n in sorted(self.query.editions))
            level = t("level-competition-" + levels[0])
            if edition and when:
                return t("store-missing-edition-when", edition=edition, when=when, level=level)
            if edition:
                return t("store-missing-edition", edition=edition, level=level)
            if when:
                return t("store-missing-when", when=when, level=level)
            return t("store-missing-level", level=level)
        return None


# The series that are a level of their own ("Worlds 2026" is described as "2026 World Championships", as before).
_LEVEL_OF_SERIES = {level: level for level in LEVEL_LABELS} | {"nationals": "national"}


def _newest_first(competition: Competition) -> tuple[str, int]:
    return (competition.start_date or "", competition.id)


class CompetitionFinder:
    """Resolves text to competitions of the store (see the module docstring for the rules)."""

    def __init__(
        self,
        competitions: Iterable[Competition],
        held: Mapping[int, frozenset[str]] | None = None,
        *,
        reusing: CompetitionFinder | None = None,
    ) -> None:
        """`held`: by competition id, the words of the events and segments it holds (`event_words`):
        "Worlds 2025 men's free" is the Worlds 2025, and "Olympic team event 2022" the Games that held one.
        `reusing`: the finder this one replaces, whose facts of a competition unchanged (the same row, the same
        words) are taken as they are (a reload after a live import changed one competition of many)."""
        held = held or {}
        before = {f.competition.id: f for f in reusing._facts} if reusing is not None else {}
        self._facts: list[_Facts] = [
            self._kept_or_new(before.get(c.id), c, held.get(c.id, frozenset())) for c in competitions
        ]
        self._by_key = {f.competition.key.casefold(): f.competition for f in self._facts}
        # Words that name a place (a city, venue or country) anywhere: never taken as a typo of another word.
        self._country_words = _country_words()
        self._place_words = frozenset().union(*(f.places for f in self._facts)) | self._country_words
        # Country words that are also words of a series' name ("america" of Skate America, "china" of Cup of China).
        self._series_countries = _series_country_words()
        self._lookups: LRUCache[tuple[str, bool], CompetitionLookup] = LRUCache(LOOKUP_CACHE_SIZE)

    @classmethod
    def _kept_or_new(cls, kept: _Facts | None, competition: Competition, event_words: frozenset[str]) -> _Facts:
        """The facts kept from the finder replaced when they are of this very competition and words, else anew."""
        if kept is not None and kept.competition == competition and kept.events == event_words:
            return kept
        return cls._facts_of(competition, event_words)

    @staticmethod
    def _facts_of(competition: Competition, event_words: frozenset[str]) -> _Facts:
        years = {int(d[:4]) for d in (competition.start_date, competition.end_date) if d and d[:4].isdigit()}
        texts = [competition.name, competition.short_name or "", competition.key]
        names: set[str] = set()
        for text in texts:
            query = parse_query(text, series=False)
            names.update(query.words)
            years.update(query.years)
            # Its names as written too: reading maps "Milano" to the city's English "milan", and both are its words.
            names.update(w for w in normalize(text).split() if w.isalpha())
        places: set[str] = set()
        # The larger place a host city is known by counts too: fans call NHK Trophy 2025 in Kadoma "NHK Osaka".
        larger = series_table().places_within.get(normalize(competition.city or ""))
        for place in (competition.city, competition.venue, larger, *country_names(competition.country)):
            places.update(normalize(place or "").split())
        places -= _NOT_A_PLACE_ALONE
        own, fitting = _LEVEL_WORDS.get(competition.level, (frozenset(), frozenset()))
        edition = None
        if competition.level == "olympics" and competition.start_date:
            edition = olympic_edition(int(competition.start_date[:4]))
        return _Facts(
            competition=competition,
            years=frozenset(years),
            season=competition.season,
            edition=edition,
            names=frozenset(names - _FILLER),
            places=frozenset(places - _FILLER),
            levels=own | fitting,
            series=series_of([competition.name, competition.short_name or ""], competition.key, competition.level),
            events=event_words,
        )

    def by_key(self, text: str) -> Competition | None:
        """The competition whose key is exactly `text` (what a picked autocomplete choice sends)."""
        return self._by_key.get(text.strip().casefold())

    def lookup(self, text: str, *, typing: bool = False) -> CompetitionLookup:
        """What `text` may mean (see the module docstring). The answers are kept while this finder serves (a refresh
        builds another): a story names its competition in several claims, and stories name the same ones."""
        key = (text, typing)
        kept = self._lookups.get(key)
        if kept is None:
            kept = self._lookups[key] = self._lookup(text, typing=typing)
        # A copy: the caller may change its lists, never the answer kept.
        return CompetitionLookup(kept.query, list(kept.matches), list(kept.nearby), kept.unsure)

    def _lookup(self, text: str, *, typing: bool = False) -> CompetitionLookup:
        exact = self.by_key(text)
        query = parse_query(text, typing=typing)
        if exact is not None:
            return CompetitionLookup(query, [exact])
        if query.empty:
            return CompetitionLookup(query)
        scores = {f.competition.id: score for f in self._facts if (score := self._score(query, f)) is not None}
        if scores:
            best = max(scores.values())
            # A competition that accounts for every word exactly is preferred over one reached only through a
            # typo ("worlds" is a typo of "world" in "World Junior Championships"). Autocomplete lists them all.
            matches = [f.competition for f in self._facts if f.competition.id in scores]
            if not typing:
                matches = [c for c in matches if scores[c.id] >= best - 1e-9]
            matches.sort(key=lambda c: (scores[c.id], *_newest_first(c)), reverse=True)
            unsure = not query.series and bool(query.words) and set(query.words) <= self._series_countries
            return CompetitionLookup(query, matches, unsure=unsure)
        # Nothing fits: what do the words describe once the facts are set aside ("Boston" -> Worlds 2025
        # Boston), or once places are too ("Worlds Tokyo 2026" -> the Worlds), or the level alone?
        nearby: list[Competition] = []
        for words in (query.words, tuple(w for w in query.words if w not in self._place_words)):
            relaxed = CompetitionQuery(text=query.text, words=words, series=query.series)
            if (words or query.series) and (
                nearby := [f.competition for f in self._facts if self._score(relaxed, f) is not None]
            ):
                break
        if not nearby and query.levels():
            wanted = set(query.levels())
            nearby = [f.competition for f in self._facts if f.competition.level in wanted]
        nearby.sort(key=_newest_first, reverse=True)
        return CompetitionLookup(query, [], nearby)

    def _score(self, query: CompetitionQuery, facts: _Facts) -> float | None:
        """None when the competition is ruled out; else how exactly its words were matched (higher is better)."""
        if query.years and not query.years <= facts.years:
            return None
        if query.seasons and query.seasons != {facts.season}:
            return None
        if query.editions and query.editions != {facts.edition}:
            return None
        if not query.series <= facts.series:
            return None  # "Skate America 2025" is a Skate America or nothing: never the Worlds held in America
        if (
            not query.series
            and facts.competition.level in _JUNIOR_LEVELS
            and query.levels()
            and not _JUNIOR_WORDS & set(query.words)
        ):
            return None  # "Worlds" names the senior championships: the junior ones only when "junior" is said
        vocabulary = facts.names | facts.places | facts.levels
        score = float(query.series_words)
        # Words of its events alone ("dance 2022", "The Ice 2017": a show's name) name no competition: they only
        # say which part of one that other words named.
        named = bool(query.series) or not query.words
        words = iter(enumerate(query.words))
        for i, word in words:
            joined = word + query.words[i + 1] if i + 1 < len(query.words) else ""
            if joined in facts.events:
                # "ice dance": an event it holds, named in two words; first, as "ice" alone may be its venue's word
                score += 0.5
                next(words)
            elif word in vocabulary:
                score += 1.0
                named = True
            elif joined in vocabulary:
                score += 2.0  # "pyeong chang": one of its own words written with a space, exactly
                named = True
                next(words)
            elif word == query.partial and any(v.startswith(word) for v in vocabulary):
                score += 0.9
                named = True
            elif _two_of(word, vocabulary):
                score += 2.0  # "milanocortina": two of its own words without the space, exactly
                named = True
            elif word in facts.events:
                score += 0.5  # an event or segment it holds: says which part of it, hardly which competition
            elif word == query.partial and any(v.startswith(word) for v in facts.events):
                score += 0.4  # autocomplete: "Worlds 2025 men's fr" while "free" is being typed
            elif word in query.lone_digits and int(_full_year(word)) in facts.years:
                score += 1.0
            elif (quality := self._typo(word, facts.names)) is not None:
                score += quality
                named = True
            else:
                return None
        if not named:
            return None
        if query.partial.isdigit() and not any(str(y).startswith(query.partial) for y in facts.years):
            return None
        return score

    def _typo(self, word: str, names: frozenset[str]) -> float | None:
        """How close `word` is to one of the competition's name words, if it can be a misspelling of one."""
        if len(word) < _MIN_TYPO_LENGTH or word in self._place_words or any(c.isdigit() for c in word):
            return None
        best = max((fuzz.ratio(word, name) for name in names if not name.isdigit()), default=0.0)
        # A shortened name ("Milan" for "Milano", "Pyeongchang" for "PyeongChang") counts as well.
        if any(name.startswith(word) for name in names if len(word) >= 4):
            best = max(best, 90.0)
        return best / 100.0 - 0.2 if best >= _TYPO_CUTOFF else None

    def newest(self, limit: int) -> list[Competition]:
        return sorted((f.competition for f in self._facts), key=_newest_first, reverse=True)[:limit]


def event_words(
    events_by_competition: dict[int, list[Event]], segments: dict[int, list[Segment]]
) -> dict[int, frozenset[str]]:
    """By competition id, the words fans name its disciplines and segments by, of those it holds: a competition
    typed with them ("Worlds 2025 men's free") is still that competition, and one without them is not meant."""
    found: dict[int, frozenset[str]] = {}
    series_words = frozenset(w for phrase in series_table().phrases for w in phrase)
    for competition_id, events in events_by_competition.items():
        labels: list[str] = []
        synonyms: list[str] = []
        for event in events:
            if event.discipline in DISCIPLINE_LABELS:
                labels.append(DISCIPLINE_LABELS[event.discipline])
                synonyms += DISCIPLINE_SYNONYMS[event.discipline]
            for segment in segments.get(event.id, []):
                if segment.kind in SEGMENT_KIND_LABELS:
                    labels.append(SEGMENT_KIND_LABELS[segment.kind])
                    synonyms += SEGMENT_SYNONYMS[segment.kind]
        found[competition_id] = _event_words_of(labels, synonyms, series_words)
    return found


def _event_words_of(labels: Iterable[str], synonyms: Iterable[str], series_words: frozenset[str]) -> frozenset[str]:
    """The words a competition's events and segments are named by, for `CompetitionFinder`: every word of their
    names ("Ice dance", "men's singles", "団体戦") that are not a word of a series' name ("trophy" of "team trophy"
    is NHK Trophy's, "ice" of "ice dance" The Ice's): such a word must not make a competition of another series seem
    named. A name of one word is kept whole ("team", "フリー"), one of several glued too ("icedance", read from two
    words together)."""
    words = {w for label in labels for w in normalize(label).split() if w not in series_words}
    for phrase in synonyms:
        normalized = normalize(phrase)
        if " " not in normalized:
            words.add(normalized)
        else:
            words.update(w for w in normalized.split() if w not in series_words)
    for phrase in (*labels, *synonyms):  # "ice dance" as two words read together (`_score`): "ice" alone is a show's
        words.add(normalize(phrase).replace(" ", ""))
    level_words = frozenset().union(*(own | fitting for own, fitting in _LEVEL_WORDS.values()))
    return frozenset(words - _FILLER - level_words - {""})


@functools.cache
def _country_words() -> frozenset[str]:
    """Every word of every country's names: the same for the process (the countries are the code's), made once, not
    again for every finder a reload builds."""
    return frozenset(w for code in COUNTRIES for name in country_names(code) for w in normalize(name).split())


@functools.cache
def _series_country_words() -> frozenset[str]:
    """Country words that are also words of a series' name: the series table is read once per process too."""
    return _country_words() & {w for phrase in series_table().phrases for w in phrase}


def _two_of(word: str, vocabulary: frozenset[str]) -> bool:
    """Whether `word` is two words of `vocabulary` written without the space between them (no typo forgiven)."""
    return any(word[:cut] in vocabulary and word[cut:] in vocabulary for cut in range(2, len(word) - 1))


def labels_with_years(competitions: Sequence[Competition]) -> list[str]:
    """Display labels that always show the year, so "Worlds" choices can be told apart."""
    labels = []
    for c in competitions:
        year = (c.start_date or "")[:4]
        labels.append(c.label if not year or year in c.label else f"{c.label} {year}")
    return labels
