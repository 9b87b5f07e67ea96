-- Moments "from the results" (issue 16): notable facts of the results store kept as stories of the shared library,
-- generated again after each import (bot/services/fact_stories.py).
BEGIN;

-- A generated story names the fact it tells (bot/services/facts.py: kind, competition, event, segment, skaters) and
-- a digest of what the fact says now: a result corrected by a later import changes the digest, and the story and its
-- posts are corrected; a fact no longer true is deleted (its digest cleared). Its words are kept as catalogue
-- messages too (fact_words, JSON), so each server reads it in its own language until someone edits the text.
ALTER TABLE stories ADD COLUMN fact_key TEXT;
ALTER TABLE stories ADD COLUMN fact_digest TEXT;
ALTER TABLE stories ADD COLUMN fact_words TEXT;
CREATE UNIQUE INDEX stories_by_fact ON stories(fact_key) WHERE fact_key IS NOT NULL;

-- The last import the generated stories were made from (imports.id): at start and on the corrections job's
-- round, a store imported into since then (by the command line, a live poll) is generated again.
CREATE TABLE fact_sync (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    import_id   INTEGER NOT NULL,
    synced_at   TEXT NOT NULL
);

-- Whether a server's moment may show stories "from the results" that no moderator has labelled (on by default).
ALTER TABLE moment_schedules ADD COLUMN results_moments INTEGER NOT NULL DEFAULT 1 CHECK (results_moments IN (0, 1));

-- The digest of the fact a post showed, so a correction of the results edits it (like label_shown for a relabel).
ALTER TABLE moment_posts ADD COLUMN fact_shown TEXT;

-- Stories a server's moderators keep out of their moment of the day (a shared story cannot be deleted by them).
CREATE TABLE moment_hidden (
    guild_id    INTEGER NOT NULL,
    story_id    INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
    hidden_by   INTEGER NOT NULL,
    hidden_at   TEXT NOT NULL,
    PRIMARY KEY (guild_id, story_id)
) WITHOUT ROWID;

PRAGMA user_version = 14;
COMMIT;
