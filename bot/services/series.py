"""Competition series (Skate America, NHK Trophy, the Worlds, the Olympics, the All Japan...) and the words, in
English, Japanese, Chinese, Korean and other languages, that name each: `data/series/series.json`.

A query's words that name a series are read as a fact about the competition, like a year: "Skate America 2025"
is a Skate America or nothing, never the 2025 Worlds in America. The phrases are matched as whole words, the
longest first ("Skate Canada Autumn Classic" is the Autumn Classic, not Skate Canada; "World Team Trophy" is not
the Worlds); Japanese, Chinese and Korean forms anywhere in a run of that script, which glues words ("北京五輪" and
"北京冬奥会" are Beijing and the Olympics, "평창올림픽" PyeongChang and the Olympics).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.services.names import normalize
from bot.services.names.normalize import is_cjk

SERIES_FILE = Path(__file__).resolve().parents[2] / "data" / "series" / "series.json"

# Words skipped inside a series' phrase, on both sides ("Cup of China" = "Cup China", "ISU World Figure Skating
# Championships" = "World Championships"). "skate" is not one of them: it is half of "Skate America".
PHRASE_FILLER = frozenset(
    "the of in at on a an and for to isu figure skating fs competition de du des la le les di del della d".split()
)
# Japanese words that say nothing about which competition ("大会" event, "年" year after a number).
JA_FILLER = frozenset(
    ["大会", "年", "の", "フィギュア", "フィギュアスケート", "スケート", "第", "回", "結果", "度", "シーズン"]
)
# Likewise in Chinese (比赛 competition, 花滑 figure skating, 成绩 results) and Korean (대회 competition, 피겨 figure,
# 결과 results, 년 year, 동계 winter: "동계 올림픽" says no more than "winter olympics").
ZH_FILLER = frozenset(["比赛", "花滑", "花样滑冰", "成绩", "结果", "届"])
KO_FILLER = frozenset(["대회", "피겨", "피겨스케이팅", "결과", "년", "동계"])
JUNIOR_WORDS = frozenset({"junior", "juniors", "jr", "jnr"})
_CJK_RUN = re.compile(r"[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Hangul: Korean spaces its words, but glues a place to a competition ("평창올림픽") as Japanese does.
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class Series:
    id: str
    level: str
    levels: frozenset[str]  # the levels it has been held at (the Finlandia Trophy: Challenger, then Grand Prix)
    label: str
    parent: str | None
    junior: str | None
    keys: tuple[str, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeriesTable:
    series: dict[str, Series]
    phrases: dict[tuple[str, ...], str]  # normalised words -> series id
    ja: dict[str, str]  # normalised Japanese, Chinese or Korean form ("ja", "zh", "ko") -> series id
    places_ja: dict[str, str]  # normalised Japanese, Chinese or Korean place -> English words
    # normalised host city -> the words of the larger place fans name it by (Kadoma -> Osaka), from a cited page
    places_within: dict[str, str]
    places_elsewhere: dict[str, str]  # a host city's name in another language (one word) -> the store's words
    # a series' name of two words or more written without spaces ("skateamerica", "cupofchina") -> its words
    glued: dict[str, tuple[str, ...]]
    ja_filler: frozenset[str]
    longest: int

    def ancestors(self, series_id: str) -> list[str]:
        """The series and those it is part of (Skate America -> the Grand Prix)."""
        found = []
        while series_id and series_id not in found:
            found.append(series_id)
            series_id = self.series[series_id].parent or ""
        return found


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(w for w in normalize(text).split() if w not in PHRASE_FILLER)


@cache
def series_table(path: Path = SERIES_FILE) -> SeriesTable:
    """The table of series, read once. Every entry has names and sources (a test checks the file)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    series: dict[str, Series] = {}
    phrases: dict[tuple[str, ...], str] = {}
    ja: dict[str, str] = {}
    glued: dict[str, tuple[str, ...]] = {}
    for entry in doc["series"]:
        item = Series(
            id=entry["id"],
            level=entry["level"],
            levels=frozenset(entry.get("levels", [entry["level"]])),
            label=entry["label"],
            parent=entry.get("parent"),
            junior=entry.get("junior"),
            keys=tuple(entry.get("keys", [])),
            sources=tuple(entry["sources"]),
        )
        series[item.id] = item
        for name in (*entry["names"], *entry.get("nicknames", []), *entry.get("names_elsewhere", []), *item.keys):
            words = _phrase(name)
            # A name that filler leaves one word of ("The Ice", a show) is not named by that word: "ice" is half
            # of "ice dance" too. Such a show is found by its Japanese name only (ザ・アイス).
            if words and (len(words) > 1 or len(normalize(name).split()) == 1):
                phrases.setdefault(words, item.id)
            if len(words) > 1:  # hashtags and hurried typing: #SkateAmerica, cupofchina2016
                glued.setdefault("".join(words), words)
                glued.setdefault(normalize(name).replace(" ", ""), words)
        for written in (*entry.get("ja", []), *entry.get("zh", []), *entry.get("ko", [])):
            key = normalize(written).replace(" ", "")
            if key:
                ja.setdefault(key, item.id)
    places = {
        normalize(k).replace(" ", ""): v
        for field in ("places_ja", "places_zh", "places_ko")
        for k, v in doc.get(field, {}).items()
    }
    within = {normalize(city): normalize(entry["within"]) for city, entry in doc.get("places_within", {}).items()}
    elsewhere = {normalize(name): normalize(ours) for name, ours in doc.get("places_elsewhere", {}).items()}
    return SeriesTable(
        series=series,
        phrases=phrases,
        ja=ja,
        places_ja=places,
        places_within=within,
        places_elsewhere=elsewhere,
        glued=glued,
        ja_filler=frozenset(normalize(w) for w in JA_FILLER | ZH_FILLER | KO_FILLER),
        longest=max((len(p) for p in phrases), default=1),
    )


