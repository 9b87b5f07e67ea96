"""The bundled store as a template: built once per version of what shapes it, kept in the user's cache directory,
and copied for each `skatebot sandbox` start, each command that makes a new store file (`skatebot db create`, a first
import or `run` on a new file: seed_new_store), and each test that wants a fresh store with the bundled data.

A version is a digest of the bundled files (bot.store.BUNDLED_DATA) and of the code that turns them into a store
(the migrations, db/, bot/services/, bot/store.py, the message catalogues): a changed file means a new template,
an unchanged checkout never builds twice. Two starts at once take a lock file: one builds, the other waits and
copies; the template appears by an atomic rename, so a reader never sees half of one.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import logging
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from bot.user_cache import cache_dir

log = logging.getLogger(__name__)

_ROOT = Path(__file__).resolve().parents[2]
# The code whose change changes what a store built from the same files holds (bot/sandbox/ and the cogs do not).
_SHAPING = (
    ("db", "*.py"),
    ("db/migrations", "**/*.sql"),
    ("bot/services", "**/*.py"),
    ("bot/locales", "**/*.ftl"),
    ("bot", "store.py"),
    ("bot/sandbox", "template.py"),
)
PREFIX = "bundled-"
SUFFIX = ".sqlite3"
# Templates of other versions (another checkout, an older install) unused this long are removed.
STALE_AFTER = 14 * 24 * 3600


def _files(folder: Path, pattern: str) -> Iterable[Path]:
    if not folder.is_dir():
        return []
    return (p for p in folder.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def template_version(bundled: Path, *, code_root: Path = _ROOT) -> str:
    """The digest of what goes into the template: every file of the bundled folder and the code that shapes it."""
    digest = hashlib.sha256(b"skatebot bundled store template 1\0")
    sources = [("data", bundled, p) for p in _files(bundled, "**/*") if _bundled_input(p)]
    for folder, pattern in _SHAPING:
        sources += [("code", code_root / folder, p) for p in _files(code_root / folder, pattern)]
    for kind, base, path in sorted(sources, key=lambda s: (s[0], s[2].relative_to(s[1]).as_posix(), str(s[1]))):
        digest.update(f"{kind}:{path.relative_to(base).as_posix()}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def _bundled_input(path: Path) -> bool:
    """Whether a file of the bundled folder goes into the template: not bytecode, and not a store kept there (the
    default SKATEBOT_DB, data/skatebot.sqlite3, and its journals; a new store's copy being made, hidden): a store
    the bot writes to must not make every sandbox start build the template again, nor be read whole to digest it."""
    return path.suffix != ".pyc" and ".sqlite3" not in path.name and not path.name.startswith(".")


# The bundled folder as bot.store names it (BUNDLED_DATA; that module imports the services, too late for this).
_BUNDLED = _ROOT / "data"
# template_version of a folder, being computed in a thread since the start began (`version_early`).
_early_versions: dict[Path, concurrent.futures.Future[str]] = {}


def version_early(bundled: Path = _BUNDLED) -> None:
    """Starts reading and digesting the bundled data and the code (template_version, 7 MB) in a thread, for the
    `bundled_template` call that follows: `skatebot sandbox` calls it before importing the bot, and as reading
    and hashing release the GIL, the digest is ready by the time the imports are done."""
    if bundled not in _early_versions:
        pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="template-version")
        _early_versions[bundled] = pool.submit(template_version, bundled)
        pool.shutdown(wait=False)


def _version(bundled: Path) -> str:
    early = _early_versions.pop(bundled, None)  # once: a later call digests the files as they are then
    return early.result() if early is not None else template_version(bundled)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on `path` (created) for the block: another process waits for it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+b") as file:
        if sys.platform == "win32":
            import msvcrt

            while True:
                try:
                    msvcrt.locking(file.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:  # LK_LOCK gives up after 10 s; a build can take longer
                    continue
            try:
                yield
            finally:
                file.seek(0)
                msvcrt.locking(file.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(file.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(file.fileno(), fcntl.LOCK_UN)


def _build(target: Path, bundled: Path) -> None:
    """Builds the store into `target` on a loop of its own (the caller may be inside a running loop)."""
    import asyncio

    from bot.store import open_store

    async def build() -> None:
        db, reports = await open_store(target, bundled=bundled)
        await db.close()
        if not reports:
            log.warning("the bundled folder %s held no results: the template store is empty", bundled)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, build()).result()


def bundled_template(
    *,
    bundled: Path | None = None,
    cache: Path | None = None,
    on_build: Callable[[Path], None] | None = None,
) -> Path:
    """The template store for this version of the bundled data, built first if no start built it yet (then
    `on_build` is called before the build, with the template's future path, so that the user is told)."""
    from bot.store import BUNDLED_DATA

    bundled = bundled or BUNDLED_DATA
    cache = cache or cache_dir()
    version = _version(bundled)
    template = cache / f"{PREFIX}{version}{SUFFIX}"
    if not template.is_file():
        with _locked(cache / f"{PREFIX}{version}.lock"):
            if not template.is_file():  # another start may have built it while this one waited
                if on_build is not None:
                    on_build(template)
                for left in cache.glob(f"{PREFIX}{version}.*.building*"):  # a crashed build's (the lock is ours)
                    left.unlink(missing_ok=True)
                building = cache / f"{PREFIX}{version}.{os.getpid()}.building"
                try:
                    _build(building, bundled)
                    os.replace(building, template)
                finally:
                    _remove_store(building)
                _prune(cache, keep=template)
    with contextlib.suppress(OSError):
        os.utime(template)  # in use: not stale
    return template


def copy_template(template: Path, destination: Path) -> Path:
    """A fresh store at `destination`: a copy of the template."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, destination)
    return destination


def seed_new_store(
    destination: Path,
    *,
    on_build: Callable[[Path], None] | None = None,
    bundled: Path | None = None,
    cache: Path | None = None,
) -> Path | None:
    """A SQLite store that is not there yet starts as a copy of the template (built first if need be, see
    `bundled_template`), instead of importing the bundled data again; returns the template, or None when a store is
    there already. The copy appears under its name at once, whole (a hard link to a finished copy): a store another
    process made meanwhile is never overwritten; where the cache cannot be written (a read-only home in a container)
    or the file system has no hard links, nothing is copied and the store is built as before."""
    if destination.exists():
        return None
    try:
        template = bundled_template(bundled=bundled, cache=cache, on_build=on_build)
    except OSError as exc:
        log.warning("no bundled store template (%s): the new store imports the bundled data itself", exc)
        return None
    copying = destination.with_name(f".{destination.name}.{os.getpid()}.copying")
    try:
        os.link(copy_template(template, copying), destination)
    except OSError:  # FileExistsError: another process's store is there now; or no hard links here
        return None
    finally:
        copying.unlink(missing_ok=True)
    return template


def _remove_store(path: Path) -> None:
    for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(FileNotFoundError):
            part.unlink()


def _prune(cache: Path, *, keep: Path) -> None:
    """Removes other versions' templates nobody used for STALE_AFTER, and builds a crash left behind."""
    now = time.time()
    for path in cache.glob(f"{PREFIX}*"):
        if path == keep or (path.name.endswith(".lock") and path.with_suffix(SUFFIX) == keep):
            continue
        try:
            old = now - path.stat().st_mtime > STALE_AFTER
        except FileNotFoundError:
            continue
        if old:
            with contextlib.suppress(OSError):
                path.unlink()
