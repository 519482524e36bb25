#!/usr/bin/env python3
"""Issue 31's figures, each beside its reference measured in the same run.

    scripts/limit.py                                # release build, everything
    scripts/limit.py --binary /usr/local/bin/timedeck --only cli
    scripts/limit.py --runs 51 --idle-seconds 60 --markdown docs/limit-table.md

Rows (medians of --runs; wall times by hyperfine -N when installed, else
by this script's own clock; the machine is noisy, so every pair runs
interleaved):

  cli      `timedeck now`, `calls next` (one saved call) vs `date`;
           `almanac --at T --json` (every body) vs PyEphem and Skyfield
           (DE421, Sun, Moon and planets) in their own Python processes;
           `fix` with 4 sights vs `date`; peak RSS of `now` and `almanac`
           vs `date`
  frame    dashboard start to its first full frame (pty) vs tty-clock's
           first drawing
  rss      the dashboard's resident set once settled (default config; with
           the weather, a Mars site, a team link on a private PostgreSQL and
           10,000 marks) vs tty-clock, split into file-backed and anonymous
  idle     the idle dashboard vs `tty-clock -s -c`: wakeups/s and CPU ms/s
           (scale.py's measure), default config and the loaded one

Needs: hyperfine and tty-clock (apt), ephem, skyfield and de421 (pip) for
their rows; a row whose reference is missing says so and is skipped.
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import json

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

scale = import_module("scale")

AT = "2024-05-27T02:01:35Z"
# The user guide's running fix (PERFORMANCE.md row 18): 4 stars, one fix.
FIX = ["fix", "--json", "--dr", "40 10.0 N, 050 15.0 W", "--course", "250", "--speed", "6", "--eye", "2.5",
       "--ie", "-1.2", "--at", "2024-03-21T06:52:30Z",
       "--sight", "Vega, 52 19.5, 2024-03-21T06:44:07.412Z", "--sight", "Arcturus, 64 32.6, 2024-03-21T06:47:51.088Z",
       "--sight", "Dubhe, 46 05.1, 2024-03-21T06:50:02.730Z", "--sight", "Altair, 24 08.7, 2024-03-21T06:52:30.215Z"]
PYEPHEM = r"""
import ephem, sys
t = ephem.Date('2024/05/27 02:01:35')
names = ['Sun', 'Moon', 'Venus', 'Mars', 'Jupiter', 'Saturn']
bodies = [getattr(ephem, n)() for n in names]
for s in ['Acamar','Achernar','Acrux','Adhara','Aldebaran','Alioth','Alkaid','Alnilam','Alphard','Alphecca',
          'Alpheratz','Altair','Ankaa','Antares','Arcturus','Atria','Avior','Bellatrix','Betelgeuse','Canopus',
          'Capella','Deneb','Denebola','Diphda','Dubhe','Elnath','Eltanin','Enif','Fomalhaut','Gacrux','Hadar',
          'Hamal','Kochab','Markab','Menkar','Menkent','Miaplacidus','Mirfak','Nunki','Peacock','Polaris',
          'Pollux','Procyon','Rasalhague','Regulus','Rigel','Rigil Kentaurus','Sabik','Schedar','Shaula','Sirius',
          'Spica','Suhail','Vega','Zubenelgenubi']:
    try:
        bodies.append(ephem.star(s))
    except KeyError:
        pass
obs = ephem.Observer(); obs.lon = '0'; obs.lat = '0'; obs.date = t; obs.pressure = 0
out = []
for b in bodies:
    b.compute(t)
    out.append((b.name, float(b.g_ra), float(b.g_dec)))
print(len(out))
"""
SKYFIELD = r"""
# DE421 from the de421 PyPI package (no SPK file here), as almanac-oracle.py does.
import de421
from jplephem.ephem import Ephemeris
from skyfield.api import load
from skyfield.constants import AU_KM
from skyfield.vectorlib import VectorFunction
E = Ephemeris(de421)
class S(VectorFunction):
    def __init__(self, name, center, target, scale=1.0):
        self.name, self.center, self.target, self.scale = name, center, target, scale
    def _at(self, t):
        p, v = E.position_and_velocity(self.name, t.whole, t.tdb_fraction)
        return p * self.scale / AU_KM, v * self.scale / AU_KM, None, None
r = float(E.EMRAT)
emb = S("earthmoon", 0, 3)
earth = emb + S("moon", 3, 399, -1.0 / (1.0 + r))
bodies = [S("sun", 0, 10), emb + S("moon", 3, 301, r / (1.0 + r)), S("venus", 0, 2), S("mars", 0, 4),
          S("jupiter", 0, 5), S("saturn", 0, 6)]
ts = load.timescale(builtin=True)
t = ts.utc(2024, 5, 27, 2, 1, 35)
for b in bodies:
    earth.at(t).observe(b).radec('date')
