"""Embeds of competition week, live: the posts subscribed channels receive (a starting order, a segment's results,
a category's final result, and a correction of one), a followed skater's direct message, the time schedule and
the lists of /live. Rendered with the reader's `Words` (a channel's: its server's language), always inside Discord's
limits. Times are Discord timestamps (<t:…>), which every reader's client shows in their own time zone."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

import discord

from bot.discord_layer.ui.embeds import FIELD_VALUE_LIMIT, add_field, cut, new_embed, set_footer
from bot.discord_layer.ui.flags import flag
from bot.discord_layer.ui.replies import fit_embed
from bot.i18n import Text, Words, t
from bot.services.live.items import ItemKind
from bot.services.live.service import DirectMessage, PostMessage, ScheduleView, status_text
from bot.services.results.vocabulary import category_name_text, segment_code_text
from bot.text import escape_markdown
from db.models import Subscription, Watch

TOP_LINES = 10  # a segment's or a final's table shows this many places
MOVED_LINES = 10
ORDER_COLOUR = discord.Colour(0x8E9AAF)
RESULTS_COLOUR = discord.Colour(0x4F8DD6)
FINAL_COLOUR = discord.Colour(0xD4AF37)
CORRECTED_COLOUR = discord.Colour(0xE67E22)
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
CACHE_SIZE = 256


def timestamp(moment: datetime, style: str) -> str:
    """Discord's timestamp markup: shown in each reader's own time zone and language."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def _when(iso: str | None) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


def _name(skater: dict[str, Any], words: Words) -> str:
    return escape_markdown(words.name(str(skater.get("name") or "?")))


def _nation(skater: dict[str, Any]) -> tuple[str, str]:
    nation = str(skater.get("nation") or "")
    return flag(nation), nation


def _place(words: Words, place: int | None) -> str:
    return words("ordinal", n=place) if place else "—"


def _text(content: dict[str, Any], key: str) -> str:
    return escape_markdown(str(content.get(key) or "?"))


def _category(content: dict[str, Any], words: Words) -> str:
    """The category as the site prints it, or in the reader's words when its discipline and level are known."""
    printed = _text(content, "category")
    return words(category_name_text(content.get("discipline"), content.get("level"), printed))


def _segment(content: dict[str, Any], words: Words) -> str:
    return words(segment_code_text(content.get("segment_code"), _text(content, "segment")))


# Rendered posts, by language and by what they show: one embed serves every channel of a language that receives
# the same version of an item (5,000 servers, one segment: a few renders, not 5,000).
_built: OrderedDict[tuple[str, ItemKind, str, str, str, str], discord.Embed] = OrderedDict()


def post_embed(words: Words, post: PostMessage) -> discord.Embed:
    """The embed of a live post: its item, with a correction line when it changed since first posted, and the
    marker in its footer (a restarted bot finds its post by it)."""
    # Keyed by everything the embed is built from, not by the post's ids: ids are the store's (another store in
    # the same process, or a watch made again after one was removed, has the same watch id and item keys).
    content = json.dumps(post.content, sort_keys=True, default=str)
    changes = json.dumps(post.changes, sort_keys=True, default=str)
    key = (words.locale, post.kind, post.competition, post.marker, content, changes)
    embed = _built.get(key)
    if embed is None:
        embed = _built[key] = _post_embed(words, post)
        while len(_built) > CACHE_SIZE:
            _built.popitem(last=False)
    else:
        _built.move_to_end(key)
    return embed


def post_content(post: PostMessage) -> str | None:
    """The message's text: the subscription's role mention, or nothing."""
    return f"<@&{post.role_id}>" if post.role_id else None


class SnowflakeText:
    """An id as Discord's API documents it in JSON: a string. discord.py writes the ids it is given as they are,
    and an int is what its own objects hold; Discord's OpenAPI description (which the sandbox checks) wants
    strings in allowed mentions and in a new direct message's recipient."""

    def __init__(self, snowflake: int) -> None:
        self.id = str(snowflake)


def as_snowflake(snowflake: int) -> discord.abc.Snowflake:
    return cast(discord.abc.Snowflake, SnowflakeText(snowflake))


