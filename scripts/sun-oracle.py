#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/sun-oracle.json: sunrise and sunset
cases from Skyfield's `almanac.sunrise_sunset` with JPL DE421 — independent
of timedeck's Swift code (issue 34).

Needs: pip install skyfield de421 jplephem numpy.

DE421 is read from the `de421` PyPI package as in scripts/navigation-oracle.py.
Skyfield's rule: the Sun is up when the apparent topocentric altitude of its
centre (airless) is above −0.8333° (upper limb on the horizon with standard
refraction), found with `find_discrete`.

The day searched is the one timedeck uses: the mean solar day at the
longitude, from UTC midnight − longitude/15 h, for 24 h. A day with no
event is polar day or night by the Sun's altitude at local mean noon.
"""
import json
import math
import os

import de421
from jplephem.ephem import Ephemeris
from skyfield import almanac
from skyfield.api import load, wgs84
from skyfield.constants import AU_KM
from skyfield.vectorlib import VectorFunction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EPH = Ephemeris(de421)


class Series(VectorFunction):
    def __init__(self, name, center, target, scale=1.0):
        self.name, self.center, self.target, self.scale = name, center, target, scale

    def _at(self, t):
        p, v = EPH.position_and_velocity(self.name, t.whole, t.tdb_fraction)
        if getattr(t, "shape", ()) == () and p.ndim > 1:   # one instant: (3,), as Skyfield expects
            p, v = p[:, 0], v[:, 0]
        return p * self.scale / AU_KM, v * self.scale / AU_KM, None, None


emrat = float(EPH.EMRAT)
sun = Series("sun", 0, 10)
deflectors = {10: sun, 5: Series("jupiter", 0, 5), 6: Series("saturn", 0, 6)}
segments = [Series("earthmoon", 0, 3), Series("moon", 3, 399, -1.0 / (1.0 + emrat)), sun]
for vf in segments:
    vf.ephemeris = deflectors
earth = segments[0] + segments[1]
ephemeris = {"sun": sun, "earth": earth}
ts = load.timescale(builtin=True)

# (name, latitude, longitude): the tropics, mid-latitudes, 60°+ both ways.
PLACES = [
    ("Singapore", 1.29, 103.85), ("Honolulu", 21.31, -157.86), ("Quito", -0.18, -78.47),
    ("Rio", -22.91, -43.17), ("Paris", 48.8566, 2.3522), ("Sydney", -33.87, 151.21),
    ("Helsinki", 60.17, 24.94), ("Reykjavik", 64.15, -21.94), ("Tromso", 69.65, 18.96),
    ("Longyearbyen", 78.22, 15.65), ("McMurdo", -77.85, 166.67), ("Ushuaia", -54.80, -68.30),
]
# Noon UTC on these dates: solstices, equinoxes and in between, two years.
DATES = ["2026-03-20", "2026-05-05", "2026-06-21", "2026-08-10", "2026-09-23",
         "2026-11-28", "2026-12-21", "2027-02-01"]


def day_start(unix, lon):
    offset = lon / 15 * 3600
    return math.floor((unix + offset) / 86400) * 86400 - offset



cases = []
for name, lat, lon in PLACES:
    topos = wgs84.latlon(lat, lon)
    up = almanac.sunrise_sunset(ephemeris, topos)
    for date in DATES:
        y, m, d = map(int, date.split("-"))
        noon = ts.utc(y, m, d, 12)
        noon_unix = (noon.utc_datetime().timestamp())
        start = day_start(noon_unix, lon)
        t0 = ts.utc(1970, 1, 1, 0, 0, start)
        t1 = ts.utc(1970, 1, 1, 0, 0, start + 86400)
        times, ups = almanac.find_discrete(t0, t1, up)
        rise = next((t.utc_datetime().timestamp() for t, u in zip(times, ups) if u), None)
        sett = next((t.utc_datetime().timestamp() for t, u in zip(times, ups) if not u), None)
        polar = None
        if len(times) == 0:
            polar = "day" if bool(up(ts.utc(1970, 1, 1, 0, 0, start + 43200))) else "night"
        cases.append({"place": name, "latitude": lat, "longitude": lon, "at": noon_unix,
                      "dayStart": start, "sunrise": rise, "sunset": sett, "polar": polar})

out = os.path.join(ROOT, "Tests", "TimeKitTests", "Fixtures", "sun-oracle.json")
with open(out, "w") as f:
    json.dump({"source": "scripts/sun-oracle.py: Skyfield almanac.sunrise_sunset, JPL DE421", "cases": cases}, f, indent=1)
    f.write("\n")
print(len(cases), "cases,", sum(c["polar"] is not None for c in cases), "polar")
