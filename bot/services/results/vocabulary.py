"""The words of the results: disciplines, segments and medals, with what fans call them.

What the parsers recognise in a user's text is data here (English, as fans type it, whatever their language);
what a reader sees is a catalogue message: `discipline_text`, `segment_kind_text` (bot/locales/*/results.ftl).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import Text, t
from bot.services.isu.vocabulary import SEGMENT_KINDS
from bot.services.levels import LEVEL_LABELS, is_senior

if TYPE_CHECKING:
    from db.models import Event, Segment

# The disciplines, in the order they are offered. Their names as the event index recognises them in input
# ("men", "ice dance"): input vocabulary, not display (a reader sees `discipline_text`).
DISCIPLINE_LABELS = {"men": "Men", "women": "Women", "pairs": "Pairs", "ice_dance": "Ice dance", "team": "Team event"}
# Other words fans use for the same thing; fed to the event index as aliases.
# The Japanese ones: the catalogue's own words (bot/locales/ja/results.ftl: 男子シングル...) and the common variants
# of Japanese media, so a Japanese member is understood in the words the bot answers with.
DISCIPLINE_SYNONYMS = {
    "men": ["men's singles", "mens", "man", "male", "men singles", "男子シングル", "男子", "男子シングルス"],
    "women": [
        "women's singles",
        "ladies",
        "womens",
        "woman",
        "female",
        "women singles",
        "女子シングル",
        "女子",
        "女子シングルス",
    ],
    "pairs": ["pair skating", "pair", "ペア", "ペアスケーティング", "ペア競技"],
    "ice_dance": ["dance", "ice dancing", "アイスダンス", "ダンス"],
    "team": ["team", "team event", "team trophy", "団体戦", "団体", "団体競技"],
}
# The segment kinds as the parser recognises them in input (display: `segment_kind_text`).
SEGMENT_KIND_LABELS = {
    "short_program": "Short program",
    "free_skate": "Free skate",
    "rhythm_dance": "Rhythm dance",
    "free_dance": "Free dance",
}
SEGMENT_SYNONYMS = {
    "short_program": ["sp", "short", "short program", "short programme", "ショートプログラム", "ショート"],
    "free_skate": [
        "fs",
        "free",
        "free skate",
        "free skating",
        "free program",
        "long program",
        "long programme",
        "long",
        "lp",
        "フリースケーティング",
        "フリー",
        "フリースケート",
        "フリープログラム",
    ],
    "rhythm_dance": [
        "rd",
        "rhythm",
        "rhythm dance",
        "short dance",
        "sd",
        "short",  # an event has one short segment: in ice dance, this one (ショート below likewise)
        "リズムダンス",
        "リズム",
        "ショートダンス",
        "ショート",
    ],
    "free_dance": ["fd", "free dance", "free", "フリーダンス", "フリー"],
}
# What a fan types for the whole event's result where a segment is asked (/results segment: total): no segment.
FINAL_RESULT_WORDS = frozenset(
    {"total", "overall", "final", "final result", "final results", "final standings", "combined", "総合", "最終結果"}
)
# A level's words in Japanese, before a discipline's ("ジュニア男子"): the catalogue's level-event-* words.
LEVEL_WORDS_JA = {
    "junior": "ジュニア",
    "advanced-novice": "アドバンスドノービス",
    "intermediate-novice": "インターミディエイトノービス",
    "basic-novice": "ベーシックノービス",
    "novice": "ノービス",
    "youth": "ユース",
    "adult": "アダルト",
}
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}  # codes; a reader sees `medal_text`
DISCIPLINES = tuple(DISCIPLINE_LABELS)


def _dashed(code: str) -> str:
    """A code as part of a catalogue key: ice_dance → ice-dance."""
    return code.replace("_", "-")


def discipline_text(discipline: str) -> Text:
    """'ice_dance' -> the catalogue's "Ice dance"."""
    return t(f"discipline-{_dashed(discipline)}")


def discipline_phrase(discipline: str) -> Text:
    """A discipline as said in a sentence: "men's singles", "ice dance"."""
    return t(f"discipline-phrase-{_dashed(discipline)}")


def segment_kind_text(kind: str) -> Text:
    """'short_program' -> the catalogue's "Short program"."""
    return t(f"segment-{_dashed(kind)}")


def event_name_text(event: Event, shown: str | None = None) -> Text:
    """An event's name for a reader. The default language shows it as stored, or as `shown` (the source's words:
    "Ladies' singles" in 2018, a federation's own name); another language names it from its discipline and level
    when both are known ("ジュニア女子シングル"), and as stored otherwise, never by a guess."""
    return category_name_text(event.discipline, event.level, shown or event.name)


def category_name_text(discipline: str | None, level: str | None, printed: str) -> Text:
    """A category (an event) by its discipline and level, as `event_name_text` names it; `printed`: its name
    as the store or a results site has it."""
    if discipline not in DISCIPLINE_LABELS or level is None:
        shape = "stored"
    elif is_senior(level):
        shape = "senior"
    elif level in LEVEL_LABELS:
        shape = "level"
    else:
        shape = "stored"  # a federation's own level, as printed
    level_words = t("level-event-" + level) if shape == "level" and level else None
    disciplined = discipline_text(discipline) if discipline in DISCIPLINE_LABELS else None
    return t("event-name", shape=shape, stored=printed, discipline=disciplined, level=level_words)


def segment_code_text(code: str | None, printed: str) -> Text:
    """A segment a results site names by its ISU code (SP, FS, RD, SD, FD) and prints as `printed`; the older
    ice dance segments without a name of our own (original, compulsory, pattern dance) are shown as printed."""
    if code == "SD":
        return t("segment-name", shape="kind", stored=printed, kind=t("segment-short-dance"))
    if code in SEGMENT_KINDS and code != "OD":  # the original dance was the rhythm dance's predecessor, not it
        return t("segment-name", shape="kind", stored=printed, kind=segment_kind_text(SEGMENT_KINDS[code]))
    return t("segment-name", shape="stored", stored=printed)


def segment_abbreviation(segment: Segment) -> str:
    """A segment's short code as results print it in its era: ice dance's first segment of 2010-2018, stored as
    `rhythm_dance` (and keyed "RD" by some data), was the short dance: "SD"."""
    if segment.kind == "rhythm_dance" and segment.key.upper() == "RD" and _was_short_dance(segment):
        return "SD"
    return segment.key


def _was_short_dance(segment: Segment) -> bool:
    return "short dance" in segment.name.lower() or segment.era == "2010-2018"


def segment_name_text(segment: Segment, shown: str | None = None) -> Text:
    """A segment's name for a reader: as stored (or as `shown`) in the default language; another language names
    its kind (ice dance's first segment before 2018-19, stored as `rhythm_dance`, was the short dance), with the
    discipline for a team event's segments, which the store names per discipline ("Men short program")."""
    if segment.kind == "rhythm_dance" and _was_short_dance(segment):
        kind = t("segment-short-dance")
    else:
        kind = segment_kind_text(segment.kind)
    stored = shown or segment.name
    if segment.discipline in DISCIPLINE_LABELS:
        discipline = discipline_text(segment.discipline)
        return t("segment-name", shape="team", stored=stored, kind=kind, discipline=discipline)
    return t("segment-name", shape="kind", stored=stored, kind=kind)


def medal_text(medal: str) -> Text:
    """'gold' -> the catalogue's "gold"."""
    return t(f"medals-{_dashed(medal)}")