def post_mentions(post: PostMessage) -> discord.AllowedMentions:
    """Only the subscription's role may be pinged, and only when it names one."""
    if post.role_id:
        return discord.AllowedMentions(
            everyone=False, users=False, roles=[as_snowflake(post.role_id)], replied_user=False
        )
    return discord.AllowedMentions.none()


def _post_embed(words: Words, post: PostMessage) -> discord.Embed:
    content = post.content
    if post.kind is ItemKind.ORDER:
        embed = _order_embed(words, content)
    elif post.kind is ItemKind.SEGMENT:
        embed = _segment_embed(words, content, post.competition)
    else:
        embed = _final_embed(words, content)
    if post.changes:
        embed.colour = CORRECTED_COLOUR
        listed = tuple(_change(change) for change in post.changes[:10])
        line = words("live-corrected", changes=listed)
        if len(post.changes) > 10:
            line += " " + words("live-more", count=len(post.changes) - 10)
        embed.description = cut(f"{line}\n\n{embed.description or ''}".strip(), 4096)
    set_footer(embed, words("live-footer", competition=escape_markdown(post.competition), marker=post.marker))
    return fit_embed(embed)


def _change(change: dict[str, Any]) -> Text:
    def shown(value: Any) -> str:
        return "—" if value is None or value == "" else escape_markdown(str(value))

    return t(
        f"live-change-{change['field']}",
        name=escape_markdown(str(change["name"])),
        before=shown(change.get("before")),
        after=shown(change.get("after")),
    )


def _order_embed(words: Words, content: dict[str, Any]) -> discord.Embed:
    title = words("live-order-title", category=_category(content, words), segment=_segment(content, words))
    starts = _when(content.get("starts_at"))
    description = (
        words("live-order-starts", at=timestamp(starts, "F"), relative=timestamp(starts, "R"))
        if starts
        else words("live-order-start-unknown")
    )
    embed = new_embed(title, description, colour=ORDER_COLOUR)
    lines = []
    for skater in content.get("skaters", []):
        flag_, nation = _nation(skater)
        number = str(skater.get("starting_number") or "–")
        key = "live-order-line-status" if skater.get("status") else "live-order-line"
        lines.append(
            words(key, number=number, flag=flag_, name=_name(skater, words), nation=nation, status=skater.get("status"))
        )
    _pack(words, embed, words("live-order-field"), lines or [words("live-none")])
    return embed


def _pack(words: Words, embed: discord.Embed, title: str, lines: Sequence[str]) -> None:
    """Lines into as few fields as fit (each within Discord's 1,024 characters), saying how many did not fit."""
    chunk: list[str] = []
    shown = 0
    for line in lines:
        line = cut(line, FIELD_VALUE_LIMIT)
        if chunk and len("\n".join([*chunk, line])) > FIELD_VALUE_LIMIT:
            if not add_field(embed, title, "\n".join(chunk)):
                chunk = []
                break
            shown += len(chunk)
            title, chunk = "\u200b", []
        chunk.append(line)
    if chunk and add_field(embed, title, "\n".join(chunk)):
        shown += len(chunk)
    if shown < len(lines):
        add_field(embed, "\u200b", words("live-more", count=len(lines) - shown))


def _segment_line(words: Words, skater: dict[str, Any]) -> str:
    flag_, nation = _nation(skater)
    if skater.get("score") is None:
        return words(
            "live-segment-line-status",
            flag=flag_,
            name=_name(skater, words),
            nation=nation,
            status=skater.get("status") or "—",
        )
    deductions = skater.get("deductions")
    has_deductions = deductions not in (None, "0.00", "-0.00")
    return words(
        "live-segment-line-deductions" if has_deductions else "live-segment-line",
        place=_place(words, skater.get("place")),
        flag=flag_,
        name=_name(skater, words),
        nation=nation,
        score=str(skater["score"]),
        tes=str(skater.get("tes") or "—"),
        pcs=str(skater.get("pcs") or "—"),
        deductions=str(deductions).lstrip("-") if has_deductions else None,
    )


def _top(words: Words, lines: Sequence[str]) -> str:
    shown = list(lines[:TOP_LINES])
    if len(lines) > TOP_LINES:
        shown.append(words("live-more", count=len(lines) - TOP_LINES))
    return "\n".join(shown)


