"""Embeds for the results commands, always inside Discord's limits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from weakref import WeakKeyDictionary

import discord

from bot import messages
from bot.services.results import (
    DISCIPLINE_LABELS,
    AthleteProfile,
    HeadToHead,
    MedalRow,
    Podium,
    Standings,
    difference,
)
from bot.text import ordinal
from bot.ui.flags import flag
from db.models import Competition, Entry, Figure, Segment, StoreSummary

PAGE_SIZE = 10
COLOUR = discord.Colour(0x4F8DD6)
MEDAL_EMOJI = {1: "🥇", 2: "🥈", 3: "🥉"}
# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
TITLE_LIMIT, DESCRIPTION_LIMIT, FIELD_NAME_LIMIT, FIELD_VALUE_LIMIT = 256, 4096, 256, 1024
FOOTER_LIMIT, FIELDS_LIMIT, TOTAL_LIMIT = 2048, 25, 6000

SINGLE_SOURCE_MARK, DERIVED_MARK = "*", "†"


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def new_embed(title: str, description: str = "", *, colour: discord.Colour = COLOUR) -> discord.Embed:
    return discord.Embed(title=cut(title, TITLE_LIMIT), description=cut(description, DESCRIPTION_LIMIT), colour=colour)


def add_field(embed: discord.Embed, name: str, value: str, *, inline: bool = False) -> bool:
    """Adds a field if the embed still has room (count and total size); returns whether it did."""
    name, value = cut(name, FIELD_NAME_LIMIT), cut(value or "—", FIELD_VALUE_LIMIT)
    if len(embed.fields) >= FIELDS_LIMIT or len(embed) + len(name) + len(value) > TOTAL_LIMIT - FOOTER_LIMIT // 4:
        return False
    embed.add_field(name=name, value=value, inline=inline)
    return True


def set_footer(embed: discord.Embed, text: str) -> discord.Embed:
    room = TOTAL_LIMIT - len(embed)
    embed.set_footer(text=cut(text, max(1, min(FOOTER_LIMIT, room))))
    return embed


def lines_into_fields(embed: discord.Embed, title: str, lines: Iterable[str], *, more: str = "") -> None:
    """Packs lines into as few fields as fit (each <= 1024 characters); says how many did not fit."""
    chunk: list[str] = []
    lines = list(lines)
    shown = 0
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_VALUE_LIMIT:
            if not add_field(embed, title, "\n".join(chunk)):
                break
            shown += len(chunk)
            title, chunk = "\u200b", []
        chunk.append(cut(line, FIELD_VALUE_LIMIT))
    else:
        if chunk and add_field(embed, title, "\n".join(chunk)):
            shown += len(chunk)
    if shown < len(lines):
        add_field(embed, "\u200b", f"… and {len(lines) - shown} more{more}")


# --- figures --------------------------------------------------------------------------------------------
def mark(figure: Figure | None) -> str:
    """The provenance mark shown after a figure: * one source only, † computed rather than reported."""
    if figure is None or figure.provenance is None:
        return ""
    if figure.provenance.confidence == "derived":
        return DERIVED_MARK
    if figure.provenance.confidence == "single-source":
        return SINGLE_SOURCE_MARK
    return ""


def score(figure: Figure | None) -> str:
    if figure is None:
        return "—"
    value = figure.value
    return (f"{value:.2f}" if isinstance(value, float) else str(value)) + mark(figure)


def place_text(place: Figure | None, status: str | None = None) -> str:
    if status:
        return status
    if place is None:
        return "—"
    return ordinal(int(place.value)) + mark(place)


def signed(value: float | None) -> str:
    return "" if value is None else f" ({value:+.2f})"


def provenance_footer(figures: Iterable[Figure], *, suffix: str = "") -> str:
    marks = {mark(f) for f in figures}
    parts = ["Figures are multi-source or official unless marked"]
    if SINGLE_SOURCE_MARK in marks:
        parts.append(f"{SINGLE_SOURCE_MARK} single source")
    if DERIVED_MARK in marks:
        parts.append(f"{DERIVED_MARK} derived (computed, not reported)")
    parts.append("— unknown")
    return " · ".join(parts) + (f" · {suffix}" if suffix else "")


# The service hands out the same Standings/AthleteProfile object until the store changes; what is built
# from one is kept as long as that object lives. Embeds are never mutated after they are built.
_pages_built: WeakKeyDictionary[Standings, list[discord.Embed]] = WeakKeyDictionary()
_profiles_built: WeakKeyDictionary[AthleteProfile, discord.Embed] = WeakKeyDictionary()


# --- /results -------------------------------------------------------------------------------------------
def standings_pages(standings: Standings) -> list[discord.Embed]:
    pages = _pages_built.get(standings)
    if pages is None:
        pages = _pages_built[standings] = _standings_pages(standings)
    return pages


def _standings_pages(standings: Standings) -> list[discord.Embed]:
    event, competition = standings.event, standings.competition
    title = f"{competition.label} · {event.name}"
    if standings.focus:
        title += f" · {standings.focus.name}"
    if standings.teams:
        lines = _team_lines(standings)
    elif standings.focus:
        lines = [_segment_line(entry, standings.focus) for entry in standings.entries]
    else:
        lines = [_final_line(entry, standings.segments) for entry in standings.entries]
    if not lines:
        lines = [messages.NO_RESULTS_STORED]
    pages = [lines[i : i + PAGE_SIZE] for i in range(0, len(lines), PAGE_SIZE)]
    footer = provenance_footer(standings.figures())
    embeds = []
    for number, page in enumerate(pages, start=1):
        embed = new_embed(title, "\n".join(page))
        if len(pages) > 1:
            footer_text = f"Page {number}/{len(pages)} · {footer}"
        else:
            footer_text = footer
        embeds.append(set_footer(embed, footer_text))
    return embeds


def _name(entry: Entry) -> str:
    return discord.utils.escape_markdown(entry.name)


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


def _final_line(entry: Entry, segments: Sequence[Segment]) -> str:
    parts = []
    for segment in segments:
        result = entry.segments.get(segment.id)
        if result and (result.tss or result.rank):
            rank = f" ({result.rank.value}{mark(result.rank)})" if result.rank else ""
            parts.append(f"{segment.key} {score(result.tss)}{rank}")
    place = place_text(entry.place, entry.status)
    line = f"**{place}** {flag(entry.country)} **{_name(entry)}** {entry.country} — **{score(entry.total)}**"
    return line + ("\n\u2003" + " · ".join(parts) if parts else "")


def _segment_line(entry: Entry, segment: Segment) -> str:
    result = entry.segments[segment.id]
    rank = f"{result.rank.value}{mark(result.rank)}" if result.rank else "—"
    details = [
        f"{label} {score(value)}"
        for label, value in (("TES", result.tes), ("PCS", result.pcs), ("Ded.", result.deductions))
        if value is not None
    ]
    if entry.place or entry.status:
        details.append(f"final {place_text(entry.place, entry.status)}")
    line = f"**{rank}** {flag(entry.country)} **{_name(entry)}** {entry.country} — **{score(result.tss)}**"
    return line + ("\n\u2003" + " · ".join(details) if details else "")


def _team_lines(standings: Standings) -> list[str]:
    lines = []
    if standings.focus:
        rows = [
            (team, team.segments[standings.focus.id]) for team in standings.teams if standings.focus.id in team.segments
        ]
        rows.sort(key=lambda r: (r[1].rank is None, r[1].rank.value if r[1].rank else 0))
        for team, result in rows:
            lines.append(
                f"**{score(result.rank)}** {flag(team.country)} **{team.country}** "
                f"{discord.utils.escape_markdown(result.skater_names)} — {score(result.points)} pts"
                + (f" · {score(result.tss)}" if result.tss else "")
            )
        return lines
    by_id = {s.id: s for s in standings.segments}
    for team in standings.teams:
        who = [f"{by_id[sid].key} {r.skater_names}" for sid, r in team.segments.items() if sid in by_id]
        lines.append(
            f"**{place_text(team.place)}** {flag(team.country)} **{discord.utils.escape_markdown(team.name)}** "
            f"{team.country} — **{score(team.points)}** pts" + ("\n\u2003" + " · ".join(who) if who else "")
        )
    return lines


# --- /athlete -------------------------------------------------------------------------------------------
def profile_embed(profile: AthleteProfile) -> discord.Embed:
    embed = _profiles_built.get(profile)
    if embed is None:
        embed = _profiles_built[profile] = _profile_embed(profile)
    return embed


def _profile_embed(profile: AthleteProfile) -> discord.Embed:
    athlete = profile.athlete
    details = [f"{flag(athlete.country)} {athlete.country}"]
    if profile.disciplines:
        details.append(", ".join(DISCIPLINE_LABELS[d] for d in profile.disciplines))
    if athlete.is_couple:
        details.append("Results skated together. Each partner: " + " · ".join(_escape(s.name) for s in athlete.skaters))
    elif profile.partners:
        details.append("Partner: " + ", ".join(_escape(p.name) for p in profile.partners))
    for skater in athlete.skaters:
        if skater.aliases:
            also = ", ".join(_escape(a) for a in skater.aliases[:6])
            details.append(
                f"{_escape(skater.name)} also written: {also}" if athlete.is_couple else f"Also written: {also}"
            )
    embed = new_embed(athlete.name, "\n".join(details))
    medal_order = ["gold", "silver", "bronze", "team gold", "team silver", "team bronze"]
    medal_emoji = {"gold": "🥇", "silver": "🥈", "bronze": "🥉"}
    medals = [
        f"{medal_emoji[kind.split()[-1]]} {profile.medals[kind]}" + (" (team)" if "team" in kind else "")
        for kind in medal_order
        if profile.medals[kind]
    ]
    add_field(embed, "Medals in this store", " · ".join(medals) if medals else "None recorded")
    if profile.bests:
        add_field(
            embed,
            "Best scores in this store",
            "\n".join(f"{b.label}: **{score(b.score)}** ({b.competition.label})" for b in profile.bests),
        )
    teams = {event.id: team for _, event, team in profile.team_records}
    lines = []
    for record in profile.records:
        entry = record.entry
        parts = []
        for segment_id, result in entry.segments.items():
            segment = profile.segments.get(segment_id)
            if segment and result.tss:
                rank = f" ({result.rank.value})" if result.rank else ""
                parts.append(f"{segment.key} {score(result.tss)}{rank}")
        team = teams.pop(record.event.id, None)
        if team:
            outcome = f"{place_text(team.place)} with {discord.utils.escape_markdown(team.name)}"
            if team.points:
                outcome += f", {score(team.points)} pts"
        else:
            outcome = place_text(entry.place, entry.status) + (f", {score(entry.total)}" if entry.total else "")
        line = f"**{record.competition.label}** · {record.event.name}: {outcome}"
        if parts:
            line += " (" + " · ".join(parts) + ")"
        lines.append(line)
    for competition, event, team in profile.team_records:
        if event.id in teams:  # on the team's roster, with no segment scores stored
            lines.append(
                f"**{competition.label}** · {event.name}: {place_text(team.place)} with "
                f"{discord.utils.escape_markdown(team.name)}" + (f", {score(team.points)} pts" if team.points else "")
            )
    lines_into_fields(embed, "Results", lines or [messages.NO_RESULTS_STORED])
    figures = [b.score for b in profile.bests] + [
        f for r in profile.records for f in (r.entry.place, r.entry.total) if f is not None
    ]
    return set_footer(embed, provenance_footer(figures))


# --- /podiums, /medals ------------------------------------------------------------------------------------
def podium_pages(discipline: str, podiums: list[Podium]) -> list[discord.Embed]:
    title = f"Podiums · {DISCIPLINE_LABELS[discipline]}"
    if not podiums:
        return [new_embed(title, messages.NO_RESULTS_STORED)]
    pages = []
    for start in range(0, len(podiums), 8):
        embed = new_embed(title)
        figures = []
        for podium in podiums[start : start + 8]:
            unit = " pts" if podium.event.discipline == "team" else ""
            value = "\n".join(
                f"{MEDAL_EMOJI[place]} {flag(country)} {discord.utils.escape_markdown(name)} ({country})"
                + (f" — {score(total)}{unit}" if total else "")
                for place, name, country, total in podium.places
            )
            figures += [total for *_, total in podium.places if total]
            add_field(embed, f"{podium.competition.label} · {podium.event.name}", value)
        pages.append(set_footer(embed, provenance_footer(figures)))
    return pages


def medal_table_embed(competition: Competition, rows: list[MedalRow]) -> discord.Embed:
    embed = new_embed(f"Medal table · {competition.label}")
    if not rows:
        embed.description = messages.NO_RESULTS_STORED
        return embed
    table = [f"{'#':>2}  {'':2} {'NOC':<4} {'G':>2} {'S':>2} {'B':>2} {'Tot':>4}"]
    rank = 0
    previous = None
    for index, row in enumerate(rows, start=1):
        key = (row.gold, row.silver, row.bronze)
        rank = rank if key == previous else index  # equal medal counts share a rank
        previous = key
        table.append(
            f"{rank:>2}  {flag(row.country)} {row.country:<4} {row.gold:>2} {row.silver:>2} "
            f"{row.bronze:>2} {row.total:>4}"
        )
    embed.description = cut("```\n" + "\n".join(table) + "\n```", DESCRIPTION_LIMIT)
    return set_footer(embed, "From the final places stored; the team event counts one medal per country")


# --- /compare -------------------------------------------------------------------------------------------
def head_to_head_embed(h2h: HeadToHead) -> discord.Embed:
    a, b = h2h.a, h2h.b
    title = f"{a.name} vs {b.name}"
    if h2h.partners_in and not h2h.meetings:
        events = ", ".join(f"{r.competition.label} ({r.event.name})" for r in h2h.partners_in[:5])
        return new_embed(title, messages.PARTNERS.format(a=_escape(a.name), b=_escape(b.name), events=_escape(events)))
    if not h2h.meetings:
        if h2h.a_disciplines and h2h.b_disciplines and not set(h2h.a_disciplines) & set(h2h.b_disciplines):
            return new_embed(
                title,
                messages.OTHER_DISCIPLINES.format(
                    a=_escape(a.name),
                    b=_escape(b.name),
                    a_discipline=" and ".join(messages.DISCIPLINE_PHRASES[d] for d in h2h.a_disciplines),
                    b_discipline=" and ".join(messages.DISCIPLINE_PHRASES[d] for d in h2h.b_disciplines),
                ),
            )
        return new_embed(title, messages.NEVER_MET.format(a=_escape(a.name), b=_escape(b.name)))
    a_wins, b_wins = h2h.score
    embed = new_embed(
        title,
        f"{flag(a.country)} **{discord.utils.escape_markdown(a.name)}** {a_wins} – {b_wins} "
        f"**{discord.utils.escape_markdown(b.name)}** {flag(b.country)}\n"
        f"Finished ahead, in {len(h2h.meetings)} event(s) both entered",
    )
    figures: list[Figure] = []
    for meeting in h2h.meetings:
        lines = []
        if meeting.a.place or meeting.b.place or meeting.a.status or meeting.b.status:
            lines.append(
                f"Place: {place_text(meeting.a.place, meeting.a.status)} vs "
                f"{place_text(meeting.b.place, meeting.b.status)}"
            )
        if meeting.a.total or meeting.b.total:
            lines.append(
                f"Total: {score(meeting.a.total)} vs {score(meeting.b.total)}"
                f"{signed(difference(meeting.a.total, meeting.b.total))}"
            )
        for segment in meeting.segments:
            ra, rb = meeting.a.segments.get(segment.id), meeting.b.segments.get(segment.id)
            if ra is None and rb is None:
                continue
            ta, tb = ra.tss if ra else None, rb.tss if rb else None
            lines.append(f"{segment.key}: {score(ta)} vs {score(tb)}{signed(difference(ta, tb))}")
            figures += [f for f in (ta, tb) if f]
        figures += [f for f in (meeting.a.total, meeting.b.total) if f]
        if not add_field(embed, f"{meeting.competition.label} · {meeting.event.name}", "\n".join(lines)):
            break
    return set_footer(embed, provenance_footer(figures, suffix=f"differences are {a.name} minus {b.name}"))


# --- /about ---------------------------------------------------------------------------------------------
def about_embed(summary: StoreSummary, competitions: list[Competition], version: str) -> discord.Embed:
    embed = new_embed("skatebot", messages.ABOUT_DESCRIPTION)
    add_field(
        embed,
        "Data loaded",
        f"{summary.competitions} competitions · {summary.events} events · "
        f"{summary.entries} entries · {summary.skaters} skaters",
    )
    lines_into_fields(embed, "Competitions", [f"{c.label} ({c.season})" for c in competitions])
    if summary.source_sites:
        sites = [site for site, _ in summary.source_sites if site]
        shown = ", ".join(sites[:12]) + (f" and {len(sites) - 12} more" if len(sites) > 12 else "")
        add_field(embed, "Where the figures come from", f"Public reporting and official results: {shown}")
    if summary.last_import_at:
        # Where the operator imported from is their business (a local folder path means nothing to members);
        # a public results site is shown.
        origin = summary.last_import_source or ""
        shown_origin = f" from <{origin}>" if origin.startswith(("https://", "http://")) else ""
        add_field(embed, "Last import", f"{summary.last_import_at[:10]}{shown_origin}")
    add_field(embed, "Found a wrong figure?", messages.REPORT_ERROR)
    return set_footer(embed, f"skatebot {version} · every figure keeps its sources and confidence")
