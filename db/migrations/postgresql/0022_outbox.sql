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
