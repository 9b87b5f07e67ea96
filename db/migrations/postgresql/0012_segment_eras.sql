-- Scoring eras (as ../0012_segment_eras.sql): the rules each segment was judged under.

ALTER TABLE segments ADD COLUMN era TEXT;

UPDATE segments SET era = (
    SELECT CASE
        WHEN c.season !~ '^[0-9]{4}-[0-9]{2}' THEN NULL
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2022 THEN '2022-'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2018 THEN '2018-2022'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2010 THEN '2010-2018'
        WHEN CAST(substr(c.season, 1, 4) AS INTEGER) >= 2004 THEN '2004-2010'
    END
    FROM events e JOIN competitions c ON c.id = e.competition_id
    WHERE e.id = segments.event_id
);
