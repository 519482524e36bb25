#!/usr/bin/env python3
"""Key-to-screen latency and startup time of a full-screen program in a pty.

    scripts/pty-latency.py startup --runs 30 -- .build/release/timedeck
    scripts/pty-latency.py keys --keys 400 -- .build/release/timedeck

startup: from fork/exec to the first full frame, i.e. until the output holds
  the --ready text (default: the status bar's last label " quit", on the last row
  ncurses draws), over --runs launches; plus peak RSS (VmHWM) after 2 s.
keys: writes a key that changes the screen (--key, default "?", which opens
  and closes the help in turn) and times until the first changed bytes
  arrive ("first byte") and until the burst ends ("last byte": the last read
  before 15 ms of silence). Keys are sent between 150 and 850 ms into a UTC
  second so the once-a-second clock redraw never lands in the window.
Both print p50/p90/p99/max in milliseconds. Compare programs with --compare.
"""
import argparse
import os
import pty
import select
import shlex
import signal
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

harness = import_module("pty-harness")
SCRATCH = __import__("tempfile").mkdtemp(prefix="timedeck-latency-")


def spawn(argv, rows, cols, term):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = term
        # A scratch data and config folder: the user's marks stay untouched.
        os.environ.setdefault("TIMEDECK_HOME", SCRATCH)
        os.environ.setdefault("XDG_CONFIG_HOME", SCRATCH)
        os.execvp(argv[0], argv)
    harness.set_size(fd, rows, cols)
    return pid, fd


def stop(pid, fd):
    """SIGTERM, then SIGKILL if the program has not ended within 3 s (and
    say so: a dashboard that ignores SIGTERM is a finding)."""
    try:
        os.kill(pid, signal.SIGTERM)
        deadline = time.time() + 3
        while time.time() < deadline:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.01)
        else:
            print(f"pid {pid} ignored SIGTERM for 3 s; killed", file=sys.stderr)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    os.close(fd)


def read_until(fd, deadline, predicate=None, quiet=None):
    """Reads until predicate(buffer) holds, or `quiet` seconds pass with no
    output, or the deadline. Returns (buffer, time of first byte, time of last byte)."""
    buf = b""
    first = last = None
    while True:
        now = time.perf_counter()
        if now >= deadline:
            break
        wait = deadline - now
        if quiet is not None and last is not None:
            wait = min(wait, last + quiet - now)
            if wait <= 0:
                break
        r, _, _ = select.select([fd], [], [], wait)
        if not r:
            if quiet is not None and last is not None:
                break
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        t = time.perf_counter()
        first = first or t
        last = t
        buf += data
        if predicate and predicate(buf):
            break
    return buf, first, last


def percentiles(values):
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(round(q * (len(v) - 1))))]
    return {"p50": statistics.median(v), "p90": pick(0.9), "p99": pick(0.99), "max": v[-1], "n": len(v)}


def fmt(p):
    return f"p50 {p['p50']:.2f}  p90 {p['p90']:.2f}  p99 {p['p99']:.2f}  max {p['max']:.2f}  (n={p['n']})"


def startup(argv, a):
    ready = a.ready.encode()
    times, rss = [], []
    for i in range(a.runs):
        t0 = time.perf_counter()
        pid, fd = spawn(argv, a.rows, a.cols, a.term)
        buf, _, last = read_until(fd, t0 + 5, lambda b: ready in b)
        if ready not in buf:
            stop(pid, fd)
            sys.exit(f"{argv[0]}: no {a.ready!r} within 5 s (got {len(buf)} bytes)")
        times.append((last - t0) * 1000)
        if i < 3:  # peak RSS once the program has settled
            read_until(fd, time.perf_counter() + 2)
            rss.append(harness.peak_rss_kib(pid) / 1024)
        stop(pid, fd)
    print(f"startup to first full frame, ms: {fmt(percentiles(times))}")
    print(f"peak RSS after 2 s, MiB: {max(rss):.1f}")


def keys(argv, a):
    pid, fd = spawn(argv, a.rows, a.cols, a.term)
    read_until(fd, time.perf_counter() + 3, lambda b: a.ready.encode() in b)
    read_until(fd, time.perf_counter() + 1.5, quiet=0.2)
    first, last, silent = [], [], 0
    key = a.key.encode()
    for _ in range(a.keys):
        # Wait for a quiet moment in the middle of a UTC second.
        while True:
            frac = time.time() % 1.0
            if 0.15 <= frac <= 0.75:
                break
            read_until(fd, time.perf_counter() + (0.16 - frac if frac < 0.15 else 1.16 - frac))
        t0 = time.perf_counter()
        os.write(fd, key)
        _, f, l = read_until(fd, t0 + 0.5, quiet=0.015)
        if f is None:
            silent += 1
            continue
        first.append((f - t0) * 1000)
        last.append((l - t0) * 1000)
        time.sleep(a.gap)
    stop(pid, fd)
    print(f"key {a.key!r} to first changed byte, ms: {fmt(percentiles(first))}")
    print(f"key {a.key!r} to end of the redraw, ms: {fmt(percentiles(last))}")
    if silent:
        print(f"keys with no output within 500 ms: {silent}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["startup", "keys"])
    p.add_argument("--runs", type=int, default=30)
    p.add_argument("--keys", type=int, default=400)
    p.add_argument("--key", default="?")
    p.add_argument("--gap", type=float, default=0.02, help="pause after each redraw, s")
    p.add_argument("--ready", default=" quit")
    p.add_argument("--rows", type=int, default=30)
    p.add_argument("--cols", type=int, default=100)
    p.add_argument("--term", default="xterm-256color")
    p.add_argument("--compare", action="append", default=[])
    argv = sys.argv[1:]
    command = argv[argv.index("--") + 1:] if "--" in argv else []
    a = p.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    commands = [command] if command else []
    commands += [shlex.split(c) for c in a.compare]
    if not commands:
        p.error("give a command after --")
    for argv in commands:
        print(f"== {' '.join(argv)}")
        (startup if a.mode == "startup" else keys)(argv, a)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
