#!/usr/bin/env python3
"""Oracle cases for Mars light time and the Sun at a Mars site.

    pip install skyfield de421 jplephem numpy spiceypy
    python3 scripts/mars-light-oracle.py   # writes Tests/TimeKitTests/Fixtures/mars-light-oracle.json

Part 1, light time: Skyfield's `observe` (Newtonian light time, iterated in
TDB) with the full JPL DE421 from the `de421` PyPI package (the app ships a
trimmed copy), set up in scripts/oracle_setup.py. Mars is DE421's Mars barycentre (the package has no 499), the
Earth the geocentre (EMB less the Moon's share). For an Earth-received
instant (ERT, UTC) each case gives the one-way light time, the emission
instant (SCET, UTC), the Earth-Mars distance and the Sun-Earth-Mars angle.
Instants: random 1990-2050 plus the days around three solar conjunctions.

Part 3, the ends of the light path (issue 33 item 1's option): the same
Skyfield `observe`, from an Earth station -- Skyfield's own `wgs84.latlon`
for a place given by geodetic latitude, longitude and height, and its
`ITRSPosition` for the DSN's 70 m antennas by their published Cartesian
coordinates; Skyfield turns them into the GCRS with its own precession,
IAU 2000A nutation and UT1 -- to Mars's centre or to a site on Mars. No PyPI
package ships a Mars orientation file, so the site's place in space comes
from NAIF's CSPICE (spiceypy `pxform('IAU_MARS', 'J2000', et)` and
`latrec`) reading a text PCK written here with the IAU WGCCRE 2009 Mars
constants (Archinal et al. 2011; the values of NAIF's pck00010.tpc): the
rotation is SPICE's code, the constants are typed from the report. The
site's radius is the IAU 2000 ellipsoid's at its planetocentric latitude.

Part 2, the Sun at a site: an independent implementation of the published
Mars24 method (NASA GISS "Mars24 Sunclock - Algorithm and Worked Examples",
after Allison & McEwen 2000), written here from the page's formulas with west
longitudes as the page uses them: planetographic latitude from the
planetocentric one (IAU 2000 radii 3396.19 / 3376.20 km), the planetographic
solar declination (D-2), the hour angle from the site's and the subsolar
west longitudes (D-1), cos Z = sin d sin p + cos d cos p cos H. Sunrise and
sunset (the Sun's centre on the horizon, no refraction) are found by brute
force, not by formula: a scan of the local sol at 30 s steps and a bisection
to 1 ms; local noon is where the hour angle changes sign, by bisection, and the
highest elevation comes from a golden-section search.
"""
import datetime as dt
import json
import math
import os
import random
import sys
import tempfile

import spiceypy
from skyfield.toposlib import ITRSPosition
from skyfield.units import Distance
from skyfield.constants import AU_KM
from skyfield.vectorlib import VectorFunction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_setup import (PLANETS, ROOT, earth, observer as observer_at, random_utc, sun, ts, unix_seconds,  # noqa: E402
                          write_fixture)

mars = PLANETS["Mars"]


def light_case(t):
    obs = earth.at(t).observe(mars)
    lt_days = obs.light_time
    emit = ts.tdb_jd(t.whole, t.tdb_fraction - lt_days)
    angle = obs.separation_from(earth.at(t).observe(sun)).degrees
    return {"ert": unix_seconds(t), "scet": unix_seconds(emit), "owlt": lt_days * 86400.0,
            "distanceAU": obs.distance().au, "sunEarthMarsAngle": angle}


def light_cases():
    rng = random.Random(33)
    cases = []
    for _ in range(60):
        t = random_utc(rng, 1990, 2050)
        cases.append(light_case(t))
    # Solar conjunctions of Mars (2019-09-02, 2021-10-08, 2023-11-18): every 2 days around them.
    for y, m, d in [(2019, 9, 2), (2021, 10, 8), (2023, 11, 18)]:
        for k in range(-6, 7, 2):
            cases.append(light_case(ts.utc(y, m, d + k, 7, 30, 15.25)))
    return cases


# ---- Part 2: Mars24, from the published formulas (west longitudes) ----

def tt_minus_utc(u):
    """TT - UTC (s) from Skyfield's leap-second table: 32.184 s + a whole TAI - UTC."""
    t = ts.from_datetime(dt.datetime.fromtimestamp(u, dt.timezone.utc))
    return 32.184 + round((t.tt - (2440587.5 + u / 86400.0)) * 86400.0 - 32.184)


