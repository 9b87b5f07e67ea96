# Notable facts found in the results store (bot/services/facts/): the stock of moments "from the results".
# Every body is read by the claim check and must come out consistent: keep the sentences in the shapes it reads
# ("X won gold at Y with 233.41 points", "X scored 98.10 in the short program"), and never call a figure official.
# Values are given as shown: names escaped, scores with two decimals, $medal a code (gold, silver, bronze).

## Segments, as said inside a sentence
facts-segment-short-program = short program
facts-segment-free-skate = free skate
facts-segment-rhythm-dance = rhythm dance
facts-segment-short-dance = short dance
facts-segment-free-dance = free dance

## A climb of three places or more from the first segment to the final result
facts-climb-title = { $name }: from { $from } to { $place } at { $competition }
facts-climb-body = { $name } was { $from } after the { $segment } and moved up to { $place } at { $competition }, finishing on { $total } points.

## The last segment won from fifth place or lower after the first
facts-segment-win-title = { $name } wins the { $segment } from { $from } at { $competition }
facts-segment-win-body = { $name } was { $from } after the { $first } at { $competition }. { $name } won the { $segment } with { $score } points.

## The highest total, and the highest score of a segment, of a competition's event
facts-top-total-title = The top total at { $competition }: { $name } with { $total }
facts-top-total-body = { $name } scored { $total } points at { $competition }, the highest total in { $discipline } there.
facts-top-segment-title = { $name } wins the { $segment } at { $competition } with { $score }
facts-top-segment-body = { $name } won the { $segment } at { $competition } with { $score } points.

## The highest total and segment score of a season, and of a scoring era, among the competitions skatebot holds
## (never an official season's best: the store lacks competitions). $level: senior or junior; $scope: a season
## ("2016-17") for season-best, the era's short name ("2010–18 rules") for era-best.
facts-season-best-total-title = { $name }'s { $score } at { $competition }: the top { $level ->
    [junior] junior total
   *[other] total
} of { $scope } in skatebot's results
facts-season-best-total-body = { $name } scored { $score } points at { $competition }, the highest { $level ->
    [junior] junior total
   *[other] total
} in { $discipline } of the { $scope } season in skatebot's results.
facts-season-best-segment-title = { $name }'s { $score } at { $competition }: the top { $level ->
    [junior] junior { $segment }
   *[other] { $segment }
} of { $scope } in skatebot's results
facts-season-best-segment-body = { $name } scored { $score } in the { $segment } at { $competition }, the highest { $level ->
    [junior] junior { $segment } score
   *[other] { $segment } score
} in { $discipline } of the { $scope } season in skatebot's results.
facts-era-best-total-title = { $name }'s { $score } at { $competition }: the top { $level ->
    [junior] junior total
   *[other] total
} under the { $scope } in skatebot's results
facts-era-best-total-body = { $name } scored { $score } points at { $competition }, the highest { $level ->
    [junior] junior total
   *[other] total
} in { $discipline } under the { $scope } in skatebot's results.
facts-era-best-segment-title = { $name }'s { $score } at { $competition }: the top { $level ->
    [junior] junior { $segment }
   *[other] { $segment }
} under the { $scope } in skatebot's results
facts-era-best-segment-body = { $name } scored { $score } in the { $segment } at { $competition }, the highest { $level ->
    [junior] junior { $segment } score
   *[other] { $segment } score
} in { $discipline } under the { $scope } in skatebot's results.

## A total above every earlier total of the skater (or couple) in the same discipline, level and era, in the store
facts-personal-best-title = A new best for { $name }: { $total } at { $competition }
facts-personal-best-body = { $name } scored { $total } points at { $competition }, above every earlier { $level ->
    [junior] junior total
   *[other] total
} of theirs in skatebot's results under the same rules (the best before: { $previous } at { $earlier }).

## A medal (what "on this day" draws on)
facts-medal-title = { $medal ->
    [gold] Gold
    [silver] Silver
   *[bronze] Bronze
} for { $name } at { $competition }
facts-medal-body = { $name } won { $medal ->
    [gold] gold
    [silver] silver
   *[bronze] bronze
} at { $competition } with { $total } points.

## A country's first medal at a level in the store, after entering earlier competitions without one
facts-first-medal-title = A first { $level ->
    [junior] junior medal
   *[other] medal
} for { $country } in skatebot's results: { $name } at { $competition }
facts-first-medal-body = { $name } won { $medal ->
    [gold] gold
    [silver] silver
   *[bronze] bronze
} at { $competition } with { $total } points, the first { $level ->
    [junior] junior medal
   *[other] medal
} for { $country } in skatebot's results.

## Quadruple jumps and triple Axels, from the judges' details (only those with no call and no negative GOE)
facts-quad-title = { $count ->
    [one] A clean quad
   *[other] { $count } clean quads
} for { $name } at { $competition }
facts-quad-body = { $name } landed { $count ->
    [one] a clean quad
   *[other] { $count } clean quads
} ({ $jumps }) in the { $segment } at { $competition }. { $name } scored { $score } in the { $segment }.
facts-quad-count-title = { $count } clean quads in one skate: the most at { $competition }, by { $name }
facts-quad-count-body = { $name } landed { $count } clean quads ({ $jumps }) in the { $segment } at { $competition }, the most in one skate there. { $name } scored { $score } in the { $segment }.
facts-axel-title = { $count ->
    [one] A clean triple Axel
   *[other] { $count } clean triple Axels
} for { $name } at { $competition }
facts-axel-body = { $name } landed { $count ->
    [one] a clean triple Axel
   *[other] { $count } clean triple Axels
} ({ $jumps }) in the { $segment } at { $competition }. { $name } scored { $score } in the { $segment }.

## The narrowest and the widest winning margin of a competition
facts-margin-title = The closest win at { $competition }: { $name } by { $margin }
facts-margin-body = { $name } won gold at { $competition } with { $total } points, { $margin } points ahead of { $runner } on { $second }.
facts-wide-margin-title = The biggest win at { $competition }: { $name } by { $margin }
facts-wide-margin-body = { $name } won gold at { $competition } with { $total } points, { $margin } points ahead of { $runner } on { $second }.

## Every judge gave the top mark: the era's top GOE ($mark: +3 or +5) on elements, 10.00 on components
facts-top-marks-title = { $elements ->
    [0] Tens from every judge
   *[other] { $mark } from every judge
} for { $name } at { $competition }
facts-top-marks-body = { $elements ->
    [0] { "" }
    [one] Every judge gave { $name } { $mark } for one element ({ $codes }) in the { $segment } at { $competition }.{ " " }
   *[other] Every judge gave { $name } { $mark } for { $elements } elements ({ $codes }) in the { $segment } at { $competition }.{ " " }
}{ $components ->
    [0] { "" }
    [one] Every judge marked one component ({ $names }) of { $name } 10.00 in the { $segment } at { $competition }.{ " " }
   *[other] Every judge marked { $components } components ({ $names }) of { $name } 10.00 in the { $segment } at { $competition }.{ " " }
}{ $name } scored { $score } in the { $segment }.
# Where a fact happened: the competition, with the event when it is not a senior one.
facts-where = { $competition }
facts-where-event = { $competition } ({ $event })
