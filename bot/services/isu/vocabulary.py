"""The words ISU results sites print, in the languages federations publish them in.

ISUCalcFS and FS Manager are run by national federations in their own language: category, segment and column names
come in English, French, German, Italian, Spanish, Russian, Japanese and more. Everything here is matched on the folded
form of `bot.services.names.normalize` (case, accents and punctuation ignored: "Fédéral" is "federal", "Ded.<br>-" is
"ded"), phrase by phrase, longest first. A word that is not here is never guessed at: the caller keeps it as printed
(a federation's own level, "R3 A Pou-Ben") or reports that it cannot place it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.levels import LEVEL_LABELS, level_label
from bot.services.names import normalize

__all__ = ["LEVEL_LABELS", "NameReading", "column_role", "level_label", "read_category_name", "segment_code"]

# --- disciplines ---------------------------------------------------------------------------------------------------

_DISCIPLINE_WORDS: dict[str, tuple[str, ...]] = {
    "men": (
        "men", "man", "mens", "men s", "gentlemen", "boys", "herren", "manner", "homme", "hommes", "messieurs",
        "garcons", "uomini", "maschile", "hombres", "varones", "heren", "mezczyzni", "muzi", "мужчины", "юноши",
        "юниоры", "парни", "мальчики", "chlopcy", "solisci", "chlapci", "jungen", "knaben", "男子",
        # Ukrainian: men, boys (youth, as "юноши"), lads, little boys, junior men
        "чоловіки", "юнаки", "хлопці", "хлопчики", "юніори",
    ),
    "women": (
        "women", "woman", "womens", "women s", "ladies", "lady", "girls", "dames", "femme", "femmes", "filles",
        "damen", "frauen", "donne", "femminile", "mujeres", "damas", "kobiety", "zeny", "женщины", "девушки",
        "юниорки", "девочки", "solistki", "dziewczeta", "divky", "juniorky", "madchen", "女子",
        "жінки", "дівчата", "дівчатка", "юніорки",  # Ukrainian: women, girls (youth), little girls, junior women
    ),
    "pairs": (
        "pairs", "pair", "pair skating", "couples", "couple", "couples artistiques", "paarlaufen", "paarlauf",
        "paare", "coppie", "coppie artistico", "coppie artistiche", "coppia", "parejas", "пары", "спортивные пары",
        "парное катание", "pary sportowe", "sportovni dvojice", "sportovni pary", "пари", "спортивні пари",
        "ペア",
    ),
    "ice_dance": (
        "ice dance", "ice dancing", "dance", "danse", "danse sur glace", "eistanz", "eistanzen", "danza",
        "danza sul ghiaccio", "danza su ghiaccio", "danza sobre hielo", "танцы", "танцы на льду",
        "спортивные танцы", "アイスダンス", "pary taneczne", "taniec na lodzie", "tanecni pary", "tance na lede",
        "танці на льоду", "спортивні танці",
    ),
}  # fmt: skip

# Words that say nothing about discipline or level ("Men Single Skating", "Patinage individuel").
_FILLER = frozenset(
    {
        "single", "singles", "skating", "figure skating", "single skating", "individuel", "individuelle",
        "individuels", "artistique", "einzellauf", "einzel", "singolo", "individual", "одиночное катание",
        "одиночное", "катание", "シングル",
    }
)  # fmt: skip

# --- levels --------------------------------------------------------------------------------------------------------

_LEVEL_WORDS: dict[str, tuple[str, ...]] = {
    "senior": ("senior", "seniors", "senioren", "seniori", "seniores", "seniorzy", "seniorki", "сеньоры", "シニア"),
    "junior": (
        "junior",
        "juniors",
        "junioren",
        "juniori",
        "juniores",
        "juniorzy",
        "juniorki",
        "juniorky",
        "юниоры",
        "юниорки",
        "юніори",
        "юніорки",
        "ジュニア",
    ),
    "advanced-novice": ("advanced novice", "advanced novices", "novice advanced"),
    "intermediate-novice": ("intermediate novice", "intermediate novices"),
    "basic-novice": ("basic novice", "basic novices"),
    "novice": ("novice", "novices", "ノービス"),
    # Russian youth categories are gendered words of their own: "юноши" (boys), "девушки" (girls).
    "youth": ("юноши", "девушки", "юнаки", "дівчата"),  # and their Ukrainian forms
    "adult": ("adult", "adults", "adulte", "adultes", "adulti", "erwachsene", "アダルト"),
}

# FS Manager names its PDFs after ODF event codes: FSKWSINGLES-JUNIOR--..., FSKXICEDANCE-ADVNOV--...
ODF_LEVELS = {
    "SENIOR": "senior",
    "JUNIOR": "junior",
    "ADVNOV": "advanced-novice",
    "INTNOV": "intermediate-novice",
    "BASNOV": "basic-novice",
    "ADULT": "adult",
}
ODF_DISCIPLINES = {
    "MSINGLES": "men",
    "WSINGLES": "women",
    "XPAIRS": "pairs",
    "XICEDANCE": "ice_dance",
    "XDANCE": "ice_dance",
}

# --- segments ------------------------------------------------------------------------------------------------------

_SEGMENT_WORDS: dict[str, tuple[str, ...]] = {
    "SP": (
        "short program", "short programme", "short", "sp", "programme court", "kurzprogramm", "programma corto",
        "programa corto", "короткая программа", "кп", "ショートプログラム", "ショート", "program krotki",
        "krotki program", "kratky program", "коротка програма",
    ),
    "FS": (
        "free skating", "free skate", "free program", "free programme", "long program", "free", "fs",
        "programme libre", "kur", "kurlauf", "freies programm", "programma libero", "programa libre",
        "произвольная программа", "пп", "フリースケーティング", "フリー", "program dowolny", "dowolny program",
        "volna jizda", "volny program", "довільна програма",
    ),
    "RD": (
        "rhythm dance", "rd", "danse rythmique", "rhythmustanz", "danza ritmica", "ритм танец", "ритмический танец",
        "рт", "リズムダンス", "taniec rytmiczny", "rytmicky tanec", "ритмічний танець", "ритм танець",
    ),
    "SD": ("short dance", "sd", "danse courte", "kurztanz", "danza corta", "короткий танец", "кт", "ショートダンス"),
    "FD": (
        "free dance", "fd", "danse libre", "kurtanz", "danza libera", "baile libre", "произвольный танец", "пт",
        "フリーダンス", "taniec dowolny", "volny tanec", "довільний танець",
    ),
    "OD": ("original dance", "od", "danse originale", "originaltanz", "оригинальный танец"),
    "CD": ("compulsory dance", "cd", "danse imposee", "pflichttanz", "обязательный танец"),
    "PD": ("pattern dance", "pd", "паттерн танец", "паттерн-танец"),
}  # fmt: skip

#: What each segment code is in the store; codes without a kind (compulsory, pattern dance) cannot be stored.
SEGMENT_KINDS: dict[str, str] = {
    "SP": "short_program",
    "FS": "free_skate",
    "RD": "rhythm_dance",
    "SD": "rhythm_dance",  # the short dance (2010-18) is the rhythm dance's former name
    "OD": "rhythm_dance",  # and the original dance (to 2010) its predecessor
    "FD": "free_dance",
}
SHORT_SEGMENTS = frozenset({"SP", "RD", "SD", "OD"})
DANCE_SEGMENTS = frozenset({"RD", "SD", "OD", "FD", "CD", "PD"})

# --- column headers ------------------------------------------------------------------------------------------------

_COLUMN_WORDS: dict[str, tuple[str, ...]] = {
    "place": (
        "pl", "fpl", "rank", "place", "pos", "platz", "rang", "cl", "clt", "classement", "posizione", "puesto",
        "место", "м", "順位",
    ),
    "name": (
        "name", "nom", "nome", "nombre", "name of skater", "имя", "фамилия имя", "спортсмен", "спортсмены",
        "участник", "氏名", "名前", "選手",
    ),
    "nation": ("nation", "nat", "country", "pays", "nazione", "land", "nacion", "страна", "国", "国名"),
    "club": ("club", "клуб", "verein", "societa", "クラブ", "所属"),
    "points": ("points", "pts", "punkte", "punti", "puntos", "очки", "баллы", "сумма баллов", "得点", "total points"),
    "tss": ("tss", "total segment score", "сумма", "общая оценка"),
    "tes": ("tes", "тэ", "тех оценка", "техническая оценка"),
    "pcs": ("pcs", "ок", "оценка компонентов", "компоненты"),
    "ded": (
        "ded", "deduction", "deductions", "abzuge", "abz", "deduzioni", "penalites", "pen", "снижения", "сниж",
        "сн", "減点",
    ),
    "stn": ("stn", "start no", "start number", "startnummer", "startnr", "стн", "ст н", "№ ст", "滑走順"),
    "function": ("function", "role", "fonction", "funktion", "funzione", "funcion", "функция", "должность", "役割"),
    "category": ("category", "categorie", "kategorie", "categoria", "категория", "カテゴリー", "カテゴリ", "種目"),
    "segment": ("segment", "segmento", "programm", "сегмент", "программа", "вид программы", "セグメント"),
    "date": ("date", "datum", "data", "fecha", "дата", "日付"),
    "time": ("time", "heure", "zeit", "ora", "hora", "время", "時間", "時刻"),
    "legend": ("legend", "legende", "legenda", "leyenda", "легенда", "凡例"),
}  # fmt: skip


def _index(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for value, words in table.items():
        for word in words:
            key = normalize(word)
            if key in out and out[key] != value:
                raise ValueError(f"vocabulary: {word!r} means both {out[key]} and {value}")
            out[key] = value
    return out


DISCIPLINES = _index(_DISCIPLINE_WORDS)
LEVELS = _index(_LEVEL_WORDS)
SEGMENTS = _index(_SEGMENT_WORDS)
COLUMNS = _index(_COLUMN_WORDS)
FILLER = frozenset(normalize(w) for w in _FILLER)
_LONGEST = max(len(k.split()) for table in (DISCIPLINES, LEVELS, FILLER) for k in table)
_CJK_WORDS = sorted(
    {
        k
        for table in (DISCIPLINES, LEVELS, FILLER)
        for k in table
        if not k.isascii() and " " not in k and not k.isalpha()
    }
    | {k for table in (DISCIPLINES, LEVELS, FILLER) for k in table if any("\u3040" <= c <= "\u9fff" for c in k)},
    key=len,
    reverse=True,
)


def column_role(header: str) -> str | None:
    """'Ded.<br>-' -> 'ded', 'Место' -> 'place'; None for anything else (components, segment codes, blanks)."""
    return COLUMNS.get(normalize(header.strip().rstrip("=+-").strip()))


def segment_code(name: str) -> str | None:
    """'Short Program', 'Короткая программа', 'КП', 'Programme libre' -> 'SP' / 'FS'; None when not known."""
    return SEGMENTS.get(normalize(name))


@dataclass(frozen=True, slots=True)
class NameReading:
    """What a category name says: its discipline (None when it names none, or two), its level code when the
    level words are exactly one known level (no level words: None with `level_text` empty), else the level words
    as printed ("Fédéral Junior", "R3 A Pou-Ben", "Qualifying Group A")."""

    discipline: str | None
    disciplines: tuple[str, ...]  # every discipline the name names: more than one is a contradiction
    level: str | None
    level_text: str


def _spaced(printed: str) -> str:
    """Japanese names run their words together ("ジュニア男子"): the known words are set apart."""
    if printed.isascii():
        return printed
    for word in _CJK_WORDS:
        printed = printed.replace(word, f" {word} ")
    return printed


def read_category_name(printed: str) -> NameReading:
    words = _spaced(printed).split()
    disciplines: list[str] = []
    levels: list[str] = []
    remainder: list[str] = []  # printed words that are not the discipline nor filler: the level as printed
    unknown = False
    i = 0
    while i < len(words):
        for size in range(min(_LONGEST, len(words) - i), 0, -1):
            phrase = normalize(" ".join(words[i : i + size]))
            if not phrase:  # punctuation alone ("-", "&")
                break
            if phrase in DISCIPLINES or phrase in LEVELS or phrase in FILLER:
                if phrase in DISCIPLINES:
                    disciplines.append(DISCIPLINES[phrase])
                if phrase in LEVELS:
                    levels.append(LEVELS[phrase])
                    remainder.extend(words[i : i + size])
                break
        else:
            size = 1
            unknown = True
            remainder.append(words[i])
        i += size
    distinct = tuple(dict.fromkeys(disciplines))
    if unknown:  # a level of the federation's own ("3 юношеский"): a gendered word ("Девушки") is the discipline
        remainder = [w for w in remainder if normalize(w) not in DISCIPLINES or normalize(w) not in LEVELS]
    level_codes = set(levels)
    level = levels[0] if len(level_codes) == 1 and not unknown else None
    level_text = "" if not remainder and not levels else " ".join(remainder)
    return NameReading(
        discipline=distinct[0] if len(distinct) == 1 else None,
        disciplines=distinct,
        level=level,
        level_text=level_text,
    )


# --- nation codes --------------------------------------------------------------------------------------------------

# Russian federations' pages print nation codes in Cyrillic ("РОС") where their starting orders print the IOC code
# ("RUS"): the standard Russian abbreviations of the skating nations nearest them, each one IOC code.
CYRILLIC_NATIONS: dict[str, str] = {
    "РОС": "RUS", "РФ": "RUS", "БЛР": "BLR", "БЕЛ": "BLR", "КАЗ": "KAZ", "УКР": "UKR", "АРМ": "ARM", "ГРУ": "GEO",
    "АЗЕ": "AZE", "УЗБ": "UZB", "ЛАТ": "LAT", "ЭСТ": "EST", "ЛИТ": "LTU", "КЫР": "KGZ", "МДА": "MDA",
}  # fmt: skip


def latin_nation(code: str) -> str | None:
    """The IOC code of a nation code printed in Cyrillic ("РОС" -> "RUS"); None when it is not one of them."""
    return CYRILLIC_NATIONS.get(code.strip().upper())
