"""End to end: a server whose Discord language is Japanese (Server Settings → Overview, which Discord announces to
the bot with GUILD_UPDATE) gets what the bot posts to its channels in Japanese, with nobody running `/config
language`: the mod-log, live results and the moment of the day. Replies stay in each asker's language."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Channel, Message
from bot.sandbox.state import MessageEvent
from tests.e2e.helpers import console_of, text_of
from tests.e2e.test_japanese import JAPANESE_SCRIPT, english_left, shown
from tests.e2e.test_live import World, watch_and_subscribe, world

__all__ = ["world"]  # the live fixture, shared with test_live.py


def posts(sandbox: Sandbox, channel: Channel) -> list[Message]:
    return [m for m in sandbox.server.messages(channel) if m.embeds]


async def modlog_entry(sandbox: Sandbox, modlog: Channel, command: str, **options: object) -> Message:
    """Runs a /config command as the owner and waits for the mod-log entry it posts after its reply."""
    posted: asyncio.Future[Message] = asyncio.get_running_loop().create_future()

    def seen(event: MessageEvent) -> None:
        if event.kind == "create" and event.message.channel_id == modlog.id and not posted.done():
            posted.set_result(event.message)

    unsubscribe = sandbox.server.subscribe(seen)
    try:
        said = await sandbox.slash(command, user=sandbox.owner, **options)
        assert not JAPANESE_SCRIPT.search(text_of(said)), text_of(said)  # the owner's Discord speaks English
        return await posted
    finally:
        unsubscribe()


async def server_speaks(sandbox: Sandbox, locale: str) -> None:
    """Changes the server's language as the console's `locale server` does, and waits for the bot to hear it."""
    assert sandbox.bot is not None
    out = io.StringIO()
    console = console_of(sandbox, out)
    heard = asyncio.create_task(
        sandbox.bot.wait_for("guild_update", check=lambda _, after: after.id == sandbox.guild.id)
    )
    try:
        assert await console.run_line(f"locale server {locale}")
        await asyncio.wait_for(heard, timeout=30)  # generous: Discord announces the change at once
    finally:
        console.close()
    assert f"The server's language is now {locale}" in out.getvalue()


async def test_a_japanese_server_gets_its_posts_in_japanese_without_choosing(world: World) -> None:
    w, sandbox = world, world.sandbox
    server, guild, bot = sandbox.server, sandbox.guild, sandbox.bot
    assert bot is not None
    modlog = server.create_channel(guild, "mod-log")
    english = await modlog_entry(sandbox, modlog, "config modlog", channel=modlog)
    assert not JAPANESE_SCRIPT.search(shown(english)), shown(english)  # the server still speaks English

    await server_speaks(sandbox, "ja")
    cached = bot.get_guild(guild.id)
    assert cached is not None and cached.preferred_locale == discord.Locale.japanese
    settings = await bot.stories.guild_settings(guild.id)
    assert settings.locale is None  # nobody chose a language with /config language

    # The mod-log: a moderator asked in English (and is answered in English); the entry is the server's.
    entry = await modlog_entry(sandbox, modlog, "config modrole", role=sandbox.mod_role)
    assert JAPANESE_SCRIPT.search(shown(entry)) and not english_left(shown(entry)), shown(entry)

    # Live results.
    setup = await watch_and_subscribe(w)
    results = setup["results"]
    assert isinstance(results, Channel)
    w.publish()
    await w.later(30)
    await bot.live.poll_due()
    await bot.live.deliver_due()
    [live] = posts(sandbox, results)
    assert JAPANESE_SCRIPT.search(live.embeds[0]["title"]), shown(live)
    assert "町田樹" in shown(live) or "Tatsuki Machida" in shown(live)
    assert not english_left(shown(live)), english_left(shown(live))

    # The moment of the day.
    await sandbox.slash(
        "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="09:00", timezone="UTC"
    )
    w.clock.set("2014-03-26T09:00:05+00:00")
    await bot.moment_scheduler.tick()
    [moment] = posts(sandbox, sandbox.channel)
    # A story keeps the language it was written in; the bot's own words around it are the server's.
    assert JAPANESE_SCRIPT.search(moment.embeds[0]["footer"]["text"]), shown(moment)
    assert not english_left(shown(moment, written=False)), shown(moment, written=False)

    # The server goes back to English: so do its posts.
    await server_speaks(sandbox, "en-US")
    last = await modlog_entry(sandbox, modlog, "config modrole")
    assert not JAPANESE_SCRIPT.search(shown(last)), shown(last)
