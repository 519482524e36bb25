#!/usr/bin/env python3
"""How timedeck's costs grow with the store, side by side with their limits.

Builds scratch stores of 0 / 10 k / 100 k / 1 M marks (the binary creates the
schema with one `marks add`; the rest are bulk-inserted with Python's sqlite3)
and measures, in one run:

  start     dashboard start to its first full frame (pty, median of --runs)
  add       `timedeck marks add` as a process (median of --runs)
  csv       `marks export --format csv` vs `sqlite3 -csv` of the table
  json      `marks list --json` vs `sqlite3 -json`, with peak RSS
  idle      the idle dashboard (default config: gpsd unreachable) vs
            `tty-clock -s -c`: wakeups/s (voluntary context switches of
            every thread), CPU ms/s (schedstat), and preemptions/s apart
  calls     dashboard start with 1,000 saved calls vs 1 call
  weather   the idle dashboard with the weather panel on (a forecast served
            by a local server in Open-Meteo's format, --weather-url or one
            started here from a sample file) vs tty-clock: wakeups/s, CPU
            ms/s and bytes/s to the terminal (the clock-only dashboard's
            bytes beside it)
  panels    the idle dashboard with weather, a Mars site and a team link
            (a private PostgreSQL) configured vs tty-clock, wakeups per
            thread apart (not in the default --only; for idle and panels,
            --compare B2 measures another build in the same run)

    scripts/scale.py                                  # everything, release build
    scripts/scale.py --sizes 0,1000000 --only start,add
    scripts/scale.py --binary .build/debug/timedeck --sizes 0,10000

Prints one table; the "ratio" column is timedeck / the reference in the
same run (the store of 0 marks for start/add, sqlite3 for csv/json,
tty-clock for idle, one call for calls). docs/PERFORMANCE.md quotes it.
"""
import argparse
import os
import pty
import select
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

harness = import_module("pty-harness")
latency = import_module("pty-latency")

CONFIG = '[marks]\ngpsd = "off"\nbell = false\n'


def env_for(home, config_home=None):
    env = dict(os.environ)
    env["TIMEDECK_HOME"] = home
    env["XDG_CONFIG_HOME"] = config_home or home
    env["TERM"] = "xterm-256color"
    env.pop("NO_COLOR", None)
    return env


def scratch(config=CONFIG):
    home = tempfile.mkdtemp(prefix="timedeck-scale-")
    os.makedirs(os.path.join(home, "timedeck"), exist_ok=True)
    with open(os.path.join(home, "timedeck", "config.toml"), "w") as f:
        f.write(config)
    return home


