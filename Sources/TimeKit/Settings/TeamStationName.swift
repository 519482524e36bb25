import Foundation

/// Station names in the team log: short, printable, safe in a terminal and
/// in a PostgreSQL role name.
public enum TeamStationName {
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 63
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    /// The station for `configured` (`team.station`), else the host name
    /// cut down to a valid name, else "station".
    public static func resolved(configured: String?, hostName: String) -> String {
        if let configured, isValid(configured) { return configured }
        let cleaned = String(String.UnicodeScalarView(hostName.unicodeScalars.filter {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }).prefix(63))
        return cleaned.isEmpty ? "station" : cleaned
    }
}
