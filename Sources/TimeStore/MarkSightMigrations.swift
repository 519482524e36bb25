import GRDB

/// Sextant sights attached to marks (issue 23): one per mark, the mark's
/// instant being the sight's time.
enum MarkSightMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-mark-sights") { db in
            try db.execute(sql: """
                CREATE TABLE markSight (
                    markId INTEGER PRIMARY KEY REFERENCES sightingMark(id) ON DELETE CASCADE,
                    body TEXT NOT NULL,
                    hsDegrees REAL NOT NULL CHECK (hsDegrees > 0 AND hsDegrees < 90)
                );
                """)
        },
    ]
}

/// Sights kept for undo (appended after the weather's migration: a shipped
/// migration list is only ever appended to).
enum RetiredSightMigrations {
    static let all: [StoreMigration] = [
        // The sight of a deleted or cleared mark, kept so an undo puts it
        // back with its mark (the cascade above removes it from markSight).
        // Mark ids are never reused (AUTOINCREMENT), so a kept sight can only
        // ever return to its own mark.
        StoreMigration("v2-retired-mark-sights") { db in
            try db.execute(sql: """
                CREATE TABLE retiredMarkSight (
                    markId INTEGER PRIMARY KEY,
                    body TEXT NOT NULL,
                    hsDegrees REAL NOT NULL
                );
                """)
        },
    ]
}
