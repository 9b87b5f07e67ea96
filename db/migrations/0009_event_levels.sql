-- Events are categories: a competition can hold several of one discipline (senior, junior, novice, adult, a
-- federation's own levels, qualifying groups), so each event records its level.
-- level: a code ('senior', 'junior', 'advanced-novice', 'intermediate-novice', 'basic-novice', 'novice', 'youth',
-- 'adult') or a federation's own level as printed ('R3 A Pou-Ben'); NULL when it is not known.
BEGIN;

ALTER TABLE events ADD COLUMN level TEXT;

-- Events stored before this migration: the championships below hold senior events only (juniors have their own
-- championships and Grand Prix), so their events are senior; anything else stays unknown rather than guessed.
UPDATE events SET level = 'senior'
WHERE competition_id IN (
    SELECT id FROM competitions
    WHERE level IN ('olympics', 'worlds', 'europeans', 'four-continents', 'grand-prix')
)
AND lower(name) NOT LIKE '%junior%' AND lower(name) NOT LIKE '%novice%';

PRAGMA user_version = 9;
COMMIT;
