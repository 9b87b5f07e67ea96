"""Resolving what the user sent, a picked choice's value or any text, to competitions, events, segments and
athletes; and the autocomplete choices that lead there. Never raises from an autocomplete."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace

from rapidfuzz import fuzz

from bot.errors import Ambiguous, NotFound, Suggestion, UserFacingError
from bot.i18n import spell_names_with, t
from bot.services.levels import event_display_name
from bot.services.names import NameIndex, NameMatch, normalize
from bot.services.results.competitions import CompetitionFinder, CompetitionLookup, labels_with_years
from bot.services.results.event_parts import EventParts
from bot.services.results.local_names import LocalSpellings, family_name_of, match_local_names, read_local_names
from bot.services.results.models import Athlete, Choice
from bot.services.results.vocabulary import (
    SEGMENT_KIND_LABELS,
    SEGMENT_SYNONYMS,
    event_name_text,
    segment_name_text,
)
from bot.text import quote as _quote
from bot.text import shorten
from db.models import Competition, Event, Segment, Skater, SkaterHoldings
from db.repositories.results import ResultsRepository

MAX_CHOICES = 25

# Between a couple's names: "Chock / Bates", "Miura & Kihara", "Gilles and Poirier", "Gilles, Poirier".
_COUPLE_SEPARATOR = re.compile(r"\s*(?:/|&|\+|,|\band\b)\s*", re.IGNORECASE)
_CHOICE_VALUE = re.compile(r"\d+(?:/\d+)?")
# Prominence, how much the store holds of a skater: a skater with this many entries and medals (a decade of a
# senior career) weighs as much as any; a skater whose latest entry is this many seasons before the store's newest
# weighs two thirds of a current one with the same record (fans ask about the skaters of now, and of then too).
_FULL_HOLDINGS = 40
_RECENCY_HALF_SEASONS = 4


def prominence(holdings: SkaterHoldings, newest_season: str | None) -> float:
    """0..1: how much the store holds of a skater (entries, medals counted once more), less the longer ago their
    latest season was. 0 for a skater the store holds no results of. What autocomplete orders equally good
    matches by: what a fan most likely means, read off the store, never off the name's letters."""
    if holdings.entries <= 0:
        return 0.0
    amount = min(1.0, math.log1p(holdings.entries + holdings.medals) / math.log1p(_FULL_HOLDINGS))
    seasons_ago = max(0, _season_year(newest_season) - _season_year(holdings.latest_season))
    recency = 1.0 / (1.0 + seasons_ago / _RECENCY_HALF_SEASONS)
    return amount * (0.5 + 0.5 * recency)


def _season_year(season: str | None) -> int:
    """The first year of a season written "2025-26"; 0 when it says none."""
    digits = season[:4] if season else ""
    return int(digits) if digits.isascii() and digits.isdigit() else 0


