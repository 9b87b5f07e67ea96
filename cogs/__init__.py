"""The Discord layer: one feature per module, loaded in this order."""

EXTENSIONS = (
    "cogs.results",
    "cogs.athletes",
    "cogs.bests",
    "cogs.stories",
    "cogs.moments",
    "cogs.live",
    "cogs.predict",
    "cogs.config",
    "cogs.admin",
    "cogs.meta",
)
