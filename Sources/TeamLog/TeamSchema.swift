/// The team log's tables on the server, created and migrated by timedeck
/// and versioned like the local store: `timedeck_schema` holds the version,
/// each step runs once, in one transaction, under an advisory lock so two
/// stations starting together do not both migrate.
enum TeamSchema {
    /// Steps in order; step n brings the schema to version n + 1. Never
    /// edit a step that has shipped.
    static let steps: [[String]] = [
        [
            """
            CREATE TABLE timedeck_mark (
                station text NOT NULL CHECK (station ~ '^[A-Za-z0-9._-]{1,63}$'),
                unique_key text NOT NULL,
                seq bigint NOT NULL,
                deleted boolean NOT NULL DEFAULT false,
                local_id bigint,
                unix_nanoseconds bigint,
                correction_nanoseconds bigint,
                note text,
                position_source text,
                latitude double precision,
                longitude double precision,
                fix_unix_nanoseconds bigint,
                fix_mode integer,
                fix_age_milliseconds bigint,
                clock_synchronized boolean,
                clock_estimated_error_us bigint,
                clock_maximum_error_us bigint,
                gps_offset_nanoseconds bigint,
                gps_offset_method text,
                clock_summary text,
                written_by name NOT NULL DEFAULT current_user,
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (station, unique_key)
            )
            """,
            "CREATE INDEX timedeck_mark_instant ON timedeck_mark (unix_nanoseconds)",
            """
            CREATE FUNCTION timedeck_mark_notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_notify('timedeck_marks', ''); RETURN NULL; END $$
            """,
            """
            CREATE TRIGGER timedeck_mark_changed AFTER INSERT OR UPDATE ON timedeck_mark
            FOR EACH STATEMENT EXECUTE FUNCTION timedeck_mark_notify()
            """,
            // Which database role may write as which station. The owner of
            // the tables (who ran the first timedeck) bypasses row security;
            // every other role writes only the stations listed for it.
            "CREATE TABLE timedeck_station (station text PRIMARY KEY, role name NOT NULL)",
            "ALTER TABLE timedeck_mark ENABLE ROW LEVEL SECURITY",
            "CREATE POLICY timedeck_read ON timedeck_mark FOR SELECT USING (true)",
            """
            CREATE POLICY timedeck_own_station_insert ON timedeck_mark FOR INSERT
            WITH CHECK (EXISTS (SELECT 1 FROM timedeck_station s
                                WHERE s.station = timedeck_mark.station AND s.role = current_user))
            """,
            """
            CREATE POLICY timedeck_own_station_update ON timedeck_mark FOR UPDATE
            USING (EXISTS (SELECT 1 FROM timedeck_station s
                           WHERE s.station = timedeck_mark.station AND s.role = current_user))
            """,
        ],
        // Version 2 (issue 28): withdrawn copies. A station that synced
        // under a mistyped team.station writes a tombstone per copy; every
        // read of timedeck_mark leaves out the rows a tombstone names, also
        // rows that arrive after it. Only a role that may write as the
        // withdrawn station may withdraw its rows (the owner may withdraw
        // any); tombstones are never updated or deleted by timedeck.
        [
            """
            CREATE TABLE timedeck_withdrawal (
                station text NOT NULL,
                unique_key text NOT NULL,
                by_station text NOT NULL CHECK (by_station ~ '^[A-Za-z0-9._-]{1,63}$'),
                withdrawn_by name NOT NULL DEFAULT current_user,
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (station, unique_key)
            )
            """,
            """
            CREATE TRIGGER timedeck_withdrawal_changed AFTER INSERT ON timedeck_withdrawal
            FOR EACH STATEMENT EXECUTE FUNCTION timedeck_mark_notify()
            """,
            "ALTER TABLE timedeck_withdrawal ENABLE ROW LEVEL SECURITY",
            "CREATE POLICY timedeck_withdrawal_read ON timedeck_withdrawal FOR SELECT USING (true)",
            // Every read of the marks now looks here: a station role set up
            // for version 1 (granted only timedeck_mark) must still read, and
            // row security below decides which stations a role may withdraw.
            "GRANT SELECT, INSERT ON timedeck_withdrawal TO PUBLIC",
            // A mark's sight travels with it (issue 28): `marks export --team` loses nothing either.
            "ALTER TABLE timedeck_mark ADD COLUMN sight_body text, ADD COLUMN sight_hs_degrees double precision",
            """
            CREATE POLICY timedeck_withdrawal_insert ON timedeck_withdrawal FOR INSERT
            WITH CHECK (EXISTS (SELECT 1 FROM timedeck_station s
                                WHERE s.station = timedeck_withdrawal.station AND s.role = current_user))
            """,
        ],
    ]

    static var latestVersion: Int { steps.count }

    /// Brings the server's schema to `latestVersion`; a role that may not
    /// create tables can still use a schema that is already current.
    static func migrate(_ connection: PGConnection) throws {
        if try currentVersion(connection) == latestVersion { return }
        try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock(1952736107)") // "tdck"
            if try connection.execute("SELECT to_regclass('timedeck_schema') IS NULL AS missing").values.first?.first == "t" {
                try connection.execute("CREATE TABLE timedeck_schema (version integer NOT NULL)")
                try connection.execute("INSERT INTO timedeck_schema VALUES (0)")
            }
            let version = try currentVersion(connection) ?? 0
            if version > latestVersion { throw TeamLogError.newerSchema(version: version) }
            for step in steps.dropFirst(version) {
                for sql in step { try connection.execute(sql) }
            }
            try connection.execute("UPDATE timedeck_schema SET version = $1", [String(latestVersion)])
        }
        if let version = try currentVersion(connection), version > latestVersion {
            throw TeamLogError.newerSchema(version: version)
        }
    }

    static func currentVersion(_ connection: PGConnection) throws -> Int? {
        let exists = try connection.execute("SELECT to_regclass('timedeck_schema') IS NOT NULL").values.first?.first == "t"
        guard exists else { return nil }
        return try connection.execute("SELECT max(version) FROM timedeck_schema").values.first?.first.flatMap { $0 }.flatMap(Int.init)
    }
}
