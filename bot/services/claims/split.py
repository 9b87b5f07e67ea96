"""Stage 1: sentences and clauses.

Sentences: line breaks, and ``.``/``!``/``?`` followed by white space and a capital or a digit (any word in a
line written in lower case), except after abbreviations ("U.S. Figure Skating", "St. Moritz"). Clauses (inside a
sentence, once the mentions are known):

* ``;`` and spaced dashes end a clause;
* a relative clause (", who ...", ", whose ...", ", which ...") is its own clause about the name before it,
  and the sentence goes on after its closing comma;
* a connector (",", "and", "but", "while", "whereas", "with") followed by a new subject starts a clause when
  the clause so far already says something about an earlier subject: "Malinin scored 108.16 in the short
  program | and Shaidorov scored 291.58", "Sakamoto took silver | and Nakai bronze", but not "Liu and
  Sakamoto won medals" (nothing said of Liu before the "and").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.services.claims.patterns import guard_patterns
from bot.services.claims.vocabulary import COMMON_WORDS, NOT_NAMES, OTHER_TIME

# A sentence ends before a capital or a digit, or before a list's bullet ("... behind Chen. - Shoma Uno takes bronze").
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?:[-–•*]\s+)?(?=[\"“‘(]?[A-Z0-9])")
_LOWER_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?:[-–•*]\s+)?(?=[\"“‘(]?[a-zA-Z0-9])")
_CAPITALIZED = re.compile(r"[A-Z][a-z]")  # a capitalized word: words in capitals ("WON", "SP") are not
# A quiz's numbered question ("Q3. Who won?") is one sentence with its number.
_ABBREVIATION = re.compile(r"(?:\b[A-Z]\.[A-Z]\.(?:[A-Z]\.)?|\b(?:St|Mr|Mrs|Ms|Dr|No|vs|Jr|Sr|Mt|Q\d{1,2})\.)[\"”’)]*$")
_HARD = re.compile(r"\s*;\s*|\s+[—–]\s+|\s*—\s*|\s+--?\s+")
_HARD_CHARACTERS = ";—–-"
_RELATIVE = re.compile(r",\s+(?:who|whose|which)\b", re.IGNORECASE)
# The connector nearest the new subject: "first with 79.01 and Osmond second" starts its clause at "and".
_CONNECTOR = re.compile(
    r"(?:,|\band\b|\bbut\b|\bwhile\b|\bwhereas\b|\bwith\b)\s+"
    r"(?:(?!(?:and|but|while|whereas|with)\b)[\w'’.-]+\s+){0,2}$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    paragraph: int
    shown: str | None = None  # the story's own words when `text` restates them (a Q&A answer, a fragment)
    answers: bool = False  # a Q&A answer: about the competition, event and segment its question names
    spoken: bool = False  # a transcript's line: its "NAME:" is who speaks, not whom a fragment is about


@dataclass(frozen=True, slots=True)
class Clause:
    start: int
    end: int
    relative: bool = False  # a ", who ..." clause: its subject is the name before it


_OPENING_BRACKET = re.compile(r"(?<![:;=8])\(")  # not a frowning face ":("


def _inside_brackets(line: str, start: int, end: int) -> bool:
    """An exclamation or question inside brackets ("the best short (97.75!!) and then ..."): an aside, not the end of
    the sentence around it."""
    return len(_OPENING_BRACKET.findall(line, start, end)) > line.count(")", start, end)


# A chat log's speaker handle ("dani: BEIJING. chan did it", "[20:14] me: fifth"): a lower-case handle is who typed
# the line, never a skater ("dani" is no Daniel Samohin), so it is left out of what is read. Only in a log (three
# lines so led at least), and not a transcript's speaker in capitals ("SAVCHENKO: Third, yes").
_SPEAKER = re.compile(r"^(?:\[[\d:.apm\s]{3,12}\]\s*)?(?:u/)?[a-z0-9_.@-]{1,24}\s*:\s+(?=\S)")
_CHAT_LINES = 3


def sentences(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    lines = text.splitlines()
    chat = sum(1 for line in lines if _SPEAKER.match(line.strip())) >= _CHAT_LINES
    transcript = sum(1 for line in lines if _speaker_name(line.strip())) >= _TRANSCRIPT_LINES
    for paragraph, line in enumerate(lines):
        line = line.strip()
        if chat and (speaker := _SPEAKER.match(line)):
            line = line[speaker.end() :]
        if not line:
            continue
        said = _line_sentences(line, paragraph)
        name = _speaker_name(line) if transcript else None
        out.extend([_spoken_by(name, piece) for piece in said] if name else said)
    return _restated(out)


def _line_sentences(line: str, paragraph: int) -> list[Sentence]:
    out: list[Sentence] = []
    start = 0
    # A post written in lower case ends its sentences before lower-case words too ("alysa won. watanabe led").
    ends = _LOWER_SENTENCE_END if _CAPITALIZED.search(line) is None else _SENTENCE_END
    for m in ends.finditer(line):
        if _ABBREVIATION.search(line[start : m.start()]) or _inside_brackets(line, start, m.start()):
            continue
        piece = line[start : m.start()].strip()
        if piece:
            out.append(Sentence(piece, paragraph))
        start = m.end()
    piece = line[start:].strip()
    if piece:
        out.append(Sentence(piece, paragraph))
    return out


# A transcript's speaker ("RADFORD: We were fourth in the free.", "Gabriella Papadakis: our free dance ..."): what the
# speaker says of "we", "our", "I" and "my" is said of the speaker (of their entry, for a couple); the label itself is
# left out of what is read (whom a fragment is about is the text's, not the speaker's). Only in a
# transcript (two lines so led at least), and never for the roles that are no skater.
_SPEAKER_LABEL = re.compile(
    r"^\**(?P<name>[A-Z][\w’'-]+(?:\s+[A-Z][\w’'-]+){0,2})(?:\s*\([^()]{1,30}\))?\**\s*:\**\s+(?=\S)"
)
_NOT_SPEAKERS = frozenset(
    """q a question answer moderator host interviewer reporter journalist edit update note notes op voice narrator
    commentator editor subject re on screen caption tldr ps standings results dance next""".split()
)
_TRANSCRIPT_LINES = 2
# A bracket after a label that says which competition, not who speaks: a year, a season, a final, an edition.
_EDITION_IN_BRACKETS = re.compile(
    r"\([^()]*\b(?:(?:19|20)\d\d|season['’]?s?|finals?|edition|worlds|championships?|games|olympics)\b[^()]*\)", re.I
)
_FIRST_PERSON = re.compile(r"\b(?:(?P<are>we['’]re|i['’]m)|(?P<own>our|my)|(?P<we>we|I))\b", re.IGNORECASE)


def _speaker_name(line: str) -> str | None:
    label = _SPEAKER_LABEL.match(line)
    if label is None or label.group("name").lower() in _NOT_SPEAKERS:
        return None
    if any(w in NOT_NAMES or w in COMMON_WORDS for w in label.group("name").lower().split()):
        return None  # a heading ("Pairs:", "Ice dance:", "Next up:"), not who speaks
    if _EDITION_IN_BRACKETS.search(label.group()):
        return None  # a place heading with the edition it means ("Osaka (the 2017 NHK Trophy):"), not who speaks
    return label.group("name")


def _spoken_by(name: str, sentence: Sentence) -> Sentence:
    """A speaker's sentence with "we", "our", "I" and "my" as the speaker's name ("RADFORD were fourth ...")."""

    def named(m: re.Match[str]) -> str:
        if m.group("we") == "i":
            return m.group()  # a lower-case "i" is a Roman numeral or a typo, not the speaker
        return f"{name} are" if m.group("are") else f"{name}'s" if m.group("own") else name

    label = _SPEAKER_LABEL.match(sentence.text)
    # The label says who speaks, not whom the words are about ("RACHEL: Won it by twelve", a host on the pairs).
    spoken = _FIRST_PERSON.sub(named, sentence.text[label.end() :] if label else sentence.text)
    shown = sentence.shown or (sentence.text if spoken != sentence.text else None)
    return Sentence(spoken, sentence.paragraph, shown, sentence.answers, spoken=True)


# -- sentences that lean on the one before: Q&A, fragments, number-first list lines ---------------------------------
# Posts answer a question in two words ("Q: Patrick Chan? A: Fifth."), list a figure before what it is ("91.33 —
# her short program score") or leave the verb out ("Kevin Reynolds? Third."). Each is restated as the sentence it
# stands for, so the rules read it like any other; what a reader sees is still the story's words. Only shapes that
# say one thing are restated: a question with no name, or an answer that is not a name, a place, a medal or a
# score, stays as written.
_CAP = r"[A-ZÀ-ÖØ-Þ]"
_NAME_WORD = rf"{_CAP}[\w’'.-]*(?:/{_CAP}[\w’'.-]*)?"  # "Sinitsina/Katsalapov": a couple's names
_NAME_JOIN = r"(?:and|&|/|de|van|von|le|la|di|da|du|del)"
_NAME = rf"(?:[Tt]he\s+)?{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|{_NAME_JOIN})(?=\s))*(?:\s+{_NAME_WORD})?"
_ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth"
    r"|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty[\s-](?:first|second|third|fourth|fifth"
    r"|sixth|seventh|eighth|ninth)|last|\d{1,2}(?:st|nd|rd|th))"
)
_QUESTION = re.compile(r"^(?:Q|Question)(?:\s*\d{1,2}\s*[.:)]|\s*:)\s*(?P<q>.+)$")
_ANSWER = re.compile(r"^(?:A|Answer)\s*:\s*(?P<a>.+)$")
_WHO = re.compile(r"^(?:(?:and|so|but)\s+)?who\s+(?P<vp>(?!(?:is|are|was|were)\s+(?:next|left)\b)[a-z].*)$", re.I)
_ASKED_ABOUT = re.compile(
    r"^(?:(?:and|so|but)\s+)?(?:(?:what|how)\s+about\s+)?(?:(?:where|how)\s+(?:did|do|does)\s+(?P<s>.+?)\s+"
    r"(?:finish|end\s+up|place|do|go|rank)(?:\s+overall)?|(?P<bare>.+?))$",
    re.I,
)
_WHAT_SCORED = re.compile(r"^(?:(?:and|so|but)\s+)?what\s+did\s+(?P<s>.+?)\s+score(?P<rest>\s.*|)$", re.I)
_NOT_A_SUBJECT = re.compile(r"^(?:who|what|where|when|why|how|which|is|was|are|were|did|does|do|can|will|any)\b", re.I)
_FRAGMENT = re.compile(rf"^(?P<what>{_ORDINAL}\b|(?:gold|silver|bronze)\b|\d{{1,3}}\.\d{{2}}\b)(?P<rest>.*)$", re.I)
_SHORT_FRAGMENT = re.compile(
    rf"^{_ORDINAL}(?:\s+place)?(?:\s+overall)?(?:\s+(?:after|in)\s+the\s+(?:short|free|rhythm)(?:\s+\w+)?)?[.!]*$", re.I
)
_NAME_ONLY = re.compile(rf"^(?:(?:and|so|but)\s+)?(?P<s>{_NAME})\s*[?.:!]*$")
_NAME_COLON = re.compile(rf"^(?P<s>{_NAME})\s*[:?]\s+(?P<f>{_ORDINAL}\b.*)$", re.I)
_NUMBER_FIRST = re.compile(r"^(?P<num>\d{1,3}\.\d{2})\s*(?:—|–|-|:)\s*(?P<rest>\S.*)$")


def _restated(items: list[Sentence]) -> list[Sentence]:
    out: list[Sentence] = []
    question: str | None = None  # the question the next answer answers, its marker left out
    for i, sentence in enumerate(items):
        text = sentence.text
        asked = _QUESTION.match(text)
        answer = _ANSWER.match(text)
        if asked:
            question = asked.group("q").strip()
            out.append(Sentence(question, sentence.paragraph, text))
            continue
        if answer:
            said = answer.group("a").strip()
            joined = _answered(question, said) if question else None
            # The question asked, even one the pattern above does not take ("The score, and who won a year earlier?").
            asked_text = question or (items[i - 1].text if i and items[i - 1].text.rstrip().endswith("?") else "")
            earlier = OTHER_TIME.search(asked_text) if joined is None else None
            if earlier:
                # "Who won it a year earlier? / The Shibutanis again, 185.75": the answer is of that time too.
                said = f"{earlier.group()}: {said}"
            shown = f"{items[i - 1].text} {text}" if i and joined else text
            out.append(Sentence(joined or said, sentence.paragraph, shown, answers=question is not None))
            question = None
            continue
        question = None
        # The name's colon or question mark, looked for first: the name pattern backtracks over every word.
        named = _NAME_COLON.match(text) if (":" in text or "?" in text) and not sentence.spoken else None
        if named:
            out.append(Sentence(_with_subject(named.group("s"), named.group("f")), sentence.paragraph, text))
            continue
        first = _NUMBER_FIRST.match(text)
        if first:
            out.append(Sentence(_number_first(first.group("num"), first.group("rest")), sentence.paragraph, text))
            continue
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous.paragraph == sentence.paragraph
            and _SHORT_FRAGMENT.match(text)
            and (only := _NAME_ONLY.match(previous.text))
        ):
            out[-1] = Sentence(
                _with_subject(only.group("s"), text), sentence.paragraph, f"{previous.shown or previous.text} {text}"
            )
            continue
        out.append(sentence)
    return out


def _answered(question: str, answer: str) -> str | None:
    """The answer as a sentence of its own: "Who won? / Yuzuru Hanyu, with 293.90." is "Yuzuru Hanyu won, with
    293.90."; "Patrick Chan? / Fifth." is "Patrick Chan was fifth."; None when the two do not make one."""
    question = question.rstrip(" ?")
    scored = _WHAT_SCORED.match(question)
    figure = re.match(r"(?P<n>\d{1,3}\.\d{2})\b(?P<tail>.*)$", answer)
    if scored and figure and not _NOT_A_SUBJECT.match(scored.group("s")):
        # "What did Uno score in the short program? / 104.86." is "Uno scored 104.86 in the short program."
        tail = figure.group("tail").strip()
        return f"{scored.group('s')} scored {figure.group('n')}{scored.group('rest')}{', ' + tail if tail else '.'}"
    who = _WHO.match(question)
    if who:
        name = re.match(rf"(?P<s>{_NAME})(?P<rest>\s*(?:[,;.!]|\bwith\b|$).*)$", answer)
        if name is None or _NOT_A_SUBJECT.match(name.group("s")):
            return None
        return f"{name.group('s')} {who.group('vp')}{name.group('rest')}"
    if not _FRAGMENT.match(answer):
        return None
    about = _ASKED_ABOUT.match(question)
    if about is None:
        return None
    subject = (about.group("s") or about.group("bare") or "").strip()
    if ":" in subject:
        return None  # "Hawayek/Baker: short dance place and final place? / Sixth; fifth.": each answer its own figure
    if not re.match(rf"(?:[Tt]he\s+)?{_CAP}", subject) or _NOT_A_SUBJECT.match(subject) or len(subject.split()) > 7:
        return None
    return _with_subject(subject, answer)


