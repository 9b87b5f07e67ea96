"""Which story a server's moment shows, and the settings that steer the choice (see :func:`choose`)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from bot.errors import UserFacingError
from bot.i18n import Text, t
from bot.text import quote
from db.models import LABELS, Label

# --------------------------------------------------------------------------------------------
# Story choice
# --------------------------------------------------------------------------------------------

KNOWN_LABELS: tuple[str, ...] = LABELS
#: Labels that are never posted, whatever a server allows: a daily highlight must not spread a
#: story known to be false, even captioned.
NEVER_POSTABLE = frozenset({Label.FALSE})
#: Below this many eligible stories the moderators are warned to add or verify more.
LOW_STOCK = 7
MAX_REPEAT_DAYS = 3650


@dataclass(frozen=True)
class Candidate:
    story_id: int
    label: str
    moment_date: str | None  # ISO date "2026-02-19" or None
    last_posted: str | None  # ISO local date this server last posted it, or None
    created_at: str  # ISO timestamp
    from_results: bool = False  # generated from the results store (its own label, "from the results")
    skater_ids: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Choice:
    story_id: int | None  # None when nothing is eligible
    reason: Text  # why this story, for /moment preview and logs
    eligible: int  # stories outside the repeat window, or the fallback set when there are none
    warning: Text | None  # for moderators: low stock, forced repeat, nothing postable


def _iso_date(text: str | None) -> date | None:
    if not text:
        return None
    try:
        # [:10] also accepts a timestamp ("2026-02-19T10:00:00+00:00") where a date was meant.
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def _is_on_this_day(moment: date | None, today: date) -> bool:
    # A moment dated after today is a data error, not an anniversary.
    if moment is None or moment > today:
        return False
    if (moment.month, moment.day) == (today.month, today.day):
        return True
    # Feb 29 moments are remembered on Feb 28 in years without a Feb 29.
    leap_today = today.year % 4 == 0 and (today.year % 100 != 0 or today.year % 400 == 0)
    return (moment.month, moment.day) == (2, 29) and (today.month, today.day) == (2, 28) and not leap_today


def _tie_break(guild_id: int, local_date: date, story_id: int) -> bytes:
    # hashlib, not hash(): str hashes are salted per process, and /moment preview (one process)
    # must agree with the scheduled post (maybe after a restart). Keyed by guild and date so
    # equal candidates rotate between days and differ between servers.
    return hashlib.sha256(f"{guild_id}:{local_date.isoformat()}:{story_id}".encode()).digest()


def _first(
    candidates: Sequence[Candidate], rank: Callable[[Candidate], Any], guild_id: int, local_date: date
) -> Candidate:
    """The candidate of the lowest rank, ties broken by the stable hash: hashed only among the tied (a server
    chooses among a thousand stories, most of them unposted, at every post)."""
    ranked = [(rank(c), c) for c in candidates]
    lowest = min(key for key, _ in ranked)
    tied = [c for key, c in ranked if key == lowest]
    return min(tied, key=lambda c: (_tie_break(guild_id, local_date, c.story_id), c.story_id))


def day_month(day: date) -> Text:
    """ "10 March": a date without its year, in the reader's words."""
    return t("moment-day-month", day=day.day, month=t("moment-month", month=day.month))


def choose(
    candidates: Sequence[Candidate],
    *,
    guild_id: int,
    local_date: date,
    allowed_labels: frozenset[str],
    repeat_days: int,
    results_allowed: bool = True,
) -> Choice:
    """Pick the story for ``guild_id``'s post of ``local_date``. Deterministic: same inputs, same choice.

    * **Eligible**: label in ``allowed_labels`` and not in :data:`NEVER_POSTABLE`; a story from the results that no
      moderator has labelled (still "unverified") is eligible by its own label, "from the results", when
      ``results_allowed``, whatever the allowed labels.
    * **Repeat window**: a story posted on day P is held back on days P .. P+repeat_days-1
      (with 7 it can come back on the same weekday next week; 0 disables the window). A
      ``last_posted`` after ``local_date`` counts as inside. If every eligible story is inside
      the window, the one posted least recently is repeated, and the reason and warning say so.
    * **Order** (outside the window): a story about none of the skaters of yesterday's post (the server
      does not see the same skater two days running while another story is eligible), then an "on this
      day" story (``moment_date`` with today's month and day, in an earlier or the same year; Feb 29
      counts on Feb 28 of non-leap years), then one a moderator wrote or labelled before one from the
      results no one labelled (people chose it), then never posted, then posted least recently, then a
      stable hash of ``f"{guild_id}:{local_date}:{story_id}"``.
    * **Warning** when fewer than :data:`LOW_STOCK` stories are outside the window.
    """
    allowed = {label.lower() for label in allowed_labels} - NEVER_POSTABLE
    eligible = [c for c in candidates if _postable(c, allowed, results_allowed)]
    if not eligible:
        return _nothing_postable(candidates)
    fresh = [c for c in eligible if not _inside_window(c, local_date, repeat_days)]
    if fresh:
        return _choose_fresh(fresh, _skaters_of_yesterday(candidates, local_date), guild_id, local_date)
    # Everything postable was posted inside the window: repeating beats posting nothing.
    return _choose_repeat(eligible, guild_id, local_date, repeat_days)


