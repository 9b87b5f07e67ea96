-- When moderators were last warned that few stories can be posted: a weekly reminder, not a daily one.
BEGIN;

ALTER TABLE moment_schedules ADD COLUMN stock_warned_on TEXT;   -- local date

PRAGMA user_version = 6;
COMMIT;
