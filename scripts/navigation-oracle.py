#!/usr/bin/env python3
"""Writes Tests/TimeKitTests/Fixtures/navigation-oracle.json: cases for one
line of position, a latitude by Polaris, compass error and the
identification of an unknown body, from Skyfield with JPL DE421 —
independent of timedeck's Swift code (issue 32).

Needs: pip install skyfield de421 jplephem numpy.

DE421 is read from the `de421` PyPI package, set up in scripts/oracle_setup.py.
Star positions: the Hipparcos (I/311) values committed in
Resources/almanac-stars.tsv and Resources/almanac-bright-stars.tsv (the same catalogue; the almanac's own star
work is checked by almanac-oracle.py against the original file).

Each sight's Hs is made from what Skyfield says an observer at a known
("true") position sees: the topocentric airless altitude of the body's
centre, turned into a sextant reading by the Nautical Almanac's
corrections written out again (oracle_setup.Sextant: dip 1.76'·sqrt(h), Bennett refraction
scaled by 0.28·P/(T + 273), semi-diameter). Hc and Zn from the DR are worked
here from Skyfield's GHA and declination with the spherical triangle.
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import (EARTH_RADIUS_KM, MOON_RADIUS_KM, PLANETS as PLANET_SERIES, SUN_RADIUS_KM,  # noqa: E402
                          Sextant, earth, moon, move, observer, random_utc, read_stars, sun, ts, write_fixture)
from oracle_setup import topocentric as topocentric_of  # noqa: E402

EYE, IE, TEMP, PRES = 2.5, -1.2, 12.0, 1020.0  # the conditions of every case
SEXTANT = Sextant(EYE, IE, TEMP, PRES)

bodies = dict({"Sun": sun}, **PLANET_SERIES)
bodies.update(read_stars("almanac-stars.tsv"))
PLANETS = ["Venus", "Mars", "Jupiter", "Saturn"]
STARS = [n for n in bodies if n not in ["Sun"] + PLANETS]
# The brighter Hipparcos stars `identify` also knows (Resources/almanac-bright-stars.tsv, the same I/311 values).
BRIGHT = []
for name, star in read_stars("almanac-bright-stars.tsv"):
    bodies[name] = star
    BRIGHT.append(name)


def topocentric(name, t, lat, lon):
    """Airless altitude and azimuth of the centre, degrees, seen from (lat, lon) on WGS84."""
    return topocentric_of(bodies[name], t, lat, lon)


def gha_dec(name, t):
    app = earth.at(t).observe(bodies[name]).apparent()
    ra, dec, _ = app.radec(epoch="date")
    return (t.gast * 15.0 - ra.hours * 15.0) % 360.0, dec.degrees


def triangle(gha, dec, lat, lon):
    r = math.radians
    lha = r(gha + lon)
    s = math.sin(r(lat)) * math.sin(r(dec)) + math.cos(r(lat)) * math.cos(r(dec)) * math.cos(lha)
    h = math.degrees(math.asin(s))
    zn = math.degrees(math.atan2(-math.cos(r(dec)) * math.sin(lha),
                                 math.sin(r(dec)) * math.cos(r(lat)) - math.cos(r(dec)) * math.sin(r(lat)) * math.cos(lha)))
    return h, zn % 360.0


def hs_from(h_centre, sd_arcmin=0.0, limb="centre"):
    """The sextant reading of a body whose centre is at airless altitude h_centre."""
    h1 = h_centre - sd_arcmin / 60 if limb == "lower" else h_centre
    return SEXTANT.reading(h1)


def utc(rng, years=(2000, 2024)):
    return random_utc(rng, *years)


rng = random.Random(32)
conditions = {"eye": EYE, "ie": IE, "temp": TEMP, "pressure": PRES}

sun_lines = []
while len(sun_lines) < 10:
    lat, lon, t = rng.uniform(-55, 60), rng.uniform(-180, 180), utc(rng)
    alt, az, dist = topocentric("Sun", t, lat, lon)
    if not 12 < alt < 65:
        continue
    sd = math.degrees(math.asin(SUN_RADIUS_KM / dist)) * 60
    dr = move(lat, lon, rng.uniform(0, 360), rng.uniform(3, 15))
    gha, dec = gha_dec("Sun", t)
    hc, zn = triangle(gha, dec, *dr)
    ho = triangle(gha, dec, lat, lon)[0]
    sun_lines.append({"utc": t.utc_iso(places=3), "hs": hs_from(alt, sd, "lower"), "dr": list(dr), "truth": [lat, lon],
                      "hc": hc, "zn": zn, "ho": ho, "intercept": (ho - hc) * 60})

polaris = []
while len(polaris) < 12:
    lat, lon, t = rng.uniform(3, 70), rng.uniform(-180, 180), utc(rng)
    alt, az, _ = topocentric("Polaris", t, lat, lon)
    # The latitude holds on the DR meridian: 0.1° of longitude moves it up to 0.07′ (polar distance·sin LHA).
    dr = (lat + rng.uniform(-0.4, 0.4), lon + rng.uniform(-0.1, 0.1))
    polaris.append({"utc": t.utc_iso(places=3), "hs": hs_from(alt), "dr": list(dr), "lat": lat,
                    "azimuth_at_dr_lon": triangle(*gha_dec("Polaris", t), lat, dr[1])[1], "azimuth_skyfield": az,
                    "truth_lon": lon})

compass = []
names = ["Sun", "Venus", "Jupiter", "Sirius", "Vega", "Canopus", "Arcturus", "Capella"]
while len(compass) < 12:
    name, lat, lon, t = rng.choice(names), rng.uniform(-60, 60), rng.uniform(-180, 180), utc(rng)
    alt, az, _ = topocentric(name, t, lat, lon)
    if not 0 < alt < 50:
        continue
    error, variation = round(rng.uniform(-8, 8), 1), round(rng.uniform(-20, 20), 1)
    compass.append({"body": name, "utc": t.utc_iso(places=3), "dr": [lat, lon], "bearing": (az - error) % 360,
                    "variation": variation, "azimuth": az, "error": error, "deviation": error - variation})
# Amplitudes: the Sun's centre at a geometric altitude of −0.7° (on the visible horizon from 2.5 m, about).
while len(compass) < 16:
    lat, lon, t0 = rng.uniform(-55, 55), rng.uniform(-180, 180), utc(rng)
    a0 = topocentric("Sun", t0, lat, lon)[0]
    step = 120 / 86400
    found = None
    for k in range(1, 800):
        t1 = ts.tt_jd(t0.tt + k * step)
        a1 = topocentric("Sun", t1, lat, lon)[0]
        if (a0 + 0.7) * (a1 + 0.7) < 0:
            lo, hi = t1.tt - step, t1.tt
            for _ in range(30):
                mid = (lo + hi) / 2
                if (topocentric("Sun", ts.tt_jd(mid), lat, lon)[0] + 0.7) * (a0 + 0.7) > 0:
                    lo = mid
                else:
                    hi = mid
            found = ts.tt_jd((lo + hi) / 2)
            break
        a0 = a1
    if found is None:
        continue
    alt, az, _ = topocentric("Sun", found, lat, lon)
    error = round(rng.uniform(-8, 8), 1)
    rising = az < 180
    compass.append({"body": "Sun", "utc": found.utc_iso(places=3), "dr": [lat, lon], "bearing": (az - error) % 360,
                    "azimuth": az, "error": error, "amplitude": 90 - az if rising else az - 270,
                    "event": "rising" if rising else "setting"})

def full_sky(sky, t, lat, lon):
    """`sky` (the navigational stars and planets) with the brighter Hipparcos stars added."""
    return dict(sky, **{n: topocentric(n, t, lat, lon)[:2] for n in BRIGHT})


def within_of(alt, zn, sky):
    return sorted(n for n, (h, z) in sky.items() if h > 0 and abs(alt - h) <= 2 and abs((zn - z + 180) % 360 - 180) <= 5)


# The cases are chosen among the navigational stars and planets as before (the same draws); `within` and `body`
# count every star identify knows, the brighter Hipparcos stars too.
identify = []
while len(identify) < 16:
    lat, lon, t = rng.uniform(-60, 60), rng.uniform(-180, 180), utc(rng)
    sky = {n: topocentric(n, t, lat, lon)[:2] for n in STARS + PLANETS}
    up = [n for n, (a, _) in sky.items() if 15 < a < 75]
    if not up:
        continue
    target = rng.choice(up)
    alt, az = sky[target]
    zn = (az + rng.uniform(-3, 3)) % 360
    within = within_of(alt, zn, full_sky(sky, t, lat, lon))
    identify.append({"utc": t.utc_iso(places=3), "dr": [lat, lon], "hs": hs_from(alt), "zn": zn, "target": target,
                     "body": target if within == [target] else None, "within": sorted(within)})

# Sights between two bodies that both fit (body null): found by searching the sky for close pairs.
ambiguous = 0
while ambiguous < 4:
    lat, lon, t = rng.uniform(-60, 60), rng.uniform(-180, 180), utc(rng)
    sky = {n: topocentric(n, t, lat, lon)[:2] for n in STARS + PLANETS}
    pairs = [(a, b) for a in sky for b in sky if a < b and 15 < sky[a][0] < 75 and sky[b][0] > 0
             and abs(sky[a][0] - sky[b][0]) < 1.5 and abs((sky[a][1] - sky[b][1] + 180) % 360 - 180) < 4]
    if not pairs:
        continue
    a, b = pairs[0]
    alt, zn = (sky[a][0] + sky[b][0]) / 2, (sky[a][1] + ((sky[b][1] - sky[a][1] + 180) % 360 - 180) / 2) % 360
    within = within_of(alt, zn, full_sky(sky, t, lat, lon))
    identify.append({"utc": t.utc_iso(places=3), "dr": [lat, lon], "hs": hs_from(alt), "zn": zn, "target": a,
                     "body": None, "within": within})
    ambiguous += 1

# Near misses: a second body within 2° of altitude but 6°–10° off in azimuth (outside 5°): the first is named.
near = 0
while near < 4:
    lat, lon, t = rng.uniform(-60, 60), rng.uniform(-180, 180), utc(rng)
    sky = {n: topocentric(n, t, lat, lon)[:2] for n in STARS + PLANETS}
    pairs = [(a, b) for a in sky for b in sky if a != b and 15 < sky[a][0] < 75 and sky[b][0] > 0
             and abs(sky[a][0] - sky[b][0]) < 1.5 and 6 < abs((sky[a][1] - sky[b][1] + 180) % 360 - 180) < 10]
    if not pairs:
        continue
    a, b = pairs[0]
    alt, zn = sky[a]
    within = within_of(alt, zn, full_sky(sky, t, lat, lon))
    identify.append({"utc": t.utc_iso(places=3), "dr": [lat, lon], "hs": hs_from(alt), "zn": zn, "target": a,
                     "body": a if within == [a] else None, "within": within, "near_miss": b})
    near += 1

# Unknown sights of the brighter Hipparcos stars (not navigational: Mizar, Mimosa, Castor …), with their own
# generator so the cases above keep their draws: 16 named or refused as the whole sky says, and each new star's Hc
# and Zn from a DR (GHA and Dec from Skyfield, the spherical triangle here) for the almanac's own places.
brng = random.Random(3206)
identify_bright = []
bright_places = []
while len(identify_bright) < 16:
    lat, lon, t = brng.uniform(-60, 60), brng.uniform(-180, 180), utc(brng)
    sky = full_sky({n: topocentric(n, t, lat, lon)[:2] for n in STARS + PLANETS}, t, lat, lon)
    up = [n for n in BRIGHT if 15 < sky[n][0] < 75]
    if not up:
        continue
    target = brng.choice(up)
    alt, az = sky[target]
    zn = (az + brng.uniform(-3, 3)) % 360
    within = within_of(alt, zn, sky)
    identify_bright.append({"utc": t.utc_iso(places=3), "dr": [lat, lon], "hs": hs_from(alt), "zn": zn,
                            "target": target, "body": target if within == [target] else None, "within": within})
    dr = move(lat, lon, brng.uniform(0, 360), brng.uniform(3, 15))
    hc, zn_dr = triangle(*gha_dec(target, t), *dr)
    bright_places.append({"body": target, "utc": t.utc_iso(places=3), "dr": list(dr), "hc": hc, "zn": zn_dr})

# The Moon's parallax on the WGS-84 ellipsoid (issue 32 item 8): an observer at latitude 0°, ±45° or ±70° (and a
# few between) sees the Moon at a topocentric airless altitude (Skyfield, wgs84.latlon); `ho` is the altitude of its
# geocentric direction from the same place by the spherical triangle, which is what Hc is. Limbs: the topocentric
# semi-diameter from the Moon radius the almanac uses (k = 0.2725076 equatorial radii). `spherical` is what the
# old model (Ho = H + asin(sin HP·cos H), HP from the geocentric distance) gives for the same Hs, for the record.
moon_parallax = []
for lat in [0.0, 45.0, -45.0, 70.0, -70.0, 20.0, -30.0, 60.0]:
    made = 0
    while made < 4:
        lon, t = rng.uniform(-180, 180), utc(rng)
        app = observer(lat, lon).at(t).observe(moon).apparent()
        alt, az, dist = app.altaz()
        if not 8 < alt.degrees < 85:
            continue
        geo = earth.at(t).observe(moon).apparent()
        ra, dec, gdist = geo.radec(epoch="date")
        gha = (t.gast * 15.0 - ra.hours * 15.0) % 360.0
        ho = triangle(gha, dec.degrees, lat, lon)[0]
        limb = ["centre", "lower", "upper", "lower"][made]
        sd = math.degrees(math.asin(MOON_RADIUS_KM / dist.km)) * 60
        h_limb = alt.degrees + {"centre": 0, "lower": -sd, "upper": sd}[limb] / 60
        hs = hs_from(h_limb) if limb != "lower" else hs_from(alt.degrees, sd, "lower")
        # The old model, for the record: Ho = H1 ± SD·(1 + sin HP·sin H1) + asin(sin HP·cos H2).
        hp = math.asin(EARTH_RADIUS_KM / gdist.km)
        ha = hs - (IE + 1.76 * math.sqrt(EYE)) / 60
        h1 = ha - SEXTANT.refraction(ha) / 60
        sdg = math.degrees(math.asin(MOON_RADIUS_KM / gdist.km)) * (1 + math.sin(hp) * math.sin(math.radians(h1)))
        h2 = h1 + {"centre": 0, "lower": sdg, "upper": -sdg}[limb]
        spherical = h2 + math.degrees(math.asin(math.sin(hp) * math.cos(math.radians(h2))))
        moon_parallax.append({"utc": t.utc_iso(places=3), "lat": lat, "lon": lon, "limb": limb, "hs": hs,
                              "topocentric_altitude": alt.degrees, "azimuth": az.degrees, "ho": ho,
                              "spherical_error": (spherical - ho) * 60})
        made += 1

write_fixture("navigation-oracle.json",
              {"source": "Skyfield + JPL DE421 (scripts/navigation-oracle.py)", "conditions": conditions,
               "sun_lines": sun_lines, "polaris": polaris, "compass": compass, "identify": identify,
               "moon_parallax": moon_parallax, "identify_bright": identify_bright, "bright_places": bright_places},
              indent=0, final_newline=False)
print(len(sun_lines), "Sun lines,", len(polaris), "Polaris,", len(compass), "compass,", len(identify), "identify;",
      sum(1 for c in identify if c["body"] is None), "not unique;", len(identify_bright), "bright identify,",
      sum(1 for c in identify_bright if c["body"] is None), "not unique;", len(moon_parallax), "Moon parallax, spherical error up to",
      round(max(abs(c["spherical_error"]) for c in moon_parallax), 3), "arcmin")
