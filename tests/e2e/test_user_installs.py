"""A member's own install of skatebot: the read-only commands in a server that never added the bot, in the bot's DM
and in a group DM, answered without that server's data, in the asker's language, ephemeral where the server keeps
external apps' replies private; the rest is not offered there at all (the stand-in refuses to send it, as
Discord's client would never show it)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import USE_EXTERNAL_APPS, Guild, InteractionResult, PrivateChannel, User
from bot.services.access import Actor
from bot.services.stories import StoryDraft
from tests.e2e.helpers import text_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

READ_ONLY = {"results", "athlete", "podiums", "medals", "bests", "records", "compare", "protocol", "schedule"}
READ_ONLY |= {"about", "ping", "story"}
SERVER_ONLY = {"moment", "live", "config", "admin", "follow", "unfollow", "following"}


class Elsewhere:
    """Where the member "fan", who installed skatebot to their account, uses it outside Skate Fans."""

    def __init__(self, sandbox: Sandbox) -> None:
        server = sandbox.server
        self.sandbox = sandbox
        self.stranger: User = server.create_user("rinkside")
        # A server that never added the bot, where fan and a friend chat; #quiet keeps external apps private.
        self.rink: Guild = server.create_guild("Other Rink", self.stranger, with_bot=False)
        server.add_member(self.rink, sandbox.member)
        self.general = self.rink.text_channel("general")
        deny = {"id": self.rink.id, "type": 0, "allow": 0, "deny": USE_EXTERNAL_APPS}
        self.quiet = server.create_channel(self.rink, "quiet", overwrites=[deny])
        server.install_app(sandbox.member)
        self.dm: PrivateChannel = server.bot_dm(sandbox.member)
        self.group: PrivateChannel = server.create_private_channel(
            [sandbox.member, sandbox.moderator, self.stranger], name="skate chat"
        )

    async def run(
        self, command: str, where: str = "rink", user: User | None = None, **options: object
    ) -> InteractionResult:
        guild, channel = self.place(where)
        result = await self.sandbox.server.slash(guild, channel, user or self.sandbox.member, command, options)
        return await answered(result)

    def place(self, where: str) -> tuple[Guild | None, object]:
        return {
            "rink": (self.rink, self.general),
            "quiet": (self.rink, self.quiet),
            "dm": (None, self.dm),
            "group": (None, self.group),
        }[where]  # type: ignore[return-value]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def elsewhere(sandbox_world: Sandbox) -> AsyncIterator[Elsewhere]:
    # A user install reaches global commands only: registered as `skatebot sync` does.
    await sandbox_world.sync_globally()
    world = Elsewhere(sandbox_world)
    yield world
    sandbox_world.member.locale = "en-US"


async def test_read_only_commands_are_registered_for_user_installs_and_every_context(
    sandbox: Sandbox, elsewhere: Elsewhere
) -> None:
    registered = {c["name"]: c for c in sandbox.server.commands() if c.get("type", 1) == 1}
    assert READ_ONLY | SERVER_ONLY <= set(registered)
    for name in READ_ONLY:
        assert registered[name]["integration_types"] == [0, 1], name
        assert registered[name]["contexts"] == [0, 1, 2], name
    for name in SERVER_ONLY:
        assert registered[name]["integration_types"] == [0], name
        assert registered[name]["contexts"] == [0], name
    report = next(c for c in sandbox.server.commands() if c.get("type") == 3)
    assert report["integration_types"] == [0] and report["contexts"] == [0]


async def test_results_in_a_server_without_the_bot(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    reply = await elsewhere.run("results", competition="Milano Cortina 2026", event="Women's singles")
    assert reply.message is not None and not reply.ephemeral and reply.asked_ephemeral is False
    assert "Alysa LIU" in text_of(reply) or "Alysa Liu" in text_of(reply)
    assert reply.payload["authorizing_integration_owners"] == {"1": str(sandbox.member.id)}
    assert reply.payload["context"] == 0 and "guild_id" in reply.payload
    # Discord sends nothing of that server to the bot: it never learns of it, and its reply is no event.
    assert sandbox.bot is not None and sandbox.bot.get_guild(elsewhere.rink.id) is None
    # Its pager works there too, for the asker.
    assert reply.message.buttons()
    pressed = await answered(await sandbox.server.click(sandbox.member, reply.message, reply.message.buttons()[-1][1]))
    assert pressed.message is not None and "2/" in " ".join(label for label, _, _ in pressed.message.buttons())


async def test_a_server_that_keeps_external_apps_private_gets_ephemeral_replies(
    sandbox: Sandbox, elsewhere: Elsewhere
) -> None:
    reply = await elsewhere.run("athlete", "quiet", name="sakamoto kaori")
    assert reply.ephemeral, "Discord shows it to the asker only"
    assert reply.asked_ephemeral is True, "the bot asked for what Discord shows, not relying on Discord"
    assert "Kaori" in text_of(reply) or "SAKAMOTO" in text_of(reply)
    public = await elsewhere.run("athlete", "rink", name="sakamoto kaori")
    assert not public.ephemeral


async def test_answers_are_in_the_askers_language(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    sandbox.member.locale = "ja"
    try:
        about = await elsewhere.run("about", "dm")
        ping = await elsewhere.run("ping", "rink")
    finally:
        sandbox.member.locale = "en-US"
    assert any("\u3040" <= ch <= "\u30ff" for ch in text_of(about)), text_of(about)
    assert any("\u3040" <= ch <= "\u30ff" for ch in text_of(ping)), text_of(ping)


async def test_no_server_data_where_the_bot_is_not_a_member(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    """Other Rink has stories of its own in the store (as a server that once had the bot would): a member's install
    there reads the shared library only."""
    assert sandbox.bot is not None
    moderator = Actor(elsewhere.stranger.id, elsewhere.rink.id, is_moderator=True)
    local = await sandbox.bot.stories.create(moderator, StoryDraft(title="Zamboni secrets of Other Rink"))
    found = await elsewhere.run("story search", text="Zamboni secrets")
    assert "Zamboni secrets of Other Rink" not in text_of(found) and "No story matches" in text_of(found)
    shown = await elsewhere.run("story show", id=local.id)
    assert shown.ephemeral and "Zamboni" not in text_of(shown)
    library = await elsewhere.run("story search", text="Malinin Shaidorov")
    assert "Malinin embraces new champion Shaidorov" in text_of(library)
    assert library.message is not None
    story_id = int(re.search(r"#(\d+)", library.message.embeds[0]["description"]).group(1))  # type: ignore[union-attr]
    story = await elsewhere.run("story show", "group", id=story_id)
    assert "Malinin" in text_of(story) and not story.ephemeral
    # A report is filed in a server: no Flag button where the bot is not.
    assert story.message is not None and all("flag" not in custom_id for _, custom_id, _ in story.message.buttons())


async def test_curation_is_refused_outside_the_bots_servers(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    for where in ("rink", "dm", "group"):
        refused = await elsewhere.run("story add", where)
        assert refused.ephemeral and "only in a server that has added skatebot" in text_of(refused), where
    refused = await elsewhere.run("story queue", "rink")
    assert "only in a server that has added skatebot" in text_of(refused)


async def test_server_commands_are_not_offered_outside_a_server_with_the_bot(
    sandbox: Sandbox, elsewhere: Elsewhere
) -> None:
    for command, where in [("moment today", "rink"), ("config language", "dm"), ("live list", "group")]:
        guild, channel = elsewhere.place(where)
        with pytest.raises(ValueError, match="not offered here"):
            await sandbox.server.slash(guild, channel, sandbox.member, command, {})  # type: ignore[arg-type]


async def test_the_bots_dm_and_a_group_dm(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    podium = await elsewhere.run("podiums", "group", discipline="women")
    assert podium.message is not None and not podium.ephemeral
    assert podium.payload["context"] == 2 and "member" not in podium.payload and "user" in podium.payload
    assert podium.payload["authorizing_integration_owners"] == {"1": str(sandbox.member.id)}
    assert sandbox.server.private_messages(elsewhere.group)[-1] is podium.message
    dm = await elsewhere.run("compare", "dm", a="sakamoto kaori", b="Alysa Liu")
    assert dm.payload["context"] == 1 and dm.payload["authorizing_integration_owners"] == {
        "0": "0",
        "1": str(sandbox.member.id),
    }
    assert "Sakamoto" in text_of(dm) or "SAKAMOTO" in text_of(dm)
    # The bot's DM is open to anyone the bot shares a server with (its server install); a group DM only to members
    # who installed the app themselves.
    mod_dm = sandbox.server.bot_dm(sandbox.moderator)
    pong = await answered(await sandbox.server.slash(None, mod_dm, sandbox.moderator, "ping", {}))
    assert pong.message is not None and pong.payload["authorizing_integration_owners"] == {"0": "0"}
    with pytest.raises(ValueError, match="not offered here"):
        await sandbox.server.slash(None, elsewhere.group, sandbox.moderator, "ping", {})


async def test_autocomplete_anywhere(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    for where in ("rink", "dm", "group"):
        guild, channel = elsewhere.place(where)
        choices = await sandbox.server.autocomplete(
            guild,  # type: ignore[arg-type]
            channel,  # type: ignore[arg-type]
            sandbox.member,
            "athlete",
            {"name": "sakamo"},
            "name",
        )
        assert any("Sakamoto" in c["name"] or "SAKAMOTO" in c["name"] for c in choices), (where, choices)


async def test_the_bots_own_server_is_unchanged(sandbox: Sandbox, elsewhere: Elsewhere) -> None:
    """In Skate Fans (guild install) the same member's install changes nothing: its data, its rights."""
    reply = await sandbox.slash("story search", user=sandbox.member, text="Malinin Shaidorov")
    assert reply.payload["authorizing_integration_owners"]["0"] == str(sandbox.guild.id)
    shown = await sandbox.slash("story show", user=sandbox.member, id=1)
    assert shown.message is not None and any("flag" in cid for _, cid, _ in shown.message.buttons())
