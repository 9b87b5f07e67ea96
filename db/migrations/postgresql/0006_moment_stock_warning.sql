-- When moderators were last warned that few stories can be posted (as ../0006_moment_stock_warning.sql).

ALTER TABLE moment_schedules ADD COLUMN stock_warned_on TEXT;
