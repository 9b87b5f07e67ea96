"""The rules of medals and titles: "won gold", "the silver went to", "the world champion", a podium's list."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.services.claims.model import MEDAL_PLACE, Subject, segment_text
from bot.services.claims.rules.common import (
    Who,
    after_readings,
    before_subjects,
    gold,
    impression,
    measured_from,
    medal_claim,
    object_after,
    ordinal_text,
    place_claim,
    segment_of,
    segment_place,
    segment_referred,
    subject_adjacent,
)
from bot.services.claims.rules.phrases import (
    CEREMONY,
    CEREMONY_ROLE,
    CHAMPION,
    CONGRATULATED,
    ELIDED_AFTER,
    ELIDED_BEFORE,
    MEDAL_CONTEXT,
    MEDALLIST,
    PODIUM3,
    PODIUM_ANY,
    PREDICTED,
    RUNNER_UP,
    SEG_AFTER_ORD,
    SEG_WORDS,
    THING,
    TITLE,
    TITLE_THEN_PLACE,
    TO_WIN,
    TOP_PODIUM,
    VICTORY_TO,
    WON,
    WON_COMPETITION,
)
from bot.services.claims.rules.topic import fragment_winner
from bot.services.claims.split import Clause
from bot.services.claims.vocabulary import (
    MEDAL_FOLLOW,
    MEDAL_RE,
    PAST_TITLE,
    ordinal_value,
)

if TYPE_CHECKING:
    from bot.services.claims.rules.reading import SentenceReader

_I = re.IGNORECASE


def medals(sentence: SentenceReader, clause: Clause) -> None:
    text = sentence.text
    medals = [m for m in MEDAL_RE.finditer(text, clause.start, clause.end)]
    listed = listed_triggers(sentence, clause, medals)
    for m in medals:
        if listed is not None and m in listed:
            continue
        if any(
            x.kind == "person"
            and x.subject is not None
            and (x.start <= m.start() < x.end or re.fullmatch(r"\s", text[x.end : m.start()]))
            and m.group("medal").lower() in x.subject.name.lower().split()
            for x in sentence.mentions
        ):
            continue  # "Gracie Gold": a name, not a medal
        medal = m.group("medal").lower()
        rest = text[m.end() :]
        medallist = MEDALLIST.match(text, m.start())
        if (
            not medallist
            and not MEDAL_FOLLOW.match(rest)
            and not (
                (
                    MEDAL_CONTEXT.search(text[max(clause.start, m.start() - 40) : m.start()])
                    or subject_adjacent(sentence, m.start())  # "liu gold sakamoto silver"
                )
                and not THING.match(rest)
            )
        ):
            continue
        if re.match(r"[\s-]+medals\b", rest, _I) and not medallist:
            continue  # "silver medals" in general, or a career count
        if sentence.negated(m.start()) or impression(text, clause.start, m.start()):
            continue  # not won, or only how it looked ("looked like a bronze")
        if not medallist and measured_from(text, clause.start, m.start()) and not _owner_after(sentence, m.end()):
            continue  # what a margin is measured from ("5.03 behind the bronze"), unless its owner is named
        before = text[max(clause.start, m.start() - 40) : m.start()]
        if _MEDAL_AS_RIVAL.search(before) and _owner_after(sentence, m.end()) is None:
            # "6.72 behind the bronze": the medallist's figure, compared with; no medal is claimed (but "short of
            # the silver medal of Osmond" says whose it was)
            continue
        past = PAST_TITLE.search(before)
        subjects: list[Subject] = []
        if medallist:
            if medallist.group().lower().endswith("s") and not _title_elsewhere(sentence, m.start()):
                continue  # "the silver medallists": a reference, handled where it is compared
            title = _apposed_to(sentence, m.start()) or sentence.title_before_name(medallist.end())
            subjects = Who([title]) if title else sentence.subjects_for(m.start())
        else:
            # "the gold went to Liu"; "the win was taken by Hanyu and the silver by Uno": a medal given its own
            # name after it, whoever the clause named before.
            given = ELIDED_BEFORE.search(before) and ELIDED_AFTER.match(rest)
            named = _MEDAL_AS_SUBJECT.search(before) and _MEDAL_VERB.match(rest)
            owner = given or named or not before_subjects(sentence, m.start())
            explicit = sentence.explicit_after(m.end()) if owner else None
            explicit = _owner_after(sentence, m.end()) or explicit
            if not explicit and named:
                continue  # "so the gold was decided in the short": whose it was, the words do not say
            subjects = Who([explicit]) if explicit else sentence.subjects_for(m.start(), bare=True)
        medal_claim(sentence, m.start(), subjects, medal, past)
    fragment_winner(sentence, clause)


# "the gold" as the subject of its own verb ("the gold was decided", "the silver is settled"): a medal named as what
# the sentence speaks of; it is someone's only when the words say whose ("went to X", "was hers").
_MEDAL_AS_SUBJECT = re.compile(r"(?:^|[,;:]\s*(?:(?:and|but|so|yet)\s+)?|\b(?:and|but|so|yet)\s+)the\s+$", _I)
_MEDAL_VERB = re.compile(
    r"\s+(?:was|is|were|had\s+been|has\s+been|would\s+be|will\s+be)\s+(?!(?:hers|his|theirs)\b|\w+['’]s\b)",
    _I,
)
_MEDAL_AS_RIVAL = re.compile(
    r"\b(?:behind|ahead\s+of|off|short\s+of|clear\s+of|in\s+front\s+of|away\s+from|adrift\s+of|back\s+of)\s+(?:the\s+)?$",
    _I,
)


# "..., ahead of Kim of Korea, the silver medallist": a title set off by a comma right after a name (its country
# or a bracket between) describes that name, not the clause's subject.
_APPOSED = re.compile(
    r"(?:\s+(?:of|from)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*|\s*\([^()]{1,40}\))?\s*,\s*"
    r"(?:the|a|an)\s+(?:[a-z-]+\s+){0,2}"
)


def _owner_after(sentence: SentenceReader, end: int) -> Subject | None:
    """ "short of the bronze medal of Miyahara": a medal "of" a name is that name's, not the clause subject's."""
    owner = re.match(r"(?:[\s-]+medal)?\s+of\s+(?:the\s+)?", sentence.text[end:], _I)
    if owner is None:
        return None
    at = end + owner.end()
    return next((x.subject for x in sentence.mentions if x.start == at and x.kind == "person" and x.subject), None)


def _apposed_to(sentence: SentenceReader, position: int) -> Subject | None:
    named = [x for x in sentence.mentions if x.end <= position and x.kind == "person" and x.subject is not None]
    if named and _APPOSED.fullmatch(sentence.text, named[-1].end, position):
        return named[-1].subject
    return None


def _title_elsewhere(sentence: SentenceReader, position: int) -> bool:
    """ "the silver medallists from PyeongChang": a title held at a competition named right after it."""
    return any(
        title and s > position and TITLE_THEN_PLACE.fullmatch(sentence.text, position, s)
        for s, _, _, title in sentence.found.competitions
    )


def listed_triggers(
    sentence: SentenceReader, clause: Clause, triggers: list[re.Match[str]]
) -> list[re.Match[str]] | None:
    """ "Sakamoto and Nakai took silver and bronze": values listed after listed subjects, in order."""
    if len(triggers) < 2:
        return None
    text = sentence.text
    for i in range(len(triggers) - 1):
        run = [triggers[i]]
        j = i
        while j + 1 < len(triggers) and re.fullmatch(
            r"\s*(?:,|and|,\s*and)\s*", text[run[-1].end() : triggers[j + 1].start()], _I
        ):
            run.append(triggers[j + 1])
            j += 1
        if len(run) < 2:
            continue
        inside = [m for m in sentence.mentions_in(clause) if m.end <= run[0].start() and m.object_of in (None, "of")]
        if not inside:
            continue
        group = sentence.group_ending_at(inside[-1], inside)
        if len(group) != len(run):
            # Values listed after a group of another size ("Sakamoto, Nakai and Chiba ... second and third"):
            # whose is which is not said.
            return run if len(group) > 1 else None
        for mention, trigger in zip(group, run, strict=True):
            assert mention.subject is not None
            word = trigger.group().lower()
            if word in MEDAL_PLACE:
                medal_claim(sentence, trigger.start(), [mention.subject], word, None)
            else:
                value = ordinal_value(word)
                if value:
                    sentence.make(
                        "place", trigger.start(), [mention.subject], ordinal_text(value), float(value), segments=(None,)
                    )
        return run
    return None


def titles(sentence: SentenceReader, clause: Clause) -> None:
    """Titles won, said without a medal word; `done` holds the champions and wins read, so that a second pattern
    over the same words makes no second claim."""
    done: list[int] = []
    _champions(sentence, clause, done)
    _titles_won(sentence, clause, done)
    _congratulated(sentence, clause, done)
    _won(sentence, clause, done)
    _won_competitions(sentence, clause, done)
    _victory_to(sentence, clause, done)
    _runners_up(sentence, clause)
    _podiums(sentence, clause)


def _champions(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "The world champion Liu", "Liu became champion": the gold of that title."""
    text = sentence.text
    for m in CHAMPION.finditer(text, clause.start, clause.end):
        if sentence.negated(m.start()) or impression(text, clause.start, m.start()):
            continue  # not won, or "skated like a champion"'s likeness
        before = text[max(clause.start, m.start() - 60) : m.start()]
        if re.search(r"\b(?:the|a|an)\s+(?:\w+\s+){0,2}$", before, _I) and re.search(
            r"\b(?:behind|ahead\s+of|over|to|with|than|beat|beating)\s+(?:the|a)\s+(?:\w+\s+){0,2}$", before, _I
        ):
            continue  # "behind the champion": a reference
        past = PAST_TITLE.search(before)
        title = sentence.title_before_name(m.end())
        backward = re.search(
            r"(?<!newly\s)\b(?:became|become|becomes|(?:was|were|is|are|been|be)\s+crowned|crowned|is|was|were"
            r"|are|remains|named|as)\s+(?:the\s+)?(?:new\s+)?"
            r"(?:(?:olympic|world|\d{4}|women['’]s|men['’]s|pairs|ice\s+dance|figure\s+skating)\s+){0,3}$",
            before,
            _I,
        )
        if (
            title is None
            and not backward
            and re.search(r"\bthe\s+(?:[\w-]+\s+){0,3}$", before, _I)
            and not re.search(r"[,(]\s*(?:the\s+)?(?:[\w-]+\s+){0,3}$", before)
        ):
            continue  # "held onto the Japanese champion": a description of someone, not a result
        subjects = Who([title]) if title else sentence.subjects_for(m.start())
        level = re.search(r"\b(olympic|world)\s+(?:\w+\s+)?$", before, _I)
        champion = t("claim-gold-champion", level=level.group(1).lower() if level else "other")
        why = t("claim-past-title") if past else None
        gold(sentence, m.start(), subjects, champion, why)
        done.append(m.start())


