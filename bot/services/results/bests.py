"""/bests and /records: the best scores in skatebot's store, per scoring era and level.

What a "best" means here: the highest score the store holds, one per athlete (a skater, or a couple as the entry
lists them) for a ranking of bests, the highest of all for a record. It is not the ISU's official season's bests
list or records list: the store holds only the competitions it was given.

The rules:
- Scores of different scoring eras (bot/services/eras.py) are never ranked together: one ranking per era.
- Levels are apart: a junior score is never a senior best; events of no known level are in neither.
- Segment scores: every segment result of the discipline, the team event's included (the ISU counts a team event's
  segment scores for personal and season's bests); a team event's score says so.
- Totals: an entry's competition total in an individual event only (a team event has no individual total); an
  entry that withdrew, did not qualify for the last segment or was disqualified has no total that counts. A total
  the store derived from the segment scores keeps its provenance, so it is shown marked.
- Ice dance's first segment is stored as `rhythm_dance` whatever its name: the short dance of 2010-18 is labelled
  as it was named ("Short dance"), never as a rhythm dance.

No discord import: bot/discord_layer/ui/bests.py turns the answers into embeds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cachetools import LRUCache

from bot.errors import Ambiguous, NotFound, Suggestion
from bot.i18n import Text, t
from bot.services.eras import ERAS, era_of
from bot.services.levels import level_text
from bot.services.names import normalize
from bot.services.results.models import Choice
from bot.services.results.resolve import MAX_CHOICES, Resolver
from bot.services.results.vocabulary import discipline_phrase, discipline_text, segment_kind_text
from db.models import Competition, Event, Figure, Segment

# What /bests and /records rank: the individual disciplines (the team event has no individual scores of its own).
DISCIPLINES = ("men", "women", "pairs", "ice_dance")
TOTAL = "total"
# The segment kinds of each discipline, in skating order.
KINDS = {
    "men": ("short_program", "free_skate"),
    "women": ("short_program", "free_skate"),
    "pairs": ("short_program", "free_skate"),
    "ice_dance": ("rhythm_dance", "free_dance"),
}
LEVELS = ("senior", "junior")
# Answers kept until the next refresh: (discipline, season, segment, level) is a few hundred keys at most.
ANSWER_CACHE_SIZE = 256
# Statuses whose total is not a competition total (withdrew, not qualified for the last segment, disqualified).
_NO_TOTAL = frozenset({"WD", "FNR", "DSQ"})

# A season as fans type it: "2016-17", "2016/17", "2016-2017", "16-17", "2016–17".
# "season 2016-17", "the 2016/17 season", "2016-17シーズン": the word season is no part of the season's name.
_SEASON_INPUT = re.compile(
    r"(?:the\s+)?(?:season\s*)?(\d{4}|\d{2})\s*[-/–—_ ]\s*(\d{4}|\d{2})(?:\s*(?:season|シーズン))?", re.IGNORECASE
)
_YEAR_INPUT = re.compile(r"(\d{4})")
_NOT_DIGIT = re.compile(r"\D")


@dataclass(frozen=True, slots=True)
class Performance:
    """One score of one athlete: a segment score, or a competition total."""

    athlete: frozenset[int]  # the skaters' ids: a skater, or a couple
    name: str
    country: str
    kind: str  # a segment kind, or "total"
    score: Figure
    competition: Competition
    event: Event
    segment: Segment | None  # None for a total
    era: str | None
    date: str | None  # the segment's day when stored (a total: its last segment's); else None

    @property
    def value(self) -> float:
        return float(self.score.value)

    @property
    def team(self) -> bool:
        """A segment score of the team event."""
        return self.event.discipline == "team"

    @property
    def level(self) -> str | None:
        return self.event.level


@dataclass(frozen=True, slots=True)
class RankedLine:
    rank: int  # equal scores share a rank (1, 2, 2, 4)
    performance: Performance


@dataclass(frozen=True, slots=True)
class Ranking:
    """One era's ranking: each athlete's best once, highest first."""

    era: str | None
    labels: tuple[Text, ...]  # what the segment was called in these competitions ("Short dance")
    lines: tuple[RankedLine, ...]

    @property
    def figures(self) -> Iterable[Figure]:
        return (line.performance.score for line in self.lines)


@dataclass(slots=True, eq=False, weakref_slot=True)
class BestsAnswer:
    """/bests: the season's bests (with a season) or the store's bests, one ranking per era, newest era first."""

    discipline: str
    kind: str
    level: str
    season: str | None
    rankings: list[Ranking]


@dataclass(frozen=True, slots=True)
class Record:
    kind: str
    labels: tuple[Text, ...]
    performance: Performance


@dataclass(frozen=True, slots=True)
class RecordGroup:
    """The highest scores of one discipline at one level in one era: the total first, then each segment."""

    discipline: str
    level: str | None
    era: str | None
    records: tuple[Record, ...]


@dataclass(slots=True, eq=False, weakref_slot=True)
class RecordsAnswer:
    """/records: per discipline, senior first, newest era first."""

    disciplines: tuple[str, ...]
    groups: list[RecordGroup]


# --- seasons as typed -----------------------------------------------------------------------------------------
def _full_year(text: str) -> int:
    year = int(text)
    if len(text) == 2:
        year += 1900 if year >= 50 else 2000
    return year


def parse_season(text: str) -> str | None:
    """ "2016-17", "2016/17", "2016-2017", "16-17" -> "2016-17" (as the store writes seasons); None when the text
    is not one season (two years that do not follow each other, a single year, words)."""
    match = _SEASON_INPUT.fullmatch(text.strip())
    if match is None:
        return None
    first, second = match.groups()
    start = _full_year(first)
    end = int(second) if len(second) == 4 else (start // 100) * 100 + int(second)
    if end < start:  # "1999-00"
        end += 100
    if end != start + 1:
        return None
    return f"{start}-{end % 100:02d}"


def _start_year(season: str) -> int:
    return int(season[:4]) if season[:4].isdigit() else 0


def _season_digits(season: str) -> str:
    """What a season may be typed as, digits only: "2016-17" -> "201617 20162017"."""
    start = _start_year(season)
    return " ".join((_NOT_DIGIT.sub("", season), f"{start}{start + 1}"))


def _era_order(era: str | None) -> int:
    """Newest era first; an unknown era last."""
    names = [name for _, name in ERAS]
    return -names.index(era) if era in names else 1


def _level_order(level: str | None) -> tuple[int, str]:
    if level in LEVELS:
        return (LEVELS.index(level), "")
    return (len(LEVELS) + (1 if level is None else 0), level or "")


def segment_text(kind: str) -> Text:
    """A segment kind or the total, as a reader sees it."""
    return t("bests-segment-total") if kind == TOTAL else segment_kind_text(kind)


def _labels(kind: str, performances: Iterable[Performance]) -> tuple[Text, ...]:
    """What the segment was called where these scores were skated: ice dance's first segment was the short dance
    until 2018, stored under the rhythm dance's kind; its name says which it was."""
    if kind != "rhythm_dance":
        return (segment_text(kind),)
    labels: list[Text] = []
    for performance in performances:
        name = normalize(performance.segment.name) if performance.segment else ""
        label = t("bests-segment-short-dance") if "short dance" in name else segment_kind_text(kind)
        if label not in labels:
            labels.append(label)
    return tuple(labels) or (segment_kind_text(kind),)


