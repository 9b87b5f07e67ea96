# skatebot's results: standings, athletes, head-to-heads, podiums, medal tables, judges' details, /about.
# Values named { $… } are filled in by the code; anything a user typed arrives already quoted and escaped.

## Commands (cogs/results.py, cogs/athletes.py, cogs/meta.py): descriptions are at most 100 characters
cmd-results = Standings of an event: places, totals and segment scores.
cmd-results-competition = Competition, e.g. Milano Cortina 2026
cmd-results-event = Event, e.g. Men
cmd-results-segment = Only this segment, e.g. Free skate
cmd-podiums = Medallists of a discipline, newest competition first.
cmd-podiums-discipline = Men, women, pairs, ice dance or the team event
cmd-podiums-competition = Only this competition
cmd-medals = Medal table by country for one competition.
cmd-medals-competition = Competition, e.g. Milano Cortina 2026
cmd-protocol = Judges' details of a skate: elements, GOE, each judge's marks, components.
cmd-protocol-athlete = Skater
cmd-protocol-competition = Competition
cmd-protocol-segment = Segment, e.g. Free skate
cmd-protocol-card = Attach the protocol as an image: judges' marks as a heat map
cmd-athlete = An athlete's profile: country, medals, results and best scores.
cmd-athlete-name = Skater, in any spelling or word order
cmd-athlete-chart = Attach a chart of the scores over the seasons (an image)
cmd-compare = Head-to-head of two skaters in the events both entered.
cmd-compare-a = First skater
cmd-compare-b = Second skater
cmd-compare-chart = Attach a chart of both totals where they met (an image)
cmd-about = What data skatebot has loaded and how to report an error.
cmd-ping = Check that skatebot is responding.
choice-discipline-men = Men
choice-discipline-women = Women
choice-discipline-pairs = Pairs
choice-discipline-ice-dance = Ice dance
choice-discipline-team = Team event

## What things are called, in "No … matches …" and "… could be several …" (bot/errors.py)
noun-competition = competition
noun-competitions = competitions
noun-athlete = athlete
noun-athletes = athletes
noun-discipline = discipline
noun-event-at = event at { $competition }
noun-events-at = events at { $competition }
noun-segment-in = segment in { $event }
noun-segment-skated-at = segment { $athlete } skated at { $competition }
noun-spelling-of = spelling of { $skater }

## Disciplines, segments, medals, levels
discipline-men = Men
discipline-women = Women
discipline-pairs = Pairs
discipline-ice-dance = Ice dance
discipline-team = Team event
# As said in a sentence: "… skates men's singles and …"
discipline-phrase-men = men's singles
discipline-phrase-women = women's singles
discipline-phrase-pairs = pairs
discipline-phrase-ice-dance = ice dance
discipline-phrase-team = the team event
segment-short-program = Short program
segment-free-skate = Free skate
segment-rhythm-dance = Rhythm dance
segment-free-dance = Free dance
segment-short-dance = Short dance
# An event's and a segment's name, as the store holds them (the source's words). Other languages name them from
# what they are. event-name: $shape is senior (only $discipline matters), level ($level then $discipline), or
# stored (the stored name is all that is known). segment-name: $shape is team ($discipline, then $kind), kind, or stored (only the
# stored name is known).
event-name = { $stored }
segment-name = { $stored }
medals-gold = gold
medals-silver = silver
medals-bronze = bronze
# Levels of events (bot/services/levels.py); a federation's own level is shown as printed.
level-event-senior = Senior
level-event-junior = Junior
level-event-advanced-novice = Advanced novice
level-event-intermediate-novice = Intermediate novice
level-event-basic-novice = Basic novice
level-event-novice = Novice
level-event-youth = Youth
level-event-adult = Adult
level-event-unknown = Level not known
# Levels of competitions (bot/services/competitions.py)
level-competition-olympics = Olympic Winter Games
level-competition-worlds = World Championships
level-competition-junior-worlds = World Junior Championships
level-competition-europeans = European Championships
level-competition-four-continents = Four Continents Championships
level-competition-grand-prix = Grand Prix
level-competition-grand-prix-final = Grand Prix Final
level-competition-challenger = Challenger Series
level-competition-national = National Championships

## What the store lacks: "No { $missing } in the store." (core.ftl's error-not-in-store)
# $edition: an Olympic edition in Roman numerals (XXV); $when: a year or a season (2026, 2025-26).
store-missing-level = { $level }
store-missing-when = { $when } { $level }
store-missing-edition = { $edition } { $level }
store-missing-edition-when = { $edition } { $when } { $level }
store-missing-competition-matching = competition matching { $query }

