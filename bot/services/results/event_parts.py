"""What the resolver builds of each competition's events and segments: the words fans name them by (for the
competition finder) and the index of its events' names. Kept from one load to the next, by competition, with what
they were built from: a load rebuilds only the competitions whose events or segments' kinds changed (a live poll
reloads after every import, and the other competitions of a big store did not change). Each load replaces what it
keeps, so a competition gone or changed leaves no old copy behind."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.services.levels import is_senior, level_synonyms
from bot.services.names import NameIndex
from bot.services.names.normalize import is_cjk
from bot.services.results.competitions import event_words
from bot.services.results.vocabulary import DISCIPLINE_LABELS, DISCIPLINE_SYNONYMS, LEVEL_WORDS_JA
from db.models import Event, Segment

# What one competition's parts are built from: its events in the store's order, and its segments' kinds per event.
Source = tuple[tuple[Event, ...], tuple[tuple[str, ...], ...]]


@dataclass(frozen=True, slots=True)
class _Parts:
    source: Source
    words: frozenset[str]
    index: NameIndex


class EventParts:
    """Each competition's event words and event-name index, as last built, with what they were built from."""

    def __init__(self) -> None:
        self._built: dict[int, _Parts] = {}
        self.rebuilt = 0  # how many competitions' parts were built (not reused) since this was made

    def update(
        self, events: Sequence[Event], segments: dict[int, list[Segment]]
    ) -> tuple[dict[int, list[Event]], dict[int, frozenset[str]], dict[int, NameIndex]]:
        """The events of each competition, its event words and its index of its events' names, each the same as
        built anew from these events and segments; built anew only for the competitions whose events or segments'
        kinds differ from the last update's."""
        events_by_competition: dict[int, list[Event]] = defaultdict(list)
        for event in events:
            events_by_competition[event.competition_id].append(event)
        built: dict[int, _Parts] = {}
        for competition_id, own in events_by_competition.items():
            source = (tuple(own), tuple(tuple(s.kind for s in segments.get(e.id, [])) for e in own))
            kept = self._built.get(competition_id)
            if kept is None or kept.source != source:
                own_words = event_words({competition_id: own}, segments)[competition_id]
                kept = _Parts(source, own_words, _event_index(own))
                self.rebuilt += 1
            built[competition_id] = kept
        self._built = built
        words = {competition_id: parts.words for competition_id, parts in built.items()}
        # A competition without events has an empty index, as before (looked up by id, never missing).
        index: dict[int, NameIndex] = defaultdict(NameIndex)
        index.update((competition_id, parts.index) for competition_id, parts in built.items())
        return events_by_competition, words, index

    def words_of(self, competition_id: int) -> frozenset[str] | None:
        """The event words kept for a competition (None when it has none): the same object while it is reused."""
        parts = self._built.get(competition_id)
        return parts.words if parts is not None else None


def _event_index(events: Sequence[Event]) -> NameIndex:
    """A competition's index of its events' names: their key, discipline and, below senior, their level's words
    ("junior women", "ジュニア女子")."""
    index = NameIndex()
    for event in events:
        discipline_names = [DISCIPLINE_LABELS[event.discipline], *DISCIPLINE_SYNONYMS[event.discipline]]
        if event.level is None or is_senior(event.level):
            synonyms = [event.key, *discipline_names]
        else:  # "women" stays the senior women's: another level answers to "junior women", "junior ladies"...
            synonyms = [event.key, *level_synonyms(event.level, discipline_names)]
            if event.level in LEVEL_WORDS_JA:  # ... and to "ジュニア女子", "ジュニア女子シングル"
                synonyms += [f"{LEVEL_WORDS_JA[event.level]}{word}" for word in discipline_names if is_cjk(word)]
        index.add(event.id, event.name, synonyms)
    return index
