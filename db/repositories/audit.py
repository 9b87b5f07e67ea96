"""The audit trail's one writer: every change a person or the bot makes is recorded through write_audit, in the
change's own transaction.
"""

from __future__ import annotations

import json

from db.database import Transaction
from db.models import AuditRecord


async def write_audit(tx: Transaction, story_id: int | None, record: AuditRecord) -> None:
    await tx.write(
        "INSERT INTO audit_log (story_id, guild_id, actor_id, action, at, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            story_id,
            record.guild_id,
            record.actor_id,
            record.action,
            record.at,
            json.dumps(record.before, ensure_ascii=False) if record.before is not None else None,
            json.dumps(record.after, ensure_ascii=False) if record.after is not None else None,
        ),
    )
