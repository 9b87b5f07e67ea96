"""Stage 2: mention finding. In one sentence, the spans that name skaters, couples, countries, competitions and places,
segments and disciplines; pronouns and descriptions that stand for a skater named before; and references to a place
in the standings ("the winner", "the silver medallists").

Names are found in runs of capitalized words (a run stops at a word that is never a name, at punctuation and at a
possessive), longest span first, through a :class:`Names` lookup that only accepts whole words (never a fuzzy guess
in running text). Two runs joined by "and", "&", "/" or "," are first tried as a couple ("Fournier Beaudry and
Cizeron", "Gilles/Poirier", "Maia and Alex Shibutani"). A run of two or more capitalized words that names nobody in
the store ("Kamila Valieva") is kept as an unknown name, so a claim about it is listed as not checkable instead of
being dropped; so is a lone unknown word right before a results verb ("Valieva won"), and a description with a name
in it ("the Parsons siblings": that family's couple, never the one named before).

Countries: names, "Team USA", "U.S.", codes of neutral teams, plural demonyms ("the Americans") and an adjective with
a team word ("the Japanese team"). A country right before a name ("Japan's Kaori Sakamoto", "American Amber Glenn")
only describes the skater; after "of", "for", "from" or "representing" it is where the skater comes from, not a
subject.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from typing import Protocol

from bot.i18n import t
from bot.services.claims.competition_mentions import COUNTRY_RE, FORM_INFO, FORMS, find_competitions, in_lower_case
from bot.services.claims.model import Subject
from bot.services.claims.patterns import guard_patterns, may_match, starting_with
from bot.services.claims.place_names import where_held
from bot.services.claims.vocabulary import (
    ASKED_ABOUT,
    CLAIM_VERB,
    COMMON_WORDS,
    DESCRIPTION_RE,
    DISCIPLINE_RE,
    HOST_CITIES,
    NATIONALITIES,
    NOT_NAMES,
    NUMBER_WORDS,
    PRONOUNS,
    SEGMENT_RE,
    segment_kind,
)
from bot.services.names import normalize


class Names(Protocol):
    """What mention finding asks of the store (see :class:`bot.services.claims.StoreNames`)."""

    def person(self, text: str) -> Subject | None:
        """The one skater whose name has every word of `text` as a whole word (a lone one: a given or family name)."""

    def couple(self, first: str, second: str) -> Subject | None:
        """The couple whose partners `first` and `second` name (whole words), else None."""

    def shared(self, text: str) -> Subject | None:
        """A lone name word several skaters share ("Miura"): a Subject saying who it could be, else None."""

    def family(self, surname: str) -> Subject | None:
        """The couple of one family ("the Shibutanis"), or a Subject saying which it could be; else None."""

    def places(self) -> frozenset[str]:
        """Normalized words of the places and names of the stored competitions."""

    def family_name(self, word: str, subject: Subject) -> bool:
        """Whether `word` is the family name of the one skater `subject` names (not only a given name)."""


@dataclass(slots=True)
class Mention:
    start: int
    end: int
    kind: str  # "person", "country", "pronoun", "description", "rank"
    subject: Subject | None  # None for a pronoun or description (resolved by the rules)
    plural: bool = False  # "they", a couple, a country, "the duo"
    object_of: str | None = None  # the word that makes it an object: "behind", "ahead of", "of", ...
    nation: str | None = None  # a description's nationality: "the French couple" (FRA)

    @property
    def span(self) -> tuple[int, int]:
        return self.start, self.end


@dataclass(slots=True)
class Found:
    """Everything stage 2 found in one sentence."""

    sentence: str
    subjects: list[Mention] = field(default_factory=list)
    competitions: list[tuple[int, int, str, bool]] = field(default_factory=list)  # span, words, title only
    segments: list[tuple[int, int, str]] = field(default_factory=list)  # span and segment kind
    disciplines: list[tuple[int, int, str]] = field(default_factory=list)  # span and discipline


_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_POSSESSIVE = ("'s", "’s", "'", "’")
_POSSESSIVE_ENDS = frozenset(suffix[-1] for suffix in _POSSESSIVE)
_BLANKS = re.compile(r"[ \t]+")  # between two words of one name


# After "the Japanese", a verb: the adjective is the country's people, a subject ("the Japanese were second").
_PEOPLE_VERB = re.compile(
    r"\s+(?:were|are|was|is|had|have|took|won|finished|placed|came|ended|scored|led|claimed|got|earned|collected"
    r"|secured|edged|beat|trailed)\b",
    re.IGNORECASE,
)
_TEAM_NOUN = re.compile(r"^\s+(?:team|squad|side|trio|contingent|skaters|delegation|federation)\b", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"\b(?:of|for|from|representing|to|with|in|at)\s+(?:the\s+)?$", re.IGNORECASE)

# Prepositions and verbs after which a name is the rival or an object, not who the claim is about.
_OBJECT_OF = re.compile(
    # A verb of beating in any case ("Beat Kostornaia by 1.30."); a preposition only in lower case ("By X ... was won").
    r"\b(?P<prep>(?i:beat(?:ing|s)?|edg(?:ing|ed|es)(?:\s+out)?|outscor(?:ing|ed)|overt(?:aking|ook)|pipp(?:ing|ed)"
    r"|(?:held|holding|holds|hold)\s+off|outpaced)|behind|ahead\s+of|in\s+front\s+of|clear\s+of|over|than|trailing"
    r"|trailed|past|against|alongside|including|like|with|to|for|from|of|by|congratulated|embraced|hugged|thanked|surprised"
    r"|approached|watched|joined|beside|besides|among|between|rival|after|within(?:\s+\w+){1,3}\s+of|short\s+of"
    r"|back\s+of|led|leads|leading|trails|since|separated)"
    r"\s+(?:(?:the|his|her|their|fellow|compatriot|teammate|teammates|rival|rivals|partner|countryman"
    r"|countrywoman|training\s+mate|reigning|defending|gold|silver|bronze|medall?ists?|champions?|olympic|veteran"
    r"|star|skater|teenager|teen|youngster|phenom|athlete|duo|couple|pair|newcomer|debutant|favou?rite"
    r"|world|[A-Z][\w’'-]*|[\w-]+['’]s)\s+){0,4}$"
)
_RANK_REF = re.compile(
    r"\bthe\s+(?:(?P<winner>winners?|champions?|leaders?|gold[\s-]+medall?ists?|victors?)"
    r"|(?P<silver>silver[\s-]+medall?ists?|runners?[\s-]up)|(?P<bronze>bronze[\s-]+medall?ists?|podium))\b",
    re.IGNORECASE,
)

# At the start of a sentence a lone capitalized word is a name only before a verb of results ("Valieva won"),
# not before "was" or "were" ("Cameras were rolling").
_ACTION_VERB = re.compile(
    r"^\s+(?:won|took|claimed|finished|placed|scored|earned|captured|secured|grabbed|collected|landed|fell|led"
    r"|topped|settled|clinched|struck|sealed|ended|came|rose|climbed|dropped|slipped|were|was|are|is)\b",
    re.IGNORECASE,
)
# "kihara/miura": a couple written in lower case.
_LOWER_PAIR = re.compile(r"(?<![\w/])([a-z][\w'’-]+)/([a-z][\w'’-]+)(?![\w/])")
_LOWER_OPENING = re.compile(r"(?:^|\band\s+|\bbut\s+|,\s+|:\s+)(?P<word>[a-z][\w’'-]{2,})(?=\s)")
_LOWER_WORD = re.compile(r"\s+([a-z][\w’'-]{2,})(?=\s)")
NOMINATIVE = frozenset(("she", "he", "they"))  # pronouns only ever a subject
_PRONOUN = re.compile(r"\b(?:she|he|her|his|him|hers|they|their|them)\b", re.IGNORECASE)


# Searched through copies tried only where a match can begin (.patterns: the same matches, 3 to 5 times faster).
_COUNTRY_RE = starting_with(re.escape("".join(sorted({form[0] for form, _, _ in FORMS} | {"T"}))), COUNTRY_RE)
_RANK_REF = starting_with("t", _RANK_REF)
_PRONOUN = starting_with("sht", _PRONOUN)
_SEGMENTS = starting_with("srfl", SEGMENT_RE)
_DISCIPLINES = starting_with("mwlfpidt", DISCIPLINE_RE)
_DESCRIPTIONS = starting_with("t", DESCRIPTION_RE)


@dataclass(slots=True)
class Layout:
    """What a sentence names whoever the store's skaters are: its segments, disciplines, competitions and places,
    and countries (they depend on the store's places only, not on its names)."""

    segments: list[tuple[int, int, str]]
    disciplines: list[tuple[int, int, str]]
    competitions: list[tuple[int, int, str, bool]]
    countries: list[Mention]


# Words folded as the store folds names, kept between checks: stories share most of their words, and a post in lower
# case asks about each of its words (a few hundred bytes each, bounded).
_folded = functools.lru_cache(maxsize=4096)(normalize)


def _ends(name: str) -> tuple[str, ...]:
    """A name's first and last words, normalized: what a story shortens it to."""
    words = normalize(name).split()
    return (words[0], words[-1]) if words else ()


class MentionFinder:
    """Finds the mentions of one sentence at a time (stage 2), with a per-check cache of name lookups.

    `layouts` keeps each sentence's Layout for another finder reading the same text again with other names (a
    check that found the story's competition only by reading it): give it only to finders whose names have the
    same places()."""

    def __init__(self, names: Names, layouts: dict[str, Layout] | None = None) -> None:
        self.names = names
        self._layouts: dict[str, Layout] = {} if layouts is None else layouts
        self._places = {w for w in names.places()} | HOST_CITIES
        self._person: dict[str, Subject | None] = {}
        # The skaters the story has named in full, by the first and last words of their names (looked up for each
        # lone word: a list scanned each time grew with every full name and cost more than the rest of a lookup).
        self._named: dict[str, set[Subject]] = {}
        self._couple: dict[tuple[str, str], Subject | None] = {}
        self._words: dict[str, list[str]] = {}  # a name as written: its folded words
        self._place_words: dict[str, bool] = {}  # a capitalized word: whether it names a place

    # -- lookups, cached: a story repeats its names ----------------------------------------------------
    def _is_place(self, word: str) -> bool:
        place = self._place_words.get(word)
        if place is None:
            place = self._place_words[word] = _folded(word) in self._places
        return place

    def person(self, text: str) -> Subject | None:
        words = self._words.get(text)
        if words is None:  # a story repeats its names: each folded once
            words = self._words[text] = _folded(text).split()
        if len(words) == 1:
            # "Chen" after "Nathan Chen": the one skater the story has named with that first or last name, before
            # the store's rings (where another Chen of the competition would make it no one).
            named = self._named.get(words[0])
            if named is not None and len(named) == 1:
                return next(iter(named))
        if text in self._person:
            found = self._person[text]
        else:
            found = self._person[text] = self.names.person(text)
        if found is not None and len(words) > 1 and len(found.ids) == 1:
            for end in _ends(found.name):
                self._named.setdefault(end, set()).add(found)
        return found

    def couple(self, first: str, second: str) -> Subject | None:
        key = (first, second)
        if key not in self._couple:
            self._couple[key] = self.names.couple(first, second)
        return self._couple[key]

    def _layout(self, sentence: str) -> Layout:
        layout = self._layouts.get(sentence)
        if layout is None:
            segments = [
                (m.start(), m.end(), segment_kind(m.group("seg")))
                for m in (_SEGMENTS.finditer(sentence) if may_match(_SEGMENTS, sentence) else ())
            ]
            disciplines = [
                (m.start(), m.end(), m.lastgroup or "")
                for m in (_DISCIPLINES.finditer(sentence) if may_match(_DISCIPLINES, sentence) else ())
            ]
            competitions = find_competitions(sentence, self._is_place)
            countries = self._countries(sentence, [(s, e) for s, e, _, _ in competitions])
            layout = self._layouts[sentence] = Layout(segments, disciplines, competitions, countries)
        return layout

    def find(self, sentence: str) -> Found:
        found = Found(sentence)
        layout = self._layout(sentence)
        # Copies: the mentions are completed below and by the rules, and the layout may be read again.
        found.segments = list(layout.segments)
        found.disciplines = list(layout.disciplines)
        found.competitions = list(layout.competitions)
        countries = [replace(m) for m in layout.countries]
        taken = [(s, e) for s, e, _, _ in found.competitions]
        taken += [(m.start, m.end) for m in countries]
        people = self._people(sentence, taken)
        taken += [(m.start, m.end) for m in people]
        others = self._pronouns_and_references(sentence, taken, people)
        mentions = sorted(people + others, key=lambda m: m.start)
        # A country right before a name describes the skater ("Japan's Kaori Sakamoto", "American Amber Glenn").
        starts = [m.start for m in mentions if m.kind == "person"]
        for country in countries:
            gap_ok = any(
                re.fullmatch(r"(?:['’]s)?\s+(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+){0,2}", sentence[country.end : s])
                for s in starts
                if s >= country.end
            )
            title = re.match(
                r"['’]s\s+(?:[\w-]+\s+){0,5}?(?:champions?|medall?ists?|winners?|title[\s-]holders?)\b",
                sentence[country.end :],
                re.IGNORECASE,
            )
            if not gap_ok and not title and not where_held(sentence, country.start):
                mentions.append(country)
        mentions.sort(key=lambda m: m.start)
        previous: Mention | None = None
        for mention in mentions:
            if mention.kind == "pronoun" and sentence[mention.start : mention.end].lower() in NOMINATIVE:
                # "X beat Y, and she won both segments": "she" is a subject, never a rival as "Y" is.
                previous = mention
                continue
            window = max(0, mention.start - 120)
            obj = _OBJECT_OF.search(sentence[window : mention.start])
            if obj and window + obj.end() == mention.start:
                mention.object_of = " ".join(obj.group("prep").lower().split())
                # Up to "by", whatever describes the name after it ("taken by the Chinese pair Sui/Han").
                passive = re.search(
                    r"\b(?:was|were|is|are|been)\s+(?:\w+\s+)?(?:won|taken|claimed|captured|completed|secured|led|topped)"
                    r"\s+$",
                    sentence[window : window + obj.start("prep")],
                    re.IGNORECASE,
                )
                if mention.object_of == "by" and passive:
                    mention.object_of = None  # "the free skate was won by Liu": Liu did it
            elif (
                previous is not None
                and previous.object_of
                and re.fullmatch(r"\s*(?:,|and|&|or|,\s*and)\s*", sentence[previous.end : mention.start], re.I)
                # "ahead of Sui/Han, and Nagaoka/Moriguchi took bronze": a name before its own verb opens a clause.
                and not _ACTION_VERB.match(sentence[mention.end :])
            ):
                mention.object_of = previous.object_of  # "ahead of Sakamoto and Chiba": both are rivals
            previous = mention
        found.subjects = mentions
        return found

    # -- countries ---------------------------------------------------------------------------------------
    def _countries(self, sentence: str, taken: list[tuple[int, int]]) -> list[Mention]:
        out = []
        for m in _COUNTRY_RE.finditer(sentence):
            if any(s <= m.start() < e for s, e in taken):
                continue
            form = m.group("form")
            code, how = FORM_INFO[form]
            if form == "US" and not sentence[max(0, m.start() - 1) : m.start()].isspace() and m.start() > 0:
                continue
            team = bool(m.group("team")) or bool(_TEAM_NOUN.match(sentence[m.end() :]))
            if (
                how == "adjective"
                and re.search(r"\bthe\s+$", sentence[: m.start()], re.I)
                and (not re.match(r"\s+[A-Za-z]", sentence[m.end() :]) or _PEOPLE_VERB.match(sentence, m.end()))
            ):
                how = "people"  # "the French won by 1.43 points", "the Japanese were second in the free"
            if how == "adjective" and not team:
                continue  # "Japanese star", "the American skater": a description, not a country subject
            end = m.end()
            if how == "adjective":
                end += _TEAM_NOUN.match(sentence[m.end() :]).end()  # type: ignore[union-attr]
            attribute = _ATTRIBUTE.search(sentence, 0, m.start())
            mention = Mention(m.start(), end, "country", Subject(code, country=code), plural=True)
            if attribute and attribute.end() == m.start() and not team:
                mention.object_of = attribute.group().split()[0].lower()
            out.append(mention)
        return out

    # -- people --------------------------------------------------------------------------------------------
    def _name_runs(self, sentence: str, taken: list[tuple[int, int]]) -> list[list[tuple[int, int, str, bool]]]:
        """The runs of name words outside the taken spans: each word's start, end, bare word, and possessive."""
        runs: list[list[tuple[int, int, str, bool]]] = []  # runs of name words: start, end, bare word, possessive
        current: list[tuple[int, int, str, bool]] = []
        # Social posts are often written all in lower case ("kagiyama 2nd again lol"): there, any word may be a
        # name, except the words that are also common English words.
        lower_case = in_lower_case(sentence)
        # Words outside the span the taken mentions cover are not looked for among them.
        low, high = (min(s for s, _ in taken), max(e for _, e in taken)) if taken else (0, 0)
        blanks = _BLANKS.fullmatch
        for m in _WORD.finditer(sentence):
            start = m.start()
            if low <= start < high and any(s <= start < e for s, e in taken):
                continue
            word = m.group()
            upper = word[0].isupper()
            if not upper and not lower_case:
                # Most words: never a name word (the suffix and the lookups below cannot change that), and the end
                # of the run before them.
                if current:
                    runs.append(current)
                    current = []
                continue
            possessive = False
            if word[-1] in _POSSESSIVE_ENDS:  # most words end otherwise: no suffix to try
                for suffix in _POSSESSIVE:
                    if word.endswith(suffix) and len(word) > len(suffix):
                        word, possessive = word[: -len(suffix)], True
                        break
            end = start + len(word)
            lowered = word.lower()
            usable = upper or (
                len(word) > 2
                and lowered not in COMMON_WORDS
                and lowered not in NOT_NAMES
                and self.person(word) is not None
            )
            capital = usable and lowered not in NOT_NAMES and lowered not in PRONOUNS
            if not capital and lower_case and current and len(word) > 1 and lowered not in NOT_NAMES:
                # "jason brown", "lilah fear", "karen chen": a common word, or a family name several skaters share,
                # that ends the name of the one skater begun before it.
                capital = self._completes_name(sentence, current, start, word)
            if (
                not capital
                and upper
                and lowered in NUMBER_WORDS
                and current
                and blanks(sentence, current[-1][1], start) is not None
            ):
                # "Denis Ten": a number word capitalized right after a name word is the family name, not a number.
                capital = True
            if capital:
                joined = bool(current) and blanks(sentence, current[-1][1], start) is not None
                if joined or not current:
                    current.append((start, end, word, possessive))
                else:
                    runs.append(current)
                    current = [(start, end, word, possessive)]
            elif current:
                runs.append(current)
                current = []
            if possessive and current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
        return runs

    def _completes_name(self, sentence: str, run: list[tuple[int, int, str, bool]], start: int, word: str) -> bool:
        if _BLANKS.fullmatch(sentence, run[-1][1], start) is None:
            return False
        given = run[-1][2]
        found = self.person(f"{given} {word}")
        return found is not None and len(found.ids) == 1 and _ends(found.name) == (_folded(given), _folded(word))

    def _people(self, sentence: str, taken: list[tuple[int, int]]) -> list[Mention]:
        runs = self._name_runs(sentence, taken)
        lower_case = in_lower_case(sentence)
        mentions: list[Mention] = []
        used: set[int] = set()  # run indexes consumed by a couple
        # Couples: two runs joined by "and", "&", "/", "," or "+".
        for i in range(len(runs) - 1):
            a, b = runs[i], runs[i + 1]
            if i in used or not re.fullmatch(r"\s*(?:and|&|/|\+|,)\s*", sentence[a[-1][1] : b[0][0]], re.I):
                continue
            hit = self._couple_in(sentence, a, b)
            if hit is not None:
                start, end, subject = hit
                mentions.append(Mention(start, end, "person", subject, plural=True))
                used.update((i, i + 1))
        for m in _LOWER_PAIR.finditer(sentence) if "/" in sentence else ():
            if any(x.start <= m.start() < x.end for x in mentions) or any(s <= m.start() < e for s, e in taken):
                continue
            pair = self.couple(m.group(1), m.group(2))
            if pair is not None:
                mentions.append(Mention(m.start(), m.end(), "person", pair, plural=True))
        if lower_case:
            mentions.extend(self._unknown_lower_subjects(sentence, taken, mentions, runs))
        pairs = [(x.start, x.end) for x in mentions]
        for i, run in enumerate(runs):
            if i in used:
                continue
            # A word of a couple written "fear/gibson" is that couple's, not a skater of its own.
            run = [w for w in run if not any(s <= w[0] < e for s, e in pairs)]
            if run:
                mentions.extend(self._names_in(sentence, run))
        return mentions

    def _unknown_lower_subjects(
        self,
        sentence: str,
        taken: list[tuple[int, int]],
        mentions: list[Mention],
        runs: list[list[tuple[int, int, str, bool]]],
    ) -> list[Mention]:
        """In a post in lower case, a word the store does not know that opens a clause before a verb of results
        ("nathan won and yuzu was second"): someone, not in the store, so that the claim is not given to the name
        before it."""
        known = [(w[0], w[1]) for run in runs for w in run] + taken + [(x.start, x.end) for x in mentions]

        def unknown_word(start: int, word: str) -> bool:
            lowered = word.lower()
            return not (
                lowered in COMMON_WORDS
                or lowered in NOT_NAMES
                or lowered in PRONOUNS
                or any(s <= start < e for s, e in known)
            )

        out = []
        for m in _LOWER_OPENING.finditer(sentence):
            if not unknown_word(m.start("word"), m.group("word")):
                continue
            end = m.end("word")
            # "marta zelenko was fourth": a given and a family name, both unknown, before the verb.
            family = _LOWER_WORD.match(sentence, end)
            if not CLAIM_VERB.match(sentence[end:]) and family and unknown_word(family.start(1), family.group(1)):
                end = family.end(1)
            if not CLAIM_VERB.match(sentence[end:]):
                continue
            out.append(Mention(m.start("word"), end, "person", _unknown(sentence[m.start("word") : end])))
        return out

    def _couple_in(
        self, sentence: str, a: list[tuple[int, int, str, bool]], b: list[tuple[int, int, str, bool]]
    ) -> tuple[int, int, Subject] | None:
        for tail in range(min(3, len(a)), 0, -1):
            for head in range(min(3, len(b)), 0, -1):
                first = " ".join(w[2] for w in a[-tail:])
                second = " ".join(w[2] for w in b[:head])
                subject = self.couple(first, second)
                if subject is not None:
                    return a[-tail][0], b[head - 1][1], subject
        return None

    def _names_in(self, sentence: str, run: list[tuple[int, int, str, bool]]) -> list[Mention]:
        out: list[Mention] = []
        leftover: list[list[tuple[int, int, str, bool]]] = [[]]
        p = 0
        while p < len(run):
            for length in range(min(4, len(run) - p), 0, -1):
                text = sentence[run[p][0] : run[p + length - 1][1]]
                subject = self.person(text)
                if subject is not None and length == 1 and len(run) > 1 and not self.names.family_name(text, subject):
                    # "Yuna Kim" is not Yuna Shiraiwa, nor "Kim Yuna": a given name is hers only on its own, never
                    # beside another name word she does not have.
                    subject = None
                if subject is not None:
                    out.append(Mention(run[p][0], run[p + length - 1][1], "person", subject))
                    p += length
                    leftover.append([])
                    break
            else:
                leftover[-1].append(run[p])
                p += 1
        for words in leftover:
            if not words:
                continue
            start, end = words[0][0], words[-1][1]
            text = sentence[start:end]
            lone = len(words) == 1
            if lone and text.endswith("s") and re.search(r"\bthe\s+$", sentence[:start], re.I):
                family = self.names.family(text[:-1])
                if family is not None:
                    # "the Shibutanis": the couple of that family, a subject of its own (never the name before).
                    out.append(Mention(start, end, "person", family, plural=True))
                    continue
            asked_about = sentence.rstrip().endswith("?") and ASKED_ABOUT.search(sentence, 0, start) is not None
            if (
                lone
                and not asked_about
                and not (CLAIM_VERB.match(sentence[end:]) and (start > 0 or _ACTION_VERB.match(sentence[end:])))
            ):
                continue  # a lone capitalized word: a heading or sentence start ("Delivering ..."), not a name
            if lone:
                shared = self.names.shared(text)
                if shared is not None:
                    out.append(Mention(start, end, "person", shared))
                    continue
            if len(words) > 3:
                continue
            out.append(Mention(start, end, "person", _unknown(text)))
        return out

    # -- pronouns, descriptions, places in the standings ---------------------------------------------------
    def _pronouns_and_references(
        self, sentence: str, taken: list[tuple[int, int]], people: list[Mention]
    ) -> list[Mention]:
        out: list[Mention] = []
        busy = taken + [(m.start, m.end) for m in people]
        for m in _RANK_REF.finditer(sentence) if may_match(_RANK_REF, sentence) else ():
            if any(s <= m.start() < e for s, e in busy):
                continue
            rank = 1 if m.group("winner") else 2 if m.group("silver") else 3
            label = " ".join(m.group().split())
            out.append(Mention(m.start(), m.end(), "rank", Subject(label, rank=rank)))
            busy.append((m.start(), m.end()))
        for m in _PRONOUN.finditer(sentence):
            if any(s <= m.start() < e for s, e in busy):
                continue
            word = m.group().lower()
            out.append(Mention(m.start(), m.end(), "pronoun", None, plural=PRONOUNS[word] == "many"))
        if not people:
            for m in _DESCRIPTIONS.finditer(sentence):
                if any(s <= m.start() < e for s, e in busy):
                    continue
                head = m.group("head").lower()
                if named := [w for w in m.group().split()[1:-1] if w[:1].isupper() and _folded(w) not in _NOT_NAMED]:
                    # "the Parsons siblings": that family's couple, else someone the store lacks; never the one before.
                    found = self.names.family(named[-1]) or self.names.family(named[-1][:-1]) or _unknown(m.group())
                    out.append(Mention(m.start(), m.end(), "person", found, plural=True))
                    continue
                plural = head in ("duo", "couple", "pair", "team", "partnership", "siblings") or m.group().endswith("s")
                if _HOME.search(m.group()):
                    # "the home pair", "the local favourite": the host country's entry, which the words alone do not
                    # name; never the one named last.
                    label = " ".join(m.group().split())
                    out.append(Mention(m.start(), m.end(), "person", Subject(label, missing=t("claim-home-entry"))))
                    continue
                # "the French couple", "the Chinese pair": that country's entry, not whoever was named last.
                nation = next(
                    (c for c in _COUNTRY_RE.finditer(m.group()) if FORM_INFO[c.group("form")][1] != "name"), None
                )
                code = FORM_INFO[nation.group("form")][0] if nation is not None else _lower_nation(m.group())
                code = code if head != "team" else None
                out.append(Mention(m.start(), m.end(), "description", None, plural=plural, nation=code))
        return out


_HOME = re.compile(r"\b(?:home|local|host)\b", re.IGNORECASE)
_NOT_NAMED = NATIONALITIES | NOT_NAMES  # capitalized words of a description that name no one ("the Olympic champion")


def _lower_nation(words: str) -> str | None:
    """The country of a nationality written in lower case ("the french pair", in a post typed so)."""
    found = (FORM_INFO.get(w[:1].upper() + w[1:]) for w in words.split() if w.islower())
    return next((info[0] for info in found if info is not None and info[1] == "adjective"), None)


def _unknown(words: str) -> Subject:
    return Subject(" ".join(words.split()), missing=t("claim-not-in-store"))


# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())
