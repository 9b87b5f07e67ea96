"""A whole season from the ISU's results server: every championship, Grand Prix event and Final of it, each
imported as one site import (`import_isu` from its folder URL), one after the other.

The ISU files each competition under its event code, `<base>/season2526/gpfra2025/` (before 2015-16 without the
season folder, `<base>/wc2014/`). The server cannot be listed, so the codes of each season are a data file,
`seasons.json` beside this module, which says for each code where it was read, or that it is inferred from the
naming pattern. A competition the server does not have (HTTP 404), refuses, or serves unreadable is a warning
naming it; the others are imported all the same, each in its own transaction (a damaged one writes nothing and
leaves the rest as imported).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from bot.i18n import Text, t
from bot.services.importer import ImportFormatError
from bot.services.isu.importer import IsuImportSummary, import_isu
from bot.services.isu.pages import EmptyPage, PageError
from bot.services.isu.protocol_pdf import ProtocolError
from bot.services.isu.source import HttpSource, MissingFile, SourceError
from db.database import Database, DatabaseError, UnstorableValue

log = logging.getLogger(__name__)

SEASONS_FILE = Path(__file__).with_name("seasons.json")
# "2025-26", "2025/26", "2025-2026", "25-26", "2526", "season2526"
_SEASON_FORMS = (
    re.compile(r"^(?P<first>\d{4})\s*[-/–]\s*(?P<second>\d{2}|\d{4})$"),
    re.compile(r"^(?:season)?(?P<first>\d{2})\s*[-/–]?\s*(?P<second>\d{2})$", re.IGNORECASE),
)


class SeasonError(ValueError):
    """The season asked for cannot be imported (not a season, or none the codes file knows): `text` says why in
    the user's words; str() is its English."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass(frozen=True)
class SeasonCompetition:
    code: str  # the ISU's event code: the folder the server files it under
    name: str
    kind: str  # "championship", "grand-prix", "grand-prix-final"
    inferred: bool  # no source read names the code: it follows the naming pattern only
    evidence: tuple[str, ...] = ()  # where the code was read


@dataclass(frozen=True)
class Season:
    name: str  # "2025-26"
    folder: str  # "season2526"; "" where the server has no season folder (before 2015-16)
    competitions: tuple[SeasonCompetition, ...]

    @property
    def inferred(self) -> int:
        return sum(1 for c in self.competitions if c.inferred)


def load_seasons(path: Path = SEASONS_FILE) -> dict[str, Season]:
    """The seasons of the codes file, by name ("2025-26")."""
    document = json.loads(path.read_text(encoding="utf-8"))
    seasons: dict[str, Season] = {}
    for name, season in document["seasons"].items():
        competitions = tuple(
            SeasonCompetition(
                code=entry["code"],
                name=entry["name"],
                kind=entry["kind"],
                inferred=bool(entry.get("inferred", False)),
                evidence=tuple(e.get("url") or e["where"] for e in entry.get("evidence", ())),
            )
            for entry in season["competitions"]
        )
        seasons[name] = Season(name=name, folder=season["folder"], competitions=competitions)
    return seasons


def season_named(text: str, seasons: dict[str, Season]) -> Season:
    """The season a user wrote ("2025-26", "2025/26", "2025-2026", "2526", "season2526"), or SeasonError."""
    written = text.strip()
    for form in _SEASON_FORMS:
        match = form.match(written)
        if match is None:
            continue
        first, second = match.group("first"), match.group("second")
        start = int(first) if len(first) == 4 else 2000 + int(first)
        end = int(second) if len(second) == 4 else start - start % 100 + int(second)
        if end < start:
            end += 100  # 1999-00
        if end != start + 1:
            break  # two years that are not one season's: said below, never read as some other season
        name = f"{start}-{str(end)[-2:]}"
        if name not in seasons:
            raise SeasonError(t("isu-season-unknown", season=name, seasons=", ".join(seasons)))
        return seasons[name]
    raise SeasonError(t("isu-season-form", season=written[:40]))


def competition_url(base: str, season: Season, competition: SeasonCompetition) -> str:
    """Where the server files the competition: `<base>/<season folder>/<code>/`."""
    parts = [base.rstrip("/"), *([season.folder] if season.folder else []), competition.code]
    return "/".join(parts) + "/"


