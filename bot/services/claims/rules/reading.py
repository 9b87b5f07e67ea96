"""Stage 3: relation rules. Which mention a trigger (a medal word, an ordinal, a number, a title) is about,
and what it claims.

Who: explicit patterns first ("gold medallist Alysa Liu", "gold went to Liu", "second place for Kagiyama",
"the podium was completed by Nakai"); else the nearest subject before the trigger in its clause that is not
an object ("behind Liu", "ahead of Sakamoto", "of Japan"); a relative clause is about the name before its
", who"; a clause with no subject before the trigger takes the one after it ("After a short program of
77.23, Sakamoto ...") or the one of the clause it continues. A trigger right after an object ("ahead of
Shin Ji-a in eleventh") could be either's: both readings are kept. Coordinated subjects each get a medal or
place ("Liu and Glenn won team gold"), or take listed values in order ("Sakamoto and Nakai took silver and
bronze"); one number after two subjects could be either's.

What: see the rule functions. Numbers: a score after a medal or a final place, or with "total", is the
total; a score attached to a segment ("77.23 in the short program", "a short program of 77.23") is that
segment's; a score of "a performance/skate/program" is the segment the sentence or the one before names;
any other score could be the total or any segment score (all readings are kept). Places: an ordinal "after
the short program" is that segment's rank; "after the free skate" could be the final place or the free
skate's rank; "in the free skate" is its rank; "finished", "overall", "dropped to", a bare "was sixth" are
final places. Words of intent or negation before a trigger ("hoped to win gold", "missed the podium") make
no claim. Titles held before ("two-time world champion", "defending champion") are listed, not checkable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bot.i18n import Text, t
from bot.services.claims.competition_mentions import held_before, set_after
from bot.services.claims.editions import named_in_paragraphs
from bot.services.claims.mentions import NOMINATIVE, Found, Mention, MentionFinder
from bot.services.claims.model import Claim, Subject, trim
from bot.services.claims.patterns import may_match
from bot.services.claims.rules.common import (
    Who,
    apposition_of_object,
    described_events,
    named_description,
    season_joined,
    year_joined,
)
from bot.services.claims.rules.medals import ceremony, dedupe_medal_places, medals, titles
from bot.services.claims.rules.numbers import numbers
from bot.services.claims.rules.other_time import of_another_time
from bot.services.claims.rules.phrases import (
    ABSOLUTE,
    AGENT_OBJECT,
    ATTRIBUTE_OBJECT,
    CEREMONY,
    EXPLICIT_AFTER,
    OTHER_TRIGGER,
    RIVAL_OBJECT,
    TEAM_WORD,
    TITLE_BEFORE_PLACE,
    TITLE_FIGURE,
    TITLE_THEN_PLACE,
    TRIGGERS,
)
from bot.services.claims.rules.places import falls, last_places, order, places, segment_wins
from bot.services.claims.rules.questions import claims_said
from bot.services.claims.rules.tables import rows_joined, table_columns, table_row
from bot.services.claims.rules.topic import (
    fragment_subject,
    heading_segments,
    listed_under,
    next_topic,
    unnamed_subject,
)
from bot.services.claims.split import Clause, Sentence, clauses
from bot.services.claims.vocabulary import NEGATION

_I = re.IGNORECASE


@dataclass(slots=True)
class _State:
    """What carries from one sentence to the next: who was named last, the segment and competition in view."""

    person: Subject | None = None
    group: Subject | None = None
    # named in the previous sentence, or carried on by it ("Liu leads after the short! Chiba is third. Sakamoto is
    # only fourth": the third and the fourth may both be places in the short program)
    segments: list[str] = field(default_factory=list)
    competitions: list[str] = field(default_factory=list)  # named earlier in this paragraph
    paragraph: int = -1
    ceremony_left: int = 0
    earlier: list[Subject] = field(default_factory=list)  # the subjects named before, most recent last
    columns: tuple[str, ...] | None = None  # a standings table's header row, while its rows follow
    seasons: list[str] = field(default_factory=list)  # the seasons the story has named ("2017-18")
    # A skater named as an object beside a subject named by name ("Sakamoto embraced Nakai"): the next "she" may be
    # either. Not after a pronoun subject ("She trained with Chiba"): the paragraph is about its "she".
    contested: Subject | None = None
    asked: list[Claim] = field(default_factory=list)  # a question's claims, for one sentence (questions.py)
    topic: Subject | None = None  # the one subject the text is about, for the fragments after it (topic.py)
    heading: list[str] = field(default_factory=list)  # the segment a heading line names for the list under it


@dataclass(slots=True)
class Extraction:
    claims: list[Claim]
    competition_texts: list[str]  # every competition mention, for the story's default competition


class Reader:
    """Reads a whole text: stage 1 (split), stage 2 (mentions) and stage 3 (these rules)."""

    def __init__(self, finder: MentionFinder) -> None:
        self.finder = finder
        self.claims: list[Claim] = []
        self.seen: set[tuple[object, ...]] = set()
        self.competition_texts: list[str] = []
        self.paragraphs: list[int] = []  # each claim's paragraph
        self.state = _State()

    def read(self, sentences: Iterable[Sentence]) -> Extraction:
        for sentence in rows_joined(sentences):
            # A Q&A answer is about what its question names: the competition, and the one segment it asks about.
            asked = self.state.segments[0] if sentence.answers and len(set(self.state.segments)) == 1 else None
            asked = asked or listed_under(self.state, sentence.text)
            if sentence.paragraph != self.state.paragraph:
                self.state.paragraph = sentence.paragraph
                if not sentence.answers:
                    self.state.competitions = []
            SentenceReader(self, sentence.text, sentence.shown, asked, answers=sentence.answers).read()
        return Extraction(named_in_paragraphs(self.claims, self.paragraphs), self.competition_texts)

    def add(self, claim: Claim) -> None:
        key = (claim.kind, claim.subject, claim.claimed, claim.segment, claim.competitions, claim.segments)
        if key in self.seen:
            return
        self.seen.add(key)
        self.claims.append(claim)
        self.paragraphs.append(self.state.paragraph)


class SentenceReader:
    """Reads one sentence: who its pronouns stand for, its clauses, and the claims each rule finds in them."""

    def __init__(
        self,
        reader: Reader,
        sentence: str,
        shown: str | None = None,
        asked: str | None = None,
        *,
        answers: bool = False,
    ) -> None:
        self.reader = reader
        self.state = reader.state
        self.text = sentence
        self.shown = shown or sentence  # what a reader is shown: the story's words, not a restatement
        self.found: Found = season_joined(year_joined(reader.finder.find(sentence)), reader.state.seasons)
        self.found.disciplines.extend(described_events(sentence, self.found.disciplines))
        self.mentions = self.found.subjects
        # The segment a Q&A answer's question asks about, when the answer names none: its figures are that
        # segment's, not the final ones.
        self.asked = asked if not self.found.segments else None
        self.answers = answers  # a Q&A answer: the one competition its question names is its own
        self._resolve_references()
        # Clauses start before a new subject; after "with" only in an absolute phrase ("with Sakamoto taking
        # silver", "with Medvedeva second"), not "gold with the U.S. team".
        self.clauses = clauses(
            sentence,
            [
                m.span
                for m in self.mentions
                if m.object_of is None or (m.object_of == "with" and ABSOLUTE.match(sentence[m.end :]))
            ],
        )
        self.made: list[tuple[Claim, int, int]] = []  # claim, trigger start, clause index
        # The standings in view: those the sentence's last place was read in, each a segment (None: the final
        # standings) and its readings; a list goes on in them ("Kagiyama is second with 107.90, Shaidorov
        # fourth"), and, when the sentence names no segment, the next sentence's places may be in them too.
        self.standings: list[tuple[str | None, tuple[str | None, ...]]] | None = None

    # -- who the pronouns and descriptions stand for -------------------------------------------------------
    def _resolve_references(self) -> None:
        kept = []
        named_here: list[Subject] = []  # the subjects (not objects) this sentence has named so far
        named_mentions: list[Mention] = []  # their mentions
        for i, m in enumerate(self.mentions):
            if m.kind in ("pronoun", "description"):
                nxt = self.mentions[i + 1] if i + 1 < len(self.mentions) else None
                gap = self.text[m.end : nxt.start] if nxt else ""
                nominative = self.text[m.start : m.end].lower() in NOMINATIVE  # "she beat X": never X's description
                if nxt and nxt.kind == "person" and not nominative and re.fullmatch(r"\s+(?:[\w-]+\s+){0,2}", gap):
                    continue  # "his compatriot Sato Shun", "the American Liu Alysa": describes the next name
                named = (
                    named_description(self.text[m.start : m.end]) if m.kind == "description" and not m.nation else None
                )
                m.subject = named or ((self.state.group or self.state.person) if m.plural else self.state.person)
                contested = self.state.contested
                if not m.plural and contested is not None and m.subject is not None and contested != m.subject:
                    word = self.text[m.start : m.end]
                    why = t("claim-pronoun-unclear", word=word, first=m.subject.label, second=contested.label)
                    m.subject = Subject(word, missing=why)
                if m.object_of in RIVAL_OBJECT and m.kind == "pronoun" and m.subject in named_here:
                    # "Higuchi was second, 1.36 behind her": "her" is not Higuchi but whoever was named before,
                    # in this sentence too ("Gubanova was third and Gutmann fourth, 0.40 behind her": Gubanova);
                    # never one of the subjects named together last ("Liu and Sakamoto were ahead of her").
                    # A skater or couple before a country ("the Americans" may be the subject's own country).
                    last = self._last_group(named_mentions)
                    others = [s for s in reversed(self.state.earlier) if s not in last]
                    m.subject = next((s for s in others if s.ids), others[0] if others else None)
                if m.nation:
                    # "the Italian": the one named before if of that country (the check verifies it), else the
                    # country's one entry; "the other Chinese boy" is never the one before, and is the next "he".
                    other = "other" in self.text[max(0, m.start - 6) : m.end].lower()
                    bound = m.subject if m.subject is not None and m.subject.ids and not other else None
                    m.subject = replace(bound, country=m.nation) if bound else Subject(m.nation, country=m.nation)
                    self.state.person = m.subject if other and not m.plural else self.state.person
                if m.subject is None:
                    continue
                if m.object_of is None:
                    # "She beat Osmond": a subject of this sentence as a name would be, so that the rival after it
                    # is not taken for the one the next pronoun stands for.
                    named_here.append(m.subject)
                    named_mentions.append(m)
                if m.kind == "description" and m.nation and m.object_of in (None, "of") and not m.subject.ids:
                    # "the free dance of the French couple ..., though they finished second": "they" is that couple.
                    self.state.group = m.subject
            elif m.kind in ("person", "country") and m.subject is not None:
                # A rival ("20.39 over Sotskova.") leaves the next pronoun to the one in view, or nobody, but ", who".
                who = re.match(r",\s*who\b", self.text[m.end : m.end + 8]) and self.state.person is None
                rival = m.object_of in RIVAL_OBJECT and (bool(named_here) or not who)
                if m.object_of is None:
                    named_here.append(m.subject)
                    named_mentions.append(m)
                if m.subject in self.state.earlier:
                    self.state.earlier.remove(m.subject)
                self.state.earlier = [*self.state.earlier[-5:], m.subject]
                aside = m.object_of not in (None, *ATTRIBUTE_OBJECT) and bool(named_here) and not rival
                if rival or (aside and m.object_of in AGENT_OBJECT):
                    pass  # "Kagiyama beat Sato. He ...": the next "he" is still the sentence's subject
                elif aside:
                    if named_mentions[0].kind != "pronoun" and len(m.subject.ids) == 1:
                        self.state.contested = m.subject
                elif m.kind == "country":
                    self.state.group = m.subject
                elif len(m.subject.ids) > 1 or m.plural:
                    self.state.group = m.subject
                else:
                    self.state.person = m.subject
                    self.state.group = None
                    self.state.contested = None
            kept.append(m)
        self.mentions = kept
        self.state.topic = next_topic(self.state.topic, kept, self.text)

    def _last_group(self, named: list[Mention]) -> list[Subject]:
        """The subjects named together last ("Liu and Sakamoto"): the last subject mention and those joined to it."""
        if not named:
            return []
        return [m.subject for m in self.group_ending_at(named[-1], named) if m.subject is not None]

    # -- the sentence ---------------------------------------------------------------------------------------
    def read(self) -> None:
        found = self.found
        # A competition named in an aside ("who won bronze at Sochi years before", "Chen, only fifth in
        # PyeongChang, won") is that clause's, never the story's nor the next sentences'.
        places = [text for start, _, text, title in found.competitions if not title and not self.aside(start)]
        self.reader.competition_texts.extend(places)
        sentence_segments = [kind for _, _, kind in found.segments]
        row = False
        trigger = self._has_trigger()
        self.state.heading = heading_segments(self.text, sentence_segments, trigger, self.state.heading)
        if trigger:
            for index, clause in enumerate(self.clauses):
                self._clause(index, clause)
            row = table_row(self)
            ceremony(self)
        elif CEREMONY.search(self.text):
            self.state.ceremony_left = 4
        header = table_columns(self.text)
        self.state.columns = header or (self.state.columns if row else None)
        dedupe_medal_places(self)
        self.made = self.made if found.competitions else of_another_time(self.text, self.made)
        said, self.state.asked = claims_said(self.text, self.answers, self.made, self.state.asked)
        for claim in said:
            self.reader.add(claim)
        in_view = [kind for kind, _ in self.standings or () if kind is not None]
        # A table's header names its columns' segments, not the standings its rows are in.
        self.state.segments = [] if header else sentence_segments or in_view[:1]
        if places:
            self.state.competitions = places

    def _has_trigger(self) -> bool:
        text = self.text
        return any(may_match(t, text) and t.search(text) for t in TRIGGERS) or bool(self.state.ceremony_left)

    # -- helpers ---------------------------------------------------------------------------------------------
    def aside(self, position: int) -> bool:
        """Whether the words at `position` are in an aside: a relative clause, a title's place, an apposition."""
        # Not a clause set at another time ("Four years later Hanyu won in PyeongChang"): the story often moves
        # on there, and the next sentence speaks of that competition.
        if self.clauses[self.clause_of(position)].relative:
            return True
        # A title's place ("the silver medallist from PyeongChang") and an apposition after a name ("Chen, only
        # fifth in PyeongChang, won gold") speak of another competition than the sentence's.
        before = self.text.rfind(",", 0, position)
        after = self.text.find(",", position)
        if TITLE_BEFORE_PLACE.search(self.text[max(before, 0) : position]):
            return True
        # Capitals naming no skater are a heading's words ("PRESS CONFERENCE, LAKE PLACID (transcript, edited)").
        named = [m for m in self.found.subjects if m.end == before and m.kind in ("person", "pronoun")]
        return before > 0 < after and any(
            m.kind == "pronoun" or (m.subject and m.subject.ids) or not self.text[m.start : m.end].isupper()
            for m in named
        )

    def clause_of(self, position: int) -> int:
        for i, c in enumerate(self.clauses):
            if c.start <= position < c.end:
                return i
        return len(self.clauses) - 1

    def mentions_in(self, clause: Clause) -> list[Mention]:
        return [m for m in self.mentions if clause.start <= m.start < clause.end and m.subject is not None]

    def _candidate(self, m: Mention, clause: Clause, first: bool) -> bool:
        if m.kind == "rank":
            return False
        if m.object_of is None:
            return True
        return m.object_of == "with" and first

    def subjects_for(self, position: int, *, person_only: bool = False, bare: bool = False) -> Who:
        """The subject(s) of a trigger at `position` (see the module docstring)."""
        index = self.clause_of(position)
        clause = self.clauses[index]
        inside = self.mentions_in(clause)
        before = [m for m in inside if m.end <= position]
        # "Sakamoto's 224.90", "Glenn's fifth place": the possessor's, whatever else the clause says.
        if bare and before and before[-1].subject is not None and before[-1].kind != "rank":
            if re.fullmatch(
                r"['’]s?\s+(?:(?:own|best|final|total|score|of)\s+)*", self.text[before[-1].end : position]
            ):
                return Who([before[-1].subject])
        candidates = [m for i, m in enumerate(before) if self._candidate(m, clause, i == 0)]
        if person_only or any(m.kind != "country" for m in candidates):
            people = [m for m in candidates if m.kind != "country"]
            candidates = people or candidates
        chosen: list[Mention] = []
        if candidates:
            chosen = self.group_ending_at(candidates[-1], candidates)
        elif clause.relative:
            antecedent = [m for m in self.mentions if m.end <= clause.start and m.subject is not None]
            if antecedent:
                chosen = [antecedent[-1]]
        if not chosen and not before and index > 0 and self.clauses[index - 1].relative and not clause.relative:
            # "Tarasova and Morozov, who had led after the short, took silver, and Zabiiako/Enbert were fourth":
            # the main clause resumes after the relative one, about the name that opened it.
            opened = self.clauses[index - 1].start
            antecedent = [m for m in self.mentions if m.end <= opened and m.subject is not None and m.kind != "rank"]
            if antecedent and not self.text[antecedent[-1].end : opened].strip(" ,"):
                chosen = self.group_ending_at(antecedent[-1], [m for m in self.mentions if m.end <= opened])
        if unnamed_subject(self.text, clause.start, position, before, bool(chosen)):
            return Who()  # "young was fourth in the free, lee was eighth": someone unnamed was fourth, not Lee
        if not chosen:
            after = [m for m in inside if m.start >= position and m.object_of is None and m.kind != "rank"]
            if after and not before:
                chosen = [after[0]]
        if not chosen:
            for previous in reversed(self.clauses[:index]):
                if previous.relative:
                    continue
                earlier = [m for i, m in enumerate(self.mentions_in(previous)) if self._candidate(m, previous, i == 0)]
                if earlier:
                    chosen = [earlier[0]]
                    break
        if not chosen:
            after = [m for m in inside if m.start >= position and m.kind != "rank"]
            if after and EXPLICIT_AFTER.match(self.text[position : after[0].start].split(" ", 1)[-1] or " "):
                chosen = [after[0]]
        subjects = Who(m.subject for m in chosen if m.subject is not None)
        if not chosen and (topic := fragment_subject(self)) is not None:
            subjects = Who([topic])  # "TRUSOVA (RUS). Winner, 205.16.": the one the text is about
        last = before[-1] if before else None
        if bare and last is not None and last.subject is not None and apposition_of_object(self.text, last, position):
            return Who([last.subject])
        # Right after an object ("ahead of Shin Ji-a in eleventh"): it may be the object's figure as well.
        last = before[-1] if before else None
        attribute = ("of", "from", "for", "representing", "with")
        rival = (
            last is not None
            and last.object_of is not None
            and (last.kind != "country" or last.object_of not in attribute)
        )
        if (
            bare
            and rival
            and last
            and last.subject is not None
            and last.subject not in subjects
            and last.kind != "rank"
        ):
            if re.fullmatch(r"[\s,(]*(?:(?:in|on|with|at)\s+)?", self.text[last.end : position]) and len(subjects) == 1:
                subjects.append(last.subject)
                subjects.alternatives = True
        return subjects

    def group_ending_at(self, last: Mention, candidates: list[Mention]) -> list[Mention]:
        group = [last]
        i = candidates.index(last)
        while i > 0:
            prev = candidates[i - 1]
            if re.fullmatch(r"\s*(?:,|and|&|,\s*and)\s*", self.text[prev.end : group[0].start], _I):
                group.insert(0, prev)
                i -= 1
            else:
                break
        return group

    def explicit_after(self, end: int) -> Subject | None:
        """ "gold went to Liu", "second place for Kagiyama", "completed by Nakai": the name after."""
        for m in self.mentions:
            if m.start >= end and m.subject is not None and m.kind != "rank":
                gap = self.text[end : m.start]
                if (
                    EXPLICIT_AFTER.match(gap)
                    or re.fullmatch(
                        r"\s*(?:(?:medal|place|position)\s+)?(?:(?:was|is)\s+)?(?:completed|rounded\s+out|taken|won|claimed)"
                        r"\s+by\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}",
                        gap,
                        _I,
                    )
                    or re.fullmatch(r"\s*(?:for|to)\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}", gap)
                ):
                    return m.subject
                return None
        return None

    def title_before_name(self, end: int) -> Subject | None:
        """ "gold medalist Alysa Liu", "Olympic champion, Kazakhstan's Mikhail Shaidorov": the name right after."""
        for m in self.mentions:
            if m.start >= end and m.subject is not None and m.kind == "person":
                gap = self.text[end : m.start]
                if len(gap) <= 40 and re.fullmatch(
                    r"[\s,:]*(?:(?:[A-Z][^\s]*|the|of|from|skater|couple|pair|duo)\s+)*", gap
                ):
                    return m.subject
                return None
        return None

    def competitions_for(self, position: int) -> tuple[str | None, ...]:
        """Which competition the trigger at `position` is about: the place or competition its clause names
        (the nearest), else the one the sentence's main clauses share, else the story's (and, while a
        paragraph speaks of another competition, that one as a second reading). A title's level and year
        ("the 2022 champions") only speak of triggers in that phrase."""
        index = self.clause_of(position)
        clause = self.clauses[index]
        # "Sakamoto, the bronze medallist from Beijing, ...", "the champions from PyeongChang": the title's own
        # competition, named after it.
        held_at = [
            t
            for s, e, t, title in self.found.competitions
            if title and s > position and TITLE_THEN_PLACE.fullmatch(self.text, position, s)
        ]
        if held_at:
            return (held_at[0],)
        titles = [
            t
            for s, e, t, title in self.found.competitions
            if title
            and s <= position + 1
            and clause.start <= s
            and "," not in self.text[e:position]
            and (
                len(self.text[e:position].split()) <= 2
                or re.fullmatch(TITLE_FIGURE, self.text[e:position], _I) is not None
            )
        ]
        own = [
            (s, e, t)
            for s, e, t, title in self.found.competitions
            if not title
            and clause.start <= s < clause.end
            and not (s > position and "," in self.text[position:s])
            and not (s < position and "," in self.text[s:position] and self.aside(s))
            and not (s > position + 8 and OTHER_TRIGGER.search(self.text, position + 4, s))
        ]
        if own:

            def distance(c: tuple[int, int, str]) -> tuple[bool, int]:
                between = self.text[min(c[1], position) : max(c[0], position)]
                return ("," in between, min(abs(c[0] - position), abs(c[1] - position)))

            nearest = min(own, key=distance)
            between = self.text[min(nearest[1], position) : max(nearest[0], position)]
            return (
                " ".join([*titles[-1:], nearest[2]]) if "," not in between else (titles[-1] if titles else nearest[2]),
            )
        if titles:
            return (titles[-1],)
        held = held_before(self.text, self.found.competitions, position)
        if held:
            return (held,)
        shared = {
            t
            for s, e, t, title in self.found.competitions
            if not title and s < position and not self.aside(s) and not clause.relative
        }
        if len(shared) == 1:
            return (shared.pop(),)
        if not any(not title for *_, title in self.found.competitions) and self.state.competitions:
            if self.answers and len(set(self.state.competitions)) == 1:
                return (self.state.competitions[0],)
            return (None, *dict.fromkeys(self.state.competitions))
        later = set_after(self.text, self.found.competitions, position)
        return (None, *dict.fromkeys(t for s, t in later if not self.aside(s)))

    def discipline_for(self, position: int) -> str | None:
        """The event the clause names for the trigger at `position`. "Team" counts when no other trigger
        stands between it and this one ("finished eighth after winning gold with the U.S. team": the gold is
        the team's, the eighth place is not); "the men's free skate in the team event" is the team event."""
        clause = self.clauses[self.clause_of(position)]
        word = re.match(r"\S+", self.text[position:])
        trigger_end = position + (word.end() if word else 0)
        teams = [(s, e) for s, e, d in self.found.disciplines if d == "team" and clause.start <= s < clause.end]
        teams += [(m.start(), m.end()) for m in TEAM_WORD.finditer(self.text, clause.start, clause.end)]
        for s, e in teams:
            lo, hi = (trigger_end, s) if s >= trigger_end else (e, position)
            if not OTHER_TRIGGER.search(self.text, lo, max(lo, hi)):
                return "team"
        own = [(s, d) for s, _, d in self.found.disciplines if clause.start <= s < clause.end and d != "team"]
        pool = own or [(s, d) for s, _, d in self.found.disciplines if d != "team"]
        if not pool:
            return None
        return min(pool, key=lambda p: abs(p[0] - position))[1]

    def negated(self, position: int) -> bool:
        clause = self.clauses[self.clause_of(position)]
        window = self.text[max(clause.start, position - 60) : position]
        # Only the words since the last name or number: "Liu, who missed the podium in 2022, won gold" keeps gold.
        cut = max((m.end for m in self.mentions if clause.start <= m.end <= position), default=clause.start)
        comma = self.text.rfind(",", clause.start, position)
        window = self.text[max(cut, comma + 1, position - 60) : position]
        return bool(NEGATION.search(window))

    def segments_in_clause(self, position: int) -> list[tuple[int, int, str]]:
        clause = self.clauses[self.clause_of(position)]
        return [s for s in self.found.segments if clause.start <= s[0] < clause.end]

    def make(
        self,
        kind: str,
        position: int,
        subjects: list[Subject],
        claimed: Text,
        value: float | None,
        *,
        segment: str | None = None,
        segments: tuple[str | None, ...] = (),
        other: Subject | None = None,
        ahead: bool = True,
        uncheckable: Text | None = None,
        competitions: tuple[str | None, ...] | None = None,
        discipline: str | None = None,
        last: bool = False,
    ) -> None:
        either = getattr(subjects, "alternatives", False)
        if not subjects:
            return
        if kind in ("score", "total", "margin", "team_points", "order") and len(subjects) > 1 and not either:
            # "Liu and Sakamoto ... 1.89": one figure after two names is either's, unless each is said to have it.
            clause = self.clauses[self.clause_of(position)]
            either = not re.search(r"\b(?:both|each|respectively|apiece)\b", self.text[clause.start : clause.end], _I)
        groups = [list(subjects)] if either else [[s] for s in subjects]
        for group in groups:
            first = group[0]
            claim = Claim(
                kind=kind,
                sentence=trim(self.shown),
                subject=first.name,
                claimed=claimed,
                segment=segment,
                skater_id=first.ids[0] if first.ids else None,
                value=value,
                subjects=tuple(group),
                segments=segments,
                competitions=competitions or self.competitions_for(position),
                other=other,
                ahead=ahead,
                discipline=discipline if discipline is not None else self.discipline_for(position),
                uncheckable=uncheckable,
                last=last,
            )
            self.made.append((claim, position, self.clause_of(position)))

    # -- rules, clause by clause -------------------------------------------------------------------------------
    def _clause(self, index: int, clause: Clause) -> None:
        medals(self, clause)
        titles(self, clause)
        places(self, clause)
        last_places(self, clause)
        segment_wins(self, clause)
        numbers(self, clause)
        order(self, clause)
        falls(self, clause)
