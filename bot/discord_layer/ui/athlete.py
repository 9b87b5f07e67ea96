"""/athlete: a skater's profile (career, medals, bests) as one embed in the reader's words."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import discord

from bot.discord_layer.ui.embed_parts import (
    FIELD_NAME_LIMIT,
    FIELD_VALUE_LIMIT,
    FIELDS_LIMIT,
    FOOTER_LIMIT,
    TOTAL_LIMIT,
    PerAnswer,
    add_field,
    cut,
    escape,
    new_embed,
    other_spellings,
    place_text,
    provenance_footer,
    score,
    set_footer,
    titled,
)
from bot.discord_layer.ui.flags import flag
from bot.i18n import Words
from bot.services.eras import era_short_text, era_text
from bot.services.levels import is_senior, level_text
from bot.services.results import (
    AthleteProfile,
    CareerCompetition,
    MedalCount,
)
from bot.services.results.vocabulary import (
    discipline_text,
    event_name_text,
    segment_abbreviation,
)
from db.models import Competition, Entry, Event, Figure


def _profile_embed(profile: AthleteProfile, words: Words) -> discord.Embed:
    athlete = profile.athlete
    details = [f"{flag(athlete.country)} {athlete.country}"]
    if profile.disciplines:
        details.append(words("athlete-disciplines", disciplines=[discipline_text(d) for d in profile.disciplines]))
    if athlete.is_couple:
        each = " · ".join(escape(words.name(s.name)) for s in athlete.skaters)
        details.append(words("athlete-couple-partners", names=each))
    elif profile.partners:
        details.append(words("athlete-partners", names=[escape(words.name(p.name)) for p in profile.partners]))
    for skater in athlete.skaters:
        spellings = other_spellings(skater)
        if spellings:
            also = tuple(escape(a) for a in spellings[:6])
            details.append(
                words("athlete-also-written-by", name=escape(words.name(skater.name)), spellings=also)
                if athlete.is_couple
                else words("athlete-also-written", spellings=also)
            )
    embed = new_embed(titled(athlete.name, words), "\n".join(details))
    medals = [_medal_line(count, words) for count in profile.medals]
    add_field(embed, words("athlete-medals"), "\n".join(medals) if medals else words("athlete-medals-none"))
    for era, bests in groupby(profile.bests, key=lambda b: b.era):
        add_field(
            embed,
            words("athlete-bests-era", era=era_text(era)),
            "\n".join(
                words(
                    "athlete-best-line",
                    label=b.label,
                    score=score(b.score),
                    competition=_where(b.competition, b.event, words),
                    date=b.date or _dates(b.competition, words),
                )
                for b in bests
            ),
        )
    several_eras = len(profile.eras) > 1
    seasons = []
    for season in profile.career:
        if several_eras:
            name = words("athlete-season-era", season=season.season, era=era_short_text(season.era))
        else:
            name = words("athlete-season", season=season.season)
        seasons.append((name, [_career_line(held, profile, words) for held in season.competitions]))
    if seasons:
        grouped_fields(embed, seasons, words, more_key="athlete-results-more")
    else:
        add_field(embed, words("athlete-results"), words("results-none-stored"))
    figures = [b.score for b in profile.bests] + [
        f for r in profile.records for f in (r.entry.place, r.entry.total) if f is not None
    ]
    return set_footer(embed, provenance_footer(figures, words))


_MEDAL_EMOJI = ("🥇", "🥈", "🥉")


def _medal_line(count: MedalCount, words: Words) -> str:
    """ "Grand Prix: 🥇 2 · 🥈 1", "Junior · Grand Prix Final: 🥉 1", "Olympic Winter Games, team event: 🥈 1"."""
    medals = " · ".join(
        words("athlete-medal-count", medal=emoji, count=n)
        for emoji, n in zip(_MEDAL_EMOJI, count.counts, strict=True)
        if n
    )
    competitions = words(f"athlete-medals-{count.competitions}")
    if is_senior(count.level) or (count.competitions == "junior-worlds" and count.level == "junior"):
        key = "athlete-medal-line-team" if count.team else "athlete-medal-line"
        return words(key, competitions=competitions, medals=medals)
    level = level_text(count.level) or words("level-event-unknown")
    key = "athlete-medal-line-level-team" if count.team else "athlete-medal-line-level"
    return words(key, level=level, competitions=competitions, medals=medals)


def _where(competition: Competition, event: Event, words: Words) -> str:
    """Where a best was skated: the competition, and the team event when it was there."""
    label = competition.label
    return f"{label} · {words(event_name_text(event))}" if event.discipline == "team" else label


def _dates(competition: Competition, words: Words) -> str:
    """A competition's days, for a score whose own day is not stored."""
    start, end = competition.start_date, competition.end_date
    if start and end and end != start:
        return words("athlete-dates", start=start, end=end)
    return start or end or "—"


