-- Judges' details (protocols) from ISU results, the panel of officials, and the schedule's local times.
BEGIN;

ALTER TABLE competitions ADD COLUMN timezone TEXT;       -- as the official schedule states it
ALTER TABLE segments ADD COLUMN start_time TEXT;         -- "HH:MM", local to the competition

CREATE TABLE protocol_elements (
    entry_id        INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,                    -- order of execution, from 1
    code            TEXT NOT NULL,                       -- "4T+3T", "CCoSp4"
    info            TEXT NOT NULL DEFAULT '',            -- markers as printed: <, <<, q, e, !, F, *, REP, ...
    base_value      REAL NOT NULL,
    bonus           INTEGER NOT NULL DEFAULT 0,          -- x: the second-half bonus
    goe             REAL NOT NULL,
    judges          TEXT NOT NULL,                       -- JSON list of each judge's mark as printed
    panel_score     REAL NOT NULL,
    prov            INTEGER REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, number)
) WITHOUT ROWID;

CREATE TABLE protocol_components (
    entry_id        INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        INTEGER NOT NULL,
    name            TEXT NOT NULL,
    factor          REAL NOT NULL,
    judges          TEXT NOT NULL,
    score           REAL NOT NULL,                       -- the panel's average, before the factor
    prov            INTEGER REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, position)
) WITHOUT ROWID;

CREATE TABLE protocol_deductions (
    entry_id        INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        INTEGER NOT NULL,
    reason          TEXT NOT NULL,
    points          REAL NOT NULL,                       -- positive: points taken off
    prov            INTEGER REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, position)
) WITHOUT ROWID;

CREATE TABLE segment_officials (
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        INTEGER NOT NULL,
    role            TEXT NOT NULL,
    name            TEXT NOT NULL,
    nation          TEXT,
    PRIMARY KEY (segment_id, position)
) WITHOUT ROWID;

PRAGMA user_version = 4;
COMMIT;
