"""The in-memory index that answers autocomplete and free-text lookups of names (see the package docstring)."""

from __future__ import annotations

import bisect
import heapq
import logging
import math
import sys
from array import array
from collections.abc import Iterable
from operator import itemgetter

from bot.services.names.matches import SUGGESTIONS, NameMatch, PackedStrings, Resolution, resolution
from bot.services.names.normalize import is_cjk, normalize, trigrams
from bot.services.names.scoring import EXACT_SCORE, score_name
from bot.services.names.typos import typo_matches

__all__ = ["MAX_RESULTS", "NameIndex", "NameMatch", "Resolution"]

log = logging.getLogger(__name__)

#: Discord shows at most 25 autocomplete choices; nothing here ever returns more.
MAX_RESULTS = 25

# Bounds on hostile / accidental input: autocomplete text is user-controlled, and the work
# below grows with the number and length of tokens.
_MAX_QUERY_CHARS = 200
_MAX_QUERY_TOKENS = 6
_MAX_TOKEN_CHARS = 40

# Candidate caps (name ids gathered per query token). Single-token queries are pure
# "typing a prefix" queries and only need enough names to fill 25 choices well; multi-token
# queries need more so that the intersection of two common tokens is still found.
_CAP_SINGLE = 300
_CAP_MULTI = 1500
# How many candidate names get the precise (slower, pure-Python) score.
_RESCORE = 80
# Below this, a vocabulary prefix match is considered "not enough" and fuzzy kicks in too.
_FEW_PREFIX_POSTINGS = 8


# Search results under this score are noise (a single shared syllable, etc.).
_MIN_SCORE = 40.0
# The most a key's weight (its prominence, 0..1) adds to a name's rank: about what separates a short typed prefix
# of a long word from the same prefix of a short one (0.85..1 of the 88 points a matched word is worth), so a
# prominent "Sakamoto" comes before an obscure "Saka" for "sak"; less than what separates a whole typed word from
# a typo of another (so the skater whose name was typed is not pushed down by a famous near-namesake).
_PROMINENCE_POINTS = 10.0
# The most prominent keys' words are also searched on their own (a few thousand words, sorted): a prefix shared by
# thousands of words fills the candidate cap with the shortest of them, and the skater the fan means has a longer
# one. `_PROMINENT_HITS` bounds what one typed word takes from there.
_PROMINENT_KEYS = 2000
_PROMINENT_HITS = 200


