"""The process's log: one line per event, as text or as JSON lines (LOG_FORMAT=json, for a log collector), with
secrets taken out of both whatever a library logs."""

from __future__ import annotations

import logging
import re

from pythonjsonlogger.json import JsonFormatter

from bot.settings import Settings

TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
# The fields of a JSON line, renamed to what log collectors look for first.
JSON_FIELDS = ("asctime", "levelname", "name", "message")
JSON_NAMES = {"asctime": "time", "levelname": "level", "name": "logger"}


class RedactSecrets(logging.Filter):
    """Whatever a library logs, secrets never reach the log output: the bot token, and the interaction tokens
    in the callback and follow-up URLs discord.py logs at DEBUG (each one lets its holder answer, edit and
    delete as the bot for 15 minutes) and in gateway payloads. As a filter it cleans the message of every
    record; `redact` also cleans a whole formatted line (a traceback's text, a JSON line)."""

    # An interaction token after its URL segment, or as a payload's "token" (its quotes escaped in a JSON line).
    _INTERACTION_TOKENS = re.compile(
        r"(?P<keep>/interactions/\d+/|/webhooks/\d+/|\\?[\"']token\\?[\"']\s*:\s*\\?[\"'])"
        r"(?P<secret>[A-Za-z0-9_.\-]{20,})"
    )

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token

    def redact(self, text: str) -> str:
        redacted = self._INTERACTION_TOKENS.sub(r"\g<keep>[token]", text)
        if self.token:
            redacted = redacted.replace(self.token, "[token]")
        return redacted

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = self.redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


class _Redacted(logging.Formatter):
    """A formatter whose every line goes through the redaction last: tracebacks are formatted after the filters
    ran, and an exception's text may hold a URL with a token."""

    def __init__(self, inner: logging.Formatter, secrets: RedactSecrets) -> None:
        super().__init__()
        self.inner = inner
        self.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        return self.secrets.redact(self.inner.format(record))


def formatter_for(log_format: str) -> logging.Formatter:
    if log_format == "json":
        # One JSON object per line: the traceback is a field of its event's line, never lines of its own.
        return JsonFormatter(list(JSON_FIELDS), rename_fields=JSON_NAMES, json_ensure_ascii=False)
    return logging.Formatter(TEXT_FORMAT)


def setup_logging(settings: Settings) -> None:
    secrets = RedactSecrets(settings.token)
    handler = logging.StreamHandler()
    handler.setFormatter(_Redacted(formatter_for(settings.log_format), secrets))
    handler.addFilter(secrets)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level)
    # Python's warnings (an unawaited coroutine at shutdown, a deprecation) go through the same handler: in JSON
    # mode a collector reads every line as an event, and a bare warning line would break it.
    logging.captureWarnings(True)
    logging.getLogger("discord.http").setLevel(logging.WARNING)
    logging.getLogger("aiosqlite").setLevel(logging.INFO)  # its DEBUG is a line per statement
    logging.getLogger("discord.gateway").setLevel(max(logging.INFO, root.level))
