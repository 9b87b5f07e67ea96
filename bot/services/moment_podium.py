"""Whether the moment of the day is about a podium, and which: the podium card a server may have on its post
(`/config podium-card`, issue 31).

A moment is about a podium when its story says so by construction (a fact from the results about a medal, still
true and never relabelled as wrong) or when moderators verified a story linked to an event whose podium one of its
skaters stood on. Anything else (a story about fifth place, an unverified or disputed one, a team event, an event the
store no longer holds) has no card: a picture must never say more than the story does.
"""

from __future__ import annotations

from bot.services.charts.build import PodiumAnswer, stored_podium
from bot.services.results import ResultsService
from db.models import Label, Story, number_of

PODIUM_FACTS = frozenset({"medal", "first-medal"})  # the kinds of fact (bot/services/facts/) about a medal
PODIUM_PLACES = 3
_NOT_TRUE = frozenset({Label.FALSE, Label.DISPUTED, Label.MISLEADING, Label.SATIRE})


def about_a_podium(story: Story) -> bool:
    """Whether the story, as labelled now, may carry the podium of the event it links to."""
    if story.event_id is None or not story.skater_ids:
        return False
    if story.fact_key is not None and story.label not in _NOT_TRUE:
        return story.fact_digest is not None and story.fact_key.split(":", 1)[0] in PODIUM_FACTS
    return story.label == Label.VERIFIED


async def moment_podium(results: ResultsService, story: Story) -> PodiumAnswer | None:
    """The podium of the event the story links to, when the story is about it (`about_a_podium`) and one of its
    skaters stood on it in the store; None otherwise."""
    if not about_a_podium(story):
        return None
    event = results.event_by_id(story.event_id)
    competition = results.competition_by_id(event.competition_id) if event is not None else None
    if event is None or competition is None:
        return None
    if story.competition_id is not None and story.competition_id != competition.id:
        return None
    entries, _ = await results.results_of(event)
    wanted = set(story.skater_ids)
    on_the_podium = any(
        (place := number_of(entry.place)) is not None
        and 1 <= place <= PODIUM_PLACES
        and any(skater.id in wanted for skater in entry.skaters)
        for entry in entries
    )
    return stored_podium(competition, event, entries) if on_the_podium else None