def _split_japanese(run: str, table: SeriesTable) -> list[str]:
    """A run of Japanese text cut at the forms the table knows (longest first): series become `@id` tokens,
    places their English words; what is left stays as it is (a word the caller cannot account for)."""
    known = {**{k: f"@{v}" for k, v in table.ja.items()}, **table.places_ja}
    known.update({w: "" for w in table.ja_filler})
    best: tuple[int, int, str] | None = None
    for form, meaning in known.items():
        at = run.find(form)
        if at >= 0 and (best is None or len(form) > best[1] - best[0]):
            best = (at, at + len(form), meaning)
    if best is None:
        return _cut_scripts(run)
    start, end, meaning = best
    return [
        *(_split_japanese(run[:start], table) if start else []),
        *meaning.split(),
        *(_split_japanese(run[end:], table) if end < len(run) else []),
    ]


def tokens(text: str, table: SeriesTable | None = None) -> list[str]:
    """`text` as normalised words, Japanese runs cut into the series (`@id`), places and leftovers they hold,
    and digits apart from the letters they are glued to in Japanese ("世界選手権2025" -> "@worlds", "2025")."""
    table = table or series_table()
    norm = normalize(text)
    out: list[str] = []
    for word in norm.split():
        out += _split_japanese(word, table) if is_cjk(word) or _HANGUL.search(word) else [word]
    # Other languages' names of host cities, as the store writes them ("Pékin" -> beijing, "Torino" -> turin).
    return [m for w in out if w for m in table.places_elsewhere.get(w, w).split()]


def _cut_scripts(text: str) -> list[str]:
    """Japanese glues words and numbers: cut at every change between a Japanese run, letters and digits."""
    parts: list[str] = []
    position = 0
    for run in _CJK_RUN.finditer(text):
        parts += _cut_digits(text[position : run.start()])
        parts.append(run.group())
        position = run.end()
    return parts + _cut_digits(text[position:])


