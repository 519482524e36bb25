#!/usr/bin/env python3
"""Key-to-timestamp latency of a sighting mark, through a real pty.

Runs the dashboard in a pseudo-terminal with a scratch database, then N
times: reads CLOCK_REALTIME, writes one space byte to the pty, waits for the
screen to acknowledge the mark, and reads the stored instant back from the
database. Reports, in microseconds:

  key→timestamp  stored unixNanoseconds − the instant before write()
                 (pty transfer + poll wake-up + wget_wch; the goal is < 1 ms p99)
  key→screen     the first output read after the row is stored − the instant
                 before write() (an upper bound on the acknowledgement)
                 (timestamp + SQLite commit with fsync + render + draw)

    scripts/mark-latency.py --count 500 -- .build/release/timedeck
    scripts/mark-latency.py --count 500 --reference -- .build/release/timedeck

--reference also runs scripts/tty-stamp.c (built with cc), a minimal tty
reader that stamps each space the moment poll(2) returns, through the same
pty and harness, alternating with timedeck in blocks of 50 keys so both see
the same machine: the physical limit to compare key→timestamp with.
"""
import argparse
import os
import re
import subprocess
import pty
import random
import signal
import sqlite3
import statistics
import tempfile
import time

from ptyutil import drain, percentile


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--verbose", action="store_true", help="list the slow samples")
    parser.add_argument("--reference", action="store_true", help="also measure the minimal C tty reader")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    if args.reference:
        return compare(args)

    stamp_us, screen_us, phase_ms = timedeck_block(args.command, args.count, details=True)
    print(f"{args.count} marks through a pty, command: {' '.join(args.command)}")
    for name, values in (("key→timestamp", stamp_us), ("key→screen", screen_us)):
        print(f"{name:14s} p50 {statistics.median(values):8.1f} µs   p99 {percentile(values, 99):8.1f} µs   "
              f"max {max(values):8.1f} µs   min {min(values):8.1f} µs")
    # Every idle dashboard on a machine ticks at the same instant (the
    # UTC second); keys that land in the first 50 ms after it compete
    # with all of them for the CPU. Shown apart, so the cause is visible.
    calm = [us for us, ph in zip(stamp_us, phase_ms) if ph >= 50]
    busy = [us for us, ph in zip(stamp_us, phase_ms) if ph < 50]
    for name, values in (("  ≥50 ms after a second", calm), ("  <50 ms after a second", busy)):
        if values:
            print(f"{name:24s} n={len(values):5d}  p50 {statistics.median(values):8.1f} µs   "
                  f"p99 {percentile(values, 99):8.1f} µs   max {max(values):8.1f} µs")
    if args.verbose:
        slow = [(round(us), round(ph, 1)) for us, ph in zip(stamp_us, phase_ms) if us > 500]
        print("samples over 500 µs (µs, ms after the UTC second):", slow)


def reference_block(count):
    """key→timestamp (µs) of `count` spaces through the minimal C reader."""
    binary = os.path.join(tempfile.mkdtemp(prefix="tty-stamp-"), "tty-stamp")
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tty-stamp.c")],
                   check=True)
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary])
    out = []
    try:
        drain(fd, "ready", timeout=5)
        for _ in range(count):
            time.sleep(0.02 + random.random() * 0.01)
            t0 = time.time_ns()
            os.write(fd, b" ")
            _, seen = drain(fd, "\n", timeout=2)
            m = re.search(rb"stamp (\d+)", seen)
            if m:
                out.append((int(m.group(1)) - t0) / 1000)
        os.write(fd, b"q")
    finally:
        os.waitpid(pid, 0)
    return out


def timedeck_block(command, count, details=False):
    """key→timestamp (µs) of `count` marks through the dashboard; with
    `details`, also key→screen (µs) and each key's phase in its UTC second
    (ms)."""
    home = tempfile.mkdtemp(prefix="timedeck-latency-")
    config = os.path.join(home, "config.toml")
    with open(config, "w") as f:
        f.write('[marks]\ngpsd = "off"\nbell = false\n')
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", TIMEDECK_HOME=home, TIMEDECK_CONFIG=config)
        os.execvp(command[0], command)
    stamp_us, screen_us, phase_ms = [], [], []
    try:
        _, screen = drain(fd, "Marks", timeout=15)
        if b"Marks" not in screen:
            raise SystemExit("the dashboard did not start: " + screen.decode(errors="replace")[-400:])
        # Opening the dashboard writes nothing: the store appears with the
        # first mark, so it is opened once it exists.
        path, db = os.path.join(home, "timedeck.sqlite"), None
        for i in range(count):
            time.sleep(0.02 + random.random() * 0.01)
            drain(fd, None, timeout=0)  # discard clock ticks
            t0 = time.time_ns()
            os.write(fd, b" ")
            # The frame after the commit is the acknowledgement: the first
            # output chunk read once the row is in the database. (The screen
            # is sent as a diff, so the row's text cannot be matched.)
            seen_at, row, deadline = None, None, time.time() + 5
            while row is None or row[0] != i + 1:
                if time.time() > deadline:
                    raise SystemExit(f"mark {i + 1} not stored (got {row})")
                seen_at, _ = drain(fd, None, timeout=1)
                if db is None:
                    if not os.path.exists(path):
                        continue
                    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
                row = db.execute("SELECT id, unixNanoseconds FROM sightingMark ORDER BY id DESC LIMIT 1").fetchone()
            stamp_us.append((row[1] - t0) / 1000)
            phase_ms.append((t0 % 1_000_000_000) / 1e6)
            if seen_at is not None:
                screen_us.append((seen_at - t0) / 1000)
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    return (stamp_us, screen_us, phase_ms) if details else stamp_us


def compare(args):
    ours, ref = [], []
    blocks = max(1, args.count // 50)
    for _ in range(blocks):
        ours += timedeck_block(args.command, 50)
        ref += reference_block(50)
    print(f"key→timestamp through a pty, {len(ours)} keys each, alternating blocks of 50")
    for name, values in (("timedeck", ours), ("C tty reader", ref)):
        print(f"{name:14s} p50 {statistics.median(values):8.1f} µs   p90 {percentile(values, 90):8.1f} µs   "
              f"p99 {percentile(values, 99):8.1f} µs")
    print(f"ratio of p50s: {statistics.median(ours) / statistics.median(ref):.2f}×")


if __name__ == "__main__":
    main()
