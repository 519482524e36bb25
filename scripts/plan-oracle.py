#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/plan-oracle.json: the day of a sight
plan (issue 32 item 7) from Skyfield with JPL DE421 — nautical and civil
twilight, sunrise and sunset, moonrise and moonset and the Sun's meridian
passage — independent of timedeck's Swift code.

Needs: pip install skyfield de421 jplephem numpy.

DE421 is read from the `de421` PyPI package, set up in scripts/oracle_setup.py.
Conventions (those of the almanacs and of timedeck):
- twilight: the Sun's centre at a topocentric airless altitude of −12°
  (nautical) and −6° (civil);
- sunrise/sunset: the centre at −0.8333° (upper limb on the horizon with
  34′ of refraction), as in sun-oracle.py;
- moonrise/moonset: the upper limb on the horizon with 34′ of refraction,
  the Moon's topocentric semi-diameter from k = 0.2725076 equatorial radii;
- meridian passage: the Sun's geocentric apparent local hour angle 0.
Every event is searched inside the mean solar day at the longitude (from UTC
midnight − longitude/15 h, for 24 h) holding noon UTC of the date, sampled
every 10 minutes and bisected to a millisecond.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import (MOON_RADIUS_KM, at_unix, earth, mean_solar_day_start, moon, observer,  # noqa: E402
                          sun, ts, unix_seconds, write_fixture)

PLACES = [("Singapore", 1.29, 103.85), ("Paris", 48.8566, 2.3522), ("Sydney", -33.87, 151.21),
          ("Reykjavik", 64.15, -21.94), ("Tromso", 69.65, 18.96), ("Longyearbyen", 78.22, 15.65),
          ("McMurdo", -77.85, 166.67), ("Mid-Atlantic", 40.0, -50.0)]
DATES = ["2026-03-20", "2026-06-21", "2026-09-23", "2026-11-28", "2026-12-21"]


def sun_alt(place, u):
    return place.at(at_unix(u)).observe(sun).apparent().altaz()[0].degrees


def moon_upper_limb(place, u):
    alt, _, dist = place.at(at_unix(u)).observe(moon).apparent().altaz()
    return alt.degrees + np.degrees(np.arcsin(MOON_RADIUS_KM / dist.km)) + 34.0 / 60.0


def crossings(f, start, level):
    """(unix, rising) where f − level changes sign in the day, bisected to a millisecond."""
    us = start + np.arange(0, 86400 + 1, 600.0)
    vals = np.asarray(f(us)) - level
    out = []
    for i in range(len(us) - 1):
        if (vals[i] < 0) != (vals[i + 1] < 0):
            lo, hi, vlo = us[i], us[i + 1], vals[i]
            while hi - lo > 0.001:
                mid = (lo + hi) / 2
                vm = f(mid) - level
                if (vm < 0) == (vlo < 0):
                    lo, vlo = mid, vm
                else:
                    hi = mid
            out.append(((lo + hi) / 2, bool(vals[i + 1] > vals[i])))
    return out


def local_hour_angle(u, lon):
    t = at_unix(u)
    ra, _, _ = earth.at(t).observe(sun).apparent().radec(epoch="date")
    return ((t.gast * 15.0 - ra.hours * 15.0 + lon + 180.0) % 360.0) - 180.0


cases = []
for name, lat, lon in PLACES:
    place = observer(lat, lon)
    for date in DATES:
        y, m, d = map(int, date.split("-"))
        noon_unix = unix_seconds(ts.utc(y, m, d, 12))
        start = mean_solar_day_start(noon_unix, lon)
        sunf = lambda u: sun_alt(place, u)
        events = {}
        for level, rise_name, set_name in [(-12.0, "morningNauticalTwilight", "eveningNauticalTwilight"),
                                           (-6.0, "morningCivilTwilight", "eveningCivilTwilight"),
                                           (-0.8333, "sunrise", "sunset")]:
            for u, rising in crossings(sunf, start, level):
                key = rise_name if rising else set_name
                events.setdefault(key, u)
        for u, rising in crossings(lambda u: moon_upper_limb(place, u), start, 0.0):
            events.setdefault("moonrise" if rising else "moonset", u)
        lo, hi = start + 43200 - 3600, start + 43200 + 3600
        while hi - lo > 0.001:
            mid = (lo + hi) / 2
            if local_hour_angle(mid, lon) < 0:
                lo = mid
            else:
                hi = mid
        events["meridianPassage"] = (lo + hi) / 2
        highest = float(max(np.asarray(sunf(start + np.arange(0, 86400 + 1, 600.0)))))
        lowest = float(min(np.asarray(sunf(start + np.arange(0, 86400 + 1, 600.0)))))
        cases.append({"place": name, "latitude": lat, "longitude": lon, "at": noon_unix, "dayStart": start,
                      "events": events, "sunHighest": highest, "sunLowest": lowest})
        print(name, date, len(events), "events", round(lowest, 1), round(highest, 1))

write_fixture("plan-oracle.json",
              {"source": "scripts/plan-oracle.py: Skyfield topocentric altitudes, JPL DE421", "cases": cases}, indent=1)
print(len(cases), "cases")
