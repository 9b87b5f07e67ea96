"""Results and athletes: name resolution, standings, profiles, podiums, medal tables, head-to-heads.

A package by concern: `vocabulary` (disciplines, segments, medals), `models` (what the answers are),
`resolve` (what a user's text means; autocomplete), `aliases` (owners' changes: spellings, site imports)
and `service` (ResultsService, the facade). Everything public is importable from here.
"""

from bot.services.results.aliases import ALIAS_LIMIT, SiteImport
from bot.services.results.models import (
    DISPUTED_PREFIX,
    Athlete,
    AthleteProfile,
    CareerCompetition,
    CareerSeason,
    Choice,
    EraTally,
    HeadToHead,
    HeadToHeadEvent,
    MedalCount,
    MedalRow,
    PersonalBest,
    Podium,
    ProtocolView,
    Standings,
    difference,
    disputed_notes,
    place_ranges,
)
from bot.services.results.resolve import MAX_CHOICES
from bot.services.results.service import EVENT_CACHE_SIZE, PROFILE_CACHE_SIZE, ResultsService
from bot.services.results.vocabulary import (
    DISCIPLINE_LABELS,
    DISCIPLINE_SYNONYMS,
    MEDALS,
    SEGMENT_KIND_LABELS,
    SEGMENT_SYNONYMS,
)

__all__ = [
    "ALIAS_LIMIT",
    "DISCIPLINE_LABELS",
    "DISCIPLINE_SYNONYMS",
    "DISPUTED_PREFIX",
    "EVENT_CACHE_SIZE",
    "MAX_CHOICES",
    "MEDALS",
    "PROFILE_CACHE_SIZE",
    "SEGMENT_KIND_LABELS",
    "SEGMENT_SYNONYMS",
    "Athlete",
    "AthleteProfile",
    "CareerCompetition",
    "CareerSeason",
    "Choice",
    "EraTally",
    "HeadToHead",
    "HeadToHeadEvent",
    "MedalCount",
    "MedalRow",
    "PersonalBest",
    "Podium",
    "ProtocolView",
    "ResultsService",
    "SiteImport",
    "Standings",
    "difference",
    "disputed_notes",
    "place_ranges",
]
