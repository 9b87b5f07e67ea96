"""Changes the bot's owners make to the results: other spellings of skaters' names, and site imports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import NotFound, UserFacingError
from bot.i18n import t
from bot.services.access import Actor, audit, require_owner
from bot.services.names import normalize
from bot.services.results.reload import InPlaceReload
from bot.text import quote as _quote
from bot.text import shorten
from db.models import Skater
from db.repositories.results import ResultsRepository

if TYPE_CHECKING:  # the ISU importer loads on first use (see import_site)
    from bot.services.isu.importer import IsuImportSummary
    from bot.services.isu.season import Season, SeasonImportSummary, SeasonProgress
    from bot.services.isu.source import FolderSource, HttpSource


class SiteImport:
    """An ISU site import its actor may make, ready to run (ResultsService.site_import)."""

    def __init__(self, repo: ResultsRepository, source: FolderSource | HttpSource, correction: bool) -> None:
        self._repo = repo
        self._source = source
        self._correction = correction

    async def run(self) -> IsuImportSummary:
        """Reads the site and writes it in one transaction; nothing is written on an error (a UserFacingError
        saying what is wrong). The caller refreshes the results after a success."""
        from bot.services.importer import ImportFormatError
        from bot.services.isu.importer import import_isu
        from bot.services.isu.pages import PageError
        from bot.services.isu.protocol_pdf import ProtocolError
        from bot.services.isu.source import SourceError

        try:
            async with self._source:
                return await import_isu(self._repo.database, self._source, correction=self._correction)
        except (SourceError, PageError, ProtocolError, ImportFormatError) as exc:
            raise UserFacingError("store-import-failed", problem=_problem(exc)) from exc


class SeasonImport:
    """A whole season's import its actor may make, ready to run (ResultsService.season_import)."""

    def __init__(
        self, repo: ResultsRepository, season: Season, base: str, *, allow_private: bool, correction: bool
    ) -> None:
        self._repo = repo
        self.season = season
        self.base = base
        self._allow_private = allow_private
        self._correction = correction

    async def run(self, progress: SeasonProgress | None = None) -> SeasonImportSummary:
        """Imports each competition of the season in its own transaction; one that is not on the server or
        cannot be read is an outcome saying why, never an error. The caller refreshes the results after."""
        from bot.services.isu.season import import_season

        return await import_season(
            self._repo.database,
            self.season,
            self.base,
            allow_private=self._allow_private,
            correction=self._correction,
            progress=progress,
        )


# A message's value is at most 1,000 characters (Fluent's limit); a reply is cut to 2,000 anyway.
PROBLEM_LIMIT = 900


def _problem(exc: Exception) -> str:
    """What went wrong, in the importer's words (its errors name the page and the line)."""
    return shorten(str(exc), PROBLEM_LIMIT)


class Curation(InPlaceReload):
    """Alias changes and site imports, on top of name resolution."""

    async def add_alias(self, actor: Actor, skater_text: str, alias: str) -> Skater:
        """Stores another spelling of a skater's name (another script, a transliteration): the bot's owners
        only, since every server reads the same names. Audited like story changes."""
        require_owner(actor, "athlete-alias-owners-only")
        skater = await self.skater(skater_text)
        alias = _clean_alias(alias)
        if normalize(alias) in {normalize(n) for n in (skater.name, *skater.aliases)}:
            raise UserFacingError("athlete-alias-exists", skater=_quote(skater.name), alias=_quote(alias))
        await self.repo.add_alias(skater.id, alias, audit(actor, "alias add", None, _alias_record(skater, alias)))
        return await self._reindexed(skater.id)

    async def remove_alias(self, actor: Actor, skater_text: str, alias: str) -> Skater:
        """Removes a stored spelling of a skater's name (the bot's owners only). Audited like story changes."""
        require_owner(actor, "athlete-alias-owners-only")
        skater = await self.skater(skater_text)
        stored = next((a for a in skater.aliases if normalize(a) == normalize(alias)), None)
        if stored is None:
            raise NotFound(t("noun-spelling-of", skater=skater.name), alias, list(skater.aliases))
        await self.repo.remove_alias(
            skater.id, stored, audit(actor, "alias remove", _alias_record(skater, stored), None)
        )
        return await self._reindexed(skater.id)

    async def _reindexed(self, skater_id: int) -> Skater:
        """The skater as stored now, with the name index and cached profiles following the change."""
        skater = await self.repo.skater(skater_id)
        assert skater is not None
        self.skaters.add(skater.id, skater.name, skater.aliases)
        self._names_changed()
        return skater

    def _names_changed(self) -> None:
        """Hook: what was built on the old names is forgotten (the service's cached profiles)."""

    def site_import(
        self, actor: Actor, url: str, *, correction: bool = False, allow_private: bool = False
    ) -> SiteImport:
        """An import of an official ISU results site from its URL, refused at once (before any waiting) when
        the actor is not one of the bot's owners or the URL cannot be read from. Only URLs: from Discord, a
        path would let the answer tell whether it exists on the bot's machine."""
        require_owner(actor, "store-import-owners-only")
        # Loaded on first use: PDFium and the parsers cost the bot memory it needs only for an import.
        from bot.services.isu.source import SourceError, open_source

        try:
            source = open_source(url, allow_private=allow_private, urls_only=True)
        except SourceError as exc:
            raise UserFacingError("store-import-failed", problem=_problem(exc)) from exc
        return SiteImport(self.repo, source, correction)

    def season_import(
        self, actor: Actor, season: str, base: str, *, correction: bool = False, allow_private: bool = False
    ) -> SeasonImport:
        """An import of every ISU championship, Grand Prix event and Final of a season from the ISU's results
        server at `base` (a setting), refused at once when the actor is not one of the bot's owners or the
        season is not one the event codes file knows."""
        require_owner(actor, "store-import-owners-only")
        from bot.services.isu.season import SeasonError, load_seasons, season_named

        try:
            found = season_named(season, load_seasons())
        except SeasonError as exc:
            raise UserFacingError(exc.text) from exc
        return SeasonImport(self.repo, found, base, allow_private=allow_private, correction=correction)


ALIAS_LIMIT = 100


def _clean_alias(alias: str) -> str:
    cleaned = " ".join(alias.split())
    if not normalize(cleaned):
        raise UserFacingError("athlete-alias-empty")
    if len(cleaned) > ALIAS_LIMIT:
        raise UserFacingError("athlete-alias-too-long", limit=ALIAS_LIMIT)
    return cleaned


def _alias_record(skater: Skater, alias: str) -> dict[str, object]:
    return {"skater_id": skater.id, "skater": skater.name, "alias": alias}
