#!/usr/bin/env python3
"""Mark → visible at another station, through the team log on PostgreSQL.

Creates a throwaway database and a login role with a random password on the
local server (psql over the Unix socket as the current user, who must be a
superuser; `pg_ctlcluster 15 main start` first, or PGHOST/PGPORT/PGUSER
naming another server); the stations reach it over
TCP on 127.0.0.1 with the password in team.url (`--socket`: the Unix socket
as the current user instead). Two stations
("north" and "south", each its own TIMEDECK_HOME), and runs both dashboards
in --plain mode in pseudo-terminals. Then N times: reads CLOCK_REALTIME,
writes a space to north's pty (a mark, as a user makes one), and waits for
south's pty to announce "Station north marked". Reports, in milliseconds,
the time from the key to that line: north's journal fsync and SQLite commit,
the outbox send, NOTIFY, south's fetch, update and output.

    scripts/team-latency.py --count 200 -- .build/release/timedeck
"""
import argparse
import os
import pty
import random
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
import uuid

from ptyutil import drain, percentile


def station(name, url, command):
    home = tempfile.mkdtemp(prefix=f"timedeck-team-{name}-")
    config = os.path.join(home, "config.toml")
    with open(config, "w") as f:
        f.write(f'[marks]\ngpsd = "off"\nbell = false\n[team]\nurl = "{url}"\nstation = "{name}"\n')
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", TIMEDECK_HOME=home, TIMEDECK_CONFIG=config)
        os.execvp(command[0], command + ["--plain"])
    return home, pid, fd


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--socket", action="store_true", help="connect over the Unix socket, not TCP")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    db = "timedeck_latency_" + uuid.uuid4().hex[:12]
    role, password = db, uuid.uuid4().hex
    subprocess.run(["psql", "-qd", "postgres", "-c", f"CREATE ROLE {role} LOGIN PASSWORD '{password}'"], check=True)
    subprocess.run(["psql", "-qd", "postgres", "-c", f"CREATE DATABASE {db} OWNER {role}"], check=True)
    port = os.environ.get("PGPORT", "5432")  # psql's own variable: a private server's port
    url = f"postgresql:///{db}" if args.socket else f"postgresql://{role}:{password}@127.0.0.1:{port}/{db}"
    stations = []
    try:
        stations = [station("north", url, args.command), station("south", url, args.command)]
        (_, _, north), (_, _, south) = stations
        for fd in (north, south):
            _, seen = drain(fd, "team: online", timeout=15)
            if b"team: online" not in seen:
                raise SystemExit("a station did not come online: " + seen.decode(errors="replace")[-400:])
        latencies = []
        for i in range(args.count):
            time.sleep(0.05 + random.random() * 0.05)
            drain(north, None, timeout=0)
            drain(south, None, timeout=0)
            t0 = time.time_ns()
            os.write(north, b" ")
            seen_at, seen = drain(south, "Station north marked", timeout=5)
            if seen_at is None:
                raise SystemExit(f"mark {i + 1} never shown at south: {seen[-300:]!r}")
            latencies.append((seen_at - t0) / 1e6)
        print(f"{args.count} marks, north → south through PostgreSQL on loopback "
              f"({'Unix socket' if args.socket else 'TCP 127.0.0.1, password auth'}), "
              f"command: {' '.join(args.command)}")
        print(f"key→shown at the other station  p50 {statistics.median(latencies):7.2f} ms   "
              f"p99 {percentile(latencies, 99):7.2f} ms   max {max(latencies):7.2f} ms   min {min(latencies):7.2f} ms")
    finally:
        for home, pid, _ in stations:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
            shutil.rmtree(home, ignore_errors=True)
        subprocess.run(["psql", "-qd", "postgres", "-c", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)"])
        subprocess.run(["psql", "-qd", "postgres", "-c", f"DROP ROLE IF EXISTS {role}"])


if __name__ == "__main__":
    main()
