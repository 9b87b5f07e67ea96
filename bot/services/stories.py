"""The curation workflow: stories, sources, labels, flags, the review queue, the audit trail.

Who may do what is decided here, not only in the cogs, so every path (slash command, button, modal, the
command line) follows the same rules:
- a server's moderators see and change only their server's stories, and read the shared library;
- the shared library (guild None) is changed only by the bot's owners;
- nothing lets one server read or change another server's stories.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.errors import NotFound, UserFacingError
from bot.i18n import Text, stored, t
from bot.services.access import (
    Actor,
    PermissionDenied,
    audit,
    now,
    require_edit_rights,
    require_moderator,
)
from bot.services.claimreview import claim_review
from bot.services.events import Signal
from bot.services.modlog import NO_MODLOG, ModLog, ModLogEntry, tell
from bot.services.results import ResultsService
from bot.services.results.vocabulary import event_name_text
from bot.services.server_settings import ServerSettings
from bot.services.story_drafts import (
    BODY_LIMIT,
    NOTE_LIMIT,
    PUBLISHER_LIMIT,
    REASON_LIMIT,
    STORY_LANGUAGES,
    TITLE_LIMIT,
    EditForm,
    NeedsConfirmation,
    RoleChoice,
    SourceView,
    StoryDraft,
    StoryView,
    check_draft,
    check_label_change,
    check_summary,
    kind_name,
    label_name,
    language_tag,
    low_tier_only,
    role_name,
    tier_name,
)
from bot.services.story_search import StorySearch
from bot.services.urls import (
    candidate_domains,
    check_public_source,
    domain_of,
    normalize_url,
    publisher_from_domain,
)
from bot.text import quote
from db.models import (
    SOURCE_KINDS,
    SOURCE_ROLES,
    AuditEntry,
    AuditRecord,
    FlagOutcome,
    GuildSettings,
    Label,
    QueueItem,
    Source,
    Story,
)
from db.repositories.stories import GuildRepository, StoryRepository, search_words

if TYPE_CHECKING:  # the claim check is imported with the first story it checks (`StoryService.run_check`)
    from bot.services.claims import CheckReport

# The drafts, views and names live in bot.services.story_drafts; the bot finds them here, with the service.
__all__ = [
    "BODY_LIMIT",
    "FLAG_RATE",
    "STORY_LANGUAGES",
    "TITLE_LIMIT",
    "Actor",
    "EditForm",
    "NeedsConfirmation",
    "PermissionDenied",
    "RoleChoice",
    "SourceView",
    "StoryDraft",
    "StoryService",
    "StoryView",
    "check_summary",
    "kind_name",
    "label_name",
    "language_tag",
    "role_name",
    "tier_name",
]


# A member may file this many flags per window in one server: enough for honest use, not for a flood.
FLAG_RATE = (5, timedelta(minutes=10))


class StoryService:
    def __init__(
        self, stories: StoryRepository, guilds: GuildRepository, results: ResultsService, modlog: ModLog = NO_MODLOG
    ) -> None:
        self.stories = stories
        self.guilds = guilds
        self.results = results
        self.modlog = modlog  # where the server's moderators read what was done (bot.services.modlog)
        self.settings = ServerSettings(guilds, modlog)
        # Announced after a label is stored, with the story as it now is: whatever showed the old label
        # elsewhere (a posted moment of the day) subscribes to correct itself.
        self.relabelled: Signal[Story] = Signal("story relabelled")
        self.finder = StorySearch(stories, results)

    # --- visibility and rights ---------------------------------------------------------------------
    async def _visible(self, actor: Actor, story_id: int, *, deleted: bool = False) -> Story:
        story = await self.stories.get(story_id, deleted=deleted)
        # The command line (guild None) sees the library only; a server sees its own and the library.
        if story is None or (story.guild_id is not None and story.guild_id != actor.guild_id):
            raise NotFound(t("story-noun"), f"#{story_id}")
        return story

    async def _editable(self, actor: Actor, story_id: int) -> Story:
        story = await self._visible(actor, story_id)
        require_edit_rights(actor, story.guild_id)
        return story

    async def get(self, story_id: int, *, deleted: bool = False) -> Story | None:
        """The story as stored, whoever may see it (a deleted one when asked): for other services acting on the
        bot's behalf (the moment of the day posts a story it already chose), never for answering a member."""
        return await self.stories.get(story_id, deleted=deleted)

    async def by_import_key(self, key: str) -> Story | None:
        """The story an import made from `key` (where it came from), if any."""
        return await self.stories.by_import_key(key)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings: its moderator role (who counts as a moderator) and its mod-log channel."""
        return await self.settings.guild_settings(guild_id)

    def _record(
        self, actor: Actor, action: str, before: dict[str, Any] | None = None, after: dict[str, Any] | None = None
    ) -> AuditRecord:
        return audit(actor, action, before, after)

    async def _log(
        self,
        actor: Actor,
        key: str,
        values: dict[str, str | int | Text] | None = None,
        *,
        badge: str | None = None,
        **typed: str,
    ) -> None:
        """Tells the mod-log of the actor's server, when it has one, what the actor did: `key` names them as
        `<@{ $user }>`; `typed` are the words people wrote (shown inert); `badge` a label shown as its badge."""
        await tell(self.modlog, self, actor.guild_id, ModLogEntry(key, actor.user_id, values or {}, typed, badge))

    # --- reading -----------------------------------------------------------------------------------
    async def view(self, actor: Actor, story_id: int) -> StoryView:
        """A story the actor may see (their server's or the shared library's), ready to show."""
        story = await self._visible(actor, story_id)
        return await self.describe(story, actor.guild_id)

    async def describe(self, story: Story, guild_id: int | None) -> StoryView:
        """The story ready to show in `guild_id`. A shared-library story is reported from many servers: its
        open-report count is that server's only (every server's from the command line)."""
        if story.guild_id is None and guild_id is not None:
            story = replace(story, open_flags=await self.stories.open_flags(story.id, guild_id))
        skaters = await self.results.skater_names(story.skater_ids)
        competition = self.results.competition_by_id(story.competition_id)
        event = self.results.event_by_id(story.event_id)
        tiers = await self.tiers(guild_id, [s.url for s in story.sources])
        return StoryView(
            story=story,
            skaters=skaters,
            competition=competition.label if competition else None,
            event=event_name_text(event) if event else None,
            sources=[SourceView(s, tiers.get(s.url)) for s in story.sources],
        )

    async def for_edit(self, actor: Actor, story_id: int) -> StoryView:
        """The story as it is, for a moderator about to change it (refused early, before any form opens)."""
        story = await self._editable(actor, story_id)
        return await self.describe(story, actor.guild_id)

    async def edit_form(
        self, actor: Actor, story_id: int, competition: str | None = None, event: str | None = None
    ) -> EditForm:
        """The story for the edit form, refused early (rights, links that do not resolve) so nothing typed
        into the form is lost. Unless new ones are given, the story keeps its competition and event."""
        view = await self.for_edit(actor, story_id)
        if not competition:
            linked = self.results.competition_by_id(view.story.competition_id)
            competition = linked.key if linked else None
        if not event:
            linked_event = self.results.event_by_id(view.story.event_id)
            event = linked_event.key if linked_event else None
        self.resolve_links(competition, event)
        return EditForm(view, competition, event)

    def prepare_create(
        self, actor: Actor, competition: str | None, event: str | None, *, library: bool = False
    ) -> None:
        """Refuses a new story early, before its form opens: the actor's rights where it would go (the
        server's stories, or the shared library) and links that do not resolve."""
        require_edit_rights(actor, None if library or actor.guild_id is None else actor.guild_id)
        self.resolve_links(competition, event)

    async def tiers(self, guild_id: int | None, urls: Sequence[str]) -> dict[str, str | None]:
        """url -> tier, looking up the host and its parent domains (news.example.com, example.com)."""
        candidates = {url: candidate_domains(domain_of(url)) for url in urls}
        known = await self.guilds.tiers(guild_id, sorted({d for ds in candidates.values() for d in ds}))
        return {url: next((known[d] for d in domains if d in known), None) for url, domains in candidates.items()}

    async def search(self, actor: Actor, text: str) -> list[Story]:
        """`/story search`: the stories matching the words typed. Text with no word in it (only emoji,
        punctuation or FTS5 syntax) is refused rather than answered with every story."""
        if not search_words(text):
            raise UserFacingError("search-no-words", text=quote(text, 100))
        return await self.finder.search(actor.guild_id, text)

    async def suggest(self, actor: Actor, text: str) -> list[Story]:
        """Autocomplete: the matching stories, or the most recent ones while nothing searchable is typed."""
        return await self.finder.search(actor.guild_id, text)

    async def history(self, actor: Actor, story_id: int) -> tuple[Story, list[AuditEntry]]:
        """The audit trail. A server's moderators see the reports filed in their server only; the bot's
        owners (who curate the shared library) see every server's."""
        require_moderator(actor)
        story = await self._visible(actor, story_id, deleted=True)  # a deleted story's trail stays readable
        reports_from = None if actor.is_owner else actor.guild_id
        return story, await self.stories.history(story_id, reports_from=reports_from)

    async def queue(self, actor: Actor) -> list[QueueItem]:
        """The server's review queue: unverified and reported stories, oldest first (moderators; the bot's
        owners see the library's reports too)."""
        require_moderator(actor)
        if actor.guild_id is None:
            raise PermissionDenied("queue-server-only")
        return await self.stories.queue(actor.guild_id, include_library=actor.is_owner)

    # --- changing ----------------------------------------------------------------------------------
    async def _resolve(self, draft: StoryDraft) -> dict[str, Any]:
        check_draft(draft)
        fields: dict[str, Any] = {
            "title": draft.title.strip(),
            "summary": draft.summary.strip(),
            "body": draft.body.strip(),
            "moment_date": draft.moment_date.strip() if draft.moment_date and draft.moment_date.strip() else None,
            "competition_id": None,
            "event_id": None,
            "language": language_tag(draft.language) if draft.language else None,
        }
        fields["competition_id"], fields["event_id"] = self.resolve_links(draft.competition, draft.event)
        return fields

    def resolve_links(self, competition_text: str | None, event_text: str | None) -> tuple[int | None, int | None]:
        """The competition and event ids a story is linked to, resolved as the results commands resolve them
        (never a near neighbour); checked before a form opens, so nothing typed into it is lost."""
        if not (competition_text and competition_text.strip()):
            if event_text and event_text.strip():
                raise UserFacingError("story-event-needs-competition")
            return None, None
        competition = self.results.competition(competition_text)
        if not (event_text and event_text.strip()):
            return competition.id, None
        return competition.id, self.results.event(competition, event_text).id

    def _skater_ids(self, names: str) -> list[int]:
        """The skaters named, comma-separated; a couple ("Miura / Kihara") names both partners."""
        ids: list[int] = []
        for name in (n.strip() for n in re.split(r"[,;\n]", names)):
            if name:
                ids += [i for i in self.results.athlete_ids(name) if i not in ids]
        return ids

    async def create(
        self,
        actor: Actor,
        draft: StoryDraft,
        *,
        library: bool = False,
        label: str = Label.UNVERIFIED,
        label_note: str = "",
        import_key: str | None = None,
    ) -> Story:
        """Adds a story (the server's moderators; the shared library's owners), checks its claims and returns
        it. A new story starts unverified (or satire), labelled after its sources are added."""
        guild_id = None if library or actor.guild_id is None else actor.guild_id
        require_edit_rights(actor, guild_id)
        fields = await self._resolve(draft)
        skater_ids = self._skater_ids(draft.skaters)
        if label not in (Label.UNVERIFIED, Label.SATIRE):
            raise UserFacingError("story-new-starts-unverified")
        story_id = await self.stories.create(
            guild_id,
            fields,
            skater_ids,
            label,
            label_note,
            import_key,
            self._record(actor, "create", None, {**fields, "skaters": skater_ids, "label": label}),
        )
        story = await self.stories.get(story_id)
        assert story is not None
        await self.run_check(story)
        await self._log(actor, "modlog-story-added", {"id": story.id}, title=story.title)
        return await self.stories.get(story_id) or story

    async def edit(self, actor: Actor, story_id: int, draft: StoryDraft) -> tuple[Story, bool]:
        """Applies the draft; returns the story and whether anything changed."""
        story = await self._editable(actor, story_id)
        fields = await self._resolve(draft)
        if draft.language is None:
            fields["language"] = story.language
        skater_ids = self._skater_ids(draft.skaters)
        before = {k: getattr(story, k) for k in fields if getattr(story, k) != fields[k]}
        after = {k: fields[k] for k in before}
        if sorted(story.skater_ids) != sorted(skater_ids):
            before["skaters"], after["skaters"] = list(story.skater_ids), skater_ids
        if not after:
            await self._log(actor, "modlog-story-edited", {"id": story.id}, title=story.title)
            return story, False
        await self.stories.update(
            story_id,
            {k: v for k, v in after.items() if k != "skaters"},
            skater_ids if "skaters" in after else None,
            self._record(actor, "edit", before, after),
        )
        updated = await self.stories.get(story_id)
        assert updated is not None
        await self.run_check(updated)
        await self._log(actor, "modlog-story-edited", {"id": updated.id}, title=updated.title)
        return await self.stories.get(story_id) or updated, True

    async def add_source(
        self,
        actor: Actor,
        story_id: int,
        url: str,
        kind: str = "secondary",
        publisher: str = "",
        note: str = "",
        role: str = "evidence",
    ) -> Story:
        """Attaches a source link to a story (its editors); a link must be public http(s). Returns the story."""
        story = await self._editable(actor, story_id)
        normalized = normalize_url(url)
        check_public_source(normalized)
        if kind not in SOURCE_KINDS:
            kinds = tuple(kind_name(k) for k in SOURCE_KINDS)
            raise UserFacingError("source-unknown-kind", kind=quote(kind), kinds=kinds)
        if role not in SOURCE_ROLES:
            roles = tuple(role_name(r) for r in SOURCE_ROLES)
            raise UserFacingError("source-unknown-role", role=quote(role), roles=roles)
        publisher = publisher.strip() or publisher_from_domain(domain_of(normalized))
        if len(publisher) > PUBLISHER_LIMIT or len(note) > NOTE_LIMIT:
            raise UserFacingError("source-too-long", publisher_limit=PUBLISHER_LIMIT, note_limit=NOTE_LIMIT)
        record = self._record(
            actor,
            "source added",
            None,
            {"url": normalized, "publisher": publisher, "kind": kind, "role": role, "note": note.strip()},
        )
        if not await self.stories.add_source(story.id, normalized, publisher, kind, note.strip(), record, role):
            raise UserFacingError("source-duplicate", id=story.id, url=normalized)
        updated = await self.stories.get(story.id)
        assert updated is not None
        added = updated.sources[-1]
        await self._log(actor, "modlog-source-added", {"id": story.id, "publisher": added.publisher, "url": added.url})
        return updated

    async def remove_source(self, actor: Actor, story_id: int, url: str) -> tuple[Story, Source]:
        """Removes a source; returns the story and the source removed. `url` is the link, or the source's
        number as autocomplete sends it."""
        story = await self._editable(actor, story_id)
        text = url.strip()
        try:
            normalized = normalize_url(text)
        except UserFacingError:
            normalized = text
        source = next((s for s in story.sources if s.url == normalized or str(s.id) == text), None)
        if source is None:
            raise UserFacingError("source-not-found", id=story.id, source=quote(text))
        if story.label == Label.VERIFIED and len(story.sources) == 1:
            raise UserFacingError("source-only-of-verified")
        record = self._record(
            actor, "source removed", {"url": source.url, "publisher": source.publisher, "kind": source.kind}, None
        )
        await self.stories.remove_source(story.id, source.url, record)
        updated = await self.stories.get(story.id)
        assert updated is not None
        await self._log(actor, "modlog-source-removed", {"id": story.id, "url": source.url})
        return updated, source

    async def label(
        self, actor: Actor, story_id: int, label: str, note: str = "", *, confirmed: bool = False
    ) -> tuple[Story, int]:
        """Sets the label; returns the story and how many open flags that resolved.

        Raises NeedsConfirmation when verifying a story whose sources are all low-reliability domains.
        """
        story = await self._editable(actor, story_id)
        note = note.strip()
        check_label_change(story, label, note)
        if label == Label.VERIFIED and story.check_contradicted:
            if not note:
                raise UserFacingError("label-contradicted-needs-note", id=story.id, summary=check_summary(story))
            if not confirmed:
                raise NeedsConfirmation("label-contradicted-confirm", id=story.id, summary=check_summary(story))
        if label == Label.VERIFIED and not confirmed:
            tiers = await self.tiers(actor.guild_id, [s.url for s in story.sources])
            if low_tier_only(list(tiers.values())):
                rated = tuple(
                    t("label-source-tier", domain=domain_of(url), tier=tier_name(tier))
                    for url, tier in sorted(tiers.items())
                )
                raise NeedsConfirmation("label-low-tier-confirm", id=story.id, rated=rated)
        record = self._record(
            actor, "label", {"label": story.label, "note": story.label_note}, {"label": label, "note": note}
        )
        resolved = await self.stories.set_label(story.id, label, note, record)
        updated = await self.stories.get(story.id)
        assert updated is not None
        if (updated.label, updated.label_note) != (story.label, story.label_note):
            self.relabelled.announce(updated)
        if note:
            await self._log(actor, "modlog-labelled-note", {"id": updated.id}, badge=updated.label, note=note)
        else:
            await self._log(actor, "modlog-labelled", {"id": updated.id}, badge=updated.label)
        return updated, resolved

    async def delete(self, actor: Actor, story_id: int) -> Story:
        """Deletes a story (its editors); its audit trail stays readable. Returns the story as it was."""
        story = await self._editable(actor, story_id)
        snapshot = {k: getattr(story, k) for k in ("title", "summary", "body", "label", "moment_date")}
        await self.stories.delete(story.id, self._record(actor, "delete", snapshot, None))
        await self._log(actor, "modlog-story-deleted", {"id": story.id}, title=story.title)
        return story

    async def flag(self, actor: Actor, story_id: int, reason: str) -> Story:
        """Files a member's report. A server story's report goes to that server's review queue; a
        shared-library story's goes to the library's curators (the bot's owners' queue), since only they
        can label it."""
        if actor.guild_id is None:
            raise PermissionDenied("flag-server-only")
        story = await self._visible(actor, story_id)
        reason = reason.strip()
        if not reason:
            raise UserFacingError("flag-needs-reason")
        if len(reason) > REASON_LIMIT:
            raise UserFacingError("flag-reason-too-long", limit=REASON_LIMIT)
        limit, window = FLAG_RATE
        outcome = await self.stories.add_flag(
            story.id,
            actor.guild_id,
            actor.user_id,
            reason,
            self._record(actor, "flag", None, {"reason": reason}),
            limit=limit,
            since=(datetime.now(UTC) - window).isoformat(timespec="seconds"),
        )
        if outcome is FlagOutcome.DUPLICATE:
            key = "flag-duplicate-library" if story.guild_id is None else "flag-duplicate"
            raise UserFacingError(key, id=story.id)
        if outcome is FlagOutcome.RATE_LIMITED:
            raise UserFacingError("flag-rate-limited", count=limit, minutes=int(window.total_seconds() // 60))
        # Only the bot's owners can label a library story: the report is in their review queue.
        key = "modlog-story-reported-library" if story.guild_id is None else "modlog-story-reported"
        await self._log(actor, key, {"id": story.id}, title=story.title, reason=reason[:500])
        return story

    async def run_check(self, story: Story) -> CheckReport:
        """Checks the story's claims against the results store and records the summary with the story."""
        # Imported here, not with the module: the claim check's readers compile a few hundred patterns when
        # imported, which every start of the bot and of the sandbox paid before its first answer.
        from bot.services.claims import check_text

        report = await check_text(
            self.results,
            "\n".join(part for part in (story.title, story.summary, story.body) if part),
            competition_id=story.competition_id,
            event_id=story.event_id,
            moment_date=story.moment_date,
            skater_ids=story.skater_ids,
        )
        await self.stories.set_check(story.id, stored(report.summary_text()), report.contradicted, now())
        return report

    async def check(self, actor: Actor, story_id: int) -> tuple[Story, CheckReport]:
        """Checks a story's claims against the results store again (moderators); returns it with the report."""
        require_moderator(actor)
        story = await self._visible(actor, story_id)
        report = await self.run_check(story)
        return story, report

    async def export(
        self, actor: Actor, story_id: int, *, server_reviewer: str, operator: str, review_url: str | None = None
    ) -> dict[str, Any]:
        """The story's verdict as schema.org ClaimReview JSON-LD. A server's story is reviewed by its
        moderators (`server_reviewer`); the shared library's by the bot's operator, whose published review
        address (`review_url`, with {id}) is the review's url."""
        require_moderator(actor)
        view = await self.view(actor, story_id)
        story = view.story
        library = story.guild_id is None
        return claim_review(
            story_id=story.id,
            title=story.title,
            summary=story.summary,
            label=story.label,
            label_note=story.label_note,
            labelled_at=story.labelled_at,
            moment_date=story.moment_date,
            skaters=view.skaters,
            appearances=[s.url for s in story.sources if s.role == "appearance"],
            evidence=[s.url for s in story.sources if s.role == "evidence"],
            reviewer=operator if library else server_reviewer,
            review_url=review_url.replace("{id}", str(story.id)) if library and review_url else None,
        )

    # --- server settings (bot.services.server_settings) ---------------------------------------------
    async def set_mod_role(self, actor: Actor, role: RoleChoice | None) -> None:
        """Members with this role count as moderators (the admins; ServerSettings.set_mod_role)."""
        await self.settings.set_mod_role(actor, role)

    async def set_modlog(self, actor: Actor, channel_id: int | None) -> None:
        """Sets (or clears, with None) the server's mod-log channel (admins)."""
        await self.settings.set_modlog(actor, channel_id)

    async def set_language(self, actor: Actor, locale: str | None, shown: str | None = None) -> str | None:
        """Sets the language of the bot's posts to the server's channels (the moderators); returns the locale."""
        return await self.settings.set_language(actor, locale, shown)

    async def set_podium_card(self, actor: Actor, on: bool) -> None:
        """Whether the live post of a category's final result carries the podium as an image (the moderators)."""
        await self.settings.set_podium_card(actor, on)

    async def set_tier(self, actor: Actor, domain: str, tier: str) -> str:
        """Sets this server's reliability tier for a domain; returns the normalized domain."""
        return await self.settings.set_tier(actor, domain, tier)