def _unlabelled_fact(c: Candidate) -> bool:
    """A story from the results that no moderator has labelled: it is posted by its own label."""
    return c.from_results and c.label.lower() == Label.UNVERIFIED


def _postable(c: Candidate, allowed: set[str], results_allowed: bool) -> bool:
    return results_allowed if _unlabelled_fact(c) else c.label.lower() in allowed


def _nothing_postable(candidates: Sequence[Candidate]) -> Choice:
    if not candidates:
        return Choice(None, t("moment-reason-no-stories"), 0, t("moment-warning-no-stories"))
    return Choice(None, t("moment-reason-no-allowed-label"), 0, t("moment-warning-no-allowed-label"))


def _inside_window(c: Candidate, local_date: date, repeat_days: int) -> bool:
    posted = _iso_date(c.last_posted)
    return posted is not None and (local_date - posted).days < repeat_days


def _recency(c: Candidate) -> tuple[bool, date]:
    # Never posted sorts first; an unreadable last_posted sorts like "very long ago".
    return (c.last_posted is not None, _iso_date(c.last_posted) or date.min)


def _skaters_of_yesterday(candidates: Sequence[Candidate], local_date: date) -> frozenset[int]:
    """The skaters of the story this server posted yesterday (none when it posted none)."""
    yesterday = (local_date - timedelta(days=1)).isoformat()
    return frozenset().union(*(c.skater_ids for c in candidates if c.last_posted == yesterday))


def _choose_fresh(
    fresh: Sequence[Candidate], seen_yesterday: frozenset[int], guild_id: int, local_date: date
) -> Choice:
    """The best of the stories outside the repeat window, in the order :func:`choose` describes."""
    best = _first(
        fresh,
        lambda c: (
            bool(c.skater_ids & seen_yesterday),
            not _is_on_this_day(_iso_date(c.moment_date), local_date),
            _unlabelled_fact(c),
            _recency(c),
        ),
        guild_id,
        local_date,
    )
    warning = None
    if len(fresh) < LOW_STOCK:
        warning = t("moment-warning-low-stock", count=len(fresh), low=LOW_STOCK)
    return Choice(best.story_id, _fresh_reason(best, local_date), len(fresh), warning)


def _fresh_reason(best: Candidate, local_date: date) -> Text:
    moment = _iso_date(best.moment_date)
    posted = _iso_date(best.last_posted)
    if _is_on_this_day(moment, local_date):
        assert moment is not None
        return t("moment-reason-on-this-day", year=moment.year, day=day_month(moment))
    if best.last_posted is None:
        return t("moment-reason-never-posted")
    if posted is None:
        return t("moment-reason-least-recent-unreadable")
    return t("moment-reason-least-recent", date=posted.isoformat())


def _choose_repeat(eligible: Sequence[Candidate], guild_id: int, local_date: date, repeat_days: int) -> Choice:
    """Every postable story is inside the window: the least recently posted one is the repeat the members are least
    likely to remember, and the moderators are told."""
    best = _first(eligible, _recency, guild_id, local_date)
    posted = _iso_date(best.last_posted)
    if posted is not None:
        reason = t("moment-reason-repeat", days=repeat_days, date=posted.isoformat())
    else:
        reason = t("moment-reason-repeat-unknown", days=repeat_days)
    warning = t("moment-warning-repeat", count=len(eligible), days=repeat_days)
    return Choice(best.story_id, reason, len(eligible), warning)


# --------------------------------------------------------------------------------------------
# Settings validation
# --------------------------------------------------------------------------------------------


def validate_labels(labels: Iterable[str]) -> frozenset[str]:
    """Labels a server allows for its daily post: a non-empty subset of :data:`KNOWN_LABELS` minus "false".

    Case and surrounding spaces are ignored; a single string is split on commas / spaces
    (so ``"verified, satire"`` works as well as a list).
    """
    items = re.split(r"[,\s]+", labels) if isinstance(labels, str) else list(labels)
    wanted = [str(label).strip().lower() for label in items]
    wanted = [label for label in wanted if label]
    postable = [label for label in KNOWN_LABELS if label not in NEVER_POSTABLE]
    unknown = sorted({label for label in wanted if label not in KNOWN_LABELS})
    if unknown:
        names = tuple(quote(label) for label in unknown)
        raise UserFacingError("moment-labels-unknown", count=len(unknown), names=names, labels=tuple(postable))
    if NEVER_POSTABLE.intersection(wanted):
        raise UserFacingError("moment-labels-false", labels=tuple(postable))
    if not wanted:
        raise UserFacingError("moment-labels-empty", labels=tuple(postable))
    return frozenset(wanted)


def validate_repeat_days(days: int) -> int:
    """Days before a posted story may be posted again: 0 (no limit) to 3650 (ten years)."""
    # bool is an int subclass; True as "1 day" would be a caller bug, so refuse it.
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MAX_REPEAT_DAYS:
        raise UserFacingError("moment-repeat-days-range", max=MAX_REPEAT_DAYS, days=quote(str(days)))
    return days
