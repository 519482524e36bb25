import GRDB

/// One schema step, applied once per database in registration order and
/// recorded by GRDB's `DatabaseMigrator` (table `grdb_migrations`).
public struct StoreMigration: Sendable {
    /// Unique and permanent: a shipped identifier is never renamed or edited.
    public var identifier: String
    public var migrate: @Sendable (Database) throws -> Void

    public init(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.migrate = migrate
    }
}

extension AppDatabase {
    /// Every migration, in order. To add tables, write a `XxxMigrations`
    /// enum in its own file with `static let all: [StoreMigration]` and append
    /// it here; never reorder or change a migration that has shipped.
    static let migrations: [StoreMigration] =
        CoreMigrations.all
        + MarksMigrations.all
        + CallsMigrations.all
        + TeamMigrations.all
        + MarksCountMigrations.all
        + MarkSightMigrations.all
        + WeatherMigrations.all
        + RetiredSightMigrations.all
        + TeamSightMigrations.all

    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in migrations {
            migrator.registerMigration(step.identifier, migrate: step.migrate)
        }
        return migrator
    }
}

/// The store's own tables: the settings table and the application id.
enum CoreMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-core-settings") { db in
            // Marks the file as ours: `PRAGMA application_id` lives in the
            // SQLite header (offset 68), so a foreign file is recognised
            // before any migration touches it.
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        },
    ]
}

/// Sighting marks.
enum MarksMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-marks") { db in
            try db.create(table: "sightingMark") { t in
                // AUTOINCREMENT: a deleted id is never handed out again, so an
                // undo can put a mark back under its old id.
                t.autoIncrementedPrimaryKey("id")
                t.column("unixNanoseconds", .integer).notNull().indexed()
                t.column("correctionNanoseconds", .integer).notNull().defaults(to: 0)
                t.column("note", .text).notNull().defaults(to: "")
                t.column("positionSource", .text).notNull().defaults(to: "none")
                    .check { ["fixed", "gpsd", "none"].contains($0) }
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("fixUnixNanoseconds", .integer)
                t.column("fixMode", .integer)
                t.column("fixAgeMilliseconds", .integer)
                t.column("clockSynchronized", .boolean)
                t.column("clockEstimatedErrorMicroseconds", .integer)
                t.column("clockMaximumErrorMicroseconds", .integer)
                t.column("gpsOffsetNanoseconds", .integer)
                t.column("gpsOffsetMethod", .text)
                // The one-line status as shown when the mark was taken.
                t.column("clockSummary", .text)
            }
        },
        StoreMigration("v2-marks-unique-key") { db in
            // The idempotency key of a mark (`SightingMark.uniqueKey`): a mark
            // written twice (journal import retried after a crash, a busy
            // write tried again) is stored once. Old rows keep NULL, which
            // a UNIQUE index allows any number of times.
            try db.alter(table: "sightingMark") { t in t.add(column: "uniqueKey", .text) }
            try db.create(index: "sightingMark_uniqueKey", on: "sightingMark", columns: ["uniqueKey"], unique: true)
        },
    ]
}

/// The marks' count, kept by triggers (issue 22: nothing the dashboard does
/// at start may cost in proportion to the store).
enum MarksCountMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v3-marks-count") { db in
            // How many marks there are, kept by triggers: `COUNT(*)` walks a
            // whole index (about 20 ms at a million marks), and the dashboard
            // shows the count the moment it opens. Counted once here, for
            // a store that already holds marks.
            try db.execute(sql: """
                CREATE TABLE sightingMarkCount (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL);
                INSERT INTO sightingMarkCount (id, count) SELECT 1, COUNT(*) FROM sightingMark;
                CREATE TRIGGER sightingMark_counted_insert AFTER INSERT ON sightingMark
                BEGIN UPDATE sightingMarkCount SET count = count + 1 WHERE id = 1; END;
                CREATE TRIGGER sightingMark_counted_delete AFTER DELETE ON sightingMark
                BEGIN UPDATE sightingMarkCount SET count = count - 1 WHERE id = 1; END;
                """)
        },
    ]
}
