"""Embeds for the results commands, always inside Discord's limits, in the words of whoever reads them."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_layer.ui.athlete import grouped_fields, profile_embed
from bot.discord_layer.ui.embed_parts import (
    COLOUR,
    DERIVED_MARK,
    DESCRIPTION_LIMIT,
    FIELD_NAME_LIMIT,
    FIELD_VALUE_LIMIT,
    FIELDS_LIMIT,
    FOOTER_LIMIT,
    MEDAL_EMOJI,
    PAGE_SIZE,
    SINGLE_SOURCE_MARK,
    TITLE_LIMIT,
    TOTAL_LIMIT,
    PerAnswer,
    add_field,
    cut,
    escape,
    lines_into_fields,
    mark,
    named,
    new_embed,
    place_text,
    points,
    provenance_footer,
    score,
    set_footer,
    signed,
)
from bot.discord_layer.ui.flags import flag
from bot.i18n import Text, Words, t
from bot.services.eras import era_short_text, era_text
from bot.services.levels import level_text
from bot.services.results import (
    DISPUTED_PREFIX,
    HeadToHead,
    HeadToHeadEvent,
    MedalRow,
    Podium,
    Standings,
    difference,
    disputed_notes,
    place_ranges,
)
from bot.services.results.vocabulary import (
    discipline_phrase,
    discipline_text,
    event_name_text,
    segment_abbreviation,
    segment_name_text,
)
from bot.text import pad
from db.models import Competition, Entry, Figure, Segment, StoreSummary

# The parts live in bot.discord_layer.ui.embed_parts and the profile in bot.discord_layer.ui.athlete; the answers'
# embeds are found here.
__all__ = [
    "COLOUR",
    "DERIVED_MARK",
    "DESCRIPTION_LIMIT",
    "FIELDS_LIMIT",
    "FIELD_NAME_LIMIT",
    "FIELD_VALUE_LIMIT",
    "FOOTER_LIMIT",
    "MEDAL_EMOJI",
    "PAGE_SIZE",
    "SINGLE_SOURCE_MARK",
    "TITLE_LIMIT",
    "TOTAL_LIMIT",
    "PerAnswer",
    "about_embed",
    "add_field",
    "cut",
    "head_to_head_embed",
    "lines_into_fields",
    "mark",
    "medal_table_embed",
    "new_embed",
    "no_results_text",
    "place_text",
    "podium_pages",
    "points",
    "profile_embed",
    "provenance_footer",
    "score",
    "set_footer",
    "signed",
    "standings_pages",
]


# --- /results --------------------------------------------------------------------------------------------
def _standings_pages(standings: Standings, words: Words) -> list[discord.Embed]:
    event, competition = standings.event, standings.competition
    title = f"{competition.label} · {words(event_name_text(event))}"
    if standings.focus:
        title += f" · {words(segment_name_text(standings.focus))}"
    if standings.teams:
        lines = _team_lines(standings, words)
    elif standings.focus:
        lines = [_segment_line(entry, standings.focus, words) for entry in standings.entries]
    else:
        lines = [_final_line(entry, standings.segments, words) for entry in standings.entries]
        known = standings.known_places()
        if known is not None:  # compiled from reports: say which places these are, the gaps stay gaps
            key = "results-known-places" if known else "results-no-places-known"
            lines.insert(0, words(key, places=place_ranges(known), n=len(standings.entries)))
    if not lines:
        lines = [no_results_text(competition, words)]
    pages = [lines[i : i + PAGE_SIZE] for i in range(0, len(lines), PAGE_SIZE)]
    footer = provenance_footer(standings.figures(), words)
    embeds = []
    for number, page in enumerate(pages, start=1):
        embed = new_embed(title, "\n".join(page))
        if len(pages) > 1:
            footer_text = words("results-page-footer", number=number, pages=len(pages), footer=footer)
        else:
            footer_text = footer
        embeds.append(set_footer(embed, footer_text))
    return embeds


def _final_line(entry: Entry, segments: Sequence[Segment], words: Words) -> str:
    parts = []
    for segment in segments:
        result = entry.segments.get(segment.id)
        if result and (result.tss or result.rank):
            rank = f" ({result.rank.value}{mark(result.rank)})" if result.rank else ""
            parts.append(f"{segment_abbreviation(segment)} {score(result.tss)}{rank}")
    place = place_text(entry.place, entry.status, words=words)
    line = f"**{place}** {flag(entry.country)} **{named(entry, words)}** {entry.country} — **{score(entry.total)}**"
    line += "\n\u2003" + " · ".join(parts) if parts else ""
    # a figure the sources disagree on is never shown as a value: its candidates, as the note names them
    for note in disputed_notes(entry):
        line += "\n\u2003" + words("results-disputed", text=escape(str(note.value)[len(DISPUTED_PREFIX) :]))
    return line


def _segment_line(entry: Entry, segment: Segment, words: Words) -> str:
    result = entry.segments[segment.id]
    rank = f"{result.rank.value}{mark(result.rank)}" if result.rank else "—"
    labels = ("results-tes", "results-pcs", "results-deductions-short")
    details = [
        words(label, score=score(value))
        for label, value in zip(labels, (result.tes, result.pcs, result.deductions), strict=True)
        if value is not None
    ]
    if entry.place or entry.status:
        details.append(words("results-final-place", place=place_text(entry.place, entry.status, words=words)))
    line = f"**{rank}** {flag(entry.country)} **{named(entry, words)}** {entry.country} — **{score(result.tss)}**"
    return line + ("\n\u2003" + " · ".join(details) if details else "")


def _team_lines(standings: Standings, words: Words) -> list[str]:
    lines = []
    if standings.focus:
        rows = [
            (team, team.segments[standings.focus.id]) for team in standings.teams if standings.focus.id in team.segments
        ]
        rows.sort(key=lambda r: (r[1].rank is None, r[1].rank.value if r[1].rank else 0))
        for team, result in rows:
            lines.append(
                f"**{score(result.rank)}** {flag(team.country)} **{team.country}** "
                f"{discord.utils.escape_markdown(words.name(result.skater_names))} — {points(result.points, words)}"
                + (f" · {score(result.tss)}" if result.tss else "")
            )
        return lines
    by_id = {s.id: s for s in standings.segments}
    for team in standings.teams:
        who = [f"{by_id[sid].key} {words.name(r.skater_names)}" for sid, r in team.segments.items() if sid in by_id]
        lines.append(
            f"**{place_text(team.place, words=words)}** {flag(team.country)} "
            f"**{discord.utils.escape_markdown(team.name)}** {team.country} — "
            + words("results-points-bold", points=score(team.points))
            + ("\n\u2003" + " · ".join(who) if who else "")
        )
    return lines


def no_results_text(competition: Competition | None, words: Words) -> str:
    """What is said of a competition with nothing to show: one known by its schedule (Worlds 2026) is named with its
    dates and venue, so the asker sees which competition was looked at and that its results are not in yet."""
    if competition is None:
        return words("results-none-stored")
    days = [d for d in dict.fromkeys((competition.start_date, competition.end_date)) if d]
    where = ", ".join(p for p in (competition.venue, competition.city, competition.country) if p)
    if not (days or where):
        return words("results-none-stored")
    return words(
        "results-none-yet", competition=competition.label, dates=" – ".join(days) if days else "—", place=where or "—"
    )


# --- /podiums, /medals -----------------------------------------------------------------------------------
def podium_pages(
    discipline: str, podiums: list[Podium], words: Words, competition: Competition | None = None
) -> list[discord.Embed]:
    """The medallists of a discipline, eight competitions a page, in `words`; `competition` is the one asked, named
    when it has no podium."""
    title = words("podium-title", discipline=discipline_text(discipline))
    if not podiums:
        return [new_embed(title, no_results_text(competition, words))]
    pages = []
    for start in range(0, len(podiums), 8):
        embed = new_embed(title)
        figures = []
        for podium in podiums[start : start + 8]:
            team = podium.event.discipline == "team"
            value = "\n".join(
                f"{MEDAL_EMOJI[place]} {flag(country)} {discord.utils.escape_markdown(words.name(name))} ({country})"
                + (f" — {points(total, words) if team else score(total)}" if total else "")
                for place, name, country, total in podium.places
            )
            figures += [total for *_, total in podium.places if total]
            add_field(embed, f"{podium.competition.label} · {words(event_name_text(podium.event))}", value)
        pages.append(set_footer(embed, provenance_footer(figures, words)))
    return pages


def medal_table_embed(
    competition: Competition, tables: list[tuple[str | None, list[MedalRow]]], words: Words
) -> discord.Embed:
    """A competition's medal table by country, one per level (senior first), in `words`."""
    embed = new_embed(words("medals-title", competition=competition.label))
    if not tables:
        embed.description = no_results_text(competition, words)
        return embed
    for level, rows in tables:
        table = "```\n" + "\n".join(_medal_rows(rows, words)) + "\n```"
        if len(tables) == 1:
            embed.description = cut(table, DESCRIPTION_LIMIT)
        else:
            shown = level_text(level)  # a federation's own level comes as printed
            add_field(embed, shown if isinstance(shown, str) else words(shown or t("level-event-unknown")), table)
    return set_footer(embed, words("medals-footer"))


