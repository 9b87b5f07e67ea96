# Charts and protocol cards (bot/services/charts/, bot/discord_layer/ui/charts.py): the words on the images and their
# alternative text (the attachment's description, read out by screen readers; at most 1,024 characters).

## On the images
chart-athlete-title = { $name }: scores over the seasons
chart-score = Score
chart-total = Total score
chart-personal-best = Personal best
chart-other-level = Dashed: not a senior event
chart-series-discipline = { $era } · { $discipline }
chart-series-level = { $series } ({ $level })
chart-compare-title = { $a } and { $b }: totals where both skated
chart-protocol-title = { $name } · { $competition }
chart-base-value = Base
chart-goe = GOE
chart-panel-score = Score
chart-factor = Factor
chart-protocol-totals = TES { $tes } · PCS { $pcs } · Deductions { $deductions } · Total { $tss }
chart-marks-heading = Elements: each judge's GOE
chart-components-heading = Components: marks against the panel's median
chart-deductions-heading = Deductions

## Alternative text
chart-alt-athlete = Line chart of { $name }'s scores in { $competitions ->
    [one] one competition
   *[other] { $competitions } competitions
    }, { $first } to { $last }: { $panels }. One line per scoring era ({ $eras }), never joined across eras. Stars mark personal bests: { $bests }.
chart-alt-best = { $kind } { $score } ({ $competition })
chart-alt-bests-none = none
chart-alt-left-out = { $count ->
    [one] One skate without a stored score is not drawn.
   *[other] { $count } skates without a stored score are not drawn.
    }
chart-alt-compare = Bar chart of the totals of { $a } and { $b } in the { $meetings ->
    [one] event
   *[other] { $meetings } events
    } both entered, side by side, oldest first, grouped by scoring era ({ $eras }).
chart-alt-compare-left-out = { $count ->
    [one] One meeting without both totals (a team event) is not drawn.
   *[other] { $count } meetings without both totals (team events) are not drawn.
    }
chart-alt-protocol = Heat map of the judges' marks in { $name }'s { $segment } at { $competition }: { $elements } elements and the program components, { $judges } judges, with base values, GOE, scores and deductions; { $totals }.
chart-alt-widest = The panel differed most on { $element }: { $spread } between the highest and the lowest mark.
chart-alt-podium = Podium card of { $category } at { $competition }: { $steps }.
chart-alt-podium-step = { $place } { $name } ({ $nation }) { $total }
chart-alt-podium-left-out = { $count ->
    [one] One podium place without a total is not drawn.
   *[other] { $count } podium places without a total are not drawn.
    }

## Errors
chart-failed = The chart could not be drawn just now. Ask again, or without the chart option for the text answer.
chart-none-stored = There is no score of { $athlete } in the store to draw: the answer is the text one.
# The button under an /athlete answer that draws the chart for whoever presses it.
chart-button = Chart
