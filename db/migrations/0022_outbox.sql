-- One outbox for everything the bot posts on its own (issue 30): a row per post, claimed before the message is sent
-- and completed after, so a crash, a restart or a second process (a shard handing over) neither loses nor doubles
-- it; the row keeps the message's id for a correction (an edit) or a retraction (a delete) later. Each kind of
-- post keeps what is its own (what to show, when it is due) in its own table; the delivery is here, once.
BEGIN;

CREATE TABLE outbox (
    kind        TEXT NOT NULL,                  -- 'moment', ...: whose post it is
    key         TEXT NOT NULL,                  -- the kind's own name of the post (a moment: 'guild/local date')
    guild_id    INTEGER,                        -- the server; NULL for a direct message
    channel_id  INTEGER,                        -- where it goes; NULL for a direct message
    user_id     INTEGER,                        -- a direct message's member
    state       TEXT NOT NULL CHECK (state IN ('claimed', 'sent', 'failed', 'retracted')),
    version     INTEGER NOT NULL DEFAULT 1,     -- the version of its content the message shows
    message_id  INTEGER,
    attempts    INTEGER NOT NULL DEFAULT 1,     -- sends tried: past the first, the channel is looked at first
    reason      TEXT,                           -- why the last attempt failed
    claimed_at  TEXT NOT NULL,                  -- a sharded process settles only claims older than its start
    claimant    TEXT,                           -- the process holding the claim: only it sends (NULL: none alive)
    done_at     TEXT,
    PRIMARY KEY (kind, key)
) WITHOUT ROWID;
CREATE INDEX outbox_claimed ON outbox(kind, claimed_at) WHERE state = 'claimed';

-- The moments' claims move here: a day being sent (or waiting for its retry) stays claimed, so an upgraded bot
-- looks for it in its channel before sending; a posted one keeps its message for corrections. Nothing is sent
-- twice and nothing pending is lost.
INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, attempts, reason, claimed_at, done_at)
SELECT 'moment', guild_id || '/' || local_date, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, message_id, attempts, reason, claimed_at, done_at
FROM moment_posts
WHERE state IN ('claimed', 'posted') AND channel_id IS NOT NULL;

-- The live posts' likewise: claimed ones stay claimed (looked for before sending), posted ones keep their message and
-- the version it shows (corrected later).
INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at)
SELECT 'live', channel_id || '/' || watch_id || '/' || item_key, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, version, message_id, reason,
       COALESCE(claimed_at, done_at, due_at), done_at
FROM live_posts
WHERE state IN ('claimed', 'posted');

-- And the podium predictions': a round's announcement and its lock post, keyed by round.
INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at)
SELECT 'prediction', CAST(round_id AS TEXT), guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, version, message_id, reason,
       COALESCE(claimed_at, done_at, ''), done_at
FROM prediction_posts
WHERE state IN ('claimed', 'posted');
INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, reason, claimed_at, done_at)
SELECT 'prediction-lock', CAST(round_id AS TEXT), guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' ELSE 'sent' END, message_id, reason,
       COALESCE(claimed_at, done_at, ''), done_at
FROM prediction_lock_posts
WHERE state IN ('claimed', 'posted');

PRAGMA user_version = 22;
COMMIT;
