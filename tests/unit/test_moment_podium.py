"""Which moments carry a podium card (bot/services/moment_podium.py): a medal fact still true, or a verified story
linked to an event one of its skaters medalled in; never a story about something else, a disputed one, a team
event or a place the store does not hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pytest

from bot.services.moment_podium import about_a_podium, moment_podium
from bot.services.results import ResultsService
from db.models import Competition, Entry, Event, Figure, Skater, Story

WORLDS = Competition(
    1, "wc2025", "World Championships 2025", "Worlds 2025", "2024-25", "senior", None, None, None, None, None
)
MEN = Event(10, 1, "men", "Men", "men", "senior")
TEAM = Event(11, 1, "team", "Team", "team", "senior")


def entry(skater_id: int, name: str, place: int | None, total: float | None) -> Entry:
    return Entry(
        skater_id,
        MEN.id,
        "USA",
        [Skater(skater_id, name, "USA", None)],
        Figure(place) if place is not None else None,
        Figure(total) if total is not None else None,
        None,
    )


ENTRIES = [
    entry(1, "Ilia Malinin", 1, 318.56),
    entry(2, "Mikhail Shaidorov", 2, 287.23),
    entry(3, "Yuma Kagiyama", 3, 285.04),
    entry(4, "Shun Sato", 4, 274.10),
]


class Results:
    """The three reads moment_podium makes of the results service, over one competition."""

    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries

    def event_by_id(self, event_id: int | None) -> Event | None:
        return {MEN.id: MEN, TEAM.id: TEAM}.get(event_id or 0)

    def competition_by_id(self, competition_id: int | None) -> Competition | None:
        return WORLDS if competition_id == WORLDS.id else None

    async def results_of(self, event: Event) -> tuple[list[Entry], list[Any]]:
        return self.entries, []


def story(**changes: Any) -> Story:
    base = Story(
        id=5,
        guild_id=None,
        title="t",
        summary="s",
        body="b",
        moment_date="2025-03-29",
        competition_id=WORLDS.id,
        event_id=MEN.id,
        label="unverified",
        label_note="",
        labelled_at=None,
        created_by=0,
        created_at="",
        updated_at="",
        skater_ids=(1,),
        fact_key="medal:wc2025/men:1",
        fact_digest="d",
    )
    return replace(base, **changes)


def podium_of(s: Story, entries: list[Entry] = ENTRIES) -> Any:
    import asyncio

    return asyncio.run(moment_podium(cast(ResultsService, Results(entries)), s))


@pytest.mark.parametrize(
    ("changes", "about"),
    [
        ({}, True),  # a medal told from the results, no one labelled it: true by construction
        ({"fact_key": "first-medal:wc2025/men:1"}, True),
        ({"label": "verified"}, True),
        ({"label": "disputed"}, False),  # a moderator says it may be wrong: no picture says it is right
        ({"label": "false"}, False),
        ({"fact_digest": None}, False),  # the results no longer show it
        ({"fact_key": "quad:wc2025/men/free:1"}, False),  # a fact about something else
        ({"fact_key": "climb:wc2025/men:4", "skater_ids": (4,)}, False),
        ({"fact_key": None, "label": "verified"}, True),  # a person's story, verified
        ({"fact_key": None, "label": "unverified"}, False),
        ({"fact_key": None, "label": "verified", "event_id": None}, False),  # linked to no event
        ({"fact_key": None, "label": "verified", "skater_ids": ()}, False),  # about no skater
    ],
)
def test_which_stories_are_about_a_podium(changes: dict[str, Any], about: bool) -> None:
    assert about_a_podium(story(**changes)) is about


def test_the_podium_is_the_stored_events_top_three_by_place() -> None:
    answer = podium_of(story())
    assert answer is not None and answer.left_out == 0
    card = answer.card
    assert card.subtitle == "Worlds 2025"
    assert [(s.place, [n.text for n in s.names], s.nation, s.total) for s in card.steps] == [
        (1, ["Ilia Malinin"], "USA", 318.56),
        (2, ["Mikhail Shaidorov"], "USA", 287.23),
        (3, ["Yuma Kagiyama"], "USA", 285.04),
    ]


def test_no_card_for_a_verified_story_about_a_skater_off_the_podium() -> None:
    assert podium_of(story(fact_key=None, label="verified", skater_ids=(4,))) is None
    assert podium_of(story(fact_key=None, label="verified", skater_ids=(4, 2))) is not None  # one of them medalled


def test_no_card_for_a_team_event_another_competition_or_an_event_gone() -> None:
    assert podium_of(story(event_id=TEAM.id)) is None
    assert podium_of(story(competition_id=2)) is None  # linked to another competition than its event's
    assert podium_of(story(event_id=99)) is None


def test_a_podium_place_without_a_total_is_left_out_and_counted_never_guessed() -> None:
    entries = [*ENTRIES[:2], entry(3, "Yuma Kagiyama", 3, None), ENTRIES[3]]
    answer = podium_of(story(), entries)
    assert answer is not None and answer.left_out == 1
    assert [s.place for s in answer.card.steps] == [1, 2]
    shared = [*ENTRIES[:2], entry(3, "Yuma Kagiyama", 2, 287.23), entry(4, "Shun Sato", 4, 270.0)]
    assert [s.place for s in podium_of(story(), shared).card.steps] == [1, 2, 2]  # a shared place keeps both