## Site imports and spellings (the bot's owners)
store-import-owners-only = Only the bot's owners can import results.
store-import-failed = Nothing was imported: { $problem }
athlete-alias-owners-only = Only the bot's owners can change how skaters' names are written.
athlete-alias-exists = { $skater } is already written { $alias }.
athlete-alias-empty = A spelling needs at least one letter or digit.
athlete-alias-too-long = A spelling is at most { $limit } characters.

## Finding athletes
athlete-is-couple = { $query } is a couple; name one skater.
athlete-never-together = { $a } and { $b } have no entry together in the results stored; look them up one at a time.
athlete-no-results-at = { $athlete } has no results stored at { $competition }.
# An autocomplete choice before anything is typed: "Ilia Malinin · gold, Worlds 2025"
athlete-choice-medallist = { $name } · { $medal }, { $competition }

## Standings (/results) and what every results embed shares
results-none-stored = No results stored for this yet.
results-none-yet = { $competition } ({ $dates }, { $place }): no results in the store yet.
results-known-places = Places in the store: { $places } (compiled from reports; the other places are not in the store, so this is not the whole table).
results-no-places-known = No final places in the store for these { $n } entries (compiled from reports).
results-disputed = ⚠ disputed: { $text }
results-page-footer = Page { $number }/{ $pages } · { $footer }
results-lines-more = … and { $n } more
results-marks-legend = Figures are multi-source or official unless marked
results-mark-single-source = { $mark } single source
results-mark-derived = { $mark } derived (computed, not reported)
results-mark-unknown = — unknown
results-tes = TES { $score }
results-pcs = PCS { $score }
results-deductions-short = Ded. { $score }
results-final-place = final { $place }
results-points = { $points } pts
results-points-bold = **{ $points }** pts

## Athlete profiles (/athlete)
athlete-disciplines = { $disciplines }
athlete-couple-partners = Results skated together. Each partner: { $names }
athlete-partners = Partner: { $names }
athlete-also-written = Also written: { $spellings }
athlete-also-written-by = { $name } also written: { $spellings }
# Medals by kind of competition, junior medals apart from senior ones: "Grand Prix: 🥇 2 · 🥈 1"
athlete-medals = Medals in this store
athlete-medals-none = None recorded
athlete-medal-count = { $medal } { $count }
athlete-medal-line = { $competitions }: { $medals }
athlete-medal-line-team = { $competitions }, team event: { $medals }
# A level other than senior: "Junior · Grand Prix Final: 🥉 1"
athlete-medal-line-level = { $level } · { $competitions }: { $medals }
athlete-medal-line-level-team = { $level } · { $competitions }, team event: { $medals }
athlete-medals-olympics = Olympic Winter Games
athlete-medals-worlds = World Championships
athlete-medals-continental = Europeans and Four Continents
athlete-medals-grand-prix-final = Grand Prix Final
athlete-medals-grand-prix = Grand Prix
athlete-medals-junior-worlds = World Junior Championships
athlete-medals-other = Other competitions
# Best scores, one field per scoring era (its rules named): scores of different eras are never one best.
athlete-bests-era = Best scores in this store · { $era }
athlete-best-line = { $label }: **{ $score }** ({ $competition }, { $date })
athlete-best-total = Total
athlete-best-short-dance = Short dance
athlete-best-at-level = { $kind } ({ $level })
athlete-best-level-unknown = { $kind } (level not known)
# When the day of the skate is not stored: the competition's days.
athlete-dates = { $start } to { $end }
# The career, one field per season, newest first; the era's rules are named when the career spans several.
athlete-results = Results
athlete-season = { $season } season
athlete-season-era = { $season } season · { $era }
athlete-segments-only = segments only ({ $scores })
athlete-results-more = … and { $n ->
        [one] { $n } older competition
       *[other] { $n } older competitions
    } not shown: see /results for each
athlete-team-outcome = { $place } with { $team }
athlete-team-outcome-points = { $place } with { $team }, { $points } pts

## Head-to-heads (/compare)
compare-same-athlete = Both options name { $athlete }: pick two different athletes.
compare-title = { $a } vs { $b }
compare-never-met = { $a } and { $b } have not competed in the same event in the results stored.
compare-partners = { $a } and { $b } skate together: they are partners, not rivals, in { $events }.
compare-other-disciplines = { $a } skates { $a_discipline } and { $b } skates { $b_discipline }: they never compete against each other (in the team event they skate different segments).
compare-discipline-and = { $first } and { $second }
compare-finished-ahead = Finished ahead, in { $events ->
        [one] the one event both entered (of those in the store)
       *[other] { $events } events both entered (of those in the store)
    }
compare-one-era = All judged under the { $era }.
# Meetings judged under different rules: each era's tally apart, each meeting tagged with its era.
compare-eras-mixed = Their meetings span { $eras } scoring eras: scores and places are counted era by era, never across them.
compare-era-tally = **{ $era }**: { $a } { $a_wins } – { $b_wins } { $b }, finished ahead in { $events ->
        [one] the one event both entered (of those in the store)
       *[other] { $events } events both entered (of those in the store)
    }
