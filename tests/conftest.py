"""Shared fixtures: a store with the bundled data, copied from one template so each test starts clean."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from bot.services.results import ResultsService
from bot.store import open_store
from db.database import Database
from db.repositories.results import ResultsRepository


@pytest.fixture(scope="session")
def bundled_store_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "bundled.sqlite3"

    async def build() -> None:
        db, reports = await open_store(path)
        assert reports, "the bundled data should load into a fresh store"
        await db.close()

    asyncio.run(build())
    return path


@pytest.fixture
async def store(bundled_store_template: Path, tmp_path: Path) -> Database:
    path = tmp_path / "store.sqlite3"
    shutil.copy(bundled_store_template, path)
    db = await Database.open(path)
    yield db
    await db.close()


@pytest.fixture
async def results(store: Database) -> ResultsService:
    service = ResultsService(ResultsRepository(store))
    await service.refresh()
    return service
