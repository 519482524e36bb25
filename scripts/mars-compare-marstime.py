#!/usr/bin/env python3
"""Side-by-side comparison of `timedeck mars` with PyPI `marstime` in one run.

    pip install marstime numpy
    swift build -c release
    python3 scripts/mars-compare-marstime.py [path/to/timedeck]

Part 1 prints both engines' values at a few instants (worked example A, the
Spirit-era example B, Perseverance's landing, 2023-11-14) and their differences.
`marstime` 0.5.6 implements an older Mars24 (M = 19.3870 + 0.52402075 t,
alpha_FMS = 270.3863 + 0.52403840 t, sol 1.027491252 d, MSD offset 0.00096)
and its leap-second table stops at 35 s (2012), so both are given the same
TT - UTC and differences of ~0.002 deg in Ls are expected.

Part 2 times a year at one-minute steps (527,041 instants): timedeck's table
mode as a process (CSV to /dev/null) against marstime evaluating the same
instants (MSD, MTC, Ls, EOT, LMST, LTST), vectorised with numpy and, for a
sample, scalar.
"""
import json
import subprocess
import sys
import time

import marstime as mt

try:
    import numpy as np
except ImportError:  # marstime falls back to math without numpy
    np = None

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/timedeck"
CASES = [
    ("2000-01-06T00:00:00Z", 947116800, 64.184, 0.0),
    ("2004-01-03T13:46:31Z", 1073137591, 64.184, 175.298),
    ("2021-02-18T20:55:00Z", 1613681700, 69.184, 77.4508),
    ("2023-11-14T22:13:20Z", 1700000000, 69.184, 137.4417),
]


def marstime_values(unix, tt, lon_east):
    jd_tt = mt.julian(unix * 1000.0) + tt / 86400.0
    t = jd_tt - 2451545.0
    west = (-lon_east) % 360.0
    return {
        "solarLongitude": float(mt.Mars_Ls(t)),
        "marsSolDate": float(mt.Mars_Solar_Date(t)),
        "coordinatedMarsTime": float(mt.Coordinated_Mars_Time(t)),
        "equationOfTime": float(mt.equation_of_time(t)),
        "localMeanSolarTime": float(mt.Local_Mean_Solar_Time(west, t)),
        "localTrueSolarTime": float(mt.Local_True_Solar_Time(west, t)),
        "marsYear": int(mt.Mars_Year(t)),
    }


def timedeck_values(iso, lon_east):
    out = subprocess.run([BINARY, "mars", "--at", iso, "--longitude", str(lon_east), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def part1():
    print("Part 1: values (timedeck | marstime | difference)")
    keys = ["solarLongitude", "marsSolDate", "coordinatedMarsTime", "equationOfTime",
            "localMeanSolarTime", "localTrueSolarTime", "marsYear"]
    for iso, unix, tt, lon in CASES:
        ours = timedeck_values(iso, lon)
        assert abs(ours["ttMinusUTC"] - tt) < 1e-9, (iso, ours["ttMinusUTC"])
        theirs = marstime_values(unix, tt, lon)
        print(f"\n{iso}  longitude {lon} E  TT-UTC {tt} s")
        for k in keys:
            a, b = ours[k], theirs[k]
            print(f"  {k:22s} {a:>20.6f} {b:>20.6f} {a - b:>+12.6f}")


def part2():
    print("\nPart 2: a year at 1-minute steps (527,041 instants)")
    start = time.perf_counter()
    subprocess.run([BINARY, "mars", "--from", "2024-01-01T00:00:00Z", "--to", "2025-01-01T00:00:00Z",
                    "--step", "1m", "--csv", "--longitude", "77.4508"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ours = time.perf_counter() - start
    print(f"  timedeck table mode (process, CSV)  {ours:8.3f} s  {527041 / ours / 1e6:6.2f} M rows/s")

    unix0 = 1704067200.0
    if np is not None:
        t = (unix0 + 60.0 * np.arange(527041) - 946728000.0 + 69.184) / 86400.0
        start = time.perf_counter()
        ls = mt.Mars_Ls(t)
        msd = mt.Mars_Solar_Date(t)
        mtc = mt.Coordinated_Mars_Time(t)
        eot = mt.equation_of_time(t)
        lmst = mt.Local_Mean_Solar_Time(282.5492, t)
        ltst = mt.Local_True_Solar_Time(282.5492, t)
        vec = time.perf_counter() - start
        print(f"  marstime, numpy arrays (no output)  {vec:8.3f} s  {527041 / vec / 1e6:6.2f} M rows/s")
    sample = 20000
    start = time.perf_counter()
    for i in range(sample):
        ti = (unix0 + 60.0 * i - 946728000.0 + 69.184) / 86400.0
        mt.Mars_Ls(ti); mt.Mars_Solar_Date(ti); mt.Coordinated_Mars_Time(ti)
        mt.equation_of_time(ti); mt.Local_Mean_Solar_Time(282.5492, ti); mt.Local_True_Solar_Time(282.5492, ti)
    scalar = (time.perf_counter() - start) * 527041 / sample
    print(f"  marstime, scalar loop (extrapolated from {sample})  {scalar:8.3f} s  "
          f"{527041 / scalar / 1e6:6.3f} M rows/s")


if __name__ == "__main__":
    part1()
    part2()
