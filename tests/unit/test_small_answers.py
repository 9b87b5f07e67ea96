"""Small wrong answers found by trying the bot as a new user would (issue 27)."""

from __future__ import annotations

from bot.i18n import render, t


def test_compare_counts_the_meetings_in_the_store_not_all_they_had() -> None:
    # "in 5 events both entered" read as if they met 5 times ever; they met more often than the store holds.
    for message in ("compare-finished-ahead", "compare-era-tally"):
        text = t(message, events=5, era="2022-", a="A", b="B", a_wins=3, b_wins=2)
        assert "5 events both entered (of those in the store)" in render(text, "en-US")
        assert "データにある" in render(text, "ja")
