"""Opening the store: migrations, and the bundled results on a fresh database."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from bot.services.compose import Services, load_services
from bot.services.importer import FORMAT_NAME, ImportReport, import_file
from bot.services.stories import Actor
from bot.services.story_import import FORMAT_NAME as STORIES_FORMAT
from bot.services.story_import import import_story, read_json_stories
from db.database import Database
from db.repositories.results import ResultsRepository
from db.repositories.stories import GuildRepository, StoryRepository

log = logging.getLogger(__name__)

# The results, example stories and source tiers shipped in the repository (data/*.json).
BUNDLED_DATA = Path(__file__).resolve().parent.parent / "data"
TIERS_FORMAT = "skatebot-source-tiers"
# The command line acts as an owner of the shared library; its audit entries name actor 0.
CLI_OWNER = Actor(user_id=0, guild_id=None, is_moderator=True, is_owner=True)


def bundled_files(directory: Path = BUNDLED_DATA, kind: str = FORMAT_NAME) -> list[Path]:
    """The bundled files of one format (results, stories, source tiers share the folder)."""
    if not directory.is_dir():
        return []
    return [path for path in sorted(directory.glob("*.json")) if _format_of(path) == kind]


def in_time_order(files: list[Path]) -> list[Path]:
    """Results files by when their competitions were held (season, then start date; the file name breaks ties).

    Skaters are joined through their partners by what the store already holds (a couple that changed federation
    together is found under its earlier one), so the bundled seasons load in the order they happened, as they would
    have been imported one by one: the joins do not depend on how the files happen to be named."""

    def when(path: Path) -> tuple[str, str, str]:
        try:
            comps = json.loads(path.read_text(encoding="utf-8")).get("competitions") or []
        except (OSError, ValueError, AttributeError):
            return ("9999", "", path.name)  # the importer reports what is wrong with it, in its turn
        keys = [(str(c.get("season") or "9999"), str(c.get("start_date") or "")) for c in comps if isinstance(c, dict)]
        return (*min(keys, default=("9999", "")), path.name)

    return sorted(files, key=when)


_FORMAT_FIELD = re.compile(r'^\s*\{\s*"format"\s*:\s*"([^"]+)"')


def _format_of(path: Path) -> str | None:
    """The file's format, read from its first line instead of parsing a few hundred kilobytes at every start
    (every bundled file, like the format documents, opens with "format")."""
    try:
        with path.open(encoding="utf-8") as file:
            head = file.read(200)
    except (OSError, ValueError):
        return None
    match = _FORMAT_FIELD.match(head)
    return match.group(1) if match else None


async def open_store(path: str | Path, *, bundled: Path = BUNDLED_DATA) -> tuple[Database, list[ImportReport]]:
    """Opens (creating and migrating) the store; a store that has never imported anything gets the bundled
    data, so a fresh install answers questions at once."""
    db = await Database.open(path)
    reports = []
    try:
        reindexed = await StoryRepository(db).rebuild_index_if_empty()
        if reindexed:
            log.info("story search index rebuilt: %d stories", reindexed)
        if not await ResultsRepository(db).has_imports():
            files = in_time_order(bundled_files(bundled))
            if not files:
                log.warning("no bundled results found in %s; the store starts empty", bundled)
            for file in files:
                report = await import_file(db, file)
                log.info("%s", report.describe())
                reports.append(report)
        services = await _seed_sources_and_stories(db, bundled)
        if reports:
            # A fresh store tells its notable facts at once (a bot's start would otherwise spend its first
            # seconds on it), from the results as just loaded.
            services = services or await load_services(db)
            generated = await services.fact_stories.sync()
            if generated is not None:
                log.info("%s", generated.describe())
    except BaseException:
        await db.close()
        raise
    return db, reports


async def _seed_sources_and_stories(db: Database, bundled: Path) -> Services | None:
    """The source-reliability seed follows the bundled registry on every start; the bundled example stories
    are added to the shared library once each (an owner's later edits are never overwritten). Returns the
    services it loaded to link them, if it did."""
    guilds = GuildRepository(db)
    for path in bundled_files(bundled, TIERS_FORMAT):
        document = json.loads(path.read_text(encoding="utf-8"))
        changed = await guilds.seed_tiers((row["domain"], row["tier"]) for row in document["tiers"])
        if changed:
            log.info("source tiers: %d domains updated from %s", changed, path.name)
    stories = StoryRepository(db)
    missing = [
        item
        for path in bundled_files(bundled, STORIES_FORMAT)
        for item in read_json_stories(path)
        if await stories.by_import_key(item.key) is None
    ]
    if not missing:
        return None
    services = await load_services(db)
    for item in missing:
        await import_story(services.stories, CLI_OWNER, item, library=True)
    log.info("added %d example stories to the shared library", len(missing))
    return services
