"""The curation workflow end to end: members report, moderators review and label, servers stay apart."""

from __future__ import annotations

import json
import re

import discord
import pytest

from bot.sandbox.harness import Sandbox, answered
from bot.sandbox.server import MANAGE_MESSAGES, MODAL, InteractionResult, User
from tests.e2e.helpers import text_of, until

pytestmark = pytest.mark.asyncio(loop_scope="module")

MODERATOR_COMMANDS = [
    ("story add", {}),
    ("story edit", {"id": 1}),
    ("story source add", {"id": 1, "url": "https://www.nbcsports.com/x"}),
    ("story source remove", {"id": 1, "source": "1"}),
    ("story label", {"id": 1, "label": "verified"}),
    ("story history", {"id": 1}),
    ("story queue", {}),
    ("story delete", {"id": 1}),
    ("story export", {"id": 1}),
]


async def submit(sandbox: Sandbox, opened: InteractionResult, user: User, **values: str) -> InteractionResult:
    assert opened.response_type == MODAL, opened.message.content if opened.message else opened
    return await answered(await sandbox.server.submit_modal(user, opened, values))


async def add_story(sandbox: Sandbox, title: str, *, body: str = "", user: User | None = None, **options: str) -> int:
    user = user or sandbox.moderator
    opened = await sandbox.slash("story add", user=user, **options)
    done = await submit(
        sandbox,
        opened,
        user,
        title=title,
        summary=f"Summary of {title}",
        body=body,
        moment_date="2026-02-19",
        skaters="Alysa Liu, sakamoto kaori",
    )
    assert done.ephemeral and done.message.content.startswith("Added story #"), done.message.content
    return int(re.search(r"#(\d+)", done.message.content).group(1))


async def test_the_shared_library_ships_the_example_stories(sandbox: Sandbox) -> None:
    found = await sandbox.slash("story search", user=sandbox.member, text="Malinin Shaidorov")
    assert "Malinin embraces new champion Shaidorov" in text_of(found)
    story_id = int(re.search(r"#(\d+)", found.message.embeds[0]["description"]).group(1))
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    body = text_of(shown)
    assert not shown.ephemeral and "✅ Verified" in body and "shared library" in body
    assert "Reuters via CNA" in body and "wire" in body  # source with its tier from the seeded registry
    assert [label for label, *_ in shown.message.buttons()] == ["Flag"]
    false_story = await sandbox.slash("story search", user=sandbox.member, text="secret gift")
    assert "❌ False" in text_of(false_story)


async def test_member_flags_moderator_reviews_and_labels(sandbox: Sandbox) -> None:
    story_id = await add_story(sandbox, "Skater lands a quintuple in practice")
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    flag_id = next(cid for label, cid, _ in shown.message.buttons() if label == "Flag")

    # A member reports it with the Flag button...
    opened = await sandbox.server.click(sandbox.member, shown.message, flag_id)
    await opened.wait()
    thanks = await submit(sandbox, opened, sandbox.member, reason="No video or report of this exists")
    assert thanks.ephemeral and "review queue" in thanks.message.content
    again = await sandbox.server.click(sandbox.member, shown.message, flag_id)
    await again.wait()
    repeat = await submit(sandbox, again, sandbox.member, reason="Still no source")
    assert repeat.ephemeral and "already reported" in repeat.message.content

    # ...and another through the message menu.
    reported = await sandbox.server.message_command(sandbox.guild, sandbox.owner, "Report story", shown.message)
    await reported.wait()
    await submit(sandbox, reported, sandbox.owner, reason="Looks invented")

    queue = await sandbox.slash("story queue", user=sandbox.moderator)
    assert re.search(rf"#{story_id}`.*2 open report", text_of(queue))

    refused = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="verified")
    assert refused.ephemeral and "at least one source" in refused.message.content
    needs_note = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="false")
    assert "needs a note" in needs_note.message.content
    labelled = await sandbox.slash(
        "story label", user=sandbox.moderator, id=story_id, label="false", note="No practice footage or report exists"
    )
    assert "❌ False" in labelled.message.content and "2 open report(s) resolved" in labelled.message.content
    queue = await sandbox.slash("story queue", user=sandbox.moderator)
    assert f"#{story_id}`" not in text_of(queue)

    history = text_of(await sandbox.slash("story history", user=sandbox.moderator, id=story_id))
    for action in ("create", "flag", "label", "flag resolved"):
        assert f"**{action}**" in history
    assert "label: unverified → false" in history and f"<@{sandbox.member.id}>" in history