def forecast_sample():
    """48 hours of Open-Meteo's /v1/forecast answer from the current hour
    (unixtime), with rain in the next hour: the ring has something to show."""
    import json
    hour = int(time.time() // 3600 * 3600)
    quarters, hours = [0.0] * 192, [0.0] * 48
    quarters[6], quarters[7], hours[4], hours[5] = 0.4, 1.2, 2.5, 9.0
    units = {"time": "unixtime", "precipitation": "mm", "temperature_2m": "°C"}
    return json.dumps({
        "latitude": 48.86, "longitude": 2.35, "generationtime_ms": 0.08, "utc_offset_seconds": 0,
        "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 38.0,
        "current_units": {"time": "unixtime", "interval": "seconds", "temperature_2m": "°C", "precipitation": "mm"},
        "current": {"time": hour, "interval": 900, "temperature_2m": 7.3, "precipitation": 0.0},
        "minutely_15_units": units,
        "minutely_15": {"time": [hour + i * 900 for i in range(192)], "precipitation": quarters, "temperature_2m": [7.0] * 192},
        "hourly_units": units,
        "hourly": {"time": [hour + i * 3600 for i in range(48)], "precipitation": hours, "temperature_2m": [7.0] * 48},
    })


def forecast_server():
    """A local server answering every GET with `forecast_sample()`:
    (the server, its /v1/forecast URL)."""
    import http.server
    import threading
    body = forecast_sample().encode()

    class Forecast(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forecast)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1/forecast"


def weather_row(binary, a, row):
    """The idle dashboard with the weather panel on, beside tty-clock and
    the clock-only dashboard (weather off), bytes to the terminal included."""
    server, url = (None, a.weather_url) if a.weather_url else forecast_server()
    on = scratch(config=f'[weather]\nenabled = true\nurl = "{url}"\nposition = "48.8566, 2.3522"\n')
    off = scratch(config="")
    w, _, cpu = idle([binary], env_for(on), a.idle_seconds, a.idle_settle)
    on_bytes = idle.bytes_per_second
    _, _, off_cpu = idle([binary], env_for(off), a.idle_seconds, a.idle_settle)
    off_bytes = idle.bytes_per_second
    ref = None
    if shutil.which("tty-clock"):
        _, _, ref = idle(["tty-clock", "-s", "-c"], env_for(off), a.idle_seconds, a.idle_settle)
        ref_bytes = idle.bytes_per_second
    row("idle with weather: wakeups/s", w, "/s", None, "")
    row("idle with weather: CPU ms/s", cpu, "ms/s", ref, f"(tty-clock {ref:.3f} ms/s; weather off {off_cpu:.3f})" if ref else "")
    row("idle with weather: CPU % of one core", cpu / 10, "%", None, "(goal ≤ 0.5 %)")
    row("idle with weather: bytes/s to the terminal", on_bytes, "B/s", ref_bytes if ref else None,
        f"(tty-clock {ref_bytes:.0f} B/s; weather off {off_bytes:.0f} B/s)" if ref else "")
    if server:
        server.shutdown()


def panels_row(binary, a, row):
    """The idle dashboard with weather (a local forecast server), a Mars
    site and a team link (a private PostgreSQL, initdb in a temporary
    folder, as team-sync-bench.py starts it) configured, beside tty-clock
    in the same run; wakeups per thread printed apart."""
    bench = import_module("team-sync-bench")
    server, url = (None, a.weather_url) if a.weather_url else forecast_server()
    pg = bench.Server()
    pg.start()
    try:
        pg.psql("postgres", "CREATE DATABASE timedeck_idle")
        home = scratch(config=f'[weather]\nenabled = true\nurl = "{url}"\nposition = "48.8566, 2.3522"\n'
                              f'[mars]\nsite = "Jezero"\n'
                              f'[team]\nurl = "{pg.url("timedeck_idle")}"\nstation = "idle"\n')
        binaries = [binary] + [os.path.abspath(b) for b in (a.compare or "").split(",") if b]
        results = {}
        for _ in range(a.idle_runs):  # alternated, so each sees the same machine
            for b in binaries:
                w, _, cpu = idle([b], env_for(home), a.idle_seconds, a.idle_settle)
                results.setdefault(b, []).append((w, cpu, idle.per_thread))
            if shutil.which("tty-clock"):
                rw, _, rcpu = idle(["tty-clock", "-s", "-c"], env_for(home), a.idle_seconds, a.idle_settle)
                results.setdefault("tty-clock", []).append((rw, rcpu, {}))
        ref = results.get("tty-clock")
        rw = statistics.median(r[0] for r in ref) if ref else None
        rcpu = statistics.median(r[1] for r in ref) if ref else None
        for b in binaries:
            w = statistics.median(r[0] for r in results[b])
            cpu = statistics.median(r[1] for r in results[b])
            label = "" if b == binary else f" [{b}]"
            threads = {}
            for _, _, per in results[b]:
                for name, rate in per.items():
                    threads.setdefault(name, []).append(rate)
            detail = ", ".join(f"{n} {statistics.median(v):.2f}" for n, v in sorted(threads.items()))
            print(f"  per thread{label}: {detail}", file=sys.stderr)
            row(f"idle, weather + Mars site + team link: wakeups/s{label}", w, "/s", rw,
                f"(tty-clock {rw:.2f}/s)" if rw is not None else "")
            row(f"idle, weather + Mars site + team link: CPU ms/s{label}", cpu, "ms/s", rcpu or None,
                f"(tty-clock {rcpu:.3f} ms/s)" if rcpu is not None else "")
    finally:
        pg.stop()
        shutil.rmtree(pg.folder, ignore_errors=True)
        if server:
            server.shutdown()


def build_store(binary, count):
    """A store with `count` marks (one made by the binary, the rest inserted)."""
    home = scratch()
    subprocess.run([binary, "marks", "add", "--note", "seed"], env=env_for(home), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = os.path.join(home, "timedeck.sqlite")
    if count > 1:
        con = sqlite3.connect(db)
        base = time.time_ns() - count * 1_000_000_000
        rows = ((base + i * 1_000_000_000 + (i * 7919) % 1_000_000, f"n{i}" if i % 3 == 0 else "",
                 "fixed" if i % 2 else "none", -27.467 if i % 2 else None, 153.02 if i % 2 else None,
                 f"scale-{i}") for i in range(count - 1))
        con.executemany("INSERT INTO sightingMark (unixNanoseconds, note, positionSource, latitude, longitude, "
                        "uniqueKey) VALUES (?, ?, ?, ?, ?, ?)", rows)
        con.commit()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.close()
    return home, db


def read_until(fd, deadline, needle):
    """(whether `needle` arrived, everything read) — pty-latency's reader."""
    buf, _, _ = latency.read_until(fd, deadline, lambda b: needle in b)
    return needle in buf, buf


def spawn(argv, env, rows=30, cols=100):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.clear()
        os.environ.update(env)
        os.execvp(argv[0], argv)
    harness.set_size(fd, rows, cols)
    return pid, fd


stop = latency.stop  # SIGTERM, then SIGKILL after 3 s


def start_ms(binary, home, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        pid, fd = spawn([binary], env_for(home))
        ok, buf = read_until(fd, t0 + 10, b" quit")
        t1 = time.perf_counter()
        stop(pid, fd)
        if not ok:
            sys.exit(f"dashboard showed no ' quit' within 10 s (got {buf[-300:]!r})")
        times.append((t1 - t0) * 1000)
    return statistics.median(times)


def timed(argv, env, runs, stdout=subprocess.DEVNULL):
    """Median wall seconds and the largest peak RSS (MiB) over `runs`."""
    times, rss = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env, stdout=stdout,
                           stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - t0)
        if p.returncode != 0:
            sys.exit(f"{' '.join(argv)} exited {p.returncode}: {p.stderr[-500:]}")
        rss.append(int(p.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(times), max(rss)


def idle(argv, env, seconds, settle=3):
    """Wakeups/s (voluntary context switches of all threads: each is a
    thread going to sleep and, later, waking), preemptions/s (involuntary
    switches: other load on the machine, not the program's doing) and CPU
    ms/s, once settled."""
    pid, fd = spawn(argv, env)
    deadline = time.time() + settle
    while time.time() < deadline:  # let it settle, keep the pty drained
        read_until(fd, time.perf_counter() + 0.2, b"\0never")

    by_thread = {}

    def switches():
        voluntary = involuntary = 0
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    name = f.read().strip()
                with open(f"/proc/{pid}/task/{tid}/status") as f:
                    for line in f:
                        if line.startswith("voluntary_ctxt_switches"):
                            voluntary += int(line.split()[1])
                            by_thread.setdefault(name, []).append(int(line.split()[1]))
                        elif line.startswith("nonvoluntary_ctxt_switches"):
                            involuntary += int(line.split()[1])
            except OSError:
                pass
        return voluntary, involuntary

    def cpu_seconds():
        # schedstat's first field: nanoseconds on a CPU (exact, where
        # /proc/PID/stat counts 10 ms ticks, too coarse for tty-clock).
        total = 0
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    total += int(f.read().split()[0])
            except OSError:
                pass
        return total / 1e9

    (v0, i0), c0, t0 = switches(), cpu_seconds(), time.time()
    written = 0
    while time.time() < t0 + seconds:
        written += len(read_until(fd, time.perf_counter() + 0.2, b"\0never")[1])
    before = {name: sum(counts) for name, counts in by_thread.items()}
    by_thread.clear()
    (v1, i1), c1, t1 = switches(), cpu_seconds(), time.time()
    stop(pid, fd)
    span = t1 - t0
    idle.bytes_per_second = written / span
    # Wakeups/s per thread name (threads that came or went count from 0).
    idle.per_thread = {name: (sum(counts) - before.get(name, 0)) / span for name, counts in by_thread.items()}
    return (v1 - v0) / span, (i1 - i0) / span, (c1 - c0) * 1000 / span


def calls_store(binary, count):
    home = scratch()
    env = env_for(home)
    subprocess.run([binary, "calls", "add", "Seed", "--at", "+1d", "London", "Tokyo", "New York"], env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if count > 1:
        con = sqlite3.connect(os.path.join(home, "timedeck.sqlite"))
        for i in range(count - 1):
            cur = con.execute("INSERT INTO callPlan (name, startUnixSeconds, durationMinutes, createdUnixSeconds) "
                              "SELECT name || ?, startUnixSeconds + ?, durationMinutes, createdUnixSeconds - ? "
                              "FROM callPlan WHERE id = 1", (f" {i}", 3600 * (i + 1), i + 1))
            new = cur.lastrowid
            con.execute("INSERT INTO callPlace (callPlanId, position, geonameId, name, asciiName, countryCode, "
                        "countryName, admin1Code, latitude, longitude, population, zone, people) "
                        "SELECT ?, position, geonameId, name, asciiName, countryCode, countryName, admin1Code, "
                        "latitude, longitude, population, zone, people FROM callPlace WHERE callPlanId = 1", (new,))
        con.commit()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.close()
    return home


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=".build/release/timedeck")
    p.add_argument("--sizes", default="0,10000,100000,1000000")
    p.add_argument("--only", default="start,add,csv,json,idle,calls,weather")
    p.add_argument("--weather-url", help="forecast API for the weather row (default: a local server started here)")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--compare", help="idle, panels: other binaries (comma-separated) measured beside --binary")
    p.add_argument("--idle-runs", type=int, default=1, help="panels: rounds of (each binary, tty-clock); medians")
    p.add_argument("--idle-seconds", type=float, default=30)
    p.add_argument("--idle-settle", type=float, default=35,
                   help="seconds before the idle measurement starts: the steady state of an always-open clock "
                        "(gpsd, absent by default, is retried after 1, 2, 4, 8, 16 s, then every 30 s)")
    a = p.parse_args()
    binary = os.path.abspath(a.binary)
    sizes = [int(s) for s in a.sizes.split(",")]
    only = set(a.only.split(","))
    rows = []

    def row(what, value, unit, ref=None, ref_text=""):
        ratio = f"{value / ref:.2f}×" if ref else "—"
        rows.append((what, f"{value:.3f} {unit}" if unit != "ms" else f"{value:.1f} ms", ref_text, ratio))
        print(f"  {what}: {rows[-1][1]} {ref_text} {ratio}", file=sys.stderr)

    stores = {}
    for n in sizes:
        print(f"building a store of {n:,} marks", file=sys.stderr)
        stores[n] = build_store(binary, max(n, 1))
    empty_home = stores[min(sizes)][0]
    for n in sizes:
        home, db = stores[n]
        env = env_for(home)
        # Each size runs interleaved with the smallest store, run by run, so
        # both see the same machine (other load comes and goes).
        if "start" in only and n != min(sizes):
            ours, base = [], []
            for _ in range(a.runs):
                ours.append(start_ms(binary, home, 1))
                base.append(start_ms(binary, empty_home, 1))
            ms, empty = statistics.median(ours), statistics.median(base)
            row(f"dashboard start, {n:,} marks", ms, "ms", empty, f"({min(sizes):,} marks {empty:.1f} ms)")
        if "add" in only and n != min(sizes):
            ours, base = [], []
            for _ in range(a.runs):
                ours.append(timed([binary, "marks", "add"], env, 1)[0] * 1000)
                base.append(timed([binary, "marks", "add"], env_for(empty_home), 1)[0] * 1000)
            ms, empty = statistics.median(ours), statistics.median(base)
            row(f"marks add, {n:,} marks", ms, "ms", empty, f"({min(sizes):,} marks {empty:.1f} ms)")
        if n >= 10000 and "csv" in only:
            out = os.path.join(home, "export.csv")
            runs = max(1, a.runs // 3)

            def export():
                if os.path.exists(out):
                    os.unlink(out)
                return timed([binary, "marks", "export", "--format", "csv", "--output", out], env, 1)
            ours = statistics.median([export()[0] for _ in range(runs)])
            ref, _ = timed(["sqlite3", "-csv", "-header", db, "SELECT * FROM sightingMark ORDER BY unixNanoseconds, id"],
                           env, runs)
            row(f"export csv, {n:,} marks", ours, "s", ref, f"(sqlite3 -csv {ref:.3f} s)")
        if n >= 10000 and "json" in only:
            runs = max(1, a.runs // 3)
            ours, rss = timed([binary, "marks", "list", "--json"], env, runs)
            ref, ref_rss = timed(["sqlite3", "-json", db, "SELECT * FROM sightingMark ORDER BY unixNanoseconds DESC, id DESC"],
                                 env, runs)
            row(f"list --json, {n:,} marks", ours, "s", ref, f"(sqlite3 -json {ref:.3f} s)")
            row(f"list --json peak RSS, {n:,} marks", rss, "MiB", ref_rss, f"(sqlite3 {ref_rss:.1f} MiB)")
    if "idle" in only:
        home = scratch(config="")  # the default config: gpsd at localhost:2947, not running
        w, pre, cpu = idle([binary], env_for(home), a.idle_seconds, a.idle_settle)
        print("  per thread: " + ", ".join(f"{n} {r:.2f}" for n, r in sorted(idle.per_thread.items())), file=sys.stderr)
        for other in [os.path.abspath(b) for b in (a.compare or "").split(",") if b]:
            ow, _, ocpu = idle([other], env_for(home), a.idle_seconds, a.idle_settle)
            print(f"  per thread [{other}]: " + ", ".join(f"{n} {r:.2f}" for n, r in sorted(idle.per_thread.items())),
                  file=sys.stderr)
            row(f"idle dashboard wakeups/s [{other}]", ow, "/s", None, "")
            row(f"idle dashboard CPU ms/s [{other}]", ocpu, "ms/s", None, "")
        if shutil.which("tty-clock"):
            rw, rpre, rcpu = idle(["tty-clock", "-s", "-c"], env_for(home), a.idle_seconds, a.idle_settle)
        else:
            rw = rpre = rcpu = None
            print("tty-clock is not installed (apt-get install tty-clock); no reference", file=sys.stderr)
        row("idle dashboard wakeups/s", w, "/s", rw, f"(tty-clock {rw:.2f}/s)" if rw is not None else "")
        row("idle dashboard CPU ms/s", cpu, "ms/s", rcpu or None, f"(tty-clock {rcpu:.3f} ms/s)" if rcpu is not None else "")
        row("idle preemptions/s (machine load, not wakeups)", pre, "/s", None,
            f"(tty-clock {rpre:.2f}/s)" if rpre is not None else "")
    if "weather" in only:
        weather_row(binary, a, row)
    if "panels" in only:
        panels_row(binary, a, row)
    if "calls" in only:
        one_home, many_home = calls_store(binary, 1), calls_store(binary, 1000)
        ones, manys = [], []
        for _ in range(a.runs):
            manys.append(start_ms(binary, many_home, 1))
            ones.append(start_ms(binary, one_home, 1))
        one, many = statistics.median(ones), statistics.median(manys)
        row("dashboard start, 1,000 calls", many, "ms", one, f"(1 call {one:.1f} ms)")
    print()
    print("| what | timedeck | reference, same run | ratio |")
    print("|---|---|---|---|")
    for what, value, ref, ratio in rows:
        print(f"| {what} | {value} | {ref.strip('()')} | {ratio} |")
    for home, _ in stores.values():
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