def _order(performance: Performance) -> tuple[float, str, str]:
    """Highest first; at equal scores the earlier one, then by name."""
    when = performance.date or performance.competition.start_date or ""
    return (-performance.value, when, performance.name)


def _ranked(performances: Sequence[Performance]) -> tuple[RankedLine, ...]:
    lines: list[RankedLine] = []
    for index, performance in enumerate(sorted(performances, key=_order), start=1):
        tied = lines and lines[-1].performance.value == performance.value
        lines.append(RankedLine(lines[-1].rank if tied else index, performance))
    return tuple(lines)


class Bests:
    """The rankings and records, over the competitions, events and segments the results service loaded. Built
    anew on each refresh of the service (what it computed is then dropped); answers are kept until then."""

    def __init__(self, resolver: Resolver) -> None:
        self._resolver = resolver
        self._answers: LRUCache[tuple[str, str | None, str, str], BestsAnswer] = LRUCache(ANSWER_CACHE_SIZE)
        self._records: dict[str | None, RecordsAnswer] = {}

    # --- seasons ------------------------------------------------------------------------------------------------
    def seasons(self) -> list[str]:
        """The seasons of the stored competitions, newest first."""
        seasons = {c.season for c in self._resolver._competitions.values() if c.season}
        return sorted(seasons, key=lambda s: (_start_year(s), s), reverse=True)

    def season_choices(self, query: str) -> list[Choice]:
        """Autocomplete: the stored seasons, newest first, those fitting what is typed ("2016", "16/17")."""
        seasons = self.seasons()
        typed = query.strip()
        if typed:
            parsed = parse_season(typed)
            digits = _NOT_DIGIT.sub("", typed)
            seasons = [s for s in seasons if s == parsed or (digits and digits in _season_digits(s))]
        return [Choice(season, season) for season in seasons[:MAX_CHOICES]]

    def _season(self, text: str) -> str:
        """The stored season `text` names; what the store lacks is said with the seasons it has."""
        stored = self.seasons()
        parsed = parse_season(text)
        if parsed is None:
            year = _YEAR_INPUT.fullmatch(text.strip())
            if year is not None:  # "2017": 2016-17 or 2017-18
                y = int(year.group(1))
                both = [s for s in (f"{y - 1}-{y % 100:02d}", f"{y}-{(y + 1) % 100:02d}") if s in stored]
                if both:
                    raise Ambiguous(t("bests-noun-season"), text, both, plural=t("bests-noun-seasons"))
            raise NotFound(t("bests-noun-season"), text, _nearest(stored, year=None))
        if parsed not in stored:
            raise NotFound(
                t("bests-noun-season"),
                text,
                _nearest(stored, year=_start_year(parsed)),
                missing=t("bests-missing-season", season=parsed),
            )
        return parsed

    # --- /bests -------------------------------------------------------------------------------------------------
    async def bests(self, discipline: str, season_text: str | None, kind: str | None, level: str | None) -> BestsAnswer:
        """Each athlete's best once, highest first, per era: of one season, or of the whole store."""
        discipline = _discipline(discipline)
        kind = _kind(discipline, kind or TOTAL)
        level = _level(level or LEVELS[0])
        season = self._season(season_text) if season_text and season_text.strip() else None
        key = (discipline, season, kind, level)
        answer = self._answers.get(key)
        if answer is None:
            answer = self._answers[key] = await self._build_bests(discipline, season, kind, level, season_text or "")
        return answer

    async def _build_bests(
        self, discipline: str, season: str | None, kind: str, level: str, season_text: str
    ) -> BestsAnswer:
        performances = [p for p in await self._of(discipline) if p.kind == kind and p.level == level]
        chosen = [p for p in performances if season is None or p.competition.season == season]
        if not chosen:
            what = _what(discipline, kind, level, season)
            if season is None:
                raise NotFound(what, "", missing=what)
            having = sorted({p.competition.season for p in performances}, key=_start_year, reverse=True)
            raise NotFound(
                t("bests-noun-season"),
                season_text,
                _nearest(having, year=_start_year(season)),
                missing=what,
            )
        best: dict[tuple[str | None, frozenset[int]], Performance] = {}
        for performance in chosen:
            slot = (performance.era, performance.athlete)
            current = best.get(slot)
            if current is None or _order(performance) < _order(current):
                best[slot] = performance
        eras = sorted({era for era, _ in best}, key=_era_order)
        rankings = []
        for era in eras:
            mine = [p for (e, _), p in best.items() if e == era]
            rankings.append(Ranking(era, _labels(kind, mine), _ranked(mine)))
        return BestsAnswer(discipline, kind, level, season, rankings)

    # --- /records -----------------------------------------------------------------------------------------------
    async def records(self, discipline: str | None) -> RecordsAnswer:
        """The highest total and segment scores per discipline, level and era."""
        disciplines = (_discipline(discipline),) if discipline and discipline.strip() else DISCIPLINES
        key = disciplines[0] if len(disciplines) == 1 else None
        answer = self._records.get(key)
        if answer is None:
            groups: list[RecordGroup] = []
            for each in disciplines:
                groups += _record_groups(each, await self._of(each))
            answer = self._records[key] = RecordsAnswer(disciplines, groups)
        return answer

    # --- the scores ---------------------------------------------------------------------------------------------
    async def _of(self, discipline: str) -> list[Performance]:
        """Every score of the discipline in the store, read for each answer built (10 ms) and not kept: the answers
        are, and they hold the few scores they show (keeping every score cost the bot 1 MB of its 150 MB)."""
        resolver = self._resolver
        performances: list[Performance] = []
        for entry in await resolver.repo.discipline_entries(discipline):
            event = resolver._events_by_id.get(entry.event_id)
            if event is None:  # imported since the last refresh: counted after the next one
                continue
            competition = resolver._competitions[event.competition_id]
            segments = resolver._segments.get(event.id, [])
            team = event.discipline == "team"
            athlete = frozenset(s.id for s in entry.skaters)
            if not athlete or entry.status == "DSQ":
                continue
            season_era = era_of(competition.season)
            last: Segment | None = None
            for segment in segments:
                result = entry.segments.get(segment.id)
                if result is None or (team and segment.discipline != discipline):
                    continue
                last = segment
                if result.tss is None:
                    continue
                performances.append(
                    Performance(
                        athlete,
                        entry.name,
                        entry.country,
                        segment.kind,
                        result.tss,
                        competition,
                        event,
                        segment,
                        segment.era or season_era,
                        segment.date,
                    )
                )
            if not team and entry.total is not None and entry.status not in _NO_TOTAL:
                era = next((s.era for s in segments if s.era), None) or season_era
                performances.append(
                    Performance(
                        athlete,
                        entry.name,
                        entry.country,
                        TOTAL,
                        entry.total,
                        competition,
                        event,
                        None,
                        era,
                        last.date if last else None,
                    )
                )
        return performances


