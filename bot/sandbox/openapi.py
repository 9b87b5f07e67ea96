"""Discord's own OpenAPI description of its HTTP API, as a check on what the bot sends to the stand-in.

Why: the stand-in's hand-written limits cover what we thought of; Discord's published specification covers
every operation and field it defines. A request to an operation Discord does not have, or a body its schema
refuses, is recorded as a violation, so an end-to-end test fails where Discord would have answered 400/404.

The specification is OpenAPI 3.1 (JSON Schema 2020-12). It is checked with fastjsonschema, which compiles a
schema to Python once (per schema, per process: 0.3-2 s each for the big unions) under draft 2019-09, its
newest; the keywords the spec uses (type lists, const, enum, oneOf/anyOf/allOf, lengths, item counts, bounds,
`$ref` beside `description`) mean the same there. The reference validator (jsonschema) took 27 ms for one
message with a row of buttons; this takes under 1. jsonschema still words the error of a refused body.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import gzip
import hashlib
import importlib.util
import json
import logging
import marshal
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import CodeType
from typing import Any

import fastjsonschema

from bot.user_cache import write_atomically

log = logging.getLogger(__name__)

# Bundled copy (MIT, see discord_openapi/LICENSE): the check runs wherever the bot is installed.
BUNDLED_SPEC = Path(__file__).with_name("discord_openapi") / "openapi.json.gz"
# The project's shared folder beside the checkout, where the copy came from.
SHARED_SPEC = Path(__file__).resolve().parents[2].parent / "shared/specs/discord/openapi.json"
SPEC_ENV = "SANDBOX_OPENAPI"

_SNOWFLAKE = re.compile(r"^(0|[1-9][0-9]*)$")
_INT_BOUNDS = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}
_BODY_METHODS = ("post", "put", "patch")


def _string_format_checks() -> dict[str, Callable[[str], bool]]:
    """Formats fastjsonschema does not know. They only ever apply to strings; the numeric ones (int32, int64,
    double) sit on integer or number properties, so for a string they constrain nothing (the `type` refuses
    it), and "nonce" is bounded by its maxLength."""
    return {
        "snowflake": lambda value: bool(_SNOWFLAKE.match(value)),
        "int32": lambda value: True,
        "int64": lambda value: True,
        "double": lambda value: True,
        "nonce": lambda value: True,
    }


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    template: str  # "/channels/{channel_id}/messages"
    operation_id: str
    spec: dict[str, Any]

    def __str__(self) -> str:
        return f"{self.method} {self.template} ({self.operation_id})"


class OpenAPISpec:
    """Operations and compiled body validators of one OpenAPI document."""

    def __init__(self, document: dict[str, Any], *, digest: str | None = None) -> None:
        """`digest`: a digest of the document's bytes, under which its compiled checks are kept in the user's
        cache directory for the next process (None: compiled for this one only)."""
        self.document = document
        self._cache_key = None if digest is None else _code_cache_key(digest)
        # Per method: (pattern, operation), literal segments first so "/messages/@original" beats
        # "/messages/{message_id}" and "/users/@me" beats "/users/{user_id}".
        self._routes: dict[str, list[tuple[re.Pattern[str], Operation]]] = {}
        for template, item in (document.get("paths") or {}).items():
            for method, op in item.items():
                if method == "parameters" or not isinstance(op, dict):
                    continue
                pattern = re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$")
                operation = Operation(method.upper(), template, op.get("operationId", "?"), op)
                self._routes.setdefault(method.upper(), []).append((pattern, operation))
        for routes in self._routes.values():
            routes.sort(key=lambda r: (-_literal_segments(r[1].template), r[1].template))
        # request schema as JSON -> its compiled check
        self._validators: dict[str, Callable[[Any], Any]] = {}
        # request schema as JSON -> the definition its check is compiled from (what words a refusal)
        self._definitions: dict[str, dict[str, Any]] = {}

    # The components prepared for checks (a copy of the whole tree each, a tenth of a second) are made when first
    # needed: a start whose checks are all in the cache (`_code`) and whose requests pass needs neither.
    @functools.cached_property
    def _response_components(self) -> dict[str, Any]:
        components = _prepare(self.document.get("components") or {}, None)
        _correct_field_error_codes(components)
        prepared: dict[str, Any] = components
        return prepared

    @functools.cached_property
    def _request_components(self) -> dict[str, Any]:
        components: dict[str, Any] = _prepare(self.document.get("components") or {}, None)
        attachment = (components.get("schemas") or {}).get("MessageAttachmentRequest")
        if attachment is not None:
            # The spec types an uploaded attachment's id as a snowflake string, but Discord's own documentation
            # (Uploading Files) sends `"attachments": [{"id": 0, ...}]`, the file's index as an integer, as
            # discord.py does; Discord accepts it. Everywhere else a snowflake stays a string.
            attachment["properties"]["id"] = {
                "anyOf": [{"$ref": "#/components/schemas/SnowflakeType"}, {"type": "integer", "minimum": 0}]
            }
        return components

    @classmethod
    def load(cls, path: Path) -> OpenAPISpec:
        raw = path.read_bytes()
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        return cls(json.loads(raw), digest=hashlib.sha256(raw).hexdigest())

    def operation(self, method: str, path: str) -> Operation | None:
        """The operation for a concrete path ("/channels/123/messages"), or None if Discord has none."""
        for pattern, operation in self._routes.get(method.upper(), ()):
            if pattern.match(path):
                return operation
        return None

    def check_request(self, operation: Operation, body: Any) -> list[str]:
        """Why the spec refuses this JSON body for the operation ([] when it accepts it)."""
        request_body = operation.spec.get("requestBody")
        if request_body is None:
            return [] if body is None else ["the operation takes no request body"]
        if body is None:
            return ["the request body is required"] if request_body.get("required") else []
        return self._check(_body_schema(request_body), body)

    def check_response(self, operation: Operation, status: int, body: Any) -> list[str]:
        """Why the spec refuses this response body for the operation and status ([] when it accepts it)."""
        responses = operation.spec.get("responses") or {}
        response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX")
        if response is None:
            return [f"status {status} is not a documented response"]
        while "$ref" in response:
            response = self._resolve(response["$ref"])
        schema = _body_schema(response)
        if schema is None:
            return [] if body is None else [f"status {status} documents no body"]
        # The reference validator, uncompiled: answers are checked in tests, a few dozen times, where compiling
        # each big response schema would cost more than checking with it.
        reason = _explain({"components": self._response_components, **schema}, body)
        return [] if reason is None else [reason]

    def _resolve(self, ref: str) -> dict[str, Any]:
        node: Any = {"components": self._response_components}
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        resolved: dict[str, Any] = node
        return resolved

    def _check(self, schema: dict[str, Any] | None, body: Any) -> list[str]:
        if schema is None:
            return []
        # Keyed by the schema, not the operation: the operations that take a message share one check.
        key = json.dumps(schema, sort_keys=True)
        validate = self._validators.get(key)
        if validate is None:
            validate = self._validators[key] = self._compiled(key, schema)
        try:
            validate(body)
        except fastjsonschema.JsonSchemaValueException as exc:
            return [_explain(self._definition(key, schema), body) or exc.message]
        return []

    def _definition(self, key: str, schema: dict[str, Any]) -> dict[str, Any]:
        """The request schema prepared (`_prepare`), with the components it refers to."""
        definition = self._definitions.get(key)
        if definition is None:
            components = self._request_components
            definition = self._definitions[key] = {"components": components, **_prepare(schema, components)}
        return definition

    def _compiled(self, key: str, schema: dict[str, Any]) -> Callable[[Any], Any]:
        """The check of one request schema: fastjsonschema's code for it, generated once per version of the spec,
        of this module and of fastjsonschema, and kept in the user's cache directory (a message's schema takes
        seconds to generate: every sandbox start and test module would pay it again)."""
        formats = _string_format_checks()
        namespace: dict[str, Any] = {}
        exec(self._code(key, schema, formats), namespace)  # fastjsonschema's code, generated here or before
        return functools.partial(namespace["validate"], custom_formats=formats)

    def _code(self, key: str, schema: dict[str, Any], formats: dict[str, Callable[[str], bool]]) -> CodeType:
        """The compiled code of the check: from the cache (bytecode of this Python), else generated and compiled
        now (seconds for a message's schema) and kept there for the next process."""
        path = None
        if self._cache_key is not None:
            from bot.sandbox.template import cache_dir

            name = hashlib.sha256(f"{self._cache_key}\0{key}\0{importlib.util.MAGIC_NUMBER!r}".encode()).hexdigest()
            path = cache_dir() / "openapi" / f"check-{name[:32]}.bytecode"
            with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
                code = marshal.loads(path.read_bytes())
                if isinstance(code, CodeType):
                    return code
        definition = self._definition(key, schema)
        source = fastjsonschema.compile_to_code(definition, handlers={}, formats=formats, use_default=False)
        code = compile(source, "<openapi check>", "exec")
        if path is not None:
            write_atomically(path, marshal.dumps(code))
        return code


def _code_cache_key(spec_digest: str) -> str:
    """What the generated checks depend on: the spec, how this module prepares it, and fastjsonschema."""
    own = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    return f"{spec_digest}:{own}:{fastjsonschema.VERSION}"


def _explain(definition: dict[str, Any], body: Any) -> str | None:
    """The reference validator's account of why the body fails (None: it does not). For requests it only runs
    once fastjsonschema, compiled for speed, has refused a body: that one says no more than "data cannot be
    validated by any definition" for a union, this names the field and the rule."""
    # Imported here: a refused body is rare, and importing jsonschema (with referencing and attrs) took 20 ms of
    # every sandbox start (bench/bench_sandbox_start.py).
    import jsonschema

    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(definition).iter_errors(body))
    # A union names no field; its closest branch does.
    while error is not None and error.context:
        error = jsonschema.exceptions.best_match(error.context)
    if error is None:
        return None
    # Messages quote the refused value; a 4,001-character string or a 26-item list is better named by its bound.
    if error.validator in ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties"):
        message = f"breaks {error.validator} {error.validator_value!r}"
    else:
        message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"{error.json_path}: {message} (rule: {'/'.join(map(str, error.schema_path))})"


