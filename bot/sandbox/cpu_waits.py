"""Time this process's threads spent waiting for a CPU (Linux's run-queue delay, /proc/self/task/*/schedstat).

Discord gives a bot 3 s to answer an interaction, and the sandbox holds the bot to it. On a busy machine (the
suite's workers, other programs) the bot and the stand-in, one process, can wait seconds for a core while doing
nothing slow: a deadline on the wall clock would then fail a bot that does no wrong, and the tests with it. The
deadline is measured on the wall clock less the time the process was ready to run but had no CPU, which is what
the same work takes on a free machine. A bot that waits for something slow (the network, a lock, a sleep) is not
waiting for a CPU, and still misses the deadline. Where the kernel does not report it (not Linux) nothing is taken
off: the plain wall clock.
"""

from __future__ import annotations

import os
from pathlib import Path

TASKS = Path("/proc/self/task")

Snapshot = dict[str, int]


def snapshot() -> Snapshot:
    """Nanoseconds each live thread of this process has waited on a run queue so far (empty where unknown)."""
    waits: Snapshot = {}
    try:
        threads = os.listdir(TASKS)
    except OSError:
        return waits
    for thread in threads:
        try:
            fields = (TASKS / thread / "schedstat").read_text().split()
        except OSError:  # the thread ended meanwhile
            continue
        if len(fields) >= 2:
            waits[thread] = int(fields[1])
    return waits


def waited_since(before: Snapshot) -> float:
    """Seconds the process's threads waited for a CPU since `before` (threads started since count from zero; a
    thread that ended since is left out, which can only make the deadline stricter)."""
    now = snapshot()
    return sum(max(0, waited - before.get(thread, 0)) for thread, waited in now.items()) / 1e9
