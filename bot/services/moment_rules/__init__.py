"""Pure rules behind the daily "moment of the day" post: when it is due, and which story it shows.

Nothing here talks to Discord, the database or the clock: the scheduler and the ``/moment``
commands pass everything in, so every rule can be tested with fixed dates and zones.

Scheduling rules (one post per *local* calendar date of the server):

* A server picks a wall-clock time ``HH:MM`` and an IANA zone. :func:`occurrence` turns
  "that time on this local date" into one UTC instant, also on daylight-saving change days
  (see its docstring for the gap / ambiguity rules).
* :func:`next_occurrence` and :func:`latest_occurrence` walk local dates, never "24 hours
  later", so a 23- or 25-hour day still gets exactly one post.

Story choice rules are in :func:`choose`.
"""

from bot.services.moment_rules.choice import (
    KNOWN_LABELS,
    LOW_STOCK,
    MAX_REPEAT_DAYS,
    NEVER_POSTABLE,
    Candidate,
    Choice,
    choose,
    validate_labels,
    validate_repeat_days,
)
from bot.services.moment_rules.timing import (
    fixed_offset,
    latest_occurrence,
    local_date_at,
    next_occurrence,
    occurrence,
    parse_time,
    parse_timezone,
    zone_choices,
    zones_at_offset,
)

__all__ = [
    "KNOWN_LABELS",
    "LOW_STOCK",
    "MAX_REPEAT_DAYS",
    "NEVER_POSTABLE",
    "Candidate",
    "Choice",
    "choose",
    "fixed_offset",
    "latest_occurrence",
    "local_date_at",
    "next_occurrence",
    "occurrence",
    "parse_time",
    "parse_timezone",
    "validate_labels",
    "validate_repeat_days",
    "zone_choices",
    "zones_at_offset",
]