def _record_groups(discipline: str, performances: Sequence[Performance]) -> list[RecordGroup]:
    slots: dict[tuple[str | None, str | None], list[Performance]] = {}
    for performance in performances:
        slots.setdefault((performance.level, performance.era), []).append(performance)
    groups = []
    for level, era in sorted(slots, key=lambda s: (_level_order(s[0]), _era_order(s[1]))):
        mine = slots[(level, era)]
        records: list[Record] = []
        for kind in (TOTAL, *KINDS[discipline]):
            of_kind = [p for p in mine if p.kind == kind]
            if not of_kind:
                continue
            top = max(p.value for p in of_kind)
            for performance in sorted((p for p in of_kind if p.value == top), key=_order):
                records.append(Record(kind, _labels(kind, [performance]), performance))
        groups.append(RecordGroup(discipline, level, era, tuple(records)))
    return groups


def _nearest(seasons: Sequence[str], *, year: int | None) -> list[Suggestion]:
    """The seasons offered instead: nearest to the one asked for first (newest first without one)."""
    ordered = sorted(seasons, key=lambda s: (abs(_start_year(s) - year) if year else 0, -_start_year(s)))
    return [Suggestion(season, season) for season in ordered]


def _what(discipline: str, kind: str, level: str, season: str | None) -> Text:
    """What the store lacks: "scores for men's singles (Free skate, Junior) from 2024-25"."""
    values = {
        "level": level_text(level) or level,
        "discipline": discipline_phrase(discipline),
        "segment": segment_text(kind),
    }
    if season is None:
        return t("bests-missing-scores", **values)
    return t("bests-missing-scores-in", **values, season=season)


