"""Stories as moderators write them and as the bot shows them: drafts and their checks, the views of a story and its
sources, and the names of labels, kinds, roles and tiers. Pure: bot.services.stories runs the workflow with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.errors import UserFacingError
from bot.i18n import Text, from_stored, t
from bot.text import quote
from db.models import (
    LABELS,
    Label,
    Source,
    Story,
)

TITLE_LIMIT, SUMMARY_LIMIT, BODY_LIMIT = 200, 500, 4000
REASON_LIMIT, NOTE_LIMIT, PUBLISHER_LIMIT = 1000, 500, 100
LABELS_NEEDING_A_NOTE = (Label.FALSE, Label.DISPUTED, Label.MISLEADING)


def check_summary(story: Story) -> Text:
    """The summary of the story's last claim check, as a message (empty when it was never checked)."""
    return from_stored(story.check_summary) or t("as-recorded", words="")


def label_name(label: str) -> Text:
    """A label as a word in running text ("verified"); the stored value stays the Label's."""
    return t(f"label-{label}")


def kind_name(kind: str) -> Text:
    """A kind of source as a word ("primary")."""
    return t(f"source-kind-{kind}")


def role_name(role: str) -> Text:
    """A source's role as a word ("evidence")."""
    return t(f"source-role-{role}")


def tier_name(tier: str | None) -> Text:
    """A reliability tier as a word ("wire"); None: the domain is in no tier list ("unrated")."""
    return t(f"source-tier-{tier}" if tier else "source-tier-unrated")


class NeedsConfirmation(UserFacingError):
    """The action is allowed but questionable; the moderator must confirm it (the message says why)."""


@dataclass(frozen=True, slots=True)
class RoleChoice:
    """A role picked for a setting, as the Discord layer describes it."""

    id: int
    name: str
    is_everyone: bool = False  # the @everyone role: every member
    managed: bool = False  # a bot's or an integration's role: members come and go with the integration


@dataclass(frozen=True, slots=True)
class StoryDraft:
    """What a moderator typed for a new or edited story; validated and resolved by the service."""

    title: str
    summary: str = ""
    body: str = ""
    moment_date: str | None = None
    skaters: str = ""  # names, comma-separated, in any spelling the name search accepts
    competition: str | None = None
    event: str | None = None
    language: str | None = None  # a BCP 47 tag ("ja", "en"); None: unsaid (an edit keeps the story's)


# The languages a story may be tagged with (its form offers them by name); any BCP 47 tag is stored as given.
STORY_LANGUAGES = ("en", "ja", "fr", "it", "de", "es", "ru", "ko", "zh", "pt", "nl", "pl", "uk", "cs", "fi", "sv")
_LANGUAGE_TAG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")


def language_tag(text: str) -> str:
    """A story's language tag, checked: "ja", "en-GB", "pt-BR" (a BCP 47 language tag)."""
    first, _, rest = text.strip().replace("_", "-").partition("-")
    tag = first.lower() + (f"-{rest}" if rest else "")
    if not _LANGUAGE_TAG.match(tag):
        raise UserFacingError("story-language-unknown", language=quote(text), languages=STORY_LANGUAGES)
    return tag


@dataclass(frozen=True, slots=True)
class SourceView:
    source: Source
    tier: str | None  # None: the domain is not in the registry


@dataclass(frozen=True, slots=True)
class StoryView:
    """A story with what its ids mean, ready to display."""

    story: Story
    skaters: list[str]
    competition: str | None
    event: Text | None
    sources: list[SourceView] = field(default_factory=list)


def check_draft(draft: StoryDraft) -> None:
    """The rules a story's text follows: a title, the length limits, a moment date that is a date."""
    if not draft.title.strip():
        raise UserFacingError("story-needs-title")
    for name, value, limit in (
        ("title", draft.title, TITLE_LIMIT),
        ("summary", draft.summary, SUMMARY_LIMIT),
        ("body", draft.body, BODY_LIMIT),
    ):
        if len(value.strip()) > limit:
            raise UserFacingError("story-field-too-long", field=name, length=len(value.strip()), limit=limit)
    if draft.moment_date:
        try:
            datetime.strptime(draft.moment_date.strip(), "%Y-%m-%d")
        except ValueError:
            raise UserFacingError("story-bad-date", date=quote(draft.moment_date)) from None
    if draft.language:
        language_tag(draft.language)


def check_label_change(story: Story, label: str, note: str) -> None:
    """The label rules: verified needs a source; false, disputed and misleading need a note saying why."""
    if label not in LABELS:
        raise UserFacingError("label-unknown", label=quote(label), labels=tuple(label_name(x) for x in LABELS))
    if label == Label.VERIFIED and not story.sources:
        raise UserFacingError("label-verified-needs-source")
    if label in LABELS_NEEDING_A_NOTE and not note.strip():
        raise UserFacingError("label-needs-note", label=label_name(label))
    if len(note) > NOTE_LIMIT:
        raise UserFacingError("label-note-too-long", length=len(note), limit=NOTE_LIMIT)


def low_tier_only(tiers: Sequence[str | None]) -> bool:
    """Every source is from a low-reliability domain or an unrated one (a domain in no tier list is no
    evidence of reliability: a single x.com post must not verify a story without a second look)."""
    return bool(tiers) and all(tier in ("low", None) for tier in tiers)


@dataclass(frozen=True, slots=True)
class EditForm:
    """A story about to be edited, with the competition and event it stays linked to unless new ones are
    given (as the names the results commands accept, so the form's submission resolves them again)."""

    view: StoryView
    competition: str | None
    event: str | None
