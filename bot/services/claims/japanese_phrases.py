"""Whose figure a Japanese phrase states, and against whom a margin is measured.

Japanese puts what describes a name before it: "ショート1位の宇野昌磨" (Uno, first in the short),
"銀メダルを獲得した宇野昌磨は" (Uno, who won silver), "優勝はネイサン・チェン" (the winner: Chen),
"2位のチャ・ジュンファンに5.01点差" (ahead of Cha, who was second). The figure is the following name's, never the
sentence's subject; when the name is one the store lacks, or the words after the figure are not the subject's
own ("2位とは3.21点差": the skater in second), the figure is nobody's claim here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.services.claims.japanese_katakana import is_common_katakana
from bot.services.claims.model import Subject

# The words between a figure and the name it describes: "の", "は" (the figure is the topic: "優勝は宇野"), a
# relative clause ending in a verb ("銀メダルを獲得した", "2位となった"), "したのは".
# A place given to the name after a particle ("2位には宇野昌磨が入った", "2位に宇野昌磨、3位に…", "2位も日本の宇野
# 昌磨"), with a short description between ("日本の").
_LINK_TO_NAME = re.compile(r"(?:者)?(?:は|の|には|に|も|[^、。,\s]{0,12}?(?:た|る)(?:のは)?)(?:[^、。,\s]{1,6}の)?")
_DENIED = re.compile(r"\s*(?:選手|くん|ちゃん|さん|組|ペア)?(?:で(?:は)?な|じゃな)")
# ... and to a name the store lacks: a foreign name in katakana, or a short run of kanji that a subject's が or a
# comma ends ("3位に金博洋が続いた").
_SOMEONE_AFTER_PARTICLE = re.compile(
    r"(?:には|に|は|も)(?:[^、。,\s]{1,6}の)?(?:[\u30a1-\u30fc]{2,}[・･]|[\u4e00-\u9fff]{2,4}(?:選手)?(?:が|、|,))"
)
# A standings list ("1位 羽生結弦 321.59点、2位 宇野昌磨", "2位：宇野昌磨"): a place then a space or a colon and a
# name is that name's, unless the name opens a clause of its own ("2位 羽生結弦は…": a new sentence without a stop).
_LISTED = re.compile(r"\s+|\s*[:：]\s*")
_OPENS_CLAUSE = re.compile(r"\s*(?:選手|くん|ちゃん|さん)?(?:は|が|も)")
_LISTED_NAME = r"(?:[\u4e00-\u9fff]{2,6}|[\u30a1-\u30fc][\u30a1-\u30fc・･]{2,15})"
_SOMEONE_LISTED = re.compile(rf"(?:\s+|\s*[:：]\s*)(?P<run>{_LISTED_NAME})(?=[\s\d(（、,。]|$)")
# A place that is someone else's in a margin: "2位とは3.21点差", "3位に1.65点及ばず", "2位の選手に5.01点差",
# "2位に大差をつけた".
_RANK_OF_RIVAL = re.compile(r"(?:の[^、。,]{0,15}?)?(?:とは|と|には|に)\s*(?:\d{1,2}\.\d{2}\s*点|[^、。,]{0,8}差)|とは")
# What a figure followed by "の" describes when it is the subject's own: "4位の成績", "合計190.29点の4位", "1位の
# 合計227.18点".
_OWN_AFTER_NO = re.compile(
    r"の(?:\d|成績|結果|好成績|好発進|発進|好スタート|スタート|好位置|位置|表彰台|快挙|高得点|得点|演技|自己ベスト"
    r"|[金銀銅]メダル|メダル|順位|合計|総合|トータル)"
)
# A name the store lacks after a relative clause: a foreign name written in katakana ("チャ・ジュンファン"), or
# a skater not named ("選手").
_SOMEONE_AFTER_CLAUSE = re.compile(r"[^、。,\s]{0,12}?(?:た|る)(?:のは)?(?:[\u30a1-\u30fc]{2,}[・･]|選手)")
_FOREIGN_NAME_AFTER_NO = re.compile(r"の[\u30a1-\u30fc]{2,}[・･]")
# The figure is the topic or the predicate of a name after it ("優勝は", "優勝したのは"): whoever comes next.
_TOPIC = re.compile(r"(?:者)?は|[^、。,\s]{0,12}?たのは")


class _Placed(Protocol):
    start: int
    end: int
    subject: Subject


@dataclass(frozen=True, slots=True)
class Owner:
    """Whose figure it is: `subject` (a name after it), or nobody's claim here (`subject` None)."""

    subject: Subject | None


