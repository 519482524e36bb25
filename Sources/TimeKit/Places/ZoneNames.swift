import Foundation

/// IANA zone identifiers typed as place names: `America/New_York`,
/// `europe/london`, `UTC`, `GMT`, `Z`.
public enum ZoneNames {
    /// Every identifier Foundation knows, keyed by its lower-cased form.
    static let byLowercase: [String: String] = {
        var map: [String: String] = [:]
        for id in TimeZone.knownTimeZoneIdentifiers { map[id.lowercased()] = id }
        return map
    }()

    /// The canonical identifier `text` names, if it names a zone: an IANA
    /// identifier in any letter case (spaces allowed for underscores), or
    /// `UTC`/`GMT`/`Z`, which all mean `UTC`.
    public static func identifier(matching text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch t.uppercased() {
        case "UTC", "GMT", "Z", "ZULU", "ETC/UTC", "UTC+0", "UTC+00:00": return "UTC"
        default: break
        }
        guard t.contains("/") else { return nil }
        let key = t.replacingOccurrences(of: " ", with: "_").lowercased()
        return byLowercase[key]
    }
}
