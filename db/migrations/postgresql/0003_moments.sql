-- Moment of the day (as ../0003_moments.sql): each server's schedule, and one row per server and local date.

CREATE TABLE moment_schedules (
    guild_id        BIGINT PRIMARY KEY,
    channel_id      BIGINT NOT NULL,
    post_time       TEXT NOT NULL CHECK (post_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
    timezone        TEXT NOT NULL,
    paused          BIGINT NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    allowed_labels  TEXT NOT NULL DEFAULT '["verified"]',
    repeat_days     BIGINT NOT NULL DEFAULT 365 CHECK (repeat_days BETWEEN 0 AND 3650),
    failing_since   TEXT,
    failing_reason  TEXT,
    updated_by      BIGINT NOT NULL,
    updated_at      TEXT NOT NULL
);

CREATE TABLE moment_posts (
    guild_id    BIGINT NOT NULL,
    local_date  TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('claimed', 'posted', 'failed', 'missed')),
    story_id    BIGINT REFERENCES stories(id),
    channel_id  BIGINT,
    message_id  BIGINT,
    trigger     TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'catch-up')),
    reason      TEXT,
    claimed_at  TEXT NOT NULL,
    done_at     TEXT,
    label_shown TEXT,
    PRIMARY KEY (guild_id, local_date)
);
CREATE INDEX moment_posts_by_story ON moment_posts(story_id, state);
CREATE INDEX moment_posts_pending ON moment_posts(state) WHERE state = 'claimed';
