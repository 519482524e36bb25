#!/usr/bin/env python3
"""`timedeck team sync` of N queued marks against one multi-row INSERT, in
one run, on a private PostgreSQL (initdb in a temporary folder; as the
postgres user when run as root).

For each of --runs rounds: a fresh copy of a store holding N marks, all
queued for the team log (`team sync --all` while the server was down), is
sent with `timedeck team sync` into a fresh database; then `psql` runs one
`INSERT … VALUES (…), (…) … ON CONFLICT DO UPDATE` of the same N rows into
the same table (the limit: one statement, one round trip). Both times are
whole processes, wall clock.

    scripts/team-sync-bench.py --marks 10000 --runs 5 --binary .build/release/timedeck
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

scale = import_module("scale")

BIN = "/usr/lib/postgresql/15/bin"


def as_postgres(cmd):
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + cmd
    return cmd


class Server:
    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="timedeck-pgbench-")
        os.chmod(self.folder, 0o777)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self.port = 20000 + os.getpid() % 20000
        subprocess.run(as_postgres([f"{BIN}/initdb", "-A", "trust", "-U", "postgres", "-D", f"{self.folder}/data"]),
                       check=True, stdout=subprocess.DEVNULL)

    def start(self):
        subprocess.run(as_postgres([f"{BIN}/pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/log", "-w",
                                    "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1", "start"]),
                       check=True, stdout=subprocess.DEVNULL)

    def stop(self):
        subprocess.run(as_postgres([f"{BIN}/pg_ctl", "-D", f"{self.folder}/data", "-m", "immediate", "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def psql(self, db, sql=None, file=None):
        cmd = ["psql", "-q", "-X", "-v", "ON_ERROR_STOP=1", "-h", self.folder, "-p", str(self.port), "-U", "postgres", db]
        cmd += ["-c", sql] if sql else ["-f", file]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    def url(self, db):
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"


def literal(v):
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=".build/release/timedeck")
    p.add_argument("--marks", type=int, default=10000)
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    binary = os.path.abspath(a.binary)
    server = Server()
    try:
        home, db = scale.build_store(binary, a.marks)
        config = os.path.join(home, "timedeck", "config.toml")
        with open(config, "a") as f:
            f.write(f'\n[team]\nurl = "{server.url("seed")}"\nstation = "north"\n')
        env = scale.env_for(home)
        # Server down: --all queues every mark, then the send fails.
        subprocess.run([binary, "team", "sync", "--all"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        queued = os.path.join(home, "queued.sqlite")
        shutil.copy(db, queued)
        server.start()
        # The reference rows: the same marks as one multi-row statement.
        import sqlite3
        con = sqlite3.connect(db)
        rows = con.execute("SELECT uniqueKey, id, unixNanoseconds, note, positionSource, latitude, longitude "
                           "FROM sightingMark ORDER BY unixNanoseconds").fetchall()
        con.close()
        values = ",\n".join(
            "(" + ", ".join(literal(v) for v in ("ref", key or f"id-{mid}", i + 1, False, mid, ns, 0, note, src, lat, lon,
                                                  "clock status unknown (adjtimex unavailable)")) + ")"
            for i, (key, mid, ns, note, src, lat, lon) in enumerate(rows))
        insert = os.path.join(home, "insert.sql")
        with open(insert, "w") as f:
            f.write("INSERT INTO timedeck_mark (station, unique_key, seq, deleted, local_id, unix_nanoseconds, "
                    "correction_nanoseconds, note, position_source, latitude, longitude, clock_summary) VALUES\n"
                    + values + "\nON CONFLICT (station, unique_key) DO UPDATE SET seq = EXCLUDED.seq, "
                    "note = EXCLUDED.note WHERE timedeck_mark.seq < EXCLUDED.seq;\n")
        ours, ref = [], []
        for run in range(a.runs):
            name = f"bench{run}"
            server.psql("postgres", f"CREATE DATABASE {name}")
            with open(config, "w") as f:
                f.write(f'[marks]\ngpsd = "off"\nbell = false\n[team]\nurl = "{server.url(name)}"\nstation = "north"\n')
            shutil.copy(queued, db)
            for suffix in ("-wal", "-shm"):
                if os.path.exists(db + suffix):
                    os.unlink(db + suffix)
            t0 = time.perf_counter()
            out = subprocess.run([binary, "team", "sync"], env=env, capture_output=True, text=True)
            ours.append(time.perf_counter() - t0)
            if out.returncode != 0 or f"sent {len(rows)} " not in out.stdout:
                sys.exit(f"team sync: {out.returncode} {out.stdout} {out.stderr}")
            t0 = time.perf_counter()
            server.psql(name, file=insert)
            ref.append(time.perf_counter() - t0)
        o, r = statistics.median(ours), statistics.median(ref)
        print(f"| team sync of {len(rows):,} queued marks (process) | {o:.3f} s | one multi-row INSERT via psql {r:.3f} s "
              f"| {o / r:.2f}× |")
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


if __name__ == "__main__":
    main()
