"""The stand-in's check against Discord's OpenAPI specification, and its own answers against the same spec.

Why: a request Discord does not define, or a body its schema refuses, must fail a test as it would fail on
Discord; and the stand-in's answers must have Discord's shapes, or the bot is tested against a Discord that
does not exist.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.sandbox.openapi import BUNDLED_SPEC, SPEC_ENV, OpenAPISpec, load_spec_check
from bot.sandbox.server import FakeDiscord, Guild

API = "/api/v10"


@pytest.fixture(scope="module")
def spec() -> OpenAPISpec:
    return OpenAPISpec.load(BUNDLED_SPEC)


def test_every_stand_in_checks_against_the_bundled_spec_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SPEC_ENV, raising=False)
    server = FakeDiscord()
    assert server.spec is not None and server.spec.source == BUNDLED_SPEC


def test_without_a_spec_the_sandbox_runs_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(SPEC_ENV, str(tmp_path / "absent.json"))
    with caplog.at_level(logging.WARNING, logger="bot.sandbox.openapi"):
        assert FakeDiscord().spec is None
        assert load_spec_check() is None
    assert [r.getMessage() for r in caplog.records if "spec not found" in r.getMessage()] == [
        f"Discord's OpenAPI spec not found ({tmp_path / 'absent.json'}; set {SPEC_ENV}): "
        "the sandbox runs without the spec check"
    ]


def test_operations_are_matched_by_method_and_path_template(spec: OpenAPISpec) -> None:
    create = spec.operation("POST", "/channels/123/messages")
    assert create is not None and create.operation_id == "create_message"
    # A literal segment beats a parameter: "@original" is its own operation.
    original = spec.operation("PATCH", "/webhooks/1/tok/messages/@original")
    assert original is not None and original.operation_id == "update_original_webhook_message"
    me = spec.operation("GET", "/users/@me")
    assert me is not None and me.operation_id == "get_my_user"
    assert spec.operation("PUT", "/channels/123/messages") is None  # the path exists, not for that method
    assert spec.operation("GET", "/channels/123/nonsense") is None


def test_a_good_message_body_passes(spec: OpenAPISpec) -> None:
    create = spec.operation("POST", "/channels/1/messages")
    assert create is not None
    body = {
        "content": "Kaori Sakamoto 226.13",
        "embeds": [{"title": "Worlds 2024", "fields": [{"name": "Total", "value": "222.96", "inline": True}]}],
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Next", "custom_id": "p:n"}]}],
        "allowed_mentions": {"parse": []},
        # discord.py uploads files with the index as an integer id, as Discord's documentation does.
        "attachments": [{"id": 0, "filename": "protocol.pdf"}],
    }
    assert spec.check_request(create, body) == []


@pytest.mark.parametrize(
    ("method", "path", "body", "expected"),
    [
        # A required field missing: an application command needs a name.
        ("PUT", "/applications/1/guilds/2/commands", [{"description": "no name"}], "'name' is a required property"),
        # The wrong type.
        ("POST", "/channels/1/messages", {"content": "x", "tts": "yes"}, "$.tts: 'yes' is not of type"),
        # Too long: the spec's own bound on content (4,000; Discord's 2,000 for bots is limits.py's).
        ("POST", "/channels/1/messages", {"content": "x" * 4001}, "$.content: breaks maxLength 4000"),
        # Too many: 11 embeds.
        ("POST", "/channels/1/messages", {"embeds": [{"title": "t"}] * 11}, "$.embeds: breaks maxItems 10"),
        # Nested: a button style Discord does not have, inside a row, inside a callback's data.
        (
            "POST",
            "/interactions/1/tok/callback",
            {"type": 4, "data": {"components": [{"type": 1, "components": [{"type": 2, "style": 9}]}]}},
            "$.data.components[0].components[0].style",
        ),
        # An enum: "parse" names only users, roles and everyone.
        ("POST", "/channels/1/messages", {"allowed_mentions": {"parse": ["nobody"]}}, "$.allowed_mentions.parse[0]"),
    ],
)
def test_a_bad_body_is_refused_with_the_field_and_the_rule(
    spec: OpenAPISpec, method: str, path: str, body: Any, expected: str
) -> None:
    operation = spec.operation(method, path)
    assert operation is not None
    reasons = spec.check_request(operation, body)
    assert len(reasons) == 1 and expected in reasons[0], reasons


@dataclass
class Served:
    server: FakeDiscord
    guild: Guild
    http: aiohttp.ClientSession

    def url(self, path: str) -> str:
        return f"{self.server.api_base}{path}"

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bot {self.server.bot_token}"}


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    server = FakeDiscord()
    await server.start()
    guild = server.create_guild("Skate Fans", server.create_user("you"))
    try:
        async with aiohttp.ClientSession() as http:
            yield Served(server, guild, http)
    finally:
        await server.stop()


async def test_the_bots_requests_are_checked_and_breaches_recorded(served: Served) -> None:
    channel = served.guild.text_channel("general")
    posted = served.url(f"/channels/{channel.id}/messages")
    async with served.http.post(posted, json={"content": "fine"}, headers=served.auth) as r:
        assert r.status == 200
    assert served.server.violations == []

    async with served.http.post(posted, json={"content": "fine", "tts": "yes"}, headers=served.auth) as r:
        assert r.status == 200  # recorded, not refused: the spec is Discord's preview
    assert served.server.violations == [
        "POST /channels/{channel_id}/messages (create_message): $.tts: 'yes' is not of type 'boolean', 'null' "
        "(rule: properties/tts/type) (OpenAPI spec)"
    ]
    served.server.violations.clear()

    async with served.http.get(served.url(f"/channels/{channel.id}/nonsense"), headers=served.auth) as r:
        assert r.status == 404
    assert served.server.violations == [
        f"GET /channels/{channel.id}/nonsense: Discord's API has no such operation (OpenAPI spec)"
    ]


async def test_the_stand_ins_rest_answers_have_the_specs_shapes(served: Served, spec: OpenAPISpec) -> None:
    """Each REST route the stand-in implements, called as discord.py calls it; each answer checked against the
    spec's response schema for its operation and status."""
    server, guild = served.server, served.guild
    channel = guild.text_channel("general")
    app = f"/applications/{server.application_id}"
    command = {"name": "ping", "description": "Latency check", "type": 1}
    calls: list[tuple[str, str, Any]] = [
        ("GET", "/gateway", None),
        ("GET", "/gateway/bot", None),
        ("GET", "/users/@me", None),
        ("GET", f"/users/{server.bot_user.id}", None),
        ("GET", "/oauth2/applications/@me", None),
        ("GET", "/applications/@me", None),
        ("PUT", f"{app}/guilds/{guild.id}/commands", [command]),
        ("GET", f"{app}/guilds/{guild.id}/commands", None),
        ("PUT", f"{app}/commands", [command]),
        ("GET", f"{app}/commands", None),
        ("POST", f"{app}/commands", {**command, "name": "pong"}),
        ("GET", f"{app}/guilds/{guild.id}/commands/permissions", None),
        ("GET", f"/guilds/{guild.id}", None),
        ("GET", f"/guilds/{guild.id}/channels", None),
        ("GET", f"/guilds/{guild.id}/roles", None),
        ("GET", f"/guilds/{guild.id}/members/{server.bot_user.id}", None),
        ("GET", f"/channels/{channel.id}", None),
        ("POST", f"/channels/{channel.id}/typing", None),
        ("POST", f"/channels/{channel.id}/messages", {"content": "hello", "embeds": [{"title": "t"}]}),
        ("GET", f"/channels/{channel.id}/messages?limit=5", None),
    ]
    checked: list[str] = []
    for method, path, body in calls:
        checked.append(await _call_and_check(served, spec, method, path, body))
    message = server.messages(channel)[0]
    command_id = next(c["id"] for c in server.commands() if c["name"] == "pong")
    for method, path, body in [
        ("GET", f"/channels/{channel.id}/messages/{message.id}", None),
        ("PATCH", f"/channels/{channel.id}/messages/{message.id}", {"content": "edited"}),
        ("DELETE", f"/channels/{channel.id}/messages/{message.id}", None),
        ("GET", f"{app}/commands/{command_id}", None),
        ("PATCH", f"{app}/commands/{command_id}", {"description": "Pong back"}),
        ("DELETE", f"{app}/commands/{command_id}", None),
    ]:
        checked.append(await _call_and_check(served, spec, method, path, body))
    assert len(checked) == 26
    assert server.violations == [] and server.errors == []


