"""Loading stories from files: plain text (title on the first line, the story after) and the skatebot
stories JSON format (data/FORMAT.md). Idempotent: a story is matched by where it came from (the JSON id,
or the text file's name), re-importing an unchanged file changes nothing, and a changed one updates the
story through the same service, rules and audit trail as a moderator's edit."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from bot.errors import UserFacingError
from bot.i18n import t
from bot.services.access import Actor
from bot.services.stories import BODY_LIMIT, TITLE_LIMIT, StoryDraft, StoryService
from bot.services.urls import normalize_url
from db.models import LABELS, SOURCE_KINDS, SOURCE_ROLES

FORMAT_NAME = "skatebot-stories"
FORMAT_VERSION = 1


class ImportOutcome(StrEnum):
    """What importing one story did."""

    ADDED = "added"
    UPDATED = "updated"
    UNCHANGED = "unchanged"


class StoryFileError(UserFacingError):
    """A story file cannot be read (or a story in it is refused); the message names the file and what is
    wrong. A catalogue message like every UserFacingError: the command line prints its str(), in English."""


@dataclass
class StoryFile:
    key: str
    draft: StoryDraft
    label: str | None = None  # None: the file says nothing, so a moderator's label is left alone
    label_note: str = ""
    sources: list[dict[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def cut_at_paragraph(text: str, limit: int) -> str:
    """The longest run of whole paragraphs (or, failing that, sentences) within `limit` characters."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    for separator in ("\n\n", "\n", ". "):
        position = head.rfind(separator)
        if position > limit // 2:
            return head[: position + (1 if separator == ". " else 0)].rstrip()
    return head.rsplit(" ", 1)[0].rstrip()


def _first_sentence(text: str, limit: int) -> str:
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    sentence = match.group(1) if match else text
    if len(sentence) <= limit:
        return sentence
    return sentence[: limit - 1].rsplit(" ", 1)[0] + "…"


def read_text_story(path: Path) -> StoryFile:
    try:
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        raise StoryFileError("story-import-not-utf8", path=str(path), problem=str(exc)) from exc
    lines = text.strip().split("\n")
    title = lines[0].strip() if lines else ""
    if not title:
        raise StoryFileError("story-import-empty", path=str(path))
    body = "\n".join(lines[1:]).strip()
    warnings = []
    if len(title) > TITLE_LIMIT:
        # Articles pasted as they are start with a paragraph, not a title: keep every word in the body and
        # title the story with its first sentence.
        body = text.strip()
        title = _first_sentence(title, TITLE_LIMIT)
        warnings.append(f"{path.name}: the first line is a paragraph, not a title; titled it “{title}”")
    if len(body) > BODY_LIMIT:
        cut = cut_at_paragraph(body, BODY_LIMIT)
        warnings.append(
            f"{path.name}: the story is {len(body)} characters; kept the first {len(cut)} "
            f"(whole paragraphs, limit {BODY_LIMIT})"
        )
        body = cut
    return StoryFile(key=f"txt:{path.stem}", draft=StoryDraft(title=title, body=body), warnings=warnings)


def read_json_stories(path: Path) -> list[StoryFile]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoryFileError("story-import-not-json", path=str(path), problem=str(exc)) from exc
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise StoryFileError("story-import-not-stories", path=str(path), format=FORMAT_NAME)
    if document.get("version") != FORMAT_VERSION:
        raise StoryFileError("story-import-version", path=str(path), version=repr(document.get("version")))
    stories = document.get("stories")
    if not isinstance(stories, list):
        raise StoryFileError("story-import-not-list", path=str(path))
    return [_json_story(path, i, raw) for i, raw in enumerate(stories)]