def denied_after(text: str, end: int) -> bool:
    """Whether the name ending at `end` is denied ("田中刑事選手ではなく"): what follows is not theirs."""
    return _DENIED.match(text, end) is not None


def owner_after(text: str, end: int, mentions: Sequence[_Placed], kind: str) -> Owner | None:
    """Whose the figure (a "place", "medal" or "score") ending at `end` is when the words after it say (see the
    module docstring); None: the sentence's subject's, as read so far."""
    rest = text[end:]
    after = next((x for x in mentions if x.start >= end), None)
    linked = after is not None and (
        _LINK_TO_NAME.fullmatch(text[end : after.start])
        or (_LISTED.fullmatch(text[end : after.start]) and not _OPENS_CLAUSE.match(text, after.end))
    )
    if after is not None and linked:
        if _DENIED.match(text, after.end):
            return Owner(None)  # "優勝は宮原知子ではなく": not hers, and whose is another clause's
        return Owner(after.subject)  # "2位の羽生結弦とは…点差": still Hanyu's place
    if kind == "place" and _RANK_OF_RIVAL.match(rest):
        return Owner(None)
    listed = _SOMEONE_LISTED.match(rest)
    if (
        (listed is not None and not is_common_katakana(listed.group("run")))  # "銀メダル フリー1位": no one listed
        or _SOMEONE_AFTER_CLAUSE.match(rest)
        or _FOREIGN_NAME_AFTER_NO.match(rest)
        or _SOMEONE_AFTER_PARTICLE.match(rest)
    ):
        return Owner(None)
    if kind == "score":
        return None  # "190.91点は自己ベスト", "279.34点のパーソナルベスト": the score is still the subject's
    if rest.startswith("の"):
        return None if _OWN_AFTER_NO.match(rest) else Owner(None)
    return Owner(None) if _TOPIC.match(rest) else None


# A name the store lacks, as the subject or topic of what follows ("河辺愛菜は19位", "ザギトワが優勝", a nickname
# in kana: "りくりゅうが"): a run of kanji, katakana or (four or more) hiragana at the start of a clause, before
# は / が / も. The figures after it are that skater's, so they are no claim about the subject named before.
_UNKNOWN_SUBJECT = re.compile(
    r"(?:^|(?<=[、,。「『(])|(?<=では)|(?<=には)|(?<=で))\s*(?:その|この|あの)?"  # "そのコストナーは": the one named
    r"(?:[\u4e00-\u9fff\u30a1-\u30fc]{1,6}の)?"  # "アメリカのレヴィトが": a country or team before the name
    r"(?P<run>[\u4e00-\u9fff]{2,6}|[\u30a1-\u30fc][\u30a1-\u30fc・･]{1,15}|[\u3041-\u3096]{4,8})"
    r"(?:選手|くん|ちゃん|さん|組|ペア)?(?:は|が|も)(?!じめ)"
)
# Words that open a clause before は / が and are not a skater: a pronoun for one skater ("彼女は": the skater
# named before), the competition, the figures' words. A group ("日本勢は", "二人とも", "彼らは") is no one skater.
_NOT_A_SKATER = re.compile(
    r"彼女?|本人|自身|最後|最初|結局|前半|後半|序盤|中盤|終盤|途中|一方|今大会|大会|同大会|本大会|今回|前回|今季|昨季|今年|昨年|前年|初日|今日|会場"
    r"|演技|得点|点数|技術点|演技構成点|構成点|結果|成績|順位|記録|採点|内容|課題|展開|結末|勝負|優勝争い"
    r"|ジャンプ|スピン|ステップ|プログラム|スコア|ミス|アクセル|トリプルアクセル|ルッツ|フリップ|ループ|サルコウ"
    r"|トーループ|コンビネーション|ジャッジ|リンク|ファン|シーズン|トップ|レベル|ベスト|パーソナルベスト|セカンド"
    r"|みなさん|みんな|わたしたち|ぼくたち|ところ|ほとんど|ダントツ|ノーミス|パーフェクト|クリーン|最終"
)


