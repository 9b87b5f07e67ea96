"""The story index's word separators as an earlier start measured them (bot/sandbox/word_separators.py): kept in the
user's cache, used by the next start instead of measuring them again, and only under the versions they were measured
under."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.sandbox.word_separators import _separators_file, remember_word_separators, use_remembered_word_separators
from db import words


@pytest.fixture
def unmeasured(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as if it had measured nothing yet (restored afterwards, for the tests that follow)."""
    monkeypatch.setattr(words, "_separators", None)


def _measuring_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def measured() -> frozenset[str]:
        raise AssertionError("the separators were measured again")

    monkeypatch.setattr(words, "_measure_separators", measured)


def test_the_next_start_uses_the_separators_a_start_kept(
    tmp_path: Path, unmeasured: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    assert not use_remembered_word_separators(cache)  # nothing kept yet: the store measures them
    remember_word_separators(cache)
    measured = words.tokenizer_separators()
    assert measured  # this SQLite splits a few characters Python keeps in words (Tai Lue's vowel signs among them)

    monkeypatch.setattr(words, "_separators", None)  # the next process
    _measuring_is_an_error(monkeypatch)
    assert use_remembered_word_separators(cache)
    assert words.tokenizer_separators() == measured


def test_separators_kept_under_other_versions_or_damaged_are_measured_again(tmp_path: Path, unmeasured: None) -> None:
    cache = tmp_path / "cache"
    kept = _separators_file(cache)
    kept.parent.mkdir(parents=True)
    kept.write_text(json.dumps({"under": "unicode61 | SQLite 3.0.0 | Unicode 1.0", "separators": ["x"]}))
    assert not use_remembered_word_separators(cache)
    for damaged in ("{", '{"under": 1}', json.dumps({"under": words.measured_under(), "separators": ["xy"]})):
        kept.write_text(damaged)
        assert not use_remembered_word_separators(cache)
    assert "x" not in words.tokenizer_separators()  # measured, not taken from any of them