def _career_line(held: CareerCompetition, profile: AthleteProfile, words: Words) -> str:
    """One competition: "**Worlds 2017**: 1st, 321.59"; the event named when it is not the athlete's usual senior
    one; the team event after, with the team's place."""
    individual = [r for r in held.records if r.event.discipline != "team"]
    name_events = len(individual) > 1 or len(profile.disciplines) > 1
    parts: list[tuple[str | None, str]] = []  # (the event when named, the outcome)
    for record in individual:
        named = name_events or not is_senior(record.event.level)
        parts.append(
            (words(event_name_text(record.event)) if named else None, _entry_outcome(record.entry, profile, words))
        )
    teams = {event.id: (event, team) for event, team in held.teams}
    for record in held.records:
        if record.event.discipline == "team" and record.event.id not in teams:  # no team result stored
            parts.append((words(event_name_text(record.event)), _entry_outcome(record.entry, profile, words)))
    for event, team in teams.values():
        parts.append((words(event_name_text(event)), _team_outcome(team.place, team.name, team.points, words)))
    line = f"**{held.competition.label}**"
    for index, (event_name, outcome) in enumerate(parts):
        if event_name is None:
            line += f": {outcome}" if index == 0 else f" · {outcome}"
        else:
            line += f" · {event_name}: {outcome}"
    return line


def _entry_outcome(entry: Entry, profile: AthleteProfile, words: Words) -> str:
    """ "1st, 321.59"; a status (WD) as stored; "segments only (SP 55.12)" for an entry with scores and no
    final place (not qualified for the free skate)."""
    if entry.place or entry.status:
        outcome = place_text(entry.place, entry.status, words=words)
        return outcome + (f", {score(entry.total)}" if entry.total else "")
    scores = []
    for segment_id, result in entry.segments.items():
        segment = profile.segments.get(segment_id)
        if segment and result.tss:
            scores.append(f"{segment_abbreviation(segment)} {score(result.tss)}")
    if scores:
        return words("athlete-segments-only", scores=" · ".join(scores))
    return score(entry.total)


def grouped_fields(
    embed: discord.Embed, groups: Sequence[tuple[str, Sequence[str]]], words: Words, *, more_key: str
) -> None:
    """Groups of lines as fields (a group longer than a field goes on in the next, unnamed), as many as the embed
    holds; what does not fit is counted in a last field (`more_key`, with n), never cut silently."""
    total = sum(len(lines) for _, lines in groups)
    shown = 0
    reserve = len(words(more_key, n=total)) + 1

    def room(name: str, value: str, last: bool) -> bool:
        fields = len(embed.fields) + (1 if last else 2)
        size = len(embed) + len(name) + len(value) + (0 if last else reserve)
        return fields <= FIELDS_LIMIT and size <= TOTAL_LIMIT - FOOTER_LIMIT // 4

    chunks: list[tuple[str, list[str]]] = []
    for name, lines in groups:
        chunk: list[str] = []
        for line in lines:
            line = cut(line, FIELD_VALUE_LIMIT)
            if chunk and len("\n".join([*chunk, line])) > FIELD_VALUE_LIMIT:
                chunks.append((name, chunk))
                name, chunk = "\u200b", []
            chunk.append(line)
        if chunk:
            chunks.append((name, chunk))
    for index, (name, chunk) in enumerate(chunks):
        value = "\n".join(chunk)
        if not room(cut(name, FIELD_NAME_LIMIT), value, last=index == len(chunks) - 1):
            break
        add_field(embed, name, value)
        shown += len(chunk)
    if shown < total:
        add_field(embed, "\u200b", words(more_key, n=total - shown))


def _team_outcome(place: Figure | None, team: str, team_points: Figure | None, words: Words) -> str:
    """ "2nd with Japan, 58 pts": a skater's place in the team event is their team's."""
    values = {"place": place_text(place, words=words), "team": discord.utils.escape_markdown(team)}
    if team_points:
        return words("athlete-team-outcome-points", **values, points=score(team_points))
    return words("athlete-team-outcome", **values)


profile_embed: PerAnswer[AthleteProfile, discord.Embed] = PerAnswer(_profile_embed)
