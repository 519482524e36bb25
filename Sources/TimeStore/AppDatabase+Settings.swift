import GRDB

/// A small key-value table for what panels remember between runs (the marks'
/// fixed position, a Mars longitude, the active call). Keys are dotted names
/// owned by one panel each: `marks.position`, `mars.longitude`, `calls.active`.
extension AppDatabase {
    /// The value stored under `key`, or nil.
    public func readSetting(_ key: String) throws -> String? {
        try writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Stores `value` under `key`; nil removes the key.
    public func writeSetting(_ key: String, _ value: String?) throws {
        try writer.write { db in
            if let value {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
                                 + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                               arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Every setting, by key (for `timedeck marks settings` and debugging).
    public func allSettings() throws -> [String: String] {
        try writer.read { db in
            var result: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
                result[try row.decode(forColumn: "key")] = try row.decode(forColumn: "value")
            }
            return result
        }
    }
}
