"""Podium predictions: the scoring rules on their own, then the game on a real store: picks before the event's first
segment by the watched site's schedule, a late pick refused with the lock time, a moderator's lock, the final result
imported and every round scored and announced once (a withdrawn skater's picks scoring nothing, and why), a corrected
result re-scoring and editing the announcement, a restart between claim and send, the leaderboards."""

from __future__ import annotations

import copy
import itertools
import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.errors import UserFacingError
from bot.services.access import Actor, PermissionDenied
from bot.services.importer import import_document
from bot.services.live.service import LiveService, PostFailed
from bot.services.outbox import Outbox, Outgoing
from bot.services.predictions import (
    SCORING_TABLES,
    Announcement,
    EventResult,
    LockNotice,
    PredictionService,
    Scorer,
    entry_key,
    event_result,
    score_pick,
)
from bot.services.predictions.delivery import announced, locked
from bot.services.results import ResultsService
from db.database import Database
from db.models import AuditRecord, Entry, Figure, OutboxPost, Segment, SegmentResult, Skater
from db.prediction_models import Pick
from db.repositories.live import LiveRepository
from db.repositories.outbox import OutboxRepository
from db.repositories.predictions import PredictionRepository, pick_from_row

MOD = Actor(2, 10, is_moderator=True)
FAN = Actor(3, 10)
OTHER_FAN = Actor(4, 10)
ELSEWHERE = Actor(3, 20)  # the same member in another server: a round of its own
SP_STARTS = datetime(2030, 1, 10, 9, 0, tzinfo=UTC)
SOURCE = ["https://example.org/results"]


def fig(value: Any) -> dict[str, Any]:
    return {"value": value, "confidence": "official", "sources": SOURCE}


SKATERS = [
    ("Anna Example", "FIN"),
    ("Bea Sample", "SWE"),
    ("Cleo Trial", "NOR"),
    ("Dana Probe", "DEN"),
    ("Eve Model", "EST"),
]
COUPLES = [("Mia Left", "Max Right", "GER"), ("Lia Front", "Leo Back", "FRA"), ("Ria Up", "Rex Down", "ITA")]


def document(women: list[dict[str, Any]], pairs: list[dict[str, Any]]) -> dict[str, Any]:
    segments = [
        {"id": "SP", "kind": "short_program", "name": "Short program", "date": "2030-01-10"},
        {"id": "FS", "kind": "free_skate", "name": "Free skate", "date": "2030-01-12"},
    ]
    return {
        "format": "skatebot-results",
        "version": 1,
        "competitions": [
            {
                "id": "predcup2030",
                "name": "Prediction Cup 2030",
                "season": "2029-30",
                "level": "other",
                "start_date": "2030-01-10",
                "end_date": "2030-01-12",
                "events": [
                    {
                        "id": "women",
                        "discipline": "women",
                        "level": "senior",
                        "name": "Women",
                        "segments": segments,
                        "entries": women,
                    },
                    {
                        "id": "pairs",
                        "discipline": "pairs",
                        "level": "senior",
                        "name": "Pairs",
                        "segments": segments,
                        "entries": pairs,
                    },
                ],
            }
        ],
    }


def entries_before() -> dict[str, Any]:
    return document(
        [{"skaters": [{"name": n}], "country": c} for n, c in SKATERS],
        [{"skaters": [{"name": a}, {"name": b}], "country": c} for a, b, c in COUPLES],
    )