@dataclass
class CompetitionOutcome:
    competition: SeasonCompetition
    url: str
    summary: IsuImportSummary | None = None  # imported
    problem: str | None = None  # not imported: the importer's own words, naming the URL or file
    missing: bool = False  # the server does not have it (HTTP 404 / 410 for its index), or nothing is published

    @property
    def imported(self) -> bool:
        return self.summary is not None

    def headline(self) -> Text:
        """One line: what was imported, or why not (a warning)."""
        code, name = self.competition.code, self.competition.name
        if self.summary is not None:
            return t(
                "isu-season-imported",
                code=code,
                competition=self.summary.competition,
                categories=self.summary.categories,
                entries=self.summary.entries,
                warnings=len(self.summary.warnings),
            )
        inferred = "yes" if self.competition.inferred else "no"
        key = "isu-season-missing" if self.missing else "isu-season-failed"
        return t(key, code=code, name=name, problem=self.problem or "", inferred=inferred)

    def lines(self) -> list[Text]:
        """The headline and, for an import, its whole summary (what changed, every warning)."""
        return [self.headline(), *(self.summary.lines() if self.summary is not None else [])]


@dataclass
class SeasonImportSummary:
    season: Season
    base: str
    outcomes: list[CompetitionOutcome] = field(default_factory=list)

    @property
    def imported(self) -> list[CompetitionOutcome]:
        return [o for o in self.outcomes if o.imported]

    @property
    def missing(self) -> list[CompetitionOutcome]:
        return [o for o in self.outcomes if o.missing]

    @property
    def failed(self) -> list[CompetitionOutcome]:
        return [o for o in self.outcomes if not o.imported and not o.missing]

    def tally(self) -> Text:
        return t(
            "isu-season-tally",
            season=self.season.name,
            imported=len(self.imported),
            missing=len(self.missing),
            failed=len(self.failed),
        )

    def lines(self) -> list[Text]:
        """The tally, then one line per competition: what a Discord reply has room for (a reply cut at Discord's
        limit loses the last competitions' lines, never the tally)."""
        return [self.tally(), *(o.headline() for o in self.outcomes)]


class SeasonProgress(Protocol):
    """What a season import reports as it goes (the command line's progress bar, a Discord reply's edits)."""

    def competition(self, number: int, total: int, competition: SeasonCompetition, url: str) -> None:
        """The import of the competition starts (number from 1)."""

    def page(self, kind: str, name: str) -> None:
        """A page ("page") or PDF ("pdf") of the current competition was read."""

    def done(self, outcome: CompetitionOutcome) -> None:
        """The competition is imported, or not (outcome says why)."""


SourceFactory = Callable[[str], HttpSource]


async def import_season(
    db: Database,
    season: Season,
    base: str,
    *,
    allow_private: bool = False,
    correction: bool = False,
    progress: SeasonProgress | None = None,
    source_for: SourceFactory | None = None,
) -> SeasonImportSummary:
    """Imports every competition of the season from the results server at `base`, one site import each; a
    competition that is not there or cannot be read is an outcome with its problem, and the next one is imported.
    Errors of the store itself are not caught: they stop the season (nothing half-written: each import is one
    transaction)."""
    summary = SeasonImportSummary(season=season, base=base)
    total = len(season.competitions)
    for number, competition in enumerate(season.competitions, 1):
        url = competition_url(base, season, competition)
        if progress is not None:
            progress.competition(number, total, competition, url)
        outcome = await _import_one(db, competition, url, allow_private, correction, progress, source_for)
        summary.outcomes.append(outcome)
        if progress is not None:
            progress.done(outcome)
    return summary


async def _import_one(
    db: Database,
    competition: SeasonCompetition,
    url: str,
    allow_private: bool,
    correction: bool,
    progress: SeasonProgress | None,
    source_for: SourceFactory | None,
) -> CompetitionOutcome:
    outcome = CompetitionOutcome(competition, url)
    seen = progress.page if progress is not None else None
    try:
        source = source_for(url) if source_for is not None else HttpSource(url, allow_private=allow_private)
        async with source:
            outcome.summary = await import_isu(db, source, seen, correction=correction)
    except MissingFile as exc:
        outcome.problem, outcome.missing = str(exc), True
    except EmptyPage as exc:  # the folder is there, its index lists no category yet: nothing published
        outcome.problem, outcome.missing = str(exc), True
    except (SourceError, PageError, ProtocolError, ImportFormatError, UnstorableValue) as exc:
        # Refused (HTTP 403/500, a private address), unreachable, timed out, damaged, a value the store refuses,
        # or a stored competition it would change without --correction: said, and the season goes on. A page's
        # own error names it relative to the site ("index.htm: truncated page"): the site's address goes first.
        problem = str(exc)
        outcome.problem = problem if problem.startswith(("http://", "https://")) else f"{url}{problem}"
    except (DatabaseError, sqlite3.Error):
        raise  # the store itself: every other competition would fail the same way
    except Exception as exc:  # one server's odd site must not cost the season its other competitions
        log.exception("season import: %s (%s) failed", competition.code, url)
        outcome.problem = f"{url}: the import failed unexpectedly ({type(exc).__name__}; the log has the details)"
    if outcome.problem is not None:
        # The caller shows it; debug only, since a log line would break the command line's progress bar.
        log.debug("season import: %s not imported: %s", competition.code, outcome.problem)
    return outcome
