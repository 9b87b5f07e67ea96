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
from itertools import takewhile

from cachetools import LRUCache

from bot.errors import UserFacingError
from bot.i18n import t
from bot.services.claims.competition_mentions import names_only_a_level
from bot.services.claims.editions import MIN_SKATERS_FOR_EDITION, edition_by_host_city, edition_of_skaters, entrants
from bot.services.claims.japanese import JapaneseReader, is_japanese
from bot.services.claims.mentions import Layout, MentionFinder, Names
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
from bot.services.claims.transliteration import other_spelling
from bot.services.claims.verdicts import Checker
from bot.services.claims.vocabulary import NOT_NAMES
from bot.services.names import normalize
from bot.services.results import ResultsService
from bot.services.results.vocabulary import event_name_text
from db.models import Competition, Event

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

# The name lookups kept for each competition and set of linked skaters (StoreNames): a long story asks about 300
# runs of capitalized words; couples and shared surnames are rarer. Bounded for the bot's memory: at most
# ResultsService's DERIVED_CACHE_SIZE of these, about 200 bytes an answer (under 5 MB in all).
LOOKUP_CACHE_SIZE = 1024
PAIR_CACHE_SIZE = 256
# The skaters of one family name tried two by two for a couple ("the Shibutanis").
FAMILY_SIZE = 6


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

    def family(self, surname: str) -> Subject | None:
        return None

    def places(self) -> frozenset[str]:
        return frozenset()

    def family_name(self, word: str, subject: Subject) -> bool:
        return _last_word(word, subject.name)


NameWords = dict[int, tuple[str, list[list[str]]]]  # skater id -> (label, the words of each of their names)
SHORT_NAME_MIN = 4  # "Yuzu": shorter words ("Al", "Sho") start too many names


