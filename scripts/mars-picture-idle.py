#!/usr/bin/env python3
"""Idle CPU of the dashboard with the Mars panel's picture closed and open (issue 33).

    scripts/mars-picture-idle.py [--binary .build/release/timedeck] [--seconds 60] [--rounds 1]

Starts the dashboard in tmux at 80x24 with `[mars] site = "jezero"`, focuses
the Mars panel (Tab), opens no picture, the sunclock (p), the orbit plot
(p p) or the solar path (p p p), lets it settle 8 s and sums the CPU time of
every thread from /proc/PID/task/*/schedstat over --seconds. Prints one line
per case, in ms of CPU per second, then tty-clock -s -c measured the same
way; the runs are one after the other, never at once. With --rounds N the
whole sequence runs N times and the medians and their ratios to tty-clock's
median are printed at the end (the machine is noisy: one 30 s run of the
same build varies by about 10 %).
"""
import argparse
import glob
import statistics
import os
import subprocess
import tempfile
import time

CASES = [("closed", []), ("sunclock", ["p"]), ("orbit", ["p", "p"]), ("path", ["p", "p", "p"])]


def measure(binary, keys, seconds, comm_expected="timedeck"):
    home = tempfile.mkdtemp(prefix="timedeck-mars-idle-")
    with open(os.path.join(home, "config.toml"), "w") as f:
        f.write('[mars]\nsite = "jezero"\n')
    sock = f"marsidle{os.getpid()}-{time.monotonic_ns()}"  # a fresh server per case: the last one may still be going
    tmux = ["tmux", "-L", sock]
    env = f"exec env TIMEDECK_HOME={home} TIMEDECK_CONFIG={home}/config.toml TZ=UTC"
    if comm_expected != "timedeck":
        binary = binary + " -s -c"
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", f"{env} {binary}"], check=True)
    try:
        time.sleep(4)
        for key in (["Tab"] + keys if comm_expected == "timedeck" else []):
            subprocess.run(tmux + ["send-keys", key], check=True)
            time.sleep(0.5)
        pid = subprocess.run(tmux + ["list-panes", "-F", "#{pane_pid}"], capture_output=True, text=True).stdout.split()[0]
        comm = open(f"/proc/{pid}/comm").read().strip()
        if comm != comm_expected:
            raise SystemExit(f"the pane runs {comm}, not timedeck: nothing to measure")

        def cpu_ns():
            return sum(int(open(p).read().split()[0]) for p in glob.glob(f"/proc/{pid}/task/*/schedstat"))

        time.sleep(8)
        screen = subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
        a, t0 = cpu_ns(), time.monotonic()
        time.sleep(seconds)
        b, t1 = cpu_ns(), time.monotonic()
        shown = any(0x2801 <= ord(c) <= 0x28FF for c in screen)
        return (b - a) / 1e6 / (t1 - t0), shown
    finally:
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=".build/release/timedeck")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--rounds", type=int, default=1,
                   help="rounds of every case and the reference, one after the other; "
                        "with more than one, the median of each and its ratio to the reference's median")
    p.add_argument("--reference", default="/usr/bin/tty-clock", help="measured last the same way ('' for none)")
    args = p.parse_args()
    binary = os.path.abspath(args.binary)
    runs = {name: [] for name, _ in CASES}
    runs["tty-clock"] = []
    for _ in range(args.rounds):
        for name, keys in CASES:
            ms, shown = measure(binary, keys, args.seconds)
            runs[name].append(ms)
            print(f"{name:9} {ms:6.3f} ms/s   Braille on screen: {'yes' if shown else 'no'}", flush=True)
        if args.reference:
            ms, _ = measure(args.reference, [], args.seconds, comm_expected=os.path.basename(args.reference))
            runs["tty-clock"].append(ms)
            print(f"{'tty-clock':9} {ms:6.3f} ms/s   (the reference: tty-clock -s -c, same terminal and timing)", flush=True)
    if args.rounds > 1:
        reference = statistics.median(runs["tty-clock"]) if runs["tty-clock"] else None
        print(f"medians of {args.rounds} rounds:")
        for name, values in runs.items():
            if not values:
                continue
            median = statistics.median(values)
            ratio = f"   {median / reference:.2f}× tty-clock" if reference and name != "tty-clock" else ""
            print(f"{name:9} {median:6.3f} ms/s{ratio}   (runs {', '.join(f'{v:.3f}' for v in values)})")


if __name__ == "__main__":
    main()
