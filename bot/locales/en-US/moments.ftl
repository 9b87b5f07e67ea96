# The moment of the day: /moment, the daily post in a server's channel, and what moderators are told about it.
# Values named { $… } are filled in by the code; anything a user typed arrives already quoted and escaped.
# <t:…> and <#…> are Discord's own markup (a timestamp, a channel): keep them as they are.

## Time of day (bot/services/moment_rules/timing.py)
time-not-a-time = { $text } is not a time of day: use HH:MM, 24-hour, e.g. 07:30
time-not-a-time-detail = { $text } is not a time of day: use HH:MM, 24-hour, e.g. 07:30 ({ $detail })
time-detail-empty = nothing was given
time-detail-minute-digits = minutes need two digits
time-detail-write-as = write it as { $time }
time-detail-hour-range = the hour goes from 0 to 23
time-detail-minute-range = minutes go from 00 to 59

## Time zones (bot/services/moment_rules/timing.py); $offset is written like UTC+9, zones are IANA names
zone-or-list = { $first } or { $last }
zone-empty = Give a time zone name like Europe/Paris or Asia/Tokyo.
zone-fixed-offset-both = { $zone } is a fixed offset, not a time zone. Use { $fixed } for { $offset } all year round or the zone of a place at { $offset } now, such as { $places }.
zone-fixed-offset-fixed = { $zone } is a fixed offset, not a time zone. Use { $fixed } for { $offset } all year round.
zone-fixed-offset-places = { $zone } is a fixed offset, not a time zone. Use the zone of a place at { $offset } now, such as { $places }.
zone-fixed-offset = { $zone } is a fixed offset, not a time zone. Use a city time zone like Europe/Paris or Asia/Tokyo.
zone-legacy-cities = { $zone } is an abbreviation or legacy name, and those are ambiguous (the same letters mean different places, and they do not say when daylight saving applies). Use a city time zone such as { $cities }.
zone-legacy = { $zone } is an abbreviation or legacy name, and those are ambiguous (the same letters mean different places, and they do not say when daylight saving applies). Use a city time zone like Europe/Paris or Asia/Tokyo.
zone-unknown-suggest = { $zone } is not an IANA time zone. Did you mean { $suggestions }?
zone-unknown = { $zone } is not an IANA time zone: use a name like Europe/Paris or Asia/Tokyo.

## Dates
moment-month = { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
}
# $day: the day of the month, a number; $month: moment-month
moment-day-month = { $day } { $month }
moment-date = { $day } { $month } { $year }

## Which story, and why (bot/services/moment_rules/choice.py); shown to moderators
moment-reason-no-stories = nothing to post: there are no stories yet
moment-reason-no-allowed-label = nothing to post: no story has an allowed label
moment-warning-no-stories = Nothing can be posted: there are no stories yet
moment-warning-no-allowed-label = Nothing can be posted: no story has an allowed label
# $day: moment-day-month
moment-reason-on-this-day = on this day in { $year } ({ $day })
moment-reason-never-posted = never posted before
moment-reason-least-recent-unreadable = posted least recently (last date unreadable)
moment-reason-least-recent = posted least recently (last on { $date })
moment-warning-low-stock = Only { $count ->
    [one] { $count } story can
   *[other] { $count } stories can
} be posted: add or verify more stories (fewer than { $low } left)
moment-reason-repeat = repeat: every eligible story was posted in the last { $days ->
    [one] { $days } day
   *[other] { $days } days
}, so the one posted least recently (last on { $date })
moment-reason-repeat-unknown = repeat: every eligible story was posted in the last { $days ->
    [one] { $days } day
   *[other] { $days } days
}, so the one posted least recently (last on unknown)
moment-warning-repeat = Nothing new can be posted: all { $count ->
    [one] { $count } story was
   *[other] { $count } stories were
} posted in the last { $days ->
    [one] { $days } day
   *[other] { $days } days
}; add or verify more stories, or shorten the repeat window

## The moderators' settings (choice.py, bot/services/moments.py); label names are what moderators type
moment-labels-unknown = { $count ->
    [one] Unknown label
   *[other] Unknown labels
}: { $names }. Labels are: { $labels }.
moment-labels-false = False stories are never posted as the moment of the day: remove “false” from the labels (choose from { $labels }).
moment-labels-empty = Choose at least one label: { $labels }.
moment-repeat-days-range = The repeat window must be a whole number of days from 0 to { $max }, not { $days }.
moment-none-yet = This server has no moment of the day yet: set one with `/moment schedule`.
moment-guild-only = The moment of the day belongs to a server.
moment-story-gone = Story #{ $id } no longer exists.

