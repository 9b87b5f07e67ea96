"""Embeds and replies of podium predictions: a pick's confirmation, a member's picks, the leaderboards, the server's
settings, and a scored round's announcement (its podium, each member's points and why, with a footer marker a
restarted bot finds it by). Members are named by mention; the bot's allowed mentions (none) keep anyone from being
pinged. Times are Discord timestamps, shown in each reader's own time zone."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import discord

from bot.discord_layer.ui.embeds import add_field, new_embed, set_footer
from bot.discord_layer.ui.replies import fit_embed
from bot.i18n import Catalogue, Text, Words, catalogue
from bot.services.predictions import (
    SCORING_TABLES,
    Announcement,
    Leaderboard,
    LockNotice,
    LockState,
    PickAnswer,
    PickView,
)
from bot.services.results.vocabulary import event_name_text
from bot.text import escape_markdown
from db.models import Event
from db.prediction_models import PredictionSettings

COLOUR = discord.Colour(0x9B59B6)
CORRECTED_COLOUR = discord.Colour(0xE67E22)
SLOTS = ("gold", "silver", "bronze", "short")


def _when(lock: LockState) -> str:
    assert lock.at is not None
    return f"<t:{int(lock.at.timestamp())}:F>"


def _lock_line(words: Words, lock: LockState | None) -> str:
    if lock is None:
        return words("predict-lock-unknown-event")
    if not lock.locked:
        return words("predict-locks-at", at=_when(lock)) if lock.at else words("predict-locks-by-moderator")
    if lock.why == "scored":
        return words("predict-lock-scored")
    return words("predict-locked-at", at=_when(lock)) if lock.at else words("predict-lock-started")


def _slot_lines(words: Words, names: dict[str, str]) -> list[str]:
    return [words(f"predict-slot-{slot}", name=escape_markdown(words.name(names[slot]))) for slot in SLOTS]


def pick_reply(words: Words, answer: PickAnswer) -> str:
    """The confirmation of a pick: what was picked and when the round locks."""
    event = escape_markdown(words(event_name_text(answer.event)))
    head = words(
        "predict-picked" if answer.new else "predict-changed",
        event=event,
        competition=escape_markdown(answer.competition.label),
    )
    return "\n".join([head, *_slot_lines(words, answer.names), _lock_line(words, answer.lock)])


def _why(words: Words, line: dict[str, object]) -> str:
    """One part of a scored pick: whom, how many points, and why."""
    return words(
        f"predict-why-{line.get('why')}",
        slot=words(f"predict-slot-name-{line.get('slot')}"),
        name=escape_markdown(words.name(str(line.get("name") or "?"))),
        points=int(str(line.get("points") or 0)),
        place=int(str(line["place"])) if isinstance(line.get("place"), int) else 0,
        status=str(line.get("status") or ""),
    )


def picks_embed(words: Words, views: Sequence[PickView]) -> discord.Embed:
    """/predict show: the member's picks in the server, newest first, scored ones with their points."""
    embed = new_embed(words("predict-show-title"), "" if views else words("predict-show-none"), colour=COLOUR)
    for view in views[:10]:
        event = words(event_name_text(view.event)) if view.event is not None else view.event_key
        title = words("predict-show-event", event=escape_markdown(event), competition=escape_markdown(view.competition))
        if view.points is not None:
            lines = [words("predict-points", points=view.points), *(_why(words, line) for line in view.detail)]
        else:
            lines = [*_slot_lines(words, view.names), _lock_line(words, view.lock)]
        add_field(embed, title, "\n".join(lines))
    return fit_embed(embed)


def leaderboard_embed(words: Words, board: Leaderboard) -> discord.Embed:
    lines = [
        words("predict-board-line", rank=rank, member=f"<@{member}>", points=points, rounds=rounds)
        for rank, (member, points, rounds) in enumerate(board.rows, start=1)
    ]
    body = "\n".join(lines) if lines else words("predict-board-empty")
    return fit_embed(new_embed(words(board.title), body, colour=COLOUR))


def settings_reply(words: Words, settings: PredictionSettings) -> str:
    table = SCORING_TABLES[settings.scoring]
    return "\n".join(
        [
            words("predict-settings-on") if settings.enabled else words("predict-settings-off"),
            words("predict-settings-channel", channel=f"<#{settings.channel_id}>")
            if settings.channel_id
            else words("predict-settings-no-channel"),
            words(
                "predict-settings-scoring",
                scoring=settings.scoring,
                exact=table.exact,
                podium=table.podium,
                short=table.short,
            ),
        ]
    )


def lock_reply(words: Words, event: Event, lock: LockState) -> str:
    return words("predict-lock-done", event=escape_markdown(words(event_name_text(event))), at=_when(lock))


# An announcement shows each member's parts as marks, not sentences: 20 members x 4 parts of words each made the
# announcement of 5,000 servers slower to build than Discord's rate allows sending it. The footer's legend explains
# them, and a skater who scores nothing for not finishing is said once, in words.
SLOT_MARKS = {"gold": "🥇", "silver": "🥈", "bronze": "🥉", "short": "⭐"}
WHY_MARKS = {"exact": "✅", "won": "✅", "podium": "🟡", "missed": "❌", "out": "⛔", "absent": "⛔"}