class NameIndex:
    """In-memory name index for autocomplete and free-text resolution.

    Not thread-safe for concurrent add/search (the bot uses it from one event loop).
    Re-adding a key with other names (a moderator edits a skater's spellings) tombstones
    the old names: their posting entries stay and are skipped, and the whole index is
    rebuilt once tombstones outnumber live names, which keeps an edit cheap without letting
    churn grow memory without bound.
    """

    __slots__ = (
        "_dead_names",
        "_gram_post",
        "_key_order",
        "_keys_sorted",
        "_name_norm",
        "_name_slot",
        "_name_text",
        "_odd_labels",
        "_pending_tokens",
        "_prefix_cache",
        "_prominent_nid",
        "_prominent_stale",
        "_prominent_tok",
        "_slot_count",
        "_slot_first",
        "_slot_key",
        "_slot_weight",
        "_sorted_tid",
        "_sorted_tok",
        "_tok_post",
        "_tok_str",
    )

    def __init__(self) -> None:
        # Vocabulary: token id -> text; text -> postings (name ids). A token's id is found through the sorted
        # vocabulary (`_tid_of`): a dict of 100,000 texts to ids cost 6 MB.
        self._tok_str: list[str] = []
        # A token's postings: a lone name id as a plain int (most tokens are one name's, and an array per token
        # cost 3 MB of the bot's 150 MB with 100,000 names), an array once it has two.
        self._tok_post: dict[str, array[int] | int] = {}
        # Sorted vocabulary for prefix ranges (parallel arrays: text, token id). New tokens
        # wait in _pending_tokens and are merged on the next search, so a bulk build does
        # one sort instead of one list insertion per new token.
        self._sorted_tok: list[str] = []
        self._sorted_tid: array[int] = array("I")
        self._pending_tokens: list[int] = []
        # Large prefix ranges ("m", "ka") re-sorted by token length on every keystroke
        # would dominate the latency, so they are cached until the vocabulary changes.
        self._prefix_cache: dict[str, array[int]] = {}
        # Per token length, trigram -> ids of vocabulary tokens of that length containing the
        # trigram (typo lookup over tokens). By length too because a typo changes the
        # length by at most the number of edits, so only 3-5 buckets are probed, not all.
        # The trigrams are interned: a few thousand texts shared by every length's keys.
        self._gram_post: list[dict[str, array[int]]] = []
        # Names: normalized text, original text, owning slot (-1 = tombstone).
        self._name_norm = PackedStrings()
        self._name_text = PackedStrings()
        self._name_slot: array[int] = array("i")
        self._dead_names = 0
        # Keys live in slots; a key's names are the contiguous ids [first, first + count), its label the first of
        # them (`_odd_labels` holds the few labels that are not: one with no letters or digits is not indexed).
        # Which slot a key has: a binary search of the keys in order (`_keys_sorted`, `_key_order` the slots), as
        # a dict of 100,000 ints cost 8 MB; keys come in ascending order from the store, so adding one appends.
        self._keys_sorted: array[int] = array("q")
        self._key_order: array[int] = array("I")
        self._slot_key: array[int] = array("q")
        self._odd_labels: dict[int, str] = {}
        self._slot_first: array[int] = array("I")
        self._slot_count: array[int] = array("I")
        # How much the caller's store holds of each key (0..1): among names that fit the typed text about as well,
        # the more prominent first (see `search`).
        self._slot_weight: array[float] = array("f")
        # The words of the `_PROMINENT_KEYS` heaviest keys' names, sorted, and the name of each; rebuilt at the
        # first search after a change.
        self._prominent_tok: list[str] = []
        self._prominent_nid: array[int] = array("I")
        self._prominent_stale = False

    # ------------------------------------------------------------------ building

    def __len__(self) -> int:
        return len(self._slot_key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and self._slot_for(key) is not None

    def _slot_for(self, key: int) -> int | None:
        keys = self._keys_sorted
        at = bisect.bisect_left(keys, key)
        return self._key_order[at] if at < len(keys) and keys[at] == key else None

    def _label(self, slot: int) -> str:
        odd = self._odd_labels.get(slot)
        return odd if odd is not None else self._name_text[self._slot_first[slot]]

    def _keys(self) -> Iterable[tuple[int, int]]:
        """(key, slot) of every key, in key order."""
        return zip(self._keys_sorted, self._key_order, strict=True)

    def add(self, key: int, label: str, aliases: Iterable[str] = (), *, weight: float | None = None) -> None:
        """Index ``label`` and ``aliases`` under ``key``; re-adding a key replaces its names. ``weight`` (0..1):
        how much the caller's store holds of the key (its prominence), which orders names that fit a search about
        as well as each other; None keeps the key's (an alias edit changes the names, not what the store holds),
        0 for a new key."""
        label = str(label)
        texts: list[str] = []
        norms: list[str] = []
        for text in (label, *aliases):
            if not isinstance(text, str):
                continue
            norm = normalize(text)
            # Same name spelled twice (label "Kaori Sakamoto", alias "KAORI SAKAMOTO") would
            # only waste memory and produce duplicate candidates.
            if norm and norm not in norms:
                texts.append(text)
                norms.append(norm)
        slot = self._slot_for(key)
        if weight is not None:
            weight = min(1.0, max(0.0, float(weight))) if math.isfinite(weight) else 0.0
        if slot is not None:
            before = self._slot_weight[slot]
            if weight is not None:
                self._slot_weight[slot] = weight
            unchanged = self._label(slot) == label and self._names_of(slot) == texts
            # The heaviest keys' words are gathered again only when a weight or a weighted key's names changed.
            if self._slot_weight[slot] != before or (self._slot_weight[slot] > 0.0 and not unchanged):
                self._prominent_stale = True
            if unchanged:
                return  # periodic re-syncs re-add unchanged rows: keep them free
            self._kill_names(slot)
        else:
            weight = weight or 0.0
            if weight > 0.0:
                self._prominent_stale = True
            slot = len(self._slot_key)
            at = bisect.bisect_left(self._keys_sorted, key)
            self._keys_sorted.insert(at, key)  # an append when keys come in order, as they do from the store
            self._key_order.insert(at, slot)
            self._slot_key.append(key)
            self._slot_first.append(0)
            self._slot_count.append(0)
            self._slot_weight.append(weight)
        self._odd_labels.pop(slot, None)
        if not texts or texts[0] != label:
            self._odd_labels[slot] = label
        self._slot_first[slot] = len(self._name_norm)
        self._slot_count[slot] = len(norms)
        for text, norm in zip(texts, norms, strict=True):
            self._add_name(slot, text, norm)
        self._maybe_compact()

    def reweigh(self, key: int, weight: float) -> bool:
        """Sets a key's weight, its names unchanged (what the store holds of a skater grew as their results
        landed): the index is then as if built with it. False for a key it does not hold."""
        slot = self._slot_for(key)
        if slot is None:
            return False
        before = self._slot_weight[slot]
        self._slot_weight[slot] = min(1.0, max(0.0, float(weight))) if math.isfinite(weight) else 0.0
        if self._slot_weight[slot] != before:
            self._prominent_stale = True
        return True

    def _kill_names(self, slot: int) -> None:
        first, count = self._slot_first[slot], self._slot_count[slot]
        for nid in range(first, first + count):
            # The id stays in postings and is skipped at query time; its text goes at the next compaction.
            self._name_slot[nid] = -1
        self._dead_names += count

    def _add_name(self, slot: int, text: str, norm: str) -> None:
        nid = len(self._name_norm)
        self._name_norm.append(norm)
        self._name_text.append(text)
        self._name_slot.append(slot)
        tokens = set(norm.split())
        for tok in list(tokens):
            if len(tok) > 1 and is_cjk(tok):
                tokens.update(tok[i:] for i in range(1, len(tok)))
        for tok in tokens:
            post = self._tok_post.get(tok)
            if post is None:
                self._new_token(tok, nid)
            elif isinstance(post, int):
                self._tok_post[tok] = array("I", (post, nid))
            else:
                post.append(nid)

    def _new_token(self, tok: str, nid: int) -> None:
        tid = len(self._tok_str)
        self._tok_str.append(tok)
        self._tok_post[tok] = nid
        self._pending_tokens.append(tid)
        if not is_cjk(tok):  # CJK is served by substring suffixes, not typo trigrams
            n = len(tok)
            while len(self._gram_post) <= n:
                self._gram_post.append({})
            grams = self._gram_post[n]
            for g in set(trigrams(tok)):
                post = grams.get(g)
                if post is None:
                    grams[sys.intern(g)] = array("I", (tid,))
                else:
                    post.append(tid)

    def _posting(self, tid: int) -> array[int] | tuple[int]:
        """The ids of the names holding token `tid`."""
        post = self._tok_post[self._tok_str[tid]]
        return (post,) if isinstance(post, int) else post

    def _maybe_compact(self) -> None:
        live = len(self._name_norm) - self._dead_names
        if self._dead_names <= max(4096, live):
            return
        rows = [(key, self._label(slot), self._names_of(slot), self._slot_weight[slot]) for key, slot in self._keys()]
        self.__init__()  # type: ignore[misc]  # rebuild in place: callers hold this object
        for key, label, texts, weight in rows:
            self.add(key, label, texts, weight=weight)

    def names_of(self, key: int) -> list[str]:
        """Every name indexed under `key` (label first); empty for an unknown key."""
        slot = self._slot_for(key) if isinstance(key, int) else None
        return [] if slot is None else self._names_of(slot)

    def _names_of(self, slot: int) -> list[str]:
        return self._name_text.span(self._slot_first[slot], self._slot_count[slot])

    def _build_prominent(self) -> None:
        self._prominent_stale = False
        weights = self._slot_weight
        heaviest = heapq.nlargest(_PROMINENT_KEYS, range(len(weights)), key=weights.__getitem__)
        pairs = []
        for slot in heaviest:
            if weights[slot] <= 0.0:
                break
            first = self._slot_first[slot]
            for nid in range(first, first + self._slot_count[slot]):
                pairs += [(tok, nid) for tok in set(self._name_norm[nid].split())]
        pairs.sort()
        self._prominent_tok = [tok for tok, _ in pairs]
        self._prominent_nid = array("I", (nid for _, nid in pairs))

    def _prominent_matches(self, qt: str) -> list[tuple[float, int]]:
        """(score, name id) of the prominent keys' names with a word that is or starts with ``qt``."""
        words = self._prominent_tok
        lo = bisect.bisect_left(words, qt)
        hi = min(bisect.bisect_left(words, qt + "\U0010ffff", lo), lo + _PROMINENT_HITS)
        lq = len(qt)
        return [
            (1.0 if words[k] == qt else 0.85 + 0.15 * lq / len(words[k]), self._prominent_nid[k]) for k in range(lo, hi)
        ]

    def _merge_pending(self) -> None:
        if self._prominent_stale:
            self._build_prominent()
        pending = self._pending_tokens
        if not pending:
            return
        self._prefix_cache.clear()
        if len(pending) <= 64 and self._sorted_tok:
            for tid in pending:
                tok = self._tok_str[tid]
                pos = bisect.bisect_left(self._sorted_tok, tok)
                self._sorted_tok.insert(pos, tok)
                self._sorted_tid.insert(pos, tid)
        else:
            order = sorted(range(len(self._tok_str)), key=self._tok_str.__getitem__)
            self._sorted_tok = [self._tok_str[t] for t in order]
            self._sorted_tid = array("I", order)
        self._pending_tokens = []

    # ------------------------------------------------------------------ searching

    def search(self, query: str, limit: int = MAX_RESULTS, *, by_prominence: bool = True) -> list[NameMatch]:
        """Best matches first, one row per key, at most ``min(limit, 25)``; never raises.

        An empty / punctuation-only query returns [] (the caller shows its defaults).
        ``by_prominence``: names that fit the text about as well as each other come in the order of their keys'
        weights (a fan typing "Sak" means the skater the store holds most of, not the shortest name starting so):
        a weight adds up to `_PROMINENCE_POINTS` to the rank, never to the score, and never lifts a name above
        one that is the typed text itself (score 99 or 100). Without it, by score alone (`resolve`).
        """
        try:
            return self._search(query, limit, by_prominence)
        except Exception:
            # Autocomplete must never blow up an interaction; a bug here should cost one
            # empty choice list and a log line, not an error shown to the user.
            log.exception("name search failed for %r", query)
            return []

    def resolve(self, query: str) -> Resolution:
        """Resolve free text to one confident match, or say it is ambiguous / not found."""
        try:
            exact = self.resolve_whole_words(query)
        except Exception:
            log.exception("exact name lookup failed for %r", query)
            exact = None
        if exact is not None:
            return Resolution(exact, [])
        # A confident answer rests on the text alone: by score, not by the keys' weights.
        return resolution(self.search(query, SUGGESTIONS + 1, by_prominence=False))

    def resolve_whole_words(self, query: object) -> NameMatch | None:
        """The fast path for typed names (most of /athlete's traffic): when exactly one key has a name
        containing every typed word as a whole word, that key is the answer, found from the postings of
        those words alone, without fuzzy scoring. "Malinin" or "kaori sakamoto" resolve here; "Miura"
        (two skaters) or a typo falls through to the full search."""
        if not isinstance(query, str):
            return None
        qtoks = normalize(query[:_MAX_QUERY_CHARS]).split()[:_MAX_QUERY_TOKENS]
        if not qtoks:
            return None
        postings = []
        for tok in qtoks:
            post = self._tok_post.get(tok)
            if post is None:
                return None
            postings.append((post,) if isinstance(post, int) else post)
        smallest = min(postings, key=len)
        if len(smallest) > _RESCORE:
            return None  # a very common word: the full search ranks it better
        wanted = sorted(qtoks)
        containing: dict[int, int] = {}  # slot -> a name id with every typed word
        whole: dict[int, int] = {}  # slot -> a name id with exactly the typed words, in any order
        for nid in smallest:
            slot = self._name_slot[nid]
            if slot < 0:
                continue
            ntoks = self._name_norm[nid].split()
            if all(tok in ntoks for tok in qtoks):
                containing.setdefault(slot, nid)
                if sorted(ntoks) == wanted:
                    whole.setdefault(slot, nid)
        if len(whole) == 1:  # "Kaori Sakamoto" even when a "Kaori Sakamoto Jr" exists
            ((slot, nid),) = whole.items()
        elif not whole and len(containing) == 1:  # "Malinin": the only name with that word
            ((slot, nid),) = containing.items()
        else:
            return None
        qnorm = " ".join(qtoks)
        score = score_name(qtoks, qnorm, self._name_norm[nid], {})
        return NameMatch(self._slot_key[slot], self._label(slot), self._name_text[nid], score)

    def _search(self, query: object, limit: object, by_prominence: bool = True) -> list[NameMatch]:
        if not isinstance(query, str) or not query:
            return []
        try:
            count = min(int(limit), MAX_RESULTS)  # type: ignore[call-overload]
        except (TypeError, ValueError, OverflowError):
            count = MAX_RESULTS
        if count <= 0 or not self._slot_key:
            return []
        qnorm = normalize(query[:_MAX_QUERY_CHARS])
        qtoks = [t[:_MAX_TOKEN_CHARS] for t in qnorm.split()[:_MAX_QUERY_TOKENS]]
        if not qtoks:
            return []
        qnorm = " ".join(qtoks)
        self._merge_pending()

        candidates = self._candidates(qtoks, by_prominence)
        name_slot, name_norm = self._name_slot, self._name_norm
        best: dict[int, tuple[float, int]] = {}  # slot -> (score, name id)
        typo_cache: dict[tuple[int, str], float] = {}
        for nid in candidates:
            slot = name_slot[nid]
            if slot < 0:
                continue
            score = score_name(qtoks, qnorm, name_norm[nid], typo_cache)
            if score < _MIN_SCORE:
                continue
            prev = best.get(slot)
            # Equal scores keep the lower name id: the label is always a key's first name,
            # so "matched" shows the canonical spelling when it is as good as an alias.
            if prev is None or score > prev[0] or (score == prev[0] and nid < prev[1]):
                best[slot] = (score, nid)

        keys, weights = self._slot_key, self._slot_weight
        rows = []
        for slot, (score, nid) in best.items():
            # Within the first tier (the typed name itself, 99 or 100) namesakes are ordered by weight too.
            rank = score + _PROMINENCE_POINTS * weights[slot] if by_prominence else score
            label = self._label(slot)
            # The typed text itself first (same name, or its words in another order), then by rank; at equal
            # ranks the shorter label (the closer fit), then the key (a stable order).
            rows.append((score < EXACT_SCORE, -round(rank, 4), len(label), keys[slot], label, nid, score))
        return [
            NameMatch(key=key, label=label, matched=self._name_text[nid], score=score, rank=-rank)
            for _, rank, _, key, label, nid, score in heapq.nsmallest(count, rows)
        ]

    def _candidates(self, qtoks: list[str], by_prominence: bool) -> list[int]:
        """Bounded list of name ids worth scoring precisely, most promising first."""
        n = len(qtoks)
        cap = _CAP_SINGLE if n == 1 else _CAP_MULTI
        total_names = max(1, len(self._name_norm) - self._dead_names)
        per_token: list[tuple[dict[int, float], float]] = []
        prominent: set[int] = set()  # names found among the heaviest keys' words
        for i, qt in enumerate(qtoks):
            groups = self._token_matches(qt, last=i == n - 1)
            if not groups:
                continue
            # Take the best-scoring vocabulary tokens until the cap is reached, then build
            # the name->score map from worst to best so dict.update lets better win; all
            # the per-element work stays in C (dict.fromkeys / update over arrays).
            chosen = []
            size = 0
            for score, tid in groups:
                chosen.append((score, tid))
                size += len(self._posting(tid))
                if size >= cap:
                    break
            scores: dict[int, float] = {}
            for score, tid in reversed(chosen):
                scores.update(dict.fromkeys(self._posting(tid), score))
            if by_prominence and size >= cap:  # cut short: the heaviest keys' names may not be in
                for score, nid in self._prominent_matches(qt):
                    prominent.add(nid)
                    if scores.get(nid, 0.0) < score:
                        scores[nid] = score
            # IDF weight: a surname shared by 3 names decides more than a first name shared
            # by 3000 (size is capped, which only understates very common tokens).
            per_token.append((scores, 1.0 + math.log(total_names / (1 + size) + 1.0)))
        if not per_token:
            return []
        if len(per_token) == 1:
            combined = per_token[0][0]
        else:
            # The names with the rarest typed word, each with what its other words add: when they are enough to
            # fill the scoring, a name without that word would not make it anyway (one loop over the smallest
            # set instead of one over every set, which the common words make long).
            per_token.sort(key=lambda pair: len(pair[0]))
            (rarest, rare_weight), others = per_token[0], per_token[1:]
            combined = {}
            if len(rarest) >= _RESCORE:
                for nid, s in rarest.items():
                    total = s * rare_weight
                    for scores, weight in others:
                        total += scores.get(nid, 0.0) * weight
                    combined[nid] = total
            else:
                get = combined.get
                for scores, weight in per_token:
                    for nid, s in scores.items():
                        combined[nid] = get(nid, 0.0) + s * weight
        if len(combined) <= _RESCORE:
            return list(combined)
        if not by_prominence:
            return [nid for nid, _ in heapq.nlargest(_RESCORE, combined.items(), key=itemgetter(1))]
        # The same share of a perfect match's pre-score as `_PROMINENCE_POINTS` is of a name's 88 points for its
        # words, so the names the final rank would put first are among those scored.
        bonus = _PROMINENCE_POINTS / 88.0 * sum(weight for _, weight in per_token)
        weights, name_slot = self._slot_weight, self._name_slot
        return heapq.nlargest(_RESCORE, combined, key=lambda nid: combined[nid] + bonus * weights[name_slot[nid]])

    def _token_matches(self, qt: str, *, last: bool) -> list[tuple[float, int]]:
        """Vocabulary tokens matching one query token, as (score, token id), best first."""
        out: list[tuple[float, int]] = []
        exact = self._tid_of(qt)
        if exact is not None:
            out.append((1.0, exact))
        lq = len(qt)
        prefix_postings = 0
        tok_str = self._tok_str
        for tid in self._prefix_range(qt):
            if tid == exact:
                continue
            tok = tok_str[tid]
            out.append((0.85 + 0.15 * lq / len(tok), tid))
            post = self._tok_post[tok]
            prefix_postings += 1 if isinstance(post, int) else len(post)
            if prefix_postings >= _CAP_MULTI:
                break  # shortest tokens come first; the rest cannot make the cap anyway
        if exact is None and lq >= 3 and (not last or prefix_postings < _FEW_PREFIX_POSTINGS):
            out.extend(typo_matches(qt, self._gram_post, self._tok_str, last=last))
        out.sort(key=itemgetter(0), reverse=True)  # stable: ties keep vocabulary order
        return out

    def _tid_of(self, tok: str) -> int | None:
        """The id of vocabulary token `tok` (the pending ones merged first), None when it is not one."""
        st = self._sorted_tok
        at = bisect.bisect_left(st, tok)
        return self._sorted_tid[at] if at < len(st) and st[at] == tok else None

    def _prefix_range(self, qt: str) -> array[int] | list[int]:
        """Ids of vocabulary tokens starting with ``qt``, shortest (closest) first."""
        cached = self._prefix_cache.get(qt)
        if cached is not None:
            return cached
        st = self._sorted_tok
        lo = bisect.bisect_left(st, qt)
        hi = bisect.bisect_left(st, qt + "\U0010ffff", lo)
        if hi - lo <= 64:
            idx = sorted(range(lo, hi), key=lambda k: len(st[k]))
            return [self._sorted_tid[k] for k in idx]
        ordered = array("I", (self._sorted_tid[k] for k in sorted(range(lo, hi), key=lambda k: len(st[k]))))
        if len(self._prefix_cache) >= 4096:
            self._prefix_cache.clear()  # crude bound; the hot entries come back in one query
        self._prefix_cache[qt] = ordered
        return ordered
