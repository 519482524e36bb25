#!/usr/bin/env python3
"""A worked day at sea with the real timedeck binary (issue 32, docs/USER-GUIDE.md
"A worked day at sea").

A ship runs 250° true at 10 knots through 14 May 2026 in the North Atlantic.
Its TRUE track is known here; its dead reckoning (DR) is not the truth (a
current set it 6 nm to the north-west overnight). For every sight this script
asks Skyfield with JPL DE421 (independent of timedeck's Swift code) what an
observer at the ship's TRUE position saw: the topocentric airless altitude of
the body's centre, turned into a sextant reading (Hs) by the Nautical
Almanac's corrections (index error, dip 1.76'·sqrt(h), Bennett refraction
scaled by 0.28·P/(T + 273), the Sun's semi-diameter for its lower limb), plus a
seeded sextant scatter of 0.2' and one misread sight. Each sight's instant is a
mark (imported with `marks import`, as if Space had been pressed then), and
the reading is attached with `timedeck marks sight`. Then it runs the
commands a navigator would and prints each command and its real output as
Markdown, with the true positions, for the guide.

Usage: scripts/worked-day.py [--binary .build/debug/timedeck] [--check]
  --check: print a JSON summary of the errors against the truth and exit 1 if
  a fix misses the true position by 1 nm or more (used by the test).

Needs: pip install skyfield de421 jplephem numpy (the Skyfield + DE421 set-up is
scripts/oracle_setup.py's, as for scripts/navigation-oracle.py).
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import (PLANETS, ROOT, SUN_RADIUS_KM, Sextant, move, read_stars, sun,  # noqa: E402
                          topocentric as topocentric_of, ts)

EYE, IE, TEMP, PRES = 3.5, 0.8, 16.0, 1018.0   # height of eye m, index error ′ (on the arc), °C, hPa
COURSE, SPEED = 250.0, 10.0
START_UTC = "2026-05-14T05:00:00Z"                 # the truth is given at this instant
START_TRUE = (44 + 40.0 / 60, -(28 + 30.0 / 60))   # 44° 40.0′ N, 028° 30.0′ W
DR_SET = (315.0, 6.0)                               # the DR is 6 nm 315° from the truth until the running fix
VARIATION = -13.0                                   # 13° W
COMPASS_ERROR = -11.0                               # 11° W: the compass reads 11° more than true
SCATTER = 0.2                                       # ′, one standard deviation of a sextant reading
SEXTANT = Sextant(EYE, IE, TEMP, PRES)

bodies = dict({"Sun": sun}, **PLANETS)
bodies.update(read_stars("almanac-stars.tsv"))


def parse_iso(s):
    s = s.rstrip("Z")
    date, clock = s.split("T")
    y, mo, d = map(int, date.split("-"))
    parts = clock.split(":")
    h, mi = int(parts[0]), int(parts[1])
    sec = float(parts[2]) if len(parts) > 2 else 0.0
    return ts.utc(y, mo, d, h, mi, sec)


def iso(t):
    return t.utc_iso(places=3)


def hours_since_start(t):
    return (t.tt - parse_iso(START_UTC).tt) * 24


def truth(t):
    return move(*START_TRUE, COURSE, SPEED * hours_since_start(t))


def night_dr(t):
    return move(*truth(t), *DR_SET)


def distance_nm(a, b):
    dlat = (b[0] - a[0]) * 60
    dlon = (b[1] - a[1]) * 60 * math.cos(math.radians((a[0] + b[0]) / 2))
    return math.hypot(dlat, dlon), math.degrees(math.atan2(dlon, dlat)) % 360


def topocentric(name, t, lat, lon):
    return topocentric_of(bodies[name], t, lat, lon)


rng = random.Random(20260514)
READINGS = []  # (body, UTC, exact Hs ′, Hs read ′)


def sextant(name, t, misread=0.0):
    """Hs (degrees, read to 0.1′) of the body seen from the true position at t."""
    body, limb = (name.split() + [""])[:2]
    alt, az, dist = topocentric(body, t, *truth(t))
    h1 = alt
    if limb == "LL":
        h1 -= math.degrees(math.asin(SUN_RADIUS_KM / dist))
    exact = SEXTANT.reading(h1)
    minutes = round((exact * 60 + rng.gauss(0, SCATTER) + misread) * 10) / 10
    READINGS.append((name, iso(t), exact * 60, minutes))
    return f"{int(minutes // 60)} {minutes % 60:04.1f}"


def fmt_pos(p):
    lat, lon = p
    a, o = abs(lat), abs(lon)
    return (f"{int(a)}° {(a - int(a)) * 60:04.1f}′ {'N' if lat >= 0 else 'S'}  "
            f"{int(o):03d}° {(o - int(o)) * 60:04.1f}′ {'E' if lon >= 0 else 'W'}")


def dm(minutes, places=1):
    return f"{int(minutes // 60)}° {minutes % 60:0{3 + places}.{places}f}′"


def dr_arg(p):
    lat, lon = p
    a, o = abs(lat), abs(lon)
    return f"{int(a)} {(a - int(a)) * 60:.1f} {'N' if lat >= 0 else 'S'}, {int(o):03d} {(o - int(o)) * 60:.1f} {'E' if lon >= 0 else 'W'}"


class Deck:
    def __init__(self, binary):
        self.binary = binary
        inherited = {k: v for k, v in os.environ.items() if not k.startswith("TIMEDECK_")}  # no caller's config or lang
        self.env = dict(inherited, TIMEDECK_HOME=tempfile.mkdtemp(prefix="worked-day-"),
                        XDG_CONFIG_HOME=tempfile.mkdtemp(prefix="worked-day-config-"),
                        TIMEDECK_RESOURCES=os.path.join(ROOT, "Resources"), NO_COLOR="1", TZ="UTC")
        self.env.pop("TIMEDECK_LANG", None)
        self.env["LANG"] = "C.UTF-8"
        self.log = []
        self.config = []

    def run(self, args, show=True, shown=None):
        p = subprocess.run([self.binary] + args, env=self.env, capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            sys.exit(f"timedeck {' '.join(args)} exited {p.returncode}:\n{p.stdout}{p.stderr}")
        if show:
            self.log.append(("cmd", shown or args, p.stdout.rstrip("\n")))
        return p.stdout

    def json(self, args):
        return json.loads(self.run(args + ["--json"], show=False))

    def note(self, text):
        self.log.append(("text", text, None))


def quote(a):
    return a if a and all(c.isalnum() or c in "-_.:/,=" for c in a) and "," not in a else f'"{a}"'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "timedeck"))
    ap.add_argument("--check", action="store_true")
    opts = ap.parse_args()
    deck = Deck(opts.binary)
    for key, value in [("sights.eye_metres", EYE), ("sights.index_error_arcminutes", IE),
                       ("sights.temperature_celsius", TEMP), ("sights.pressure_hectopascals", PRES),
                       ("sights.course_degrees", COURSE), ("sights.speed_knots", SPEED)]:
        deck.run(["config", "set", key, f"{value:g}"], show=False)
        deck.config.append(f"timedeck config set {key} {value:g}")
    deck.note(("config",))

    # The plan for the day, from the night DR.
    plan_args = ["sights", "plan", "--dr", dr_arg(night_dr(parse_iso("2026-05-14T05:00Z"))), "--at", "2026-05-14T05:00:00Z"]
    plan = deck.json(plan_args)
    deck.run(plan_args)
    ev = plan["events"]
    sunrise, civil = parse_iso(ev["sunrise"]), parse_iso(ev["eveningCivilTwilight"])
    # The noon to preset the sextant for: the passage where the ship will be (DR for the passage itself).
    lan_pred = parse_iso(ev["meridianPassage"])
    for _ in range(3):
        lan_pred = parse_iso(deck.json(["noon", "--dr", dr_arg(night_dr(lan_pred)), "--date", "2026-05-14"])["meridianPassage"])
    deck.run(["noon", "--dr", dr_arg(night_dr(lan_pred)), "--date", "2026-05-14"])

    # The marks: instants chosen as a navigator would press Space, sights from the truth.
    marks = []  # (instant, sight text, role)

    def mark(t, body, role, misread=0.0):
        d = t.utc_datetime()
        t = ts.from_datetime(d.replace(microsecond=round(d.microsecond / 100000) * 100000 % 1000000))  # tenths of a second
        marks.append((t, f"{body}, {sextant(body, t, misread)}" if body else None, role))
        if body:
            READINGS[-1] = (len(marks),) + READINGS[-1]
        return len(marks)

    def at(t, minutes):
        return ts.tt_jd(t.tt + minutes / 1440)

    m_sunrise = mark(at(sunrise, 0.7), None, "compass")
    m_morning = mark(parse_iso("2026-05-14T09:41:17.3Z"), "Sun LL", "morning")
    noon_ids = [mark(at(lan_pred, k * 3 + 0.31), "Sun LL", "noon") for k in range(-5, 6)]
    # Evening: the plan's stars at evening civil twilight.
    evening = deck.json(["sights", "plan", "--dr", dr_arg(night_dr(civil)), "--at", iso(at(civil, -60))])
    ranked = sorted([b for b in evening["bodies"] if b.get("rank")], key=lambda b: b["rank"])
    planets = ("Venus", "Mars", "Jupiter", "Saturn")
    run_body = [b["body"] for b in ranked if b["body"] not in planets + ("Polaris",)][0]
    stars = [run_body] + [b["body"] for b in ranked if b["body"] not in (run_body, "Polaris")][:2]
    t0 = at(civil, 6)
    run_ids = [mark(at(t0, k * 0.6 + 0.05 * k * k), stars[0], "run", misread=(3.0 if k == 3 else 0.0)) for k in range(5)]
    other_ids = [mark(at(t0, 4 + 2.5 * i), s, "star") for i, s in enumerate(stars[1:])]
    m_polaris = mark(at(t0, 10), "Polaris", "polaris")

    export = []
    for i, (t, _, role) in enumerate(marks):
        ns = int(round(t.utc_datetime().timestamp() * 10)) * 100_000_000
        export.append({"unixNanoseconds": ns, "uniqueKey": f"worked-day-2026-05-14-{i + 1:02d}",
                       "note": {"compass": "sunrise bearing", "morning": "Sun", "noon": "noon run",
                                "run": "star run", "star": "star", "polaris": "Polaris"}[role],
                       "clock": {"synchronized": True, "estimatedErrorMicroseconds": 2000,
                                 "maximumErrorMicroseconds": 5000, "summary": "clock synchronized (kernel)"}})
    path = os.path.join(deck.env["TIMEDECK_HOME"], "day.json")
    with open(path, "w") as f:
        json.dump(export, f)
    deck.run(["marks", "import", path], shown=["marks", "import", "day.json"])
    deck.log[-1] = (*deck.log[-1][:2], deck.log[-1][2].replace(path, "day.json"))
    for i, (t, sight, _) in enumerate(marks):
        if sight:
            deck.run(["marks", "sight", str(i + 1), sight], show=(i + 1 in (m_morning, noon_ids[0], run_ids[0], m_polaris)))
    deck.run(["marks", "list"])
    deck.note(("readings",))

    summary = {}

    def utc_of(i):
        return iso(marks[i - 1][0])

    # Compass check at sunrise: the bearing as read off the compass, to 0.5°.
    tc = marks[m_sunrise - 1][0]
    true_az = topocentric("Sun", tc, *truth(tc))[1]
    bearing = round((true_az - COMPASS_ERROR) * 2) / 2
    deck.note(("truth", "sunrise", tc))
    deck.note(("compass", iso(tc), true_az, bearing))
    c = deck.json(["compass", "--dr", dr_arg(night_dr(tc)), "--body", "Sun", "--bearing", f"{bearing:.1f}", "--at", utc_of(m_sunrise),
                   "--variation", str(VARIATION), "--amplitude"])
    deck.run(["compass", "--dr", dr_arg(night_dr(tc)), "--body", "Sun", "--bearing", f"{bearing:.1f}", "--at", utc_of(m_sunrise),
              "--variation", str(VARIATION), "--amplitude"])
    summary["compass_error_vs_truth_deg"] = c["error"] - (true_az - bearing)

    # Morning Sun line, advanced to noon.
    lan = lan_pred
    deck.note(("truth", "morning", marks[m_morning - 1][0]))
    deck.run(["fix", "--dr", dr_arg(night_dr(lan)), "--at", iso(lan), "--marks", str(m_morning)])
    # Noon curve.
    n = deck.json(["noon", "--dr", dr_arg(night_dr(lan)), "--marks", ",".join(map(str, noon_ids))])
    deck.run(["noon", "--dr", dr_arg(night_dr(lan)), "--marks", ",".join(map(str, noon_ids))])
    t_max = parse_iso(n["maxTime"])
    deck.note(("truth", "noon", t_max))
    summary["noon_lat_error_arcmin"] = (n["lat"] - truth(t_max)[0]) * 60
    summary["noon_lon_error_arcmin"] = (n["lon"] - truth(t_max)[1]) * 60
    # Running fix: the morning line advanced to the sight nearest the passage.
    mid = min(noon_ids, key=lambda i: abs(marks[i - 1][0].tt - t_max.tt))
    t_rf = marks[mid - 1][0]
    rf = deck.json(["fix", "--dr", dr_arg(night_dr(t_rf)), "--at", utc_of(mid), "--marks", f"{m_morning},{mid}"])
    deck.run(["fix", "--dr", dr_arg(night_dr(t_rf)), "--at", utc_of(mid), "--marks", f"{m_morning},{mid}"])
    deck.note(("truth", "running fix", t_rf))
    summary["running_fix_miss_nm"] = distance_nm(truth(t_rf), (rf["lat"], rf["lon"]))[0]

    # From here the DR is the running fix, run on at 250° 10 kn.
    def day_dr(t):
        return move(rf["lat"], rf["lon"], COURSE, SPEED * (t.tt - t_rf.tt) * 24)

    te = marks[other_ids[-1] - 1][0]
    deck.note(("newdr", t_rf, te, day_dr(te)))
    runs = ",".join(map(str, run_ids))
    av = deck.json(["sights", "average", "--dr", dr_arg(day_dr(te)), "--marks", runs])
    deck.run(["sights", "average", "--dr", dr_arg(day_dr(te)), "--marks", runs])
    others = ",".join(map(str, other_ids))
    fx = deck.json(["fix", "--dr", dr_arg(day_dr(te)), "--at", iso(te), "--marks", others, "--sight", av["sight"]])
    deck.run(["fix", "--dr", dr_arg(day_dr(te)), "--at", iso(te), "--marks", others, "--sight", av["sight"]])
    deck.note(("truth", "evening fix", te))
    summary["evening_fix_miss_nm"] = distance_nm(truth(te), (fx["lat"], fx["lon"]))[0]
    summary["average_outliers"] = av["outliers"]

    tp = marks[m_polaris - 1][0]
    pol_sight = f"{marks[m_polaris - 1][1]}, {utc_of(m_polaris)}"
    pj = deck.json(["polaris", "--dr", dr_arg(day_dr(tp)), "--sight", pol_sight])
    deck.run(["polaris", "--dr", dr_arg(day_dr(tp)), "--sight", pol_sight])
    deck.note(("truth", "Polaris", tp))
    summary["polaris_lat_error_arcmin"] = (pj["lat"] - truth(tp)[0]) * 60

    if opts.check:
        print(json.dumps(summary, indent=1))
        bad = summary["running_fix_miss_nm"] >= 1 or summary["evening_fix_miss_nm"] >= 1 \
            or abs(summary["noon_lat_error_arcmin"]) >= 1 or abs(summary["polaris_lat_error_arcmin"]) >= 1 \
            or abs(summary["compass_error_vs_truth_deg"]) >= 0.2 or summary["average_outliers"] != 1
        sys.exit(1 if bad else 0)
    render(deck, summary)


def render(deck, summary):
    for kind, a, out in deck.log:
        if kind == "cmd":
            shown = " ".join(quote(x) for x in a)
            print("```\n$ timedeck " + shown + ("\n" + out if out else "") + "\n```\n")
        else:
            what = a[0]
            if what == "truth":
                t = a[2]
                print(f"*Truth ({a[1]}): the ship was at {fmt_pos(truth(t))} at {iso(t)}.*\n")
            elif what == "readings":
                print("| mark | body | UTC | Hs read | Hs without error | reading − exact |\n|---|---|---|---|---|---|")
                for mark_id, body, utc, exact, read in READINGS:
                    print(f"| #{mark_id} | {body} | {utc[11:21]} | {dm(read)} | {dm(exact, 2)} | {read - exact:+.2f}′ |")
                print()
            elif what == "config":
                print("```\n" + "\n".join(deck.config) + "\n```\n")
            elif what == "compass":
                print(f"*Truth: the Sun's true azimuth from the ship's true position at {a[1]} "
                      f"was {a[2]:.2f}°; the compass read {a[3]:.1f}° (error {a[2] - a[3]:+.2f}°).*\n")
            elif what == "newdr":
                print(f"*New DR: the running fix, run on {COURSE:.0f}° at {SPEED:.0f} kn to {iso(a[2])}: {fmt_pos(a[3])}.*\n")
    print("<!-- summary: " + json.dumps(summary) + " -->")


if __name__ == "__main__":
    main()
