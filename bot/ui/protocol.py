"""The judges' details of one skate as a monospace table that fits an embed."""

from __future__ import annotations

import discord

from bot.services.results import ProtocolView
from bot.ui.embeds import DESCRIPTION_LIMIT, add_field, new_embed, score, set_footer
from bot.ui.flags import flag

# What the markers in the Info column mean (ISU Communication / Technical Panel Handbook wording, short).
MARKERS = {
    "<<": "downgraded",
    "<": "under-rotated",
    "q": "landed on the quarter",
    "e": "wrong edge",
    "!": "unclear edge",
    "F": "fall",
    "*": "invalid element",
    "REP": "repeated jump (reduced value)",
    "V": "reduced value",
    "x": "bonus: second half of the program",
}


def _number(value: float) -> str:
    return f"{value:.2f}"


def protocol_embed(view: ProtocolView) -> discord.Embed:
    entry, protocol = view.entry, view.protocol
    result = entry.segments.get(view.segment.id)
    rows = [f"{'#':>2} {'Element':<13}{'Info':<5}{'BV':>6}{'GOE':>7}  {'Judges':<{_judges_width(view)}} {'Score':>6}"]
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
    rows.append(f"{'':>2} {'TES':<13}{'':<5}{'':>7}{'':>6}  {'':<{_judges_width(view)}} {_number(float(tes)):>6}")
    table = "```\n" + "\n".join(rows) + "\n```"
    title = f"{flag(entry.country)} {entry.name} · {view.competition.label} · {view.event.name} · {view.segment.name}"
    summary = []
    if result:
        summary.append(
            f"Rank {score(result.rank)} · TSS **{score(result.tss)}** = "
            f"TES {score(result.tes)} + PCS {score(result.pcs)}"
            + (f" − deductions {score(result.deductions)}" if result.deductions and result.deductions.value else "")
        )
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
        width = max(len(c.name) for c in protocol.components)
        lines = [f"{c.name:<{width}} ×{c.factor:.2f}  {c.score:>5.2f}" for c in protocol.components]
        add_field(embed, "Program components", "```\n" + "\n".join(lines) + "\n```")
    if protocol.deductions:
        add_field(embed, "Deductions", "\n".join(f"{reason}: −{points:.2f}" for reason, points in protocol.deductions))
    if used:
        add_field(embed, "Legend", " · ".join(f"`{marker}` {MARKERS[marker]}" for marker in MARKERS if marker in used))
    judges = f"Judges: {', '.join(protocol.judges)}" if protocol.judges else ""
    return set_footer(embed, "Official ISU judges' details" + (f" · {judges}" if judges else ""))


def _judges_width(view: ProtocolView) -> int:
    marks = max((len(e.judges) for e in view.protocol.elements), default=0)
    return max(6, marks * 3 - 1)
