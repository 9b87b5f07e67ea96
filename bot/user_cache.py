"""skatebot's folder in the user's cache directory: what is costly to make and the same for every process of one
version (the bundled store's template, the sandbox's compiled OpenAPI checks, the parsed message catalogues) is
made once and kept there. Everything kept is named by a digest of what it was made from, so a changed source is
never served from an old copy, and a home that cannot be written only means making it again next time."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def cache_dir() -> Path:
    """skatebot's folder in the user's cache directory, where platformdirs would put it: $XDG_CACHE_HOME (or
    ~/.cache) on Linux and other Unixes, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "skatebot" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "skatebot"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    # The XDG spec: a relative path is invalid and is ignored.
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "skatebot"


def write_atomically(path: Path, data: bytes) -> None:
    """Another process may write the same file at once: each writes its own and renames it into place, so a reader
    sees a whole file or none. A read-only home is no error: the caller makes the data again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        log.debug("could not keep %s in the cache: %s", path, exc)
