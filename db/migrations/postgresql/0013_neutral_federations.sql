-- A skater under a neutral name (OAR, ROC, RPC) is keyed under their federation (as ../0013_neutral_federations.sql).

UPDATE skaters SET match_key = 'RUS' || substr(match_key, 4)
WHERE substr(match_key, 1, 4) IN ('OAR|', 'ROC|', 'RPC|')
  AND NOT EXISTS (SELECT 1 FROM skaters other WHERE other.match_key = 'RUS' || substr(skaters.match_key, 4));

-- The name part of the key, indexed (db/dialect.py's name_key is the same expression).
CREATE INDEX skaters_name_key ON skaters (substr(match_key, strpos(match_key, '|') + 1));