def final(places: dict[str, int], sp_ranks: dict[str, int], withdrawn: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The final result: women by name → place (a withdrawn skater has a status instead), SP ranks by name."""
    women = []
    for name, country in SKATERS:
        entry: dict[str, Any] = {"skaters": [{"name": name}], "country": country}
        if name in withdrawn:
            entry["status"] = "WD"
        else:
            entry["place"] = fig(places[name])
        if name in sp_ranks:
            entry["segments"] = {"SP": {"rank": fig(sp_ranks[name]), "tss": fig(80.0 - sp_ranks[name])}}
        women.append(entry)
    pairs = [
        {"skaters": [{"name": a}, {"name": b}], "country": c, "place": fig(i + 1)}
        for i, (a, b, c) in enumerate(COUPLES)
    ]
    return document(women, pairs)


@dataclass
class Clock:
    now: datetime = SP_STARTS - timedelta(days=1)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Poster:
    sent: list[Announcement] = field(default_factory=list)
    edits: list[tuple[Announcement, int]] = field(default_factory=list)
    locks: list[LockNotice] = field(default_factory=list)
    in_channel: dict[str, int] = field(default_factory=dict)  # marker → message id, what find() sees
    fail_next: PostFailed | None = None

    async def send(self, post: Outgoing | Announcement) -> int:
        """A post as the outbox sends it (or, in a test, an announcement as Discord got it before a crash)."""
        if isinstance(post, Outgoing) and isinstance(post.content, LockNotice):
            return await self.send_lock(post.content)
        announcement = post.content if isinstance(post, Outgoing) else post
        assert isinstance(announcement, Announcement)
        if self.fail_next is not None:
            failure, self.fail_next = self.fail_next, None
            raise failure
        self.sent.append(announcement)
        self.in_channel[announcement.marker] = 5000 + len(self.sent)
        return 5000 + len(self.sent)

    async def edit(self, post: Outgoing, message_id: int) -> None:
        assert isinstance(post.content, Announcement)
        self.edits.append((post.content, message_id))

    async def delete(self, post: OutboxPost) -> None:
        pass

    async def send_lock(self, notice: LockNotice) -> int:
        if self.fail_next is not None:
            failure, self.fail_next = self.fail_next, None
            raise failure
        self.locks.append(notice)
        self.in_channel[notice.marker] = 9000 + len(self.locks)
        return 9000 + len(self.locks)

    async def find(self, post: Outgoing | Announcement | LockNotice) -> int | None:
        return self.in_channel.get(post.marker)


@dataclass
class Game:
    db: Database
    results: ResultsService
    live: LiveService
    service: PredictionService
    clock: Clock
    poster: Poster

    async def load(self, doc: dict[str, Any]) -> None:
        await import_document(self.db, doc, source="test")
        await self.results.refresh()


@pytest.fixture
async def game(store: Database, results: ResultsService) -> Game:
    clock = Clock()
    live = LiveService(LiveRepository(store), results, clock=clock)
    service = PredictionService(PredictionRepository(store), results, live, clock=clock)
    poster = Poster()
    service.attach(poster)
    found = Game(store, results, live, service, clock, poster)
    await found.load(entries_before())
    # The watched site's schedule: the women's short program first, then the free skate.
    audit = AuditRecord(1, None, "live.watch", clock.now.isoformat())
    watch = await live.repo.add_watch("http://127.0.0.1:1/predcup/index.htm", clock.now.isoformat(), audit)
    assert watch is not None
    schedule = [
        {
            "category": "Women",
            "segment": "Short Program",
            "discipline": "women",
            "level": "senior",
            "event_key": "women",
            "starts_at": SP_STARTS.isoformat(),
            "result": "001/001/segment",
        },
        {
            "category": "Women",
            "segment": "Free Skating",
            "discipline": "women",
            "level": "senior",
            "event_key": "women",
            "starts_at": (SP_STARTS + timedelta(days=2)).isoformat(),
            "result": "001/002/segment",
        },
    ]
    await live.repo.polled(
        watch.id,
        at=clock.now.isoformat(),
        next_poll_at=clock.now.isoformat(),
        name="Prediction Cup 2030",
        competition_key="predcup2030",
        timezone=None,
        schedule=schedule,
    )
    return found


def stopped_outbox(game: Game) -> Outbox:
    """The outbox of a process that claims posts and stops (another claimant than the game's)."""
    return Outbox(OutboxRepository(game.db), clock=lambda: game.clock.now)


def result_of(
    places: dict[str, int], statuses: dict[str, str] | None = None, short: frozenset[str] = frozenset()
) -> EventResult:
    return EventResult(places, statuses or {}, short, {})


def a_pick(gold: str, silver: str, bronze: str, short: str) -> Pick:
    return Pick(1, 3, gold, silver, bronze, short, "2030-01-01T00:00:00+00:00")


# --- the rules on their own -----------------------------------------------------------------------------------------
def test_standard_table_exact_place_podium_elsewhere_missed_and_the_short_winner() -> None:
    result = result_of({"1": 1, "2": 2, "3": 3, "4": 4}, short=frozenset({"4"}))
    points, lines = score_pick(a_pick("1", "3", "4", "4"), result, SCORING_TABLES["standard"])
    assert [(line["slot"], line["points"], line["why"]) for line in lines] == [
        ("gold", 5, "exact"),
        ("silver", 2, "podium"),
        ("bronze", 0, "missed"),
        ("short", 3, "won"),
    ]
    assert points == 10
    # Another table scores the same pick otherwise.
    assert score_pick(a_pick("1", "3", "4", "4"), result, SCORING_TABLES["generous"])[0] == 4 + 3 + 0 + 2
    assert score_pick(a_pick("1", "3", "4", "4"), result, SCORING_TABLES["exact"])[0] == 6 + 0 + 0 + 3


def test_a_withdrawn_skater_scores_nothing_and_says_why() -> None:
    result = result_of({"1": 1, "2": 2, "3": 3}, statuses={"9": "WD"}, short=frozenset({"1"}))
    points, lines = score_pick(a_pick("9", "2", "3", "9"), result, SCORING_TABLES["standard"])
    assert points == 5 + 5
    assert (lines[0]["why"], lines[0]["status"], lines[0]["points"]) == ("out", "WD", 0)
    assert (lines[3]["why"], lines[3]["status"], lines[3]["points"]) == ("out", "WD", 0)
    # A skater the final result does not list at all: nothing either, and it says so.
    assert score_pick(a_pick("7", "2", "3", "1"), result, SCORING_TABLES["standard"])[1][0]["why"] == "absent"


def test_the_scorer_of_many_picks_scores_as_the_rule_does() -> None:
    result = result_of({"1": 1, "2": 2, "3": 3, "4": 4}, statuses={"9": "WD"}, short=frozenset({"4"}))
    scorer = Scorer(result, SCORING_TABLES["generous"])
    keys = ["1", "2", "3", "4", "9", "7"]
    for gold, silver, bronze, short in itertools.product(keys, repeat=4):
        pick = a_pick(gold, silver, bronze, short)
        points, lines = score_pick(pick, result, SCORING_TABLES["generous"])
        assert scorer.score(pick) == (points, json.dumps(lines, ensure_ascii=False, separators=(",", ":")))


def _entry(entry_id: int, place: int | None, status: str | None = None, sp_rank: int | None = None) -> Entry:
    segments = {1: SegmentResult(1, rank=Figure(sp_rank))} if sp_rank is not None else {}
    return Entry(
        entry_id,
        1,
        "FIN",
        [Skater(entry_id, f"S{entry_id}", "FIN", None)],
        Figure(place) if place is not None else None,
        None,
        status,
        segments,
    )


def test_a_result_is_final_only_when_every_entry_has_a_place_or_a_status() -> None:
    segments = [
        Segment(1, 1, "SP", "short_program", "Short", None, None, 1),
        Segment(2, 1, "FS", "free_skate", "Free", None, None, 2),
    ]
    assert event_result([_entry(1, 1, sp_rank=2), _entry(2, None, sp_rank=1)], segments) is None
    done = event_result([_entry(1, 1, sp_rank=2), _entry(2, 2, sp_rank=1), _entry(3, None, "WD")], segments)
    assert done is not None
    assert done.places == {"1": 1, "2": 2} and done.statuses == {"3": "WD"} and done.short_winners == {"2"}
    corrected = event_result([_entry(1, 2, sp_rank=2), _entry(2, 1, sp_rank=1), _entry(3, None, "WD")], segments)
    assert corrected is not None and corrected.digest != done.digest


# --- the game on a store --------------------------------------------------------------------------------------------
async def test_picks_lock_at_the_first_segment_and_a_late_pick_shows_the_time(game: Game) -> None:
    service = game.service
    answer = await service.pick(FAN, "predcup2030", "women", "Anna Example", "bea", "Cleo", "Dana Probe")
    assert answer.new and answer.names["silver"] == "Bea Sample" and not answer.lock.locked
    assert answer.lock.at == SP_STARTS
    changed = await service.pick(FAN, "predcup2030", "women", "Bea Sample", "Anna Example", "Cleo", "Dana Probe")
    assert not changed.new
    with pytest.raises(UserFacingError) as twice:
        await service.pick(FAN, "predcup2030", "women", "Anna Example", "Anna Example", "Cleo", "Dana")
    assert twice.value.text.key == "predict-same-pick"
    with pytest.raises(UserFacingError) as stranger:
        await service.pick(FAN, "predcup2030", "women", "Nobody Known", "Anna Example", "Cleo", "Dana")
    assert stranger.value.text.key == "predict-not-entered"
    game.clock.now = SP_STARTS + timedelta(minutes=1)
    with pytest.raises(UserFacingError) as late:
        await service.pick(OTHER_FAN, "predcup2030", "women", "Anna Example", "Bea Sample", "Cleo", "Dana")
    assert late.value.text.key == "predict-locked"
    assert f"<t:{int(SP_STARTS.timestamp())}:F>" in late.value.message
    mine = await service.my_picks(FAN)
    assert [(v.names["gold"], v.names["silver"], v.lock.locked if v.lock else None) for v in mine] == [
        ("Bea Sample", "Anna Example", True)
    ]
    # Each pick and change is in the audit trail, with what it was before.
    trail = await game.db.fetchall("SELECT before, after FROM audit_log WHERE action = 'predict.pick' ORDER BY id")
    assert len(trail) == 2
    assert (
        trail[0]["before"] is None and json.loads(trail[1]["before"])["gold"] != json.loads(trail[1]["after"])["gold"]
    )


async def test_a_couple_is_picked_by_either_partners_name(game: Game) -> None:
    answer = await game.service.pick(FAN, "predcup2030", "pairs", "Max Right", "Lia", "Rex Down", "Mia Left")
    assert answer.names == {
        "gold": "Mia Left / Max Right",
        "silver": "Lia Front / Leo Back",
        "bronze": "Ria Up / Rex Down",
        "short": "Mia Left / Max Right",
    }
    choices = await game.service.entry_choices("predcup2030", "pairs", "leo")
    assert [c.name for c in choices] == ["Lia Front / Leo Back (FRA)"]


async def test_a_moderator_locks_a_round_and_only_a_moderator(game: Game) -> None:
    await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")
    with pytest.raises(PermissionDenied):
        await game.service.lock(FAN, "predcup2030", "women")
    game.clock.now += timedelta(hours=1)
    _, lock = await game.service.lock(MOD, "predcup2030", "women")
    assert lock.locked and lock.why == "moderator" and lock.at == game.clock.now
    with pytest.raises(UserFacingError) as late:
        await game.service.pick(FAN, "predcup2030", "women", "Bea", "Anna", "Cleo", "Dana")
    assert late.value.text.key == "predict-locked" and f"<t:{int(game.clock.now.timestamp())}:F>" in late.value.message
    # Another server's round of the same event is its own.
    await game.service.pick(ELSEWHERE, "predcup2030", "women", "Bea", "Anna", "Cleo", "Dana")


async def scored_game(game: Game) -> None:
    """Three members of server 10 and one of server 20 pick; the final lands with Dana withdrawn."""
    await game.service.configure(MOD, channel_id=700)
    await game.service.configure(Actor(9, 20, is_moderator=True), channel_id=800, scoring="exact")
    await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")  # 5+5+0+0 (Dana WD)
    await game.service.pick(OTHER_FAN, "predcup2030", "women", "Bea", "Anna", "Dana", "Bea")  # 2+2+0+3
    await game.service.pick(ELSEWHERE, "predcup2030", "women", "Anna", "Bea", "Eve", "Bea")  # exact: 6+6+6+3
    game.clock.now = SP_STARTS + timedelta(days=2, hours=3)
    await game.load(
        final(
            {"Anna Example": 1, "Bea Sample": 2, "Eve Model": 3, "Cleo Trial": 4},
            {"Bea Sample": 1, "Anna Example": 2},
            withdrawn=frozenset({"Dana Probe"}),
        )
    )


async def test_the_final_is_scored_and_announced_once_per_server(game: Game) -> None:
    assert await game.service.settle() == 0  # nothing final yet
    await scored_game(game)
    assert await game.service.settle() == 2
    assert await game.service.settle() == 0  # the same import again: nothing
    assert await game.service.deliver_due() == 2
    assert await game.service.deliver_due() == 0
    sent = {a.guild_id: a for a in game.poster.sent}
    assert {a.channel_id for a in sent.values()} == {700, 800}
    here = sent[10]
    assert here.podium == ((1, "Anna Example"), (2, "Bea Sample"), (3, "Eve Model"))
    assert here.short_winners == ("Bea Sample",)
    assert [(member, points) for member, points, _ in here.members] == [(3, 10), (4, 7)]
    dana = next(line for line in here.members[0][2] if line["slot"] == "short")
    assert (dana["name"], dana["why"], dana["status"]) == ("Dana Probe", "out", "WD")
    assert [(m, p) for m, p, _ in sent[20].members] == [(3, 21)] and sent[20].scoring == "exact"
    board = await game.service.leaderboard(FAN, "predcup2030", None)
    assert board.rows == ((3, 10, 1), (4, 7, 1))
    season = await game.service.leaderboard(FAN, None, None)  # the newest season of the server's rounds
    assert season.rows == board.rows and season.title.args == (("season", "2029-30"),)
    mine = await game.service.my_picks(ELSEWHERE)
    assert mine[0].points == 21


async def test_a_corrected_result_rescored_and_the_announcement_edited(game: Game) -> None:
    await scored_game(game)
    await game.service.settle()
    await game.service.deliver_due()
    # The federation swaps gold and silver.
    await game.load(
        final(
            {"Anna Example": 2, "Bea Sample": 1, "Eve Model": 3, "Cleo Trial": 4},
            {"Bea Sample": 1, "Anna Example": 2},
            withdrawn=frozenset({"Dana Probe"}),
        )
    )
    assert await game.service.settle() == 2
    assert await game.service.deliver_due() == 2
    assert len(game.poster.sent) == 2  # edited, never sent again
    edited = {a.guild_id: (a, message_id) for a, message_id in game.poster.edits}
    announcement, message_id = edited[10]
    assert announcement.corrected and message_id == next(
        5001 + i for i, a in enumerate(game.poster.sent) if a.guild_id == 10
    )
    points = {m: p for m, p, _ in announcement.members}
    assert points == {3: 2 + 2 + 0 + 0, 4: 5 + 5 + 0 + 3}
    board = await game.service.leaderboard(FAN, "predcup2030", None)
    assert board.rows == ((4, 13, 1), (3, 4, 1))


async def test_a_restart_between_claim_and_send_neither_loses_nor_doubles(game: Game) -> None:
    await scored_game(game)
    await game.service.settle()
    due = await game.service.repo.due_posts(10)
    # Server 10's announcement went out and the bot stopped before recording it; server 20's was only claimed.
    first, second = due
    made = [await game.service.announcement(post.round_id, post.channel_id) for post in due]
    outgoing = [announced(a) for a in made if a is not None]
    stopped = stopped_outbox(game)
    assert sorted(await stopped.claim_due(outgoing)) == sorted([str(first.round_id), str(second.round_id)])
    assert await game.service.outbox.claim_due(outgoing[:1]) == {}  # claimed once: no other process wins it
    assert made[0] is not None
    await game.poster.send(made[0])
    restarted = PredictionService(game.service.repo, game.results, game.live, clock=game.clock)
    restarted.attach(game.poster)
    assert await restarted.recover() == 1
    assert sorted(a.round_id for a in game.poster.sent) == sorted([first.round_id, second.round_id])
    assert await restarted.deliver_due() == 0
    assert {
        p.state
        for p in [await game.service.repo.post(first.round_id), await game.service.repo.post(second.round_id)]
        if p
    } == {"posted"}


async def test_an_announcement_names_the_twenty_best_and_counts_the_others(game: Game) -> None:
    await game.service.configure(MOD, channel_id=700)
    for member in range(100, 125):
        gold, silver = ("Anna", "Bea") if member % 2 else ("Bea", "Anna")
        await game.service.pick(Actor(member, 10), "predcup2030", "women", gold, silver, "Eve", "Bea")
    game.clock.now = SP_STARTS + timedelta(days=2, hours=3)
    await game.load(
        final(
            {"Anna Example": 1, "Bea Sample": 2, "Eve Model": 3, "Cleo Trial": 4},
            {"Bea Sample": 1, "Anna Example": 2},
            withdrawn=frozenset({"Dana Probe"}),
        )
    )
    await game.service.settle()
    await game.service.deliver_due()
    (sent,) = game.poster.sent
    assert len(sent.members) == 20 and sent.others == 5
    # Best first: the odd members had gold and silver right (18), the even ones on the podium elsewhere (2+2+5+3).
    assert [points for _, points, _ in sent.members] == [18] * 12 + [12] * 8
    assert [member for member, _, _ in sent.members[:12]] == list(range(101, 125, 2))
    assert sent.out == (("Dana Probe", "WD"),)


async def test_a_passing_failure_is_tried_again_and_a_refusal_is_not(game: Game) -> None:
    await scored_game(game)
    await game.service.settle()
    game.poster.fail_next = PostFailed("503", transient=True)
    assert await game.service.deliver_due() == 1
    assert await game.service.deliver_due() == 1
    assert len(game.poster.sent) == 2


async def test_settings_are_the_moderators_and_tables_come_from_the_list(game: Game) -> None:
    with pytest.raises(PermissionDenied):
        await game.service.configure(FAN, enabled=False)
    with pytest.raises(UserFacingError) as bad:
        await game.service.configure(MOD, scoring="double")
    assert bad.value.text.key == "predict-bad-scoring"
    await game.service.configure(MOD, enabled=False)
    with pytest.raises(UserFacingError) as off:
        await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")
    assert off.value.text.key == "predict-off"
    changed = copy.deepcopy(await game.service.settings(MOD))
    assert not changed.enabled and changed.scoring == "standard"


# --- the lock told, once ------------------------------------------------------------------------------------------
async def test_the_schedules_lock_is_told_once_in_each_announcing_server_with_its_picks(game: Game) -> None:
    await game.service.configure(MOD, channel_id=700)
    await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")
    await game.service.pick(OTHER_FAN, "predcup2030", "women", "Bea", "Anna", "Cleo", "Dana")
    await game.service.pick(ELSEWHERE, "predcup2030", "women", "Bea", "Anna", "Cleo", "Dana")  # server 20: no channel
    await game.service.read()
    assert await game.service.deliver_due() == 0  # not locked yet: nothing to tell
    game.clock.now = SP_STARTS + timedelta(seconds=5)
    await game.service.read()
    assert await game.service.deliver_due() == 1
    (notice,) = game.poster.locks
    assert (notice.guild_id, notice.channel_id, notice.picks) == (10, 700, 2)
    assert (notice.why, notice.at) == ("schedule", SP_STARTS)
    assert notice.event is not None and notice.event.key == "women" and notice.competition == "Prediction Cup 2030"
    states = await game.db.fetchall("SELECT guild_id, state FROM prediction_lock_posts ORDER BY guild_id")
    assert [(row["guild_id"], row["state"]) for row in states] == [(10, "posted"), (20, "silent")]
    # The next looks, and a second process's, tell nothing more.
    game.clock.now += timedelta(minutes=5)
    other = PredictionService(game.service.repo, game.results, game.live, clock=game.clock)
    other.attach(game.poster)
    for service in (game.service, other):
        await service.read()
        assert await service.deliver_due() == 0
    assert len(game.poster.locks) == 1


async def test_a_moderators_lock_is_told_at_once_and_a_restart_finds_it(game: Game) -> None:
    await game.service.configure(MOD, channel_id=700)
    await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")
    game.clock.now += timedelta(hours=1)
    await game.service.lock(MOD, "predcup2030", "women")
    (due,) = await game.service.repo.due_lock_posts(10)
    assert (due.why, due.locked_at) == ("moderator", game.clock.now.isoformat(timespec="seconds"))
    # Claimed and sent, and the bot stops before recording it: the restarted one finds it instead of sending again.
    (notice,) = await game.service._lock_notices([due])
    assert list(await stopped_outbox(game).claim_due([locked(notice)])) == [str(due.round_id)]
    assert await game.service.outbox.claim_due([locked(notice)]) == {}
    await game.poster.send_lock(notice)
    restarted = PredictionService(game.service.repo, game.results, game.live, clock=game.clock)
    restarted.attach(game.poster)
    assert await restarted.recover() == 0
    posted = await game.service.repo.lock_post(due.round_id)
    assert posted is not None and (posted.state, posted.message_id) == ("posted", 9001)
    assert len(game.poster.locks) == 1 and (notice.why, notice.picks, notice.at) == ("moderator", 1, game.clock.now)
    # The schedule's start later tells nothing more.
    game.clock.now = SP_STARTS + timedelta(minutes=1)
    await restarted.read()
    assert await restarted.deliver_due() == 0 and len(game.poster.locks) == 1


async def test_a_lock_claimed_and_never_sent_is_sent_after_a_restart(game: Game) -> None:
    await game.service.configure(MOD, channel_id=700)
    await game.service.pick(FAN, "predcup2030", "women", "Anna", "Bea", "Cleo", "Dana")
    game.clock.now = SP_STARTS + timedelta(seconds=5)
    await game.service.note_locks()
    (due,) = await game.service.repo.due_lock_posts(10)
    (notice,) = await game.service._lock_notices([due])
    assert await stopped_outbox(game).claim_due([locked(notice)])
    restarted = PredictionService(game.service.repo, game.results, game.live, clock=game.clock)
    restarted.attach(game.poster)
    assert await restarted.recover() == 1
    assert await restarted.deliver_due() == 0
    assert [n.round_id for n in game.poster.locks] == [due.round_id]


async def test_a_round_scored_before_its_lock_was_seen_is_not_told_locked(game: Game) -> None:
    """The bot was down from before the start to after the final: the scored announcement says it all."""
    await scored_game(game)
    await game.service.read()
    assert await game.service.deliver_due() == 2
    assert game.poster.locks == [] and len(game.poster.sent) == 2


# --- a new scoring table -------------------------------------------------------------------------------------------
async def test_a_new_scoring_table_rescores_the_servers_rounds_and_edits_their_announcements(game: Game) -> None:
    await scored_game(game)
    await game.service.settle()
    await game.service.deliver_due()
    before_elsewhere = await game.service.my_picks(ELSEWHERE)
    # Server 10 moves from the standard table to the exact one: only exact places count (6), the short winner 3.
    await game.service.configure(MOD, scoring="exact")
    board = await game.service.leaderboard(FAN, "predcup2030", None)
    assert board.rows == ((3, 12, 1), (4, 3, 1))  # FAN: Anna and Bea exact (6+6); OTHER_FAN: the short winner
    assert await game.service.deliver_due() == 1
    assert len(game.poster.sent) == 2  # edited, never sent again
    ((announcement, message_id),) = game.poster.edits
    assert announcement.guild_id == 10 and announcement.rescored == "scoring" and announcement.scoring == "exact"
    assert message_id == next(5001 + i for i, a in enumerate(game.poster.sent) if a.guild_id == 10)
    assert [(m, p) for m, p, _ in announcement.members] == [(3, 12), (4, 3)]
    # Server 20's round is its own: untouched. The same table again changes nothing.
    assert await game.service.my_picks(ELSEWHERE) == before_elsewhere
    await game.service.configure(MOD, scoring="exact")
    assert await game.service.deliver_due() == 0 and len(game.poster.edits) == 1
    # A corrected result later says so (not the table).
    await game.load(
        final(
            {"Anna Example": 2, "Bea Sample": 1, "Eve Model": 3, "Cleo Trial": 4},
            {"Bea Sample": 1, "Anna Example": 2},
            withdrawn=frozenset({"Dana Probe"}),
        )
    )
    await game.service.settle()
    await game.service.deliver_due()
    assert {a.guild_id: a.rescored for a, _ in game.poster.edits[1:]} == {10: "result", 20: "result"}


# --- scoring in the store -------------------------------------------------------------------------------------------
async def round_of(game: Game, event_key: str, picks: list[tuple[str, ...]]) -> int:
    """A round of server 10 for the event holding `picks` (gold, silver, bronze, short each, whatever they name:
    the same entry twice, one the result does not list), written straight into the store as a million would be;
    returns the round's id."""
    round_ = await game.service.repo.create_round(10, "predcup2030", event_key, "2029-30")
    async with game.db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO prediction_picks (round_id, user_id, gold, silver, bronze, short_winner, picked_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(round_.id, 1000 + n, *pick, "2030-01-09T00:00:00+00:00") for n, pick in enumerate(picks)],
        )
    return round_.id


async def test_the_loop_does_no_work_per_pick_and_every_pick_is_scored_as_the_rules_say(game: Game) -> None:
    """The picks are scored by the store: the event loop's thread (where the announcements are sent, paced to the
    millisecond) does no more work for a round of 10,000 picks than for one of 10 naming the same number of
    entries, not a step a pick. Each pick's points and detail are score_pick's."""
    await game.service.configure(MOD, channel_id=700)
    competition = game.results.competition("predcup2030")
    events = {key: game.results.event(competition, key) for key in ("pairs", "women")}
    keys = {}
    for key, event in events.items():
        entries, _ = await game.results.results_of(event)
        known = [entry_key(entry) for entry in entries]
        # Ten keys an event: its entries, and entries the final result does not list (removed since the pick).
        keys[key] = known + [str(10**9 + n) for n in range(10 - len(known))]
    pairs = await round_of(game, "pairs", [tuple(keys["pairs"][(i + j) % 10] for j in range(4)) for i in range(10)])
    women = await round_of(game, "women", list(itertools.product(keys["women"], repeat=4)))
    game.clock.now = SP_STARTS + timedelta(days=2, hours=3)
    await game.load(
        final(
            {"Anna Example": 1, "Bea Sample": 2, "Eve Model": 3, "Cleo Trial": 4},
            {"Bea Sample": 1, "Anna Example": 2},
            withdrawn=frozenset({"Dana Probe"}),
        )
    )
    calls: dict[str, int] = {}
    results: dict[str, EventResult] = {}
    for key, event in events.items():  # the small round first: the big one's statements are then the same ones
        entries, _ = await game.results.results_of(event)
        found = event_result(entries, game.results.segments_of(event))
        assert found is not None
        results[key] = found
        count = 0

        def counted(_frame: object, what: str, _arg: object) -> None:
            nonlocal count
            count += what in ("call", "c_call")

        sys.setprofile(counted)  # this thread only: the event loop's
        try:
            assert await game.service.score_event("predcup2030", key, found) == 1
        finally:
            sys.setprofile(None)
        calls[key] = count
    assert calls["women"] - calls["pairs"] < 10**4 - 10, calls
    for key, round_id, picked in (("pairs", pairs, 10), ("women", women, 10**4)):
        rows = await game.db.fetchall("SELECT * FROM prediction_picks WHERE round_id = ?", (round_id,))
        assert len(rows) == picked
        for pick in map(pick_from_row, rows):
            points, lines = score_pick(pick, results[key], SCORING_TABLES["standard"])
            assert (pick.points, pick.detail) == (points, tuple(lines)), pick
    assert {post.round_id for post in await game.service.repo.due_posts(10)} == {women, pairs}
