"""User-facing text in one place, so replies can be translated without touching every cog."""

NO_TOKEN = (
    "No Discord token: set DISCORD_TOKEN in the environment or in .env (see .env.example), "
    "or try the bot locally with `skatebot sandbox`."
)
NO_RESULTS_STORED = "No results stored for this yet."
NEVER_MET = "{a} and {b} have not competed in the same event in the results stored."
PARTNERS = "{a} and {b} skate together: they are partners, not rivals, in {events}."
DISCIPLINE_PHRASES = {"men": "men's singles", "women": "women's singles", "pairs": "pairs", "ice_dance": "ice dance"}
OTHER_DISCIPLINES = (
    "{a} skates {a_discipline} and {b} skates {b_discipline}: they never compete against each other "
    "(in the team event they skate different segments)."
)
ABOUT_DESCRIPTION = (
    "The community's memory for figure skating: results, athletes and head-to-heads from a store where "
    "every figure keeps its sources."
)
REPORT_ERROR = (
    "Tell your server's moderators, with the competition, the figure and a source; the bot's owner corrects "
    "the store with `skatebot import`. Figures marked * rest on one source, † are computed."
)
UNEXPECTED_ERROR = "Something went wrong on our side (error code `{code}`). Please tell the bot's owner."
NOT_YOUR_BUTTONS = "Only the person who ran this command can use these buttons; run it yourself to page."
NOT_YOUR_MENU = "Only the person who ran this command can pick here; run it yourself."
GUILD_ONLY = "This command only works in a server."
COOLDOWN = "Slow down a little: try again in {seconds:.0f} s."
MISSING_PERMISSIONS = "You need the {permissions} permission for this."
BOT_MISSING_PERMISSIONS = "I need the {permissions} permission in this channel."
PONG = "Pong! Gateway latency {latency_ms} ms."
ALIAS_ADDED = "{skater} can now also be found as {spelling}."
ALIAS_REMOVED = "{skater} is no longer found as {spelling}."
STORE_BUSY = (
    "The store is busy: another program (an import) has been writing to it for a while, and nothing was saved. "
    "Please try again in a minute."
)
FORM_EXPIRED = (
    "This form was open too long (or skatebot restarted meanwhile), so nothing was saved. Please open it again."
)
