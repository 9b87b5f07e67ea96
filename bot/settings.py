"""Settings, read once from the environment by the entry point (tests build Settings directly)."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_DB = "data/skatebot.sqlite3"
# The ISU's results server: a season's competitions are <this>/season2526/<event code>/ (import-isu --season).
DEFAULT_ISU_RESULTS_URL = "https://results.isu.org/results"


def _on_loopback(url: str) -> bool:
    """Whether the URL's host is this machine: a loopback address or localhost (not a name that resolves to
    one, which another machine's DNS could change)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and what to set."""


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def _store_location(value: str) -> Path | str:
    """SKATEBOT_DB: a PostgreSQL database's URL (kept as written), else the path of a SQLite file."""
    if value.startswith(POSTGRES_SCHEMES):
        return value
    if "://" in value:
        scheme = value.split("://", 1)[0]
        raise SettingsError(f"SKATEBOT_DB must be a SQLite file's path or a postgresql:// URL, got a {scheme}:// URL")
    return Path(value)


def _address(name: str, value: str | None) -> tuple[str, int] | None:
    """`host:port` (an IPv6 host in brackets, `[::1]:9108`), or None when unset."""
    if value is None:
        return None
    host, sep, port = value.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SettingsError(f"{name} must be host:port, e.g. 127.0.0.1:9108, got {value!r}")
    return host, int(port)


@dataclass(frozen=True)
class Settings:
    token: str | None = field(default=None, repr=False)  # never in reprs or logs
    # A SQLite file, or a PostgreSQL database's URL (a str). Left out of reprs: a URL may hold a password.
    db_path: Path | str = field(default=Path(DEFAULT_DB), repr=False)
    dev_guild_id: int | None = None
    owner_ids: frozenset[int] = frozenset()
    log_level: str = "INFO"
    log_format: str = "text"  # "text": one line per event; "json": one JSON object per line
    # Where `skatebot run` serves /healthz and /metrics (host, port); None: not served.
    monitor_address: tuple[str, int] | None = None
    api_base_url: str | None = None
    gateway_url: str | None = None
    moment_grace_hours: float = 6.0
    post_rate: float = 45.0  # scheduled posts per second, under Discord's global 50
    isu_allow_private: bool = False  # /admin import-isu from hosts on private or loopback addresses
    isu_results_url: str = DEFAULT_ISU_RESULTS_URL  # where import-isu --season reads a season's competitions
    live_allow_private: bool = False  # /live watch of sites on private or loopback addresses (a mirror, the replay)
    # Seconds between requests to a watched site on this machine (a loopback address: a local mirror, the replay);
    # None: the same spacing as every host (bot/services/live/fetching.py, HostGate).
    live_loopback_spacing: float | None = None
    operator_name: str = "skatebot"  # who publishes the shared library's fact-checks (ClaimReview author)
    review_url: str | None = None  # where a library story's review is published, with {id} for its number
    # Several processes, each running some of Discord's shards: None, not sharded (one process, every server).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: every one of shard_count

    @property
    def store_name(self) -> str:
        """The store as messages and logs name it: the path, or the URL without its password."""
        from db.database import redacted

        return redacted(self.db_path) if isinstance(self.db_path, str) else str(self.db_path)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        def snowflake(name: str, value: str) -> int:
            if not value.isdigit():
                raise SettingsError(f"{name} must be a Discord id (digits only), got {value!r}")
            return int(value)

        dev_guild = get("DEV_GUILD_ID")
        owners = get("OWNER_IDS") or ""
        log_level = (get("LOG_LEVEL") or "INFO").upper()
        if log_level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {log_level!r}")
        log_format = (get("LOG_FORMAT") or "text").lower()
        if log_format not in {"text", "json"}:
            raise SettingsError(f"LOG_FORMAT must be text or json, got {log_format!r}")
        api_base, gateway = _discord_urls(get("DISCORD_API_BASE_URL"), get("DISCORD_GATEWAY_URL"))

        def number(name: str, default: float, low: float, high: float) -> float:
            raw = get(name)
            if raw is None:
                return default
            try:
                value = float(raw)
            except ValueError:
                raise SettingsError(f"{name} must be a number, got {raw!r}") from None
            if not low <= value <= high:
                raise SettingsError(f"{name} must be between {low:g} and {high:g}, got {raw}")
            return value

        review_url = get("REVIEW_URL")
        if review_url and (not review_url.startswith("https://") or "{id}" not in review_url):
            raise SettingsError(
                "REVIEW_URL must be an https:// address containing {id}, e.g. https://example.org/reviews/{id}"
            )

        isu_results_url = _isu_results_url(get("ISU_RESULTS_URL"))

        shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))

        return cls(
            token=get("DISCORD_TOKEN"),
            db_path=_store_location(get("SKATEBOT_DB") or DEFAULT_DB),
            dev_guild_id=snowflake("DEV_GUILD_ID", dev_guild) if dev_guild else None,
            owner_ids=frozenset(
                snowflake("OWNER_IDS", part.strip()) for part in owners.replace(";", ",").split(",") if part.strip()
            ),
            log_level=log_level,
            log_format=log_format,
            monitor_address=_address("MONITOR_ADDRESS", get("MONITOR_ADDRESS")),
            api_base_url=api_base.rstrip("/") if api_base else None,
            gateway_url=gateway,
            moment_grace_hours=number("MOMENT_GRACE_HOURS", 6.0, 0, 24),
            post_rate=number("POST_RATE_LIMIT", 45.0, 0.1, 50),
            isu_allow_private=(get("ISU_ALLOW_PRIVATE") or "").lower() in {"1", "true", "yes"},
            isu_results_url=isu_results_url,
            live_allow_private=(get("LIVE_ALLOW_PRIVATE") or "").lower() in {"1", "true", "yes"},
            live_loopback_spacing=number("LIVE_LOOPBACK_SPACING", 0, 0, 60) if get("LIVE_LOOPBACK_SPACING") else None,
            operator_name=(get("OPERATOR_NAME") or "skatebot")[:100],
            review_url=review_url,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )


