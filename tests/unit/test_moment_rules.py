"""Rules of the daily "moment of the day" post: time / zone parsing, DST-safe due instants, story choice."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import textwrap
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.errors import UserFacingError
from bot.services.moment_rules import (
    LOW_STOCK,
    NEVER_POSTABLE,
    Candidate,
    choose,
    latest_occurrence,
    local_date_at,
    next_occurrence,
    occurrence,
    parse_time,
    parse_timezone,
    validate_labels,
    validate_repeat_days,
    zone_choices,
)
from bot.text import quote

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
KATHMANDU = ZoneInfo("Asia/Kathmandu")
AUCKLAND = ZoneInfo("Pacific/Auckland")
KIRITIMATI = ZoneInfo("Pacific/Kiritimati")


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# --------------------------------------------------------------------------------------------
# parse_time
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("07:30", (7, 30)),
        ("7:30", (7, 30)),
        (" 19:05 ", (19, 5)),
        ("00:00", (0, 0)),
        ("23:59", (23, 59)),
        ("0:05", (0, 5)),
    ],
)
def test_parse_time_accepts_24_hour_hh_mm(text: str, expected: tuple[int, int]) -> None:
    assert parse_time(text) == expected


def test_parse_time_message_quotes_input_and_format() -> None:
    with pytest.raises(UserFacingError) as info:
        parse_time("25:00")
    assert info.value.message.startswith("“25:00” is not a time of day: use HH:MM, 24-hour, e.g. 07:30")
    assert "0 to 23" in info.value.message


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("25:00", "hour"),
        ("24:00", "hour"),
        ("07:60", "minutes"),
        ("12:5", "minutes need two digits"),
        ("7pm", "19:00"),
        ("12am", "00:00"),
        ("", "nothing"),
        ("   ", "nothing"),
        ("0730", "HH:MM"),
        ("07:30:00", "HH:MM"),
        ("7.30", "HH:MM"),
        ("-1:30", "HH:MM"),
        ("１９:05", "HH:MM"),  # full-width digits: int() would take them, we do not
        ("noon", "HH:MM"),
        ("007:30", "HH:MM"),
    ],
)
def test_parse_time_refuses_with_reason(text: str, detail: str) -> None:
    with pytest.raises(UserFacingError) as info:
        parse_time(text)
    message = info.value.message
    assert f"“{text.strip()}” is not a time of day" in message
    assert detail in message


def test_parse_time_echo_is_bounded() -> None:
    with pytest.raises(UserFacingError) as info:
        parse_time("x" * 5000)
    assert len(info.value.message) < 200


# --------------------------------------------------------------------------------------------
# parse_timezone
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Europe/Paris", "Europe/Paris"),
        ("europe/paris", "Europe/Paris"),
        ("  EUROPE/PARIS ", "Europe/Paris"),
        ("america/new_york", "America/New_York"),
        ("America/New York", "America/New_York"),
        ("asia/kathmandu", "Asia/Kathmandu"),
        ("america/argentina/buenos_aires", "America/Argentina/Buenos_Aires"),
        ("UTC", "UTC"),
        ("utc", "UTC"),
        ("Etc/UTC", "Etc/UTC"),
    ],
)
def test_parse_timezone_case_insensitive(text: str, key: str) -> None:
    zone = parse_timezone(text)
    assert isinstance(zone, ZoneInfo)
    assert zone.key == key


def test_parse_timezone_typo_suggests_the_close_name() -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone("Europe/Pariss")
    assert info.value.message == "“Europe/Pariss” is not an IANA time zone. Did you mean Europe/Paris?"


@pytest.mark.parametrize(
    ("text", "suggested"),
    [
        ("asia/tokio", "Asia/Tokyo"),
        ("tokyo", "Asia/Tokyo"),
        ("Kathmandu", "Asia/Kathmandu"),
        ("Moscow", "Europe/Moscow"),
    ],
)
def test_parse_timezone_suggestions(text: str, suggested: str) -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone(text)
    message = info.value.message
    assert message.startswith(f"“{text}” is not an IANA time zone. Did you mean ")
    assert suggested in message
    # At most three suggestions: "A, B or C".
    assert message.count(",") <= 1 and message.count(" or ") <= 1


@pytest.mark.parametrize("text", ["zzzzqqq", "Mars/Olympus_Mons_City", "1234"])
def test_parse_timezone_nothing_close_gives_hint(text: str) -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone(text)
    assert info.value.message == f"{quote(text)} is not an IANA time zone: use a name like Europe/Paris or Asia/Tokyo."


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("CET", "Europe/Paris"),  # in tzdata
        ("EST", "America/New_York"),  # in tzdata
        ("est", "America/New_York"),
        ("PST", "America/Los_Angeles"),  # not in tzdata
        ("JST", "Asia/Tokyo"),
        ("GMT", "UTC"),
        ("Japan", "Asia/Tokyo"),  # legacy country name in tzdata
        ("IST", "Asia/Kolkata"),
    ],
)
def test_parse_timezone_refuses_abbreviations(text: str, city: str) -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone(text)
    message = info.value.message
    assert f"“{text}”" in message
    assert "ambiguous" in message
    assert city in message


@pytest.mark.parametrize("text", ["", "   "])
def test_parse_timezone_empty(text: str) -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone(text)
    assert "Europe/Paris" in info.value.message


def test_parse_timezone_long_input_is_bounded() -> None:
    with pytest.raises(UserFacingError) as info:
        parse_timezone("Europe/" + "x" * 5000)
    assert len(info.value.message) < 300


# --------------------------------------------------------------------------------------------
# zone_choices
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("tokyo", "Asia/Tokyo"),
        ("Tokyo", "Asia/Tokyo"),
        ("tok", "Asia/Tokyo"),
        ("new york", "America/New_York"),
        ("york", "America/New_York"),
        ("paris", "Europe/Paris"),
        ("europe/pa", "Europe/Paris"),
        ("Europe/Pariss", "Europe/Paris"),
        ("moscou", "Europe/Moscow"),
        ("kathmandu", "Asia/Kathmandu"),
        ("cet", "Europe/Paris"),
    ],
)
def test_zone_choices_best_first(query: str, first: str) -> None:
    assert zone_choices(query)[0] == first


def test_zone_choices_empty_lists_common_zones() -> None:
    choices = zone_choices("")
    assert choices[0] == "Asia/Tokyo"
    expected = {
        "Asia/Tokyo",
        "Europe/Paris",
        "America/New_York",
        "Europe/Moscow",
        "Asia/Seoul",
        "America/Toronto",
        "Europe/Rome",
        "Europe/London",
        "America/Los_Angeles",
        "UTC",
    }
    assert expected <= set(choices)
    assert len(choices) == 25
    assert zone_choices("   ") == choices


@pytest.mark.parametrize("query", ["", "a", "e", "europe/", "america", "zzzzqqq", "x" * 10_000, "/", "_", "🙂", "\x00"])
def test_zone_choices_bounded_and_valid(query: str) -> None:
    choices = zone_choices(query)
    assert len(choices) <= 25
    assert len(set(choices)) == len(choices)
    for name in choices:
        assert len(name) <= 100
        assert parse_timezone(name).key == name  # every choice is accepted as typed


def test_zone_choices_many_matches_fill_25_and_junk_gives_nothing() -> None:
    assert len(zone_choices("a")) == 25
    assert len(zone_choices("america")) == 25
    assert zone_choices("zzzzqqq") == []


def test_zone_choices_limit() -> None:
    assert len(zone_choices("a", limit=5)) == 5
    assert len(zone_choices("", limit=3)) == 3
    assert zone_choices("a", limit=0) == []
    assert len(zone_choices("a", limit=500)) == 25


def test_zone_choices_never_offers_abbreviations() -> None:
    for query in ("est", "cet", "gmt", "japan", "utc"):
        for name in zone_choices(query):
            assert "/" in name or name == "UTC"


# --------------------------------------------------------------------------------------------
# occurrence: normal times on change days, gap, ambiguity
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "day", "hour", "minute", "expected"),
    [
        # Europe/Paris, spring forward 2026-03-29 02:00 -> 03:00 (+01:00 -> +02:00)
        (PARIS, date(2026, 3, 28), 7, 30, utc(2026, 3, 28, 6, 30)),
        (PARIS, date(2026, 3, 29), 7, 30, utc(2026, 3, 29, 5, 30)),
        (PARIS, date(2026, 3, 29), 1, 30, utc(2026, 3, 29, 0, 30)),  # just before the gap
        (PARIS, date(2026, 3, 29), 3, 0, utc(2026, 3, 29, 1, 0)),  # first minute after it
        # Europe/Paris, fall back 2026-10-25 03:00 -> 02:00 (+02:00 -> +01:00)
        (PARIS, date(2026, 10, 24), 7, 30, utc(2026, 10, 24, 5, 30)),
        (PARIS, date(2026, 10, 25), 7, 30, utc(2026, 10, 25, 6, 30)),
        (PARIS, date(2026, 10, 25), 3, 30, utc(2026, 10, 25, 2, 30)),  # after the repeated hour
        # America/New_York, spring forward 2026-03-08 02:00 -> 03:00 (-05:00 -> -04:00)
        (NEW_YORK, date(2026, 3, 7), 7, 30, utc(2026, 3, 7, 12, 30)),
        (NEW_YORK, date(2026, 3, 8), 7, 30, utc(2026, 3, 8, 11, 30)),
        # America/New_York, fall back 2026-11-01 02:00 -> 01:00 (-04:00 -> -05:00)
        (NEW_YORK, date(2026, 10, 31), 7, 30, utc(2026, 10, 31, 11, 30)),
        (NEW_YORK, date(2026, 11, 1), 7, 30, utc(2026, 11, 1, 12, 30)),
        (NEW_YORK, date(2026, 11, 1), 23, 59, utc(2026, 11, 2, 4, 59)),  # UTC date is the next day
        # 45-minute offset, no DST
        (KATHMANDU, date(2026, 6, 1), 7, 30, utc(2026, 6, 1, 1, 45)),
        (KATHMANDU, date(2026, 6, 1), 0, 30, utc(2026, 5, 31, 18, 45)),
        # Date line: Auckland is +13 in January (NZDT) and +12 in July; Kiritimati is +14
        (AUCKLAND, date(2026, 1, 15), 7, 30, utc(2026, 1, 14, 18, 30)),
        (AUCKLAND, date(2026, 7, 15), 7, 30, utc(2026, 7, 14, 19, 30)),
        (KIRITIMATI, date(2026, 1, 1), 7, 30, utc(2025, 12, 31, 17, 30)),
        (KIRITIMATI, date(2026, 1, 1), 23, 59, utc(2026, 1, 1, 9, 59)),
    ],
)
def test_occurrence_normal_times(zone: ZoneInfo, day: date, hour: int, minute: int, expected: datetime) -> None:
    due = occurrence(day, hour, minute, zone)
    assert due == expected
    assert due.tzinfo is UTC
    assert local_date_at(due, zone) == day


@pytest.mark.parametrize(
    ("zone", "day", "hour", "minute", "expected", "local_wall"),
    [
        # In the gap: moved forward by the gap length (same wall-clock distance after it).
        (PARIS, date(2026, 3, 29), 2, 30, utc(2026, 3, 29, 1, 30), (3, 30)),
        (PARIS, date(2026, 3, 29), 2, 0, utc(2026, 3, 29, 1, 0), (3, 0)),
        (PARIS, date(2026, 3, 29), 2, 59, utc(2026, 3, 29, 1, 59), (3, 59)),
        (NEW_YORK, date(2026, 3, 8), 2, 30, utc(2026, 3, 8, 7, 30), (3, 30)),
        # Auckland spring forward 2026-09-27 02:00 -> 03:00
        (AUCKLAND, date(2026, 9, 27), 2, 30, utc(2026, 9, 26, 14, 30), (3, 30)),
    ],
)
def test_occurrence_in_gap_moves_forward(
    zone: ZoneInfo, day: date, hour: int, minute: int, expected: datetime, local_wall: tuple[int, int]
) -> None:
    due = occurrence(day, hour, minute, zone)
    assert due == expected
    local = due.astimezone(zone)
    assert local.date() == day
    assert (local.hour, local.minute) == local_wall


@pytest.mark.parametrize(
    ("zone", "day", "hour", "minute", "first", "second"),
    [
        (PARIS, date(2026, 10, 25), 2, 30, utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 1, 30)),
        (PARIS, date(2026, 10, 25), 2, 0, utc(2026, 10, 25, 0, 0), utc(2026, 10, 25, 1, 0)),
        (NEW_YORK, date(2026, 11, 1), 1, 30, utc(2026, 11, 1, 5, 30), utc(2026, 11, 1, 6, 30)),
        # Auckland fall back 2026-04-05 03:00 -> 02:00
        (AUCKLAND, date(2026, 4, 5), 2, 30, utc(2026, 4, 4, 13, 30), utc(2026, 4, 4, 14, 30)),
    ],
)
def test_occurrence_ambiguous_is_first(
    zone: ZoneInfo, day: date, hour: int, minute: int, first: datetime, second: datetime
) -> None:
    assert occurrence(day, hour, minute, zone) == first
    # And the second pass of the same wall time does not produce another post that day.
    next_day, next_due = next_occurrence(first, hour, minute, zone)
    assert next_day == day + timedelta(days=1)
    assert next_due > second
    assert next_occurrence(second, hour, minute, zone)[0] == day + timedelta(days=1)


def test_occurrence_rejects_bad_time() -> None:
    with pytest.raises(ValueError):
        occurrence(date(2026, 1, 1), 24, 0, PARIS)


# --------------------------------------------------------------------------------------------
# local_date_at / next_occurrence / latest_occurrence
# --------------------------------------------------------------------------------------------


def test_local_date_at() -> None:
    moment = utc(2026, 1, 14, 23, 30)
    assert local_date_at(moment, AUCKLAND) == date(2026, 1, 15)
    assert local_date_at(moment, KIRITIMATI) == date(2026, 1, 15)
    assert local_date_at(moment, NEW_YORK) == date(2026, 1, 14)
    assert local_date_at(moment, ZoneInfo("Pacific/Pago_Pago")) == date(2026, 1, 14)  # -11
    with pytest.raises(ValueError):
        local_date_at(datetime(2026, 1, 1), PARIS)  # naive


def test_next_occurrence_is_strictly_after() -> None:
    due = occurrence(date(2026, 5, 10), 7, 30, PARIS)
    assert next_occurrence(due - timedelta(microseconds=1), 7, 30, PARIS) == (date(2026, 5, 10), due)
    assert next_occurrence(due, 7, 30, PARIS) == (date(2026, 5, 11), occurrence(date(2026, 5, 11), 7, 30, PARIS))
    # Any time-zone representation of `after` gives the same answer.
    assert next_occurrence(due.astimezone(NEW_YORK), 7, 30, PARIS)[0] == date(2026, 5, 11)
    with pytest.raises(ValueError):
        next_occurrence(datetime(2026, 5, 10), 7, 30, PARIS)


def test_next_occurrence_looks_at_local_date_not_utc_date() -> None:
    # 2026-01-14 18:00 UTC is already 2026-01-15 07:00 in Auckland: today's 07:30 is 30 min away.
    assert next_occurrence(utc(2026, 1, 14, 18, 0), 7, 30, AUCKLAND) == (
        date(2026, 1, 15),
        utc(2026, 1, 14, 18, 30),
    )
    # Kiritimati (+14) 23:59 is due before the UTC day of that date even starts.
    assert next_occurrence(utc(2026, 1, 1, 9, 58), 23, 59, KIRITIMATI) == (date(2026, 1, 1), utc(2026, 1, 1, 9, 59))
    assert next_occurrence(utc(2026, 1, 1, 9, 59), 23, 59, KIRITIMATI)[0] == date(2026, 1, 2)


def test_latest_occurrence() -> None:
    due = occurrence(date(2026, 5, 10), 7, 30, PARIS)
    assert latest_occurrence(due, 7, 30, PARIS) == (date(2026, 5, 10), due)  # <=, not <
    assert latest_occurrence(due - timedelta(microseconds=1), 7, 30, PARIS) == (
        date(2026, 5, 9),
        occurrence(date(2026, 5, 9), 7, 30, PARIS),
    )
    # Bot down from Friday evening to Monday noon: the latest due post is Monday's 07:30.
    assert latest_occurrence(utc(2026, 5, 11, 10, 0), 7, 30, PARIS)[0] == date(2026, 5, 11)
    with pytest.raises(ValueError):
        latest_occurrence(datetime(2026, 5, 10), 7, 30, PARIS)


# The days of each change, with the wall-clock gap (start, length in minutes) if spring forward.
CHANGES = [
    (PARIS, date(2026, 3, 29), ((2, 0), 60)),
    (PARIS, date(2026, 10, 25), None),
    (NEW_YORK, date(2026, 3, 8), ((2, 0), 60)),
    (NEW_YORK, date(2026, 11, 1), None),
    (AUCKLAND, date(2026, 4, 5), None),
    (AUCKLAND, date(2026, 9, 27), ((2, 0), 60)),
    (KATHMANDU, date(2026, 3, 29), None),
    (KIRITIMATI, date(2026, 1, 1), None),
    (ZoneInfo("Australia/Lord_Howe"), date(2026, 10, 4), ((2, 0), 30)),  # a 30-minute DST shift
]
WALK_TIMES = [(0, 30), (1, 30), (2, 30), (3, 30), (23, 59)]


def _walk(zone: ZoneInfo, change: date, hour: int, minute: int, days: int = 7) -> list[tuple[date, datetime]]:
    start = change - timedelta(days=3)
    after = occurrence(start, hour, minute, zone) - timedelta(seconds=1)
    steps = []
    for _ in range(days):
        day, due = next_occurrence(after, hour, minute, zone)
        steps.append((day, due))
        after = due
    return steps


def _check_walk(zone: ZoneInfo, change: date, gap: tuple[tuple[int, int], int] | None, hour: int, minute: int) -> None:
    steps = _walk(zone, change, hour, minute)
    days = [d for d, _ in steps]
    dues = [t for _, t in steps]
    start = change - timedelta(days=3)
    # One occurrence per local date: consecutive, no duplicates, no gaps.
    assert days == [start + timedelta(days=i) for i in range(len(steps))]
    assert all(a < b for a, b in itertools.pairwise(dues))
    for day, due in steps:
        assert due == occurrence(day, hour, minute, zone)
        # latest_occurrence agrees with the walk from the other side.
        assert latest_occurrence(due, hour, minute, zone) == (day, due)
        previous = latest_occurrence(due - timedelta(microseconds=1), hour, minute, zone)
        assert previous[0] == day - timedelta(days=1)
        local = due.astimezone(zone)
        assert local.date() == day
        wall = local.hour * 60 + local.minute
        asked = hour * 60 + minute
        if gap is not None and day == change:
            (gh, gm), length = gap
            if gh * 60 + gm <= asked < gh * 60 + gm + length:
                assert wall == asked + length  # pushed past the gap
                continue
        assert wall == asked
        if day == change and gap is None:
            assert local.fold == 0  # ambiguous times: the first pass


@pytest.mark.parametrize(("zone", "change", "gap"), CHANGES, ids=lambda v: str(v))
@pytest.mark.parametrize(("hour", "minute"), WALK_TIMES)
def test_walk_one_post_per_local_date(
    zone: ZoneInfo, change: date, gap: tuple[tuple[int, int], int] | None, hour: int, minute: int
) -> None:
    _check_walk(zone, change, gap, hour, minute)


@pytest.mark.parametrize(("zone", "change", "gap"), CHANGES, ids=lambda v: str(v))
def test_walk_every_quarter_hour(zone: ZoneInfo, change: date, gap: tuple[tuple[int, int], int] | None) -> None:
    for hour in range(24):
        for minute in (0, 15, 30, 45, 59):
            _check_walk(zone, change, gap, hour, minute)


@pytest.mark.parametrize(
    ("zone", "skipped"),
    [
        # Date-line moves that removed a whole local date.
        (ZoneInfo("Pacific/Kiritimati"), date(1994, 12, 31)),
        (ZoneInfo("Pacific/Apia"), date(2011, 12, 30)),
    ],
)
@pytest.mark.parametrize(("hour", "minute"), WALK_TIMES)
def test_skipped_local_date_gets_no_duplicate_post(zone: ZoneInfo, skipped: date, hour: int, minute: int) -> None:
    start = skipped - timedelta(days=2)
    after = occurrence(start, hour, minute, zone) - timedelta(seconds=1)
    days, dues = [], []
    for _ in range(5):
        day, due = next_occurrence(after, hour, minute, zone)
        days.append(day)
        dues.append(due)
        after = due
    expected = [start + timedelta(days=i) for i in range(6) if start + timedelta(days=i) != skipped]
    assert days == expected[:5]
    assert len(set(dues)) == 5
    for day, due in zip(days, dues, strict=True):
        assert local_date_at(due, zone) == day
        assert latest_occurrence(due, hour, minute, zone) == (day, due)


# --------------------------------------------------------------------------------------------
# choose
# --------------------------------------------------------------------------------------------

TODAY = date(2026, 3, 10)
ALL = frozenset({"verified", "unverified", "satire", "disputed", "misleading"})


def story(story_id: int, label: str = "verified", moment: str | None = None, last: str | None = None) -> Candidate:
    return Candidate(story_id, label, moment, last, "2026-01-01T00:00:00+00:00")


def pick(candidates: list[Candidate], **kwargs: object):
    options: dict[str, object] = {"guild_id": 42, "local_date": TODAY, "allowed_labels": ALL, "repeat_days": 7}
    options.update(kwargs)
    return choose(candidates, **options)  # type: ignore[arg-type]


def padding(n: int, start: int = 1000) -> list[Candidate]:
    """Stories posted long ago: eligible, but never preferred over anything in a test."""
    return [story(start + i, last="2020-01-01") for i in range(n)]


def test_on_this_day_preferred() -> None:
    stories = [story(1), story(2, moment="2022-03-10", last="2025-01-01"), story(3, moment="2024-07-01")]
    choice = pick(stories + padding(10))
    assert choice.story_id == 2
    assert str(choice.reason) == "on this day in 2022 (10 March)"
    assert choice.warning is None
    assert choice.eligible == 13


def test_on_this_day_same_year_counts_future_does_not() -> None:
    assert pick([story(1, moment="2026-03-10", last="2020-01-01"), story(2)]).story_id == 1
    assert pick([story(1, moment="2027-03-10", last="2021-01-01"), story(2, last="2020-01-01")]).story_id == 2


def test_feb_29_on_feb_28_of_non_leap_years_only() -> None:
    stories = [story(1, moment="2024-02-29", last="2025-01-01"), story(2)]
    choice = pick(stories, local_date=date(2027, 2, 28))
    assert choice.story_id == 1
    assert str(choice.reason) == "on this day in 2024 (29 February)"
    # 2028 has a Feb 29: the story waits for it.
    assert pick(stories, local_date=date(2028, 2, 28)).story_id == 2
    assert pick(stories, local_date=date(2028, 2, 29)).story_id == 1
    assert pick(stories, local_date=date(2100, 2, 28)).story_id == 1  # 2100 is not a leap year


def fact(
    story_id: int, skaters: set[int], moment: str | None = None, last: str | None = None, label: str = "unverified"
) -> Candidate:
    """A story generated from the results, about `skaters`."""
    return Candidate(story_id, label, moment, last, "2026-01-01T00:00:00+00:00", True, frozenset(skaters))


def test_a_story_from_the_results_carries_its_own_label_which_the_server_may_turn_off() -> None:
    # Only verified stories allowed: an unlabelled story from the results is still eligible, by its own label.
    verified_only = frozenset({"verified"})
    assert pick([fact(1, {7})], allowed_labels=verified_only).story_id == 1
    off = pick([fact(1, {7})], allowed_labels=verified_only, results_allowed=False)
    assert off.story_id is None and off.reason.key == "moment-reason-no-allowed-label"
    # Allowing "unverified" does not bring it back when stories from the results are off.
    assert pick([fact(1, {7})], results_allowed=False).story_id is None
    # A moderator's label replaces it: one labelled false is never posted, one labelled verified is as verified.
    assert pick([fact(1, {7}, label="false")]).story_id is None
    assert pick([fact(1, {7}, label="verified")], allowed_labels=verified_only, results_allowed=False).story_id == 1


def test_a_moderators_story_comes_before_an_unlabelled_one_from_the_results_of_the_same_rank() -> None:
    assert pick([fact(1, {7}), story(2)]).story_id == 2
    # ... but an "on this day" story from the results comes first.
    assert pick([fact(1, {7}, moment="2018-03-10"), story(2)]).story_id == 1


def test_never_the_same_skater_two_days_running_while_another_is_eligible() -> None:
    yesterday = (TODAY - timedelta(days=1)).isoformat()
    posted = fact(1, {7, 8}, last=yesterday)
    about_8 = fact(2, {8}, moment="2018-03-10")  # on this day, but about a skater of yesterday's post
    about_9 = fact(3, {9})
    choice = pick([posted, about_8, about_9], repeat_days=30)
    assert choice.story_id == 3
    # Alone, it is posted: a skater twice beats no post.
    assert pick([posted, about_8], repeat_days=30).story_id == 2
    # Two days ago does not count.
    earlier = fact(1, {7, 8}, last=(TODAY - timedelta(days=2)).isoformat())
    assert pick([earlier, about_8, about_9], repeat_days=30).story_id == 2


def test_never_posted_first_then_least_recent() -> None:
    stories = [story(1, last="2026-01-01"), story(2, last="2025-06-01"), story(3)]
    choice = pick(stories)
    assert choice.story_id == 3
    assert str(choice.reason) == "never posted before"
    choice = pick(stories[:2])
    assert choice.story_id == 2
    assert str(choice.reason) == "posted least recently (last on 2025-06-01)"


def test_repeat_window_respected_while_alternatives_exist() -> None:
    # The on-this-day story was posted 3 days ago: inside a 7-day window, so it waits.
    stories = [story(1, moment="2020-03-10", last="2026-03-07"), story(2, last="2026-03-01")]
    choice = pick(stories)
    assert choice.story_id == 2
    assert choice.eligible == 1
    # The window boundary: posted repeat_days ago is outside, one day less is inside.
    assert pick([story(1, moment="2020-03-10", last="2026-03-03"), story(2)]).story_id == 1
    assert pick([story(1, moment="2020-03-10", last="2026-03-04"), story(2)]).story_id == 2
    # repeat_days=0: no window, even for a story posted today.
    assert pick([story(1, moment="2020-03-10", last="2026-03-10"), story(2)], repeat_days=0).story_id == 1


def test_fallback_when_every_story_is_inside_the_window() -> None:
    stories = [story(1, last="2026-03-09"), story(2, last="2026-03-05"), story(3, last="2026-03-08")]
    choice = pick(stories, repeat_days=30)
    assert choice.story_id == 2
    assert choice.eligible == 3
    assert "least recently" in str(choice.reason) and "2026-03-05" in str(choice.reason)
    assert "30 days" in str(choice.reason)
    assert choice.warning is not None and "30 days" in str(choice.warning)


def test_fallback_ignores_not_allowed_and_false() -> None:
    stories = [story(1, last="2026-03-09"), story(2, "false", last="2020-01-01"), story(3, "satire", last="2020-01-01")]
    choice = pick(stories, allowed_labels=frozenset({"verified", "false"}))
    assert choice.story_id == 1
    assert choice.eligible == 1


def test_false_never_chosen_even_if_allowed() -> None:
    assert "false" in NEVER_POSTABLE
    on_this_day_false = story(1, "false", moment="2020-03-10")
    choice = pick([on_this_day_false, story(2, last="2026-03-09")], allowed_labels=frozenset({"false", "verified"}))
    assert choice.story_id == 2
    choice = pick([on_this_day_false], allowed_labels=frozenset({"false", "verified"}))
    assert choice.story_id is None
    assert choice.eligible == 0
    assert str(choice.warning) == "Nothing can be posted: no story has an allowed label"


def test_no_eligible_story() -> None:
    choice = pick([story(1, "satire"), story(2, "disputed")], allowed_labels=frozenset({"verified"}))
    assert choice.story_id is None
    assert choice.eligible == 0
    assert str(choice.warning) == "Nothing can be posted: no story has an allowed label"
    empty = pick([])
    assert empty.story_id is None and empty.eligible == 0
    assert empty.warning is not None and str(empty.warning).startswith("Nothing can be posted")


def test_label_case_is_ignored() -> None:
    assert pick([story(1, "Verified")], allowed_labels=frozenset({"verified"})).story_id == 1
    assert pick([story(1, "FALSE")], allowed_labels=frozenset({"false"})).story_id is None


def test_low_stock_warning_thresholds() -> None:
    choice = pick([story(i) for i in range(LOW_STOCK)])
    assert choice.eligible == LOW_STOCK
    assert choice.warning is None
    choice = pick([story(i) for i in range(LOW_STOCK - 1)])
    assert choice.eligible == LOW_STOCK - 1
    assert str(choice.warning) == "Only 6 stories can be posted: add or verify more stories (fewer than 7 left)"
    choice = pick([story(1)])
    assert str(choice.warning) == "Only 1 story can be posted: add or verify more stories (fewer than 7 left)"


def test_low_stock_counts_only_stories_outside_the_window() -> None:
    recent = [story(100 + i, last="2026-03-09") for i in range(5)]
    choice = pick(recent + [story(i) for i in range(LOW_STOCK - 1)])
    assert choice.eligible == LOW_STOCK - 1
    assert choice.warning is not None and str(choice.warning).startswith("Only 6 stories")
    # Stories whose label is not allowed do not count either.
    hidden = [story(200 + i, "satire") for i in range(5)]
    choice = pick(hidden + [story(i) for i in range(LOW_STOCK - 1)], allowed_labels=frozenset({"verified"}))
    assert choice.eligible == LOW_STOCK - 1 and choice.warning is not None


def test_choice_is_deterministic() -> None:
    stories = [story(i) for i in range(1, 11)]
    first = pick(stories)
    assert pick(stories) == first
    shuffled = stories[:]
    random.Random(7).shuffle(shuffled)
    assert pick(shuffled) == first
    assert pick(list(reversed(stories))) == first


# Which of ten equal stories wins, pinned: computed outside Python, with coreutils, as the first line of
#   for s in $(seq 1 10); do printf '%s %s\n' "$(printf '%s' "$GUILD:$DAY:$s" | sha256sum)" "$s"; done | sort
# Preview, the real post and a restarted bot must agree on it, and so must a later version of the bot.
TIE_BREAK_WINNERS = [
    (1, date(2026, 3, 10), 2),
    (1, date(2026, 12, 31), 1),
    (42, date(2026, 3, 10), 6),
    (42, date(2026, 12, 31), 1),
    (987654321987654321, date(2026, 3, 10), 8),
    (987654321987654321, date(2026, 12, 31), 10),
]


@pytest.mark.parametrize(("guild_id", "day", "winner"), TIE_BREAK_WINNERS)
def test_tie_break_is_a_stable_hash_of_guild_date_story(guild_id: int, day: date, winner: int) -> None:
    stories = [story(i) for i in range(1, 11)]
    assert pick(stories, guild_id=guild_id, local_date=day).story_id == winner
    assert pick(list(reversed(stories)), guild_id=guild_id, local_date=day).story_id == winner


def test_tie_break_is_the_same_in_every_process() -> None:
    """str hashes are salted per process: a bot restarted with another PYTHONHASHSEED picks the same story."""
    cases = [(guild_id, day.isoformat()) for guild_id, day, _ in TIE_BREAK_WINNERS]
    script = textwrap.dedent(f"""
        from datetime import date
        from bot.services.moment_rules import Candidate, choose
        stories = [Candidate(i, "verified", None, None, "2026-01-01T00:00:00+00:00") for i in range(1, 11)]
        for guild_id, day in {cases!r}:
            local_date = date.fromisoformat(day)
            chosen = choose(stories, guild_id=guild_id, local_date=local_date, allowed_labels=frozenset({{"verified"}}),
                            repeat_days=7)
            print(chosen.story_id)
    """)
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.split() == [str(winner) for *_, winner in TIE_BREAK_WINNERS], (seed, out.stderr)


def test_tie_break_varies_across_guilds_and_days() -> None:
    stories = [story(i) for i in range(1, 6)]
    by_guild = {pick(stories, guild_id=g).story_id for g in range(50)}
    assert len(by_guild) >= 2
    by_day = {pick(stories, local_date=TODAY + timedelta(days=d)).story_id for d in range(50)}
    assert len(by_day) >= 2


def test_tie_break_does_not_override_preferences() -> None:
    # Across many guilds, the on-this-day story and then the least-recent story always win.
    stories = [story(i, last="2025-01-01") for i in range(1, 6)] + [story(9, moment="2019-03-10", last="2025-06-01")]
    assert {pick(stories, guild_id=g).story_id for g in range(50)} == {9}
    stories = [story(i, last="2025-06-01") for i in range(1, 6)] + [story(9, last="2025-01-01")]
    assert {pick(stories, guild_id=g).story_id for g in range(50)} == {9}


def test_unreadable_dates_do_not_crash() -> None:
    choice = pick([story(1, moment="not a date", last="garbage"), story(2, last="2026-03-01")])
    assert choice.story_id == 1  # unreadable last_posted sorts as long ago, outside the window
    assert pick([story(1, last="garbage"), story(2)]).story_id == 2  # but after never-posted ones
    assert pick([story(1, last="2026-03-09T22:00:00+00:00"), story(2, last="2026-01-01")]).story_id == 2


# --------------------------------------------------------------------------------------------
# settings validation
# --------------------------------------------------------------------------------------------


def test_validate_labels_ok() -> None:
    assert validate_labels(["verified", "satire"]) == frozenset({"verified", "satire"})
    assert validate_labels([" Verified ", "SATIRE", "verified"]) == frozenset({"verified", "satire"})
    assert validate_labels("verified, unverified") == frozenset({"verified", "unverified"})
    assert validate_labels(("unverified", "verified", "disputed", "misleading", "satire")) == ALL


def test_validate_labels_refuses_false() -> None:
    with pytest.raises(UserFacingError) as info:
        validate_labels(["verified", "false"])
    assert "False stories are never posted" in info.value.message


def test_validate_labels_refuses_unknown_naming_them() -> None:
    with pytest.raises(UserFacingError) as info:
        validate_labels(["verified", "fake", "rumour"])
    message = info.value.message
    assert "“fake”" in message and "“rumour”" in message
    assert "verified" in message


@pytest.mark.parametrize("labels", [[], ["", "  "], ""])
def test_validate_labels_refuses_empty(labels: list[str] | str) -> None:
    with pytest.raises(UserFacingError) as info:
        validate_labels(labels)
    assert "at least one" in info.value.message


@pytest.mark.parametrize("days", [0, 1, 30, 3650])
def test_validate_repeat_days_ok(days: int) -> None:
    assert validate_repeat_days(days) == days


@pytest.mark.parametrize("days", [-1, 3651, 10**9, True, 7.5])
def test_validate_repeat_days_refused(days: int) -> None:
    with pytest.raises(UserFacingError) as info:
        validate_repeat_days(days)
    assert "0 to 3650" in info.value.message
