-- A skater who competed under a neutral name (OAR at PyeongChang 2018, ROC at Beijing 2022) is the same person as
-- under their federation (RUS): their identity key now names the federation (bot.services.countries.federation), so
-- that importing their other seasons joins them instead of storing them twice. A store that already holds both keys
-- for one name keeps the two (merging skaters is an owner's decision, not a migration's).
BEGIN;

UPDATE skaters SET match_key = 'RUS' || substr(match_key, 4)
WHERE substr(match_key, 1, 4) IN ('OAR|', 'ROC|', 'RPC|')
  AND NOT EXISTS (SELECT 1 FROM skaters other WHERE other.match_key = 'RUS' || substr(skaters.match_key, 4));

-- A couple that changed federation together is found by its partners' names under any country (the importer's
-- ResultsWriter.skaters_named): the name part of the key, indexed.
CREATE INDEX skaters_name_key ON skaters (substr(match_key, instr(match_key, '|') + 1));

PRAGMA user_version = 13;
COMMIT;
