"""The suite's order under pytest-xdist (tests/conftest.py): the longest work first, a group kept whole and in its
own order, so that no long test starts while the other worker is nearly done."""

from __future__ import annotations

from typing import Any, cast

import pytest

from tests.conftest import _longest_first


class _Item:
    def __init__(self, nodeid: str, group: str | None = None) -> None:
        self.nodeid = nodeid
        self._group = pytest.mark.xdist_group(group).mark if group else None

    def get_closest_marker(self, name: str) -> Any:
        return self._group if name == "xdist_group" else None


def _order(items: list[_Item], durations: dict[str, float]) -> list[str]:
    return [item.nodeid for item in _longest_first(cast(list[pytest.Item], items), durations)]


def test_the_longest_unit_goes_first_and_a_group_stays_whole_in_its_order() -> None:
    items = [
        _Item("tests/unit/test_a.py::quick"),
        _Item("tests/e2e/test_b.py::one", "tests/e2e/test_b.py"),
        _Item("tests/unit/test_c.py::long"),
        _Item("tests/e2e/test_b.py::two", "tests/e2e/test_b.py"),
    ]
    durations = {
        "tests/unit/test_a.py::quick": 0.1,
        "tests/e2e/test_b.py::one": 20.0,
        "tests/e2e/test_b.py::two": 20.0,
        "tests/unit/test_c.py::long": 30.0,
    }
    assert _order(items, durations) == [
        "tests/e2e/test_b.py::one",  # 40 s in all
        "tests/e2e/test_b.py::two",
        "tests/unit/test_c.py::long",
        "tests/unit/test_a.py::quick",
    ]


def test_without_durations_end_to_end_tests_are_guessed_longer_and_ties_keep_their_order() -> None:
    items = [_Item("tests/unit/test_a.py::x"), _Item("tests/unit/test_a.py::y"), _Item("tests/e2e/test_b.py::z")]
    assert _order(items, {}) == ["tests/e2e/test_b.py::z", "tests/unit/test_a.py::x", "tests/unit/test_a.py::y"]