def _correct_field_error_codes(components: dict[str, Any]) -> None:
    """The spec gives a field's errors (`errors.content._errors[]`) the top-level error's integer `code`; Discord's
    documentation (Opcodes and Status Codes, the error-messages example) and its answers name them with strings
    such as "BASE_TYPE_REQUIRED", which is what the stand-in sends."""
    inner = (components.get("schemas") or {}).get("InnerErrors")
    if inner is None:
        return
    inner["properties"]["_errors"]["items"] = {
        "type": "object",
        "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
        "required": ["code", "message"],
    }


def _body_schema(body: dict[str, Any]) -> dict[str, Any] | None:
    # discord.py sends JSON, or multipart whose payload_json holds the same JSON: both check against the JSON schema.
    content = body.get("content") or {}
    media = content.get("application/json") or next(iter(content.values()), None)
    return None if media is None else media.get("schema")


def _literal_segments(template: str) -> int:
    return sum(1 for part in template.split("/") if part and not part.startswith("{"))


def _prepare(schema: Any, components: dict[str, Any] | None) -> Any:
    """A copy of the schema tree, unchanged in meaning, faster to check and with the spec's integer formats as
    bounds (fastjsonschema only applies formats to strings). `components`: what `$ref`s point into (None: the
    tree is the components themselves)."""
    prepared = copy.deepcopy(schema)
    _add_integer_bounds(prepared)
    root = {"components": prepared if components is None else components}

    def resolve(node: Any) -> Any:
        seen = 0
        while isinstance(node, dict) and "$ref" in node and seen < 20:
            target: Any = root
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target.get(part) if isinstance(target, dict) else None
            node, seen = target, seen + 1
        return node

    _discriminate(prepared, resolve)
    return prepared


