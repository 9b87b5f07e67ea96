"""The judges' details of one skate as a monospace table that fits an embed."""

from __future__ import annotations

import re

import discord

from bot.discord_layer.ui.embeds import DESCRIPTION_LIMIT, add_field, new_embed, score, set_footer
from bot.discord_layer.ui.flags import flag
from bot.i18n import Words
from bot.services.results import ProtocolView
from bot.services.results.vocabulary import event_name_text, segment_name_text
from bot.text import display_width, pad

# The markers of the Info column, with the catalogue message that says what each means (ISU Communication /
# Technical Panel Handbook wording, short).
MARKERS = {
    "<<": "protocol-marker-downgraded",
    "<": "protocol-marker-under-rotated",
    "q": "protocol-marker-quarter",
    "e": "protocol-marker-wrong-edge",
    "!": "protocol-marker-unclear-edge",
    "F": "protocol-marker-fall",
    "*": "protocol-marker-invalid",
    "REP": "protocol-marker-repeated",
    "V": "protocol-marker-reduced",
    "x": "protocol-marker-bonus",
}
COLUMNS = ("element", "info", "base-value", "goe", "judges", "score", "tes")


def _number(value: float) -> str:
    return f"{value:.2f}"


def protocol_embed(view: ProtocolView, words: Words) -> discord.Embed:
    """The judges' details of one skate, in `words`."""
    entry, protocol = view.entry, view.protocol
    result = entry.segments.get(view.segment.id)
    head = dict(zip(COLUMNS, (words(f"protocol-column-{c}") for c in COLUMNS), strict=True))
    rows = [
        f"{'#':>2} {pad(head['element'], 13)}{pad(head['info'], 5)}{pad(head['base-value'], 6, '>')}"
        f"{pad(head['goe'], 7, '>')}  {pad(head['judges'], _judges_width(view))} {pad(head['score'], 6, '>')}"
    ]
    used: set[str] = set()
    for element in protocol.elements:
        info = element.info
        used |= {marker for marker in MARKERS if marker in info.split() or (len(marker) == 1 and marker in info)}
        if element.bonus:
            used.add("x")
        base = _number(element.base_value) + ("x" if element.bonus else " ")
        judges = " ".join(f"{mark:>2}" for mark in element.judges)
        rows.append(
            f"{element.number:>2} {element.code[:13]:<13}{info[:5]:<5}{base:>7}{element.goe:>+6.2f}  "
            f"{judges:<{_judges_width(view)}} {_number(element.panel_score):>6}"
        )
    tes = result.tes.value if result and result.tes else sum(e.panel_score for e in protocol.elements)
    rows.append(
        f"{'':>2} {pad(head['tes'], 13)}{'':<5}{'':>7}{'':>6}  {'':<{_judges_width(view)}} {_number(float(tes)):>6}"
    )
    table = "```\n" + "\n".join(rows) + "\n```"
    where = (
        f"{view.competition.label} · {words(event_name_text(view.event))} · {words(segment_name_text(view.segment))}"
    )
    title = f"{flag(entry.country)} {words.name(entry.name)} · {where}"
    summary = []
    if result:
        scores = {
            "rank": score(result.rank),
            "tss": score(result.tss),
            "tes": score(result.tes),
            "pcs": score(result.pcs),
        }
        if result.deductions and result.deductions.value:
            summary.append(words("protocol-summary-deductions", **scores, deductions=score(result.deductions)))
        else:
            summary.append(words("protocol-summary", **scores))
    description = "\n".join(summary) + "\n" + table
    if len(description) > DESCRIPTION_LIMIT:  # very long programs: drop the judges' columns, keep the rest
        description = (
            "\n".join(summary)
            + "\n```\n"
            + "\n".join(
                f"{e.number:>2} {e.code[:13]:<13}{e.info[:5]:<5}{_number(e.base_value):>6}{e.goe:>+6.2f} "
                f"{_number(e.panel_score):>6}"
                for e in protocol.elements
            )
            + "\n```"
        )
    embed = new_embed(title, description)
    if protocol.components:
        named = [
            (words("protocol-component", kind=_component_kind(c.name), stored=c.name), c) for c in protocol.components
        ]
        width = max(display_width(name) for name, _ in named)
        lines = [f"{pad(name, width)} ×{c.factor:.2f}  {c.score:>5.2f}" for name, c in named]
        add_field(embed, words("protocol-components"), "```\n" + "\n".join(lines) + "\n```")
    if protocol.deductions:
        add_field(
            embed,
            words("protocol-deductions"),
            "\n".join(f"{reason}: −{points:.2f}" for reason, points in protocol.deductions),
        )
    if used:
        legend = " · ".join(f"`{marker}` {words(MARKERS[marker])}" for marker in MARKERS if marker in used)
        add_field(embed, words("protocol-legend"), legend)
    if protocol.judges:
        return set_footer(embed, words("protocol-footer-judges", judges=list(protocol.judges)))
    return set_footer(embed, words("protocol-footer"))


# The program components by the names protocols print, older and newer ("Interpretation of the Music/Timing"
# before 2018, "Presentation" since 2022), for the languages that name them in their own words.
COMPONENT_KINDS = {
    "skating skills": "skating-skills",
    "transitions": "transitions",
    "linking footwork/movement": "transitions",
    "performance": "performance",
    "performance/execution": "performance",
    "composition": "composition",
    "choreography/composition": "composition",
    "interpretation of the music": "interpretation",
    "interpretation of the music/timing": "interpretation",
    "interpretation": "interpretation",
    "presentation": "presentation",
}


def _component_kind(name: str) -> str:
    return COMPONENT_KINDS.get(re.sub(r"\s*/\s*", "/", " ".join(name.lower().split())), "other")


def _judges_width(view: ProtocolView) -> int:
    marks = max((len(e.judges) for e in view.protocol.elements), default=0)
    return max(6, marks * 3 - 1)