async def test_verifying_needs_a_source_and_warns_on_low_tier_sources(sandbox: Sandbox) -> None:
    story_id = await add_story(sandbox, "Rumour from a content farm")
    bad = await sandbox.slash("story source add", user=sandbox.moderator, id=story_id, url="javascript:alert(1)")
    assert bad.ephemeral and "http" in bad.message.content
    added = await sandbox.slash(
        "story source add",
        user=sandbox.moderator,
        id=story_id,
        url="https://breakingnewstoday.live/story?utm_source=x#top",
        kind="social",
    )
    assert "<https://breakingnewstoday.live/story>" in added.message.content  # normalized
    duplicate = await sandbox.slash(
        "story source add", user=sandbox.moderator, id=story_id, url="HTTPS://BreakingNewsToday.live/story"
    )
    assert "already has that source" in duplicate.message.content

    warned = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="verified")
    assert warned.ephemeral and "low-reliability" in warned.message.content
    confirm_id = next(cid for label, cid, _ in warned.message.buttons() if label == "Verify anyway")
    stranger = await sandbox.server.click(sandbox.member, warned.message, confirm_id)
    await stranger.wait()
    assert "not yours" in stranger.message.content
    await answered(await sandbox.server.click(sandbox.moderator, warned.message, confirm_id))
    assert "✅ Verified" in warned.message.content

    # A server can rate the domain differently; an admin or moderator sets it.
    await sandbox.slash("config sources tier", user=sandbox.moderator, domain="breakingnewstoday.live", tier="major")
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "social · major" in text_of(shown)


async def test_non_moderators_are_refused_everywhere(sandbox: Sandbox) -> None:
    story_id = await add_story(sandbox, "A story only moderators may change")
    for command, options in MODERATOR_COMMANDS:
        options = {**options, "id": story_id} if "id" in options else options
        result = await sandbox.slash(command, user=sandbox.member, **options)
        assert result.ephemeral and result.response_type != MODAL, command
        assert "Only moderators" in result.message.content, (command, result.message.content)
    for command, options in (("config modrole", {}), ("config modlog", {})):
        result = await sandbox.slash(command, user=sandbox.member, **options)
        assert result.ephemeral and "Only server admins" in result.message.content
    story = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "Unverified" in text_of(story)  # nothing changed


async def test_the_shared_library_is_for_owners(sandbox: Sandbox) -> None:
    library = await sandbox.slash("story search", user=sandbox.moderator, text="Glenn shields")
    story_id = int(re.search(r"#(\d+)", library.message.embeds[0]["description"]).group(1))
    refused = await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="disputed", note="x")
    assert "shared library are managed by the bot's owners" in refused.message.content
    refused = await sandbox.slash("story add", user=sandbox.moderator, library=True)
    assert refused.response_type != MODAL and "owners" in refused.message.content
    owner_story = await add_story(sandbox, "An owner's library story", user=sandbox.owner, library=True)
    shown = await sandbox.slash("story show", user=sandbox.member, id=owner_story)
    assert "shared library" in text_of(shown)


