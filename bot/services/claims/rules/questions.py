"""Questions and hypotheticals in a story: a question asks and claims nothing, unless the next sentence answers it
"yes"; a condition or a guess imagines and claims nothing."""

from __future__ import annotations

import re

from bot.services.claims.model import Claim

# A question asks; it claims nothing ("did they win at home?", "who won the short?", "weren't they world champions
# then?", "won gold - or was it silver?"). A statement said as a question keeps its claims ("he was only third after
# the short??", "Sui and Han won it, right?", "she won, didn't she?"): only a last clause that opens with an auxiliary
# verb or a question word asks, and a tag (an auxiliary and a pronoun) does not.
_QUESTION = re.compile(
    r"(?:^|[:;,—–]\s*|\s-\s|\b(?:and|but|so|or)\s+)(?:did|do|does|was|were|is|are|has|have|had|will|would|could|can|"
    r"should|didn['’]t|don['’]t|doesn['’]t|wasn['’]t|weren['’]t|isn['’]t|aren['’]t|hasn['’]t|haven['’]t|who|what|which|"
    r"whose|how|when|where|why)\b(?!\s+(?:he|she|it|they|we|you|i|there)\s*\?)[^:;,—–?]*\?+[\W_]*$",
    re.IGNORECASE,
)
_YES = re.compile(r"\W*(?:A\s*:\s*)?(?:yes|yeah|yep|yup|correct|right|indeed|she did|he did|they did)\b", re.IGNORECASE)


# A condition or a guess ("if Jin lands that quad he probably wins", "If Kihira lands the axel she is on that
# podium", "we thought they'd take silver", "she could have won"): what follows it is imagined, not claimed.
_IMAGINED = re.compile(
    r"(?:^|[,;:—–]\s*|\b(?:and|but|so)\s+)if\b|\b(?:would|could|might|should)(?:n['’]t)?\s+(?:\w+\s+)?have\b"
    r"|\b(?:thought|expected|predicted|hoped|picked|tipped|backed|had)\s+(?:\w+\s+){0,4}?(?:to\s+win|would|['’]d)\b"
    r"|\bprobably\s+(?:wins?|takes?|gets?|finish(?:es)?)\b"
    # A pick: "everyone had Trusova down for gold", "I put them down as the champions".
    r"|\b(?:had|has|have|put|pencill?ed)\s+(?:[\w/’'-]+\s+){1,3}?down\s+(?:for|as)\b"
    # A belief the writer or the crowd held: "we thought the silver was theirs", "everyone assumed she had won".
    r"|\b(?:we|i|everyone|everybody|people|most\s+of\s+us|all\s+of\s+us)\s+(?:all\s+)?(?:thought|believed|assumed"
    r"|figured|(?:was|were)\s+sure)\b",
    re.IGNORECASE,
)


_IMAGINING_WORDS = (
    "if",
    "would",
    "could",
    "might",
    "should",
    "thought",
    "expected",
    "predicted",
    "hoped",
    "picked",
    "tipped",
    "backed",
    "had",
    "put",
    "pencil",
    "probably",
    "believed",
    "assumed",
    "figured",
    "sure",
)
_IMAGINED_UNTIL = re.compile(r"[:;]|,?\s+(?:but|yet|though|although)\b", re.IGNORECASE)


def imagined(sentence: str) -> list[tuple[int, int]]:
    """The spans the sentence imagines (above): from the condition or guess to the next colon, semicolon or "but",
    or the sentence's end ("If you picked Sato, congrats: he led the short", "Few expected her to win, but Nakai
    led after the short": what follows is said)."""
    lowered = sentence.lower()
    if not any(word in lowered for word in _IMAGINING_WORDS):
        return []  # most sentences: no word an imagined span starts with
    spans = []
    for m in _IMAGINED.finditer(sentence):
        stop = _IMAGINED_UNTIL.search(sentence, m.end())
        spans.append((m.start(), stop.start() if stop else len(sentence)))
    return spans


def question_start(sentence: str) -> int:
    """Where the sentence's question (above) begins, or its length when it asks nothing: the claims whose words come
    from there on are not read ("X was second, and was Y third?" claims only X's place)."""
    asked = _QUESTION.search(sentence) if "?" in sentence else None
    return asked.start() if asked else len(sentence)


def claims_said(
    text: str, answers: bool, made: list[tuple[Claim, int, int]], asked_before: list[Claim]
) -> tuple[list[Claim], list[Claim]]:
    """The claims a sentence says, and those its question only asks. `made`: each claim read with where its words
    start; `asked_before`: the previous sentence's question's claims, said when this sentence opens with "yes"
    ("Was Higuchi on the podium? Yes, third."), else dropped. A Q&A answer joined to its question (split.py) is the
    answer's claim, not a question."""
    said = list(asked_before) if asked_before and _YES.match(text) else []
    asked_from = len(text) if answers else question_start(text)
    dreamt = imagined(text)
    said += [c for c, at, _ in made if at < asked_from and not any(start <= at < end for start, end in dreamt)]
    return said, [claim for claim, position, _ in made if position >= asked_from]