print(len(bodies))
"""


def hyperfine(commands, runs, env):
    """Median seconds of each command (a list of argv), by hyperfine -N (a
    non-zero exit is timed too: a fix that is refused still reduces every sight)."""
    out = tempfile.mktemp(suffix=".json")
    argv = ["hyperfine", "-N", "-i", "--runs", str(runs), "--warmup", "3", "--export-json", out, "--style", "none"]
    argv += [" ".join(shell_quote(a) for a in c) for c in commands]
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        results = json.load(f)["results"]
    os.unlink(out)
    return [statistics.median(r["times"]) for r in results]


def shell_quote(word):
    return "'" + word.replace("'", "'\\''") + "'" if any(c in word for c in " ,'\"") else word


def own_clock(commands, runs, env):
    times = [[] for _ in commands]
    for _ in range(runs):
        for i, c in enumerate(commands):
            t0 = time.perf_counter()
            subprocess.run(c, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[i].append(time.perf_counter() - t0)
    return [statistics.median(t) for t in times]


def wall(commands, runs, env):
    for c in commands:
        p = subprocess.run(c, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.exit(f"{' '.join(c)} exited {p.returncode}: {p.stderr[-400:]}")
    return (hyperfine if shutil.which("hyperfine") else own_clock)(commands, runs, env)


def peak_rss_mib(argv, env, runs=5):
    rss = []
    for _ in range(runs):
        p = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        rss.append(int(p.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(rss)


def memory(pid):
    """(RSS, file-backed, anonymous) in MiB from smaps_rollup."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1]) / 1024
    anon = fields.get("Anonymous", 0)
    return fields.get("Rss", 0), fields.get("Rss", 0) - anon, anon


def settled_memory(argv, env, needle, settle):
    pid, fd = scale.spawn(argv, env)
    ok, buf = scale.read_until(fd, time.perf_counter() + 10, needle)
    if not ok:
        scale.stop(pid, fd)
        sys.exit(f"{argv[0]} drew no {needle!r} within 10 s: {buf[-300:]!r}")
    deadline = time.time() + settle
    while time.time() < deadline:
        scale.read_until(fd, time.perf_counter() + 0.2, b"\0never")
    figures = memory(pid)
    scale.stop(pid, fd)
    return figures


def first_frame_ms(argv, env, needle):
    t0 = time.perf_counter()
    pid, fd = scale.spawn(argv, env)
    ok, buf = scale.read_until(fd, t0 + 10, needle)
    t1 = time.perf_counter()
    scale.stop(pid, fd)
    if not ok:
        sys.exit(f"{argv[0]} drew no {needle!r} within 10 s: {buf[-300:]!r}")
    return (t1 - t0) * 1000


