-- The latest claim check of each story: shown with the story, in the review queue and the moment preview
-- without checking again; a contradicted claim makes verifying the story ask for a note.
BEGIN;

ALTER TABLE stories ADD COLUMN check_summary TEXT;
ALTER TABLE stories ADD COLUMN check_contradicted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN checked_at TEXT;

PRAGMA user_version = 5;
COMMIT;
