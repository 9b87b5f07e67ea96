-- The language of a member's Discord when they followed a skater (as ../0017_follower_language.sql).

ALTER TABLE live_follows ADD COLUMN locale TEXT;
