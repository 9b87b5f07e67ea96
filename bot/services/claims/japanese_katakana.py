"""Skaters of other countries named in katakana that ``data/names/ja.json`` does not write ("コストナー",
"ジェイソン・ブラウン", "ストルボワ、クリモフ組"), found among the story's competition's entrants by sound.

Japanese media spell a foreign name by its sound, and each outlet its own way; no source lists them all. The
katakana is spelt in Latin letters by jaconv (Hepburn), and both that spelling and the store's roman name are
reduced to the consonants a katakana spelling keeps, in classes it does not tell apart: r / l, b / v / w / f,
the hissing sounds (s, z, sh, ch, j, ts); vowels, doubled letters, a "w" or an "r" that no vowel follows (the
English "Brown", "Kostner": ブラウン, コストナー; a Russian "r" is written, シェルバコワ, so a roman name is tried both
ways) are dropped. A katakana word matches a name word (or two joined: "Stellato-Dudek", ステラートデュデク) whose
consonants are the same.

A Chinese skater is named in kanji ("隋文静、韓聰組"): each character is read by pypinyin's table of
single characters (its first reading, tones dropped), and a name of two characters or more matches an entrant whose
whole roman name is that pinyin, family name first or last ("Sui Wenjing", "Wenjing Sui"); a Japanese name read so
matches no one.

Only the entrants of the nearest ring (the event's, else the competition's) are candidates, never the whole
store: one entrant matching, that skater; several, a subject that could be any of them (not checkable); none,
nobody. A lone word needs three consonants at least ("ハーゼ" is too little to tell), a name written whole
("ミーシャ・ジー") needs each word to match the same entrant; a couple ("チョック、ベイツ組") two at least in each
partner's name, when the two are one couple the store holds. Common katakana words (a country, a jump, the
segments) are never names.
"""

from __future__ import annotations

import importlib.util
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import jaconv

from bot.services.claims.japanese_competitions import CITIES

# A katakana name: words of katakana joined by ・ (or =), as news writes a full name.
KATAKANA_NAME = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}(?:[・･=＝][\u30a1-\u30fa\u30fc]{2,})*")
_JOIN = re.compile(r"[・･=＝]")
LEAST_CONSONANTS = 3
LEAST_CONSONANTS_IN_A_COUPLE = 2
# A couple by its partners' family names in katakana ("チョック、ベイツ組", "ハーゼ・ボロディン組").
KATAKANA_COUPLE = re.compile(r"([\u30a1-\u30fa\u30fc]{2,})[、,・･/／]([\u30a1-\u30fa\u30fc]{2,})(?=組|ペア)")
# Katakana words that are no one's name: countries, the sport's words, the words of a post.
_NOT_A_NAME = frozenset(
    (
        "アメリカ カナダ ロシア フランス イタリア ドイツ スペイン イギリス "
        "ジョージア カザフスタン ハンガリー オーストリア オーストラリア スイス "
        "ベルギー エストニア ラトビア リトアニア ポーランド チェコ スウェーデン "
        "フィンランド ノルウェー ウクライナ ベラルーシ アルメニア イスラエル "
        "オランダ ブルガリア ルーマニア スロバキア クロアチア トルコ メキシコ "
        "ショート フリー ショートプログラム フリースケーティング ジャンプ スピン "
        "ステップ プログラム スケート スケーター フィギュア フィギュアスケート ペア "
        "アイスダンス リズムダンス フリーダンス メダル メダリスト ファイナル "
        "グランプリ シリーズ トリプル アクセル トリプルアクセル ルッツ フリップ "
        "ループ サルコウ トーループ コンビネーション レベル ミス ノーミス ベスト "
        "パーソナルベスト シーズンベスト スコア ポイント トップ ライバル ファン "
        "リンク ジャッジ シーズン ベテラン エース コーチ エキシビション "
        "オリンピック ジュニア シニア ニュース コメント スタンプ グループ "
        "プレッシャー パフォーマンス スピード エッジ ステップシークエンス コレオ "
        "コレオシークエンス リフト ツイスト デススパイラル スロー スロージャンプ "
        "ダンス チーム キャリア チャンピオン タイトル トロフィー カップ アリーナ"
    ).split()
    + list(CITIES)
)
# The sounds a katakana spelling does not tell apart, as one letter each (applied in this order).
_DIGRAPHS = (
    ("shch", "s"),
    ("cch", "s"),  # ッチ as jaconv spells it ("macchi")
    ("sch", "s"),
    ("tch", "s"),
    ("dzh", "s"),
    ("dj", "s"),
    ("zh", "s"),
    ("sh", "s"),
    ("ch", "s"),
    ("ts", "s"),
    ("tz", "s"),
    ("ph", "b"),
    ("kh", "h"),
    ("ck", "k"),
    ("gh", "g"),
    ("th", "t"),
    ("x", "ks"),
    ("q", "k"),
)
_SOFT_C = re.compile(r"c(?=[eiy])")
_PALATAL_D = re.compile(r"di(?=[aeou])")
_VOWEL = "aeiouy"
_CLASSES = str.maketrans({"z": "s", "j": "s", "c": "k", "v": "b", "w": "b", "f": "b", "l": "r"})
# "m" before "b" / "p" is ン in katakana (spelt "n").
_M_BEFORE_LIP = re.compile(r"m(?=[bp])")


