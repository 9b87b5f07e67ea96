"""Questions in a story: a question asks and claims nothing, unless the next sentence answers it "yes"."""

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
    said += [claim for claim, position, _ in made if position < asked_from]
    return said, [claim for claim, position, _ in made if position >= asked_from]