async def test_another_server_cannot_see_or_touch_a_story(sandbox: Sandbox) -> None:
    story_id = await add_story(sandbox, "Private to Skate Fans")
    server = sandbox.server
    other_owner = server.create_user("other-owner")
    other = server.create_guild("Other Fans", other_owner)
    other_mod = server.create_user("other-mod")
    server.add_member(other, other_mod, [server.create_role(other, "Mods", MANAGE_MESSAGES)])
    sandbox.bot.tree.copy_global_to(guild=discord.Object(other.id))
    await sandbox.bot.tree.sync(guild=discord.Object(other.id))
    channel = other.text_channel("general")

    async def as_other(command: str, **options: object) -> InteractionResult:
        return await answered(await server.slash(other, channel, other_mod, command, options))

    for command, options in MODERATOR_COMMANDS[1:]:
        if "id" not in options:
            continue
        result = await as_other(command, **{**options, "id": story_id})
        assert result.ephemeral and f"No story matches “#{story_id}”" in result.message.content, command
    shown = await as_other("story show", id=story_id)
    assert f"No story matches “#{story_id}”" in shown.message.content
    found = await as_other("story search", text="Private Skate Fans")
    assert "Private to Skate Fans" not in text_of(found)
    assert "Glenn" in text_of(await as_other("story search", text="Glenn"))  # the library is shared
    choices = await server.autocomplete(other, channel, other_mod, "story show", {"id": ""}, "id")
    assert story_id not in [c["value"] for c in choices]
    still = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "Unverified" in text_of(still)


async def test_edit_read_more_export_delete(sandbox: Sandbox) -> None:
    long_body = " ".join(f"Paragraph {i} of a long story about the free skate." for i in range(60))
    story_id = await add_story(sandbox, "A long story", body=long_body, competition="owg2026", event="women")
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "(Read more)" in text_of(shown) and "Milano Cortina 2026 · Women's singles" in text_of(shown)
    read_id = next(cid for label, cid, _ in shown.message.buttons() if label == "Read more")
    full = await answered(await sandbox.server.click(sandbox.member, shown.message, read_id))  # acknowledged first
    assert full.ephemeral and "Paragraph 59" in full.message.embeds[0]["description"]

    opened = await sandbox.slash("story edit", user=sandbox.moderator, id=story_id)
    fields = {c["custom_id"]: c.get("value") for row in opened.modal["components"] for c in row["components"]}
    assert fields["title"] == "A long story" and "Alysa Liu" in fields["skaters"]  # prefilled
    saved = await submit(sandbox, opened, sandbox.moderator, title="A long story, shortened", body="Short now.")
    assert "Saved story" in saved.message.content

    await sandbox.slash(
        "story source add",
        user=sandbox.moderator,
        id=story_id,
        url="https://www.nbcsports.com/olympics/news/x",
        kind="secondary",
    )
    await sandbox.slash(
        "story source add",
        user=sandbox.moderator,
        id=story_id,
        url="https://x.com/fan/status/12345",
        kind="social",
        role="appearance",
    )
    await sandbox.slash("story label", user=sandbox.moderator, id=story_id, label="verified")
    exported = await sandbox.slash("story export", user=sandbox.moderator, id=story_id)
    attachment = exported.message.attachments[0]
    document = json.loads(attachment.data)
    assert attachment.filename.endswith(".jsonld") and attachment.content_type == "application/ld+json"
    assert document["@context"] == "https://schema.org" and document["@type"] == "ClaimReview"
    assert document["reviewRating"]["alternateName"] == "True" and document["reviewRating"]["ratingValue"] == 5
    assert document["claimReviewed"] == "Summary of A long story"
    # Where the story circulates is where the claim appeared; the evidence is what the review cites.
    assert document["itemReviewed"]["appearance"] == [
        {"@type": "CreativeWork", "url": "https://x.com/fan/status/12345"}
    ]
    assert document["citation"] == [{"@type": "CreativeWork", "url": "https://www.nbcsports.com/olympics/news/x"}]
    assert document["author"]["name"].endswith("moderators") and "url" not in document

    asked = await sandbox.slash("story delete", user=sandbox.moderator, id=story_id)
    delete_id = next(cid for label, cid, _ in asked.message.buttons() if label == "Delete")
    await answered(await sandbox.server.click(sandbox.moderator, asked.message, delete_id))
    assert f"Deleted story #{story_id}" in asked.message.content
    gone = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "No story matches" in gone.message.content
    trail = await sandbox.db.fetchall("SELECT action FROM audit_log WHERE story_id = ? ORDER BY id", (story_id,))
    assert [r["action"] for r in trail] == ["create", "edit", "source added", "source added", "label", "delete"]
    history = text_of(await sandbox.slash("story history", user=sandbox.moderator, id=story_id))
    assert "**delete**" in history and "**create**" in history  # the trail of a deleted story stays readable


