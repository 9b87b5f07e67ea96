-- A post Discord refused for a passing reason (5xx, 429, a network error) stays claimed and is tried again
-- later: how many attempts were made, when the next one is due, and why the last one failed.
BEGIN;

ALTER TABLE moment_posts ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1;
ALTER TABLE moment_posts ADD COLUMN retry_at TEXT;

PRAGMA user_version = 7;
COMMIT;