async def test_the_stand_ins_error_answers_have_the_specs_shapes(served: Served, spec: OpenAPISpec) -> None:
    """Discord's error object (message, code, nested field errors) and its 429 body, as discord.py reads them."""
    channel = served.guild.text_channel("general")
    posted = f"/channels/{channel.id}/messages"
    failures = [
        ("GET", "/channels/1/messages", None, {}, 404),  # unknown channel
        ("GET", "/channels/abc/messages", None, {}, 400),  # not a snowflake: field errors
        ("POST", posted, {"content": "x" * 2001}, {}, 400),  # over the bot's 2,000: field errors
        ("GET", "/users/@me", None, {"Authorization": "Bot nope"}, 401),
    ]
    for method, path, body, headers, status in failures:
        async with served.http.request(method, served.url(path), json=body, headers=headers or served.auth) as r:
            assert r.status == status
            answer = await r.json()
        operation = spec.operation(method, path)
        assert operation is not None
        assert spec.check_response(operation, status, answer) == [], (method, path, answer)
    served.server.violations.clear()  # the 2,001 characters were recorded, as they should be

    served.server.global_rate_limit = 0
    async with served.http.get(served.url("/users/@me"), headers=served.auth) as r:
        assert r.status == 429
        answer = await r.json()
    operation = spec.operation("GET", "/users/@me")
    assert operation is not None and spec.check_response(operation, 429, answer) == []
    assert served.server.errors == []