def _medal_rows(rows: list[MedalRow], words: Words) -> list[str]:
    noc, gold, silver, bronze, total = (
        words(f"medals-column-{column}") for column in ("country", "gold", "silver", "bronze", "total")
    )
    counts = " ".join(pad(column, 2, ">") for column in (gold, silver, bronze))
    table = [f"{'#':>2}  {'':2} {pad(noc, 4)} {counts} {pad(total, 4, '>')}"]
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
    return table


# --- /compare --------------------------------------------------------------------------------------------
def _both(disciplines: Sequence[str]) -> Text:
    """ "men's singles and pairs": each discipline as said in a sentence, joined by the language's "and"."""
    phrase = discipline_phrase(disciplines[0])
    for discipline in disciplines[1:]:
        phrase = t("compare-discipline-and", first=phrase, second=discipline_phrase(discipline))
    return phrase


def head_to_head_embed(h2h: HeadToHead, words: Words) -> discord.Embed:
    """Where two athletes met, or why they never did, in `words`."""
    a, b = h2h.a, h2h.b
    a_name, b_name = words.name(a.name), words.name(b.name)
    title = words("compare-title", a=a_name, b=b_name)
    names = {"a": escape(a_name), "b": escape(b_name)}
    if h2h.partners_in and not h2h.meetings:
        events = tuple(
            escape(f"{r.competition.label} ({words(event_name_text(r.event))})") for r in h2h.partners_in[:5]
        )
        return new_embed(title, words("compare-partners", **names, events=events))
    if not h2h.meetings:
        if h2h.a_disciplines and h2h.b_disciplines and not set(h2h.a_disciplines) & set(h2h.b_disciplines):
            return new_embed(
                title,
                words(
                    "compare-other-disciplines",
                    **names,
                    a_discipline=_both(h2h.a_disciplines),
                    b_discipline=_both(h2h.b_disciplines),
                ),
            )
        return new_embed(title, words("compare-never-met", **names))
    lines = []
    if h2h.mixes_eras:
        lines.append(words("compare-eras-mixed", eras=len(h2h.eras)))
        for tally in h2h.tallies:
            lines.append(
                words(
                    "compare-era-tally",
                    era=era_short_text(tally.era),
                    a=f"{flag(a.country)} **{escape(a_name)}**",
                    b=f"**{escape(b_name)}** {flag(b.country)}",
                    a_wins=tally.a_wins,
                    b_wins=tally.b_wins,
                    events=tally.meetings,
                )
            )
    else:
        a_wins, b_wins = h2h.score
        lines.append(
            f"{flag(a.country)} **{escape(a_name)}** {a_wins} – {b_wins} **{escape(b_name)}** {flag(b.country)}"
        )
        lines.append(words("compare-finished-ahead", events=len(h2h.meetings)))
        lines.append(words("compare-one-era", era=era_text(h2h.eras[0])))
    embed = new_embed(title, "\n".join(lines))
    figures: list[Figure] = []
    fields = []
    for meeting in h2h.meetings:
        name = f"{meeting.competition.label} · {words(event_name_text(meeting.event))}"
        if h2h.mixes_eras:  # every meeting says the rules its scores were judged under
            name += f" · {words(era_short_text(meeting.era))}"
        fields.append((name, ["\n".join(_meeting_lines(meeting, words, figures))]))
    grouped_fields(embed, fields, words, more_key="compare-meetings-more")
    suffix = words("compare-differences", a=a_name, b=b_name)
    return set_footer(embed, provenance_footer(figures, words, suffix=suffix))