def _titles_won(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "won the title", "took the crown", "won the team event"."""
    text = sentence.text
    for m in TITLE.finditer(text, clause.start, clause.end):
        if any(abs(m.end() - d) < 40 for d in done) and re.search(r"champion", m.group(), _I):
            continue
        if sentence.negated(m.start()):
            continue
        what = (m.group("what") or m.group("victory") or "title").lower()
        if what == "gold" or what == "gold medal":
            continue  # the medal rule reads it
        if what in ("event", "competition") and re.search(r"\bteam\s+(?:event|competition)", m.group(), _I):
            gold(sentence, m.start(), sentence.subjects_for(m.start()), t("claim-gold-team-event"), None, team=True)
            continue
        past = PAST_TITLE.search(text[max(clause.start, m.start() - 40) : m.start()])
        why = t("claim-past-title") if past and "defended" not in m.group().lower() else None
        lead = m.group().split()[0].lower()
        at = m.start("what") if m.group("what") else m.start()
        subjects = sentence.subjects_for(at)
        if lead == "for" and not before_subjects(sentence, m.start()):
            subjects = Who()
        gold(sentence, at, subjects, t("claim-gold-won-the", what=what), why)


def _congratulated(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "congratulates Gilles and Poirier on their victory": the gold of those congratulated."""
    text = sentence.text
    for m in CONGRATULATED.finditer(text, clause.start, clause.end):
        # "congratulates Gilles and Poirier on their victory": the gold of those congratulated.
        whom = [x for x in sentence.mentions if m.start("who") <= x.start < m.end("who") and x.subject is not None]
        if whom and not sentence.negated(m.start("what")):
            subjects = Who(x.subject for x in sentence.group_ending_at(whom[-1], whom) if x.subject is not None)
            gold(sentence, m.start("what"), subjects, t("claim-gold-won"), None)
            done.append(m.start("what"))


def _won(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "Liu won", "to win": gold, unless what was won is a medal, a segment or a forecast."""
    text = sentence.text
    for pattern in (WON, TO_WIN):
        for m in pattern.finditer(text, clause.start, clause.end):
            if any(abs(m.start() - d) < 30 for d in done) or sentence.negated(m.start()):
                continue
            if PREDICTED.search(text[clause.start : m.start()]):
                continue  # "nobody had her winning", "few expected him to win": a forecast, not a result
            nxt = text[m.end() : m.end() + 60]
            if re.match(
                r"\s+(?:the\s+)?(?:gold|silver|bronze|title|crown|event|competition|victory|free|short|rhythm|segment|team)\b",
                nxt,
                _I,
            ) or re.match(rf"\s+(?:in|of)\s+(?:the\s+)?(?:[\w’'-]+\s+){{0,2}}?{SEG_WORDS}", nxt, _I):
                continue
            if re.search(
                r"\b(?:was|were|is|are|been|being)\s+$", text[max(clause.start, m.start() - 12) : m.start()], _I
            ):
                _passive_win(sentence, m, clause)
                continue
            if (
                re.search(r"\b(?:gold|silver|bronze|title|crown)\b", text[m.end() : clause.end][:30], _I)
                and pattern is TO_WIN
            ):
                continue
            referred = segment_referred(sentence, m.start(), m.end() + 4) if re.match(r"\s+it\b", nxt) else None
            if referred:
                # "Liu took the free skate. She won it by 2.53": first in the event, or in that segment.
                _won_referred(sentence, m.start(), referred)
                continue
            gold(sentence, m.start(), sentence.subjects_for(m.start()), t("claim-gold-won"), None)


def _won_referred(sentence: SentenceReader, position: int, readings: tuple[str | None, ...]) -> None:
    """ "won it" where "it" may be a segment: first in that segment, and, unless the sentence named that
    segment itself, first in the event as another reading."""
    subjects = sentence.subjects_for(position)
    segment = readings[-1]
    assert segment is not None
    if len(readings) == 1:
        segment_place(sentence, position, subjects, 1, segment, readings)
        return
    claimed = t("claim-place-after-or-in", place=ordinal_text(1), segment=segment_text(segment))
    sentence.make("place", position, subjects, claimed, 1.0, segments=readings)


def _won_competitions(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "won the 2019 World Championships": gold at that competition."""
    text = sentence.text
    # "won the 2019 World Championships", "won the Four Continents Championships": gold at that competition
    # (a competition the store lacks: listed as not checkable, never dropped).
    for m in WON_COMPETITION.finditer(text, clause.start, clause.end):
        named = [c for c in sentence.found.competitions if c[0] == m.end() and not c[3]]
        if not named or any(abs(m.start() - d) < 30 for d in done) or sentence.negated(m.start()):
            continue
        if PAST_TITLE.search(text[max(clause.start, m.start() - 40) : m.start()]):
            continue
        if re.match(r"\s+(?:silver|bronze|medals?|podium)\b", text[named[0][1] :], _I):
            continue  # "won the 2022 World Championships bronze": the medal rule reads which
        competition = named[0][2]
        sentence.make(
            "medal",
            m.start(),
            sentence.subjects_for(m.start()),
            t("claim-gold-won"),
            1.0,
            segments=(None,),
            competitions=(competition,),
        )


def _runners_up(sentence: SentenceReader, clause: Clause) -> None:
    """ "the runner-up": silver, or second in the segment it names."""
    text = sentence.text
    for m in RUNNER_UP.finditer(text, clause.start, clause.end):
        if sentence.negated(m.start()):
            continue
        before = text[max(clause.start, m.start() - 40) : m.start()]
        if _MEDAL_AS_RIVAL.search(before) and _owner_after(sentence, m.end()) is None:
            # "6.72 behind the bronze": the medallist's figure, compared with; no medal is claimed (but "short of
            # the silver medal of Osmond" says whose it was)
            continue
        if re.search(r"\b(?:behind|ahead\s+of|over|beat|beating)\s+the\s+$", before, _I):
            continue
        past = PAST_TITLE.search(before)
        title = sentence.title_before_name(m.end())
        subjects = Who([title]) if title else sentence.subjects_for(m.start())
        segment = SEG_AFTER_ORD.match(text[m.end() :])
        if segment:
            # "the runner-up after the short program": second in that segment, no medal.
            kind = segment_of(segment.group("seg"))
            segment_place(sentence, m.start(), subjects, 2, kind, after_readings(kind, segment.group("prep").lower()))
            continue
        why = t("claim-past-result") if past else None
        place_claim(sentence, m.start(), subjects, 2, t("claim-silver-runner-up"), why, medal=True)


def _podiums(sentence: SentenceReader, clause: Clause) -> None:
    """ "completed the podium": bronze; "on the podium": a medal of any colour."""
    text = sentence.text
    for m in PODIUM3.finditer(text, clause.start, clause.end):
        explicit = sentence.explicit_after(m.end()) if m.group().lower().startswith("podium") else None
        subjects = Who([explicit]) if explicit else sentence.subjects_for(m.start())
        place_claim(sentence, m.start(), subjects, 3, t("claim-bronze-podium"), None, medal=True)
    podium = "podium" in text[clause.start : clause.end].lower()  # a quick look before the patterns
    for m in TOP_PODIUM.finditer(text, clause.start, clause.end) if podium else ():
        if not sentence.negated(m.start()):
            place_claim(
                sentence, m.start(), sentence.subjects_for(m.start()), 1, t("claim-gold-podium"), None, medal=True
            )
    for m in PODIUM_ANY.finditer(text, clause.start, clause.end):
        if TOP_PODIUM.search(text, max(clause.start, m.start() - 12), m.end()):
            continue  # "on top of the podium": gold, said above
        if sentence.negated(m.start()) or re.search(
            r"\b(?:off|missed|miss)\b", text[max(0, m.start() - 12) : m.start()], _I
        ):
            continue
        subjects = sentence.subjects_for(m.start())
        sentence.make("medallist", m.start(), subjects, t("claim-medal-podium"), 3.0)


def _passive_win(sentence: SentenceReader, m: re.Match[str], clause: Clause) -> None:
    """ "The free skate was won by Liu", "the title was won by Shaidorov": the name after "by"."""
    if not re.match(r"\s+by\b", sentence.text[m.end() :], _I):
        return
    winner = object_after(sentence, m.end(), named=True)
    if winner is None:
        return
    before = sentence.text[clause.start : m.start()]
    if re.search(r"\b(?:silver|bronze)\b", before, _I) and not re.search(
        r"\b(?:gold|title|crown|victory)\b", before, _I
    ):
        return  # "in the women's event, the bronze was won by Daleman": that medal (read as one), not the gold
    segments = [(s, e, k) for s, e, k in sentence.found.segments if clause.start <= s < m.start()]
    if segments and not re.search(r"\b(?:title|gold|event|competition|contest|race|crown)\b", before, _I):
        segment_place(sentence, m.start(), Who([winner]), 1, segments[-1][2], (segments[-1][2],))
    elif re.search(r"\b(?:title|gold|event|competition|contest|race|crown)\b", before, _I):
        gold(sentence, m.start(), Who([winner]), t("claim-gold-won"), None)


def ceremony(sentence: SentenceReader) -> None:
    """ "...before the Olympic medal ceremony... Among those waiting were Kaori Sakamoto and Alysa Liu":
    taking part in a medal ceremony claims a medal (which one is not said)."""
    if CEREMONY.search(sentence.text):
        sentence.state.ceremony_left = 4
    if not sentence.state.ceremony_left:
        return
    sentence.state.ceremony_left -= 1
    if CEREMONY_ROLE.search(sentence.text):
        for m in sentence.mentions:
            if m.kind == "person" and m.subject is not None and m.subject.ids:
                sentence.make("medallist", m.start, [m.subject], t("claim-medal-ceremony"), 3.0)


def dedupe_medal_places(sentence: SentenceReader) -> None:
    """A medal and a final place saying the same of one subject in one clause, about one competition
    ("finished second to take silver"), are one claim: the medal. A title held before is another claim."""
    medals = {
        (c.subject, idx, c.value, c.competitions)
        for c, _, idx in sentence.made
        if c.kind == "medal" and c.uncheckable is None
    }
    sentence.made = [
        (c, p, idx)
        for c, p, idx in sentence.made
        if not (c.kind == "place" and c.segments == (None,) and (c.subject, idx, c.value, c.competitions) in medals)
    ]
    # "the gold was won by Gilles and Poirier": the medal word and the verb say one thing, and it is one claim.
    said: set[tuple[object, ...]] = set()
    kept = []
    for c, p, idx in sentence.made:
        key = (c.subject, idx, c.value, c.competitions, c.discipline)
        if c.kind == "medal" and c.uncheckable is None:
            if key in said:
                continue
            said.add(key)
        kept.append((c, p, idx))
    sentence.made = kept


def _victory_to(sentence: SentenceReader, clause: Clause, done: list[int]) -> None:
    """ "the victory was taken by Hanyu", "the title went to Liu", "victory for Sakamoto": gold for the name after;
    not a segment's win ("the short program win went to ..."), and never without a name right after."""
    text = sentence.text
    for m in VICTORY_TO.finditer(text, clause.start, clause.end):
        if any(abs(m.start() - d) < 30 for d in done) or sentence.negated(m.start()):
            continue
        if re.search(rf"\b(?:{SEG_WORDS}|segment)\W+$", text[max(clause.start, m.start() - 30) : m.start()], _I):
            continue
        subject = sentence.explicit_after(m.end("what"))
        if subject is not None:
            gold(sentence, m.start(), Who([subject]), t("claim-gold-won"), None)
            done.append(m.start())
