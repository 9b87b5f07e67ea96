# The claim check (bot/services/claims, /story check): what a story claims, and each claim's verdict.
# Names of skaters, competitions and events, scores and numbers arrive as they are shown; words quoted from
# the story (a "title" or "crown" it names) arrive as the story wrote them.

## Words the claims are made of
claim-medal = { $medal ->
    [gold] gold
    [silver] silver
   *[bronze] bronze
}
claim-segment = { $kind ->
    [short_program] short program
    [free_skate] free skate
    [rhythm_dance] rhythm dance
   *[free_dance] free dance
}
# Two readings of one thing ("short program or free skate", "a or b or c").
claim-or = { $first } or { $rest }
# Places in the standings a story names without a name ("off the podium", "off the lead", "lost by").
claim-rank-silver = the silver medallist
claim-rank-podium = the podium
claim-rank-leader = the leader
claim-rank-winner = the winner
claim-the-next = the next

## What a story claims ($place is an ordinal, $segment a claim-segment, $score and $points as written)
claim-team-medal = team { $medal }
claim-team-place = { $place } in the team event
claim-gold-champion = { $level ->
    [olympic] gold (Olympic champion)
    [world] gold (world champion)
   *[other] gold (champion)
}
claim-gold-won-the = gold (won the { $what })
claim-gold-team-event = gold (won the team event)
claim-gold-won = gold (won)
claim-silver-runner-up = silver (runner-up)
claim-gold-podium = gold (top of the podium)
claim-bronze-podium = bronze (completed the podium)
claim-medal-podium = a medal (on the podium)
claim-medal-ceremony = a medal (at the medal ceremony)
claim-place-last = last
claim-place-after = { $place } after the { $segment }
claim-place-in = { $place } in the { $segment }
claim-place-after-or-in = { $place } after the { $segment } (overall, or in it)
claim-margin-behind = { $points } point(s) behind { $other }
claim-margin-ahead = { $points } point(s) ahead of { $other }
claim-team-points = { $points } points
claim-total = { $score } total
claim-score-in = { $score } in the { $segment }
claim-score-total-or = { $score } (total or { $segments })
claim-score-segment = { $score } (a segment score)
claim-score-any = { $score } (total or a segment score)
claim-ahead-of = ahead of { $other }
claim-behind = behind { $other }
claim-falls = { $n ->
    [one] { $n } fall
   *[other] { $n } falls
}
claim-a-fall = a fall
# A margin, an order or falls said of one segment.
claim-in-segment = { $claim } in the { $segment }

## Why a claim cannot be checked, known when it is read
claim-past-title-or-medal = a title or medal won before this competition: which one is not said
claim-past-title = a title won before this competition: which one is not said
claim-past-result = a result of another competition: which one is not said
claim-team-after-segment = team standings after a segment are not stored
claim-skater-team-points = a skater's points for the team are not checked
claim-not-in-store = not in the results store
claim-pronoun-unclear = who “{ $word }” is, is not clear: { $first } or { $second }
claim-home-entry = the home skater or couple: which entry that is, is not said
claim-could-be = could be { $names } or { $last }

## The report
claim-summary = { $consistent } consistent · { $contradicted } contradicted · { $uncheckable } not checkable
claim-summary-none = no checkable claims

## Verdicts: which competition
verdict-no-competition = the story does not say which competition it is about
verdict-competition-ambiguous = “{ $text }” could be { $labels } or { $last }
verdict-competition-named = competition “{ $text }”
verdict-competition-missing = no { $missing } in the results store
verdict-competition-missing-has = no { $missing } in the results store (it has { $has })

## Verdicts: who, and where their result is
verdict-subject = { $name }: { $why }
verdict-nothing-stored = nothing stored to check it against
verdict-not-one-skater = “{ $name }” is not one skater
verdict-discipline = { $discipline ->
    [men] men
    [women] women
    [pairs] pairs
    [ice_dance] ice dance
   *[team] team
}
verdict-no-discipline-event = no { $discipline } event stored at { $competition }
verdict-no-entry-in = no entry stored for { $name } in { $event } at { $competition }
verdict-no-entry = no entry stored for { $name } at { $competition }
verdict-nothing-at = nothing stored for it at { $where }
verdict-no-event = no event stored to check it against

