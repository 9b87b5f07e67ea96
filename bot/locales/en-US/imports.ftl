# Imports of results (bot/services/importer.py, bot/services/isu, /admin) and the bot owners' tools.
# File and page names, competition and category names, codes and URLs arrive as they are; a value shown
# with quotes ('Men') arrives quoted. The command line prints these messages in English.

## What an import changed (ImportReport)
import-up-to-date = { $source }: already up to date, nothing changed
import-changed = { $source }: { $changes }
# One kind of change: "added 3 competitions". $what is a kind of row of the store.
import-change = { $verb ->
    [added] added
    [updated] updated
   *[removed] removed
} { $count } { $what ->
    [competitions] competitions
    [events] events
    [segments] segments
    [panels] panels
    [entries] entries
    [skaters] skaters
    [aliases] aliases
    [protocols] protocols
    [notes] notes
    [segment-results] segment results
    [team-results] team results
    [team-segment-results] team segment results
   *[other] { $what }
}

## A competition an import would change (IdentityChange)
import-identity-change = { $source }: competition { $key } is already stored as { $name } ({ $when }), and this import would change its { $changes }. If it is a correction of that competition, import it again as a correction (--correction on the command line, correction: True in /admin import-isu); if it is another competition, it needs its own id. Nothing was imported.
import-identity-item = { $field ->
    [name] name
    [start_date] start date
    [end_date] end date
    [city] city
    [country] country
   *[venue] venue
} { $old } -> { $new }
import-more = { $first }; { $rest }
import-when-where = { $dates }, { $place }
import-dates = { $start } to { $end }
import-no-dates = no dates
import-no-place = no place

## An ISU results site imported (/admin import-isu)
isu-summary = { $competition } ({ $key }): { $categories } categories, { $segments } segments, { $entries } entries, { $elements } elements ({ $pages } pages, { $pdf_pages } PDF pages read)
isu-warning = warning: { $warning }

## A whole season from the ISU's results server (import-isu --season, /admin import-isu season:)
isu-season-start = Season { $season }: { $count } competitions from { $base } ({ $inferred } of their codes inferred from the naming pattern)
isu-season-progress = Importing season { $season }: { $number } of { $total }, { $code } ({ $name })…
isu-season-imported = { $code }: { $competition } imported: { $categories } categories, { $entries } entries, { $warnings } warnings
isu-season-missing = warning: { $code } ({ $name }) is not on the results server: { $problem }{ $inferred ->
    [yes] {" "}(its code is inferred from the naming pattern, not read from a source)
   *[no] {""}
}
isu-season-failed = warning: { $code } ({ $name }) was not imported: { $problem }
isu-season-tally = Season { $season }: { $imported } imported, { $missing } not on the results server, { $failed } not imported for another reason (see the warnings)
isu-season-unknown = The list of ISU event codes has no season { $season }; it has { $seasons }.
isu-season-form = { $season } is not a season: write it as 2025-26.
isu-season-url-or-season = Give either the URL of a results site or a season, not both and not neither.
isu-discipline = { $discipline ->
    [men] men
    [women] women
    [pairs] pairs
   *[ice_dance] ice dance
}
# A category as read: "Junior men", or only the discipline for seniors.
isu-category-level = { $level } { $discipline }
isu-and = { $first } and { $rest }

## ISU import warnings: what was not imported, and why ($error: the reader's diagnostic, naming the file)
isu-charset-detected = { $file }: no character set declared; read as { $encoding } (detected)
isu-category-twice = { $category }: read as { $reading } like { $other }; two categories cannot be told apart, so this one was skipped
isu-no-result-yet = { $error }: { $category } has no result yet; what its segment pages hold is imported
isu-stale-page = { $file }: { $problem }; category { $category } skipped (a stale page?)
isu-no-segment-results = { $error }: no results of { $category } { $segment } imported
isu-no-panel = { $error }: no panel of judges for { $category } { $segment }
isu-category-skipped = { $category }: { $problem }; category skipped
isu-dance-segments = { $category }: ice dance with segments { $codes }; category skipped
isu-dance-segments-in = { $category }: { $discipline } with dance segments { $codes }; category skipped
isu-segment-unstorable = { $category } { $segment }: a { $code } segment cannot be stored; segment skipped
isu-no-pdf-linked = { $category } { $segment }: no judges' details PDF linked
isu-no-judges-details = { $error }: no judges' details for { $what } (the pages' scores are imported)
isu-pdf-skipped = { $error }: judges' details PDF skipped (the pages' scores are imported)
isu-event-codes-differ = the site's address and PDF names give different event codes ({ $codes }); the competition is identified by its name, dates and place instead
isu-code-from-address = { $code } (address { $url })
isu-code-from-folder = { $code } (folder { $folder })
isu-code-from-pdf = { $code } (PDF { $pdf })

