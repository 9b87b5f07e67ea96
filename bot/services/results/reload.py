"""Loading in place what an import of one competition changed (a live poll's), instead of the whole store: its
competitions, events and segments are read again (they are few), and its skaters' prominence is updated in the name
indexes. What that cannot take exactly (a new skater, a changed spelling, a new couple...) is left to a whole load."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.services.names import normalize
from bot.services.results.local_names import family_name_of
from bot.services.results.resolve import Resolver, _other_spellings, prominence

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ImportSnapshot:
    """What the loaded results held of one competition before an import of it (InPlaceReload.before_import)."""

    competition_id: int
    loaded_import: int
    skater_ids: frozenset[int]


class InPlaceReload(Resolver):
    """The resolver's indexes updated after an import of one competition, to what a whole load would build."""

    loaded_import: int  # the latest import the store held when it was last loaded (set by ResultsService)

    async def before_import(self, competition_key: str) -> ImportSnapshot | None:
        """Read before importing one competition that the store may already hold, for after_import(): None when
        only a whole load can follow (a competition not loaded yet, or a loaded copy older than the store)."""
        competition = self._finder.by_key(competition_key)
        if competition is None or await self.repo.latest_import() != self.loaded_import:
            return None
        skaters = await self.repo.competition_skater_ids(competition.id)
        return ImportSnapshot(competition.id, self.loaded_import, frozenset(skaters))

    async def _reload_in_place(self, snapshot: ImportSnapshot) -> bool:
        """Loads the snapshot's competition again when it is the one import since: False, with nothing changed,
        when the store must be loaded whole."""
        if snapshot.loaded_import != self.loaded_import or await self.repo.imports_since(snapshot.loaded_import) != 1:
            return False
        affected = snapshot.skater_ids | await self.repo.competition_skater_ids(snapshot.competition_id)
        if not await self._reload_skaters(affected):
            return False
        log.info("results reloaded in place: one competition, %d skaters", len(affected))
        return True

    async def _reload_skaters(self, skater_ids: Iterable[int]) -> bool:
        """After an import of one competition: its competitions, events and segments read again (they are few),
        and the prominence of these skaters (those the import may have given or taken an entry) updated in the
        name indexes, which are then what a full load would build. False, with nothing changed, when the import
        changed more than that (a new skater, a name or spelling, a couple, the newest season, a namesake's
        country): the caller loads everything."""
        competitions, events, segments = await self._read_competitions()
        newest_season = await self.repo.newest_season()
        # Compared as sets: the store gives no order (PostgreSQL's DISTINCT may return another after an import).
        if newest_season != self._newest_season or set(await self.repo.couples()) != set(self._couple_source):
            return False
        rows = await self.repo.skater_names_of(list(skater_ids))
        weights: dict[int, float] = {}
        for skater_id, name, all_aliases, holdings, country in rows:
            aliases = _other_spellings(name, [*all_aliases, *self._local_spelling_of.get(skater_id, [])])
            if not _same_names(self.skaters.names_of(skater_id), _indexed_texts(name, aliases)):
                return False
            if self._family_names.get(skater_id) != family_name_of(name, all_aliases):
                return False
            if skater_id in self._namesakes and self._namesakes[skater_id] != country:
                return False
            weights[skater_id] = prominence(holdings, newest_season)
        if len(rows) != len(set(skater_ids)):
            return False
        for skater_id, weight in weights.items():
            self.skaters.reweigh(skater_id, weight)
            if skater_id in self._couple_weights:
                self._couple_weights[skater_id] = weight
        for key, (a, b) in enumerate(self._couple_ids):
            if a in weights or b in weights:
                self._couples.reweigh(key, max(self._couple_weights[a], self._couple_weights[b]))
        self._set_competitions(competitions, events, segments)
        return True


def _same_names(indexed: list[str], texts: list[str] | None) -> bool:
    """Whether a key's indexed names are these: the label the same, the other spellings in any order (the store
    aggregates a skater's aliases in no set order)."""
    return texts is not None and indexed[:1] == texts[:1] and sorted(indexed[1:]) == sorted(texts[1:])


def _indexed_texts(name: str, aliases: Sequence[str]) -> list[str] | None:
    """The names a NameIndex holds for a key added with this name and these aliases (one per normalised text),
    the name first; None when the name itself is not indexed (no letters or digits): a reload in place then
    never takes it for unchanged."""
    texts: list[str] = []
    norms: set[str] = set()
    for text in (name, *aliases):
        norm = normalize(text)
        if norm and norm not in norms:
            texts.append(text)
            norms.add(norm)
    return texts if texts and texts[0] == name else None