## Why a day's post was not made (stored, shown to moderators; bot/services/moments.py, bot/discord_layer/moment_poster.py)
post-reason-nothing = nothing to post
post-reason-schedule-gone = the schedule is gone
post-reason-down-past-grace = the bot was down past the grace window
post-reason-down-at-post-time = the bot was down at post time
# A reason recorded before reasons were catalogue messages: shown as it was stored.
post-missing-permissions = skatebot is missing { $permissions } in #{ $channel }
post-permission-view-channel = View Channel
post-permission-send-messages = Send Messages
post-permission-embed-links = Embed Links
post-channel-gone = the channel no longer exists
post-forbidden = skatebot may not post there (it needs Send Messages and Embed Links)
post-refused = Discord refused the post ({ $status }: { $detail })
post-unreachable = Discord could not be reached ({ $error })
post-edit-failed = could not edit the post ({ $status })

## The mod-log (bot/services/moments.py)
post-notify = 🗓️ { $text }
post-notify-nothing = No moment of the day for { $date }: { $reason }
post-notify-failed = The moment of the day for { $date } could not be posted: { $reason }. A moderator can try again with `/moment post-now`; otherwise it is tried again tomorrow.

## The post (bot/discord_layer/ui/moments.py)
# Also how a restarted bot finds its own post of that day in the channel: every language's footer is looked for.
moment-footer = Moment of the day · { $date } · story #{ $id }
moment-title = ✨ { $title }
moment-on-this-day = *On this day in { $year }*
moment-field-correction = ⚠️ Correction
moment-field-label = Label
moment-label-note = { $label } — { $note }
moment-field-moment = The moment
moment-moment-where = { $date } · { $where }
moment-field-sources = Sources
# A story from the results: where every figure it uses can be seen (one of facts-see-*).
moment-field-results = In the results
moment-correction-results = Correction: the results this moment is drawn from were corrected since it was posted; it now shows them as they are.
moment-correction-results-gone = Correction: the results this moment was drawn from were corrected since it was posted, and no longer show it.
# $label: the story's new label (false, disputed or misleading)
moment-correction = Correction: since this was posted, moderators relabelled the story { moment-label-word }.
moment-correction-note = Correction: since this was posted, moderators relabelled the story { moment-label-word } — { $note }.
moment-label-word = { $label ->
    [false] false
    [disputed] disputed
    [misleading] misleading
    [verified] verified
    [satire] satire
   *[unverified] unverified
}