# A name the store lacks in a standings list ("3位 金博洋 303.58点"): the figures after it are that skater's.
_UNKNOWN_LISTED = re.compile(rf"(?<=位)(?:\s+|\s*[:：]\s*)(?P<run>{_LISTED_NAME})(?=[\s\d(（、,。]|$)")
# A name with an honorific is a person whatever follows it ("優勝はオズモンド選手で、ショートは2位"): one the store's
# Japanese names lack takes the figures after it from the skater named before.
_UNKNOWN_HONORED = re.compile(
    r"(?P<run>[\u4e00-\u9fff]{2,6}|[\u30a1-\u30fc][\u30a1-\u30fc・･]{2,15}"
    r"|[\u4e00-\u9fff]{0,4}[\u3041-\u3096]{2,6})(?:選手|くん|君|ちゃん|さん|様)"  # "住吉りをんちゃん": kana in a name
)


_KATAKANA_NAME = r"[\u30a1-\u30fc]{2,}"
_KANJI_NAME = r"[\u4e00-\u9fff]{2,6}"
# A foreign name written in katakana with ・, before a particle, a country in brackets maybe between ("ガブリエル・
# デールマン（カナダ）は6位"): a person wherever it stands.
_UNKNOWN_FOREIGN = re.compile(
    rf"(?P<run>{_KATAKANA_NAME}[・･][\u30a1-\u30fc・･]{{2,}})(?:\s*[(（][^)）]{{1,10}}[)）])?"
    r"(?:選手|くん|ちゃん|さん)?(?:は|が|も|で|、)"
)
# A couple the store lacks ("チョック、ベイツ組の優勝", "ドイツ組が3位"): whose figures follow.
_UNKNOWN_COUPLE = re.compile(
    rf"(?P<run>(?:{_KATAKANA_NAME}|{_KANJI_NAME})(?:[、,・･/／&＆と](?:{_KATAKANA_NAME}|{_KANJI_NAME}))?)(?<!番)組"
)
# The holder of a result named as its topic ("優勝はマリニンで332.29点", "2位はシャイドロフ、"): the one the store
# lacks takes what follows.
_UNKNOWN_TOPIC = re.compile(
    rf"(?:優勝|位|勝者|王者|女王|たの)は\s*(?:[^、。,\s]{{1,6}}の)?(?P<run>{_KATAKANA_NAME}|{_KANJI_NAME})"
    r"(?:選手|くん|ちゃん|さん)?(?=で|、|,|。|だ|です|でし|！|!|…|$|\s)"
)


# A foreign name written whole in katakana ("ミーシャ・ジー！ショート6位から"): a person wherever it stands.
# Not a rival or an object ("2位のチャ・ジュンファンに5.01点差", "…を抑えて"): the subject is still the one before.
_UNKNOWN_FULL_NAME = re.compile(
    rf"(?P<run>{_KATAKANA_NAME}(?:[・･][\u30a1-\u30fc]{{2,}})+)(?![\u30a1-\u30fc]|(?:選手|組)?(?:に|と|を|から))"
)


# A name in katakana the store lacks right before a figure, as threads write ("コリヤダ3位、リッポン4位", "ザギトワ
# 優勝"): that skater's figure.
_UNKNOWN_BEFORE_FIGURE = re.compile(
    rf"(?P<run>{_KATAKANA_NAME}(?:[・･][\u30a1-\u30fc]+)*)(?:選手|くん|ちゃん|さん)?"
    r"(?=\d{1,2}位|首位|優勝|[金銀銅]メダル|ショート|フリー|SP|FS)"
)


