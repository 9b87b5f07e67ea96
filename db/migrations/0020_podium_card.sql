-- The podium card (issue 31): a server may have the live post of a category's final result carry an image of the
-- podium (flags, names, totals). Off unless a moderator turns it on (/config podium-card).
BEGIN;

ALTER TABLE guild_settings ADD COLUMN podium_card INTEGER NOT NULL DEFAULT 0;

PRAGMA user_version = 20;
COMMIT;
