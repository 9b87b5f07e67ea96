"""ResultsService: the facade the cogs and other services call for results and athletes: standings,
profiles, podiums, medal tables, head-to-heads, judges' details.

Plain domain logic over the repository; never imports discord. The cogs call these and hand the result
to bot.discord_layer.ui for display.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, MutableMapping, Sequence

from cachetools import LRUCache

from bot.errors import NotFound, Suggestion, UserFacingError
from bot.i18n import Text, t
from bot.services.countries import federation
from bot.services.eras import ERAS, era_of
from bot.services.levels import is_senior, level_label, level_text
from bot.services.names import normalize
from bot.services.results.aliases import Curation
from bot.services.results.bests import Bests, BestsAnswer, RecordsAnswer
from bot.services.results.models import (
    MEDAL_COMPETITIONS,
    Athlete,
    AthleteProfile,
    CareerCompetition,
    CareerSeason,
    Choice,
    HeadToHead,
    HeadToHeadEvent,
    MedalCount,
    MedalRow,
    PersonalBest,
    Podium,
    ProtocolView,
    Standings,
)
from bot.services.results.reload import ImportSnapshot
from bot.services.results.resolve import MAX_CHOICES, athlete_value, choice_text, newest_first
from bot.services.results.vocabulary import (
    DISCIPLINE_LABELS,
    FINAL_RESULT_WORDS,
    MEDALS,
    SEGMENT_KIND_LABELS,
    discipline_text,
    medal_text,
    segment_kind_text,
    segment_name_text,
)
from bot.text import quote as _quote
from db.models import (
    Competition,
    Entry,
    EntryInEvent,
    Event,
    Figure,
    JumpElement,
    Segment,
    SegmentResult,
    Skater,
    StoreSummary,
    TeamResult,
    UnanimousMark,
)
from db.repositories.results import ResultsRepository

log = logging.getLogger(__name__)

# The bot keeps names in memory, not scores: results are read from the store and only a working set of answers is
# kept (each holds its entries' figures and, through bot.discord_layer.ui's memo, its rendered embeds). Sized by what is
# asked in a competition week, not by the store: with the 2016-18 protocols bundled (21 competitions, 95 events, 500
# skaters), caching every profile and event cost the bot 7 MB of its 150 MB target.
EVENT_CACHE_SIZE = 64
PROFILE_CACHE_SIZE = 128
# What other services build on the loaded names and entries, one value per question (the claim check: its name
# lookups for one set of linked skaters at one competition). A week's stories ask about a few competitions.
DERIVED_CACHE_SIZE = 16


class ResultsService(Curation):
    """Answers the results commands. Competitions, events and segments are cached in memory (they are
    few); skater and couple names live in NameIndexes. `refresh()` reloads them after an import."""

    def __init__(self, repo: ResultsRepository) -> None:
        super().__init__(repo)
        self._clear_caches()
        self.loaded_import = 0  # the latest import (imports.id) the store held when it was last loaded
        # How many times the store was loaded whole, and how many an import of one competition was loaded in place.
        self.full_reloads = 0
        self.partial_reloads = 0

    def _clear_caches(self) -> None:
        # Entries and team results per event, as loaded from the store. Results change only through an
        # import, which calls refresh(); until then every command reads them from here.
        self._event_data: LRUCache[int, tuple[list[Entry], list[TeamResult]]] = LRUCache(EVENT_CACHE_SIZE)
        # Answers built from them, so the displays built on them (bot.discord_layer.ui memoizes per object) are reused
        # too.
        self._standings: LRUCache[tuple[int, int | None], Standings] = LRUCache(EVENT_CACHE_SIZE)
        self._profiles: LRUCache[frozenset[int], AthleteProfile] = LRUCache(PROFILE_CACHE_SIZE)
        self._bests = Bests(self)  # /bests and /records (bests.py): what they computed goes with a refresh
        self._derived: LRUCache[Hashable, object] = LRUCache(DERIVED_CACHE_SIZE)

    def _names_changed(self) -> None:
        self._profiles.clear()
        # A new mapping, not cleared: a caller that was building a value on the old names when they changed puts
        # it into the mapping it took, which nobody reads any more (see derived()).
        self._derived = LRUCache(DERIVED_CACHE_SIZE)

    def derived(self) -> MutableMapping[Hashable, object]:
        """A cache for values other services derive from the names and entries loaded now (the claim check's
        name lookups). Replaced by an empty one on every refresh and every change of a skater's names, so nothing
        built on the old store outlives it. A caller takes it once, before it reads what it derives from, and
        stores the value back in the mapping it took: a value built across a change lands in the discarded one."""
        return self._derived

    async def refresh(self) -> None:
        """Reloads everything from the store. Built aside and swapped in at the end, so a command that
        runs meanwhile sees the old data or the new, never half of each."""
        # Read before the data: an import landing meanwhile leaves the data newer than the id, never older.
        latest = await self.repo.latest_import()
        competitions, events, skaters = await self._load()
        self.loaded_import = latest
        self._clear_caches()
        self._default_athletes = await self._newest_medallists()
        self.full_reloads += 1
        log.info("results loaded: %d competitions, %d events, %d skaters", competitions, events, skaters)

    async def after_import(self, snapshot: ImportSnapshot | None, *, changed: bool) -> None:
        """After an import (a live poll's): loads what it changed. An import of the one competition of the
        snapshot (before_import), and nothing else imported since, updates the loaded copy in place, exactly what
        refresh() would load (see InPlaceReload); anything more reloads everything. An import that changed nothing
        loads nothing."""
        latest = await self.repo.latest_import()
        if not changed and latest == self.loaded_import:
            return
        if snapshot is None or not await self._reload_in_place(snapshot):
            await self.refresh()
            return
        self.loaded_import = latest
        self._clear_caches()
        self._default_athletes = await self._newest_medallists()
        self.partial_reloads += 1

    async def outdated(self) -> bool:
        """Whether the store holds an import newer than the loaded copy (another process imported): one read of the
        imports table's largest id, cheap enough to ask every few seconds."""
        return await self.repo.latest_import() != self.loaded_import

    async def _newest_medallists(self) -> list[Choice]:
        """What the name fields offer before anything is typed: the medallists of the newest competition
        that has any, gold first."""
        for competition in sorted(self._competitions.values(), key=newest_first, reverse=True):
            medallists: list[tuple[int, Entry]] = []
            for event in self._events.get(competition.id, []):
                if event.discipline == "team":
                    continue
                entries, _ = await self.results_of(event)
                medallists += [(int(e.place.value), e) for e in entries if e.place and e.place.value in MEDALS]
            if medallists:
                medallists.sort(key=lambda pair: pair[0])
                return [
                    Choice(
                        t(
                            "athlete-choice-medallist",
                            name=choice_text(entry.name),
                            medal=medal_text(MEDALS[place]),
                            competition=choice_text(competition.label),
                        ),
                        athlete_value(entry.skaters),
                    )
                    for place, entry in medallists[:MAX_CHOICES]
                ]
        return []

    async def entries_of(self, event: Event, skater_ids: Iterable[int]) -> list[Entry]:
        """The entries in an event that include any of the skaters, in standings order."""
        wanted = set(skater_ids)
        entries, _ = await self.results_of(event)
        return sorted((e for e in entries if any(s.id in wanted for s in e.skaters)), key=_final_order)

    # --- answers -----------------------------------------------------------------------------------
    async def standings(self, competition_text: str, event_text: str, segment_text: str | None = None) -> Standings:
        """/results: an event's standings, or one segment's, in place order."""
        competition = self.competition(competition_text)
        event = self.event(competition, event_text)
        segments = self.segments_of(event)
        whole_event = not (segment_text and segment_text.strip()) or normalize(segment_text) in FINAL_RESULT_WORDS
        focus = None if whole_event else self.segment(event, segment_text or "")
        key = (event.id, focus.id if focus else None)
        cached = self._standings.get(key)
        if cached is None:
            cached = self._standings[key] = await self._build_standings(competition, event, segments, focus)
        return cached

    async def _build_standings(
        self, competition: Competition, event: Event, segments: list[Segment], focus: Segment | None
    ) -> Standings:
        entries, teams = await self.results_of(event)
        if focus:
            entries = sorted(
                (e for e in entries if focus.id in e.segments), key=lambda e: _segment_order(e.segments[focus.id])
            )
        else:
            entries = sorted(entries, key=_final_order)
        return Standings(competition, event, segments, entries, focus, teams)

    async def results_of(self, event: Event) -> tuple[list[Entry], list[TeamResult]]:
        """An event's entries and team results (shared, never to be mutated), kept for the most-asked events."""
        cached = self._event_data.get(event.id)
        if cached is None:
            entries = await self.repo.event_entries(event.id)
            teams = await self.repo.team_results(event.id) if event.discipline == "team" else []
            cached = self._event_data[event.id] = (entries, teams)
        return cached

    async def _career(self, athlete: Athlete) -> tuple[list[EntryInEvent], list[tuple[Competition, Event, TeamResult]]]:
        """Every entry of the skater (of a couple: every entry with both), newest competition first, and the
        teams the first skater skated for (a couple's are its partners' own), from one repository call."""
        first, *others = athlete.skaters
        entries, teams = await self.repo.skater_records(first.id)
        records = []
        for entry in entries:
            event = self._events_by_id.get(entry.event_id)
            if event is None:  # imported since the last refresh: shown after the next one, with its event
                continue
            if all(any(s.id == other.id for s in entry.skaters) for other in others):
                records.append(EntryInEvent(self._competitions[event.competition_id], event, entry))
        records.sort(key=lambda r: (r.competition.start_date or "", r.competition.id, r.event.id), reverse=True)
        team_records = []
        for team in teams:
            event = self._events_by_id.get(team.event_id)
            # The country too: a skater id in a team's line-up is theirs only when they skated for it.
            same_country = federation(team.country) == federation(first.country)  # OAR's team was Russia's skaters
            if event is not None and event.discipline == "team" and same_country:
                team_records.append((self._competitions[event.competition_id], event, team))
        team_records.sort(key=lambda r: (r[0].id, r[1].id))
        return records, team_records

    async def _records(self, athlete: Athlete) -> list[EntryInEvent]:
        records, _ = await self._career(athlete)
        return records

    async def profile(self, text: str) -> AthleteProfile:
        """/athlete: a skater's or couple's career in the store (cached until the next import)."""
        ids = frozenset(self.athlete_ids(text))
        profile = self._profiles.get(ids)
        if profile is None:
            profile = self._profiles[ids] = await self._build_profile(await self.athlete(text))
        return profile

    async def profile_of(self, skater_ids: Sequence[int]) -> AthleteProfile:
        """The profile of the skater or couple of these ids (a button carries them): NotFound when the store no
        longer holds one of them, never another skater's."""
        ids = frozenset(skater_ids)
        profile = self._profiles.get(ids)
        if profile is None:
            skaters = [await self.repo.skater(skater_id) for skater_id in dict.fromkeys(skater_ids)]  # as shown
            if not skaters or None in skaters:
                raise NotFound(t("noun-athlete"), " / ".join(str(i) for i in sorted(ids)))
            athlete = Athlete(tuple(s for s in skaters if s is not None))
            profile = self._profiles[ids] = await self._build_profile(athlete)
        return profile

    async def _build_profile(self, athlete: Athlete) -> AthleteProfile:
        records, team_records = await self._career(athlete)
        partners: dict[int, Skater] = {}
        medals: Counter[tuple[str, str | None, bool, int]] = Counter()
        bests: dict[tuple[str | None, str, str], PersonalBest] = {}
        segments: dict[int, Segment] = {}
        for record in records:
            for partner in record.entry.skaters:
                if partner.id not in athlete.ids:
                    partners.setdefault(partner.id, partner)
            if record.event.discipline != "team" and record.entry.place and record.entry.place.value in MEDALS:
                place = int(record.entry.place.value)
                medals[(_medal_competitions(record.competition), record.event.level, False, place)] += 1
            event_segments = self.segments_of(record.event)
            for segment in event_segments:
                segments[segment.id] = segment
                result = record.entry.segments.get(segment.id)
                if result and result.tss:
                    _keep_best(bests, segment.kind, result.tss, record, segment.era, segment.date)
            if record.entry.total and record.event.discipline != "team":
                skated = [s for s in event_segments if s.id in record.entry.segments]
                last_day = max((s.date for s in skated if s.date), default=None)
                era = self._era_of(record.competition, record.event)
                _keep_best(bests, "total", record.entry.total, record, era, last_day)
        for competition, event, team in team_records:
            if team.place and team.place.value in MEDALS:
                medals[(_medal_competitions(competition), event.level, True, int(team.place.value))] += 1

        return AthleteProfile(
            athlete=athlete,
            disciplines=_disciplines(records),
            partners=list(partners.values()),
            medals=_medal_counts(medals),
            records=records,
            team_records=team_records,
            bests=sorted(bests.values(), key=_best_order),
            segments=segments,
            career=self._seasons(records, team_records),
        )

    def _era_of(self, competition: Competition, event: Event) -> str | None:
        """The scoring era an event was judged under: its segments' (they share one), else its season's."""
        for segment in self.segments_of(event):
            if segment.era:
                return segment.era
        return era_of(competition.season)

    def _seasons(
        self, records: list[EntryInEvent], team_records: list[tuple[Competition, Event, TeamResult]]
    ) -> list[CareerSeason]:
        """The career by season (newest first), one CareerCompetition per competition (newest first)."""
        by_competition: dict[int, tuple[Competition, list[EntryInEvent], list[tuple[Event, TeamResult]]]] = {}
        for record in records:  # newest first already
            by_competition.setdefault(record.competition.id, (record.competition, [], []))[1].append(record)
        for competition, event, team in team_records:
            by_competition.setdefault(competition.id, (competition, [], []))[2].append((event, team))
        competitions = sorted(by_competition.values(), key=lambda c: (c[0].start_date or "", c[0].id), reverse=True)
        seasons: dict[str, list[CareerCompetition]] = {}
        for competition, entries, teams in competitions:
            entries.sort(key=lambda r: (r.event.discipline == "team", r.event.id))  # individual events first
            events = [r.event for r in entries] + [event for event, _ in teams]
            era = next((e for e in (self._era_of(competition, ev) for ev in events) if e), None)
            seasons.setdefault(competition.season, []).append(CareerCompetition(competition, entries, teams, era))
        return [
            CareerSeason(season, next((c.era for c in held if c.era), era_of(season)), held)
            for season, held in sorted(seasons.items(), reverse=True)  # "2025-26" after "2024-25"
        ]

    async def protocol(self, athlete_text: str, competition_text: str, segment_text: str) -> ProtocolView:
        """The judges' details of an athlete's skate: element by element, components, deductions."""
        athlete = await self.athlete(athlete_text)
        competition = self.competition(competition_text)
        records = [r for r in await self._records(athlete) if r.competition.id == competition.id]
        if not records:
            raise UserFacingError(
                "athlete-no-results-at", athlete=_quote(athlete.name), competition=_quote(competition.label)
            )
        for record in records:
            segment = self._match_segment(record.event, segment_text)
            if segment is not None and segment.id in record.entry.segments:
                protocol = await self.repo.protocol(record.entry.id, segment.id)
                if protocol is None:
                    raise UserFacingError(
                        "protocol-not-stored",
                        athlete=_quote(athlete.name),
                        segment=segment_name_text(segment, segment.name.lower()),
                        competition=_quote(competition.label),
                    )
                return ProtocolView(competition, record.event, segment, record.entry, protocol)
        suggestions = [
            Suggestion(s.name, s.key) for r in records for s in self.segments_of(r.event) if s.id in r.entry.segments
        ]
        what = t("noun-segment-skated-at", athlete=athlete.name, competition=competition.label)
        raise NotFound(what, segment_text, suggestions)

    async def podiums(self, discipline: str, competition_text: str | None = None) -> list[Podium]:
        """/podiums: the medallists of a discipline, newest competition first (optionally of one competition)."""
        if discipline not in DISCIPLINE_LABELS:
            raise NotFound(
                t("noun-discipline"), discipline, [Suggestion(discipline_text(d), d) for d in DISCIPLINE_LABELS]
            )
        competition = self.competition(competition_text) if competition_text and competition_text.strip() else None
        events = [
            e
            for cid, evs in self._events.items()
            for e in evs
            if e.discipline == discipline and (competition is None or cid == competition.id)
        ]
        podiums = []
        for event in events:
            comp = self._competitions[event.competition_id]
            entries, teams = await self.results_of(event)
            if discipline == "team":
                places = [
                    (int(team.place.value), team.name, team.country, team.points)
                    for team in teams
                    if team.place and team.place.value in MEDALS
                ]
            else:
                places = [
                    (int(e.place.value), e.name, e.country, e.total)
                    for e in entries
                    if e.place and e.place.value in MEDALS
                ]
            if places:
                podiums.append(Podium(comp, event, sorted(places, key=lambda p: p[0])))
        podiums.sort(key=lambda p: (p.competition.start_date or "", p.competition.id), reverse=True)
        return podiums

    async def medal_table(self, competition_text: str) -> tuple[Competition, list[tuple[str | None, list[MedalRow]]]]:
        """/medals: a competition's medal table by country, one per level (senior first): the junior Grand Prix
        Final held beside the senior one is another championship, its medals never added to the senior's."""
        competition = self.competition(competition_text)
        medals: dict[str | None, dict[str, Counter[int]]] = defaultdict(lambda: defaultdict(Counter))
        for event in self._events.get(competition.id, []):
            entries, teams = await self.results_of(event)
            if event.discipline == "team":
                places = [(team.place, team.country) for team in teams]
            else:
                places = [(e.place, e.country) for e in entries]
            level = "senior" if is_senior(event.level) else event.level
            for place, country in places:
                if place and place.value in MEDALS:
                    medals[level][country][int(place.value)] += 1
        tables = []
        for level in sorted(medals, key=lambda lv: (lv != "senior", lv is None, level_label(lv) or "")):
            rows = [MedalRow(country, c[1], c[2], c[3]) for country, c in medals[level].items()]
            # The Olympic convention: golds, then silvers, then bronzes; then country code for a stable order.
            rows.sort(key=lambda r: (-r.gold, -r.silver, -r.bronze, r.country))
            tables.append((level, rows))
        return competition, tables

    async def compare(self, a_text: str, b_text: str) -> HeadToHead:
        """Where the two met, over the whole store: events both entered in separate entries, newest first, each
        with the scoring era it was judged under (the tallies are kept per era: `HeadToHead.tallies`). Partners
        are not rivals, and a skater of one discipline meets one of another only in the team event, on no common
        segment."""
        a = await self.athlete(a_text)
        b = await self.athlete(b_text)
        if a.ids == b.ids:
            raise UserFacingError("compare-same-athlete", athlete=_quote(a.name))
        a_records, b_records = await self._records(a), await self._records(b)
        b_by_event = {r.event.id: r for r in b_records}
        meetings, together = [], []
        for record in a_records:
            other = b_by_event.get(record.event.id)
            if other is None:
                continue
            if record.entry.id == other.entry.id:
                together.append(record)
            elif record.event.discipline != "team" or record.entry.segments.keys() & other.entry.segments.keys():
                meetings.append(
                    HeadToHeadEvent(
                        record.competition,
                        record.event,
                        record.entry,
                        other.entry,
                        self.segments_of(record.event),
                        self._era_of(record.competition, record.event),
                    )
                )
        if not together and (a.ids & b.ids):  # a skater and a couple they belong to
            together = [r for r in a_records if b.ids <= {s.id for s in r.entry.skaters}] or [
                r for r in b_records if a.ids <= {s.id for s in r.entry.skaters}
            ]
        meetings.sort(key=lambda m: (m.competition.start_date or "", m.event.id), reverse=True)
        return HeadToHead(a, b, meetings, together, _disciplines(a_records), _disciplines(b_records))

    async def skater_names(self, skater_ids: Sequence[int]) -> list[str]:
        """The names of the skaters with these ids, in that order (a skater deleted since is left out)."""
        return [skater.name for skater in await self.repo.skaters(list(skater_ids))]

    async def summary(self) -> tuple[StoreSummary, list[Competition]]:
        """What the store holds (counts, imports) and its competitions, newest first: for /about."""
        summary = await self.repo.summary()
        competitions = sorted(self._competitions.values(), key=lambda c: c.start_date or "", reverse=True)
        return summary, competitions

    async def jump_elements(self, competition: Competition) -> list[JumpElement]:
        """The protocol elements of the competition holding a quad or a triple Axel, with their provenance: what
        the notable facts (bot/services/facts/) read jumps from."""
        return await self.repo.jump_elements(competition.id)

    async def unanimous_marks(self, competition: Competition) -> list[UnanimousMark]:
        """The protocol elements and components of the competition every judge gave the same mark, with their
        provenance: what the notable facts (bot/services/facts/) read top marks from."""
        return await self.repo.unanimous_marks(competition.id)

    # --- bests and records (bests.py) ----------------------------------------------------------------------
    async def bests(
        self, discipline: str, season: str | None = None, segment: str | None = None, level: str | None = None
    ) -> BestsAnswer:
        """/bests: each athlete's best score in the store, per scoring era (bests.py says what counts)."""
        return await self._bests.bests(discipline, season, segment, level)

    async def records(self, discipline: str | None = None) -> RecordsAnswer:
        """/records: the highest total and segment scores in the store per discipline, level and era."""
        return await self._bests.records(discipline)

    def season_choices(self, query: str) -> list[Choice]:
        """Autocomplete: the stored seasons fitting what is typed, newest first."""
        return self._bests.season_choices(query)


def _disciplines(records: Iterable[EntryInEvent]) -> list[str]:
    disciplines: list[str] = []
    for record in records:
        if record.event.discipline not in disciplines and record.event.discipline != "team":
            disciplines.append(record.event.discipline)
    return disciplines


# Competition.level -> the kind of competition a medal is counted under (MEDAL_COMPETITIONS); any other: "other".
MEDAL_COMPETITION_OF_LEVEL = {
    "olympics": "olympics",
    "worlds": "worlds",
    "europeans": "continental",
    "four-continents": "continental",
    "grand-prix": "grand-prix",
    "grand-prix-final": "grand-prix-final",
    "junior-worlds": "junior-worlds",
}
_SEGMENT_ORDER = [*SEGMENT_KIND_LABELS, "total"]
_ERA_ORDER = [name for _, name in ERAS]


def _medal_competitions(competition: Competition) -> str:
    return MEDAL_COMPETITION_OF_LEVEL.get(competition.level, "other")


def _level_order(level: str | None) -> tuple[int, str]:
    """Senior first, then junior, then every other level by name, the events of no known level last."""
    if is_senior(level):
        return (0, "")
    if level == "junior":
        return (1, "")
    return (2, level_label(level)) if level else (3, "")


def _medal_counts(medals: Counter[tuple[str, str | None, bool, int]]) -> list[MedalCount]:
    groups: dict[tuple[str, str | None, bool], list[int]] = {}
    for (competitions, level, team, place), n in medals.items():
        groups.setdefault((competitions, level, team), [0, 0, 0])[place - 1] += n
    order = sorted(groups, key=lambda g: (_level_order(g[1]), MEDAL_COMPETITIONS.index(g[0]), g[2]))
    return [
        MedalCount(competitions, level, team, *groups[(competitions, level, team)])
        for competitions, level, team in order
    ]


def _era_order(era: str | None) -> int:
    """Newest era first (sorted in reverse), an unknown era last."""
    return _ERA_ORDER.index(era) if era in _ERA_ORDER else -1


def _best_order(best: PersonalBest) -> tuple[int, tuple[int, str], int]:
    # Newest era first; in each, senior bests first, then each other level's own: a junior score is never a
    # senior best.
    return (-_era_order(best.era), _level_order(best.event.level), _SEGMENT_ORDER.index(best.kind))


def _best_label(kind: str, event: Event, era: str | None) -> Text:
    """Bests are kept per level: "Short program" (senior), "Short program (Junior)", and apart from both the
    events stored before levels were recorded ("Short program (level not known)"). Under the 2010-18 rules the
    dance's first segment was the short dance."""
    if kind == "total":
        what = t("athlete-best-total")
    elif kind == "rhythm_dance" and era == "2010-2018":
        what = t("athlete-best-short-dance")
    else:
        what = segment_kind_text(kind)
    if is_senior(event.level):
        return what
    level = level_text(event.level)
    if level is None:
        return t("athlete-best-level-unknown", kind=what)
    return t("athlete-best-at-level", kind=what, level=level)


def _keep_best(
    bests: dict[tuple[str | None, str, str], PersonalBest],
    kind: str,
    score: Figure,
    record: EntryInEvent,
    era: str | None,
    date: str | None,
) -> None:
    # One best per era, kind and level; the events of no known level apart ("").
    key = (era, kind, "senior" if is_senior(record.event.level) else level_label(record.event.level))
    current = bests.get(key)
    if current is None or float(score.value) > float(current.score.value):
        label = _best_label(kind, record.event, era)
        bests[key] = PersonalBest(label, score, record.competition, record.event, kind, era, date)


def _final_order(entry: Entry) -> tuple[int, float, float, str]:
    """Placed skaters by place; then those without a place (FNR, WD, unknown) by best total, then name."""
    place = entry.place.value if entry.place else None
    total = float(entry.total.value) if entry.total else 0.0
    first_rank = min((float(r.rank.value) for r in entry.segments.values() if r.rank), default=9999.0)
    return (0 if place is not None else 1, float(place or 0), first_rank if place is None else -total, entry.name)


def _segment_order(result: SegmentResult) -> tuple[int, float, float]:
    """A segment is ranked by its score; sources often give the score without the rank, so the score
    orders and the rank (when stored) only places those whose score is unknown."""
    if result.tss is not None:
        return (0, -float(result.tss.value), 0.0)
    return (1, float(result.rank.value) if result.rank else 9999.0, 0.0)
