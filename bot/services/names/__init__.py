"""Typo-, accent-, case- and word-order-tolerant lookup of skater / competition names.

Used by slash-command autocomplete (fires on every keystroke, so it must answer in a few
milliseconds on ~100k names) and by free-text resolution of a name typed without picking
a choice.

How it works, and why:

* Every name (label or alias) is normalized once (:func:`normalize`) and split into tokens.
* A *token vocabulary* maps each distinct token to a posting list of name ids. Posting lists
  are ``array('I')`` because 100k names as Python ints in lists would cost several times the
  memory (an int object is 28 bytes, an array slot 4).
* Query tokens are matched against the vocabulary three ways: exact token, token prefix
  (a sorted copy of the vocabulary + ``bisect``; autocomplete sees half-typed words) and,
  only when those find little, fuzzy (typos). Fuzzy lookup runs on the *vocabulary*
  (tens of thousands of distinct tokens) through a character-trigram index, never on the
  100k full names, which keeps it cheap.
* CJK names are written without spaces, so for tokens containing CJK characters every
  suffix is also put in the vocabulary: any substring is then the prefix of some suffix.
* The candidate names gathered that way are capped, pre-ranked with an IDF weight (a rare
  token like a surname says more than a common first name), and only the best ~100 are
  scored precisely by :func:`_score_name`, a token-alignment scorer using rapidfuzz for
  the typo part.
"""

from bot.services.names.index import MAX_RESULTS, NameIndex, NameMatch, Resolution
from bot.services.names.normalize import normalize

__all__ = ["MAX_RESULTS", "NameIndex", "NameMatch", "Resolution", "normalize"]
