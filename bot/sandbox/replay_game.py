"""The podium predictions game in `skatebot sandbox --replay`: as soon as the replayed site lists an event's entries,
and before its first segment starts, fan and the moderator each pick its podium (`/predict pick`); the bot tells
#general when the round locks, scores the event when its final result lands and announces it there; once announced,
fan asks for the competition's leaderboard. The driver of the replay (bot/sandbox/harness.py) calls `step()` at each
of its ticks, and its clock waits while `to_pick()` (an event is open with its entries listed, and not picked yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from bot.sandbox.replay import ORDER_LEAD, Phase
from bot.services.predictions import entry_key
from db.models import Competition, Entry, Event, WatchState

if TYPE_CHECKING:
    from bot.client import SkateBot
    from bot.sandbox.harness import Sandbox

PODIUM = 3


class ReplayGame:
    def __init__(self, sandbox: Sandbox, console: Console) -> None:
        self.sandbox, self.console = sandbox, console
        self.played: tuple[Competition, Event] | None = None  # the event picked
        self.boarded = False  # the leaderboard was asked for

    async def to_pick(self) -> bool:
        """Whether an event is open with its entries listed and not picked yet (the replay's clock waits)."""
        assert self.sandbox.bot is not None
        return self.played is None and await self._open_event(self.sandbox.bot) is not None

    async def step(self, bot: SkateBot) -> None:
        if self.played is None:
            await self._pick(bot)
        elif not self.boarded:
            await self._leaderboard(bot)

    async def _open_event(self, bot: SkateBot) -> tuple[Competition, Event, list[Entry]] | None:
        """The first event of the watched competition whose entries the store holds (a podium's worth) and whose
        round is still open."""
        keys = {w.competition_key for w in await bot.live.watches() if w.state is WatchState.WATCHING}
        for competition in bot.results.all_competitions():
            if competition.key not in keys:
                continue
            for event in bot.results.events_of(competition):
                if event.discipline == "team":
                    continue
                entries, _ = await bot.results.results_of(event)
                if len(entries) < PODIUM + 1:
                    continue
                lock = await bot.predictions.lock_state(None, competition, event, entries)
                if not lock.locked:
                    return competition, event, entries
        return None

    async def _pick(self, bot: SkateBot) -> None:
        found = await self._open_event(bot)
        if found is None:
            return
        competition, event, entries = found
        # Two different podiums, a fan's guess each: a starting order's last skaters are the best ranked before it (its
        # last group), so the announcement has members to rank and some points to give, whatever the result.
        fan = (entries[-1], entries[-2], entries[-3], entries[-1])
        moderator = (entries[-2], entries[-1], entries[-4], entries[-2])
        for who, user, chosen in (("fan", self.sandbox.member, fan), ("mod", self.sandbox.moderator, moderator)):
            gold, silver, bronze, short = (entry_key(entry) for entry in chosen)
            await self.sandbox.slash(
                "predict pick",
                user=user,
                competition=competition.key,
                event=event.key,
                gold=gold,
                silver=silver,
                bronze=bronze,
                short=short,
            )
            self.console.print(Text(f"{who}: /predict pick event: {event.name} {_said(chosen)}", style="dim"))
        self.played = (competition, event)

    async def _leaderboard(self, bot: SkateBot) -> None:
        assert self.played is not None
        competition, event = self.played
        round_ = await bot.predictions.repo.round(self.sandbox.guild.id, competition.key, event.key)
        post = await bot.predictions.repo.post(round_.id) if round_ is not None else None
        if post is None or post.state != "posted":
            return
        await self.sandbox.slash("predict leaderboard", user=self.sandbox.member, competition=competition.key)
        self.console.print(Text(f"fan: /predict leaderboard competition: {competition.label}", style="dim"))
        self.boarded = True


def segment_starts(phases: Sequence[Phase]) -> list[datetime]:
    """When each segment starts (its starting order's phase, ORDER_LEAD before): the replay's clock stops short of
    each until the bot has read what came before it, so the members pick before an event's first segment."""
    return [phase.when + ORDER_LEAD for phase in phases if phase.name == "starting order"]


def _said(chosen: Sequence[Entry]) -> str:
    gold, silver, bronze, short = (entry.name for entry in chosen)
    return f"gold: {gold} silver: {silver} bronze: {bronze} short: {short}"