def loaded_home(binary, marks):
    """A scratch home with the weather panel on (scale.py's local forecast
    server), a Mars site, a team link to a private PostgreSQL
    (team-sync-bench.py's Server) and `marks` marks; returns (home, stop)."""
    bench = import_module("team-sync-bench")
    server, url = scale.forecast_server()
    pg = bench.Server()
    pg.start()
    pg.psql("postgres", "CREATE DATABASE timedeck_limit")
    home, _ = scale.build_store(binary, max(marks, 1))
    with open(os.path.join(home, "timedeck", "config.toml"), "w") as f:
        f.write('[marks]\ngpsd = "off"\nbell = false\nposition = "52 30.0 N, 013 24.0 E"\n'
                f'[weather]\nenabled = true\nurl = "{url}"\nposition = "52.5, 13.4"\n'
                f'[mars]\nsite = "Jezero"\n[team]\nurl = "{pg.url("timedeck_limit")}"\nstation = "limit"\n')
    check = subprocess.run([binary, "config", "check"], env=scale.env_for(home), capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(f"the loaded config does not check: {check.stdout}{check.stderr}")

    def stop():
        server.shutdown()
        pg.stop()
        shutil.rmtree(home, ignore_errors=True)
    return home, stop


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=".build/release/timedeck")
    p.add_argument("--only", default="cli,frame,rss,idle")
    p.add_argument("--runs", type=int, default=31)
    p.add_argument("--idle-seconds", type=float, default=30)
    p.add_argument("--idle-settle", type=float, default=35)
    p.add_argument("--markdown", help="also write the table to this file")
    a = p.parse_args()
    binary = os.path.abspath(a.binary)
    only = set(a.only.split(","))
    rows = []

    def row(what, value, unit, ref=None, ref_text="", command=""):
        ratio = f"{value / ref:.2f}×" if ref else "—"
        shown = f"{value:.1f} {unit}" if unit in ("ms", "MiB") else f"{value:.3f} {unit}"
        rows.append((what, shown, ref_text, ratio, command))
        print(f"  {what}: {shown} ({ref_text}) {ratio}", file=sys.stderr)

    home = scale.scratch()
    env = scale.env_for(home)
    subprocess.run([binary, "calls", "add", "Standup", "--at", "+1d", "London", "Tokyo"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if "cli" in only:
        now, nxt, date = wall([[binary, "now"], [binary, "calls", "next"], ["date"]], a.runs, env)
        row("`timedeck now` as a process", now * 1000, "ms", date * 1000, f"`date` {date * 1000:.2f} ms", "now")
        row("`timedeck calls next` as a process", nxt * 1000, "ms", date * 1000, f"`date` {date * 1000:.2f} ms",
            "calls next")
        commands = [[binary, "almanac", "--at", AT, "--json"]]
        have_ephem = subprocess.run([sys.executable, "-c", "import ephem"], capture_output=True).returncode == 0
        have_sky = subprocess.run([sys.executable, "-c", "import skyfield, de421"], capture_output=True).returncode == 0
        if have_ephem:
            commands.append([sys.executable, "-c", PYEPHEM])
        if have_sky:
            commands.append([sys.executable, "-c", SKYFIELD])
        times = wall(commands, a.runs, env)
        alm = times[0]
        ref = times[1] * 1000 if have_ephem else None
        text = f"PyEphem {ref:.1f} ms" if ref else "PyEphem not installed"
        if have_sky:
            text += f"; Skyfield {times[-1] * 1000:.0f} ms"
        row("`almanac --at T --json`, every body", alm * 1000, "ms", ref, text, f"almanac --at {AT} --json")
        fix_argv = [binary, *FIX]
        fixed = subprocess.run(fix_argv, env=env, capture_output=True)
        if fixed.returncode != 0:
            sys.exit(f"the guide's running fix did not fix: {fixed.stderr[-300:]!r}")
        fx, date = wall([fix_argv, ["date"]], a.runs, env)
        row("`fix --json`, 4 sights (the guide's running fix)", fx * 1000, "ms", date * 1000,
            f"`date` {date * 1000:.2f} ms", "fix --json … --sight ×4")
        r_now, r_alm, r_date = (peak_rss_mib([binary, "now"], env), peak_rss_mib(commands[0], env),
                                peak_rss_mib(["date"], env))
        row("CLI peak RSS, `now`", r_now, "MiB", r_date, f"`date` {r_date:.1f} MiB", "/usr/bin/time -f %M")
        row("CLI peak RSS, `almanac --json`", r_alm, "MiB", r_date, f"`date` {r_date:.1f} MiB", "/usr/bin/time -f %M")
    has_clock = shutil.which("tty-clock") is not None
    if "frame" in only:
        ours, ref = [], []
        for _ in range(max(5, a.runs // 3)):
            ours.append(first_frame_ms([binary], env, b" quit"))
            if has_clock:
                ref.append(first_frame_ms(["tty-clock", "-s", "-c"], env, b"\x1b["))
        o, r = statistics.median(ours), (statistics.median(ref) if ref else None)
        row("dashboard start to first frame", o, "ms", r, f"tty-clock {r:.1f} ms" if r else "no tty-clock", "pty")
    if "rss" in only or "idle" in only:
        home_loaded, stop_loaded = loaded_home(binary, 10_000)
        loaded_env = scale.env_for(home_loaded)
    if "rss" in only:
        # Settled: 8 s, past the release of start-only pages (StartupPages, 5 s).
        ref = settled_memory(["tty-clock", "-s", "-c"], env, b"\x1b[", 3)[0] if has_clock else None
        rss, file_backed, anon = settled_memory([binary], env, b" quit", 8)
        row("dashboard RSS, default config", rss, "MiB", ref,
            f"tty-clock {ref:.1f} MiB; ours {file_backed:.1f} file + {anon:.1f} anon" if ref else "", "smaps_rollup")
        rss, file_backed, anon = settled_memory([binary], loaded_env, b" quit", 8)
        row("dashboard RSS, weather + Mars site + team link + 10k marks", rss, "MiB", ref,
            f"tty-clock {ref:.1f} MiB; ours {file_backed:.1f} file + {anon:.1f} anon" if ref else "", "smaps_rollup")
    if "idle" in only:
        ref = scale.idle(["tty-clock", "-s", "-c"], env, a.idle_seconds, 3) if has_clock else None
        for name, e in (("default config", scale.env_for(scale.scratch(config=""))),
                        ("weather + Mars site + team link + 10k marks", loaded_env)):
            w, _, cpu = scale.idle([binary], e, a.idle_seconds, a.idle_settle)
            row(f"idle wakeups/s, {name}", w, "/s", ref[0] if ref else None,
                f"tty-clock {ref[0]:.2f}/s" if ref else "", "voluntary switches, all threads")
            row(f"idle CPU, {name}", cpu, "ms/s", ref[2] if ref else None,
                f"tty-clock {ref[2]:.3f} ms/s" if ref else "", "schedstat")
    if "rss" in only or "idle" in only:
        stop_loaded()
    shutil.rmtree(home, ignore_errors=True)
    lines = ["| figure | timedeck | reference, same run | ratio | command |", "|---|---|---|---|---|"]
    lines += [f"| {w} | {v} | {r} | {q} | `{c}` |" for w, v, r, q, c in rows]
    print("\n".join(lines))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
