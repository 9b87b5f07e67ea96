"""The moment-of-the-day post and the moderators' views of it, in the words of whoever reads them: the server's
for the post (bot/discord_layer/moment_poster.py), the asker's for replies."""

from __future__ import annotations

from datetime import date

import discord

from bot.discord_layer.ui.embeds import FIELD_VALUE_LIMIT, add_field, cut, new_embed, place_text, score, set_footer
from bot.discord_layer.ui.stories import badge, markdown_link, story_badge, story_buttons, story_colour, story_text
from bot.i18n import Text, Words, from_stored, t
from bot.services.moment_rules import Choice
from bot.services.moments import MomentContent, Outcome, Preview, TodayState, TodayStatus
from bot.services.results.vocabulary import segment_name_text
from bot.services.stories import check_summary
from db.models import PostState


def footer_text(words: Words, local_date: str, story_id: int) -> str:
    """Also how a restarted bot recognises its own post of that day in the channel's history."""
    return words("moment-footer", date=local_date, id=story_id)


def _day(local_date: str) -> Text:
    day = date.fromisoformat(local_date)
    return t("moment-date", day=day.day, month=t("moment-month", month=day.month), year=day.year)


def moment_embed(words: Words, content: MomentContent) -> discord.Embed:
    story = content.view.story
    title, summary, body = story_text(story, words)
    lines = []
    if story.moment_date and story.moment_date[5:] == content.local_date[5:]:
        lines.append(words("moment-on-this-day", year=story.moment_date[:4]))
    if summary:
        lines.append(summary)
    embed = new_embed(words("moment-title", title=title), "\n\n".join(lines), colour=story_colour(story))
    if content.correction:
        add_field(embed, words("moment-field-correction"), words(content.correction))
    label = (
        words("moment-label-note", label=story_badge(story, words), note=story.label_note)
        if story.label_note
        else story_badge(story, words)
    )
    add_field(embed, words("moment-field-label"), label)
    if story.from_results and body:
        add_field(embed, words("moment-field-results"), body)  # where to see every figure
    if story.moment_date:
        where = " · ".join(x for x in (content.view.competition, content.view.event and words(content.view.event)) if x)
        day = _day(story.moment_date)
        add_field(
            embed,
            words("moment-field-moment"),
            words("moment-moment-where", date=day, where=where) if where else words(day),
        )
    for placement in content.placements[:5]:
        entry = placement.entry
        parts = [
            f"{place_text(entry.place, entry.status, words=words)}" + (f", {score(entry.total)}" if entry.total else "")
        ]
        for segment in placement.segments:
            result = entry.segments.get(segment.id)
            if result and result.tss:
                rank = f" ({result.rank.value})" if result.rank else ""
                parts.append(f"{words(segment_name_text(segment))} {score(result.tss)}{rank}")
        add_field(embed, cut(words.name(entry.name), 256), " · ".join(parts), inline=True)
    links: list[str] = []
    for source in content.view.sources:
        link = markdown_link(source.source.publisher, source.source.url)
        if len(" · ".join([*links, link])) > FIELD_VALUE_LIMIT:
            break  # whole links only: a cut one is broken
        links.append(link)
    if links:
        add_field(embed, words("moment-field-sources"), " · ".join(links))
    return set_footer(embed, footer_text(words, content.local_date, story.id))


POST_NOW_REPLIES = {
    Outcome.POSTED: t("post-now-posted"),
    Outcome.ALREADY: t("post-now-already"),
    Outcome.NOTHING: t("post-now-nothing"),
    Outcome.FAILED: t("post-now-failed"),
    Outcome.RETRYING: t("post-now-retrying"),
    Outcome.PAUSED: t("post-now-paused"),
    Outcome.UNSCHEDULED: t("post-now-unscheduled"),
}


