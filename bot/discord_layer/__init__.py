"""The Discord layer: everything that knows discord.py, below the cogs and above the services.

`ui/` (embeds, views, forms, pagers, replies, the error replies), `tree.py` (the command tree), `checks.py` (who is
acting), `installs.py` (guild or user install), the posters the services are given (`moment_poster.py`,
`live_poster.py`, `prediction_poster.py`, `modlog.py`), `scheduling.py` (APScheduler glue) and the operator's
`metrics.py` and `monitor.py`. Named `discord_layer`, not `discord`, so that no reader mistakes it for the library.
"""