def _segment_embed(words: Words, content: dict[str, Any], competition: str) -> discord.Embed:
    title = words("live-segment-title", category=_category(content, words), segment=_segment(content, words))
    skaters = content.get("skaters", [])
    embed = new_embed(title, colour=RESULTS_COLOUR)
    add_field(embed, words("live-segment-field"), _top(words, [_segment_line(words, s) for s in skaters]))
    moved = [s for s in skaters if s.get("before") and s.get("overall") and s["before"] != s["overall"]]
    if any(s.get("before") for s in skaters):  # a later segment: the overall standings moved
        moved.sort(key=lambda s: s["overall"])
        lines = []
        for skater in moved[:MOVED_LINES]:
            flag_, _ = _nation(skater)
            lines.append(
                words(
                    "live-moved-line",
                    flag=flag_,
                    name=_name(skater, words),
                    before=_place(words, skater["before"]),
                    after=_place(words, skater["overall"]),
                )
            )
        if len(moved) > MOVED_LINES:
            lines.append(words("live-more", count=len(moved) - MOVED_LINES))
        if lines:
            add_field(embed, words("live-moved-field"), "\n".join(lines))
    example = next((s for s in skaters if s.get("score") is not None), None)
    if example is not None:
        embed.description = words(
            "live-protocol-hint",
            athlete=str(example.get("name") or "?").replace("`", "'"),
            competition=competition.replace("`", "'"),
            segment=str(content.get("segment") or "?").replace("`", "'"),
        )
    return embed


def _final_embed(words: Words, content: dict[str, Any]) -> discord.Embed:
    title = words("live-final-title", category=_category(content, words))
    embed = new_embed(title, colour=FINAL_COLOUR)
    lines = []
    for skater in content.get("skaters", []):
        flag_, nation = _nation(skater)
        if skater.get("score") is None:
            lines.append(
                words(
                    "live-final-line-status",
                    flag=flag_,
                    name=_name(skater, words),
                    nation=nation,
                    status=skater["status"],
                )
            )
            continue
        place = skater.get("place")
        lines.append(
            words(
                "live-final-line",
                medal=MEDALS.get(place or 0, "▫️"),
                place=_place(words, place),
                flag=flag_,
                name=_name(skater, words),
                nation=nation,
                score=str(skater["score"]),
            )
        )
    add_field(embed, words("live-final-field"), _top(words, lines) or words("live-none"))
    return embed


# --- a followed skater's score ----------------------------------------------------------------------------------
def direct_embed(words: Words, message: DirectMessage) -> discord.Embed:
    """The direct message to a follower: the skater's score and place, and where they stand overall."""
    content = message.content
    skaters = content.get("skaters", [])
    mine = next((s for s in skaters if message.skater in s.get("names", []) or s.get("name") == message.skater), None)
    segment = _segment(content, words)
    title = words(
        "live-direct-title",
        name=_name(mine, words) if mine is not None else escape_markdown(words.name(message.skater)),
        category=_category(content, words),
        segment=segment,
    )
    embed = new_embed(title, colour=RESULTS_COLOUR)
    if mine is not None:
        if mine.get("score") is not None:
            lines = [
                words(
                    "live-direct-score",
                    place=_place(words, mine.get("place")),
                    segment=segment,
                    score=str(mine["score"]),
                    tes=str(mine.get("tes") or "—"),
                    pcs=str(mine.get("pcs") or "—"),
                )
            ]
        else:
            lines = [words("live-direct-status", status=str(mine.get("status") or "—"), segment=segment)]
        if mine.get("overall") and mine.get("overall_total"):
            lines.append(
                words("live-direct-overall", overall=_place(words, mine["overall"]), total=str(mine["overall_total"]))
            )
        embed.description = "\n".join(lines)
        standing = sorted((s for s in skaters if s.get("overall")), key=lambda s: s["overall"])
        where = next((i for i, s in enumerate(standing) if s is mine), None)
        if standing:
            # The top three, and the skater with their neighbours when further down.
            if where is None or where < 5:
                around = standing[: max(3, (where or 0) + 2)]
            else:
                around = [*standing[:3], *standing[where - 1 : where + 2]]
            rows = []
            for skater in around:
                flag_, _ = _nation(skater)
                name = _name(skater, words)
                rows.append(
                    words(
                        "live-direct-standing-line",
                        place=_place(words, skater["overall"]),
                        flag=flag_,
                        name=f"__{name}__" if skater is mine else name,
                        total=str(skater.get("overall_total") or "—"),
                    )
                )
            add_field(embed, words("live-direct-standings", segment=segment), "\n".join(rows))
    set_footer(embed, words("live-direct-footer", competition=escape_markdown(message.competition)))
    return fit_embed(embed)


