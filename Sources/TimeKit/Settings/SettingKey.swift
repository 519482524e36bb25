import Foundation

/// One documented config key: where it lives, what it means, its default,
/// and how a value is checked and applied. The table drives parsing, the
/// `config init` template and the user guide, so they cannot disagree.
public struct SettingKey: Sendable {
    public struct Invalid: Error { public var message: String }

    public var table: String
    public var key: String
    public var help: String
    /// The default as TOML text, e.g. `"mission"` or `true`.
    public var defaultText: String
    let apply: @Sendable (inout Settings, ConfigDocument.Value) throws(Invalid) -> Void

    public var path: String { "\(table).\(key)" }

    public static let all: [SettingKey] = [
        choice("display", "theme", "Colour theme: mission (dark, Mars orange and cyan), sunlight (high contrast for bright light) or mono. NO_COLOR forces mono.",
               Settings.ThemeName.self, \.theme, .mission),
        choice("display", "clock", "Local times in 24h or 12h form.", Settings.ClockStyle.self, \.clock, .twentyFourHour),
        flag("display", "reduced_motion", "Turn off animations (clock hands jump instead of sweeping).", \.reducedMotion, false),
        choice("display", "language", "Interface language: auto (from LANG/LC_*), en or ja.", Settings.Language.self, \.language, .auto),
        flag("marks", "bell", "Double beep when a mark is recorded.", \.bell, true),
        flag("marks", "flash", "Flash the new mark's row.", \.flash, true),
        SettingKey(table: "marks", key: "watch_error_seconds",
                   help: "Watch error / reaction offset in seconds (-60 to 60), stored with each mark and added to its corrected instant.",
                   defaultText: "0.0") { settings, value throws(Invalid) in
            let seconds = try number(value)
            guard (-60...60).contains(seconds) else { throw Invalid(message: "must be between -60 and 60 seconds, got \(seconds)") }
            settings.watchErrorSeconds = seconds
        },
        SettingKey(table: "marks", key: "position",
                   help: "Fixed position for marks when gpsd has no fix, e.g. \"27 28.02 S 153 22.84 E\" or \"-27.467, 153.381\"; empty for none.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty {
                do { _ = try GeoPosition(parsing: text) } catch { throw Invalid(message: "\(error)") }
            }
            settings.fixedPosition = text.isEmpty ? nil : text
        },
        SettingKey(table: "marks", key: "gpsd", help: "gpsd address as host:port, or \"off\".",
                   defaultText: "\"127.0.0.1:2947\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            if text == "off" || text.isEmpty { settings.gpsdAddress = nil; return }
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                  (1...65535).contains(port), colon != text.startIndex else {
                throw Invalid(message: "expected host:port such as \"127.0.0.1:2947\", or \"off\"; got \"\(text)\"")
            }
            settings.gpsdAddress = text
        },
        SettingKey(table: "team", key: "url",
                   help: "Team log: a postgresql:// URL (password from the URL, PGPASSFILE or ~/.pgpass; add ?sslmode=verify-full for TLS); empty for no team.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            // The value is never echoed: it may hold a password.
            guard text.isEmpty || text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
                throw Invalid(message: "expected a URL starting with postgresql:// (or empty for no team)")
            }
            settings.teamURL = text.isEmpty ? nil : ConnectionString(text)
        },
        SettingKey(table: "team", key: "station",
                   help: "This station's name in the team log (letters, digits, . _ -, at most 63); empty for the host name.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            guard text.isEmpty || TeamStationName.isValid(text) else {
                throw Invalid(message: "\"\(text)\" is not a station name: use letters, digits, '.', '_' or '-', at most 63")
            }
            settings.teamStation = text.isEmpty ? nil : text
        },
        SettingKey(table: "mars", key: "longitude", help: "Mars longitude in degrees east (-180 to 360) for local solar times.",
                   defaultText: "0.0") { settings, value throws(Invalid) in
            let degrees = try number(value)
            guard (-180...360).contains(degrees) else { throw Invalid(message: "must be between -180 and 360 degrees east, got \(degrees)") }
            settings.marsLongitudeEast = degrees
        },
        SettingKey(table: "mars", key: "site", help: "Mars site name (e.g. \"Jezero\"); sets the longitude and the mission sol. Empty for none.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            settings.marsSite = text.isEmpty ? nil : text
        },
        SettingKey(table: "calls", key: "remind",
                   help: "How long before a saved call the dashboard reminds you (notice, bell, plain-mode line), e.g. \"10m\" or \"1h\"; \"off\" for none. A call's own reminder (calls add --remind, calls set, m in the call editor) wins.",
                   defaultText: "\"10m\"") { settings, value throws(Invalid) in
            let text = try string(value)
            do {
                settings.callRemindMinutes = try CallReminder.parse(text).minutes(setting: nil)
            } catch {
                throw Invalid(message: "\(error)")
            }
        },
    ] + sightKeys + weatherKeys + DayPeriod.allCases.dropFirst().map(periodKey)

    /// `[sights]`: the conditions the sights panel reduces with (as
    /// `timedeck fix --eye/--ie/--temp/--pressure`, same ranges) and its DR.
    static let sightKeys: [SettingKey] = [
        measure("eye_metres", "Height of eye above the sea in metres (0 to 1000) for the sights panel's dip (1.76′·√h).",
                \.sightCorrections.heightOfEyeMetres, default: 0, range: 0...1000, unit: "m"),
        measure("index_error_arcminutes",
                "Sextant index error in arcminutes (-60 to 60), positive on the arc (subtracted from Hs).",
                \.sightCorrections.indexErrorArcminutes, default: 0, range: -60...60, unit: "′"),
        measure("temperature_celsius", "Air temperature in °C (-60 to 60); scales the refraction.",
                \.sightCorrections.temperatureCelsius, default: 10, range: -60...60, unit: "°C"),
        measure("pressure_hectopascals", "Air pressure in hPa (800 to 1100); scales the refraction.",
                \.sightCorrections.pressureHectopascals, default: 1010, range: 800...1100, unit: "hPa"),
        measure("course_degrees", "Course made good in degrees true (0 to 360) for a running fix in the sights panel.",
                \.sightsCourseDegrees, default: 0, range: 0...360, unit: "°"),
        measure("speed_knots", "Speed in knots (0 to 99); earlier sights are advanced to the fix time. 0: at rest.",
                \.sightsSpeedKnots, default: 0, range: 0...99, unit: "kn"),
        SettingKey(table: "sights", key: "dr",
                   help: "Dead-reckoning position for the sights panel, in any form marks accept; empty for gpsd's fix, else marks.position.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty {
                do { _ = try GeoPosition(parsing: text) } catch { throw Invalid(message: "\(error)") }
            }
            settings.sightsDeadReckoning = text.isEmpty ? nil : text
        },
    ]

    /// `[weather]`: the weather ring (issue 24). Off until turned on.
    static let weatherKeys: [SettingKey] = [
        flag("weather", "enabled",
             "Ask the forecast API (weather.url) for the precipitation ring; sends the position, rounded to about 1 km. Off until you turn it on.",
             \.weatherEnabled, false),
        SettingKey(table: "weather", key: "url",
                   help: "Forecast API: Open-Meteo's /v1/forecast or a self-hosted copy (http:// or https://).",
                   defaultText: "\"\(OpenMeteoRequest.defaultBaseURL)\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            let url = text.isEmpty ? OpenMeteoRequest.defaultBaseURL : text
            if let problem = OpenMeteoRequest.check(baseURL: url) { throw Invalid(message: problem) }
            settings.weatherURL = url
        },
        SettingKey(table: "weather", key: "position",
                   help: "Position for the forecast, in any form marks accept; empty for gpsd's fix, else marks.position.",
                   defaultText: "\"\"") { settings, value throws(Invalid) in
            let text = try string(value).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty {
                do { _ = try GeoPosition(parsing: text) } catch { throw Invalid(message: "\(error)") }
            }
            settings.weatherPosition = text.isEmpty ? nil : text
        },
        choice("weather", "units", "Temperatures in metric (°C) or imperial (°F); precipitation is always in mm.",
               WeatherUnits.self, \.weatherUnits, .metric),
    ]

    static func measure(_ key: String, _ help: String, _ path: WritableKeyPath<Settings, Double> & Sendable,
                        default fallback: Double, range: ClosedRange<Double>, unit: String) -> SettingKey {
        SettingKey(table: "sights", key: key, help: help, defaultText: "\(fallback)") { settings, value throws(Invalid) in
            let number = try number(value)
            guard number.isFinite, range.contains(number) else {
                throw Invalid(message: "must be between \(range.lowerBound) and \(range.upperBound) \(unit), got \(number)")
            }
            settings[keyPath: path] = number
        }
    }

    static func periodKey(_ period: DayPeriod) -> SettingKey {
        let start = PeriodTable.standard.boundaries.first { $0.period == period }?.startMinute ?? 0
        let name = period == .lateNight ? "late_night" : period.rawValue
        return SettingKey(table: "periods", key: name,
                          help: "Local time at which \(period.title) begins (before dawn, the bad time to call, begins at midnight).",
                          defaultText: "\"\(String(format: "%02d:%02d", start / 60, start % 60))\"") { settings, value throws(Invalid) in
            let text = try string(value)
            let parts = text.split(separator: ":")
            guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else {
                throw Invalid(message: "expected a time \"HH:MM\", got \"\(text)\"")
            }
            settings.periods.boundaries.removeAll { $0.period == period }
            settings.periods = PeriodTable(boundaries: settings.periods.boundaries + [.init(period, startMinute: h * 60 + m)])
        }
    }

    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ table: String, _ key: String, _ help: String, _: T.Type,
        _ path: WritableKeyPath<Settings, T> & Sendable, _ fallback: T
    ) -> SettingKey where T.RawValue == String {
        SettingKey(table: table, key: key, help: help, defaultText: "\"\(fallback.rawValue)\"") { settings, value throws(Invalid) in
            let text = try string(value)
            // Any letter case (`Sunlight`, `12H`): a choice is a word, not a spelling test.
            guard let choice = T(rawValue: text) ?? T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw Invalid(message: "\"\(text)\" is not one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            settings[keyPath: path] = choice
        }
    }

    static func flag(_ table: String, _ key: String, _ help: String,
                     _ path: WritableKeyPath<Settings, Bool> & Sendable, _ fallback: Bool) -> SettingKey {
        SettingKey(table: table, key: key, help: help, defaultText: fallback ? "true" : "false") { settings, value throws(Invalid) in
            guard case .boolean(let b) = value else { throw Invalid(message: "expected true or false, got \(value.typeName)") }
            settings[keyPath: path] = b
        }
    }

    static func string(_ value: ConfigDocument.Value) throws(Invalid) -> String {
        guard case .string(let s) = value else { throw Invalid(message: "expected a string in quotes, got \(value.typeName)") }
        return s
    }

    static func number(_ value: ConfigDocument.Value) throws(Invalid) -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: throw Invalid(message: "expected a number, got \(value.typeName)")
        }
    }

    /// A complete, commented config file with every key at its default.
    public static var template: String {
        var out = "# timedeck configuration. Every key is optional; these are the defaults.\n"
        var table = ""
        for key in all {
            if key.table != table {
                table = key.table
                out += "\n[\(table)]\n"
            }
            out += "# \(key.help)\n\(key.key) = \(key.defaultText)\n"
        }
        return out
    }
}