def _discord_urls(api_base: str | None, gateway: str | None) -> tuple[str | None, str | None]:
    """DISCORD_API_BASE_URL and DISCORD_GATEWAY_URL, checked: http(s) and ws(s), without TLS only on loopback."""
    if api_base and not api_base.startswith(("http://", "https://")):
        raise SettingsError(
            "DISCORD_API_BASE_URL must be an http(s) URL ending in the API version, e.g. http://127.0.0.1:8080/api/v10"
        )
    if api_base and api_base.startswith("http://") and not _on_loopback(api_base):
        raise SettingsError(
            "DISCORD_API_BASE_URL without TLS (http://) is only allowed on this machine (127.0.0.1, ::1, "
            "localhost): the token travels with every request; use https:// for any other host"
        )
    if gateway and not gateway.startswith(("ws://", "wss://")):
        raise SettingsError("DISCORD_GATEWAY_URL must be a ws:// or wss:// URL")
    if gateway and gateway.startswith("ws://") and not _on_loopback(gateway):
        raise SettingsError(
            "DISCORD_GATEWAY_URL without TLS (ws://) is only allowed on this machine (127.0.0.1, ::1, "
            "localhost): the token is sent when the bot identifies; use wss:// for any other host"
        )
    return api_base, gateway


def _isu_results_url(given: str | None) -> str:
    """ISU_RESULTS_URL, checked: the http(s) address of a folder, without a query (the ISU's by default)."""
    isu_results_url = (given or DEFAULT_ISU_RESULTS_URL).rstrip("/")
    try:
        results_url = urlsplit(isu_results_url)
        host = results_url.hostname
    except ValueError:  # an unclosed IPv6 bracket, a port that is no number
        results_url, host = urlsplit(""), None
    if results_url.scheme not in ("http", "https") or not host or results_url.query or results_url.fragment:
        raise SettingsError(
            "ISU_RESULTS_URL must be the http(s) address of the ISU's results folder, without a query, "
            f"e.g. {DEFAULT_ISU_RESULTS_URL}, got {isu_results_url!r}"
        )
    return isu_results_url


def _shards(shard_count_text: str | None, shard_ids_text: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS, checked: a count of at least 1, ids below it, each once."""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    if shard_count_text is not None:
        if not shard_count_text.isdigit() or int(shard_count_text) < 1:
            raise SettingsError(f"SHARD_COUNT must be a whole number of at least 1, got {shard_count_text!r}")
        shard_count = int(shard_count_text)
    if shard_ids_text is not None:
        if shard_count is None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: the shards are counted out of a total")
        parts = [part.strip() for part in shard_ids_text.replace(";", ",").split(",") if part.strip()]
        if not parts or not all(part.isdigit() and int(part) < shard_count for part in parts):
            raise SettingsError(
                f"SHARD_IDS must list shard numbers from 0 to {shard_count - 1} (SHARD_COUNT {shard_count}), "
                f"separated by commas, got {shard_ids_text!r}"
            )
        if len(set(parts)) != len(parts):
            raise SettingsError(f"SHARD_IDS names a shard twice: {shard_ids_text!r}")
        shard_ids = tuple(sorted(int(part) for part in parts))
    return shard_count, shard_ids
