#!/usr/bin/env python3
"""Run a full-screen program in a pseudo-terminal and measure what it costs.

Reports, for the run: bytes the program wrote to the terminal, CPU time
(user+system from /proc/PID/stat), peak RSS, the time to the first output
and, for clock programs, when in each second the output chunks arrive (how
far after the true UTC second boundary the display flips).

    scripts/pty-harness.py --seconds 60 -- .build/release/timedeck
    scripts/pty-harness.py --seconds 60 -- tty-clock -s -c

Several commands can be compared in one run with --compare "CMD" ...
"""
import argparse
import fcntl
import os
import pty
import select
import shlex
import signal
import statistics
import struct
import sys
import termios
import time


def set_size(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def measure(argv, seconds, rows, cols, term):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = term
        os.execvp(argv[0], argv)
    set_size(fd, rows, cols)
    os.kill(pid, signal.SIGWINCH)
    start = time.time()
    first_output = None
    total = 0
    chunk_offsets_ms = []  # position within the UTC second of each output burst
    last_burst = 0.0
    deadline = start + seconds
    cpu = rss = 0
    while True:
        now = time.time()
        if now >= deadline:
            break
        r, _, _ = select.select([fd], [], [], deadline - now)
        if not r:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        t = time.time()
        if not data:
            break
        if first_output is None:
            first_output = t - start
        total += len(data)
        if t - last_burst > 0.5 and t - start > 1.5:
            frac = (t % 1.0) * 1000
            chunk_offsets_ms.append(frac if frac < 500 else frac - 1000)
        last_burst = t
    try:
        cpu = cpu_seconds(pid)
        rss = peak_rss_kib(pid)
    except OSError:
        pass
    os.kill(pid, signal.SIGTERM)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)
    return {
        "command": " ".join(argv),
        "seconds": seconds,
        "bytes": total,
        "bytes_per_second": total / seconds,
        "cpu_seconds": cpu,
        "cpu_percent": 100 * cpu / seconds,
        "peak_rss_mib": rss / 1024,
        "first_output_ms": (first_output or 0) * 1000,
        "flip_offset_ms_median": statistics.median(chunk_offsets_ms) if chunk_offsets_ms else None,
        "flip_offset_ms_max": max(chunk_offsets_ms) if chunk_offsets_ms else None,
        "flip_offset_ms_min": min(chunk_offsets_ms) if chunk_offsets_ms else None,
        "bursts": len(chunk_offsets_ms),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--rows", type=int, default=30)
    p.add_argument("--cols", type=int, default=100)
    p.add_argument("--term", default="xterm-256color")
    p.add_argument("--compare", action="append", default=[], help="another command to measure in the same run")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    commands = []
    if a.command:
        commands.append(a.command[1:] if a.command[0] == "--" else a.command)
    commands += [shlex.split(c) for c in a.compare]
    if not commands:
        p.error("give a command after --")
    print(f"{'command':40} {'bytes/s':>9} {'CPU %':>7} {'RSS MiB':>8} {'flip ms (min/med/max)':>24}")
    for argv in commands:
        r = measure(argv, a.seconds, a.rows, a.cols, a.term)
        flip = "-" if r["flip_offset_ms_median"] is None else \
            f"{r['flip_offset_ms_min']:.1f}/{r['flip_offset_ms_median']:.1f}/{r['flip_offset_ms_max']:.1f}"
        print(f"{r['command'][:40]:40} {r['bytes_per_second']:9.1f} {r['cpu_percent']:7.3f} "
              f"{r['peak_rss_mib']:8.1f} {flip:>24}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