def _discipline(text: str) -> str:
    if text in DISCIPLINES:
        return text
    raise NotFound(t("noun-discipline"), text, [Suggestion(str(discipline_text(d)), d) for d in DISCIPLINES])


def _kind(discipline: str, kind: str) -> str:
    kinds = (*KINDS[discipline], TOTAL)
    if kind in kinds:
        return kind
    offered = [Suggestion(str(segment_text(k)), k) for k in kinds]
    if kind in {k for ks in KINDS.values() for k in ks}:  # another discipline's segment
        missing = t("bests-missing-segment", segment=segment_text(kind), discipline=discipline_phrase(discipline))
        raise NotFound(t("bests-noun-segment"), kind, offered, missing=missing)
    raise NotFound(t("bests-noun-segment"), kind, offered)


def _level(level: str) -> str:
    if level in LEVELS:
        return level
    raise NotFound(t("bests-noun-level"), level, [Suggestion(str(level_text(lv)), lv) for lv in LEVELS])


__all__ = [
    "DISCIPLINES",
    "KINDS",
    "LEVELS",
    "TOTAL",
    "Bests",
    "BestsAnswer",
    "Performance",
    "RankedLine",
    "Ranking",
    "Record",
    "RecordGroup",
    "RecordsAnswer",
    "parse_season",
    "segment_text",
]
