"""Stage 4: verdicts. Every reading a claim allows is checked against the store, with the same honest
matching as the results commands:

* competition: None is the story's (its link, else its date, else the one competition its text names);
  words ("Beijing", "2025 Worlds", "Olympic") go through ResultsService.find_competitions: one match is
  used, several are used only when the story's competition is among them, none make the claim not
  checkable ("no 2026 World Championships in the store") — never another competition in its place;
* event: the discipline the sentence names (the team event for "team"), else the story's event when the
  subject skated in it, else the subject's events at that competition (the team event too for a medal, a
  segment place or a segment score: a skater wins team medals and skates team segments);
* figure: final place, segment rank, total, segment score, team place or points, margins and order between
  two results, falls recorded in the notes.

One reading: its outcome. Several: consistent when one of them matches the store (the verdict says which),
otherwise not checkable — never contradicted. A figure the store lacks never contradicts anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.i18n import Text, t
from bot.services.claims.editions import edition_of_skaters, narrowable
from bot.services.claims.magnitudes import event_scores, gap_in_another_kind, held_by_another, plausible_readings
from bot.services.claims.model import (
    CONSISTENT,
    CONTRADICTED,
    MEDAL_NAME,
    UNCHECKABLE,
    Claim,
    Subject,
    Verdict,
    medal_text,
    or_text,
    segment_text,
)
from bot.services.claims.team_verdicts import TeamChecks
from bot.services.claims.unnamed_margins import fits_as_written, references
from bot.services.claims.verdict_outcomes import (
    Outcome,
    falls_outcome,
    missing_text,
    not_checkable,
    ordinal_text,
    place_outcome,
    reading_text,
    score_outcome,
    source_of,
    tagged,
    tried_text,
    where_text,
)
from bot.services.claims.vocabulary import DANCE_SEGMENT
from bot.services.names import normalize
from bot.services.results import ResultsService
from bot.services.results.competitions import labels_with_years
from db.models import Competition, Entry, Event, Figure, number_of

_INDIVIDUAL_KINDS = ("place", "total")  # a skater's team-event entry has no final place or total of its own


class Checker:
    def __init__(self, results: ResultsService, competition: Competition | None, event: Event | None) -> None:
        self.results = results
        self.competition = competition
        self.event = event if event and competition and event.competition_id == competition.id else None
        self._lookups: dict[str, Competition | Text] = {}
        self._editions: dict[str, list[Competition]] = {}  # the editions an ambiguous name may mean
        self.teams = TeamChecks(results, self.event)

    # -- competitions ----------------------------------------------------------------------------------------
    def competition_for(self, text: str | None) -> Competition | Text:
        """The competition a claim's words name, or why there is none to check against."""
        if text is None:
            return self.competition or t("verdict-no-competition")
        if text in self._lookups:
            return self._lookups[text]
        lookup = self.results.find_competitions(text)
        answer: Competition | Text
        if lookup.match is not None:
            answer = lookup.match
        elif lookup.ambiguous:
            same_level = [
                c for c in lookup.matches if self.competition is not None and c.level == self.competition.level
            ]
            if self.competition is not None and self.competition in lookup.matches:
                answer = self.competition
            elif (
                self.competition is not None
                and self.competition.level == "olympics"
                and len(same_level) == 1
                and not any(ch.isdigit() for ch in text)
                and normalize(text) == normalize(same_level[0].city or "")
            ):
                # "her bronze from Beijing" in a story about the Olympics: the Games held there, not another
                # competition of that city.
                answer = same_level[0]
            else:
                self._editions[text] = lookup.matches
                labels = labels_with_years(lookup.matches[:4])
                answer = t("verdict-competition-ambiguous", text=text, labels=tuple(labels[:-1]), last=labels[-1])
        else:
            missing = lookup.describe_missing() or t("verdict-competition-named", text=text)
            has = tuple(labels_with_years(lookup.nearby[:3]))
            if has:
                answer = t("verdict-competition-missing-has", missing=missing, has=has)
            else:
                answer = t("verdict-competition-missing", missing=missing)
        self._lookups[text] = answer
        return answer

    # -- the claim -------------------------------------------------------------------------------------------
    async def check(self, claim: Claim) -> Verdict:
        if claim.uncheckable:
            return Verdict(claim, UNCHECKABLE, None, None, claim.uncheckable)
        subjects = claim.subjects or (Subject(claim.subject),)
        if not any(s.resolved for s in subjects):
            return Verdict(claim, UNCHECKABLE, None, None, missing_text(subjects[0]))
        outcomes: list[Outcome] = []
        seen: set[object] = set()
        for text in claim.competitions:
            if text is None and self.competition is None and len(claim.competitions) > 1:
                # A story that names no one competition of its own, where the paragraph names one ("Moscow first.
                # ... Then Marseille, for the juniors."): the claim is the paragraph's, and "the story does not say
                # which competition" is no reading of it.
                continue
            competition = self.competition_for(text)
            if text is not None and text in self._editions and narrowable(claim, text):
                # "Grenoble" (the 2024 Final or a Grand Prix of 2017): the one the paragraph's skaters skated at.
                competition = (
                    await edition_of_skaters(self.results, self._editions[text], claim.named_with) or competition
                )
            # The story's competition named again in the sentence is one reading, not two.
            found_key = competition.id if isinstance(competition, Competition) else str(competition)
            if found_key in seen:
                continue
            seen.add(found_key)
            for subject in subjects:
                if isinstance(competition, Text):
                    outcomes.append(not_checkable(competition))
                elif not subject.resolved:
                    outcomes.append(not_checkable(missing_text(subject)))
                else:
                    found = await self._readings(claim, competition, subject, len(subjects) > 1)
                    outcomes.extend(replace(o, subject=subject) for o in found)
        # Readings that agree are one reading: the same figure read the same way, with the same answer.
        outcomes = list(
            {(o.read_as, o.outcome, o.stored, o.subject, o.team) if o.read_as else id(o): o for o in outcomes}.values()
        )
        if not outcomes:
            return Verdict(claim, UNCHECKABLE, None, None, t("verdict-nothing-stored"))
        team_subject = self._team_subject(claim, outcomes)
        if team_subject:
            claim = replace(claim, subject=team_subject)
        if len(outcomes) == 1:
            o = outcomes[0]
            if o.who:
                claim = replace(claim, subject=o.who)
            return Verdict(self._as_read(claim, o), o.outcome, o.stored, o.source, o.why, o.reading, o.read_as)
        consistent = [o for o in outcomes if o.outcome == CONSISTENT]
        if not consistent and all(o.outcome == UNCHECKABLE for o in outcomes) and len({o.why for o in outcomes}) == 1:
            o = outcomes[0]
            return Verdict(claim, UNCHECKABLE, None, None, o.why, o.reading)
        if consistent:
            o = consistent[0]
            if o.subject is not None and len(subjects) > 1:
                claim = replace(claim, subject=o.subject.name, skater_id=o.subject.ids[0] if o.subject.ids else None)
            if o.who:
                claim = replace(claim, subject=o.who)
            claim = self._as_read(claim, o)
            why = t("verdict-one-of", why=o.why, n=len(outcomes))
            return Verdict(claim, CONSISTENT, o.stored, o.source, why, o.reading, o.read_as)
        readings = list(dict.fromkeys(o.reading for o in outcomes if o.reading))
        return Verdict(
            claim,
            UNCHECKABLE,
            None,
            None,
            t("verdict-several-ways", n=len(outcomes), tried=tried_text(outcomes[:4])),
            or_text(readings) if readings else None,
        )

    @staticmethod
    def _as_read(claim: Claim, outcome: Outcome) -> Claim:
        """A country's medal or place read in the team event is a team claim about that country; "last" read in
        an event is the place it stands for there."""
        if claim.last and outcome.last_place is not None:
            return replace(claim, value=float(outcome.last_place))
        if outcome.team and claim.kind in ("medal", "place", "medallist"):
            medal = MEDAL_NAME.get(int(claim.value or 0)) if claim.kind == "medal" else None
            claimed = (
                t("claim-team-medal", medal=medal_text(medal))
                if medal
                else t("claim-team-place", place=ordinal_text(int(claim.value or 0)))
            )
            return replace(claim, kind="team", subject=outcome.team, claimed=claimed)
        return claim

    @staticmethod
    def _team_subject(claim: Claim, outcomes: list[Outcome]) -> str | None:
        """A team claim is about the country (a skater's team claim names the skater's team)."""
        if claim.kind not in ("team", "team_points"):
            return None
        return next((o.team for o in outcomes if o.team), None)

    async def _readings(self, claim: Claim, competition: Competition, subject: Subject, several: bool) -> list[Outcome]:
        if subject.rank is not None:
            return [not_checkable(t("verdict-not-one-skater", name=subject.name))]
        events = self.results.events_of(competition)
        team_event = next((e for e in events if e.discipline == "team"), None)
        linked_team = self.event is not None and self.event.discipline == "team" and self.event in events
        nation = subject.country
        if nation and subject.ids:
            # "the Italian" after a name: that skater when their entry is of that country, else the country.
            person = replace(subject, country=None)
            candidates = await self._entries(claim, competition, person, events)
            if not isinstance(candidates, Text) and all(e.country == nation for _, e in candidates):
                subject = person
            else:
                subject = Subject(nation, country=nation)
        if subject.country:
            # A country: its team result when the sentence or the story's link says team event; else a medal
            # or a place may be the team's or one of its skaters' in an individual event (all are readings).
            if claim.kind in ("team", "team_points", "margin", "order") or claim.discipline == "team":
                return [await self.teams.team(claim, competition, subject, team_event)]
            if claim.discipline is None and linked_team:
                return [await self.teams.team(claim, competition, subject, team_event)]
            # "The Germans won the free skate", "the French couple took bronze": the one entry of that country in
            # the event the sentence is about is who is meant.
            single = await self.teams.country_entry(claim, subject, events)
            if single is not None:
                event, entry = single
                found = [
                    replace(o, who=entry.name)
                    for o in await self._compare(claim, event, entry, where_text(competition, event), None)
                ]
                if claim.discipline is None and team_event is not None and self.event is None:
                    found.append(await self.teams.team(claim, competition, subject, team_event))
                return found
            if claim.kind not in ("medal", "place", "medallist"):
                return [not_checkable(t("verdict-which-skater", name=subject.name))]
            readings = await self.teams.country_in_event(claim, competition, subject, events)
            if claim.discipline is None and team_event is not None:
                readings.append(await self.teams.team(claim, competition, subject, team_event))
            return readings
        if claim.kind in ("team", "team_points"):
            return [await self.teams.team(claim, competition, subject, team_event)]
        candidates = await self._entries(claim, competition, subject, events)
        if isinstance(candidates, Text):
            return [not_checkable(candidates)]
        out: list[Outcome] = []
        for event, entry in candidates:
            who = subject.name if several else None
            found = await self._compare(claim, event, entry, where_text(competition, event), who)
            if len(entry.skaters) > len(subject.ids):
                # One partner named ("Dylan got bronze"): the claim is the couple's, and the verdict says so.
                found = [replace(o, who=o.who or entry.name) for o in found]
            out.extend(found)
        return out

    async def _entries(
        self, claim: Claim, competition: Competition, subject: Subject, events: list[Event]
    ) -> list[tuple[Event, Entry]] | Text:
        wanted = set(subject.ids)

        async def entry_in(event: Event) -> Entry | None:
            entries = await self.results.entries_of(event, subject.ids)
            return next((e for e in entries if wanted <= {s.id for s in e.skaters}), None)

        if claim.discipline:
            chosen = [e for e in events if e.discipline == claim.discipline]
            if not chosen:
                discipline = t("verdict-discipline", discipline=claim.discipline)
                return t("verdict-no-discipline-event", discipline=discipline, competition=competition.label)
            # "won the men's free skate" in a story linked to the team event: the men's event, or the men's
            # segment of the team event.
            if (
                self.event is not None
                and self.event.discipline == "team"
                and self.event.competition_id == competition.id
                and claim.discipline != "team"
                and claim.kind not in _INDIVIDUAL_KINDS
            ):
                chosen.append(self.event)
            pairs = [(event, entry) for event in chosen if (entry := await entry_in(event)) is not None]
            if not pairs:
                return t("verdict-no-entry-in", name=subject.name, event=chosen[0].name, competition=competition.label)
            return pairs
        if self.event is not None and self.event.competition_id == competition.id:
            entry = await entry_in(self.event)
            if entry is not None and (self.event.discipline != "team" or claim.kind not in _INDIVIDUAL_KINDS):
                return [(self.event, entry)]
        found: list[tuple[Event, Entry]] = []
        for event in events:
            if event.discipline == "team" and claim.kind not in (
                "medal",
                "medallist",
                "segment_place",
                "score",
                "fall",
            ):
                continue
            entry = await entry_in(event)
            if entry is not None:
                found.append((event, entry))
        if not found:
            return t("verdict-no-entry", name=subject.name, competition=competition.label)
        return found

    # -- comparisons -------------------------------------------------------------------------------------------
    async def _compare(self, claim: Claim, event: Event, entry: Entry, where: Text, who: str | None) -> list[Outcome]:
        kind = claim.kind
        team = event.discipline == "team"
        if kind == "fall":
            return [self._tag(falls_outcome(claim, entry, where), event, claim.segment)]
        if kind in ("margin", "order"):
            return [
                self._tag(await self._relative(claim, event, entry, where, who, segment), event, segment)
                for segment in (claim.segments or (claim.segment,))
            ]
        readings = claim.segments or ((claim.segment,) if claim.segment else (None,))
        if kind in ("medal", "medallist") or kind == "team":
            readings = (None,)
        if kind == "total":
            readings = (None,)
        kinds = [k for reading in readings for k in self._segment_readings(event, entry, reading)]
        reread = False
        held = None
        if kind in ("score", "total") and claim.value is not None and not team:
            scores = await event_scores(self.results, event)
            kinds, reread = plausible_readings(float(claim.value), list(dict.fromkeys(kinds)), scores.ranges)
            held = held_by_another(float(claim.value), entry.id, scores.owners)
        out: list[Outcome] = []
        for segment_kind_ in kinds:
            if kind in ("medal", "medallist", "place", "segment_place", "team"):
                if segment_kind_ is None:
                    if team:
                        out.append(await self.teams.team_of_skater(claim, event, entry, where))
                        continue
                    figure = entry.place
                    what = t("verdict-what-final-place")
                    if claim.last:
                        out.append(self._tag(await self._last(event, entry, where, who, what), event, None))
                        continue
                else:
                    result = entry.segments.get(self._segment_id(event, entry, segment_kind_) or -1)
                    figure = result.rank if result else None
                    what = t("verdict-what-rank", segment=segment_text(segment_kind_))
                out.append(
                    self._tag(place_outcome(claim, figure, reading_text(where, what, who), what), event, segment_kind_)
                )
            else:  # score / total
                if segment_kind_ is None:
                    if team:
                        continue  # a skater's team-event entry has no total of its own
                    figure, what = entry.total, t("verdict-what-total")
                else:
                    result = entry.segments.get(self._segment_id(event, entry, segment_kind_) or -1)
                    figure = result.tss if result else None
                    what = t("verdict-what-score", segment=segment_text(segment_kind_))
                outcome = score_outcome(claim, figure, reading_text(where, what, who), what)
                if reread:
                    # Read otherwise, a figure that matches says only that the story or its reading put it in the
                    # wrong place ("134.67 in the rhythm dance", the free dance's score): not that it is right.
                    kept = UNCHECKABLE if outcome.outcome == CONSISTENT else outcome.outcome
                    why = t("verdict-by-size", why=outcome.why, value=f"{claim.value:.2f}")
                    outcome = replace(outcome, outcome=kept, why=why)
                if held is not None and outcome.outcome == CONTRADICTED:
                    outcome = await self._anothers_score(outcome, event, held)
                out.append(self._tag(outcome, event, segment_kind_))
        return out or [not_checkable(t("verdict-nothing-at", where=where))]

    async def _anothers_score(self, outcome: Outcome, event: Event, held: tuple[int, str | None]) -> Outcome:
        """A claimed score that is exactly another entry's: that entry's figure, read with the wrong skater."""
        entries, _ = await self.results.results_of(event)
        owner = next((e for e in entries if e.id == held[0]), None)
        what = t("verdict-what-score", segment=segment_text(held[1])) if held[1] else t("verdict-what-total")
        why = t("verdict-anothers-score", why=outcome.why, name=owner.name if owner else "?", what=what)
        return replace(outcome, outcome=UNCHECKABLE, why=why)

    def _tag(self, outcome: Outcome, event: Event, segment: str | None) -> Outcome:
        return tagged(self.results, outcome, event, segment)

    def _segment_readings(self, event: Event, entry: Entry, reading: str | None) -> list[str | None]:
        """The segments (None: the final result) a reading of a place or score may be about."""
        if reading is None:
            return [None]
        if reading == "any":
            kinds = []
            for segment in self.results.segments_of(event):
                if segment.id in entry.segments and segment.kind not in kinds:
                    kinds.append(segment.kind)
            if not kinds:
                kinds = [s.kind for s in self.results.segments_of(event)]
            return list(dict.fromkeys(kinds))
        held = {s.kind for s in self.results.segments_of(event)}
        # "the free", "the short" of a dance: the free dance and the rhythm dance (once the short dance).
        return [reading if reading in held or DANCE_SEGMENT.get(reading) not in held else DANCE_SEGMENT[reading]]

    def _segment_id(self, event: Event, entry: Entry, kind: str) -> int | None:
        segments = [s for s in self.results.segments_of(event) if s.kind == kind]
        own = [s for s in segments if s.id in entry.segments]
        chosen = own or segments
        return chosen[0].id if chosen else None

    async def _last(self, event: Event, entry: Entry, where: Text, who: str | None, what: Text) -> Outcome:
        """ "Finished last": contradicted when an entry is stored with a worse final place; consistent when the
        stored places run from first to the subject's without a gap (every finisher stored); else not checkable."""
        reading = reading_text(where, what, who)
        stored = number_of(entry.place)
        if stored is None:
            return not_checkable(t("verdict-not-stored", what=what, reading=reading), reading)
        entries, _ = await self.results.results_of(event)
        places = sorted({int(p) for e in entries if (p := number_of(e.place)) is not None})
        readable = ordinal_text(int(stored))
        source = source_of(entry.place)
        if places[-1] > stored:
            why = t("verdict-stored-of", stored=readable, last=ordinal_text(places[-1]))
            return Outcome(CONTRADICTED, readable, source, why, reading, last_place=places[-1])
        if places == list(range(1, int(stored) + 1)):
            why = t("verdict-stored", stored=readable)
            return Outcome(CONSISTENT, readable, source, why, reading, last_place=int(stored))
        return not_checkable(t("verdict-field-unknown", stored=readable), reading)

    async def _relative(
        self, claim: Claim, event: Event, entry: Entry, where: Text, who: str | None, segment: str | None
    ) -> Outcome:
        """Order and margins between the subject and `other` (a skater, a couple, or a place), in the final
        standings (`segment` None) or in one segment."""
        entries, _ = await self.results.results_of(event)
        seg_id = self._segment_id(event, entry, segment) if segment else None

        def place_of(e: Entry) -> Figure | None:
            if seg_id is None:
                return e.place
            result = e.segments.get(seg_id)
            return result.rank if result else None

        def score_of(e: Entry) -> Figure | None:
            if seg_id is None:
                return e.total
            result = e.segments.get(seg_id)
            return result.tss if result else None

        other = claim.other
        own_place = number_of(place_of(entry))
        rival: Entry | None = None
        if other is not None and other.ids:
            wanted = set(other.ids)
            rival = next((e for e in entries if wanted <= {s.id for s in e.skaters}), None)
        elif other is not None and other.rank is not None:
            rival = next((e for e in entries if number_of(place_of(e)) == other.rank), None)
        elif other is not None and other.country:
            # "6.47 behind the French": the country's one placed entry (several: which one is not said).
            placed = [e for e in entries if e.country == other.country and e.id != entry.id and number_of(place_of(e))]
            rival = placed[0] if len(placed) == 1 else None
        elif other is None and own_place is not None:
            target = own_place + (1 if claim.ahead else -1)
            rival = next((e for e in entries if number_of(place_of(e)) == target), None)
        order = claim.kind == "order"
        if segment:
            key = "verdict-what-segment-order" if order else "verdict-what-segment-margin"
            what = t(key, segment=segment_text(segment))
        else:
            what = t("verdict-what-order" if order else "verdict-what-margin")
        reading = reading_text(where, what, who)
        if rival is None or rival.id == entry.id:
            name = other.label if other else t("verdict-the-next-placed")
            return not_checkable(t("verdict-no-result-to-compare", name=name, where=where), reading)
        if order:
            rival_place = number_of(place_of(rival))
            if own_place is None or rival_place is None:
                return not_checkable(t("verdict-places-not-stored", name=entry.name, other=rival.name), reading)
            ok = (own_place < rival_place) == claim.ahead
            stored = t(
                "verdict-order",
                place=ordinal_text(int(own_place)),
                other=ordinal_text(int(rival_place)),
                name=rival.name,
            )
            why = t("verdict-stored", stored=stored)
            return Outcome(CONSISTENT if ok else CONTRADICTED, stored, source_of(place_of(entry)), why, reading)
        mine, theirs = number_of(score_of(entry)), number_of(score_of(rival))
        if mine is None or theirs is None:
            return not_checkable(t("verdict-scores-not-stored", name=entry.name, other=rival.name), reading)
        if claim.value is None or (claim.value == int(claim.value) and claim.value < 10 and mine != int(mine)):
            return not_checkable(t("verdict-margin-approximate"), reading)
        if other is None and not claim.ahead and own_place is not None:
            return await self._unnamed_margin(
                claim, event, entries, own_place, entry, (place_of, score_of), segment, reading
            )
        diff = round(mine - theirs, 2)
        expected = claim.value if claim.ahead else -claim.value
        ok = abs(diff - expected) < 0.006
        if not ok and claim.value == int(claim.value) and mine != int(mine) and abs(diff - expected) < 1:
            # "beat her by 15 points" of a 15.28 margin: a whole number said of a decimal one is rounded, not wrong.
            return not_checkable(t("verdict-margin-approximate"), reading)
        key = "verdict-margin-ahead" if diff >= 0 else "verdict-margin-behind"
        stored = t(key, points=f"{abs(diff):.2f}", name=rival.name)
        why = t("verdict-stored", stored=stored)
        outcome = Outcome(CONSISTENT if ok else CONTRADICTED, stored, source_of(score_of(entry)), why, reading)
        if not ok and claim.value != int(claim.value):
            return await self._unless_another_kinds_gap(outcome, claim.value, event, (entry.id, rival.id), segment)
        return outcome

    async def _unnamed_margin(
        self,
        claim: Claim,
        event: Event,
        entries: list[Entry],
        own_place: float,
        entry: Entry,
        figures: tuple[Callable[[Entry], Figure | None], Callable[[Entry], Figure | None]],
        segment: str | None,
        reading: Text,
    ) -> Outcome:
        """A margin behind with no one named: consistent when it fits the next above or the winner, contradicted
        only when it fits neither (unnamed_margins.py)."""
        assert claim.value is not None  # checked by the caller
        place_of, score_of = figures
        mine = number_of(score_of(entry))
        assert mine is not None  # checked by the caller
        gaps: list[tuple[Entry, float]] = []
        for rival in references(entries, own_place, lambda e: number_of(place_of(e))):
            theirs = number_of(score_of(rival))
            if rival.id != entry.id and theirs is not None:
                gaps.append((rival, round(theirs - mine, 2)))
        told = [t("verdict-margin-behind", points=f"{gap:.2f}", name=rival.name) for rival, gap in gaps]
        source = source_of(score_of(entry))
        for (_, gap), stored in zip(gaps, told, strict=True):
            if fits_as_written(claim.value, gap, mine != int(mine)):
                return Outcome(CONSISTENT, stored, source, t("verdict-stored", stored=stored), reading)
        stored = or_text(told)
        outcome = Outcome(CONTRADICTED, stored, source, t("verdict-stored", stored=stored), reading)
        if claim.value != int(claim.value):
            # Exactly the gap to either reference in another kind of score: read with the wrong segment.
            for rival, _ in gaps:
                outcome = await self._unless_another_kinds_gap(
                    outcome, claim.value, event, (entry.id, rival.id), segment
                )
                if outcome.outcome != CONTRADICTED:
                    break
        return outcome

    async def _unless_another_kinds_gap(
        self, outcome: Outcome, value: float, event: Event, pair: tuple[int, int], kind: str | None
    ) -> Outcome:
        """A contradicted margin that is exactly the pair's gap in another kind of score (magnitudes.py): read with
        the wrong segment, not checkable."""
        elsewhere = gap_in_another_kind(value, (await event_scores(self.results, event)).by_kind, pair, kind)
        if elsewhere is None:
            return outcome
        held = t("verdict-what-total") if elsewhere == "total" else segment_text(elsewhere)
        return replace(
            outcome, outcome=UNCHECKABLE, why=t("verdict-margin-of-another-kind", why=outcome.why, kind=held)
        )
