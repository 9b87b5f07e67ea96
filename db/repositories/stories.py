"""Stories, their sources, flags and audit trail (the full-text index: db.repositories.story_index; per-server
settings and source tiers: db.repositories.guilds; the audit writer: db.repositories.audit).

Every change is written together with its audit entry in one transaction: a change without its trail, or
a trail without its change, cannot happen.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from db.database import Database, Row, Transaction
from db.held_writes import HeldWrites
from db.models import (
    AuditEntry,
    AuditRecord,
    FactStory,
    FlagOutcome,
    QueueItem,
    Source,
    StoredFact,
    Story,
)
from db.repositories.audit import write_audit
from db.repositories.guilds import GuildRepository as GuildRepository
from db.repositories.story_index import index_story, search_expression, unindex_story
from db.repositories.story_index import indexed_text as indexed_text
from db.repositories.story_index import search_words as search_words

STORY_COLUMNS = ("title", "summary", "body", "moment_date", "competition_id", "event_id", "language")
_VISIBLE = "deleted_at IS NULL AND (guild_id = :guild OR guild_id IS NULL)"


def _source(row: Row) -> Source:
    return Source(
        id=row["id"],
        story_id=row["story_id"],
        url=row["url"],
        publisher=row["publisher"],
        kind=row["kind"],
        note=row["note"],
        added_by=row["added_by"],
        added_at=row["added_at"],
        role=row["role"],
    )


def _story(row: Row, skater_ids: Sequence[int] = (), sources: Sequence[Source] = (), flags: int = 0) -> Story:
    return Story(
        id=row["id"],
        guild_id=row["guild_id"],
        title=row["title"],
        summary=row["summary"],
        body=row["body"],
        moment_date=row["moment_date"],
        competition_id=row["competition_id"],
        event_id=row["event_id"],
        label=row["label"],
        label_note=row["label_note"],
        labelled_at=row["labelled_at"],
        created_by=row["created_by"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        import_key=row["import_key"],
        skater_ids=tuple(skater_ids),
        sources=tuple(sources),
        open_flags=flags,
        check_summary=row["check_summary"],
        check_contradicted=row["check_contradicted"],
        fact_key=row["fact_key"],
        fact_digest=row["fact_digest"],
        fact_words=row["fact_words"],
        language=row["language"],
    )


def _fact_values(fact: FactStory, audit: AuditRecord) -> dict[str, Any]:
    """A generated story's columns, for its insert and its rewrite."""
    return {
        "title": fact.title,
        "summary": fact.summary,
        "body": fact.body,
        "moment_date": fact.moment_date,
        "competition_id": fact.competition_id,
        "event_id": fact.event_id,
        "key": fact.key,
        "digest": fact.digest,
        "words": fact.words,
        "actor": audit.actor_id,
        "at": audit.at,
    }


def _fact_audit(audit: AuditRecord, action: str, before: Row | None, fact: FactStory | None) -> AuditRecord:
    """The audit entry of a generated story's change: what its text said, and says now."""
    was: dict[str, object] | None = None
    now: dict[str, object] | None = None
    if before is not None:
        was = {"title": before["title"], "summary": before["summary"]}
    if fact is not None:
        now = {"title": fact.title, "summary": fact.summary}
    return AuditRecord(audit.actor_id, audit.guild_id, action, audit.at, was, now)


class StoryRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    # --- reading -------------------------------------------------------------------------------------
    async def get(self, story_id: int, *, deleted: bool = False) -> Story | None:
        """A story with its skaters, sources and open flag count; a deleted one only when asked for."""
        row = await self._db.fetchone(
            "SELECT * FROM stories WHERE id = ? AND (deleted_at IS NULL OR ?)", (story_id, deleted)
        )
        if row is None:
            return None
        skaters = await self._db.fetchall("SELECT skater_id FROM story_skaters WHERE story_id = ?", (story_id,))
        sources = await self._db.fetchall("SELECT * FROM story_sources WHERE story_id = ? ORDER BY id", (story_id,))
        flags = await self._db.fetchone(
            "SELECT count(*) FROM story_flags WHERE story_id = ? AND resolved_at IS NULL", (story_id,)
        )
        assert flags is not None  # count(*) always answers
        return _story(row, [r[0] for r in skaters], [_source(r) for r in sources], flags[0])

    async def by_import_key(self, import_key: str) -> Story | None:
        row = await self._db.fetchone("SELECT id FROM stories WHERE import_key = ?", (import_key,))
        return await self.get(row["id"]) if row else None

    async def search(self, guild_id: int | None, text: str, limit: int) -> list[Story]:
        """Stories the guild can see whose words match `text`, best first (title words count most, then the
        summary, then the body); the most recent ones when `text` has no words (autocomplete on an empty
        field). The index's scopes narrow the walk; the visibility filter on the stories themselves decides
        what is returned, whatever the index holds."""
        postgres = self._db.dialect.postgres
        expression = search_expression(guild_id, text, postgres=postgres)
        if expression is None:
            rows = await self._db.fetchall(
                # Written stories first: hundreds generated from the results must not hide them.
                f"SELECT * FROM stories WHERE {_VISIBLE} ORDER BY fact_key IS NOT NULL, id DESC LIMIT :limit",
                {"guild": guild_id, "limit": limit},
            )
        elif postgres:
            rows = await self._db.fetchall(
                "SELECT s.* FROM story_index i JOIN stories s ON s.id = i.story_id "
                "WHERE i.document @@ CAST(:match AS tsquery) AND s.deleted_at IS NULL "
                "AND (s.guild_id = :guild OR s.guild_id IS NULL) "
                # Weights for D, C (body), B (summary), A (title): 1, 2 and 5 as SQLite's bm25 weights.
                "ORDER BY ts_rank('{0.1, 0.2, 0.4, 1.0}', i.document, CAST(:match AS tsquery), 1) DESC, s.id "
                "LIMIT :limit",
                {"match": expression, "guild": guild_id, "limit": limit},
            )
        else:
            rows = await self._db.fetchall(
                "SELECT s.* FROM stories_fts JOIN stories s ON s.id = stories_fts.rowid "
                "WHERE stories_fts MATCH :match AND s.deleted_at IS NULL "
                "AND (s.guild_id = :guild OR s.guild_id IS NULL) "
                "ORDER BY bm25(stories_fts, 5.0, 2.0, 1.0) LIMIT :limit",
                {"match": expression, "guild": guild_id, "limit": limit},
            )
        return [_story(row) for row in rows]

    async def changes(self) -> int:
        """A number every change to the stories changes (db/migrations/0016): what an index of them is keyed by."""
        row = await self._db.fetchone("SELECT n FROM story_changes WHERE id = 1")
        return int(row[0]) if row else 0

    async def results_story_words(self) -> list[tuple[int, int | None, str]]:
        """(id, server, stored words) of every story from the results as generated (an edited one reads as written,
        and the full-text index has its words), of every server and the library, newest first: what an index of
        them as another language reads them is built from. No bodies: the stored words hold everything."""
        rows = await self._db.fetchall(
            "SELECT id, guild_id, fact_words FROM stories WHERE fact_key IS NOT NULL AND fact_words IS NOT NULL "
            "AND deleted_at IS NULL ORDER BY id DESC"
        )
        return [(row["id"], row["guild_id"], row["fact_words"]) for row in rows]

    async def by_ids(self, story_ids: Sequence[int]) -> list[Story]:
        """The stories of these ids that are not deleted, in the order given (without skaters and sources, as a
        search returns them)."""
        if not story_ids:
            return []
        marks = ", ".join(f":id{n}" for n in range(len(story_ids)))
        rows = await self._db.fetchall(
            f"SELECT * FROM stories WHERE id IN ({marks}) AND deleted_at IS NULL",
            {f"id{n}": story_id for n, story_id in enumerate(story_ids)},
        )
        found = {row["id"]: _story(row) for row in rows}
        return [found[story_id] for story_id in story_ids if story_id in found]

    async def open_flags(self, story_id: int, guild_id: int | None) -> int:
        """Open reports on a story filed in `guild_id` (None: from every server)."""
        row = await self._db.fetchone(
            "SELECT count(*) FROM story_flags WHERE story_id = :story AND resolved_at IS NULL "
            "AND (CAST(:guild AS BIGINT) IS NULL OR guild_id = :guild)",
            {"story": story_id, "guild": guild_id},
        )
        assert row is not None  # count(*) always answers
        return int(row[0])

    async def rebuild_index_if_empty(self) -> int:
        """Indexes every story again when the index is empty but stories exist (a migration that changed
        how words are indexed drops the old index); returns how many stories it indexed."""
        index = "story_index" if self._db.dialect.postgres else "stories_fts_docsize"
        empty = await self._db.fetchone(
            f"SELECT NOT EXISTS (SELECT 1 FROM {index}) AND EXISTS (SELECT 1 FROM stories WHERE deleted_at IS NULL)"
        )
        if not empty or not empty[0]:
            return 0
        async with self._db.transaction() as tx:
            rows = await tx.fetchall(
                "SELECT id, guild_id, title, summary, body FROM stories WHERE deleted_at IS NULL ORDER BY id"
            )
            for row in rows:
                await index_story(tx, row["id"], row["guild_id"], row["title"], row["summary"], row["body"])
        return len(rows)

    async def queue(self, guild_id: int, include_library: bool) -> list[QueueItem]:
        """Stories needing a look: unverified or with open flags; the oldest first. A story from the results is
        true by construction: it needs a look only when someone reports it."""
        rows = await self._db.fetchall(
            "SELECT s.*, count(f.id) AS open_flags, min(f.created_at) AS oldest_flag FROM stories s "
            "LEFT JOIN story_flags f ON f.story_id = s.id AND f.resolved_at IS NULL "
            "WHERE s.deleted_at IS NULL AND (s.guild_id = :guild OR (:library AND s.guild_id IS NULL)) "
            "GROUP BY s.id HAVING (s.label = 'unverified' AND s.fact_key IS NULL) OR count(f.id) > 0 "
            "ORDER BY coalesce(min(f.created_at), s.created_at), s.id",
            {"guild": guild_id, "library": include_library},
        )
        return [QueueItem(_story(row, flags=row["open_flags"]), row["open_flags"], row["oldest_flag"]) for row in rows]

    async def history(self, story_id: int, *, reports_from: int | None = None) -> list[AuditEntry]:
        """The story's audit trail; with `reports_from`, the reports (and their resolutions) filed in other
        servers are left out: a shared-library story is flagged from many servers, and who reported it and
        why belongs to the server it was reported in."""
        flag = self._db.dialect.json_integer("a.before", "flag")
        rows = await self._db.fetchall(
            "SELECT a.* FROM audit_log a "
            f"LEFT JOIN story_flags f ON a.action = 'flag resolved' AND f.id = {flag} "
            "WHERE a.story_id = :story AND (CAST(:guild AS BIGINT) IS NULL "
            "OR a.action NOT IN ('flag', 'flag resolved') OR (a.action = 'flag' AND a.guild_id = :guild) "
            "OR (a.action = 'flag resolved' AND f.guild_id = :guild)) "
            "ORDER BY a.id",
            {"story": story_id, "guild": reports_from},
        )
        return [
            AuditEntry(
                id=row["id"],
                story_id=row["story_id"],
                guild_id=row["guild_id"],
                actor_id=row["actor_id"],
                action=row["action"],
                at=row["at"],
                before=json.loads(row["before"]) if row["before"] else None,
                after=json.loads(row["after"]) if row["after"] else None,
            )
            for row in rows
        ]

    # --- writing: each change with its audit entry ---------------------------------------------------
    async def create(
        self,
        guild_id: int | None,
        fields: dict[str, Any],
        skater_ids: Iterable[int],
        label: str,
        label_note: str,
        import_key: str | None,
        audit: AuditRecord,
    ) -> int:
        """The new story's id; with an `import_key` already stored (the same file imported by another process
        meanwhile: two bot processes starting on a new store both add the bundled stories), that story's id and
        nothing written. Checked under the write lock, so of two such imports exactly one adds the story."""
        async with self._db.transaction() as tx:
            if import_key is not None:
                existing = await tx.fetchone("SELECT id FROM stories WHERE import_key = ?", (import_key,))
                if existing is not None:
                    return int(existing["id"])
            story_id = await tx.insert(
                "INSERT INTO stories (guild_id, title, summary, body, moment_date, competition_id, event_id, language, "
                "label, label_note, labelled_at, created_by, created_at, updated_at, import_key) "
                "VALUES (:guild_id, :title, :summary, :body, :moment_date, :competition_id, :event_id, :language, "
                ":label, :label_note, :labelled_at, :actor, :at, :at, :import_key)",
                {
                    **{column: fields.get(column) for column in STORY_COLUMNS},
                    "guild_id": guild_id,
                    "label": label,
                    "label_note": label_note,
                    "labelled_at": audit.at if label != "unverified" else None,
                    "actor": audit.actor_id,
                    "at": audit.at,
                    "import_key": import_key,
                },
            )
            await self._set_skaters(tx, story_id, skater_ids)
            await index_story(
                tx, story_id, guild_id, fields["title"], fields.get("summary") or "", fields.get("body") or ""
            )
            await write_audit(tx, story_id, audit)
        return story_id

    async def update(
        self, story_id: int, changes: dict[str, Any], skater_ids: Iterable[int] | None, audit: AuditRecord
    ) -> None:
        """Applies changes to STORY_COLUMNS (and the skater links when given)."""
        async with self._db.transaction() as tx:
            if changes:
                reindex = bool(changes.keys() & {"title", "summary", "body"})
                if reindex:
                    await unindex_story(tx, story_id)
                assignments = ", ".join(f"{column} = :{column}" for column in changes if column in STORY_COLUMNS)
                if reindex:  # a generated story's catalogue words no longer say what someone wrote instead
                    assignments += ", fact_words = NULL"
                await tx.execute(
                    f"UPDATE stories SET {assignments}, updated_at = :at WHERE id = :id",
                    {**changes, "at": audit.at, "id": story_id},
                )
                if reindex:
                    row = await tx.fetchone(
                        "SELECT guild_id, title, summary, body FROM stories WHERE id = ?", (story_id,)
                    )
                    assert row is not None
                    await index_story(tx, story_id, row["guild_id"], row["title"], row["summary"], row["body"])
            if skater_ids is not None:
                await self._set_skaters(tx, story_id, skater_ids)
            await write_audit(tx, story_id, audit)

    async def set_label(self, story_id: int, label: str, note: str, audit: AuditRecord) -> int:
        """Sets the label and resolves the story's open flags, each with its audit entry; returns how many
        flags it resolved. A story can have thousands of open reports: they are resolved in one statement
        (and their audit entries written in another), not one round trip each."""
        resolution = f"labelled {label}"
        json_object = self._db.dialect.json_object
        before = json_object("'flag'", "id", "'by'", "user_id", "'reason'", "reason")
        after = json_object("'resolution'", "CAST(:resolution AS TEXT)")
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE stories SET label = ?, label_note = ?, labelled_at = ?, updated_at = ? WHERE id = ?",
                (label, note, audit.at, audit.at, story_id),
            )
            await write_audit(tx, story_id, audit)
            await tx.execute(
                "INSERT INTO audit_log (story_id, guild_id, actor_id, action, at, before, after) "
                "SELECT story_id, CAST(:guild AS BIGINT), CAST(:actor AS BIGINT), 'flag resolved', "
                f"CAST(:at AS TEXT), {before}, {after} "
                "FROM story_flags WHERE story_id = :story AND resolved_at IS NULL ORDER BY id",
                {
                    "story": story_id,
                    "guild": audit.guild_id,
                    "actor": audit.actor_id,
                    "at": audit.at,
                    "resolution": resolution,
                },
            )
            resolved = await tx.execute(
                "UPDATE story_flags SET resolved_at = ?, resolved_by = ?, resolution = ? "
                "WHERE story_id = ? AND resolved_at IS NULL",
                (audit.at, audit.actor_id, resolution, story_id),
            )
        return resolved

    async def set_check(self, story_id: int, summary: str, contradicted: int, at: str) -> None:
        """Records the latest claim check (derived from the text and the store: not an audited change)."""
        await self._db.execute(
            "UPDATE stories SET check_summary = ?, check_contradicted = ?, checked_at = ? WHERE id = ?",
            (summary, contradicted, at, story_id),
        )

    async def add_source(
        self, story_id: int, url: str, publisher: str, kind: str, note: str, audit: AuditRecord, role: str = "evidence"
    ) -> bool:
        """False when the story already has that URL (nothing is written)."""
        async with self._db.transaction() as tx:
            if await tx.fetchone("SELECT 1 FROM story_sources WHERE story_id = ? AND url = ?", (story_id, url)):
                return False
            await tx.insert(
                "INSERT INTO story_sources (story_id, url, publisher, kind, note, added_by, added_at, role) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (story_id, url, publisher, kind, note, audit.actor_id, audit.at, role),
            )
            await tx.execute("UPDATE stories SET updated_at = ? WHERE id = ?", (audit.at, story_id))
            await write_audit(tx, story_id, audit)
        return True

    async def remove_source(self, story_id: int, url: str, audit: AuditRecord) -> bool:
        async with self._db.transaction() as tx:
            removed = await tx.execute("DELETE FROM story_sources WHERE story_id = ? AND url = ?", (story_id, url))
            if removed:
                await tx.execute("UPDATE stories SET updated_at = ? WHERE id = ?", (audit.at, story_id))
                await write_audit(tx, story_id, audit)
        return bool(removed)

    async def delete(self, story_id: int, audit: AuditRecord) -> None:
        async with self._db.transaction() as tx:
            await unindex_story(tx, story_id)
            await tx.execute(
                "UPDATE stories SET deleted_at = ?, deleted_by = ? WHERE id = ?", (audit.at, audit.actor_id, story_id)
            )
            await write_audit(tx, story_id, audit)

    async def add_flag(
        self,
        story_id: int,
        guild_id: int,
        user_id: int,
        reason: str,
        audit: AuditRecord,
        *,
        limit: int,
        since: str,
    ) -> FlagOutcome:
        """Files a member's report: ADDED, or DUPLICATE when they already reported this story, or
        RATE_LIMITED when they filed `limit` reports in this server since `since`. The check and the
        insert share one write transaction, so simultaneous submissions cannot all pass the check."""
        async with self._db.transaction() as tx:
            if await tx.fetchone("SELECT 1 FROM story_flags WHERE story_id = ? AND user_id = ?", (story_id, user_id)):
                return FlagOutcome.DUPLICATE
            recent = await tx.fetchone(
                "SELECT count(*) FROM story_flags WHERE user_id = ? AND guild_id = ? AND created_at >= ?",
                (user_id, guild_id, since),
            )
            assert recent is not None  # count(*) always answers
            if recent[0] >= limit:
                return FlagOutcome.RATE_LIMITED
            await tx.insert(
                "INSERT INTO story_flags (story_id, guild_id, user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)",
                (story_id, guild_id, user_id, reason, audit.at),
            )
            await write_audit(tx, story_id, audit)
        return FlagOutcome.ADDED

    # --- stories from the results ---------------------------------------------------------------------
    async def stored_facts(self) -> dict[str, StoredFact]:
        """Every generated story by its fact's key, deleted ones included."""
        rows = await self._db.fetchall(
            "SELECT id, fact_key, fact_digest, deleted_at, fact_words, title, summary FROM stories "
            "WHERE fact_key IS NOT NULL"
        )
        return {
            row["fact_key"]: StoredFact(
                row["id"],
                row["fact_digest"],
                row["deleted_at"] is not None,
                row["fact_words"],
                row["title"],
                row["summary"],
            )
            for row in rows
        }

    async def fact_sync(self) -> tuple[int | None, int]:
        """The import the generated stories were last made from (None: never), and the latest import (0: none)."""
        row = await self._db.fetchone(
            "SELECT (SELECT import_id FROM fact_sync WHERE id = 1), (SELECT coalesce(max(id), 0) FROM imports)"
        )
        assert row is not None
        return row[0], row[1]

    async def write_facts(
        self,
        added: Sequence[FactStory],
        changed: Sequence[tuple[int, FactStory]],
        removed: Sequence[int],
        import_id: int,
        audit: AuditRecord,
    ) -> None:
        """Applies one generation in one transaction: new facts become shared-library stories, changed ones are
        rewritten (text, links, skaters, sources; a removed one comes back; the same figures reworded), gone
        ones are deleted with their digest cleared. Each change has its audit entry (`audit`: actor and time)."""
        async with self._db.transaction() as plain:
            # The writes no one waits for (a story's skaters, sources, index entry and audit entry) go together.
            tx = HeldWrites(plain)
            # Facts added meanwhile by another process generating from the same import (two bot processes starting
            # on a new store) are left out: read under the write lock, so each fact is added once.
            stored = {row[0] for row in await tx.fetchall("SELECT fact_key FROM stories WHERE fact_key IS NOT NULL")}
            for fact in added:
                if fact.key in stored:
                    continue
                story_id = await tx.insert(
                    "INSERT INTO stories (guild_id, title, summary, body, moment_date, competition_id, event_id, "
                    "created_by, created_at, updated_at, fact_key, fact_digest, fact_words) "
                    "VALUES (NULL, :title, :summary, :body, :moment_date, :competition_id, :event_id, :actor, :at, "
                    ":at, :key, :digest, :words)",
                    _fact_values(fact, audit),
                )
                await self._write_fact_links(tx, story_id, fact, audit)
                await index_story(tx, story_id, None, fact.title, fact.summary, fact.body)
                await write_audit(tx, story_id, _fact_audit(audit, "generated", None, fact))
            for story_id, fact in changed:
                before = await tx.fetchone("SELECT * FROM stories WHERE id = ?", (story_id,))
                assert before is not None
                if before["deleted_at"] is None:
                    await unindex_story(tx, story_id)
                await tx.write(
                    "UPDATE stories SET title = :title, summary = :summary, body = :body, moment_date = :moment_date, "
                    "competition_id = :competition_id, event_id = :event_id, fact_digest = :digest, "
                    "fact_words = :words, updated_at = :at, deleted_at = NULL, deleted_by = NULL WHERE id = :id",
                    {**_fact_values(fact, audit), "id": story_id},
                )
                await tx.write(
                    "DELETE FROM story_sources WHERE story_id = ? AND added_by = ? AND kind = 'primary'",
                    (story_id, audit.actor_id),
                )
                await self._write_fact_links(tx, story_id, fact, audit)
                await index_story(tx, story_id, None, fact.title, fact.summary, fact.body)
                if before["deleted_at"] is not None:
                    action = "results show it again"
                elif before["fact_digest"] == fact.digest:
                    action = "reworded"  # the same figures in newer catalogue words
                else:
                    action = "results changed"
                await write_audit(tx, story_id, _fact_audit(audit, action, before, fact))
            for story_id in removed:
                before = await tx.fetchone("SELECT * FROM stories WHERE id = ?", (story_id,))
                assert before is not None
                if before["deleted_at"] is None:
                    await unindex_story(tx, story_id)
                await tx.write(
                    "UPDATE stories SET fact_digest = NULL, deleted_at = coalesce(deleted_at, ?), "
                    "deleted_by = coalesce(deleted_by, ?) WHERE id = ?",
                    (audit.at, audit.actor_id, story_id),
                )
                await write_audit(tx, story_id, _fact_audit(audit, "results no longer show it", before, None))
            await tx.execute(
                "INSERT INTO fact_sync (id, import_id, synced_at) VALUES (1, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET import_id = excluded.import_id, synced_at = excluded.synced_at",
                (import_id, audit.at),
            )
            await tx.flush()  # nothing held back is left unsent when the transaction commits

    async def _write_fact_links(self, tx: Transaction, story_id: int, fact: FactStory, audit: AuditRecord) -> None:
        await self._set_skaters(tx, story_id, fact.skater_ids)
        await tx.executemany(
            "INSERT INTO story_sources (story_id, url, publisher, kind, note, added_by, added_at, role) "
            "VALUES (?, ?, ?, 'primary', '', ?, ?, 'evidence') ON CONFLICT DO NOTHING",
            [(story_id, url, publisher, audit.actor_id, audit.at) for url, publisher in fact.sources],
        )

    @staticmethod
    async def _set_skaters(tx: Transaction, story_id: int, skater_ids: Iterable[int]) -> None:
        await tx.write("DELETE FROM story_skaters WHERE story_id = ?", (story_id,))
        await tx.executemany(
            "INSERT INTO story_skaters (story_id, skater_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            [(story_id, skater_id) for skater_id in skater_ids],
        )
