from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import DEFAULT_DB, Settings, SettingsError


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.token is None and settings.db_path == Path(DEFAULT_DB)
    assert settings.dev_guild_id is None and settings.owner_ids == frozenset() and settings.log_level == "INFO"


def test_values_are_parsed() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc.def ",
            "SKATEBOT_DB": "/tmp/x.sqlite3",
            "DEV_GUILD_ID": "123",
            "OWNER_IDS": "1, 2;3",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE_URL": "http://127.0.0.1:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gateway/",
        }
    )
    assert settings.token == "abc.def"
    assert settings.owner_ids == {1, 2, 3} and settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert settings.api_base_url == "http://127.0.0.1:8080/api/v10"
    assert Settings.from_env({"MOMENT_GRACE_HOURS": "1.5", "POST_RATE_LIMIT": "20"}).post_rate == 20.0


def test_the_isu_results_server() -> None:
    assert Settings.from_env({}).isu_results_url == "https://results.isu.org/results"
    mirror = Settings.from_env({"ISU_RESULTS_URL": " http://127.0.0.1:8081/results/ "})
    assert mirror.isu_results_url == "http://127.0.0.1:8081/results"  # a season's folders are joined to it


def test_the_spacing_of_a_site_on_this_machine() -> None:
    assert Settings.from_env({}).live_loopback_spacing is None  # as every host's
    assert Settings.from_env({"LIVE_LOOPBACK_SPACING": "0"}).live_loopback_spacing == 0.0
    assert Settings.from_env({"LIVE_LOOPBACK_SPACING": " 0.5 "}).live_loopback_spacing == 0.5


def test_shards() -> None:
    assert Settings.from_env({}).shard_count is None and Settings.from_env({}).shard_ids is None
    all_four = Settings.from_env({"SHARD_COUNT": "4"})
    assert all_four.shard_count == 4 and all_four.shard_ids is None
    some = Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": " 3, 2 "})
    assert some.shard_count == 4 and some.shard_ids == (2, 3)


def test_the_token_never_appears_in_a_repr() -> None:
    assert "s3cret" not in repr(Settings.from_env({"DISCORD_TOKEN": "s3cret"}))


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID must be a Discord id"),
        ({"OWNER_IDS": "1,x"}, "OWNER_IDS must be a Discord id"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
        ({"DISCORD_API_BASE_URL": "127.0.0.1:8080"}, "DISCORD_API_BASE_URL must be an http"),
        ({"DISCORD_GATEWAY_URL": "http://127.0.0.1/gateway"}, "DISCORD_GATEWAY_URL must be a ws"),
        ({"MOMENT_GRACE_HOURS": "six"}, "MOMENT_GRACE_HOURS must be a number"),
        ({"MOMENT_GRACE_HOURS": "48"}, "MOMENT_GRACE_HOURS must be between 0 and 24"),
        ({"POST_RATE_LIMIT": "500"}, "POST_RATE_LIMIT must be between"),
        ({"LIVE_LOOPBACK_SPACING": "-1"}, "LIVE_LOOPBACK_SPACING must be between 0 and 60"),
        ({"LIVE_LOOPBACK_SPACING": "none"}, "LIVE_LOOPBACK_SPACING must be a number"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of at least 1"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2,4"}, "SHARD_IDS must list shard numbers from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "one"}, "SHARD_IDS must list shard numbers"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice"),
        ({"ISU_RESULTS_URL": "results.isu.org/results"}, "ISU_RESULTS_URL must be the http"),
        ({"ISU_RESULTS_URL": "ftp://results.isu.org/results"}, "ISU_RESULTS_URL must be the http"),
        ({"ISU_RESULTS_URL": "https://results.isu.org/results?season=1"}, "ISU_RESULTS_URL must be the http"),
        ({"ISU_RESULTS_URL": "http://[::1/results"}, "ISU_RESULTS_URL must be the http"),
    ],
)
def test_bad_values_are_named(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env)


@pytest.mark.parametrize(
    ("name", "url"),
    [
        ("DISCORD_API_BASE_URL", "http://discord-proxy.example/api/v10"),
        ("DISCORD_API_BASE_URL", "http://10.0.0.5:8080/api/v10"),
        ("DISCORD_API_BASE_URL", "http://127.0.0.1.nip.io/api/v10"),
        ("DISCORD_GATEWAY_URL", "ws://gateway.example/"),
        ("DISCORD_GATEWAY_URL", "ws://192.168.1.2:8080/gateway/"),
    ],
)
def test_no_tls_only_on_this_machine(name: str, url: str) -> None:
    with pytest.raises(SettingsError, match=r"without TLS .* only allowed on this machine"):
        Settings.from_env({name: url})


@pytest.mark.parametrize(
    "env",
    [
        {"DISCORD_API_BASE_URL": "http://127.0.0.1:8080/api/v10", "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/g/"},
        {"DISCORD_API_BASE_URL": "http://[::1]:8080/api/v10", "DISCORD_GATEWAY_URL": "ws://localhost:8080/g/"},
        {"DISCORD_API_BASE_URL": "https://proxy.example/api/v10", "DISCORD_GATEWAY_URL": "wss://proxy.example/g/"},
    ],
)
def test_tls_anywhere_and_plain_on_loopback_are_accepted(env: dict[str, str]) -> None:
    settings = Settings.from_env(env)
    assert settings.api_base_url and settings.gateway_url


def test_the_store_may_be_a_postgresql_url_named_without_its_password() -> None:
    url = "postgresql://bot:s3cret@127.0.0.1:5432/skatebot"
    settings = Settings.from_env({"SKATEBOT_DB": url})
    assert settings.db_path == url  # a URL, not a Path: "//" would collapse
    assert settings.store_name == "postgresql://bot@127.0.0.1:5432/skatebot"
    assert "s3cret" not in repr(settings)
    assert Settings.from_env({"SKATEBOT_DB": "postgres://127.0.0.1/x"}).db_path == "postgres://127.0.0.1/x"
    assert Settings.from_env({"SKATEBOT_DB": "/tmp/x.sqlite3"}).store_name == "/tmp/x.sqlite3"
    with pytest.raises(SettingsError, match="postgresql:// URL, got a mysql:// URL"):
        Settings.from_env({"SKATEBOT_DB": "mysql://127.0.0.1/x"})
