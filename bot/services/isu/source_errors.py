"""What goes wrong reading a results site: a file that cannot be read (SourceError), one that is not there
(MissingFile), and what the private-host refusal tells the user to do.
"""

from __future__ import annotations


class SourceError(ValueError):
    """A file of the results site cannot be read: names the file or URL and the problem."""


class MissingFile(SourceError):
    """The file is not there (absent from the folder, HTTP 404/410): normal on a site published during the event,
    so the importer warns and goes on."""


#: What the private-host refusal tells the user to do: the command line's flag and the bot's setting.
ALLOW_PRIVATE_HINT = "use --allow-private for a local mirror (ISU_ALLOW_PRIVATE=1 for /admin import-isu)"
