# skatebot's bests and records: the highest scores in its store, per scoring era and level (never the ISU's
# official lists). Values named { $… } are filled in by the code; anything a user typed arrives already quoted.

## Commands (cogs/bests.py): descriptions are at most 100 characters
cmd-bests = Season's or all-time best scores in skatebot's store, one per athlete, per scoring era.
cmd-bests-discipline = Men, women, pairs or ice dance
cmd-bests-season = Season, e.g. 2016-17 (leave empty for every season in the store)
cmd-bests-segment = Total (default) or one segment
cmd-bests-level = Senior (default) or junior
cmd-records = Highest total and segment scores in skatebot's store, per discipline, level and era.
cmd-records-discipline = Only this discipline
choice-bests-segment-total = Total
choice-bests-segment-short-program = Short program
choice-bests-segment-free-skate = Free skate
# Ice dance's first segment: the rhythm dance since 2018-19, the short dance before.
choice-bests-segment-rhythm-dance = Rhythm dance / short dance
choice-bests-segment-free-dance = Free dance
choice-bests-level-senior = Senior
choice-bests-level-junior = Junior

## What things are called, in "No … matches …" and "… could be several …" (bot/errors.py)
bests-noun-season = season
bests-noun-seasons = seasons
bests-noun-segment = segment
bests-noun-level = level

## What the store lacks: "No { $missing } in the store." (core.ftl's error-not-in-store)
bests-missing-season = { $season } season
bests-missing-segment = segment “{ $segment }” in { $discipline }
bests-missing-scores = scores for { $discipline } ({ $segment }, { $level })
bests-missing-scores-in = scores for { $discipline } ({ $segment }, { $level }) from { $season }

## Segments as ranked
bests-segment-total = Total
# Ice dance's first segment from 2010-11 to 2017-18, stored with the rhythm dance's kind.
bests-segment-short-dance = Short dance

## /bests
bests-title-season = Season's bests { $season } · { $discipline } · { $segment } · { $level }
bests-title = Best scores · { $discipline } · { $segment } · { $level }
bests-team-event = team event
bests-footer = Each athlete's best score in skatebot's store, once: not the ISU's official season's or personal bests. Scores of different scoring eras are ranked apart; team event segment scores count, as the ISU counts them.

## /records
records-title = Highest scores in the store · { $discipline }
records-group = { $level } · { $era }
records-footer = The highest scores in skatebot's store, not the ISU's official records list. Totals are competition totals in individual events; team event segment scores count (marked).