def _discriminate(node: Any, resolve: Callable[[Any], Any]) -> None:
    """Unions of objects told apart by their `type` (components, callbacks) become an if/then chain on that
    value. Same meaning: a branch whose `type` cannot hold the value fails anyway; but a checker no longer
    validates (and raises for) every branch of a 40-item component list. A value no branch names meets
    the original union, which also words the error."""
    if isinstance(node, list):
        for value in node:
            _discriminate(value, resolve)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _discriminate(value, resolve)
    for key in ("oneOf", "anyOf"):
        branches = node.get(key)
        if not isinstance(branches, list) or len(branches) < 2 or "if" in node:
            continue
        by_value: dict[Any, list[Any]] = {}
        for branch in branches:
            values = _type_values(resolve(branch))
            if values is None:
                break
            for value in values:
                by_value.setdefault(value, []).append(branch)
        else:
            # Flat, not an else-chain: nested ifs nest Python blocks in the generated code past its limit.
            clauses: list[Any] = [
                {"if": _type_is([value]), "then": members[0] if len(members) == 1 else {key: members}}
                for value, members in by_value.items()
            ]
            clauses.append({"if": _type_is(list(by_value)), "else": {key: branches}})
            del node[key]
            node["allOf"] = [*node.get("allOf", []), *clauses]
            return


