-- Moment of the day: each server's schedule, and one row per server and local date that a post was due.
BEGIN;

CREATE TABLE moment_schedules (
    guild_id        INTEGER PRIMARY KEY,
    channel_id      INTEGER NOT NULL,
    post_time       TEXT NOT NULL CHECK (post_time GLOB '[0-2][0-9]:[0-5][0-9]'),
    timezone        TEXT NOT NULL,
    paused          INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    allowed_labels  TEXT NOT NULL DEFAULT '["verified"]',   -- JSON list; 'false' is refused by the service
    repeat_days     INTEGER NOT NULL DEFAULT 365 CHECK (repeat_days BETWEEN 0 AND 3650),
    failing_since   TEXT,                                   -- set while posts fail, with the last reason
    failing_reason  TEXT,
    updated_by      INTEGER NOT NULL,
    updated_at      TEXT NOT NULL
);

-- The claim that makes a post happen once: the primary key allows one row per server and local date. A row
-- is written ('claimed') before the message is sent and completed after ('posted'); a day that could not be
-- posted is 'failed' (with the reason) or 'missed' (the bot was down past the grace window).
CREATE TABLE moment_posts (
    guild_id    INTEGER NOT NULL,
    local_date  TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('claimed', 'posted', 'failed', 'missed')),
    story_id    INTEGER REFERENCES stories(id),
    channel_id  INTEGER,
    message_id  INTEGER,
    trigger     TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'catch-up')),
    reason      TEXT,
    claimed_at  TEXT NOT NULL,
    done_at     TEXT,
    label_shown TEXT,                                      -- the label the message shows, for corrections
    PRIMARY KEY (guild_id, local_date)
) WITHOUT ROWID;
CREATE INDEX moment_posts_by_story ON moment_posts(story_id, state);
CREATE INDEX moment_posts_pending ON moment_posts(state) WHERE state = 'claimed';

PRAGMA user_version = 3;
COMMIT;
