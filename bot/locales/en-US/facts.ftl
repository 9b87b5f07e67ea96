# Notable facts found in the results store (bot/services/facts.py): the stock of moments "from the results".
# Every body is read by the claim check and must come out consistent: keep the sentences in the shapes it reads
# ("X won gold at Y with 233.41 points", "X scored 98.10 in the short program"), and never call a figure official.
# Values are given as shown: names escaped, scores with two decimals, $medal a code (gold, silver, bronze).

## Segments, as said inside a sentence
facts-segment-short-program = short program
facts-segment-free-skate = free skate
facts-segment-rhythm-dance = rhythm dance
facts-segment-free-dance = free dance

## A climb of three places or more from the first segment to the final result
facts-climb-title = { $name }: from { $from } to { $place } at { $competition }
facts-climb-body = { $name } was { $from } after the { $segment } and moved up to { $place } at { $competition }, finishing on { $total } points.

## The highest total, and the highest score of a segment, of a competition's event
facts-top-total-title = The top total at { $competition }: { $name } with { $total }
facts-top-total-body = { $name } scored { $total } points at { $competition }, the highest total in { $discipline } there.
facts-top-segment-title = { $name } wins the { $segment } at { $competition } with { $score }
facts-top-segment-body = { $name } won the { $segment } at { $competition } with { $score } points.

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

## Quadruple jumps and triple Axels, from the judges' details (only those with no call and no negative GOE)
facts-quad-title = { $count ->
    [one] A clean quad
   *[other] { $count } clean quads
} for { $name } at { $competition }
facts-quad-body = { $name } landed { $count ->
    [one] a clean quad
   *[other] { $count } clean quads
} ({ $jumps }) in the { $segment } at { $competition }. { $name } scored { $score } in the { $segment }.
facts-axel-title = { $count ->
    [one] A clean triple Axel
   *[other] { $count } clean triple Axels
} for { $name } at { $competition }
facts-axel-body = { $name } landed { $count ->
    [one] a clean triple Axel
   *[other] { $count } clean triple Axels
} ({ $jumps }) in the { $segment } at { $competition }. { $name } scored { $score } in the { $segment }.

## The narrowest winning margin of a competition
facts-margin-title = The closest win at { $competition }: { $name } by { $margin }
facts-margin-body = { $name } won gold at { $competition } with { $total } points, { $margin } points ahead of { $runner } on { $second }.
