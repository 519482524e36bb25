#!/usr/bin/env python3
"""Oracle cases for the Mars panel's orbit picture (issue 33).

    pip install skyfield de421 jplephem numpy
    python3 scripts/inner-planets-oracle.py   # writes Tests/TimeKitTests/Fixtures/inner-planets-oracle.json

Heliocentric positions of Mercury, Venus, the Earth (geocentre: the
Earth-Moon barycentre less the Moon's share) and Mars on the J2000 ecliptic,
from the full JPL DE421 of the `de421` PyPI package (the app ships a trimmed
copy without Mercury and draws Mercury from JPL's Keplerian elements). The
ICRF equator is turned to the ecliptic by the IAU 1976 J2000 obliquity,
84381.448 arcseconds; UTC to TDB by Skyfield's timescale (DE421 and the
timescale from scripts/oracle_setup.py). Each case gives,
per planet, the ecliptic longitude (degrees), latitude (degrees) and the
distance from the Sun (AU). Instants: seeded random 1990-2050.
"""
import datetime as dt
import math
import os
import random
import sys

from skyfield.constants import AU_KM

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import EMRAT, EPH, ts, write_fixture  # noqa: E402

EPS = math.radians(84381.448 / 3600)


def pos(name, t):
    p = EPH.position(name, t.whole, t.tdb_fraction)
    return p[:, 0] if p.ndim > 1 else p


def ecliptic(v):
    x, y, z = v
    return (x, y * math.cos(EPS) + z * math.sin(EPS), -y * math.sin(EPS) + z * math.cos(EPS))


def main():
    rng = random.Random(33)
    start = dt.datetime(1990, 1, 1, tzinfo=dt.timezone.utc).timestamp()
    end = dt.datetime(2050, 1, 1, tzinfo=dt.timezone.utc).timestamp()
    cases = []
    for _ in range(24):
        unix = round(rng.uniform(start, end), 3)
        t = ts.utc(dt.datetime.fromtimestamp(unix, dt.timezone.utc))
        sun = pos("sun", t)
        earth = pos("earthmoon", t) - pos("moon", t) / (1.0 + EMRAT)
        bodies = {"mercury": pos("mercury", t), "venus": pos("venus", t), "earth": earth, "mars": pos("mars", t)}
        case = {"unix": unix}
        for name, p in bodies.items():
            x, y, z = ecliptic((p - sun) / AU_KM)
            r = math.sqrt(x * x + y * y + z * z)
            case[name] = {"longitude": math.degrees(math.atan2(y, x)) % 360, "latitude": math.degrees(math.asin(z / r)),
                          "distanceAU": r}
        cases.append(case)
    write_fixture("inner-planets-oracle.json",
                  {"about": "scripts/inner-planets-oracle.py: full DE421, heliocentric J2000 ecliptic", "cases": cases},
                  indent=0)


if __name__ == "__main__":
    main()