## Verdicts: the reading of a sentence that was checked ("Milano Cortina 2026 · Women · Kaori Sakamoto, total")
verdict-where = { $competition } · { $event }
verdict-reading = { $where } · { $what }
verdict-reading-who = { $where } · { $who }, { $what }
verdict-what-final-place = final place
verdict-what-rank = { $segment } rank
verdict-what-total = total
verdict-what-score = { $segment } score
verdict-what-order = order
verdict-what-margin = margin
verdict-what-segment-order = { $segment } order
verdict-what-segment-margin = { $segment } margin
verdict-what-falls = falls
verdict-what-falls-in = falls in the { $segment }
verdict-what-team-points = { $country } team points
verdict-what-team-place = { $country } team place
verdict-what-team-order = team order
verdict-what-team-margin = team margin
verdict-what-country-place = a { $country } entry's place

## Verdicts: what the store says
verdict-stored = stored: { $stored }
verdict-stored-of = stored: { $stored }, with an entry stored { $last }
verdict-field-unknown = stored: { $stored }; whether that was last is not known (not every place is stored)
verdict-stored-note = stored note: { $note }
verdict-by-size = { $why }; read by its size: { $value } cannot be the score the sentence names at this event
verdict-anothers-score = { $why }; the claimed figure is exactly the { $what } of { $name }: read with the wrong skater?
verdict-margin-of-another-kind = { $why }; the claimed margin is exactly their gap in the { $kind }: read with the wrong segment?
verdict-not-stored = no { $what } stored ({ $reading })
verdict-place-medal = { $place } ({ $medal })
verdict-one-of = { $why } (one of { $n } readings)
verdict-several-ways = the sentence can be read { $n } ways and none matches the store ({ $tried })
verdict-tried = { $reading }: { $stored }
verdict-tried-more = { $first }; { $rest }
verdict-the-next-placed = the next placed
verdict-no-result-to-compare = no result stored for { $name } to compare with ({ $where })
verdict-places-not-stored = the places of { $name } and { $other } are not both stored
verdict-order = { $place } vs { $other } ({ $name })
verdict-scores-not-stored = the scores of { $name } and { $other } are not both stored
verdict-margin-approximate = a margin in whole points between scores with decimals is only approximate
verdict-margin-ahead = { $points } ahead of { $name }
verdict-margin-behind = { $points } behind { $name }
verdict-falls-not-recorded = falls are not recorded for this skate
verdict-falls-counted = the stored notes count { $n } fall(s)
verdict-no-team-event = no team event stored at { $competition }
verdict-no-team-result = no team result stored for { $country } ({ $where })
verdict-no-team-points = no team points stored for { $country } ({ $where })
verdict-team-points = { $points } points
verdict-team-margin-ahead = { $points } points ahead of { $country }
verdict-team-margin-behind = { $points } points behind { $country }
verdict-team-results-not-stored = the team results to compare are not stored ({ $where })
verdict-team-places-not-stored = the team places are not both stored
verdict-team-points-not-stored = the team points are not both stored
verdict-which-skater = { $name }: which skater is meant is not said
verdict-country-place = { $place }: { $name }
verdict-country-place-other = { $place }: { $name } ({ $country })
verdict-no-place-for = no { $place } place stored for { $name } ({ $where })

## /story check: the pages
check-title = Claim check of story #{ $id }
check-title-where = Claim check of story #{ $id } · { $where }
check-empty = No checkable claims about results in this story.
check-claim = { $badge } **{ $subject }**: { $claimed }
check-claim-stored = { $badge } **{ $subject }**: { $claimed } — stored: **{ $stored }**
check-read-as = read as: { $reading }
check-source = ([source]({ $url }))

## schema.org ClaimReview export (bot/services/claimreview.py); $label is the story's label as stored
claim-review-unlabelled = Story #{ $id } is { $label }: label it before exporting a fact-check of it.

## Commands
cmd-story-check = Check a story's claims against the results store (moderators)
cmd-story-check-id = Story number
