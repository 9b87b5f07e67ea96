"""The work a claim check does for a story, counted (never timed): what it need not read is not read."""

from __future__ import annotations

import pytest

from bot.services.claims import check_text
from bot.services.claims.mentions import Found, MentionFinder
from bot.services.results import ResultsService

# The Milano Cortina Games were on that day: a story dated so is about them, whatever its words name.
OLYMPIC_DAY = "2026-02-19"


@pytest.fixture
def sentences_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sentences each check hands to mention finding, in order."""
    read: list[str] = []
    find = MentionFinder.find

    def counting(self: MentionFinder, sentence: str) -> Found:
        read.append(sentence)
        return find(self, sentence)

    monkeypatch.setattr(MentionFinder, "find", counting)
    return read


async def test_a_dated_story_is_read_without_its_competition_only_to_its_first_claim(
    shared_results: ResultsService, sentences_read: list[str]
) -> None:
    story = "The crowd was loud. Kaori Sakamoto won silver. Alysa Liu took gold. Amber Glenn was fifth."
    report = await check_text(shared_results, story, moment_date=OLYMPIC_DAY)
    assert report.competition is not None
    assert len(report.verdicts) == 3
    # Read once up to the first claim (whether it makes one is all that reading tells), then whole with the names
    # of the Games held that day.
    assert sentences_read == [
        "The crowd was loud.",
        "Kaori Sakamoto won silver.",
        "The crowd was loud.",
        "Kaori Sakamoto won silver.",
        "Alysa Liu took gold.",
        "Amber Glenn was fifth.",
    ]


async def test_a_dated_story_with_no_claim_is_read_once(
    shared_results: ResultsService, sentences_read: list[str]
) -> None:
    story = "The crowd was loud. Kaori Sakamoto smiled."
    report = await check_text(shared_results, story, moment_date=OLYMPIC_DAY)
    assert report.verdicts == [] and report.competition is None
    assert sentences_read == ["The crowd was loud.", "Kaori Sakamoto smiled."]


async def test_an_undated_story_is_read_whole_to_find_its_competition(
    shared_results: ResultsService, sentences_read: list[str]
) -> None:
    """With no date, every sentence may name the competition or a skater who places the story: all are read."""
    story = "Kaori Sakamoto won silver. Alysa Liu took gold at the Milano Cortina Olympics."
    report = await check_text(shared_results, story)
    assert report.competition is not None
    first, second = "Kaori Sakamoto won silver.", "Alysa Liu took gold at the Milano Cortina Olympics."
    assert sentences_read == [first, second, first, second]
