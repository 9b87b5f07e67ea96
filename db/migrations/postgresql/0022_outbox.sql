-- One outbox for everything the bot posts on its own (as ../0022_outbox.sql): a row per post, claimed before the
-- message is sent and completed after; the moments' claims moved into it.

CREATE TABLE outbox (
    kind        TEXT NOT NULL,
    key         TEXT NOT NULL,
    guild_id    BIGINT,
    channel_id  BIGINT,
    user_id     BIGINT,
    state       TEXT NOT NULL CHECK (state IN ('claimed', 'sent', 'failed', 'retracted')),
    version     INTEGER NOT NULL DEFAULT 1,
    message_id  BIGINT,
    attempts    INTEGER NOT NULL DEFAULT 1,
    reason      TEXT,
    claimed_at  TEXT NOT NULL,
    claimant    TEXT,
    done_at     TEXT,
    PRIMARY KEY (kind, key)
);
CREATE INDEX outbox_claimed ON outbox(kind, claimed_at) WHERE state = 'claimed';

INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, attempts, reason, claimed_at, done_at)
SELECT 'moment', guild_id::text || '/' || local_date, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, message_id, attempts, reason, claimed_at, done_at
FROM moment_posts
WHERE state IN ('claimed', 'posted') AND channel_id IS NOT NULL;

-- The live posts' likewise: claimed ones stay claimed (looked for before sending), posted ones keep their message and
-- the version it shows (corrected later).
INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at)
SELECT 'live', channel_id::text || '/' || watch_id::text || '/' || item_key, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, version, message_id, reason,
       COALESCE(claimed_at, done_at, due_at), done_at
FROM live_posts
WHERE state IN ('claimed', 'posted');

-- And the podium predictions': a round's announcement and its lock post, keyed by round.
INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at)
SELECT 'prediction', round_id::text, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, version, message_id, reason,
       COALESCE(claimed_at, done_at, ''), done_at
FROM prediction_posts
WHERE state IN ('claimed', 'posted');
INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, reason, claimed_at, done_at)
SELECT 'prediction-lock', round_id::text, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, message_id, reason,
       COALESCE(claimed_at, done_at, ''), done_at
FROM prediction_lock_posts
WHERE state IN ('claimed', 'posted');
