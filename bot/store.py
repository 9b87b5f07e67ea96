"""Opening the store: migrations, and the bundled results on a fresh database."""

from __future__ import annotations

import logging
from pathlib import Path

from bot.services.importer import ImportReport, import_file
from db.database import Database
from db.repositories.results import ResultsRepository

log = logging.getLogger(__name__)

# The results shipped in the repository (data/*.json in the skatebot results format).
BUNDLED_DATA = Path(__file__).resolve().parent.parent / "data"


def bundled_files(directory: Path = BUNDLED_DATA) -> list[Path]:
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


async def open_store(path: str | Path, *, bundled: Path = BUNDLED_DATA) -> tuple[Database, list[ImportReport]]:
    """Opens (creating and migrating) the store; a store that has never imported anything gets the bundled
    data, so a fresh install answers questions at once."""
    db = await Database.open(path)
    reports = []
    try:
        if not await ResultsRepository(db).has_imports():
            files = bundled_files(bundled)
            if not files:
                log.warning("no bundled results found in %s; the store starts empty", bundled)
            for file in files:
                report = await import_file(db, file)
                log.info("%s", report.describe())
                reports.append(report)
    except BaseException:
        await db.close()
        raise
    return db, reports
