#!/usr/bin/env python3
"""The longest gap between clock redraws while another process holds the
database's write lock (issue 11 item 4: storage off the key and draw path).

Runs the dashboard in a pseudo-terminal with its own TIMEDECK_HOME, takes
`BEGIN EXCLUSIVE` on its database from this (separate) process for
--lock-seconds, presses Space --presses times during the lock, and records
when output reaches the terminal. A chunk arriving within --window seconds
after a UTC second boundary is that second's clock redraw (the loop wakes
0-1 ms after the boundary); the report gives the longest gap between
consecutive clock redraws during the lock (goal: <= 1.1 s), and how many of
the marks pressed are in the store afterwards (`timedeck marks list --json`).

    scripts/lock-gap.py --binary .build/release/timedeck
"""
import argparse
import fcntl
import json
import os
import pty
import select
import sqlite3
import struct
import subprocess
import tempfile
import termios
import time


def set_size(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def pump(fd, until, chunks):
    """Reads the terminal until `until` (time.time()), stamping each chunk."""
    while True:
        left = until - time.time()
        if left <= 0:
            return
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append((time.time(), len(data)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=".build/debug/timedeck")
    ap.add_argument("--lock-seconds", type=float, default=8)
    ap.add_argument("--presses", type=int, default=3)
    ap.add_argument("--window", type=float, default=0.1, help="seconds after a boundary that count as its redraw")
    ap.add_argument("--rows", type=int, default=30)
    ap.add_argument("--cols", type=int, default=100)
    args = ap.parse_args()

    binary = os.path.abspath(args.binary)
    home = tempfile.mkdtemp(prefix="timedeck-lock-gap-")
    config = os.path.join(home, "config.toml")
    with open(config, "w") as f:
        f.write('[marks]\ngpsd = "off"\n')
    env = dict(os.environ, TIMEDECK_HOME=home, TIMEDECK_CONFIG=config, TERM="xterm-256color", TZ="UTC")

    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary], env)
    set_size(fd, args.rows, args.cols)
    chunks = []
    pump(fd, time.time() + 3, chunks)  # start-up: the database now exists

    db = os.path.join(home, "timedeck.sqlite")
    locker = sqlite3.connect(db, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    locked_at = time.time()
    press_times = [locked_at + 1 + i * (args.lock_seconds - 2) / max(1, args.presses) for i in range(args.presses)]
    for at in press_times:
        pump(fd, at, chunks)
        os.write(fd, b" ")
    pump(fd, locked_at + args.lock_seconds, chunks)
    locker.execute("COMMIT")
    locker.close()
    released_at = time.time()
    pump(fd, released_at + 3, chunks)
    os.write(fd, b"q")
    pump(fd, time.time() + 2, chunks)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass

    # The first chunk in each second's window is that second's redraw.
    redraws = {}
    for at, _ in chunks:
        if locked_at <= at <= released_at and at - int(at) < args.window:
            redraws.setdefault(int(at), at)
    instants = sorted(redraws.values())
    # Gaps measured from the lock's start to its end, through every redraw.
    edges = [locked_at] + instants + [released_at]
    gaps = [b - a for a, b in zip(edges, edges[1:])]
    longest = max(gaps) if gaps else float("inf")

    listed = subprocess.run([binary, "marks", "list", "--json"], env=env, capture_output=True, text=True)
    stored = len(json.loads(listed.stdout)) if listed.returncode == 0 else -1

    print(f"lock held {released_at - locked_at:.2f} s; {args.presses} Space presses during it")
    print(f"clock redraws seen during the lock: {len(instants)} (one per second expected: {int(released_at) - int(locked_at)})")
    print(f"longest gap between clock redraws while locked: {longest:.3f} s (goal <= 1.1 s)")
    print(f"marks in the store after the lock: {stored} of {args.presses}")


if __name__ == "__main__":
    main()
