"""The stand-in's rate limits on an injected clock: a spent bucket answers 429 until its window has passed.

Why a clock: the message bucket is Discord's 5 posts per 5 s per channel; on real time, proving that it refills
costs a test 5 s of sleep.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.sandbox.server import Channel, FakeDiscord


class ManualClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def server(clock: ManualClock) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def _post(
    http: aiohttp.ClientSession, server: FakeDiscord, channel: Channel
) -> tuple[int, aiohttp.ClientResponse]:
    url = f"{server.api_base}/channels/{channel.id}/messages"
    async with http.post(url, json={"content": "hi"}, headers={"Authorization": f"Bot {server.bot_token}"}) as r:
        await r.read()
        return r.status, r


async def test_a_spent_channel_bucket_refills_when_its_window_passes(server: FakeDiscord, clock: ManualClock) -> None:
    guild = server.create_guild("Skate Fans", server.create_user("you"))
    general = guild.text_channel("general")
    other = server.create_channel(guild, "results")
    async with aiohttp.ClientSession() as http:
        for left in (4, 3, 2, 1, 0):
            status, r = await _post(http, server, general)
            assert status == 200 and r.headers["X-RateLimit-Remaining"] == str(left)
        status, r = await _post(http, server, general)
        assert status == 429 and r.headers["Via"] and r.headers["X-RateLimit-Reset-After"] == "5.000"
        assert server.rate_limited_count == 1
        # The bucket is per channel: another channel is not limited.
        assert (await _post(http, server, other))[0] == 200

        clock.now += 4.9
        status, r = await _post(http, server, general)
        assert status == 429 and r.headers["X-RateLimit-Reset-After"] == "0.100"
        clock.now += 0.1
        status, r = await _post(http, server, general)
        assert status == 200 and r.headers["X-RateLimit-Remaining"] == "4"
    assert [m.content for m in server.messages(general)] == ["hi"] * 6


async def test_the_global_limit_counts_requests_per_second_of_the_clock(
    server: FakeDiscord, clock: ManualClock
) -> None:
    server.global_rate_limit = 2
    url = f"{server.api_base}/users/@me"
    headers = {"Authorization": f"Bot {server.bot_token}"}
    async with aiohttp.ClientSession() as http:
        statuses = []
        for _ in range(3):
            async with http.get(url, headers=headers) as r:
                statuses.append(r.status)
        assert statuses == [200, 200, 429]
        clock.now += 1.0
        async with http.get(url, headers=headers) as r:
            assert r.status == 200
    assert server.global_rate_limited_count == 1


async def test_a_sped_up_replays_buckets_pass_on_its_competition_time(server: FakeDiscord, clock: ManualClock) -> None:
    """`skatebot sandbox --replay` at 600 times real time: a channel's window of 5 s is 1/120 s, and what its 429
    says to wait is that, in real seconds."""
    server.limiter.speed = 600
    general = server.create_guild("Skate Fans", server.create_user("you")).text_channel("general")
    async with aiohttp.ClientSession() as http:
        for _ in range(5):
            assert (await _post(http, server, general))[0] == 200
        status, r = await _post(http, server, general)
        assert status == 429 and float(r.headers["X-RateLimit-Reset-After"]) == pytest.approx(5 / 600, abs=0.001)
        clock.now += 5 / 600
        status, r = await _post(http, server, general)
        assert status == 200 and r.headers["X-RateLimit-Remaining"] == "4"