def unknown_subjects(text: str, taken: list[tuple[int, int]]) -> list[int]:
    """Where a name the store lacks opens a clause as its subject (see `_UNKNOWN_SUBJECT`); `taken`: the spans
    of the names, segments, disciplines and figures read, which are no such name."""
    found = []
    unknown = (
        _UNKNOWN_SUBJECT,
        _UNKNOWN_LISTED,
        _UNKNOWN_HONORED,
        _UNKNOWN_FOREIGN,
        _UNKNOWN_COUPLE,
        _UNKNOWN_TOPIC,
        _UNKNOWN_BEFORE_FIGURE,
        _UNKNOWN_FULL_NAME,
    )
    for m in (found for pattern in unknown for found in pattern.finditer(text)):
        start, end = m.span("run")
        run = m.group("run")
        # "ドイツ組": a country's couple is a couple all the same, but "フリーが" no one.
        common = is_common_katakana(run) and m.re is not _UNKNOWN_COUPLE
        if _NOT_A_SKATER.fullmatch(run) or common or any(a < end and start < b for a, b in taken):
            continue
        found.append(start)
    return found


# A score right after its segment's label, without 点, as lists write it ("SP 104.86 / FS 214.45 / 合計 319.31").
_LABELLED_SCORE = re.compile(
    r"(?P<label>SP|FS|RD|FD|ショート|フリー|リズムダンス|フリーダンス|合計|総合|トータル)\s*[:：]?\s*(?P<n>\d{2,3}\.\d{2})(?!\d|\s*点)"
)
_AGE = re.compile(r"[(（]\s*\d{1,2}\s*(?:歳)?[)）]")
# A margin written with 差 first ("2位との差は1.35点", "との点差は") or with の ("28.17点の差をつけて").
_GAP_AFTER = re.compile(r"との(?:点)?差は\s*(?:わずか|僅か|たった|約)?\s*(?P<n>\d{1,2}\.\d{2})\s*点")
_GAP_OF = re.compile(r"(?P<n>\d{1,2}\.\d{2})\s*点の差")
# The points a skater was short of a podium or of the title ("表彰台まであと1.67点", "優勝まで0.32点"): behind
# whoever was third, or first (which way the skater's claimed place says).
_SHORT_OF = re.compile(
    r"(?:(?P<podium>表彰台|メダル|銅メダル)|(?P<title>優勝|金メダル|首位|トップ))までは?\s*(?:あと|わずか|僅か)?\s*"
    r"(?P<n>\d{1,2}\.\d{2})\s*点(?:差)?"
)
_KANJI_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# A place in kanji numerals ("二位", "十二位", "二十位"), not a word ending in one ("第一位" is still a place).
_KANJI_PLACE = re.compile(
    r"(?<![\u4e00-\u9fff々])(?:第)?([一二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九])位"
)


def _place_in_digits(m: re.Match[str]) -> str:
    """ "十二位" -> "12位": a number of one or two kanji digits with 十."""
    numeral = m.group(1)
    if "十" not in numeral:
        return f"{_KANJI_DIGITS[numeral]}位"
    tens, _, ones = numeral.partition("十")
    return f"{_KANJI_DIGITS.get(tens, 1) * 10 + _KANJI_DIGITS.get(ones, 0)}位"


def plain(sentence: str) -> str:
    """A sentence as it is read: full-width digits and letters as ASCII (NFKC), an age in brackets left out
    ("羽生結弦選手(22)は": no figure, and it parts no phrase), places in kanji numerals in digits ("三位": "3位"), a
    score after its label with 点 ("SP 104.86": "SP 104.86点"), and a margin written with 差 first, with の, or as
    the points short of a podium or the title, as "N点差" ("2位との差は1.35点": "2位とは1.35点差"; "表彰台まであと
    1.67点": "3位とは1.67点差")."""
    text = _AGE.sub("", unicodedata.normalize("NFKC", sentence))
    text = _KANJI_PLACE.sub(_place_in_digits, text)
    text = _LABELLED_SCORE.sub(r"\g<label> \g<n>点", text)
    text = _GAP_AFTER.sub(r"とは\g<n>点差", text)
    text = _SHORT_OF.sub(lambda m: f"{3 if m.group('podium') else 1}位とは{m.group('n')}点差", text)
    return _GAP_OF.sub(r"\g<n>点差", text)