def _type_is(values: list[Any]) -> dict[str, Any]:
    return {"properties": {"type": {"enum": values}}, "required": ["type"]}


def _type_values(schema: Any) -> list[Any] | None:
    if not isinstance(schema, dict) or "type" not in (schema.get("required") or ()):
        return None
    prop = (schema.get("properties") or {}).get("type")
    if not isinstance(prop, dict):
        return None
    if "const" in prop:
        values = [prop["const"]]
    elif isinstance(prop.get("enum"), list):
        values = list(prop["enum"])
    else:
        return None
    return values if all(isinstance(v, int | str) and not isinstance(v, bool) for v in values) else None


def _add_integer_bounds(node: Any) -> None:
    if isinstance(node, dict):
        bounds = _INT_BOUNDS.get(node.get("format", ""))
        if bounds is not None:
            node.setdefault("minimum", bounds[0])
            node.setdefault("maximum", bounds[1])
        for value in node.values():
            _add_integer_bounds(value)
    elif isinstance(node, list):
        for value in node:
            _add_integer_bounds(value)


class SpecCheck:
    """What the stand-in asks of each request: an operation Discord defines, and a body its schema accepts."""

    def __init__(self, spec: OpenAPISpec, source: Path) -> None:
        self.spec = spec
        self.source = source

    def operation_violation(self, method: str, path: str) -> tuple[Operation | None, str | None]:
        operation = self.spec.operation(method, path)
        if operation is None:
            return None, f"{method} {path}: Discord's API has no such operation (OpenAPI spec)"
        return operation, None

    def body_violations(self, operation: Operation, body: Any) -> list[str]:
        return [f"{operation}: {reason} (OpenAPI spec)" for reason in self.spec.check_request(operation, body)]


def spec_path() -> Path | None:
    """Where the specification is read from: $SANDBOX_OPENAPI, else the bundled copy, else ../shared."""
    override = os.environ.get(SPEC_ENV)
    if override:
        return Path(override)
    for candidate in (BUNDLED_SPEC, SHARED_SPEC):
        if candidate.is_file():
            return candidate
    return None


def load_spec_check() -> SpecCheck | None:
    """The check, or None (logged once per process and path) when no specification is found. Parsed once per
    process and path, its validators compiled once per operation: every test's stand-in shares them."""
    path = spec_path()
    if path is None or not path.is_file():
        missing = path or BUNDLED_SPEC
        if missing not in _warned:
            _warned.add(missing)
            log.warning(
                "Discord's OpenAPI spec not found (%s; set %s): the sandbox runs without the spec check",
                missing,
                SPEC_ENV,
            )
        return None
    spec = _loaded.get(path)
    if spec is None:
        spec = _loaded[path] = OpenAPISpec.load(path)
    return SpecCheck(spec, path)


_loaded: dict[Path, OpenAPISpec] = {}
_warned: set[Path] = set()
