"""Shared fixtures (a store with the bundled data, copied from one template so each test starts clean, and one
read-only copy per test process for the tests that only read) and the suite's rule that nothing skips silently.
The stores are SQLite files, or databases on the PostgreSQL server that SKATEBOT_TEST_DB names (tests/stores.py):
the same tests run on either engine."""

from __future__ import annotations

import asyncio
import copy
import hashlib
from collections.abc import AsyncIterator, Callable, Generator, Iterator
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import pytest
import pytest_asyncio

from bot.sandbox.template import bundled_template
from bot.services.facts import Fact, FactsService
from bot.services.isu import page_reader
from bot.services.results import ResultsService
from bot.store import open_store
from db.database import Database
from db.repositories.results import ResultsRepository
from tests.stores import ENGINE, Location, create_database, discard, drop_database, new_store

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


# Tests of one engine's own behaviour (SQLite's WAL, its file backup, its lock between processes; PostgreSQL's
# answers to the same questions) carry the engine's name as a marker, and a run on the other engine leaves them
# out (deselected, reported as such, never skipped).
ENGINE_MARKERS = ("sqlite", "postgresql")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    other = [name for name in ENGINE_MARKERS if name != ENGINE]
    deselected = [item for item in items if any(item.get_closest_marker(name) for name in other)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item not in deselected]
    for item in items:
        _keep_with_its_shared_fixtures(item)
        _on_the_loop_of_its_shared_store(item)
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: every worker sorts alike (the same cache)
        cache = _cache(config)
        items[:] = _longest_first(items, cache.get(DURATIONS_KEY, {}) if cache else {})


# The suite runs on every core (pytest-xdist: `pytest -n auto`, `--dist loadgroup` in pyproject.toml). Tests that
# share a fixture wider than one test (a module's running bot and sandbox, a module's parsed site) stay on one
# worker, in their order: split, each worker would start its own. Every other test goes wherever a worker is free.
SHARED_SCOPES = ("class", "module", "package")


def _keep_with_its_shared_fixtures(item: pytest.Item) -> None:
    fixtures = getattr(item, "_fixtureinfo", None)
    if fixtures is None:
        return
    if any(definitions[-1].scope in SHARED_SCOPES for definitions in fixtures.name2fixturedefs.values()):
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def _on_the_loop_of_its_shared_store(item: pytest.Item) -> None:
    """A test that takes `shared_results` runs on the event loop the shared store was opened on (one loop per test
    process, pytest-asyncio's session loop): a PostgreSQL connection pool answers only the loop that made it."""
    if "shared_results" in getattr(item, "fixturenames", ()) and item.get_closest_marker("asyncio"):
        item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)  # first: the closest marker wins


_Parsed = TypeVar("_Parsed")


def _parsed_once(parse: Callable[[bytes, str], _Parsed]) -> Callable[[bytes, str], _Parsed]:
    """`parse`, run once per PDF (its bytes and name) in this test process; each caller gets its own deep copy."""
    parsed: dict[tuple[str, str], _Parsed] = {}

    def once(data: bytes, name: str) -> _Parsed:
        key = (hashlib.sha256(data).hexdigest(), name)
        if key not in parsed:
            parsed[key] = parse(data, name)  # a PDF it refuses raises every time, as it would
        return copy.deepcopy(parsed[key])

    return once


@pytest.fixture(scope="session", autouse=True)
def _each_pdf_parsed_once() -> Iterator[None]:
    """The same few judges' details PDFs (tests/fixtures/isu/wc2014, ../shared's sites) are imported by hundreds of
    tests, a replay reads them again at each phase, and PDFium takes 0.1-0.4 s a file: the importer's parse
    (bot/services/isu/page_reader.py, still under its PDFium lock and in its worker thread) answers a PDF it has
    read before from memory. Keyed by the file's content, so a test that edits or damages a PDF gets its own parse;
    tests/unit/test_isu_protocols.py and the others that test the parser call it directly, never through here."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(page_reader, "parse_protocols_counted", _parsed_once(page_reader.parse_protocols_counted))
        patch.setattr(page_reader, "parse_protocol_pdf", _parsed_once(page_reader.parse_protocol_pdf))
        yield


# Which work goes first (with `-n`): the longest, so that no long test or group starts when the other worker is
# nearly done and then runs alone (xdist's own order, by number of tests, once left the README's minute-long
# examples to the end). A unit is a group (above) or a lone test; its length is what it took last time (the
# durations kept in pytest's cache, .pytest_cache), else a guess by where it is (end-to-end tests start bots and
# subprocesses). The order only decides which worker runs what: each test runs as it would anyway.
DURATIONS_KEY = "skatebot/durations"
GUESSED_SECONDS = {"tests/e2e/": 4.0, "tests/sandbox/": 2.0}
GUESSED_OTHERWISE = 0.3


def _longest_first(items: list[pytest.Item], durations: dict[str, float]) -> list[pytest.Item]:
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        group = item.get_closest_marker("xdist_group")
        units.setdefault(group.args[0] if group else item.nodeid, []).append(item)

    def seconds(item: pytest.Item) -> float:
        known = durations.get(item.nodeid)
        if isinstance(known, int | float):
            return float(known)
        return next((v for k, v in GUESSED_SECONDS.items() if item.nodeid.startswith(k)), GUESSED_OTHERWISE)

    ordered = sorted(units.values(), key=lambda unit: -sum(seconds(item) for item in unit))
    return [item for unit in ordered for item in unit]


_durations: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration  # setup, call, teardown


@pytest.fixture
def sqlite_trips(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every call into aiosqlite's connection thread while the test runs, in order: what a batched statement saves
    (db/database.py runs a statement, its fetch and its close in one)."""
    trips: list[object] = []
    queue_work = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, work: Any, *args: Any) -> Any:
        trips.append(work)
        return await queue_work(self, work, *args)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return trips


