# Stories: the curation workflow (bot/services/stories.py, access.py, story_import.py), its commands and
# embeds (cogs/stories.py, cogs/config.py, bot/discord_layer/ui/stories.py) and the mod-log (bot/discord_layer/modlog.py).
# $id is a story's number; $title, $reason, $note and the like arrive already escaped; $user is a Discord user
# id (written as a mention, <@{ $user }>).

## Who may do what (bot/services/access.py)
access-not-moderator = Only moderators can do that: Manage Messages in the server (a role's permission, not one channel's), or the server's moderator role (`/config modrole`).
access-owners-only = Only the bot's owners can do that.
access-admins-only = Only server admins (Manage Server) can change skatebot's settings.
access-library-owners-only = Stories in the shared library are managed by the bot's owners only.

## Labels: the stored values stay English; these are the words shown
# In running text ("Labelling a story false needs a note").
label-unverified = unverified
label-verified = verified
label-disputed = disputed
label-misleading = misleading
label-false = false
label-satire = satire
# As a badge's name ("✅ Verified").
label-name-unverified = Unverified
label-name-verified = Verified
label-name-disputed = Disputed
label-name-misleading = Misleading
label-name-false = False
label-name-satire = Satire
# The label of a story generated from the results store, which no moderator wrote or labelled.
label-name-results = From the results
# A story from the results that a moderator labelled: $badge is the moderator's label, $origin "From the results".
label-badge-results = { $badge } · { $origin }
# $emoji is the label's emoji, $name one of label-name-*.
label-badge = { $emoji } { $name }

## Kinds, roles and reliability tiers of sources: the stored values stay English; these are the words shown
source-kind-primary = primary
source-kind-secondary = secondary
source-kind-social = social
source-role-evidence = evidence
source-role-appearance = appearance
source-tier-official = official
source-tier-wire = wire
source-tier-major = major
source-tier-specialist = specialist
source-tier-reference = reference
source-tier-low = low
source-tier-unrated = unrated

## A story's text (bot/services/stories.py)
story-noun = story
story-needs-title = A story needs a title.
# $field: title, summary or body.
story-field-too-long = The { $field ->
        [title] title
        [summary] summary
       *[body] body
    } is { $length } characters; the limit is { $limit }.
story-bad-date = The moment date { $date } is not a date like 2026-02-19 (year-month-day).
story-language-unknown = { $language } is not a language tag such as { $languages }.
story-event-needs-competition = Choose the competition too when you link an event.
story-new-starts-unverified = A new story starts unverified; label it after adding its sources.
story-not-a-story-message = That message is not a story; use this on a message that shows one.

## Labelling
label-unknown = { $label } is not a label; use one of: { $labels }.
label-verified-needs-source = A story can only be verified with at least one source: add one with `/story source add` first.
label-needs-note = Labelling a story { $label } needs a note saying why (the `note` option).
label-note-too-long = The note is { $length } characters; the limit is { $limit }.
# $summary: the stored claim check's summary.
label-contradicted-needs-note = Story #{ $id } makes claims that contradict the results store ({ $summary }; see `/story check`). To verify it anyway, label it again with a note saying why.
label-contradicted-confirm = Story #{ $id } makes claims that contradict the results store ({ $summary }). Verify it anyway, with your note?
# $rated: a list of label-source-tier.
label-low-tier-confirm = Every source of story #{ $id } is from a low-reliability or unrated site ({ $rated }). Verify it anyway?
label-source-tier = { $domain }: { $tier }
label-warning = ⚠️ { $warning }
label-confirm-button = Verify anyway
# $badge: label-badge.
label-set = Story #{ $id } is now { $badge }.
label-set-resolved = Story #{ $id } is now { $badge }. { $resolved } open report(s) resolved.

## Sources
source-unknown-kind = { $kind } is not a kind of source; use one of: { $kinds }.
source-unknown-role = { $role } is not a source role; use one of: { $roles }.
source-too-long = Keep the publisher under { $publisher_limit } and the note under { $note_limit } characters.
source-duplicate = Story #{ $id } already has that source: { $url }
source-not-found = Story #{ $id } has no source { $source }.
source-only-of-verified = That is the only source of a verified story: add another source or change the label first.
# $kind: one of source-kind-*.
source-added = Added to story #{ $id }: { $publisher } <{ $url }> ({ $kind }).
source-removed = Removed from story #{ $id }: <{ $url }>.
# In a story's embed: a source's link, its kind and tier ($tier: one of source-tier-*).
source-line = { $link } · { $kind } · { $tier }
source-line-circulates = { $link } · { $kind } · { $tier } · where it circulates