async def test_mod_role_and_mod_log(sandbox: Sandbox) -> None:
    server = sandbox.server
    helper = server.create_user("helper")
    role = server.create_role(sandbox.guild, "Story helpers", 0)
    server.add_member(sandbox.guild, helper, [role])
    modlog = server.create_channel(sandbox.guild, "mod-log")
    before = await sandbox.slash("story queue", user=helper)
    assert "Only moderators" in before.message.content
    await sandbox.slash("config modrole", user=sandbox.owner, role=role)
    await sandbox.slash("config modlog", user=sandbox.owner, channel=modlog)
    after = await sandbox.slash("story queue", user=helper)
    assert "Review queue" in text_of(after)
    story_id = await add_story(sandbox, "Logged story", user=helper)

    def logged() -> bool:  # the post follows the reply, so it may land a moment later
        posts = [m.embeds[0]["description"] for m in server.messages(modlog)]
        return any(f"added story #{story_id}" in p and f"<@{helper.id}>" in p for p in posts)

    await until(logged)


async def test_mentions_in_story_text_never_ping(sandbox: Sandbox) -> None:
    """Story text is written by users and the bot echoes it; only the client's allowed_mentions stops a
    mention in it from pinging. Embed text never pings, so the proof is a reply whose *content* carries the
    title: the delete confirmation."""
    server = sandbox.server
    role = server.create_role(sandbox.guild, "Everyone who skates", 0)
    mentions = f"@everyone @here <@&{role.id}> <@{sandbox.member.id}>"
    story_id = await add_story(sandbox, f"Look {mentions}", body=f"Body {mentions}")
    shown = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert mentions in text_of(shown)

    asked = await sandbox.slash("story delete", user=sandbox.moderator, id=story_id)
    # The mentions reach the message content verbatim: Discord would parse them there.
    assert mentions in asked.message.content, asked.message.content
    # The sandbox records any message that would ping, given the allowed_mentions the bot sent with it.
    assert server.violations == []
    cancel_id = next(cid for label, cid, _ in asked.message.buttons() if label == "Cancel")
    await answered(await server.click(sandbox.moderator, asked.message, cancel_id))
    assert server.violations == []


async def test_a_refused_form_keeps_what_was_typed(sandbox: Sandbox) -> None:
    opened = await sandbox.slash("story add", user=sandbox.moderator)
    refused = await submit(
        sandbox, opened, sandbox.moderator, title="Typed with care", body="Three paragraphs.", moment_date="19/02/2026"
    )
    assert refused.ephemeral and "not a date" in refused.message.content and "text is kept" in refused.message.content
    retry_id = next(cid for label, cid, _ in refused.message.buttons() if label == "Fix and send again")
    reopened = await sandbox.server.click(sandbox.moderator, refused.message, retry_id)
    await reopened.wait()
    fields = {c["custom_id"]: c.get("value") for row in reopened.modal["components"] for c in row["components"]}
    assert fields["title"] == "Typed with care" and fields["body"] == "Three paragraphs."
    done = await submit(
        sandbox,
        reopened,
        sandbox.moderator,
        title="Typed with care",
        body="Three paragraphs.",
        moment_date="2026-02-19",
    )
    assert done.message.content.startswith("Added story #")
