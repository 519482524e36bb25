import Foundation

/// Everything the user can configure, with the defaults timedeck uses when
/// the config file is absent or invalid.
public struct Settings: Equatable, Sendable {
    public enum ThemeName: String, CaseIterable, Sendable { case mission, sunlight, mono }
    public enum ClockStyle: String, CaseIterable, Sendable { case twentyFourHour = "24h", twelveHour = "12h" }
    public enum Language: String, CaseIterable, Sendable { case auto, en, ja }

    public var theme: ThemeName = .mission
    public var clock: ClockStyle = .twentyFourHour
    public var reducedMotion = false
    public var language: Language = .auto
    /// Double beep when a mark is recorded.
    public var bell = true
    /// Flash the new mark's row.
    public var flash = true
    /// Watch error / reaction offset added to each mark's corrected instant.
    public var watchErrorSeconds: Double = 0
    /// A fixed position attached to marks when gpsd has no fix, as typed.
    public var fixedPosition: String?
    /// gpsd as `host:port`; nil when turned off.
    public var gpsdAddress: String? = "127.0.0.1:2947"
    public var marsLongitudeEast: Double?
    public var marsSite: String?
    public var periods: PeriodTable = .standard

    public init() {}
}

/// A problem with the config, located by line when it comes from the text.
public struct ConfigProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

extension Settings {
    /// Settings from config text: the defaults with every valid key applied,
    /// plus every problem found (syntax, unknown keys, wrong types, bad
    /// values). Callers treat any problem as "invalid: use the defaults".
    public static func parse(_ text: String) -> (settings: Settings, problems: [ConfigProblem]) {
        let document: ConfigDocument
        do {
            document = try ConfigDocument(parsing: text)
        } catch {
            return (Settings(), [ConfigProblem(line: error.line, message: error.message)])
        }
        return apply(document)
    }

    static func apply(_ document: ConfigDocument) -> (settings: Settings, problems: [ConfigProblem]) {
        var settings = Settings()
        var problems: [ConfigProblem] = []
        for entry in document.entries {
            guard let key = SettingKey.all.first(where: { $0.table == entry.table && $0.key == entry.key }) else {
                problems.append(ConfigProblem(line: entry.line, message: unknownKeyMessage(entry)))
                continue
            }
            do {
                try key.apply(&settings, entry.value)
            } catch {
                problems.append(ConfigProblem(line: entry.line, message: "\(key.path): \(error.message)"))
            }
        }
        if let problem = settings.periods.orderProblem() {
            let line = document.entries.first { $0.table == "periods" }?.line
            problems.append(ConfigProblem(line: line, message: problem))
        }
        return (settings, problems)
    }

    static func unknownKeyMessage(_ entry: ConfigDocument.Entry) -> String {
        let known = SettingKey.all.filter { $0.table == entry.table }.map(\.key)
        let place = entry.table.isEmpty ? "at the top level" : "in [\(entry.table)]"
        if known.isEmpty {
            let tables = Array(Set(SettingKey.all.map(\.table))).sorted().map { "[\($0)]" }.joined(separator: ", ")
            return "unknown key '\(entry.key)' \(place); the tables are \(tables)"
        }
        return "unknown key '\(entry.key)' \(place); known keys there: \(known.joined(separator: ", "))"
    }
}

extension PeriodTable {
    /// Why the boundaries are unusable, if they are: each period must start
    /// after the one before it, before dawn at midnight.
    func orderProblem() -> String? {
        let order = DayPeriod.allCases
        let starts = order.map { period in boundaries.first { $0.period == period }?.startMinute ?? -1 }
        for i in 1..<starts.count where starts[i] <= starts[i - 1] {
            return "[periods] must increase through the day: \(order[i].title) starts at or before \(order[i - 1].title)"
        }
        return nil
    }
}
