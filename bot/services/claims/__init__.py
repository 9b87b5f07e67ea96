"""Claim check: the result claims a story makes, each compared with the results store.

Fabricated skating stories wrap real names around invented moments; real ones carry facts the store can
confirm. The check runs in four visible stages:

1. :mod:`.split` — sentences, and clauses once the mentions are known;
2. :mod:`.mentions` — skaters, couples, countries, competitions and places, segments, disciplines,
   pronouns and descriptions, places in the standings;
3. :mod:`.rules` — which mention each trigger (medal word, ordinal, number, title, "ahead of", a fall) is
   about, and what it claims, keeping every reading a sentence allows;
4. :mod:`.verdicts` — each reading against the store: "consistent", "contradicted" (only with one reading,
   with the stored figure and its source) or "not checkable".

Precision first: a confident wrong "contradicted" blocks a moderator from verifying a true story, so
anything uncertain (two readings, a name or competition the store lacks, a title held before) is listed as
not checkable, never dropped and never checked against something else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.errors import UserFacingError
from bot.i18n import t
from bot.services.claims.mentions import MentionFinder, Names
from bot.services.claims.model import (
    CONSISTENT,
    CONTRADICTED,
    KINDS,
    SEGMENT_WORDS,
    UNCHECKABLE,
    CheckReport,
    Claim,
    Subject,
    Verdict,
)
from bot.services.claims.rules import Extraction, Reader
from bot.services.claims.split import sentences
from bot.services.claims.verdicts import Checker
from bot.services.claims.vocabulary import NOT_NAMES
from bot.services.names import normalize
from bot.services.results import ResultsService
from db.models import Competition

__all__ = [
    "CONSISTENT",
    "CONTRADICTED",
    "KINDS",
    "SEGMENT_WORDS",
    "UNCHECKABLE",
    "CheckReport",
    "Claim",
    "StoreNames",
    "Subject",
    "Verdict",
    "check_text",
    "extract",
]

Resolver = Callable[[str], tuple[int, str] | None]


class _SimpleNames:
    """A plain `name -> (id, label)` function as a Names lookup (tests, the benchmark's floor)."""

    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve

    def person(self, text: str) -> Subject | None:
        hit = self.resolve(text)
        return Subject(hit[1], ids=(hit[0],)) if hit else None

    def couple(self, first: str, second: str) -> Subject | None:
        return None

    def shared(self, text: str) -> Subject | None:
        return None

    def places(self) -> frozenset[str]:
        return frozenset()


class StoreNames:
    """Names as the store knows them. Whole words only: the story's linked skaters first (any of their name
    words), else the one skater whose names have every word; a lone word must be a first or last name."""

    def __init__(self, results: ResultsService, linked: dict[int, tuple[str, list[set[str]]]]) -> None:
        self.results = results
        self.linked = linked
        self._places: frozenset[str] | None = None

    def person(self, text: str) -> Subject | None:
        tokens = normalize(text).split()
        if not tokens:
            return None
        wanted = set(tokens)
        hits = [(sid, name) for sid, (name, names) in self.linked.items() if any(wanted <= n for n in names)]
        if len(hits) == 1:
            return Subject(hits[0][1], ids=(hits[0][0],))
        match = self.results.skaters.resolve_whole_words(text)
        if match is None:
            return None
        if len(tokens) == 1:
            words = normalize(match.matched).split()
            if tokens[0] not in (words[0], words[-1]):
                return None  # a middle word alone is too weak
        return Subject(match.label, ids=(match.key,))

    def couple(self, first: str, second: str) -> Subject | None:
        try:
            ids = self.results.athlete_ids(f"{first} / {second}")
        except UserFacingError:
            return None
        if len(ids) != 2:
            return None
        # The commands forgive typos; in running text both parts must be whole words of the partners' names.
        words = [{w for n in self.results.skaters.names_of(i) for w in normalize(n).split()} for i in ids]
        a, b = set(normalize(first).split()), set(normalize(second).split())
        if not ((a <= words[0] and b <= words[1]) or (a <= words[1] and b <= words[0])):
            return None
        label = " / ".join(self.results.skaters.names_of(i)[0] for i in ids)
        return Subject(label, ids=tuple(ids))

    def shared(self, text: str) -> Subject | None:
        token = normalize(text)
        if not token or " " in token:
            return None
        named = [
            m.label
            for m in self.results.skaters.search(text, 10)
            if token in normalize(m.matched).split()
            and token in (normalize(m.matched).split()[0], normalize(m.matched).split()[-1])
        ]
        named = list(dict.fromkeys(named))
        if len(named) < 2:
            return None
        return Subject(text, missing=t("claim-could-be", names=tuple(named[:-1]), last=named[-1]))

    def places(self) -> frozenset[str]:
        if self._places is None:
            words: set[str] = set()
            for c in self.results.all_competitions():
                for text in (c.city, c.venue, c.name, c.short_name):
                    words.update(w for w in normalize(text or "").split() if not w.isdigit())
            self._places = frozenset(words - NOT_NAMES)
        return self._places


def _names(resolve: Names | Resolver) -> Names:
    if isinstance(resolve, (StoreNames, _SimpleNames)):
        return resolve
    return _SimpleNames(resolve) if callable(resolve) else resolve


def read(text: str, names: Names | Resolver) -> Extraction:
    """Stages 1 to 3: the claims of `text`, in order, and every competition it names."""
    return Reader(MentionFinder(_names(names))).read(sentences(text))


def extract(text: str, names: Names | Resolver) -> list[Claim]:
    """The result claims in `text`, in order (stages 1 to 3)."""
    return read(text, names).claims


def _competition_by_date(results: ResultsService, moment_date: str | None, texts: list[str]) -> Competition | None:
    competitions = results.all_competitions()
    if moment_date:
        dated = [
            c for c in competitions if c.start_date and c.start_date <= moment_date <= (c.end_date or c.start_date)
        ]
        if len(dated) == 1:
            return dated[0]
    named = {m.id: m for t in texts if (m := results.find_competitions(t).match) is not None}
    return next(iter(named.values())) if len(named) == 1 else None


async def check_text(
    results: ResultsService,
    text: str,
    *,
    competition_id: int | None = None,
    event_id: int | None = None,
    moment_date: str | None = None,
    skater_ids: Sequence[int] = (),
) -> CheckReport:
    """Reads the claims of ``text`` and checks each against the store (see the package docstring)."""
    linked: dict[int, tuple[str, list[set[str]]]] = {}
    for skater_id in dict.fromkeys(skater_ids):
        skater = await results.skater_by_id(skater_id)
        if skater is not None:
            linked[skater.id] = (skater.name, [set(normalize(n).split()) for n in (skater.name, *skater.aliases)])
    extraction = read(text, StoreNames(results, linked))

    event = results.event_by_id(event_id)
    competition = results.competition_by_id(competition_id)
    if competition is None and event is not None:
        competition = results.competition_by_id(event.competition_id)
    if competition is None and extraction.claims:
        competition = _competition_by_date(results, moment_date, extraction.competition_texts)
    if event is not None and competition is not None and event.competition_id != competition.id:
        event = None
    checker = Checker(results, competition, event)
    verdicts: list[Verdict] = []
    seen: set[tuple[object, ...]] = set()
    for claim in extraction.claims:
        verdict = await checker.check(claim)
        # Two phrasings of one claim ("Malinin's win ... gave the Americans the gold") read the same: once. The
        # claimed value and the reading are Texts: compared by key and values, never by rendered words.
        key = (verdict.claim.kind, verdict.claim.subject, verdict.claim.claimed, verdict.outcome, verdict.reading)
        if key not in seen:
            seen.add(key)
            verdicts.append(verdict)
    return CheckReport(verdicts, competition.label if competition else None, event.name if event else None)
