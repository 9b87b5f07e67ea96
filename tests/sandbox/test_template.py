"""The bundled store's template (bot/sandbox/template.py): built once per version of what goes into it, in the
user's cache directory, under a lock; copied for each sandbox and each test's fresh store."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.sandbox import template as templates
from bot.sandbox.template import bundled_template, cache_dir, copy_template, seed_new_store, template_version
from bot.store import BUNDLED_DATA


@pytest.fixture
def bundled(tmp_path: Path) -> Path:
    """A small bundled folder (one competition and the source tiers): a build takes a fraction of a second."""
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("wc2025.json", "source_tiers.json"):
        shutil.copy(BUNDLED_DATA / name, folder / name)
    return folder


def competitions(store: Path) -> list[str]:
    with sqlite3.connect(store) as connection:
        return [row[0] for row in connection.execute("SELECT name FROM competitions ORDER BY name")]


def test_a_second_start_copies_the_template_and_a_changed_input_rebuilds_it(bundled: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    builds: list[Path] = []
    first = bundled_template(bundled=bundled, cache=cache, on_build=builds.append)
    assert builds == [first] and first.is_file() and first.parent == cache
    assert competitions(first) == ["ISU World Figure Skating Championships 2025"]
    built_at = first.stat().st_ino, first.stat().st_size

    again = bundled_template(bundled=bundled, cache=cache, on_build=builds.append)
    assert again == first and builds == [first], "an unchanged version must not be built again"
    assert (again.stat().st_ino, again.stat().st_size) == built_at

    copy = copy_template(again, tmp_path / "sandbox" / "skatebot.sqlite3")
    assert competitions(copy) == competitions(first)

    shutil.copy(BUNDLED_DATA / "owg2026.json", bundled / "owg2026.json")  # the bundled data changed
    changed = bundled_template(bundled=bundled, cache=cache, on_build=builds.append)
    assert changed != first and builds == [first, changed]
    assert "Milano Cortina 2026" in " ".join(competitions(changed))
    assert not list(cache.glob("*.building*")), "a finished build leaves only the template"


def test_a_new_store_file_starts_as_a_copy_and_a_store_there_is_never_replaced(bundled: Path, tmp_path: Path) -> None:
    """What a command that creates a store does first (bot/cli/store.py): a copy of the template, built if need be;
    a store that is there already (or that another process made meanwhile) is left as it is."""
    cache, builds = tmp_path / "cache", []
    store = tmp_path / "new" / "store.sqlite3"
    template = seed_new_store(store, bundled=bundled, cache=cache, on_build=builds.append)
    assert template is not None and builds == [template] and template.parent == cache
    assert competitions(store) == ["ISU World Figure Skating Championships 2025"]
    assert store.stat().st_ino != template.stat().st_ino, "a copy, never the template itself"
    assert not list(store.parent.glob("*copying*")), "no copy left half-way"

    with sqlite3.connect(store) as connection:
        connection.execute("DELETE FROM competitions")  # the user's store from now on
    assert seed_new_store(store, bundled=bundled, cache=cache, on_build=builds.append) is None
    assert competitions(store) == [] and builds == [template]


def test_a_cache_that_cannot_be_written_leaves_the_new_store_to_be_built_as_before(
    bundled: Path, tmp_path: Path
) -> None:
    """A container's read-only home: no template can be made, and the command goes on (it imports the bundled data
    into the new store itself, bot/store.py), never failing for want of a cache."""
    (tmp_path / "home").write_text("a file where the cache's folder would be")
    store = tmp_path / "store.sqlite3"
    assert seed_new_store(store, bundled=bundled, cache=tmp_path / "home" / "cache") is None
    assert not store.exists()


def test_the_version_follows_the_data_and_the_code_that_shapes_the_store(bundled: Path, tmp_path: Path) -> None:
    code = tmp_path / "code"
    (code / "db" / "migrations").mkdir(parents=True)
    (code / "db" / "migrations" / "0001_initial.sql").write_text("CREATE TABLE t (a);\n")
    (code / "bot" / "services").mkdir(parents=True)
    (code / "bot" / "services" / "importer.py").write_text("A = 1\n")
    (code / "bot" / "cogs.py").write_text("B = 1\n")
    base = template_version(bundled, code_root=code)
    assert template_version(bundled, code_root=code) == base  # the same inputs, the same version

    (code / "bot" / "cogs.py").write_text("B = 2\n")  # code that does not shape the store
    assert template_version(bundled, code_root=code) == base
    (code / "db" / "migrations" / "0002_more.sql").write_text("ALTER TABLE t ADD b;\n")  # a new migration
    with_migration = template_version(bundled, code_root=code)
    assert with_migration != base
    (code / "bot" / "services" / "importer.py").write_text("A = 2\n")  # the importer changed
    with_importer = template_version(bundled, code_root=code)
    assert with_importer not in (base, with_migration)
    for store in ("skatebot.sqlite3", "skatebot.sqlite3-wal", ".skatebot.sqlite3.7.copying"):
        (bundled / store).write_bytes(b"the default store (SKATEBOT_DB), in the bundled folder, written to")
    assert template_version(bundled, code_root=code) == with_importer  # a store is no input of the template
    stories = bundled / "stories.json"
    stories.write_text('{"format": "skatebot-stories", "stories": []}\n')  # a bundled file added
    with_stories = template_version(bundled, code_root=code)
    stories.write_text('{"format": "skatebot-stories", "stories": [] }\n')  # and edited
    assert template_version(bundled, code_root=code) != with_stories


def test_two_starts_at_once_build_once(bundled: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    builds: list[Path] = []
    got: list[Path] = []
    errors: list[BaseException] = []
    gate = threading.Barrier(2)

    def start() -> None:
        try:
            gate.wait()
            got.append(bundled_template(bundled=bundled, cache=cache, on_build=builds.append))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(builds) == 1 and got == [builds[0], builds[0]]


def test_a_crashed_build_leaves_no_template(bundled: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"

    def crash(target: Path, folder: Path) -> None:
        target.write_bytes(b"half a store")
        raise RuntimeError("the machine went down")

    monkeypatch.setattr(templates, "_build", crash)
    with pytest.raises(RuntimeError):
        bundled_template(bundled=bundled, cache=cache)
    assert not list(cache.glob("*.sqlite3")) and not list(cache.glob("*.building*"))
    monkeypatch.undo()
    built = bundled_template(bundled=bundled, cache=cache)
    assert competitions(built) == ["ISU World Figure Skating Championships 2025"]


def test_the_cache_is_in_the_users_cache_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(templates.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "skatebot"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # invalid by the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "skatebot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == tmp_path / "home" / ".cache" / "skatebot"


def test_the_version_begun_early_is_the_one_the_start_uses(
    bundled: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`skatebot sandbox` digests the bundled data in a thread while it imports the bot (template.version_early);
    the start then uses that digest, computed once, and a later start digests the files as they are then."""
    assert templates._BUNDLED == BUNDLED_DATA  # the folder the early digest reads is the one the store loads
    digests: list[Path] = []
    digest = templates.template_version

    def counted(folder: Path) -> str:
        digests.append(folder)
        return digest(folder)

    monkeypatch.setattr(templates, "template_version", counted)
    cache = tmp_path / "cache"
    templates.version_early(bundled)
    first = bundled_template(bundled=bundled, cache=cache)
    assert digests == [bundled] and first.name == f"bundled-{digest(bundled)}.sqlite3"
    shutil.copy(BUNDLED_DATA / "owg2026.json", bundled / "owg2026.json")
    assert bundled_template(bundled=bundled, cache=cache) != first and digests == [bundled, bundled]
