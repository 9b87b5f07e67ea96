"""Scoring eras: the rules a segment was judged under, so that scores of different rules are never put side by side
as if they were comparable.

An era is named by the seasons it spans and stored with each segment (``segments.era``, set on import from the
competition's season):

* ``2004-2010``: the first years of the judging system: GOE -3..+3, five program components; ice dance had the
  compulsory and original dances;
* ``2010-2018``: GOE -3..+3, five components; the short dance replaced the compulsory and original dances;
* ``2018-2022``: GOE -5..+5 and new base values; five components; the rhythm dance replaced the short dance;
* ``2022-``: three program components.

Seasons before 2004-05 (the 6.0 system) and seasons that cannot be read have no era (None).
"""

from __future__ import annotations

import re

from bot.i18n import Text, t

# (first season's starting year, era), oldest first; an era runs until the next one starts.
ERAS: tuple[tuple[int, str], ...] = ((2004, "2004-2010"), (2010, "2010-2018"), (2018, "2018-2022"), (2022, "2022-"))
_SEASON = re.compile(r"(\d{4})-(\d{2}|\d{4})")


def era_of(season: str | None) -> str | None:
    """The scoring era of a season ("2016-17" -> "2010-2018"); None before 2004-05 or for a season not given as
    "YYYY-YY"."""
    match = _SEASON.fullmatch((season or "").strip())
    if match is None:
        return None
    year = int(match.group(1))
    era = None
    for first, name in ERAS:
        if year >= first:
            era = name
    return era


def era_text(era: str | None) -> Text:
    """An era as a reader sees it, with its rules ("2010-18: GOE -3..+3, five components"); "era not known" for
    a segment without one (before 2004-05, or a season that could not be read)."""
    return t(f"era-{era}") if era in {name for _, name in ERAS} else t("era-unknown")


def era_short_text(era: str | None) -> Text:
    """An era's short name ("2010–18 rules"), after a meeting's or a season's name."""
    return t(f"era-short-{era}") if era in {name for _, name in ERAS} else t("era-short-unknown")
