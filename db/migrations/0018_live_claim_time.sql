-- When a live post was claimed: a sharded process that starts settles only claims made before it started, taken
-- over in one statement, so two processes that both serve a server for a moment (a restart beside a handover)
-- never both look in the channel, find nothing and both send. NULL: claimed before this column.
BEGIN;

ALTER TABLE live_posts ADD COLUMN claimed_at TEXT;

PRAGMA user_version = 18;
COMMIT;
