"""Errors the user should see as a short message. Raised by services, turned into replies by bot.tree."""

from __future__ import annotations

from collections.abc import Sequence


class UserFacingError(Exception):
    """Something the user can fix or should know; the message is shown to them as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(UserFacingError):
    """A name the store does not know; carries the closest names so the reply can suggest them."""

    def __init__(self, what: str, query: str, suggestions: Sequence[str] = ()) -> None:
        self.what = what
        self.query = query
        self.suggestions = list(suggestions)
        message = f"No {what} matches “{query}”."
        if self.suggestions:
            message += " Did you mean: " + ", ".join(f"**{s}**" for s in self.suggestions) + "?"
        super().__init__(message)


class Ambiguous(NotFound):
    """Several names fit equally well; the user must pick one."""

    def __init__(self, what: str, query: str, suggestions: Sequence[str]) -> None:
        super().__init__(what, query, suggestions)
        self.message = (
            f"“{query}” could be several {what}s: "
            + ", ".join(f"**{s}**" for s in suggestions)
            + ". Pick one from the list or type more of the name."
        )
        self.args = (self.message,)
