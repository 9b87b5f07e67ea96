"""Typos of a typed word: the index's vocabulary tokens within an edit or two of it (or of its start, while typing),
found through a trigram index of the vocabulary, never by comparing every name (bot.services.names.index).
"""

from __future__ import annotations

from array import array
from operator import itemgetter

from rapidfuzz import fuzz, process

from bot.services.names.normalize import is_cjk, trigrams
from bot.services.names.scoring import TYPO_CUTOFF

_FUZZY_VOCAB_LIMIT = 24
# Bound on vocabulary tokens compared with a typo'd query token (see typo_matches). The rarest trigrams' words
# come first, so the cut drops the least likely: 1,000 found 96.7% of bench_autocomplete's typos in the top 25
# (2,000: 97.4%) for half the comparisons, the largest share of a typo's search.
_TYPO_CANDIDATES = 1000


def typo_matches(
    qt: str, gram_post: list[dict[str, array[int]]], tok_str: list[str], *, last: bool
) -> list[tuple[float, int]]:
    """Vocabulary tokens within a typo of ``qt`` (or of its start, while typing)."""
    if is_cjk(qt):
        return []
    # Pigeonhole instead of counting every shared trigram (counting touched tens of
    # thousands of postings per token on a 100k index): one edit destroys at most 3 of
    # the query's trigrams, so a one-edit neighbour shares at least one of ANY 4 of them;
    # per length bucket, probe the 4 rarest. Long words are allowed two edits (7 grams).
    # An unfinished last word may be a little shorter than its target: look one longer.
    lq = len(qt)
    edits = 1 if lq < 8 else 2
    grams = set(trigrams(qt))
    probed: list[array[int]] = []
    for n in range(max(1, lq - edits), min(len(gram_post), lq + edits + 1 + last)):
        by_gram = gram_post[n]
        probed += sorted((p for g in grams if (p := by_gram.get(g)) is not None), key=len)[: 3 * edits + 1]
    # The rarest postings of every length first, until the bound below is reached: the common ones would be
    # cut anyway, after costing a set insertion per token.
    probed.sort(key=len)
    candidates: dict[int, None] = {}  # in the order found: the rarest postings' words first
    for post in probed:
        candidates.update(dict.fromkeys(post))
        if len(candidates) >= _TYPO_CANDIDATES:
            break
    if not candidates:
        return []
    tids = list(candidates)
    if len(tids) > _TYPO_CANDIDATES:
        # Dense vocabularies (names built from the same few syllables) make even rare
        # trigrams common; past this bound the latency budget wins over completeness.
        tids = tids[:_TYPO_CANDIDATES]
    words = [tok_str[tids[0]]] if len(tids) == 1 else list(itemgetter(*tids)(tok_str))
    found: dict[int, float] = {}
    for _, r, pos in process.extract(qt, words, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF, limit=_FUZZY_VOCAB_LIMIT):
        found[tids[pos]] = r
    if last:
        heads = [w[:lq] for w in words]
        for _, r, pos in process.extract(
            qt, heads, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF, limit=_FUZZY_VOCAB_LIMIT
        ):
            tid = tids[pos]
            found[tid] = max(found.get(tid, 0.0), 0.95 * r)
    return [(r / 100.0 - 0.1, tid) for tid, r in found.items() if r >= TYPO_CUTOFF]