def _meeting_lines(meeting: HeadToHeadEvent, words: Words, figures: list[Figure]) -> list[str]:
    """Place, total and each segment of one meeting, side by side (their figures added to `figures`)."""
    lines = []
    if meeting.a.place or meeting.b.place or meeting.a.status or meeting.b.status:
        lines.append(
            words(
                "compare-place",
                a=place_text(meeting.a.place, meeting.a.status, words=words),
                b=place_text(meeting.b.place, meeting.b.status, words=words),
            )
        )
    if meeting.a.total or meeting.b.total:
        lines.append(
            words("compare-total", a=score(meeting.a.total), b=score(meeting.b.total))
            + signed(difference(meeting.a.total, meeting.b.total))
        )
    for segment in meeting.segments:
        ra, rb = meeting.a.segments.get(segment.id), meeting.b.segments.get(segment.id)
        if ra is None and rb is None:
            continue
        ta, tb = ra.tss if ra else None, rb.tss if rb else None
        lines.append(
            words("compare-segment", segment=segment_abbreviation(segment), a=score(ta), b=score(tb))
            + signed(difference(ta, tb))
        )
        figures += [f for f in (ta, tb) if f]
    figures += [f for f in (meeting.a.total, meeting.b.total) if f]
    return lines or ["—"]


