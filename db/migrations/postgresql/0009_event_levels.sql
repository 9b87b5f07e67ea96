-- Events record their level (as ../0009_event_levels.sql).

ALTER TABLE events ADD COLUMN level TEXT;

UPDATE events SET level = 'senior'
WHERE competition_id IN (
    SELECT id FROM competitions
    WHERE level IN ('olympics', 'worlds', 'europeans', 'four-continents', 'grand-prix')
)
AND lower(name) NOT LIKE '%junior%' AND lower(name) NOT LIKE '%novice%';
