# Competition week, live (bot/services/live/, bot/discord_layer/ui/live.py, cogs/live.py): watched results sites, the posts
# subscribed channels receive, followed skaters' direct messages, the schedule.
# Timestamps arrive as Discord's <t:…> markup: each reader sees them in their own time zone.

## Commands
cmd-live = Follow competitions while they happen
cmd-live-watch = Watch an ISU results site and tell subscribed channels what appears on it (bot owners)
cmd-live-watch-url = The address of the site's index page
cmd-live-watch-timezone = The time zone of the site's schedule when the site prints none (an IANA name: Europe/Moscow)
cmd-live-unwatch = Stop watching a competition (bot owners)
cmd-live-unwatch-competition = A watched competition
cmd-live-list = The competitions being watched
cmd-live-subscribe = Post a watched competition's results in a channel as they appear (moderators)
cmd-live-subscribe-channel = Where to post
cmd-live-subscribe-competition = A watched competition (default: every one)
cmd-live-subscribe-disciplines = Only these disciplines, comma-separated: men, women, pairs, ice dance
cmd-live-subscribe-levels = Only these levels, comma-separated: senior, junior, …
cmd-live-subscribe-delay-minutes = Hold each post back this many minutes (no spoilers before a later broadcast)
cmd-live-subscribe-role = A role to ping with each post (nobody else is pinged)
cmd-live-subscriptions = This server's live subscriptions
cmd-live-unsubscribe = End one of this server's live subscriptions (moderators)
cmd-live-unsubscribe-subscription = The subscription to end
cmd-follow = Get a direct message when a skater's score is published
cmd-follow-athlete = Skater
cmd-unfollow = Stop following a skater
cmd-unfollow-athlete = Skater
cmd-following = The skaters you follow
cmd-schedule = A watched competition's time schedule, in your time zone
cmd-schedule-competition = A watched competition (default: the newest)

## What the service refuses
live-owners-only = Only the bot's owners can choose which competitions are watched.
live-bad-url = That address cannot be watched: { $problem }
live-already-watched = { $url } is already watched.
live-unreadable = The site could not be read, so it is not watched: { $problem }
live-bad-zone = { $zone } is not a time zone. Give an IANA name, such as Europe/Moscow or Asia/Tokyo.
live-delay-range = The delay must be between 0 and { $most } minutes.
live-no-subscription = This server has no live subscription number { $id }.
live-nothing-watched = No competition is watched right now.
live-no-schedule = The site of { $competition } gives no time schedule (or none with its time zone).
live-bad-discipline = { $word } is not a discipline. Known: { $known }.
live-bad-level = { $word } is not a level. Known: { $known }.
noun-live-watch = watched competition
noun-live-watches = watched competitions

## A watch, in a list
live-state-watching = **{ $name }**: watching
live-state-failing = **{ $name }**: watching, but the last { $failures } reads failed ({ $error })
live-state-ended = **{ $name }**: over, no longer polled
live-state-stopped = **{ $name }**: stopped
live-list-title = Watched competitions
live-list-empty = No competition is watched. Bot owners add one with `/live watch`.
live-list-next = next read { $when }
live-list-url = <{ $url }>

## Replies
live-watching = Now watching **{ $name }** ({ $segments ->
    [one] one segment
   *[other] { $segments } segments
} on its time schedule). What the site shows now is the starting point: subscribed channels hear about what appears from here on.
live-zone-site = Its schedule is in { $zone }, as the site prints it.
live-zone-watcher = The site prints no time zone: its schedule is read in { $zone }, as you gave it.
live-zone-venue = The site prints no time zone: its schedule is read in { $zone }, its venue's.
live-zone-none = The site prints no time zone and its venue gives none, so its schedule is not used (the site is read every 30 minutes). Give the zone with the timezone option of /live watch.
live-unwatched = No longer watching **{ $name }**. What was posted stays.
live-subscribed = { $channel } now receives what appears on the site of **{ $competition }**.
live-subscribed-all = { $channel } now receives what appears on the site of every watched competition.
live-filter-disciplines = Disciplines: { $list }
live-filter-levels = Levels: { $list }
live-filter-delay = { $minutes ->
    [one] Each post waits one minute.
   *[other] Each post waits { $minutes } minutes.
}
live-filter-role = Each post pings { $role }.
live-missing-permissions = ⚠️ I am missing { $permissions } in that channel.
live-permission-send-messages = Send Messages
live-permission-embed-links = Embed Links
live-subscriptions-title = Live subscriptions in this server
live-subscriptions-empty = No channel of this server is subscribed. Moderators subscribe one with `/live subscribe`.
live-subscription-line = `#{ $id }` { $channel } · { $competition }
live-every-competition = every watched competition
live-subscription-choice = #{ $id } · { $channel } · { $competition }
live-unsubscribed = { $channel } no longer receives **{ $competition }**.
live-followed = You follow **{ $name }**: when a score of theirs is published, I send you a direct message (if your privacy settings let me).
live-follow-already = You already follow **{ $name }**.
live-unfollowed = You no longer follow **{ $name }**.
live-unfollow-not = You did not follow **{ $name }**.
live-following-title = Skaters you follow
live-following-empty = You follow no skater. `/follow athlete` adds one.

