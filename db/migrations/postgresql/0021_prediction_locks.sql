-- Podium predictions (as ../0021_prediction_locks.sql): a round's lock told once in its server's channel, and why a
-- scored round was scored again.

CREATE TABLE prediction_lock_posts (
    round_id    BIGINT PRIMARY KEY REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT,
    state       TEXT NOT NULL CHECK (state IN ('due', 'claimed', 'posted', 'failed', 'silent')),
    locked_at   TEXT,
    why         TEXT NOT NULL,
    message_id  BIGINT,
    reason      TEXT,
    claimed_at  TEXT,
    done_at     TEXT
);
CREATE INDEX prediction_lock_posts_open ON prediction_lock_posts(state) WHERE state IN ('due', 'claimed');

ALTER TABLE prediction_rounds ADD COLUMN rescored TEXT;
