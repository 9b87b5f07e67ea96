"""Which edition a loose competition name means, told by the skaters named with it. "Beijing" may be the 2022
Games, the 2023 Final or a Cup of China; "Grenoble" the 2024 Final or a Grand Prix of 2017; "worlds in Saitama"
2019 or 2023. A careful reader settles it by who skated: a paragraph about Hase/Volodin and Metelkina/Berulava in
Grenoble is about the Final they skated there. Only who is named is used, never the figures claimed (a figure
picking its own competition would always agree with itself).

The rule is the same for a story and for a paragraph: among the candidates, the one where the named skaters
skated: every named skater found at any candidate skated at it, at least one at none of the others, and two at
least at it. Two editions that fit as well are no answer: the claim stays not checkable, with the candidates."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.services.claims.competition_mentions import names_only_a_level
from bot.services.claims.model import Claim
from bot.services.names import normalize
from bot.services.results import ResultsService
from db.models import Competition

# The named skaters that must have skated at the one edition their names single out: one skater says which Games
# no more than "won gold at the Olympics" says it.
MIN_SKATERS_FOR_EDITION = 2

Named = Iterable[tuple[int, ...]]  # each named subject's skater ids (a couple's two)


async def entrants(results: ResultsService, competition: Competition) -> frozenset[int]:
    """The ids of every skater entered at the competition (kept in the results service's derived() cache)."""
    derived = results.derived()
    key = ("claim entrants", competition.id)
    kept = derived.get(key)
    if isinstance(kept, frozenset):
        return kept
    ids: set[int] = set()
    for event in results.events_of(competition):
        entries, _ = await results.results_of(event)
        ids.update(skater.id for entry in entries for skater in entry.skaters)
    derived[key] = found = frozenset(ids)
    return found


async def edition_of_skaters(
    results: ResultsService, candidates: Sequence[Competition], named: Named
) -> Competition | None:
    """The one candidate the named skaters single out (see the module docstring), else None."""
    subjects = {ids for ids in named if ids}
    if not subjects:
        return None
    present: dict[int, frozenset[tuple[int, ...]]] = {}
    for competition in candidates:
        entered = await entrants(results, competition)
        present[competition.id] = frozenset(ids for ids in subjects if entered.intersection(ids))
    best = [c for c in candidates if all(present[c.id] > present[o.id] for o in candidates if o.id != c.id)]
    return best[0] if len(best) == 1 and len(present[best[0].id]) >= MIN_SKATERS_FOR_EDITION else None


def named_in_paragraphs(claims: list[Claim], paragraphs: list[int]) -> list[Claim]:
    """The claims, each with the skaters its paragraph names as subjects or rivals (`Claim.named_with`): a
    paragraph, a numbered post or a bullet is about one event, and its skaters together say which edition."""
    by_paragraph: dict[int, dict[tuple[int, ...], None]] = {}
    for claim, paragraph in zip(claims, paragraphs, strict=True):
        named = by_paragraph.setdefault(paragraph, {})
        for subject in (*claim.subjects, *((claim.other,) if claim.other else ())):
            if subject.ids:
                named[subject.ids] = None
    # Only a claim naming a competition is ever narrowed: the others are kept as they are (a long story's hundred
    # claims are not copied for nothing).
    return [
        replace(claim, named_with=tuple(by_paragraph[paragraph])) if claim.competitions != (None,) else claim
        for claim, paragraph in zip(claims, paragraphs, strict=True)
    ]


# A name that is part of a title ("the Olympic champions from Beijing", "the Grand Prix Final champion that season",
# "a world pairs title", "the bronze medallist of this year's World Championships") speaks of another time than its
# paragraph: the skaters named around it do not say which.
_TITLE_AFTER = re.compile(
    r"(?:\s+(?:pairs|ice\s+dance|men['’]s|women['’]s|ladies['’]?|singles|team))?\s+(?:champions?|titles?|crowns?"
    r"|gold|silver|bronze|medals?|medall?ists?|podiums?|winners?|runners?[\s-]up)\b",
    re.IGNORECASE,
)
_TITLE_BEFORE = re.compile(
    r"\b(?:champions?|medall?ists?|winners?|title[\s-]?holders?|runners?[\s-]up)\s+(?:from|at|in|of)\s+"
    r"(?:the\s+|\w+\s+(?:year|season)['’]s\s+)?$",
    re.IGNORECASE,
)


def named_in_a_title(sentence: str, words: str) -> bool:
    """Whether `words` stand in the sentence as a title's competition (see above), anywhere it names them."""
    # Words the sentence does not show were carried from an earlier sentence of the paragraph, which carries no
    # title's competition.
    return any(
        _TITLE_AFTER.match(sentence, m.end()) or _TITLE_BEFORE.search(sentence, 0, m.start())
        for m in re.finditer(re.escape(words), sentence, re.IGNORECASE)
    )


def narrowable(claim: Claim, words: str) -> bool:
    """Whether the paragraph's skaters may say which edition `words` mean for this claim: they are the one
    competition the claim names (beside another, the two readings stay two), no title's, and more than a kind of
    competition (see below)."""
    named = [text for text in claim.competitions if text is not None]
    # A kind of competition alone ("won worlds", "at euros") may be any year's, the store's or one it lacks: the
    # skaters of a year it holds may fit a year it lacks as well. A place or a year names few editions.
    return named == [words] and not names_only_a_level(words) and not named_in_a_title(claim.sentence, words)


# A story naming no competition is placed by a host city its heading names only when its skaters say which edition
# held there beyond doubt: the one holding the most of them, more than this many times as many as any other, with at
# most one in this many missing from it ("the first came in Beijing with Gabriella": an aside).
CLEAR_LEAD = 2
SKATERS_PER_MISSING = 4


async def edition_by_host_city(results: ResultsService, text: str, claims: list[Claim]) -> Competition | None:
    """The competition of a story that names none by its words ("beijing rewatch thread", "Milan on skates: day 9"):
    among those held in the city its first line names (its heading, or the post that opens a thread), the one where
    nearly all its skaters skated (see above). The city is the stated hint; the skaters, never the figures, say
    which edition. A city named further down is an aside as often as the story's place: never read so."""
    heading = next((line for line in text.splitlines() if line.strip()), "")
    words = f" {normalize(heading)} "
    candidates = [c for c in results.all_competitions() if c.city and f" {normalize(c.city)} " in words]
    named = {s.ids for c in claims for s in c.subjects if s.ids}
    if not candidates or not named:
        return None
    there: dict[int, int] = {}
    for competition in candidates:
        entered = await entrants(results, competition)
        there[competition.id] = sum(1 for ids in named if entered.intersection(ids))
    best = max(candidates, key=lambda c: there[c.id])
    runner_up = max((there[c.id] for c in candidates if c.id != best.id), default=0)
    most = there[best.id]
    missing = len(named) - most
    clear = most >= MIN_SKATERS_FOR_EDITION and most > CLEAR_LEAD * runner_up
    return best if clear and missing * SKATERS_PER_MISSING <= most else None
