"""Claim checker: pull checkable result claims out of a story's text and compare them with the results store.

Fabricated skating stories wrap real names around invented moments; real ones carry facts the store can
confirm. :func:`extract` is pure text work (regular expressions and a few heuristics, no model);
:func:`check_text` resolves the competition and event the story is about and gives each claim a verdict:
"consistent", "contradicted" (with the stored value and its source) or "not checkable". A figure the store
does not have never contradicts anything.

Extraction rules (all case-insensitive unless said otherwise):

* Sentences: split on line breaks and on ``.``/``!``/``?`` followed by white space and a capital (headings
  without punctuation are sentences of their own).
* Skater mentions: runs of capitalized words (possessive ``'s``/``’s`` stripped; a possessive ends the run,
  so "Japan’s Kaori Sakamoto" tries "Japan" then "Kaori Sakamoto"), matched greedily, longest span first,
  through ``resolve``. :func:`check_text`'s resolver only accepts whole-word matches (no fuzzy guesses):
  the story's linked skaters first (any of their name words), else the name index's unique whole-word
  match, where a lone word must be the name's last word (a surname: "Glenn", "Sakamoto").
* Pronouns (she, he, her, his, him, hers) and descriptions ("the American skating phenom", "the visibly
  tearful skater") stand for the last skater named before them.
* A claim's subject: for title patterns placed before a name ("gold medalist Alysa Liu", "Olympic champion,
  Kazakhstan’s Mikhail Shaidorov", "runner-up X") the name right after the title (only capitalized words
  between); otherwise the nearest mention before the trigger in the sentence, else the first name after it.
  A sentence with no mention at all gives no claim.
* Triggers — only ordinals, medals, scores and fall counts make claims (no claim from "hoped to finish the
  competition smiling", a "silver box" or "the Japanese champion"):
  - medal: won/earned/took/claimed/secured/captured/clinched/grabbed/collected [the/an/Olympic/...] gold|silver
    |bronze; "gold medalist/medallist X"; "Olympic/world champion" (not reigning/defending/former/N-time);
    "runner-up" -> silver. With "in the team event" after it, or "team gold", it is a team claim instead.
  - place: finished/finish/placed/ended up/came/ranked + ordinal ("fifth", "5th", or a bare "5" after
    placed/finished/ranked); took/claimed/... + ordinal + "place"; was/sitting/sat/lying/stood + "in" ordinal
    "place". An ordinal followed by "after/in the <segment>" is a segment placement; "sitting in 13th place"
    is one when the sentence names exactly one segment (and is skipped otherwise, being ambiguous);
    finish verbs or "overall" make a final placement. "led/topped/won the short program" -> 1st in it.
  - score: a number with two decimals (147.52) near score/scored/points/total. "total"/"overall" -> total;
    otherwise the segment named nearest in the sentence, else the last one named in the previous sentence
    ("her free skate told a different story. ... scored 147.52 points"); else a score of unknown segment.
  - falls: "two (devastating) falls", "fell twice", "a fall on/in ...", "fell on the ..." (at least one).
* Repeated claims (same kind, subject, value, segment) are kept once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.services.names import normalize
from bot.services.results import ResultsService
from db.models import Competition, Entry, Event, Figure, TeamResult

__all__ = ["CheckReport", "Claim", "Verdict", "check_text", "extract"]

Resolver = Callable[[str], tuple[int, str] | None]

CONSISTENT = "consistent"
CONTRADICTED = "contradicted"
UNCHECKABLE = "not checkable"
MAX_SENTENCE = 300

SEGMENT_WORDS = {
    "short_program": "short program",
    "free_skate": "free skate",
    "rhythm_dance": "rhythm dance",
    "free_dance": "free dance",
}
MEDAL_PLACE = {"gold": 1, "silver": 2, "bronze": 3}
MEDAL_NAME = {1: "gold", 2: "silver", 3: "bronze"}

_ORDINAL_WORDS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
    "nineteenth", "twentieth",
]  # fmt: skip
_ORDINALS = {word: i + 1 for i, word in enumerate(_ORDINAL_WORDS)}
_ORDINALS.update({f"twenty-{word}": 21 + i for i, word in enumerate(_ORDINAL_WORDS[:9])})
_ORDINALS.update({f"twenty {word}": 21 + i for i, word in enumerate(_ORDINAL_WORDS[:9])})
_ORDINALS["thirtieth"] = 30
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1, "single": 1}
_TIMES = {"once": 1, "twice": 2, "three times": 3, "four times": 4, "five times": 5, "thrice": 3}

_ORD = r"(?:" + "|".join(sorted((re.escape(w) for w in _ORDINALS), key=len, reverse=True)) + r"|\d{1,2}(?:st|nd|rd|th))"
_SEG = (
    r"(?P<seg>short[\s-]program(?:me)?|short[\s-]skate|\bsp\b|free[\s-]skat(?:e|ing)|free[\s-]program(?:me)?"
    r"|long[\s-]program(?:me)?|free[\s-]dance|rhythm[\s-]dance)"
)
_SEG_RE = re.compile(_SEG, re.IGNORECASE)
_SEG_PLAIN = _SEG.replace("(?P<seg>", "(?:")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[\"“‘(]?[A-Z0-9])")
_WORD = re.compile(r"[^\W\d_][\w'’\-]*")
_PRONOUN = frozenset({"she", "he", "her", "his", "him", "hers"})
_DESCRIPTION = re.compile(
    r"\bthe\s+(?:[\w-]+\s+){0,3}?(?:skater|phenom|athlete|star|teenager|teen|champion|skating\s+star)\b",
    re.IGNORECASE,
)

_MEDAL_VERB = re.compile(
    r"\b(?:won|win|wins|winning|earn(?:ed|s|ing)?|t(?:ook|ake|akes|aking)|claim(?:ed|s|ing)?|secur(?:ed|es|ing|e)"
    r"|captur(?:ed|es|ing|e)|clinch(?:ed|es|ing)?|grab(?:bed|s|bing)?|collect(?:ed|s|ing)?|bag(?:ged|s)?"
    r"|br(?:ought|ings?|inging))\s+"
    r"(?:(?:the|a|an|her|his|their|its|olympic|world|individual|women['’]s|men['’]s|team|team-event)\s+){0,3}"
    r"(?P<medal>gold|silver|bronze)\b"
    # A medal, not "a silver box": the next word must be one that can follow a medal.
    r"(?=\s*(?:[,.;:!?)\u2014\u2013-]|$)|\s+(?:medals?|in|at|for|behind|with|after|and|on|as|to|ahead|by|despite"
    r"|while|when|from|the|her|his|their|this|that|again)\b)",
    re.IGNORECASE,
)
_TEAM_AFTER = re.compile(
    r"^(?:[\s-]+medals?)?\s+(?:[\w-]+\s+){0,2}?(?:in|at|from|for)\s+the\s+(?:olympic\s+)?team(?:[\s-]event|\s+competition|\b)",
    re.IGNORECASE,
)
_TEAM_MEDAL = re.compile(r"\bteam(?:[\s-]event)?\s+(?P<medal>gold|silver|bronze)\b", re.IGNORECASE)
_MEDALIST = re.compile(r"\b(?P<medal>gold|silver|bronze)(?:\s+|-)medall?ist\b(?!s)", re.IGNORECASE)
_CHAMPION = re.compile(
    r"\b(?P<pre>(?:reigning|defending|former|ex-|two-time|three-time|four-time|\d-time)\s+)?"
    r"(?P<lvl>olympic|world)\s+champion\b(?!s|ship)",
    re.IGNORECASE,
)
_RUNNER_UP = re.compile(r"\brunner[\s-]up\b(?!s)", re.IGNORECASE)
_BACKWARD_TITLE = re.compile(
    r"\b(?:became|become|becomes|(?:was|were|been|be|is)\s+crowned|is|was|as|remains|named)\s+(?:the\s+)?$", re.I
)

_FINISH_VERB = r"finish(?:ed|es|ing)?|placed|placing|ended\s+up|end(?:s|ing)?\s+up|came|comes|coming|ranked|ranking"
_PLACE = re.compile(
    rf"\b(?:(?P<fin>{_FINISH_VERB})\s+(?:in\s+)?(?:(?P<ord>{_ORD})|(?P<num>\d{{1,2}})\b(?![.,]\d))"
    rf"|(?P<took>took|take|takes|claimed|claims|secured|earned|grabbed|captured)\s+(?:the\s+)?(?P<ord2>{_ORD})"
    rf"(?=[\s-]+place)"
    rf"|(?P<pos>was|were|is|sitting|sits|sat|lying|lay|lies|stood|standing|placed|ranked)\s+(?:in\s+)?"
    rf"(?P<ord3>{_ORD})(?=[\s-]+place|\s*,?\s+(?:after|in|following)\s+(?:the\s+)?(?:(?:her|his|their)\s+)?{_SEG_PLAIN}))",
    re.IGNORECASE,
)
_PLACE_NOT = re.compile(r"^[\s-]*(?:time|times|ever|to\b|woman|man|american|skater|jump|quad|attempt)", re.I)
_SEG_AFTER = re.compile(
    rf"^(?:[\s-]+place)?(?:\s+overall)?\s*,?\s+(?:after|in|following|of|at|for)\s+(?:the\s+)?(?:(?:her|his|their)\s+)?{_SEG}",
    re.IGNORECASE,
)
_OVERALL_AFTER = re.compile(r"^(?:[\s-]+place)?\s+overall\b", re.IGNORECASE)
_SEG_WIN = re.compile(
    rf"\b(?:led|leads|leading|topped|tops|topping|won|wins|winning)\s+(?:(?:after|in|following)\s+)?(?:the\s+)?{_SEG}",
    re.IGNORECASE,
)
_SCORE = re.compile(r"(?<![\d.])(?P<num>\d{2,3}\.\d{2})(?!\d|\.\d|\s*%)")
_SCORE_CUE = re.compile(r"\b(?:scor\w*|points?|pts|total\w*|tall(?:y|ied)|posted|received|earned|mark)\b", re.I)
_TOTAL_CUE = re.compile(r"\b(?:total|overall|combined|in\s+all|aggregate)\b", re.IGNORECASE)
# "…before the Olympic medal ceremony… Among those waiting were Kaori Sakamoto and Alysa Liu": taking part in
# a medal ceremony claims a medal (which one is not said). That sentence and the next three are read for it.
_CEREMONY = re.compile(r"\b(?:medal|victory|podium|flower)\s+ceremon(?:y|ies)\b|\bhonou?r\s+presentation\b", re.I)
_CEREMONY_ROLE = re.compile(
    r"\b(?:among\s+those|waiting|lined\s+up|stood|standing|walk(?:ed)?\s+onto\s+the\s+podium)\b", re.I
)
_FALL = re.compile(
    r"\b(?:(?P<n>one|two|three|four|five|a|an|single|\d)\s+(?:[\w-]+\s+){0,2}?(?P<plural>falls|fall)\b"
    r"|fell\s+(?P<times>once|twice|thrice|three\s+times|four\s+times|five\s+times)"
    r"|(?P<on>fell|falling|falls)\s+(?:on|during)\s+(?:a|an|the|her|his|their)\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Claim:
    kind: str  # "medal", "place", "segment_place", "score", "total", "fall", "team"
    sentence: str  # the sentence (trimmed, <= 300 chars) it came from
    subject: str  # the skater's display name (the team's country code in check_text's team verdicts)
    claimed: str  # readable claimed value: "silver", "5th", "147.52 in the free skate", "team gold"
    segment: str | None  # "short_program" / "free_skate" / "rhythm_dance" / "free_dance"
    skater_id: int | None = None  # the resolved skater (also kept for team claims)
    value: float | None = None  # the number claimed: place (medals as 1/2/3), score, fall count


@dataclass(frozen=True, slots=True)
class Verdict:
    claim: Claim
    outcome: str  # "consistent", "contradicted", "not checkable"
    stored: str | None
    source: str | None
    why: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    verdicts: list[Verdict]
    competition: str | None
    event: str | None

    @property
    def consistent(self) -> int:
        return sum(v.outcome == CONSISTENT for v in self.verdicts)

    @property
    def contradicted(self) -> int:
        return sum(v.outcome == CONTRADICTED for v in self.verdicts)

    @property
    def uncheckable(self) -> int:
        return sum(v.outcome == UNCHECKABLE for v in self.verdicts)

    def summary(self) -> str:
        if not self.verdicts:
            return "no checkable claims"
        return f"{self.consistent} consistent · {self.contradicted} contradicted · {self.uncheckable} not checkable"


# --- extraction ------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Mention:
    start: int
    end: int
    skater: tuple[int, str] | None  # what it refers to
    named: bool  # a name (not a pronoun / description)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _ordinal_value(text: str) -> int | None:
    word = " ".join(text.lower().replace("-", " ").split())
    if word in _ORDINALS:
        return _ORDINALS[word]
    digits = re.match(r"\d+", word)
    return int(digits.group()) if digits else None


def _segment_kind(text: str) -> str:
    t = text.lower()
    if "short" in t or t == "sp":
        return "short_program"
    if "rhythm" in t:
        return "rhythm_dance"
    if "dance" in t:
        return "free_dance"
    return "free_skate"


def _sentences(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            out.extend(s.strip() for s in _SENTENCE_SPLIT.split(line) if s.strip())
    return out


def _trim(sentence: str) -> str:
    return sentence if len(sentence) <= MAX_SENTENCE else sentence[: MAX_SENTENCE - 1] + "…"


class _Extractor:
    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve
        self.cache: dict[str, tuple[int, str] | None] = {}
        self.last: tuple[int, str] | None = None

    def _lookup(self, text: str) -> tuple[int, str] | None:
        if text not in self.cache:
            self.cache[text] = self.resolve(text)
        return self.cache[text]

    def mentions(self, sentence: str) -> list[_Mention]:
        """Names, pronouns and descriptions in the sentence, in order, each with the skater it stands for."""
        words: list[tuple[int, int, str, bool]] = []  # start, end, bare word, possessive
        for m in _WORD.finditer(sentence):
            word = m.group()
            possessive = False
            for suffix in ("'s", "’s", "'", "’"):
                if word.endswith(suffix) and len(word) > len(suffix):
                    word, possessive = word[: -len(suffix)], True
                    break
            words.append((m.start(), m.start() + len(word), word, possessive))
        raw: list[tuple[int, int, str, str]] = []  # start, end, kind, text
        i = 0
        while i < len(words):
            start, end, word, possessive = words[i]
            if word.lower() in _PRONOUN:
                raw.append((start, end, "pronoun", word))
                i += 1
                continue
            if not word[0].isupper():
                i += 1
                continue
            # A run of capitalized words, ending at a possessive or a lowercase word.
            j = i
            while j < len(words) and words[j][2][0].isupper() and words[j][2].lower() not in _PRONOUN:
                j += 1
                if words[j - 1][3]:
                    break
            p = i
            while p < j:
                for length in range(min(4, j - p), 0, -1):
                    span = sentence[words[p][0] : words[p + length - 1][1]]
                    hit = self._lookup(span)
                    if hit is not None:
                        raw.append((words[p][0], words[p + length - 1][1], "name", span))
                        p += length
                        break
                else:
                    p += 1
            i = j
        has_name = any(kind == "name" for _, _, kind, _ in raw)
        if not has_name:
            raw += [(m.start(), m.end(), "description", m.group()) for m in _DESCRIPTION.finditer(sentence)]
            raw.sort()
        out = []
        for start, end, kind, text in raw:
            if kind == "name":
                skater = self._lookup(text)
                self.last = skater
                out.append(_Mention(start, end, skater, True))
            else:
                out.append(_Mention(start, end, self.last, False))
        return out

    @staticmethod
    def subject_before(mentions: list[_Mention], position: int, *, only: bool = False) -> tuple[int, str] | None:
        before = [m for m in mentions if m.end <= position and m.skater is not None]
        if before:
            return before[-1].skater
        if only:
            return None
        after = [m for m in mentions if m.start >= position and m.named and m.skater is not None]
        return after[0].skater if after else None

    @staticmethod
    def subject_after(sentence: str, mentions: list[_Mention], end: int) -> tuple[int, str] | None:
        """The name right after a title ("gold medalist Alysa Liu", "champion, Kazakhstan’s Mikhail Shaidorov")."""
        for m in mentions:
            if m.named and m.start >= end and m.skater is not None:
                gap = sentence[end : m.start]
                if len(gap) <= 30 and re.fullmatch(r"[\s,:]*(?:[A-Z][^\s]*\s+)*", gap):
                    return m.skater
                return None
        return None


def extract(text: str, resolve: Resolver) -> list[Claim]:
    """The checkable result claims in ``text``, in order (see the module docstring for the rules)."""
    ex = _Extractor(resolve)
    claims: list[Claim] = []
    seen: set[tuple[str, int | None, str, str | None]] = set()
    previous_segment: str | None = None

    def add(kind: str, sentence: str, skater: tuple[int, str] | None, claimed: str, segment: str | None, value):
        if skater is None:
            return
        key = (kind, skater[0], claimed, segment)
        if key in seen:
            return
        seen.add(key)
        claims.append(Claim(kind, _trim(sentence), skater[1], claimed, segment, skater[0], value))

    ceremony_left = 0  # sentences still read as being about a medal ceremony
    for sentence in _sentences(text):
        lower = sentence.lower()
        if _CEREMONY.search(sentence):
            ceremony_left = 4
        if ceremony_left:
            ceremony_left -= 1
            if _CEREMONY_ROLE.search(sentence):
                for mention in ex.mentions(sentence):
                    if mention.named:
                        add("medallist", sentence, mention.skater, "a medal (at the medal ceremony)", None, 3.0)
        segments_here = [(m.start(), _segment_kind(m.group("seg"))) for m in _SEG_RE.finditer(sentence)]
        has_trigger = (
            segments_here
            or any(w in lower for w in ("gold", "silver", "bronze", "champion", "runner", "fall", "fell"))
            or _SCORE.search(sentence)
            or _PLACE.search(sentence)
        )
        mentions = ex.mentions(sentence)
        if not has_trigger or not mentions:
            previous_segment = segments_here[-1][1] if segments_here else None
            continue
        team_spans: list[tuple[int, int]] = []

        # Medals, team medals first (a team medal is not an individual one).
        for m in _MEDAL_VERB.finditer(sentence):
            medal = m.group("medal").lower()
            subject = ex.subject_before(mentions, m.start())
            verb_text = m.group().lower()
            if _TEAM_AFTER.match(sentence[m.end() :]) or "team" in verb_text:
                team_spans.append((m.start(), m.end()))
                add("team", sentence, subject, f"team {medal}", None, float(MEDAL_PLACE[medal]))
            else:
                add("medal", sentence, subject, medal, None, float(MEDAL_PLACE[medal]))
        for m in _TEAM_MEDAL.finditer(sentence):
            if any(s <= m.start() < e for s, e in team_spans):
                continue
            medal = m.group("medal").lower()
            add("team", sentence, ex.subject_before(mentions, m.start()), f"team {medal}", None, MEDAL_PLACE[medal])
        for m in _MEDALIST.finditer(sentence):
            if _TEAM_AFTER.match(sentence[m.end() :]) or lower[max(0, m.start() - 5) : m.start()].strip() == "team":
                continue
            medal = m.group("medal").lower()
            subject = ex.subject_after(sentence, mentions, m.end()) or ex.subject_before(mentions, m.start())
            add("medal", sentence, subject, medal, None, float(MEDAL_PLACE[medal]))
        for m in _CHAMPION.finditer(sentence):
            if m.group("pre"):
                continue  # a past title, not this competition's result
            level = "Olympic" if m.group("lvl").lower() == "olympic" else "world"
            if _BACKWARD_TITLE.search(sentence[: m.start()]):  # "Shaidorov became Olympic champion"
                subject = ex.subject_before(mentions, m.start(), only=True)
            else:
                subject = ex.subject_after(sentence, mentions, m.end()) or ex.subject_before(mentions, m.start())
            add("medal", sentence, subject, f"gold ({level} champion)", None, 1.0)
        for m in _RUNNER_UP.finditer(sentence):
            subject = ex.subject_after(sentence, mentions, m.end()) or ex.subject_before(mentions, m.start())
            add("medal", sentence, subject, "silver (runner-up)", None, 2.0)

        # Placements.
        for m in _PLACE.finditer(sentence):
            text = m.group("ord") or m.group("num") or m.group("ord2") or m.group("ord3")
            rest = sentence[m.end() :]
            if _PLACE_NOT.match(rest):
                continue
            n = _ordinal_value(text)
            if not n:
                continue
            subject = ex.subject_before(mentions, m.start())
            seg_after = _SEG_AFTER.match(rest)
            if seg_after:
                kind = _segment_kind(seg_after.group("seg"))
                add("segment_place", sentence, subject, f"{ordinal(n)} after the {SEGMENT_WORDS[kind]}", kind, n)
            elif m.group("fin") or m.group("took") or _OVERALL_AFTER.match(rest):
                add("place", sentence, subject, ordinal(n), None, float(n))
            elif m.group("pos"):
                kinds = {k for _, k in segments_here}
                if len(kinds) == 1:
                    (kind,) = kinds
                    add("segment_place", sentence, subject, f"{ordinal(n)} after the {SEGMENT_WORDS[kind]}", kind, n)
        for m in _SEG_WIN.finditer(sentence):
            kind = _segment_kind(m.group("seg"))
            subject = ex.subject_before(mentions, m.start())
            add("segment_place", sentence, subject, f"1st after the {SEGMENT_WORDS[kind]}", kind, 1.0)

        # Scores.
        for m in _SCORE.finditer(sentence):
            before = sentence[max(0, m.start() - 60) : m.start()]
            after = sentence[m.end() : m.end() + 25]
            if not (_SCORE_CUE.search(before) or _SCORE_CUE.search(after)):
                continue
            value = float(m.group("num"))
            subject = ex.subject_before(mentions, m.start())
            if _TOTAL_CUE.search(sentence[max(0, m.start() - 30) : m.start()]) or _TOTAL_CUE.search(after):
                add("total", sentence, subject, f"{m.group('num')} total", None, value)
                continue
            score_kind = _nearest_segment(segments_here, m.start()) or previous_segment
            if score_kind:
                add(
                    "score",
                    sentence,
                    subject,
                    f"{m.group('num')} in the {SEGMENT_WORDS[score_kind]}",
                    score_kind,
                    value,
                )
            else:
                add("score", sentence, subject, m.group("num"), None, value)

        # Falls.
        for m in _FALL.finditer(sentence):
            if m.group("n"):
                count = _NUMBER_WORDS.get(m.group("n").lower()) or (int(m.group("n")) if m.group("n").isdigit() else 0)
                if m.group("plural").lower() == "fall":
                    # "a fall on the flip" yes; "a fall in the rankings"/"one fall short" are not skating falls.
                    if count != 1 or not re.match(
                        r"\s+(?:on|during|in\s+(?:the|her|his)\s+\w+\s+(?:skate|program))", sentence[m.end() :], re.I
                    ):
                        continue
                exact = m.group("n").lower() not in {"a", "an"}
            elif m.group("times"):
                count, exact = _TIMES[" ".join(m.group("times").lower().split())], True
            else:
                count, exact = 1, False
            if not count:
                continue
            subject = ex.subject_before(mentions, m.start())
            fall_kind = _nearest_segment(segments_here, m.start())
            where = f" in the {SEGMENT_WORDS[fall_kind]}" if fall_kind else ""
            label = (f"{count} fall{'s' if count != 1 else ''}" if exact else "a fall") + where
            add("fall", sentence, subject, label, fall_kind, float(count) if exact else 0.5)
        previous_segment = segments_here[-1][1] if segments_here else None
    return claims


def _nearest_segment(segments: list[tuple[int, str]], position: int) -> str | None:
    before = [kind for start, kind in segments if start < position]
    if before:
        return before[-1]
    return segments[0][1] if segments else None


# --- checking --------------------------------------------------------------------------------------------


def _make_resolver(results: ResultsService, linked: dict[int, tuple[str, list[set[str]]]]) -> Resolver:
    skaters = results.skaters

    def resolve(text: str) -> tuple[int, str] | None:
        tokens = normalize(text).split()
        if not tokens:
            return None
        wanted = set(tokens)
        hits = [(sid, name) for sid, (name, names) in linked.items() if any(wanted <= n for n in names)]
        if len(hits) == 1:
            return hits[0]
        match = skaters.resolve_whole_words(text)
        if match is None:
            return None
        if len(tokens) == 1 and normalize(match.matched).split()[-1] != tokens[0]:
            return None  # a lone first name or middle word is too weak
        return match.key, match.label

    return resolve


def _competition_from_text(results: ResultsService, text: str, moment_date: str | None) -> Competition | None:
    competitions = results.all_competitions()
    norm = f" {normalize(text)} "
    lower = text.lower()
    level = (
        "olympics" if "olymp" in lower else "worlds" if re.search(r"world championships?|\bworlds\b", lower) else None
    )
    years = set(re.findall(r"\b(?:19|20)\d\d\b", text))
    if moment_date:
        dated = [
            c for c in competitions if c.start_date and c.start_date <= moment_date <= (c.end_date or c.start_date)
        ]
        if len(dated) > 1 and level:
            dated = [c for c in dated if c.level == level] or dated
        if len(dated) == 1:
            return dated[0]
    named = [
        c for c in competitions if any(f" {normalize(n)} " in norm for n in {c.name, c.label} if n and normalize(n))
    ]
    if len(named) == 1:
        return named[0]
    if level and years:
        fitting = [c for c in competitions if c.level == level and (c.start_date or "")[:4] in years]
        if len(fitting) == 1:
            return fitting[0]
    return None


def _source(figure: Figure | None) -> str | None:
    if figure is None or figure.provenance is None or not figure.provenance.sources:
        return None
    return figure.provenance.sources[0]


def _num(value: float | int | str) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


_NOTE_NONE = re.compile(
    r"\b(?:no\s+falls?|without\s+(?:a\s+)?falls?|fall[\s-]free|clean\s+(?:skate|program|programme))\b"
)
_NOTE_COUNT = re.compile(r"\b(one|two|three|four|five|\d)\s+(?:[\w-]+\s+)?falls?\b|\bfell\s+(once|twice|three times)\b")
_NOTE_ANY = re.compile(r"\b(?:fell|falls?|fall)\b")


def _falls_in_notes(notes: list[Figure], segment: str | None) -> tuple[int | None, Figure | None, bool]:
    """(counted falls or None when no note speaks of falls, the first such note, a note says no falls)."""
    total = 0
    found: Figure | None = None
    clean = False
    for note in notes:
        text = str(note.value).lower()
        mentioned = {_segment_kind(m.group("seg")) for m in _SEG_RE.finditer(text)}
        if segment and mentioned and segment not in mentioned:
            continue
        if _NOTE_NONE.search(text):
            clean = True
            found = found or note
            continue
        if not _NOTE_ANY.search(text):
            continue
        found = found or note
        count = _NOTE_COUNT.search(text)
        if count:
            word = (count.group(1) or count.group(2)).lower()
            total += _NUMBER_WORDS.get(word) or _TIMES.get(word) or (int(word) if word.isdigit() else 1)
        else:
            total += 1
    if found is None:
        return None, None, False
    return (total if total or not clean else 0), found, clean and total == 0


class _Checker:
    def __init__(self, results: ResultsService, competition: Competition, event: Event | None) -> None:
        self.results = results
        self.competition = competition
        self.event = event
        self.events = results.events_of(competition)

    async def entry_of(self, skater_id: int) -> tuple[Event, Entry] | None:
        candidates = [self.event] if self.event and self.event.discipline != "team" else []
        candidates += [e for e in self.events if e.discipline != "team" and e not in candidates]
        for event in candidates:
            entries = await self.results.entries_of(event, [skater_id])
            if entries:
                return event, entries[0]
        return None

    def where(self, event: Event) -> str:
        return f"{self.competition.label} · {event.name}"

    async def check(self, claim: Claim) -> Verdict:
        if claim.skater_id is None or claim.value is None:
            return Verdict(claim, UNCHECKABLE, None, None, "no skater resolved")
        if claim.kind == "team":
            return await self.check_team(claim)
        if claim.kind == "medal" and "champion" in claim.claimed:
            wanted = "olympics" if "Olympic" in claim.claimed else "worlds"
            if self.competition.level != wanted:
                return Verdict(
                    claim, UNCHECKABLE, None, None, f"the claim is about another title than {self.competition.label}"
                )
        found = await self.entry_of(claim.skater_id)
        if found is None:
            return Verdict(
                claim, UNCHECKABLE, None, None, f"no entry stored for {claim.subject} at {self.competition.label}"
            )
        event, entry = found
        where = self.where(event)
        if claim.kind == "medallist":
            return self.compare_medallist(claim, entry.place, where)
        if claim.kind in ("medal", "place"):
            return self.compare_place(claim, entry.place, where, "final place")
        if claim.kind == "total":
            return self.compare_score(claim, entry.total, where, "total")
        if claim.kind in ("segment_place", "score", "fall") and claim.segment is not None:
            segment = next((s for s in self.results.segments_of(event) if s.kind == claim.segment), None)
            if segment is None:
                return Verdict(claim, UNCHECKABLE, None, None, f"{event.name} has no {SEGMENT_WORDS[claim.segment]}")
            result = entry.segments.get(segment.id)
            if claim.kind == "segment_place":
                label = f"{SEGMENT_WORDS[claim.segment]} rank"
                return self.compare_place(claim, result.rank if result else None, where, label)
            if claim.kind == "score":
                label = f"{SEGMENT_WORDS[claim.segment]} score"
                return self.compare_score(claim, result.tss if result else None, where, label)
        if claim.kind == "score":  # the segment was not stated: consistent only if some stored score matches
            figures = [r.tss for r in entry.segments.values() if r.tss] + ([entry.total] if entry.total else [])
            for figure in figures:
                if abs(float(figure.value) - claim.value) < 0.005:
                    return Verdict(
                        claim, CONSISTENT, f"{float(figure.value):.2f}", _source(figure), f"stored at {where}"
                    )
            return Verdict(claim, UNCHECKABLE, None, None, "the story does not say which segment the score is for")
        if claim.kind == "fall":
            return self.compare_falls(claim, entry, where)
        return Verdict(claim, UNCHECKABLE, None, None, "claim of an unknown kind")

    def compare_place(self, claim: Claim, figure: Figure | None, where: str, label: str) -> Verdict:
        stored = _num(figure.value) if figure is not None else None
        if stored is None:
            return Verdict(claim, UNCHECKABLE, None, None, f"no {label} stored at {where}")
        place = int(stored)
        readable = ordinal(place)
        if claim.kind == "medal" and place in MEDAL_NAME:
            readable += f" ({MEDAL_NAME[place]})"
        outcome = CONSISTENT if place == int(claim.value or 0) else CONTRADICTED
        return Verdict(claim, outcome, readable, _source(figure), f"stored: {readable} at {where}")

    def compare_medallist(self, claim: Claim, figure: Figure | None, where: str) -> Verdict:
        stored = _num(figure.value) if figure is not None else None
        if stored is None:
            return Verdict(claim, UNCHECKABLE, None, None, f"no final place stored at {where}")
        place = int(stored)
        readable = ordinal(place) + (f" ({MEDAL_NAME[place]})" if place in MEDAL_NAME else "")
        outcome = CONSISTENT if place in MEDAL_NAME else CONTRADICTED
        return Verdict(claim, outcome, readable, _source(figure), f"stored: {readable} at {where}")

    def compare_score(self, claim: Claim, figure: Figure | None, where: str, label: str) -> Verdict:
        stored = _num(figure.value) if figure is not None else None
        if stored is None:
            return Verdict(claim, UNCHECKABLE, None, None, f"no {label} stored at {where}")
        outcome = CONSISTENT if abs(stored - float(claim.value or 0)) < 0.005 else CONTRADICTED
        readable = f"{stored:.2f}"
        return Verdict(claim, outcome, readable, _source(figure), f"stored: {label} {readable} at {where}")

    def compare_falls(self, claim: Claim, entry: Entry, where: str) -> Verdict:
        count, note, clean = _falls_in_notes(entry.notes, claim.segment)
        if note is None:
            return Verdict(claim, UNCHECKABLE, None, None, "falls are not recorded for this skate")
        if clean:
            return Verdict(claim, CONTRADICTED, str(note.value), _source(note), f"stored note: {note.value} ({where})")
        exact = claim.value is not None and claim.value >= 1
        if count and ((exact and count == int(claim.value or 0)) or (not exact and count >= 1)):
            return Verdict(claim, CONSISTENT, str(note.value), _source(note), f"stored note: {note.value} ({where})")
        return Verdict(claim, UNCHECKABLE, str(note.value), _source(note), f"the stored notes count {count} fall(s)")

    async def check_team(self, claim: Claim) -> Verdict:
        team_event = next((e for e in self.events if e.discipline == "team"), None)
        skater_id = claim.skater_id
        assert skater_id is not None
        country: str | None = None
        teams: list[TeamResult] = []
        if team_event is not None:
            _, teams = await self.results.results_of(team_event)
            for team in teams:
                if any(str(skater_id) in r.skater_key.split("/") for r in team.segments.values()):
                    country = team.country
                    break
            if country is None:
                entries = await self.results.entries_of(team_event, [skater_id])
                country = entries[0].country if entries else None
        if country is None:
            found = await self.entry_of(skater_id)
            if found is not None:
                country = found[1].country
            else:
                skater = await self.results.repo.skater(skater_id)
                country = skater.country if skater else None
        claim = replace(claim, subject=country or claim.subject)
        if team_event is None:
            return Verdict(claim, UNCHECKABLE, None, None, f"no team event stored at {self.competition.label}")
        own_team = next((t for t in teams if t.country == country), None)
        if own_team is None:
            return Verdict(
                claim, UNCHECKABLE, None, None, f"no team result stored for {country} at {self.competition.label}"
            )
        verdict = self.compare_place(claim, own_team.place, self.where(team_event), "team place")
        if verdict.stored and own_team.place and int(float(own_team.place.value)) in MEDAL_NAME:
            stored = f"{verdict.stored} ({MEDAL_NAME[int(float(own_team.place.value))]})"
            verdict = replace(verdict, stored=stored, why=verdict.why.replace(verdict.stored, stored, 1))
        return verdict


async def check_text(
    results: ResultsService,
    text: str,
    *,
    competition_id: int | None = None,
    event_id: int | None = None,
    moment_date: str | None = None,
    skater_ids: Sequence[int] = (),
) -> CheckReport:
    """Extracts the claims of ``text`` and checks each against the store (see the module docstring)."""
    linked: dict[int, tuple[str, list[set[str]]]] = {}
    for skater_id in dict.fromkeys(skater_ids):
        skater = await results.repo.skater(skater_id)
        if skater is not None:
            linked[skater.id] = (skater.name, [set(normalize(n).split()) for n in (skater.name, *skater.aliases)])
    claims = extract(text, _make_resolver(results, linked))

    event = results.event_by_id(event_id)
    competition = results.competition_by_id(competition_id)
    if competition is None and event is not None:
        competition = results.competition_by_id(event.competition_id)
    if competition is None and claims:
        competition = _competition_from_text(results, text, moment_date)
    if event is not None and competition is not None and event.competition_id != competition.id:
        event = None
    if competition is None:
        why = "the story does not say which competition it is about"
        return CheckReport([Verdict(c, UNCHECKABLE, None, None, why) for c in claims], None, None)
    checker = _Checker(results, competition, event)
    verdicts = [await checker.check(claim) for claim in claims]
    return CheckReport(verdicts, competition.label, event.name if event else None)