# --- /about ----------------------------------------------------------------------------------------------
BOT_NAME = "skatebot"  # a name, the same in every language
SITES_SHOWN = 12


def about_embed(summary: StoreSummary, competitions: list[Competition], version: str, words: Words) -> discord.Embed:
    """What the store holds and how to report an error, in `words`."""
    embed = new_embed(BOT_NAME, words("about-description"))
    add_field(
        embed,
        words("about-data-loaded"),
        words(
            "about-counts",
            competitions=summary.competitions,
            events=summary.events,
            entries=summary.entries,
            skaters=summary.skaters,
        ),
    )
    lines_into_fields(
        embed, words("about-competitions"), [f"{c.label} ({c.season})" for c in competitions], words=words
    )
    if summary.source_sites:
        sites = tuple(site for site, _ in summary.source_sites if site)
        if len(sites) > SITES_SHOWN:
            shown = words("about-sources-more", sites=sites[:SITES_SHOWN], more=len(sites) - SITES_SHOWN)
        else:
            shown = words("about-sources", sites=sites)
        add_field(embed, words("about-sources-title"), shown)
    if summary.last_import_at:
        # Where the operator imported from is their business (a local folder path means nothing to members);
        # a public results site is shown.
        origin = summary.last_import_source or ""
        date = summary.last_import_at[:10]
        if origin.startswith(("https://", "http://")):
            when = words("about-last-import-from", date=date, url=origin)
        else:
            when = date
        add_field(embed, words("about-last-import"), when)
    # The licences of the bundled data ask for their credit (CC BY 4.0: BuzzFeed News' protocol tables).
    add_field(embed, words("about-credits-title"), words("about-credits"))
    add_field(embed, words("about-report-title"), words("about-report"))
    return set_footer(embed, words("about-footer", name=BOT_NAME, version=version))


# The standings as pages of ten, and an athlete's profile, in the reader's words (built once per answer and language).
standings_pages: PerAnswer[Standings, list[discord.Embed]] = PerAnswer(_standings_pages)
