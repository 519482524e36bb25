import Foundation
import GRDB
import TimeKit

/// The Mars panel's remembered choices, in the settings table under keys the
/// Mars panel owns: `mars.longitude`, `mars.site`, `mars.advanced`, and
/// `mars.config` (the config file's `[mars]` values they were made under, as
/// JSON).
extension AppDatabase {
    static let marsLongitudeKey = "mars.longitude"
    static let marsSiteKey = "mars.site"
    static let marsAdvancedKey = "mars.advanced"
    static let marsConfigKey = "mars.config"

    /// The remembered Mars choices, nil when none were saved (or the stored
    /// longitude is not a number).
    public func marsSettings() throws -> MarsSettings? {
        try writer.read { db in
            func value(_ key: String) throws -> String? {
                try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
            }
            guard let text = try value(Self.marsLongitudeKey), let longitude = Double(text), longitude.isFinite else {
                return nil
            }
            let basis = try value(Self.marsConfigKey).flatMap {
                try? JSONDecoder().decode(MarsConfigBasis.self, from: Data($0.utf8))
            }
            return MarsSettings(longitudeEast: longitude, siteID: try value(Self.marsSiteKey),
                                advanced: try value(Self.marsAdvancedKey).map { $0 == "true" }, configBasis: basis)
        }
    }

    /// Remembers the Mars choices, all keys in one transaction.
    public func saveMarsSettings(_ settings: MarsSettings) throws {
        let basis = settings.configBasis.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        let values: [(String, String?)] = [
            (Self.marsLongitudeKey, String(settings.longitudeEast)),
            (Self.marsSiteKey, settings.siteID),
            (Self.marsAdvancedKey, (settings.advanced ?? false) ? "true" : "false"),
            (Self.marsConfigKey, basis),
        ]
        try writer.write { db in
            for (key, value) in values {
                if let value {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
                                     + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                   arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                }
            }
        }
    }
}