## Reports by members
flag-server-only = Flags are filed from a server.
flag-needs-reason = Please say briefly what is wrong with the story.
flag-reason-too-long = Please keep the reason under { $limit } characters.
flag-duplicate = You already reported story #{ $id }; the moderators have it in their queue.
flag-duplicate-library = You already reported story #{ $id }; the library's curators have it in their queue.
flag-rate-limited = You have reported { $count ->
        [one] { $count } story
       *[other] { $count } stories
    } in the last { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }; please wait a little before reporting more.
flag-thanks = Thanks: story #{ $id } is in the moderators' review queue.
flag-thanks-library = Thanks: story #{ $id } is from the shared library, so your report went to the library's curators (the bot's owners), who review it.
flag-form-title = Report story #{ $id }
flag-form-reason = What is wrong with this story?
flag-form-reason-placeholder = e.g. no source reports this; the score is wrong; it is satire

## Adding, editing and deleting
story-added = Added story #{ $id }.
story-saved = Saved story #{ $id }.
story-deleted = Deleted story #{ $id }.
story-delete-confirm = Delete story #{ $id } **{ $title }**?
story-delete-button = Delete
story-form-new = New story
story-form-edit = Edit story #{ $id }
story-form-title = Title
story-form-summary = Summary (what it claims, in short)
story-form-body = Story
story-form-moment-date = Date of the moment (YYYY-MM-DD)
story-form-skaters = Skaters (comma-separated)
# $error: why the rules refused what was typed.
story-form-refused = { $error }
    Nothing was saved; your text is kept.
story-form-retry = Fix and send again

## Confirmations
story-confirm = Confirm
story-cancel = Cancel
story-cancelled = Cancelled; nothing changed.
story-confirm-not-yours = This confirmation is not yours.

## A story's embed (bot/discord_layer/ui/stories.py)
story-read-more = *(Read more)*
story-field-label = Label
story-field-moment = Moment
story-field-language = Language
story-field-competition = Competition
story-field-skaters = Skaters
story-field-sources = Sources
story-no-sources = None yet
story-field-claims = Claims checked against the results
story-where-library = shared library
story-where-server = this server
# $where: story-where-library or story-where-server.
story-footer = Story #{ $id } · { $where } · report a problem with the Flag button
story-footer-reported = Story #{ $id } · { $where } · { $reports } open report(s) · report a problem with the Flag button
story-page = Page { $number }/{ $count }
story-button-flag = Flag
story-button-read-more = Read more

## Search
search-no-words = { $text } has no word to search for: search looks for words (letters and digits) from a story's title, summary or text, e.g. `/story search text: Malinin quad`.
search-title = Stories matching { $text }
search-empty = No story matches.

## The review queue
queue-server-only = The review queue belongs to a server.
queue-title = Review queue (oldest first)
queue-empty = Nothing to review. 🎉
queue-line = `#{ $id }` **{ $title }** — { $reason } · added { $added }
queue-line-library = `#{ $id }` **{ $title }** — { $reason } · shared library · added { $added }
queue-reason-reported = { $count } open report(s) since { $since }
queue-reason-unverified = unverified
# $check: the claim check's badge and summary.
queue-reason-claims = { $reason } · claims: { $check }

## The audit trail
history-title = History of story #{ $id }
history-empty = No changes recorded.
history-line = `{ $at }` { $actor } **{ $action }**
history-actor-cli = the command line
# What happened, as stored actions are shown.
history-action-create = create
history-action-edit = edit
history-action-source-added = source added
history-action-source-removed = source removed
history-action-label = label
history-action-delete = delete
history-action-flag = flag
history-action-flag-resolved = flag resolved
# A story from the results: made from a fact of the results store, rewritten when a result was corrected, reworded
# (the same figures in newer words), deleted when the results no longer show it, and back when they do again.
history-action-generated = generated from the results
history-action-results-changed = rewritten: a result was corrected
history-action-reworded = reworded
history-action-results-no-longer-show-it = deleted: the results no longer show it
history-action-results-show-it-again = back: the results show it again
history-action-moment-hide = kept out of the moment of the day
history-action-moment-unhide = let back into the moment of the day
# One changed field: added, removed (struck through), or changed.
history-change-added = { $field }: { $value }
history-change-removed = { $field }: ~~{ $value }~~
history-change = { $field }: { $old } → { $new }
history-field-title = title
history-field-summary = summary
history-field-body = body
history-field-moment-date = moment_date
history-field-competition-id = competition_id
history-field-event-id = event_id
history-field-skaters = skaters
history-field-label = label
history-field-note = note
history-field-url = url
history-field-publisher = publisher
history-field-kind = kind
history-field-role = role
history-field-language = language
history-field-reason = reason
history-field-flag = flag
history-field-by = by
history-field-resolution = resolution

