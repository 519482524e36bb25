import Dashboard
import TimeKit

// The place resolver's notes and the place refusals (CommandMessage.placeNote's and placeRefused's samples).

extension PlaceNote {
    static func city(_ name: String, _ country: String, _ zone: String, _ population: Int) -> Place {
        Place(geonameID: 1, name: name, asciiName: name, countryCode: country, countryName: "", admin1Code: "",
              latitudeDegrees: 0, longitudeDegrees: 0, population: population, zoneIdentifier: zone)
    }

    static func mars(_ id: String, _ name: String) -> Place {
        Place(geonameID: 0, name: name, asciiName: name, countryCode: "", countryName: "", admin1Code: "",
              latitudeDegrees: 0, longitudeDegrees: 0, population: 0, zoneIdentifier: "Mars/" + id)
    }

    /// One region of each kind, as the bundled list has them.
    public static let regions: [PlaceRegions.Region] = PlaceRegions.Region.Kind.allCases.map { kind in
        switch kind {
        case .country: PlaceRegions.Region(kind: kind, names: ["China"], codes: ["CN"], country: "CN", population: 1_411_778_724,
                                           mostInFirst: true, zones: ["Asia/Shanghai", "Asia/Urumqi"])
        case .state: PlaceRegions.Region(kind: kind, names: ["Texas"], codes: [], country: "US", population: 29_145_505,
                                         mostInFirst: true, zones: ["America/Chicago", "America/Denver"])
        case .island: PlaceRegions.Region(kind: kind, names: ["Tahiti"], codes: [], country: "PF", population: 189_517,
                                          mostInFirst: false, zones: ["Pacific/Tahiti"])
        case .base: PlaceRegions.Region(kind: kind, names: ["Davis"], codes: [], country: "", population: 0,
                                        mostInFirst: false, zones: ["Antarctica/Davis"])
        case .region: PlaceRegions.Region(kind: kind, names: ["Kurdistan"], codes: [], country: "IQ", population: 0,
                                          mostInFirst: false, zones: ["Asia/Baghdad"])
        }
    }

    /// Every case of `PlaceNote` and each branch of its sentences (each kind
    /// of region, each kind of meaning); `samplesCoverEveryCase` breaks the
    /// build when a case is added without one.
    public static let samples: [PlaceNote] = {
        let sydney = city("Sydney", "AU", "Australia/Sydney", 5_638_830), sidney = city("Sidney", "US", "America/New_York", 20_858)
        let london = city("London", "GB", "Europe/London", 8_961_989), ontario = city("London", "CA", "America/Toronto", 346_765)
        let ist = ZoneAbbreviation.table["IST"] ?? [], jst = ZoneAbbreviation.table["JST"] ?? []
        let cet = ZoneAbbreviation.table["CET"] ?? jst
        let sites = [mars("curiosity", "Curiosity"), mars("perseverance", "Perseverance")]
        var all: [PlaceNote] = [
            .guessed("Sydnee", sydney), .completed("Lond", london), .completed("Asia/Kolkat", .zone("Asia/Kolkata")),
            .otherName("Bombay", city("Mumbai", "IN", "Asia/Kolkata", 12_691_836)),
            .zoneLink(name: "US/Pacific", canonical: "America/Los_Angeles"),
            .gmtSign("GMT+9", FixedOffset(seconds: 9 * 3600)!), .gmtSign("GMT-3:30", FixedOffset(seconds: -12_600)!),
            .posixSign(zone: "Etc/GMT+9", offset: FixedOffset(seconds: -9 * 3600)), .posixSign(zone: "Etc/GMT+9", offset: nil),
            .marsAlias("Jezero", sites[1]), .alsoMars("Phoenix", mars("phoenix", "Phoenix")),
            .mostPopulousOf("London", used: london, others: [ontario]),
            .ambiguousAbbreviation("ist", ist), .everyMarsSite(sites),
            .muchLargerNearby("Sidney", used: sidney, larger: sydney, sameName: true),
            .muchLargerNearby("Sidney", used: sidney, larger: sydney, sameName: false),
            .zonePlace("Midway", entry: "Pacific/Midway", zone: "Pacific/Midway"),
            .zonePlace("Calcutta", entry: "Asia/Calcutta", zone: "Asia/Kolkata"),
            .tookLarger("Calcutta", used: city("Kolkata", "IN", "Asia/Kolkata", 4_631_392), smaller: city("Calcutta", "ZA", "Africa/Johannesburg", 35_864)),
            .alsoNamed("Armenia", what: .place(label: "Armenia, CO", zone: "America/Bogota"), typed: "\"Armenia, CO\""),
            .severalMeanings("Midway", [.place(label: "Midway, US", zone: "America/Chicago"), .zone("Pacific/Midway")],
                             typed: ["\"Midway, US\"", "Pacific/Midway"]),
        ]
        all += jst.map(PlaceNote.abbreviation)
        all += cet.map { .zoneNotAbbreviation(zone: "CET", fixed: $0) }
        for region in regions {
            all += [.region(region.name, region, used: region.zones[0], exceptions: []),
                    .region(region.name, region, used: region.zones[0], exceptions: Array(region.zones.dropFirst())),
                    .alsoNamed(region.name, what: .region(region, zones: region.zones), typed: region.zones[0]),
                    .severalZones(region.name, region, zones: region.zones)]
        }
        return all
    }()

    /// Compiles only while every case is listed above (a new case breaks the build here).
    static func samplesCoverEveryCase(_ n: PlaceNote) -> Bool {
        switch n {
        case .guessed, .completed, .otherName, .zoneLink, .abbreviation, .gmtSign, .posixSign, .zoneNotAbbreviation, .marsAlias,
             .alsoMars, .mostPopulousOf, .ambiguousAbbreviation, .everyMarsSite, .muchLargerNearby, .zonePlace, .region,
             .tookLarger, .alsoNamed, .severalMeanings, .severalZones: true
        }
    }
}

extension PlaceRefusal {
    public static let samples: [PlaceRefusal] = [
        .unknown(query: "Zzqx", suggestions: ["Zaxo, IQ", "Zhuxi, CN"]), .unknown(query: "Zzqx", suggestions: []),
        .onlyClose(query: "Lond", suggestions: ["London, GB", "Londrina, BR"]),
        .unknownZone(name: "America/Nowhere", source: "/usr/share/zoneinfo/tzdata.zi 2025b", rules: "2024a"),
    ]

    static func samplesCoverEveryCase(_ r: PlaceRefusal) -> Bool {
        switch r {
        case .unknown, .onlyClose, .unknownZone: true
        }
    }
}
