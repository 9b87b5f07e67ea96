"""The moment-of-the-day post and the moderators' views of it."""

from __future__ import annotations

from datetime import date

import discord

from bot.services.moment_rules import Choice
from bot.services.moments import MomentContent, Outcome, Preview, TodayState, TodayStatus
from bot.ui.embeds import FIELD_VALUE_LIMIT, add_field, cut, new_embed, place_text, score, set_footer
from bot.ui.stories import LABEL_BADGES, badge, markdown_link, story_buttons
from db.models import PostState

FOOTER_PREFIX = "Moment of the day"


def footer_text(local_date: str, story_id: int) -> str:
    """Also how a restarted bot recognises its own post of that day in the channel's history."""
    return f"{FOOTER_PREFIX} · {local_date} · story #{story_id}"


def _day(local_date: str) -> str:
    day = date.fromisoformat(local_date)
    return f"{day.day} {day:%B %Y}"


def moment_embed(content: MomentContent) -> discord.Embed:
    story = content.view.story
    _, _, colour = LABEL_BADGES[story.label]
    lines = []
    if story.moment_date and story.moment_date[5:] == content.local_date[5:]:
        lines.append(f"*On this day in {story.moment_date[:4]}*")
    if story.summary:
        lines.append(story.summary)
    embed = new_embed(f"✨ {story.title}", "\n\n".join(lines), colour=colour)
    if content.correction:
        add_field(embed, "⚠️ Correction", content.correction)
    label = badge(story.label) + (f" — {story.label_note}" if story.label_note else "")
    add_field(embed, "Label", label)
    if story.moment_date:
        where = " · ".join(x for x in (content.view.competition, content.view.event) if x)
        add_field(embed, "The moment", _day(story.moment_date) + (f" · {where}" if where else ""))
    for placement in content.placements[:5]:
        entry = placement.entry
        parts = [f"{place_text(entry.place, entry.status)}" + (f", {score(entry.total)}" if entry.total else "")]
        for segment in placement.segments:
            result = entry.segments.get(segment.id)
            if result and result.tss:
                rank = f" ({result.rank.value})" if result.rank else ""
                parts.append(f"{segment.name} {score(result.tss)}{rank}")
        add_field(embed, cut(entry.name, 256), " · ".join(parts), inline=True)
    links: list[str] = []
    for source in content.view.sources:
        link = markdown_link(source.source.publisher, source.source.url)
        if len(" · ".join([*links, link])) > FIELD_VALUE_LIMIT:
            break  # whole links only: a cut one is broken
        links.append(link)
    if links:
        add_field(embed, "Sources", " · ".join(links))
    return set_footer(embed, footer_text(content.local_date, story.id))


POST_NOW_REPLIES = {
    Outcome.POSTED: "Posted today's moment of the day.",
    Outcome.ALREADY: "Today's moment of the day has already been posted (or is being posted): see `/moment today`.",
    Outcome.NOTHING: "Nothing can be posted: see `/moment preview`. Once that is fixed, `/moment post-now` again.",
    Outcome.FAILED: "The post failed; the reason is in `/moment settings`. Once that is fixed, try again.",
    Outcome.RETRYING: "Discord did not take the post just now; it will be tried again shortly (see `/moment today`).",
    Outcome.PAUSED: "The moment of the day is paused: `/moment resume` first.",
    Outcome.UNSCHEDULED: "This server has no moment of the day yet: set one with `/moment schedule`.",
}


def today_text(status: TodayStatus) -> str:
    """The truth about today's post, and when the next one is."""
    channel = f"<#{status.schedule.channel_id}>"
    next_post = f"The next post is <t:{int(status.next_due.timestamp())}:R> (<t:{int(status.next_due.timestamp())}:f>)."
    post = status.post
    if status.state is TodayState.POSTED and post is not None and post.message_id:
        link = f"https://discord.com/channels/{post.guild_id}/{post.channel_id}/{post.message_id}"
        return f"Today's moment of the day was posted in <#{post.channel_id}>: {link}\n{next_post}"
    if status.state is TodayState.PAUSED:
        return "The moment of the day is paused in this server."
    if status.state is TodayState.DUE:
        return f"Today's moment of the day will be posted in {channel} <t:{int(status.due.timestamp())}:R>."
    if status.state is TodayState.POSTING:
        return f"Today's moment of the day is being posted in {channel}."
    why = f" ({status.reason})" if status.reason else ""
    today = {
        TodayState.RETRYING: f"Today's post could not be made yet{why}; it is being tried again.",
        TodayState.FAILED: f"Today's moment of the day could not be posted{why}.",
        TodayState.MISSED: "Today's moment of the day was missed: the bot was offline at post time.",
        TodayState.PASSED: "No moment of the day was posted today.",
    }[status.state]
    return f"{today} {next_post}"


def moment_view(content: MomentContent) -> discord.ui.View:
    return story_buttons(content.view.story, excerpt=10**9)  # the Flag button; the body is not in the post


def choice_text(choice: Choice) -> str:
    text = f"Why this story: {choice.reason}. {choice.eligible} stories can be posted."
    return text + (f"\n⚠️ {choice.warning}" if choice.warning else "")


def preview_embeds(preview: Preview) -> list[discord.Embed]:
    schedule = preview.schedule
    assert schedule is not None
    status = "paused" if schedule.paused else f"posts at {schedule.post_time} ({schedule.timezone})"
    head = new_embed(f"Moment of the day for {preview.local_date:%d %B %Y}", f"<#{schedule.channel_id}>, {status}")
    if preview.post is not None:
        add_field(
            head, "Today", f"Already {preview.post.state}" + (f": {preview.post.reason}" if preview.post.reason else "")
        )
    add_field(head, "Choice", choice_text(preview.choice))
    story = preview.content.view.story if preview.content is not None else None
    if story is not None and story.check_summary:
        badge = "⚠️ " if story.check_contradicted else ""
        add_field(head, "Claims checked against the results", badge + story.check_summary)
    if schedule.failing_reason:
        add_field(head, "⚠️ Failing", f"Since {schedule.failing_since}: {schedule.failing_reason}")
    embeds = [head]
    if preview.content is not None:
        embeds.append(moment_embed(preview.content))
    return embeds


def settings_embed(preview: Preview) -> discord.Embed:
    schedule = preview.schedule
    assert schedule is not None
    embed = new_embed("Moment of the day: settings")
    add_field(embed, "Channel", f"<#{schedule.channel_id}>", inline=True)
    add_field(embed, "Time", f"{schedule.post_time} {schedule.timezone}", inline=True)
    add_field(embed, "State", "paused" if schedule.paused else "active", inline=True)
    add_field(embed, "Labels that may be posted", ", ".join(badge(label) for label in sorted(schedule.allowed_labels)))
    add_field(embed, "Repeat", f"a story may come back after {schedule.repeat_days} days", inline=True)
    today = preview.post
    if schedule.failing_reason:
        status = f"⚠️ failing since {schedule.failing_since}: {schedule.failing_reason}"
    elif today is not None and today.state in (PostState.FAILED, PostState.MISSED):
        status = f"⚠️ today's post {today.state}: {today.reason or 'no reason recorded'}"
    else:
        status = "✅ posting normally"
    add_field(embed, "Status", status)
    if preview.choice.warning:
        add_field(embed, "Stock", preview.choice.warning)
    return embed
