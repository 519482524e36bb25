import Foundation

/// A place a call can include: a GeoNames city, or a bare IANA zone (`UTC`,
/// `America/New_York`) when the user names a zone instead of a city.
public struct Place: Equatable, Hashable, Sendable, Codable {
    /// GeoNames id; 0 for a bare zone.
    public var geonameID: Int
    /// Name as GeoNames spells it (`São Paulo`, `Munich`).
    public var name: String
    /// The name without diacritics (`Sao Paulo`), derived by folding.
    public var asciiName: String
    /// ISO 3166-1 alpha-2 country code (`GB`); empty for a bare zone.
    public var countryCode: String
    /// Country name in English (`United Kingdom`); empty for a bare zone.
    public var countryName: String
    /// GeoNames first-level administrative code (`ENG`, `NY`, `08`).
    public var admin1Code: String
    public var latitudeDegrees: Double
    /// Degrees east of Greenwich (west is negative).
    public var longitudeDegrees: Double
    public var population: Int
    /// IANA time-zone identifier (`Europe/London`).
    public var zoneIdentifier: String

    public init(geonameID: Int, name: String, asciiName: String, countryCode: String,
                countryName: String, admin1Code: String, latitudeDegrees: Double,
                longitudeDegrees: Double, population: Int, zoneIdentifier: String) {
        self.geonameID = geonameID
        self.name = name
        self.asciiName = asciiName
        self.countryCode = countryCode
        self.countryName = countryName
        self.admin1Code = admin1Code
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.population = population
        self.zoneIdentifier = zoneIdentifier
    }

    /// A place that is only a time zone: `UTC`, or `America/New_York` shown as
    /// `New York` (the last path component with underscores as spaces).
    /// `Etc/GMT+9` keeps its whole name: `GMT+9` alone reads as UTC+9,
    /// which is what the resolver makes of it when typed, while the POSIX
    /// zone is UTC−9.
    public static func zone(_ identifier: String) -> Place {
        let last = identifier.split(separator: "/").last.map(String.init) ?? identifier
        let posixSigned = identifier.hasPrefix("Etc/GMT+") || identifier.hasPrefix("Etc/GMT-")
        let name = identifier.contains("/") && !posixSigned ? last.replacingOccurrences(of: "_", with: " ") : identifier
        return Place(geonameID: 0, name: name, asciiName: name, countryCode: "", countryName: "",
                     admin1Code: "", latitudeDegrees: 0, longitudeDegrees: 0, population: 0,
                     zoneIdentifier: identifier)
    }

    /// True for a place that is only a zone.
    public var isZoneOnly: Bool { geonameID == 0 }

    /// `London, GB`; a bare zone shows its identifier (`America/New_York`);
    /// an abbreviation shows itself and its region (`IST (India)`).
    public var label: String {
        if geonameID < 0 { return "\(name) (\(countryName))" }   // a Mars site: `Perseverance (Mars)`
        guard isZoneOnly else { return "\(name), \(countryCode)" }
        if isFixedOffset, name != zoneIdentifier {
            return countryName.isEmpty ? name : "\(name) (\(countryName))"
        }
        return zoneIdentifier
    }

    /// The Foundation zone; `nil` only if the identifier is unknown to the
    /// time-zone database in use (a test checks every bundled one is known).
    public var timeZone: TimeZone? {
        if let fixed = FixedOffset.fromIdentifier(zoneIdentifier) { return fixed.timeZone }
        return TimeZone(identifier: zoneIdentifier)
    }
}
