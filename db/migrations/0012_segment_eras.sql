-- Scoring eras: the rules each segment was judged under (bot/services/eras.py), so that scores of different rules
-- are never compared as if they were alike.
-- era: '2004-2010' (GOE -3..+3, five components, compulsory and original dances), '2010-2018' (GOE -3..+3, five
-- components, short dance), '2018-2022' (GOE -5..+5, five components), '2022-' (three components); NULL before
-- 2004-05 or when the competition's season is not known. New imports set it from the competition's season.
BEGIN;

ALTER TABLE segments ADD COLUMN era TEXT;

-- Segments stored before this migration: by their competition's season ("2016-17"), as bot.services.eras.era_of.
UPDATE segments SET era = (
    SELECT CASE
        WHEN c.season NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]*' THEN NULL
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2022 THEN '2022-'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2018 THEN '2018-2022'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2010 THEN '2010-2018'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2004 THEN '2004-2010'
    END
    FROM events e JOIN competitions c ON c.id = e.competition_id
    WHERE e.id = segments.event_id
);

PRAGMA user_version = 12;
COMMIT;
