#!/usr/bin/env python3
"""Where the dashboard's resident memory comes from, and its first frame.

Starts the dashboard in a pty (100x30), times the first full frame (" quit"
in the key line, as scale.py does), lets it settle, then reads
/proc/PID/smaps (and /proc/PID/pagemap for the binary's own pages) and
prints one table: RSS and PSS by origin — the binary's file pages split by
ELF section (ICU's data apart), each shared library, mapped resource files,
the malloc heap and other anonymous memory, thread stacks.

    scripts/dash-memory.py --binary .build/release/timedeck
    scripts/dash-memory.py --binary B --setup full      # weather, Mars site,
                                                        # a team link, 10k marks
    scripts/dash-memory.py --binary B --compare OTHER   # same run, both

`default`: the config scale.py uses (gpsd off, no bell). `full`: also the
weather panel (a local server in Open-Meteo's format), a Mars site, 10,000
marks and a team link to a private PostgreSQL (initdb in a temporary folder,
as team-sync-bench.py does). Figures are medians over --runs starts.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from importlib import import_module

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
scale = import_module("scale")

PAGE = os.sysconf("SC_PAGE_SIZE")


def sections(binary):
    """[(name, file offset, size)] of the binary's allocated sections."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if m and int(m.group(2), 16):
            found.append((m.group(1), int(m.group(3), 16), int(m.group(4), 16)))
    return found


def icu_data(binary):
    """(file offset, size) of ICU's data blob linked into the binary, if its
    symbol is there (a stripped binary has none)."""
    out = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and re.match(r"icudt\d+_dat$", parts[3]):
            address, size = int(parts[0], 16), int(parts[1], 16)
            # Virtual address to file offset through the section holding it.
            sec = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
            for s in sec.splitlines():
                m = re.match(r"\s*\[\s*\d+\]\s+\S+\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", s)
                if m:
                    va, off, sz = (int(g, 16) for g in m.groups())
                    if va and va <= address < va + sz:
                        return address - va + off, size
    return None


def mappings(pid):
    """Each mapping of /proc/PID/smaps: dict with start, end, perms, offset,
    path, Rss and Pss (kB)."""
    maps, current = [], None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = re.match(r"([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \d+\s*(.*)", line)
            if head:
                current = {"start": int(head.group(1), 16), "end": int(head.group(2), 16), "perms": head.group(3),
                           "offset": int(head.group(4), 16), "path": head.group(5).strip(), "Rss": 0, "Pss": 0,
                           "Anonymous": 0}
                maps.append(current)
            else:
                key, _, value = line.partition(":")
                if key in ("Rss", "Pss", "Anonymous"):
                    current[key] = int(value.split()[0])
    return maps


