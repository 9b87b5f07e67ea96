"""The competition a Japanese sentence names, as words for the store's lookup ("2019年のトリノのGPファイナル":
"Grand Prix Final 2019 Turin").

A year and a host city written with the name are part of it: before it ("2019年のトリノのGPファイナル",
"2016年スケートアメリカ") or right after it ("NHK杯2017", "中国杯(北京)"). The city goes to the lookup with the
year, so a city that is not the edition's makes the lookup find nothing (not checkable), never another edition.
A competition the store does not hold (全日本, a junior final) is named all the same, so that its claims are
not checked against the story's competition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# (pattern, the competition's words for the store's lookup, the year when the name gives it). A junior event
# comes before the senior one whose words it contains.
COMPETITIONS: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(r"世界ジュニア(?:選手権)?"), "Junior Worlds", None),
    (re.compile(r"ジュニア(?:GP|グランプリ)ファイナル|(?<![A-Za-z])JGPF(?![A-Za-z])"), "Junior Grand Prix Final", None),
    (re.compile(r"世界(?:フィギュアスケート)?選手権|世界フィギュア"), "Worlds", None),
    (re.compile(r"四大陸(?:選手権)?|(?<![A-Za-z0-9])4CC(?![A-Za-z])"), "Four Continents", None),
    (re.compile(r"(?:欧州|ヨーロッパ)選手権"), "Europeans", None),
    (re.compile(r"全日本(?:フィギュアスケート)?(?:選手権)?"), "Japan Championships", None),
    # "GPF", "スケアメ", "スケカナ", "4CC", "ロステレ": the short names fans and threads use.
    (re.compile(r"(?:GP|グランプリ)ファイナル|(?<![A-Za-z])GPF(?![A-Za-z])"), "Grand Prix Final", None),
    # A junior Grand Prix event ("ジュニアGPフランス大会"), which the store lacks: before the senior events' names.
    (re.compile(r"ジュニア(?:GP|グランプリ)(?:シリーズ)?"), "Junior Grand Prix", None),
    # "GPシリーズ第5戦フランス大会", "アメリカ大会": a Grand Prix event by its host country, as news writes it.
    (re.compile(r"NHK杯"), "NHK Trophy", None),
    (re.compile(r"スケートアメリカ|スケアメ|アメリカ大会"), "Skate America", None),
    (re.compile(r"スケートカナダ|スケカナ|カナダ大会"), "Skate Canada", None),
    (re.compile(r"中国杯|中国大会"), "Cup of China", None),
    (re.compile(r"ロステレコム杯|ロステレ(?:杯)?|ロシア大会"), "Rostelecom Cup", None),
    (re.compile(r"フランス(?:杯|国際|大会)|グランプリ・?ド・?フランス"), "Grand Prix de France", None),
    (re.compile(r"フィンランディア(?:杯|・?トロフィー)|フィンランド大会"), "Finlandia Trophy", None),
    (re.compile(r"ミラノ[・･]?コルティナ(?:冬季)?(?:五輪|オリンピック)?"), "Milano Cortina", "2026"),
    (re.compile(r"北京(?:冬季)?(?:五輪|オリンピック)"), "Beijing", "2022"),
    (re.compile(r"平昌(?:冬季)?(?:五輪|オリンピック)"), "PyeongChang", "2018"),
    (re.compile(r"ソチ(?:冬季)?(?:五輪|オリンピック)"), "Sochi", "2014"),
    (re.compile(r"バンクーバー(?:冬季)?(?:五輪|オリンピック)"), "Vancouver", "2010"),
    (re.compile(r"(?:冬季)?(?:五輪|オリンピック)"), "Olympics", None),
]

# The host cities of the competitions, as Japanese news writes them (the store's English city names).
CITIES = {
    "トリノ": "Turin",
    "さいたま": "Saitama",
    "埼玉": "Saitama",
    "北京": "Beijing",
    "重慶": "Chongqing",
    "名古屋": "Nagoya",
    "大阪": "Osaka",
    "門真": "Kadoma",
    "札幌": "Sapporo",
    "ヘルシンキ": "Helsinki",
    "モンペリエ": "Montpellier",
    "ストックホルム": "Stockholm",
    "ボストン": "Boston",
    "モントリオール": "Montreal",
    "プラハ": "Prague",
    "グルノーブル": "Grenoble",
    "バンクーバー": "Vancouver",
    "マルセイユ": "Marseille",
    "パリ": "Paris",
    "アンジェ": "Angers",
    "モスクワ": "Moscow",
    "レジャイナ": "Regina",
    "リジャイナ": "Regina",
    "ホフマンエステーツ": "Hoffman Estates",
    "ミシサガ": "Mississauga",
    "サスカトゥーン": "Saskatoon",
    "レークプラシッド": "Lake Placid",
    "レイクプラシッド": "Lake Placid",
    "シカゴ": "Chicago",
    "シェフィールド": "Sheffield",
    "オストラバ": "Ostrava",
    "江陵": "Gangneung",
}
CITY = "|".join(sorted(map(re.escape, CITIES), key=len, reverse=True))
# "2019年のトリノのGPファイナル", "2019年トリノGPファイナル", "2016年スケートアメリカ", "2017年12月のGPファイナル": the
# year (and city) just before; a month after the year is the month it was held in, that year's edition.
_YEAR_BEFORE = re.compile(
    rf"((?:19|20)\d\d)年?(?:\s*\d{{1,2}}月(?:\d{{1,2}}日)?)?(?:の|度)?\s*(?:({CITY})(?:で(?:の|行われた|開催された)|の)?)?\s*$"
)
# "名古屋のGPファイナル", "名古屋グランプリファイナル": the host city alone just before (which of its editions
# held there the skaters tell; a city that held none finds nothing).
_CITY_BEFORE = re.compile(rf"({CITY})(?:で(?:の|行われた|開催された)|の)?\s*$")
# "NHK杯2017", "NHK杯(2017年)", "中国杯(北京)", "世界選手権(さいたまスーパーアリーナ)": the year, or the city in
# brackets, just after.
_YEAR_AFTER = re.compile(r"^\s*[(（]?\s*((?:19|20)\d\d)")
_CITY_AFTER = re.compile(rf"^\s*(?:(?:19|20)\d\d\s*)?[(（]\s*({CITY})")


# Another time than the story's, just before the name ("前年の世界選手権", "昨季の全日本", "4年前の五輪", "翌春
# ヘルシンキの世界選手権": the next season's), its host city maybe between: an aside.
_ANOTHER_TIME = re.compile(
    r"(?:(?P<last>前年|昨年|去年|昨季|前季)|(?P<next>翌年|翌春|翌季|翌シーズン|翌冬)|(?P<ago>\d{1,2})年前|前回|過去|かつて|当時)"
    rf"(?:の|に行われた|に開催された)?\s*(?:(?:{CITY})(?:で(?:の|行われた|開催された)|の)?)?\s*$"
)
_A_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")


@dataclass(frozen=True, slots=True)
class Named:
    """A competition a sentence names: its words for the lookup, and whether it is an aside about another time
    (its claims are its own; it is neither the story's competition nor carried to the next sentences)."""

    words: str
    aside: bool


def named_competition(text: str, story: str | None) -> Named | None:
    """The first competition `text` names. `story`: the words of the story's competition, whose year a name of
    another time counts from ("前年の世界選手権" in a story about Worlds 2019: Worlds 2018)."""
    for pattern, _, _ in COMPETITIONS:
        m = pattern.search(text)
        if m is None:
            continue
        words = competition_words(text) or ""
        other = _ANOTHER_TIME.search(text[: m.start()])
        if other is None:
            if story and not _A_YEAR.search(words) and story.startswith(f"{words} "):
                return Named(story, aside=False)  # "世界選手権では" again: the story's edition, not any year's
            return Named(words, aside=False)
        if _A_YEAR.search(words):
            return Named(words, aside=True)
        year = _A_YEAR.search(story or "")
        if year and (other.group("last") or other.group("ago") or other.group("next")):
            back = 1 if other.group("last") else -1 if other.group("next") else int(other.group("ago"))
            return Named(f"{words} {int(year.group(1)) - back}", aside=True)
        # Which edition is not said: words the lookup finds nothing for, never the story's edition.
        return Named(f"{words} {other.group().rstrip('の ')}", aside=True)
    return None


def competition_words(text: str) -> str | None:
    """The words of the first competition `text` names, with the year and host city written with it."""
    for pattern, words, year in COMPETITIONS:
        found = list(pattern.finditer(text))
        if not found:
            continue
        # "【GPF】名古屋グランプリファイナル": the time the name is written with its year or city, else the first.
        m = next((x for x in found if _dated(text, x)), found[0])
        if year is not None:
            return f"{words} {year}"  # an Olympic Games by its city: the city is its name
        before = _YEAR_BEFORE.search(text[: m.start()])
        after = text[m.end() :]
        found_after = _YEAR_AFTER.match(after)
        year = before.group(1) if before else found_after.group(1) if found_after else None
        in_brackets = _CITY_AFTER.match(after)
        city_alone = None if before else _CITY_BEFORE.search(text[: m.start()])
        city = (
            before.group(2)
            if before and before.group(2)
            else in_brackets.group(1)
            if in_brackets
            else city_alone.group(1)
            if city_alone
            else None
        )
        return " ".join(w for w in (words, year, CITIES.get(city or "")) if w)
    return None


def _dated(text: str, m: re.Match[str]) -> bool:
    """Whether the name `m` is written with its year or host city (before it, or after it)."""
    before = _YEAR_BEFORE.search(text, 0, m.start()) or _CITY_BEFORE.search(text, 0, m.start())
    after = text[m.end() :]
    return before is not None or _YEAR_AFTER.match(after) is not None or _CITY_AFTER.match(after) is not None