def _cut_digits(text: str) -> list[str]:
    return [part for part in re.split(r"(\d+)", text) if part] if text else []


@dataclass(frozen=True, slots=True)
class SeriesReading:
    """What series a text names, and its words with those phrases taken out."""

    series: tuple[str, ...]
    words: list[str]  # the other words, in order (filler not yet removed)
    consumed: int  # how many words named series


def read_series(words: Sequence[str], table: SeriesTable | None = None) -> SeriesReading:
    """The series named in `words` (tokens), the longest phrase first, and the words left. "junior" turns a
    series named beside it into its junior one ("Worlds junior" = the Junior Worlds)."""
    table = table or series_table()
    named: list[str] = []
    rest: list[str] = []
    consumed = 0
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("@") and word[1:] in table.series:
            named.append(word[1:])
            consumed += 1
            i += 1
            continue
        if word in PHRASE_FILLER:
            rest.append(word)
            i += 1
            continue
        found = _phrase_at(words, i, table)
        if found is None:
            rest.append(word)
            i += 1
            continue
        series_id, end, length = found
        named.append(series_id)
        consumed += length
        i = end
    juniors = [w for w in rest if w in JUNIOR_WORDS]
    if juniors and named:
        turned = [table.series[s].junior or s for s in named]
        if turned != named:
            named = turned
            rest = [w for w in rest if w not in JUNIOR_WORDS]
            consumed += len(juniors)
    return SeriesReading(tuple(dict.fromkeys(named)), rest, consumed)


def _phrase_at(words: Sequence[str], start: int, table: SeriesTable) -> tuple[str, int, int] | None:
    """The longest phrase of the table starting at words[start] (filler inside skipped): (series, end, length)."""
    picked: list[str] = []
    ends: list[int] = []
    i = start
    while i < len(words) and len(picked) < table.longest:
        if words[i] in PHRASE_FILLER and picked:
            i += 1
            continue
        picked.append(words[i])
        i += 1
        ends.append(i)
    for length in range(len(picked), 0, -1):
        series_id = table.phrases.get(tuple(picked[:length]))
        if series_id is not None:
            return series_id, ends[length - 1], length
    return None


def series_of(name_texts: Iterable[str], key: str, level: str, table: SeriesTable | None = None) -> frozenset[str]:
    """The series a stored competition is of: those its names say when their level is the competition's (a
    "Skate Canada Autumn Classic" is no Skate Canada), its key's (gpusa2017 -> Skate America), its level's, and
    every series they are part of."""
    table = table or series_table()
    found: set[str] = set()
    says_junior = False
    for text in name_texts:
        words = tokens(text, table)
        says_junior |= bool(JUNIOR_WORDS & set(words))
        found.update(s for s in read_series(words, table).series if level in table.series[s].levels)
    prefix = _DIGITS.split(key.casefold())[0] if key else ""
    for item in table.series.values():
        if prefix and prefix in item.keys and level in item.levels:
            found.add(item.id)
        if item.level == level and item.id == _LEVEL_SERIES.get(level):
            found.add(item.id)
    if level == "grand-prix-final" and says_junior:
        found.add("junior-grand-prix-final")  # held with the senior Final: "Final 2017 Senior and Junior"
    return frozenset(a for s in found for a in table.ancestors(s))


# The series a level is of itself (a stored "worlds" competition is a Worlds whatever its name says).
_LEVEL_SERIES = {
    "olympics": "olympics",
    "worlds": "worlds",
    "junior-worlds": "junior-worlds",
    "europeans": "europeans",
    "four-continents": "four-continents",
    "grand-prix": "grand-prix",
    "grand-prix-final": "grand-prix-final",
    "junior-grand-prix": "junior-grand-prix",
    "challenger": "challenger",
    "national": "nationals",
    "world-team-trophy": "world-team-trophy",
    "youth-olympics": "youth-olympics",
}
