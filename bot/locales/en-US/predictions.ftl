# Podium predictions (bot/services/predictions.py, bot/discord_layer/ui/predictions.py, cogs/predict.py): members pick an event's
# podium and its short program's winner; the round locks at the event's first segment; the final result scores it.
# Timestamps arrive as Discord's <t:…> markup: each reader sees them in their own time zone.

## Commands
cmd-predict = Podium predictions: pick an event's medallists before it starts
cmd-predict-pick = Pick an event's gold, silver, bronze and short program winner (change it until it locks)
cmd-predict-pick-competition = Competition
cmd-predict-pick-event = Event, e.g. Women
cmd-predict-pick-gold = Gold (an entry; a couple by either name)
cmd-predict-pick-silver = Silver
cmd-predict-pick-bronze = Bronze
cmd-predict-pick-short = The short program's (or rhythm dance's) winner
cmd-predict-show = Your picks in this server (only you see them)
cmd-predict-leaderboard = This server's prediction leaderboard of a competition or a season
cmd-predict-leaderboard-competition = A competition (default: the season)
cmd-predict-leaderboard-season = A season, e.g. 2025-26 (default: the newest with picks)
cmd-predict-settings = This server's predictions: the announcements' channel, on or off, the scoring table (moderators)
cmd-predict-settings-channel = Where scored rounds are announced
cmd-predict-settings-enabled = Whether members can pick
cmd-predict-settings-scoring = The scoring table
cmd-predict-lock = Lock an event's picks now (moderators)
cmd-predict-lock-competition = Competition
cmd-predict-lock-event = Event
choice-predict-scoring-standard = standard: exact place 5, on the podium 2, short program 3
choice-predict-scoring-generous = generous: exact place 4, on the podium 3, short program 2
choice-predict-scoring-exact = exact: exact place 6, on the podium 0, short program 3

## What the service refuses
predict-off = Predictions are off in this server.
predict-team-event = Team events are not predicted: pick an individual event.
predict-no-entries = { $event } of { $competition } has no entries stored yet, so there is nothing to pick from.
predict-not-entered = { $name } is not entered in { $event }.
predict-entry-ambiguous = { $name } fits several entries: { $entries }. Pick one from the list.
predict-same-pick = One entry can take one place of the podium only.
predict-locked = Picks for { $event } locked at { $at }.
predict-locked-scored = { $event } is over and scored: picks are closed.
predict-locked-started = { $event } has started: picks are closed.
predict-bad-scoring = { $scoring } is not a scoring table. The tables: { $known }.
predict-no-rounds = Nobody has picked anything in this server yet.

## Replies
predict-picked = Your pick for { $event } of { $competition }:
predict-changed = Your pick for { $event } of { $competition } is changed:
predict-slot-gold = 🥇 { $name }
predict-slot-silver = 🥈 { $name }
predict-slot-bronze = 🥉 { $name }
predict-slot-short = Short program: { $name }
predict-locks-at = Picks lock at { $at }.
predict-locks-by-moderator = No schedule times this event: picks lock when a moderator locks them or when it starts.
predict-locked-at = Locked at { $at }.
predict-lock-started = Locked: the event has started.
predict-lock-scored = Scored.
predict-lock-unknown-event = The event is no longer in the store.
predict-lock-done = Picks for { $event } are locked (at { $at }).
predict-show-title = Your picks
predict-show-none = You have not picked anything in this server yet.
predict-show-event = { $event } · { $competition }
predict-points = **{ $points }** points
predict-slot-name-gold = Gold
predict-slot-name-silver = Silver
predict-slot-name-bronze = Bronze
predict-slot-name-short = Short program
predict-why-exact = { $slot }: { $name }, right place: +{ $points }
predict-why-podium = { $slot }: { $name }, on the podium at another place: +{ $points }
predict-why-missed = { $slot }: { $name }, missed: 0
predict-why-won = { $slot }: { $name } won it: +{ $points }
predict-why-out = { $slot }: { $name } did not finish ({ $status }): 0
predict-why-absent = { $slot }: { $name } is not in the final result: 0
predict-board-competition = Predictions · { $competition }
predict-board-season = Predictions · season { $season }
predict-board-line = { $rank }. { $member }: **{ $points }** points ({ $rounds ->
    [one] one event
   *[other] { $rounds } events
})
predict-board-empty = No scored picks yet.
predict-settings-on = Predictions are on.
predict-settings-off = Predictions are off.
predict-settings-channel = Scored rounds are announced in { $channel }.
predict-settings-no-channel = No channel is chosen: scored rounds are not announced.
predict-settings-scoring = Scoring table: { $scoring } (exact place { $exact }, on the podium { $podium }, short program { $short }).

## The announcement
predict-announce-title = Predictions · { $event } · { $competition }
predict-announce-podium-line = { $place ->
    [1] 🥇
    [2] 🥈
   *[other] 🥉
} { $name }
predict-announce-short = Short program: { $name }
predict-announce-corrected = The result was corrected: the picks are scored again.
predict-announce-member = { $rank }. { $member }: **{ $points }** points
predict-announce-more = …and { $count } more.
predict-announce-out = { $name } did not finish ({ $status }): picks of them score nothing.
predict-announce-absent = { $name } is not in the final result: picks of them score nothing.
predict-announce-legend = ✅ right (place +{ $exact }, short program +{ $short }) · 🟡 on the podium at another place +{ $podium } · ❌ missed · ⛔ did not finish
predict-announce-footer = { $legend } · scoring: { $scoring } · { $marker }
predict-announce-rescored = The server's scoring table is now { $scoring }: the picks are scored again.

## The lock post
predict-lock-title = Picks locked · { $event } · { $competition }
predict-lock-post-schedule = Picks are locked: the event started at { $at }.
predict-lock-post-moderator = A moderator locked the picks at { $at }.
predict-lock-post-started = Picks are locked: the event has started.
predict-lock-post-picks = { $count ->
    [one] **1** pick is in. The round is scored when the final result is in.
   *[other] **{ $count }** picks are in. The round is scored when the final result is in.
}
predict-lock-footer = { $marker }