## Export
export-reviewer = { $server } moderators
export-ready = ClaimReview for story #{ $id }:

## Server settings (cogs/config.py)
config-server-only = That is a setting of one server: use it in the server it is for.
config-everyone-not-mod-role = @everyone cannot be the moderator role: every member would be a moderator. Pick a role given to your moderators.
config-managed-role = { $role } is managed by a bot or an integration, not given by your server: pick a role your admins give to moderators.
config-unknown-tier = { $tier } is not a tier; use one of: { $tiers }.
config-modrole-set = Moderator role: { $role }.
config-modrole-cleared = Moderator role cleared: Manage Messages decides.
config-modlog-set = Mod-log: { $channel }.
config-modlog-off = Mod-log switched off.
# $language: the language's own name ("日本語").
config-language-set = What skatebot posts to this server's channels (moment of the day, live results, mod-log) is now in { $language }. Replies stay in each member's own Discord language.
config-language-discord = What skatebot posts to this server's channels now follows the server's language in Discord's settings.
config-language-unknown = skatebot does not speak { $language }; it speaks { $languages }.
config-podium-card-on = The live post of each category's final result now carries a podium card (an image of the top three: flags, names, totals), and so does a moment of the day about a podium.
config-podium-card-off = The live post of a final result no longer carries a podium card, nor does the moment of the day.
# $tier: one of source-tier-*.
config-tier-set = Sources from { $domain } now count as **{ $tier }** here.

## The mod-log: posted to the server's channel, in the server's language
modlog-story-added = <@{ $user }> added story #{ $id } **{ $title }**
modlog-story-edited = <@{ $user }> edited story #{ $id } **{ $title }**
modlog-story-deleted = <@{ $user }> deleted story #{ $id } **{ $title }**
modlog-story-reported = <@{ $user }> reported story #{ $id } **{ $title }**: { $reason }
modlog-story-reported-library = <@{ $user }> reported story #{ $id } **{ $title }** (shared library: sent to the library's curators): { $reason }
modlog-source-added = <@{ $user }> added a source to story #{ $id }: { $publisher } <{ $url }>
modlog-source-removed = <@{ $user }> removed a source from story #{ $id }: <{ $url }>
modlog-labelled = <@{ $user }> labelled story #{ $id } { $badge }
modlog-labelled-note = <@{ $user }> labelled story #{ $id } { $badge } — { $note }
# $setting: what was set, as the reply to the admin said it (config-modrole-set, config-modlog-off, ...).
modlog-config-set = <@{ $user }> set: { $setting }
modlog-config-tier = <@{ $user }>: { $setting }

## Story files imported from the command line (bot/services/story_import.py); $path is the file
story-import-not-utf8 = { $path }: not UTF-8 text ({ $problem })
story-import-empty = { $path }: empty; the first line is the title, the story follows
story-import-not-json = { $path }: not UTF-8 JSON ({ $problem })
story-import-not-stories = { $path }: not a skatebot stories file (expected "format": "{ $format }")
story-import-version = { $path }: version { $version } is not supported
story-import-not-list = { $path }: 'stories' must be a list
story-import-no-file = { $path }: no such file
story-import-twice = the same story appears twice: { $keys }
# $where: the file and the story's place in it ("stories.json: stories[2]").
story-import-where = { $path }: stories[{ $index }]
story-import-not-object = { $where }: must be an object
story-import-not-text = { $where }: '{ $field }' must be text
story-import-not-non-empty-text = { $where }: '{ $field }' must be non-empty text
story-import-skaters = { $where }: 'skaters' must be a list of names
story-import-label = { $where }: label { $label } is not one of { $labels }
story-import-sources = { $where }: 'sources' must be a list
story-import-source-url = { $where }: sources[{ $index }] needs a 'url'
story-import-source-kind = { $where }: sources[{ $index }]: kind must be one of { $kinds }
story-import-source-role = { $where }: sources[{ $index }]: role must be one of { $roles }
# $key: the story's id in its file; $error: why the story service refused it.
story-import-refused = { $key }: { $error }

