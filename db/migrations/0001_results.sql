-- Results store: competitions, events, segments, skaters, entries and their scores.
-- Every figure column has a sibling *_prov column naming where the figure comes from; a NULL figure is
-- unknown, never zero.
BEGIN;

CREATE TABLE provenance (
    id          INTEGER PRIMARY KEY,
    confidence  TEXT NOT NULL CHECK (confidence IN ('official', 'multi-source', 'single-source', 'derived')),
    sources     TEXT NOT NULL,              -- JSON array of URLs, in the order given
    note        TEXT NOT NULL DEFAULT '',
    UNIQUE (confidence, sources, note)
);

CREATE TABLE competitions (
    id          INTEGER PRIMARY KEY,
    key         TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    short_name  TEXT,
    season      TEXT NOT NULL,
    level       TEXT NOT NULL,
    city        TEXT,
    country     TEXT,
    venue       TEXT,
    start_date  TEXT,
    end_date    TEXT,
    prov        INTEGER REFERENCES provenance(id)
);

CREATE TABLE events (
    id              INTEGER PRIMARY KEY,
    competition_id  INTEGER NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    name            TEXT NOT NULL,
    discipline      TEXT NOT NULL CHECK (discipline IN ('men', 'women', 'pairs', 'ice_dance', 'team')),
    UNIQUE (competition_id, key)
);

CREATE TABLE segments (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('short_program', 'free_skate', 'rhythm_dance', 'free_dance')),
    name        TEXT NOT NULL,
    discipline  TEXT,                       -- team event: whose segment it is
    date        TEXT,
    position    INTEGER NOT NULL,
    UNIQUE (event_id, key)
);

CREATE TABLE skaters (
    id          INTEGER PRIMARY KEY,
    isu_id      TEXT UNIQUE,
    name        TEXT NOT NULL,
    country     TEXT NOT NULL,
    match_key   TEXT NOT NULL,              -- country + normalized name: identity when there is no ISU id
    UNIQUE (match_key)
);

CREATE TABLE skater_aliases (
    skater_id   INTEGER NOT NULL REFERENCES skaters(id) ON DELETE CASCADE,
    alias       TEXT NOT NULL,
    PRIMARY KEY (skater_id, alias)
) WITHOUT ROWID;

-- One skater or a couple in one event.
CREATE TABLE entries (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    country     TEXT NOT NULL,
    skater_key  TEXT NOT NULL,              -- sorted skater ids, '12' or '12/40': one entry per skater set
    place       INTEGER, place_prov INTEGER REFERENCES provenance(id),
    total       REAL,    total_prov INTEGER REFERENCES provenance(id),
    status      TEXT CHECK (status IN ('WD', 'FNR', 'DSQ')),
    UNIQUE (event_id, skater_key)
);

CREATE TABLE entry_skaters (
    entry_id    INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    skater_id   INTEGER NOT NULL REFERENCES skaters(id),
    PRIMARY KEY (entry_id, position)
) WITHOUT ROWID;
CREATE INDEX entry_skaters_by_skater ON entry_skaters(skater_id);

CREATE TABLE segment_results (
    entry_id        INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    rank            INTEGER, rank_prov INTEGER REFERENCES provenance(id),
    tss             REAL,    tss_prov INTEGER REFERENCES provenance(id),
    tes             REAL,    tes_prov INTEGER REFERENCES provenance(id),
    pcs             REAL,    pcs_prov INTEGER REFERENCES provenance(id),
    deductions      REAL,    deductions_prov INTEGER REFERENCES provenance(id),
    starting_number INTEGER, starting_number_prov INTEGER REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id)
) WITHOUT ROWID;
CREATE INDEX segment_results_by_segment ON segment_results(segment_id);

-- Text facts (falls, records) about an entry or a whole event.
CREATE TABLE notes (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    entry_id    INTEGER REFERENCES entries(id) ON DELETE CASCADE,
    text        TEXT NOT NULL,
    prov        INTEGER REFERENCES provenance(id),
    UNIQUE (event_id, entry_id, text)
);

CREATE TABLE team_results (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    country     TEXT NOT NULL,
    name        TEXT NOT NULL,
    place       INTEGER, place_prov INTEGER REFERENCES provenance(id),
    points      REAL,    points_prov INTEGER REFERENCES provenance(id),
    UNIQUE (event_id, country)
);

CREATE TABLE team_segment_results (
    team_result_id  INTEGER NOT NULL REFERENCES team_results(id) ON DELETE CASCADE,
    segment_id      INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    skater_key      TEXT NOT NULL,          -- who skated it, as in entries.skater_key
    skater_names    TEXT NOT NULL,          -- as printed, for display without joins
    rank            INTEGER, rank_prov INTEGER REFERENCES provenance(id),
    points          REAL,    points_prov INTEGER REFERENCES provenance(id),
    tss             REAL,    tss_prov INTEGER REFERENCES provenance(id),
    PRIMARY KEY (team_result_id, segment_id)
) WITHOUT ROWID;

CREATE TABLE imports (
    id          INTEGER PRIMARY KEY,
    source      TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    summary     TEXT NOT NULL
);

PRAGMA user_version = 1;
COMMIT;