def _letters(latin: str, *, drop_silent_r: bool, ts_as_one: bool = True) -> str:
    s = re.sub(r"[^a-z]", "", latin.lower())
    for digraph, one in _DIGRAPHS:
        if ts_as_one or digraph != "ts":
            s = s.replace(digraph, one)
    s = _SOFT_C.sub("s", s)
    s = _M_BEFORE_LIP.sub("n", s)
    # A "w" no vowel follows ("Brown") is a vowel's glide, unwritten.
    s = re.sub(rf"w(?![{_VOWEL}])", "", s)
    if drop_silent_r:
        s = re.sub(rf"r(?![{_VOWEL}])", "", s)
    s = s.translate(_CLASSES)
    s = re.sub(rf"[{_VOWEL}]", "", s)
    return re.sub(r"(.)\1+", r"\1", s)


@lru_cache(maxsize=4096)
def consonants_of_katakana(word: str) -> frozenset[str]:
    """The consonant classes of a katakana word ("コストナー": "kstn"); ツ is a "z" ("ツィーグラー": Ziegler) or a "t"
    and an "s" with a vowel between, unwritten ("ベイツ": Bates)."""
    latin = jaconv.kana2alphabet(jaconv.kata2hira(word))
    return frozenset(_letters(latin, drop_silent_r=False, ts_as_one=one) for one in (True, False))


@lru_cache(maxsize=4096)
def consonants_of_roman(word: str) -> frozenset[str]:
    """The consonant classes of a roman name word, with and without an "r" no vowel follows ("kostner":
    "kstnr", "kstn"), and with a "d" before "i" and a vowel as the "j" katakana may write it (Radionova:
    ラジオノワ) or not. (A soft "g" is not tried: "Britschgi" would sound as フレイジャー.)"""
    spellings = {word, _PALATAL_D.sub("j", word)}
    return frozenset(_letters(w, drop_silent_r=silent) for w in spellings for silent in (False, True))


def _sounds(words: list[str]) -> set[str]:
    """The consonants of each name word and of each two joined ("stellato dudek": "Stellato-Dudek")."""
    found: set[str] = set()
    for i, word in enumerate(words):
        found |= consonants_of_roman(word)
        if i + 1 < len(words):
            found |= consonants_of_roman(word + words[i + 1])
    return found


def is_common_katakana(run: str) -> bool:
    """Whether a katakana run is a common word (a country, the sport's words), no one's name; a name written whole
    ("アリーナ・ザギトワ") is a name whatever its words."""
    return run in _NOT_A_NAME


@dataclass(frozen=True, slots=True)
class SoundIndex:
    """A ring of entrants as their names sound: each one's consonant spellings, and the whole names' letters
    (for pinyin), built once for each ring a story is read among."""

    sounds: tuple[tuple[int, frozenset[str]], ...]
    whole: dict[str, tuple[int, ...]]


def sound_index(entrants: Iterable[tuple[int, list[list[str]]]]) -> SoundIndex:
    """The index of the entrants (id, the words of each of their names)."""
    sounds = []
    whole: dict[str, set[int]] = {}
    for skater_id, names in entrants:
        sounds.append((skater_id, frozenset().union(*(_sounds(name) for name in names))))
        for name in names:
            if len(name) > 1:
                for letters in ("".join(name), "".join(reversed(name))):
                    whole.setdefault(letters, set()).add(skater_id)
    return SoundIndex(tuple(sounds), {k: tuple(sorted(v)) for k, v in whole.items()})


def matching_entrants(written: str, index: SoundIndex, least: int = LEAST_CONSONANTS) -> list[int]:
    """The ids of the entrants whose name the katakana `written` spells (see the module docstring); empty when it
    is too short to tell (`least` consonants) or no name."""
    words = [w for w in _JOIN.split(written) if w]
    if not words or is_common_katakana(written):
        return []
    sounds = [consonants_of_katakana(w) for w in words]
    if len(words) == 1 and max(map(len, sounds[0])) < least:
        return []
    if any(not max(map(len, s)) for s in sounds):
        return []
    return [skater_id for skater_id, known in index.sounds if all(s & known for s in sounds)]


def matching_chinese(written: str, index: SoundIndex) -> list[int]:
    """The ids of the entrants whose whole roman name is the pinyin of the kanji `written` (see the module
    docstring)."""
    return list(index.whole.get(_pinyin(written), ())) if len(written) >= 2 else []


@lru_cache(maxsize=4096)
def _pinyin(written: str) -> str:
    """`written` in toneless pinyin, character by character ("" when a character has no reading)."""
    readings = _pinyin_readings()
    syllables = [readings.get(ord(character), "") for character in written]
    return "".join(syllables) if all(syllables) else ""


@cache
def _pinyin_readings() -> dict[int, str]:
    """pypinyin's table of single characters (its pinyin_dict.json: code point -> readings, the usual one first),
    as toneless first readings. Read from the package's folder without importing pypinyin, whose import loads its
    phrase dictionary too (55 MB and 0.8 s, in a bot that may never read a Chinese name); a name is read a
    character at a time anyway. Loaded at the first Chinese name a story needs."""
    spec = importlib.util.find_spec("pypinyin")
    if spec is None or not spec.submodule_search_locations:
        return {}
    table = Path(next(iter(spec.submodule_search_locations))) / "pinyin_dict.json"
    readings = json.loads(table.read_text(encoding="utf-8"))
    return {int(code): _toneless(first.split(",")[0]) for code, first in readings.items()}


def _toneless(syllable: str) -> str:
    """ "zhāng" -> "zhang", "lǚ" -> "lv" (pypinyin's own toneless spelling of ü)."""
    decomposed = unicodedata.normalize("NFD", syllable).replace("u\u0308", "v")
    return "".join(c for c in decomposed if not unicodedata.combining(c))
