import Foundation

/// A fixed UTC offset typed as a place: `UTC+5:30`, `UTC-3`, `GMT+9`,
/// `+05:45`, `UTC−8` (Unicode minus), `UTC+0530`.
///
/// `GMT+9` means nine hours *ahead* of UTC, as a person means it, not
/// POSIX's inverted `Etc/GMT+9` (which is UTC−9 and, typed in full, is the
/// tz zone of that name). Offsets run from −12:00 to +14:00, the range
/// real zones use.
public struct FixedOffset: Equatable, Hashable, Sendable {
    public var seconds: Int

    public init?(seconds: Int) {
        guard (-12 * 3600...14 * 3600).contains(seconds), seconds % 60 == 0 else { return nil }
        self.seconds = seconds
    }

    /// The identifier kept in a `Place`: `UTC+05:30`, `UTC-03:00`, `UTC`.
    public var identifier: String {
        guard seconds != 0 else { return "UTC" }
        let a = abs(seconds) / 60
        return "UTC" + (seconds < 0 ? "-" : "+") + Self.two(a / 60) + ":" + Self.two(a % 60)
    }

    public var timeZone: TimeZone? { TimeZone(secondsFromGMT: seconds) }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// What the user wrote before the sign, if anything.
    public enum Prefix: Equatable, Sendable { case none, utc, gmt }

    /// Parses a typed offset; `nil` for anything else (including an
    /// offset out of range).
    public static func parse(_ text: String) -> (offset: FixedOffset, prefix: Prefix)? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var prefix = Prefix.none
        if s.hasPrefix("UTC") { prefix = .utc; s = s.dropFirst(3) } else if s.hasPrefix("GMT") { prefix = .gmt; s = s.dropFirst(3) }
        s = s.drop { $0 == " " }
        guard let signChar = s.first else { return nil }
        let sign: Int
        switch signChar {
        case "+": sign = 1
        case "-", "−", "–": sign = -1
        default: return nil
        }
        s = s.dropFirst().drop { $0 == " " }
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".") }) else { return nil }
        let hours: Int, minutes: Int
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard (1...2).contains(parts[0].count), parts[1].count == 2,
                  let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            (hours, minutes) = (h, m)
        } else if parts.count == 1, s.allSatisfy(\.isNumber) {
            switch s.count {
            case 1, 2: guard let h = Int(s) else { return nil }; (hours, minutes) = (h, 0)
            case 4: guard let h = Int(s.prefix(2)), let m = Int(s.suffix(2)) else { return nil }; (hours, minutes) = (h, m)
            default: return nil
            }
        } else {
            return nil
        }
        guard minutes < 60, let offset = FixedOffset(seconds: sign * (hours * 3600 + minutes * 60)) else { return nil }
        return (offset, prefix)
    }

    /// The offset a `Place`'s zone identifier names, if it is one of ours
    /// (`UTC+05:30`).
    public static func fromIdentifier(_ identifier: String) -> FixedOffset? {
        guard identifier.hasPrefix("UTC+") || identifier.hasPrefix("UTC-"), identifier.count == 9 else { return nil }
        return parse(identifier)?.offset
    }
}

extension Place {
    /// A place that is a fixed offset, labelled `name` (`PST`, or the
    /// offset itself); `meaning` (`Pacific Standard Time`) is kept in
    /// `countryName`, so a saved call keeps it.
    public static func fixed(_ offset: FixedOffset, name: String? = nil, meaning: String = "") -> Place {
        Place(geonameID: 0, name: name ?? offset.identifier, asciiName: name ?? offset.identifier, countryCode: "",
              countryName: meaning, admin1Code: "", latitudeDegrees: 0, longitudeDegrees: 0, population: 0,
              zoneIdentifier: offset.identifier)
    }

    /// True for a fixed-offset place (an abbreviation or a typed offset).
    public var isFixedOffset: Bool { FixedOffset.fromIdentifier(zoneIdentifier) != nil }
}