def _cache(config: pytest.Config) -> pytest.Cache | None:
    """pytest's cache, or None when it is off (`-p no:cacheprovider`, a read-only checkout)."""
    return getattr(config, "cache", None)


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    cache = _cache(config)
    if hasattr(config, "workerinput") or cache is None or not _durations:
        return  # the controller (or a run without -n) keeps them: it sees every worker's reports
    kept = cache.get(DURATIONS_KEY, {})
    cache.set(DURATIONS_KEY, {**(kept if isinstance(kept, dict) else {}), **_durations})


@pytest.fixture(scope="session")
def bundled_store_template() -> Iterator[Location]:
    """A store with the bundled data; tests take copies (`new_store`). On SQLite it is the template `skatebot
    sandbox` copies (bot/sandbox/template.py: built once per version of the bundled data, in the user's cache
    directory); on PostgreSQL a database built once per run."""
    if ENGINE == "sqlite":
        yield bundled_template()
        return
    location = create_database()

    async def build() -> None:
        db, reports = await open_store(location)
        assert reports, "the bundled data should load into a fresh store"
        await db.close()

    asyncio.run(build())
    yield location
    if isinstance(location, str):
        drop_database(location)


@pytest.fixture
def bundled_store(bundled_store_template: Location, tmp_path: Path) -> Iterator[Location]:
    """Where this test's copy of the bundled store is (a file, or a database dropped after the test)."""
    location = new_store(tmp_path, bundled_store_template)
    yield location
    discard(location)


@pytest.fixture
def store_location(tmp_path: Path) -> Iterator[Location]:
    """Where this test may create an empty store (a file path, or an empty database dropped after the test)."""
    location = new_store(tmp_path)
    yield location
    discard(location)


@pytest.fixture
async def store(bundled_store: Location) -> AsyncIterator[Database]:
    db = await Database.open(bundled_store)
    yield db
    await db.close()


@pytest.fixture
async def results(store: Database) -> ResultsService:
    service = ResultsService(ResultsRepository(store))
    await service.refresh()
    return service


# Most tests of what the bundled store answers (names, claims, facts, career, bests) only read it, and a fresh copy
# opened and loaded for each of them cost a tenth of a second a test on SQLite, half a second on PostgreSQL (about
# 900 tests). They share one instead, per test process: a copy of the template (on PostgreSQL a database of its
# own: the template cannot be copied while anyone is connected to it) opened read-only, so that a test that writes
# fails loudly (SQLite opened with mode=ro and query_only, PostgreSQL with no write connection and read-only
# sessions) rather than changing what the next test reads. The service's caches are shared too: a test that
# writes, refreshes the service, patches it or counts its loads and cache hits takes its own (`results`).
@pytest.fixture(scope="session")
def shared_store(bundled_store_template: Location, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Location]:
    location = new_store(tmp_path_factory.mktemp("shared-store"), bundled_store_template)
    yield location
    discard(location)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_results(shared_store: Location) -> AsyncIterator[ResultsService]:
    """The bundled store's ResultsService, loaded once per test process on a read-only store (above)."""
    db = await Database.open_readonly(shared_store)
    service = ResultsService(ResultsRepository(db))
    await service.refresh()
    yield service
    await db.close()


@pytest.fixture
def shared_database(shared_results: ResultsService) -> Database:
    """The shared read-only store itself (above), for tests that read it with SQL."""
    return shared_results.repo.database


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_facts(shared_results: ResultsService) -> tuple[Fact, ...]:
    """Every fact of the shared store, found once per process (a second of work each time) for the tests that read
    the list; tests/unit/test_facts.py generates them twice itself to check that two generations agree."""
    return tuple(await FactsService(shared_results).facts())
