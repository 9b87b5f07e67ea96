"""The catalogues read through the user's cache directory (bot/i18n: a start reads a copy of the parsed files
instead of parsing them all): the same words as parsed, a changed file never served from an old copy, a damaged
copy read again, and Fluent's syntax tree made only for the messages rendered."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, Visitor
from fluent.syntax import ast as ftl

import bot.i18n
from bot.i18n import CACHE_FOLDER, LOCALES_ROOT, Catalogue, MissingMessage, Name, t


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "skatebot" / CACHE_FOLDER


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The Fluent sources parsed from now on."""
    parsed: list[str] = []
    real = FluentParser.parse

    def counting(self: FluentParser, source: str) -> ftl.Resource:
        parsed.append(source)
        return real(self, source)

    monkeypatch.setattr(FluentParser, "parse", counting)
    return parsed


def _variables(message: ftl.Message) -> set[str]:
    found: set[str] = set()

    class Variables(Visitor):
        def visit_VariableReference(self, node: ftl.VariableReference) -> None:
            found.add(node.id.name)

    Variables().visit(message)
    return found


def _every_message(root: Path) -> list[tuple[str, str, dict[str, object]]]:
    """(locale, key, values) for every message of every language, each variable given a whole number (a plural
    selector takes it as a count, a text as its digits)."""
    found = []
    for path in sorted(root.glob("*/*.ftl")):
        for entry in FluentParser(with_spans=False).parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message):
                found.append((path.parent.name, entry.id.name, dict.fromkeys(_variables(entry), 2)))
    return found


def _rendered(catalogue: Catalogue, locale: str, key: str, values: dict[str, object]) -> str:
    try:
        return catalogue.render(t(key, **values), locale)  # type: ignore[arg-type]
    except MissingMessage as error:  # a message that needs a value of another kind: the same error either way
        return f"MissingMessage: {error}"


def test_every_shipped_message_reads_the_same_from_the_cache_as_parsed(cache: Path) -> None:
    parsed = Catalogue(cached=False)
    assert not cache.exists()
    Catalogue()  # parses, and keeps the copy
    assert len(list(cache.glob("*.json"))) == 1
    from_cache = Catalogue()
    messages = _every_message(LOCALES_ROOT)
    assert len(messages) > 2000
    for locale, key, values in messages:
        assert from_cache.has(key, locale) and parsed.has(key, locale)
        assert _rendered(from_cache, locale, key, values) == _rendered(parsed, locale, key, values), (locale, key)
    assert from_cache.keys("ja") == parsed.keys("ja") and from_cache.locales == parsed.locales


def test_a_start_with_the_copy_parses_only_what_it_renders(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Catalogue()
    parsed = _parses(monkeypatch)
    catalogue = Catalogue()
    assert parsed == []
    assert catalogue.render(t("story-form-retry"), "ja") == "修正して再送信"  # text alone: never parsed
    assert parsed == []
    # A message with a value, and one naming another message: each parsed once, with what it names.
    assert catalogue.render(t("pong", latency_ms=4), "en-US") == "Pong! Gateway latency 4 ms."
    assert len(parsed) == 1
    catalogue.render(t("pong", latency_ms=5), "en-US")
    assert len(parsed) == 1
    catalogue.render(t("moment-preview-today", state="posted"), "en-US")
    assert any("moment-post-state = " in source for source in parsed)
    assert any("moment-preview-today = " in source for source in parsed)
    assert len(parsed) == 3


def _locales_copy(tmp_path: Path, messages: str) -> Path:
    root = tmp_path / "locales"
    shutil.copytree(LOCALES_ROOT, root)
    (root / "en-US" / "test.ftl").write_text(messages, encoding="utf-8")
    return root


def test_a_changed_file_is_never_served_from_an_old_copy(cache: Path, tmp_path: Path) -> None:
    root = _locales_copy(tmp_path, "test-greeting = Hello\n")
    assert Catalogue(root, cached=True).render(t("test-greeting"), "en-US") == "Hello"
    (root / "en-US" / "test.ftl").write_text("test-greeting = Hello, { $who }\n", encoding="utf-8")
    assert Catalogue(root, cached=True).render(t("test-greeting", who="Kaori"), "en-US") == "Hello, Kaori"
    assert len(list(cache.glob("*.json"))) == 2


def test_messages_and_terms_named_at_any_depth_are_there_when_first_rendered(cache: Path, tmp_path: Path) -> None:
    root = _locales_copy(
        tmp_path,
        "-test-brand = Skate{ test-inner }\n"
        "test-inner = bot\n"
        "test-middle = { -test-brand } says { $what }\n"
        "test-outer = { test-middle }!\n"
        "# A comment for translators\n"
        "test-loop-a = a { test-loop-b }\n"
        "test-loop-b = b { test-loop-a }\n",
    )
    Catalogue(root, cached=True)
    catalogue = Catalogue(root, cached=True)
    assert catalogue.render(t("test-outer", what=Name("hi")), "en-US") == "Skatebot says hi!"
    assert catalogue.render(t("test-inner"), "en-US") == "bot"
    with pytest.raises(MissingMessage):  # a cycle is Fluent's error, as when parsed: never a hang
        catalogue.render(t("test-loop-a"), "en-US")


def test_a_damaged_copy_is_read_again_with_a_warning(
    cache: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    Catalogue()
    (copy,) = cache.glob("*.json")
    copy.write_text('{"en-US": {"plain": ', encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger=bot.i18n.__name__):
        catalogue = Catalogue()
    assert "unreadable" in caplog.text
    assert catalogue.render(t("pong", latency_ms=4), "en-US") == "Pong! Gateway latency 4 ms."
    assert Catalogue().render(t("story-form-retry"), "ja") == "修正して再送信"  # the copy was written again
    assert '"plain": {' in copy.read_text(encoding="utf-8")


def test_an_unwritable_cache_only_means_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert Catalogue().render(t("pong", latency_ms=4), "en-US") == "Pong! Gateway latency 4 ms."


@pytest.mark.parametrize(
    "refusal",
    [RuntimeError("Could not determine home directory."), PermissionError(13, "Permission denied")],
    ids=["no home", "a home it may not enter"],
)
def test_a_home_without_a_cache_only_means_parsing(
    refusal: Exception, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No home (a container's user without one), or one the service may not enter (systemd's ProtectHome): the
    catalogues are parsed, as before there was a cache, and the bot starts."""
    import bot.user_cache

    def refused() -> Path:
        if isinstance(refusal, RuntimeError):
            raise refusal
        return tmp_path / "protected"

    real_read_bytes = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self.is_relative_to(tmp_path / "protected"):
            raise refusal
        return real_read_bytes(self)

    monkeypatch.setattr(bot.user_cache, "cache_dir", refused)
    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    catalogue = Catalogue()
    assert catalogue.render(t("pong", latency_ms=4), "en-US") == "Pong! Gateway latency 4 ms."
    assert catalogue.render(t("story-form-retry"), "ja") == "修正して再送信"