def mars24(u):
    """Mars24 steps A-D at Unix seconds u: (MSD, MTC h, EOT deg, Ls deg, declination deg)."""
    jd_ut = 2440587.5 + u / 86400.0
    jd_tt = jd_ut + tt_minus_utc(u) / 86400.0
    t = jd_tt - 2451545.0
    m = math.radians((19.3871 + 0.52402073 * t) % 360.0)
    a_fms = (270.3871 + 0.524038496 * t) % 360.0
    table = [(0.0071, 2.2353, 49.409), (0.0057, 2.7543, 168.173), (0.0039, 1.1177, 191.837),
             (0.0037, 15.7866, 21.736), (0.0021, 2.1354, 15.704), (0.0020, 2.4694, 95.528),
             (0.0018, 32.8493, 49.095)]
    pbs = sum(a * math.cos(math.radians(0.985626 * t / tau + phi)) for a, tau, phi in table)
    v_m = ((10.691 + 3.0e-7 * t) * math.sin(m) + 0.623 * math.sin(2 * m) + 0.050 * math.sin(3 * m)
           + 0.005 * math.sin(4 * m) + 0.0005 * math.sin(5 * m) + pbs)
    ls = (a_fms + v_m) % 360.0
    lr = math.radians(ls)
    eot = 2.861 * math.sin(2 * lr) - 0.071 * math.sin(4 * lr) + 0.002 * math.sin(6 * lr) - v_m
    msd = (jd_tt - 2451549.5) / 1.0274912517 + 44796.0 - 0.0009626
    mtc = (24.0 * msd) % 24.0
    dec = math.degrees(math.asin(0.42565 * math.sin(lr))) + 0.25 * math.sin(lr)
    return msd, mtc, eot, ls, dec


def planetographic(lat_c):
    return math.degrees(math.atan(math.tan(math.radians(lat_c)) * (3396.19 / 3376.20) ** 2))


def sun_at(u, lat_c, lon_east):
    msd, mtc, eot, ls, dec = mars24(u)
    west = -lon_east
    sub_west = mtc * 15.0 + eot + 180.0            # D-1, subsolar west longitude
    h = math.radians(west - sub_west)              # hour angle as the page writes it
    p = math.radians(planetographic(lat_c))
    d = math.radians(dec)
    cos_z = math.sin(d) * math.sin(p) + math.cos(d) * math.cos(p) * math.cos(h)
    elevation = 90.0 - math.degrees(math.acos(max(-1.0, min(1.0, cos_z))))
    # Azimuth from north through east; with H = west - subsolar west, H > 0 puts the Sun east.
    az = math.degrees(math.atan2(math.sin(h), math.cos(p) * math.tan(d) - math.sin(p) * math.cos(h))) % 360.0
    lmst = (mtc + lon_east / 15.0) % 24.0
    ltst = (lmst + eot / 15.0) % 24.0
    return elevation, az, lmst, ltst


def local_sol_bounds(u, lon_east):
    msd = mars24(u)[0]
    sol = math.floor(msd + lon_east / 360.0)
    # MSD is linear in TT: find the instants of local mean midnight by bisection on MSD.
    def at(target):
        lo, hi = u - 3 * 86400.0, u + 3 * 86400.0
        for _ in range(80):
            mid = (lo + hi) / 2
            if mars24(mid)[0] + lon_east / 360.0 < target:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2
    return sol, at(sol), at(sol + 1)


def bisect(f, lo, hi):
    flo = f(lo)
    while hi - lo > 0.001:
        mid = (lo + hi) / 2
        if (f(mid) > 0) == (flo > 0):
            lo, flo = mid, f(mid)
        else:
            hi = mid
    return (lo + hi) / 2


def sun_case(u, site):
    lat, lon = site["latitude"], site["longitudeEast"]
    el, az, lmst, ltst = sun_at(u, lat, lon)
    sol, start, end = local_sol_bounds(u, lon)
    f = lambda x: sun_at(x, lat, lon)[0]
    rise = set_ = None
    x, fx = start, f(start)
    best = (fx, start)
    while x < end:
        nx = min(x + 30.0, end)
        fn = f(nx)
        if fx <= 0 < fn and rise is None:
            rise = bisect(f, x, nx)
        if fx > 0 >= fn and set_ is None:
            set_ = bisect(f, x, nx)
        if fn > best[0]:
            best = (fn, nx)
        x, fx = nx, fn
    # Refine the maximum by golden-section search around the best sample.
    a, b = best[1] - 60.0, best[1] + 60.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        c, d = b - g * (b - a), a + g * (b - a)
        if f(c) > f(d):
            b = d
        else:
            a = c
    top = f((a + b) / 2)
    # Local noon is the meridian transit (hour angle zero), found by bisection
    # on the hour angle's sine near the highest sample; it differs from the
    # instant of the highest Sun by up to a minute where the declination moves.
    def hour_sine(x):
        msd, mtc, eot, ls, dec = mars24(x)
        return math.sin(math.radians(-lon - (mtc * 15.0 + eot + 180.0)))
    noon = bisect(hour_sine, best[1] - 1800.0, best[1] + 1800.0)
    if rise is None or set_ is None:
        rise = set_ = None  # polar day or night (or a sunrise outside this sol)
    return {"site": site["id"], "utc": u, "elevation": el, "azimuth": az, "localSol": sol,
            "sunrise": rise, "sunset": set_, "noon": noon, "maxElevation": top}