def _with_subject(subject: str, fragment: str) -> str:
    """ "Kevin Reynolds" + "Third." is "Kevin Reynolds was third."; a medal is taken, a score is the figure's."""
    fragment = fragment[:1].lower() + fragment[1:]
    if re.match(r"(?:gold|silver|bronze)\b", fragment, re.I):
        return f"{subject} took {fragment}"
    return f"{subject} was {fragment}"


def _number_first(number: str, rest: str) -> str:
    """ "91.56 — Chan's short program, the best of the field." is "Chan's short program was 91.56, the best of the
    field." (what the number is comes first in the restated sentence, the rest of the line after it)."""
    cut = re.search(r"[,;(]|\s[—–]\s", rest)
    head, tail = (
        (rest[: cut.start()], rest[cut.start() :]) if cut else (rest.rstrip(".!"), "." if rest[-1:] == "." else "")
    )
    return f"{head.strip()} was {number}{tail}"


def clauses(sentence: str, subjects: list[tuple[int, int]]) -> list[Clause]:
    """The clauses of `sentence`, given the spans of its subject mentions (names, pronouns, countries)."""
    cuts: list[tuple[int, int, bool]] = []  # (start, end, relative)
    # Hard boundaries first.
    pieces: list[tuple[int, int]] = []
    start = 0
    # Each hard boundary has one of these characters: most sentences have none, and are not searched.
    for m in _HARD.finditer(sentence) if any(c in sentence for c in _HARD_CHARACTERS) else ():
        if m.start() > start:
            pieces.append((start, m.start()))
        start = m.end()
    if start < len(sentence):
        pieces.append((start, len(sentence)))
    for piece_start, piece_end in pieces:
        # Relative clauses: from ", who" to the next comma (or the end of the piece).
        spans: list[tuple[int, int, bool]] = []
        position = piece_start
        for m in _RELATIVE.finditer(sentence, piece_start, piece_end):
            if m.start() < position:
                continue
            close = sentence.find(",", m.end(), piece_end)
            if close < 0 and sentence.rstrip().endswith("?"):
                continue  # "wait, who won the pairs in Beijing?": the question itself, not a clause about a name
            close = piece_end if close < 0 else close
            spans.append((position, m.start(), False))
            spans.append((m.start() + 1, close, True))
            position = close + 1 if close < piece_end else piece_end
        spans.append((position, piece_end, False))
        for span_start, span_end, relative in spans:
            if span_end > span_start:
                cuts.extend(_coordinated(sentence, span_start, span_end, relative, subjects))
    return [Clause(s, e, r) for s, e, r in cuts if sentence[s:e].strip()]


def _coordinated(
    sentence: str, start: int, end: int, relative: bool, subjects: list[tuple[int, int]]
) -> list[tuple[int, int, bool]]:
    inside = [(s, e) for s, e in subjects if start <= s and e <= end]
    out: list[tuple[int, int, bool]] = []
    clause_start = start
    said: list[tuple[int, int]] = []  # subjects of the current clause
    for s, e in inside:
        before = sentence[clause_start:s]
        connector = _CONNECTOR.search(before)
        # Something said since the last subject named ("Sakamoto, Nakai and Chiba" says nothing between them).
        if connector and said and sentence[said[-1][1] : clause_start + connector.start()].strip(" ,"):
            cut = clause_start + connector.start()
            out.append((clause_start, cut, relative))
            clause_start = cut
            said = []
            relative = False
        said.append((s, e))
    out.append((clause_start, end, relative))
    return out


# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())