# --- /schedule ------------------------------------------------------------------------------------------------
def schedule_embed(words: Words, view: ScheduleView) -> discord.Embed:
    embed = new_embed(words("live-schedule-title", competition=escape_markdown(view.competition)))
    lines = [
        words(
            "live-schedule-line",
            state=words(f"live-schedule-state-{line.state}"),
            category=escape_markdown(line.category),
            segment=escape_markdown(line.segment),
            at=timestamp(line.starts_at, "F"),
            relative=timestamp(line.starts_at, "R"),
        )
        for line in view.lines
    ]
    upcoming = next((line for line in view.lines if line.state == "next"), None)
    if upcoming is not None:
        head = words(
            "live-schedule-next",
            category=escape_markdown(upcoming.category),
            segment=escape_markdown(upcoming.segment),
            relative=timestamp(upcoming.starts_at, "R"),
        )
    else:
        head = words("live-schedule-over")
    embed.description = head
    _pack(words, embed, "\u200b", lines)
    if view.timezone:
        key = {"watcher": "live-schedule-zone-watcher", "venue": "live-schedule-zone-venue"}.get(view.zone_source)
        set_footer(embed, words(key or "live-schedule-zone", zone=view.timezone))
    return fit_embed(embed)


# --- /live list, /live subscriptions ----------------------------------------------------------------------------
def watches_embed(words: Words, watches: Sequence[Watch]) -> discord.Embed:
    embed = new_embed(words("live-list-title"))
    if not watches:
        embed.description = words("live-list-empty")
        return embed
    lines = []
    for watch in watches:
        line = words(status_text(watch))
        if watch.name:
            line += " · " + words("live-list-url", url=watch.url)
        if watch.state.value == "watching":
            line += " · " + words("live-list-next", when=timestamp(datetime.fromisoformat(watch.next_poll_at), "R"))
        lines.append(line)
    embed.description = cut("\n".join(lines), 4096)
    return fit_embed(embed)


def subscription_filters(words: Words, subscription: Subscription) -> list[str]:
    """What a subscription holds back or adds: its disciplines, levels, delay and role (each only when set)."""
    parts = []
    if subscription.disciplines:
        names = tuple(t(f"live-discipline-{code}") for code in sorted(subscription.disciplines))
        parts.append(words("live-filter-disciplines", list=names))
    if subscription.levels:
        names = tuple(t(f"live-level-{code}") for code in sorted(subscription.levels))
        parts.append(words("live-filter-levels", list=names))
    if subscription.delay_minutes:
        parts.append(words("live-filter-delay", minutes=subscription.delay_minutes))
    if subscription.role_id:
        parts.append(words("live-filter-role", role=f"<@&{subscription.role_id}>"))
    return parts


def competition_of(words: Words, watch: Watch | None) -> str:
    return escape_markdown(watch.label) if watch is not None else words("live-every-competition")


def subscriptions_embed(words: Words, subscriptions: Sequence[tuple[Subscription, Watch | None]]) -> discord.Embed:
    embed = new_embed(words("live-subscriptions-title"))
    if not subscriptions:
        embed.description = words("live-subscriptions-empty")
        return embed
    lines = []
    for subscription, watch in subscriptions:
        line = words(
            "live-subscription-line",
            id=subscription.id,
            channel=f"<#{subscription.channel_id}>",
            competition=competition_of(words, watch),
        )
        filters = subscription_filters(words, subscription)
        lines.append(line + ("\n\u2003" + " · ".join(filters) if filters else ""))
    embed.description = cut("\n".join(lines), 4096)
    return fit_embed(embed)


def following_embed(words: Words, names: Sequence[str]) -> discord.Embed:
    embed = new_embed(words("live-following-title"))
    embed.description = (
        cut("\n".join(f"• {escape_markdown(name)}" for name in names), 4096) if names else words("live-following-empty")
    )
    return embed