## Commands (descriptions Discord shows)
cmd-story = Viral skating stories: look up, report, curate
cmd-story-source = A story's sources (moderators)
cmd-report-story = Report story
cmd-story-show = Show a story with its label and sources.
cmd-story-show-id = Story number, or start typing its title
cmd-story-search = Search this server's stories and the shared library.
cmd-story-search-text = Words from the title, summary or story
cmd-story-add = Add a story (moderators): opens a form.
cmd-story-add-competition = Link it to a competition
cmd-story-add-event = …and an event of it
cmd-story-add-library = Put it in the shared library (bot owners only)
cmd-story-add-language = The language it is written in
cmd-story-edit = Edit a story's text (moderators): opens a form.
cmd-story-edit-id = Story number
cmd-story-edit-competition = Link it to a competition (empty: keep)
cmd-story-edit-event = …and an event of it
cmd-story-edit-language = The language it is written in
cmd-story-source-add = Attach a source link to a story (moderators).
cmd-story-source-add-id = Story number
cmd-story-source-add-url = Link to the source (http or https)
cmd-story-source-add-kind = What kind of source
cmd-story-source-add-publisher = Who published it (default: from the link)
cmd-story-source-add-note = What it shows
cmd-story-source-add-role = Evidence about the story (default), or a place where it circulates
cmd-story-source-remove = Remove a source from a story (moderators).
cmd-story-source-remove-id = Story number
cmd-story-source-remove-source = The source to remove
cmd-story-label = Label a story verified, disputed, false, ... (moderators).
cmd-story-label-id = Story number
cmd-story-label-label = The verdict
cmd-story-label-note = Why (required for false, disputed and misleading)
cmd-story-history = Every change to a story: who, when, before and after (moderators).
cmd-story-history-id = Story number
cmd-story-queue = Unverified and reported stories, oldest first (moderators).
cmd-story-delete = Delete a story (moderators; it stays in the audit trail).
cmd-story-delete-id = Story number
cmd-story-export = The story's verdict as schema.org ClaimReview JSON-LD (moderators).
cmd-story-export-id = Story number
cmd-config = skatebot's settings for this server
cmd-config-sources = How reliable source domains are
cmd-config-modrole = Set the moderator role (admins).
cmd-config-modrole-role = Members with this role count as moderators (empty: clear it)
cmd-config-modlog = Set the mod-log channel (admins).
cmd-config-modlog-channel = Where moderator actions are posted (empty: stop posting)
cmd-config-language = Set the language of skatebot's posts to this server's channels (moderators).
cmd-config-language-language = The language of the moment of the day, live results and the mod-log
choice-language-discord = The server's language in Discord
# Each language the bot speaks, by its own name, the same in every catalogue (a new catalogue adds its line here).
choice-language-en-US = English
choice-language-ja = 日本語
cmd-config-podium-card = Whether live final results and moments about a podium carry a podium card image (moderators).
cmd-config-podium-card-state = On: the top three as an image in a final result's or a podium moment's post
choice-podium-card-on = on
choice-podium-card-off = off
cmd-config-sources-tier = Set how reliable a source domain is for this server (moderators and admins).
cmd-config-sources-tier-domain = e.g. nbcsports.com
cmd-config-sources-tier-tier = How reliable it is, for this server

## Choices offered with the commands
choice-label-unverified = ❔ { label-name-unverified }
choice-label-verified = ✅ { label-name-verified }
choice-label-disputed = ⚖️ { label-name-disputed }
choice-label-misleading = 🟠 { label-name-misleading }
choice-label-false = ❌ { label-name-false }
choice-label-satire = 🎭 { label-name-satire }
choice-source-kind-primary = primary: an official body, the athlete, a wire report
choice-source-kind-secondary = secondary: coverage
choice-source-kind-social = social: a post or a video
choice-source-role-evidence = evidence: shows whether the story is true
choice-source-role-appearance = circulates: a place where the story is being shared
choice-tier-official = { source-tier-official }
choice-tier-wire = { source-tier-wire }
choice-tier-major = { source-tier-major }
choice-tier-specialist = { source-tier-specialist }
choice-tier-reference = { source-tier-reference }
choice-tier-low = { source-tier-low }