def _json_story(path: Path, index: int, raw: Any) -> StoryFile:
    where = t("story-import-where", path=str(path), index=index)
    if not isinstance(raw, dict):
        raise StoryFileError("story-import-not-object", where=where)

    def text(key: str, *, required: bool = False) -> str:
        value = raw.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str) or (required and not value.strip()):
            raise StoryFileError(
                "story-import-not-non-empty-text" if required else "story-import-not-text", where=where, field=key
            )
        return value.strip()

    key = text("id", required=True)
    skaters = raw.get("skaters", [])
    if not isinstance(skaters, list) or not all(isinstance(s, str) for s in skaters):
        raise StoryFileError("story-import-skaters", where=where)
    label = text("label") or None
    if label is not None and label not in LABELS:
        raise StoryFileError("story-import-label", where=where, label=repr(label), labels=tuple(LABELS))
    sources = raw.get("sources", [])
    if not isinstance(sources, list):
        raise StoryFileError("story-import-sources", where=where)
    for j, source in enumerate(sources):
        if not isinstance(source, dict) or not isinstance(source.get("url"), str):
            raise StoryFileError("story-import-source-url", where=where, index=j)
        if source.get("kind", "secondary") not in SOURCE_KINDS:
            raise StoryFileError("story-import-source-kind", where=where, index=j, kinds=SOURCE_KINDS)
        if source.get("role", "evidence") not in SOURCE_ROLES:
            raise StoryFileError("story-import-source-role", where=where, index=j, roles=SOURCE_ROLES)
    draft = StoryDraft(
        title=text("title", required=True),
        summary=text("summary"),
        body=text("body"),
        moment_date=text("moment_date") or None,
        skaters=", ".join(skaters),
        competition=text("competition") or None,
        event=text("event") or None,
        language=text("language") or None,
    )
    return StoryFile(f"json:{key}", draft, label, text("label_note"), [dict(s) for s in sources])


def read_story_files(paths: list[Path]) -> list[StoryFile]:
    """Everything in the files, read and checked before anything is written."""
    stories: list[StoryFile] = []
    for path in paths:
        if not path.is_file():
            raise StoryFileError("story-import-no-file", path=str(path))
        stories += read_json_stories(path) if path.suffix.lower() == ".json" else [read_text_story(path)]
    keys = [s.key for s in stories]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise StoryFileError("story-import-twice", keys=tuple(duplicates))
    return stories


async def import_story(service: StoryService, actor: Actor, item: StoryFile, *, library: bool) -> ImportOutcome:
    """Creates or updates one story through the story service (its rules, its audit trail, and its relabel
    announcement, so posted moments are corrected as after a moderator's relabel); returns what it did."""
    try:
        existing = await service.by_import_key(item.key)
        if existing is None:
            story = await service.create(actor, item.draft, library=library, import_key=item.key)
            outcome = ImportOutcome.ADDED
        else:
            story, changed = await service.edit(actor, existing.id, item.draft)
            outcome = ImportOutcome.UPDATED if changed else ImportOutcome.UNCHANGED
        known = {s.url for s in story.sources}
        for source in item.sources:
            if await _add_source_if_new(service, actor, story.id, source, known) and outcome is ImportOutcome.UNCHANGED:
                outcome = ImportOutcome.UPDATED
        story = await service.get(story.id) or story
        if item.label is not None and (item.label, item.label_note) != (story.label, story.label_note):
            await service.label(actor, story.id, item.label, item.label_note, confirmed=True)
            if outcome is ImportOutcome.UNCHANGED:
                outcome = ImportOutcome.UPDATED
    except UserFacingError as exc:
        raise StoryFileError("story-import-refused", key=item.key, error=exc.text) from exc
    return outcome


async def _add_source_if_new(
    service: StoryService, actor: Actor, story_id: int, source: dict[str, str], known: set[str]
) -> bool:
    if normalize_url(source["url"]) in known:
        return False
    try:
        await service.add_source(
            actor,
            story_id,
            source["url"],
            source.get("kind", "secondary"),
            source.get("publisher", ""),
            source.get("note", ""),
            source.get("role", "evidence"),
        )
    except UserFacingError as exc:
        # Added since `known` was read: by another process importing the same file (two bot processes starting
        # on a new store both add the bundled stories). The source is there, which is all an import asks.
        if exc.text.key != "source-duplicate":
            raise
        return False
    return True
