#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/sun-oracle.json: sunrise and sunset
cases from Skyfield's `almanac.sunrise_sunset` with JPL DE421 — independent
of timedeck's Swift code (issue 34).

Needs: pip install skyfield de421 jplephem numpy.

DE421 is read from the `de421` PyPI package, set up in scripts/oracle_setup.py.
Skyfield's rule: the Sun is up when the apparent topocentric altitude of its
centre (airless) is above −0.8333° (upper limb on the horizon with standard
refraction), found with `find_discrete`.

The day searched is the one timedeck uses: the mean solar day at the
longitude, from UTC midnight − longitude/15 h, for 24 h. A day with no
event is polar day or night by the Sun's altitude at local mean noon.
"""
import os
import sys

from skyfield import almanac
from skyfield.api import wgs84

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import at_unix, earth, mean_solar_day_start, sun, ts, unix_seconds, write_fixture  # noqa: E402

ephemeris = {"sun": sun, "earth": earth}

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


cases = []
for name, lat, lon in PLACES:
    topos = wgs84.latlon(lat, lon)
    up = almanac.sunrise_sunset(ephemeris, topos)
    for date in DATES:
        y, m, d = map(int, date.split("-"))
        noon = ts.utc(y, m, d, 12)
        noon_unix = unix_seconds(noon)
        start = mean_solar_day_start(noon_unix, lon)
        times, ups = almanac.find_discrete(at_unix(start), at_unix(start + 86400), up)
        rise = next((unix_seconds(t) for t, u in zip(times, ups) if u), None)
        sett = next((unix_seconds(t) for t, u in zip(times, ups) if not u), None)
        polar = None
        if len(times) == 0:
            polar = "day" if bool(up(at_unix(start + 43200))) else "night"
        cases.append({"place": name, "latitude": lat, "longitude": lon, "at": noon_unix,
                      "dayStart": start, "sunrise": rise, "sunset": sett, "polar": polar})

write_fixture("sun-oracle.json",
              {"source": "scripts/sun-oracle.py: Skyfield almanac.sunrise_sunset, JPL DE421", "cases": cases}, indent=1)
print(len(cases), "cases,", sum(c["polar"] is not None for c in cases), "polar")
