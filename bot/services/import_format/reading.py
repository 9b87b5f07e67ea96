"""Decoding a document into the models, and msgspec's messages rewritten to name the place and the problem."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from msgspec import Struct

from bot.services.import_format.models import (
    FORMAT_NAME,
    FORMAT_VERSION,
    ImportFormatError,
    ResultsDocument,
    SegmentResult,
    TeamSegment,
)
from bot.services.import_format.rules import problems


def read_document(document: Any, source: str) -> ResultsDocument:
    """The document as typed models, every rule checked; raises :class:`ImportFormatError` at the first problem.

    The message names ``source``, the place (``competitions[0].events[2].entries[5].skaters[0]``) and what is wrong.
    """
    parsed = decode(document, source)
    for where, problem in problems(parsed):
        raise ImportFormatError(f"{source}: {where}: {problem}")
    return parsed


def decode(document: Any, source: str) -> ResultsDocument:
    """The document's shape checked and typed, without the rules of :func:`problems`."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise ImportFormatError(
            f'{source}: top level: not a skatebot results file (expected "format": "{FORMAT_NAME}")'
        )
    if document.get("version") != FORMAT_VERSION:
        raise ImportFormatError(
            f"{source}: top level: version {document.get('version')!r} is not supported "
            f"(this skatebot reads version {FORMAT_VERSION})"
        )
    try:
        return msgspec.convert(document, ResultsDocument)
    except msgspec.ValidationError as exc:
        where, problem = _explain(str(exc))
        raise ImportFormatError(f"{source}: {_name_dict_keys(document, where)}: {problem}") from None


_AT = re.compile(r"^(?P<problem>.*) - at `\$(?P<path>[^`]*)`$", re.DOTALL)
_TYPE_WORDS = {
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def _explain(message: str) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.a[0].b`" as ("a[0].b", "must be a whole number, not text")."""
    m = _AT.match(message)
    problem, path = (m["problem"], m["path"].lstrip(".")) if m else (message, "")
    missing = re.fullmatch(r"Object missing required field `(\w+)`", problem)
    if missing:
        return path or "top level", f"'{missing[1]}' is required"
    if problem.startswith("Expected `str` matching regex"):
        return path, "must be a non-empty string"
    wrong = re.fullmatch(r"Expected `([^`]+)`, got `([^`]+)`", problem)
    if wrong:
        words = list(dict.fromkeys(_TYPE_WORDS.get(t, t) for t in wrong[1].split(" | ")))
        expected = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        return path, f"must be {expected}, not {_TYPE_WORDS.get(wrong[2], wrong[2])}"
    return path or "top level", problem


_STEP = re.compile(r"\.?(\w+)|\[(\d+)\]|\[\.\.\.\]")


def _name_dict_keys(document: Any, where: str) -> str:
    """msgspec writes a mapping's key as ``[...]``: find which entry's (or team's) segment it is.

    ``competitions[0].events[1].entries[3].segments[...].tss`` becomes ``....entries[3].segments.SP.tss``: the key
    is the first whose value does not decode on its own (the two mappings of the format hold segment results).
    """
    if "[...]" not in where:
        return where
    node: Any = document
    out: list[str] = []
    for m in _STEP.finditer(where):
        key, index = m[1], m[2]
        if key is not None:
            out.append(f".{key}" if out else key)
            node = node.get(key) if isinstance(node, dict) else None
        elif index is not None:
            out.append(f"[{index}]")
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) else None
        else:
            if not isinstance(node, dict):
                return where
            value_type = TeamSegment if ".teams[" in "".join(out) else SegmentResult
            bad = next((k for k, v in node.items() if not _decodes(v, value_type)), None)
            if bad is None:
                return where
            out.append(f".{bad}")
            node = node[bad]
    return "".join(out)


def _decodes(value: Any, model: type[Struct]) -> bool:
    try:
        msgspec.convert(value, model)
    except msgspec.ValidationError:
        return False
    return True