_CJK_RUN = re.compile(r"[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# A confident name match, or one that only a different word order separates from the typed text.
_SAME_NAME_SCORE = 99.0


class Resolver:
    """The store's competitions, events and segments in memory (they are few), and skater and couple names in
    NameIndexes: what a user's text means among them."""

    def __init__(self, repo: ResultsRepository) -> None:
        self.repo = repo
        self.skaters = NameIndex()
        self._couples = NameIndex()
        self._couple_ids: list[tuple[int, int]] = []  # by couple index key, in the order entries list them
        self._couple_of: dict[frozenset[int], tuple[int, int]] = {}
        self._finder = CompetitionFinder([])
        self._event_parts = EventParts()  # each competition's, rebuilt by a load only where it changed
        self._competitions: dict[int, Competition] = {}
        self._events: dict[int, list[Event]] = {}
        self._events_by_id: dict[int, Event] = {}
        self._event_index: dict[int, NameIndex] = {}
        self._segments: dict[int, list[Segment]] = {}
        self._family_names: dict[int, frozenset[str]] = {}
        self._namesakes: dict[int, str] = {}  # skaters who share their name with another: id -> country
        self._default_athletes: list[Choice] = []
        self._local_names = read_local_names()
        self._local_spellings: set[str] = set()
        self._written_as: dict[str, str] = {}  # a data/names/ spelling, normalised -> the store's name
        # What a reload in place must match (reload.py): the newest season (prominence is measured from it), the
        # couples as listed, their partners' prominence, and the data/names/ spellings per skater.
        self._newest_season: str | None = None
        self._couple_source: list[tuple[int, int]] = []
        self._couple_weights: dict[int, float] = {}
        self._local_spelling_of: dict[int, list[str]] = {}

    async def _read_competitions(self) -> tuple[list[Competition], list[Event], dict[int, list[Segment]]]:
        competitions = await self.repo.competitions()
        # Events are categories: one shown with its level when its name does not say it ("Junior women (Юниорки)").
        events = [_displayed(event) for event in await self.repo.events()]
        segments = await self.repo.segments_by_event()
        return competitions, events, segments

    def _set_competitions(
        self, competitions: list[Competition], events: list[Event], segments: dict[int, list[Segment]]
    ) -> None:
        events_by_competition, words, event_index = self._event_parts.update(events, segments)
        self._finder = CompetitionFinder(competitions, words, reusing=self._finder)
        self._competitions = {c.id: c for c in competitions}
        self._events = events_by_competition
        self._events_by_id = {event.id: event for event in events}
        self._event_index = event_index
        self._segments = segments

    async def _load(self) -> tuple[int, int, int]:
        """Reloads the names and indexes from the store. Built aside and swapped in at the end, so a command
        that runs meanwhile sees the old data or the new, never half of each. Returns what was loaded: the
        numbers of competitions, events and skaters."""
        competitions, events, segments = await self._read_competitions()
        couple_ids = await self.repo.couples()
        in_couples = {skater_id for pair in couple_ids for skater_id in pair}
        couple_names: dict[int, list[str]] = {}
        couple_weights: dict[int, float] = {}
        newest_season = await self.repo.newest_season()
        skaters = NameIndex()
        family_names: dict[int, frozenset[str]] = {}
        # Streamed (100,000 skaters are never held at once); those data/names/ names are kept aside, to be given
        # their names in other scripts once it is known that one stored skater bears each.
        wanted = {local.name.casefold() for local in self._local_names}
        named: list[tuple[int, str, list[str]]] = []
        weights: dict[int, float] = {}  # of those only
        async for skater_id, name, all_aliases, holdings in self.repo.skater_names():
            aliases = _other_spellings(name, all_aliases)
            weight = prominence(holdings, newest_season)
            skaters.add(skater_id, name, aliases, weight=weight)
            if skater_id in in_couples:
                couple_names[skater_id] = [name, *aliases]
                couple_weights[skater_id] = weight
            capitals = family_name_of(name, all_aliases)
            if capitals is not None:
                family_names[skater_id] = capitals
            if name.casefold() in wanted:
                named.append((skater_id, name, all_aliases))
                weights[skater_id] = weight
        by_name: dict[str, list[int]] = defaultdict(list)
        for skater_id, name, _ in named:
            by_name[normalize(name)].append(skater_id)
        local_spellings, local_names = match_local_names(self._local_names, by_name)
        for skater_id, name, all_aliases in named:
            if skater_id in local_spellings:
                aliases = _other_spellings(name, [*all_aliases, *local_spellings[skater_id]])
                skaters.add(skater_id, name, aliases, weight=weights[skater_id])  # re-added: its names replaced
                if skater_id in in_couples:
                    couple_names[skater_id] = [name, *aliases]
        namesakes = await self.repo.namesakes()
        couples, pairs, couple_of = _couple_index(couple_ids, couple_names, couple_weights)

        self._set_competitions(competitions, events, segments)
        self.skaters = skaters
        spell_names_with(LocalSpellings(local_names))
        self._local_spellings = {
            normalize(spelling) for spellings in local_spellings.values() for spelling in spellings
        }
        self._written_as = {
            normalize(spelling).replace(" ", ""): name
            for skater_id, name, _ in named
            for spelling in local_spellings.get(skater_id, [])
        }
        self._family_names = family_names
        self._namesakes = namesakes
        self._couples = couples
        self._couple_ids = pairs
        self._couple_of = couple_of
        self._newest_season = newest_season
        self._couple_source = couple_ids
        self._couple_weights = couple_weights
        self._local_spelling_of = local_spellings
        return len(competitions), len(events), len(skaters)

    # --- autocomplete: never raises, at most 25 choices ------------------------------------------------
    def competition_choices(self, query: str) -> list[Choice]:
        """Newest first when nothing is typed; else what the text may mean, and when nothing fits, what the
        words describe (so the user sees that the store has Worlds 2025 when they type Worlds 2026)."""
        if not query.strip():
            competitions = self._finder.newest(MAX_CHOICES)
        else:
            lookup = self._finder.lookup(query, typing=True)
            competitions = lookup.matches or lookup.nearby
        labels = labels_with_years(competitions[:MAX_CHOICES])
        return [Choice(choice_text(label), c.key) for label, c in zip(labels, competitions, strict=False)]

    def event_choices(self, competition_text: str, query: str) -> list[Choice]:
        """Autocomplete: the events of the competition typed so far that match `query`."""
        competition = self._try_competition(competition_text)
        competitions = [competition] if competition else self._finder.newest(len(self._competitions))
        choices = []
        for comp in competitions:
            events = self._events.get(comp.id, [])
            if query.strip():
                ids = {m.key for m in self._event_index[comp.id].search(query, MAX_CHOICES)}
                events = [e for e in events if e.id in ids]
            # In the words of the person typing ("男子シングル"); without a chosen competition the same event name
            # repeats, so say whose it is.
            choices += [
                Choice(
                    event_name_text(e)
                    if competition
                    else t("choice-event-at", event=event_name_text(e), competition=comp.label),
                    e.key,
                )
                for e in events
            ]
        return _unique(choices)[:MAX_CHOICES]

    def segment_choices(self, competition_text: str, event_text: str, query: str) -> list[Choice]:
        """Autocomplete: the segments of the event typed so far that match `query`."""
        competition = self._try_competition(competition_text)
        if competition is None:
            return []
        event = self._try_event(competition, event_text)
        events = [event] if event else self._events.get(competition.id, [])
        wanted = normalize(query)
        choices = [
            Choice(segment_name_text(s), s.key)
            for e in events
            for s in self._segments.get(e.id, [])
            if not wanted or any(wanted in normalize(name) for name in _segment_names(s))
        ]
        return _unique(choices)[:MAX_CHOICES]

    def skater_choices(self, query: str) -> list[Choice]:
        """Skaters and couples whose names fit what is typed, best first; before anything is typed, the
        medallists of the newest competition."""
        if not query.strip():
            return list(self._default_athletes)
        ranked: list[tuple[tuple[bool, float], Choice]] = [
            (m.order, Choice(choice_text(self._told_apart(m)), str(m.key)))
            for m in self.skaters.search(query, MAX_CHOICES)
        ]
        ranked += [
            (m.order, Choice(choice_text(m.label), _athlete_value_of(self._couple_ids[m.key])))
            for m in self._couples.search(query, MAX_CHOICES)
        ]
        ranked.sort(key=lambda pair: pair[0])  # stable: at equal ranks a skater comes before a couple
        return [choice for _, choice in ranked[:MAX_CHOICES]]

    def alias_choices(self, skater_text: str, query: str) -> list[Choice]:
        """The stored spellings of the skater named in another option (for removing one)."""
        try:
            skater_id = self.skater_id(skater_text)
        except UserFacingError:
            return []
        wanted = normalize(query)
        names = self.skaters.names_of(skater_id)[1:]  # the first is the name itself, not an alias
        stored = [n for n in names if normalize(n) not in self._local_spellings]  # data/names/ is not the store's
        return [Choice(choice_text(n), n[:100]) for n in stored if wanted in normalize(n)][:MAX_CHOICES]

    # --- resolving what the user sent (a picked choice's value, or any text) -------------------------
    def find_competitions(self, text: str) -> CompetitionLookup:
        """What `text` may mean among the stored competitions: one, several, or none (with what is near)."""
        return self._finder.lookup(text)

    def competition(self, text: str) -> Competition:
        """The one competition `text` means. Several: Ambiguous (newest first). None: NotFound saying what
        is missing and what the store has instead; never one of those as the answer."""
        lookup = self.find_competitions(text)
        if lookup.match is not None:
            return lookup.match
        if lookup.ambiguous:
            raise Ambiguous(
                t("noun-competition"),
                text,
                _competition_suggestions(lookup.matches),
                plural=t("noun-competitions"),
            )
        missing = lookup.describe_missing() or t("store-missing-competition-matching", query=_quote(text))
        nearby = lookup.nearby or self._finder.newest(5)
        raise NotFound(t("noun-competition"), text, _competition_suggestions(nearby), missing=missing)

    def event(self, competition: Competition, text: str) -> Event:
        """The event of the competition that `text` names (never a near neighbour; ambiguity is offered as a choice)."""
        event = self._try_event(competition, text)
        if event:
            return event
        events = {e.id: e for e in self._events.get(competition.id, [])}
        # The events the words fit best first (two that fit equally well make a choice), then the others.
        close = self._event_index[competition.id].search(text, MAX_CHOICES) if text.strip() else []
        ranked = [events[m.key] for m in close if m.key in events]
        ranked += [e for e in events.values() if e not in ranked]
        suggestions = [Suggestion(event_name_text(e), e.key) for e in ranked]  # in the reader's words
        if len(close) > 1 and close[1].score >= 90:
            tied = [Suggestion(event_name_text(events[m.key]), events[m.key].key) for m in close if m.score >= 90]
            raise Ambiguous(
                t("noun-event-at", competition=competition.label),
                text,
                tied,
                plural=t("noun-events-at", competition=competition.label),
            )
        raise NotFound(t("noun-event-at", competition=competition.label), text, suggestions)

    def segment(self, event: Event, text: str) -> Segment:
        """The segment of the event that `text` names."""
        segment = self._match_segment(event, text)
        if segment is None:
            suggestions = [Suggestion(segment_name_text(s), s.key) for s in self.segments_of(event)]
            raise NotFound(t("noun-segment-in", event=event.name), text, suggestions)
        return segment

    def skater_id(self, text: str) -> int:
        """The one skater a picked choice (its id) or any typed text means; NotFound/Ambiguous otherwise."""
        athlete_ids = self.athlete_ids(text)
        if len(athlete_ids) != 1:
            raise UserFacingError("athlete-is-couple", query=_quote(text))
        return athlete_ids[0]

    def athlete_ids(self, text: str) -> tuple[int, ...]:
        """The skater, or the couple, that `text` means (a couple's ids in the order its entries list them)."""
        text = text.strip()
        if _CHOICE_VALUE.fullmatch(text):
            ids = tuple(int(part) for part in text.split("/"))
            if len(ids) == 1 and ids[0] in self.skaters:
                return ids
            if frozenset(ids) in self._couple_of:
                return self._couple_of[frozenset(ids)]
        separated = _COUPLE_SEPARATOR.search(text) is not None
        couple = self._couples.resolve(_COUPLE_SEPARATOR.sub(" / ", text)) if len(self._couples) else None
        # A couple is meant only when the text names both partners ("Miura" alone is a skater, or ambiguous).
        couple_ids = self._couple_ids[couple.match.key] if couple and couple.match else None
        if couple_ids and not self._names_each(text, couple_ids):
            couple_ids = None
        if separated and couple_ids:
            return couple_ids
        single = self.skaters.resolve(text)
        if single.match:
            return (single.match.key,)
        if couple_ids:
            return couple_ids
        if separated:
            self._explain_couple(text)
        matches: list[tuple[NameMatch, str, str]] = [(m, self._told_apart(m), str(m.key)) for m in single.suggestions]
        if couple:
            matches += [(m, m.label, _athlete_value_of(self._couple_ids[m.key])) for m in couple.suggestions]
        matches.sort(key=lambda match: -match[0].score)
        suggestions = [Suggestion(label, value) for _, label, value in matches[:5]]
        if matches and matches[0][0].score >= 90:
            raise Ambiguous(t("noun-athlete"), text, suggestions, plural=t("noun-athletes"))
        raise NotFound(t("noun-athlete"), text, suggestions)

    def in_store_words(self, text: str) -> list[str]:
        """`text` with a Japanese word that is part of a skater's name as data/names/ writes it ("坂本" of
        坂本花織, or a reading: "さかもと") put as the store names the skater ("Kaori Sakamoto"): one text per
        skater it may be (a story from the results is stored in the store's words). Empty when none."""
        found: list[str] = []
        for run in _CJK_RUN.findall(normalize(text)):
            if len(run) < 2:
                continue
            names = sorted({name for spelling, name in self._written_as.items() if run in spelling})
            found += [normalize(text).replace(run, f" {name} ") for name in names[:5]]
        return found[:5]

    def _told_apart(self, match: NameMatch) -> str:
        """A skater as a choice: the name, the spelling that matched when another, and the country of one of two
        skaters of the same name (a skater who changed federation alone is two skaters: never joined by name)."""
        # A name in another script or a reading (data/names/) is not shown as another spelling: the reader whose
        # language writes it is shown the name that way (cogs/_autocomplete.py).
        other = match.matched != match.label and normalize(match.matched) not in self._local_spellings
        label = f"{match.label} ({match.matched})" if other else match.label
        country = self._namesakes.get(match.key)
        return f"{label} · {country}" if country else label

    def _explain_couple(self, text: str) -> None:
        """ "A / B" where A and B are each found but never skated together: say so rather than "no match"."""
        parts = [part for part in _COUPLE_SEPARATOR.split(text) if part.strip()]
        if len(parts) != 2:
            return
        found = [self.skaters.resolve(part).match for part in parts]
        if all(found):
            a, b = (m.label for m in found if m)
            raise UserFacingError("athlete-never-together", a=_quote(a), b=_quote(b))

    def _names_each(self, text: str, ids: Sequence[int]) -> bool:
        """Whether some word of `text` is (the start of, or a typo of) a word of each skater's names."""
        words = normalize(text).split()
        for skater_id in ids:
            names = {w for name in self.skaters.names_of(skater_id) for w in normalize(name).split()}
            if not any(_same_word(word, name) for word in words for name in names):
                return False
        return True

    def _try_competition(self, text: str) -> Competition | None:
        """The competition `text` surely means, or None (autocomplete narrowing: never a guess)."""
        return self._finder.lookup(text).match if text.strip() else None

    def _try_event(self, competition: Competition, text: str) -> Event | None:
        events = self._events.get(competition.id, [])
        key = text.strip().casefold()
        for event in events:
            if event.key.casefold() == key:
                return event
        if not key:
            return None
        match = self._event_index[competition.id].resolve(text).match
        return next((e for e in events if match and e.id == match.key), None)

    def all_competitions(self) -> list[Competition]:
        """Every competition in the store."""
        return list(self._competitions.values())

    def events_of(self, competition: Competition) -> list[Event]:
        """The competition's events, in the store's order."""
        return self._events.get(competition.id, [])

    def competition_by_id(self, competition_id: int | None) -> Competition | None:
        """The competition with this id, if any (None for None)."""
        return self._competitions.get(competition_id) if competition_id is not None else None

    def event_by_id(self, event_id: int | None) -> Event | None:
        """The event with this id, if any (None for None)."""
        return self._events_by_id.get(event_id) if event_id is not None else None

    def segments_of(self, event: Event) -> list[Segment]:
        """The event's segments, in skating order."""
        return self._segments.get(event.id, [])

    def family_name_words(self, skater_id: int) -> frozenset[str]:
        """The normalised words of the skater's family name: as results printed it in capitals where that is not
        the display name's last word ("Jin Boyang", printed "Boyang JIN" -> {"jin"}), else that last word."""
        found = self._family_names.get(skater_id)
        if found is not None:
            return found
        name = self.skaters.names_of(skater_id)
        return frozenset({normalize(name[0]).rpartition(" ")[2]}) if name else frozenset()

    async def skater_by_id(self, skater_id: int) -> Skater | None:
        """The skater with this id, or None when there is none (deleted since it was linked)."""
        return await self.repo.skater(skater_id)

    async def skater(self, text: str) -> Skater:
        """The one skater `text` names."""
        skater_id = self.skater_id(text)
        skater = await self.repo.skater(skater_id)
        if skater is None:  # deleted since the index was built
            raise NotFound(t("noun-athlete"), text)
        return skater

    async def athlete(self, text: str) -> Athlete:
        """The skater or couple `text` names."""
        skaters = []
        for skater_id in self.athlete_ids(text):
            skater = await self.repo.skater(skater_id)
            if skater is None:  # deleted since the index was built
                raise NotFound(t("noun-athlete"), text)
            skaters.append(skater)
        return Athlete(tuple(skaters))

    def protocol_segment_choices(self, athlete_text: str, competition_text: str, query: str) -> list[Choice]:
        """Autocomplete: the segments of a competition the athlete skated that have judges' details."""
        competition = self._try_competition(competition_text)
        if competition is None:
            return []
        events = self._events.get(competition.id, [])
        wanted = normalize(query)
        return _unique(
            [
                Choice(segment_name_text(s), s.key)
                for e in events
                for s in self._segments.get(e.id, [])
                if not wanted or any(wanted in normalize(n) for n in _segment_names(s))
            ]
        )[:MAX_CHOICES]

    def _match_segment(self, event: Event, text: str) -> Segment | None:
        wanted = normalize(text)
        return next(
            (s for s in self.segments_of(event) if wanted in {normalize(name) for name in _segment_names(s)}), None
        )


def _displayed(event: Event) -> Event:
    """The event with the name it is shown by; the same object when that is its name (a copy costs, at every reload
    of a live poll, for every event of the store)."""
    name = event_display_name(event.name, event.level, event.discipline)
    return event if name == event.name else replace(event, name=name)


def _couple_index(
    couple_ids: Iterable[tuple[int, int]], couple_names: dict[int, list[str]], couple_weights: dict[int, float]
) -> tuple[NameIndex, list[tuple[int, int]], dict[frozenset[int], tuple[int, int]]]:
    """The couples' name index (a couple's key: its place in the pairs), the pairs, and each pair by its partners."""
    couples = NameIndex()
    pairs: list[tuple[int, int]] = []
    couple_of: dict[frozenset[int], tuple[int, int]] = {}
    for a, b in couple_ids:
        if frozenset((a, b)) in couple_of or a not in couple_names or b not in couple_names:
            continue
        # Every spelling of one with every spelling of the other; the index takes any word order, so
        # "Chock Bates" and "Bates / Chock" find "Madison Chock / Evan Bates" too.
        names = [f"{x} / {y}" for x in couple_names[a][:4] for y in couple_names[b][:4]]
        couples.add(len(pairs), names[0], names[1:], weight=max(couple_weights[a], couple_weights[b]))
        pairs.append((a, b))
        couple_of[frozenset((a, b))] = (a, b)
    return couples, pairs, couple_of


def newest_first(competition: Competition) -> tuple[str, int]:
    """The sort key of competitions newest first (`reverse=True`): by start date, then by when they were stored."""
    return (competition.start_date or "", competition.id)


def _same_word(typed: str, name: str) -> bool:
    if typed == name or (len(typed) >= 3 and name.startswith(typed)):
        return True
    return len(typed) >= 4 and fuzz.ratio(typed, name) >= 80


def athlete_value(skaters: Sequence[Skater]) -> str:
    """What a picked choice sends for a skater ("12") or a couple ("12/40")."""
    return "/".join(str(s.id) for s in skaters)


def _athlete_value_of(ids: Sequence[int]) -> str:
    return "/".join(str(i) for i in ids)


def _competition_suggestions(competitions: Sequence[Competition]) -> list[Suggestion]:
    return [Suggestion(label, c.key) for label, c in zip(labels_with_years(competitions), competitions, strict=True)]


def _competition_aliases(competition: Competition) -> list[str]:
    year = (competition.start_date or "")[:4]
    aliases = [competition.name, competition.key]
    if year:
        aliases += [f"{competition.city or ''} {year}".strip(), f"{competition.level} {year}"]
        if competition.level == "olympics":
            aliases += [f"Olympics {year}", f"Olympic Games {year}", f"OWG {year}"]
        if competition.level == "worlds":
            aliases += [f"World Championships {year}", f"Worlds {year}"]
    return [a for a in aliases if a]


def _segment_names(segment: Segment) -> list[str]:
    return (
        [segment.key, segment.name, SEGMENT_KIND_LABELS[segment.kind], *SEGMENT_SYNONYMS[segment.kind]]
        if segment.discipline is None
        else [segment.key, segment.name]
    )


def choice_text(text: str, limit: int = 100) -> str:
    """A choice's label within Discord's 100 characters."""
    return shorten(text, limit)


def _unique(choices: list[Choice]) -> list[Choice]:
    seen: set[str] = set()
    unique = []
    for choice in choices:
        if choice.value not in seen:
            seen.add(choice.value)
            unique.append(choice)
    return unique


def _other_spellings(name: str, aliases: Sequence[str]) -> list[str]:
    """The aliases the name index needs: those that differ from the name and each other once normalised. "Yuzuru
    HANYU" beside "Yuzuru Hanyu" adds nothing to find him, and a couple is indexed under every pair of its
    partners' spellings: with the 2016-18 protocols, such copies were most of the index."""
    seen = {normalize(name)}
    kept = []
    for alias in aliases:
        key = normalize(alias)
        if key not in seen:
            seen.add(key)
            kept.append(alias)
    return kept
