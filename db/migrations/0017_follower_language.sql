-- The language of a member's Discord when they followed a skater: a bot cannot read it outside an interaction,
-- so the direct messages about that skater's scores are written in it. NULL (follows made before): the default.
BEGIN;

ALTER TABLE live_follows ADD COLUMN locale TEXT;

PRAGMA user_version = 17;
COMMIT;
