# skatebot's shared words: the error path, buttons and menus every command uses, the bot itself.
# Values named { $… } are filled in by the code; anything a user typed arrives already quoted and escaped.

list-separator = {", "}

## The error path (bot/errors.py, bot/discord_layer/ui/errors.py)
error-not-in-store = No { $missing } in the store.
error-not-in-store-has = No { $missing } in the store. It has: { $listing }.
error-no-match = No { $what } matches { $query }.
error-no-match-suggest = No { $what } matches { $query }. Did you mean: { $listing }?
error-ambiguous = { $query } could be several { $plural }: { $listing }. Pick one below, or type more of the name.
error-unexpected = Something went wrong on our side (error code `{ $code }`). Please tell the bot's owner.
error-store-busy = The store is busy: another program (an import) has been writing to it for a while, and nothing was saved. Please try again in a minute.
error-store-lost = The store's server went away in the middle of this (it may be restarting), so nothing was saved. Please try again in a moment.
error-store-lost-unsure = The store's server went away while saving this, so it may not have been saved. Please check, and try again if it was not.
error-guild-only = This command only works in a server.
error-needs-bot-server = This works only in a server that has added skatebot. Here you can read the shared library: `/story show` and `/story search`.
error-cooldown = Slow down a little: try again in { $seconds } s.
error-missing-permissions = You need the { $permissions } permission for this.
error-bot-missing-permissions = I need the { $permissions } permission in this channel.
error-form-expired = This form was open too long (or skatebot restarted meanwhile), so nothing was saved. Please open it again.
error-check-failed = You cannot use this command here.
error-bad-option = { $value } could not be read for this option.
error-unstorable-text = Your text has a character that cannot be stored or looked up (half of an emoji, or a NUL character), so nothing was saved. Please type it again without it.
error-unstorable-number = A number in this request is too large to be anything stored, so nothing was saved or looked up.
error-component-expired = These buttons have expired (skatebot restarted, or they were left a while), so nothing was done. Please run the command again.

## Buttons and menus that only their owner may use (bot/discord_layer/ui/paging.py, bot/discord_layer/ui/pick.py)
not-your-buttons = Only the person who ran this command can use these buttons; run it yourself to page.
# The buttons of a paged answer (bot/discord_layer/ui/paging.py), in the asker's words.
page-previous = Previous
page-next = Next
not-your-menu = Only the person who ran this command can pick here; run it yourself.
pick-placeholder = Pick one to run the command with it

## The bot itself
no-token = No Discord token: set DISCORD_TOKEN in the environment or in .env (see .env.example), or try the bot locally with `skatebot sandbox`.
pong = Pong! Gateway latency { $latency_ms } ms.

## Numbers in words
# 1st, 2nd, 3rd, 4th, 11th, 21st: ORDINAL gives the language's ordinal category of the number.
ordinal = { ORDINAL($n) ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}
as-recorded = { $words }
