"""A language added the way a translator adds one: a folder of catalogues beside the shipped ones."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.i18n import LOCALES_ROOT, Catalogue


def catalogue_with(tmp_path: Path, locale: str, messages: str) -> Catalogue:
    """The shipped catalogues plus `locale`, whose one file holds `messages` (Fluent); what it lacks falls back
    to the default language."""
    root = tmp_path / "locales"
    shutil.copytree(LOCALES_ROOT, root)
    (root / locale).mkdir(exist_ok=True)
    (root / locale / "test.ftl").write_text(messages, encoding="utf-8")
    return Catalogue(root)
