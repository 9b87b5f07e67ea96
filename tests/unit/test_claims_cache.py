"""The claim check keeps its name lookups between checks (bot.services.claims.StoreNames in the results service's
derived() cache): a change of the store's names must reach the next check, never a verdict read on the old names."""

from __future__ import annotations

from bot.services.access import Actor, audit
from bot.services.claims import CONSISTENT, UNCHECKABLE, check_text
from bot.services.results import ResultsService
from db.models import Skater

OWNER = Actor(user_id=1, guild_id=None, is_owner=True)
# A spelling no skater has: a name of the story only once an owner stores it as Kaori Sakamoto's.
ALIAS = "Sakamotova"
STORY = f"{ALIAS} won silver in Milan."


async def outcome(results: ResultsService, **links: object) -> str:
    report = await check_text(results, STORY, **links)  # type: ignore[arg-type]
    found = [v.outcome for v in report.verdicts if v.claim.kind == "medal"]
    assert len(found) == 1, report.verdicts
    return found[0]


def olympic_women(results: ResultsService) -> dict[str, object]:
    competition = results.competition("owg2026")
    return {"competition_id": competition.id, "event_id": results.event(competition, "women").id}


async def test_an_alias_added_reaches_the_next_check(results: ResultsService) -> None:
    links = olympic_women(results)
    assert await outcome(results, **links) == UNCHECKABLE  # a name the store lacks, lookups now cached
    await results.add_alias(OWNER, "Kaori Sakamoto", ALIAS)
    assert await outcome(results, **links) == CONSISTENT


async def test_an_alias_removed_is_no_longer_read_as_the_skater(results: ResultsService) -> None:
    await results.add_alias(OWNER, "Kaori Sakamoto", ALIAS)
    sakamoto = results.skater_id("Kaori Sakamoto")
    for links in (olympic_women(results), {"skater_ids": [sakamoto]}, {"moment_date": "2026-02-19"}):
        assert await outcome(results, **links) == CONSISTENT, links
        await results.remove_alias(OWNER, "Kaori Sakamoto", ALIAS)
        assert await outcome(results, **links) == UNCHECKABLE, links
        await results.add_alias(OWNER, "Kaori Sakamoto", ALIAS)


async def test_a_refresh_after_the_store_changed_reaches_the_next_check(results: ResultsService) -> None:
    """An import changes the store and then refreshes the service: here the alias is written to the store
    directly, so only the refresh can tell the check."""
    links = olympic_women(results)
    assert await outcome(results, **links) == UNCHECKABLE
    sakamoto = results.skater_id("Kaori Sakamoto")
    await results.repo.add_alias(sakamoto, ALIAS, audit(OWNER, "alias add", None, {"alias": ALIAS}))
    assert await outcome(results, **links) == UNCHECKABLE  # the loaded names are still the old ones
    await results.refresh()
    assert await outcome(results, **links) == CONSISTENT


async def test_names_built_while_the_names_changed_are_not_kept(results: ResultsService, monkeypatch) -> None:
    """A check that read a skater's names just before an owner removed the alias may answer on them, but what it
    built on them must not answer the next check."""
    await results.add_alias(OWNER, "Kaori Sakamoto", ALIAS)
    links = {**olympic_women(results), "skater_ids": [results.skater_id("Kaori Sakamoto")]}
    read_skater = results.skater_by_id
    removed: list[bool] = []

    async def removing_the_alias_once_read(skater_id: int) -> Skater | None:
        skater = await read_skater(skater_id)
        if not removed:
            removed.append(True)
            await results.remove_alias(OWNER, "Kaori Sakamoto", ALIAS)
        return skater

    monkeypatch.setattr(results, "skater_by_id", removing_the_alias_once_read)
    await check_text(results, STORY, **links)  # type: ignore[arg-type]
    assert removed
    assert await outcome(results, **links) == UNCHECKABLE
