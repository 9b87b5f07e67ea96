"""Discord's JSON answers: errors raised by handlers (turned into responses by the REST middleware) and the
response helper every handler uses."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

# (path, message) pairs, as the limit checks report them.
FieldErrors = list[tuple[list[str | int], str]]


class DiscordHTTPError(Exception):
    """Raised inside handlers; turned into Discord's JSON error shape by the middleware."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


def errors_body(errors: FieldErrors) -> dict[str, Any]:
    """Nest (path, message) pairs the way Discord's 50035 body does; discord.py flattens them back."""
    body: dict[str, Any] = {}
    for path, message in errors:
        node = body
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return body


def invalid_form_body(errors: FieldErrors) -> DiscordHTTPError:
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors_body(errors))


def error(status: int, code: int, message: str) -> DiscordHTTPError:
    return DiscordHTTPError(status, code, message)


def unknown_channel() -> DiscordHTTPError:
    return error(404, 10003, "Unknown Channel")


def unknown_message() -> DiscordHTTPError:
    return error(404, 10008, "Unknown Message")


def unknown_interaction() -> DiscordHTTPError:
    return error(404, 10062, "Unknown interaction")


def unknown_webhook() -> DiscordHTTPError:
    return error(404, 10015, "Unknown Webhook")


def empty_message() -> DiscordHTTPError:
    return error(400, 50006, "Cannot send an empty message")


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": with "; charset=utf-8" discord.py would read the body as text.
    resp = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    resp.headers["Content-Type"] = "application/json"
    return resp
