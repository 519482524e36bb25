"""What the Skyfield + JPL DE421 oracle scripts share (a module, not a script).

Used by almanac-oracle.py, navigation-oracle.py, plan-oracle.py,
sun-oracle.py, mars-light-oracle.py, inner-planets-oracle.py and
worked-day.py, which import it from their own folder:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from oracle_setup import ...

Needs: pip install skyfield de421 jplephem numpy.

DE421 comes from the `de421` PyPI package (JPL's ephemeris as Chebyshev
arrays, km and TDB days), evaluated with jplephem and handed to Skyfield as
vector functions, because the SPK file itself cannot be fetched here. The
package has no 399/301/499: the geocentre is the Earth-Moon barycentre less
the Moon's share (EMRAT), the Moon the barycentre plus the rest, and the
planets are their system barycentres. Skyfield does the rest (precession,
nutation, light time, aberration, deflection by the Sun, Jupiter and Saturn,
GAST, UT1) with its own bundled timescale (IERS and leap-second tables).

What each script does with these (its cases, its seeds, its output) stays in
the script.
"""
import json
import math
import os

import de421
from jplephem.ephem import Ephemeris
from skyfield.api import Star, load, wgs84
from skyfield.constants import AU_KM
from skyfield.vectorlib import VectorFunction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "TimeKitTests", "Fixtures")

EPH = Ephemeris(de421)
EMRAT = float(EPH.EMRAT)
EARTH_RADIUS_KM = 6378.137            # WGS84 / IERS equatorial radius
SUN_RADIUS_KM = 696000.0
MOON_K = 0.2725076                    # the Moon's radius in Earth equatorial radii (the almanacs' k)
MOON_RADIUS_KM = MOON_K * EARTH_RADIUS_KM


class Series(VectorFunction):
    """One DE421 series (km, TDB days) as a Skyfield vector, scaled."""

    def __init__(self, name, center, target, scale=1.0):
        self.name, self.center, self.target, self.scale = name, center, target, scale

    def _at(self, t):
        p, v = EPH.position_and_velocity(self.name, t.whole, t.tdb_fraction)
        if getattr(t, "shape", ()) == () and p.ndim > 1:   # one instant: (3,), as Skyfield expects
            p, v = p[:, 0], v[:, 0]
        return p * self.scale / AU_KM, v * self.scale / AU_KM, None, None


emb = Series("earthmoon", 0, 3)
_geocentre = Series("moon", 3, 399, -1.0 / (1.0 + EMRAT))
earth = emb + _geocentre                                          # the geocentre, from the SSB
moon = emb + Series("moon", 3, 301, EMRAT / (1.0 + EMRAT))       # DE421's "moon" is geocentric
sun = Series("sun", 0, 10)
PLANETS = {"Venus": Series("venus", 0, 2), "Mars": Series("mars", 0, 4),
           "Jupiter": Series("jupiter", 0, 5), "Saturn": Series("saturn", 0, 6)}
# Deflectors for Skyfield's apparent(): the Sun and the Jupiter and Saturn system barycentres (Skyfield falls
# back to those when 599/699 are absent). Set on the segments too, so that a sum made later (earth + a place,
# as almanac.sunrise_sunset makes) finds them.
deflectors = {10: sun, 5: PLANETS["Jupiter"], 6: PLANETS["Saturn"]}
for _vf in [emb, _geocentre, earth, moon, sun] + list(PLANETS.values()):
    _vf.ephemeris = deflectors

ts = load.timescale(builtin=True)
J1991 = ts.J(1991.25)                 # the Hipparcos epoch


def observer(lat, lon, elevation_m=0.0):
    """The geocentre plus a place (geodetic degrees, metres) on WGS84, with the deflectors."""
    place = earth + wgs84.latlon(lat, lon, elevation_m=elevation_m)
    place.ephemeris = deflectors
    return place


def topocentric(body, t, lat, lon):
    """Apparent airless altitude and azimuth (degrees) of the body's centre from (lat, lon), and its distance (km)."""
    alt, az, dist = observer(lat, lon).at(t).observe(body).apparent().altaz()
    return alt.degrees, az.degrees, dist.km


def read_stars(name):
    """[(name, Star)] from a star table in Resources/ (almanac-stars.tsv's columns: name, HIP, RA and Dec in
    degrees, parallax, proper motions in mas; Hipparcos I/311 at J1991.25)."""
    stars = []
    for line in open(os.path.join(ROOT, "Resources", name)):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        stars.append((f[0], Star(ra_hours=float(f[2]) / 15.0, dec_degrees=float(f[3]), parallax_mas=float(f[4]),
                                 ra_mas_per_year=float(f[5]), dec_mas_per_year=float(f[6]), epoch=J1991)))
    return stars


def random_utc(rng, first_year, last_year):
    """A seeded random instant: any year of the range, day 1-28, to the millisecond."""
    return ts.utc(rng.randint(first_year, last_year), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                  rng.randint(0, 59), round(rng.uniform(0, 59.999), 3))


def at_unix(u):
    """The Skyfield time of Unix seconds u (UTC)."""
    return ts.utc(1970, 1, 1, 0, 0, u)


def unix_seconds(t):
    """Unix seconds (UTC) of a Skyfield time, to the microsecond."""
    return t.utc_datetime().timestamp()


def mean_solar_day_start(unix, lon):
    """The start of timedeck's day at a longitude: the mean solar day, from UTC midnight − lon/15 h."""
    offset = lon / 15 * 3600
    return math.floor((unix + offset) / 86400) * 86400 - offset


class Sextant:
    """The Nautical Almanac's altitude corrections, written out again: Bennett refraction scaled by
    0.28·P/(T + 273), dip 1.76′·sqrt(eye), index error (′, on the arc)."""

    def __init__(self, eye, ie, temp, pressure):
        self.eye, self.ie, self.temp, self.pressure = eye, ie, temp, pressure

    def refraction(self, ha):
        """Refraction (′) at apparent altitude ha (degrees)."""
        return 0.0167 / math.tan(math.radians(ha + 7.32 / (ha + 4.32))) * 60 * 0.28 * self.pressure / (self.temp + 273)

    def reading(self, h1):
        """Hs (degrees) of a point at airless altitude h1: ha − R(ha) = h1, then dip and index error."""
        ha = h1
        for _ in range(60):
            ha = h1 + self.refraction(ha) / 60
        return ha + (self.ie + 1.76 * math.sqrt(self.eye)) / 60


def move(lat, lon, bearing, miles):
    """Rhumb line (mid-latitude), as a DR is run; over a day's 140 nm it is within metres of the loxodrome."""
    d = miles / 60
    lat2 = lat + d * math.cos(math.radians(bearing))
    lon2 = lon + d * math.sin(math.radians(bearing)) / math.cos(math.radians((lat + lat2) / 2))
    return lat2, lon2


def write_fixture(name, data, indent, final_newline=True):
    """Writes Tests/TimeKitTests/Fixtures/<name> as JSON; returns its path. (almanac- and navigation-oracle.json
    were first written without a final newline and are kept so, byte for byte.)"""
    path = os.path.join(FIXTURES, name)
    with open(path, "w") as f:
        json.dump(data, f, indent=indent)
        if final_newline:
            f.write("\n")
    return path
