-- Podium predictions (issue 32): a round's lock told once in its server's channel, and why a scored round was scored
-- again (a corrected result, or the server's new scoring table), which its edited announcement says.
BEGIN;

-- One row per round once it locks (the schedule's start reached, the event under way, a moderator's /predict lock):
-- 'due', 'claimed' (being sent: a restart looks in the channel before sending again), 'posted', 'failed', or
-- 'silent' (no channel, the game off, or no pick to speak of: nothing is sent, and the lock is not looked for again).
CREATE TABLE prediction_lock_posts (
    round_id    INTEGER PRIMARY KEY REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER,
    state       TEXT NOT NULL CHECK (state IN ('due', 'claimed', 'posted', 'failed', 'silent')),
    locked_at   TEXT,                               -- when it locked; NULL: the event was seen under way
    why         TEXT NOT NULL,                      -- 'schedule', 'started', 'moderator'
    message_id  INTEGER,
    reason      TEXT,
    claimed_at  TEXT,
    done_at     TEXT
);
CREATE INDEX prediction_lock_posts_open ON prediction_lock_posts(state) WHERE state IN ('due', 'claimed');

-- NULL: scored once; 'result': scored again from a corrected result; 'scoring': from the server's new scoring table.
ALTER TABLE prediction_rounds ADD COLUMN rescored TEXT;

PRAGMA user_version = 21;
COMMIT;
