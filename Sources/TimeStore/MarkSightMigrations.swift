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
