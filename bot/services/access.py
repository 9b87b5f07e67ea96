"""Who may do what, decided in the services for every path (slash command, button, form, command line).

Discord's `default_permissions` only hide a command in its UI and server admins can change them, so each
service checks the actor's rights itself with these rules:
- a server's moderators (Manage Messages at server level, or its moderator role) curate its stories and
  its moment of the day; its admins (Manage Server) change its settings;
- the bot's owners (OWNER_IDS) curate the shared library and the results store (imports, spellings).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from bot.errors import UserFacingError
from db.models import AuditRecord, GuildSettings

NOT_A_MODERATOR = "access-not-moderator"


class PermissionDenied(UserFacingError):
    """The actor may not do this here; nothing was changed. Carries a catalogue message like every
    UserFacingError: `PermissionDenied("access-owners-only")`."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is acting and with which rights, as the Discord layer (or the command line) established them."""

    user_id: int
    guild_id: int | None  # None: a DM or the command line
    is_moderator: bool = False
    is_owner: bool = False
    is_admin: bool = False


class GuildSettingsSource(Protocol):
    """Where a server's settings are read (the story service): its moderator role decides who counts as a
    moderator, its mod-log channel where moderators' actions are posted."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings."""
        ...


def now() -> str:
    """The current UTC time as the audit trail stores it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def audit(
    actor: Actor,
    action: str,
    before: dict[str, object] | None = None,
    after: dict[str, object] | None = None,
    *,
    at: str | None = None,
) -> AuditRecord:
    """The audit record of an action by `actor`: the one way an actor's action is recorded. `at`: when, as the
    trail stores it, for a service with its own clock (the live service's, injected in tests); now by default."""
    return AuditRecord(actor.user_id, actor.guild_id, action, at or now(), before, after)


def require_owner(actor: Actor, message: str = "access-owners-only") -> None:
    """Refuses (PermissionDenied) unless the actor is one of the bot's owners; `message` is the catalogue key
    (or Text) of the refusal."""
    if not actor.is_owner:
        raise PermissionDenied(message)


def require_moderator(actor: Actor) -> None:
    """Refuses unless the actor moderates the server (or owns the bot)."""
    if not (actor.is_moderator or actor.is_owner):
        raise PermissionDenied(NOT_A_MODERATOR)


def require_admin(actor: Actor) -> None:
    """Refuses unless the actor administers the server (Manage Server)."""
    if not actor.is_admin:
        raise PermissionDenied("access-admins-only")


def require_edit_rights(actor: Actor, guild_id: int | None) -> None:
    """A server's stories are its moderators'; the shared library (guild None) is the owners'."""
    if guild_id is None:
        require_owner(actor, "access-library-owners-only")
    elif not actor.is_moderator:
        raise PermissionDenied(NOT_A_MODERATOR)
