"""Errors the user should see as a short message. Raised by services, turned into replies by bot.tree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.text import escape_markdown, quote, shorten

# Suggestions shown in one reply; a select menu offers the same ones to pick from.
MAX_SUGGESTIONS = 10


class UserFacingError(Exception):
    """Something the user can fix or should know; the message is shown to them as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Something the store does have: shown to the user, and what re-running the command with it sends."""

    label: str
    value: str


def _suggestions(items: Sequence[str | Suggestion]) -> list[Suggestion]:
    found: list[Suggestion] = []
    for item in items:
        suggestion = item if isinstance(item, Suggestion) else Suggestion(item, item)
        if suggestion.value not in {s.value for s in found}:
            found.append(suggestion)
    return found[:MAX_SUGGESTIONS]


def _listing(suggestions: Sequence[Suggestion]) -> str:
    return ", ".join(f"**{escape_markdown(shorten(s.label, 100))}**" for s in suggestions)


class NotFound(UserFacingError):
    """Something the store does not have. Carries what it has instead (never used as the answer: the
    user may pick one), and the text that was asked for so the reply can offer a re-run with a pick."""

    def __init__(
        self,
        what: str,
        query: str,
        suggestions: Sequence[str | Suggestion] = (),
        *,
        missing: str | None = None,
    ) -> None:
        """`missing`: what the store lacks, in words safe to show ("2026 World Championships"); the
        suggestions are then what it has instead, rather than guesses at what was meant."""
        self.what = what
        self.query = query
        self.suggestions = _suggestions(suggestions)
        if missing is not None:
            message = f"No {missing} in the store."
            if self.suggestions:
                message += f" It has: {_listing(self.suggestions)}."
        else:
            message = f"No {what} matches {quote(query)}."
            if self.suggestions:
                message += f" Did you mean: {_listing(self.suggestions)}?"
        super().__init__(message)


class Ambiguous(NotFound):
    """Several things fit equally well; the user must pick one (they are offered newest or best first)."""

    def __init__(
        self, what: str, query: str, suggestions: Sequence[str | Suggestion], *, plural: str | None = None
    ) -> None:
        super().__init__(what, query, suggestions)
        self.message = (
            f"{quote(query)} could be several {plural or what + 's'}: {_listing(self.suggestions)}. "
            "Pick one below, or type more of the name."
        )
        self.args = (self.message,)
