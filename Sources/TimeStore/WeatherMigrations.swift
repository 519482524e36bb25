import GRDB

/// The last weather forecast (issue 24): one row, kept until a newer one
/// replaces it, so an offline dashboard still shows it with its age.
enum WeatherMigrations {
    static let all: [StoreMigration] = [
        StoreMigration("v1-weather-forecast") { db in
            // The response is kept as the server sent it (bounded like the
            // parser's input) and read again through the parser on load, so
            // what is shown after a restart is what was checked when it came.
            // The failure is a `WeatherProblem` as JSON, with its instant.
            try db.execute(sql: """
                CREATE TABLE weatherForecast (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    response BLOB CHECK (response IS NULL OR length(response) <= 4194304),
                    fetchedUnixMilliseconds INTEGER,
                    askedLatitude REAL CHECK (askedLatitude IS NULL OR askedLatitude BETWEEN -90 AND 90),
                    askedLongitude REAL CHECK (askedLongitude IS NULL OR askedLongitude BETWEEN -180 AND 180),
                    failure TEXT CHECK (failure IS NULL OR length(failure) <= 4096),
                    failureUnixMilliseconds INTEGER
                );
                """)
        },
    ]
}
