"""Shared fixtures (a store with the bundled data, copied from one template so each test starts clean) and the
suite's rule that nothing skips silently."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Generator
from pathlib import Path

import pytest

from bot.services.results import ResultsService
from bot.store import open_store
from db.database import Database
from db.repositories.results import ResultsRepository

# A skipped test proves nothing and a green run hides it: every skip fails the run, here and in CI. What a test
# needs lives in tests/fixtures, or the test fails saying what is missing (tests/shared.py). Should a platform
# ever need a skip, allow it here by name, with the reason.


def _skip_refused(why: str) -> str:
    return f"skipped ({why}): this suite allows no skip; a test that cannot run must fail saying why"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport]:
    report = yield
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = _skip_refused(reason)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, pytest.CollectReport]:
    report = yield
    if report.skipped:  # a whole module skipped at import (pytest.skip(allow_module_level=True), importorskip)
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = _skip_refused(reason)
    return report


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