## /moment (cogs/moments.py)
cmd-moment = The moment of the day
cmd-moment-today = Today's moment of the day in this server.
cmd-moment-schedule = Post a moment of the day in a channel, daily at a local time (moderators).
cmd-moment-schedule-channel = Where to post
cmd-moment-schedule-time = Local time, HH:MM (24-hour)
cmd-moment-schedule-timezone = IANA time zone, e.g. Asia/Tokyo or Europe/Paris
cmd-moment-pause = Stop posting, keeping the settings (moderators).
cmd-moment-resume = Post again with the same settings (moderators).
cmd-moment-preview = What would be posted today, and why (moderators).
cmd-moment-post-now = Post today's moment now; it counts as today's post (moderators).
cmd-moment-settings = Show or change which stories may be posted (moderators).
cmd-moment-settings-labels = Labels that may be posted, comma-separated (default: verified)
cmd-moment-settings-repeat-days = Days before a story may be posted again (default 365)
cmd-moment-settings-from-results = Whether stories from the results that no moderator has labelled may be posted (default: yes)
cmd-moment-hide = Keep one story out of this server's moment of the day, or let it back in (moderators).
cmd-moment-hide-story = The story (#id or words of its title)
cmd-moment-hide-undo = Let it back in
moment-hidden = Story #{ $id } will not be posted as this server's moment of the day; `/moment hide undo:True` lets it back in.
moment-hidden-already = Story #{ $id } was already kept out of this server's moment of the day.
moment-unhidden = Story #{ $id } may be posted as this server's moment of the day again.
moment-unhidden-already = Story #{ $id } was not kept out of this server's moment of the day.

moment-none = This server has no moment of the day.
# $next: a Discord timestamp
schedule-set = The moment of the day will be posted in { $channel } every day at { $time } ({ $zone }); next { $next }.
schedule-missing-permissions = ⚠️ I am missing { $permissions } in that channel.
schedule-paused = The moment of the day is paused; `/moment resume` restarts it.
schedule-resumed = Resumed; next post { $next }.

## /moment post-now
post-now-posted = Posted today's moment of the day.
post-now-already = Today's moment of the day has already been posted (or is being posted): see `/moment today`.
post-now-nothing = Nothing can be posted: see `/moment preview`. Once that is fixed, `/moment post-now` again.
post-now-failed = The post failed; the reason is in `/moment settings`. Once that is fixed, try again.
post-now-retrying = Discord did not take the post just now; it will be tried again shortly (see `/moment today`).
post-now-paused = The moment of the day is paused: `/moment resume` first.
post-now-unscheduled = This server has no moment of the day yet: set one with `/moment schedule`.

## /moment today; $channel is a channel id, $time a Unix timestamp
moment-today-next = The next post is <t:{ $time }:R> (<t:{ $time }:f>).
moment-today-posted = Today's moment of the day was posted in <#{ $channel }>: { $link }
moment-today-paused = The moment of the day is paused in this server.
moment-today-due = Today's moment of the day will be posted in <#{ $channel }> <t:{ $time }:R>.
moment-today-posting = Today's moment of the day is being posted in <#{ $channel }>.
moment-today-retrying = Today's post could not be made yet; it is being tried again.
moment-today-retrying-why = Today's post could not be made yet ({ $reason }); it is being tried again.
moment-today-failed = Today's moment of the day could not be posted.
moment-today-failed-why = Today's moment of the day could not be posted ({ $reason }).
moment-today-missed = Today's moment of the day was missed: the bot was offline at post time.
moment-today-passed = No moment of the day was posted today.

## /moment preview and /moment settings
moment-choice-why = Why this story: { $reason }. { $count ->
    [one] { $count } story can
   *[other] { $count } stories can
} be posted.
moment-choice-warning = ⚠️ { $warning }
moment-preview-title = Moment of the day for { $date }
moment-preview-paused = <#{ $channel }>, paused
moment-preview-active = <#{ $channel }>, posts at { $time } ({ $zone })
moment-field-today = Today
moment-preview-today = Already { moment-post-state }
moment-preview-today-why = Already { moment-post-state }: { $reason }
moment-field-choice = Choice
moment-field-claims = Claims checked against the results
moment-field-failing = ⚠️ Failing
moment-failing-since = Since { $since }: { $reason }
# $state: a day's post as stored
moment-post-state = { $state ->
    [posted] posted
    [claimed] claimed
    [failed] failed
   *[missed] missed
}
moment-settings-title = Moment of the day: settings
moment-field-channel = Channel
moment-field-time = Time
moment-settings-time = { $time } { $zone }
moment-field-state = State
moment-state-paused = paused
moment-state-active = active
moment-field-labels = Labels that may be posted
moment-field-repeat = Repeat
moment-field-results-moments = From the results
moment-results-moments-on = stories from the results may be posted, unless a moderator labelled one otherwise
moment-results-moments-off = only stories whose label is allowed (turn on with `/moment settings from_results:True`)
moment-field-hidden = Kept out
moment-hidden-count = { $count ->
    [one] { $count } story is
   *[other] { $count } stories are
} kept out of this server's moment (`/moment hide`)
moment-repeat = a story may come back after { $days ->
    [one] { $days } day
   *[other] { $days } days
}
moment-field-status = Status
moment-status-failing = ⚠️ failing since { $since }: { $reason }
moment-status-today = ⚠️ today's post { moment-post-state }: { $reason }
moment-status-today-no-reason = ⚠️ today's post { moment-post-state }: no reason recorded
moment-status-normal = ✅ posting normally
moment-field-stock = Stock

## Where a story from the results shows every figure it uses (bot/services/fact_stories.py): commands to type
facts-see-results = `/results competition:{ $competition } event:{ $event }`
facts-see-segment = `/results competition:{ $competition } event:{ $event } segment:{ $segment }`
facts-see-protocol = `/protocol athlete:{ $athlete } competition:{ $competition } segment:{ $segment }`
