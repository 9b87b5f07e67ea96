"""Embeds for the results commands, always inside Discord's limits, in the words of whoever reads them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import groupby
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

import discord

from bot.i18n import Text, Words, t
from bot.services.eras import era_short_text, era_text
from bot.services.levels import is_senior, level_text
from bot.services.results import (
    DISPUTED_PREFIX,
    AthleteProfile,
    CareerCompetition,
    HeadToHead,
    HeadToHeadEvent,
    MedalCount,
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
from bot.ui.flags import flag
from db.models import Competition, Entry, Event, Figure, Segment, Skater, StoreSummary

_Answer = TypeVar("_Answer")
_Built = TypeVar("_Built")

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


def lines_into_fields(embed: discord.Embed, title: str, lines: Iterable[str], *, words: Words, more: str = "") -> None:
    """Packs lines into as few fields as fit (each <= 1024 characters); says how many did not fit, in `words`."""
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
        said = words("results-lines-more", n=len(lines) - shown)
        add_field(embed, "\u200b", said + more)


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


def place_text(place: Figure | None, status: str | None = None, *, words: Words) -> str:
    """1st, 2nd... in `words`, with its provenance mark; a status (WD, FNR) as stored."""
    if status:
        return status
    if place is None:
        return "—"
    return words("ordinal", n=int(place.value)) + mark(place)


def signed(value: float | None) -> str:
    return "" if value is None else f" ({value:+.2f})"


def provenance_footer(figures: Iterable[Figure], words: Words, *, suffix: str = "") -> str:
    marks = {mark(f) for f in figures}
    parts = [words("results-marks-legend")]
    if SINGLE_SOURCE_MARK in marks:
        parts.append(words("results-mark-single-source", mark=SINGLE_SOURCE_MARK))
    if DERIVED_MARK in marks:
        parts.append(words("results-mark-derived", mark=DERIVED_MARK))
    parts.append(words("results-mark-unknown"))
    return " · ".join(parts) + (f" · {suffix}" if suffix else "")


def points(figure: Figure | None, words: Words) -> str:
    """A team's points: "12 pts"."""
    return words("results-points", points=score(figure))


class PerAnswer(Generic[_Answer, _Built]):
    """What is built from a service's answer, kept as long as the answer lives, once per language it was read in.
    The services hand out the same answer object (a Standings, a profile, /bests' rankings) until the store
    changes; embeds are never mutated after they are built."""

    def __init__(self, build: Callable[[_Answer, Words], _Built]) -> None:
        self._build = build
        self._built: WeakKeyDictionary[_Answer, dict[str, _Built]] = WeakKeyDictionary()

    def __call__(self, answer: _Answer, words: Words) -> _Built:
        built = self._built.setdefault(answer, {})
        found = built.get(words.locale)
        if found is None:
            found = built[words.locale] = self._build(answer, words)
        return found


# --- /results -------------------------------------------------------------------------------------------
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


def _name(entry: Entry, words: Words) -> str:
    return discord.utils.escape_markdown(words.name(entry.name))


def _escape(text: str) -> str:
    return discord.utils.escape_markdown(text)


def _final_line(entry: Entry, segments: Sequence[Segment], words: Words) -> str:
    parts = []
    for segment in segments:
        result = entry.segments.get(segment.id)
        if result and (result.tss or result.rank):
            rank = f" ({result.rank.value}{mark(result.rank)})" if result.rank else ""
            parts.append(f"{segment_abbreviation(segment)} {score(result.tss)}{rank}")
    place = place_text(entry.place, entry.status, words=words)
    line = f"**{place}** {flag(entry.country)} **{_name(entry, words)}** {entry.country} — **{score(entry.total)}**"
    line += "\n\u2003" + " · ".join(parts) if parts else ""
    # a figure the sources disagree on is never shown as a value: its candidates, as the note names them
    for note in disputed_notes(entry):
        line += "\n\u2003" + words("results-disputed", text=_escape(str(note.value)[len(DISPUTED_PREFIX) :]))
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
    line = f"**{rank}** {flag(entry.country)} **{_name(entry, words)}** {entry.country} — **{score(result.tss)}**"
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


def _other_spellings(skater: Skater) -> list[str]:
    """A skater's other spellings as shown: one per spelling whatever its case. "Kaori SAKAMOTO", as ISU results
    print her, is kept to find her (and tells her family name) but is not another name; of "Aljona SAVCHENKO" and
    "Aljona Savchenko", the one in ordinary case is shown."""
    seen = {skater.name.casefold()}
    shown = []
    for alias in sorted(skater.aliases, key=lambda a: any(len(w) > 1 and w.isupper() for w in a.split())):
        if alias.casefold() not in seen:
            seen.add(alias.casefold())
            shown.append(alias)
    return shown


def _titled(name: str, words: Words) -> str:
    """A skater's name as a title: as the reader's language writes it, with the store's spelling beside it
    when they differ ("坂本花織 (Kaori Sakamoto)"), so that the name typed elsewhere is never lost."""
    local = words.name(name)
    return name if local == name else f"{local} ({name})"


# --- /athlete -------------------------------------------------------------------------------------------
def _profile_embed(profile: AthleteProfile, words: Words) -> discord.Embed:
    athlete = profile.athlete
    details = [f"{flag(athlete.country)} {athlete.country}"]
    if profile.disciplines:
        details.append(words("athlete-disciplines", disciplines=[discipline_text(d) for d in profile.disciplines]))
    if athlete.is_couple:
        each = " · ".join(_escape(words.name(s.name)) for s in athlete.skaters)
        details.append(words("athlete-couple-partners", names=each))
    elif profile.partners:
        details.append(words("athlete-partners", names=[_escape(words.name(p.name)) for p in profile.partners]))
    for skater in athlete.skaters:
        spellings = _other_spellings(skater)
        if spellings:
            also = tuple(_escape(a) for a in spellings[:6])
            details.append(
                words("athlete-also-written-by", name=_escape(words.name(skater.name)), spellings=also)
                if athlete.is_couple
                else words("athlete-also-written", spellings=also)
            )
    embed = new_embed(_titled(athlete.name, words), "\n".join(details))
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
        _grouped_fields(embed, seasons, words, more_key="athlete-results-more")
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


def _grouped_fields(
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


# --- /podiums, /medals ------------------------------------------------------------------------------------
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


# --- /compare -------------------------------------------------------------------------------------------
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
    names = {"a": _escape(a_name), "b": _escape(b_name)}
    if h2h.partners_in and not h2h.meetings:
        events = tuple(
            _escape(f"{r.competition.label} ({words(event_name_text(r.event))})") for r in h2h.partners_in[:5]
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
                    a=f"{flag(a.country)} **{_escape(a_name)}**",
                    b=f"**{_escape(b_name)}** {flag(b.country)}",
                    a_wins=tally.a_wins,
                    b_wins=tally.b_wins,
                    events=tally.meetings,
                )
            )
    else:
        a_wins, b_wins = h2h.score
        lines.append(
            f"{flag(a.country)} **{_escape(a_name)}** {a_wins} – {b_wins} **{_escape(b_name)}** {flag(b.country)}"
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
    _grouped_fields(embed, fields, words, more_key="compare-meetings-more")
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


# --- /about ---------------------------------------------------------------------------------------------
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
profile_embed: PerAnswer[AthleteProfile, discord.Embed] = PerAnswer(_profile_embed)
