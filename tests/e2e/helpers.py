"""What end-to-end tests read off the sandbox's messages."""

from __future__ import annotations

from bot.sandbox.server import InteractionResult


def text_of(result: InteractionResult) -> str:
    """A reply's content and embeds (titles, descriptions, fields, footers) as one text to search."""
    message = result.message
    assert message is not None, result
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)
