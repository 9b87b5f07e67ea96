"""Skaters named in a Japanese story the way fans write them: by a part of the name, often with an honorific
("羽生くん", "知子ちゃん", "宇野選手", "ゆづるさん", "ネイサン"), or a couple by its nickname ("りくりゅう").

The honorific (くん / 君 / ちゃん / さん / 様 / さま / 選手) is not part of the name. A part of a name is read only
among the skaters entered at the story's competition (the nearest ring of the store's names: the linked event's,
else the competition's), never in the whole store, where a given name could be anyone's: the family name is the
start of the written name (``data/names/ja.json``), the given name its end; of a name in katakana, the words
before and after ・; in kana, the reading's words. One entrant with that part: that skater. Two: a subject that
could be either (not checkable, with the names). None: no mention. With no competition known yet, only a family
name is read, where a source shows it (the entry's quote writes the name spaced, "羽生 結弦", or it is a katakana
name's last word) and no other stored skater bears it; the check reads the story again once it knows the
competition.

A couple's nickname is read only from ``data/names/couples/ja.json``, where each one has its sources: the couple
the store holds under those partners' names, else a couple the store lacks (not checkable). A nickname no source
gives ("かおちゃん") is nobody: never guessed from the letters of a name.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bot.i18n import t
from bot.services.claims.japanese_katakana import (
    KATAKANA_COUPLE,
    KATAKANA_NAME,
    LEAST_CONSONANTS_IN_A_COUPLE,
    SoundIndex,
    matching_chinese,
    matching_entrants,
    sound_index,
)
from bot.services.claims.mentions import Names
from bot.services.claims.model import Subject
from bot.services.names import normalize

log = logging.getLogger(__name__)

# The entrants (id, the words of each of their names) a written name spells: japanese_katakana.
Matcher = Callable[[str, SoundIndex], list[int]]

COUPLES_FILE = Path(__file__).resolve().parents[3] / "data" / "names" / "couples" / "ja.json"

HONORIFIC = r"(?:選手|くん|君|ちゃん|さん|様|さま)"
_HONORIFIC_AFTER = re.compile(HONORIFIC)
_KANJI_RUN = re.compile(r"[\u4e00-\u9fff々]+")
_KATAKANA_RUN = re.compile(r"[\u30a1-\u30fa\u30fc]+")
# Kana before an honorific: a given or family name read in kana ("ゆづるくん"); the run may start with a particle.
_KANA_BEFORE_HONORIFIC = re.compile(rf"[\u3041-\u3096]{{2,}}(?={HONORIFIC})")
_KANJI_HONORIFICS = ("選手", "君", "様")
_KATAKANA_JOIN = re.compile(r"[・･=＝]")
# A kanji part of one character ("駿") only before an honorific: alone, one character is any word's.
_LEAST_BARE_KANJI = 2


@dataclass(frozen=True, slots=True)
class PartMention:
    start: int
    end: int  # after the honorific, when one follows
    subject: Subject
    written: tuple[str, ...]  # the full written names it stands for (none for a couple the store lacks)


@dataclass(frozen=True, slots=True)
class _Entrant:
    skater_id: int
    name: str  # as the store has it
    written: str
    parts: frozenset[str]  # the family and given names, as written and as read


@dataclass(frozen=True, slots=True)
class _Nickname:
    nickname: str
    partners: tuple[str, str]


@lru_cache(maxsize=1)
def _written_by_normalized() -> dict[str, str]:
    """The Japanese written names the store may hold, by their normalised form (as the store's name words)."""
    from bot.services.results.local_names import read_local_names

    return {normalize(n.written).replace(" ", ""): n.written for n in read_local_names() if n.locale == "ja"}


@lru_cache(maxsize=1)
def _readings() -> dict[str, tuple[str, ...]]:
    from bot.services.results.local_names import read_local_names

    return {n.written: n.readings for n in read_local_names() if n.locale == "ja"}


def name_parts(written: str, readings: Iterable[str] = ()) -> frozenset[str]:
    """The parts a fan may name a skater by: a katakana name's words ("ネイサン", "チェン"); a kanji name's starts and
    ends ("羽生", "結弦"); each word of its readings ("はにゅう", "ゆづる")."""
    parts: set[str] = set()
    words = _KATAKANA_JOIN.split(written)
    if len(words) > 1:
        parts.update(w for w in words if len(w) >= 2)
    else:
        parts.update(written[:size] for size in range(1, len(written)))
        parts.update(written[size:] for size in range(1, len(written)))
    for reading in readings:
        kana = reading.replace("・", " ").split()
        if len(kana) > 1:
            parts.update(kana)
    return frozenset(parts)


@lru_cache(maxsize=1)
def _nicknames() -> tuple[_Nickname, ...]:
    """The couples' nicknames with a source (see the module docstring); an entry without one is left out."""
    try:
        raw = json.loads(COUPLES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        log.warning("%s: no couples' nicknames read", COUPLES_FILE)
        return ()
    found = []
    for index, entry in enumerate(raw):
        try:
            nickname, partners, sources = entry["nickname"], entry["couple"], entry["sources"]
        except (KeyError, TypeError):
            nickname, partners, sources = "", (), ()
        if not nickname or len(partners) != 2 or not sources:
            log.warning("%s: entry %d is not a nickname with its couple and sources; left out", COUPLES_FILE, index)
            continue
        found.append(_Nickname(nickname, (partners[0], partners[1])))
    return tuple(found)


def _rings(names: Names) -> Sequence[dict[int, tuple[str, list[list[str]]]]]:
    """The skaters entered at the story's event, then its competition (empty when no competition is known)."""
    rings = getattr(names, "entered", ())
    return rings if isinstance(rings, (list, tuple)) else ()


class PartReader:
    """Finds the parts of names and the couples' nicknames of a Japanese sentence (see the module docstring)."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self._entrants: list[list[_Entrant]] | None = None
        self._sound_rings: list[tuple[dict[int, tuple[str, list[list[str]]]], SoundIndex]] | None = None

    def entrants(self) -> list[list[_Entrant]]:
        """Each ring's entrants that ``data/names/ja.json`` writes, with the parts of their names."""
        if self._entrants is None:
            written = _written_by_normalized()
            readings = _readings()
            self._entrants = []
            for ring in _rings(self.names):
                found = []
                for skater_id, (label, words) in ring.items():
                    hit = next((written[w] for w in ("".join(each) for each in words) if w in written), None)
                    if hit is not None:
                        parts = name_parts(hit, readings.get(hit, ()))
                        found.append(_Entrant(skater_id, label, hit, parts))
                self._entrants.append(found)
        return self._entrants

    def who(self, part: str) -> Subject | None:
        """The one entrant of the nearest ring with that part of a name, a subject that could be any of several,
        or None."""
        for ring in self.entrants():
            hits = {e.skater_id: e for e in ring if part in e.parts}
            if len(hits) == 1:
                entrant = next(iter(hits.values()))
                return Subject(entrant.name, ids=(entrant.skater_id,))
            if hits:
                labels = sorted(e.name for e in hits.values())
                return Subject(part, missing=t("claim-could-be", names=tuple(labels[:-1]), last=labels[-1]))
        return None

    def family_in_store(self, part: str) -> Subject | None:
        """With no competition known: the family name ("羽生くん", "宇野選手", "チェン") of one skater's written name
        alone, as a source shows it, when no other skater in the store bears it (a lone surname, as an English
        story's "Hanyu"). A given name is read only among a competition's entrants."""
        if len(part) < _LEAST_BARE_KANJI:
            return None
        written = [w for w in _written_by_normalized().values() if _family_part(w) == part]
        if len(written) != 1:
            return None
        subject = self.names.person(written[0])
        if subject is None or len(subject.ids) != 1:
            return None
        family = [w for w in subject.name.split() if self.names.family_name(w, subject)]
        if len(family) != 1 or self.names.shared(family[0]) is not None:
            return None
        return subject

    def written_of(self, subject: Subject) -> tuple[str, ...]:
        return tuple(e.written for ring in self.entrants() for e in ring if subject.ids == (e.skater_id,))[:1]

    def find(self, text: str, taken: list[bool]) -> list[PartMention]:
        """The sentence's couples' nicknames and parts of names, where `taken` (the full names found) is free."""
        found: list[PartMention] = []
        for nickname in _nicknames():
            for m in re.finditer(re.escape(nickname.nickname), text):
                end = _after_honorific(text, m.end())
                if _free(taken, m.start(), end):
                    couple = self.names.couple(*nickname.partners)
                    subject = (
                        couple if couple is not None else Subject(nickname.nickname, missing=t("claim-not-in-store"))
                    )
                    found.append(_take(taken, PartMention(m.start(), end, subject, ())))
        ringless = not any(self.entrants())
        for start, stop, part in _candidates(text):
            end = _after_honorific(text, stop)
            if not _free(taken, start, end) or (len(part) < _LEAST_BARE_KANJI and end == stop):
                continue
            who = self.family_in_store(part) if ringless else self.who(part)
            if who is not None:
                found.append(_take(taken, PartMention(start, end, who, self.written_of(who))))
        for m in KATAKANA_COUPLE.finditer(text):
            if not _free(taken, m.start(), m.end()):
                continue
            partners = self.couple_by_sound(m.group(1), m.group(2))
            for index, who in partners:
                start, end = m.span(index)
                found.append(_take(taken, PartMention(start, end, who, ())))
            if not partners:
                # Not a couple the store holds: neither partner is read alone ("チョック、ハベル組" is not Hubbell's).
                taken[m.start() : m.end()] = [True] * (m.end() - m.start())
        for m in KATAKANA_NAME.finditer(text):
            end = _after_honorific(text, m.end())
            if _free(taken, m.start(), end):
                who = self.by_sound(m.group(), matching_entrants)
                if who is not None:
                    # "パトリック・チャン" named whole: "チャンは" after it is that skater (short_forms).
                    whole = (m.group(),) if "・" in m.group() else ()
                    found.append(_take(taken, PartMention(m.start(), end, who, whole)))
        for m in _KANJI_RUN.finditer(text):
            # "隋文静、韓聰組": a Chinese name in kanji, the run's longest start that is one ("韓聰" of "韓聰組").
            for stop in range(m.end(), m.start() + 1, -1):
                who = self.by_sound(text[m.start() : stop], matching_chinese) if _free(taken, m.start(), stop) else None
                if who is not None:
                    found.append(_take(taken, PartMention(m.start(), stop, who, ())))
                    break
        return found

    def couple_by_sound(self, first: str, second: str) -> list[tuple[int, Subject]]:
        """Two partners' names in katakana before 組 (groups 1 and 2 of the match): each the one entrant of the
        nearest ring it spells, when the two are a couple the store holds; or the one partner a lone name would
        find, when the other's name spells no entrant ("ステラートデュデク、デシャン組"). Empty: neither (one spells
        someone who is not the other's partner)."""
        for ring, index in self.sound_rings():
            ids = [matching_entrants(w, index, LEAST_CONSONANTS_IN_A_COUPLE) for w in (first, second)]
            subjects = [Subject(ring[each[0]][0], ids=(each[0],)) if len(each) == 1 else None for each in ids]
            a, b = subjects
            if a is not None and b is not None:
                return [(1, a), (2, b)] if self.names.couple(a.name, b.name) is not None else []
            for found, other, written, group in ((a, ids[1], first, 1), (b, ids[0], second, 2)):
                if found is not None and not other and matching_entrants(written, index):
                    return [(group, found)]  # the other spells no one: as the name alone would be read
            if any(ids):
                return []
        return []

    def sound_rings(self) -> list[tuple[dict[int, tuple[str, list[list[str]]]], SoundIndex]]:
        """Each ring with its entrants' names as they sound (see ``japanese_katakana``), built once."""
        if self._sound_rings is None:
            self._sound_rings = [
                (ring, sound_index((i, words) for i, (_, words) in ring.items())) for ring in _rings(self.names)
            ]
        return self._sound_rings

    def by_sound(self, written: str, matching: Matcher) -> Subject | None:
        """A foreign name that ``ja.json`` lacks, in katakana or a Chinese name in kanji: the entrant of the nearest
        ring whose roman name it spells, a subject that could be any of several, or None (``japanese_katakana``)."""
        for ring, index in self.sound_rings():
            ids = matching(written, index)
            if len(ids) == 1:
                return Subject(ring[ids[0]][0], ids=(ids[0],))
            if ids:
                labels = sorted(ring[i][0] for i in ids)
                return Subject(written, missing=t("claim-could-be", names=tuple(labels[:-1]), last=labels[-1]))
        return None


def _family_part(written: str) -> str | None:
    """The family name of a written name when a source shows it: the last word of a katakana name; of a kanji
    name, the part before the space where its entry's quote writes the name spaced ("羽生 結弦(はにゅう…")."""
    words = _KATAKANA_JOIN.split(written)
    if len(words) > 1:
        return words[-1]
    return _quoted_families().get(written)


@lru_cache(maxsize=1)
def _quoted_families() -> dict[str, str]:
    from bot.services.results.local_names import NAMES_DIR

    try:
        entries = json.loads((NAMES_DIR / "ja.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = {}
    for entry in entries if isinstance(entries, list) else []:
        written, quote = str(entry.get("written", "")), str(entry.get("quote", ""))
        for size in range(1, len(written)):
            if re.search(rf"{re.escape(written[:size])}[ \u3000]{re.escape(written[size:])}", quote):
                found[written] = written[:size]
    return found


def _candidates(text: str) -> list[tuple[int, int, str]]:
    """Where a part of a name may stand: a run of kanji (less a kanji honorific ending it), of katakana, or of
    kana before an honorific (less a particle starting it: the longest end of the run that is one)."""
    out: list[tuple[int, int, str]] = []
    for m in _KANJI_RUN.finditer(text):
        run, stop = m.group(), m.end()
        for honorific in _KANJI_HONORIFICS:
            if run.endswith(honorific) and len(run) > len(honorific):
                run, stop = run[: -len(honorific)], stop - len(honorific)
                break
        out.append((m.start(), stop, run))
        if stop != m.end() or _HONORIFIC_AFTER.match(text, stop):
            # "男子羽生くん": before an honorific, the run's end is the name (a word before it is glued on).
            out.extend((stop - size, stop, run[-size:]) for size in range(len(run) - 1, 0, -1))
    out.extend((m.start(), m.end(), m.group()) for m in _KATAKANA_RUN.finditer(text) if len(m.group()) >= 2)
    for m in _KANA_BEFORE_HONORIFIC.finditer(text):
        out.extend((m.end() - size, m.end(), m.group()[-size:]) for size in range(len(m.group()), 1, -1))
    return out


@lru_cache(maxsize=1)
def _spaced_names() -> re.Pattern[str] | None:
    """The written names with a space (or another separator) anywhere between their characters, as some media
    and fans write them ("羽生 結弦", "ネイサン チェン"), longest first."""
    patterns = []
    for written in sorted(set(_written_by_normalized().values()), key=len, reverse=True):
        chars = [re.escape(c) for c in _KATAKANA_JOIN.sub("", written)]
        patterns.append(r"[\s・･=＝]?".join(chars))
    return re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None


def join_spaced_names(text: str) -> str:
    """`text` with each written name written with a space ("羽生 結弦") as the store's written name ("羽生結弦")."""
    spaced = _spaced_names()
    if spaced is None or not re.search(r"[\s=＝]", text):
        return text
    by_letters = {_KATAKANA_JOIN.sub("", w): w for w in _written_by_normalized().values()}
    return spaced.sub(lambda m: by_letters.get(re.sub(r"[\s・･=＝]", "", m.group()), m.group()), text)


def _after_honorific(text: str, end: int) -> int:
    m = _HONORIFIC_AFTER.match(text, end)
    return m.end() if m else end


def _free(taken: list[bool], start: int, end: int) -> bool:
    return not any(taken[start:end])


def _take(taken: list[bool], mention: PartMention) -> PartMention:
    for i in range(mention.start, mention.end):
        taken[i] = True
    return mention


@lru_cache(maxsize=1)
def written_names() -> tuple[str, ...]:
    """The Japanese written names the store may hold, longest first (so that a full name is found before any
    shorter name inside it)."""
    from bot.services.results.local_names import read_local_names

    names = {n.written for n in read_local_names() if n.locale == "ja" and n.written}
    return tuple(sorted(names, key=len, reverse=True))


def short_forms(written: str) -> tuple[str, ...]:
    """How a story names again a skater it named in full: the first three or two characters ("宇野"), and the
    family name of a foreign name written in katakana ("チェン": the part after ・, three characters or more)."""
    forms = [written[:size] for size in (3, 2) if size < len(written)]
    family = re.split(r"[・･]", written)[-1]
    if family != written and len(family) >= 3:
        forms.append(family)
    return tuple(forms)