async def test_interaction_answers_have_the_specs_shapes(served: Served, spec: OpenAPISpec) -> None:
    """The callback's `with_response` body and the webhook's message answers, for an interaction sent to a
    client connected over a raw gateway socket."""
    server, guild = served.server, served.guild
    channel = guild.text_channel("general")
    app = f"/applications/{server.application_id}"
    command = {"name": "ping", "description": "Latency check", "type": 1}
    await _call_and_check(served, spec, "PUT", f"{app}/guilds/{guild.id}/commands", [command])
    async with served.http.ws_connect(server.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": server.bot_token, "intents": 1 << 9, "properties": {}}})
        assert (await ws.receive_json())["t"] == "READY"
        result = await server.slash(guild, channel, guild.members[guild.owner_id].user, "ping")
        hook = f"/webhooks/{server.application_id}/{result.token}"
        checks = [
            ("POST", f"/interactions/{result.id}/{result.token}/callback?with_response=true", {"type": 5}),
            ("POST", f"{hook}?wait=true", {"content": "pong"}),
            ("POST", f"{hook}?wait=true", {"content": "and a follow-up"}),
            ("GET", f"{hook}/messages/@original", None),
            ("PATCH", f"{hook}/messages/@original", {"content": "pong!"}),
        ]
        for method, path, body in checks:
            await _call_and_check(served, spec, method, path, body)
        followup = result.followups[0]
        for method, path in [("GET", f"{hook}/messages/{followup.id}"), ("DELETE", f"{hook}/messages/{followup.id}")]:
            await _call_and_check(served, spec, method, path, None)
    assert server.violations == [] and server.errors == []


async def _call_and_check(served: Served, spec: OpenAPISpec, method: str, path: str, body: Any) -> str:
    async with served.http.request(method, served.url(path), json=body, headers=served.auth) as r:
        assert r.status < 300, (method, path, r.status, await r.text())
        answer = await r.json() if r.status != 204 else None
        status = r.status
    operation = spec.operation(method, path.split("?")[0])
    assert operation is not None, (method, path)
    assert spec.check_response(operation, status, answer) == [], (method, path, answer)
    return f"{method} {path}"


def test_a_start_whose_checks_are_kept_prepares_the_spec_only_to_word_a_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Preparing the spec's components for the checks copies the whole tree (a tenth of a second each, twice):
    with the checks in the cache, a body that passes needs none of it; a refused one is still worded."""
    from bot.sandbox import openapi, template

    monkeypatch.setattr(template, "cache_dir", lambda: tmp_path / "cache")
    warm = OpenAPISpec.load(BUNDLED_SPEC)
    create = warm.operation("POST", "/channels/1/messages")
    assert create is not None
    assert warm.check_request(create, {"content": "Kaori Sakamoto 226.13"}) == []

    prepared: list[object] = []
    real = openapi._prepare

    def counting(schema: Any, components: dict[str, Any] | None) -> Any:
        prepared.append(schema)
        return real(schema, components)

    monkeypatch.setattr(openapi, "_prepare", counting)
    started = OpenAPISpec.load(BUNDLED_SPEC)
    assert started.check_request(create, {"content": "Kaori Sakamoto 226.13"}) == []
    assert prepared == []
    refused = started.check_request(create, {"content": "x", "tts": "yes"})
    assert len(refused) == 1 and "$.tts: 'yes' is not of type" in refused[0]
    assert prepared != []
    ping = started.operation("POST", "/interactions/1/token/callback")
    assert ping is not None and started.check_response(ping, 204, None) == []


def test_the_compiled_checks_are_kept_for_the_next_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Generating and compiling a message's check takes seconds: the first process keeps the bytecode in the user's
    cache directory, the next one loads it and checks the same (good bodies pass, bad ones are refused)."""
    import fastjsonschema

    from bot.sandbox import template

    monkeypatch.setattr(template, "cache_dir", lambda: tmp_path / "cache")
    first = OpenAPISpec.load(BUNDLED_SPEC)
    create = first.operation("POST", "/channels/1/messages")
    assert create is not None
    assert first.check_request(create, {"content": "Kaori Sakamoto 226.13"}) == []
    kept = list((tmp_path / "cache" / "openapi").glob("check-*.bytecode"))
    assert len(kept) == 1

    def never(*args: object, **kwargs: object) -> str:
        raise AssertionError("compiled again instead of loaded")

    monkeypatch.setattr(fastjsonschema, "compile_to_code", never)
    again = OpenAPISpec.load(BUNDLED_SPEC)
    operation = again.operation("POST", "/channels/1/messages")
    assert operation is not None
    assert again.check_request(operation, {"content": "Kaori Sakamoto 226.13"}) == []
    refused = again.check_request(operation, {"content": "x", "tts": "yes"})
    assert len(refused) == 1 and "$.tts: 'yes' is not of type" in refused[0]
    assert again.check_request(operation, {"allowed_mentions": {"parse": []}, "nonce": "12"}) == []

    kept[0].write_bytes(b"not bytecode")  # a damaged cache: compiled again, never a failure
    monkeypatch.undo()
    monkeypatch.setattr(template, "cache_dir", lambda: tmp_path / "cache")
    third = OpenAPISpec.load(BUNDLED_SPEC)
    assert third.check_request(operation, {"content": "x", "tts": "yes"}) != []
