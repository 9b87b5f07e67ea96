"""Discord's rate limits as the stand-in applies them: a global requests-per-second cap (when set) and
per-route buckets keyed by the major parameters, with the headers and 429 bodies discord.py acts on.

The clock is injected (time.monotonic by default) so a test can move time instead of sleeping through a
bucket's window."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_ROUTE_LIMITS: dict[tuple[str, str], tuple[int, float]] = {
    ("POST", "/channels/{channel_id}/messages"): (5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (5, 1.0),
    ("PUT", "/applications/{app_id}/commands"): (2, 1.0),
    ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands"): (2, 1.0),
}
_WEBHOOK_LIMIT = (5, 2.0)
_DEFAULT_LIMIT = (50, 1.0)
_MAJOR_PARAMS = ("channel_id", "guild_id", "webhook_token")
# Discord does not rate-limit interaction callbacks; a high cap keeps the bucket headers real.
_CALLBACK_LIMIT = (1000, 1.0)


@dataclass
class Bucket:
    limit: int
    per: float
    remaining: int
    reset_at: float


@dataclass
class Limited:
    """A 429 to answer with. Its body carries `code` 0 (Discord's general error) because the spec's rate-limit
    object is an error object, which has one; discord.py reads only retry_after and global."""

    body: dict[str, Any]
    headers: dict[str, str]


class RateLimiter:
    """Counts requests per bucket and per second on `clock`; answers with the headers discord.py schedules by."""

    def __init__(self, *, global_rate_limit: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.global_rate_limit = global_rate_limit
        self.clock = clock
        # How many times as fast as `clock` the per-route windows pass: 1, as on Discord, but a sped-up replay of a
        # competition (skatebot sandbox --replay) runs them on competition time. Its posts are days apart there, and
        # days of posts bunched into seconds of real time would wait on windows a real competition never fills.
        self.speed = 1.0
        self.rate_limited_count = 0  # 429s sent, global or per route
        self.global_rate_limited_count = 0
        self._buckets: dict[tuple[str, str, tuple[str, ...]], Bucket] = {}
        self._global_window = (0.0, 0)  # (window start, count)

    def check_global(self) -> Limited | None:
        """A global 429 once more than `global_rate_limit` requests arrive within a second."""
        if self.global_rate_limit is None:
            return None
        now = self.clock()
        start, count = self._global_window
        if now - start >= 1.0:
            start, count = now, 0
        if count >= self.global_rate_limit:
            retry_after = max(0.001, 1.0 - (now - start))
            self.rate_limited_count += 1
            self.global_rate_limited_count += 1
            self._global_window = (start, count)
            return Limited(
                {
                    "message": "You are being rate limited.",
                    "code": 0,
                    "retry_after": round(retry_after, 3),
                    "global": True,
                },
                {
                    "Via": "1.1 google",
                    "Retry-After": str(math.ceil(retry_after)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                },
            )
        self._global_window = (start, count + 1)
        return None

    def check_bucket(
        self, method: str, route: str, match_info: dict[str, str], *, is_webhook: bool, is_callback: bool
    ) -> tuple[dict[str, str], Limited | None]:
        """The bucket headers for this request, and a 429 if its bucket is spent."""
        if is_callback:
            limit, per = _CALLBACK_LIMIT
        elif is_webhook:
            limit, per = _WEBHOOK_LIMIT
        else:
            limit, per = _ROUTE_LIMITS.get((method, route), _DEFAULT_LIMIT)
        per /= self.speed
        major = tuple(match_info.get(p, "") for p in _MAJOR_PARAMS)
        key = (method, route, major)
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None or now >= bucket.reset_at:
            bucket = Bucket(limit, per, limit, now + per)
            self._buckets[key] = bucket
        bucket_hash = hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]
        reset_after = max(0.0, bucket.reset_at - now)
        if bucket.remaining <= 0:
            self.rate_limited_count += 1
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(math.ceil(reset_after)),
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": bucket_hash,
                "X-RateLimit-Scope": "user",
            }
            body = {
                "message": "You are being rate limited.",
                "code": 0,
                "retry_after": round(reset_after, 3),
                "global": False,
            }
            return headers, Limited(body, headers)
        bucket.remaining -= 1
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash,
        }
        return headers, None
