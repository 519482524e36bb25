"""Helpers the latency harnesses share (scripts/mark-latency.py,
scripts/team-latency.py): reading a pseudo-terminal until a text shows, and
a percentile without numpy. Imported from the scripts' own folder."""
import os
import select
import time


def drain(fd, until_text=None, timeout=5.0):
    """Reads `fd` until `until_text` appears (or any output if None).

    Returns (CLOCK_REALTIME ns when it appeared, everything read), or
    (None, everything read) when the timeout or end of output came first."""
    deadline = time.time() + timeout
    seen = b""
    while time.time() < deadline:
        r, _, _ = select.select([fd], [], [], max(0, deadline - time.time()))
        if not r:
            break
        data = os.read(fd, 65536)
        if not data:
            break
        at = time.time_ns()
        seen += data
        if until_text is None or until_text.encode() in seen:
            return at, seen
    return None, seen


def percentile(values, p):
    """The nearest-rank `p`th percentile (0–100) of `values`."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]
