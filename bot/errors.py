"""Errors the user should see as a short message. Raised by services, turned into replies by
bot.discord_layer.ui.errors.

An error carries a catalogue message (`bot.i18n.Text`), never finished words: the reply renders it in the
language of whoever asked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Arg, Text, t
from bot.text import escape_markdown, id_in, quote, shorten

# Suggestions shown in one reply; a select menu offers the same ones to pick from.
MAX_SUGGESTIONS = 10


class UserFacingError(Exception):
    """Something the user can fix or should know: `UserFacingError("key", value=...)` or with a Text."""

    def __init__(self, message: str | Text, /, **args: Arg | list[Arg] | None) -> None:
        self.text = message if isinstance(message, Text) else t(message, **args)
        super().__init__(self.text.key)

    @property
    def message(self) -> str:
        """The message in the default language (the command line, logs, tests)."""
        return str(self.text)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Something the store does have: shown to the user (as stored, or a message put into the reader's words:
    "男子シングル"), and what re-running the command with it sends."""

    label: str | Text
    value: str


def _suggestions(items: Sequence[str | Suggestion]) -> list[Suggestion]:
    found: list[Suggestion] = []
    for item in items:
        suggestion = item if isinstance(item, Suggestion) else Suggestion(item, item)
        if suggestion.value not in {s.value for s in found}:
            found.append(suggestion)
    return found[:MAX_SUGGESTIONS]


def _listing(suggestions: Sequence[Suggestion]) -> tuple[str | Text, ...]:
    return tuple(
        t("suggestion-listed", label=s.label)
        if isinstance(s.label, Text)
        else f"**{escape_markdown(shorten(s.label, 100))}**"
        for s in suggestions
    )


class NotFound(UserFacingError):
    """Something the store does not have. Carries what it has instead (never used as the answer: the
    user may pick one), and the text that was asked for so the reply can offer a re-run with a pick.

    `what` names the kind of thing in the catalogue's words (`t("noun-competition")`, or a Text with values:
    "event at Worlds 2025")."""

    def __init__(
        self,
        what: Text,
        query: str,
        suggestions: Sequence[str | Suggestion] = (),
        *,
        missing: Text | None = None,
    ) -> None:
        """`missing`: what the store lacks, in words safe to show ("2026 World Championships"); the
        suggestions are then what it has instead, rather than guesses at what was meant."""
        self.what = what
        self.query = query
        self.suggestions = _suggestions(suggestions)
        listing = _listing(self.suggestions)
        if missing is not None:
            key = "error-not-in-store-has" if listing else "error-not-in-store"
            super().__init__(key, missing=missing, listing=listing)
        else:
            key = "error-no-match-suggest" if listing else "error-no-match"
            super().__init__(key, what=what, query=quote(query), listing=listing)


class Ambiguous(NotFound):
    """Several things fit equally well; the user must pick one (they are offered newest or best first).
    `plural` names the kind of thing when there are several (`t("noun-competitions")`)."""

    def __init__(self, what: Text, query: str, suggestions: Sequence[str | Suggestion], *, plural: Text) -> None:
        super().__init__(what, query, suggestions)
        self.text = t("error-ambiguous", query=quote(query), plural=plural, listing=_listing(self.suggestions))
        self.args = (self.text.key,)


def parse_id(text: str, what: Text) -> int:
    """The id in `text` (`bot.text.id_in`), or NotFound for `what` ("No story matches “#99999999999999999999”")
    when it is none the store could hold: for the readers of ids from buttons, forms and options."""
    value = id_in(text)
    if value is None:
        raise NotFound(what, f"#{shorten(text.strip(), 40)}")
    return value
