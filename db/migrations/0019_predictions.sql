-- Podium predictions: a server's game for each event of a competition. One round per (server, competition, event),
-- one pick per member and round (changed until the round locks), the scores a result gave each pick, and one
-- announcement row per round that makes the scored post happen once (claimed before sending, like live_posts).
BEGIN;

CREATE TABLE prediction_settings (
    guild_id    INTEGER PRIMARY KEY,
    channel_id  INTEGER,                            -- where the scored rounds are announced; NULL: not announced
    enabled     INTEGER NOT NULL DEFAULT 1,
    scoring     TEXT NOT NULL DEFAULT 'standard'    -- a table of bot.services.predictions.SCORING_TABLES
);

CREATE TABLE prediction_rounds (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    competition_key TEXT NOT NULL,                  -- the results store's competition and event keys
    event_key       TEXT NOT NULL,
    season          TEXT NOT NULL,                  -- the competition's, for the season's leaderboard
    locked_at       TEXT,                           -- a moderator's lock (the schedule's start locks it too)
    locked_by       INTEGER,
    scoring         TEXT,                           -- the table it was scored with
    result_digest   TEXT,                           -- the final result it was scored from; NULL: not scored
    version         INTEGER NOT NULL DEFAULT 0,     -- grows with each scoring: a corrected result is a new one
    scored_at       TEXT,
    UNIQUE (guild_id, competition_key, event_key)
);
CREATE INDEX prediction_rounds_by_event ON prediction_rounds(competition_key, event_key);

-- Picks name the store's entries by their skater_key ('12' or '12/40'), as entries do.
CREATE TABLE prediction_picks (
    round_id        INTEGER NOT NULL REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    gold            TEXT NOT NULL,
    silver          TEXT NOT NULL,
    bronze          TEXT NOT NULL,
    short_winner    TEXT NOT NULL,
    picked_at       TEXT NOT NULL,
    points          INTEGER,                        -- NULL until the round is scored
    detail          TEXT,                           -- JSON: each pick's points and why
    PRIMARY KEY (round_id, user_id)
);

-- A round's announcement: 'due', 'claimed' (being sent: a restart looks in the channel before sending again),
-- 'posted', 'failed'. `version` is the round's version the message shows: a newer one is edited in.
CREATE TABLE prediction_posts (
    round_id    INTEGER PRIMARY KEY REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('due', 'claimed', 'posted', 'failed')),
    version     INTEGER NOT NULL,
    message_id  INTEGER,
    reason      TEXT,
    claimed_at  TEXT,
    done_at     TEXT
);
CREATE INDEX prediction_posts_open ON prediction_posts(state) WHERE state IN ('due', 'claimed');

PRAGMA user_version = 19;
COMMIT;
