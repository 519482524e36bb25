#!/usr/bin/env python3
"""Start to first frame of two or more builds, interleaved run by run.

    scripts/first-frame-ab.py BUILD_A BUILD_B [...] [--rounds 40]

Each round starts every build once (the order reversed every other round),
then tty-clock -s -c, each in a fresh pty, and times exec to the first
" quit" drawn (tty-clock: its first escape sequence), as limit.py's frame
row does. Prints each build's median and quartiles and its ratio to
tty-clock's median. Interleaving keeps a machine whose speed drifts from
favouring whichever build ran first. Needs TIMEDECK_RESOURCES when the
builds are not installed.
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import scale  # noqa: E402

spec = importlib.util.spec_from_file_location("limit", os.path.join(HERE, "limit.py"))
limit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(limit)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("builds", nargs="+")
    p.add_argument("--rounds", type=int, default=40)
    a = p.parse_args()
    builds = [os.path.abspath(b) for b in a.builds]
    home = scale.scratch()
    env = scale.env_for(home)
    # The same store limit.py measures with: one saved call.
    subprocess.run([builds[0], "calls", "add", "Standup", "--at", "+1d", "London", "Tokyo"], env=env, check=True,
                   capture_output=True)
    times = {b: [] for b in builds}
    reference = []
    for i in range(a.rounds):
        for b in (builds if i % 2 == 0 else list(reversed(builds))):
            times[b].append(limit.first_frame_ms([b], env, b" quit"))
        reference.append(limit.first_frame_ms(["tty-clock", "-s", "-c"], env, b"\x1b["))
    r = statistics.median(reference)
    print(f"tty-clock: median {r:.1f} ms over {a.rounds} rounds")
    for b in builds:
        m = statistics.median(times[b])
        q = statistics.quantiles(times[b], n=4)
        print(f"{b}: median {m:.1f} ms, quartiles {q[0]:.1f}–{q[2]:.1f} ms, {m / r:.2f}× tty-clock")


if __name__ == "__main__":
    main()
