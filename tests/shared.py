"""The project's shared folder (../shared beside the checkout), for the few tests that cannot run without it.

What the licences allow is copied into the repository (tests/fixtures). What is left here is either third-party
text kept only as a fixture (shared/stories: never copied into the project) or the reference data the bundled
files are converted from (shared/data: checking that they are not stale needs the original). CI always has
../shared; elsewhere such a test fails with this message, it never skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def shared_path(*parts: str) -> Path:
    """`../shared/<parts>`, or the calling test fails saying what is missing and why it is needed."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.fail(
            f"{path} is missing: this test reads the project's shared folder, which must be checked out "
            "beside the project as ../shared (CI has it); tests/shared.py says why it is not in the repository",
            pytrace=False,
        )
    return path