# -- medals and places that are not had ------------------------------------------------------------------
MEDAL = re.compile(
    r"(?P<m>[金銀銅])(?:メダル|(?=[、。,!！…]|$|でし|だっ|を獲得|に輝))|(?P<win>優勝|制覇|(?:\d|[二三四五六])?連覇|(?:表彰台の)?頂点に立|表彰台の(?:真ん中|中央)に立|(?<=が)制し)"
    r"|(?P<podium>表彰台(?:に(?:上が|立|乗)|入り|を確保))"
)
# After "表彰台に立" / "上が": not had ("立てず", "上がれなかった"), or only wished for ("立ちたい").
NOT_HAD = re.compile(r"^[^、。]{0,3}?(?:ず|なかった|ならず|逃|たい|たかった|目指|狙|れば|たら)")
# A medal or a place that is not had: missed ("逃す", "ならず"), aimed at ("目指す", "狙う", "へ"), a favourite
# ("優勝候補"), a race ("優勝争い"), an experience of other years ("優勝経験"), denied ("2位ではなく").
MISSED = re.compile(
    r"^[をはにの]?(?:逃|ならず|届かず|届かなかった|及ばず|ならなかった|目指|狙|懸|かけ|へ|に向け|候補|争|経験|阻)"
    r"|^(?:で(?:は)?な|じゃな)"
)
# A place or medal that is a range, a wish, a guess or a condition, not a result: "3位以内", "10位以下" (but a
# place risen or fallen to is one: "4位まで上がった", "9位まで落とした"),
# "優勝してほしかった", "優勝できなかった", "優勝するかも", "2位だったら", "金メダルも夢じゃない", "優勝が期待された".
NOT_A_RESULT = re.compile(
    r"(?:以内|以上|以下|圏内|圏外|台|前後|まで(?!(?:順位を)?(?:上げ|上が|浮上|押し上げ|巻き返|挽回|追い上げ|落と|落ち|下げ|後退|沈))"
    r"|に(?:あと|わずか|僅か))"
    r"|[^、。,!！]{0,5}?(?:ほし[いかく]|できな|できず|かも|たら|なら|れば|しそう|だろう|でしょう|予想|期待|夢|可能性|確実|濃厚)"
)
# A condition contrary to what happened, earlier in the sentence ("もしフリーが決まっていたら優勝もあった", "ミスが
# なければ表彰台だった"): what follows it is what might have been, no result.
HYPOTHETICAL = re.compile(r"もし|(?:てい|で)(?:たら|れば)|だったら|であれば|(?:な|無)(?:ければ|かったら)")
# Almost had: "あと一歩で銅メダル", "もう少しで表彰台".
ALMOST = re.compile(r"(?:あと|もう)(?:一歩|少し|ちょっと)で?\s*$")
# A score of part of a skate: a component ("技術点", "演技構成点", TES, PCS, GOE) or an element ("4回転フリップは",
# "ジャンプで") just before the number; and no segment score is as low as an element's.
PART_OF_A_SCORE = re.compile(
    r"(?:技術点|演技構成点|構成点|基礎点|出来栄え点|GOE|TES|PCS|加点|減点|回転|アクセル|ルッツ|フリップ|ループ|サルコウ"
    r"|ジャンプ|スピン|ステップ|コレオ|要素)[^、。,\d]{0,6}$"
)
LEAST_SEGMENT_SCORE = 25.0


def medal_not_had(text: str, m: re.Match[str]) -> bool:
    """Whether the medal `m` is missed, aimed at, wished for, a range or almost had, not won."""
    rest = text[m.end() :]
    if MISSED.match(rest) or NOT_HAD.match(rest) or NOT_A_RESULT.match(text, m.end()):
        return True
    if HYPOTHETICAL.search(text, 0, m.start()):
        return True  # "もしフリーでジャンプが決まっていたら優勝もあった": what a condition imagines
    return ALMOST.search(text, max(0, m.start() - 8), m.start()) is not None


def part_of_a_score(text: str, m: re.Match[str], value: float) -> bool:
    """Whether the score `m` is an element's or a component's ("技術点126.12点", "4回転フリップは13.50点")."""
    return value < LEAST_SEGMENT_SCORE or PART_OF_A_SCORE.search(text, max(0, m.start() - 16), m.start()) is not None
