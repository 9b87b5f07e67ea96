"""Where the tests' stores live: SQLite files by default, or databases on a PostgreSQL server when
SKATEBOT_TEST_DB names one (a `postgresql://` URL whose database is the server's maintenance database, e.g.
the URL `.ci/postgres start DIR` prints). The same tests then run on that engine.

On PostgreSQL each test gets a database of its own: a copy of a template (the bundled data, built once per run)
made by the server (CREATE DATABASE ... TEMPLATE), or an empty one, dropped when the test ends.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import shutil
import uuid
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from db import postgres
from db.postgres import fresh_database

SERVER = os.environ.get("SKATEBOT_TEST_DB", "").strip() or None
ENGINE = "postgresql" if SERVER else "sqlite"

# A store's location as the application takes it: a file path, or a database's URL.
Location = Path | str


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Runs an administrative coroutine on a loop of its own (fixtures call this from inside a running loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


def create_database(template: str | None = None) -> str:
    """A new database on the test server (a copy of database `template`, or empty); returns its URL."""
    assert SERVER is not None
    return str(_run(fresh_database(SERVER, f"skatebot_test_{uuid.uuid4().hex[:16]}", template=template)))


def drop_database(url: str) -> None:
    assert SERVER is not None
    _run(postgres.drop_database(SERVER, database_name(url)))


def new_store(tmp_path: Path, template: Location | None = None, name: str = "store.sqlite3") -> Location:
    """A store's location for one test: a copy of `template` (a built store), or where an empty one is created.
    On PostgreSQL the database is made now and must be given back to `discard`."""
    if SERVER is None:
        path = tmp_path / name
        if template is not None:
            shutil.copy(template, path)
        return path
    return create_database(database_name(str(template)) if template is not None else None)


def discard(location: Location) -> None:
    """Removes a store `new_store` made on the server (a file store goes with the test's folder)."""
    if isinstance(location, str):
        drop_database(location)


def migrations_before(folder: Path, stop: str) -> Path:
    """`folder` holding a copy of both engines' migrations up to the first whose name contains `stop` (left out):
    a store opened with it is as an older skatebot left it."""
    from db.database import MIGRATIONS_DIR, POSTGRES_MIGRATIONS, list_migrations

    (folder / POSTGRES_MIGRATIONS).mkdir(parents=True)
    for _, path in list_migrations():
        if stop in path.name:
            break
        shutil.copy(path, folder / path.name)
        shutil.copy(MIGRATIONS_DIR / POSTGRES_MIGRATIONS / path.name, folder / POSTGRES_MIGRATIONS / path.name)
    return folder