class StoreNames:
    """Names as the store knows them. Whole words only, looked for in rings: the story's linked skaters (any of
    their name words), then the skaters of the event and of the competition the story is about (a first or last
    name), then the one skater in the store whose names have every word. A lone surname two skaters share in the
    nearest ring that has it ("Liu" at a competition with two Lius) is no one: never a guess."""

    def __init__(self, results: ResultsService, linked: NameWords, entered: Sequence[NameWords] = ()) -> None:
        self.results = results
        self.linked = linked
        self.entered = entered
        # Each ring's skaters by the words of their names, so that a name is checked against those sharing a word
        # with it, not against every entrant (a 4,000-character story asks about 300 names).
        self._by_word = [_by_word(ring) for ring in entered]
        self._places: frozenset[str] | None = None
        self._given: list[list[tuple[int, str]]] | None = None
        # The answers, kept for the next story about the same competition and skaters (this object lives in the
        # results service's derived() cache, which a refresh or a change of names empties): a story's names are
        # mostly those of the stories before it. Bounded: every capitalized run of every story is asked.
        self._person: LRUCache[str, Subject | None] = LRUCache(LOOKUP_CACHE_SIZE)
        self._couple: LRUCache[tuple[str, str], Subject | None] = LRUCache(PAIR_CACHE_SIZE)
        self._shared: LRUCache[str | tuple[str, str], Subject | None] = LRUCache(PAIR_CACHE_SIZE)

    def person(self, text: str) -> Subject | None:
        if text not in self._person:
            found = self._find_person(text)
            # "Lipnitskaya" for the store's "Lipnitskaia": the same name in another transliteration, looked up only
            # when the spelling written names no one, so it never takes a name from the skater it does name.
            variant = other_spelling(text) if found is None else None
            self._person[text] = self._find_person(variant) if variant else found
        return self._person[text]

    def _find_person(self, text: str) -> Subject | None:
        tokens = normalize(text).split()
        if not tokens:
            return None
        wanted = set(tokens)
        hits = [(sid, name) for sid, (name, names) in self.linked.items() if any(wanted <= set(n) for n in names)]
        if len(hits) == 1:
            return Subject(hits[0][1], ids=(hits[0][0],))
        for ring, by_word in zip(self.entered, self._by_word, strict=True):
            hits = [(sid, ring[sid][0]) for sid in by_word.get(tokens[0], ()) if _named(tokens, ring[sid][1])]
            if hits:
                return Subject(hits[0][1], ids=(hits[0][0],)) if len(hits) == 1 else None
        match = self.results.skaters.resolve_whole_words(text)
        if match is None:
            return self._short_name(tokens)
        if not _named(tokens, [normalize(match.matched).split()]):
            return None  # a middle word alone is too weak
        return Subject(match.label, ids=(match.key,))

    def _short_name(self, tokens: list[str]) -> Subject | None:
        """A first name shortened ("Yuzu" for Yuzuru): the one skater of the story's event, else of its
        competition, whose given name starts with the word; never looked for in the whole store, where the
        shortening could be anyone's, and never when two skaters of the nearest ring fit."""
        if len(tokens) != 1 or len(tokens[0]) < SHORT_NAME_MIN:
            return None
        word = tokens[0]
        for ring, given in zip(self.entered, self._given_names(), strict=True):
            hits = {sid for sid, name in given if name.startswith(word) and name != word}
            if len(hits) > 1:
                return None
            if hits:
                sid = hits.pop()
                return Subject(ring[sid][0], ids=(sid,))
        return None

    def _given_names(self) -> list[list[tuple[int, str]]]:
        """Each ring's given names (a first or last word of a name that is not the family name), built once."""
        if self._given is None:
            self._given = [
                [
                    (sid, word)
                    for sid, (_, names) in ring.items()
                    for word in {w for name in names if len(name) > 1 for w in (name[0], name[-1])}
                    - set(self.results.family_name_words(sid))
                ]
                for ring in self.entered
            ]
        return self._given

    def couple(self, first: str, second: str) -> Subject | None:
        key = (first, second)
        if key not in self._couple:
            self._couple[key] = self._find_couple(first, second)
        return self._couple[key]

    def _find_couple(self, first: str, second: str) -> Subject | None:
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
        if text not in self._shared:
            self._shared[text] = self._find_shared(text)
        return self._shared[text]

    def _find_shared(self, text: str) -> Subject | None:
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

    def family(self, surname: str) -> Subject | None:
        if ("family", surname) not in self._shared:
            self._shared[("family", surname)] = self._find_family(surname)
        return self._shared[("family", surname)]

    def _find_family(self, surname: str) -> Subject | None:
        token = normalize(surname)
        if not token or " " in token:
            return None
        named = list(
            dict.fromkeys(
                m.label
                for m in self.results.skaters.search(surname, 10)
                if token in (normalize(m.matched).split()[0], normalize(m.matched).split()[-1])
            )
        )[:FAMILY_SIZE]
        couples = list(
            dict.fromkeys(
                couple
                for i, first in enumerate(named)
                for second in named[i + 1 :]
                if (couple := self._find_couple(first, second)) is not None
            )
        )
        if len(couples) == 1:
            return couples[0]
        if not couples:
            return None
        labels = [c.name for c in couples]
        return Subject(surname + "s", missing=t("claim-could-be", names=tuple(labels[:-1]), last=labels[-1]))

    def family_name(self, word: str, subject: Subject) -> bool:
        """The family name is the word printed in capitals in one of the skater's names, as ISU results print
        it ("Boyang JIN", "JIN Boyang"); for a skater with no such spelling, the display name's last word."""
        if len(subject.ids) != 1:
            return True
        return normalize(word) in self.results.family_name_words(subject.ids[0])

    def places(self) -> frozenset[str]:
        if self._places is None:
            words: set[str] = set()
            for c in self.results.all_competitions():
                for text in (c.city, c.venue, c.name, c.short_name):
                    words.update(w for w in normalize(text or "").split() if not w.isdigit())
            self._places = frozenset(words - NOT_NAMES)
        return self._places


def _named(tokens: list[str], names: list[list[str]]) -> bool:
    """Whether the words name someone of these names: every word within one name, and a lone word only as its
    first or last word (a middle name alone is too weak)."""
    if len(tokens) == 1:
        return any(name and tokens[0] in (name[0], name[-1]) for name in names)
    return any(set(tokens) <= set(name) for name in names)


def _by_word(ring: NameWords) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for skater_id, (_, names) in ring.items():
        for word in dict.fromkeys(word for name in names for word in name):
            found.setdefault(word, []).append(skater_id)
    return found


def _last_word(word: str, name: str) -> bool:
    words = normalize(name).split()
    return bool(words) and normalize(word) == words[-1]


def _name_words(names: Sequence[str]) -> list[list[str]]:
    return [normalize(name).split() for name in names]


def _names(resolve: Names | Resolver) -> Names:
    if isinstance(resolve, (StoreNames, _SimpleNames)):
        return resolve
    return _SimpleNames(resolve) if callable(resolve) else resolve