def present_pages(pid, start, end):
    """Page indexes (from start) resident in [start, end) (pagemap bit 63)."""
    present = []
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(start // PAGE * 8)
        data = f.read((end - start) // PAGE * 8)
    for i in range(len(data) // 8):
        if int.from_bytes(data[i * 8:i * 8 + 8], "little") >> 63:
            present.append(i)
    return present


def classify(pid, binary, resources):
    """{origin: [rss kB, pss kB]}."""
    real_binary = os.path.realpath(binary)
    secs = sections(real_binary)
    icu = icu_data(real_binary)
    table = {}

    def add(origin, rss, pss):
        row = table.setdefault(origin, [0, 0])
        row[0] += rss
        row[1] += pss

    threads = len(os.listdir(f"/proc/{pid}/task"))
    for m in mappings(pid):
        path = m["path"]
        if m["Rss"] == 0:
            continue
        if path and os.path.realpath(path) == real_binary:
            if m["Anonymous"]:
                add("binary: written data (.data, .bss, relocated .data.rel.ro)", m["Anonymous"], m["Anonymous"])
            file_rss = m["Rss"] - m["Anonymous"]
            pages = present_pages(pid, m["start"], m["end"])
            counted = 0
            for i in pages:
                offset = m["offset"] + i * PAGE
                name = "other"
                if icu and icu[0] <= offset < icu[0] + icu[1]:
                    name = "ICU data (icudt)"
                else:
                    for s, off, size in secs:
                        if off <= offset < off + size:
                            name = s
                            break
                if counted < file_rss:
                    add(f"binary: {name}", PAGE // 1024, PAGE // 1024 * m["Pss"] / max(m["Rss"], 1))
                    counted += PAGE // 1024
        elif path.startswith("/") and (".so" in os.path.basename(path)):
            add(f"lib: {os.path.basename(path)}", m["Rss"], m["Pss"])
        elif path.startswith("/") and any(r in path for r in resources):
            add(f"data file: {os.path.basename(path)}", m["Rss"], m["Pss"])
        elif path.startswith("/"):
            add(f"file: {os.path.basename(path)}", m["Rss"], m["Pss"])
        elif path == "[heap]":
            add("heap ([heap], main arena)", m["Rss"], m["Pss"])
        elif path == "[stack]":
            add("main thread stack", m["Rss"], m["Pss"])
        elif path.startswith("["):
            add(path, m["Rss"], m["Pss"])
        else:
            # Thread stacks and malloc's per-thread arenas are both anonymous.
            add(f"anonymous (thread arenas and stacks; {threads} threads)", m["Rss"], m["Pss"])
    return table


def rollup(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        values = {}
        for line in f:
            key, _, value = line.partition(":")
            if value.strip().endswith("kB"):
                values[key] = int(value.split()[0])
    return values


SERVERS = {}


def servers(cleanups):
    """One forecast server and one PostgreSQL for the whole run (each
    binary gets a database of its own)."""
    if SERVERS:
        return SERVERS["url"], SERVERS["pg"]
    import http.server
    import threading
    body = scale.forecast_sample().encode()

    class Forecast(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    http_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forecast)
    threading.Thread(target=http_server.serve_forever, daemon=True).start()
    bench = import_module("team-sync-bench")
    pg = bench.Server()
    pg.start()
    cleanups.append(lambda: (http_server.shutdown(), pg.stop()))
    SERVERS["url"] = f"http://127.0.0.1:{http_server.server_address[1]}/v1/forecast"
    SERVERS["pg"] = pg
    return SERVERS["url"], pg


def setup(binary, kind, cleanups):
    """A scratch home for `kind`: its TIMEDECK_HOME/XDG_CONFIG_HOME folder."""
    if kind == "default":
        return scale.scratch()
    home, _ = scale.build_store(binary, 10_000)
    url, pg = servers(cleanups)
    db = f"dashmem{len(SERVERS.setdefault('dbs', []))}"
    SERVERS["dbs"].append(db)
    pg.psql("postgres", f"CREATE DATABASE {db}")
    with open(os.path.join(home, "timedeck", "config.toml"), "w") as f:
        f.write(scale.CONFIG + f'[weather]\nenabled = true\nurl = "{url}"\nposition = "48.8566, 2.3522"\n'
                f'[mars]\nsite = "Jezero"\n[team]\nurl = "{pg.url(db)}"\nstation = "mem"\n')
    return home


def page_out_files(pid):
    """Asks the kernel to reclaim every read-only file-backed page of PID
    (process_madvise MADV_PAGEOUT): what comes back afterwards is what the
    running dashboard touches, not what its start touched."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = libc.syscall(434, pid, 0)  # pidfd_open
    if pidfd < 0:
        sys.exit(f"pidfd_open: errno {ctypes.get_errno()}")

    class IOVec(ctypes.Structure):
        _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
    for m in mappings(pid):
        if m["path"].startswith("/") and "w" not in m["perms"] and m["Rss"]:
            iov = IOVec(m["start"], m["end"] - m["start"])
            libc.syscall(440, pidfd, ctypes.byref(iov), 1, 21, 0)  # process_madvise, MADV_PAGEOUT
    os.close(pidfd)


def measure(binary, home, settle, resources, working_set=0):
    t0 = time.perf_counter()
    pid, fd = scale.spawn([binary], scale.env_for(home))
    ok, buf = scale.read_until(fd, t0 + 10, b" quit")
    first = (time.perf_counter() - t0) * 1000
    if not ok:
        scale.stop(pid, fd)
        sys.exit(f"no ' quit' within 10 s: {buf[-300:]!r}")
    deadline = time.time() + settle
    while time.time() < deadline:  # keep the pty drained
        scale.read_until(fd, time.perf_counter() + 0.2, b"\0never")
    if working_set:
        page_out_files(pid)
        deadline = time.time() + working_set
        while time.time() < deadline:
            scale.read_until(fd, time.perf_counter() + 0.2, b"\0never")
    table = classify(pid, binary, resources)
    roll = rollup(pid)
    with open(f"/proc/{pid}/status") as f:
        hwm = next(int(line.split()[1]) for line in f if line.startswith("VmHWM"))
    scale.stop(pid, fd)
    return first, table, roll, hwm


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=".build/release/timedeck")
    p.add_argument("--compare", help="a second binary measured in the same run (say, main's)")
    p.add_argument("--setup", choices=["default", "full"], default="default")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--settle", type=float, default=4.0, help="seconds after the first frame before reading smaps")
    p.add_argument("--top", type=int, default=14, help="rows of the breakdown")
    p.add_argument("--working-set", type=float, default=0, metavar="SECONDS",
                   help="after settling, page out the read-only file pages and measure SECONDS later: "
                        "the file pages the running dashboard touches again (its working set)")
    a = p.parse_args()
    resources = ["/Resources/", ".resources/", "/share/timedeck/"]
    binaries = [a.binary] + ([a.compare] if a.compare else [])
    results = {b: [] for b in binaries}
    cleanups = []
    try:
        homes = {b: setup(b, a.setup, cleanups) for b in binaries}
        for _ in range(a.runs):
            for b in binaries:  # interleaved: both see the same load
                results[b].append(measure(b, homes[b], a.settle, resources, a.working_set))
    finally:
        for c in cleanups:
            c()
    for b in binaries:
        runs = results[b]
        first = statistics.median(r[0] for r in runs)
        rss = statistics.median(r[2]["Rss"] for r in runs)
        pss = statistics.median(r[2]["Pss"] for r in runs)
        anon = statistics.median(r[2].get("Anonymous", 0) for r in runs)
        hwm = statistics.median(r[3] for r in runs)
        ws = f", working set {a.working_set:g} s after paging out file pages" if a.working_set else ""
        print(f"\n{b} ({a.setup}{ws}, median of {len(runs)}): first frame {first:.1f} ms; "
              f"RSS {rss / 1024:.1f} MiB (PSS {pss / 1024:.1f}, anonymous {anon / 1024:.1f}, peak {hwm / 1024:.1f})")
        # The breakdown of the run whose RSS is the median.
        middle = sorted(runs, key=lambda r: r[2]["Rss"])[len(runs) // 2][1]
        rows = sorted(middle.items(), key=lambda kv: -kv[1][0])
        print(f"  {'origin':<62} {'RSS MiB':>8} {'PSS MiB':>8}")
        for origin, (r, s) in rows[:a.top]:
            print(f"  {origin:<62} {r / 1024:8.2f} {s / 1024:8.2f}")
        rest = rows[a.top:]
        if rest:
            print(f"  {'(' + str(len(rest)) + ' more)':<62} {sum(v[0] for _, v in rest) / 1024:8.2f} "
                  f"{sum(v[1] for _, v in rest) / 1024:8.2f}")


if __name__ == "__main__":
    main()
