"""Time the event loop's thread spent waiting for a CPU (Linux's run-queue delay, /proc/self/task/<tid>/schedstat).

Discord gives a bot 3 s to answer an interaction, and the sandbox holds the bot to it. On a busy machine (the
suite's workers, other programs) the bot and the stand-in, one process, can wait seconds for a core while doing
nothing slow: a deadline on the wall clock would then fail a bot that does no wrong, and the tests with it. The
deadline is measured on the wall clock less the time the process was ready to run but had no CPU, which is what
the same work takes on a free machine. A bot that waits for something slow (the network, a lock, a sleep) is not
waiting for a CPU, and still misses the deadline. Where the kernel does not report it (not Linux) nothing is taken
off: the plain wall clock.
"""

from __future__ import annotations

import threading
from pathlib import Path

TASKS = Path("/proc/self/task")

Snapshot = dict[str, int]


def snapshot() -> Snapshot:
    """Nanoseconds the calling thread (the event loop's: the bot and the stand-in run on it) has waited on a run
    queue so far, keyed by its id (empty where unknown). Only that thread counts: the waits of several threads
    overlap, and their sum can outgrow the wall clock, so that a deadline would never pass on a busy machine."""
    thread = str(threading.get_native_id())
    try:
        fields = (TASKS / thread / "schedstat").read_text().split()
    except OSError:
        return {}
    return {thread: int(fields[1])} if len(fields) >= 2 else {}


def waited_since(before: Snapshot) -> float:
    """Seconds the calling thread waited for a CPU since `before` (taken on the same thread; another's: nothing)."""
    now = snapshot()
    return sum(max(0, waited - before[thread]) for thread, waited in now.items() if thread in before) / 1e9
