"""When a server's moment is due: a time of day, a time zone, and the UTC instant of each local date's post
(see the package docstring for the rules)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, available_timezones

from rapidfuzz import fuzz

from bot.errors import UserFacingError
from bot.i18n import Text, t
from bot.text import quote

# --------------------------------------------------------------------------------------------
# Time of day
# --------------------------------------------------------------------------------------------

# ASCII digits only: \d would also accept Arabic-Indic or full-width digits, which int() parses
# but nobody means as a schedule. One or two hour digits ("7:30"), exactly two minute digits,
# so "12:5" is refused rather than silently read as 12:05 or 12:50.
_TIME_RE = re.compile(r"([0-9]{1,2}):([0-9]{2})", re.ASCII)

_TWELVE_HOUR_RE = re.compile(r"([0-9]{1,2})(?:[:.]([0-9]{2}))?\s*([ap])\.?m\.?", re.ASCII | re.IGNORECASE)


def _not_a_time(text: str, detail: Text | None = None) -> UserFacingError:
    if detail is None:
        return UserFacingError("time-not-a-time", text=quote(text))
    return UserFacingError("time-not-a-time-detail", text=quote(text), detail=detail)


def parse_time(text: str) -> tuple[int, int]:
    """``"07:30"``, ``"7:30"``, ``" 19:05 "`` -> ``(hour, minute)``; anything else -> :class:`UserFacingError`.

    The message always starts with ``“<text>” is not a time of day: use HH:MM, 24-hour, e.g. 07:30``
    and, when the shape is right but a part is wrong, adds which part in parentheses.
    """
    stripped = text.strip()
    if not stripped:
        raise _not_a_time(text, t("time-detail-empty"))
    match = _TIME_RE.fullmatch(stripped)
    if match is None:
        if re.fullmatch(r"[0-9]{1,2}:[0-9]", stripped, re.ASCII):
            raise _not_a_time(text, t("time-detail-minute-digits"))
        twelve = _TWELVE_HOUR_RE.fullmatch(stripped)
        if twelve is not None and 1 <= int(twelve.group(1)) <= 12 and int(twelve.group(2) or 0) <= 59:
            # Say what it would be rather than guess: "7pm" -> "write it as 19:00".
            hour = int(twelve.group(1)) % 12 + (12 if twelve.group(3).lower() == "p" else 0)
            raise _not_a_time(text, t("time-detail-write-as", time=f"{hour:02}:{twelve.group(2) or '00'}"))
        raise _not_a_time(text)
    hour, minute = int(match.group(1)), int(match.group(2))
    if hour > 23:
        # 24:00 is refused too: it is "00:00 of the next day", which would put the post on
        # a different local date than the one the user thinks of.
        raise _not_a_time(text, t("time-detail-hour-range"))
    if minute > 59:
        raise _not_a_time(text, t("time-detail-minute-range"))
    return hour, minute


# --------------------------------------------------------------------------------------------
# Time zones
# --------------------------------------------------------------------------------------------

# Shown first in autocomplete before anything is typed, and used to break ties between equally
# good matches: the zones of the big skating nations / event hosts.
COMMON_ZONES: tuple[str, ...] = (
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
    "Europe/Berlin",
    "Asia/Shanghai",
    "America/Chicago",
    "America/Vancouver",
    "Europe/Madrid",
    "Europe/Helsinki",
    "Europe/Stockholm",
    "Europe/Prague",
    "Europe/Warsaw",
    "Europe/Kyiv",
    "Asia/Almaty",
    "Asia/Taipei",
    "Asia/Hong_Kong",
    "Australia/Sydney",
    "America/Denver",
    "Europe/Zurich",
    "Europe/Tallinn",
)

# Abbreviations and legacy zone names people type, with the city zones to suggest instead.
# Some exist in tzdata (EST, CET, Japan, ...) and some do not (PST, JST, ...); both are refused
# because the same letters mean different places (IST: India, Ireland or Israel) and most do
# not say which daylight-saving rules apply.
_LEGACY_SUGGESTIONS: dict[str, tuple[str, ...]] = {
    "EST": ("America/New_York", "America/Toronto"),
    "EDT": ("America/New_York", "America/Toronto"),
    "EST5EDT": ("America/New_York",),
    "CST": ("America/Chicago", "Asia/Shanghai"),
    "CDT": ("America/Chicago",),
    "CST6CDT": ("America/Chicago",),
    "MST": ("America/Denver", "America/Phoenix"),
    "MDT": ("America/Denver",),
    "MST7MDT": ("America/Denver",),
    "PST": ("America/Los_Angeles", "America/Vancouver"),
    "PDT": ("America/Los_Angeles", "America/Vancouver"),
    "PST8PDT": ("America/Los_Angeles",),
    "AKST": ("America/Anchorage",),
    "HST": ("Pacific/Honolulu",),
    "CET": ("Europe/Paris", "Europe/Berlin", "Europe/Rome"),
    "CEST": ("Europe/Paris", "Europe/Berlin", "Europe/Rome"),
    "MET": ("Europe/Paris", "Europe/Berlin"),
    "WET": ("Europe/Lisbon",),
    "EET": ("Europe/Helsinki", "Europe/Kyiv", "Europe/Athens"),
    "EEST": ("Europe/Helsinki", "Europe/Kyiv", "Europe/Athens"),
    "GMT": ("UTC", "Europe/London"),
    "BST": ("Europe/London",),
    "IST": ("Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"),
    "MSK": ("Europe/Moscow",),
    "JST": ("Asia/Tokyo",),
    "KST": ("Asia/Seoul",),
    "AEST": ("Australia/Sydney", "Australia/Melbourne"),
    "AEDT": ("Australia/Sydney", "Australia/Melbourne"),
    "NZST": ("Pacific/Auckland",),
    "NZDT": ("Pacific/Auckland",),
    "UCT": ("UTC",),
    "UNIVERSAL": ("UTC",),
    "ZULU": ("UTC",),
    "GREENWICH": ("UTC",),
    "GMT0": ("UTC",),
    "GMT+0": ("UTC",),
    "GMT-0": ("UTC",),
    "GB": ("Europe/London",),
    "GB-EIRE": ("Europe/London",),
    "EIRE": ("Europe/Dublin",),
    "JAPAN": ("Asia/Tokyo",),
    "ROK": ("Asia/Seoul",),
    "PRC": ("Asia/Shanghai",),
    "ROC": ("Asia/Taipei",),
    "HONGKONG": ("Asia/Hong_Kong",),
    "SINGAPORE": ("Asia/Singapore",),
    "POLAND": ("Europe/Warsaw",),
    "PORTUGAL": ("Europe/Lisbon",),
    "TURKEY": ("Europe/Istanbul",),
    "W-SU": ("Europe/Moscow",),
    "ICELAND": ("Atlantic/Reykjavik",),
    "EGYPT": ("Africa/Cairo",),
    "IRAN": ("Asia/Tehran",),
    "ISRAEL": ("Asia/Jerusalem",),
    "LIBYA": ("Africa/Tripoli",),
    "CUBA": ("America/Havana",),
    "JAMAICA": ("America/Jamaica",),
    "NAVAJO": ("America/Denver",),
    "KWAJALEIN": ("Pacific/Kwajalein",),
    "NZ": ("Pacific/Auckland",),
    "NZ-CHAT": ("Pacific/Chatham",),
}

# Discord rejects autocomplete choices longer than 100 characters.
_CHOICE_MAX_CHARS = 100
# Autocomplete text is user-controlled; nothing longer than any zone name can match anyway.
_QUERY_MAX_CHARS = 64
# rapidfuzz ratio (0..100) for a typo to count as "close" in an error suggestion, and how far
# below the best suggestion another may be (so "Europe/Pariss" suggests Paris alone, not Prague).
_SUGGEST_CUTOFF = 75
_SUGGEST_SPREAD = 8
# Lower bar for autocomplete, which is a list to pick from rather than a claim.
_CHOICE_FUZZY_CUTOFF = 65

# Match tiers: any textual match beats any fuzzy score (0..100).
_EXACT, _CITY_EXACT, _FULL_PREFIX, _CITY_PREFIX, _WORD_PREFIX, _ABBREVIATION, _SUBSTRING = (
    1000,
    950,
    900,
    850,
    800,
    750,
    700,
)


@dataclass(frozen=True)
class _Zone:
    name: str  # canonical spelling, e.g. "America/New_York"
    key: str  # normalized for matching, e.g. "america/new_york"
    city: str  # last component, normalized, e.g. "new_york"
    words: tuple[str, ...]  # every component and "_" / "-" part: america, new_york, new, york
    rank: int  # position in COMMON_ZONES, or len(COMMON_ZONES)


def _normalize_zone_text(text: str) -> str:
    # Case-insensitive, and spaces accepted for underscores ("new york"), since zone names
    # never contain spaces and people type city names the way they are written.
    return re.sub(r"\s+", "_", text.strip()[:_QUERY_MAX_CHARS]).lower()


def _acceptable(name: str) -> bool:
    # Region/City names and UTC only: see _LEGACY_SUGGESTIONS for why abbreviations are refused.
    # "posix/" and "right/" copies are duplicates (or leap-second variants) of real zones.
    return ("/" in name or name == "UTC") and not name.startswith(("posix/", "right/"))


@functools.cache
def _zones() -> tuple[_Zone, ...]:
    # Built once: available_timezones() walks the tz database on disk on every call.
    ranks = {name: i for i, name in enumerate(COMMON_ZONES)}
    zones = []
    for name in sorted(available_timezones()):
        if not _acceptable(name):
            continue
        key = name.lower()
        parts = key.split("/")
        words = {*parts}
        for part in parts:
            words.update(w for w in re.split(r"[_-]", part) if w)
        zones.append(_Zone(name, key, parts[-1], tuple(sorted(words)), ranks.get(name, len(COMMON_ZONES))))
    return tuple(zones)


@functools.cache
def _zones_by_key() -> dict[str, _Zone]:
    return {z.key: z for z in _zones()}


def _score(query: str, zone: _Zone, abbreviation_targets: frozenset[str]) -> float:
    """How well ``query`` (normalized) names ``zone``: a tier for textual matches, else a fuzzy ratio."""
    if query == zone.key:
        return _EXACT
    if query == zone.city:
        return _CITY_EXACT
    if zone.key.startswith(query):
        return _FULL_PREFIX
    if zone.city.startswith(query):
        return _CITY_PREFIX
    if any(w.startswith(query) for w in zone.words):
        return _WORD_PREFIX
    if zone.name in abbreviation_targets:
        return _ABBREVIATION
    if query in zone.key:
        return _SUBSTRING
    return max(
        fuzz.ratio(query, zone.city, score_cutoff=_CHOICE_FUZZY_CUTOFF),
        fuzz.ratio(query, zone.key, score_cutoff=_CHOICE_FUZZY_CUTOFF),
    )


def _ranked(query: str, cutoff: float) -> list[tuple[float, _Zone]]:
    targets = frozenset(_LEGACY_SUGGESTIONS.get(query.upper(), ()))
    scored = [(s, z) for z in _zones() if (s := _score(query, z, targets)) >= cutoff]
    # Best score first; among equals the zones skating fans use most, then the shorter
    # (usually the canonical, e.g. Asia/Tokyo before Asia/Tokyo_something), then by name
    # so the order never depends on set iteration.
    scored.sort(key=lambda sz: (-sz[0], sz[1].rank, len(sz[1].name), sz[1].name))
    return scored


# "UTC+9", "GMT-05:00", "+5:30", "utc +9": a fixed offset, not a place.
_OFFSET_RE = re.compile(r"(?:utc|gmt|z)?([+\-−])(\d{1,2})(?::?(\d{2}))?", re.ASCII | re.IGNORECASE)


def fixed_offset(text: str) -> timedelta | None:
    """The offset a text such as "UTC+9" or "GMT-05:00" names, or None when it names no offset."""
    match = _OFFSET_RE.fullmatch(re.sub(r"\s+", "", text or "").replace("−", "-"))
    if match is None:
        return None
    sign = -1 if match.group(1) in "-−" else 1
    hours, minutes = int(match.group(2)), int(match.group(3) or 0)
    offset = sign * timedelta(hours=hours, minutes=minutes)
    if minutes >= 60 or not timedelta(hours=-12) <= offset <= timedelta(hours=14):
        return None
    return offset


def _offset_text(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def zones_at_offset(offset: timedelta, at: datetime | None = None, limit: int = 5) -> list[str]:
    """Zones for that offset: the fixed Etc/GMT zone when one exists (IANA writes its sign the other way
    round: Etc/GMT-9 is UTC+9), then places whose clocks are at that offset now, the common ones first.
    Never a zone at another offset."""
    at = at or datetime.now(UTC)
    names: list[str] = []
    minutes = int(offset.total_seconds() // 60)
    if minutes == 0:
        names.append("UTC")
    elif minutes % 60 == 0:
        fixed = f"Etc/GMT{-minutes // 60:+d}"
        if fixed.lower() in _zones_by_key():
            names.append(fixed)
    places = sorted(
        (z for z in _zones() if not z.name.startswith("Etc/") and z.name != "UTC"),
        key=lambda z: (z.rank, z.name),
    )
    for zone in places:
        if len(names) >= limit:
            break
        if at.astimezone(ZoneInfo(zone.name)).utcoffset() == offset:
            names.append(zone.name)
    return names


def zone_choices(query: str, limit: int = 25) -> list[str]:
    """Autocomplete for a time-zone option: up to ``limit`` IANA names, best first. Never raises.

    Matches the whole name, the city, any word of it ("york"), an abbreviation ("cet" offers
    Europe/Paris) and, failing those, typos. An empty query lists :data:`COMMON_ZONES`.
    """
    limit = max(0, min(int(limit), 25))
    try:
        offset = fixed_offset(query or "")
        looks_like_offset = _OFFSET_RE.fullmatch(re.sub(r"\s+", "", query or "").replace("−", "-")) is not None
        query = _normalize_zone_text(query or "")
        if looks_like_offset:
            # Only zones at exactly that offset; an impossible offset (UTC+15) has none.
            names = zones_at_offset(offset, limit=limit) if offset is not None else []
        elif not query:
            names = [z for z in COMMON_ZONES if z.lower() in _zones_by_key()]
        else:
            names = [z.name for _, z in _ranked(query, _CHOICE_FUZZY_CUTOFF)]
    except Exception:
        # Autocomplete must answer something on every keystroke; a bug here should cost the
        # user the suggestions, not an "interaction failed" popup.
        return []
    return [n for n in names if len(n) <= _CHOICE_MAX_CHARS][:limit]


def _suggestions(query: str) -> list[str]:
    ranked = _ranked(query, _SUGGEST_CUTOFF)
    if not ranked:
        return []
    best = ranked[0][0]
    # A textual match (tier >= 700) is as good as any other textual match for suggestions;
    # fuzzy scores keep only those near the best, so a clear typo gets one answer.
    floor = _SUBSTRING if best >= _SUBSTRING else best - _SUGGEST_SPREAD
    return [z.name for s, z in ranked if s >= floor][:3]


def _or_list(names: Sequence[str]) -> Text | str:
    if len(names) == 1:
        return names[0]
    return t("zone-or-list", first=tuple(names[:-1]), last=names[-1])


def parse_timezone(text: str) -> ZoneInfo:
    """An IANA zone name, any case (``"europe/paris"`` -> Europe/Paris), or ``UTC``.

    Refused with :class:`UserFacingError`: unknown names (with up to three close names
    suggested) and abbreviations / legacy names without a ``/`` ("CET", "EST", "PST",
    "Japan"), which are ambiguous; those messages suggest a city zone.
    """
    query = _normalize_zone_text(text)
    shown = quote(text)
    if not query:
        raise UserFacingError("zone-empty")
    zone = _zones_by_key().get(query)
    if zone is not None:
        return ZoneInfo(zone.name)
    offset = fixed_offset(text)
    if offset is not None:
        # A fixed offset ignores daylight saving and does not say which place is meant: offer the fixed
        # zone for it and the places at that offset today, never a zone at another offset.
        zones = zones_at_offset(offset)
        fixed = [z for z in zones if z.startswith("Etc/") or z == "UTC"]
        places = [z for z in zones if z not in fixed]
        named = _offset_text(offset)
        if fixed and places:
            raise UserFacingError(
                "zone-fixed-offset-both", zone=shown, fixed=fixed[0], offset=named, places=_or_list(places)
            )
        if fixed:
            raise UserFacingError("zone-fixed-offset-fixed", zone=shown, fixed=fixed[0], offset=named)
        if places:
            raise UserFacingError("zone-fixed-offset-places", zone=shown, offset=named, places=_or_list(places))
        raise UserFacingError("zone-fixed-offset", zone=shown)
    if "/" not in query:
        legacy = _LEGACY_SUGGESTIONS.get(query.upper())
        known = {n.upper() for n in available_timezones() if "/" not in n}
        if legacy is not None or query.upper() in known:
            cities = [n for n in legacy or () if n.lower() in _zones_by_key()]
            if cities:
                raise UserFacingError("zone-legacy-cities", zone=shown, cities=_or_list(cities))
            raise UserFacingError("zone-legacy", zone=shown)
    suggestions = _suggestions(query)
    if suggestions:
        raise UserFacingError("zone-unknown-suggest", zone=shown, suggestions=_or_list(suggestions))
    raise UserFacingError("zone-unknown", zone=shown)


# --------------------------------------------------------------------------------------------
# Occurrences
# --------------------------------------------------------------------------------------------


def _require_aware(moment: datetime, what: str) -> None:
    # A naive datetime here is a programming error (whose clock?), not something to guess.
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what} must be timezone-aware, got {moment!r}")


def occurrence(local_date: date, hour: int, minute: int, zone: ZoneInfo) -> datetime:
    """The aware UTC instant at which the post for ``local_date`` (a date in ``zone``) is due.

    DST rules, chosen so that every local date has exactly one due instant:

    * **Normal day** (also on change days, for times away from the change): ``hour:minute``
      local, with the offset in force at that moment (07:30 Paris is 06:30 UTC before the
      spring change and 05:30 UTC after it).
    * **Gap** (spring forward; the wall-clock time does not exist that day, e.g. 02:30 in
      Europe/Paris on 2026-03-29 where 02:00 jumps to 03:00): the post moves forward by the
      length of the gap, i.e. it is computed with the offset in force *before* the gap, which
      lands on the same wall-clock distance after it: 02:30 -> 03:30 local (01:30 UTC). This is
      Python's ``fold=0`` behaviour for non-existent times (PEP 495).
    * **Ambiguous** (fall back; the wall-clock time happens twice, e.g. 02:30 on 2026-10-25 in
      Europe/Paris or 01:30 on 2026-11-01 in America/New_York): the *first* occurrence
      (``fold=0``, the pre-change offset), so the post is not made twice.

    A gap that swallows a whole day (Pacific/Apia skipped 2011-12-30) gives that date the
    instant of the next day's post; :func:`next_occurrence` and :func:`latest_occurrence`
    skip such dates so there is still one post per date that exists.
    """
    wall = datetime.combine(local_date, time(hour, minute), tzinfo=zone)
    # fold=0 explicitly: the default, but both DST rules above depend on it.
    return wall.replace(fold=0).astimezone(UTC)


def local_date_at(moment: datetime, zone: ZoneInfo) -> date:
    """The server's calendar date at the aware instant ``moment``."""
    _require_aware(moment, "moment")
    return moment.astimezone(zone).date()