def read(
    text: str, names: Names | Resolver, layouts: dict[str, Layout] | None = None, *, until_claim: bool = False
) -> Extraction:
    """Stages 1 to 3: the claims of `text`, in order, and every competition it names (a Japanese story is read
    by :mod:`.japanese`). `layouts`: see :class:`.mentions.MentionFinder`. `until_claim`: only whether the text
    makes a claim is asked, so the reading stops after the first sentence that makes one (claims are only ever
    added, so the answer is the whole reading's)."""
    if is_japanese(text):
        found = JapaneseReader(_names(names)).read(text)
        return Extraction(found.claims, found.competition_texts)
    reader = Reader(MentionFinder(_names(names), layouts))
    if until_claim:
        return reader.read(takewhile(lambda _: not reader.claims, sentences(text)))
    return reader.read(sentences(text))


def extract(text: str, names: Names | Resolver) -> list[Claim]:
    """The result claims in `text`, in order (stages 1 to 3)."""
    return read(text, names).claims


def _competition_by_date(results: ResultsService, moment_date: str | None) -> Competition | None:
    if not moment_date:
        return None
    dated = [
        c
        for c in results.all_competitions()
        if c.start_date and c.start_date <= moment_date <= (c.end_date or c.start_date)
    ]
    return dated[0] if len(dated) == 1 else None


async def _story_competition(results: ResultsService, extraction: Extraction, text: str) -> Competition | None:
    """The competition a story with no link and no competition on the moment's date is about: the one its named
    skaters place it at among those its text names, else the one competition its text names; either only where
    most of its skaters skated (`_most_skated_at`). A story naming none: the edition held in the city of its first
    line where nearly all its skaters skated, if one."""
    named: dict[int, Competition] = {}
    candidates: dict[int, Competition] = {}
    every_edition: dict[int, Competition] = {}  # those only a kind of competition allows ("Worlds": every year's)
    meant: list[set[int]] = []  # the competitions each text may mean
    lacked = False  # whether the first edition the text names is one the store lacks
    claims = extraction.claims
    for text in extraction.competition_texts:
        lookup = results.find_competitions(text)
        if lookup.match is not None:
            named[lookup.match.id] = lookup.match
        (every_edition if names_only_a_level(text) else candidates).update((c.id, c) for c in lookup.matches)
        if lookup.matches:
            meant.append({c.id for c in lookup.matches})
        elif not meant and not names_only_a_level(text):
            # The edition the story names first, and the store lacks ("Milan 2018 was the best dance event"): what
            # it is about may be that one, whatever others it names after.
            lacked = True
    chosen: Competition | None = None
    allowed = {**every_edition, **candidates}
    if len(allowed) > 1:
        chosen = await _competition_by_skaters(results, list(allowed.values()), claims)
        if candidates and (chosen is None or chosen.id not in candidates):
            # "Who won the women in Beijing? ... And Kihira at Worlds?": every year's Worlds may fit its skaters as
            # well as Beijing's Games, or better; the editions its words single out are what it is about, when its
            # skaters place it among them.
            chosen = await _competition_by_skaters(results, list(candidates.values()), claims) or chosen
        # A story naming several competitions by name (a thread comparing Worlds 2022, 2023 and 2024) is about
        # one of those, if any: never one only a vague word of it allows ("won worlds": every year's).
        # Nor, when the first it names is an edition the store lacks ("Milan 2018 was the best dance event ...
        # Montpellier 2022 ... Saitama '23"), is any of the others the story's: each paragraph's is its own.
        if chosen is not None and len(named) >= 2 and (chosen.id not in named or lacked):
            return None
    if chosen is None:
        # The one competition the text names, unless another of its words names only others ("in Beijing" and
        # "in Montpellier": which one a claim is about is not said).
        if len(named) != 1:
            # A story naming no competition the store holds: the host city its first line names, where its skaters
            # were (`.editions.edition_by_host_city`).
            return None if meant or lacked else await edition_by_host_city(results, text, claims)
        chosen = next(iter(named.values()))
        if not all(chosen.id in ids for ids in meant):
            return None
    return chosen if await _most_skated_at(results, chosen, claims) else None


async def _most_skated_at(results: ResultsService, competition: Competition, claims: list[Claim]) -> bool:
    """Whether the skaters of the story's own claims skated at the competition its words named: a newsletter
    about Sapporo that ends "next week: Skate America 2016" names only Skate America, yet its skaters were at the
    NHK Trophy. When more of them are missing from it than are there (two at least), the story is about another
    competition its words did not make out: no competition (not checkable), never another's figures."""
    entered = await entrants(results, competition)
    there = missing = 0
    for ids in {s.ids for c in claims if None in c.competitions for s in c.subjects if s.ids}:
        if entered.intersection(ids):
            there += 1
        else:
            missing += 1
    return missing < MIN_SKATERS_FOR_EDITION or missing <= there