def today_text(words: Words, status: TodayStatus) -> str:
    """The truth about today's post, and when the next one is."""
    channel = status.schedule.channel_id
    next_post = words("moment-today-next", time=int(status.next_due.timestamp()))
    post = status.post
    if status.state is TodayState.POSTED and post is not None and post.message_id:
        link = f"https://discord.com/channels/{post.guild_id}/{post.channel_id}/{post.message_id}"
        return words("moment-today-posted", channel=post.channel_id, link=link) + "\n" + next_post
    if status.state is TodayState.PAUSED:
        return words("moment-today-paused")
    if status.state is TodayState.DUE:
        return words("moment-today-due", channel=channel, time=int(status.due.timestamp()))
    if status.state is TodayState.POSTING:
        return words("moment-today-posting", channel=channel)
    reason = status.reason
    today = {
        TodayState.RETRYING: t("moment-today-retrying-why", reason=reason) if reason else t("moment-today-retrying"),
        TodayState.FAILED: t("moment-today-failed-why", reason=reason) if reason else t("moment-today-failed"),
        TodayState.MISSED: t("moment-today-missed"),
        TodayState.PASSED: t("moment-today-passed"),
    }[status.state]
    return f"{words(today)} {next_post}"


def moment_view(content: MomentContent, words: Words) -> discord.ui.View:
    """The Flag button, in the server's words (the body is not in the post, so no Read more)."""
    return story_buttons(content.view.story, excerpt=10**9, words=words)


def choice_text(words: Words, choice: Choice) -> str:
    text = words("moment-choice-why", reason=choice.reason, count=choice.eligible)
    return text + ("\n" + words("moment-choice-warning", warning=choice.warning) if choice.warning else "")


def preview_embeds(words: Words, preview: Preview) -> list[discord.Embed]:
    schedule = preview.schedule
    assert schedule is not None
    title = words("moment-preview-title", date=_day(preview.local_date.isoformat()))
    if schedule.paused:
        status = words("moment-preview-paused", channel=schedule.channel_id)
    else:
        status = words(
            "moment-preview-active", channel=schedule.channel_id, time=schedule.post_time, zone=schedule.timezone
        )
    head = new_embed(title, status)
    if preview.post is not None:
        reason = from_stored(preview.post.reason)
        today = (
            t("moment-preview-today-why", state=preview.post.state, reason=reason)
            if reason
            else t("moment-preview-today", state=preview.post.state)
        )
        add_field(head, words("moment-field-today"), words(today))
    add_field(head, words("moment-field-choice"), choice_text(words, preview.choice))
    story = preview.content.view.story if preview.content is not None else None
    if story is not None and story.check_summary:
        mark = "⚠️ " if story.check_contradicted else ""
        add_field(head, words("moment-field-claims"), mark + words(check_summary(story)))
    if schedule.failing_reason:
        failing = words(
            "moment-failing-since", since=schedule.failing_since or "", reason=from_stored(schedule.failing_reason)
        )
        add_field(head, words("moment-field-failing"), failing)
    embeds = [head]
    if preview.content is not None:
        embeds.append(moment_embed(words, preview.content))
    return embeds


def settings_embed(words: Words, preview: Preview) -> discord.Embed:
    schedule = preview.schedule
    assert schedule is not None
    embed = new_embed(words("moment-settings-title"))
    add_field(embed, words("moment-field-channel"), f"<#{schedule.channel_id}>", inline=True)
    add_field(
        embed,
        words("moment-field-time"),
        words("moment-settings-time", time=schedule.post_time, zone=schedule.timezone),
        inline=True,
    )
    state = words("moment-state-paused") if schedule.paused else words("moment-state-active")
    add_field(embed, words("moment-field-state"), state, inline=True)
    labels = words("list-separator").join(badge(label, words) for label in sorted(schedule.allowed_labels))
    add_field(embed, words("moment-field-labels"), labels)
    add_field(embed, words("moment-field-repeat"), words("moment-repeat", days=schedule.repeat_days), inline=True)
    results = "moment-results-moments-on" if schedule.results_moments else "moment-results-moments-off"
    add_field(embed, words("moment-field-results-moments"), words(results))
    if preview.hidden:
        add_field(embed, words("moment-field-hidden"), words("moment-hidden-count", count=preview.hidden), inline=True)
    today = preview.post
    if schedule.failing_reason:
        status = words(
            "moment-status-failing", since=schedule.failing_since or "", reason=from_stored(schedule.failing_reason)
        )
    elif today is not None and today.state in (PostState.FAILED, PostState.MISSED):
        reason = from_stored(today.reason)
        status = (
            words("moment-status-today", state=today.state, reason=reason)
            if reason
            else words("moment-status-today-no-reason", state=today.state)
        )
    else:
        status = words("moment-status-normal")
    add_field(embed, words("moment-field-status"), status)
    if preview.choice.warning:
        add_field(embed, words("moment-field-stock"), words(preview.choice.warning))
    return embed