def _marks(detail: Sequence[dict[str, object]]) -> str:
    return " ".join(
        f"{SLOT_MARKS.get(str(line.get('slot')), '?')}{WHY_MARKS.get(str(line.get('why')), '?')}" for line in detail
    )


def announcement_embed(words: Words, announcement: Announcement) -> discord.Embed:
    """A scored round in its server's channel: the podium, the short program's winner, who scores nothing and why,
    each member's points and parts (best first), and the marker; a corrected result says so."""
    event = event_name_text(announcement.event) if announcement.event is not None else announcement.event_key
    title, head, legend = _shared_parts(
        catalogue(),
        words,
        event,
        announcement.competition,
        announcement.podium,
        announcement.short_winners,
        announcement.out,
        announcement.scoring,
    )
    lines = list(head)
    absent = sorted(
        {str(line.get("name")) for _, _, detail in announcement.members for line in detail if line["why"] == "absent"}
    )
    lines += [words("predict-announce-absent", name=escape_markdown(words.name(name))) for name in absent]
    if announcement.corrected:
        rescored = (
            words("predict-announce-rescored", scoring=announcement.scoring)
            if announcement.rescored == "scoring"
            else words("predict-announce-corrected")
        )
        lines.insert(0, rescored)
    lines.append("")
    for rank, (member, points, detail) in enumerate(announcement.members, start=1):
        said = _member_line(catalogue(), words, rank, points).replace(_MEMBER, f"<@{member}>", 1)
        lines.append(f"{said} {_marks(detail)}")
    if announcement.others:
        lines.append(words("predict-announce-more", count=announcement.others))
    embed = new_embed(title, "\n".join(lines), colour=CORRECTED_COLOUR if announcement.corrected else COLOUR)
    set_footer(
        embed,
        words("predict-announce-footer", legend=legend, scoring=announcement.scoring, marker=announcement.marker),
    )
    return fit_embed(embed)


# One final result is announced in thousands of servers: what every server's announcement of it shows alike (the
# title, the podium, who did not finish, the legend) is put into words once per language, and a member's line once
# per language, rank and points (the member's mention put in after). Rendering them per server cost the fan-out
# more of the event loop than sending. Keyed by the catalogue too: catalogues read anew are never answered from the
# old ones.
_MEMBER = "\uffffmember\uffff"  # where a member's line takes its mention (no catalogue text holds it)


@lru_cache(maxsize=256)
def _shared_parts(
    _catalogue: Catalogue,
    words: Words,
    event: Text | str,
    competition: str,
    podium: tuple[tuple[int, str], ...],
    short_winners: tuple[str, ...],
    out: tuple[tuple[str, str], ...],
    scoring: str,
) -> tuple[str, tuple[str, ...], str]:
    """An event's announcement as every server in the language of `words` shows it: (title, the lines of the
    podium, the short program's winners and who did not finish, the scoring table's legend)."""
    title = words(
        "predict-announce-title",
        event=escape_markdown(words(event) if isinstance(event, Text) else event),
        competition=escape_markdown(competition),
    )
    lines = [
        words("predict-announce-podium-line", place=place, name=escape_markdown(words.name(name)))
        for place, name in podium
    ]
    if short_winners:
        winners = ", ".join(escape_markdown(words.name(name)) for name in short_winners)
        lines.append(words("predict-announce-short", name=winners))
    lines += [
        words("predict-announce-out", name=escape_markdown(words.name(name)), status=status) for name, status in out
    ]
    table = SCORING_TABLES.get(scoring)
    legend = (
        words("predict-announce-legend", exact=table.exact, podium=table.podium, short=table.short) if table else ""
    )
    return title, tuple(lines), legend


@lru_cache(maxsize=1024)
def _member_line(_catalogue: Catalogue, words: Words, rank: int, points: int) -> str:
    """A member's line of an announcement, its mention left to put in (`_MEMBER`)."""
    return words("predict-announce-member", rank=rank, member=_MEMBER, points=points)


def lock_notice_embed(words: Words, notice: LockNotice) -> discord.Embed:
    """A round's lock in its server's channel: the event, when it locked (each reader's own time zone) and why, and
    how many picks the round holds; the marker a restarted bot finds it by."""
    event = words(event_name_text(notice.event)) if notice.event is not None else notice.event_key
    title = words("predict-lock-title", event=escape_markdown(event), competition=escape_markdown(notice.competition))
    at = f"<t:{int(notice.at.timestamp())}:F>" if notice.at is not None else ""
    timed = at and notice.why in ("schedule", "moderator")
    said = words(f"predict-lock-post-{notice.why}", at=at) if timed else words("predict-lock-post-started")
    body = "\n".join([said, words("predict-lock-post-picks", count=notice.picks)])
    embed = new_embed(title, body, colour=COLOUR)
    set_footer(embed, words("predict-lock-footer", marker=notice.marker))
    return fit_embed(embed)