async def _competition_by_skaters(
    results: ResultsService, candidates: list[Competition], claims: list[Claim]
) -> Competition | None:
    """Among the competitions a story's words may mean ("the NHK Trophy": each year's edition; "Canada's
    Osmond" at "the Cup of China"), the one where the skaters the story names skated (`.editions`)."""
    named = (s.ids for c in claims for s in (*c.subjects, *((c.other,) if c.other else ())))
    return await edition_of_skaters(results, candidates, named)


async def _edition_by_name_parts(
    results: ResultsService, names: StoreNames, extraction: Extraction, text: str
) -> Competition | None:
    """A Japanese story that names a competition without its edition ("名古屋のGPファイナル") and its skaters by a part
    of their names ("昌磨", "知子ちゃん"), which are read only among entrants: read again among the entrants of every
    edition its words may mean, then the edition where those skaters skated (as `_story_competition`)."""
    candidates = {c.id: c for words in extraction.competition_texts for c in results.find_competitions(words).matches}
    if len(candidates) < 2:
        return None
    union: NameWords = {}
    for candidate in candidates.values():
        for ring in (await _entered(results, candidate, None))[-1:]:
            union.update(ring)
    claims = read(text, StoreNames(results, names.linked, [union])).claims
    chosen = await _competition_by_skaters(results, list(candidates.values()), claims)
    return chosen if chosen is not None and await _most_skated_at(results, chosen, claims) else None


async def _store_names(
    results: ResultsService, linked_ids: tuple[int, ...], competition: Competition | None, event: Event | None
) -> StoreNames:
    """The names of a check: the linked skaters' and, with a competition, its entrants'. Built once for each such
    question and kept in the results service's derived() cache with the answers of its lookups, until a refresh
    or a change of names empties that cache."""
    derived = results.derived()  # taken before reading the store: a value built across a change is not kept
    key = ("claim names", linked_ids, competition.id if competition else None, event.id if event else None)
    names = derived.get(key)
    if isinstance(names, StoreNames):
        return names
    linked: NameWords = {}
    for skater_id in linked_ids:
        skater = await results.skater_by_id(skater_id)
        if skater is not None:
            linked[skater.id] = (skater.name, _name_words((skater.name, *skater.aliases)))
    entered = await _entered(results, competition, event) if competition is not None else []
    names = derived[key] = StoreNames(results, linked, entered)
    return names


async def _entered(results: ResultsService, competition: Competition, event: Event | None) -> list[NameWords]:
    """The skaters entered in the event, then those of the whole competition, with the words of their names."""
    rings: list[NameWords] = []
    for events in ([event] if event is not None else [], results.events_of(competition)):
        ring: NameWords = {}
        for each in events:
            entries, _ = await results.results_of(each)
            for entry in entries:
                for skater in entry.skaters:
                    if skater.id not in ring:
                        ring[skater.id] = (skater.name, _name_words(results.skaters.names_of(skater.id)))
        if ring:
            rings.append(ring)
    return rings


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
    linked_ids = tuple(dict.fromkeys(skater_ids))
    event = results.event_by_id(event_id)
    competition = results.competition_by_id(competition_id)
    if competition is None and event is not None:
        competition = results.competition_by_id(event.competition_id)
    if event is not None and competition is not None and event.competition_id != competition.id:
        event = None
    # Names are read knowing who skated there: "Liu" in a story about Worlds 2025 is the Liu entered there, not one
    # of the Lius of other seasons. A competition found only from the text (or the moment's date) means reading again.
    names = await _store_names(results, linked_ids, competition, event)
    layouts: dict[str, Layout] = {}
    # A competition held on the moment's date is the story's whatever its words say: the reading with names known
    # without it only tells whether the story makes a claim at all, and is read again with that competition's. A
    # story that names its competition is read again knowing its entrants even with no claim read yet: some names
    # are read only among them (a Japanese given name with an honorific, "知子ちゃん").
    dated = _competition_by_date(results, moment_date) if competition is None else None
    extraction = read(text, names, layouts, until_claim=dated is not None)
    if competition is None and (extraction.claims or extraction.competition_texts):
        competition = dated if dated is not None else await _story_competition(results, extraction, text)
        if competition is None and dated is None and is_japanese(text):
            competition = await _edition_by_name_parts(results, names, extraction, text)
        if competition is not None:
            again = await _store_names(results, linked_ids, competition, None)
            # The sentences' layout is read again only with the same places (a refresh may have come meanwhile).
            extraction = read(text, again, layouts if again.places() == names.places() else None)
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
    return CheckReport(verdicts, competition.label if competition else None, event_name_text(event) if event else None)
