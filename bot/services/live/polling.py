"""How often a watched site is polled: politely, fast only while something can appear. Pure rules.

- Around a segment (from 90 minutes before it starts, when its starting order is usually published, until four
  hours after: long enough for the biggest field and a late result page) the site is polled every
  `FAST` seconds; in the day before a segment every `NEAR`; otherwise every `SLOW`.
- Once a segment has started and until its results are seen, the one page they appear on is also checked every
  `RESULTS_DUE` seconds (a conditional request: a 304 without a body while nothing changed), so that 5,000 servers
  hear of the results seconds after the page changes, not up to a `FAST` later. What it costs the results host: one
  more conditional request every 5 s per watched site during a segment (about 720 an hour, a few hundred bytes
  each), and still never more than one request every `HOST_SPACING` per host whatever the number of sites.
- A site that fails is retried with exponential backoff and jitter (never sooner than the plan above), so a
  struggling results host is not hammered by every bot watching it at once.
- A competition is over when its last segment started more than `OVER_AFTER` ago and every final result has
  been seen; then polling stops.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

FAST = timedelta(seconds=20)
RESULTS_DUE = timedelta(seconds=5)
NEAR = timedelta(minutes=5)
SLOW = timedelta(minutes=30)
BEFORE = timedelta(minutes=90)
AFTER = timedelta(hours=4)
OVER_AFTER = timedelta(hours=12)
BACKOFF_FIRST = timedelta(seconds=30)
BACKOFF_MAX = timedelta(minutes=30)
# Between two requests to one host, whatever the sites on it: the fetcher waits this long.
HOST_SPACING = timedelta(seconds=2)
# The requests one poll of a site may make (its pages, PDFs and redirects): a championship links about 100 files, a
# big federation site a few hundred; an index linking thousands (a broken or hostile site) is refused, not read for
# hours at one request every HOST_SPACING.
MAX_PAGES = 1000


def interval(now: datetime, starts: Sequence[datetime], awaiting: Sequence[datetime] = ()) -> timedelta:
    """The wait before the next poll of a site whose segments start at `starts` (UTC); `awaiting`: the starts of
    the segments whose results are not seen yet."""
    if any(start <= now <= start + AFTER for start in awaiting):
        return RESULTS_DUE
    if any(start - BEFORE <= now <= start + AFTER for start in starts):
        return FAST
    upcoming = [start - BEFORE for start in starts if start - BEFORE > now]
    if upcoming:
        until = min(upcoming) - now
        return min(until, NEAR if until <= timedelta(days=1) else SLOW)
    return SLOW


def backoff(failures: int, rng: random.Random | None = None) -> timedelta:
    """The wait after `failures` failed polls in a row: 30 s, 1 min, 2 min ... at most 30 min, each between half
    and one and a half times that (jitter, so watchers of one host spread out)."""
    # The doubling stops at the cap: 2 ** 42 times 30 s is past what a timedelta holds (OverflowError).
    base = min(BACKOFF_FIRST * 2 ** min(max(0, failures - 1), 16), BACKOFF_MAX)
    return base * (rng or random).uniform(0.5, 1.5)


def is_over(now: datetime, starts: Sequence[datetime], finals_expected: int, finals_seen: int) -> bool:
    """Whether the competition is over: every segment long past and every category's final result seen. A site
    whose schedule gives no times is over when every final is seen (and never before)."""
    if finals_expected == 0 or finals_seen < finals_expected:
        return False
    return not starts or now >= max(starts) + OVER_AFTER


def iso(moment: datetime) -> str:
    """A time as the live tables store it: UTC, to the second."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")
