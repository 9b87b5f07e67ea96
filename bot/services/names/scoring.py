"""The precise score of one candidate name against a query, the last and most careful step of a search."""

from __future__ import annotations

from rapidfuzz import fuzz

from bot.services.names.normalize import is_cjk

__all__ = ["EXACT_SCORE", "TYPO_CUTOFF", "score_name"]

# rapidfuzz ratio (0..100) a query token needs against a vocabulary token to count as a typo
# of it. 72 accepts one edit in a 4-letter word (75) but rejects one edit in 3 letters (67).
TYPO_CUTOFF = 72.0
# Same tokens in another order: just below the same text (100), above every other match.
EXACT_SCORE = 99.0


def score_name(qtoks: list[str], query: str, name: str, typo_cache: dict[tuple[int, str], float]) -> float:
    """Precise 0..100 score of one normalized name against the normalized query.

    100 = same normalized text, 99 = same tokens in another order ("Sakamoto Kaori"),
    other matches are capped at 98 so those two tiers always win (exact beats fuzzy).
    Each query token is greedily aligned to its best unused name token: exact 1.0,
    prefix 0.85..1 (longer typed prefix = closer), CJK substring 0.8..1, typo ratio-0.1.
    ``typo_cache`` memoizes typo ratios per (query token index, name token) for one search:
    candidate names share tokens (first names, partner names), and the rapidfuzz calls
    are the bulk of this function's cost.
    The final blend mostly rewards how well the query is matched, then how much of the
    name it covers (so "Guignard" ranks "X Guignard" above a couple name), then order.
    """
    if query == name:
        return 100.0
    ntoks = name.split()
    if not ntoks:
        return 0.0
    used = [False] * len(ntoks)
    last_i = len(qtoks) - 1
    total = 0.0
    all_exact = True
    in_order = True
    prev = -1
    covered = 0
    for i, qt in enumerate(qtoks):
        best = 0.0
        best_j = -1
        lq = len(qt)
        for j, nt in enumerate(ntoks):
            if used[j]:
                continue
            if qt == nt:
                best, best_j = 1.0, j
                break
            if nt.startswith(qt):
                v = 0.85 + 0.15 * lq / len(nt)
            elif lq >= 2 and qt in nt and is_cjk(nt):
                v = 0.8 + 0.2 * lq / len(nt)
            elif lq >= 3 and qt[0] == nt[0]:
                # A typo keeps the word's first letter: people misspell the middle of a name they know, and
                # without this "kim yuna" was Kim Hyun-gyeom ("yuna" two edits from "hyun"), a confident wrong
                # skater for one the store lacks.
                r = typo_cache.get((i, nt))
                if r is None:
                    r = fuzz.ratio(qt, nt, score_cutoff=TYPO_CUTOFF)
                    if i == last_i and len(nt) > lq:
                        # Still typing: compare with the same-length start of the name token.
                        r = max(r, 0.95 * fuzz.ratio(qt, nt[:lq], score_cutoff=TYPO_CUTOFF))
                    typo_cache[i, nt] = r
                if r < TYPO_CUTOFF:
                    continue
                v = r / 100.0 - 0.1
            else:
                continue
            if v > best:
                best, best_j = v, j
        if best_j < 0:
            all_exact = False
            continue
        used[best_j] = True
        covered += len(ntoks[best_j])
        if best < 1.0:
            all_exact = False
        if best_j < prev:
            in_order = False
        prev = best_j
        total += best
    if all_exact and all(used):
        return 100.0 if in_order else EXACT_SCORE
    if prev < 0:
        return 0.0
    coverage = covered / sum(len(t) for t in ntoks)
    score = 100.0 * (0.88 * total / len(qtoks) + 0.07 * coverage + 0.03 * in_order)
    return min(score, 98.0)