def _date_exists(local_date: date, zone: ZoneInfo) -> bool:
    # If even local midnight, pushed past a gap, lands on a later date, the whole day was
    # skipped by the zone (date-line moves such as Pacific/Apia 2011-12-30).
    return local_date_at(occurrence(local_date, 0, 0, zone), zone) == local_date


# How many local dates around the one of `after` / `at` to look at. One before covers a gap
# push across midnight (a post for yesterday due just after midnight); a few after cover
# skipped days. Real zones need far fewer; the loop stops at the first hit.
_SEARCH_BEFORE = 1
_SEARCH_AFTER = 4


def next_occurrence(after: datetime, hour: int, minute: int, zone: ZoneInfo) -> tuple[date, datetime]:
    """The first ``(local_date, due_utc)`` with ``due_utc > after`` (strictly).

    Strictly, so that calling it again with the instant just returned moves on to the next
    local date: a walk never posts a date twice nor skips one.
    """
    _require_aware(after, "after")
    start = local_date_at(after, zone)
    for offset in range(-_SEARCH_BEFORE, _SEARCH_AFTER + 1):
        day = start + timedelta(days=offset)
        if not _date_exists(day, zone):
            continue
        due = occurrence(day, hour, minute, zone)
        if due > after:
            return day, due
    raise AssertionError(f"no occurrence of {hour:02}:{minute:02} in {zone} after {after}")  # pragma: no cover


def latest_occurrence(at: datetime, hour: int, minute: int, zone: ZoneInfo) -> tuple[date, datetime]:
    """The most recent ``(local_date, due_utc)`` with ``due_utc <= at``.

    After a restart: if the returned date has not been posted yet, a post was missed.
    """
    _require_aware(at, "at")
    start = local_date_at(at, zone)
    for offset in range(_SEARCH_BEFORE, -_SEARCH_AFTER - 1, -1):
        day = start + timedelta(days=offset)
        if not _date_exists(day, zone):
            continue
        due = occurrence(day, hour, minute, zone)
        if due <= at:
            return day, due
    raise AssertionError(f"no occurrence of {hour:02}:{minute:02} in {zone} before {at}")  # pragma: no cover