## Disciplines and levels, as filters are shown
live-discipline-men = Men
live-discipline-women = Women
live-discipline-pairs = Pairs
live-discipline-ice_dance = Ice dance
live-discipline-team = Team event
live-level-senior = Senior
live-level-junior = Junior
live-level-advanced-novice = Advanced novice
live-level-intermediate-novice = Intermediate novice
live-level-basic-novice = Basic novice
live-level-novice = Novice
live-level-youth = Youth
live-level-adult = Adult

## Posts to subscribed channels
live-order-title = { $category } · { $segment }: starting order
live-order-starts = Starts { $at } ({ $relative })
live-order-start-unknown = The site gives no start time.
live-order-field = Starting order
live-order-line = `{ $number }` { $flag } **{ $name }** { $nation }
live-order-line-status = `{ $number }` { $flag } ~~{ $name }~~ { $nation } ({ $status })
live-segment-title = { $category } · { $segment }: results
live-segment-field = Standings of the segment
live-segment-line = **{ $place }** { $flag } **{ $name }** { $nation }: **{ $score }** (TES { $tes } · PCS { $pcs })
live-segment-line-deductions = **{ $place }** { $flag } **{ $name }** { $nation }: **{ $score }** (TES { $tes } · PCS { $pcs } · deductions { $deductions })
live-segment-line-status = { $flag } **{ $name }** { $nation }: { $status }
live-more = … and { $count } more
live-moved-field = Who moved overall
live-moved-line = { $flag } **{ $name }** { $before } → { $after }
live-protocol-hint = Judges' marks of a skate: `/protocol athlete: { $athlete } competition: { $competition } segment: { $segment }`
live-final-title = { $category }: final result
live-final-field = Final standings
live-final-line = { $medal } **{ $place }** { $flag } **{ $name }** { $nation }: **{ $score }**
live-final-line-status = { $flag } **{ $name }** { $nation }: { $status }
live-footer = { $competition } · { $marker }
live-corrected = ✏️ Corrected since first posted: { $changes }
live-change-place = { $name }, place { $before } → { $after }
live-change-score = { $name }, score { $before } → { $after }
live-change-status = { $name }, status { $before } → { $after }
live-change-deductions = { $name }, deductions { $before } → { $after }
live-change-starting_number = { $name }, starting number { $before } → { $after }
live-change-added = { $name } added
live-change-removed = { $name } removed
live-none = none

## A followed skater's score, by direct message
live-direct-title = { $name } · { $category } { $segment }
live-direct-score = { $place } in the { $segment } with **{ $score }** (TES { $tes } · PCS { $pcs }).
live-direct-status = { $status } in the { $segment }.
live-direct-overall = { $overall } overall after this segment, **{ $total }** in all.
live-direct-standings = Standings after the { $segment }
live-direct-standing-line = **{ $place }** { $flag } { $name }: { $total }
live-direct-footer = { $competition } · you follow this skater (`/unfollow` to stop)

## The time schedule
live-schedule-title = { $competition }: time schedule
live-schedule-line = { $state } **{ $category } · { $segment }**, { $at } ({ $relative })
live-schedule-state-done = ✅ done
live-schedule-state-on = 🔴 on now
live-schedule-state-next = ⏭️ next
live-schedule-state-later = ⏳ later
live-schedule-next = Next: **{ $category } · { $segment }** { $relative }.
live-schedule-over = Every segment has started.
live-schedule-zone = Times are shown in your own time zone; the site's schedule is in { $zone }.
live-schedule-zone-watcher = Times are shown in your own time zone; the site prints none, and its schedule is read in { $zone } (given with /live watch).
live-schedule-zone-venue = Times are shown in your own time zone; the site prints none, and its schedule is read in { $zone } (its venue's).