## Why a category or page does not fit the site
isu-problem-title = its title { $title } names another competition than { $competition }
isu-problem-caption = its caption { $caption } is not { $expected }
isu-problem-disciplines-named = its name names { $disciplines }
isu-problem-no-discipline = its discipline cannot be read from its name, PDF names or page colours
isu-problem-disciplines-disagree = its name and pages disagree on the discipline ({ $readings })
isu-problem-mixed-entries = its entries mix couples and single skaters
isu-problem-entries = read as { $discipline }, but its entries are { $couples ->
    [yes] couples
   *[no] single
}
isu-problem-levels-disagree = its name and PDF names disagree on the level ({ $levels })
isu-problem-segment-unread = segment { $segments } cannot be read

## /admin
cmd-admin = skatebot owners' tools
cmd-admin-alias = How skaters' names are written
cmd-admin-alias-add = Add a spelling of a skater's name, in any script (bot owners)
cmd-admin-alias-add-skater = The skater
cmd-admin-alias-add-spelling = Another way their name is written, e.g. 坂本花織
cmd-admin-alias-remove = Remove a spelling of a skater's name (bot owners)
cmd-admin-alias-remove-skater = The skater
cmd-admin-alias-remove-spelling = The spelling to remove
cmd-admin-import-isu = Import an official ISU results site (bot owners)
cmd-admin-import-isu-url = The http(s) URL of the event's ISU results index page
cmd-admin-import-isu-season = Or a whole season from the ISU's results server (2025-26): championships, Grand Prix, Final
cmd-admin-import-isu-correction = The site corrects a stored competition's name, dates or place (default: refuse such changes)
alias-added = { $skater } can now also be found as { $spelling }.
alias-removed = { $skater } is no longer found as { $spelling }.
isu-pdf-unread = { $error }: judges' details PDF not read (skipped)
isu-pdf-team = { $file }: a team event's segment; team results are not read from PDFs (skipped)
isu-pdf-unplaced = { $file }: its heading ({ $heading }) names no category and segment that could be read (skipped)
isu-no-index = { $folder }: no index page; its results pages, panels and judges' details PDFs are read by what they hold, whatever their names ({ $files } other files not read)
isu-pdf-no-name = the PDFs name no competition and the folder no ISU event code: named after the folder, "{ $name }"
isu-pdf-dates = the dates are those the PDFs print ({ $start } to { $end }), the day each protocol was printed
isu-pdf-no-totals = { $category }: not every segment's PDF was read, so no total or final place is derived (the segments' scores are imported)
isu-pdf-stored-identity = the PDFs name no competition: they are read as { $key }, "{ $name }", as the store holds it
isu-page-damaged = { $error }: that page of { $category } is damaged or unreadable and was skipped; the rest is imported
isu-page-copy = { $file }: another page of { $category } { $segment } ({ $other } is read; this one is not)
isu-page-unread = { $error }: a results page that cannot be read was skipped; the rest of the folder is imported
isu-rows-from-pdf = { $category } { $segment }: the standings are read from its judges' details PDF { $pdf } (the segment page was not read)
isu-nation-blank = { $category }: no nation printed for { $names }; imported with an unknown country
isu-nation-unread = { $category }: nation codes { $codes } are not IOC codes; kept as printed
isu-result-only = { $category }: its final result ({ $file }) is imported without its segments (no segment page or PDF of it could be read)
isu-pdf-name-differs = the pages print the name "{ $printed }"; the folder's event code is { $key }, stored as "{ $name }", which it is imported as
isu-ijslive-no-nation = ijsLive pages print no nation: { $entries } results imported with an unknown country
isu-index-not-index = { $error }: so the folder is read by what its files hold
isu-index-followed = { $file } only shows another page, { $index }: that page is read as the site's index
isu-other-index = { $other }: another index page beside { $file }, which is the one read; { $other } is not
isu-folder-descended = { $folder } holds no results page or PDF but one folder, { $inner }: the site is read from there
isu-index-row-unread = { $file }: { $row } links no category page (CATnnnEN or CATnnnRS) and was not read; the categories of the other rows are
isu-segment-unread = { $category }: segment '{ $segment }' is no segment that can be read (skipped); the category's other segments are imported