compare-place = Place: { $a } vs { $b }
compare-total = Total: { $a } vs { $b }
compare-segment = { $segment }: { $a } vs { $b }
compare-differences = differences are { $a } minus { $b }
compare-meetings-more = … and { $n ->
        [one] { $n } older meeting
       *[other] { $n } older meetings
    } not shown

## Podiums and medal tables (/podiums, /medals)
podium-title = Podiums · { $discipline }
medals-title = Medal table · { $competition }
# Column heads of the medal table: short (the country column is 4 wide, the others 2, the total 4).
medals-column-country = NOC
medals-column-gold = G
medals-column-silver = S
medals-column-bronze = B
medals-column-total = Tot
medals-footer = From the final places stored; the team event counts one medal per country

## Judges' details (/protocol)
protocol-not-stored = No judges' details are stored for { $athlete } in the { $segment } at { $competition }: only official ISU imports carry them.
# Column heads of the elements table: Element is 13 wide, Info 5, the base value 6, GOE 7, the score 6.
protocol-column-element = Element
protocol-column-info = Info
protocol-column-base-value = BV
protocol-column-goe = GOE
protocol-column-judges = Judges
protocol-column-score = Score
protocol-column-tes = TES
protocol-summary = Rank { $rank } · TSS **{ $tss }** = TES { $tes } + PCS { $pcs }
protocol-summary-deductions = Rank { $rank } · TSS **{ $tss }** = TES { $tes } + PCS { $pcs } − deductions { $deductions }
protocol-components = Program components
# A program component as the protocol names it; $kind is skating-skills, transitions, performance, composition,
# interpretation, presentation or other.
protocol-component = { $stored }
protocol-deductions = Deductions
protocol-legend = Legend
protocol-footer = Official ISU judges' details
protocol-footer-judges = Official ISU judges' details · Judges: { $judges }
# What the markers of the Info column mean (ISU Communication / Technical Panel Handbook wording, short)
protocol-marker-downgraded = downgraded
protocol-marker-under-rotated = under-rotated
protocol-marker-quarter = landed on the quarter
protocol-marker-wrong-edge = wrong edge
protocol-marker-unclear-edge = unclear edge
protocol-marker-fall = fall
protocol-marker-invalid = invalid element
protocol-marker-repeated = repeated jump (reduced value)
protocol-marker-reduced = reduced value
protocol-marker-bonus = bonus: second half of the program

## /about
about-description = The community's memory for figure skating: results, athletes and head-to-heads from a store where every figure keeps its sources.
about-data-loaded = Data loaded
about-counts = { $competitions ->
        [one] { $competitions } competition
       *[other] { $competitions } competitions
    } · { $events ->
        [one] { $events } event
       *[other] { $events } events
    } · { $entries ->
        [one] { $entries } entry
       *[other] { $entries } entries
    } · { $skaters ->
        [one] { $skaters } skater
       *[other] { $skaters } skaters
    }
about-competitions = Competitions
about-sources-title = Where the figures come from
about-sources = Public reporting and official results: { $sites }
about-sources-more = Public reporting and official results: { $sites } and { $more } more
about-last-import = Last import
about-last-import-from = { $date } from <{ $url }>
about-credits-title = Credits
about-credits = Judges' details of 2016-17 and autumn 2017: data by BuzzFeed News, [figure-skating-scores](https://github.com/BuzzFeedNews/figure-skating-scores), extracted from the ISU's protocols, under [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/); converted to skatebot's format, with totals and places computed from the segment scores.
about-report-title = Found a wrong figure?
about-report = Tell your server's moderators, with the competition, the figure and a source; the bot's owner corrects the store with `skatebot import`. Figures marked * rest on one source, † are computed.
about-footer = { $name } { $version } · every figure keeps its sources and confidence

## Scoring eras (bot/services/eras.py): scores of different eras are never compared without saying so
era-2004-2010 = 2004–10 rules (GOE −3 to +3, five components, compulsory and original dance)
era-2010-2018 = 2010–18 rules (GOE −3 to +3, five components)
era-2018-2022 = 2018–22 rules (GOE −5 to +5, five components)
era-2022- = rules since 2022 (GOE −5 to +5, three components)
era-unknown = scoring era not known
# The same, short: after a meeting's name ("Beijing 2022 · Men's singles · 2018–22 rules"), a season's
era-short-2004-2010 = 2004–10 rules
era-short-2010-2018 = 2010–18 rules
era-short-2018-2022 = 2018–22 rules
era-short-2022- = rules since 2022
era-short-unknown = era not known