def sun_cases():
    sites = {s["id"]: s for s in json.load(open(os.path.join(ROOT, "Resources", "mars-sites.json")))["sites"]}
    picks = ["curiosity", "perseverance", "phoenix", "viking-2", "spirit", "insight"]
    extra = [{"id": "south-80", "latitude": -80.0, "longitudeEast": 30.0}]
    rng = random.Random(7)
    cases = []
    # Instants across a Mars year (687 d) from 2024-01-01, several per site.
    base = 1704067200.0
    for site in [sites[p] for p in picks] + extra:
        for k in range(6):
            u = base + k * 687 / 6 * 86400.0 + rng.uniform(0, 86400.0)
            cases.append(sun_case(round(u, 3), site))
    return cases


# ---- Part 3: the ends of the light path ----

# IAU WGCCRE 2009 (Archinal et al. 2011, Table 2), as in NAIF's pck00010.tpc.
MARS_PCK = """KPL/PCK
\\begindata
BODY499_POLE_RA  = ( 317.68143  -0.1061  0. )
BODY499_POLE_DEC = (  52.88650  -0.0609  0. )
BODY499_PM       = ( 176.630   350.89198226  0. )
\\begintext
"""


def load_mars_pck():
    with tempfile.NamedTemporaryFile("w", suffix=".tpc", delete=False) as f:
        f.write(MARS_PCK)
        name = f.name
    spiceypy.furnsh(name)
    os.unlink(name)


def ellipsoid_radius_km(lat_c):
    a, b = 3396.19, 3376.20
    p = math.radians(lat_c)
    return a * b / math.hypot(b * math.cos(p), a * math.sin(p))


class MarsSite(VectorFunction):
    """A point on Mars (planetocentric lat, east lon, on the IAU 2000 ellipsoid) from the SSB."""

    def __init__(self, lat_c, lon_east):
        self.center, self.target = 0, "mars site"
        self.name = f"Mars site {lat_c} {lon_east}"
        self.fixed = spiceypy.latrec(ellipsoid_radius_km(lat_c), math.radians(lon_east), math.radians(lat_c))

    def _at(self, t):
        p, v, _, _ = mars._at(t)
        et = (t.whole - 2451545.0 + t.tdb_fraction) * 86400.0
        rot = spiceypy.pxform("IAU_MARS", "J2000", float(et))
        offset = [sum(rot[i][k] * self.fixed[k] for k in range(3)) / AU_KM for i in range(3)]
        return p + offset, v, None, None


DSN = {  # DSN 810-005 module 301 Rev. M, ITRF93 at 2003.0, metres
    "goldstone": (-2353621.420, -4641341.472, 3677052.318),
    "canberra": (-4460894.917, 2682361.507, -3674748.152),
    "madrid": (4849092.518, -360180.3480, 4115109.251),
}
PLACES = [  # geodetic lat, lon east, height (m) typed by a user
    (52.2053, 0.1218, 20.0), (-33.9249, 18.4241, 5.0), (19.8207, -155.4681, 4205.0), (-77.85, 166.67, 10.0),
]
SITES = ["perseverance", "curiosity", "phoenix", "viking-2", "insight"]


def ends_cases():
    load_mars_pck()
    sites = {s["id"]: s for s in json.load(open(os.path.join(ROOT, "Resources", "mars-sites.json")))["sites"]}
    rng = random.Random(3301)
    cases = []
    for k in range(45):
        t = random_utc(rng, 1990, 2050)
        kind = k % 3  # 0: station to centre, 1: Earth centre to site, 2: station to site
        case = {"ert": unix_seconds(t), "station": None, "site": None}
        observer = earth
        if kind != 1:
            if rng.random() < 0.5:
                name = rng.choice(sorted(DSN))
                x, y, z = DSN[name]
                observer = earth + ITRSPosition(Distance(m=[x, y, z]))
                case["station"] = {"name": name}
            else:
                lat, lon, h = rng.choice(PLACES)
                observer = observer_at(lat, lon, elevation_m=h)
                case["station"] = {"latitude": lat, "longitudeEast": lon, "height": h}
        target = mars
        if kind != 0:
            site = sites[rng.choice(SITES)]
            target = MarsSite(site["latitude"], site["longitudeEast"])
            case["site"] = {"id": site["id"], "latitude": site["latitude"], "longitudeEast": site["longitudeEast"]}
        obs = observer.at(t).observe(target)
        centre = earth.at(t).observe(mars).light_time * 86400.0
        lt = obs.light_time * 86400.0
        emit = ts.tdb_jd(t.whole, t.tdb_fraction - obs.light_time)
        case.update({"owlt": lt, "scet": unix_seconds(emit), "owltCentres": centre})
        cases.append(case)
    return cases


def main():
    fixture = {"about": "scripts/mars-light-oracle.py: Skyfield + DE421 light time; Mars24 Sun at a site",
               "light": light_cases(), "sun": sun_cases(), "ends": ends_cases()}
    out = write_fixture("mars-light-oracle.json", fixture, indent=0)
    print(f"wrote {out}: {len(fixture['light'])} light cases, {len(fixture['sun'])} sun cases, "
          f"{len(fixture['ends'])} light-path end cases")


if __name__ == "__main__":
    main()
